"""The 'oracle': the hard bot shown the real hands — a yardstick for measuring, never offered in the game.

It needs the ``Deal`` itself (``OracleBot(deal, seed)``), so it is not a ``make_player`` level. Its card
choice is the exact best play under the deal's scoring with everything known; every other decision is the
hard (that is, the medium) bot's.
"""

from __future__ import annotations

from game.bots.hard import HardBot
from game.bots.solver import Solver
from game.cards import Card
from game.deal import Deal, DealView


class OracleBot(HardBot):
    lookahead = 0  # one true hand: nothing to look ahead for (one world is exact play), nothing to weigh

    def __init__(self, deal: Deal, seed: int = 0, solver: Solver | None = None, bidding: str = "fitted") -> None:
        """``bidding``: as ``HardBot``'s — the shipped model, so the oracle bids as the hard bot it measures;
        another model's file for measuring a hard bot that bids with it (``hard_measure``'s ``oracle_bidv1``)."""
        super().__init__(seed, solver)
        self.bidding = bidding
        self.deal = deal

    def attach(self, deal: Deal) -> None:
        """Follow another deal (the next one of a match)."""
        self.deal = deal

    def opponent_hands(self, view: DealView, n: int | None = None) -> list[tuple[Card, ...]]:
        return [tuple(sorted(self.deal.hand(1 - view.seat)))]
