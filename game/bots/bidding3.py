"""Bidding for three players by a fitted evaluator (game/bots/data/bidding3-v1.json; lab/fit_bidding3.py).

The value of playing a trump is a linear model of the two-player evaluator's features of the six cards and
the вскрышка (``bidding.features``), fitted by least squares to the bidder's deal value on double-dummy
simulations for three: what it writes minus the others' mean, the bait included. A seat orders (round 1) or
names its best suit (round 2) when that value is at least the file's ``caution``; the dealer who must choose
names the best suit. Measured against medium's threshold and not better, so hard bids by the threshold
(``hard3.BIDDING``); lab/hard3_variants.py's ``hard_fit3`` and ``medium_fit3_cN`` bid with this.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from game import actions as A
from game.actions import Action, Kind
from game.bots.bidding import dot, features
from game.cards import Suit
from game.deal import DealView, Phase
from game.rules import FirstLead

DATA_PATH = Path(__file__).resolve().parent / "data" / "bidding3-v1.json"


@lru_cache(maxsize=2)
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


def value3(view: DealView, trump: Suit, weights: list[float]) -> float:
    """The fitted deal value of bidding ``trump`` with this hand."""
    x = features(view.hand, view.face_up, int(trump), leads3(view), view.rules.seven_swap)
    return dot(weights, x)


def bid3(view: DealView, caution: float | None = None, path: str = str(DATA_PATH)) -> Action:
    """Order, name or pass by the fitted value (``caution``: None = the file's)."""
    weights, shipped = load(path)
    bar = shipped if caution is None else caution
    legal = view.legal
    if view.phase is Phase.BIDDING_1:
        v = value3(view, view.first_trump, weights)
        return A.ORDER if v >= bar and A.ORDER in legal else A.PASS
    options = [a for a in legal if a.kind is Kind.NAME and a.suit is not None]
    if not options:
        return A.PASS if A.PASS in legal else legal[0]
    scored = sorted(
        ((value3(view, a.suit, weights), -i, a) for i, a in enumerate(options) if a.suit is not None), reverse=True
    )
    v, _, best = scored[0]
    if A.PASS not in legal or v >= bar:
        return best
    return A.PASS
