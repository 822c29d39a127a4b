"""Each character's rating on the player's scale, measured as the ladder is: ``python -m lab.characters``.

The ladder (``game/rating.py``, docs/bots.md) places a level by the share of games to 501 it wins against an
anchored one: a share ``p`` is ``400·log10(p/(1−p))`` rating points. Here each character plays duplicate games to
501 (``lab.selfplay``, games mode) against two anchors, easy (1363) and medium (1500), on fixed seeds no character
was tuned on (tuning used seed 7); its rating is the maximum-likelihood point of the Elo curve through both results
(a draw, a game stopped by the safety limit, is half a win), with a 95 % interval from the curve's information. The
points a deal against medium (deals mode, its own seed) are given beside it. ``--write`` stores the ratings in
``game/bots/data/character-ratings.json``, which the game reads (``game.bots.characters.character_ratings``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from game.bots.characters import CHARACTER_KEYS, RATINGS_PATH
from game.rating import LEVEL_RATINGS, Q, expected
from lab.selfplay import Config, run

ANCHORS = ("easy", "medium")
GAME_SEEDS = {"easy": 101, "medium": 102}  # never used while the characters' parameters were chosen (seed 7 was)
DEAL_SEED = 103


def fit_rating(results: dict[str, tuple[float, int]]) -> tuple[float, float]:
    """The rating at which the expected wins against each anchor add up to the wins scored (Newton on the
    likelihood), and its standard error: ``results`` maps an anchor to (wins, games)."""

    def slope(r: float) -> tuple[float, float]:
        """(wins scored − wins expected, d(expected wins)/dr) at rating ``r``."""
        es = [(w, n, expected(r, LEVEL_RATINGS[a])) for a, (w, n) in results.items()]
        return sum(w - n * e for w, n, e in es), sum(n * Q * e * (1 - e) for _, n, e in es)

    r = LEVEL_RATINGS["medium"]
    for _ in range(50):
        grad, info = slope(r)
        step = max(-200.0, min(200.0, grad / info))
        r += step
        if abs(step) < 1e-6:
            break
    _, info = slope(r)
    return r, 1.0 / math.sqrt(Q * info)  # the Fisher information of the binomial likelihood is Q · d(E wins)/dr


def measure(key: str, pairs: int, deals: int, jobs: int) -> dict[str, Any]:
    """One character against the anchors: games to 501 (both seatings of each deck sequence) and deals."""
    vs: dict[str, Any] = {}
    results: dict[str, tuple[float, int]] = {}
    for anchor in ANCHORS:
        s = run(Config(bots=(key, anchor), seed=GAME_SEEDS[anchor], pairs=pairs, games=True, jobs=jobs))
        games = int(s["games"])
        wins = float(s["wins"][key]) + 0.5 * float(s["draws"])
        results[anchor] = (wins, games)
        share = s["win_rate"]
        vs[anchor] = {"games": games, "share": share["mean"], "ci95": share["ci95"], "seed": GAME_SEEDS[anchor]}
    rating, se = fit_rating(results)
    d = run(Config(bots=(key, "medium"), seed=DEAL_SEED, pairs=deals, jobs=jobs))
    ppd = d["points_per_deal"]["a_minus_b"]
    deals_played = max(1, int(d["deals"]))
    return {
        "rating": round(rating),
        "ci95": [round(rating - 1.96 * se), round(rating + 1.96 * se)],
        "games": vs,
        "minus_medium_per_deal": {"mean": ppd["mean"], "ci95": ppd["ci95"], "deals": d["deals"], "seed": DEAL_SEED},
        "bids_per_deal": round(d["bids"][key] / deals_played, 3),
        "medium_bids_per_deal": round(d["bids"]["medium"] / deals_played, 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.characters", description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=400, help="deck sequences per anchor (two games each)")
    parser.add_argument("--deals", type=int, default=1000, help="deals (pairs) against medium for points a deal")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", help="one character's key")
    parser.add_argument("--write", action="store_true", help=f"store the ratings in {RATINGS_PATH.name}")
    args = parser.parse_args(argv)
    keys = [args.only] if args.only else list(CHARACTER_KEYS)
    figures = {}
    for key in keys:
        figures[key] = f = measure(key, args.pairs, args.deals, args.jobs)
        g = f["games"]
        print(
            f"{key}: rating {f['rating']} ({f['ci95'][0]} … {f['ci95'][1]}); "
            + ", ".join(f"vs {a} {100 * g[a]['share']:.1f} % of {g[a]['games']} games" for a in ANCHORS)
            + f"; − medium {f['minus_medium_per_deal']['mean']:+.1f} {f['minus_medium_per_deal']['ci95']} a deal",
            file=sys.stderr,
        )
    out = {
        "how": f"python -m lab.characters --pairs {args.pairs} --deals {args.deals} --write",
        "anchors": {a: round(LEVEL_RATINGS[a]) for a in ANCHORS},
        "ratings": {k: f["rating"] for k, f in figures.items()},
        "figures": figures,
    }
    if args.write:
        RATINGS_PATH.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", "utf-8")
    print(json.dumps(out, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
