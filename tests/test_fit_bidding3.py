"""lab/fit_bidding3.py: the played-out contracts and the duplicate replayed from them (how the bidding for
three was chosen, docs/lab/bots-three.md)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from game import actions as A
from game.bots.bidding3 import features3
from game.bots.factory import make_bot
from game.cards import Suit, shuffled_deck
from game.deal import Deal, Phase
from game.scoring import MatchContext
from lab.fit_bidding3 import (
    RULES3,
    bidding_outcome,
    contract_table,
    fit_weights,
    medium_value,
    play_contract,
    replayed_duplicate,
)


def _row(deck: int, seat: int, trump: int, rnd: int, value: float, sheet: list[int]) -> dict[str, Any]:
    x = [0.0] * 23
    x[19] = float(rnd == 1)
    x[20] = value / 10
    return {"deck": deck, "dealer": 0, "seat": seat, "trump": trump, "round": rnd, "x": x, "sheet": sheet}


def _table() -> list[dict[str, Any]]:
    """One deck, dealer 0 (seat 1 speaks first), first trump 0; each contract's sheet names its bidder."""
    rows = []
    for seat in range(3):
        for trump in range(4):
            value = {(2, 0): 70, (1, 2): 65, (0, 3): 80}.get((seat, trump), 10)
            rows.append(_row(0, seat, trump, 1 if trump == 0 else 2, value, [seat * 10 + trump, 0, 1]))
    return rows


def test_the_bidding_is_replayed_in_the_order_of_speaking() -> None:
    table = contract_table(_table())
    bar = (medium_value, 62.0)
    # round 1: seat 1 and seat 2 speak before the dealer; seat 2 orders the first trump
    assert bidding_outcome(table, 0, {0: bar, 1: bar, 2: bar}) == [20, 0, 1]
    # nobody orders at 75: round 2, seat 1 passes (65 < 75), seat 2 passes, the dealer names its best (80)
    high = (medium_value, 75.0)
    assert bidding_outcome(table, 0, {0: high, 1: high, 2: high}) == [3, 0, 1]
    # all pass: a redeal writes nothing
    never = (medium_value, 1000.0)
    assert bidding_outcome(table, 0, {0: never, 1: never, 2: never}) == [0, 0, 0]


def test_the_same_rule_everywhere_is_even_and_a_different_one_is_not() -> None:
    table = contract_table(_table())
    bar = (medium_value, 62.0)
    assert replayed_duplicate(table, [0], bar, bar) == [0.0]
    edge = replayed_duplicate(table, [0], (medium_value, 1000.0), bar)
    # seat 2 orders in every rotation where it bids by the threshold; the never-bidder's sheet follows the table
    by_hand = []
    for r in range(3):
        policies = {s: ((medium_value, 1000.0) if s == r else bar) for s in range(3)}
        sheet = bidding_outcome(table, 0, policies)
        by_hand.append(sheet[r] - (sum(sheet) - sheet[r]) / 2)
    assert edge == [sum(by_hand) / 3] and edge != [0.0]


def test_a_played_out_contract_keeps_what_the_bidder_saw_and_the_sheet() -> None:
    deck = shuffled_deck(random.Random("fb3:1"))
    deal = Deal(RULES3, 0, deck, MatchContext(scores=(0, 0, 0), baits=(0, 0, 0)))
    trump = next(s for s in Suit if s != deal.view(1).first_trump)  # named in round 2
    got = play_contract(deck, 0, 1, trump, "medium", 5)
    assert got is not None
    x, sheet = got
    # the same deal by hand: everyone passes round 1, seat 1 names the suit, medium bots play it out
    while deal.current_player() != 1 or deal.phase is not Phase.BIDDING_2:
        deal.apply(A.PASS)
    assert x == features3(deal.view(1), trump)
    deal.apply(A.name(trump))
    bots = {s: make_bot("medium", 3, 5 * 3 + s) for s in range(3)}
    while not deal.is_over():
        seat = deal.current_player()
        assert seat is not None
        deal.apply(bots[seat].choose(deal.view(seat)))
    assert deal.result is not None and deal.bidder == 1
    assert sheet == [p.written + p.adjustment for p in deal.result.players]


def test_the_playout_files_of_one_run_in_parts_join_in_order(tmp_path: Path) -> None:
    """``read_sims``: a compressed part and a plain one read as one table, the rows in the files' order."""
    import gzip
    import json

    from lab.fit_bidding3 import read_sims

    first = [{"deck": 0, "seat": 1, "value": 3.5}, {"deck": 1, "seat": 0, "value": -2.0}]
    second = [{"deck": 2, "seat": 2, "value": 10.0}]
    a = tmp_path / "part0.jsonl.gz"
    a.write_bytes(gzip.compress("".join(json.dumps(r) + "\n" for r in first).encode("utf-8")))
    b = tmp_path / "part1.jsonl"
    b.write_text("".join(json.dumps(r) + "\n" for r in second) + "\n", "utf-8")
    assert read_sims([a, b]) == first + second


def _linear_data() -> tuple[list[list[float]], list[float]]:
    """Features and values where the value is an exact linear function of the first two features."""
    rng = random.Random("fb3:fit")
    xs = [[1.0] + [float(rng.randint(0, 3)) for _ in range(26)] for _ in range(60)]
    return xs, [5.0 + 3.0 * x[1] for x in xs]


def test_a_fit_with_a_prior_stays_at_the_prior_under_a_large_ridge_and_fits_the_data_under_a_small_one() -> None:
    xs, ys = _linear_data()
    prior = [0.5] * 27
    stiff = fit_weights(xs, ys, 1e9, prior)
    assert max(abs(a - b) for a, b in zip(stiff, prior, strict=True)) < 1e-3
    loose = fit_weights(xs, ys, 1e-6, prior)
    plain = fit_weights(xs, ys, 1e-6)
    for w in (loose, plain):
        assert abs(w[0] - 5.0) < 1e-3 and abs(w[1] - 3.0) < 1e-3
        assert max(abs(v) for v in w[2:]) < 1e-3


def test_a_contract_can_be_played_out_against_other_defenders() -> None:
    """``--others``: the bidder plays as its level, the two вистующие as theirs (labels for a bidder against
    weaker defenders); the same deal by hand with those bots gives the same sheet."""
    deck = shuffled_deck(random.Random("fb3:2"))
    deal = Deal(RULES3, 1, deck, MatchContext(scores=(0, 0, 0), baits=(0, 0, 0)))
    seat = 2
    trump = deal.view(seat).first_trump
    got = play_contract(deck, 1, seat, trump, "easy", 7, others="medium")
    assert got is not None
    while deal.current_player() != seat:
        deal.apply(A.PASS)
    deal.apply(A.ORDER)
    bots = {s: make_bot("easy" if s == seat else "medium", 3, 7 * 3 + s) for s in range(3)}
    while not deal.is_over():
        p = deal.current_player()
        assert p is not None
        deal.apply(bots[p].choose(deal.view(p)))
    assert deal.result is not None and deal.bidder == seat
    assert got[1] == [q.written + q.adjustment for q in deal.result.players]
    # and the defenders matter: on some of a few decks the sheet differs from easy bots in every seat
    sheets = []
    for i in range(6):
        d = shuffled_deck(random.Random(f"fb3:o{i}"))
        t = Deal(RULES3, 1, d, MatchContext(scores=(0, 0, 0), baits=(0, 0, 0))).view(seat).first_trump
        pair = play_contract(d, 1, seat, t, "easy", i, "medium"), play_contract(d, 1, seat, t, "easy", i)
        sheets.append(pair[0] != pair[1])
    assert any(sheets)
