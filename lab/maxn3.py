"""Max-n for three players (lab only): each seat maximises what it writes, against the paranoid search.

The paranoid solver (game/bots/solver3.py) lets the two вистующие minimise the bidder's margin together. In
the deal's scoring they are not one side: without a bait each writes its own points, so a вистующий may take
a trick from its partner. Max-n searches the vector of what the three write from the searched play's card
points (and the last trick's 10) added to ``base`` (the points each seat has already taken): the bidder
writes its points if they exceed the two others' together, else nothing (a bait gives each вистующий half
the bidder's points besides its own; a tie leaves each вистующий its own). Ties in a seat's own value are
broken against the other side (a вистующий: the bidder's least, then its partner's most; the bidder: the
others' least), then by the vector. No pruning beyond a table of trick starts (hands, leader, points taken
so far), so it is for endings: measured from 4 cards (docs/lab/bots-three.md).
"""

from __future__ import annotations

from game.bots.hard3 import Scorer
from game.bots.medium import legal_replies
from game.bots.solver3 import LAST_TRICK, Hands, _bits
from game.bots.solver_masks import PTS, card_to_internal, follow_mask, to_internal
from game.cards import Card, Suit
from game.deal import DealView

Vector = tuple[float, float, float]


class MaxN3:
    """One per trump, bidder and points already taken; ``values`` on many samples shares the table."""

    def __init__(self, trump: Suit, bidder: int, base: tuple[int, int, int]) -> None:
        self.trump = trump
        self.bidder = bidder
        self.base = base
        self.table: dict[tuple[int, int, int, int, int, int], Vector] = {}

    def payoff(self, taken: tuple[int, int, int]) -> Vector:
        t = [self.base[s] + taken[s] for s in range(3)]
        b = self.bidder
        others = [s for s in range(3) if s != b]
        out = [0.0, 0.0, 0.0]
        rest = t[others[0]] + t[others[1]]
        if t[b] > rest:
            return (float(t[0]), float(t[1]), float(t[2]))
        for s in others:
            out[s] = float(t[s]) if t[b] == rest else t[s] + t[b] / 2
        return (out[0], out[1], out[2])

    def _key(self, seat: int, v: Vector) -> tuple[float, ...]:
        """What ``seat`` maximises: its own value, then the other side's loss, then (a вистующий) its
        partner's gain, then the vector itself — so that ties never depend on the order of the moves."""
        b = self.bidder
        if seat == b:
            return (v[seat], -(sum(v) - v[seat]), 0.0, *v)
        return (v[seat], -v[b], sum(v) - v[seat] - v[b], *v)

    def values(self, hands: Hands, leader: int, trick: tuple[Card, ...]) -> dict[Card, Vector]:
        t = int(self.trump)
        hs = [to_internal(sum(1 << c for c in h), t) for h in hands]
        cards = [card_to_internal(c, self.trump) for c in trick]
        seat = (leader + len(trick)) % 3
        out: dict[Card, Vector] = {}
        for c in legal_replies(hands[seat], trick[0] if trick else None, self.trump):
            i = card_to_internal(c, self.trump)
            after = list(hs)
            after[seat] ^= 1 << i
            out[c] = self._ply(after, leader, [*cards, i], (0, 0, 0))
        return out

    def _ply(self, hs: list[int], leader: int, cards: list[int], taken: tuple[int, int, int]) -> Vector:
        if len(cards) == 3:
            w = 0
            for i in (1, 2):
                x, y = cards[i], cards[w]
                if x > y and (x >> 3 == y >> 3 or x >= 24):
                    w = i
            winner = (leader + w) % 3
            p = PTS[cards[0]] + PTS[cards[1]] + PTS[cards[2]] + (0 if hs[winner] else LAST_TRICK)
            new = list(taken)
            new[winner] += p
            nt = (new[0], new[1], new[2])
            if not hs[winner]:
                return self.payoff(nt)
            key = (hs[0], hs[1], hs[2], winner, nt[0], nt[1])
            v = self.table.get(key)
            if v is None:
                v = self.table[key] = self._ply(hs, winner, [], nt)
            return v
        seat = (leader + len(cards)) % 3
        moves = _bits(follow_mask(hs[seat], cards[0]) if cards else hs[seat])
        best: Vector | None = None
        best_key: tuple[float, ...] | None = None
        for c in moves:
            hs[seat] ^= 1 << c
            v = self._ply(hs, leader, [*cards, c], taken)
            hs[seat] ^= 1 << c
            k = self._key(seat, v)
            if best_key is None or k > best_key:
                best, best_key = v, k
        assert best is not None
        return best


def maxn_scorer(view: DealView) -> Scorer:
    """hard3's per-sample values by max-n: what I write, from the points each seat has taken so far."""
    assert view.trump is not None and view.bidder is not None
    taken = tuple(view.card_points)
    search = MaxN3(view.trump, view.bidder, (taken[0], taken[1], taken[2]))
    me = view.seat

    def score(hands: Hands, leader: int, trick: tuple[Card, ...]) -> dict[Card, float]:
        return {c: v[me] for c, v in search.values(hands, leader, trick).items()}

    return score
