"""The dialog for two players: the leader announces first; the second answers «пишет», a higher class, «рост?»
(the leader names the top card; then «пишет» or «у меня старше») or «у меня старше» at once."""

from __future__ import annotations

from game import actions as A
from game import sequences as seqs
from game.actions import FIFTY, TERZ, Action
from game.deal.announcements import Announcements
from game.deal.events import Dialog, Event, EventKind
from game.scoring import PenaltyReason
from game.sequences import Sequence


class TwoPlayerDialog(Announcements):
    def first_card_options(self, p: int) -> tuple[list[Action], bool]:
        d = self.deal
        if p == d.leader:
            if self.dialog is Dialog.OPEN and not self.spoke[p]:
                return self.announce_options(p), False
            return [], False
        if self.dialog is Dialog.ANNOUNCED:
            return self._answer_options(p), True
        if self.dialog is Dialog.TOP_TOLD:
            return self._after_top_options(), True
        if self.dialog is Dialog.OPEN and not self.spoke[p]:
            return self.announce_options(p), False
        return [], False

    def speaker_now(self) -> int | None:
        return self.deal.leader if self.dialog is Dialog.ROST_ASKED else None

    def speaker_options(self, p: int) -> list[Action]:
        return [A.TELL_TOP]

    def on_first_card(self, seat: int) -> None:
        if seat != self.deal.leader and self.dialog is Dialog.OPEN:
            self.dialog = Dialog.CLOSED  # the second played in silence: nothing is compared

    def after_first_trick(self) -> list[Event]:
        return []

    def held_to(self, answerer: int) -> tuple[bool, Sequence | None]:
        # the leader has spoken already: only what they announced can stop the терц
        if answerer == self.deal.leader and self.deal.trickplay.played[answerer]:
            return True, (self.first_of(answerer, self.announced) if self.dialog is Dialog.ANNOUNCED else None)
        return False, None

    def _answer_options(self, p: int) -> list[Action]:
        """The second player's answers to the leader's announced class."""
        d = self.deal
        if d.strict:
            out = [A.announce(FIFTY)] if self.announced == TERZ else []
            return [*out, A.ROST, A.MINE, A.PISHET]
        out = []
        own = seqs.best_class(d.hands[p], d.rules)
        if own > self.announced:
            out.append(A.announce(own))
        elif own == self.announced:
            first = self.first_of(p, own)
            assert first is not None
            if seqs.certainly_higher(first, own, d.trump, d.rules):
                out.append(A.MINE)
            else:
                out.append(A.ROST)
        out.append(A.PISHET)
        return out

    def _after_top_options(self) -> list[Action]:
        if self.deal.strict or self._second_is_higher():
            return [A.MINE, A.PISHET]
        return [A.PISHET]

    def _second(self) -> int:
        assert self.deal.leader is not None
        return 1 - self.deal.leader

    def _second_best(self) -> Sequence | None:
        found = seqs.find_sequences(self.deal.hands[self._second()], self.deal.trump, self.deal.rules)
        return found[0] if found else None

    def _second_is_higher(self) -> bool:
        """Does the second player's best sequence beat the one the leader announced?"""
        d = self.deal
        assert d.leader is not None
        mine = self._second_best()
        theirs = self.first_of(d.leader, self.announced)
        if mine is None:
            return False
        if theirs is None:
            return True
        return seqs.beats(mine, False, theirs, d.trump, d.rules)

    def announce(self, seat: int, action: Action) -> list[Event]:
        d = self.deal
        cls = action.value
        events, true = self.said_class(seat, cls)
        if not true:
            if seat != d.leader:
                if self.dialog is Dialog.ANNOUNCED:
                    # a false higher class does not beat the leader's true announcement: it stands
                    assert d.leader is not None
                    return events + self.resolve(d.leader, self.announced)
                self.dialog = Dialog.CLOSED
            return events
        if seat == d.leader:
            self.announced = cls
            self.dialog = Dialog.ANNOUNCED
            return events
        # the second player: a higher class over the leader's, or an announcement after the leader's silence
        return events + self.resolve(seat, cls)

    def rost(self, seat: int, action: Action) -> list[Event]:
        self.spoke[seat] = True
        events = [Event(EventKind.ROST, seat)]
        fault = self.rost_fault(seat)
        if fault is not None:  # the leader's announcement stands
            return [*events, self.penalise(seat, fault), *self.resolve(1 - seat, self.announced)]
        self.dialog = Dialog.ROST_ASKED
        return events

    def pishet(self, seat: int, action: Action) -> list[Event]:
        self.spoke[seat] = True
        assert self.deal.leader is not None
        return [Event(EventKind.PISHET, seat), *self.resolve(self.deal.leader, self.announced)]

    def mine(self, seat: int, action: Action) -> list[Event]:
        d = self.deal
        self.spoke[seat] = True
        assert d.leader is not None
        if self._second_is_higher():
            best = self._second_best()
            assert best is not None
            return [self.true_mine(seat, best), *self.resolve(seat, best.length)]
        events = [Event(EventKind.MINE, seat)]
        penalty = self.penalise(seat, PenaltyReason.FALSE_MINE)
        return [*events, penalty, *self.resolve(d.leader, self.announced)]
