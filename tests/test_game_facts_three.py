"""game_facts for three players: the sample records for three (saves/three/) give one entry per seat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.game_facts import game_facts
from game.record import load

THREE = Path(__file__).resolve().parent.parent / "saves" / "three"
MANIFEST = {m["file"]: m for m in json.loads((THREE / "manifest.json").read_text("utf-8"))}


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_three_totals_end_at_the_final_score(name: str) -> None:
    facts = game_facts(load(THREE / name))
    assert facts.players == 3 and len(facts.sides) == 3
    assert facts.totals[0] == (0, 0, 0)
    assert facts.final == tuple(MANIFEST[name]["scores"])
    assert facts.winner == MANIFEST[name]["winner"]
    assert all(len(line.written) == 3 for line in facts.lines)


def test_three_bids_baits_and_added_sequences() -> None:
    facts = game_facts(load(THREE / "moscow-three-players.json"))
    me, left, right = facts.sides
    assert (me.bids, me.made, me.baited) == (3, 2, 1)  # deal 3 a bait in halves
    assert (left.bids, left.made) == (1, 1)
    # Вера bid the deal 6 that Анна cut short by her claim: a bid, neither made nor baited (issue 22)
    assert (right.bids, right.claimed, right.made, right.baited) == (1, 1, 0, 0)
    assert right.fifty == 2  # the вистующие's sequences added up in deal 1
    assert me.terz == 1 and left.terz == 2
    assert facts.redeals == 1 and facts.deal_numbers == (1, 3, 4, 5, 6)
    bait = facts.lines[1]
    assert bait.number == 3 and bait.bait and bait.bidder == 0 and bait.written == (0, 72, 93)
    assert me.best_deal == 5 and me.best_points == 149


def test_three_hanging_then_shared_in_halves() -> None:
    facts = game_facts(load(THREE / "kharkov-three-hanging.json"))
    me, bidder, right = facts.sides
    assert bidder.bids == 1 and bidder.hung == 1 and bidder.made == 0
    assert right.bids == 1 and right.baited == 1  # Вера deals deal 2 (she wrote more of the вистующие) and bids
    assert facts.lines[0].hung and facts.lines[0].written == (38, 0, 53)
    # 91 in halves between the вистующие of deal 2, the odd point to Вера's left (Анна)
    assert (me.hanging_taken, bidder.hanging_taken) == (46, 45)
