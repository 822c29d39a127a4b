"""The tricks: which cards may be played, who takes a trick and the points in it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import actions as A
from game.actions import Action
from game.cards import PLAIN_POINTS, PLAIN_STRENGTH, TRUMP_POINTS, TRUMP_STRENGTH, Card
from game.deal.events import Event, EventKind, Trick

if TYPE_CHECKING:
    from game.deal.core import Deal


class TrickPlay:
    def __init__(self, deal: Deal) -> None:
        n = deal.n
        self.deal = deal
        self.trick: list[Card] = []
        self.trick_leader: int | None = None
        self.tricks: list[Trick] = []
        self.card_points = [0] * n
        self.tricks_won = [0] * n
        self.played = [False] * n  # has played a card
        self.full_hand: list[list[Card]] = [[] for _ in range(n)]  # the 9 cards before play, for sequences

    def card_plays(self, p: int) -> list[Action]:
        cards = self.legal_cards(self.deal.hands[p])
        return [*(A.play(c) for c in cards), *self.deal.belle.with_card(p, cards)]

    def legal_cards(self, hand: list[Card]) -> list[Card]:
        """Follow suit; with the trump led, beat it if you can; without the suit, trump if you can."""
        if not self.trick:
            return sorted(hand)
        led = self.trick[0]
        suit = led // 8
        trump = self.deal.trump
        follow = [c for c in hand if c // 8 == suit]
        if follow:
            if suit == trump:
                higher = [c for c in follow if TRUMP_STRENGTH[c % 8] > TRUMP_STRENGTH[led % 8]]
                if higher:
                    return sorted(higher)
            return sorted(follow)
        trumps = [c for c in hand if c // 8 == trump]
        return sorted(trumps) if trumps else sorted(hand)

    def why_card_illegal(self, card: Card, hand: list[Card]) -> str:
        suit = self.trick[0] // 8
        if card // 8 != suit and any(c // 8 == suit for c in hand):
            return "follow_suit"
        if card // 8 == suit == self.deal.trump:
            return "must_overtrump"
        return "must_trump"

    def play(self, seat: int, card: Card, belle: bool) -> list[Event]:
        d = self.deal
        events: list[Event] = []
        if not self.played[seat]:
            self.full_hand[seat] = list(d.hands[seat])
            self.played[seat] = True
            d.announcements.on_first_card(seat)
        if belle:
            events.append(d.belle.declare_with(seat, card))
        d.hands[seat].remove(card)
        self.trick.append(card)
        events.append(Event(EventKind.PLAY, seat, card=card))
        if len(self.trick) < d.n:
            d.to_act = (seat + 1) % d.n
            return events
        return events + self._finish_trick()

    def _winner_index(self) -> int:
        """The highest trump, else the highest card of the suit led."""
        trump = self.deal.trump
        assert trump is not None
        led = self.trick[0] // 8
        if len(self.trick) == 2:  # two players: the second card wins only by beating the first
            lead_card, second = self.trick
            ss = second // 8
            if ss == led:
                table = TRUMP_STRENGTH if led == trump else PLAIN_STRENGTH
                return int(table[second % 8] > table[lead_card % 8])
            return int(ss == trump)
        best, best_key = 0, (0, 0)
        for i, c in enumerate(self.trick):
            if c // 8 == trump:
                key = (2, TRUMP_STRENGTH[c % 8])
            elif c // 8 == led:
                key = (1, PLAIN_STRENGTH[c % 8])
            else:
                continue
            if key > best_key:
                best, best_key = i, key
        return best

    def _finish_trick(self) -> list[Event]:
        d = self.deal
        assert self.trick_leader is not None and d.trump is not None
        trump = d.trump
        won_by = self._winner_index()
        winner = (self.trick_leader + won_by) % d.n
        pts = 0
        for c in self.trick:
            pts += TRUMP_POINTS[c % 8] if c // 8 == trump else PLAIN_POINTS[c % 8]
        self.card_points[winner] += pts
        self.tricks_won[winner] += 1
        self.tricks.append(Trick(self.trick_leader, tuple(self.trick), winner))
        d.belle.after_trick(self.trick, won_by)
        self.trick = []
        self.trick_leader = winner
        d.to_act = winner
        events = [Event(EventKind.TRICK, winner, value=pts)]
        if len(self.tricks) == 9:
            events += d.settlement.score()
        elif len(self.tricks) == 1:
            events += d.announcements.after_first_trick()
        return events
