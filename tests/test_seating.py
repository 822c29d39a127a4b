"""Who sits where (game/seating.py): the one place that decides how two or three seats follow each other."""

from __future__ import annotations

from game.deal import dealing_order
from game.seating import Seating


def test_the_order_of_speaking_starts_at_the_dealers_left_and_matches_the_deal() -> None:
    assert Seating(2, 0).order == (1, 0)
    assert Seating(3, 1).order == (2, 0, 1)
    for n in (2, 3):
        for dealer in range(n):
            assert Seating(n, dealer).order == dealing_order(dealer, n)


def test_next_after_and_a_tricks_order() -> None:
    three = Seating(3, 0)
    assert [three.next(s) for s in range(3)] == [1, 2, 0]
    assert three.after(2) == (0, 1) and Seating(2, 0).after(1) == (0,)
    assert three.from_seat(1) == (1, 2, 0)
    assert three.plays_before(2, 0, lead=2) and not three.plays_before(0, 2, lead=2)


def test_sides_and_partners_for_three_and_none_for_two() -> None:
    three = Seating(3, 0)
    assert three.side(1, bidder=1) == 0 and three.side(2, bidder=1) == 1
    assert three.partner(0, bidder=1) == 2 and three.partner(1, bidder=1) is None
    assert Seating(2, 0).partner(0, bidder=1) is None


def test_the_ui_names_a_seat_by_one_relation() -> None:
    """ui.seats.relation is the one place that turns a seat into «you / opponent / left / right» (every word
    about a seat takes its suffix from it)."""
    from ui.seats import relation

    assert [relation(0, s, 2) for s in (0, 1)] == ["you", "opponent"]
    assert [relation(1, s, 3) for s in (1, 2, 0)] == ["you", "left", "right"]
