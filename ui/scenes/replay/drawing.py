"""Drawing the replay viewer: the felt and the list's column, both hands (or the back of seat 1's), the stock,
the names, the score sheet and the status line."""

from __future__ import annotations

import time

import pygame

from game.cards import Card
from game.deal import EventKind, Phase
from ui.fonts import STATUS_BG, draw_status_bar, draw_text, font
from ui.i18n import card_name, penalty_text, tr
from ui.scenes.replay.host import ReplayHost
from ui.scenes.replay.texts import CREAM, GOLD, RED, rt
from ui.widgets.cards import CardImages, draw_shadow
from ui.widgets.felt import felt, panel
from ui.widgets.hand import HandWidget


class ReplayDrawing(ReplayHost):
    """Mixed into ``ReplayScene``: ``draw`` and its parts."""

    def draw(self, surface: pygame.Surface) -> None:
        now = time.monotonic()
        w, h = self.size
        surface.blit(felt((w, h)), (0, 0))
        pygame.draw.rect(surface, (14, 34, 22), pygame.Rect(0, 0, self.list_w, h))
        title = rt("deal_of", n=self.di + 1, total=len(self.record.deals))
        draw_text(surface, title, (12, 12), 17, GOLD, bold=True)
        self.draw_hands(surface)
        self.draw_stock(surface)
        self.trick.draw(surface, now)
        self.draw_marks(surface)
        self.draw_labels(surface)
        self.draw_info(surface)
        names = (self.record.players[0], self.record.players[1])
        self.sheet.draw(surface, self.model(), self.sheet_reserved if self.buttons else 52, names=names)
        pygame.draw.rect(surface, STATUS_BG, self.controls_rect)
        self.draw_status(surface, now)
        self.speech.draw(surface, now, 1)
        self.banner.draw(surface, now)

    def draw_hands(self, surface: pygame.Surface) -> None:
        now = time.monotonic()
        self.bottom.draw(surface, now)
        if self.open_hands:
            self.top.draw(surface, now)
            return
        view = self.deal.view(0)
        n = view.opponent_cards
        if not n:
            return
        cw, ch = CardImages.size_for(self.card_h)
        step = min(cw * 0.55, (self.top_area.w - cw) / max(1, n - 1)) if n > 1 else 0
        x0 = self.top_area.centerx - (cw + step * (n - 1)) / 2
        known = list(view.known_opponent_cards)[:n]
        faces: list[Card | None] = [None] * (n - len(known)) + list(known)
        for i, card in enumerate(faces):
            r = pygame.Rect(round(x0 + i * step), self.top_area.y, cw, ch)
            draw_shadow(surface, r, 3, 50)
            surface.blit(self.images.get(card, self.card_h), r)

    def draw_stock(self, surface: pygame.Surface) -> None:
        deal = self.deal
        if deal.phase is Phase.OVER and deal.result is not None and deal.tricks:
            return
        h = self.stock_h
        w = CardImages.size_for(h)[0]
        x, y = self.play.x + 14, self.band.centery - h // 2
        side = pygame.transform.rotate(self.images.get(deal.face_up, h), 90)
        side_rect = side.get_rect(midleft=(x, y + h // 2))
        draw_shadow(surface, side_rect, 3, 50)
        surface.blit(side, side_rect)
        pile_x = side_rect.x + int(side_rect.w * 0.55)
        for i in range(4):
            r = pygame.Rect(pile_x + i * 2, y - i * 2, w, h)
            surface.blit(self.images.get(None, h), r)
        labels = [(tr("vskryshka"), (side_rect.x, side_rect.bottom + 6), "topleft")]
        if deal.freza is not None:
            top = pygame.Rect(pile_x + 18, y - 4, w, h)
            draw_shadow(surface, top, 3, 50)
            surface.blit(self.images.get(deal.freza, h), top)
            labels.append((tr("freza"), (top.right, top.bottom + 6), "topright"))
        for text, pos, anchor in labels:
            img = font(13).render(text, True, CREAM)
            r = img.get_rect(**{anchor: pos})
            panel(surface, r.inflate(10, 4), (0, 0, 0, 90), radius=6)
            surface.blit(img, r)

    def hand_widget(self, seat: int) -> HandWidget | None:
        if seat == 0:
            return self.bottom
        return self.top if self.open_hands else None

    def draw_labels(self, surface: pygame.Surface) -> None:
        deal = self.deal
        names = self.record.players
        spots = ((1, (self.top_area.x, self.top_area.y - 28)), (0, (self.bottom_area.x, self.bottom_area.y - 28)))
        for seat, pos in spots:
            text = names[seat]
            if deal.dealer == seat:
                text += " · " + tr("role_dealer")
            if deal.bidder == seat:
                text += " · " + tr("role_bidder")
            tricks = sum(1 for t in deal.tricks if t.winner == seat)
            if deal.trump is not None:
                text += " · " + rt("tally", tricks=tricks, pts=deal.card_points[seat])  # not a bare «2 / 15»
            color = GOLD if deal.current_player() == seat else CREAM
            img = font(15, bold=True).render(text, True, color)
            r = img.get_rect(topleft=pos)
            panel(surface, r.inflate(14, 6), (0, 0, 0, 110), radius=8)
            surface.blit(img, r)

    def status_text(self) -> str:
        names = self.record.players
        n = len(self.deal_actions())
        parts = [rt("deal_of", n=self.di + 1, total=len(self.record.deals)), rt("step_of", i=self.pos, n=n)]
        if self.pos == 0:
            parts.append(rt("st_start"))
            return " · ".join(parts)
        action = self.deal_actions()[self.pos - 1]
        seat = next((e.seat for e in self.events if e.seat is not None), None)
        who = self.speaker(seat) if seat is not None else "?"
        parts.append(f"{who}: {self.action_text(action, self.events)}")
        d = self.decision(self.pos - 1)
        if d is not None and d.mistake:
            parts.append(rt("mistake", loss=f"{d.loss:.0f}", best=card_name(d.best)))
        for ev in self.events:
            if ev.kind == EventKind.TRICK and ev.seat is not None:
                parts.append(rt("took", who=names[ev.seat], pts=ev.value))
            elif ev.kind == EventKind.SEQUENCES and ev.seat is not None:
                parts.append(rt("seq", who=names[ev.seat], pts=ev.value))
            elif ev.kind == EventKind.PENALTY and ev.seat is not None:
                parts.append(rt("penalty", who=names[ev.seat], why=penalty_text(ev.detail)))
            elif ev.kind == EventKind.REDEAL:
                parts.append(rt("redeal"))
        if self.deal.result is not None and self.deal.phase is Phase.OVER and self.pos == n:
            a, b = self.deal.result.scores_after
            parts.append(rt("result", a=a, b=b))
        return " · ".join(parts)

    def draw_status(self, surface: pygame.Surface, now: float) -> None:
        text, color = self.status_text(), CREAM
        if self.message is not None and self.message[1] > now:
            text, color = self.message[0], (RED if self.message[2] else GOLD)
        draw_status_bar(surface, self.status_rect, text, color, size=15, smallest=10, pad=10)
