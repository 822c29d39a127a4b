"""The sequences (терц, пятьдесят) and the first trick's dialog about them, common to two and three players:
what a seat may announce, the question «проходит ли мой терц?», naming the top card after «рост?», and the
decided comparison. How the dialog runs differs with the number of players: ``dialog_two`` and ``dialog_three``
are its two strategies (the deal picks one from the rules)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

from game import actions as A
from game import sequences as seqs
from game.actions import FIFTY, TERZ, Action
from game.cards import Card, Rank
from game.deal.events import MINE_AFTER_TOP, MINE_AT_ONCE, Dialog, Event, EventKind, classes_detail
from game.scoring import Penalty, PenaltyReason
from game.sequences import Sequence

if TYPE_CHECKING:
    from game.deal.core import Deal


class Announcements(ABC):
    def __init__(self, deal: Deal) -> None:
        n = deal.n
        self.deal = deal
        self.spoke = [False] * n  # has taken part in the dialog (no swap after that)
        self.asked_passes: int | None = None  # who asked «проходит ли мой терц?»
        self.pending_answer: int | None = None  # who must answer it now
        self.answer_queue: list[int] = []  # three players: who answers it after them
        self.dialog = Dialog.OPEN
        self.announced: int = 0  # the class that stands (two players: the one the leader announced)
        self.told_top: Card | None = None
        self.said_top: Card | None = None  # the top card of the standing announcement as named aloud (DealView)
        self.seq_owner: int | None = None
        self.counted: list[Sequence] = []
        self.speaker: int | None = None  # three players: who must speak now, after the first trick
        self.adding = False  # three players: the speaker may add their sequences to the partner's («родили терц»)
        self.added_by: int | None = None  # three players: whose sequences were added to the partner's
        self.added: list[Sequence] = []

    # the dialog's strategy ------------------------------------------------------

    @abstractmethod
    def first_card_options(self, p: int) -> tuple[list[Action], bool]:
        """What ``p`` may say before its first card, and whether it must (an answer: no card until then)."""

    @abstractmethod
    def speaker_now(self) -> int | None:
        """Who must speak out of the turn of play (the top card after «рост?», the word after the first trick)."""

    @abstractmethod
    def speaker_options(self, p: int) -> list[Action]: ...

    @abstractmethod
    def on_first_card(self, seat: int) -> None:
        """``seat`` plays its first card (its silence may close the dialog)."""

    @abstractmethod
    def after_first_trick(self) -> list[Event]:
        """The first trick is down: settle what is still open."""

    @abstractmethod
    def announce(self, seat: int, action: Action) -> list[Event]: ...

    @abstractmethod
    def rost(self, seat: int, action: Action) -> list[Event]: ...

    @abstractmethod
    def mine(self, seat: int, action: Action) -> list[Event]: ...

    @abstractmethod
    def pishet(self, seat: int, action: Action) -> list[Event]: ...

    @abstractmethod
    def held_to(self, answerer: int) -> tuple[bool, Sequence | None]:
        """For «проходит ли?»: is ``answerer`` held to what it announced (having played), and that sequence."""

    def after_resolve(self, winner: int) -> list[Event]:
        """The comparison is decided for ``winner``: what follows (three players: the partner's sequences)."""
        return []

    def after_top_told(self) -> None:
        """The top card was named after «рост?»: who speaks next (two players: the turn of play goes on)."""
        return None

    # what may be said -----------------------------------------------------------

    def announce_options(self, p: int) -> list[Action]:
        if self.deal.strict:
            return [A.announce(TERZ), A.announce(FIFTY)]
        cls = seqs.best_class(self.deal.hands[p], self.deal.rules)
        return [A.announce(cls)] if cls else []

    def first_of(self, p: int, cls: int) -> Sequence | None:
        return seqs.first_of_class(self.hand_for_sequences(p), cls, self.deal.trump, self.deal.rules)

    def hand_for_sequences(self, p: int) -> list[Card]:
        tp = self.deal.trickplay
        return tp.full_hand[p] if tp.played[p] else self.deal.hands[p]

    # «проходит ли мой терц?» ------------------------------------------------------

    def may_ask_passes(self, p: int) -> bool:
        """The терц from the trump nine (7-8-9 of the вскрышка's suit), asked once, with the swap still open."""
        d = self.deal
        t = d.first_trump * 8
        h = d.hands[p]
        return self.asked_passes is None and t + Rank.SEVEN in h and t + Rank.EIGHT in h and t + Rank.NINE in h

    def passes_answers(self) -> list[Action]:
        truth = self.passes_truth()
        return [A.answer_passes(truth), A.answer_passes(not truth)] if self.deal.strict else [A.answer_passes(truth)]

    def ask_passes(self, seat: int, action: Action) -> list[Event]:
        self.asked_passes = seat
        self.pending_answer, *self.answer_queue = self.deal.seating.after(seat)
        return [Event(EventKind.ASK_PASSES, seat)]

    def answer_passes(self, seat: int, action: Action) -> list[Event]:
        """The answer, and a false one's penalty told to the table at once as every other (it was only recorded:
        the player learnt of it from the deal's summary, after the sheet had shown the терц counted)."""
        false = bool(action.value) != self.passes_truth()
        self.pending_answer = self.answer_queue.pop(0) if self.answer_queue else None
        events = [Event(EventKind.ANSWER_PASSES, seat, value=action.value)]
        return events + [self.penalise(seat, PenaltyReason.FALSE_ANSWER)] if false else events

    def passes_truth(self) -> bool:
        """Does the asker's терц from the trump nine pass against what the answerer holds?"""
        d = self.deal
        asker = self.asked_passes
        assert asker is not None and d.leader is not None
        answerer = self.pending_answer if self.pending_answer is not None else d.seating.next(asker)
        terz = seqs.first_of_class(
            [Card(d.first_trump * 8 + r) for r in (Rank.SEVEN, Rank.EIGHT, Rank.NINE)], TERZ, d.trump, d.rules
        )
        assert terz is not None
        held, theirs = self.held_to(answerer)
        if not held:
            found = seqs.find_sequences(d.hands[answerer], d.trump, d.rules)
            theirs = found[0] if found else None
        if theirs is None:
            return True
        # equal ones: «объявлена раньше» is the one whose turn comes first in the first trick, as in the dialog
        # (``plays_before``; for two, the leader's) — for three the asker need not be the leader
        return seqs.beats(terz, d.plays_before(asker, answerer), theirs, d.trump, d.rules)

    # the top card and the decision ------------------------------------------------

    def tell_top(self, seat: int, action: Action) -> list[Event]:
        d = self.deal
        first = self.first_of(seat, self.announced)
        assert first is not None
        self.dialog = Dialog.TOP_TOLD
        self.told_top = self.said_top = first.top_card
        self.after_top_told()
        return [Event(EventKind.TOP, seat, card=first.top_card, value=int(first.suit == d.trump))]

    def true_mine(self, seat: int, best: Sequence) -> Event:
        """A true «у меня старше», as the official texts say it: after the top card was named, with the sequence
        that beats («У меня — от короля козырного», «Не годится. Пятьдесят от туза пикового»: it is shown at once);
        at one's first card with a certainly higher one, its class only («Не годится. Есть терц»)."""
        if self.deal.trickplay.tricks or self.told_top is not None:  # two players: «рост?», the top card, then
            # the card that beats it — «Не годится. Есть терц» named only the class both had said
            return Event(EventKind.MINE, seat, best.top_card, best.length, MINE_AFTER_TOP)
        return Event(EventKind.MINE, seat, None, best.length, MINE_AT_ONCE)

    def resolve(self, winner: int, cls: int) -> list[Event]:
        """The comparison is decided: the winner scores the first sequence and all others not higher."""
        d = self.deal
        self.dialog = Dialog.CLOSED
        self.speaker = None
        first = self.first_of(winner, cls)
        if first is None:
            return []
        self.seq_owner = winner
        self.counted = seqs.counted_sequences(self.hand_for_sequences(winner), first, d.trump, d.rules)
        detail = classes_detail(s.length for s in self.counted)
        events = [Event(EventKind.SEQUENCES, winner, value=sum(s.points for s in self.counted), detail=detail)]
        return events + self.after_resolve(winner)

    def said_class(self, seat: int, cls: int) -> tuple[list[Event], bool]:
        """``seat`` announces ``cls``: its words, with the judge's penalty when it holds no such sequence; and
        whether the announcement is true."""
        self.spoke[seat] = True
        events = [Event(EventKind.ANNOUNCE, seat, value=cls)]
        if self.first_of(seat, cls) is None:
            events.append(self.penalise(seat, PenaltyReason.FALSE_ANNOUNCEMENT))
            return events, False
        return events, True

    def rost_fault(self, seat: int) -> PenaltyReason | None:
        """What is wrong with ``seat``'s «рост?» against the class that stands: no sequence of that class
        (a false «рост?»), or a sequence certainly higher (it should have said «у меня старше»); None if proper."""
        d = self.deal
        if self.first_of(seat, self.announced) is None:
            return PenaltyReason.FALSE_ROST
        best = seqs.find_sequences(d.hands[seat], d.trump, d.rules)[0]
        if seqs.certainly_higher(best, self.announced, d.trump, d.rules):
            return PenaltyReason.ROST_CERTAINLY_HIGHER
        return None

    def penalise(self, seat: int, reason: PenaltyReason) -> Event:
        """A strict-etiquette fault: recorded, and told to the table."""
        self.deal.penalties.append(Penalty(seat, reason))
        return Event(EventKind.PENALTY, seat, detail=reason)

    def shown_cards(self, seat: int) -> tuple[Card, ...]:
        """The counted sequences of ``seat``, shown to the table after the first trick."""
        if not self.deal.trickplay.tricks or self.speaker is not None:
            return ()
        if self.seq_owner == seat:
            return tuple(c for s in self.counted for c in s.cards)
        if self.added_by == seat:
            return tuple(c for s in self.added for c in s.cards)
        return ()
