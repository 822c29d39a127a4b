"""The score sheet (запись): per deal both players' written points, bait and hanging bait marked, totals."""

from __future__ import annotations

import pygame

from game.scoring import Outcome
from ui.controller import SheetRow, TableModel
from ui.fonts import draw_text, font, suit_colour, suit_colours
from ui.i18n import suit_name, tr

PAPER = (246, 239, 219)
INK = (40, 36, 30)
FAINT = (120, 110, 95)
RED = (170, 30, 30)
LINE = (190, 175, 145)


def cell_texts(row: SheetRow, seat: int) -> tuple[str, str]:
    """What each column shows for one deal: points, or Б (байт) / В (висячий байт), plus adjustments."""
    r = row.result
    if r.outcome in (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS):
        return "—", "—"
    out = []
    for p in (seat, 1 - seat):
        ps = r.players[p]
        text = str(ps.written)
        if r.card_bait == p or (r.bait and r.bidder == p):
            text = tr("bait_mark")
        elif r.tie and r.bidder == p and r.hanging_now:
            text = tr("hanging_mark")
        if ps.adjustment:
            text += f" {ps.adjustment:+d}"
        out.append(text)
    return out[0], out[1]


def mark_tip(text: str) -> str | None:
    """The explanation of a sheet cell's mark (Б / В / a penalty), shown when the mouse rests on it."""
    parts = []
    if text.startswith(tr("bait_mark")):
        parts.append(tr("tip_bait"))
    elif text.startswith(tr("hanging_mark")):
        parts.append(tr("tip_hanging"))
    if " " in text and text.rsplit(" ", 1)[1][:1] in "+-":
        parts.append(tr("tip_adjust"))
    return " · ".join(parts) or None


class ScoreSheet:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 240, 400)
        self.last_trick_button = pygame.Rect(0, 0, 0, 0)
        self.tips: list[tuple[pygame.Rect, str]] = []  # hover areas drawn this frame → their explanation

    def tip_at(self, pos: tuple[int, int]) -> str | None:
        return next((text for rect, text in self.tips if rect.collidepoint(pos)), None)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    scale = 1.0  # the table's text scale (a tall window); the replay viewer keeps 1

    def draw(
        self, surface: pygame.Surface, model: TableModel, menu_button_h: int, names: tuple[str, str] | None = None
    ) -> None:
        """``names``: the column heads by seat (default «Вы» / «Соперник»; the replay viewer gives players')."""
        r = self.rect
        self.tips = []
        pygame.draw.rect(surface, PAPER, r)
        pygame.draw.line(surface, (90, 70, 40), r.topleft, r.bottomleft, 3)
        s = max(13, min(round(17 * self.scale), r.w // 16))
        x0, y = r.x + 14, r.y + 12
        view = model.view
        seat = model.seat
        # the deal in play
        draw_text(surface, tr("deal_n", n=model.deal_number), (x0, y), s + 3, INK, bold=True)
        dealer = tr("dealer_you") if view.dealer == seat else tr("dealer_opp")
        if names is not None:
            dealer = f"{tr('dealer')}: {names[view.dealer]}"
        draw_text(surface, dealer, (r.right - 14, y + 3), s - 1, FAINT, anchor="topright")
        y += s + 12
        if view.trump is None:
            draw_text(surface, tr("no_trump_yet"), (x0, y), s, INK)
        else:
            trump_color = RED if view.trump in (2, 3) else INK
            if suit_colours():
                trump_color = suit_colour(view.trump.symbol, INK)
            rect = draw_text(surface, f"{tr('trump')}: ", (x0, y), s, INK)
            draw_text(surface, suit_name(view.trump), rect.topright, s, trump_color, bold=True)
            y += s + 6
            who = tr("bidder_you") if view.bidder == seat else tr("bidder_bot")
            if names is not None and view.bidder is not None:
                who = f"{tr('bidder')}: {names[view.bidder]}"
            draw_text(surface, who, (x0, y), s - 1, FAINT)
        y += s + 6
        pts = view.card_points
        draw_text(surface, tr("card_points", a=pts[seat], b=pts[1 - seat]), (x0, y), s - 1, FAINT)
        y += s + 10
        # last-trick hold button
        bh = s + 14
        self.last_trick_button = pygame.Rect(x0, y, r.w - 28, bh)
        enabled = bool(view.tricks)
        pygame.draw.rect(
            surface, (226, 214, 185) if enabled else (236, 230, 214), self.last_trick_button, border_radius=8
        )
        pygame.draw.rect(surface, LINE, self.last_trick_button, 1, border_radius=8)
        draw_text(
            surface,
            tr("last_trick_hint"),
            self.last_trick_button.center,
            s - 2,
            INK if enabled else FAINT,
            anchor="center",
        )
        self.tips.append((self.last_trick_button, tr("tip_last_trick")))
        y += bh + 14
        # the sheet
        pygame.draw.line(surface, LINE, (x0, y), (r.right - 14, y), 2)
        y += 8
        title = tr("sheet") + " · " + (tr("to_target", target=model.target) if model.target else tr("single_deal"))
        draw_text(surface, title, (x0, y), s, INK, bold=True)
        y += s + 10
        # per player two columns: what the deal wrote, and the running total after it
        col_n = x0
        inner = r.right - 16 - (x0 + 22)
        cols = [x0 + 22 + inner * k // 4 for k in (1, 2, 3, 4)]
        head_a = (cols[0] + cols[1]) // 2
        head_b = (cols[2] + cols[3]) // 2
        me, other = (tr("you"), tr("bot")) if names is None else (names[seat], names[1 - seat])
        draw_text(surface, me, (head_a, y), s - 1, FAINT, anchor="midtop")
        head_b = min(head_b, r.right - 12 - font(s - 1).size(other)[0] // 2)
        draw_text(surface, other, (head_b, y), s - 1, FAINT, anchor="midtop")
        y += s + 6
        pygame.draw.line(surface, LINE, (x0, y), (r.right - 14, y), 1)
        y += 6
        bottom = r.bottom - menu_button_h - 24 - 3 * (s + 8)
        row_h = s + 7
        rows = list(model.sheet)
        fit = max(1, (bottom - y) // row_h)
        if len(rows) > fit:
            rows = rows[-fit:]
        mid_x = (cols[1] + cols[2]) // 2 - 4
        pygame.draw.line(surface, LINE, (mid_x, y - 6), (mid_x, bottom), 1)
        for row in rows:
            a, b = cell_texts(row, seat)
            after = row.result.scores_after
            draw_text(surface, f"{row.number}.", (col_n, y), s - 3, FAINT)
            for text, col in ((a, cols[0]), (b, cols[2])):
                marked = text.startswith((tr("bait_mark"), tr("hanging_mark")))
                cell = draw_text(surface, text, (col, y), s - 1, RED if marked else INK, bold=marked, anchor="topright")
                tip = mark_tip(text)
                if tip:
                    self.tips.append((cell.inflate(8, 4), tip))
            draw_text(surface, str(after[seat]), (cols[1], y + 1), s - 3, FAINT, anchor="topright")
            draw_text(surface, str(after[1 - seat]), (cols[3], y + 1), s - 3, FAINT, anchor="topright")
            y += row_h
        y = max(y, bottom)
        pygame.draw.line(surface, INK, (x0, y), (r.right - 14, y), 2)
        y += 6
        draw_text(surface, tr("total"), (col_n, y), s, INK, bold=True)
        draw_text(surface, str(model.scores[seat]), (cols[1], y), s + 1, INK, bold=True, anchor="topright")
        draw_text(surface, str(model.scores[1 - seat]), (cols[3], y), s + 1, INK, bold=True, anchor="topright")
        y += s + 8
        if model.hanging:
            rect = draw_text(surface, tr("hanging_wait", pts=" + ".join(map(str, model.hanging))), (x0, y), s - 2, RED)
            self.tips.append((rect, tr("tip_hanging_wait")))
        y += s + 4
        f = font(s - 3)
        if f.size(tr("legend"))[0] < r.w - 28:
            draw_text(surface, tr("legend"), (x0, y), s - 3, FAINT)
