"""How long the replay viewer takes to reach a position late in a long game: the whole game re-applied
(``replay(prefix(...))``, before session 47) against ``record.Positions`` (each deal's start kept). A benchmark that
prints figures, with a fixed pure-Python loop's time as the reference (the machine's speed drifts).

    python -m lab.replay_positions --deals 400
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time

from game.cards import shuffled_deck
from game.match import Match
from game.record import GameRecord, Positions, prefix, record_of, replay
from game.rules import PRESETS


def long_game(deals: int, seed: int = 5) -> GameRecord:
    """``deals`` deals of random legal play in a game to a million (it never ends by itself)."""
    rng = random.Random(seed)
    match = Match(dataclasses.replace(PRESETS["moscow"], target=1_000_000))
    while len(match.deals) < deals:
        deal = match.start_deal(shuffled_deck(rng))
        while not deal.is_over():
            match.apply(rng.choice(deal.legal_actions()))
    return record_of(match)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    args = parser.parse_args(argv)
    record = long_game(args.deals)
    last, steps = len(record.deals) - 1, range(1, 4)
    start = time.perf_counter()
    for k in steps:
        replay(prefix(record, last, k))
    whole = (time.perf_counter() - start) / len(steps)
    positions = Positions(record)
    positions.at(last, 0)  # the viewer's first visit to the deal: every deal before it, once
    start = time.perf_counter()
    for k in steps:
        positions.at(last, k)
    kept = (time.perf_counter() - start) / len(steps)
    start = time.perf_counter()
    total = 0
    for i in range(1_000_000):
        total += i
    reference = time.perf_counter() - start
    print(
        f"{args.deals} deals, a position in the last deal: the whole game re-applied {whole * 1000:.0f} ms, "
        f"Positions {kept * 1000:.1f} ms; reference loop {reference * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
