"""The status line's messages: a refusal, a hint's advice, «Ход отменён» — shown for a while over the words on
whose turn it is."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pygame

from ui.clock import Clock
from ui.fonts import draw_status_bar, fits_one_line, status_text_width
from ui.theme import GOLD

CREAM = (244, 238, 220)
WARN = (255, 150, 120)


class Message(NamedTuple):
    text: str
    until: float  # the clock's time when it goes
    error: bool


class StatusLine:
    """The message in the status line and the position it is about (a refusal goes when the position does)."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.message: Message | None = None
        self.about: tuple[int, int] | None = None  # the position a refusal is about: it goes when that does
        self.drawn: tuple[str, pygame.Rect, int, int] | None = None  # the text, bar, size and reserve drawn last

    def flash(self, text: str, error: bool = False, seconds: float = 3.5, about: tuple[int, int] | None = None) -> None:
        """``text`` for ``seconds``; ``about``: a refusal's position (an illegal card, "not now")."""
        self.message = Message(text, self.clock.now() + seconds, error)
        self.about = about

    def moved_to(self, key: tuple[int, int]) -> None:
        """The position is now ``key``: "not that card" is stale once the turn has moved on."""
        if self.about is not None and self.about != key:
            self.message = self.about = None

    def drop_if(self, stale: Callable[[str], bool]) -> None:
        """Forget the message if its text is ``stale`` (a hint's advice about an old position)."""
        if self.message is not None and stale(self.message.text):
            self.message = None

    def drop_notes(self) -> None:
        """Forget a note (not an error: a failed save must still be read): the deal is over, «Сдача окончена»
        says so, not the last trick's «Соперник: комбинации +50»."""
        if self.message is not None and not self.message.error:
            self.message = self.about = None

    def redraw_token(self) -> object:
        """The message showing now (``ui.redraw``): its end changes the line without input."""
        return self.current(self.clock.now())

    def current(self, now: float) -> Message | None:
        """The message still showing at ``now``."""
        return self.message if self.message is not None and self.message.until > now else None

    def draw(
        self, surface: pygame.Surface, rect: pygame.Rect, words: str, size: int, reserve: int, elsewhere: str = ""
    ) -> None:
        """The message, else ``words`` (whose turn, what to do); ``reserve``: pixels at the right end kept free;
        ``elsewhere``: a message said on its own panel (a long hint), so the line says ``words`` meanwhile."""
        shown = self.current(self.clock.now())
        if shown is not None and elsewhere and shown.text == elsewhere:
            shown = None
        text, color = (words, CREAM) if shown is None else (shown.text, WARN if shown.error else GOLD)
        self.drawn = (text, pygame.Rect(rect), size, reserve)
        draw_status_bar(surface, rect, text, color, size=size, reserve=reserve)


def small_status(
    drawn: tuple[str, pygame.Rect, int, int] | None, at: tuple[int, int]
) -> tuple[pygame.Rect, str] | None:
    """The status line's whole text under the pointer when it had to be drawn small, on two lines (a long hint in
    English came in 11 px beside «Game! (P)»): a tooltip shows it at the tooltips' size."""
    if drawn is None:
        return None
    text, rect, size, reserve = drawn
    bar = pygame.Rect(rect.x, rect.y, rect.w - reserve, rect.h)
    if not bar.collidepoint(at) or fits_one_line(text, size, status_text_width(rect, reserve)):
        return None
    return bar, text
