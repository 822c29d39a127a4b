"""The refactoring yardstick (lab/behaviour_snapshot.py) is itself deterministic and sensitive: the same case
hashes the same twice, and another seed or level hashes differently."""

from __future__ import annotations

from lab.behaviour_snapshot import play_case


def test_a_case_hashes_the_same_twice_and_differs_by_seed() -> None:
    a = play_case("kharkov", 3, "easy", 1, max_deals=2)
    assert a == play_case("kharkov", 3, "easy", 1, max_deals=2)
    assert set(a) == {"steps", "views", "record"}
    b = play_case("kharkov", 3, "easy", 2, max_deals=2)
    assert all(a[k] != b[k] for k in a)
    assert play_case("moscow", 2, "random", 1, max_deals=2) != play_case("moscow", 2, "medium", 1, max_deals=2)
