"""What a seat can infer from its ``DealView`` alone: cards seen, the opponent's voids, who may hold what.

Everything here is derived from public information (the view): the seat's own hand, the played cards,
the face-up card and the фреза, the cards the opponent showed, and the history of actions.
"""

from __future__ import annotations

from math import comb

from game import sequences as seqs
from game.actions import TERZ, Kind
from game.cards import ALL_CARDS, TRUMP_STRENGTH, Card, Rank, Suit, belle_pair, points, strength
from game.deal import DealView, Phase
from game.rules import BaitCount, BelleProtection
from game.scoring import BELLE_POINTS, PlayFacts, score_deal
from game.sequences import Sequence

# points of a counted set of sequences by the number of its cards (3 терц, 4 fifty, 6, 7, 8, 9 cards)
_SEQ_POINTS_BY_CARDS = {0: 0, 3: 20, 4: 50, 6: 40, 7: 70, 8: 100, 9: 60}


def suit_cards(suit: int) -> range:
    return range(suit * 8, suit * 8 + 8)


class Knowledge:
    """Card inference for one seat at one decision."""

    def __init__(self, view: DealView) -> None:
        self.view = view
        self.me = view.seat
        self.opp = 1 - view.seat
        self.trump: Suit | None = view.trump
        self.hand: list[Card] = list(view.hand)
        played: set[Card] = set()
        self.opp_played: list[Card] = []
        self.my_played: list[Card] = []
        for t in view.tricks:
            for i, c in enumerate(t.cards):
                played.add(c)
                (self.my_played if (t.leader if i == 0 else 1 - t.leader) == self.me else self.opp_played).append(c)
        for i, c in enumerate(view.trick):
            played.add(c)
            leader = view.trick_leader
            who = leader if i == 0 else (None if leader is None else 1 - leader)
            (self.my_played if who == self.me else self.opp_played).append(c)
        self.played = played
        self.known: set[Card] = set(view.known_opponent_cards)
        dead: set[Card] = {view.face_up}
        if view.freza is not None:
            dead.add(view.freza)
        self.dead = dead - self.known - set(self.hand)
        self.voids: set[int] = set()
        self.trump_cap = 99  # the opponent holds no trump stronger than this (strength within trumps)
        self._infer_voids()
        mine = set(self.hand)
        self.unseen: set[Card] = {
            c for c in ALL_CARDS if c not in mine and c not in played and c not in self.dead and c not in self.known
        }
        # cards the opponent may hold among the unseen ones (the rest are surely in the stock)
        self.possible: set[Card] = {c for c in self.unseen if self._may_hold(c)}
        self.free_slots = max(0, view.opponent_cards - len(self.known))

    # ------------------------------------------------------------------ inference

    def _infer_voids(self) -> None:
        trump = self.trump
        pairs = [(t.leader, t.cards) for t in self.view.tricks]
        for leader, (led, reply) in pairs:
            if 1 - leader != self.opp:
                continue
            if reply // 8 != led // 8:
                self.voids.add(led // 8)
                if trump is not None and reply // 8 != trump:
                    self.voids.add(trump)
            elif trump is not None and led // 8 == trump and TRUMP_STRENGTH[reply % 8] < TRUMP_STRENGTH[led % 8]:
                self.trump_cap = min(self.trump_cap, TRUMP_STRENGTH[led % 8])

    def _may_hold(self, c: Card) -> bool:
        s = c // 8
        if s in self.voids:
            return False
        return not (s == self.trump and TRUMP_STRENGTH[c % 8] > self.trump_cap)

    # ------------------------------------------------------------------ probabilities

    def p_holds_any(self, cards: list[Card] | set[Card]) -> float:
        """Chance the opponent holds at least one of ``cards``."""
        if any(c in self.known for c in cards):
            return 1.0
        k = sum(1 for c in cards if c in self.possible)
        n, f = len(self.possible), min(self.free_slots, len(self.possible))
        if k == 0 or f == 0:
            return 0.0
        if n - k < f:
            return 1.0
        return 1.0 - comb(n - k, f) / comb(n, f)

    def opp_suit_cards(self, suit: int) -> list[Card]:
        """Cards of ``suit`` the opponent may hold (known or possible)."""
        return [Card(c) for c in suit_cards(suit) if c in self.known or c in self.possible]

    def p_void(self, suit: int) -> float:
        if suit in self.voids:
            return 1.0
        return 1.0 - self.p_holds_any(self.opp_suit_cards(suit))

    def higher_outside(self, c: Card) -> list[Card]:
        """Cards of ``c``'s suit that beat it and are not in my hand, played or dead (maybe the opponent's)."""
        assert self.trump is not None
        st = strength(c, self.trump)
        return [
            Card(x)
            for x in suit_cards(c // 8)
            if strength(Card(x), self.trump) > st and (x in self.known or x in self.unseen)
        ]

    def p_beaten_in_suit(self, c: Card) -> float:
        return self.p_holds_any(self.higher_outside(c))

    def points(self, c: Card) -> int:
        return points(c, self.trump_or_raise())

    def trump_or_raise(self) -> Suit:
        if self.trump is None:
            raise ValueError("no trump yet: card play needs the trump")
        return self.trump


# ---------------------------------------------------------------------- dialog and scoring facts


def my_full_hand(k: Knowledge) -> list[Card]:
    """The 9 cards (hand + played) the sequences are judged on."""
    return [*k.hand, *k.my_played]


def leader_announced(view: DealView) -> int:
    for seat, a in view.history:
        if a.kind is Kind.ANNOUNCE and seat == view.leader:
            return a.value
    return 0


def told_top(view: DealView) -> Card | None:
    """The top card the leader named after «рост?» (None before)."""
    if view.told_top is not None:
        return view.told_top
    for _, a in view.history:
        if a.kind is Kind.TELL_TOP:
            return a.card
    return None


def passes_truth(view: DealView) -> bool:
    """The true answer to «проходит ли мой терц?» asked by the opponent (mirrors the official rule)."""
    k = Knowledge(view)
    rules = view.rules
    terz = seqs.first_of_class(
        [Card(view.first_trump * 8 + r) for r in (Rank.SEVEN, Rank.EIGHT, Rank.NINE)], TERZ, view.trump, rules
    )
    assert terz is not None
    asker = k.opp
    if k.me == view.leader and k.my_played:
        announced = leader_announced(view)
        answered = any(
            seat == k.opp and a.kind in (Kind.ROST, Kind.PISHET, Kind.MINE, Kind.ANNOUNCE) for seat, a in view.history
        )
        if not announced or answered:
            return True
        theirs = seqs.first_of_class(my_full_hand(k), announced, view.trump, rules)
    else:
        found = seqs.find_sequences(k.hand, view.trump, rules)
        theirs = found[0] if found else None
    if theirs is None:
        return True
    return seqs.beats(terz, asker == view.leader, theirs, view.trump, rules)


def possible_sequences(cards: set[Card], cls: int, view: DealView) -> list[Sequence]:
    """Every sequence of length ``cls`` that could be made of ``cards``."""
    out: list[Sequence] = []
    for suit, run in seqs._runs(cards, view.rules):
        for i in range(cls - 1, len(run)):
            out.append(seqs._make(suit, run[i], cls, view.rules))
    return out


def mine_is_surely_higher(view: DealView) -> bool:
    """After «рост?» and the leader's top card: does my best sequence surely beat the leader's?"""
    k = Knowledge(view)
    found = seqs.find_sequences(k.hand, view.trump, view.rules)
    if not found:
        return False
    mine = found[0]
    cls = leader_announced(view)
    if mine.length != cls:
        return mine.length > cls
    candidates = possible_sequences(k.known | k.unseen | set(k.opp_played), cls, view)
    top = told_top(view)
    if top is not None:
        candidates = [s for s in candidates if s.top_card == top]
    return all(seqs.beats(mine, False, s, view.trump, view.rules) for s in candidates)


def baits_with_next(view: DealView, seat: int) -> int:
    """The bait count ``bait_penalty_from`` is compared with if ``seat`` is baited in this deal."""
    baits = view.context.baits
    own = baits[seat] + 1
    return own if view.rules.bait_count is BaitCount.PER_PLAYER else own + baits[1 - seat]


def belle_points(view: DealView, seat: int) -> int:
    """Belle declared by ``seat`` and (with protection) not lost so far."""
    card: Card | None = None
    declared = False
    for s, a in view.history:
        if s != seat:
            continue
        if a.kind is Kind.BELLE:
            declared = True
        elif a.kind is Kind.PLAY and a.value:
            declared = True
            card = a.card
    if not declared:
        return 0
    protection = view.rules.belle_protection
    if protection is BelleProtection.KING_OR_QUEEN and view.trump is not None:
        pair = belle_pair(view.trump)
        won = any(t.winner == seat and t.cards[0 if t.leader == seat else 1] in pair for t in view.tricks)
        played = {c for t in view.tricks for c in t.cards}
        return BELLE_POINTS if won or not pair <= played else 0  # not decided yet: counted
    if protection is BelleProtection.DECLARING_CARD and card is not None:
        for t in view.tricks:
            if card in t.cards and t.winner != seat:
                return 0
    return BELLE_POINTS


def sequence_points(view: DealView, seat: int) -> int:
    if view.sequence_owner is not None:
        return view.sequence_points if view.sequence_owner == seat else 0
    return _SEQ_POINTS_BY_CARDS.get(len(view.shown[seat]), 0)


def tricks_won(view: DealView, seat: int) -> int:
    return sum(1 for t in view.tricks if t.winner == seat)


def points_so_far(view: DealView, seat: int) -> int:
    pts = view.card_points[seat] + belle_points(view, seat)
    if not (view.rules.sequences_need_trick and tricks_won(view, seat) == 0):
        pts += sequence_points(view, seat)
    return pts


def claim_is_sure(view: DealView) -> bool:
    """Would a claim by this seat be true now? Computed from public facts only."""
    me = view.seat
    target = view.rules.target
    if view.phase is Phase.CLAIM:
        assert view.bidder is not None
        owner = view.sequence_owner
        if owner is None:
            owner = 0 if view.shown[0] else (1 if view.shown[1] else None)
        facts = PlayFacts(
            bidder=view.bidder,
            card_points=view.card_points,
            tricks=(tricks_won(view, 0), tricks_won(view, 1)),
            last_trick=view.tricks[-1].winner if len(view.tricks) == 9 else None,
            sequences=(("", sequence_points(view, owner)),) if owner is not None else (),
            sequence_owner=owner,
            belle=(belle_points(view, 0), belle_points(view, 1)),
            penalties=view.penalties,
        )
        result = score_deal(facts, view.context, view.rules)
        return result.scores_after[me] >= target
    return view.context.scores[me] + claimed_points(view, me) >= target


def card_bait_seat(view: DealView) -> int | None:
    """Who owes «байт на картах» in this deal so far (the first such penalty), or None."""
    punished = [pen.seat for pen in view.penalties if pen.costs_card_bait]
    return punished[0] if punished else None


def claimed_points(view: DealView, seat: int) -> int:
    """What a claim now would write for ``seat`` in two-player play: the points taken so far, with a penalty's
    «байт на картах» applied (the offender writes nothing, the other writes both: docs/rules.md, «Claims»)."""
    offender = card_bait_seat(view)
    if offender == seat:
        return 0
    if offender is not None:
        return points_so_far(view, seat) + points_so_far(view, offender)
    return points_so_far(view, seat)
