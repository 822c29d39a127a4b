"""Seat sides and names for two and three players (ui/seats.py)."""

from __future__ import annotations

from ui import i18n
from ui.seats import others, seat_names, seat_side


def test_two_players_the_other_sits_on_top() -> None:
    assert seat_side(0, 1, 2) == "top"
    assert seat_side(1, 0, 2) == "top"
    assert seat_side(1, 1, 2) == "bottom"
    assert others(1, 2) == [0]


def test_three_players_next_to_act_sits_on_the_left() -> None:
    for me in range(3):
        assert seat_side(me, (me + 1) % 3, 3) == "left"
        assert seat_side(me, (me + 2) % 3, 3) == "right"
        assert others(me, 3) == [(me + 1) % 3, (me + 2) % 3]


def test_names_in_russian_and_english() -> None:
    i18n.set_language("ru")
    try:
        assert seat_names(2, 3) == {2: "Вы", 0: "Соперник слева", 1: "Соперник справа"}
        assert seat_names(0, 2) == {0: "Вы", 1: "Соперник"}
        i18n.set_language("en")
        assert seat_names(0, 3) == {0: "You", 1: "Left opponent", 2: "Right opponent"}
    finally:
        i18n.set_language("ru")


def test_the_records_names_win() -> None:
    assert seat_names(0, 3, ["Анна", "Борис", "Вера"]) == {0: "Анна", 1: "Борис", 2: "Вера"}
    assert seat_names(0, 3, ["Анна", "", "Вера"])[1] == "Соперник слева"
