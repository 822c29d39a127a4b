"""The fitted bidding for three (game/bots/bidding3.py, data/bidding3-v1.json): legal bids, strong trump hands
ordered, hands without trumps passed, and the fit's data file in step with the features."""

from __future__ import annotations

import json
import random

from game import actions as A
from game.bots.bidding import FEATURE_NAMES
from game.bots.bidding3 import DATA_PATH, bid3, load
from game.cards import Rank, shuffled_deck
from game.deal import Deal, Phase
from game.rules import Rules


def test_the_data_file_matches_the_features() -> None:
    data = json.loads(DATA_PATH.read_text("utf-8"))
    assert data["features"] == list(FEATURE_NAMES)
    weights, caution = load()
    assert len(weights) == len(FEATURE_NAMES)
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
