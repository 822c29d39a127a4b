"""Bidding for three players by a fitted evaluator (game/bots/data/bidding3-v2.json; lab/fit_bidding3.py).

The value of playing a trump is a linear model of ``features3``: the two-player evaluator's features of the six
cards and the вскрышка (``bidding.features``), medium's hand value (the threshold's measure, so the fit refines
it), the seat's place in the order of speaking, and medium's value squared and times the place and the round.
It is fitted by least squares to what the bidder actually writes minus the others' mean when hard bots play
the deal out (the bait, the announcements and the dialog included). A seat orders (round 1) or names its best
suit (round 2) when that value is at least the file's ``caution``; the dealer who must choose names the best
suit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from game import actions as A
from game.actions import Action, Kind
from game.bots.bidding import FEATURE_NAMES, dot, features
from game.bots.medium import MediumBot
from game.cards import Suit
from game.deal import DealView, Phase
from game.rules import FirstLead

_MEDIUM = MediumBot(0)  # its hand value only: ``_bid_value`` draws nothing from its random generator
DATA_PATH = Path(__file__).resolve().parent / "data" / "bidding3-v2.json"
BASE_NAMES3 = (*FEATURE_NAMES, "medium_value/10", "speaks_first", "speaks_second")
FEATURE_NAMES3 = (
    *BASE_NAMES3,
    "(medium_value/10)²/10",
    "medium_value/10 × speaks_first",
    "medium_value/10 × speaks_second",
    "medium_value/10 × first_trump",
)


@lru_cache(maxsize=4)
def load(path: str = str(DATA_PATH)) -> tuple[list[float], float]:
    """The fitted weights and the caution."""
    data = json.loads(Path(path).read_text("utf-8"))
    return [float(w) for w in data["weights"]], float(data["caution"])


def leads3(view: DealView) -> bool:
    """Will this seat lead the first trick if it bids?"""
    lead = view.rules.first_lead
    if lead is FirstLead.BIDDER:
        return True
    if lead is FirstLead.NON_BIDDER:
        return False
    return view.seat == (view.dealer + 1) % view.players


def features3(view: DealView, trump: Suit) -> list[float]:
    """The features of bidding ``trump`` from this seat (``FEATURE_NAMES3``)."""
    first = trump == view.first_trump and view.phase is Phase.BIDDING_1
    medium = _MEDIUM._bid_value(view, trump, first)
    place = (view.seat - view.dealer - 1) % view.players  # 0 speaks first, 2 is the dealer
    x = features(view.hand, view.face_up, int(trump), leads3(view), view.rules.seven_swap)
    return with_products([*x, medium / 10.0, float(place == 0), float(place == 1)])


def with_products(base: list[float]) -> list[float]:
    """``BASE_NAMES3`` and the products that let the fit bend medium's value by its size, the seat's place and
    the round (``FEATURE_NAMES3``)."""
    m = base[20]
    return [*base, m * m / 10.0, m * base[21], m * base[22], m * base[19]]


def value3(view: DealView, trump: Suit, weights: list[float]) -> float:
    """The fitted deal value of bidding ``trump`` with this hand."""
    return dot(weights, features3(view, trump))


@dataclass(frozen=True)
class Bid3Option:
    action: Action
    utility: float  # the fitted deal value of this bid: what the bidder writes minus the others' mean


@dataclass(frozen=True)
class Bid3Decision:
    """The bid and its reasons: each legal trump's fitted value, and the bar passing stands for."""

    action: Action
    options: tuple[Bid3Option, ...]
    pass_value: float | None  # the caution (None: passing is not legal)


def decide3(view: DealView, caution: float | None = None, path: str = str(DATA_PATH)) -> Bid3Decision:
    """Order, name or pass by the fitted value (``caution``: None = the file's). Ties go to the earlier suit."""
    weights, shipped = load(path)
    bar = shipped if caution is None else caution
    options: list[Bid3Option] = []
    for a in view.legal:
        if a.kind is Kind.ORDER:
            options.append(Bid3Option(a, value3(view, view.first_trump, weights)))
        elif a.kind is Kind.NAME and a.suit is not None:
            options.append(Bid3Option(a, value3(view, a.suit, weights)))
    pv = bar if A.PASS in view.legal else None
    if not options:
        return Bid3Decision(A.PASS if pv is not None else view.legal[0], (), pv)
    best = max(options, key=lambda o: (o.utility, -view.legal.index(o.action)))
    if pv is not None and best.utility < pv:
        return Bid3Decision(A.PASS, tuple(options), pv)
    return Bid3Decision(best.action, tuple(options), pv)


def bid3(view: DealView, caution: float | None = None, path: str = str(DATA_PATH)) -> Action:
    """The bid ``decide3`` chooses."""
    return decide3(view, caution, path).action
