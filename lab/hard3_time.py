"""How long hard decides at the three-player table (docs/bots.md, "Three players"; docs/benchmarks.md).

    python -m lab.hard3_time [--deals 20] [--seed 1] [--bots hard,medium,medium]

Whole deals as the table plays them (moscow for three, the bot built by ``worker.table_bot`` as the thinking
worker builds it), each deck played three times with the bot types rotated through the seats (as
``lab.selfplay3``). Every decision of the first bot type with more than one legal action is timed; the
figures are per decision (median, p95, max, how many) and by the cards in hand for the card plays. The
reference is ``lab.frame_pacing.reference_ms``'s fixed pure-Python loop before and after the run: the
machine's speed drifts with other work, so compare figures only next to their reference.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from game.actions import Kind
from game.rules import Rules
from game.services.worker import table_bot
from lab.frame_pacing import percentile, reference_ms
from lab.selfplay3 import deck_passes, timed_moves


def measure(levels: list[str], deals: int, seed: int, preset: str = "moscow") -> dict[int, list[float]]:
    """Seconds per timed decision of ``levels[0]``, keyed by cards in hand (0: not a card play)."""
    rules = Rules.preset(preset, players=3)
    times: dict[int, list[float]] = defaultdict(list)
    for i in range(deals):
        for seat_of, deal, bots in deck_passes(levels, rules, i, seed, table_bot):
            for seat, view, action, took in timed_moves(deal, bots, deal.apply):
                if seat == seat_of[0] and len(view.legal) > 1:
                    times[len(view.hand) if action.kind is Kind.PLAY else 0].append(took)
    return times


def _line(label: str, values: list[float]) -> str:
    ms = [1000 * v for v in values]
    return (
        f"  {label:<14} {len(ms):5d} decisions  median {statistics.median(ms):8.1f} ms  "
        f"p95 {percentile(ms, 95):8.1f} ms  max {max(ms):8.1f} ms"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="hard,medium,medium")
    ap.add_argument("--rules", default="moscow")
    args = ap.parse_args()
    levels = [b.strip() for b in args.bots.split(",")]
    if len(levels) != 3:
        raise SystemExit("--bots needs three levels")
    import lab.hard3_variants  # noqa: F401  (registers the measuring levels)

    before = reference_ms()
    started = time.perf_counter()
    times = measure(levels, args.deals, args.seed, args.rules)
    seconds = time.perf_counter() - started
    after = reference_ms()
    print(
        f"{levels[0]} against {', '.join(levels[1:])}: {args.deals} decks × 3 rotations, {seconds:.0f} s; "
        f"reference loop {before:.1f} ms before, {after:.1f} ms after"
    )
    print(_line("all", [t for v in times.values() for t in v]))
    for cards in sorted(times, reverse=True):
        print(_line(f"{cards} cards" if cards else "not a card", times[cards]))


if __name__ == "__main__":
    main()
