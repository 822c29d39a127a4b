"""lab/rovnya3.py (Ровня at three, read against easy and medium) and lab/rovnya.py hard (above medium)."""

from __future__ import annotations

import pytest

from game.rating import LEVEL_RATINGS
from lab.rovnya3 import at_three, edge_of


def test_at_her_top_she_is_medium_at_three_and_weaker_below() -> None:
    """At 1494 her knob is 0: she is medium itself, so against two mediums on the same decks her edge is exactly
    zero; asked for less she writes less."""
    assert edge_of("medium", 12, 7)["mean"] == 0.0
    assert edge_of("rovnya:1494", 12, 7)["mean"] == 0.0
    assert edge_of("rovnya:1100", 12, 7)["mean"] < -5


def test_the_reading_is_linear_between_the_anchors() -> None:
    anchors = {"easy": -5.0, "medium": 0.0}
    easy = LEVEL_RATINGS["easy"]
    assert at_three(0.0, anchors) == 1500
    assert at_three(-5.0, anchors) == easy
    assert at_three(-2.5, anchors) == pytest.approx((easy + 1500) / 2)


def test_above_medium_she_is_read_on_the_line_from_medium_to_hard() -> None:
    """lab/rovnya.py hard: her points a deal as a share of hard's, on the line from medium's top to hard's rating,
    with a bootstrap interval over the pairs that holds the reading."""
    from lab.rovnya import reading

    hard = [10.0, 30.0, 20.0, 40.0] * 10
    half = [h / 2 for h in hard]
    got = reading(half, hard, 1500.0, 1700.0)
    assert got["rating"] == 1600.0 and got["ci95"] == [1600, 1600]  # exactly half on every pair
    noisy = reading([h / 2 + (5 if i % 2 else -5) for i, h in enumerate(hard)], hard, 1500.0, 1700.0)
    assert noisy["ci95"][0] < 1600 < noisy["ci95"][1]
