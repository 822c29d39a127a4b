"""One deal as an explicit state machine: bidding, the draw, the swap, the announcement dialog, play, scoring.

``Deal(rules, dealer, deck)`` is fully defined by the deck order; ``apply`` re-applies actions one by one
(replays, saves, undo and the bots' search all use this one path). ``legal_actions`` lists exactly what
may be done now; anything else raises ``IllegalAction`` naming the rule it breaks.

How a deck order is dealt (index 0 = top of the deck):
  0-2 to the non-dealer, 3-5 to the dealer, 6-8 non-dealer, 9-11 dealer; 12 is turned up (вскрышка);
  after the order 13-15 go to the non-dealer and 16-18 to the dealer; 31 (the bottom) is the фреза.
Three players (``rules.players == 3``; ``positions``): the same rule with three hands, from the dealer's left
(L1, L2, the dealer D last): 0-2 L1, 3-5 L2, 6-8 D, 9-11 L1, 12-14 L2, 15-17 D; 18 the вскрышка; after the
order 19-21 L1, 22-24 L2, 25-27 D; 31 the фреза. Seats sit clockwise and play goes left: ``(seat + 1) % n``.
"""

from __future__ import annotations

from collections.abc import Sequence as Sequence_
from dataclasses import dataclass, replace
from enum import Enum, StrEnum
from functools import cache
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
from game.enums import NoTruth
from game.errors import IllegalAction
from game.rules import BelleProtection, BelleWhen, Etiquette, FirstLead, Round2, Rules
from game.scoring import (
    BELLE_POINTS,
    DealResult,
    MatchContext,
    Outcome,
    Penalty,
    PenaltyReason,
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


class Positions(NamedTuple):
    """Where each hand comes from in the deck, for ``players`` seats; hands in dealing order (the dealer last)."""

    first: tuple[tuple[int, ...], ...]  # the six cards dealt before the bidding, per hand in dealing order
    more: tuple[tuple[int, ...], ...]  # the three dealt after the order
    vskryshka: int


@cache
def positions(players: int) -> Positions:
    """The dealing convention for 2 or 3 players (module docstring): 3 + 3 each, the вскрышка, 3 more each."""
    first = tuple(tuple(r * 3 * players + 3 * i + k for r in (0, 1) for k in range(3)) for i in range(players))
    vsk = 6 * players
    more = tuple(tuple(vsk + 1 + 3 * i + k for k in range(3)) for i in range(players))
    return Positions(first, more, vsk)


@cache
def dealing_order(dealer: int, players: int) -> tuple[int, ...]:
    """Seats in the order cards are dealt and bids spoken: the dealer's left first, the dealer last."""
    return tuple((dealer + 1 + i) % players for i in range(players))


def build_deck_n(
    hands: Sequence_[Sequence_[Card]], face_up: Card, freza: Card | None = None, rest: Sequence_[Card] = ()
) -> list[Card]:
    """``build_deck`` for any number of hands, given in dealing order (the dealer's left first, the dealer
    last); each hand 6 or 9 cards. For three players: three hands."""
    n = len(hands)
    if n not in (2, 3) or any(len(h) not in (6, 9) for h in hands):
        raise ValueError("2 or 3 hands of 6 or 9 cards")
    named = [*(c for h in hands for c in h), face_up, *([] if freza is None else [freza]), *rest]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    pos = positions(n)
    deck: list[Card | None] = [None] * 32
    for i, hand in enumerate(hands):
        for j, card in zip(pos.first[i] + pos.more[i], hand, strict=False):
            deck[j] = card
    deck[pos.vskryshka] = face_up
    if freza is not None:
        deck[FREZA] = freza
    taken = set(named)
    fill = iter([*rest, *(c for c in Card if c not in taken)])
    return [c if c is not None else next(fill) for c in deck]


def build_deck(
    non_dealer: Sequence_[Card],
    dealer: Sequence_[Card],
    face_up: Card,
    freza: Card | None = None,
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


class Phase(NoTruth, StrEnum):
    BIDDING_1 = "bidding_1"
    BIDDING_2 = "bidding_2"
    OFFER = "offer"  # «с предложением»: the trump is fixed, the last three cards not yet dealt
    PLAY = "play"  # includes the swap, the announcement dialog and belle
    CLAIM = "claim"  # the score-keeping: a player who reached the target may claim the game
    OVER = "over"


class Dialog(NoTruth, Enum):
    """Where the first trick's announcement dialog stands."""

    OPEN = 0  # nobody has announced (the leader may; after the leader's silence the second may)
    ANNOUNCED = 1  # the leader announced a class; the second must answer
    ROST_ASKED = 2  # «рост?»: the leader must name the top card
    TOP_TOLD = 3  # the second says «пишет» or «у меня старше»
    CLOSED = 4


class EventKind(NoTruth, StrEnum):
    """What an ``Event`` tells; equal to its old string (records and words keep the strings)."""

    DEALT = "dealt"
    BID = "bid"
    TRUMP = "trump"
    OFFER = "offer"
    NO_OFFER = "no_offer"
    OFFER_ANSWER = "offer_answer"
    DAVE = "dave"
    DAVE_ANSWER = "dave_answer"
    SWAP = "swap"
    ASK_PASSES = "ask_passes"
    ANSWER_PASSES = "answer_passes"
    FOUR_SEVENS = "four_sevens"
    ANNOUNCE = "announce"
    ROST = "rost"
    MINE = "mine"
    PISHET = "pishet"
    TOP = "top"
    SEQUENCES = "sequences"
    BELLE = "belle"
    PLAY = "play"
    TRICK = "trick"
    CLAIM = "claim"
    PENALTY = "penalty"
    SCORED = "scored"
    REDEAL = "redeal"
    OVER = "over"
    GAME_OVER = "game_over"


# ``Event.detail`` of a true ``mine`` (its card: the top card, its value: the class, both shown at once): after
# the top card was named, or at one's first card with a certainly higher sequence; of an ``announce`` that adds a
# partner's sequence to a вистующий's that won («родили …», its card the top card)
MINE_AFTER_TOP = "after_top"
MINE_AT_ONCE = "at_once"
ANNOUNCE_ADDED = "added"


class Event(NamedTuple):
    """Something that happened, for the UI to show. Events carry only public information. ``detail``: the
    reason of a ``penalty`` (a ``PenaltyReason``), of a ``game_over`` (a ``GameOverReason``), of a ``redeal``; the
    bid of a ``bid``; how a true ``mine`` or an added ``announce`` was said (``MINE_AFTER_TOP`` …)."""

    kind: EventKind
    seat: int | None = None
    card: Card | None = None
    value: int = 0
    detail: str = ""


class Trick(NamedTuple):
    leader: int
    cards: tuple[Card, ...]  # in play order (2 or 3 cards)
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
    opponent_cards: int  # cards in the next seat's hand (for two: the opponent's)
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
    card_points: tuple[int, ...]  # per seat
    known_opponent_cards: tuple[Card, ...]  # others' cards taken by a swap, shown in sequences or belle, unplayed
    shown: tuple[tuple[Card, ...], ...]  # per seat: counted sequences, shown after the first trick
    legal: tuple[Action, ...]
    context: MatchContext
    result: DealResult | None  # the breakdown once scored (in the claim phase: before any claim)
    told_top: Card | None = None  # the top card named after «рост?»
    said_top: Card | None = None  # the top card of what stands now, named aloud (after «рост?», or in a «не годится»)
    sequence_owner: int | None = None  # who won the comparison of sequences (public once decided)
    sequence_points: int = 0  # what that player's counted sequences are worth
    belle_declared: tuple[bool, ...] = (False, False)
    penalties: tuple[Penalty, ...] = ()  # strict-etiquette faults so far (all public)
    stake: int = 1  # «даве»: the one-deal game's stake multiplier now
    dave_owner: int | None = None  # who may raise next (None: either, on lead); the last to accept
    hand_sizes: tuple[int, ...] = ()  # cards in each seat's hand
    added_by: int | None = None  # three players: the вистующий whose sequences were added to the winner's
    added_points: int = 0  # what those added sequences are worth

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def own_top_card(self) -> Card | None:
        """The top card of the sequence this seat names for the class it announced last (its hand and the card it
        led): what it tells after «рост?». None before it announced."""
        announced = [a.value for s, a in self.history if s == self.seat and a.kind is Kind.ANNOUNCE]
        if not announced or self.trump is None:
            return None
        cards = list(self.hand)
        if self.trick and self.trick_leader == self.seat:
            cards.append(self.trick[0])
        found = seqs.first_of_class(cards, announced[-1], self.trump, self.rules)
        return None if found is None else found.top_card


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
    """A single deal. Seats are 0..n-1 (n = ``rules.players``); the dealer's left speaks and (by default) leads
    first."""

    def __init__(
        self, rules: Rules, dealer: int, deck: list[Card] | tuple[Card, ...], context: MatchContext | None = None
    ) -> None:
        n = self.n = rules.players
        if dealer not in range(n):
            raise ValueError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
        self.rules = rules
        self.dealer = dealer
        self.deck: tuple[Card, ...] = tuple(validate_deck(deck))
        self.context = context or MatchContext(scores=(0,) * n, baits=(0,) * n)
        self.order = dealing_order(dealer, n)
        nd = self.order[0]
        d = self.deck
        pos = self.positions = positions(n)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        for i, seat in enumerate(self.order):
            self.hands[seat] = [d[j] for j in pos.first[i]]
        self.vskryshka: Card = d[pos.vskryshka]
        self.face_up: Card = d[pos.vskryshka]
        self.first_trump: Suit = Suit(d[pos.vskryshka] // 8)
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
        self.card_points = [0] * n
        self.tricks_won = [0] * n
        self.played = [False] * n  # has played a card
        self.spoke = [False] * n  # has taken part in the dialog (no swap after that)
        self.full_hand: list[list[Card]] = [[] for _ in range(n)]  # the 9 cards before play, for sequences
        self.swapped_by: int | None = None
        self.asked_passes: int | None = None  # who asked «проходит ли мой терц?»
        self.pending_answer: int | None = None  # who must answer it now
        self.answer_queue: list[int] = []  # three players: who answers it after them
        self.dialog = Dialog.OPEN
        self.announced: int = 0  # class the leader announced
        self.told_top: Card | None = None
        self.said_top: Card | None = None  # the top card of the standing announcement as named aloud (DealView)
        self.seq_owner: int | None = None
        self.counted: list[Sequence] = []
        self.penalties: list[Penalty] = []
        self.belle_owner: int | None = None
        self.belle_declared = [False] * n
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
        # three players: the dialog by sides (docs/rules.md, «The dialog for three»)
        self.said = [0] * n  # the class each one announced (0: none)
        self.standing: int | None = None  # whose announcement stands now
        self.certain = False  # it was named as certainly higher («у меня старше» without «рост?»)
        self.rost_by: int | None = None  # who asked «рост?» (answered after the first trick)
        self.speaker: int | None = None  # who must speak now, after the first trick
        self.adding = False  # the speaker may add their sequences to the partner's («родили терц»)
        self.answered: set[int] = set()  # вистующие who have had the word against the bidder's announcement
        self.added_by: int | None = None
        self.added: list[Sequence] = []
        self._legal: list[Action] | None = None

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.n

    # ------------------------------------------------------------------ queries

    def current_player(self) -> int | None:
        if self.phase is Phase.OVER:
            return None
        if self.pending_answer is not None:
            return self.pending_answer
        if self.n == 2 and self.dialog is Dialog.ROST_ASKED:
            return self.leader
        if self.speaker is not None:
            return self.speaker
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
        if self.speaker is not None:
            return self._speaker_options(self.speaker)
        if self.n == 2 and self.dialog is Dialog.ROST_ASKED:
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
            if self.n == 3:
                three, must_answer = self._first_card_options3(p)
                out.extend(three)
            elif p == self.leader:
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

    # three players: the dialog by sides ------------------------------------------

    def side(self, seat: int) -> int:
        """0 for the bidder, 1 for a вистующий (three players compare announcements by sides)."""
        return 0 if seat == self.bidder else 1

    def partner(self, seat: int) -> int | None:
        """The other вистующий (three players), or None for the bidder."""
        if self.n != 3 or seat == self.bidder:
            return None
        return next(p for p in range(3) if p != seat and p != self.bidder)

    def _first_card_options3(self, p: int) -> tuple[list[Action], bool]:
        """Before ``p``'s first card: announce with nothing announced yet, answer the other side's standing
        announcement, or (after a partner's «рост?», or facing one's own side) play in silence."""
        if self.spoke[p]:
            return [], False
        if self.dialog is Dialog.OPEN:
            return self._announce_options(p), False
        if self.dialog is not Dialog.ANNOUNCED or self.standing is None:
            return [], False
        if self.side(self.standing) == self.side(p):  # a partner's announcement: only a higher class, if any
            own = seqs.best_class(self.hands[p], self.rules)
            if self._strict():
                return ([A.announce(FIFTY)] if self.announced == TERZ else []), False
            return ([A.announce(own)] if own > self.announced else []), False
        if self._strict():
            out = [A.announce(FIFTY)] if self.announced == TERZ else []
            return [*out, A.ROST, A.MINE, A.PISHET], True
        out = []
        own = seqs.best_class(self.hands[p], self.rules)
        if own > self.announced:
            out.append(A.announce(own))
        elif own == self.announced and not self.certain:
            first = self._first_of(p, own)
            assert first is not None
            out.append(A.MINE if seqs.certainly_higher(first, own, self.trump, self.rules) else A.ROST)
        out.append(A.PISHET)
        return out, True

    def _speaker_options(self, p: int) -> list[Action]:
        """After the first trick (three players): the top card, «у меня старше» / «пишет», the partner's addition."""
        if self.dialog is Dialog.ROST_ASKED:
            return [A.TELL_TOP]
        if self.adding:
            if self._strict():
                return [A.announce(TERZ), A.announce(FIFTY), A.PISHET]
            own = seqs.best_class(self.full_hand[p], self.rules)
            return [A.announce(own)] if own else [A.PISHET]
        if self._strict() or self._beats_standing(p):
            return [A.MINE, A.PISHET]
        return [A.PISHET]

    def _beats_standing(self, p: int) -> bool:
        """Does ``p``'s best sequence beat the standing announcement? Equal ones: the trump (moscow), then the
        one «объявлена раньше» — of the player whose turn comes first in the first trick (docs/rules.md)."""
        assert self.standing is not None
        found = seqs.find_sequences(self._hand_for_sequences(p), self.trump, self.rules)
        theirs = self._first_of(self.standing, self.announced)
        if not found:
            return False
        if theirs is None:
            return True
        return seqs.beats(found[0], self._plays_before(p, self.standing), theirs, self.trump, self.rules)

    def _plays_before(self, a: int, b: int) -> bool:
        """Does ``a`` play before ``b`` in the first trick?"""
        lead = self.tricks[0].leader if self.tricks else self.leader
        assert lead is not None
        return (a - lead) % self.n < (b - lead) % self.n

    def _challenger3(self) -> int | None:
        """The next вистующий to get the word against the bidder's standing announcement, in the order of play:
        one who has not had it yet and can beat it (strict etiquette: anyone who has not — he answers «пишет»
        or «у меня старше» himself). «Играющему, чтобы записать своё объявление, нужно перебить объявления
        обоих вистующих» (seed 001; docs/rules.md, «The dialog for three»)."""
        if self.standing is None or self.standing != self.bidder or not self.tricks:
            return None
        lead = self.tricks[0].leader
        for v in ((lead + i) % self.n for i in range(self.n)):
            if v != self.bidder and v not in self.answered and (self._strict() or self._beats_standing(v)):
                return v
        return None

    def _heard3(self, seat: int) -> None:
        """``seat`` has had the word against the bidder's standing announcement (or lost its own to it)."""
        if seat != self.bidder:
            self.answered.add(seat)

    def _hand_for_sequences(self, p: int) -> list[Card]:
        return self.full_hand[p] if self.played[p] else self.hands[p]

    def _settle3(self) -> list[Event]:
        """The first trick is down (three players): settle a «рост?»; then a вистующий who has not had the word
        against the bidder's standing announcement gets it; else the standing announcement wins."""
        if self.dialog is Dialog.ROST_ASKED:
            self.speaker = self.standing
            return []
        if self.dialog is Dialog.ANNOUNCED:
            return self._next_word3()
        self.dialog = Dialog.CLOSED
        return []

    def _next_word3(self) -> list[Event]:
        """After an answer: the next who may still beat what stands speaks, else the standing one wins."""
        self.dialog = Dialog.TOP_TOLD if self.told_top is not None else Dialog.ANNOUNCED
        challenger = self._challenger3()
        if challenger is not None:
            self.speaker = challenger
            return []
        assert self.standing is not None
        return self._resolve(self.standing, self.announced)

    def _resolve3_partner(self, winner: int) -> list[Event]:
        """A вистующий's sequences won: the partner's count too — at once if announced, else they may add."""
        self.speaker = None
        partner = self.partner(winner)
        if partner is None:
            return []
        if self.said[partner] and self._first_of(partner, self.said[partner]) is not None:
            return self._add_sequences(partner)
        if self._strict() or seqs.find_sequences(self.full_hand[partner], self.trump, self.rules):
            self.speaker = partner
            self.adding = True
        return []

    def _add_sequences(self, seat: int) -> list[Event]:
        found = seqs.find_sequences(self._hand_for_sequences(seat), self.trump, self.rules)
        self.speaker = None
        self.adding = False
        if not found:
            return []
        self.added_by = seat
        self.added = found
        return [Event(EventKind.SEQUENCES, seat, value=sum(x.points for x in found))]

    def _added_announcement(self, seat: int, cls: int) -> Event:
        """«Родили терц от девятки пиковой»: a partner's sequence added to the вистующий's that won, named as it
        is shown."""
        found = seqs.find_sequences(self._hand_for_sequences(seat), self.trump, self.rules)
        top = found[0].top_card if found else None
        return Event(EventKind.ANNOUNCE, seat, top, cls, ANNOUNCE_ADDED)

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
        if self.rules.belle_when is BelleWhen.WHEN_PLAYING and self.belle_owner == p and not self.belle_declared[p]:
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
        answerer = self.pending_answer if self.pending_answer is not None else self.next_seat(asker)
        terz = seqs.first_of_class(
            [Card(self.first_trump * 8 + r) for r in (Rank.SEVEN, Rank.EIGHT, Rank.NINE)],
            TERZ,
            self.trump,
            self.rules,
        )
        assert terz is not None
        if self.n == 3 and self.played[answerer]:
            # three players: one who has played already is held to what they announced
            if not self.said[answerer]:
                return True
            theirs = self._first_of(answerer, self.said[answerer])
        elif answerer == self.leader and self.played[answerer]:
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

    def _belle_counts(self, p: int) -> bool:
        """Is ``p``'s belle declared and (with protection) kept? With ``king_or_queen`` only once its K or Q
        has taken a trick: until then (a claim during play) it does not count yet."""
        if not self.belle_declared[p] or self.belle_lost:
            return False
        if self.rules.belle_protection is not BelleProtection.KING_OR_QUEEN:
            return True
        assert self.trump is not None
        pair = (self.trump * 8 + Rank.KING, self.trump * 8 + Rank.QUEEN)
        return any(t.winner == p and t.cards[(p - t.leader) % self.n] in pair for t in self.tricks)

    def _claim_is_true(self, p: int) -> bool:
        """At the score-keeping: the sheet after the deal. During play: the sheet as the claim would write it
        (the points taken so far, a penalty's «байт на картах» applied: docs/rules.md, «Claims»)."""
        if self.phase is Phase.CLAIM:
            assert self.result is not None
            return self.result.scores_after[p] >= self.rules.target
        return self.claimed_scores()[p] >= self.rules.target

    def claimed_scores(self) -> tuple[int, ...]:
        """Each seat's sheet total if the game were claimed now, during play (what a claim writes)."""
        return score_deal(self._facts(), self.context, self.rules, Outcome.CLAIMED).scores_after

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

    def why_illegal(self, action: Action) -> str | None:
        """The rule ``action`` would break now (a key of ``errors.RULES``), None if it is legal; nothing is applied.
        The UI asks this to say why a card cannot be played instead of sending it to be refused."""
        if not _well_formed(action):
            return "unknown_action"
        if self.phase is Phase.OVER:
            return "deal_over"
        return None if action in self.legal_actions() else self._why_illegal(action)

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
        if self.speaker is not None:  # three players: the dialog is settled before the next lead
            return "answer_first"
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
        events = [Event(EventKind.BID, seat, detail=str(action))]
        if action.kind is Kind.PASS:
            self.passes += 1
            if self.passes == self.n:
                self.phase = Phase.BIDDING_2
            elif self.passes == 2 * self.n:
                return events + self._finish_unscored(Outcome.REDEAL_PASSES)
            self.to_act = self.next_seat(seat)
            return events
        trump = self.first_trump if action.kind is Kind.ORDER else action.suit
        assert trump is not None
        self.trump = trump
        self.bidder = seat
        if self.rules.offer_fifty and self.rules.target > 0:
            # «с предложением»: the window before the last three cards; the вистующий speaks first
            self.phase = Phase.OFFER
            self.to_act = 1 - seat
            return [*events, Event(EventKind.TRUMP, seat, value=int(trump))]
        return events + self._complete_deal()

    def _complete_deal(self, trump_event: bool = True) -> list[Event]:
        nd = self.order[0]
        d = self.deck
        for i, seat in enumerate(self.order):
            self.hands[seat] += [d[j] for j in self.positions.more[i]]
        self.freza = d[FREZA]
        self.phase = Phase.PLAY
        lead = self.rules.first_lead
        assert self.bidder is not None
        if lead is FirstLead.BIDDER:
            self.leader = self.bidder
        elif lead is FirstLead.NON_BIDDER:
            self.leader = self.next_seat(self.bidder)
        else:
            self.leader = nd
        self.to_act = self.leader
        self.trick_leader = self.leader
        self._find_belle_owner()
        assert self.trump is not None
        dealt = Event(EventKind.DEALT, None, card=self.freza)
        return [Event(EventKind.TRUMP, self.bidder, value=int(self.trump)), dealt] if trump_event else [dealt]

    # «с предложением» and «даве» ----------------------------------------------

    def _offer(self, seat: int, action: Action) -> list[Event]:
        self.offer_by = seat
        self.to_act = 1 - seat
        return [Event(EventKind.OFFER, seat)]

    def _no_offer(self, seat: int, action: Action) -> list[Event]:
        events = [Event(EventKind.NO_OFFER, seat)]
        if seat != self.bidder:  # the вистующий let it pass: now the bidder may offer
            assert self.bidder is not None
            self.to_act = self.bidder
            return events
        return events + self._complete_deal(trump_event=False)

    def _answer_offer(self, seat: int, action: Action) -> list[Event]:
        offerer = self.offer_by
        assert offerer is not None and self.bidder is not None
        self.offer_by = None
        events = [Event(EventKind.OFFER_ANSWER, seat, value=action.value)]
        if action.value:
            self.offer = (offerer, True)
            self.outcome = Outcome.OFFER_ACCEPTED
            self._set_result(offer_accepted(offerer, self.bidder, self.context))
            return [*events, Event(EventKind.OVER, None)]
        self.offer = (offerer, False)  # refused: the window closes, the cards are dealt, play goes on
        return events + self._complete_deal(trump_event=False)

    def _dave(self, seat: int, action: Action) -> list[Event]:
        self.dave_by = seat
        self.to_act = 1 - seat
        return [Event(EventKind.DAVE, seat, value=self.stake * 2)]

    def _answer_dave(self, seat: int, action: Action) -> list[Event]:
        raiser = self.dave_by
        assert raiser is not None and self.bidder is not None
        self.dave_by = None
        events = [Event(EventKind.DAVE_ANSWER, seat, value=action.value)]
        if action.value:
            self.stake *= 2
            self.dave_owner = seat
            self.to_act = raiser
            return events
        self.outcome = Outcome.GAVE_UP
        points = (self.card_points[0], self.card_points[1])
        self._set_result(gave_up(raiser, self.bidder, points, self.context, self.stake))
        return [*events, Event(EventKind.OVER, raiser)]

    def _find_belle_owner(self) -> None:
        self.belle_owner = None
        for p in range(self.n):
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
        return [Event(EventKind.SWAP, seat, card=taken)]

    def _ask_passes(self, seat: int, action: Action) -> list[Event]:
        self.asked_passes = seat
        self.pending_answer = self.next_seat(seat)
        self.answer_queue = [self.next_seat(self.pending_answer)] if self.n == 3 else []
        return [Event(EventKind.ASK_PASSES, seat)]

    def _answer_passes(self, seat: int, action: Action) -> list[Event]:
        if bool(action.value) != self._passes_truth():
            self.penalties.append(Penalty(seat, PenaltyReason.FALSE_ANSWER))
        self.pending_answer = self.answer_queue.pop(0) if self.answer_queue else None
        return [Event(EventKind.ANSWER_PASSES, seat, value=action.value)]

    def _four_sevens(self, seat: int, action: Action) -> list[Event]:
        return [Event(EventKind.FOUR_SEVENS, seat), *self._finish_unscored(Outcome.REDEAL_FOUR_SEVENS)]

    def _announce(self, seat: int, action: Action) -> list[Event]:
        if self.n == 3:
            return self._announce3(seat, action.value)
        cls = action.value
        self.spoke[seat] = True
        events = [Event(EventKind.ANNOUNCE, seat, value=cls)]
        first = self._first_of(seat, cls)
        if first is None:
            self.penalties.append(Penalty(seat, PenaltyReason.FALSE_ANNOUNCEMENT))
            events.append(Event(EventKind.PENALTY, seat, detail=PenaltyReason.FALSE_ANNOUNCEMENT))
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

    def _announce3(self, seat: int, cls: int) -> list[Event]:
        self.spoke[seat] = True
        events = [Event(EventKind.ANNOUNCE, seat, value=cls)]
        first = self._first_of(seat, cls)
        if first is None:
            self.penalties.append(Penalty(seat, PenaltyReason.FALSE_ANNOUNCEMENT))
            events.append(Event(EventKind.PENALTY, seat, detail=PenaltyReason.FALSE_ANNOUNCEMENT))
            if self.adding:
                self.adding = False
                self.speaker = None
            return events
        self.said[seat] = cls
        if self.adding:  # «родили терц…»: the partner's sequences add up
            return [self._added_announcement(seat, cls), *self._add_sequences(seat)]
        if self.standing is not None and self.side(self.standing) != self.side(seat):
            self._heard3(seat if self.standing == self.bidder else self.standing)  # a higher class answers it
        self.standing, self.announced, self.certain = seat, cls, False
        self.dialog = Dialog.ANNOUNCED
        return events

    def _rost3(self, seat: int) -> list[Event]:
        self.spoke[seat] = True
        events = [Event(EventKind.ROST, seat)]
        assert self.standing is not None
        if self.standing == self.bidder:
            self._heard3(seat)
        own = self._first_of(seat, self.announced)
        if own is None:  # false: the offender pays; the standing announcement stands
            self.penalties.append(Penalty(seat, PenaltyReason.FALSE_ROST))
            return events + [Event(EventKind.PENALTY, seat, detail=PenaltyReason.FALSE_ROST)]
        best = seqs.find_sequences(self.hands[seat], self.trump, self.rules)[0]
        if seqs.certainly_higher(best, self.announced, self.trump, self.rules):
            self.penalties.append(Penalty(seat, PenaltyReason.ROST_CERTAINLY_HIGHER))
            events.append(Event(EventKind.PENALTY, seat, detail=PenaltyReason.ROST_CERTAINLY_HIGHER))
            self.certain = True  # the asked announcement counts: nobody may ask again
            self.said[seat] = 0
            return events
        self.said[seat] = self.announced
        self.rost_by = seat
        self.dialog = Dialog.ROST_ASKED
        return events

    def _mine3(self, seat: int) -> list[Event]:
        """«У меня старше»: at one's first card with a certainly higher sequence, or after the top card."""
        self.spoke[seat] = True
        events = [Event(EventKind.MINE, seat)]
        assert self.standing is not None
        beaten = self.standing
        self._heard3(seat if beaten == self.bidder else beaten)
        true = self._beats_standing(seat)
        if true:
            best = seqs.find_sequences(self._hand_for_sequences(seat), self.trump, self.rules)[0]
            self.standing, self.announced, self.said[seat] = seat, best.length, best.length
            events = [self._true_mine(seat, best)]
        else:
            self.penalties.append(Penalty(seat, PenaltyReason.FALSE_MINE))
            events.append(Event(EventKind.PENALTY, seat, detail=PenaltyReason.FALSE_MINE))
        if self.speaker is None:  # at the first card: the answer stands as a certainly higher announcement
            self.certain = self.certain or true
            return events
        self.speaker = None
        return events + self._next_word3()

    def _pishet3(self, seat: int) -> list[Event]:
        self.spoke[seat] = True
        events = [Event(EventKind.PISHET, seat)]
        if self.adding:  # nothing to add
            self.adding = False
            self.speaker = None
            return events
        if self.standing == self.bidder:
            self._heard3(seat)
        if self.speaker is None:  # at the first card: the standing announcement stands for now
            return events
        self.speaker = None
        return events + self._next_word3()

    def _rost(self, seat: int, action: Action) -> list[Event]:
        if self.n == 3:
            return self._rost3(seat)
        self.spoke[seat] = True
        events = [Event(EventKind.ROST, seat)]
        own = self._first_of(seat, self.announced)
        if own is None:
            self.penalties.append(Penalty(seat, PenaltyReason.FALSE_ROST))
            penalty = Event(EventKind.PENALTY, seat, detail=PenaltyReason.FALSE_ROST)
            return [*events, penalty, *self._resolve(1 - seat, self.announced)]
        best = seqs.find_sequences(self.hands[seat], self.trump, self.rules)[0]
        if seqs.certainly_higher(best, self.announced, self.trump, self.rules):
            self.penalties.append(Penalty(seat, PenaltyReason.ROST_CERTAINLY_HIGHER))
            events.append(Event(EventKind.PENALTY, seat, detail=PenaltyReason.ROST_CERTAINLY_HIGHER))
            return events + self._resolve(1 - seat, self.announced)
        self.dialog = Dialog.ROST_ASKED
        return events

    def _tell_top(self, seat: int, action: Action) -> list[Event]:
        first = self._first_of(seat, self.announced)
        assert first is not None
        self.dialog = Dialog.TOP_TOLD
        self.told_top = self.said_top = first.top_card
        if self.n == 3:  # the asker answers; then whoever may still beat what stands (``_next_word3``)
            assert self.rost_by is not None
            self.speaker = self.rost_by
        return [Event(EventKind.TOP, seat, card=first.top_card, value=int(first.suit == self.trump))]

    def _pishet(self, seat: int, action: Action) -> list[Event]:
        if self.n == 3:
            return self._pishet3(seat)
        self.spoke[seat] = True
        assert self.leader is not None
        return [Event(EventKind.PISHET, seat), *self._resolve(self.leader, self.announced)]

    def _mine(self, seat: int, action: Action) -> list[Event]:
        if self.n == 3:
            return self._mine3(seat)
        self.spoke[seat] = True
        assert self.leader is not None
        if self._second_is_higher():
            best = self._second_best()
            assert best is not None
            return [self._true_mine(seat, best), *self._resolve(seat, best.length)]
        events = [Event(EventKind.MINE, seat)]
        self.penalties.append(Penalty(seat, PenaltyReason.FALSE_MINE))
        penalty = Event(EventKind.PENALTY, seat, detail=PenaltyReason.FALSE_MINE)
        return [*events, penalty, *self._resolve(self.leader, self.announced)]

    def _true_mine(self, seat: int, best: Sequence) -> Event:
        """A true «у меня старше», as the official texts say it: after the top card was named, with the sequence
        that beats («У меня — от короля козырного», «Не годится. Пятьдесят от туза пикового»: it is shown at once);
        at one's first card with a certainly higher one, its class only («Не годится. Есть терц»)."""
        if self.tricks:
            if self.n == 3:  # what now stands was named aloud: who may still beat it answers that top card
                self.said_top = best.top_card
            return Event(EventKind.MINE, seat, best.top_card, best.length, MINE_AFTER_TOP)
        return Event(EventKind.MINE, seat, None, best.length, MINE_AT_ONCE)

    def _resolve(self, winner: int, cls: int) -> list[Event]:
        """The comparison is decided: the winner scores the first sequence and all others not higher."""
        self.dialog = Dialog.CLOSED
        self.speaker = None
        first = self._first_of(winner, cls)
        if first is None:
            return []
        hand = self.full_hand[winner] if self.played[winner] else self.hands[winner]
        self.seq_owner = winner
        self.counted = seqs.counted_sequences(hand, first, self.trump, self.rules)
        events = [Event(EventKind.SEQUENCES, winner, value=sum(s.points for s in self.counted))]
        if self.n == 3:
            events += self._resolve3_partner(winner)
        return events

    def _belle(self, seat: int, action: Action) -> list[Event]:
        self.belle_declared[seat] = True
        return [Event(EventKind.BELLE, seat)]

    # play ---------------------------------------------------------------------

    def _play(self, seat: int, card: Card, belle: bool) -> list[Event]:
        events: list[Event] = []
        if not self.played[seat]:
            self.full_hand[seat] = list(self.hands[seat])
            self.played[seat] = True
            if self.n == 2 and seat != self.leader and self.dialog is Dialog.OPEN:
                self.dialog = Dialog.CLOSED
        if belle:
            self.belle_declared[seat] = True
            self.belle_card = card
            events.append(Event(EventKind.BELLE, seat, card=card))
        self.hands[seat].remove(card)
        self.trick.append(card)
        events.append(Event(EventKind.PLAY, seat, card=card))
        if len(self.trick) < self.n:
            self.to_act = (seat + 1) % self.n
            return events
        return events + self._finish_trick()

    def _trick_winner_index(self) -> int:
        """The highest trump, else the highest card of the suit led."""
        assert self.trump is not None
        trump, led = self.trump, self.trick[0] // 8
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
        assert self.trick_leader is not None and self.trump is not None
        trump = self.trump
        won_by = self._trick_winner_index()
        winner = (self.trick_leader + won_by) % self.n
        pts = 0
        for c in self.trick:
            pts += TRUMP_POINTS[c % 8] if c // 8 == trump else PLAIN_POINTS[c % 8]
        self.card_points[winner] += pts
        self.tricks_won[winner] += 1
        self.tricks.append(Trick(self.trick_leader, tuple(self.trick), winner))
        protection = self.rules.belle_protection
        if (
            protection is BelleProtection.DECLARING_CARD
            and self.belle_card is not None
            and self.belle_card in self.trick
            and self.trick.index(self.belle_card) != won_by
        ):
            self.belle_lost = True
        self.trick = []
        self.trick_leader = winner
        self.to_act = winner
        events = [Event(EventKind.TRICK, winner, value=pts)]
        if len(self.tricks) == 9:
            events += self._score()
        elif self.n == 3 and len(self.tricks) == 1:
            events += self._settle3()
        return events

    def _claim(self, seat: int, action: Action) -> list[Event]:
        true = self._claim_is_true(seat)
        self.claim = (seat, true)
        events = [Event(EventKind.CLAIM, seat, value=int(true))]
        if not true:
            self.penalties.append(Penalty(seat, PenaltyReason.FALSE_CLAIM))
            events.append(Event(EventKind.PENALTY, seat, detail=PenaltyReason.FALSE_CLAIM))
        if self.phase is Phase.CLAIM:
            assert self.result is not None
            self._set_result(self._with_claim(self.result))
            return events + [Event(EventKind.OVER, seat)]
        self.outcome = Outcome.CLAIMED
        return events + self._score()

    def _no_claim(self, seat: int, action: Action) -> list[Event]:
        self.claim_order.pop(0)
        if self.claim_order:
            self.to_act = self.claim_order[0]
            return []
        assert self.result is not None
        self._set_result(self.result)
        return [Event(EventKind.OVER, None)]

    # scoring -------------------------------------------------------------------

    def _facts(self) -> PlayFacts:
        """The facts of play so far: what scoring needs, at the deal's end or at a claim during play."""
        assert self.bidder is not None
        belle = [BELLE_POINTS if self._belle_counts(p) else 0 for p in range(self.n)]
        finished = len(self.tricks) == 9
        return PlayFacts(
            bidder=self.bidder,
            card_points=tuple(self.card_points),
            tricks=tuple(self.tricks_won),
            last_trick=self.tricks[-1].winner if finished else None,
            sequences=tuple((s.describe(), s.points) for s in self.counted),
            sequence_owner=self.seq_owner,
            belle=tuple(belle),
            penalties=tuple(self.penalties),
            added=tuple((s.describe(), s.points) for s in self.added),
            added_by=self.added_by,
        )

    def _score(self) -> list[Event]:
        result = score_deal(self._facts(), self.context, self.rules, self.outcome)
        if self.offer is not None or self.stake != 1:
            result = replace(result, offer=self.offer, stake=self.stake)
        if self.outcome is Outcome.CLAIMED:
            self._set_result(self._with_claim(result))
            return [Event(EventKind.OVER, None)]
        self.result = result
        target = self.rules.target
        if self.rules.claim_required and target > 0:
            reached = [p for p in range(self.n) if result.scores_after[p] >= target]
            last = self.tricks[-1].winner
            if len(reached) >= 2 and last not in reached:
                reached = []  # three players: none who reached it took the last trick; play goes on
            if reached:
                order = [(last + i) % self.n for i in range(self.n)]
                self.claim_order = order if self._strict() else [p for p in order if p in reached]
                self.phase = Phase.CLAIM
                self.to_act = self.claim_order[0]
                return [Event(EventKind.SCORED, None)]
        self._set_result(result)
        return [Event(EventKind.SCORED, None), Event(EventKind.OVER, None)]

    def _with_claim(self, result: DealResult) -> DealResult:
        return replace(result, claim=self.claim, penalties=tuple(self.penalties))

    def _set_result(self, result: DealResult) -> None:
        self.result = result
        self.phase = Phase.OVER
        self._legal = []

    def _finish_unscored(self, outcome: Outcome) -> list[Event]:
        self.outcome = outcome
        self._set_result(unscored(outcome, self.context))
        return [Event(EventKind.REDEAL, None, detail=outcome.value), Event(EventKind.OVER, None)]

    # ------------------------------------------------------------------ views

    def shown_cards(self, seat: int) -> tuple[Card, ...]:
        """The counted sequences of ``seat``, shown to the table after the first trick."""
        if not self.tricks or self.speaker is not None:
            return ()
        if self.seq_owner == seat:
            return tuple(c for s in self.counted for c in s.cards)
        if self.added_by == seat:
            return tuple(c for s in self.added for c in s.cards)
        return ()

    def view(self, seat: int) -> DealView:
        known: list[Card] = []
        for opp in (p for p in range(self.n) if p != seat):
            in_opp_hand = set(self.hands[opp])
            if self.swapped_by == opp and self.vskryshka in in_opp_hand:
                known.append(self.vskryshka)
            known.extend(c for c in self.shown_cards(opp) if c in in_opp_hand and c not in known)
            if self.belle_declared[opp] and self.trump is not None:
                t = self.trump * 8
                known.extend(
                    Card(t + r) for r in (Rank.KING, Rank.QUEEN) if t + r in in_opp_hand and t + r not in known
                )
        legal = tuple(self.legal_actions()) if self.current_player() == seat else ()
        return DealView(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.current_player(),
            hand=tuple(sorted(self.hands[seat])),
            opponent_cards=len(self.hands[self.next_seat(seat)]),
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
            card_points=tuple(self.card_points),
            known_opponent_cards=tuple(known),
            shown=tuple(self.shown_cards(p) for p in range(self.n)),
            legal=legal,
            context=self.context,
            result=self.result if self.phase in (Phase.OVER, Phase.CLAIM) else None,  # provisional in CLAIM
            told_top=self.told_top,
            said_top=self.said_top,
            sequence_owner=self.seq_owner,
            sequence_points=sum(s.points for s in self.counted),
            belle_declared=tuple(self.belle_declared),
            penalties=tuple(self.penalties),
            stake=self.stake,
            dave_owner=self.dave_owner,
            hand_sizes=tuple(len(h) for h in self.hands),
            added_by=self.added_by,
            added_points=sum(s.points for s in self.added),
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
