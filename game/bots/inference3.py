"""Inference for hard at three: how likely the two others' bids make each sampled deal.

``hard3`` deals the unseen cards uniformly within what the view allows (``Knowledge3``); this module weights
such a sample by the likelihood of the bids the two others made, assuming they bid as medium does (the
opponent model): a seat that passed the first trump in round 1 probably does not hold a hand medium would
order with, the bidder's hand is strong in its trump, a seat that passed in round 2 is weak in every other
suit, and a named suit is strong. The models are logistic in ``inference.features9`` of the seat's nine cards
(what the sample gives it plus what it has played), one per round and place in the order of speaking, fitted
on deals three mediums bid (``lab/fit_infer3.py``, ``data/infer3.json``) — only the nine cards are known to a
sample, not which six the seat had when it spoke, and the models are fitted on exactly that.

``hard3.sampled_totals`` draws ``OVERSAMPLE`` times as many candidates as it solves and resamples them in
proportion to the weights (sampling-importance-resampling), so the solver's cost stays the same. Hard's
weights are these times the card-play model's (``hard3.sample_weights``, in either role).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from game.actions import Kind
from game.bots.inference import features9
from game.bots.solver3 import Hands
from game.cards import Card
from game.deal import DealView

DATA_PATH = Path(__file__).resolve().parent / "data" / "infer3.json"
P_FLOOR = 0.02  # no bid is ruled out entirely: the others may not bid as the model does

WeightFn = Callable[[Hands], float]


def times(a: WeightFn | None, b: WeightFn | None) -> WeightFn | None:
    """Two independent weights of a sampled deal multiplied (None: that one tells nothing)."""
    if a is None or b is None:
        return a or b
    first, second = a, b

    def both(hands: Hands) -> float:
        return first(hands) * second(hands)

    return both


@lru_cache(maxsize=2)
def models(path: str = str(DATA_PATH)) -> dict[str, list[float]]:
    data = json.loads(Path(path).read_text("utf-8"))
    return {k: [float(w) for w in v] for k, v in data["models"].items()}


def p_bid(w: list[float], x: list[float]) -> float:
    z = sum(a * b for a, b in zip(w, x, strict=True))
    p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return min(1.0 - P_FLOOR, max(P_FLOOR, p))


BidTerm = tuple[int, str, int, bool]  # seat, model, suit, the action was a bid


def bid_terms(view: DealView) -> list[BidTerm]:
    """What each of the two others said in the bidding, as (seat, model, suit, bid)."""
    first = int(view.first_trump)
    n = view.players
    terms: list[BidTerm] = []
    passes = 0
    for seat, a in view.history:
        if a.kind not in (Kind.ORDER, Kind.PASS, Kind.NAME):
            continue
        r1 = passes < n
        if a.kind is Kind.PASS:
            passes += 1
        if seat == view.seat:
            continue
        place = (seat - view.dealer - 1) % n
        if a.kind is Kind.ORDER:
            terms.append((seat, f"r1_{place}", first, True))
        elif a.kind is Kind.NAME and a.suit is not None:
            terms.append((seat, f"r2_{place}", int(a.suit), True))
        elif r1:
            terms.append((seat, f"r1_{place}", first, False))
        else:
            terms.extend((seat, f"r2_{place}", s, False) for s in range(4) if s != first)
    return terms


def played_by(view: DealView) -> dict[int, list[Card]]:
    """The cards each seat has played so far (the current trick included)."""
    out: dict[int, list[Card]] = {s: [] for s in range(view.players)}
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick and view.trick_leader is not None:
        tricks.append((view.trick_leader, tuple(view.trick)))
    for leader, cards in tricks:
        for i, c in enumerate(cards):
            out[(leader + i) % view.players].append(c)
    return out


def likelihood(view: DealView, path: str = str(DATA_PATH)) -> WeightFn | None:
    """A weight for each sampled deal (the three hands as ``hard3`` deals them), or None when the bids tell
    nothing."""
    ms = models(path)
    terms = [t for t in bid_terms(view) if t[1] in ms]
    if not terms:
        return None
    played = played_by(view)

    def weight(hands: Hands) -> float:
        w = 1.0
        nines: dict[int, list[Card]] = {}
        for seat, name, suit, bid in terms:
            nine = nines.get(seat)
            if nine is None:
                nine = nines[seat] = [*hands[seat], *played[seat]]
            p = p_bid(ms[name], features9(nine, suit))
            w *= p if bid else 1.0 - p
        return w

    return weight
