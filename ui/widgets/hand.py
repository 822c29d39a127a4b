"""The human's hand: sorted by suit with trumps together, fanned, hit-tested, dragged and sprung back."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterable

import pygame

from game.cards import PLAIN_STRENGTH, TRUMP_STRENGTH, Card, Suit
from ui.widgets.anim import Tween
from ui.widgets.cards import CardImages, draw_shadow

_RED = {Suit.D, Suit.H}


def suit_order(suits: Iterable[Suit], trump: Suit | None) -> list[Suit]:
    """Trumps at the right end; the other suits arranged so that colours alternate where possible."""
    present = sorted(set(suits))
    others = [s for s in present if s != trump]
    best: list[Suit] = others
    best_bad = 99
    from itertools import permutations

    for perm in permutations(others):
        order = [*perm, trump] if trump in present else list(perm)
        bad = sum(1 for a, b in itertools.pairwise(order) if (a in _RED) == (b in _RED))
        if bad < best_bad:
            best, best_bad = list(perm), bad
    return [*best, trump] if trump is not None and trump in present else best


def sort_hand(cards: Iterable[Card], trump: Suit | None, by_sequence: bool = False) -> list[Card]:
    """By suit (trumps right), each suit strongest first — or, ``by_sequence``, in the order sequences run (Т К Д В
    10 9 8 7, the «Карты в руке: по порядку» setting), so that a терц stands together: by strength 9 10 К 8 of
    trumps hid an 8-9-10."""
    cards = list(cards)
    order = suit_order((c.suit for c in cards), trump)

    def key(c: Card) -> tuple[int, int]:
        if by_sequence:
            return order.index(c.suit), -int(c.rank)
        table = TRUMP_STRENGTH if c.suit == trump else PLAIN_STRENGTH
        return order.index(c.suit), -table[c.rank]

    return sorted(cards, key=key)


CURSOR = (110, 200, 255)  # the keyboard cursor: blue, unlike the hint's gold glow
MARKER_GAP, MARKER_H = 3, 10  # the marker's tip above the raised card, its height: it stays clear of the name


def draw_cursor(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The keyboard cursor: a thin blue frame and a blue marker above the card (the hint is a thick gold glow)."""
    pygame.draw.rect(surface, CURSOR, rect.inflate(2, 2), 3, border_radius=8)
    cx, tip = rect.centerx, rect.y - MARKER_GAP
    points = [(cx - 9, tip - MARKER_H), (cx + 9, tip - MARKER_H), (cx, tip)]
    pygame.draw.polygon(surface, CURSOR, points)
    pygame.draw.polygon(surface, (20, 50, 80), points, 1)


class HandWidget:
    """Layout and interaction state for one face-up hand; the scene decides what a drop means."""

    RAISE = 0.14  # of the card height: selected / hovered cards lift

    def __init__(self, images: CardImages, in_flight: Callable[[], Collection[Card]] = tuple) -> None:
        self.images = images
        # the cards still flying in (dealt, swapped), not drawn nor clickable yet: whoever flies them says which
        # (the table: its flight layer), so nobody has to keep a copy in step
        self.in_flight = in_flight
        self.cards: list[Card] = []
        self.playable: set[Card] | None = None  # None: nothing to play now, draw all normally
        self.rects: dict[Card, pygame.Rect] = {}
        self.card_h = 160
        self.area = pygame.Rect(0, 0, 100, 100)
        self.selected: int | None = None
        self.hover: Card | None = None
        self.drag: Card | None = None
        self.drag_offset = (0, 0)
        self.drag_pos = (0, 0)
        self.press_pos: tuple[int, int] | None = None
        self.moved = False
        self.springs: dict[Card, Tween] = {}
        self.sorted_for: Suit | None = None  # the trump the order was made for
        self.sorted_by = False  # and whether in the order sequences run

    def set_cards(
        self, cards: Iterable[Card], trump: Suit | None, playable: set[Card] | None, by_sequence: bool = False
    ) -> None:
        cards = list(cards)
        kept = set(cards)
        if self.cards and (trump, by_sequence) == (self.sorted_for, self.sorted_by) and kept <= set(self.cards):
            new = [c for c in self.cards if c in kept]  # cards only went: the rest stay where the eye left them
        else:  # a new hand, new cards, a new trump or order: sorted afresh (trumps right, colours alternating)
            new = sort_hand(cards, trump, by_sequence)
            self.sorted_for, self.sorted_by = trump, by_sequence
        if new != self.cards:
            sel = self.cards[self.selected] if self.selected is not None and self.selected < len(self.cards) else None
            self.cards = new
            if sel in new:
                self.selected = new.index(sel)
            elif self.selected is not None and self.focus_visible:
                self.selected = min(self.selected, len(new) - 1)
            else:
                self.selected = None
            if self.drag not in new:
                self.drag = None
            if not new:
                self.selected = None
        self.playable = playable
        sel = self.selected_card()
        if playable and sel is not None and sel not in playable:
            # the player's turn begins with the cursor on a greyed card: to the nearest card that may be played
            here = self.selected or 0
            self.selected = min((i for i, c in enumerate(self.cards) if c in playable), key=lambda i: abs(i - here))
        self.layout(self.area, self.card_h)

    def redraw_token(self) -> object:
        """The cards, the keyboard's cursor and the card under the pointer (``ui.redraw``; a drag, a spring and
        the cards flying in ask for frames)."""
        return tuple(self.cards), self.selected, self.hover, self.focus_visible

    def layout(self, area: pygame.Rect, card_h: int) -> None:
        """Fan the cards along a shallow arc centred in ``area`` (its bottom is the hand's baseline)."""
        self.area = pygame.Rect(area)
        self.card_h = card_h
        w, h = CardImages.size_for(card_h)
        n = len(self.cards)
        self.rects = {}
        if not n:
            return
        step = min(w * 0.66, (area.w - w) / max(1, n - 1)) if n > 1 else 0
        total = w + step * (n - 1)
        x0 = area.centerx - total / 2
        mid = (n - 1) / 2
        base_y = area.bottom - h - int(h * 0.06)  # the outer cards dip by up to 6% along the arc
        for i, card in enumerate(self.cards):
            arc = int(((i - mid) / max(1.0, mid)) ** 2 * h * 0.06) if n > 1 else 0
            self.rects[card] = pygame.Rect(round(x0 + i * step), base_y + arc, w, h)

    def lifted_rect(self, card: Card) -> pygame.Rect:
        r = self.rects[card].copy()
        lift = 0
        if self.selected is not None and self.selected < len(self.cards) and self.cards[self.selected] == card:
            lift = int(self.card_h * self.RAISE)
        elif card == self.hover and self.playable and card in self.playable:
            lift = int(self.card_h * self.RAISE * 0.5)
        return r.move(0, -lift)

    def visible_width(self, card: Card) -> int:
        """How much of the card shows before the next one covers it."""
        i = self.cards.index(card)
        if i + 1 < len(self.cards) and self.cards[i + 1] in self.rects:
            return max(10, self.rects[self.cards[i + 1]].x - self.rects[card].x)
        return self.rects[card].w

    @property
    def hidden(self) -> set[Card]:
        """The cards not shown yet: still flying in (``in_flight``)."""
        return set(self.in_flight())

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        hidden = self.hidden
        for card in reversed(self.cards):
            if card in hidden:
                continue
            if card in self.rects and self.lifted_rect(card).collidepoint(pos):
                return card
        return None

    # ------------------------------------------------------------ dragging

    def press(self, pos: tuple[int, int]) -> Card | None:
        card = self.card_at(pos)
        if card is None:
            return None
        r = self.lifted_rect(card)
        self.drag = card
        self.drag_offset = (pos[0] - r.x, pos[1] - r.y)
        self.drag_pos = r.topleft
        self.press_pos = pos
        self.moved = False
        self.springs.pop(card, None)
        self.selected = self.cards.index(card)
        return card

    def motion(self, pos: tuple[int, int]) -> None:
        if self.focus_visible and self.drag is None:
            self.selected = None  # the mouse took over: the keyboard's cursor and its raised card go
        self.focus_visible = False
        if self.drag is not None:
            self.drag_pos = (pos[0] - self.drag_offset[0], pos[1] - self.drag_offset[1])
            if self.press_pos and abs(pos[0] - self.press_pos[0]) + abs(pos[1] - self.press_pos[1]) > 6:
                self.moved = True
        else:
            self.hover = self.card_at(pos)

    def release(self) -> tuple[Card, pygame.Rect] | None:
        """End a drag: the card and where it was dropped (the scene decides to play or spring back)."""
        if self.drag is None:
            return None
        card, self.drag = self.drag, None
        self.hover = None  # the pointer is where the card was let go, no longer over the card it pressed
        w, h = CardImages.size_for(self.card_h)
        return card, pygame.Rect(self.drag_pos, (w, h))

    def spring_back(self, card: Card, from_pos: tuple[int, int], now: float, duration: float) -> None:
        if card in self.rects:
            self.springs[card] = Tween(from_pos, self.lifted_rect(card).topleft, now, duration)

    def busy(self, now: float) -> bool:
        self.springs = {c: t for c, t in self.springs.items() if not t.done(now)}
        return bool(self.springs)

    # ------------------------------------------------------------ keyboard

    def select_step(self, delta: int) -> None:
        """The keyboard cursor to the next card in ``delta``'s direction that may be played (greyed cards are
        passed over, as the mouse cannot play them either); every card when none is playable now."""
        if not self.cards:
            return
        n = len(self.cards)
        start = (-1 if delta > 0 else n) if self.selected is None else self.selected
        playable = [i for i, c in enumerate(self.cards) if self.playable is None or c in self.playable]
        if not playable:
            playable = list(range(n))
        for k in range(1, n + 1):
            i = (start + delta * k) % n
            if i in playable:
                self.selected = i
                return

    def selected_card(self) -> Card | None:
        if self.selected is None or self.selected >= len(self.cards):
            return None
        return self.cards[self.selected]

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, now: float) -> None:
        hidden = self.hidden
        for card in self.cards:
            if card == self.drag or card not in self.rects or card in hidden:
                continue
            spring = self.springs.get(card)
            rect = self.lifted_rect(card)
            if spring is not None and not spring.done(now):
                rect = pygame.Rect(spring.pos(now), rect.size)
            dim = self.playable is not None and card not in self.playable
            img = self.images.dimmed(card, self.card_h) if dim else self.images.get(card, self.card_h)
            draw_shadow(surface, rect, 3, 50)
            surface.blit(img, rect)
        sel = self.selected_card()
        if sel is not None and sel != self.drag and sel in self.rects and self.focus_visible and sel not in hidden:
            draw_cursor(surface, self.lifted_rect(sel))  # never an empty frame where a card is still flying in

    focus_visible = False  # the keyboard focus ring shows once the arrows were used

    def draw_dragged(self, surface: pygame.Surface) -> None:
        if self.drag is None:
            return
        w, h = CardImages.size_for(self.card_h)
        rect = pygame.Rect(self.drag_pos, (w, h))
        draw_shadow(surface, rect, 10, 80)
        surface.blit(self.images.get(self.drag, self.card_h), rect)
