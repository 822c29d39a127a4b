"""The coach's column beside the table (the practice drill's and the school lesson's): paragraphs of words over
the score sheet's place, shrunk to fit and, when the column is short, the least needed left out."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from ui.fonts import draw_text, wrap
from ui.widgets.scoresheet import LINE, PAPER, ScoreSheet

BUTTONS_H = 108  # the column's foot: the coach's buttons over the table's «Меню» and «?»

Line = tuple[str, int, tuple[int, int, int], bool, int]  # text, size, colour, bold, the gap under it


class Block(NamedTuple):
    text: str
    size: int  # offset from the base size
    color: tuple[int, int, int]
    bold: bool
    prio: int  # 0 always shown; the highest left out first when the column is short (the last of them first)


def fit_lines(blocks: list[Block], width: int, height: int, top: int) -> list[Line]:
    """Wrap the paragraphs; shrink the text to 13 at least, then leave out the least needed ones."""
    kept = list(blocks)
    while True:
        for base in range(top, 12, -1):
            lines: list[Line] = []
            for b in kept:
                size = max(11, base + b.size)
                lines.extend((line, size, b.color, b.bold, 0) for line in wrap(b.text, size, width, b.bold))
                lines.append(("", size, b.color, b.bold, 6))
            if sum(int(s * 1.28) + gap for _, s, _, _, gap in lines) <= height:
                return lines
        worst = max(b.prio for b in kept)
        if worst == 0:
            return lines
        drop = max(i for i, b in enumerate(kept) if b.prio == worst)
        del kept[drop]


def draw_column(
    surface: pygame.Surface, column: pygame.Rect, text_rect: pygame.Rect, blocks: list[Block], top: int | None = None
) -> None:
    """The paper column (``column``: the score sheet's place) with the paragraphs in ``text_rect``, at ``top``
    (the base size, before shrinking) or by the column's width; a verdict's line (starting ✓ or ✗) gets a rule
    over it."""
    pygame.draw.rect(surface, PAPER, column)
    pygame.draw.line(surface, (90, 70, 40), column.topleft, column.bottomleft, 3)
    r = text_rect
    lines = fit_lines(blocks, r.w - 30, r.h - 20, top or (16 if r.w >= 360 else 15))
    y = r.y + 12
    for text, size, color, bold, gap in lines:
        if y + size > r.bottom:
            break
        if text:
            if text.startswith(("✓", "✗")):
                pygame.draw.line(surface, LINE, (r.x + 16, y - 4), (r.right - 16, y - 4), 1)
            draw_text(surface, text, (r.x + 16, y), size, color, bold=bold)
        y += int(size * 1.28) + gap


def cover_sheet(surface: pygame.Surface, sheet: ScoreSheet, blocks: list[Block], top: int | None = None) -> None:
    """A coach's column over the score sheet (the drills, a lesson, the first deal): the sheet's button and
    tooltips are off while covered; the paragraphs above the column's buttons."""
    sheet.last_trick_button = pygame.Rect(0, 0, 0, 0)
    sheet.tips = []
    r = sheet.rect
    draw_column(surface, r, pygame.Rect(r.x, r.y, r.w, r.h - BUTTONS_H), blocks, top)


def coach_top(text_scale: float) -> int:
    """The coach's text size on a table whose text grows with the window (a lesson, the first deal)."""
    return max(15, min(20, round(16 * text_scale)))
