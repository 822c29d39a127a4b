"""The lead lookahead (game/bots/lookahead.py) against a plain brute-force reading of what it should compute."""

from __future__ import annotations

import random
from collections import defaultdict

from solver_reference import brute_values, random_evaluation

from game.bots.lookahead import World, lead_values
from game.bots.solver import Evaluation, Position, Solver, cards_to_mask
from game.cards import ALL_CARDS, Card, Suit, beats, points


def _worlds(rng: random.Random, tricks: int, count: int, me: int) -> list[World]:
    """``count`` worlds that share my hand (I lead) and differ in the opponent's, with one scoring."""
    cards = rng.sample(ALL_CARDS, tricks + 12)
    mine, pool = cards[:tricks], cards[tricks:]
    trump = rng.randrange(4)
    fn, base = random_evaluation(rng)
    ev = Evaluation(fn, (base[0], base[1]), (base[2], base[3]))
    out: list[World] = []
    for _ in range(count):
        theirs = rng.sample(pool, tricks)
        mask, their_mask = cards_to_mask(mine), cards_to_mask(theirs)
        hands = (mask, their_mask) if me == 0 else (their_mask, mask)
        out.append((Position(hands, trump, me), ev, float(rng.randint(1, 3))))
    return out


def _best(values: dict[Card, float], seat: int) -> Card:
    sign = 1.0 if seat == 0 else -1.0
    return max(values, key=lambda c: (sign * values[c], -int(c)))


def _reference(worlds: list[World], me: int, lead: Card) -> float:
    """The same quantity by brute-force minimax: the opponent answers best in each world (and leads best if it
    wins the trick), then my next card is chosen once per group of worlds that show me the same cards."""
    sign = 1.0 if me == 0 else -1.0
    groups: dict[tuple[Card, ...], dict[Card, float]] = defaultdict(lambda: defaultdict(float))
    fixed = 0.0
    for pos, ev, w in worlds:
        t = pos.trump
        base = (*ev.base_points, *ev.base_tricks)
        hands = list(pos.hands)
        hands[me] &= ~(1 << lead)
        replies = brute_values(Position((hands[0], hands[1]), t, me, (lead,)), ev.fn, base)
        reply = _best(replies, 1 - me)
        hands[1 - me] &= ~(1 << reply)
        winner = 1 - me if beats(reply, lead, Suit(t)) else me
        b = list(base)
        b[winner] += points(lead, Suit(t)) + points(reply, Suit(t)) + (10 if hands == [0, 0] else 0)
        b[2 + winner] += 1
        if hands == [0, 0]:
            fixed += w * sign * ev.fn(b[0], b[1], b[2], b[3])
            continue
        after = (b[0], b[1], b[2], b[3])
        nxt = Position((hands[0], hands[1]), t, winner)
        seen: tuple[Card, ...] = (reply,)
        if winner != me:
            their_lead = _best(brute_values(nxt, ev.fn, after), 1 - me)
            seen = (reply, their_lead)
            hands[1 - me] &= ~(1 << their_lead)
            nxt = Position((hands[0], hands[1]), t, winner, (their_lead,))
        for c, v in brute_values(nxt, ev.fn, after).items():
            groups[seen][c] += w * sign * v
    return fixed + sum(max(g.values()) for g in groups.values())


def test_one_world_is_plain_exact_play() -> None:
    rng = random.Random(3)
    solver = Solver()
    for _ in range(20):
        me = rng.randrange(2)
        worlds = _worlds(rng, 3, 1, me)
        pos, ev, w = worlds[0]
        exact = solver.values(pos, ev)
        la = lead_values(worlds, me, pos.legal(), solver)
        sign = 1.0 if me == 0 else -1.0
        assert la == {c: w * sign * v for c, v in exact.items()}


def test_matches_brute_force_and_never_exceeds_sampling() -> None:
    rng = random.Random(11)
    solver = Solver()
    lower = 0
    for _ in range(25):
        me = rng.randrange(2)
        worlds = _worlds(rng, 4, 8, me)
        cards = worlds[0][0].legal()
        la = lead_values(worlds, me, cards, solver)
        sign = 1.0 if me == 0 else -1.0
        for c in cards:
            assert abs(la[c] - _reference(worlds, me, c)) < 1e-9
            sampling = sum(w * sign * solver.values(pos, ev)[c] for pos, ev, w in worlds)
            assert la[c] <= sampling + 1e-9
            lower += la[c] < sampling - 1e-9
    assert lower > 0  # deciding per observation does cost something in some of these positions
