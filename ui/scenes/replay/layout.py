"""The replay viewer's geometry: the action list's column, the felt, the hands (two: bottom and top; three:
bottom, top-left and top-right), the trick, the values panel, the transport row and the status line.

``ReplayGeometry`` is a value computed from the window size, the number of seats and the seat at the bottom."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.seats import others, seat_side
from ui.widgets.cards import CardImages


@dataclass(frozen=True, eq=False)
class ReplayGeometry:
    """Every rectangle the viewer draws in (not to be changed: copy one to move it)."""

    n: int  # seats
    me: int  # the seat at the bottom
    list_w: int  # the action list's column on the left
    sheet_w: int  # the score sheet's column on the right
    status_h: int
    controls_h: int
    sheet_rect: pygame.Rect
    play: pygame.Rect
    status_rect: pygame.Rect
    controls_rect: pygame.Rect  # the transport row
    card_h: int
    top_area: pygame.Rect
    bottom_area: pygame.Rect
    left_area: pygame.Rect  # three players: the top band's halves
    right_area: pygame.Rect
    side_h: int  # three players: the top hands' card height
    trick_h: int
    stock_h: int
    band: pygame.Rect
    trick_area: pygame.Rect
    info_area: pygame.Rect  # «Следующий ход» and the cards' values, right of the trick
    speech_size: int
    speech_anchors: dict[int, tuple[int, int]]

    @property
    def seat(self) -> int:
        """The seat the last trick is said for (``ui.scenes.table.drawing.TrickPlace``): the bottom one."""
        return self.me

    @property
    def text_scale(self) -> float:
        """The viewer's text keeps its size (``TrickPlace``)."""
        return 1.0

    @classmethod
    def compute(cls, size: tuple[int, int], n: int, me: int) -> ReplayGeometry:
        w, h = size
        list_w = max(240, min(300, int(w * 0.22)))
        sheet_w = max(230, min(290, int(w * 0.21)))
        status_h, controls_h = 34, 52
        p = pygame.Rect(list_w, 0, w - list_w - sheet_w, h - status_h - controls_h)
        card_h = max(90, min(175, int(p.h * 0.24)))
        top_area = pygame.Rect(p.x + 12, p.y + 34, p.w - 24, card_h)
        bottom_area = pygame.Rect(p.x + 12, p.bottom - 10 - card_h, p.w - 24, card_h)
        trick_h = max(80, min(150, int(p.h * 0.2)))
        band_top = top_area.bottom + 12
        band_bottom = bottom_area.y - 30
        band = pygame.Rect(p.x, band_top, p.w, max(60, band_bottom - band_top))
        tw, th = CardImages.size_for(trick_h)
        trick_area = pygame.Rect(0, 0, int(tw * 1.7), int(th * 1.45))
        trick_area.center = (p.x + int(p.w * 0.42), band.centery)
        right = trick_area.right + 14
        # three players: the top band halved, the left opponent's hand on the left, the right one's on the right
        half = (top_area.w - 16) // 2
        side_h = int(card_h * 0.85)
        info_top = band.y if n == 2 else top_area.y + side_h + 8  # the side hands are lower: the values get room
        info_area = pygame.Rect(right, info_top, max(120, p.right - right - 10), band.bottom - info_top)
        geo = cls(
            n=n,
            me=me,
            list_w=list_w,
            sheet_w=sheet_w,
            status_h=status_h,
            controls_h=controls_h,
            sheet_rect=pygame.Rect(w - sheet_w, 0, sheet_w, h),
            play=p,
            status_rect=pygame.Rect(p.x, h - status_h, p.w, status_h),
            controls_rect=pygame.Rect(p.x, p.bottom, p.w, controls_h),
            card_h=card_h,
            top_area=top_area,
            bottom_area=bottom_area,
            left_area=pygame.Rect(top_area.x, top_area.y, half, side_h),
            right_area=pygame.Rect(top_area.right - half, top_area.y, half, side_h),
            side_h=side_h,
            trick_h=trick_h,
            stock_h=int(trick_h * 0.8),
            band=band,
            trick_area=trick_area,
            info_area=info_area,
            speech_size=16 if h < 760 else 18,
            speech_anchors={},
        )
        # the top player's anchor stays 160 px left of the side panel: room for a short bubble without pushing it
        geo.speech_anchors[me] = (bottom_area.centerx - 120, bottom_area.y - 24)
        for seat in others(me, n):
            area = geo.hand_area(seat)
            x = min(area.centerx + 80, info_area.x - 160) if geo.side(seat) == "top" else area.centerx
            geo.speech_anchors[seat] = (x, area.bottom + 6)
        return geo

    def side(self, seat: int) -> str:
        """Where ``seat`` is drawn: "bottom", "top" (two players), "left" or "right" (three)."""
        return seat_side(self.me, seat, self.n)

    def hand_area(self, seat: int) -> pygame.Rect:
        """Where ``seat``'s hand is drawn."""
        areas = {"bottom": self.bottom_area, "top": self.top_area, "left": self.left_area, "right": self.right_area}
        return areas[self.side(seat)]

    @property
    def piles(self) -> dict[int, tuple[int, int]]:
        """Where a taken trick goes: the right end of the taker's row."""
        return {seat: (self.play.right - 60, self.hand_area(seat).y) for seat in range(self.n)}

    @property
    def banner_rect(self) -> pygame.Rect:
        return pygame.Rect(self.play.x, self.band.y, self.play.w, self.band.h)
