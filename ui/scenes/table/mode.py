"""What the table is doing: the deal in play, or its end laid over the table (the summary, the game's end)."""

from __future__ import annotations

from enum import Enum


class Mode(Enum):
    PLAY = "play"  # the deal is played: the table takes cards, answers and hints
    SUMMARY = "summary"  # the deal's summary over the table, with «Следующая сдача»
    GAME_OVER = "game_over"  # the game's end over the table: the celebration, the chart, «Реванш»

    @property
    def ended(self) -> bool:
        """The deal's end lies over the table: cards, answers, undo and hints wait for the next deal."""
        return self is not Mode.PLAY
