"""One factory makes every bot for a player count (issue 24: "bots made for a player count by one factory").

``make_bot(level, players, seed)`` is what the table, the worker, the drills, the hint and the lab call. The
level's bot (``make_player``: its class, parameters, seed and generator) is the two-player player; for three,
``for_players`` puts the level's three-player strategy over it once (``MediumBot.for_three`` → ``medium3``,
``HardBot.for_three`` → ``hard3``), so no bot asks the player count per move. A bot without ``for_three``
(random) plays any count as it is.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from game.bots.base import Player, make_player


@runtime_checkable
class HasThree(Protocol):
    """A two-player bot that knows its three-player strategy."""

    def for_three(self) -> Player: ...


def for_players(bot: Player, players: int) -> Player:
    """``bot`` as it plays at a table of ``players``: itself for two; for three its three-player strategy over
    it (the same seed, generator and parameters)."""
    if players == 2 or not isinstance(bot, HasThree):
        return bot
    return bot.for_three()


def make_bot(level: str, players: int, seed: int = 0, workers: int = 1) -> Player:
    """A fresh bot of ``level`` for ``players``; deterministic for a fixed ``seed``. ``workers``: the cores the
    hard bot solves two-player samples on (``HardBot``; the choice is the same, only sooner)."""
    bot = make_player(level, seed)
    if workers != 1:
        from game.bots.hard import HardBot

        if isinstance(bot, HardBot):
            bot.workers = workers
    return for_players(bot, players)
