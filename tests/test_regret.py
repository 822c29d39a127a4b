"""The regret diagnostic (lab/regret.py): perfect play gives nothing away, random play a lot."""

from __future__ import annotations

from lab.regret import regrets, summary

CORPUS = "lab/data/corpus-v1.json"


def test_perfect_play_gives_nothing_away() -> None:
    groups, deals = regrets("oracle", 3, CORPUS)
    s = summary(groups, deals)
    assert deals == 6
    assert sum(r["decisions"] for r in s["rows"]) > 20
    assert s["regret_per_deal"] == 0


def test_random_play_gives_points_away() -> None:
    groups, deals = regrets("random", 3, CORPUS)
    s = summary(groups, deals)
    assert s["regret_per_deal"] > 5
    assert all(r["mean"] >= 0 for r in s["rows"])
    assert any(r["mistakes"] > 0 for r in s["rows"])
