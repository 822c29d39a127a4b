"""What solving every consistent opponent hand would cost, trick by trick.

    python -m lab.enumeration_cost --deals 12 --corpus lab/data/corpus-v1.json

Plays corpus deals hard (seat 0) against medium; at each card decision with a choice from trick 4 to 8 it
counts the consistent opponent hands (``HiddenCards``) and times solving all of them with one solver (its
table shared across the hands, as the bot does). It decided where the hard bot starts to enumerate
(``ENUMERATE_FROM_TRICK``; docs/lab/bots-solver.md, "fourth version"). CPU time, so a busy machine matters little.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from game.bots.factory import make_bot
from game.bots.hard import HiddenCards, solve_samples
from game.bots.solver import Solver
from game.deal import Deal, Phase
from game.rules import Rules
from lab.selfplay import load_corpus


def measure(deals: int, corpus: str, rules: str = "moscow", first_trick: int = 4) -> dict[int, list[tuple[int, float]]]:
    """Per trick (``first_trick``..8): (consistent hands, seconds to solve them all) for each decision."""
    rows: dict[int, list[tuple[int, float]]] = defaultdict(list)
    for i, deck in enumerate(load_corpus(corpus)[:deals]):
        deal = Deal(Rules.preset(rules), i % 2, deck)
        bots = [make_bot("hard", 2, 1 + i), make_bot("medium", 2, 2 + i)]
        solver = Solver()
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            if view.phase is Phase.PLAY and len(view.legal) > 1 and first_trick - 1 <= len(view.tricks) <= 7:
                hidden = HiddenCards(view)
                hands = list(hidden.hands(random.Random(0), 0, enumerate_up_to=hidden.count()))
                start = time.process_time()
                solve_samples(view, hands, solver)
                rows[len(view.tricks) + 1].append((len(hands), time.process_time() - start))
            deal.apply(bots[seat].choose(view))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.enumeration_cost", description=__doc__)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--corpus", default="lab/data/corpus-v1.json")
    parser.add_argument("--rules", default="moscow")
    parser.add_argument("--first-trick", type=int, default=4)
    args = parser.parse_args(argv)
    print("trick  decisions  hands: median  max   all solved: median ms  p95 ms  max ms")
    for trick, row in sorted(measure(args.deals, args.corpus, args.rules, args.first_trick).items()):
        hands = sorted(n for n, _ in row)
        ms = sorted(t * 1000 for _, t in row)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        print(
            f"{trick:5}  {len(row):9}  {statistics.median(hands):13.0f}  {hands[-1]:5}"
            f"  {statistics.median(ms):21.0f}  {p95:6.0f}  {ms[-1]:6.0f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
