"""Max-n for three (lab/maxn3.py, measured against the paranoid solver): what each seat writes, and the
table of trick starts changes no value."""

from __future__ import annotations

import random

from game.bots.medium import legal_replies
from game.bots.solver3 import Hands
from game.cards import Card, Suit, beats, points
from lab.maxn3 import MaxN3, Vector


def test_what_each_seat_writes_made_bait_and_tie() -> None:
    search = MaxN3(Suit.S, 1, (0, 0, 0))
    assert search.payoff((30, 50, 10)) == (30.0, 50.0, 10.0)  # made: each its own
    assert search.payoff((30, 35, 10)) == (47.5, 0.0, 27.5)  # bait: each вистующий adds half the bidder's
    assert search.payoff((30, 40, 10)) == (30.0, 0.0, 10.0)  # a tie: the bidder's points hang


def reference(search: MaxN3, hands: Hands, leader: int, trick: tuple[Card, ...], taken: list[int]) -> Vector:
    """Plain max-n with no table."""
    trump = search.trump
    if len(trick) == 3:
        win = 0
        for i in (1, 2):
            if beats(trick[i], trick[win], trump):
                win = i
        winner = (leader + win) % 3
        new = list(taken)
        new[winner] += sum(points(c, trump) for c in trick) + (0 if hands[winner] else 10)
        if not hands[winner]:
            return search.payoff((new[0], new[1], new[2]))
        return reference(search, hands, winner, (), new)
    seat = (leader + len(trick)) % 3
    best: Vector | None = None
    for c in legal_replies(hands[seat], trick[0] if trick else None, trump):
        rest = tuple(x for x in hands[seat] if x != c)
        after: Hands = (
            rest if seat == 0 else hands[0],
            rest if seat == 1 else hands[1],
            rest if seat == 2 else hands[2],
        )
        v = reference(search, after, leader, (*trick, c), taken)
        if best is None or search._key(seat, v) > search._key(seat, best):
            best = v
    assert best is not None
    return best


def test_max_n_matches_plain_max_n_on_random_endings() -> None:
    rng = random.Random(4)
    for i in range(40):
        n = 1 + i % 3
        cards = [Card(c) for c in rng.sample(range(32), 3 * n)]
        hands: Hands = (tuple(cards[:n]), tuple(cards[n : 2 * n]), tuple(cards[2 * n :]))
        leader, bidder = rng.randrange(3), rng.randrange(3)
        base = (rng.randrange(60), rng.randrange(40), rng.randrange(40))
        search = MaxN3(Suit(rng.randrange(4)), bidder, base)
        for card, value in search.values(hands, leader, ()).items():
            rest = tuple(x for x in hands[leader] if x != card)
            after: Hands = (
                rest if leader == 0 else hands[0],
                rest if leader == 1 else hands[1],
                rest if leader == 2 else hands[2],
            )
            assert value == reference(search, after, leader, (card,), [0, 0, 0]), i
