"""The dialog for three players, by sides (docs/rules.md, «The dialog for three»): the bidder against the two
вистующие. Announcements are answered before one's first card; what is still open after the first trick is
settled in turn («рост?» answered with the top card, then whoever may still beat what stands); a вистующий's
winning sequences bring the partner's («родили терц»)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import actions as A
from game import sequences as seqs
from game.actions import FIFTY, TERZ, Action
from game.cards import Card
from game.deal.announcements import Announcements
from game.deal.events import ANNOUNCE_ADDED, Dialog, Event, EventKind, classes_detail
from game.scoring import PenaltyReason
from game.sequences import Sequence

if TYPE_CHECKING:
    from game.deal.core import Deal


class ThreePlayerDialog(Announcements):
    def __init__(self, deal: Deal) -> None:
        super().__init__(deal)
        n = deal.n
        self.said = [0] * n  # the class each one announced (0: none)
        self.standing: int | None = None  # whose announcement stands now
        self.certain = False  # it was named as certainly higher («у меня старше» without «рост?»)
        self.rost_by: int | None = None  # who asked «рост?» (answered after the first trick)
        self.answered: set[int] = set()  # вистующие who have had the word against the bidder's announcement

    def _side(self, seat: int) -> int:
        return self.deal.seating.side(seat, self.deal.bidder)

    # the strategy -------------------------------------------------------------------

    def first_card_options(self, p: int) -> tuple[list[Action], bool]:
        """Before ``p``'s first card: announce with nothing announced yet, answer the other side's standing
        announcement, or (after a partner's «рост?», or facing one's own side) play in silence."""
        d = self.deal
        if self.spoke[p]:
            return [], False
        if self.dialog is Dialog.OPEN:
            return self.announce_options(p), False
        if self.dialog is not Dialog.ANNOUNCED or self.standing is None:
            return [], False
        if self._side(self.standing) == self._side(p):  # a partner's announcement: only a higher class, if any
            own = seqs.best_class(d.hands[p], d.rules)
            if d.strict:
                return ([A.announce(FIFTY)] if self.announced == TERZ else []), False
            return ([A.announce(own)] if own > self.announced else []), False
        if d.strict:
            out = [A.announce(FIFTY)] if self.announced == TERZ else []
            return [*out, A.ROST, A.MINE, A.PISHET], True
        out = []
        own = seqs.best_class(d.hands[p], d.rules)
        if own > self.announced:
            out.append(A.announce(own))
        elif own == self.announced and not self.certain:
            first = self.first_of(p, own)
            assert first is not None
            out.append(A.MINE if seqs.certainly_higher(first, own, d.trump, d.rules) else A.ROST)
        out.append(A.PISHET)
        return out, True

    def speaker_now(self) -> int | None:
        return self.speaker

    def speaker_options(self, p: int) -> list[Action]:
        """After the first trick: the top card, «у меня старше» / «пишет», the partner's addition."""
        d = self.deal
        if self.dialog is Dialog.ROST_ASKED:
            return [A.TELL_TOP]
        if self.adding:
            if d.strict:
                return [A.announce(TERZ), A.announce(FIFTY), A.PISHET]
            own = seqs.best_class(d.trickplay.full_hand[p], d.rules)  # adding is a choice: «пишет» declines it
            return [A.announce(own), A.PISHET] if own else [A.PISHET]
        if d.strict or self.beats_standing(p):
            return [A.MINE, A.PISHET]
        return [A.PISHET]

    def on_first_card(self, seat: int) -> None:
        """Silence at one's first card leaves the dialog as it is: what stands is settled after the trick."""

    def after_first_trick(self) -> list[Event]:
        """Settle a «рост?»; then a вистующий who has not had the word against the bidder's standing
        announcement gets it; else the standing announcement wins."""
        if self.dialog is Dialog.ROST_ASKED:
            self.speaker = self.standing
            return []
        if self.dialog is Dialog.ANNOUNCED:
            return self._next_word()
        self.dialog = Dialog.CLOSED
        return []

    def held_to(self, answerer: int) -> tuple[bool, Sequence | None]:
        # one who has played already is held to what they announced
        if self.deal.trickplay.played[answerer]:
            said = self.said[answerer]
            return True, (self.first_of(answerer, said) if said else None)
        return False, None

    def after_resolve(self, winner: int) -> list[Event]:
        """A вистующий's sequences won: the partner's count too — at once if announced, else they may add."""
        d = self.deal
        self.speaker = None
        partner = d.seating.partner(winner, d.bidder)
        if partner is None:
            return []
        if self.said[partner] and self.first_of(partner, self.said[partner]) is not None:
            return self._add_sequences(partner)
        if d.strict or seqs.find_sequences(d.trickplay.full_hand[partner], d.trump, d.rules):
            self.speaker = partner
            self.adding = True
        return []

    def after_top_told(self) -> None:
        # the asker answers; then whoever may still beat what stands (``_next_word``)
        assert self.rost_by is not None
        self.speaker = self.rost_by

    def true_mine(self, seat: int, best: Sequence) -> Event:
        if self.deal.trickplay.tricks:  # what now stands was named aloud: who may still beat it answers that top card
            self.said_top = best.top_card
        return super().true_mine(seat, best)

    # who has the word -------------------------------------------------------------

    def beats_standing(self, p: int) -> bool:
        """Does ``p``'s best sequence beat the standing announcement? Equal ones: the trump (moscow), then the
        one «объявлена раньше» — of the player whose turn comes first in the first trick (docs/rules.md)."""
        d = self.deal
        assert self.standing is not None
        found = seqs.find_sequences(self.hand_for_sequences(p), d.trump, d.rules)
        theirs = self.first_of(self.standing, self.announced)
        if not found:
            return False
        if theirs is None:
            return True
        return seqs.beats(found[0], d.plays_before(p, self.standing), theirs, d.trump, d.rules)

    def _challenger(self) -> int | None:
        """The next вистующий to get the word against the bidder's standing announcement, in the order of play:
        one who has not had it yet and can beat it (strict etiquette: anyone who has not — he answers «пишет»
        or «у меня старше» himself). «Играющему, чтобы записать своё объявление, нужно перебить объявления
        обоих вистующих» (seed 001; docs/rules.md, «The dialog for three»)."""
        d = self.deal
        tricks = d.trickplay.tricks
        if self.standing is None or self.standing != d.bidder or not tricks:
            return None
        for v in d.seating.from_seat(tricks[0].leader):
            if v != d.bidder and v not in self.answered and (d.strict or self.beats_standing(v)):
                return v
        return None

    def _heard(self, seat: int) -> None:
        """``seat`` has had the word against the bidder's standing announcement (or lost its own to it)."""
        if seat != self.deal.bidder:
            self.answered.add(seat)

    def _next_word(self) -> list[Event]:
        """After an answer: the next who may still beat what stands speaks, else the standing one wins."""
        self.dialog = Dialog.TOP_TOLD if self.told_top is not None else Dialog.ANNOUNCED
        challenger = self._challenger()
        if challenger is not None:
            self.speaker = challenger
            return []
        assert self.standing is not None
        return self.resolve(self.standing, self.announced)

    def _add_sequences(self, seat: int) -> list[Event]:
        found = seqs.find_sequences(self.hand_for_sequences(seat), self.deal.trump, self.deal.rules)
        self.speaker = None
        self.adding = False
        if not found:
            return []
        self.added_by = seat
        self.added = found
        return [
            Event(
                EventKind.SEQUENCES,
                seat,
                value=sum(x.points for x in found),
                detail=classes_detail(x.length for x in found),
            )
        ]

    def _added_announcement(self, seat: int, cls: int) -> Event:
        """«Родили терц от девятки пиковой»: a partner's sequence added to the вистующий's that won, named as it
        is shown."""
        found = seqs.find_sequences(self.hand_for_sequences(seat), self.deal.trump, self.deal.rules)
        top: Card | None = found[0].top_card if found else None
        return Event(EventKind.ANNOUNCE, seat, top, cls, ANNOUNCE_ADDED)

    # the words ----------------------------------------------------------------------

    def announce(self, seat: int, action: Action) -> list[Event]:
        cls = action.value
        events, true = self.said_class(seat, cls)
        if not true:
            if self.adding:
                self.adding = False
                self.speaker = None
            return events
        self.said[seat] = cls
        if self.adding:  # «родили терц…»: the partner's sequences add up
            return [self._added_announcement(seat, cls), *self._add_sequences(seat)]
        if self.standing is not None and self._side(self.standing) != self._side(seat):
            self._heard(seat if self.standing == self.deal.bidder else self.standing)  # a higher class answers it
        self.standing, self.announced, self.certain = seat, cls, False
        self.dialog = Dialog.ANNOUNCED
        return events

    def rost(self, seat: int, action: Action) -> list[Event]:
        d = self.deal
        self.spoke[seat] = True
        events = [Event(EventKind.ROST, seat)]
        assert self.standing is not None
        if self.standing == d.bidder:
            self._heard(seat)
        fault = self.rost_fault(seat)
        if fault is PenaltyReason.FALSE_ROST:  # the offender pays; the standing announcement stands
            return events + [self.penalise(seat, fault)]
        if fault is PenaltyReason.ROST_CERTAINLY_HIGHER:
            events.append(self.penalise(seat, fault))
            self.certain = True  # the asked announcement counts: nobody may ask again
            self.said[seat] = 0
            return events
        self.said[seat] = self.announced
        self.rost_by = seat
        self.dialog = Dialog.ROST_ASKED
        return events

    def mine(self, seat: int, action: Action) -> list[Event]:
        """«У меня старше»: at one's first card with a certainly higher sequence, or after the top card."""
        d = self.deal
        self.spoke[seat] = True
        events = [Event(EventKind.MINE, seat)]
        assert self.standing is not None
        beaten = self.standing
        self._heard(seat if beaten == d.bidder else beaten)
        true = self.beats_standing(seat)
        if true:
            best = seqs.find_sequences(self.hand_for_sequences(seat), d.trump, d.rules)[0]
            self.standing, self.announced, self.said[seat] = seat, best.length, best.length
            events = [self.true_mine(seat, best)]
        else:
            events.append(self.penalise(seat, PenaltyReason.FALSE_MINE))
        if self.speaker is None:  # at the first card: the answer stands as a certainly higher announcement
            self.certain = self.certain or true
            return events
        self.speaker = None
        return events + self._next_word()

    def pishet(self, seat: int, action: Action) -> list[Event]:
        self.spoke[seat] = True
        events = [Event(EventKind.PISHET, seat)]
        if self.adding:  # nothing to add
            self.adding = False
            self.speaker = None
            return events
        if self.standing == self.deal.bidder:
            self._heard(seat)
        if self.speaker is None:  # at the first card: the standing announcement stands for now
            return events
        self.speaker = None
        return events + self._next_word()
