"""The hard bot's bidding: a fitted evaluator of ordering each trump against passing, on six cards.

The evaluator (``game/bots/data/bidding-v2.json``, made by ``lab/fit_bidding.py`` from simulated
deals, their outcomes calibrated by contracts two hard bots played out: ``fit_bidding_play.py``) holds,
for each decision point — round 1 or 2, speaking first (the non-dealer, who also leads) or
second — linear models of

* ``ev``: the bidder's expected written-points margin (own written minus the opponent's) for ordering or
  naming a trump, from the features of the six cards and the вскрышка (``features``);
* ``bait``: the chance of a bait with that trump;
* ``pass``: the margin the seat can expect by passing there (the opponent may order, the deck may be
  redealt), from a few summary values (``pass_features``).

Each model was fitted on the decks that reach its decision point when both players bid this way, so
"the opponent passed" is already in the round-1 second speaker's and the round-2 models.

``decide`` compares the options after adjusting for the game score (``score_adjustment``): a bait that
would cost the preset's bait penalty, the hanging points the deal's winner collects, a target the opponent
is close to (pass less), a target I am close to while the opponent is far (fear the bait more). All of it
is a few dot products: well under a millisecond.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game import actions as A
from game import sequences as seqs
from game.actions import Action, Kind
from game.bots.knowledge import baits_with_next
from game.cards import Card, Rank, Suit
from game.deal import DealView, Phase
from game.rules import FirstLead, Round2, Rules

DATA_PATH = Path(__file__).resolve().parent / "data" / "bidding-v2.json"

TRUMP_POINTS_BY_RANK = (0, 0, 14, 10, 20, 3, 4, 11)  # 7 8 9 T J Q K A as trump
FEATURE_NAMES = (
    "bias",
    "trump_J",
    "trump_9",
    "trump_A",
    "trump_T",
    "trump_KQ",
    "trump_78",
    "trumps",
    "trumps_over_3",
    "J_and_9",
    "belle",
    "aces",
    "tens_with_ace",
    "bare_tens",
    "kings",
    "voids",
    "sequence_points/20",
    "leads",
    "face_up_to_opp/10",
    "first_trump",
)
PASS_FEATURE_NAMES = ("bias", "ev_first", "bait_first", "ev_best_other", "first_trumps", "first_J9")
POINTS = ("r1_first", "r1_second", "r2_first", "r2_second")


def hand_after_swap(hand: list[Card], face_up: Card, trump: int, swap: bool) -> list[Card]:
    """The six cards as they will be after the seven swap (ordering the first trump with its seven)."""
    seven = Card(trump * 8 + Rank.SEVEN)
    if swap and face_up // 8 == trump and seven in hand and face_up != seven:
        return [face_up if c == seven else c for c in hand]
    return list(hand)


def features(
    hand: list[Card] | tuple[Card, ...], face_up: Card, trump: int, leads: bool, swap: bool = True
) -> list[float]:
    """Features of a six-card hand for playing ``trump`` (see ``FEATURE_NAMES``)."""
    first = face_up // 8 == trump
    h = hand_after_swap(list(hand), face_up, trump, swap and first)
    ranks = {c % 8 for c in h if c // 8 == trump}
    n = len(ranks)
    aces = tens_a = bare_tens = kings = voids = 0
    for s in range(4):
        if s == trump:
            continue
        held = {c % 8 for c in h if c // 8 == s}
        if not held:
            voids += 1
        if Rank.ACE in held:
            aces += 1
            if Rank.TEN in held:
                tens_a += 1
        elif Rank.TEN in held:
            bare_tens += 1
        if Rank.KING in held:
            kings += 1
    seq_pts = sum(s.points for s in seqs.find_sequences(h, Suit(trump), _MOSCOW))
    seven = Card(trump * 8 + Rank.SEVEN)
    to_opp = TRUMP_POINTS_BY_RANK[face_up % 8] if first and swap and seven not in hand else 0
    return [
        1.0,
        float(Rank.JACK in ranks),
        float(Rank.NINE in ranks),
        float(Rank.ACE in ranks),
        float(Rank.TEN in ranks),
        float((Rank.KING in ranks) + (Rank.QUEEN in ranks)),
        float((Rank.SEVEN in ranks) + (Rank.EIGHT in ranks)),
        float(n),
        float(max(0, n - 3)),
        float(Rank.JACK in ranks and Rank.NINE in ranks),
        float(Rank.KING in ranks and Rank.QUEEN in ranks),
        float(aces),
        float(tens_a),
        float(bare_tens),
        float(kings),
        float(voids),
        seq_pts / 20.0,
        float(leads),
        to_opp / 10.0,
        float(first),
    ]


_MOSCOW = Rules.preset("moscow")


def dot(w: list[float], x: list[float]) -> float:
    return sum(a * b for a, b in zip(w, x, strict=True))


@dataclass(frozen=True)
class PointModel:
    ev: list[float]
    bait: list[float]
    pass_: list[float] | None  # None: passing is not possible (the dealer must choose)


class Evaluator:
    """The fitted models: ``model(point, round2_rule)``; ``ev``/``bait`` of an option; the pass value."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.models: dict[tuple[str, str], PointModel] = {}
        for rule, points in data["models"].items():
            for point, m in points.items():
                self.models[(rule, point)] = PointModel(m["ev"], m["bait"], m.get("pass"))

    def model(self, point: str, round2: Round2) -> PointModel:
        return self.models[(round2.value, point)]

    def option(self, point: str, round2: Round2, x: list[float]) -> tuple[float, float]:
        m = self.model(point, round2)
        return dot(m.ev, x), min(1.0, max(0.0, dot(m.bait, x)))

    def pass_value(self, point: str, round2: Round2, px: list[float]) -> float | None:
        m = self.model(point, round2)
        return None if m.pass_ is None else dot(m.pass_, px)


@lru_cache(maxsize=4)  # the shipped model and a measured variant's, in one process
def load_evaluator(path: str = str(DATA_PATH)) -> Evaluator:
    return Evaluator(json.loads(Path(path).read_text("utf-8")))


def pass_features(
    ev_first: float, bait_first: float, ev_best_other: float, hand: list[Card] | tuple[Card, ...], first: int
) -> list[float]:
    """Summary of a hand for the value of passing (``PASS_FEATURE_NAMES``)."""
    ranks = {c % 8 for c in hand if c // 8 == first}
    return [
        1.0,
        ev_first / 10.0,
        bait_first,
        ev_best_other / 10.0,
        float(len(ranks)),
        float((Rank.JACK in ranks) + (Rank.NINE in ranks)),
    ]


# ---------------------------------------------------------------------- the decision


@dataclass(frozen=True)
class BidOption:
    action: Action
    ev: float  # fitted expected margin of the deal
    bait: float  # fitted bait chance
    utility: float  # ev adjusted for the game score


@dataclass(frozen=True)
class BidDecision:
    action: Action
    options: tuple[BidOption, ...]
    pass_value: float | None  # the adjusted value of passing (None: passing is not legal)
    round2: tuple[int, float] | None = None  # in round 1: the best suit to name in round 2 and its value


def decision_point(view: DealView) -> str:
    second = view.seat == view.dealer
    rnd = "r1" if view.phase is Phase.BIDDING_1 else "r2"
    return f"{rnd}_{'second' if second else 'first'}"


def score_adjustment(view: DealView, ev: float, bait: float) -> float:
    """The game score's effect on an order's value (added to ``ev``); passing is adjusted by ``pass_shift``."""
    rules = view.rules
    ctx = view.context
    me = view.seat
    adj = 0.0
    if rules.bait_penalty_from and baits_with_next(view, me) >= rules.bait_penalty_from:
        adj -= bait * rules.bait_penalty  # this bait would also cost the penalty
    hanging = sum(ctx.hanging)
    if hanging:
        adj += hanging * ((1.0 - bait) - bait)  # the deal's winner collects the hanging points
    if rules.target > 0:
        need_me = rules.target - ctx.scores[me]
        need_opp = rules.target - ctx.scores[1 - me]
        if need_me <= 90 and need_opp > 180:
            adj -= bait * 60.0  # near my target with a safe lead: a bait hands the opponent a swing
    else:
        adj -= bait * 40.0 * max(0, rules.bidder_loss_stake - 1)  # a single deal lost by bait costs more
    return adj


def pass_shift(view: DealView) -> float:
    """How much worse passing is because of the score: the opponent near the target may finish there."""
    rules = view.rules
    if rules.target <= 0:
        return 0.0
    ctx = view.context
    need_opp = rules.target - ctx.scores[1 - view.seat]
    need_me = rules.target - ctx.scores[view.seat]
    if need_opp <= 90 and need_me > need_opp:
        return -25.0  # behind near the end: a passed deal may be their last
    return 0.0


def decide(
    view: DealView, evaluator: Evaluator | None = None, caution: float | None = None, score_aware: bool = True
) -> BidDecision:
    """The bid for a bidding view: each legal trump's adjusted value against passing.

    ``caution`` (default: the data file's) is added to the value of passing. It corrected v1, fitted on
    double-dummy play, which is kinder to the bidder than real play; v2 is calibrated on the hard bot's
    own play instead, and its caution is 0."""
    ev_model = evaluator or load_evaluator()
    if caution is None:
        caution = float(ev_model.data.get("caution", 0.0))
    rules = view.rules
    point = decision_point(view)
    leads = _leads(view)
    first = int(view.first_trump)
    hand = list(view.hand)
    r1 = view.phase is Phase.BIDDING_1
    # the values that describe the hand for passing: first trump in round-1 terms, the others in round 2's
    x_first = features(hand, view.face_up, first, leads, rules.seven_swap)
    p1 = point if r1 else "r1_" + point.split("_")[1]
    ev_first, bait_first = ev_model.option(p1, rules.round2, x_first)
    p2 = "r2_" + point.split("_")[1]
    others = [s for s in range(4) if s != first]
    other_vals = {s: ev_model.option(p2, rules.round2, features(hand, view.face_up, s, leads, False)) for s in others}
    ev_other = max(v[0] for v in other_vals.values())
    options: list[BidOption] = []
    for a in view.legal:
        if a.kind is Kind.ORDER:
            ev, bait = ev_first, bait_first
        elif a.kind is Kind.NAME and a.suit is not None:
            ev, bait = other_vals[int(a.suit)]
        else:
            continue
        adj = score_adjustment(view, ev, bait) if score_aware else 0.0
        options.append(BidOption(a, ev, bait, ev + adj))
    pv: float | None = None
    if A.PASS in view.legal:
        px = pass_features(ev_first, bait_first, ev_other, hand, first)
        raw = ev_model.pass_value(point, rules.round2, px)
        pv = (0.0 if raw is None else raw) + (pass_shift(view) if score_aware else 0.0) + caution
    best = max(options, key=lambda o: (o.utility, -view.legal.index(o.action)))
    later = max(other_vals, key=lambda s: other_vals[s][0])
    round2 = (later, other_vals[later][0]) if r1 else None  # what passing keeps for round 2 (the hint says it)
    if pv is not None and pv >= best.utility:
        return BidDecision(A.PASS, tuple(options), pv, round2)
    return BidDecision(best.action, tuple(options), pv, round2)


def _leads(view: DealView) -> bool:
    """Will this seat lead the first trick if it bids? (the first lead option with me as the bidder)."""
    lead = view.rules.first_lead
    if lead is FirstLead.BIDDER:
        return True
    if lead is FirstLead.NON_BIDDER:
        return False
    return view.seat != view.dealer


def hard_bid(view: DealView, caution: float | None = None, score_aware: bool = True) -> Action:
    """The hard bot's bid (one of ``view.legal``)."""
    if view.phase not in (Phase.BIDDING_1, Phase.BIDDING_2):
        raise ValueError("hard_bid() needs a bidding view")
    return decide(view, caution=caution, score_aware=score_aware).action
