"""Contracts played out by the hard bot itself, to calibrate the bidding evaluator (standard library only).

The evaluator of ``fit_bidding.py`` learns from double-dummy solves: cheap enough for every trump of
thousands of decks, but both sides see all cards, which is kinder to the bidder than real play (who bids
knows only its own strength; the defender's first leads are blind). This module plays contracts out with
two ``HardBot`` s — the real card play, announcements and belle — and records, beside the double-dummy
margin of the same contract, what the bidder really wrote:

    python -m lab.fit_bidding_play --decks 2000 --seed 7 --jobs 2 --out /tmp/bidding-play.jsonl

Decks are the simulation's (``bidding:{seed}:{i}``, dealer seat 0). For each deck and seat, the contract
played is the one the current evaluator rates best for that seat's six cards (the вскрышка suit with the
round-1 model, the others with round 2's), when its fitted margin is at least ``PLAUSIBLE`` — the
contracts a bidding decision is actually about. The bids are forced (the other seat passes where it
speaks before the bidder) and the rest of the deal is the hard bots' (``Deal`` with the Moscow rules).

``fit_bidding fit --play FILE`` then maps each double-dummy outcome to the real one (``calibration``)
before fitting the models. Each output line: deck index, seat, trump, the double-dummy margin and bait,
and the played margin and bait.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from game import actions as A
from game.bots.bidding import dot, features, load_evaluator
from game.bots.hard import HardBot
from game.bots.solver import Solver
from game.cards import Card, Suit, shuffled_deck
from game.deal import Deal
from game.scoring import Outcome
from lab.fit_bidding import DEALER, MOSCOW, DeckData, simulate_deck, six_cards

PLAUSIBLE = -20.0  # play a contract whose fitted margin is at least this (the rest are never bid)


def candidate(deck: Sequence[Card], seat: int) -> tuple[int, float]:
    """The trump the current evaluator rates best for ``seat``'s six cards, and its fitted margin."""
    ev = load_evaluator()
    face_up = deck[12]
    first = face_up // 8
    pos = "second" if seat == DEALER else "first"
    hand = six_cards(deck, seat)
    leads = seat != DEALER
    best = (first, dot(ev.model("r1_" + pos, MOSCOW.round2).ev, features(hand, face_up, first, leads)))
    for t in range(4):
        if t != first:
            v = dot(ev.model("r2_" + pos, MOSCOW.round2).ev, features(hand, face_up, t, leads, False))
            if v > best[1]:
                best = (t, v)
    return best


def forced_bids(first: int, bidder: int, trump: int) -> list[tuple[int, A.Action]]:
    """The bidding that makes ``bidder`` the bidder of ``trump`` (seat 1 speaks first; dealer 0)."""
    nd = 1 - DEALER
    if trump == first:
        return [(nd, A.ORDER)] if bidder == nd else [(nd, A.PASS), (DEALER, A.ORDER)]
    r2 = [(nd, A.name(Suit(trump)))] if bidder == nd else [(nd, A.PASS), (DEALER, A.name(Suit(trump)))]
    return [(nd, A.PASS), (DEALER, A.PASS), *r2]


def play_contract(deck: Sequence[Card], bidder: int, trump: int, seed: int, solver: Solver) -> tuple[int, bool] | None:
    """The bidder's written margin and bait when two hard bots play the contract (None: redealt)."""
    deal = Deal(MOSCOW, DEALER, tuple(deck))
    for seat, action in forced_bids(deck[12] // 8, bidder, trump):
        assert deal.current_player() == seat and action in deal.legal_actions()
        deal.apply(action)
    bots = {s: HardBot(seed * 2 + s, solver) for s in (0, 1)}
    while not deal.is_over():
        to_act = deal.current_player()
        assert to_act is not None
        deal.apply(bots[to_act].choose(deal.view(to_act)))
    result = deal.result
    assert result is not None
    if result.outcome is Outcome.REDEAL_FOUR_SEVENS or result.bidder != bidder:
        return None
    mine, theirs = result.players[bidder], result.players[1 - bidder]
    return mine.written + mine.adjustment - theirs.written - theirs.adjustment, result.bait


def _chunk(args: tuple[int, int, int]) -> list[str]:
    seed, start, n = args
    solver = Solver()
    lines = []
    for i in range(start, start + n):
        deck = shuffled_deck(random.Random(f"bidding:{seed}:{i}"))
        data = DeckData(list(deck), [list(r) for r in simulate_deck(deck, solver)])
        for seat in (0, 1):
            trump, fitted = candidate(deck, seat)
            if fitted < PLAUSIBLE:
                continue
            played = play_contract(deck, seat, trump, i, solver)
            if played is None:
                continue
            lines.append(
                json.dumps(
                    {
                        "i": i,
                        "seat": seat,
                        "trump": trump,
                        "fitted": round(fitted, 1),
                        "dd": int(data.margin[seat][trump]),
                        "dd_bait": bool(data.bait[seat][trump]),
                        "played": played[0],
                        "bait": played[1],
                    }
                )
            )
    return lines


def simulate(decks: int, seed: int, jobs: int, out: Path, start: int = 0) -> None:
    chunk = 25
    tasks = [(seed, s, min(chunk, start + decks - s)) for s in range(start, start + decks, chunk)]
    started = time.time()
    with out.open("a") as f, ProcessPoolExecutor(jobs) as pool:
        for (_, first, n), lines in zip(tasks, pool.map(_chunk, tasks), strict=True):
            f.write("".join(line + "\n" for line in lines))
            f.flush()
            print(f"decks {start}..{first + n - 1} done, {time.time() - started:.0f} s", file=sys.stderr)


def read_play(path: Path) -> list[dict[str, Any]]:
    """The played contracts (a ``.jsonl`` file, or gzipped ``.jsonl.gz``)."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt") as f:
        return [json.loads(line) for line in f if line.strip()]


# ---------------------------------------------------------------------- calibration

BIN_EDGES = (-100, -50, 0, 25, 50, 75, 100)  # double-dummy margin bins: below -100, [-100, -50), ...
SHRINK = 30.0  # pseudo-count pulling a bin's mean to the overall mean (few contracts in a bin)


class Calibration:
    """From a contract's double-dummy margin to the hard bots' expected margin and bait chance.

    Per bin of the double-dummy margin: the mean of (played − double-dummy) and the share of baits in
    play, each shrunk towards the overall value by ``SHRINK`` pseudo-contracts.
    """

    def __init__(self, shift: list[float], bait: list[float], n: list[int]) -> None:
        self.shift = shift
        self.bait_rate = bait
        self.n = n

    @staticmethod
    def bin_of(dd: float) -> int:
        return sum(1 for e in BIN_EDGES if dd >= e)

    @classmethod
    def fit(cls, rows: Sequence[dict[str, Any]]) -> Calibration:
        if not rows:
            raise ValueError("no played contracts to calibrate with")
        k = len(BIN_EDGES) + 1
        diffs: list[list[float]] = [[] for _ in range(k)]
        baits: list[list[float]] = [[] for _ in range(k)]
        for r in rows:
            i = cls.bin_of(r["dd"])
            diffs[i].append(float(r["played"] - r["dd"]))
            baits[i].append(float(r["bait"]))
        all_d = [x for d in diffs for x in d]
        all_b = [x for b in baits for x in b]
        mean_d, mean_b = sum(all_d) / len(all_d), sum(all_b) / len(all_b)
        shift = [(sum(d) + SHRINK * mean_d) / (len(d) + SHRINK) for d in diffs]
        # the bait share is shrunk towards the bin's double-dummy share when the bin is clearly won or lost
        bait: list[float] = []
        for i, in_bin in enumerate(baits):
            prior = mean_b if 1 <= i <= k - 2 else float(i == 0)
            bait.append((sum(in_bin) + SHRINK * prior) / (len(in_bin) + SHRINK))
        return cls(shift, bait, [len(d) for d in diffs])

    def margin(self, dd: float) -> float:
        return dd + self.shift[self.bin_of(dd)]

    def bait(self, dd: float) -> float:
        return self.bait_rate[self.bin_of(dd)]

    def as_dict(self) -> dict[str, Any]:
        return {
            "bin_edges": list(BIN_EDGES),
            "contracts": self.n,
            "shift": [round(v, 2) for v in self.shift],
            "bait": [round(v, 3) for v in self.bait_rate],
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.fit_bidding_play", description=__doc__)
    parser.add_argument("--decks", type=int, default=2000)
    parser.add_argument("--start", type=int, default=0, help="the first deck index (append to --out)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default="/tmp/bidding-play.jsonl")
    args = parser.parse_args(argv)
    simulate(args.decks, args.seed, args.jobs, Path(args.out), args.start)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
