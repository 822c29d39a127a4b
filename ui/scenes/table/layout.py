"""The table's geometry: the score sheet's column, the hands, the trick, the stock, the piles, the dialog area."""

from __future__ import annotations

import pygame

from game.deal import DealView
from ui.fonts import font
from ui.i18n import tr
from ui.scenes.table.host import TableHost
from ui.seats import others, seat_side
from ui.theme import set_table_scale
from ui.widgets.cards import CardImages
from ui.widgets.hand import HandWidget

BUTTONS_H = 100  # the undo/hint and menu/help rows at the bottom of the sheet's column


def text_scale(height: int) -> float:
    """One factor for the table's text (dialogs, the status line, the score sheet, the move log): 1 up to an
    800-pixel-high window, growing with the height above it (1.35 at 1080), at most 1.5."""
    return round(max(1.0, min(1.5, height / 800)), 2)


class TableLayout(TableHost):
    """Mixed into ``TableScene``: every rectangle it draws in, recomputed on each resize."""

    def side_width(self, w: int) -> int:
        """The score sheet's column (a subclass may widen it: the practice coach lives there)."""
        return max(230, min(round(310 * text_scale(self.size[1])), int(w * 0.2)))

    def layout(self) -> None:
        w, h = self.size
        k = self.text_scale = text_scale(h)
        set_table_scale(self.app.manager, k)
        self.status_h = round(34 * k)
        sheet_w = self.side_width(w)
        self.sheet.layout(pygame.Rect(w - sheet_w, 0, sheet_w, h))
        self.sheet.scale = k
        # the move log sits in the sheet's column, between the sheet's totals and the buttons
        log_h = max(120, min(300, int(h * 0.24)))
        self.movelog.layout(pygame.Rect(w - sheet_w + 12, h - BUTTONS_H - 8 - log_h, sheet_w - 22, log_h))
        self.movelog.size = round(self.movelog.size * k)
        self.sheet_reserve = BUTTONS_H + 8 + log_h
        self.play = pygame.Rect(0, 0, w - sheet_w, h - self.status_h)
        self.status_rect = pygame.Rect(0, h - self.status_h, w - sheet_w, self.status_h)
        p = self.play
        self.hand_h = max(110, min(250, int(p.h * 0.26)))
        self.opp_h = max(70, min(150, int(p.h * 0.15)))
        self.trick_h = max(95, min(200, int(p.h * 0.21)))
        self.stock_h = int(self.trick_h * 0.82)
        pile_w = CardImages.size_for(self.opp_h)[0] + 40
        n = self.model.view.rules.players
        self.others = others(self.seat, n)
        self.hand_area = pygame.Rect(p.x + 16, p.bottom - 10 - self.hand_h, p.w - 32 - pile_w, self.hand_h)
        piles_x = p.right - pile_w + 10
        self.piles = {self.seat: (piles_x, self.hand_area.bottom - CardImages.size_for(self.opp_h)[1] - 24)}
        if n == 2:  # the opponent's row across the top, its pile at the right end
            self.opp_areas = {self.others[0]: pygame.Rect(p.x + 16, 12, p.w - 32 - pile_w, self.opp_h)}
        else:  # three: the left opponent in the top-left half, the right one in the top-right half, each its pile
            self.opp_areas = {}
            half = (p.w - 32 - 16) // 2
            for seat in self.others:
                x = p.x + 16 + (0 if seat_side(self.seat, seat, n) == "left" else half + 16)
                self.opp_areas[seat] = pygame.Rect(x, 12, half - pile_w, self.opp_h)
        for seat, area in self.opp_areas.items():  # the pile at the row's right end (the left one's mid-table)
            self.piles[seat] = (area.right + 10 if seat_side(self.seat, seat, n) == "left" else piles_x, area.y)
        self.opp_area = self.opp_areas[self.others[0]]
        top = self.opp_area.bottom + 20
        bottom = self.hand_area.y - int(self.hand_h * HandWidget.RAISE) - 12
        self.band = pygame.Rect(p.x, top, p.w, max(60, bottom - top))
        tw, th = CardImages.size_for(self.trick_h)
        trick_w, trick_h = int(tw * (1.7 if n == 2 else 2.4)), int(th * 1.45)  # three: a card from each side
        cx = p.x + int(p.w * 0.40)
        self.trick_area = pygame.Rect(0, 0, trick_w, trick_h)
        self.trick_area.center = (cx, self.band.centery)
        self.drop_zone = self.trick_area.inflate(60, 30)
        sw, sh = CardImages.size_for(self.stock_h)
        self.stock_pos = (p.x + 28 + (sh - sw) // 2, self.band.centery - sh // 2)
        right = self.drop_zone.right + 16
        self.dialog_area = pygame.Rect(right, self.band.y, max(260, p.right - right - 12), self.band.h)
        self.hand.layout(self.hand_area, self.hand_h)
        self.trick.layout(self.trick_area, self.trick_h, self.piles, self.opp_h)
        self.banner.layout(pygame.Rect(p.x, self.band.y, p.w, self.band.h), int(self.trick_h * 0.8))
        self.speech.size = 17 if h < 760 else 19
        # the human's bubble starts right of its name (the longest it gets: «Вы · сдающий · играющий»)
        longest = f"{tr('you')} · {tr('role_dealer')} · {tr('role_bidder')}"
        after_name = self.hand_area.x + font(15, bold=True).size(longest)[0] + 7 + 30
        self.speech.anchors = {
            self.seat: (max(self.hand_area.centerx - int(self.hand_area.w * 0.22), after_name), self.hand_area.y - 26)
        }
        for seat, area in self.opp_areas.items():
            if n == 2:  # beside the name, under the row
                self.speech.anchors[seat] = (area.centerx + int(area.w * 0.12), area.bottom + 8)
            else:  # a half row is narrow: the bubble hangs under the name
                self.speech.anchors[seat] = (area.x + 40, area.bottom + 8 + font(15, bold=True).get_linesize() + 8)

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

    def hidden_cards(self, view: DealView, seat: int) -> int:
        """How many cards ``seat`` holds (the view's public count)."""
        return view.hand_sizes[seat] if view.hand_sizes else view.opponent_cards

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
        w = min(p.w - 30, round(820 * self.text_scale))
        h = min(p.h - 20, round(600 * self.text_scale))
        r = pygame.Rect(0, 0, w, h)
        r.center = p.center
        return r

    def overlay_buttons(self) -> pygame.Rect:
        """The row of the overlay's buttons at its bottom (its height grows with the text, like the buttons)."""
        box = self.overlay_rect()
        reserve = self.overlay_reserve()
        return pygame.Rect(box.x, box.bottom - reserve, box.w, reserve - 6)

    def overlay_reserve(self) -> int:
        return round(70 * self.text_scale)
