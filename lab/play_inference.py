"""Inference from the opponent's card plays: a sampled hand in which its plays were poor is less likely.

For each sampled opponent hand the bot rebuilds the positions of the opponent's earlier plays in that
deal (its hand then = the sample plus the cards it has played since; mine = my hand plus mine since) and
solves them exactly under the deal's scoring. A play that loses ``loss`` points against the best card in
that world multiplies the sample's weight by ``exp(-loss / TEMPERATURE)``, never below ``FLOOR``: a
strong opponent rarely throws points away, so worlds that explain its plays as good ones are the likely
worlds; the floor keeps a human's (or the medium bot's) real mistakes from ruling a world out.

Which plays: those with a choice (two or more legal cards in that world), the ``RECENT`` latest ones, and
only from ``FROM_CARDS`` cards in hand down (a nine-card position is the costliest solve). The cost is one
``Solver.values`` call per play and sample; the solver's transposition table is shared.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.actions import Kind
from game.bots.hard import HardBot, deal_evaluation, decision_position
from game.bots.solver import Evaluation, Position, Solver, cards_to_mask
from game.cards import Card, Suit, points
from game.deal import DealView

TEMPERATURE = 12.0  # points of loss that divide a world's weight by e
FLOOR = 0.05  # the least factor one play can give
RECENT = 3  # how many of the opponent's latest plays are weighed
FROM_CARDS = 8  # weigh plays made with at most this many cards in hand


@dataclass(frozen=True)
class PastPlay:
    """One earlier play of the opponent, with what changed since (to rebuild the position)."""

    trick: int  # index of the trick it was played in
    card: Card
    led: Card | None  # my led card when the opponent replied, else None
    opp_since: tuple[Card, ...]  # the opponent's cards played from this play on (this card included)
    mine_since: tuple[Card, ...]  # my cards played after this play's position (the led card excluded)
    base_points: tuple[int, int]  # card points taken before this trick
    base_tricks: tuple[int, int]


def past_plays(view: DealView) -> list[PastPlay]:
    """The opponent's plays so far, latest first (at most ``RECENT`` of those made with few enough cards)."""
    assert view.trump is not None
    trump = Suit(view.trump)
    me, opp = view.seat, 1 - view.seat
    rows: list[tuple[int, int, Card, Card | None]] = []  # (trick, leader, opp card, my led card)
    my_cards: list[tuple[int, int, Card]] = []  # (trick, order in trick, card)
    for k, t in enumerate(view.tricks):
        for i, c in enumerate(t.cards):
            seat = t.leader if i == 0 else 1 - t.leader
            if seat == opp:
                rows.append((k, t.leader, c, t.cards[0] if i == 1 else None))
            else:
                my_cards.append((k, i, c))
    k_now = len(view.tricks)
    if view.trick and view.trick_leader == opp:
        rows.append((k_now, opp, view.trick[0], None))
    elif view.trick:
        my_cards.append((k_now, 0, view.trick[0]))
    out: list[PastPlay] = []
    pts = [0, 0]
    won = [0, 0]
    bases: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for t in view.tricks:
        bases.append(((pts[0], pts[1]), (won[0], won[1])))
        pts[t.winner] += sum(points(c, trump) for c in t.cards)
        won[t.winner] += 1
    bases.append(((pts[0], pts[1]), (won[0], won[1])))
    # a seven swap after the opponent's first card changed a hand the view cannot rebuild: skip that card
    kinds = [(seat, a.kind) for seat, a in view.history]
    first_play = next((i for i, (seat, kind) in enumerate(kinds) if seat == opp and kind is Kind.PLAY), len(kinds))
    swap_late = any(kind is Kind.SWAP for _, kind in kinds[first_play:])
    for k, leader, card, led in reversed(rows):
        cards_then = 9 - k
        if cards_then > FROM_CARDS or (k == 0 and swap_late):
            continue
        opp_since = tuple(c for kk, _, c, _ in rows if kk >= k)
        # my cards played after the position: from this trick on, except the card I led into it
        mine_since = tuple(c for kk, i, c in my_cards if kk > k or (kk == k and not (leader == me and i == 0)))
        out.append(PastPlay(k, card, led, opp_since, mine_since, *bases[k]))
        if len(out) == RECENT:
            break
    return out


def position_of(view: DealView, play: PastPlay, opp_hand: Sequence[Card]) -> Position:
    """The position in which the opponent made ``play``, if its unplayed cards are ``opp_hand``."""
    assert view.trump is not None
    me, opp = view.seat, 1 - view.seat
    theirs = cards_to_mask([*opp_hand, *play.opp_since])
    mine = cards_to_mask([*view.hand, *play.mine_since])
    hands = (mine, theirs) if me == 0 else (theirs, mine)
    trump = int(view.trump)
    return Position(hands, trump, me, (play.led,)) if play.led is not None else Position(hands, trump, opp)


def play_weight(
    view: DealView, plays: Sequence[PastPlay], opp_hand: Sequence[Card], evaluation: Evaluation, solver: Solver
) -> float:
    """The likelihood factor of one sampled opponent hand from its past plays."""
    sign = 1.0 if view.seat == 1 else -1.0  # the opponent's side
    w = 1.0
    for p in plays:
        pos = position_of(view, p, opp_hand)
        if len(pos.legal()) < 2:
            continue
        ev = replace(evaluation, base_points=p.base_points, base_tricks=p.base_tricks)
        values = solver.values(pos, ev)
        if p.card not in values:
            continue
        best = max(sign * v for v in values.values())
        loss = best - sign * values[p.card]
        if loss > 0:
            w *= max(FLOOR, math.exp(-loss / TEMPERATURE))
    return w


class PlayInferenceBot(HardBot):
    """The hard bot whose samples are also weighed by the opponent's card plays (``hard_play``; the game's bot
    leaves this off: ten times the CPU for no measured gain, docs/lab/bots-solver.md). Solves in this process."""

    def card_totals(self, view: DealView) -> dict[Card, float]:
        samples = self.weighted_samples(view)
        plays = past_plays(view) if self.inference else []
        results: list[dict[Card, float]] = []
        weights: list[float] = []
        for hand, w in samples:
            evaluation = deal_evaluation(view, hand)
            results.append(self.solver.values(decision_position(view, hand), evaluation))
            weights.append(w * (play_weight(view, plays, hand, evaluation, self.solver) if plays else 1.0))
        before, after = sum(w for _, w in samples), sum(weights)
        if after <= 0:  # every sample ruled out by the plays (cannot happen with the floor): ignore them
            weights, after = [w for _, w in samples], before
        scale = before / after  # keep the total weight (the totals stay comparable between decisions)
        weighed = [(h, w * scale) for (h, _), w in zip(samples, weights, strict=True)]
        return self.total(view, weighed, results)
