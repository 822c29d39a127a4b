"""«Ровня» at three: where her knob puts her among the levels at a table of three.

    python -m lab.rovnya3 --decks 1500 --seed 501

The rating ladder is two-player (docs/stats.md), so at three she is measured the way three-player bots are: each
line plays ``X,medium,medium`` on the same decks and opponents (``lab.hard3_paired.edges``: every deck three times,
rotated) and reports X's points a deal minus the two mediums' mean. The levels with a rating — easy (1363) and
medium (1500) — are anchors: a Ровня asked for a rating between them should land between them at three too, in
proportion. ``at_three`` is that reading: the rating whose linear interpolation between the anchors' edges gives
her edge (a reading of the two-player scale at three, not a three-player rating). Below easy there is no anchor
(random bids at random, her knob never does), so there the reading is an extrapolation: only the order counts.

Above medium (``--above``, e.g. ``python -m lab.rovnya3 --above --targets 1540,1630 --decks 300 --seed 305``) she
makes hard3's decision in a share of her decisions: her edge per deck is read as a part of hard's on the same decks,
on the line from medium's top to hard's rating (``lab.rovnya.reading``, as at two), with a bootstrap interval.
``--cache DIR`` reuses hard's per-deck rows where ``lab.hard3_paired --cache DIR`` kept them for the same seed.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from game.rating import LEVEL_RATINGS
from lab.hard3_paired import cache_file, edges, read_rows, write_rows
from lab.selfplay import mean_ci

TARGETS = (1100, 1250, 1363, 1400, 1450, 1494)
ANCHORS = ("easy", "medium")


def edge_of(level: str, decks: int, seed: int) -> dict[str, Any]:
    """``level``'s points a deal against two mediums, per deck, with its 95 % interval."""
    return mean_ci([row[0] for row in edges((level, "medium", "medium"), list(range(decks)), seed)])


def hard_rows(decks: int, seed: int, cache: Path | None) -> list[float]:
    """Hard's edge against two mediums per deck, from ``lab.hard3_paired``'s cache where it has them."""
    levels = ("hard", "medium", "medium")
    path = None if cache is None else cache_file(cache, levels, "moscow", seed)
    known = {} if path is None else read_rows(path)
    todo = [i for i in range(decks) if i not in known]
    if todo:
        known.update(zip(todo, edges(levels, todo, seed), strict=True))
        if path is not None:
            write_rows(path, known)
    return [known[i][0] for i in range(decks)]


def above(targets: list[int], decks: int, seed: int, cache: Path | None) -> dict[str, Any]:
    """Ровня above medium at three: each target's points a deal as a part of hard's on the same decks, read on the
    line from medium's top to hard's rating."""
    from game.bots.characters import match_curve
    from lab.rovnya import reading

    top, high = match_curve()[0][1], LEVEL_RATINGS["hard"]
    hard = hard_rows(decks, seed, cache)
    rows: list[dict[str, Any]] = []
    for target in targets:
        mine = [row[0] for row in edges((f"rovnya:{target}", "medium", "medium"), list(range(decks)), seed)]
        got = reading(mine, hard, top, high)
        got.update(asked=target, off=round(got["rating"] - target, 1), edge=mean_ci(mine))
        rows.append(got)
    return {"decks": decks, "seed": seed, "hard": mean_ci(hard), "rovnya": rows}


def at_three(edge: float, anchors: dict[str, float]) -> float:
    """The rating whose place between the anchors' edges is ``edge``'s (linear, extended past the ends)."""
    (lo, lo_edge), (hi, hi_edge) = sorted((LEVEL_RATINGS[k], v) for k, v in anchors.items())
    return lo + (edge - lo_edge) * (hi - lo) / (hi_edge - lo_edge)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--decks", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=501)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--above", action="store_true", help="read her above medium, against hard's points")
    ap.add_argument("--targets", help="the ratings asked, comma-separated")
    ap.add_argument("--cache", type=Path, help="lab.hard3_paired's cache folder for hard's rows")
    args = ap.parse_args()
    if args.above:
        targets = [int(t) for t in (args.targets or "1540,1630").split(",")]
        got = above(targets, args.decks, args.seed, args.cache)
        if args.json:
            print(json.dumps(got, ensure_ascii=False, indent=1))
            return
        h = got["hard"]
        print(f"hard: {h['mean']:+.1f} ({h['ci95'][0]:+.1f} … {h['ci95'][1]:+.1f})")
        for r in got["rovnya"]:
            e = r["edge"]
            print(
                f"rovnya:{r['asked']}: {e['mean']:+.1f} ({e['ci95'][0]:+.1f} … {e['ci95'][1]:+.1f})"
                f" → reads as {r['rating']:.0f} ({r['ci95'][0]} … {r['ci95'][1]}), off {r['off']:+.0f}"
            )
        return
    anchors = {k: edge_of(k, args.decks, args.seed) for k in ANCHORS}
    rows: list[dict[str, Any]] = []
    for target in [int(t) for t in args.targets.split(",")] if args.targets else TARGETS:
        e = edge_of(f"rovnya:{target}", args.decks, args.seed)
        reading = at_three(e["mean"], {k: v["mean"] for k, v in anchors.items()})
        rows.append({"asked": target, "edge": e, "at_three": round(reading)})
    out = {"decks": args.decks, "seed": args.seed, "anchors": anchors, "rovnya": rows}
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return
    for k, v in anchors.items():
        print(f"{k:>12} ({LEVEL_RATINGS[k]:.0f}): {v['mean']:+.1f} ({v['ci95'][0]:+.1f} … {v['ci95'][1]:+.1f})")
    low = min(LEVEL_RATINGS[k] for k in ANCHORS)
    for r in rows:
        e = r["edge"]
        outside = " (below the anchors: extrapolated)" if r["asked"] < low else ""
        print(
            f"rovnya:{r['asked']}: {e['mean']:+.1f} ({e['ci95'][0]:+.1f} … {e['ci95'][1]:+.1f})"
            f" → reads as {r['at_three']}{outside}"
        )


if __name__ == "__main__":
    main()
