"""game_facts: whole sample records with known outcomes (saves/README.md) give the facts the game-over screen shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.game_facts import facts_of_match, game_facts
from game.record import load, prefix, replay

SAVES = Path(__file__).resolve().parent.parent / "saves"
MANIFEST = {m["file"]: m for m in json.loads((SAVES / "manifest.json").read_text("utf-8"))}


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_totals_end_at_the_final_score_and_winner(name: str) -> None:
    facts = game_facts(load(SAVES / name))
    m = MANIFEST[name]
    assert facts.totals[0] == (0, 0)
    assert facts.final == tuple(m["scores"])
    assert facts.winner == m["winner"]  # the seat, or None for a demonstration that stops early
    assert len(facts.deal_numbers) == facts.scored_deals


def test_a_whole_game_to_501_with_baits_and_a_claim() -> None:
    facts = game_facts(load(SAVES / "moscow-full-501.json"))
    assert facts.winner == 0 and facts.reason == "claim" and facts.target == 501
    anna, boris = facts.sides
    assert (anna.bids, anna.made, anna.baited, anna.claimed) == (5, 3, 1, 1)  # she bid the deal she claimed in
    assert (boris.bids, boris.made, boris.baited) == (4, 3, 1)
    assert anna.terz == 6 and anna.belle == 1 and boris.belle == 1
    assert anna.best_deal == 5 and anna.best_points == 134
    assert facts.scored_deals == 9  # the claimed deal is on the chart and counted as a bid, cut short


def test_the_games_third_bait_game() -> None:
    facts = game_facts(load(SAVES / "yellowclub-full-501.json"))  # baits counted over the game: deal 7 costs 100
    anna, boris = facts.sides
    assert facts.winner == 0 and facts.reason == "target"
    assert boris.bids == 1 and boris.baited == 1 and boris.made == 0
    assert anna.bids == 8 and anna.made == 6 and anna.baited == 2
    assert anna.terz == 3 and anna.belle == 3 and anna.fifty == 0


def test_hanging_bait_is_counted_for_the_bidder_and_taken_by_the_next_winner() -> None:
    facts = game_facts(load(SAVES / "moscow-hanging.json"))
    anna, boris = facts.sides
    assert anna.hung == 1 and anna.hanging_taken == 61 and boris.hanging_taken == 0
    assert facts.totals == ((0, 0), (0, 61), (118, 95))


def test_announcements_and_card_bait() -> None:
    assert game_facts(load(SAVES / "book-belle.json")).sides[0].belle == 1
    assert game_facts(load(SAVES / "book-fifty-over-terz.json")).sides[0].fifty == 1
    strict = game_facts(load(SAVES / "moscow-strict-false-rost.json"))
    assert strict.sides[0].card_baits == 1 and strict.sides[0].best_deal is None


def test_redeals_are_counted_apart_and_keep_their_numbers() -> None:
    facts = game_facts(load(SAVES / "club-four-sevens.json"))
    assert facts.redeals == 1 and facts.deal_numbers == (2,)


def test_an_unfinished_deal_is_left_out() -> None:
    record = load(SAVES / "moscow-hanging.json")
    cut = prefix(record, 1, 5)  # the second deal under way
    facts = facts_of_match(replay(cut))
    assert facts.winner is None and facts.totals == ((0, 0), (0, 61))


def test_deal_lines_add_up_to_the_totals_and_carry_the_marks() -> None:
    facts = game_facts(load(SAVES / "yellowclub-full-501.json"))
    assert len(facts.lines) == facts.scored_deals
    for line, before, after in zip(facts.lines, facts.totals[:-1], facts.totals[1:], strict=True):
        assert (before[0] + line.written[0], before[1] + line.written[1]) == after
    assert sum(1 for line in facts.lines if line.bait and line.bidder == 1) == 1
    assert sum(1 for line in facts.lines if line.bait and line.bidder == 0) == 2
    hanging = game_facts(load(SAVES / "moscow-hanging.json"))
    assert hanging.lines[0].hung and hanging.lines[0].written == (0, 61)


def test_the_charts_step_over_a_redeal_with_the_totals_unchanged() -> None:
    """A player's pass: the chart's axis read 0 1 2 3 5 6 7 8, the redealt deal 4 gone without a gap."""
    facts = game_facts(load(SAVES / "club-four-sevens.json"))  # deal 1: four sevens, redealt
    assert facts.deal_numbers == (2,)
    assert facts.by_deal() == ((0, 1, 2), ((0, 0), (0, 0), (87, 15)))
