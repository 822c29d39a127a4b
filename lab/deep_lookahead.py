"""A deeper lookahead for leads: my next ``depth`` decisions made per observation (lab only, issue 25).

``game.bots.lookahead.lead_values`` makes one more decision of mine honestly (per group of worlds that
show me the same cards) and lets the exact solver play on from there, as if it saw the cards. Here that
is done ``depth`` times: after my lead, each world goes on with the opponent's best card (by the exact
values there) until my next decision; that decision is taken once per group of worlds with the same
observation, and so on ``depth`` levels down; only then does exact play take over. ``depth`` = 1 is
``lead_values``. A branch is pruned when its exact (sampling) total cannot beat the best found, since an
honest decision never exceeds the exact total of the same worlds.

``DeepLookahead`` is the hard bot with it (levels ``hard_la2``, ``hard_la1``... in ``lab.hard_measure``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence

from game.bots.hard import HardBot
from game.bots.lookahead import World, _best, _without, after_trick
from game.bots.solver import Position, Solver
from game.cards import Card
from game.deal import DealView

Groups = dict[tuple[Card, ...], list[World]]


def advance(worlds: Sequence[World], me: int, card: Card, solver: Solver) -> tuple[float, Groups]:
    """Play my ``card`` in each world (my decision position), then the opponent's best cards until my next
    decision: the worlds' fixed value where the deal ended (my side), and the others grouped by what I saw."""
    sign = 1.0 if me == 0 else -1.0
    fixed = 0.0
    groups: Groups = defaultdict(list)
    for pos, ev, w in worlds:
        t = pos.trump
        if not pos.trick:  # I lead; the opponent answers its best card in this world
            led = Position(_without(pos.hands, me, card), t, me, (card,))
            reply = _best(solver.values(led, ev), 1 - me)
            nxt, ev2, last = after_trick(pos.hands, t, me, card, reply, ev)
            seen: tuple[Card, ...] = (reply,)
        else:  # I answer the opponent's lead
            lead = pos.trick[0]
            hands = list(pos.hands)
            hands[1 - me] |= 1 << lead
            nxt, ev2, last = after_trick((hands[0], hands[1]), t, 1 - me, lead, card, ev)
            seen = ()
        if last:
            fixed += w * sign * ev2.fn(*ev2.base_points, *ev2.base_tricks)
            continue
        if nxt.leader != me:  # the opponent leads its best card in this world
            e = _best(solver.values(nxt, ev2), 1 - me)
            seen = (*seen, e)
            nxt = Position(_without(nxt.hands, 1 - me, e), t, nxt.leader, (e,))
        groups[seen].append((nxt, ev2, w))
    return fixed, groups


def exact_totals(worlds: Sequence[World], me: int, solver: Solver) -> dict[Card, float]:
    """Each of my cards' weighted exact value over ``worlds`` (my side): sampling's estimate, an upper bound."""
    sign = 1.0 if me == 0 else -1.0
    out: dict[Card, float] = defaultdict(float)
    for pos, ev, w in worlds:
        for c, v in solver.values(pos, ev).items():
            out[c] += w * sign * v
    return out


def node(worlds: Sequence[World], me: int, depth: int, solver: Solver) -> float:
    """My decision, taken once for all ``worlds`` (they show me the same cards), then ``depth`` more."""
    totals = exact_totals(worlds, me, solver)
    if depth == 0:
        return max(totals.values())
    best = float("-inf")
    for c in sorted(totals, key=lambda c: (-totals[c], int(c))):
        if totals[c] <= best:
            break
        best = max(best, card_value(worlds, me, c, depth, solver))
    return best


def card_value(worlds: Sequence[World], me: int, card: Card, depth: int, solver: Solver) -> float:
    """My ``card`` in ``worlds``, then ``depth`` decisions of mine per observation, then exact play."""
    fixed, groups = advance(worlds, me, card, solver)
    return fixed + sum(node(g, me, depth - 1, solver) for g in groups.values())


def lead_values_deep(
    worlds: Sequence[World], me: int, cards: Sequence[Card], solver: Solver, depth: int
) -> dict[Card, float]:
    """For each of my candidate leads: its value with ``depth`` later decisions per observation (my side)."""
    return {c: card_value(worlds, me, c, depth, solver) for c in cards}


class DeepLookahead(HardBot):
    """Hard whose lookahead for close leads makes ``la_depth`` later decisions per observation, from trick
    ``la_from + 1`` to trick ``la_until`` (None: ``enumerate_from``, as the shipped bot, which looks ahead
    with depth 1 from trick 2 to 4); with more than ``la_worlds`` weighted hands it keeps the sampling
    choice (late in the deal every consistent hand is weighed: up to thousands)."""

    la_depth = 2
    la_from = 1
    la_until: int | None = None
    la_worlds = 100_000

    def looks_ahead(self, view: DealView) -> bool:
        until = self.enumerate_from if self.la_until is None else self.la_until
        return not view.trick and self.la_from <= len(view.tricks) < until

    def _look_ahead(self, view: DealView, ranked: list[Card], key: Callable[[Card], tuple[float, int, int]]) -> Card:
        if len(self.last_hands) > self.la_worlds:
            return ranked[0]
        return super()._look_ahead(view, ranked, key)

    def lead_values(self, worlds: list[World], seat: int, card: Card) -> dict[Card, float]:
        return lead_values_deep(worlds, seat, [card], self.solver, self.la_depth)
