"""The enumeration-cost tool counts exactly the consistent hands the hard bot solves from trick 5."""

from __future__ import annotations

from pathlib import Path

from lab.enumeration_cost import main, measure

CORPUS = str(Path(__file__).resolve().parent.parent / "lab" / "data" / "corpus-v1.json")


def test_counts_fall_trick_by_trick_and_the_tool_prints_them(capsys: object) -> None:
    rows = measure(2, CORPUS, first_trick=6)
    assert set(rows) <= {6, 7, 8, 9} and rows
    for row in rows.values():
        for hands, seconds in row:
            assert 1 <= hands <= 1820 and seconds >= 0  # at most C(16, 4) four-card hands from trick 6
    medians = [sorted(n for n, _ in rows[t])[len(rows[t]) // 2] for t in sorted(rows)]
    assert medians == sorted(medians, reverse=True)
    assert main(["--deals", "1", "--corpus", CORPUS, "--first-trick", "6"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert out.splitlines()[0].startswith("trick") and len(out.splitlines()) >= 3
