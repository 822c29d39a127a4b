"""lab/rovnya3.py: Ровня at three read against easy and medium (docs/bots.md, "«Ровня»")."""

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
