"""Exact double-dummy solver for the play of one deal (all 18 cards known).

Pure Python, tuned for CPython. How it works (details, measurements and rejected ideas: docs/lab/bots-solver.md):

* Cards are bits of an int. Inside the solver a card's bit is *not* ``Card``'s value: the trump suit is moved
  to the top byte (bits 24-31) and each suit's cards are ordered by trick-taking strength, so a higher bit of
  the same suit beats a lower one and any trump beats any plain card. In these coordinates the points of a
  card depend only on its bit (trump or plain, rank by strength), so the solver core and its transposition
  table are the same for every trump; ``Card`` masks are converted at the boundary.
* ``Solver`` holds a transposition table of trick-start positions keyed by ``leader_hand | follower_hand << 32``
  (the leader is the one whose hand is in the low half). An entry stores lower/upper bounds of the leader's
  points from here (card points + 10 for the last trick), and lazily the ordered list of leads with, per
  lead, the ordered follower replies and their child keys. The order is improved in place: a lead that
  raises alpha and a reply that refutes a lead move to the front. The table stays valid for any deal and
  any trump, so one table can be kept across the samples of a deal (the hard bot does).
* Alpha-beta, fail-soft, two plies (one trick) per call. Positions with two cards each are solved directly.
* Equivalent cards: a player's cards of one suit with no card of the opponent between them (played cards
  are gone) take tricks alike, but their points differ, so they are merged only when that is exact:
  the leader's zero-point cards (plain 7-8-9, trump 7-8) of such a group keep one; the follower, whose
  trick outcome is known once the lead is on the table, keeps the top card of a group that wins the trick
  (the highest points) and the bottom card of a group that loses it (the fewest points). A copy argument
  shows both are exact; the tests check them against brute force.
* Scoring-aware search (``Evaluation``): the caller's evaluation of the final
  (points0, points1, tricks0, tricks1) is maximised by seat 0 and minimised by seat 1. It must not decrease
  when seat 0's points grow with the trick counts' zero-ness fixed (true for the deal's scoring: bait,
  hanging bait, sequences that need a trick, лыжа). Once each side has a trick, only seat 0's points matter
  and a monotone function commutes with minimax: the additive search runs with the evaluation's alpha-beta
  window translated into a points window (so a bait threshold gives a near null-window search). While a
  side has no trick yet, the evaluation is searched directly (the points taken so far are then fixed by
  the cards, so those positions have their own small table per call).
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from game.cards import Card

__all__ = [
    "Evaluation",
    "Position",
    "Solver",
    "cards_to_mask",
    "legal_cards",
    "mask_to_cards",
]

from game.bots.solver_masks import (
    ABOVE,
    DRIVERS,
    LAST_TRICK,
    PTS,
    ZERO,
    Entry,
    LeadFn,
    ReplyFn,
    _last_two,
    _lead_list,
    _remaining_points,
    _reply_list,
    _wins,
    card_to_internal,
    cards_to_mask,
    legal_cards,
    mask_to_cards,
    to_internal,
)

# ---------------------------------------------------------------------------------------------- the public types


@dataclass(frozen=True, slots=True)
class Position:
    """A play position. ``hands`` are ``Card`` bit masks (bit ``card``) of the cards each seat still holds.

    ``trick`` is () at the start of a trick, or (the led card,) — then ``leader`` is the seat that led it
    (the card is no longer in that hand) and the other seat is to play.
    """

    hands: tuple[int, int]
    trump: int
    leader: int
    trick: tuple[Card, ...] = ()

    @property
    def to_play(self) -> int:
        return self.leader if not self.trick else 1 - self.leader

    def legal(self) -> list[Card]:
        led = self.trick[0] if self.trick else None
        return mask_to_cards(legal_cards(self.hands[self.to_play], led, self.trump))


EvalFn = Callable[[int, int, int, int], float]


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The caller's scoring of a finished deal, maximised by seat 0 (minimised by seat 1).

    ``fn(points0, points1, tricks0, tricks1)`` gets each seat's ``base_points`` plus the points taken in
    the searched play (the last trick's 10 included) and ``base_tricks`` plus the tricks taken. ``fn`` must
    depend on the trick counts only through whether each is zero, and must not decrease when points move
    from seat 1 to seat 0 (for fixed zero-ness of the trick counts).
    """

    fn: EvalFn
    base_points: tuple[int, int] = (0, 0)
    base_tricks: tuple[int, int] = (0, 0)
    tricks_matter: bool = True  # False: ``fn`` ignores the trick counts (a faster search)


class Solver:
    """An exact solver with a transposition table kept across calls (any deal, any trump).

    ``points(pos)``: seat 0's points from here. ``values(pos, evaluation)``: the exact value of each legal
    card of the player to act — seat 0's points from here, or the evaluation — from seat 0's side.
    """

    def __init__(
        self,
        max_entries: int = 150_000,
        *,
        merge_leads: bool = True,
        merge_replies: bool = True,
        lead_fn: LeadFn | None = None,
        reply_fn: ReplyFn | None = None,
        driver: str = "full",
    ) -> None:
        """``merge_leads`` / ``merge_replies`` switch the equivalent-card merging off (for the tests);
        ``lead_fn`` / ``reply_fn`` replace the move generators (for experiments); ``driver`` is how an exact
        value is found: "full" (one full-window search), "mtdf" (null-window searches from a guess) or
        "bisect" (null-window searches halving the interval)."""
        if driver not in DRIVERS:
            raise ValueError(f"unknown driver {driver!r} (known: {', '.join(DRIVERS)})")
        self.driver = driver
        self.max_entries = max_entries
        self.tt: dict[int, Entry] = {}
        self.nodes = 0  # positions searched (entries entered without an immediate cutoff)
        self.lead_list: LeadFn = lead_fn or (_lead_list if merge_leads else partial(_lead_list, merge=False))
        self.reply_list: ReplyFn = reply_fn or (_reply_list if merge_replies else partial(_reply_list, merge=False))
        self._ab = self._build()

    def clear(self) -> None:
        self.tt.clear()

    def _trim(self) -> None:
        if len(self.tt) > self.max_entries:
            self.tt.clear()

    # ------------------------------------------------------------------ the core

    def _build(self) -> Callable[[int, int, int, int, int], int]:
        tt = self.tt
        get = tt.get
        solver = self
        lead_list = self.lead_list
        reply_list = self.reply_list
        last_two = _last_two

        def ab(hL: int, hF: int, R: int, alpha: int, beta: int) -> int:
            """Leader's points from this trick-start position; fail-soft alpha-beta."""
            lo: int
            hi: int
            key = hL | (hF << 32)
            e = get(key)
            if e is None:
                r = hL & (hL - 1)
                if not r & (r - 1):
                    v = last_two(hL, hF) if r else (0 if _wins(hL.bit_length() - 1, hF.bit_length() - 1) else R)
                    tt[key] = [v, v, None]
                    return v
                e = [0, R, lead_list(hL, hF)]
                tt[key] = e
                if beta <= 0:
                    return 0
                if alpha >= R:
                    return R
                lo = 0
                hi = R
            else:
                lo = e[0]
                if lo >= beta:
                    return lo
                hi = e[1]
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
            solver.nodes += 1
            a = alpha if alpha > lo else lo
            b = beta if beta < hi else hi
            a0 = a
            b0 = b
            best = -1
            leads = e[2]
            for i, lead in enumerate(leads):
                rs = lead[1]
                if rs is None:
                    rs = lead[1] = reply_list(hL, hF, lead[0], R)
                vmin = 1000
                for j, (fw, p, x, y, R2) in enumerate(rs):
                    bb = b if b < vmin else vmin
                    v = R2 - ab(x, y, R2, R2 - bb, R2 - a) if fw else p + ab(x, y, R2, a - p, bb - p)
                    if v < vmin:
                        vmin = v
                        if vmin <= a:
                            if j:
                                rs.insert(0, rs.pop(j))
                            break
                if vmin > best:
                    best = vmin
                    if best > a:
                        a = best
                        if i:
                            leads.insert(0, leads.pop(i))
                        if a >= b:
                            break
            if best <= a0:
                if best < e[1]:
                    e[1] = best
            elif best >= b0:
                if best > e[0]:
                    e[0] = best
            else:
                e[0] = e[1] = best
            return best

        return ab

    def _exact(self, hL: int, hF: int, R: int, guess: int | None = None) -> int:
        ab = self._ab
        if self.driver == "full":
            return ab(hL, hF, R, -1, R + 1)
        lower, upper = 0, R
        g = R // 2 if guess is None else guess
        while lower < upper:
            beta = (g if g > lower else lower + 1) if self.driver == "mtdf" else (lower + upper + 1) // 2
            g = ab(hL, hF, R, beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return lower

    # ------------------------------------------------------------------ additive values

    def points(self, pos: Position) -> int:
        """Seat 0's card points (and the last trick's 10) from ``pos`` on, both sides playing perfectly."""
        if pos.trick:
            vals = self.values(pos)
            return int(max(vals.values()) if pos.to_play == 0 else min(vals.values()))
        self._trim()
        t = pos.trump
        h = (to_internal(pos.hands[0], t), to_internal(pos.hands[1], t))
        me = pos.leader
        if not h[me]:
            return 0
        R = _remaining_points(h[0] | h[1])
        v = self._exact(h[me], h[1 - me], R)
        return v if me == 0 else R - v

    def values(self, pos: Position, evaluation: Evaluation | None = None) -> dict[Card, float]:
        """Every legal card of the player to act -> the exact value after it (seat 0's side).

        Without ``evaluation`` the value is seat 0's points from ``pos`` on; with it, ``evaluation.fn`` of
        the final totals.
        """
        self._trim()
        if evaluation is not None:
            return _EvalSearch(self, pos, evaluation).root_values()
        t = pos.trump
        me = pos.to_play
        h = (to_internal(pos.hands[0], t), to_internal(pos.hands[1], t))
        out: dict[Card, float] = {}
        if not pos.trick:
            hL, hF = h[me], h[1 - me]
            R = _remaining_points(hL | hF)
            cache: dict[int, int] = {}
            for card in pos.legal():
                c = card_to_internal(card, t)
                v = self._lead_value(hL, hF, c, R, cache)
                out[card] = v if me == 0 else R - v
            return out
        led = card_to_internal(pos.trick[0], t)
        hL = h[pos.leader] | (1 << led)
        hF = h[me]
        R = _remaining_points(hL | hF)
        for card in pos.legal():
            d = card_to_internal(card, t)
            v = self._reply_value(hL, hF, led, d, R, -1, R + 1)  # the leader's points
            out[card] = v if pos.leader == 0 else R - v
        return out

    def _lead_value(self, hL: int, hF: int, c: int, R: int, cache: dict[int, int]) -> int:
        """Exact leader's points after leading ``c`` (the follower answers best)."""
        # zero-point cards with no opponent card between them are interchangeable
        rem = hL | hF
        key = c
        if (1 << c) & ZERO:
            above = rem & ABOVE[c]
            while above & -above & hL & ZERO:
                key = (above & -above).bit_length() - 1
                above &= above - 1
        if key in cache:
            return cache[key]
        vmin = R + 1
        for fw, p, x, y, R2 in self.reply_list(hL, hF, c, R):
            if not x and not y:
                v = R if not fw else 0
            elif fw:
                v = R2 - self._ab(x, y, R2, R2 - vmin, R2 + 1)
            else:
                v = p + self._ab(x, y, R2, -1 - p, vmin - p)
            if v < vmin:
                vmin = v
        cache[key] = vmin
        return vmin

    def _reply_value(self, hL: int, hF: int, c: int, d: int, R: int, alpha: int, beta: int) -> int:
        """The leader's points after lead ``c`` and reply ``d`` (``hL`` still holds ``c``)."""
        x, y = hL ^ (1 << c), hF ^ (1 << d)
        p = PTS[c] + PTS[d]
        R2 = R - p
        fw = _wins(c, d)
        if not x:
            return 0 if fw else R
        if fw:
            return R2 - self._ab(y, x, R2, R2 - beta, R2 - alpha)
        return p + self._ab(x, y, R2, alpha - p, beta - p)


# ---------------------------------------------------------------------------------------------- evaluation search


class _EvalSearch:
    """Minimax of a caller's evaluation (see ``Evaluation``) from one root position; seat 0 maximises."""

    def __init__(self, solver: Solver, pos: Position, evaluation: Evaluation) -> None:
        self.ab = solver._ab
        self.lead_list = solver.lead_list
        self.reply_list = solver.reply_list
        self.pos = pos
        t = pos.trump
        self.h = (to_internal(pos.hands[0], t), to_internal(pos.hands[1], t))
        self.led = card_to_internal(pos.trick[0], t) if pos.trick else -1
        rem = self.h[0] | self.h[1] | ((1 << self.led) if self.led >= 0 else 0)
        self.R = _remaining_points(rem)
        self.tricks = (rem.bit_count() + 1) // 2
        self.fn = evaluation.fn
        self.base = evaluation.base_points
        self.bt = evaluation.base_tricks
        self.tricks_matter = evaluation.tricks_matter
        b0, b1 = self.base
        # the evaluation by seat 0's points taken from the root on, once each side has a trick
        t0, t1 = max(self.bt[0], 1), max(self.bt[1], 1)
        self.table = [self.fn(b0 + x, b1 + self.R - x, t0, t1) for x in range(self.R + 1)]
        self.monotone = all(self.table[i] <= self.table[i + 1] for i in range(self.R))
        self.tt: dict[tuple[int, int, int, int, int], list[float]] = {}

    def root_values(self) -> dict[Card, float]:
        pos = self.pos
        t = pos.trump
        me = pos.to_play
        h0, h1 = self.h
        out: dict[Card, float] = {}
        inf = math.inf
        if not pos.trick:
            hL, hF = (h0, h1) if me == 0 else (h1, h0)
            for card in pos.legal():
                c = card_to_internal(card, t)
                out[card] = self._after_lead(hL, hF, me, c, self.R, 0, 0, -inf, inf)
            return out
        leader = pos.leader
        hL = (h0 if leader == 0 else h1) | (1 << self.led)
        hF = h1 if leader == 0 else h0
        for card in pos.legal():
            d = card_to_internal(card, t)
            out[card] = self._after_trick(hL, hF, leader, self.led, d, self.R, 0, 0, -inf, inf)
        return out

    def _after_lead(
        self, hL: int, hF: int, leader: int, c: int, R: int, acc0: int, tr0: int, alpha: float, beta: float
    ) -> float:
        """The value after the leader plays ``c``: the follower chooses (its reduced reply list is exact)."""
        maximise = leader == 1
        best = -math.inf if maximise else math.inf
        for fw, _p, x, y, _R2 in self.reply_list(hL, hF, c, R):
            d = (hF ^ (x if fw else y)).bit_length() - 1
            v = self._after_trick(hL, hF, leader, c, d, R, acc0, tr0, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if best > alpha:
                        alpha = best
            elif v < best:
                best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def _after_trick(
        self, hL: int, hF: int, leader: int, c: int, d: int, R: int, acc0: int, tr0: int, alpha: float, beta: float
    ) -> float:
        x, y = hL ^ (1 << c), hF ^ (1 << d)
        p = PTS[c] + PTS[d]
        winner = 1 - leader if _wins(c, d) else leader
        if winner == 0:
            acc0 += p
            tr0 += 1
        if not x:  # the last trick
            if winner == 0:
                acc0 += LAST_TRICK
            b0, b1 = self.base
            return self.fn(b0 + acc0, b1 + self.R - acc0, self.bt[0] + tr0, self.bt[1] + self.tricks - tr0)
        if winner == leader:
            return self._node(x, y, winner, R - p, acc0, tr0, alpha, beta)
        return self._node(y, x, winner, R - p, acc0, tr0, alpha, beta)

    def _node(self, hL: int, hF: int, leader: int, R: int, acc0: int, tr0: int, alpha: float, beta: float) -> float:
        """The value of a trick-start position (``tr0`` tricks of seat 0 since the root)."""
        played = self.tricks - hL.bit_count()
        if self.monotone and (not self.tricks_matter or (self.bt[0] + tr0 > 0 and self.bt[1] + played - tr0 > 0)):
            # each side has a trick: a points search in the translated window
            table = self.table
            xa = bisect_right(table, alpha) - 1 - acc0  # the largest seat-0 points still <= alpha
            xb = bisect_left(table, beta) - acc0  # the smallest seat-0 points already >= beta
            x0 = self.ab(hL, hF, R, xa, xb) if leader == 0 else R - self.ab(hL, hF, R, R - xb, R - xa)
            return table[acc0 + x0]
        key = (hL, hF, leader, acc0, tr0)
        e = self.tt.get(key)
        if e is None:
            e = self.tt[key] = [-math.inf, math.inf]
        else:
            if e[0] >= beta:
                return e[0]
            if e[1] <= alpha:
                return e[1]
            if e[0] == e[1]:
                return e[0]
            alpha = max(alpha, e[0])
            beta = min(beta, e[1])
        a0, b0 = alpha, beta
        maximise = leader == 0
        best = -math.inf if maximise else math.inf
        for lead in self.lead_list(hL, hF):
            v = self._after_lead(hL, hF, leader, lead[0], R, acc0, tr0, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if best > alpha:
                        alpha = best
            elif v < best:
                best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if best <= a0:
            e[1] = min(e[1], best)
        elif best >= b0:
            e[0] = max(e[0], best)
        else:
            e[0] = e[1] = best
        return best
