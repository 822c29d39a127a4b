"""«С предложением» and «даве», the two players' side bets on a deal: the offer of fifty before the last three
cards, and doubling the one-deal game's stake."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import actions as A
from game.actions import Action
from game.deal.events import Event, EventKind
from game.scoring import Outcome, gave_up, offer_accepted

if TYPE_CHECKING:
    from game.deal.core import Deal


class Wager:
    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.offer_by: int | None = None  # «с предложением»: the offer waiting for an answer
        self.offer: tuple[int, bool] | None = None  # who offered 50 and whether it was accepted
        self.stake = 1  # «даве»: the stake multiplier
        self.dave_owner: int | None = None  # who may raise next (None: either)
        self.dave_by: int | None = None  # the raise waiting for an answer

    def offer_legal(self) -> list[Action]:
        if self.offer_by is not None:
            return [A.answer_offer(True), A.answer_offer(False)]
        return [A.OFFER, A.NO_OFFER]

    def may_dave(self, p: int) -> bool:
        """«Даве»: the one-deal game, on lead (before one's card to a trick), and only by the player who
        accepted the last raise (anyone before the first): re-raises alternate."""
        d = self.deal
        if not d.rules.dave or d.rules.target > 0 or d.trickplay.trick or d.announcements.pending_answer is not None:
            return False
        return self.dave_owner is None or self.dave_owner == p

    def make_offer(self, seat: int, action: Action) -> list[Event]:
        self.offer_by = seat
        self.deal.to_act = 1 - seat
        return [Event(EventKind.OFFER, seat)]

    def no_offer(self, seat: int, action: Action) -> list[Event]:
        d = self.deal
        events = [Event(EventKind.NO_OFFER, seat)]
        if seat != d.bidder:  # the вистующий let it pass: now the bidder may offer
            assert d.bidder is not None
            d.to_act = d.bidder
            return events
        return events + d.auction.complete_deal(trump_event=False)

    def answer_offer(self, seat: int, action: Action) -> list[Event]:
        d = self.deal
        offerer = self.offer_by
        assert offerer is not None and d.bidder is not None
        self.offer_by = None
        events = [Event(EventKind.OFFER_ANSWER, seat, value=action.value)]
        if action.value:
            self.offer = (offerer, True)
            d.outcome = Outcome.OFFER_ACCEPTED
            d.set_result(offer_accepted(offerer, d.bidder, d.context))
            return [*events, Event(EventKind.OVER, None)]
        self.offer = (offerer, False)  # refused: the window closes, the cards are dealt, play goes on
        return events + d.auction.complete_deal(trump_event=False)

    def dave(self, seat: int, action: Action) -> list[Event]:
        self.dave_by = seat
        self.deal.to_act = 1 - seat
        return [Event(EventKind.DAVE, seat, value=self.stake * 2)]

    def answer_dave(self, seat: int, action: Action) -> list[Event]:
        d = self.deal
        raiser = self.dave_by
        assert raiser is not None and d.bidder is not None
        self.dave_by = None
        events = [Event(EventKind.DAVE_ANSWER, seat, value=action.value)]
        if action.value:
            self.stake *= 2
            self.dave_owner = seat
            d.to_act = raiser
            return events
        d.outcome = Outcome.GAVE_UP
        points = (d.trickplay.card_points[0], d.trickplay.card_points[1])
        d.set_result(gave_up(raiser, d.bidder, points, d.context, self.stake))
        return [*events, Event(EventKind.OVER, raiser)]
