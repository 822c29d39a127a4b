"""lab/rovnya3.py (Ровня at three, read against easy and medium) and lab/rovnya.py hard (above medium)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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


def test_above_medium_at_three_reuses_hards_cached_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``lab.rovnya3 --above`` reads hard's per-deck rows from lab.hard3_paired's cache and plays only the decks it
    lacks (hard's line is the slow one), writing them back for the next reading."""
    import lab.rovnya3 as r3

    played: list[tuple[tuple[str, str, str], list[int]]] = []

    def fake_edges(levels: tuple[str, str, str], decks: list[int], seed: int) -> list[Any]:
        played.append((levels, decks))
        return [(10.0 + i, 1, 0, [10.0 + i, 0.0, 0.0]) for i in decks]

    monkeypatch.setattr(r3, "edges", fake_edges)
    cache = tmp_path / "hard,medium,medium,moscow,7.json"
    cache.write_text(json.dumps({"0": [4.0, 1, 0, [4.0, 0.0, 0.0]]}))
    assert r3.hard_rows(3, 7, tmp_path) == [4.0, 11.0, 12.0]
    assert played == [(("hard", "medium", "medium"), [1, 2])]
    assert sorted(json.loads(cache.read_text())) == ["0", "1", "2"]
    got = r3.above([1540], 3, 7, tmp_path)  # Ровня's line: the fake's rows, hard's: all cached now
    assert played[1:] == [(("rovnya:1540", "medium", "medium"), [0, 1, 2])]
    assert got["rovnya"][0]["asked"] == 1540 and got["rovnya"][0]["rating"] > LEVEL_RATINGS["hard"]  # 33 > 27
