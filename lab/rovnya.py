"""Ровня's curve and its check: ``python -m lab.rovnya fit`` and ``python -m lab.rovnya check``.

``fit`` measures the rating of Ровня's knob (``game.bots.characters.knob_bot``: medium with ``slip`` of random
cards and bid noise 40·slip) at a few slips, exactly as ``lab.characters`` rates a character — duplicate games to
501 against the anchored random, easy and medium, the maximum-likelihood point of the Elo curve — and writes the
points to ``game/bots/data/match-curve.json``. ``check`` then plays ``rovnya:<rating>`` (the slip the curve gives
for that rating) for a few ratings on other seeds and reports how far the measured rating lands from the asked one.
``hard`` checks her above medium (``game.bots.knob_hard``: hard's decision in a share of hers, the share in a
straight line from medium's rating to hard's): duplicate deals of ``rovnya:<target>`` and of hard against medium
on the same decks; her points a deal as a share of hard's, read on the ladder's line from medium to hard, is the
rating she plays at (games of hard to 501 are too slow to rate her as ``check`` does).
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from typing import Any

from game.bots.base import levels, make_player, register_level
from game.bots.characters import MATCH_CURVE_PATH, knob_bot
from lab.characters import fit_rating
from lab.selfplay import Config, run

ANCHORS = ("random", "easy", "medium")
FIT_SLIPS = (0.0, 0.15, 0.3, 0.5, 0.75, 1.0)
FIT_SEEDS = {"random": 201, "easy": 202, "medium": 203}
CHECK_SEEDS = {"random": 301, "easy": 302, "medium": 303}


def rate(level: str, pairs: int, seeds: dict[str, int], jobs: int) -> dict[str, Any]:
    """``level``'s rating from duplicate games to 501 against each anchor (``pairs`` deck sequences each)."""
    results: dict[str, tuple[float, int]] = {}
    shares: dict[str, float] = {}
    for anchor in ANCHORS:
        s = run(Config(bots=(level, anchor), seed=seeds[anchor], pairs=pairs, games=True, jobs=jobs))
        wins = float(s["wins"][level]) + 0.5 * float(s["draws"])
        results[anchor] = (wins, int(s["games"]))
        shares[anchor] = round(wins / int(s["games"]), 3)
    r, se = fit_rating(results)
    return {"rating": round(r, 1), "ci95": [round(r - 1.96 * se), round(r + 1.96 * se)], "shares": shares}


def fit(pairs: int, jobs: int, write: bool) -> int:
    levels()  # the built-in levels first
    points = []
    details = {}
    for slip in FIT_SLIPS:
        name = f"knob{slip}"
        register_level(name, partial(knob_bot, slip))
        got = rate(name, pairs, FIT_SEEDS, jobs)
        print(f"slip {slip}: {got}", file=sys.stderr)
        points.append([slip, got["rating"]])
        details[str(slip)] = got
    out = {"how": f"python -m lab.rovnya fit --pairs {pairs} --write", "points": points, "figures": details}
    if write:
        MATCH_CURVE_PATH.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", "utf-8")
    print(json.dumps(out, ensure_ascii=False, indent=1))
    return 0


def check(targets: list[int], pairs: int, jobs: int) -> int:
    levels()
    rows = []
    for target in targets:
        name = f"rovnya:{target}"
        make_player(name, 0)  # refuses a rating outside the curve
        register_level(name, partial(make_player, name))  # selfplay knows the registered names
        got = rate(name, pairs, CHECK_SEEDS, jobs)
        got["target"] = target
        got["off"] = round(got["rating"] - target, 1)
        print(f"{name}: {got}", file=sys.stderr)
        rows.append(got)
    print(json.dumps({"how": f"python -m lab.rovnya check --pairs {pairs}", "checks": rows}, indent=1))
    return 0


def reading(mine: list[float], hard: list[float], top: float, high: float, draws: int = 1000) -> dict[str, Any]:
    """The rating at ``mine``'s share of ``hard``'s points a deal (pairs by index) on the line from ``top`` (0
    points: medium) to ``high`` (hard's), with a bootstrap 95 % interval over the pairs."""
    import random

    def at(picks: list[int]) -> float:
        return top + (high - top) * (sum(mine[i] for i in picks) / sum(hard[i] for i in picks))

    rng = random.Random(0)
    n = len(mine)
    boot = sorted(at([rng.randrange(n) for _ in range(n)]) for _ in range(draws))
    return {"rating": round(at(list(range(n))), 1), "ci95": [round(boot[draws // 40]), round(boot[-draws // 40 - 1])]}


def hard_check(targets: list[int], pairs: int, jobs: int, seed: int) -> int:
    from game.bots.characters import match_curve, match_range

    levels()
    top, high = match_curve()[0][1], (match_range() or (0.0, 0.0))[1]
    runs = {"hard": run(Config(bots=("hard", "medium"), seed=seed, pairs=pairs, jobs=jobs))}
    rows = []
    for target in targets:
        name = f"rovnya:{target}"
        make_player(name, 0)
        register_level(name, partial(make_player, name))
        runs[name] = run(Config(bots=(name, "medium"), seed=seed, pairs=pairs, jobs=jobs))
        got = reading(runs[name]["pair_differences"], runs["hard"]["pair_differences"], top, high)
        got.update(target=target, off=round(got["rating"] - target, 1))
        got["points"] = runs[name]["points_per_deal"]["a_minus_b"]
        print(f"{name}: {got}", file=sys.stderr)
        rows.append(got)
    out = {
        "how": f"python -m lab.rovnya hard --targets {','.join(map(str, targets))} --pairs {pairs} --seed {seed}",
        "hard_minus_medium": runs["hard"]["points_per_deal"]["a_minus_b"],
        "line": [top, high],
        "checks": rows,
    }
    print(json.dumps(out, indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.rovnya", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("what", choices=("fit", "check", "hard"))
    parser.add_argument("--pairs", type=int, default=300, help="deck sequences per anchor (two games each)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--targets", default="1000,1200,1350,1450", help="check: the ratings asked of Ровня")
    parser.add_argument("--write", action="store_true", help=f"fit: store the curve in {MATCH_CURVE_PATH.name}")
    parser.add_argument("--seed", type=int, default=601, help="hard: the decks' seed")
    args = parser.parse_args(argv)
    if args.what == "fit":
        return fit(args.pairs, args.jobs, args.write)
    if args.what == "hard":
        return hard_check([int(t) for t in args.targets.split(",")], args.pairs, args.jobs, args.seed)
    return check([int(t) for t in args.targets.split(",")], args.pairs, args.jobs)


if __name__ == "__main__":
    raise SystemExit(main())
