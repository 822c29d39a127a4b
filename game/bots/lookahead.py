"""One step of information-set lookahead for a lead: my next decision is made per observation, not per world.

Plain sampling (``HardBot.card_totals``) values a card by the average over sampled worlds of its exact
value, and the exact value lets me play on in each world as if I saw the opponent's cards — it fuses
different strategies for one information set (strategy fusion). Here, after my card, each world goes on
exactly until my *next* decision — the opponent's reply (and its next lead, if it wins the trick) is its
best card in that world — and that decision is then made once for all the worlds that show me the same
cards: the best card on their weighted sum. A card's value is the sum over those groups. It never exceeds
the sampling value, and it drops most for cards whose later play needs a guess.

The cost is a few exact solves per world and candidate card, so ``HardBot`` uses it only where it measured
to pay — close leads in tricks 2-4 — and only for the cards that can still beat the best value found
(``HardBot._look_ahead``; docs/lab/bots-solver.md, "fifth version").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace

from game.bots.solver import Evaluation, Position, Solver
from game.bots.solver_masks import LAST_TRICK
from game.cards import Card, Suit, beats, points

World = tuple[Position, Evaluation, float]  # my decision position in one world, its scoring, its weight


def _without(hands: tuple[int, int], seat: int, card: Card) -> tuple[int, int]:
    h = list(hands)
    h[seat] &= ~(1 << card)
    return h[0], h[1]


def after_trick(
    hands: tuple[int, int], trump: int, leader: int, lead: Card, reply: Card, ev: Evaluation
) -> tuple[Position, Evaluation, bool]:
    """The position once ``lead`` and ``reply`` are played (both still in ``hands``), the evaluation with the
    trick's points and count added to its winner's base, and whether it was the last trick."""
    hands = _without(_without(hands, leader, lead), 1 - leader, reply)
    winner = 1 - leader if beats(reply, lead, Suit(trump)) else leader
    last = hands == (0, 0)
    p = points(lead, Suit(trump)) + points(reply, Suit(trump)) + (LAST_TRICK if last else 0)
    bp, bt = list(ev.base_points), list(ev.base_tricks)
    bp[winner] += p
    bt[winner] += 1
    return Position(hands, trump, winner), replace(ev, base_points=(bp[0], bp[1]), base_tricks=(bt[0], bt[1])), last


def _best(values: dict[Card, float], seat: int) -> Card:
    """``seat``'s best card (seat 0 maximises); ties to the lowest card, the same in every world."""
    sign = 1.0 if seat == 0 else -1.0
    return max(values, key=lambda c: (sign * values[c], -int(c)))


def lead_values(worlds: Sequence[World], me: int, cards: Sequence[Card], solver: Solver) -> dict[Card, float]:
    """For each of my candidate leads: the weighted total (my side) with my next decision made per observation."""
    sign = 1.0 if me == 0 else -1.0
    out: dict[Card, float] = {}
    for a in cards:
        groups: dict[tuple[Card, ...], dict[Card, float]] = defaultdict(lambda: defaultdict(float))
        fixed = 0.0
        for pos, ev, w in worlds:
            led = Position(_without(pos.hands, me, a), pos.trump, me, (a,))
            b = _best(solver.values(led, ev), 1 - me)
            nxt, ev2, last = after_trick(pos.hands, pos.trump, me, a, b, ev)
            if last:
                fixed += w * sign * ev2.fn(*ev2.base_points, *ev2.base_tricks)
                continue
            seen: tuple[Card, ...] = (b,)
            if nxt.leader != me:  # the opponent leads its best card in this world; I reply to it
                e = _best(solver.values(nxt, ev2), 1 - me)
                seen = (b, e)
                nxt = Position(_without(nxt.hands, 1 - me, e), nxt.trump, nxt.leader, (e,))
            g = groups[seen]
            for c, v in solver.values(nxt, ev2).items():
                g[c] += w * sign * v
        out[a] = fixed + sum(max(g.values()) for g in groups.values())
    return out
