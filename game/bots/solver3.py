"""The exact three-hand solver: a paranoid search (the two вистующие together minimise the bidder's margin).

The value is the bidder's margin over what is still to be taken: the bidder's points minus the вистующие's,
the last trick's 10 included; the cards already on the table in an unfinished trick count for its taker. The
follow rules are the engine's (on a trump lead a trump higher than the led one if possible). Paranoid is exact
for the bidder's question "what can I surely make"; for a вистующий it treats the partner as perfect, which
it is in each solved sample.

How it is fast (pure Python; measurements in docs/bots.md and docs/lab/bots-three.md):

* Hands are bit masks in ``solver.py``'s coordinates (the trump suit in the top byte, each suit ordered by
  strength), so "beats" is one comparison and a card's points depend on its bit only. Inside, the seats are
  counted from the bidder (0 the bidder, 1 and 2 the вистующие) and the search returns the bidder's points
  from here, 0..R (the margin is ``2 * points - R``).
* One call searches one whole trick (three nested loops, each a max or a min; two вистующие in a row are one
  joint min) with fail-soft alpha-beta; a transposition table at trick starts keyed by the three hands and
  the leader keeps lower/upper bounds and the best lead (tried first next time). It holds for any position
  of the same trump and bidder, so one solver serves all the samples of a decision.
* Equivalent cards are merged exactly: of a player's zero-point cards with no other live card between them
  (the trick's cards count) one is tried; of a group of adjacent cards whose trick goes to the same side
  whatever is played after them (always for the third player; for the second when the third cannot change
  the trick's side; for the leader when nobody can take it) the top one is kept when that side is the
  player's own and the bottom one when it is not (a copy argument as in ``solver.py``: the kept card's
  extra points go to that side now, the other card's at most later; tests/test_solver3.py checks all of it
  against plain minimax). ``values`` finds each card's exact value by null-window searches (MTD(f)).
* The move lists cost little: a mask's cards come from a dict that remembers them (``_BITS``), and "can this
  hand take the lead" and "whom does the trick go to whatever the third plays" are mask tests, not loops over
  cards. The same nodes in the same order as before, about a sixth less time (session 38, docs/bots.md;
  ``python -m lab.solver3_speed --against CHECKOUT``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.bots.medium import legal_replies
from game.bots.solver_masks import ABOVE, PTS, SUITMASK, TRUMPS, ZERO, card_to_internal, follow_mask, to_internal
from game.cards import Card, Suit, beats, points

Hands = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
INF = 10_000
LAST_TRICK = 10
NO_LIMIT = 1 << 62


class NodeBudget(Exception):
    """The search passed ``Solver3.node_limit`` (the table keeps only complete, valid bounds)."""


MAX_ENTRIES = 400_000  # the table is emptied between root calls when it grows past this

Search = Callable[[int, int, int, int, int, int, int], int]


def _byte_bits() -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(4))


_B0, _B1, _B2, _B3 = _byte_bits()


def _bits(mask: int) -> tuple[int, ...]:
    """The set bits of a 32-bit mask, lowest first."""
    return _B0[mask & 255] + _B1[mask >> 8 & 255] + _B2[mask >> 16 & 255] + _B3[mask >> 24]


_BITS: dict[int, tuple[int, ...]] = {}


def _bits_of(mask: int) -> tuple[int, ...]:
    """``_bits``, remembered: a search meets the same few thousand masks again and again."""
    b = _BITS.get(mask)
    if b is None:
        if len(_BITS) > 100_000:
            _BITS.clear()
        b = _BITS[mask] = _bits(mask)
    return b


def _merge_zero(m: int, other: int) -> int:
    """``m`` without the zero-point cards equal to a lower one of ``m`` (no card of ``other`` between)."""
    z = m & ZERO
    return m ^ (z & ((z >> 1) | (~(m | other) >> 1 & z >> 2)))


def _beats(x: int, w: int) -> bool:
    """Does card ``x`` beat the trick's best card so far ``w`` (internal coordinates)?"""
    return x > w and (x >> 3 == w >> 3 or x >= 24)


def _lead_order(h: int, ha: int, hb: int, first: int) -> list[int]:
    """Leads to try: the table's best first, then sure winners (most points first), then the rest, cheapest
    first; equal zero-point cards once, and of adjacent sure winners (no other card between) the top one."""
    others = ha | hb
    # a hand can take a lead with a higher card of its suit, or with a trump when void in a plain suit (the
    # follow rules as mask tests: this runs at every node)
    ruff_a = ha & TRUMPS
    ruff_b = hb & TRUMPS
    masters: list[int] = []
    rest: list[int] = []
    prev = -1
    m = _merge_zero(h, others)
    for c in _BITS.get(m) or _bits_of(m):
        if others & ABOVE[c] or (c < 24 and ((ruff_a and not ha & SUITMASK[c]) or (ruff_b and not hb & SUITMASK[c]))):
            rest.append(c)
            prev = -1
            continue
        if prev >= 0 and c >> 3 == prev >> 3 and not others & ((1 << c) - (2 << prev)):
            masters.pop()
        masters.append(c)
        prev = c
    masters.reverse()
    out = masters + rest
    if first >= 0 and first in out:
        out.remove(first)
        out.insert(0, first)
    return out


def _second_fixed(f: int, c: int, f3: int, b1: bool, b2: bool, b3: bool, other: int) -> list[int]:
    """The second player's replies; of adjacent cards (no card of ``other`` between) whose trick goes to the
    same side whatever the third plays, keep the top one when that is my side, else the bottom one."""
    win: list[int] = []
    lose: list[int] = []
    prev = -1
    prev_keep = 0  # 1: keep top, -1: keep bottom, 0: keep all
    for d in _BITS.get(f) or _bits_of(f):
        if d > c and (d >> 3 == c >> 3 or d >= 24):
            w, wb, dw = d, b2, True
        else:
            w, wb, dw = c, b1, False
        # the third's replies that take the trick from ``w`` (a higher card of its suit, or any trump over a
        # plain card) go to the third's side, the others to ``w``'s
        over = f3 & (ABOVE[w] | TRUMPS if w < 24 else ABOVE[w])
        under = f3 ^ over
        to_bidder = bool((over and b3) or (under and wb))
        to_vist = bool((over and not b3) or (under and not wb))
        keep = 0 if to_bidder == to_vist else (1 if to_bidder == b2 else -1)
        if keep and prev >= 0 and keep == prev_keep and d >> 3 == prev >> 3 and not other & ((1 << d) - (2 << prev)):
            if keep == 1:
                (win if dw else lose).pop()
            else:
                prev = d
                continue
        prev = d
        prev_keep = keep
        (win if dw else lose).append(d)
    return win + lose


def _third_order(f: int, w: int, mine: bool, other: int) -> list[int]:
    """The third player's replies, the trick's outcome known for each. ``mine``: the trick's best card so far
    is my side's. Of adjacent cards (no card of ``other`` between) keep the top one when my side takes the
    trick, else the bottom one; most points to my side first, then fewest to the other side."""
    to_me: list[int] = []
    to_them: list[int] = []
    prev = -1
    ws = w >> 3
    for d in _BITS.get(f) or _bits_of(f):
        ours = mine or (d > w and (d >> 3 == ws or d >= 24))
        if prev >= 0 and d >> 3 == prev >> 3 and not other & ((1 << d) - (2 << prev)):
            # same group as prev (the same outcome: the best card is in ``other``)
            if ours:
                to_me.pop()  # keep the higher
            else:
                prev = d
                continue  # keep the lower
        prev = d
        (to_me if ours else to_them).append(d)
    to_me.reverse()
    return to_me + to_them


class Solver3:
    """One solver per trump and bidder; ``solve`` / ``values`` may be called on many positions (the table is
    shared)."""

    def __init__(self, trump: Suit, bidder: int) -> None:
        self.trump = trump
        self.bidder = bidder
        self.table: dict[tuple[int, int, int, int], tuple[int, int, int]] = {}
        self.nodes = 0
        self.node_limit = NO_LIMIT  # ``solve`` / ``values`` raise ``NodeBudget`` past this many nodes in all
        self._ab = self._build()

    # ------------------------------------------------------------------ public

    def solve(self, hands: Hands, leader: int, trick: tuple[Card, ...] = ()) -> int:
        """The bidder's margin with best play from here; ``trick``: the cards already played to this trick."""
        hs, lrel, cards, total = self._internal(hands, leader, trick)
        v = self._rest(hs, lrel, cards, total, -1, total + 1)
        return 2 * v - total

    def values(self, hands: Hands, leader: int, trick: tuple[Card, ...] = ()) -> dict[Card, int]:
        """The margin after each legal card of the seat to play (exact for each card: null-window searches
        from the previous card's value, MTD(f), a little quicker here than one full-window search)."""
        seat = (leader + len(trick)) % 3
        hs, lrel, cards, total = self._internal(hands, leader, trick)
        rel = (seat - self.bidder) % 3
        out: dict[Card, int] = {}
        guess: int | None = None
        for c in legal_replies(hands[seat], trick[0] if trick else None, self.trump):
            i = card_to_internal(c, self.trump)
            after = list(hs)
            after[rel] ^= 1 << i
            hs2 = (after[0], after[1], after[2])
            guess = self._mtd(hs2, lrel, (*cards, i), total, guess)
            out[c] = 2 * guess - total
        return out

    def solve_near(self, hands: Hands, leader: int, trick: tuple[Card, ...], guess: int | None) -> tuple[int, int]:
        """``solve`` by null-window searches from ``guess`` (the points a similar position took, as ``values``
        guesses from the previous card): the bidder's margin, and the points (the next guess)."""
        hs, lrel, cards, total = self._internal(hands, leader, trick)
        points = self._mtd(hs, lrel, cards, total, guess)
        return 2 * points - total, points

    def _mtd(self, hs: tuple[int, int, int], lrel: int, cards: tuple[int, ...], total: int, guess: int | None) -> int:
        """The bidder's points from here by null-window searches from ``guess`` (MTD(f))."""
        lower, upper = 0, total
        g = guess if guess is not None and 0 <= guess <= total else total // 2
        while lower < upper:
            b = g if g > lower else lower + 1
            g = self._rest(hs, lrel, cards, total, b - 1, b)
            if g < b:
                upper = g
            else:
                lower = g
        return lower

    # ------------------------------------------------------------------ search

    def _internal(
        self, hands: Hands, leader: int, trick: tuple[Card, ...]
    ) -> tuple[tuple[int, int, int], int, tuple[int, ...], int]:
        if len(self.table) > MAX_ENTRIES:
            self.table.clear()
        t = int(self.trump)
        masks = [0, 0, 0]
        for rel in range(3):
            m = 0
            for c in hands[(self.bidder + rel) % 3]:
                m |= 1 << c
            masks[rel] = to_internal(m, t)
        cards = tuple(card_to_internal(c, self.trump) for c in trick)
        total = LAST_TRICK + sum(PTS[i] for i in cards) + sum(PTS[i] for m in masks for i in _bits(m))
        return (masks[0], masks[1], masks[2]), (leader - self.bidder) % 3, cards, total

    def _rest(
        self, hs: tuple[int, int, int], lrel: int, cards: tuple[int, ...], total: int, alpha: int, beta: int
    ) -> int:
        """The bidder's points from a position inside a trick (plain alpha-beta up to the trick's end)."""
        if len(cards) == 3:
            w = 0
            for i in (1, 2):
                if _beats(cards[i], cards[w]):
                    w = i
            ws = (lrel + w) % 3
            p = PTS[cards[0]] + PTS[cards[1]] + PTS[cards[2]]
            if not hs[0]:
                return p + LAST_TRICK if ws == 0 else 0
            gain = p if ws == 0 else 0
            return gain + self._ab(hs[0], hs[1], hs[2], ws, total - p, alpha - gain, beta - gain)
        if not cards and not hs[lrel]:
            return 0
        seat = (lrel + len(cards)) % 3
        moves = _bits(follow_mask(hs[seat], cards[0]) if cards else hs[seat])
        maximise = seat == 0
        best = -1 if maximise else INF
        for c in moves:
            after = list(hs)
            after[seat] ^= 1 << c
            v = self._rest((after[0], after[1], after[2]), lrel, (*cards, c), total, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def _build(self) -> Search:
        table = self.table
        get = table.get
        solver = self
        pts = PTS

        def last(h0: int, h1: int, h2: int, lrel: int) -> int:
            hs = (h0, h1, h2)
            c = (hs[lrel].bit_length() - 1, hs[(lrel + 1) % 3].bit_length() - 1, hs[(lrel + 2) % 3].bit_length() - 1)
            w = 0
            for i in (1, 2):
                if _beats(c[i], c[w]):
                    w = i
            return pts[c[0]] + pts[c[1]] + pts[c[2]] + LAST_TRICK if (lrel + w) % 3 == 0 else 0

        def ab(h0: int, h1: int, h2: int, lrel: int, R: int, alpha: int, beta: int) -> int:
            """The bidder's points from this trick start (``R``: all still to take); fail-soft alpha-beta."""
            key = (h0, h1, h2, lrel)
            e = get(key)
            if e is None:
                if beta <= 0:
                    return 0
                if alpha >= R:
                    return R
                lo = 0
                hi = R
                first = -1
            else:
                lo, hi, first = e
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
            solver.nodes += 1
            if solver.nodes > solver.node_limit:
                raise NodeBudget
            a1 = alpha if alpha > lo else lo
            b1 = beta if beta < hi else hi
            a0 = a1
            b0 = b1
            s1 = lrel
            s2 = (lrel + 1) % 3
            s3 = (lrel + 2) % 3
            hs = (h0, h1, h2)
            hL = hs[s1]
            hM = hs[s2]
            hT = hs[s3]
            max1 = s1 == 0
            max2 = s2 == 0
            max3 = s3 == 0
            best1 = -1 if max1 else INF
            best_lead = -1
            for c in _lead_order(hL, hM, hT, first):
                cb = 1 << c
                xL = hL ^ cb
                pc = pts[c]
                a2 = a1
                b2 = b1
                best2 = -1 if max2 else INF
                fT = follow_mask(hT, c)
                o2 = xL | hT | cb
                for d in _second_fixed(_merge_zero(follow_mask(hM, c), o2), c, fT, max1, max2, max3, o2):
                    db = 1 << d
                    xM = hM ^ db
                    if d > c and (d >> 3 == c >> 3 or d >= 24):
                        w = d
                        wseat = s2
                    else:
                        w = c
                        wseat = s1
                    wsuit = w >> 3
                    pcd = pc + pts[d]
                    a3 = a2
                    b3 = b2
                    best3 = -1 if max3 else INF
                    for t in _third_order(fT, w, (wseat == 0) == max3, xL | xM | cb | db):
                        xT = hT ^ (1 << t)
                        p = pcd + pts[t]
                        ws = s3 if t > w and (t >> 3 == wsuit or t >= 24) else wseat
                        if not xL:
                            v = p + LAST_TRICK if ws == 0 else 0
                        else:
                            if s1 == 0:
                                n0, n1, n2 = xL, xM, xT
                            elif s1 == 1:
                                n0, n1, n2 = xT, xL, xM
                            else:
                                n0, n1, n2 = xM, xT, xL
                            if not xL & (xL - 1):  # the last trick is forced
                                v = last(n0, n1, n2, ws) + (p if ws == 0 else 0)
                            elif ws == 0:
                                v = p + ab(n0, n1, n2, 0, R - p, a3 - p, b3 - p)
                            else:
                                v = ab(n0, n1, n2, ws, R - p, a3, b3)
                        if max3:
                            if v > best3:
                                best3 = v
                                if v > a3:
                                    a3 = v
                        elif v < best3:
                            best3 = v
                            if v < b3:
                                b3 = v
                        if a3 >= b3:
                            break
                    v = best3
                    if max2:
                        if v > best2:
                            best2 = v
                            if v > a2:
                                a2 = v
                    elif v < best2:
                        best2 = v
                        if v < b2:
                            b2 = v
                    if a2 >= b2:
                        break
                v = best2
                if max1:
                    if v > best1:
                        best1 = v
                        best_lead = c
                        if v > a1:
                            a1 = v
                elif v < best1:
                    best1 = v
                    best_lead = c
                    if v < b1:
                        b1 = v
                if a1 >= b1:
                    break
            if best1 <= a0:
                table[key] = (lo, best1 if best1 < hi else hi, best_lead)
            elif best1 >= b0:
                table[key] = (best1 if best1 > lo else lo, hi, best_lead)
            else:
                table[key] = (best1, best1, best_lead)
            return best1

        return ab


def without(hands: Hands, seat: int, card: Card) -> Hands:
    """The hands after ``seat`` has played ``card``."""
    rest = tuple(x for x in hands[seat] if x != card)
    return (
        rest if seat == 0 else hands[0],
        rest if seat == 1 else hands[1],
        rest if seat == 2 else hands[2],
    )


def brute_force(hands: Hands, leader: int, bidder: int, trump: Suit, trick: tuple[Card, ...] = ()) -> int:
    """Plain minimax with no pruning or table: the reference the solver is tested against."""
    if len(trick) == 3:
        win = 0
        for i in (1, 2):
            if beats(trick[i], trick[win], trump):
                win = i
        winner = (leader + win) % 3
        pts = sum(points(x, trump) for x in trick) + (LAST_TRICK if not hands[winner] else 0)
        sign = 1 if winner == bidder else -1
        return sign * pts + brute_force(hands, winner, bidder, trump)
    seat = (leader + len(trick)) % 3
    if not hands[seat]:
        return 0
    vals = []
    for c in legal_replies(hands[seat], trick[0] if trick else None, trump):
        vals.append(brute_force(without(hands, seat, c), leader, bidder, trump, (*trick, c)))
    return max(vals) if seat == bidder else min(vals)
