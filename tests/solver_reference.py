"""A plain brute-force minimax of the card play, written straight from the rules (for the solver tests).

No bit tricks, no pruning, no table: ``Card`` objects, ``game.cards.beats`` and the follow / trump /
overtrump rule spelled out. Seat 0 maximises.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.bots.solver import Position, cards_to_mask, mask_to_cards
from game.cards import ALL_CARDS, TRUMP_STRENGTH, Card, Suit, beats, points

EvalFn = Callable[[int, int, int, int], float]


def legal(hand: list[Card], led: Card | None, trump: int) -> list[Card]:
    if led is None:
        return list(hand)
    follow = [c for c in hand if c // 8 == led // 8]
    if follow:
        if led // 8 == trump:
            higher = [c for c in follow if TRUMP_STRENGTH[c % 8] > TRUMP_STRENGTH[led % 8]]
            if higher:
                return higher
        return follow
    trumps = [c for c in hand if c // 8 == trump]
    return trumps or list(hand)


def brute(
    hands: tuple[list[Card], list[Card]],
    trump: int,
    leader: int,
    trick: tuple[Card, ...],
    fn: EvalFn,
    base: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> float:
    """``fn`` of the final (points0, points1, tricks0, tricks1); ``base`` is added to them."""
    p0, p1, t0, t1 = base
    to_play = leader if not trick else 1 - leader
    hand = hands[to_play]
    if not hand and not trick:
        return fn(p0, p1, t0, t1)
    values = []
    for card in legal(hand, trick[0] if trick else None, trump):
        rest = [c for c in hand if c != card]
        new_hands = (rest, hands[1]) if to_play == 0 else (hands[0], rest)
        if not trick:
            values.append(brute(new_hands, trump, leader, (card,), fn, base))
            continue
        led = trick[0]
        winner = to_play if beats(card, led, Suit(trump)) else leader
        pts = points(led, Suit(trump)) + points(card, Suit(trump))
        if not new_hands[0]:
            pts += 10
        b = [p0, p1, t0, t1]
        b[winner] += pts
        b[2 + winner] += 1
        values.append(brute(new_hands, trump, winner, (), fn, (b[0], b[1], b[2], b[3])))
    return max(values) if to_play == 0 else min(values)


def points0(p0: int, p1: int, t0: int, t1: int) -> float:
    return p0


def brute_values(
    pos: Position, fn: EvalFn = points0, base: tuple[int, int, int, int] = (0, 0, 0, 0)
) -> dict[Card, float]:
    """Every legal card of the player to act -> the value after it."""
    hands = (mask_to_cards(pos.hands[0]), mask_to_cards(pos.hands[1]))
    me = pos.to_play
    out: dict[Card, float] = {}
    for card in legal(hands[me], pos.trick[0] if pos.trick else None, pos.trump):
        rest = [c for c in hands[me] if c != card]
        new_hands = (rest, hands[1]) if me == 0 else (hands[0], rest)
        if not pos.trick:
            out[card] = brute(new_hands, pos.trump, pos.leader, (card,), fn, base)
            continue
        led = pos.trick[0]
        winner = me if beats(card, led, Suit(pos.trump)) else pos.leader
        pts = points(led, Suit(pos.trump)) + points(card, Suit(pos.trump))
        if not new_hands[0]:
            pts += 10
        b = list(base)
        b[winner] += pts
        b[2 + winner] += 1
        out[card] = brute(new_hands, pos.trump, winner, (), fn, (b[0], b[1], b[2], b[3]))
    return out


def random_position(rng: random.Random, tricks: int, mid_trick: bool | None = None) -> Position:
    """``tricks`` cards each (the leader one fewer plus the led card when a card is on the table)."""
    cards = rng.sample(ALL_CARDS, 2 * tricks)
    trump = rng.randrange(4)
    leader = rng.randrange(2)
    if mid_trick is None:
        mid_trick = rng.random() < 0.3
    lead_cards, follow_cards = cards[:tricks], cards[tricks:]
    trick: tuple[Card, ...] = ()
    if mid_trick:
        trick = (lead_cards.pop(rng.randrange(tricks)),)
    hands = [0, 0]
    hands[leader] = cards_to_mask(lead_cards)
    hands[1 - leader] = cards_to_mask(follow_cards)
    return Position((hands[0], hands[1]), trump, leader, trick)


def random_evaluation(rng: random.Random) -> tuple[EvalFn, tuple[int, int, int, int]]:
    """A random evaluation obeying the solver's contract, and random base (points0, points1, tricks0, tricks1).

    Monotone in points0 for each zero-ness of the trick counts; any values across those classes.
    """
    kind = rng.randrange(3)
    base = (rng.randrange(0, 60), rng.randrange(0, 60), rng.choice((0, 0, 1, 2)), rng.choice((0, 0, 1, 2)))
    if kind == 0:  # the deal's scoring: bait, hanging tie, sequences needing a trick, лыжа, belle
        bidder = rng.randrange(2)
        owner = rng.choice((None, 0, 1))
        seq = rng.choice((20, 50, 70))
        need = rng.random() < 0.5
        ski = rng.choice((0, 50))
        belle = (rng.choice((0, 20)), rng.choice((0, 20)))

        def deal_score(p0: int, p1: int, t0: int, t1: int) -> float:
            tot = [p0 + belle[0], p1 + belle[1]]
            took = (t0 > 0, t1 > 0)
            if owner is not None and not (need and not took[owner]):
                tot[owner] += seq
            adj = [0, 0]
            if ski:
                for p in (0, 1):
                    if not took[p]:
                        adj[p] -= ski
                        tot[p] -= belle[p] + (seq if owner == p and not need else 0)
            b, v = bidder, 1 - bidder
            written = list(tot)
            if tot[b] < tot[v]:
                written[b], written[v] = 0, tot[0] + tot[1]
            elif tot[b] == tot[v]:
                written[b] = 0
            return written[0] + adj[0] - written[1] - adj[1]

        return deal_score, base
    if kind == 1:  # steps at random thresholds, a different offset per trick class
        steps = sorted(rng.sample(range(0, 200), 5))
        offsets = {(a, b): rng.randrange(-100, 100) for a in (False, True) for b in (False, True)}

        def stepped(p0: int, p1: int, t0: int, t1: int) -> float:
            return offsets[(t0 > 0, t1 > 0)] + sum(1 for s in steps if p0 >= s) * 7 + 0.5 * (p0 >= steps[2])

        return stepped, base

    def linear(p0: int, p1: int, t0: int, t1: int) -> float:
        return p0 - p1

    return linear, base
