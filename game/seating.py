"""Who sits where: the one place that knows how two or three seats follow each other.

Seats are 0..n-1, clockwise; play, bids and the dealer all move left: ``(seat + 1) % n``. The dealer's left
speaks (and by default leads) first, the dealer last. With three, the bidder plays against the other two
(вистующие), who compare their announcements as one side.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.counts import player_count


@dataclass(frozen=True, slots=True)
class Seating:
    players: int
    dealer: int

    @property
    def order(self) -> tuple[int, ...]:
        """Seats in the order cards are dealt and bids spoken: the dealer's left first, the dealer last."""
        return tuple((self.dealer + 1 + i) % self.players for i in range(self.players))

    def next(self, seat: int) -> int:
        """The seat on ``seat``'s left: who plays, speaks or deals after it."""
        return (seat + 1) % self.players

    def after(self, seat: int) -> tuple[int, ...]:
        """The other seats in turn after ``seat`` (who answer a question ``seat`` asked, in order)."""
        return tuple((seat + i) % self.players for i in range(1, self.players))

    def from_seat(self, first: int) -> tuple[int, ...]:
        """Every seat in turn from ``first`` (a trick's order of play)."""
        return tuple((first + i) % self.players for i in range(self.players))

    def plays_before(self, a: int, b: int, lead: int) -> bool:
        """Does ``a`` play before ``b`` in a trick ``lead`` leads?"""
        return (a - lead) % self.players < (b - lead) % self.players

    @staticmethod
    def side(seat: int, bidder: int | None) -> int:
        """0 for the bidder, 1 for a вистующий (three players compare announcements by sides)."""
        return 0 if seat == bidder else 1

    def partner(self, seat: int, bidder: int | None) -> int | None:
        """The other вистующий (three players), or None for the bidder and for two players."""
        if not player_count(self.players).partners or seat == bidder:
            return None
        return next(p for p in range(self.players) if p != seat and p != bidder)
