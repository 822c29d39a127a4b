"""The three-hand paranoid solver (game/bots/solver3.py) against plain minimax on small endings."""

from __future__ import annotations

import random

from game.bots.medium import legal_replies
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


def test_one_solver_serves_many_positions_and_tricks_in_progress() -> None:
    """As hard3 uses it: one solver (one table) for many positions of a trump and bidder, each card's value
    with one or two cards already on the table, all equal to plain minimax."""
    for trump in Suit:
        for bidder in range(3):
            rng = random.Random(f"{trump}:{bidder}")
            solver = Solver3(trump, bidder)
            for i in range(12):
                hands, leader, _, _ = ending(rng, 2 + i % 3)
                on_table = i % 3
                trick: tuple[Card, ...] = ()
                seats = list(hands)
                for k in range(on_table):  # play the first legal card(s) of the trick
                    seat = (leader + k) % 3
                    card = legal_replies(seats[seat], trick[0] if trick else None, trump)[0]
                    seats[seat] = tuple(x for x in seats[seat] if x != card)
                    trick = (*trick, card)
                now: Hands = (seats[0], seats[1], seats[2])
                seat = (leader + on_table) % 3
                for card, value in solver.values(now, leader, trick).items():
                    rest = tuple(x for x in now[seat] if x != card)
                    after: Hands = (
                        rest if seat == 0 else now[0],
                        rest if seat == 1 else now[1],
                        rest if seat == 2 else now[2],
                    )
                    assert value == brute_force(after, leader, bidder, trump, (*trick, card)), (trump, bidder, i)
                assert solver.solve(now, leader, trick) == brute_force(now, leader, bidder, trump, trick)


def test_the_value_does_not_depend_on_the_tables_history() -> None:
    """Six cards a hand (too many for plain minimax): the exact value does not depend on the table's history
    — a fresh solver and one that has solved other positions first agree."""
    rng = random.Random(9)
    for trump in (Suit.S, Suit.H):
        shared = Solver3(trump, 1)
        for _ in range(4):
            hands, leader, _, _ = ending(rng, 6)
            assert shared.solve(hands, leader) == Solver3(trump, 1).solve(hands, leader)


def test_a_node_budget_stops_the_search_and_leaves_the_table_sound() -> None:
    """Past ``node_limit`` the search raises ``NodeBudget``; what the table kept is still exact afterwards."""
    from game.bots.solver3 import NO_LIMIT, NodeBudget

    rng = random.Random(25)
    stopped = 0
    for _ in range(20):
        hands, leader, bidder, trump = ending(rng, 6)
        solver = Solver3(trump, bidder)
        solver.node_limit = 3
        try:
            solver.values(hands, leader)
        except NodeBudget:
            stopped += 1
        solver.node_limit = NO_LIMIT
        assert solver.values(hands, leader) == Solver3(trump, bidder).values(hands, leader)
    assert stopped > 0
