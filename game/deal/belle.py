"""Belle (белла): the trump king and queen in one hand, declared by the rules' ``belle_when``, kept or lost by
``belle_protection``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import actions as A
from game.actions import Action
from game.cards import Card, Rank
from game.deal.events import Event, EventKind
from game.rules import BelleProtection, BelleWhen

if TYPE_CHECKING:
    from game.deal.core import Deal


class Belle:
    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.owner: int | None = None  # who was dealt (or swapped into) both cards
        self.declared = [False] * deal.n
        self.card: Card | None = None  # the card that declared belle (protection)
        self.lost = False

    def find_owner(self) -> None:
        self.owner = None
        for p in range(self.deal.n):
            if self.cards_held(p) == 2:
                self.owner = p

    def cards_held(self, p: int) -> int:
        trump = self.deal.trump
        assert trump is not None
        t = trump * 8
        h = self.deal.hands[p]
        return (t + Rank.KING in h) + (t + Rank.QUEEN in h)

    def may_declare(self, p: int) -> bool:
        """Belle said on its own (not with a card played), while the rules allow it."""
        if self.owner != p or self.declared[p]:
            return False
        when = self.deal.rules.belle_when
        if when is BelleWhen.WHEN_PLAYING:
            return False
        held = self.cards_held(p)
        return held == 2 if when is BelleWhen.HOLDING_BOTH else held >= 1

    def with_card(self, p: int, cards: list[Card]) -> list[Action]:
        """``belle_when = when_playing``: the king or queen among ``cards`` played with the word «белла»."""
        d = self.deal
        if d.rules.belle_when is not BelleWhen.WHEN_PLAYING or self.owner != p or self.declared[p]:
            return []
        assert d.trump is not None
        t = d.trump * 8
        return [A.play(c, belle=True) for c in cards if c == t + Rank.KING or c == t + Rank.QUEEN]

    def declare(self, seat: int, action: Action) -> list[Event]:
        self.declared[seat] = True
        return [Event(EventKind.BELLE, seat)]

    def declare_with(self, seat: int, card: Card) -> Event:
        self.declared[seat] = True
        self.card = card
        return Event(EventKind.BELLE, seat, card=card)

    def after_trick(self, cards: list[Card], won_by: int) -> None:
        """``declaring_card`` protection: belle is lost when the card that declared it does not take its trick."""
        if (
            self.deal.rules.belle_protection is BelleProtection.DECLARING_CARD
            and self.card is not None
            and self.card in cards
            and cards.index(self.card) != won_by
        ):
            self.lost = True

    def counts(self, p: int) -> bool:
        """Is ``p``'s belle declared and (with protection) kept? With ``king_or_queen`` only once its K or Q
        has taken a trick: until then (a claim during play) it does not count yet."""
        d = self.deal
        if not self.declared[p] or self.lost:
            return False
        if d.rules.belle_protection is not BelleProtection.KING_OR_QUEEN:
            return True
        assert d.trump is not None
        pair = (d.trump * 8 + Rank.KING, d.trump * 8 + Rank.QUEEN)
        return any(t.winner == p and t.cards[(p - t.leader) % d.n] in pair for t in d.trickplay.tricks)
