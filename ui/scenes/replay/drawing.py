"""Drawing the replay viewer: the felt and the list's column, every hand (or the backs of the others'), the stock,
the names, the score sheet and the status line — for two or three seats (``ReplayScene.side``)."""

from __future__ import annotations

import time

import pygame

from game.cards import Card
from game.deal import EventKind, Phase
from ui.fonts import STATUS_BG, draw_status_bar, draw_text, font
from ui.i18n import card_name, penalty_text, tr
from ui.scenes.replay.host import ReplayHost
from ui.scenes.replay.texts import CREAM, GOLD, RED, rt
from ui.seats import others
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
        self.sheet.draw(surface, self.model(), self.sheet_reserved if self.buttons else 52, names=self.sheet_names())
        pygame.draw.rect(surface, STATUS_BG, self.controls_rect)
        self.draw_status(surface, now)
        self.speech.draw(surface, now, 1 if self.n == 2 else others(self.me, self.n))  # the top seats' hang below
        self.banner.draw(surface, now)

    def draw_hands(self, surface: pygame.Surface) -> None:
        now = time.monotonic()
        self.seat_hand(self.me).draw(surface, now)
        for seat in others(self.me, self.n):
            if self.open_hands:
                self.seat_hand(seat).draw(surface, now)
            else:
                self.draw_closed(surface, seat)

    def draw_closed(self, surface: pygame.Surface, seat: int) -> None:
        """Another seat's hand from the bottom seat's view: backs, and the cards it has shown (a swap, sequences,
        belle) face up."""
        view = self.deal.view(self.me)
        hand = self.deal.hand(seat)
        n = len(hand)
        if not n:
            return
        area = self.hand_area(seat)
        h = area.h if self.n == 3 else self.card_h
        cw, ch = CardImages.size_for(h)
        step = min(cw * 0.55, (area.w - cw) / max(1, n - 1)) if n > 1 else 0
        x0 = area.centerx - (cw + step * (n - 1)) / 2
        known = [c for c in view.known_opponent_cards if c in hand][:n]  # public: whose they are is known
        faces: list[Card | None] = [None] * (n - len(known)) + known
        for i, card in enumerate(faces):
            r = pygame.Rect(round(x0 + i * step), area.y, cw, ch)
            draw_shadow(surface, r, 3, 50)
            surface.blit(self.images.get(card, h), r)

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
        if seat == self.me:
            return self.seat_hand(seat)
        return self.seat_hand(seat) if self.open_hands else None

    def draw_labels(self, surface: pygame.Surface) -> None:
        deal = self.deal
        labels = {seat: self.label_tries(seat) for seat in range(self.n)}
        # the top labels (three players: two share the band) take the same form: the shortest either needs
        top = [seat for seat in range(self.n) if self.side(seat) != "bottom"]
        form = max(self.label_fit(seat, labels[seat])[0] for seat in top)
        for seat, tries in labels.items():
            k, size = self.label_fit(seat, tries, form if seat in top else 0)
            text = " · ".join(tries[k])
            color = GOLD if deal.current_player() == seat else CREAM
            img = font(size, bold=True).render(text, True, color)
            area = self.hand_area(seat)
            r = img.get_rect(topleft=(area.x, area.y - 28))
            panel(surface, r.inflate(14, 6), (0, 0, 0, 110), radius=8)
            surface.blit(img, r)

    def label_tries(self, seat: int) -> list[list[str]]:
        """A seat's label from the longest to the shortest: the name, the role, the tally (not a bare «2 / 15»)."""
        deal = self.deal
        roles = []
        if deal.dealer == seat:
            roles.append(tr("role_dealer"))
        if deal.bidder == seat:
            roles.append(tr("role_bidder"))
        tricks = sum(1 for t in deal.tricks if t.winner == seat)
        tally = [rt("tally", tricks=tricks, pts=deal.card_points[seat])] if deal.trump is not None else []
        full, short = self.seat_label(seat), self.short_label(seat)
        return [[full, *roles, *tally], [short, *roles, *tally], [short, *tally], [short]]

    def label_fit(self, seat: int, tries: list[list[str]], start: int = 0) -> tuple[int, int]:
        """(the first of ``tries`` from ``start`` that fits above the seat's hand, its font size)."""
        room = self.hand_area(seat).w - 14
        for k in range(start, len(tries)):
            text = " · ".join(tries[k])
            size = 15
            while size > 12 and font(size, bold=True).size(text)[0] > room:
                size -= 1
            if font(size, bold=True).size(text)[0] <= room:
                return k, size
        return len(tries) - 1, 12

    def status_text(self) -> str:
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
                side = self.seat_word(ev.seat)  # the player's own game for three: «взятку берёт соперник слева»
                took = (
                    rt(f"took_{side}", pts=ev.value) if side else rt("took", who=self.seat_label(ev.seat), pts=ev.value)
                )
                parts.append(took)
            elif ev.kind == EventKind.SEQUENCES and ev.seat is not None:
                parts.append(rt("seq", who=self.seat_label(ev.seat), pts=ev.value))
            elif ev.kind == EventKind.PENALTY and ev.seat is not None:
                side, why = self.seat_word(ev.seat), penalty_text(ev.detail)
                fault = rt(f"penalty_{side}", why=why) if side else rt("penalty", who=self.seat_label(ev.seat), why=why)
                parts.append(fault)
            elif ev.kind == EventKind.REDEAL:
                parts.append(rt("redeal"))
        if self.deal.result is not None and self.deal.phase is Phase.OVER and self.pos == n:
            after = self.deal.result.scores_after
            if len(after) == 2:
                parts.append(rt("result", a=after[0], b=after[1]))
            else:
                parts.append(rt("result_n", scores=" : ".join(str(x) for x in after)))
        return " · ".join(parts)

    def draw_status(self, surface: pygame.Surface, now: float) -> None:
        text, color = self.status_text(), CREAM
        if self.message is not None and self.message[1] > now:
            text, color = self.message[0], (RED if self.message[2] else GOLD)
        draw_status_bar(surface, self.status_rect, text, color, size=15, smallest=10, pad=10)
