"""The 'medium' level (a rule-based player) and 'easy' (the same with human-like slips).

Both follow the announcement etiquette exactly in guided and strict modes: they never incur a penalty.
Only card choices and bids are ever "slipped" by the easy level.
"""

from __future__ import annotations

import random
from itertools import combinations

from game import actions as A
from game import sequences as seqs
from game.actions import Action, Kind
from game.bots.base import Player, check_turn
from game.bots.estimates import TRUMP_VALUE, win_chance
from game.bots.knowledge import (
    Knowledge,
    belle_points,
    claim_is_sure,
    leader_announced,
    mine_is_surely_higher,
    passes_truth,
    sequence_points,
)
from game.bots.medium3 import ORDER_THRESHOLD3, MediumThree
from game.cards import Card, Rank, Suit, beats, points
from game.deal import DealView, Phase
from game.rules import BelleProtection, BelleWhen, Etiquette

ORDER_THRESHOLD = 46.0  # round 1: order the face-up suit
NAME_THRESHOLD = 46.0  # round 2: name another suit


def hand_value(hand: list[Card] | tuple[Card, ...], trump: Suit) -> float:
    """How good ``hand`` (six or nine cards) is to play with ``trump``."""
    t = int(trump)
    trumps = [c for c in hand if c // 8 == t]
    ranks = {c % 8 for c in trumps}
    v = 0.0
    for r in ranks:
        v += TRUMP_VALUE[r]
    if Rank.NINE in ranks and Rank.JACK in ranks:
        v += 6
    if Rank.KING in ranks and Rank.QUEEN in ranks:
        v += 20  # belle
    n = len(trumps)
    v += max(0, n - 2) * 6
    if n <= 1:
        v -= 12
    for s in range(4):
        if s == t:
            continue
        held = {c % 8 for c in hand if c // 8 == s}
        if Rank.ACE in held:
            v += 12
            if Rank.TEN in held:
                v += 8
        elif Rank.TEN in held and len(held) >= 2:
            v += 3
        if not held and n >= 2:
            v += 3  # a void to ruff in
    return v


def sequences_value(hand: list[Card] | tuple[Card, ...], trump: Suit | None, view: DealView) -> float:
    found = seqs.find_sequences(hand, trump, view.rules)
    if not found:
        return 0.0
    total = sum(s.points for s in found)
    return total * win_chance(found[0])


class MediumBot:
    """A sensible rule-based player. ``slip``: share of card choices made at random (easy)."""

    slip = 0.0
    table_players = 2  # the table it plays at (``for_three`` gives the three-player strategy over it)
    bid_noise = 0.0
    order_threshold = ORDER_THRESHOLD
    name_threshold = NAME_THRESHOLD
    threshold3 = ORDER_THRESHOLD3  # both rounds at a table of three (``medium3``)
    draw_bonus = 7.0
    trump_keep = 4.0  # the control a trump gives while held
    capture = 3.0  # what a card that wins a trick later captures besides itself
    win_bonus = 1.0  # the lead
    endgame_cards = 2  # solve the last tricks over every hand the opponent may hold

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def for_three(self) -> Player:
        """This bot at a table of three: medium3's strategy over it, the same seed and generator
        (``game.bots.factory`` asks once; the two-player ``choose`` below never sees three)."""
        return MediumThree(self)

    # ------------------------------------------------------------------ entry

    def choose(self, view: DealView) -> Action:
        legal = view.legal
        check_turn(view, self.table_players)
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.BIDDING_1:
            return self._bid_round1(view)
        if view.phase is Phase.BIDDING_2:
            return self._bid_round2(view)
        if view.phase is Phase.CLAIM:
            if A.CLAIM in legal and (not self._strict(view) or claim_is_sure(view)):
                return A.CLAIM
            return A.NO_CLAIM
        kinds = {a.kind for a in legal}
        if view.phase is Phase.OFFER:
            return self._offer(view)
        if Kind.ANSWER_DAVE in kinds:
            return A.answer_dave(self._takes_dave(view))
        if Kind.DAVE in kinds and self._raises_dave(view):
            return A.DAVE
        if Kind.ANSWER_PASSES in kinds:
            truth = A.answer_passes(passes_truth(view))
            return truth if truth in legal else legal[0]
        if Kind.TELL_TOP in kinds:
            return A.TELL_TOP
        if Kind.FOUR_SEVENS in kinds:
            return A.FOUR_SEVENS
        if Kind.SWAP in kinds:
            swap = self._swap(view)
            if swap is not None:
                return swap
        if kinds & {Kind.ROST, Kind.PISHET, Kind.MINE}:
            return self._answer(view)
        if Kind.ANNOUNCE in kinds:
            cls = seqs.best_class(view.hand, view.rules)
            if cls and A.announce(cls) in legal:
                return A.announce(cls)
        if A.BELLE in legal:
            return A.BELLE
        if A.CLAIM in legal and (not self._strict(view) or claim_is_sure(view)):
            return A.CLAIM
        return self._play(view)

    @staticmethod
    def _strict(view: DealView) -> bool:
        return view.rules.etiquette is Etiquette.STRICT

    # ------------------------------------------------------------------ bidding

    def _noise(self) -> float:
        return self.rng.gauss(0.0, self.bid_noise) if self.bid_noise else 0.0

    def _bid_value(self, view: DealView, trump: Suit, with_face_up: bool) -> float:
        hand = list(view.hand)
        seven = Card(trump * 8 + Rank.SEVEN)
        if with_face_up and view.rules.seven_swap and seven in hand:
            hand[hand.index(seven)] = view.face_up
        v = hand_value(hand, trump)
        up = view.face_up
        if with_face_up and up % 8 == Rank.JACK and Card(trump * 8 + Rank.NINE) in hand and seven not in hand:
            v += 4  # the jack is on the table: my nine is nearly the master
        v += sequences_value(hand, trump, view) * 0.6
        if view.seat != view.dealer:
            v += 2  # speaking first usually means leading first
        return v

    def _bid_round1(self, view: DealView) -> Action:
        v = self._bid_value(view, view.first_trump, True) + self._noise()
        return A.ORDER if v >= self.order_threshold else A.PASS

    def _bid_round2(self, view: DealView) -> Action:
        options = [a for a in view.legal if a.kind is Kind.NAME and a.suit is not None]
        scored = sorted(
            ((self._bid_value(view, a.suit, False), -i, a) for i, a in enumerate(options) if a.suit is not None),
            reverse=True,
        )
        best_value, _, best = scored[0]
        if A.PASS not in view.legal:
            return best
        return best if best_value + self._noise() >= self.name_threshold else A.PASS

    # ------------------------------------------------------------------ «с предложением» and «даве»

    # rules of thumb on six cards (hand_value's scale: ordering takes 46)
    offer_as_bidder_below = 30.0  # a bidder this weak (forced by the обяз) offers 50
    refuse_offer_as_bidder_from = 75.0  # a bidder this strong expects more than 50: plays on
    offer_as_defender_below = -8.0  # a вистующий with next to nothing (about one hand in twenty) offers 50
    refuse_offer_as_defender_from = 60.0  # a вистующий this strong hopes for a bait

    def _offer(self, view: DealView) -> Action:
        """Offer 50, or answer one, by the hand's value in the fixed trump."""
        assert view.trump is not None
        v = hand_value(view.hand, view.trump)
        bidder = view.bidder == view.seat
        if Kind.ANSWER_OFFER in {a.kind for a in view.legal}:
            refuse_from = self.refuse_offer_as_bidder_from if bidder else self.refuse_offer_as_defender_from
            return A.answer_offer(v < refuse_from)
        below = self.offer_as_bidder_below if bidder else self.offer_as_defender_below
        return A.OFFER if v < below else A.NO_OFFER

    @staticmethod
    def dave_position(view: DealView) -> tuple[float, float]:
        """(my lead in points so far, the points still to take): the one-deal game's rough state."""
        me, opp = view.seat, 1 - view.seat
        mine = view.card_points[me] + sequence_points(view, me) + belle_points(view, me)
        theirs = view.card_points[opp] + sequence_points(view, opp) + belle_points(view, opp)
        assert view.trump is not None
        left = 2 * sum(points(c, view.trump) for c in view.hand) + 10  # the opponent's hand taken as like mine
        return float(mine - theirs), float(left)

    def _raises_dave(self, view: DealView) -> bool:
        """Double when well ahead: the lead is more than half of what is still to take."""
        lead, left = self.dave_position(view)
        return lead > 0.5 * left

    def _takes_dave(self, view: DealView) -> bool:
        """Play on unless clearly behind (the lead against me more than half of what is left)."""
        lead, left = self.dave_position(view)
        return lead >= -0.5 * left

    # ------------------------------------------------------------------ before the first card

    def _swap(self, view: DealView) -> Action | None:
        """SWAP, ASK_PASSES, or None to keep the seven."""
        trump = view.trump
        assert trump is not None
        hand = list(view.hand)
        seven = Card(trump * 8 + Rank.SEVEN)
        up = view.face_up
        after = [up if c == seven else c for c in hand]
        before_pts = sum(s.points for s in seqs.find_sequences(hand, trump, view.rules))
        after_pts = sum(s.points for s in seqs.find_sequences(after, trump, view.rules))
        gain = float(TRUMP_VALUE[up % 8] - TRUMP_VALUE[Rank.SEVEN])
        t = trump * 8
        if (up % 8 in (Rank.KING, Rank.QUEEN)) and (t + Rank.KING in hand or t + Rank.QUEEN in hand):
            gain += 20  # completes belle
        loss = before_pts - after_pts
        if loss <= 0:
            return A.SWAP
        answer = None
        for seat, a in view.history:
            if a.kind is Kind.ANSWER_PASSES and seat != view.seat:
                answer = bool(a.value)
        if answer is None and A.ASK_PASSES in view.legal:
            return A.ASK_PASSES
        found = seqs.find_sequences(hand, trump, view.rules)
        p = (1.0 if answer else 0.0) if answer is not None else win_chance(found[0])
        return A.SWAP if gain > loss * p else None

    def _answer(self, view: DealView) -> Action:
        """Answer the leader's announcement, or (after the top card) say «у меня старше» / «пишет»."""
        legal = view.legal
        after_top = any(a.kind is Kind.TELL_TOP for _, a in view.history)
        if after_top:
            if self._strict(view):
                return A.MINE if A.MINE in legal and mine_is_surely_higher(view) else A.PISHET
            return A.MINE if A.MINE in legal else A.PISHET
        announced = leader_announced(view)
        own = seqs.best_class(view.hand, view.rules)
        choice = A.PISHET
        if own > announced:
            choice = A.announce(own)
        elif own == announced and own:
            first = seqs.first_of_class(view.hand, own, view.trump, view.rules)
            assert first is not None
            choice = A.MINE if seqs.certainly_higher(first, own, view.trump, view.rules) else A.ROST
        return choice if choice in legal else A.PISHET

    # ------------------------------------------------------------------ card play

    def _play(self, view: DealView) -> Action:
        plays = [a for a in view.legal if a.kind is Kind.PLAY and a.card is not None]
        cards = sorted({a.card for a in plays if a.card is not None})
        if not cards:  # nothing but dialog actions left (should not happen)
            return view.legal[0]
        k = Knowledge(view)
        if self.slip and self.rng.random() < self.slip:
            card = cards[self.rng.randrange(len(cards))]
        else:
            card = self._best_card(view, k, cards)
        return self._with_belle(view, k, card, plays)

    def _with_belle(self, view: DealView, k: Knowledge, card: Card, plays: list[Action]) -> Action:
        with_belle = A.play(card, belle=True)
        if with_belle not in plays:
            return A.play(card)
        if view.rules.belle_protection is not BelleProtection.DECLARING_CARD:
            return with_belle
        if view.trick:
            return with_belle if beats(card, view.trick[0], k.trump_or_raise()) else A.play(card)
        t = card // 8 * 8
        other = t + Rank.QUEEN if card % 8 == Rank.KING else t + Rank.KING
        if other not in view.hand or k.p_beaten_in_suit(card) < 0.3:
            return with_belle
        return A.play(card)

    def _best_card(self, view: DealView, k: Knowledge, cards: list[Card]) -> Card:
        trump = k.trump_or_raise()
        if len(view.hand) <= self.endgame_cards and len(cards) > 1 and not self._belle_pending(view):
            end = endgame_choice(view, k, cards, trump)
            if end is not None:
                return end
        last = len(view.tricks) == 8
        belle_pending = self._belle_pending(view)
        best: tuple[float, int] | None = None
        choice = cards[0]
        for c in cards:
            if view.trick:
                score = self._reply_score(k, c, view.trick[0], trump, last)
            else:
                score = self._lead_score(view, k, c, trump, last)
            if belle_pending and c // 8 == trump and c % 8 in (Rank.KING, Rank.QUEEN):
                score += self._belle_adjust(view, k, c)
            key = (score, -int(c))
            if best is None or key > best:
                best, choice = key, c
        return choice

    def _belle_pending(self, view: DealView) -> bool:
        if view.rules.belle_when is not BelleWhen.WHEN_PLAYING or (
            view.rules.belle_protection is not BelleProtection.DECLARING_CARD
        ):
            return False
        return any(a.kind is Kind.PLAY and a.value for a in view.legal)

    def _belle_adjust(self, view: DealView, k: Knowledge, c: Card) -> float:
        t = c // 8 * 8
        other = t + Rank.QUEEN if c % 8 == Rank.KING else t + Rank.KING
        wins = beats(c, view.trick[0], k.trump_or_raise()) if view.trick else k.p_beaten_in_suit(c) < 0.3
        if wins:
            return 10.0
        return -20.0 if other not in view.hand else -2.0

    def _keep(self, k: Knowledge, c: Card, trump: Suit) -> float:
        """What holding ``c`` for later is worth (points in my favour, as a difference)."""
        p = points(c, trump)
        q = k.p_beaten_in_suit(c)
        if c // 8 == trump:
            w = 1.0 - q
            return p * (2 * w - 1) + self.capture * w + self.trump_keep
        ruff = k.p_void(c // 8) * k.p_holds_any(k.opp_suit_cards(trump))
        w = (1.0 - q) * (1.0 - ruff)
        return p * (2 * w - 1) + self.capture * w

    def _reply_score(self, k: Knowledge, c: Card, led: Card, trump: Suit, last: bool) -> float:
        stake = points(led, trump) + points(c, trump) + (10 if last else 0)
        won = beats(c, led, trump)
        return (stake + self.win_bonus if won else -stake) - self._keep(k, c, trump)

    def _lead_score(self, view: DealView, k: Knowledge, c: Card, trump: Suit, last: bool) -> float:
        p = points(c, trump)
        higher = k.higher_outside(c)
        q_high = k.p_holds_any(higher)
        maybe = [h for h in higher if h in k.possible or h in k.known]
        r_high = sum(points(h, trump) for h in maybe) / len(maybe) if maybe else 0.0
        opp_trumps = k.opp_suit_cards(trump)
        p_trump = k.p_holds_any(opp_trumps)
        bonus = 0.0
        if c // 8 == trump:
            q, r = q_high, r_high
            mine = sum(1 for x in view.hand if x // 8 == trump)
            if p_trump > 0 and (view.bidder == view.seat or mine >= 3) and mine >= 2 and q_high == 0:
                bonus = self.draw_bonus * p_trump  # draw trumps with the master
        else:
            ruff = k.p_void(c // 8) * p_trump
            q = 1.0 - (1.0 - q_high) * (1.0 - ruff)
            r = (q_high * r_high + ruff * 2.0) / (q_high + ruff) if q_high + ruff > 0 else 0.0
        stake_win = p + 1 + (10 if last else 0)
        stake_lose = p + r + (10 if last else 0)
        return (1.0 - q) * stake_win - q * stake_lose + bonus - self._keep(k, c, trump)


class EasyBot(MediumBot):
    """Medium with slips: some card choices at random and bids a little off. Etiquette stays correct."""

    slip = 0.35
    bid_noise = 15.0


# ---------------------------------------------------------------------- the last tricks, solved


def legal_replies(hand: tuple[Card, ...], led: Card | None, trump: Suit) -> list[Card]:
    """The engine's follow rules: suit; on a trump lead a higher trump if possible; else trump; else any."""
    if led is None:
        return list(hand)
    suit = led // 8
    follow = [c for c in hand if c // 8 == suit]
    if follow:
        if suit == trump:
            higher = [c for c in follow if beats(c, led, trump)]
            if higher:
                return higher
        return follow
    trumps = [c for c in hand if c // 8 == trump]
    return trumps or list(hand)


def _solve(mine: tuple[Card, ...], theirs: tuple[Card, ...], my_lead: bool, trump: Suit) -> int:
    """Double-dummy value (my points minus theirs, last trick included) of the remaining tricks."""
    if not mine:
        return 0
    best: int | None = None
    leader_hand, follower_hand = (mine, theirs) if my_lead else (theirs, mine)
    for lead in leader_hand:
        worst: int | None = None
        for reply in legal_replies(follower_hand, lead, trump):
            v = _trick_value(mine, theirs, my_lead, lead, reply, trump)
            if worst is None or (v < worst if my_lead else v > worst):
                worst = v
        assert worst is not None
        if best is None or (worst > best if my_lead else worst < best):
            best = worst
    assert best is not None
    return best


def _trick_value(
    mine: tuple[Card, ...], theirs: tuple[Card, ...], my_lead: bool, lead: Card, reply: Card, trump: Suit
) -> int:
    pts = points(lead, trump) + points(reply, trump) + (10 if len(mine) == 1 else 0)
    leader_wins = not beats(reply, lead, trump)
    i_win = leader_wins == my_lead
    my_card, their_card = (lead, reply) if my_lead else (reply, lead)
    rest_mine = tuple(c for c in mine if c != my_card)
    rest_theirs = tuple(c for c in theirs if c != their_card)
    return (pts if i_win else -pts) + _solve(rest_mine, rest_theirs, i_win, trump)


def endgame_choice(view: DealView, k: Knowledge, cards: list[Card], trump: Suit) -> Card | None:
    """The card with the best average double-dummy value over the opponent's possible hands."""
    known = tuple(sorted(k.known))
    pool = sorted(k.possible)
    free = view.opponent_cards - len(known)
    if free < 0 or free > len(pool) or len(pool) > 16:
        return None
    totals = dict.fromkeys(cards, 0)
    count = 0
    hand = tuple(view.hand)
    for extra in combinations(pool, free):
        theirs = known + extra
        count += 1
        for c in cards:
            rest = tuple(x for x in hand if x != c)
            if view.trick:
                led = view.trick[0]
                v = _trick_value((c, *rest), (led, *theirs), False, led, c, trump)
            else:
                worst: int | None = None
                for reply in legal_replies(theirs, c, trump):
                    val = _trick_value(hand, theirs, True, c, reply, trump)
                    if worst is None or val < worst:
                        worst = val
                assert worst is not None
                v = worst
            totals[c] += v
    if not count:
        return None
    return max(cards, key=lambda c: (totals[c], -int(c)))
