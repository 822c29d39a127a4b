"""A teacher at the table: the places where a coach adds to the ordinary table, each one named.

``TableScene`` holds a ``TableCoach`` and asks it at these points; the plain table holds ``TableCoach()``
itself, which adds nothing. The practice drill's ``DrillCoach`` (``ui/scenes/practice.py``) judges the
answers, speaks the bot's remark, takes the score sheet's column and the end-of-deal buttons; the School's
``LessonCoach`` (``ui/scenes/school.py``) judges a lesson's task, a refused card too (``refused``). The coach is made
before its table (it makes the drill's controller) and is introduced to it by ``attach``, the table's first act:
what it reads of the table (the model, the speech bubbles, the geometry) exists by the time a hook runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.actions import Action
from ui.controller import Step
from ui.scenes.table.decisions import TableWords
from ui.scenes.table.layout import sheet_width

if TYPE_CHECKING:
    from ui.scenes.table.scene import TableScene


class TableCoach:
    """No coach: every hook leaves the table as it is."""

    def attach(self, table: TableScene) -> None:
        """The table the coach teaches at (called first thing in the table's ``__init__``)."""

    def words(self, seat: int) -> TableWords:
        """The dialog's and the status line's words."""
        return TableWords(seat)

    def side_width(self, size: tuple[int, int]) -> int:
        """The width of the right-hand column (the score sheet; a coach may want more room)."""
        return sheet_width(size)

    def started(self) -> None:
        """The table is set up (the position shown, the deal dealt)."""

    def laid_out(self) -> None:
        """The table has a new geometry."""

    def built(self) -> None:
        """The table made its pygame_gui elements afresh (a coach may put its own buttons in the column)."""

    def act(self, action: Action, submit: Callable[[], bool]) -> bool:
        """The human does ``action``: ``submit`` hands it to the game (a coach judges around it); its result."""
        return submit()

    def refused(self, action: Action, rule: str) -> None:
        """The human tried ``action`` and the engine refused it by ``rule`` (the table has said so already)."""

    def stepped(self, step: Step, now: float) -> None:
        """A step was shown on the table."""

    def end_buttons(self) -> bool:
        """The deal's end is over the table; True: the coach put up its own buttons under it."""
        return False

    def next_deal(self) -> bool:
        """«Следующая сдача» or «Реванш» was asked for; True: the coach took it (and the table does nothing)."""
        return False

    def undo_allowed(self) -> bool:
        """Whether Ctrl+Z and the button may take an action back (False: they do nothing at all)."""
        return True

    def greys_unplayable(self) -> bool:
        """Whether the hand greys the cards the rules forbid now (False: a lesson's question is which one)."""
        return True

    def hint_refusal(self) -> str | None:
        """Why H gives no hint here (said in the status line), or None: the table's hint."""
        return None

    def key(self, key: int) -> bool:
        """A key the table would act on; True: the coach took it."""
        return False

    def button(self, event: pygame.event.Event) -> bool:
        """A pygame_gui button press (the coach's own buttons, the end panel's); True: the coach took it."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Drawn over the table, before pygame_gui's layer (the coach's column over the score sheet)."""

    def leave(self) -> None:
        """The table is left."""

    def redraw_token(self) -> object:
        """What the coach shows that changes without input (``ui.redraw``): nothing."""
        return None
