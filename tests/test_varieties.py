"""The official varieties and the online table read exactly: belle protection by either card, the bait
penalty counted over the whole game; whole deals with outcomes worked out by hand."""

from __future__ import annotations

import random

import pytest
from engine_helpers import act, make_deal, random_playout

from game.deal import Deal
from game.rules import PRESETS, BaitCount, BelleProtection
from game.scoring import MatchContext

# hearts are trump; seat 1 (the non-dealer, who leads) holds the trump K and Q, no sequence in either hand
OWNER = "KH QH AS 8C JD 7D  JS 9C KC"
OTHER = "8H TH 7S 8S TS 7C  8D TD QD"
# the queen declares belle and loses to the ten; the king then takes a trick (T2): the whole deal
# T1 QH+belle TH: seat 0 13 | T2 8H KH: seat 1 4 | T3 AS 7S: 1 11 | T4 JD TD: 0 12 | T5 8S JS: 1 2
# T6 7D QD: 0 3 | T7 8D 8C: 0 0 | T8 7C KC: 1 4 | T9 9C TS: 1 10 + last 10  → seat 0 28, seat 1 31 + 10
KING_WINS_LATER = ["play:QH+belle", "play:TH", "play:8H", "play:KH", "play:AS", "play:7S", "play:JD", "play:TD",
                   "play:8S", "play:JS", "play:7D", "play:QD", "play:8D", "play:8C", "play:7C", "play:KC",
                   "play:9C", "play:TS"]


def king_wins_later(protection: str, bidder_bid: list[str], ctx: MatchContext | None = None) -> Deal:
    deal = make_deal(OWNER, OTHER, "7H", "yellowclub", context=ctx, belle_protection=protection)
    act(deal, *bidder_bid, *KING_WINS_LATER)
    assert deal.is_over() and deal.result is not None
    return deal


@pytest.mark.parametrize(
    ("protection", "belle"),
    [("off", 20), ("declaring_card", 0), ("king_or_queen", 20)],
)
def test_belle_protection_by_either_card(protection: str, belle: int) -> None:
    deal = king_wins_later(protection, ["order"])
    r = deal.result
    assert r is not None
    assert (r.players[0].cards, r.players[1].cards) == (28, 31)
    assert r.players[1].belle == belle
    assert (r.players[0].total, r.players[1].total) == (28, 41 + belle)
    assert r.players[1].written == 41 + belle  # the bidder makes more either way


def test_belle_protection_lost_by_both_cards() -> None:
    # seat 0 also holds the trump ace: the queen loses to the ten, the king to the ace — no belle at all
    other = "8H TH 7S 8S TS 7C  AH TD QD"
    for protection, belle in (("king_or_queen", 0), ("declaring_card", 0), ("off", 20)):
        deal = make_deal(OWNER, other, "7H", "yellowclub", belle_protection=protection)
        act(deal, "order", "play:QH+belle", "play:TH", "play:AH", "play:KH")
        random_playout(deal, random.Random(3))
        assert deal.result is not None and deal.result.players[1].belle == belle, protection


def test_belle_not_counted_for_a_claim_before_its_trick() -> None:
    rules = PRESETS["moscow"].with_options(belle_protection="king_or_queen")
    deal = make_deal(OWNER, OTHER, "7H", rules)
    act(deal, "order", "belle", "play:QH", "play:TH")
    assert deal._points_so_far(1) == 0  # the queen lost; the king has not taken a trick yet
    act(deal, "play:8H", "play:KH")
    assert deal._points_so_far(1) == 4 + 20  # now it has


def test_old_records_read_belle_protection_as_true_or_false() -> None:
    assert PRESETS["yellowclub"].with_options(belle_protection=True).belle_protection is BelleProtection.DECLARING_CARD
    assert PRESETS["yellowclub"].with_options(belle_protection=False).belle_protection is BelleProtection.OFF
    assert PRESETS["yellowclub"].belle_protection is BelleProtection.OFF  # a table setting, off by default


@pytest.mark.parametrize(
    ("count", "baits_before", "adjustment"),
    [("game", (1, 1), -100), ("per_player", (1, 1), 0), ("game", (0, 1), 0), ("per_player", (2, 0), -100),
     ("game", (0, 2), -100)],
)
def test_bait_penalty_counts_the_games_baits(count: str, baits_before: tuple[int, int], adjustment: int) -> None:
    # seat 0 bids and is baited: 28 against 31 + last 10 + belle 20 (the king took a trick)
    ctx = MatchContext(scores=(300, 300), baits=baits_before)
    deal = make_deal(OWNER, OTHER, "7H", "yellowclub", context=ctx, bait_count=count,
                     belle_protection="king_or_queen")
    act(deal, "pass", "order", *KING_WINS_LATER)
    r = deal.result
    assert r is not None and r.bait and r.bidder == 0
    assert (r.players[0].written, r.players[1].written) == (0, 28 + 61)
    assert r.players[0].adjustment == adjustment
    assert r.baits_after == (baits_before[0] + 1, baits_before[1])
    assert r.scores_after == (300 + adjustment, 300 + 89)


def test_yellowclub_counts_the_games_baits() -> None:
    assert PRESETS["yellowclub"].bait_count is BaitCount.GAME
    assert PRESETS["moscow"].bait_count is BaitCount.PER_PLAYER
