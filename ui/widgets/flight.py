"""Cards in flight: dealing from the stock, the seven swap — drawn over the table, never part of the game.

A flyer is a picture moving between two points (resizing, turning, or flipping from its back to its face
on the way). While it has not landed, the scene hides the card at its destination (``landing``), so a
card is never shown twice. Nothing here touches the engine: animations only delay what is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.cards import Card
from ui.widgets.anim import ease_out
from ui.widgets.cards import CardImages, draw_shadow


@dataclass(slots=True)
class Flyer:
    card: Card | None  # None: the back
    start: tuple[int, int]  # centres
    end: tuple[int, int]
    t0: float
    duration: float
    h0: int  # card height at the start and at the end
    h1: int
    angle0: float = 0.0  # degrees, counter-clockwise (the вскрышка lies at 90)
    angle1: float = 0.0
    flip: bool = False  # show the back first, turn over halfway
    landing: tuple[str, object] | None = None  # what it will become: ("hand", card), ("opp", i), ("face_up", 0)

    def progress(self, now: float) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (now - self.t0) / self.duration))


class FlightLayer:
    def __init__(self, images: CardImages) -> None:
        self.images = images
        self.flyers: list[Flyer] = []

    def add(self, flyer: Flyer) -> None:
        if flyer.duration > 0:
            self.flyers.append(flyer)

    def clear(self) -> None:
        self.flyers = []

    def redraw_token(self) -> object:
        """How many cards are in the air (``ui.redraw``; while they fly the scene asks for frames)."""
        return len(self.flyers)

    def busy(self, now: float) -> bool:
        self.flyers = [f for f in self.flyers if f.progress(now) < 1.0]
        return bool(self.flyers)

    def landing(self, kind: str) -> list[object]:
        """What of ``kind`` is still on its way (the scene does not draw it at its destination yet)."""
        return [f.landing[1] for f in self.flyers if f.landing is not None and f.landing[0] == kind]

    def landing_in_hand(self) -> set[Card]:
        """The human's cards still on their way to the hand: the one account of what the hand hides."""
        return {c for c in self.landing("hand") if isinstance(c, Card)}

    def draw(self, surface: pygame.Surface, now: float) -> None:
        for f in self.flyers:
            p = f.progress(now)
            if now < f.t0 or p >= 1.0:
                continue  # not yet dealt: the card is still in the stock
            k = ease_out(p)
            x = f.start[0] + (f.end[0] - f.start[0]) * k
            y = f.start[1] + (f.end[1] - f.start[1]) * k
            h = max(8, round(f.h0 + (f.h1 - f.h0) * k))
            card: Card | None = f.card
            squash = 1.0
            if f.flip:
                card = None if p < 0.5 else f.card
                squash = max(0.04, abs(1 - 2 * p))
            base = self.images.get(card, f.h1)
            w = max(2, round(CardImages.size_for(h)[0] * squash))
            img = base if (w, h) == base.get_size() else pygame.transform.smoothscale(base, (w, h))
            angle = f.angle0 + (f.angle1 - f.angle0) * k
            if angle:
                img = pygame.transform.rotate(img, angle)
            rect = img.get_rect(center=(round(x), round(y)))
            draw_shadow(surface, rect, 6, 60)
            surface.blit(img, rect)
