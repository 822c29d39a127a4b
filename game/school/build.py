"""What a lesson module writes with: the table's rules, the seats, a position from the hands, a task from its
answers and the message ids of a lesson's words (``school.<lesson>.…`` in assets/locale)."""

from __future__ import annotations

from game.drills.model import Msg, msg
from game.rules import Rules
from game.school.model import Position, Task, Wrong

RULES = Rules.preset("moscow")  # the default table: guided etiquette, the official order of the cards
ME, BOT = 0, 1  # the dealer's seat


def task(pos: Position, key: str, right: dict[str, str], wrong: dict[str, tuple[str, str | None]]) -> Task:
    """A task at ``pos``: ``key`` = ``<lesson>.<task>``; answers → the suffix of their explanation's message id
    (and, for a wrong one, the rule it breaks)."""
    return Task(
        position=pos,
        question=msg(f"school.{key}.q"),
        right={a: msg(f"school.{key}.{why}") for a, why in right.items()},
        wrong={a: Wrong(msg(f"school.{key}.{why}"), rule) for a, (why, rule) in wrong.items()},
    )


def lesson_words(key: str) -> tuple[Msg, Msg, Msg]:
    """A lesson's title, intro and closing words."""
    return msg(f"school.{key}.title"), msg(f"school.{key}.intro"), msg(f"school.{key}.done")


def hand(dealer: int, player: str, opponent: str, face_up: str, *script: str, rules: Rules = RULES) -> Position:
    return Position.of_hands(rules, dealer, player, opponent, face_up, *script)
