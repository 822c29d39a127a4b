"""The exact solver against a plain brute-force minimax (tests/solver_reference.py) on small positions.

Every pruning idea is checked on its own and in combination: equivalent-card merging for the leader and
for the follower, the exact-value drivers, one table shared across positions and trumps, and the
evaluation-aware search (bait, sequences that need a trick, лыжа, steps).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_reference import brute_values, random_evaluation, random_position

from game.bots.solver import Evaluation, Position, Solver
from game.bots.solver_masks import ABOVE, card_to_internal, from_internal, internal_to_card, to_internal
from game.cards import ALL_CARDS, Card, Suit, beats, points

VARIANTS: list[dict[str, Any]] = [
    {},
    {"merge_leads": False},
    {"merge_replies": False},
    {"merge_leads": False, "merge_replies": False},
    {"driver": "mtdf"},
    {"driver": "bisect"},
]


def _best(values: dict[Card, float], pos: Position) -> float:
    return max(values.values()) if pos.to_play == 0 else min(values.values())


def test_coordinates_round_trip_and_order() -> None:
    for trump in range(4):
        for card in ALL_CARDS:
            i = card_to_internal(card, trump)
            assert internal_to_card(i, trump) == card
            assert (i >= 24) == (card // 8 == trump)
        mask = random.Random(trump).getrandbits(32)
        assert from_internal(to_internal(mask, trump), trump) == mask
        # a higher internal bit of the same suit beats a lower one; any trump beats any plain card
        for a in ALL_CARDS:
            for b in ALL_CARDS:
                if a != b and (a // 8 == b // 8 or b // 8 == trump):
                    ia, ib = card_to_internal(a, trump), card_to_internal(b, trump)
                    assert beats(b, a, Suit(trump)) == (ib > ia and (ib >> 3 == ia >> 3 or ib >= 24))


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_every_variant_matches_brute_force(options: dict[str, Any]) -> None:
    rng = random.Random(11)
    shared = Solver(**options)
    for _ in range(250):
        pos = random_position(rng, rng.choice((1, 2, 3, 3, 4, 4, 4)))
        ref = brute_values(pos)
        assert Solver(**options).values(pos) == ref, pos
        assert shared.values(pos) == ref, pos  # one table across positions and trumps
        assert shared.points(pos) == _best(ref, pos), pos


def test_five_tricks_match_brute_force() -> None:
    rng = random.Random(5)
    shared = Solver()
    for _ in range(25):
        pos = random_position(rng, 5)
        ref = brute_values(pos)
        assert Solver().values(pos) == ref, pos
        assert Solver(merge_leads=False, merge_replies=False).points(pos) == _best(ref, pos)
        assert shared.points(pos) == _best(ref, pos)


@pytest.mark.parametrize("options", VARIANTS[:4], ids=str)
def test_evaluation_search_matches_brute_force(options: dict[str, Any]) -> None:
    rng = random.Random(23)
    shared = Solver(**options)
    for _ in range(200):
        pos = random_position(rng, rng.choice((1, 2, 3, 3, 4, 4)))
        fn, base = random_evaluation(rng)
        ref = brute_values(pos, fn, base)
        evaluation = Evaluation(fn, base[:2], base[2:])
        assert Solver(**options).values(pos, evaluation) == ref, (pos, base)
        assert shared.values(pos, evaluation) == ref, (pos, base)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(1, 4))
def test_hypothesis_positions(seed: int, tricks: int) -> None:
    rng = random.Random(seed)
    pos = random_position(rng, tricks)
    assert Solver().values(pos) == brute_values(pos)


def _naive_leads(hL: int, hF: int) -> list[list[Any]]:
    """Keep one card (the lowest) of every group of adjacent cards, whatever their points: NOT exact."""
    out = []
    m = hL
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        above = (hL | hF) & ABOVE[c]
        if above & -above & hL:  # the next card up is also mine: same group
            continue
        out.append([c, None])
    return out


def test_naive_merging_of_the_leaders_cards_is_wrong() -> None:
    """Why the leader merges only zero-point cards: merging by trick-taking power alone changes values."""
    rng = random.Random(3)
    wrong = 0
    for _ in range(300):
        pos = random_position(rng, rng.randint(2, 4), mid_trick=False)
        if Solver(lead_fn=_naive_leads).points(pos) != Solver().points(pos):
            wrong += 1
    assert wrong > 0


def test_full_deals_are_consistent() -> None:
    rng = random.Random(2)
    solver = Solver()
    for _ in range(4):
        cards = rng.sample(ALL_CARDS, 18)
        pos = Position(
            (sum(1 << c for c in cards[:9]), sum(1 << c for c in cards[9:])), rng.randrange(4), rng.randrange(2)
        )
        v = Solver().points(pos)
        total = sum(points(c, Suit(pos.trump)) for c in cards) + 10
        assert 0 <= v <= total
        values = solver.values(pos)
        assert set(values) == set(pos.legal())
        assert _best(values, pos) == v
        # the same deal seen with the other seat leading the same hands, mirrored
        mirrored = Position((pos.hands[1], pos.hands[0]), pos.trump, 1 - pos.leader)
        assert solver.points(mirrored) == total - v
        # a bait-style evaluation agrees with the points where it is linear
        ev = Evaluation(lambda p0, p1, t0, t1: p0 - p1)
        assert _best(solver.values(pos, ev), pos) == 2 * v - total
