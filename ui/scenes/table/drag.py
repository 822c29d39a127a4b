"""Playing a card by hand: drag it to the table, double-click it, or choose it with the keys.

``CardDrag`` turns the gestures on the hand into a ``CardOffer`` (which card, from where) for the scene, which
asks the engine; an illegal or questioned card springs back here. The offer's position becomes the launch of
the card's flight to the trick (``PlayRequest.launch``).
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.cards import Card
from ui.settings import Settings
from ui.widgets.cards import CardImages
from ui.widgets.felt import panel
from ui.widgets.hand import HandWidget

DOUBLE_CLICK_S = 0.45


class CardOffer(NamedTuple):
    """The human offers ``card`` to the trick; ``from_pos``: the card's top-left where it was let go or chosen."""

    card: Card
    from_pos: tuple[int, int]


class CardDrag:
    """The card gestures on ``hand``: a press lifts a card, a second press within 0.45 s plays it, a card let go
    over the drop zone is offered, anywhere else it springs back."""

    def __init__(self, hand: HandWidget, settings: Settings) -> None:
        self.hand = hand
        self.settings = settings
        self.last_click: tuple[Card, float] | None = None  # the card pressed last, and when
        self.missed = False  # the last card let go sprang back from somewhere off the table and the hand
        self.hand_area = pygame.Rect(0, 0, 0, 0)  # where a card let go is simply put back (set by the layout)

    def press(self, pos: tuple[int, int], now: float) -> CardOffer | None:
        """A press on a card lifts it for dragging; a second press on it in time offers it (a double-click)."""
        card = self.hand.press(pos)
        if card is None:
            return None
        if self.last_click and self.last_click[0] == card and now - self.last_click[1] < DOUBLE_CLICK_S:
            self.hand.release()
            self.last_click = None
            return self.chosen(card)
        self.last_click = (card, now)
        return None

    def release(self, drop_zone: pygame.Rect, now: float) -> CardOffer | None:
        """A card let go over ``drop_zone`` (the whole visible table) is offered; anywhere else it springs back
        into the hand, and ``missed`` tells whether it was let go away from the hand (the scene says why)."""
        self.missed = False
        released = self.hand.release()
        if released is None or not self.hand.moved:
            return None
        card, rect = released
        if drop_zone.collidepoint(rect.center):
            return CardOffer(card, rect.topleft)
        self.missed = not self.hand_area.collidepoint(rect.center)
        self.spring(card, rect.topleft, now)
        return None

    def chosen(self, card: Card) -> CardOffer:
        """A card chosen in place (a double-click, the keys): it leaves from its lifted place in the hand."""
        return CardOffer(card, self.hand.lifted_rect(card).topleft)

    def spring(self, card: Card, from_pos: tuple[int, int], now: float, keep_raised: bool = False) -> None:
        """The card goes back into the hand: down in its row (refused, let go off the table) — raised only while a
        question about it waits (``keep_raised``), or as the keyboard's cursor, which stays where it was."""
        hand = self.hand
        chosen = hand.selected is not None and hand.selected < len(hand.cards) and hand.cards[hand.selected] == card
        if chosen and not keep_raised and not hand.focus_visible:
            hand.selected = None
        speed = self.settings.animation_speed
        self.hand.spring_back(card, from_pos, now, 0.0 if speed <= 0 else 0.3 / speed)

    def cancel(self) -> None:
        """Drop the card being dragged (a resize, undo, the end of the deal)."""
        self.hand.drag = None

    def draw_drop_zone(
        self, surface: pygame.Surface, drop_zone: pygame.Rect, card_h: int, accept: pygame.Rect | None = None
    ) -> None:
        """While a card is dragged: the zone glows, brighter while the card is over ``accept`` (where letting it go
        plays it: the whole table), red for a card that may not go."""
        card = self.hand.drag
        if card is None:
            return
        over = (accept or drop_zone).collidepoint(
            self.hand.drag_pos[0] + CardImages.size_for(card_h)[0] // 2,
            self.hand.drag_pos[1] + card_h // 2,
        )
        legal = self.hand.playable is not None and card in self.hand.playable
        color = (255, 230, 140, 90 if over else 45) if legal else (255, 120, 100, 70 if over else 35)
        panel(surface, drop_zone, color, radius=24)
        border = (255, 230, 140) if legal else (230, 120, 100)
        pygame.draw.rect(surface, border, drop_zone, 3 if over else 2, border_radius=24)
