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


class PartialOracle(HardBot):
    """Hard shown the real opponent hand at some of its card decisions only: a ceiling for what seeing the
    cards is worth there (docs/lab/bots-solver.md, "Issue 25, session 35"). It sees at the decisions in the
    first ``until`` tricks whose role (bidder/defender) and move (lead/reply) are among ``roles`` and
    ``moves``; everywhere else it is the shipped hard bot (its samples, inference and lookahead)."""

    def __init__(
        self,
        deal: Deal | None,
        seed: int = 0,
        solver: Solver | None = None,
        until: int = 1,
        roles: tuple[str, ...] = ("bidder", "defender"),
        moves: tuple[str, ...] = ("lead", "reply"),
        since: int = 0,
    ) -> None:
        super().__init__(seed, solver)
        self.deal = deal
        self.since, self.until, self.roles, self.moves = since, until, roles, moves

    def attach(self, deal: Deal) -> None:
        self.deal = deal

    def sees(self, view: DealView) -> bool:
        role = "bidder" if view.bidder == view.seat else "defender"
        move = "reply" if view.trick else "lead"
        return self.since <= len(view.tricks) < self.until and role in self.roles and move in self.moves

    def opponent_hands(self, view: DealView, n: int | None = None) -> list[tuple[Card, ...]]:
        if self.deal is not None and self.sees(view):
            return [tuple(sorted(self.deal.hand(1 - view.seat)))]
        return super().opponent_hands(view, n)

    def looks_ahead(self, view: DealView) -> bool:
        return not self.sees(view) and super().looks_ahead(view)
