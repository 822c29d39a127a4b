"""The hard bot's «с предложением» and «даве» decisions, from its evaluators.

* **The offer of 50** (six cards each, the trump fixed): the fitted bidding evaluator
  (``game.bots.bidding``) gives the bidder's expected written-points margin of playing the deal. The bidder
  reads it off its own hand (with the game score's adjustments); the вистующий averages it over the bidder's
  possible six cards, each weighted by how likely the bidder was to order with it. Giving 50 is a margin
  of −50 and taking it +50, so a player offers when playing on is expected to be worse than −50 and accepts
  when +50 is worth more than playing on. (The evaluator averages over the opponent's cards; the
  вистующий corrects for its own by half of what they would be worth in the bidder's place against an
  average hand: an additive approximation, set by measurement (``OWN_HAND_WEIGHT``), not fitted.)
* **«Даве»** (the one-deal game, on lead): the hard bot's sampled hands solved exactly give, per hand, the
  best card's deal margin; each hand counts as won by a logistic of that margin (``WIN_SCALE``: a world won by
  a few points with perfect play is not a sure win), and the weighted mean, scaled down by ``CONFIDENCE``
  (sampling overrates the sampler), is its chance ``p``. With ``W`` won and ``L`` lost per stake (a bidder
  loses double), it accepts a raise when ``2(pW − (1−p)L) > −L`` (playing on at double beats giving up) and
  raises when ``p ≥ RAISE_AT`` with a positive expectation.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from game import actions as A
from game.actions import Action, Kind
from game.bots.bidding import Evaluator, features, load_evaluator, pass_features, score_adjustment
from game.bots.solver import Position, cards_to_mask
from game.cards import ALL_CARDS, Card
from game.deal import DealView
from game.rules import FirstLead
from game.scoring import OFFER_POINTS

if TYPE_CHECKING:
    from game.bots.hard import HardBot

DEFENDER_SAMPLES = 160  # the bidder's six cards drawn by the вистующий
BID_SCALE = 8.0  # points: how sharply the bid's likelihood falls below the bidder's pass value
RAISE_AT = 0.75  # the chance of winning from which the hard bot says «даве»
# sampling overrates the sampler's own chances (each world is played as if the cards were seen): the chance is
# scaled down; without it two hard bots raised and accepted each other up to ×32 in one deal, and shrunk
# towards even instead the one raised upon accepted nearly every raise and lost 12 of 13
CONFIDENCE = 0.85
WIN_SCALE = 15.0  # points: a world's deal margin → its chance of winning, 1 / (1 + exp(−margin / WIN_SCALE))
# how much of its own hand's worth above or below an average hand (as a bidder would value it) the вистующий
# counts: 1.0 offered too often and lost 3.2 a deal against a bot that never offers (docs/bots.md); 0.5 is the
# measured setting
OWN_HAND_WEIGHT = 0.5


def _bid_point(view: DealView) -> tuple[str, bool]:
    """The decision point the bidder ordered at, and whether the bidder leads the first trick."""
    bidder = view.bidder
    assert bidder is not None
    named = any(a.kind is Kind.NAME for _, a in view.history)
    second = bidder == view.dealer
    lead = view.rules.first_lead
    leads = lead is FirstLead.BIDDER or (lead is FirstLead.NON_DEALER and not second)
    return f"{'r2' if named else 'r1'}_{'second' if second else 'first'}", leads


def bid_value(
    view: DealView, hand: list[Card] | tuple[Card, ...], model: Evaluator
) -> tuple[float, float, float | None]:
    """For the bidder holding ``hand``: the fitted margin and bait chance of the trump played, and the
    value of passing at the point it bid (None when passing was not possible there)."""
    assert view.trump is not None
    point, leads = _bid_point(view)
    rules = view.rules
    first = int(view.first_trump)
    trump = int(view.trump)
    x_first = features(hand, view.face_up, first, leads, rules.seven_swap)
    p_side = point.split("_")[1]
    ev_first, bait_first = model.option("r1_" + p_side, rules.round2, x_first)
    others = {
        s: model.option("r2_" + p_side, rules.round2, features(hand, view.face_up, s, leads, False))
        for s in range(4)
        if s != first
    }
    ev, bait = (ev_first, bait_first) if trump == first else others[trump]
    px = pass_features(ev_first, bait_first, max(v[0] for v in others.values()), hand, first)
    return ev, bait, model.pass_value(point, rules.round2, px)


def playing_margin(view: DealView, rng: random.Random, model: Evaluator | None = None) -> float:
    """The seat's expected written-points margin (own minus the opponent's) of playing the deal on."""
    m = model or load_evaluator()
    if view.bidder == view.seat:
        ev, bait, _ = bid_value(view, view.hand, m)
        return ev + score_adjustment(view, ev, bait)
    seen = set(view.hand) | {view.face_up}
    unseen = [c for c in ALL_CARDS if c not in seen]
    total = weight = plain = 0.0
    for _ in range(DEFENDER_SAMPLES):
        hand = rng.sample(unseen, 6)
        ev, _, pv = bid_value(view, hand, m)
        w = 1.0 if pv is None else 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, (ev - pv) / BID_SCALE))))
        total += w * ev
        weight += w
        plain += ev
    # the evaluator's margin is against an average opponent; mine is better or worse than average by part of
    # what my cards would be worth in the bidder's place (a hand's worth in defence varies less than in attack)
    mine_ev = bid_value(view, view.hand, m)[0]
    own = OWN_HAND_WEIGHT * (mine_ev - plain / DEFENDER_SAMPLES)
    return -(total / weight - own) if weight > 0 else 0.0


def offer_choice(view: DealView, rng: random.Random) -> Action:
    """OFFER / NO_OFFER, or the answer to the opponent's offer."""
    margin = playing_margin(view, rng)
    if Kind.ANSWER_OFFER in {a.kind for a in view.legal}:
        return A.answer_offer(margin < OFFER_POINTS)
    return A.OFFER if margin < -OFFER_POINTS else A.NO_OFFER


def stakes(view: DealView) -> tuple[int, int]:
    """(won, lost) per stake for this seat: a bidder who loses pays ``bidder_loss_stake``."""
    loss = view.rules.bidder_loss_stake
    return (1, loss) if view.bidder == view.seat else (loss, 1)


def win_chance(bot: HardBot, view: DealView) -> float:
    """The weighted share of sampled hands this seat wins with best play by both (double dummy), from the
    next lead: mine when I am to lead, the raiser's when I answer a raise."""
    from game.bots.hard import deal_evaluation  # hard imports this module: its helper is fetched when used

    assert view.trump is not None
    me = view.seat
    leader = me if any(a.kind is Kind.PLAY for a in view.legal) else 1 - me
    sign = 1.0 if me == 0 else -1.0
    won = total = 0.0
    for hand, w in bot.weighted_samples(view):
        mine, theirs = cards_to_mask(view.hand), cards_to_mask(hand)
        hands = (mine, theirs) if me == 0 else (theirs, mine)
        values = bot.solver.values(Position(hands, int(view.trump), leader), deal_evaluation(view, hand))
        outcome = [sign * v for v in values.values()]
        mine_best = max(outcome) if leader == me else min(outcome)
        # a world won by a few points with perfect play on both sides is not a sure win: count it softly
        won += w / (1.0 + math.exp(-max(-30.0, min(30.0, mine_best / WIN_SCALE))))
        total += w
    raw = won / total if total > 0 else 0.5
    return CONFIDENCE * raw


def takes_dave(p: float, view: DealView) -> bool:
    won, lost = stakes(view)
    return 2 * (p * won - (1 - p) * lost) > -lost


def raises_dave(p: float, view: DealView) -> bool:
    won, lost = stakes(view)
    return p >= RAISE_AT and p * won - (1 - p) * lost > 0
