"""The exact three-hand solver: a paranoid search (the two вистующие together minimise the bidder's margin).

Pure Python alpha-beta over single cards, with a transposition table of bounds at the start of each trick
(hands, leader). The value is the bidder's margin over what is still to be taken: the bidder's points minus
the вистующие's, the last trick's 10 included; the cards already on the table in an unfinished trick count
for its taker. The follow rules are the engine's (``medium.legal_replies``: on a trump lead a trump higher
than the led one if possible). Paranoid is exact for the bidder's question "what can I surely make"; for a
вистующий it treats the partner as perfect, which it is in each solved sample.
"""

from __future__ import annotations

from game.bots.medium import legal_replies
from game.cards import PLAIN_STRENGTH, TRUMP_STRENGTH, Card, Suit, beats, points

Hands = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
INF = 10_000
LAST_TRICK = 10


class Solver3:
    """One solver per trump and bidder; ``solve`` may be called on many positions (the table is shared)."""

    def __init__(self, trump: Suit, bidder: int) -> None:
        self.trump = trump
        self.bidder = bidder
        self.table: dict[tuple[Hands, int], tuple[int, int]] = {}
        self.nodes = 0
        self.pts = [points(Card(c), trump) for c in range(32)]
        self.strength = [
            (TRUMP_STRENGTH if c // 8 == trump else PLAIN_STRENGTH)[c % 8] + (100 if c // 8 == trump else 0)
            for c in range(32)
        ]

    def solve(self, hands: Hands, leader: int, trick: tuple[Card, ...] = ()) -> int:
        """The bidder's margin with best play from here; ``trick``: the cards already played to this trick."""
        return self._play(hands, leader, trick, -INF, INF)

    def values(self, hands: Hands, leader: int, trick: tuple[Card, ...] = ()) -> dict[Card, int]:
        """The margin after each legal card of the seat to play (exact for each card)."""
        seat = (leader + len(trick)) % 3
        out: dict[Card, int] = {}
        for c in legal_replies(hands[seat], trick[0] if trick else None, self.trump):
            out[c] = self._after(hands, leader, trick, seat, c, -INF, INF)
        return out

    # ------------------------------------------------------------------ search

    def _start(self, hands: Hands, leader: int, alpha: int, beta: int) -> int:
        if not hands[leader]:
            return 0
        key = (hands, leader)
        lo, hi = self.table.get(key, (-INF, INF))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a, b = max(alpha, lo), min(beta, hi)
        v = self._play(hands, leader, (), a, b)
        if v <= a:
            hi = min(hi, v)
        elif v >= b:
            lo = max(lo, v)
        else:
            lo = hi = v
        self.table[key] = (lo, hi)
        return v

    def _play(self, hands: Hands, leader: int, trick: tuple[Card, ...], alpha: int, beta: int) -> int:
        self.nodes += 1
        seat = (leader + len(trick)) % 3
        moves = legal_replies(hands[seat], trick[0] if trick else None, self.trump)
        pts = self.pts
        if len(moves) > 1:
            moves = self._merged(moves, hands, seat, trick)
        moves.sort(key=lambda c: -pts[c])
        maximise = seat == self.bidder
        best = -INF if maximise else INF
        for c in moves:
            v = self._after(hands, leader, trick, seat, c, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def _merged(self, moves: list[Card], hands: Hands, seat: int, trick: tuple[Card, ...]) -> list[Card]:
        """Drop cards equivalent to a kept one: same suit and points, no other live card between them in
        strength (the trick's cards count: one between them decides who takes it). Exact for any future."""
        strength = self.strength
        by_key: dict[tuple[int, int], list[Card]] = {}
        for c in moves:
            by_key.setdefault((c // 8, self.pts[c]), []).append(c)
        if len(by_key) == len(moves):
            return moves
        out: list[Card] = []
        for (suit, _), group in by_key.items():
            if len(group) == 1:
                out.append(group[0])
                continue
            between = sorted(
                strength[x] for x in (*trick, *hands[(seat + 1) % 3], *hands[(seat + 2) % 3]) if x // 8 == suit
            )
            group.sort(key=lambda c: strength[c])
            kept = group[0]
            out.append(kept)
            for c in group[1:]:
                lo, hi = strength[kept], strength[c]
                if any(lo < b < hi for b in between):
                    kept = c
                    out.append(c)
        return out

    def _after(
        self, hands: Hands, leader: int, trick: tuple[Card, ...], seat: int, c: Card, alpha: int, beta: int
    ) -> int:
        rest = tuple(x for x in hands[seat] if x != c)
        new: Hands = (
            rest if seat == 0 else hands[0],
            rest if seat == 1 else hands[1],
            rest if seat == 2 else hands[2],
        )
        cards = (*trick, c)
        if len(cards) < 3:
            return self._play(new, leader, cards, alpha, beta)
        win = 0
        for i in (1, 2):
            if beats(cards[i], cards[win], self.trump):
                win = i
        winner = (leader + win) % 3
        pts = self.pts[cards[0]] + self.pts[cards[1]] + self.pts[cards[2]] + (LAST_TRICK if not new[winner] else 0)
        sign = 1 if winner == self.bidder else -1
        return sign * pts + self._start(new, winner, alpha - sign * pts, beta - sign * pts)


def brute_force(hands: Hands, leader: int, bidder: int, trump: Suit, trick: tuple[Card, ...] = ()) -> int:
    """Plain minimax with no pruning or table: the reference the solver is tested against."""
    seat = (leader + len(trick)) % 3
    if not hands[seat]:
        return 0
    vals = []
    for c in legal_replies(hands[seat], trick[0] if trick else None, trump):
        rest = tuple(x for x in hands[seat] if x != c)
        new: Hands = (
            rest if seat == 0 else hands[0],
            rest if seat == 1 else hands[1],
            rest if seat == 2 else hands[2],
        )
        cards = (*trick, c)
        if len(cards) < 3:
            vals.append(brute_force(new, leader, bidder, trump, cards))
            continue
        win = 0
        for i in (1, 2):
            if beats(cards[i], cards[win], trump):
                win = i
        winner = (leader + win) % 3
        pts = sum(points(x, trump) for x in cards) + (LAST_TRICK if not new[winner] else 0)
        sign = 1 if winner == bidder else -1
        vals.append(sign * pts + brute_force(new, winner, bidder, trump))
    return max(vals) if seat == bidder else min(vals)
