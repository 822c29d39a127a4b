"""The three-hand paranoid solver (game/bots/solver3.py) against plain minimax on small endings."""

from __future__ import annotations

import random

from game.bots.solver3 import Hands, Solver3, brute_force
from game.cards import Card, Suit


def ending(rng: random.Random, n: int) -> tuple[Hands, int, int, Suit]:
    cards = rng.sample(range(32), 3 * n)
    hands: Hands = (
        tuple(Card(c) for c in cards[:n]),
        tuple(Card(c) for c in cards[n : 2 * n]),
        tuple(Card(c) for c in cards[2 * n :]),
    )
    return hands, rng.randrange(3), rng.randrange(3), Suit(rng.randrange(4))


def test_the_solver_matches_brute_force_on_random_endings() -> None:
    rng = random.Random(16)
    for i in range(120):
        hands, leader, bidder, trump = ending(rng, 1 + i % 4)
        solver = Solver3(trump, bidder)
        assert solver.solve(hands, leader) == brute_force(hands, leader, bidder, trump), i


def test_per_card_values_and_a_trick_in_progress_match_brute_force() -> None:
    rng = random.Random(3)
    for i in range(60):
        hands, leader, bidder, trump = ending(rng, 3)
        solver = Solver3(trump, bidder)
        seat = leader
        for card, value in solver.values(hands, leader).items():
            rest = tuple(x for x in hands[seat] if x != card)
            after: Hands = (
                rest if seat == 0 else hands[0],
                rest if seat == 1 else hands[1],
                rest if seat == 2 else hands[2],
            )
            assert value == brute_force(after, leader, bidder, trump, (card,)), i


def test_the_last_trick_counts_ten_for_its_taker() -> None:
    # one card each, no trumps among them: the leader's ace takes 11 + 10
    hands: Hands = ((Card.parse("AS"),), (Card.parse("7S"),), (Card.parse("8S"),))
    assert Solver3(Suit.H, 0).solve(hands, 0) == 21
    assert Solver3(Suit.H, 1).solve(hands, 0) == -21
