"""lab/bidding3_dd.py: sampled deals that keep what the bidder saw, the hands at the first card, the features."""

from __future__ import annotations

import random
from pathlib import Path

from game.bots.solver3 import Solver3
from game.cards import Card, Suit, shuffled_deck
from game.deal import Deal, DealView
from game.scoring import MatchContext
from lab.bidding3_dd import dd_features, first_card_hands, sampled_deck, solve_row
from lab.fit_bidding3 import RULES3


def _view(deck: list[Card], dealer: int, seat: int) -> DealView:
    return Deal(RULES3, dealer, deck, MatchContext(scores=(0, 0, 0), baits=(0, 0, 0))).view(seat)


def test_a_sampled_deck_keeps_the_seats_six_cards_and_the_vskryshka_and_shuffles_the_rest() -> None:
    deck = shuffled_deck(random.Random("dd:1"))
    before = _view(deck, 2, 0)
    samples = [sampled_deck(deck, 2, 0, random.Random(k)) for k in range(5)]
    for s in samples:
        after = _view(s, 2, 0)
        assert sorted(s) == sorted(deck)
        assert after.hand == before.hand and after.face_up == before.face_up
    others = [_view(s, 2, 1).hand for s in samples]
    assert len({tuple(h) for h in others}) > 1  # the others' cards do move


def test_the_hands_at_the_first_card_are_nine_each_and_the_bidder_swaps_the_seven() -> None:
    for i in range(60):
        deck = shuffled_deck(random.Random(f"dd:swap:{i}"))
        view = _view(deck, 0, 1)
        first = view.first_trump
        seven = Card(int(first) * 8)
        if seven not in view.hand or view.face_up == seven:
            continue
        got = first_card_hands(deck, 0, 1, first)  # seat 1 orders the вскрышка's suit holding its seven
        assert got is not None
        hands, leader = got
        assert [len(h) for h in hands] == [9, 9, 9] and leader in (0, 1, 2)
        assert view.face_up in hands[1] and seven not in hands[1]
        assert len({c for h in hands for c in h}) == 27
        return
    raise AssertionError("no deal with the seven in seat 1's hand")


def test_a_rows_margins_are_the_exact_solves_of_its_samples_the_same_for_every_trump() -> None:
    row = {"deck": 7, "seat": 2, "trump": 1, "dealer": 1}
    got = solve_row((row, 99, 2))
    assert got == solve_row((row, 99, 2)) and len(got["margins"]) == 2
    deck = shuffled_deck(random.Random("bid3play:99:7"))
    sample = sampled_deck(deck, 1, 2, random.Random("dd3:99:7:2:0"))
    hands = first_card_hands(sample, 1, 2, Suit.C)
    assert hands is not None
    assert got["margins"][0] == Solver3(Suit.C, 2).solve(*hands)
    # another trump of the seat is solved on the same sampled deals
    other = solve_row(({**row, "trump": 3}, 99, 2))
    hearts = first_card_hands(sample, 1, 2, Suit.H)
    assert hearts is not None and other["margins"][0] == Solver3(Suit.H, 2).solve(*hearts)


def test_the_features_of_the_solved_samples() -> None:
    assert dd_features([]) == [0.0, 0.0]
    assert dd_features([20, -40, 0, 60]) == [1.0, 0.5]


def test_a_deck_from_the_view_alone_deals_the_seat_its_cards_and_the_vskryshka() -> None:
    from lab.bidding3_dd import view_deck

    for i in range(6):
        deck = shuffled_deck(random.Random(f"dd:view:{i}"))
        view = _view(deck, i % 3, (i + 1) % 3)
        rebuilt = view_deck(view, random.Random(i))
        again = _view(rebuilt, i % 3, (i + 1) % 3)
        assert sorted(rebuilt) == sorted(deck)
        assert again.hand == view.hand and again.face_up == view.face_up


def test_the_lookahead_bidder_bids_by_its_file_and_passes_below_the_caution(tmp_path: Path) -> None:
    import json

    from game import actions as A
    from game.actions import Kind
    from game.bots.hard import HardBot
    from lab.bidding3_dd import LookaheadBidding3

    deck = shuffled_deck(random.Random("dd:bid"))
    view = _view(deck, 0, 1)  # seat 1 speaks first
    # the value is the solved samples' mean margin / 10 alone: every suit looks alike but for its solves
    weights = [0.0] * 27 + [1.0, 0.0]
    eager = tmp_path / "eager.json"
    eager.write_text(json.dumps({"weights": weights, "caution": -1e9, "samples": 2}), "utf-8")
    shy = tmp_path / "shy.json"
    shy.write_text(json.dumps({"weights": weights, "caution": 1e9, "samples": 2}), "utf-8")
    rest = HardBot(3).for_three()
    assert LookaheadBidding3(3, rest, eager).choose(view).kind is Kind.ORDER
    assert LookaheadBidding3(3, rest, shy).choose(view) == A.PASS
    bot = LookaheadBidding3(3, rest, eager)
    value = bot.value(view, view.first_trump)
    assert value == bot.value(view, view.first_trump)  # its samples follow the view: the same value again
    assert -17.0 <= value <= 17.0  # a margin / 10 within the deal's 162 points and the last trick


def test_the_solves_read_alike_compressed_or_not(tmp_path: Path) -> None:
    import gzip
    import json

    from lab.bidding3_dd import read_solved

    lines = [{"deck": 0, "seat": 1, "trump": 2, "margins": [10, -4]}, {"deck": 3, "seat": 0, "trump": 0, "margins": []}]
    text = "".join(json.dumps(r) + "\n" for r in lines)
    plain, packed = tmp_path / "dd.jsonl", tmp_path / "dd.jsonl.gz"
    plain.write_text(text, "utf-8")
    packed.write_bytes(gzip.compress(text.encode("utf-8")))
    assert read_solved(plain) == read_solved(packed) == {(0, 1, 2): [10, -4], (3, 0, 0): []}
