"""How long the exact three-hand solver (game/bots/solver3.py) takes on a full deal and on endings (docs/bots.md,
"Three players"): random deals of 9 (or fewer) cards a hand, a random trump, bidder and leader. The reference
is ``lab.frame_pacing.reference_ms``'s fixed loop before and after: compare figures only next to it.

    python -m lab.solve3_time [--deals 10] [--cards 9] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game.bots.solver3 import Hands, Solver3
from game.cards import Card, Suit


def time_solves(deals: int, cards: int, seed: int) -> list[tuple[float, int]]:
    """(seconds, nodes) of one full solve of each random position."""
    out = []
    for i in range(deals):
        rng = random.Random(f"solve3:{seed}:{i}")
        drawn = [Card(c) for c in rng.sample(range(32), 3 * cards)]
        hands: Hands = (tuple(drawn[:cards]), tuple(drawn[cards : 2 * cards]), tuple(drawn[2 * cards :]))
        solver = Solver3(Suit(rng.randrange(4)), rng.randrange(3))
        t0 = time.perf_counter()
        solver.solve(hands, rng.randrange(3))
        out.append((time.perf_counter() - t0, solver.nodes))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--cards", type=int, default=9)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    from lab.frame_pacing import percentile, reference_ms

    before = reference_ms()
    runs = time_solves(args.deals, args.cards, args.seed)
    after = reference_ms()
    ms = sorted(1000 * s for s, _ in runs)
    print(
        f"{args.deals} positions of {args.cards} cards a hand: median {statistics.median(ms):.1f} ms, "
        f"p90 {percentile(ms, 90):.1f} ms, max {ms[-1]:.1f} ms, median nodes "
        f"{statistics.median(n for _, n in runs):.0f}; reference loop {before:.1f} ms before, {after:.1f} ms after"
    )


if __name__ == "__main__":
    main()
