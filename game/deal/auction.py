"""The two rounds of bidding, and the last three cards dealt once the trump is fixed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import actions as A
from game.actions import Action, Kind
from game.cards import Suit
from game.deal.dealing import FREZA
from game.deal.events import Event, EventKind, Phase
from game.rules import FirstLead, Round2
from game.scoring import Outcome

if TYPE_CHECKING:
    from game.deal.core import Deal


class Auction:
    """Round one: order the вскрышка's suit or pass; round two: name another suit or pass (the dealer may have
    to choose); everybody passing twice redeals."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.passes = 0

    def legal(self) -> list[Action]:
        d = self.deal
        if d.phase is Phase.BIDDING_1:
            return [A.ORDER, A.PASS]
        out = [A.name(s) for s in Suit if s != d.first_trump]
        if not (d.rules.round2 is Round2.DEALER_MUST_CHOOSE and d.to_act == d.dealer):
            out.append(A.PASS)
        return out

    def why_illegal(self, action: Action) -> str:
        if self.deal.phase is Phase.BIDDING_1:
            return "round1_bid"
        return "dealer_must_choose" if action.kind is Kind.PASS else "round2_other_suit"

    def bid(self, seat: int, action: Action) -> list[Event]:
        d = self.deal
        events = [Event(EventKind.BID, seat, detail=str(action))]
        if action.kind is Kind.PASS:
            self.passes += 1
            if self.passes == d.n:
                d.phase = Phase.BIDDING_2
            elif self.passes == 2 * d.n:
                return events + d.finish_unscored(Outcome.REDEAL_PASSES)
            d.to_act = d.seating.next(seat)
            return events
        trump = d.first_trump if action.kind is Kind.ORDER else action.suit
        assert trump is not None
        d.trump = trump
        d.bidder = seat
        if d.rules.offer_fifty and d.rules.target > 0:
            # «с предложением»: the window before the last three cards; the вистующий speaks first
            d.phase = Phase.OFFER
            d.to_act = 1 - seat
            return [*events, Event(EventKind.TRUMP, seat, value=int(trump))]
        return events + self.complete_deal()

    def complete_deal(self, trump_event: bool = True) -> list[Event]:
        """The trump is fixed: three more cards each, the фреза shown, the first lead, who holds belle."""
        d = self.deal
        deck = d.deck
        for i, seat in enumerate(d.order):
            d.hands[seat] += [deck[j] for j in d.positions.more[i]]
        d.freza = deck[FREZA]
        d.phase = Phase.PLAY
        d.dealt_at = len(d.history)  # undo stops here: the cards dealt would be known before the bids again
        lead = d.rules.first_lead
        assert d.bidder is not None
        if lead is FirstLead.BIDDER:
            d.leader = d.bidder
        elif lead is FirstLead.NON_BIDDER:
            d.leader = d.seating.next(d.bidder)
        else:
            d.leader = d.order[0]
        d.to_act = d.leader
        d.trickplay.trick_leader = d.leader
        d.belle.find_owner()
        assert d.trump is not None
        dealt = Event(EventKind.DEALT, None, card=d.freza)
        return [Event(EventKind.TRUMP, d.bidder, value=int(d.trump)), dealt] if trump_event else [dealt]
