"""Paired duplicate for three: a variant and the base each against the same two opponents on the same decks.

    python -m lab.hard3_paired --variant hard_inf3 --base hard --others medium,medium --deals 100 --seed 3

For every deck, ``variant,others`` and ``base,others`` are played as ``lab.selfplay3`` plays them (three
rotations, the same seeds for the opponents' seats) and each line's ``first_minus_others`` for that deck is
kept; the figure is the per-deck difference (variant's edge minus base's) with a 95 % interval. Where both
make the same decisions the deck's difference is zero, so this interval is much narrower than comparing two
separate runs. The decks are split over ``--jobs`` processes.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from game.rules import Rules
from lab.selfplay import mean_ci
from lab.selfplay3 import deck_passes, timed_moves


def edges(levels: tuple[str, str, str], decks: list[int], seed: int, preset: str = "moscow") -> list[Any]:
    """Per deck: the first level's points minus the mean of the others' (mean of the three passes), its bids
    and baits, and that edge split by the first level's role in each pass (bidder, вистующий, no contract:
    the three parts add up to the edge)."""
    import lab.hard3_variants  # noqa: F401  (registers the measuring levels)

    rules = Rules.preset(preset, players=3)
    out: list[Any] = []
    for i in decks:
        pts = [0.0, 0.0, 0.0]
        parts = [0.0, 0.0, 0.0]  # the edge from the passes where it bid, defended, no one bid
        bids = baits = 0
        for seat_of, deal, bots in deck_passes(levels, rules, i, seed):
            for _ in timed_moves(deal, bots, deal.apply):
                pass
            result = deal.result
            assert result is not None
            sheet = [p.written + p.adjustment for p in result.players]
            for k in range(3):
                pts[k] += sheet[seat_of[k]] / 3
            role = 2 if result.bidder is None else 0 if result.bidder == seat_of[0] else 1
            parts[role] += (sheet[seat_of[0]] - (sheet[seat_of[1]] + sheet[seat_of[2]]) / 2) / 3
            if result.bidder == seat_of[0]:
                bids += 1
                baits += int(result.bait)
        out.append((pts[0] - (pts[1] + pts[2]) / 2, bids, baits, parts))
    return out


def cache_file(cache: Path, levels: tuple[str, str, str], rules: str, seed: int) -> Path:
    """Where ``--cache`` keeps one line's per-deck rows (``lab.rovnya3 --above`` reads hard's from there too)."""
    return cache / f"{','.join(levels)},{rules},{seed}.json"


def read_rows(path: Path) -> dict[int, Any]:
    """A cached line's per-deck rows by deck (none when the file is not there)."""
    return {int(k): v for k, v in json.loads(path.read_text()).items()} if path.exists() else {}


def write_rows(path: Path, rows: dict[int, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({str(k): v for k, v in sorted(rows.items())}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--base", default="hard")
    ap.add_argument("--others", default="medium,medium")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rules", default="moscow")
    ap.add_argument(
        "--cache", type=Path, help="a folder keeping the base's per-deck results (clear it when hard changes)"
    )
    ap.add_argument("--keep", type=Path, help="a file to write both lines' per-deck rows to (JSON)")
    args = ap.parse_args()
    o1, o2 = (x.strip() for x in args.others.split(","))
    started = time.perf_counter()
    known: dict[str, dict[int, Any]] = {args.variant: {}, args.base: {}}
    cache = None
    if args.cache:
        cache = cache_file(args.cache, (args.base, o1, o2), args.rules, args.seed)
        known[args.base] = read_rows(cache)
    lines: dict[str, list[Any]] = {}
    with ProcessPoolExecutor(args.jobs) as ex:
        futures = []
        for name in (args.variant, args.base):
            todo = [i for i in range(args.deals) if i not in known[name]]
            for j in range(args.jobs):
                chunk = todo[j :: args.jobs]
                if chunk:
                    futures.append((name, chunk, ex.submit(edges, (name, o1, o2), chunk, args.seed, args.rules)))
        for name, chunk, f in futures:
            known[name].update(zip(chunk, f.result(), strict=True))
    for name in (args.variant, args.base):
        lines[name] = [known[name][i] for i in range(args.deals)]
    if cache is not None:
        write_rows(cache, known[args.base])
    v, b = lines[args.variant], lines[args.base]
    if args.keep:
        args.keep.write_text(json.dumps({"variant": v, "base": b}))
    summary = {
        "variant": args.variant,
        "base": args.base,
        "others": [o1, o2],
        "seed": args.seed,
        "decks": args.deals,
        "seconds": round(time.perf_counter() - started, 1),
        "variant_edge": mean_ci([x[0] for x in v]),
        "base_edge": mean_ci([x[0] for x in b]),
        "variant_minus_base": mean_ci([x[0] - y[0] for x, y in zip(v, b, strict=True)]),
        # the paired difference by the role the first level had (where both bid alike, the same passes)
        "by_role": {
            role: mean_ci([x[3][r] - y[3][r] for x, y in zip(v, b, strict=True)])
            for r, role in enumerate(("bidder", "vist", "none"))
        },
        "variant_edge_by_role": {
            role: mean_ci([x[3][r] for x in v]) for r, role in enumerate(("bidder", "vist", "none"))
        },
        "bids_baits": {
            args.variant: [sum(x[1] for x in v), sum(x[2] for x in v)],
            args.base: [sum(x[1] for x in b), sum(x[2] for x in b)],
        },
    }
    print(json.dumps(summary, ensure_ascii=False))


if __name__ == "__main__":
    main()
