"""The move log: the deal so far in words, newest at the bottom, scrolled with the wheel so nothing said is
missed (the bubbles show only the latest word of each player)."""

from __future__ import annotations

import pygame

from ui.fonts import draw_text, font, render, wrap

PAPER = (236, 228, 204)
INK = (40, 36, 30)
FAINT = (120, 110, 95)
LINE = (190, 175, 145)
CONTINUED = "   "  # a wrapped line's further rows are indented
COLOURS = {
    "me": (30, 60, 120),
    "opp": (120, 40, 20),
    "right": (30, 95, 40),  # three players: the right opponent (the left one is "opp")
    "table": (70, 64, 54),
    "judge": (170, 30, 30),
}


class MoveLog:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[tuple[str, str]] = []  # (text, style)
        self.scroll = 0  # wrapped rows scrolled up from the newest
        self.title = ""
        self.empty = ""
        self.size = 14
        self._rows_cache: tuple[tuple[object, ...], list[tuple[str, str]]] | None = None

    def redraw_token(self) -> object:
        """The lines and how far they are scrolled (``ui.redraw``)."""
        return len(self.lines), self.scroll

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.size = 13 if rect.h < 170 else 14
        self._rows_cache = None

    def clear(self) -> None:
        self.lines = []
        self.scroll = 0

    def add(self, lines: list[tuple[str, str]]) -> None:
        """New lines at the bottom; a reader scrolled back keeps the rows in view (the offset grows with them)."""
        if self.scroll:
            before = len(self.rows())
            self.lines.extend(lines)
            self.scroll += len(self.rows()) - before
        else:
            self.lines.extend(lines)

    def text_area(self) -> pygame.Rect:
        head = self.size + 12
        return pygame.Rect(self.rect.x + 8, self.rect.y + head, self.rect.w - 16, self.rect.h - head - 6)

    def rows(self) -> list[tuple[str, str]]:
        """The lines wrapped to the width (a long penalty text takes several rows), cached per content."""
        key = (len(self.lines), self.lines[-1] if self.lines else None, self.rect.w, self.size)
        if self._rows_cache is not None and self._rows_cache[0] == key:
            return self._rows_cache[1]
        out: list[tuple[str, str]] = []
        width = self.text_area().w - 8 - font(self.size).size(CONTINUED)[0]  # a continued row is indented: its
        for text, style in self.lines:  # end («нет;») went under the scroll bar
            for i, row in enumerate(wrap(text, self.size, width)):
                out.append((CONTINUED + row if i else row, style))
        self._rows_cache = (key, out)
        return out

    def visible_rows(self) -> int:
        return max(1, self.text_area().h // (font(self.size).get_linesize() + 1))

    def max_scroll(self) -> int:
        return max(0, len(self.rows()) - self.visible_rows())

    def wheel(self, pos: tuple[int, int], dy: int) -> bool:
        """The mouse wheel over the log scrolls it (up: older lines); True when it was over the log."""
        if not self.rect.collidepoint(pos):
            return False
        self.scroll = max(0, min(self.max_scroll(), self.scroll + 3 * dy))
        return True

    def shown_lines(self) -> list[str]:
        """The rows in view, oldest first (tests read them)."""
        return [text for text, _ in self._view()]

    def _view(self) -> list[tuple[str, str]]:
        """The rows that fit, ending ``scroll`` rows above the newest; a line cut at the top is left out whole, and
        the rows it leaves free take newer rows (scrolled back, no empty row shows at the top)."""
        rows = self.rows()
        n = self.visible_rows()
        end = len(rows) - min(self.scroll, self.max_scroll())
        start = max(0, end - n)
        while start < end and rows[start][0].startswith(CONTINUED):
            start += 1
        return rows[start : min(len(rows), start + n)]

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        if r.w <= 0 or r.h <= 0:
            return
        pygame.draw.rect(surface, PAPER, r, border_radius=8)
        pygame.draw.rect(surface, LINE, r, 1, border_radius=8)
        draw_text(surface, self.title, (r.x + 10, r.y + 5), self.size, INK, bold=True)
        area = self.text_area()
        rows = self.rows()
        if not rows:
            for i, line in enumerate(wrap(self.empty, self.size - 1, area.w - 8)):
                draw_text(surface, line, (area.x + 2, area.y + 2 + i * (self.size + 3)), self.size - 1, FAINT)
            return
        step = font(self.size).get_linesize() + 1
        n = self.visible_rows()
        scroll = min(self.scroll, self.max_scroll())
        view = self._view()
        y = area.bottom - step * len(view)
        clip = surface.get_clip()
        surface.set_clip(area)
        for text, style in view:
            surface.blit(render(text, self.size, COLOURS.get(style, INK)), (area.x + 2, y))
            y += step
        surface.set_clip(clip)
        if len(rows) > n:  # where the view is in the whole log
            track = pygame.Rect(r.right - 6, area.y, 3, area.h)
            pygame.draw.rect(surface, LINE, track, border_radius=2)
            h = max(12, area.h * n // len(rows))
            top = area.y + (area.h - h) * (len(rows) - n - scroll) // max(1, len(rows) - n)
            pygame.draw.rect(surface, FAINT, pygame.Rect(track.x, top, 3, h), border_radius=2)
