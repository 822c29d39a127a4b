"""The bot interface: a player sees only its ``DealView`` and returns one of ``view.legal``.

``make_player(level, seed)`` builds a bot by level name. Each bot owns a ``random.Random(seed)``, so a
game replays identically for the same seeds and decks. Measurement-only levels (``lab/hard_measure.py``) are
added by ``register_level`` without touching the callers; the oracle is built by ``lab.selfplay``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from game.actions import Action
from game.deal import DealView


@runtime_checkable
class Player(Protocol):
    """A seat's decision maker. ``choose`` is called only when ``view.legal`` is non-empty."""

    def choose(self, view: DealView) -> Action: ...


PlayerFactory = Callable[[int], Player]


LEVELS = ("random", "easy", "medium", "hard")
"""The levels the game offers, weakest first: the menu's, the statistics' and the rating's (one list)."""

_LEVELS: dict[str, PlayerFactory] = {}


def register_level(name: str, factory: PlayerFactory) -> None:
    """Add (or replace) a bot level: ``factory(seed)`` returns a fresh player."""
    _LEVELS[name] = factory


def _builtin_levels() -> None:
    from game.bots.hard import HardBot
    from game.bots.medium import EasyBot, MediumBot
    from game.bots.random_bot import RandomBot

    factories: dict[str, PlayerFactory] = {"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot}
    for level in LEVELS:
        register_level(level, factories[level])
    from functools import partial

    from game.bots.characters import CHARACTERS, make_character

    for ch in CHARACTERS:  # the named opponents play through the same path (game/bots/characters.py)
        register_level(ch.key, partial(make_character, ch))


def levels() -> list[str]:
    """The level names known now: ``LEVELS``, the characters, then any measuring level the lab registered."""
    if not _LEVELS:
        _builtin_levels()
    return list(_LEVELS)


def make_player(level: str, seed: int = 0) -> Player:
    """A fresh bot of ``level``; deterministic for a fixed ``seed``."""
    if not _LEVELS:
        _builtin_levels()
    if level.startswith("rovnya:"):  # Ровня of a given rating: a family of levels (game/bots/characters.py)
        from game.bots.characters import match_player

        return match_player(level, seed)
    try:
        factory = _LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(_LEVELS)})") from None
    return factory(seed)


def check_turn(view: DealView, table_players: int) -> None:
    """What a bot's ``choose`` asks first: the seat has something to do, at the table the bot was made for (a
    two-player bot at a table of three played on silently and badly: ``game.bots.factory.make_bot`` seats it)."""
    if not view.legal:
        raise ValueError("choose() called when the seat has nothing to do")
    if view.players != table_players:
        raise ValueError(f"a bot for {table_players} players asked at a table of {view.players}")
