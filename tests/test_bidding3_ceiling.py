"""lab/bidding3_ceiling.py: the cards of a playout row dealt again, the finer features, the out-of-sample fit."""

from __future__ import annotations

import random
from pathlib import Path

from game.bots.bidding import features
from game.cards import Card
from lab.bidding3_ceiling import (
    RICH_NAMES,
    correlation,
    crossfit_predictions,
    dealt_hands,
    r_squared,
    rich_features,
)
from lab.fit_bidding3 import read_sims, row_x

VS_MEDIUM = Path(__file__).resolve().parent.parent / "lab" / "data" / "bidding3-hardvsmed39-s3901-0.jsonl.gz"


def test_the_cards_dealt_again_are_those_the_stored_features_were_taken_from() -> None:
    rows = read_sims([VS_MEDIUM])[:40]
    for r in rows:
        hand, face_up = dealt_hands(3901, r["deck"])[r["seat"]]
        x = row_x(r)
        again = features([Card(c) for c in hand], Card(face_up), r["trump"], bool(x[17]), True)
        assert again == x[:20]
    # another seed deals other cards
    hand, _ = dealt_hands(3902, rows[0]["deck"])[rows[0]["seat"]]
    assert hand != dealt_hands(3901, rows[0]["deck"])[rows[0]["seat"]][0]


def test_the_finer_features_of_a_known_hand() -> None:
    # spades trump: J♠ 9♠ 7♠, A♥ 10♥, 10♦; the вскрышка K♠ ordered in round 1 (the seven swapped for it)
    hand = [int(Card.SJ), int(Card.S9), int(Card.S7), int(Card.HA), int(Card.HT), int(Card.DT)]
    x = [0.0] * 27
    f = dict(zip(RICH_NAMES, rich_features(hand, int(Card.SK), 0, True, 0, x), strict=True))
    assert (f["trump_J"], f["trump_9"], f["trump_K"], f["trump_7"]) == (1.0, 1.0, 1.0, 0.0)
    assert f["trumps"] == 3.0 and f["trump_points"] == 20 + 14 + 4
    assert (f["side_As"], f["side_Ts"]) == (1.0, 2.0)
    assert (f["longest_side"], f["second_side"], f["shortest_side"]) == (2.0, 1.0, 0.0)
    assert (f["tens_with_ace"], f["guarded_tens"], f["bare_tens"]) == (1.0, 0.0, 1.0)
    assert f["side_points"] == 11 + 10 + 10
    assert (f["face_up_is_trump"], f["first_trump"], f["speaks_first"]) == (1.0, 1.0, 1.0)
    # named in round 2 the seven stays
    g = dict(zip(RICH_NAMES, rich_features(hand, int(Card.SK), 0, False, 2, x), strict=True))
    assert (g["trump_7"], g["trump_K"], g["speaks_first"], g["speaks_second"]) == (1.0, 0.0, 0.0, 0.0)


def test_the_out_of_sample_fit_recovers_a_linear_value_and_the_measures_score_it() -> None:
    rng = random.Random("ceiling")
    xs = [[1.0, float(rng.randint(0, 5)), float(rng.randint(0, 3))] for _ in range(100)]
    ys = [2.0 + 4.0 * x[1] - 3.0 * x[2] for x in xs]
    pred = crossfit_predictions(xs, ys, list(range(100)), 5, 1e-6)
    assert max(abs(p - y) for p, y in zip(pred, ys, strict=True)) < 1e-3
    assert abs(r_squared(ys, pred) - 1.0) < 1e-6 and abs(correlation(ys, pred) - 1.0) < 1e-6
    noisy = [y + rng.gauss(0, 10) for y in ys]
    assert r_squared(noisy, pred) < 0.9 and correlation(ys, [-y for y in ys]) == -1.0
