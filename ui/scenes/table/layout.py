"""The table's geometry: the score sheet's column, the hands, the trick, the stock, the piles, the dialog area.

``TableGeometry`` is a value computed from the window size, the human's seat, the number of players and the
sheet's width; the scene computes one on each resize and hands its rectangles to the widgets and parts.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.deal import DealView
from ui.fonts import font
from ui.i18n import tr
from ui.seats import others, seat_side
from ui.widgets.cards import CardImages
from ui.widgets.hand import MARKER_GAP, MARKER_H, HandWidget
from ui.widgets.speech import SpeechLayer

BUTTONS_H = 100  # the undo/hint and menu/help rows at the bottom of the sheet's column


def text_scale(height: int) -> float:
    """One factor for the table's text (dialogs, the status line, the score sheet, the move log): 1 up to an
    800-pixel-high window, growing with the height above it (1.35 at 1080), at most 1.5."""
    return round(max(1.0, min(1.5, height / 800)), 2)


def sheet_width(size: tuple[int, int]) -> int:
    """The score sheet's column for a window of ``size`` (the practice scene widens it: the coach lives there)."""
    return max(230, min(round(310 * text_scale(size[1])), int(size[0] * 0.2)))


def hidden_cards(view: DealView, seat: int) -> int:
    """How many cards ``seat`` holds (the view's public count)."""
    return view.hand_sizes[seat] if view.hand_sizes else view.opponent_cards


class _Facing:
    """Two players: the opponent's row across the top, its pile at the right end; the trick is two cards."""

    trick_cards = 1.7  # the trick's width in card widths: the second card overlaps the first

    @staticmethod
    def opponents(p: pygame.Rect, seat: int, seats: list[int], pile_w: int, opp_h: int) -> dict[int, pygame.Rect]:
        return {seats[0]: pygame.Rect(p.x + 16, 12, p.w - 32 - pile_w, opp_h)}

    @staticmethod
    def bubble_anchor(area: pygame.Rect, label_size: int) -> tuple[int, int]:
        return (area.centerx + int(area.w * 0.12), area.bottom + 8)  # beside the name, under the row

    @staticmethod
    def dialog_top(
        dialog_area: pygame.Rect, band: pygame.Rect, seat: int, anchors: dict[int, tuple[int, int]], speech_size: int
    ) -> pygame.Rect:
        return dialog_area


class _Sides:
    """Three players: the left opponent in the top-left half, the right one in the top-right half, each with its
    pile; the trick has a card from each side."""

    trick_cards = 2.4

    @staticmethod
    def opponents(p: pygame.Rect, seat: int, seats: list[int], pile_w: int, opp_h: int) -> dict[int, pygame.Rect]:
        half = (p.w - 32 - 16) // 2
        out = {}
        for s in seats:
            x = p.x + 16 + (0 if seat_side(seat, s, 3) == "left" else half + 16)
            out[s] = pygame.Rect(x, 12, half - pile_w, opp_h)
        return out

    @staticmethod
    def bubble_anchor(area: pygame.Rect, label_size: int) -> tuple[int, int]:
        # a half row is narrow: the bubble hangs under the name
        return (area.x + 40, area.bottom + 8 + font(label_size, bold=True).get_linesize() + 8)

    @staticmethod
    def dialog_top(
        dialog_area: pygame.Rect, band: pygame.Rect, seat: int, anchors: dict[int, tuple[int, int]], speech_size: int
    ) -> pygame.Rect:
        """The right opponent's bubble hangs into the band: the dialog starts below it."""
        right_seat = next(s for s in anchors if s != seat and seat_side(seat, s, 3) == "right")
        line = font(speech_size, bold=True).get_linesize()
        bubble_bottom = anchors[right_seat][1] + SpeechLayer.TAIL + line + 2 * SpeechLayer.PAD[1] + 8
        return pygame.Rect(dialog_area.x, bubble_bottom, dialog_area.w, max(120, band.bottom - bubble_bottom))


# how the seats sit around the table for each number of players (the one place the layout asks)
SHAPES: dict[int, type[_Facing] | type[_Sides]] = {2: _Facing, 3: _Sides}


@dataclass(frozen=True, eq=False)
class TableGeometry:
    """Every rectangle the table draws in (the rectangles are not to be changed: copy one to move it)."""

    seat: int  # the human's, at the bottom
    players: int
    text_scale: float  # the table's text grows with a tall window (``text_scale``)
    status_h: int
    sheet_rect: pygame.Rect  # the score sheet's column
    movelog_rect: pygame.Rect  # in the sheet's column, between the sheet's totals and the buttons
    sheet_reserve: int  # the sheet's column below the sheet itself: the move log and the buttons
    play: pygame.Rect  # the felt: the window but the sheet's column and the status line
    status_rect: pygame.Rect
    hand_h: int  # card heights: the human's hand, the opponents' rows and piles, the trick, the stock
    opp_h: int
    trick_h: int
    stock_h: int
    hand_area: pygame.Rect
    opp_areas: dict[int, pygame.Rect]  # each opponent's row of hidden cards (three: top-left and top-right)
    others: list[int]  # the other seats in the order they act after the human (ui.seats.others)
    piles: dict[int, tuple[int, int]]  # where each seat's won tricks lie
    band: pygame.Rect  # the felt between the opponents' rows and the human's lifted cards
    trick_area: pygame.Rect
    drop_zone: pygame.Rect  # a card let go over it is played
    stock_pos: tuple[int, int]
    dialog_area: pygame.Rect  # the dialog panel's place, right of the trick
    speech_size: int  # the bubbles' text size
    label_size: int  # the seats' names (15 scaled by ``text_scale``, like the rest of the table's text)
    speech_anchors: dict[int, tuple[int, int]]  # each seat's bubble tail tip

    @classmethod
    def compute(cls, size: tuple[int, int], seat: int, players: int, sheet_w: int) -> TableGeometry:
        w, h = size
        k = text_scale(h)
        status_h = round(34 * k)
        sheet_rect = pygame.Rect(w - sheet_w, 0, sheet_w, h)
        log_h = max(120, min(300, int(h * 0.24)))
        movelog_rect = pygame.Rect(w - sheet_w + 12, h - BUTTONS_H - 8 - log_h, sheet_w - 22, log_h)
        p = pygame.Rect(0, 0, w - sheet_w, h - status_h)
        status_rect = pygame.Rect(0, h - status_h, w - sheet_w, status_h)
        hand_h = max(110, min(250, int(p.h * 0.26)))
        opp_h = max(70, min(150, int(p.h * 0.15)))
        trick_h = max(95, min(200, int(p.h * 0.21)))
        stock_h = int(trick_h * 0.82)
        pile_w = CardImages.size_for(opp_h)[0] + 40
        seats = others(seat, players)
        hand_area = pygame.Rect(p.x + 16, p.bottom - 10 - hand_h, p.w - 32 - pile_w, hand_h)
        piles_x = p.right - pile_w + 10
        piles = {seat: (piles_x, hand_area.bottom - CardImages.size_for(opp_h)[1] - 24)}
        shape = SHAPES[players]
        opp_areas = shape.opponents(p, seat, seats, pile_w, opp_h)
        for s, area in opp_areas.items():  # the pile at the row's right end (the left one's mid-table)
            piles[s] = (area.right + 10 if seat_side(seat, s, players) == "left" else piles_x, area.y)
        top = opp_areas[seats[0]].bottom + 20
        bottom = hand_area.y - int(hand_h * HandWidget.RAISE) - 12
        band = pygame.Rect(p.x, top, p.w, max(60, bottom - top))
        tw, th = CardImages.size_for(trick_h)
        trick_w, trick_hh = int(tw * shape.trick_cards), int(th * 1.45)
        trick_area = pygame.Rect(0, 0, trick_w, trick_hh)
        trick_area.center = (p.x + int(p.w * 0.40), band.centery)
        drop_zone = trick_area.inflate(60, 30)
        sw, sh = CardImages.size_for(stock_h)
        stock_pos = (p.x + 28 + (sh - sw) // 2, band.centery - sh // 2)
        right = drop_zone.right + 16
        dialog_area = pygame.Rect(right, band.y, max(260, p.right - right - 12), band.h)
        # the human's bubble starts right of its name (the longest it gets: «Вы · сдающий · играющий»)
        label_size = round(15 * k)
        longest = f"{tr('you')} · {tr('role_dealer')} · {tr('role_bidder')}"
        after_name = hand_area.x + font(label_size, bold=True).size(longest)[0] + 7 + 30
        anchors = {seat: (max(hand_area.centerx - int(hand_area.w * 0.22), after_name), hand_area.y - 26)}
        for s, area in opp_areas.items():
            anchors[s] = shape.bubble_anchor(area, label_size)
        speech_size = 17 if h < 760 else 19
        dialog_area = shape.dialog_top(dialog_area, band, seat, anchors, speech_size)
        return cls(
            seat=seat,
            players=players,
            text_scale=k,
            status_h=status_h,
            sheet_rect=sheet_rect,
            movelog_rect=movelog_rect,
            sheet_reserve=BUTTONS_H + 8 + log_h,
            play=p,
            status_rect=status_rect,
            hand_h=hand_h,
            opp_h=opp_h,
            trick_h=trick_h,
            stock_h=stock_h,
            hand_area=hand_area,
            opp_areas=opp_areas,
            others=seats,
            piles=piles,
            band=band,
            trick_area=trick_area,
            drop_zone=drop_zone,
            stock_pos=stock_pos,
            dialog_area=dialog_area,
            speech_size=speech_size,
            speech_anchors=anchors,
            label_size=label_size,
        )

    @property
    def opp_area(self) -> pygame.Rect:
        """The first opponent's row (for two players the only one)."""
        return self.opp_areas[self.others[0]]

    @property
    def banner_rect(self) -> pygame.Rect:
        """The table's banners (the judge, shown sequences) span the band — for three, below the opponents'
        bubbles, which hang into it (a «Пишет» stays readable beside the sequence shown)."""
        top = self.dialog_area.y
        bottom = self.label_pos(self.seat)[1] - 4  # and above the player's name
        return pygame.Rect(self.play.x, top, self.play.w, bottom - top)

    def opp_card_rects(self, n: int, seat: int | None = None) -> list[pygame.Rect]:
        """Where an opponent's ``n`` hidden cards lie (``seat``: which opponent; the first after the human by
        default, the only one for two players)."""
        area = self.opp_areas[self.others[0] if seat is None else seat]
        w, h = CardImages.size_for(self.opp_h)
        if n <= 0:
            return []
        step = min(w * 0.55, (area.w - w) / max(1, n - 1)) if n > 1 else 0
        total = w + step * (n - 1)
        x0 = area.centerx - total / 2
        return [pygame.Rect(round(x0 + i * step), area.y, w, h) for i in range(n)]

    def stock_centre(self) -> tuple[int, int]:
        w = CardImages.size_for(self.stock_h)[0]
        side = self.face_up_rect()
        return side.x + int(side.w * 0.55) + w // 2, self.stock_pos[1] + self.stock_h // 2

    def face_up_rect(self) -> pygame.Rect:
        """Where the вскрышка lies crosswise under the stock."""
        w, h = CardImages.size_for(self.stock_h)
        return pygame.Rect(0, 0, h, w).move(self.play.x + 16, self.stock_pos[1] + h // 2 - w // 2)

    def overlay_rect(self) -> pygame.Rect:
        """The deal summary's and the game over's box: it grows with the table's text (a tall window)."""
        p = self.play
        r = pygame.Rect(0, 0, min(p.w - 30, round(820 * self.text_scale)), min(p.h - 20, round(600 * self.text_scale)))
        r.center = p.center
        return r

    def overlay_buttons(self) -> pygame.Rect:
        """The row of the overlay's buttons at its bottom (its height grows with the text, like the buttons)."""
        box = self.overlay_rect()
        reserve = self.overlay_reserve
        return pygame.Rect(box.x, box.bottom - reserve, box.w, reserve - 6)

    @property
    def overlay_reserve(self) -> int:
        """The overlay's bottom kept for its buttons."""
        return round(70 * self.text_scale)

    @property
    def label_step(self) -> int:
        """A name's height with its panel and a gap: 30 at the smallest text, more as the names grow."""
        return font(self.label_size, bold=True).get_linesize() + 12

    def label_pos(self, seat: int) -> tuple[int, int]:
        """The seat's name clear of its cards: the human's above a lifted card, an opponent's under its row."""
        if seat == self.seat:
            # above a lifted card and its keyboard marker
            lifted = self.hand_area.y - int(self.hand_h * HandWidget.RAISE)
            return self.hand_area.x, lifted - self.label_step - MARKER_GAP - MARKER_H + 4
        area = self.opp_areas[seat]
        return area.x, area.bottom + 8
