"""«Почему?» on the deal's summary at the table (issue 26): each line a rule made ends in a small link; a click
(or ↑/↓ to choose a line, then R or ?) opens the rules of this game over the table, scrolled to the rule that
made the line and highlighted (``ui.why``). Esc closes the page: the summary is back as it was — the page lies
over the table, the game is neither left nor advanced."""

from __future__ import annotations

import pygame

from game.scoring import Why
from ui.widgets.summary import WhyLink

KEYS_CHOOSE = {pygame.K_UP: -1, pygame.K_DOWN: 1}
KEYS_OPEN = (pygame.K_r, pygame.K_SLASH, pygame.K_QUESTION)


class SummaryWhy:
    """The links the last frame drew, the one the pointer is on and the one the keys chose."""

    def __init__(self) -> None:
        self.links: tuple[WhyLink, ...] = ()
        self.chosen: int | None = None  # ↑/↓: the link the keys chose (R or ? opens it)
        self.mouse: tuple[int, int] = (-1, -1)

    def redraw_token(self) -> object:
        return self.chosen, self.at(self.mouse)

    def clear(self) -> None:
        """A new deal: no links until its summary draws them, no choice."""
        self.links, self.chosen = (), None

    def at(self, pos: tuple[int, int]) -> Why | None:
        """The rule of the link at ``pos``, if any."""
        return next((link.why for link in self.links if link.rect.collidepoint(pos)), None)

    def link_at(self, pos: tuple[int, int]) -> WhyLink | None:
        return next((link for link in self.links if link.rect.collidepoint(pos)), None)

    def choose(self, step: int) -> None:
        """↑/↓: the next line with a «почему?» (the first press takes the first or the last)."""
        if not self.links:
            return
        if self.chosen is None:
            self.chosen = 0 if step > 0 else len(self.links) - 1
        else:
            self.chosen = (self.chosen + step) % len(self.links)

    def chosen_why(self) -> Why | None:
        if self.chosen is None or self.chosen >= len(self.links):
            return None
        return self.links[self.chosen].why
