"""The coach's remarks at the path's end, «Первая сдача»: a real deal against the easy bot, commented as it goes.

``Commentator`` hears each step of the deal as the learner's table sees it — the learner's view before and after
the step (``DealView``: the learner's own hand, what was played and said) and the engine's public events — and
says in a line what to notice: the contract and what it asks, the trump seven and a sequence in the learner's
hand, the opponent's announcement against the learner's, a card thrown away too dear, the last trick, and at the
end the deal's outcome (made, bait, a hanging bait) in the coach's words. It never sees a hidden card: the views
are the learner's, and the events carry only public facts (``game.deal.events``). Words are message ids
``school.first.…`` (worded by ``ui.i18n.word``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from game import sequences
from game.actions import Action, Kind
from game.cards import PLAIN_POINTS, TRUMP_POINTS, Card, Suit
from game.deal import DealView, Event, EventKind, Phase
from game.drills.model import Msg, msg
from game.scoring import Outcome


class Tone(StrEnum):
    """How a remark is said: news at the table, praise, a warning, the deal's summary."""

    NEWS = "news"
    GOOD = "good"
    WARN = "warn"
    SUMMARY = "summary"


@dataclass(frozen=True, slots=True)
class Remark:
    text: Msg
    tone: Tone = Tone.NEWS


def points(card: Card, trump: Suit | None) -> int:
    """What ``card`` is worth in a trick (with ``trump``)."""
    return (TRUMP_POINTS if card.suit == trump else PLAIN_POINTS)[card.rank]


def best_class(view: DealView) -> int:
    """The highest sequence class in the learner's hand (0: none): what they could announce."""
    if view.trump is None:
        return 0
    found = sequences.find_sequences(view.hand, view.trump, view.rules)
    return max((s.length for s in found), default=0)


def class_word(cls: int) -> Msg:
    return msg(f"seq_class.{min(cls, 4)}")


NO_REMARK = 99  # «the cheapest card it had» for a lead: nothing is too dear to lead

# the opponent's answers to the learner's announcement → what they mean for the learner
THEIR_WORDS = {
    EventKind.ROST: "school.first.their_rost",
    EventKind.PISHET: "school.first.their_pishet",
    EventKind.MINE: "school.first.their_mine",
}

# the engine's rules a refused card breaks → the coach's words for them
REFUSALS = {
    "follow_suit": "school.first.follow_suit",
    "must_trump": "school.first.must_trump",
    "must_overtrump": "school.first.must_overtrump",
}


@dataclass
class Commentator:
    """The remarks of one deal, from the learner's seat ``me``; ``said`` keeps the once-only ones."""

    me: int
    said: set[str] = field(default_factory=set)
    my_card: tuple[Card, int] | None = None  # the learner's card in the trick on the table, and the cheapest it had

    def opening(self, view: DealView) -> list[Remark]:
        """At the start: who is who, the hint, and the вскрышка."""
        return [Remark(msg("school.first.hello")), *self.my_turn(view)]

    def new_deal(self, view: DealView) -> list[Remark]:
        """After a redeal (both passed twice) the once-only remarks start afresh: the new deal's вскрышка is named
        again (the column said the old deal's suit while another card lay face up)."""
        self.said.clear()
        self.my_card = None
        return self.my_turn(view)

    def refused(self, rule: str, view: DealView) -> list[Remark]:
        """The learner tried a card the rules forbid (the table says the rule; the coach says what to do)."""
        key = REFUSALS.get(rule)
        if key is None:
            return []
        led = view.trick[0].suit if view.trick else None
        return [Remark(msg(key, suit=led) if led is not None else msg(key), Tone.WARN)]

    def step(
        self, before: DealView, seat: int | None, action: Action, events: Sequence[Event], after: DealView
    ) -> list[Remark]:
        """The remarks on one step (``seat`` did ``action``; ``events``: what the engine told)."""
        out: list[Remark] = []
        announce = [a.value for a in before.legal if a.kind is Kind.ANNOUNCE]
        if seat == self.me and action.kind is Kind.PLAY and announce and "missed" not in self.said:
            self.said.add("missed")  # told to announce, the learner played instead: the sequence is gone
            out.append(Remark(msg("school.first.announce_missed", cls=class_word(max(announce))), Tone.WARN))
        if seat == self.me and action.kind is Kind.PLAY and action.card is not None:
            # the cheapest card it might have played to the opponent's lead (a lead is never «given away»)
            allowed = [points(a.card, before.trump) for a in before.legal if a.card is not None]
            cheapest = min(allowed, default=0) if before.trick else NO_REMARK
            self.my_card = (action.card, cheapest)
        if before.phase is Phase.BIDDING_1 and after.phase is Phase.BIDDING_2:
            out.append(Remark(msg("school.first.round2")))
        if seat != self.me and action.kind is Kind.ANSWER_PASSES:  # the answer to my «Проходит ли мой терц?»
            out.append(Remark(msg("school.first.passes_yes" if action.value else "school.first.passes_no"), Tone.NEWS))
        for ev in events:
            out += self.event(ev, before, after)
        if not any(ev.kind is EventKind.OVER for ev in events):
            out += self.my_turn(after)
        return out

    def event(self, ev: Event, before: DealView, after: DealView) -> list[Remark]:
        mine = ev.seat == self.me
        kind = ev.kind
        if kind is EventKind.TRUMP and after.trump is not None:
            key = "school.first.i_play" if mine else "school.first.they_play"
            return [Remark(msg(key, suit=after.trump))]
        if kind is EventKind.REDEAL:
            return [Remark(msg("school.first.redeal"))]
        if kind is EventKind.SWAP:
            return [Remark(msg("school.first.swap_me" if mine else "school.first.swap_opp"))]
        if kind is EventKind.ANNOUNCE and not mine:
            return [self.their_announcement(ev.value, before)]
        if kind in THEIR_WORDS and ev.seat is not None and not mine:  # the opponent's answer to my announcement
            return [Remark(msg(THEIR_WORDS[kind]), Tone.WARN if kind is EventKind.ROST else Tone.NEWS)]
        if kind is EventKind.SEQUENCES:
            key = "school.first.seq_me" if mine else "school.first.seq_opp"
            return [Remark(msg(key, pts=ev.value), Tone.GOOD if mine else Tone.NEWS)]
        if kind is EventKind.BELLE:
            return [Remark(msg("school.first.belle_me" if mine else "school.first.belle_opp"))]
        if kind is EventKind.TRICK and ev.seat is not None:
            return self.trick(ev.seat, ev.value, after)
        if kind is EventKind.SCORED and after.result is not None:
            return [self.summary(after)]
        return []

    def their_announcement(self, cls: int, before: DealView) -> Remark:
        """The opponent announced ``cls``: how the learner's own best compares (from the learner's hand)."""
        mine = best_class(before)
        theirs = class_word(cls)
        if mine > cls:
            return Remark(msg("school.first.announce_higher", theirs=theirs, mine=class_word(mine)), Tone.WARN)
        if mine == cls:
            return Remark(msg("school.first.announce_equal", theirs=theirs), Tone.WARN)
        return Remark(msg("school.first.announce_lower", theirs=theirs))

    def trick(self, winner: int, pts: int, after: DealView) -> list[Remark]:
        out: list[Remark] = []
        card, cheapest = self.my_card if self.my_card is not None else (None, 0)
        self.my_card = None
        last = len(after.tricks) == 9
        if card is not None and winner != self.me:
            worth = points(card, after.trump)
            if worth >= 10 and worth > cheapest:  # a dear card given away where a cheaper one was allowed
                out.append(Remark(msg("school.first.gave_away", card=card, pts=worth), Tone.WARN))
        elif card is not None and winner == self.me and not last:
            trick = after.tricks[-1]
            ruffed = trick.cards[0].suit != after.trump and card.suit == after.trump and card != trick.cards[0]
            if ruffed and "ruff" not in self.said:
                self.said.add("ruff")
                out.append(Remark(msg("school.first.ruffed", count=pts), Tone.GOOD))
            elif pts >= 20:
                out.append(Remark(msg("school.first.my_trick", count=pts), Tone.GOOD))
        if last:
            key = "school.first.last_me" if winner == self.me else "school.first.last_opp"
            out.append(Remark(msg(key), Tone.GOOD if winner == self.me else Tone.NEWS))
        return out

    def my_turn(self, view: DealView) -> list[Remark]:
        """What the learner should notice in their own hand when it is their turn: the trump seven to swap, a
        sequence to announce before the first card (each once)."""
        if view.to_act != self.me:
            return []
        out: list[Remark] = []
        kinds = {a.kind for a in view.legal}
        if Kind.SWAP in kinds and "swap" not in self.said:
            self.said.add("swap")  # the seven in a терц 7-8-9: the swap would break it — ask first (lesson 11)
            out.append(Remark(msg("school.first.can_ask" if Kind.ASK_PASSES in kinds else "school.first.can_swap")))
        announce = [a for a in view.legal if a.kind is Kind.ANNOUNCE]
        if announce and "announce" not in self.said and not any(s != self.me for s, _ in _announced(view)):
            self.said.add("announce")
            out.append(Remark(msg("school.first.can_announce", cls=class_word(max(a.value for a in announce)))))
        if view.phase is Phase.BIDDING_1 and "bid" not in self.said:
            self.said.add("bid")
            out.append(Remark(msg("school.first.bid", suit=view.face_up.suit)))
        return out

    def summary(self, view: DealView) -> Remark:
        """The deal's outcome in the coach's words (the learner's points first)."""
        r = view.result
        assert r is not None
        if r.outcome is not Outcome.PLAYED or r.bidder is None:
            return Remark(msg("school.first.over_other"), Tone.SUMMARY)
        mine = r.players[self.me].total
        theirs = max(p.total for s, p in enumerate(r.players) if s != self.me)
        who = "me" if r.bidder == self.me else "opp"
        how = "tie" if r.tie or (r.hanging_now and not r.bait) else "bait" if r.bait else "made"
        return Remark(msg(f"school.first.end_{who}_{how}", mine=mine, theirs=theirs), Tone.SUMMARY)


def _announced(view: DealView) -> list[tuple[int, Action]]:
    return [(s, a) for s, a in view.history if a.kind is Kind.ANNOUNCE]
