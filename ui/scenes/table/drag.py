"""Playing a card by hand: drag it to the table, double-click it, or choose it with the keys; an illegal card
springs back and the status line names the rule."""

from __future__ import annotations

import time

import pygame

from game.actions import Kind, play
from game.cards import Card
from ui.i18n import rule_text, tr
from ui.scenes.table.host import TableHost
from ui.widgets.cards import CardImages
from ui.widgets.felt import panel


class CardDragging(TableHost):
    """Mixed into ``TableScene``: the card gestures, the drop zone and the card that springs back."""

    def press_card(self, pos: tuple[int, int], now: float) -> None:
        """A press on a card lifts it for dragging; a second press within 0.45 s plays it (a double-click)."""
        card = self.hand.press(pos)
        if card is not None:
            if self.last_click and self.last_click[0] == card and now - self.last_click[1] < 0.45:
                self.hand.release()
                self.last_click = None
                self.try_play(card, self.hand.lifted_rect(card).topleft)
                return
            self.last_click = (card, now)

    def release_card(self, now: float) -> None:
        """A card let go over the drop zone is played; anywhere else it springs back into the hand."""
        released = self.hand.release()
        if released is not None and self.hand.moved:
            card, rect = released
            if self.drop_zone.collidepoint(rect.center):
                self.try_play(card, rect.topleft)
            else:
                self.spring(card, rect.topleft, now)

    def try_play(self, card: Card, from_pos: tuple[int, int]) -> bool:
        """Play a card dropped or chosen by the human; an illegal card springs back with the rule's name."""
        now = time.monotonic()
        options = [a for a in self.model.view.legal if a.kind is Kind.PLAY and a.card == card]
        if not options:
            rule = self.ctl.refusal(play(card))  # the engine names the rule; nothing is sent to it
            if rule is not None:
                self.flash(tr("illegal", why=rule_text(rule)), error=True, refusal=True)
            self.spring(card, from_pos, now)
            return False
        if len(options) > 1 or self.app.settings.confirm_play:
            self.pending = (card, options, from_pos)
            self.spring(card, from_pos, now)
            return False
        self.launch[card] = from_pos
        return self.act(options[0])

    def spring(self, card: Card, from_pos: tuple[int, int], now: float) -> None:
        speed = self.app.settings.animation_speed
        self.hand.spring_back(card, from_pos, now, 0.0 if speed <= 0 else 0.3 / speed)

    def draw_drop_zone(self, surface: pygame.Surface) -> None:
        card = self.hand.drag
        over = self.drop_zone.collidepoint(
            self.hand.drag_pos[0] + CardImages.size_for(self.hand_h)[0] // 2,
            self.hand.drag_pos[1] + self.hand_h // 2,
        )
        legal = self.hand.playable is not None and card in self.hand.playable
        color = (255, 230, 140, 90 if over else 45) if legal else (255, 120, 100, 70 if over else 35)
        panel(surface, self.drop_zone, color, radius=24)
        border = (255, 230, 140) if legal else (230, 120, 100)
        pygame.draw.rect(surface, border, self.drop_zone, 3 if over else 2, border_radius=24)
