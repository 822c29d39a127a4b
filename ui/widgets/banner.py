"""Banners the table itself shows in its centre: the judge naming a penalty and its rule, the cards a player
shows for the sequences it scores. One at a time, each for a moment or until the player clicks."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.cards import Card
from ui.fonts import draw_text, font, wrap
from ui.theme import GOLD
from ui.widgets.cards import CardImages, draw_shadow
from ui.widgets.felt import panel

CREAM = (244, 238, 220)
JUDGE_RED = (200, 60, 50)


@dataclass(slots=True)
class Banner:
    kind: str  # "judge" (a penalty) / "shown" (the cards of the sequences)
    title: str
    text: str
    seconds: float
    cards: tuple[Card, ...] = ()
    since: float | None = field(default=None)  # set when it comes up (banners wait in a queue)


class BannerLayer:
    def __init__(self, images: CardImages) -> None:
        self.images = images
        self.queue: list[Banner] = []
        self.area = pygame.Rect(0, 0, 400, 300)  # the table's play area: the banner is centred in it
        self.card_h = 120
        self.rect = pygame.Rect(0, 0, 0, 0)  # where the current banner was last drawn (tests read it)

    def layout(self, area: pygame.Rect, card_h: int) -> None:
        self.area = pygame.Rect(area)
        self.card_h = card_h

    def show(self, banner: Banner) -> None:
        self.queue.append(banner)

    def clear(self) -> None:
        self.queue = []

    def current(self, now: float) -> Banner | None:
        """The banner up now (its time starts when it comes up); a finished one gives way to the next."""
        while self.queue:
            b = self.queue[0]
            if b.since is None:
                b.since = now
            if now - b.since < b.seconds:
                return b
            self.queue.pop(0)
        return None

    def busy(self, now: float) -> bool:
        return self.current(now) is not None

    def release(self, now: float) -> bool:
        """A click: the player has read it."""
        b = self.current(now)
        if b is None:
            return False
        self.queue.pop(0)
        return True

    def redraw_token(self) -> tuple[str, ...]:
        """The banners up and waiting (``ui.redraw``)."""
        return tuple(b.title for b in self.queue)

    def draw(self, surface: pygame.Surface, now: float) -> None:
        b = self.current(now)
        if b is None:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        judge = b.kind == "judge"
        width = min(self.area.w - 40, 620 if judge else 560)
        ts = 22 if self.area.h > 500 else 19
        s = 17 if self.area.h > 500 else 15
        lines = wrap(b.text, s, width - 48) if b.text else []
        card_h = self.card_h if b.cards else 0
        cw = CardImages.size_for(card_h)[0] if b.cards else 0
        step = int(cw * 0.62)
        h = 22 + ts + 12 + len(lines) * (s + 6) + (card_h + 18 if b.cards else 0) + 16
        if b.cards:
            width = max(
                width if judge else 0,
                min(self.area.w - 40, cw + step * (len(b.cards) - 1) + 80),
                font(ts, bold=True).size(b.title)[0] + 60,
            )
        box = pygame.Rect(0, 0, width, h)
        box.center = self.area.center
        box.bottom = min(box.bottom, self.area.bottom)  # too tall: it rises over the felt, not over the hand
        self.rect = box
        pygame.draw.rect(surface, (0, 0, 0), box.move(4, 6), border_radius=16)
        panel(surface, box, (40, 14, 12, 245) if judge else (15, 46, 28, 245), radius=16)
        pygame.draw.rect(surface, JUDGE_RED if judge else (201, 163, 90), box, 3, border_radius=16)
        y = box.y + 18
        draw_text(
            surface, b.title, (box.centerx, y), ts, (255, 200, 180) if judge else GOLD, bold=True, anchor="midtop"
        )
        y += ts + 14
        for line in lines:
            draw_text(surface, line, (box.centerx, y), s, CREAM, anchor="midtop")
            y += s + 6
        if b.cards:
            total = cw + step * (len(b.cards) - 1)
            x = box.centerx - total // 2
            for c in b.cards:
                r = pygame.Rect(x, y + 6, cw, card_h)
                draw_shadow(surface, r, 3, 60)
                surface.blit(self.images.get(c, card_h), r)
                x += step
