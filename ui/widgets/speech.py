"""Speech bubbles: what a player says (bids, announcements) stays readable for a few seconds, or (the table)
until the next action.

Any seat may speak: the scene puts each seat's tail tip in ``anchors`` (for three: the bottom, the left and the
right seat) and says which seats' bubbles hang below their tip (the top seat's, for two; for three, seats whose
anchor is near the top of the window) — the others rise above it.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

import pygame

from ui.fonts import render, wrap


@dataclass(slots=True)
class Bubble:
    text: str
    born: float
    ttl: float
    warn: bool = False


class SpeechLayer:
    TTL = 2.6
    TAIL = 14  # the tail's height
    PAD = (16, 9)  # the text's margin inside the body

    def __init__(self) -> None:
        self.bubbles: dict[int, Bubble] = {}
        self.anchors: dict[int, tuple[int, int]] = {0: (0, 0), 1: (0, 0), 2: (0, 0)}  # the tail's tip per seat
        self.size = 18
        self.right_edge: int | None = None  # bubbles stay left of this x (a side panel), else of the window's edge
        self.left_edge = 4  # and right of this one (the replay's list of moves)

    def say(self, seat: int, text: str, now: float, warn: bool = False, ttl: float | None = None) -> None:
        """A new word replaces the old one of the same speaker: only the latest matters at the table.
        ``ttl=math.inf``: the bubble stays until it is cleared (the table clears it at the next action)."""
        self.bubbles[seat] = Bubble(text, now, ttl or self.TTL, warn)

    def fading(self) -> bool:
        """Some bubble will go by itself (the loop must keep drawing); lasting ones need no frames."""
        return any(math.isfinite(b.ttl) for b in self.bubbles.values())

    def redraw_token(self) -> tuple[tuple[int, str], ...]:
        """What is said now (``ui.redraw``)."""
        return tuple((seat, b.text) for seat, b in sorted(self.bubbles.items()))

    def clear(self) -> None:
        self.bubbles.clear()

    def text_of(self, seat: int) -> str | None:
        b = self.bubbles.get(seat)
        return b.text if b else None

    def draw(self, surface: pygame.Surface, now: float, top_seat: int | Collection[int]) -> None:
        """``top_seat``: the seat (or seats) whose bubble hangs below its anchor."""
        below = _seats(top_seat)
        for seat, b in list(self.bubbles.items()):
            age = now - b.born
            if age > b.ttl:
                del self.bubbles[seat]
                continue
            alpha = 255 if age < b.ttl - 0.4 else int(255 * (b.ttl - age) / 0.4)
            self._draw_one(surface, b, self.anchors[seat], seat in below, alpha)

    def rect_of(self, seat: int, surface_width: int, top_seat: int | Collection[int]) -> pygame.Rect | None:
        """Where ``seat``'s bubble body is drawn (None when it says nothing)."""
        b = self.bubbles.get(seat)
        if b is None:
            return None
        w, h = self._body_size(self._text(b, surface_width))
        hangs = seat in _seats(top_seat)
        x, y = self._body_pos(w, h, self.anchors[seat], hangs, surface_width)
        return pygame.Rect(x + 2, y + (self.TAIL + 2 if hangs else 2), w, h)

    def body_size(self, text: str, surface_width: int) -> tuple[int, int]:
        """The size of the body a bubble saying ``text`` is drawn with, on as many lines as it is drawn on."""
        return self._body_size(self._text(Bubble(text, 0.0, 0.0), surface_width))

    def _text(self, b: Bubble, surface_width: int) -> pygame.Surface:
        """The words, on two or more lines when one would not fit between the edges («Не годится. Пятьдесят
        от туза пикового» beside the replay's list)."""
        colour = (150, 20, 20) if b.warn else (30, 30, 30)
        right = surface_width - 8 if self.right_edge is None else min(surface_width - 8, self.right_edge)
        room = max(120, right - self.left_edge - 2 * self.PAD[0] - 4)
        lines = wrap(b.text, self.size, room, bold=True) or [b.text]
        if len(lines) == 1:
            return render(b.text, self.size, colour, bold=True)
        rendered = [render(line, self.size, colour, bold=True) for line in lines]
        out = pygame.Surface(
            (max(r.get_width() for r in rendered), sum(r.get_height() for r in rendered)), pygame.SRCALPHA
        )
        y = 0
        for r in rendered:
            out.blit(r, (0, y))
            y += r.get_height()
        return out

    def _body_size(self, text: pygame.Surface) -> tuple[int, int]:
        return text.get_width() + 2 * self.PAD[0], text.get_height() + 2 * self.PAD[1]

    def _body_pos(self, w: int, h: int, tip: tuple[int, int], below: bool, surface_width: int) -> tuple[int, int]:
        right = surface_width - 8 if self.right_edge is None else min(surface_width - 8, self.right_edge)
        x = max(self.left_edge, min(tip[0] - 18, right - w))
        y = tip[1] - 2 if below else tip[1] - h - self.TAIL - 2
        return x, y

    def _draw_one(self, surface: pygame.Surface, b: Bubble, tip: tuple[int, int], below: bool, alpha: int) -> None:
        text = self._text(b, surface.get_width())
        w, h = self._body_size(text)
        tail = self.TAIL
        layer = pygame.Surface((w + 4, h + tail + 4), pygame.SRCALPHA)
        body = pygame.Rect(2, tail + 2 if below else 2, w, h)
        fill = (255, 250, 235, 240)
        pos = self._body_pos(w, h, tip, below, surface.get_width())
        at = max(6, min(tip[0] - pos[0], w - 36))  # the tail points at its speaker, also when the body moved
        if below:
            tri = [(at + 4, tail + 3), (at + 18, tail + 3), (at, 2)]
        else:
            tri = [(at + 4, h), (at + 18, h), (at, h + tail)]
        pygame.draw.rect(layer, (0, 0, 0, 60), body.move(2, 3), border_radius=14)
        pygame.draw.rect(layer, fill, body, border_radius=14)
        pygame.draw.polygon(layer, fill, tri)
        pygame.draw.rect(layer, (120, 90, 40, 255), body, 2, border_radius=14)
        layer.blit(text, (body.x + self.PAD[0], body.y + self.PAD[1]))
        layer.set_alpha(alpha)
        surface.blit(layer, pos)


def _seats(top: int | Collection[int]) -> Collection[int]:
    return (top,) if isinstance(top, int) else top
