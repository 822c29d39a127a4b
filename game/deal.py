"""One deal as an explicit state machine: bidding, the draw, the swap, the announcement dialog, play, scoring.

``Deal(rules, dealer, deck)`` is fully defined by the deck order; ``apply`` re-applies actions one by one
(replays, saves, undo and the bots' search all use this one path). ``legal_actions`` lists exactly what
may be done now; anything else raises ``IllegalAction`` naming the rule it breaks.

How a deck order is dealt (index 0 = top of the deck):
  0-2 to the non-dealer, 3-5 to the dealer, 6-8 non-dealer, 9-11 dealer; 12 is turned up (вскрышка);
  after the order 13-15 go to the non-dealer and 16-18 to the dealer; 31 (the bottom) is the фреза.
"""

from __future__ import annotations

from collections.abc import Sequence as Sequence_
from dataclasses import dataclass, replace
from enum import Enum, StrEnum
from typing import NamedTuple

from game import actions as A
from game import sequences as seqs
from game.actions import FIFTY, TERZ, Action, Kind
from game.cards import (
    PLAIN_POINTS,
    PLAIN_STRENGTH,
    RANK_OF,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
    Card,
    Rank,
    Suit,
    validate_deck,
)
from game.errors import IllegalAction
from game.rules import BelleProtection, BelleWhen, Etiquette, FirstLead, Round2, Rules
from game.scoring import (
    BELLE_POINTS,
    DealResult,
    MatchContext,
    Outcome,
    Penalty,
    PlayFacts,
    gave_up,
    offer_accepted,
    score_deal,
    unscored,
)
from game.sequences import Sequence

# Deck positions of the dealing convention (module docstring); ``build_deck`` is its inverse.
NON_DEALER_FIRST = (0, 1, 2, 6, 7, 8)
DEALER_FIRST = (3, 4, 5, 9, 10, 11)
VSKRYSHKA = 12
NON_DEALER_MORE = (13, 14, 15)
DEALER_MORE = (16, 17, 18)
FREZA = 31


def build_deck(
    non_dealer: Sequence_[Card], dealer: Sequence_[Card], face_up: Card, freza: Card | None = None,
    rest: Sequence_[Card] = (),
) -> list[Card]:
    """A deck order that deals the intended hands (for tests, samples and drills).

    ``non_dealer`` / ``dealer``: 6 or 9 cards, the first six dealt at once and the next three after the
    order; ``rest`` fixes the order of some undealt cards; every card not named fills the gaps in deck
    order, so the result is deterministic. Raises ``ValueError`` on a bad hand.
    """
    if len(non_dealer) not in (6, 9) or len(dealer) not in (6, 9):
        raise ValueError(f"hands must have 6 or 9 cards, got {len(non_dealer)} and {len(dealer)}")
    named = [*non_dealer, *dealer, face_up, *([] if freza is None else [freza]), *rest]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    deck: list[Card | None] = [None] * 32
    for positions, cards in (
        (NON_DEALER_FIRST + NON_DEALER_MORE, non_dealer),
        (DEALER_FIRST + DEALER_MORE, dealer),
    ):
        for i, card in zip(positions, cards, strict=False):
            deck[i] = card
    deck[VSKRYSHKA] = face_up
    if freza is not None:
        deck[FREZA] = freza
    taken = set(named)
    fill = iter([*rest, *(c for c in Card if c not in taken)])
    return [c if c is not None else next(fill) for c in deck]


class Phase(StrEnum):
    BIDDING_1 = "bidding_1"
    BIDDING_2 = "bidding_2"
    OFFER = "offer"  # «с предложением»: the trump is fixed, the last three cards not yet dealt
    PLAY = "play"  # includes the swap, the announcement dialog and belle
    CLAIM = "claim"  # the score-keeping: a player who reached the target may claim the game
    OVER = "over"


class Dialog(Enum):
    """Where the first trick's announcement dialog stands."""

    OPEN = 0  # nobody has announced (the leader may; after the leader's silence the second may)
    ANNOUNCED = 1  # the leader announced a class; the second must answer
    ROST_ASKED = 2  # «рост?»: the leader must name the top card
    TOP_TOLD = 3  # the second says «пишет» or «у меня старше»
    CLOSED = 4


class Event(NamedTuple):
    """Something that happened, for the UI to show. Events carry only public information."""

    kind: str
    seat: int | None = None
    card: Card | None = None
    value: int = 0
    detail: str = ""


class Trick(NamedTuple):
    leader: int
    cards: tuple[Card, Card]  # in play order
    winner: int


@dataclass(frozen=True, slots=True)
class DealView:
    """What one seat may know. Bots and the UI get only this — never the deal itself."""

    seat: int
    rules: Rules
    dealer: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    opponent_cards: int
    face_up: Card  # the вскрышка (the trump seven after a swap)
    first_trump: Suit
    trump: Suit | None
    bidder: int | None
    freza: Card | None
    leader: int | None  # who leads the first trick
    history: tuple[tuple[int, Action], ...]  # every action so far: all are spoken or played openly
    trick: tuple[Card, ...]
    trick_leader: int | None
    tricks: tuple[Trick, ...]
    card_points: tuple[int, int]
    known_opponent_cards: tuple[Card, ...]  # taken by a swap, shown in sequences or belle, not yet played
    shown: tuple[tuple[Card, ...], tuple[Card, ...]]  # counted sequences, shown after the first trick
    legal: tuple[Action, ...]
    context: MatchContext
    result: DealResult | None  # the breakdown once scored (in the claim phase: before any claim)
    told_top: Card | None = None  # the top card the leader named after «рост?»
    sequence_owner: int | None = None  # who won the comparison of sequences (public once decided)
    sequence_points: int = 0  # what that player's counted sequences are worth
    belle_declared: tuple[bool, bool] = (False, False)
    penalties: tuple[Penalty, ...] = ()  # strict-etiquette faults so far (all public)
    stake: int = 1  # «даве»: the one-deal game's stake multiplier now
    dave_owner: int | None = None  # who may raise next (None: either, on lead); the last to accept


def _bit(card: int) -> int:
    return 1 << card


def _well_formed(action: object) -> bool:
    """Does ``action`` have the shape of its kind (as ``Action.parse`` would build it)?"""
    if not isinstance(action, Action) or not isinstance(action.kind, Kind):
        return False
    kind, card, suit, value = action
    if type(value) is not int:
        return False
    if kind is Kind.PLAY:
        return isinstance(card, Card) and suit is None and value in (0, 1)
    if kind is Kind.NAME:
        return card is None and isinstance(suit, Suit) and value == 0
    if kind is Kind.ANNOUNCE:
        return card is None and suit is None and value in (TERZ, FIFTY)
    if kind in (Kind.ANSWER_PASSES, Kind.ANSWER_OFFER, Kind.ANSWER_DAVE):
        return card is None and suit is None and value in (0, 1)
    return card is None and suit is None and value == 0


class Deal:
    """A single deal. Seats are 0 and 1; the non-dealer speaks and (by default) leads first."""

    def __init__(
        self, rules: Rules, dealer: int, deck: list[Card] | tuple[Card, ...], context: MatchContext | None = None
    ) -> None:
        if dealer not in (0, 1):
            raise ValueError(f"dealer must be seat 0 or 1, got {dealer!r}")
        self.rules = rules
        self.dealer = dealer
        self.deck: tuple[Card, ...] = tuple(validate_deck(deck))
        self.context = context or MatchContext()
        nd = 1 - dealer
        d = self.deck
        self.hands: list[list[Card]] = [[], []]
        self.hands[nd] = [d[i] for i in NON_DEALER_FIRST]
        self.hands[dealer] = [d[i] for i in DEALER_FIRST]
        self.vskryshka: Card = d[VSKRYSHKA]
        self.face_up: Card = d[VSKRYSHKA]
        self.first_trump: Suit = Suit(d[VSKRYSHKA] // 8)
        self.freza: Card | None = None
        self.phase = Phase.BIDDING_1
        self.to_act = nd
        self.trump: Suit | None = None
        self.bidder: int | None = None
        self.history: list[tuple[int, Action]] = []
        self.passes = 0
        # play
        self.leader: int | None = None
        self.trick: list[Card] = []
        self.trick_leader: int | None = None
        self.tricks: list[Trick] = []
        self.card_points = [0, 0]
        self.tricks_won = [0, 0]
        self.played = [False, False]  # has played a card
        self.spoke = [False, False]  # has taken part in the dialog (no swap after that)
        self.full_hand: list[list[Card]] = [[], []]  # the 9 cards before play, for sequences
        self.swapped_by: int | None = None
        self.asked_passes: int | None = None  # who asked «проходит ли мой терц?»
        self.pending_answer: int | None = None  # who must answer it now
        self.dialog = Dialog.OPEN
        self.announced: int = 0  # class the leader announced
        self.told_top: Card | None = None
        self.seq_owner: int | None = None
        self.counted: list[Sequence] = []
        self.penalties: list[Penalty] = []
        self.belle_owner: int | None = None
        self.belle_declared = [False, False]
        self.belle_card: Card | None = None  # the card that declared belle (protection)
        self.belle_lost = False
        self.claim: tuple[int, bool] | None = None
        self.claim_order: list[int] = []
        self.outcome = Outcome.PLAYED
        self.offer_by: int | None = None  # «с предложением»: the offer waiting for an answer
        self.offer: tuple[int, bool] | None = None  # who offered 50 and whether it was accepted
        self.stake = 1  # «даве»: the stake multiplier
        self.dave_owner: int | None = None  # who may raise next (None: either)
        self.dave_by: int | None = None  # the raise waiting for an answer
        self.result: DealResult | None = None
        self._legal: list[Action] | None = None

    # ------------------------------------------------------------------ queries

    def current_player(self) -> int | None:
        if self.phase is Phase.OVER:
            return None
        if self.pending_answer is not None:
            return self.pending_answer
        if self.dialog is Dialog.ROST_ASKED:
            return self.leader
        return self.to_act

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(self.hands[seat])

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act, in a fixed order."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    # ------------------------------------------------------------------ legal actions

    def _compute_legal(self) -> list[Action]:
        ph = self.phase
        if ph is Phase.BIDDING_1:
            return [A.ORDER, A.PASS]
        if ph is Phase.BIDDING_2:
            out = [A.name(s) for s in Suit if s != self.first_trump]
            if not (self.rules.round2 is Round2.DEALER_MUST_CHOOSE and self.to_act == self.dealer):
                out.append(A.PASS)
            return out
        if ph is Phase.CLAIM:
            p = self.to_act
            if self._strict() or self._claim_is_true(p):
                return [A.CLAIM, A.NO_CLAIM]
            return [A.NO_CLAIM]
        if ph is Phase.OVER:
            return []
        if ph is Phase.OFFER:
            if self.offer_by is not None:
                return [A.answer_offer(True), A.answer_offer(False)]
            return [A.OFFER, A.NO_OFFER]
        if self.dave_by is not None:
            return [A.answer_dave(True), A.answer_dave(False)]
        if self.pending_answer is not None:
            truth = self._passes_truth()
            return [A.answer_passes(truth), A.answer_passes(not truth)] if self._strict() else [A.answer_passes(truth)]
        if self.dialog is Dialog.ROST_ASKED:
            return [A.TELL_TOP]
        return self._play_phase_actions()

    def _strict(self) -> bool:
        return self.rules.etiquette is Etiquette.STRICT

    def _play_phase_actions(self) -> list[Action]:
        p = self.to_act
        rules = self.rules
        out: list[Action] = []
        first_card = not self.played[p]
        must_answer = False
        if first_card:
            if not self.spoke[p] and self._can_swap(p):
                out.append(A.SWAP)
                if self.asked_passes is None and self._holds_nine_terz(p):
                    out.append(A.ASK_PASSES)
            if rules.four_sevens_redeal and sum(1 for c in self.hands[p] if c % 8 == Rank.SEVEN) == 4:
                out.append(A.FOUR_SEVENS)
            if p == self.leader:
                if self.dialog is Dialog.OPEN and not self.spoke[p]:
                    out.extend(self._announce_options(p))
            elif self.dialog is Dialog.ANNOUNCED:
                out.extend(self._answer_options(p))
                must_answer = True
            elif self.dialog is Dialog.TOP_TOLD:
                out.extend(self._after_top_options(p))
                must_answer = True
            elif self.dialog is Dialog.OPEN and not self.spoke[p]:
                out.extend(self._announce_options(p))
        if must_answer:
            return out
        if self._may_declare_belle(p):
            out.append(A.BELLE)
        if self._may_claim_now(p):
            out.append(A.CLAIM)
        if self._may_dave(p):
            out.append(A.DAVE)
        out.extend(self._card_plays(p))
        return out

    def _may_dave(self, p: int) -> bool:
        """«Даве»: the one-deal game, on lead (before one's card to a trick), and only by the player who
        accepted the last raise (anyone before the first): re-raises alternate."""
        rules = self.rules
        if not rules.dave or rules.target > 0 or self.trick or self.pending_answer is not None:
            return False
        return self.dave_owner is None or self.dave_owner == p

    def _can_swap(self, p: int) -> bool:
        if not self.rules.seven_swap or self.trump != self.first_trump or self.swapped_by is not None:
            return False
        return Card(self.trump * 8 + Rank.SEVEN) in self.hands[p]

    def _holds_nine_terz(self, p: int) -> bool:
        t = self.first_trump * 8
        h = self.hands[p]
        return t + Rank.SEVEN in h and t + Rank.EIGHT in h and t + Rank.NINE in h

    def _announce_options(self, p: int) -> list[Action]:
        if self._strict():
            return [A.announce(TERZ), A.announce(FIFTY)]
        cls = seqs.best_class(self.hands[p], self.rules)
        return [A.announce(cls)] if cls else []

    def _answer_options(self, p: int) -> list[Action]:
        """The second player's answers to the leader's announced class."""
        if self._strict():
            out = [A.announce(FIFTY)] if self.announced == TERZ else []
            return [*out, A.ROST, A.MINE, A.PISHET]
        out = []
        own = seqs.best_class(self.hands[p], self.rules)
        if own > self.announced:
            out.append(A.announce(own))
        elif own == self.announced:
            first = self._first_of(p, own)
            assert first is not None
            if seqs.certainly_higher(first, own, self.trump, self.rules):
                out.append(A.MINE)
            else:
                out.append(A.ROST)
        out.append(A.PISHET)
        return out

    def _after_top_options(self, p: int) -> list[Action]:
        if self._strict() or self._second_is_higher():
            return [A.MINE, A.PISHET]
        return [A.PISHET]

    def _may_declare_belle(self, p: int) -> bool:
        if self.belle_owner != p or self.belle_declared[p]:
            return False
        when = self.rules.belle_when
        if when is BelleWhen.WHEN_PLAYING:
            return False
        held = self._belle_cards_held(p)
        return held == 2 if when is BelleWhen.HOLDING_BOTH else held >= 1

    def _belle_cards_held(self, p: int) -> int:
        assert self.trump is not None
        t = self.trump * 8
        h = self.hands[p]
        return (t + Rank.KING in h) + (t + Rank.QUEEN in h)

    def _may_claim_now(self, p: int) -> bool:
        """After a trick one took (not the last), before the next lead."""
        if not self.rules.claim_required or self.rules.target <= 0 or self.trick or not self.tricks:
            return False
        if self.tricks[-1].winner != p:
            return False
        return self._strict() or self._claim_is_true(p)

    def _card_plays(self, p: int) -> list[Action]:
        hand = self.hands[p]
        cards = self._legal_cards(hand)
        out = [A.play(c) for c in cards]
        if (
            self.rules.belle_when is BelleWhen.WHEN_PLAYING
            and self.belle_owner == p
            and not self.belle_declared[p]
        ):
            assert self.trump is not None
            t = self.trump * 8
            out.extend(A.play(c, belle=True) for c in cards if c == t + Rank.KING or c == t + Rank.QUEEN)
        return out

    def _legal_cards(self, hand: list[Card]) -> list[Card]:
        if not self.trick:
            return sorted(hand)
        led = self.trick[0]
        suit = led // 8
        trump = self.trump
        follow = [c for c in hand if c // 8 == suit]
        if follow:
            if suit == trump:
                higher = [c for c in follow if TRUMP_STRENGTH[c % 8] > TRUMP_STRENGTH[led % 8]]
                if higher:
                    return sorted(higher)
            return sorted(follow)
        trumps = [c for c in hand if c // 8 == trump]
        return sorted(trumps) if trumps else sorted(hand)

    # ------------------------------------------------------------------ truths the dialog depends on

    def _first_of(self, p: int, cls: int) -> Sequence | None:
        hand = self.full_hand[p] if self.played[p] else self.hands[p]
        return seqs.first_of_class(hand, cls, self.trump, self.rules)

    def _second(self) -> int:
        assert self.leader is not None
        return 1 - self.leader

    def _second_best(self) -> Sequence | None:
        found = seqs.find_sequences(self.hands[self._second()], self.trump, self.rules)
        return found[0] if found else None

    def _second_is_higher(self) -> bool:
        """Does the second player's best sequence beat the one the leader announced?"""
        assert self.leader is not None
        mine = self._second_best()
        theirs = self._first_of(self.leader, self.announced)
        if mine is None:
            return False
        if theirs is None:
            return True
        return seqs.beats(mine, False, theirs, self.trump, self.rules)

    def _passes_truth(self) -> bool:
        """Does the asker's терц from the trump nine pass against what the answerer holds?"""
        asker = self.asked_passes
        assert asker is not None and self.leader is not None
        answerer = 1 - asker
        terz = seqs.first_of_class(
            [Card(self.first_trump * 8 + r) for r in (Rank.SEVEN, Rank.EIGHT, Rank.NINE)],
            TERZ, self.trump, self.rules,
        )
        assert terz is not None
        if answerer == self.leader and self.played[answerer]:
            # the leader has spoken already: only what they announced can stop the терц
            if self.dialog is not Dialog.ANNOUNCED:
                return True
            theirs = self._first_of(answerer, self.announced)
        else:
            found = seqs.find_sequences(self.hands[answerer], self.trump, self.rules)
            theirs = found[0] if found else None
        if theirs is None:
            return True
        return seqs.beats(terz, asker == self.leader, theirs, self.trump, self.rules)

    def _points_so_far(self, p: int) -> int:
        pts = self.card_points[p]
        if self.seq_owner == p and not (self.rules.sequences_need_trick and self.tricks_won[p] == 0):
            pts += sum(s.points for s in self.counted)
        if self._belle_counts(p):
            pts += BELLE_POINTS
        return pts

    def _belle_counts(self, p: int) -> bool:
        """Is ``p``'s belle declared and (with protection) kept? With ``king_or_queen`` only once its K or Q
        has taken a trick: until then (a claim during play) it does not count yet."""
        if not self.belle_declared[p] or self.belle_lost:
            return False
        if self.rules.belle_protection is not BelleProtection.KING_OR_QUEEN:
            return True
        assert self.trump is not None
        pair = (self.trump * 8 + Rank.KING, self.trump * 8 + Rank.QUEEN)
        return any(t.winner == p and t.cards[0 if t.leader == p else 1] in pair for t in self.tricks)

    def _claim_is_true(self, p: int) -> bool:
        if self.phase is Phase.CLAIM:
            assert self.result is not None
            return self.result.scores_after[p] >= self.rules.target
        return self.context.scores[p] + self._points_so_far(p) >= self.rules.target

    # ------------------------------------------------------------------ applying actions

    def apply(self, action: Action) -> list[Event]:
        """Apply one action of the player to act; returns what happened. Raises ``IllegalAction``."""
        if not _well_formed(action):
            raise IllegalAction("unknown_action", repr(action))
        if self.phase is Phase.OVER:
            raise IllegalAction("deal_over")
        legal = self._legal if self._legal is not None else self.legal_actions()
        assert legal is not None
        if action not in legal:
            raise IllegalAction(self._why_illegal(action), str(action))
        seat = self.current_player()
        assert seat is not None
        self._legal = None
        self.history.append((seat, action))
        kind = action.kind
        if kind is Kind.PLAY:
            assert action.card is not None
            return self._play(seat, action.card, bool(action.value))
        handler = _HANDLERS[kind]
        return handler(self, seat, action)

    def _why_illegal(self, action: Action) -> str:
        """Name the rule an action breaks (for the message; legality itself is ``legal_actions``)."""
        legal = self._legal or []
        if not isinstance(action, Action) or not isinstance(action.kind, Kind):
            return "unknown_action"
        ph = self.phase
        kind = action.kind
        if ph is Phase.BIDDING_1:
            return "round1_bid"
        if ph is Phase.BIDDING_2:
            if kind is Kind.PASS:
                return "dealer_must_choose"
            return "round2_other_suit"
        if ph is Phase.CLAIM:
            return "claim_false" if kind is Kind.CLAIM else "wrong_phase"
        if ph is Phase.OFFER:
            return "answer_offer" if self.offer_by is not None else "offer_window"
        if self.dave_by is not None:
            return "answer_dave"
        if kind in (Kind.OFFER, Kind.NO_OFFER, Kind.ANSWER_OFFER):
            return "offer_window"
        if kind in (Kind.DAVE, Kind.ANSWER_DAVE):
            return "dave_timing"
        if self.pending_answer is not None:
            return "false_answer" if kind is Kind.ANSWER_PASSES else "answer_question"
        p = self.to_act
        if kind is Kind.PLAY:
            assert action.card is not None
            if action.card not in self.hands[p]:
                return "not_in_hand"
            if any(a.kind in (Kind.ROST, Kind.PISHET, Kind.MINE) for a in legal):
                return "answer_first"
            if action.value:
                return "belle_timing" if self.belle_owner == p else "belle_not_held"
            return self._why_card_illegal(action.card)
        if kind is Kind.SWAP:
            if not self.rules.seven_swap:
                return "swap_disabled"
            if self.trump != self.first_trump:
                return "swap_first_trump_only"
            if self.played[p] or self.spoke[p]:
                return "swap_before_first_card"
            return "swap_needs_seven"
        if kind is Kind.ASK_PASSES:
            return "passes_question"
        if kind is Kind.ANNOUNCE:
            if self.played[p]:
                return "announce_before_first_card"
            if self.spoke[p]:
                return "already_announced"
            return "announce_best_first"
        if kind is Kind.ROST:
            own = seqs.best_class(self.hands[p], self.rules)
            return "rost_certainly_higher" if own >= self.announced and self.announced else "rost_needs_same_class"
        if kind is Kind.MINE:
            return "mine_not_higher"
        if kind is Kind.BELLE:
            return "belle_timing" if self.belle_owner == p else "belle_not_held"
        if kind is Kind.FOUR_SEVENS:
            return "four_sevens"
        if kind is Kind.CLAIM:
            return "claim_false" if self._may_claim_position(p) else "claim_timing"
        return "wrong_phase"

    def _may_claim_position(self, p: int) -> bool:
        return bool(self.rules.claim_required and not self.trick and self.tricks and self.tricks[-1].winner == p)

    def _why_card_illegal(self, card: Card) -> str:
        led = self.trick[0]
        suit = led // 8
        hand = self.hands[self.to_act]
        if card // 8 != suit and any(c // 8 == suit for c in hand):
            return "follow_suit"
        if card // 8 == suit == self.trump:
            return "must_overtrump"
        return "must_trump"

    # bidding ---------------------------------------------------------------

    def _bid(self, seat: int, action: Action) -> list[Event]:
        events = [Event("bid", seat, detail=str(action))]
        if action.kind is Kind.PASS:
            self.passes += 1
            if self.passes == 2:
                self.phase = Phase.BIDDING_2
            elif self.passes == 4:
                return events + self._finish_unscored(Outcome.REDEAL_PASSES)
            self.to_act = 1 - seat
            return events
        trump = self.first_trump if action.kind is Kind.ORDER else action.suit
        assert trump is not None
        self.trump = trump
        self.bidder = seat
        if self.rules.offer_fifty and self.rules.target > 0:
            # «с предложением»: the window before the last three cards; the вистующий speaks first
            self.phase = Phase.OFFER
            self.to_act = 1 - seat
            return [*events, Event("trump", seat, value=int(trump))]
        return events + self._complete_deal()

    def _complete_deal(self, trump_event: bool = True) -> list[Event]:
        nd = 1 - self.dealer
        d = self.deck
        self.hands[nd] += [d[i] for i in NON_DEALER_MORE]
        self.hands[self.dealer] += [d[i] for i in DEALER_MORE]
        self.freza = d[FREZA]
        self.phase = Phase.PLAY
        lead = self.rules.first_lead
        assert self.bidder is not None
        if lead is FirstLead.BIDDER:
            self.leader = self.bidder
        elif lead is FirstLead.NON_BIDDER:
            self.leader = 1 - self.bidder
        else:
            self.leader = nd
        self.to_act = self.leader
        self.trick_leader = self.leader
        self._find_belle_owner()
        assert self.trump is not None
        dealt = Event("dealt", None, card=self.freza)
        return [Event("trump", self.bidder, value=int(self.trump)), dealt] if trump_event else [dealt]

    # «с предложением» and «даве» ----------------------------------------------

    def _offer(self, seat: int, action: Action) -> list[Event]:
        self.offer_by = seat
        self.to_act = 1 - seat
        return [Event("offer", seat)]

    def _no_offer(self, seat: int, action: Action) -> list[Event]:
        events = [Event("no_offer", seat)]
        if seat != self.bidder:  # the вистующий let it pass: now the bidder may offer
            assert self.bidder is not None
            self.to_act = self.bidder
            return events
        return events + self._complete_deal(trump_event=False)

    def _answer_offer(self, seat: int, action: Action) -> list[Event]:
        offerer = self.offer_by
        assert offerer is not None and self.bidder is not None
        self.offer_by = None
        events = [Event("offer_answer", seat, value=action.value)]
        if action.value:
            self.offer = (offerer, True)
            self.outcome = Outcome.OFFER_ACCEPTED
            self._set_result(offer_accepted(offerer, self.bidder, self.context))
            return [*events, Event("over", None)]
        self.offer = (offerer, False)  # refused: the window closes, the cards are dealt, play goes on
        return events + self._complete_deal(trump_event=False)

    def _dave(self, seat: int, action: Action) -> list[Event]:
        self.dave_by = seat
        self.to_act = 1 - seat
        return [Event("dave", seat, value=self.stake * 2)]

    def _answer_dave(self, seat: int, action: Action) -> list[Event]:
        raiser = self.dave_by
        assert raiser is not None and self.bidder is not None
        self.dave_by = None
        events = [Event("dave_answer", seat, value=action.value)]
        if action.value:
            self.stake *= 2
            self.dave_owner = seat
            self.to_act = raiser
            return events
        self.outcome = Outcome.GAVE_UP
        points = (self.card_points[0], self.card_points[1])
        self._set_result(gave_up(raiser, self.bidder, points, self.context, self.stake))
        return [*events, Event("over", raiser)]

    def _find_belle_owner(self) -> None:
        self.belle_owner = None
        for p in (0, 1):
            if self._belle_cards_held(p) == 2:
                self.belle_owner = p

    # before the first card ---------------------------------------------------

    def _swap(self, seat: int, action: Action) -> list[Event]:
        assert self.trump is not None
        seven = Card(self.trump * 8 + Rank.SEVEN)
        hand = self.hands[seat]
        hand[hand.index(seven)] = self.face_up
        taken = self.face_up
        self.face_up = seven
        self.swapped_by = seat
        self._find_belle_owner()
        return [Event("swap", seat, card=taken)]

    def _ask_passes(self, seat: int, action: Action) -> list[Event]:
        self.asked_passes = seat
        self.pending_answer = 1 - seat
        return [Event("ask_passes", seat)]

    def _answer_passes(self, seat: int, action: Action) -> list[Event]:
        if bool(action.value) != self._passes_truth():
            self.penalties.append(Penalty(seat, "false_answer"))
        self.pending_answer = None
        return [Event("answer_passes", seat, value=action.value)]

    def _four_sevens(self, seat: int, action: Action) -> list[Event]:
        return [Event("four_sevens", seat), *self._finish_unscored(Outcome.REDEAL_FOUR_SEVENS)]

    def _announce(self, seat: int, action: Action) -> list[Event]:
        cls = action.value
        self.spoke[seat] = True
        events = [Event("announce", seat, value=cls)]
        first = self._first_of(seat, cls)
        if first is None:
            self.penalties.append(Penalty(seat, "false_announcement"))
            events.append(Event("penalty", seat, detail="false_announcement"))
            if seat != self.leader:
                if self.dialog is Dialog.ANNOUNCED:
                    # a false higher class does not beat the leader's true announcement: it stands
                    assert self.leader is not None
                    return events + self._resolve(self.leader, self.announced)
                self.dialog = Dialog.CLOSED
            return events
        if seat == self.leader:
            self.announced = cls
            self.dialog = Dialog.ANNOUNCED
            return events
        # the second player: a higher class over the leader's, or an announcement after the leader's silence
        return events + self._resolve(seat, cls)

    def _rost(self, seat: int, action: Action) -> list[Event]:
        self.spoke[seat] = True
        events = [Event("rost", seat)]
        own = self._first_of(seat, self.announced)
        if own is None:
            self.penalties.append(Penalty(seat, "false_rost"))
            return events + [Event("penalty", seat, detail="false_rost")] + self._resolve(1 - seat, self.announced)
        best = seqs.find_sequences(self.hands[seat], self.trump, self.rules)[0]
        if seqs.certainly_higher(best, self.announced, self.trump, self.rules):
            self.penalties.append(Penalty(seat, "rost_certainly_higher"))
            events.append(Event("penalty", seat, detail="rost_certainly_higher"))
            return events + self._resolve(1 - seat, self.announced)
        self.dialog = Dialog.ROST_ASKED
        return events

    def _tell_top(self, seat: int, action: Action) -> list[Event]:
        first = self._first_of(seat, self.announced)
        assert first is not None
        self.dialog = Dialog.TOP_TOLD
        self.told_top = first.top_card
        return [Event("top", seat, card=first.top_card, value=int(first.suit == self.trump))]

    def _pishet(self, seat: int, action: Action) -> list[Event]:
        self.spoke[seat] = True
        assert self.leader is not None
        return [Event("pishet", seat), *self._resolve(self.leader, self.announced)]

    def _mine(self, seat: int, action: Action) -> list[Event]:
        self.spoke[seat] = True
        assert self.leader is not None
        events = [Event("mine", seat)]
        if self._second_is_higher():
            best = self._second_best()
            assert best is not None
            return events + self._resolve(seat, best.length)
        self.penalties.append(Penalty(seat, "false_mine"))
        return events + [Event("penalty", seat, detail="false_mine")] + self._resolve(self.leader, self.announced)

    def _resolve(self, winner: int, cls: int) -> list[Event]:
        """The comparison is decided: the winner scores the first sequence and all others not higher."""
        self.dialog = Dialog.CLOSED
        first = self._first_of(winner, cls)
        if first is None:
            return []
        hand = self.full_hand[winner] if self.played[winner] else self.hands[winner]
        self.seq_owner = winner
        self.counted = seqs.counted_sequences(hand, first, self.trump, self.rules)
        return [Event("sequences", winner, value=sum(s.points for s in self.counted))]

    def _belle(self, seat: int, action: Action) -> list[Event]:
        self.belle_declared[seat] = True
        return [Event("belle", seat)]

    # play ---------------------------------------------------------------------

    def _play(self, seat: int, card: Card, belle: bool) -> list[Event]:
        events: list[Event] = []
        if not self.played[seat]:
            self.full_hand[seat] = list(self.hands[seat])
            self.played[seat] = True
            if seat != self.leader and self.dialog is Dialog.OPEN:
                self.dialog = Dialog.CLOSED
        if belle:
            self.belle_declared[seat] = True
            self.belle_card = card
            events.append(Event("belle", seat, card=card))
        self.hands[seat].remove(card)
        self.trick.append(card)
        events.append(Event("play", seat, card=card))
        if len(self.trick) == 1:
            self.to_act = 1 - seat
            return events
        return events + self._finish_trick()

    def _finish_trick(self) -> list[Event]:
        lead_card, second_card = self.trick
        assert self.trick_leader is not None and self.trump is not None
        trump = self.trump
        ls, ss = lead_card // 8, second_card // 8
        if ss == ls:
            table = TRUMP_STRENGTH if ls == trump else PLAIN_STRENGTH
            second_wins = table[second_card % 8] > table[lead_card % 8]
        else:
            second_wins = ss == trump
        winner = 1 - self.trick_leader if second_wins else self.trick_leader
        pts = 0
        for c in (lead_card, second_card):
            pts += TRUMP_POINTS[c % 8] if c // 8 == trump else PLAIN_POINTS[c % 8]
        self.card_points[winner] += pts
        self.tricks_won[winner] += 1
        self.tricks.append(Trick(self.trick_leader, (lead_card, second_card), winner))
        protection = self.rules.belle_protection
        if (
            protection is BelleProtection.DECLARING_CARD
            and self.belle_card is not None
            and self.belle_card in self.trick
        ):
            owner_card_won = (self.trick.index(self.belle_card) == 0) != second_wins
            if not owner_card_won:
                self.belle_lost = True
        self.trick = []
        self.trick_leader = winner
        self.to_act = winner
        events = [Event("trick", winner, value=pts)]
        if len(self.tricks) == 9:
            events += self._score()
        return events

    def _claim(self, seat: int, action: Action) -> list[Event]:
        true = self._claim_is_true(seat)
        self.claim = (seat, true)
        events = [Event("claim", seat, value=int(true))]
        if not true:
            self.penalties.append(Penalty(seat, "false_claim"))
            events.append(Event("penalty", seat, detail="false_claim"))
        if self.phase is Phase.CLAIM:
            assert self.result is not None
            self._set_result(self._with_claim(self.result))
            return events + [Event("over", seat)]
        self.outcome = Outcome.CLAIMED
        return events + self._score()

    def _no_claim(self, seat: int, action: Action) -> list[Event]:
        self.claim_order.pop(0)
        if self.claim_order:
            self.to_act = self.claim_order[0]
            return []
        assert self.result is not None
        self._set_result(self.result)
        return [Event("over", None)]

    # scoring -------------------------------------------------------------------

    def _score(self) -> list[Event]:
        assert self.bidder is not None
        belle = [0, 0]
        for p in (0, 1):
            if self._belle_counts(p):
                belle[p] = BELLE_POINTS
        finished = len(self.tricks) == 9
        facts = PlayFacts(
            bidder=self.bidder,
            card_points=(self.card_points[0], self.card_points[1]),
            tricks=(self.tricks_won[0], self.tricks_won[1]),
            last_trick=self.tricks[-1].winner if finished else None,
            sequences=tuple((s.describe(), s.points) for s in self.counted),
            sequence_owner=self.seq_owner,
            belle=(belle[0], belle[1]),
            penalties=tuple(self.penalties),
        )
        result = score_deal(facts, self.context, self.rules, self.outcome)
        if self.offer is not None or self.stake != 1:
            result = replace(result, offer=self.offer, stake=self.stake)
        if self.outcome is Outcome.CLAIMED:
            self._set_result(self._with_claim(result))
            return [Event("over", None)]
        self.result = result
        target = self.rules.target
        if self.rules.claim_required and target > 0:
            reached = [p for p in (0, 1) if result.scores_after[p] >= target]
            if reached:
                last = self.tricks[-1].winner
                order = [last, 1 - last]
                self.claim_order = order if self._strict() else [p for p in order if p in reached]
                self.phase = Phase.CLAIM
                self.to_act = self.claim_order[0]
                return [Event("scored", None)]
        self._set_result(result)
        return [Event("scored", None), Event("over", None)]

    def _with_claim(self, result: DealResult) -> DealResult:
        return replace(result, claim=self.claim, penalties=tuple(self.penalties))

    def _set_result(self, result: DealResult) -> None:
        self.result = result
        self.phase = Phase.OVER
        self._legal = []

    def _finish_unscored(self, outcome: Outcome) -> list[Event]:
        self.outcome = outcome
        self._set_result(unscored(outcome, self.context))
        return [Event("redeal", None, detail=outcome.value), Event("over", None)]

    # ------------------------------------------------------------------ views

    def shown_cards(self, seat: int) -> tuple[Card, ...]:
        """The counted sequences of ``seat``, shown to the table after the first trick."""
        if self.seq_owner != seat or not self.tricks:
            return ()
        return tuple(c for s in self.counted for c in s.cards)

    def view(self, seat: int) -> DealView:
        opp = 1 - seat
        in_opp_hand = set(self.hands[opp])
        known: list[Card] = []
        if self.swapped_by == opp and self.vskryshka in in_opp_hand:
            known.append(self.vskryshka)
        known.extend(c for c in self.shown_cards(opp) if c in in_opp_hand and c not in known)
        if self.belle_declared[opp] and self.trump is not None:
            t = self.trump * 8
            known.extend(Card(t + r) for r in (Rank.KING, Rank.QUEEN) if t + r in in_opp_hand and t + r not in known)
        legal = tuple(self.legal_actions()) if self.current_player() == seat else ()
        return DealView(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.current_player(),
            hand=tuple(sorted(self.hands[seat])),
            opponent_cards=len(self.hands[opp]),
            face_up=self.face_up,
            first_trump=self.first_trump,
            trump=self.trump,
            bidder=self.bidder,
            freza=self.freza,
            leader=self.leader,
            history=tuple(self.history),
            trick=tuple(self.trick),
            trick_leader=self.trick_leader if self.phase is Phase.PLAY else None,
            tricks=tuple(self.tricks),
            card_points=(self.card_points[0], self.card_points[1]),
            known_opponent_cards=tuple(known),
            shown=(self.shown_cards(0), self.shown_cards(1)),
            legal=legal,
            context=self.context,
            result=self.result if self.phase in (Phase.OVER, Phase.CLAIM) else None,  # provisional in CLAIM
            told_top=self.told_top,
            sequence_owner=self.seq_owner,
            sequence_points=sum(s.points for s in self.counted),
            belle_declared=(self.belle_declared[0], self.belle_declared[1]),
            penalties=tuple(self.penalties),
            stake=self.stake,
            dave_owner=self.dave_owner,
        )


_HANDLERS = {
    Kind.ORDER: Deal._bid,
    Kind.PASS: Deal._bid,
    Kind.NAME: Deal._bid,
    Kind.SWAP: Deal._swap,
    Kind.ASK_PASSES: Deal._ask_passes,
    Kind.ANSWER_PASSES: Deal._answer_passes,
    Kind.FOUR_SEVENS: Deal._four_sevens,
    Kind.ANNOUNCE: Deal._announce,
    Kind.ROST: Deal._rost,
    Kind.TELL_TOP: Deal._tell_top,
    Kind.PISHET: Deal._pishet,
    Kind.MINE: Deal._mine,
    Kind.BELLE: Deal._belle,
    Kind.CLAIM: Deal._claim,
    Kind.NO_CLAIM: Deal._no_claim,
    Kind.OFFER: Deal._offer,
    Kind.NO_OFFER: Deal._no_offer,
    Kind.ANSWER_OFFER: Deal._answer_offer,
    Kind.DAVE: Deal._dave,
    Kind.ANSWER_DAVE: Deal._answer_dave,
}

__all__ = ["RANK_OF", "Deal", "DealView", "Dialog", "Event", "Phase", "Trick"]
