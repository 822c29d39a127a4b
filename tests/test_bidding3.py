"""The fitted bidding for three (game/bots/bidding3.py, data/bidding3-v2.json): legal bids, strong trump hands
ordered, hands without trumps passed, the decision against the caution, the features, and the fit's data file
in step with them."""

from __future__ import annotations

import json
import random

from game import actions as A
from game.bots.bidding import features
from game.bots.bidding3 import DATA_PATH, FEATURE_NAMES3, bid3, decide3, features3, leads3, load, value3
from game.bots.medium import MediumBot
from game.cards import Rank, shuffled_deck
from game.deal import Deal, DealView, Phase
from game.rules import Rules


def test_the_data_file_matches_the_features() -> None:
    data = json.loads(DATA_PATH.read_text("utf-8"))
    assert data["features"] == list(FEATURE_NAMES3)
    weights, caution = load()
    assert len(weights) == len(FEATURE_NAMES3)
    assert caution == data["caution"]


def test_round_one_orders_a_strong_trump_hand_and_passes_one_without_trumps() -> None:
    rules = Rules.preset("moscow", players=3)
    ordered = passed = 0
    for seed in range(400):
        deal = Deal(rules, seed % 3, shuffled_deck(random.Random(f"bid3:{seed}")))
        while deal.phase is Phase.BIDDING_1:
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            action = bid3(view)
            assert action in view.legal
            trump = view.first_trump
            ranks = {c % 8 for c in view.hand if c // 8 == trump}
            if {Rank.JACK, Rank.NINE} <= ranks and len(ranks) >= 3:
                assert action == A.ORDER
                ordered += 1
            if not ranks and view.face_up % 8 not in (Rank.JACK, Rank.NINE):
                assert action == A.PASS
                passed += 1
            deal.apply(A.PASS)
        if deal.phase is Phase.BIDDING_2:  # round two: a legal bid every time
            while deal.phase is Phase.BIDDING_2:
                seat = deal.current_player()
                assert seat is not None
                view = deal.view(seat)
                action = bid3(view)
                assert action in view.legal
                deal.apply(action)
    assert ordered >= 5 and passed >= 100


def _bidding_views(n: int) -> list[DealView]:
    """Every bidding view of ``n`` deals for three in which everyone passes (both rounds, every seat)."""
    rules = Rules.preset("moscow", players=3)
    views = []
    for seed in range(n):
        deal = Deal(rules, seed % 3, shuffled_deck(random.Random(f"bid3d:{seed}")))
        while deal.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            views.append(view)
            if A.PASS not in view.legal:
                break
            deal.apply(A.PASS)
    return views


def test_the_decision_is_the_best_contract_against_the_caution() -> None:
    weights, caution = load()
    bids = passes = 0
    for view in _bidding_views(120):
        d = decide3(view)
        assert d.action == bid3(view) and d.action in view.legal
        values = {o.action: o.utility for o in d.options}
        assert set(values) == {a for a in view.legal if a is not A.PASS}
        for a, v in values.items():
            trump = view.first_trump if a.suit is None else a.suit
            assert v == value3(view, trump, weights)
        assert d.pass_value == (caution if A.PASS in view.legal else None)
        best = max(values.values())
        if d.action == A.PASS:
            assert best < caution
            passes += 1
        else:
            assert values[d.action] == best >= caution
            bids += 1
        # a lower caution never turns a bid into a pass
        if d.action != A.PASS:
            assert bid3(view, caution - 30) != A.PASS
    assert bids >= 10 and passes >= 100


def test_the_features_are_the_six_cards_medium_value_and_the_seat_place() -> None:
    for view in _bidding_views(30):
        trump = view.first_trump
        x = features3(view, trump)
        assert len(x) == len(FEATURE_NAMES3)
        first = view.phase is Phase.BIDDING_1
        assert x[:20] == features(view.hand, view.face_up, int(trump), leads3(view), view.rules.seven_swap)
        medium = MediumBot(0)._bid_value(view, trump, first) / 10
        place = (view.seat - view.dealer - 1) % 3
        assert x[20:23] == [medium, float(place == 0), float(place == 1)]
        assert x[23:] == [medium * medium / 10, medium * x[21], medium * x[22], medium * x[19]]
