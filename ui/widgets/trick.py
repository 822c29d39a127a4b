"""The trick in the centre: cards fly in from a hand, rest a moment, then slide to the winner's pile.

Two players: yours lower-left, the opponent's upper-right. Three (``players = 3``): yours below the centre, the
left opponent's on the left and the right opponent's on the right, each on its side of the table
(``ui.seats.seat_side``), so a card lies where it came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import pygame

from game.cards import Card
from ui.seats import Side, seat_side
from ui.widgets.anim import Tween
from ui.widgets.cards import CardImages, draw_shadow


class TrickShape(NamedTuple):
    """How a trick lies for a player count: each side's card offset from the centre (in card widths and
    heights), and whether your resting card lies over the others'."""

    slots: dict[Side, tuple[float, float]]
    mine_on_top: bool


SHAPES: dict[int, TrickShape] = {
    # two: the bottom player's card lower-left, the top player's upper-right, in the order played
    2: TrickShape({"bottom": (-0.28, 0.2), "top": (0.28, -0.2)}, mine_on_top=False),
    # three: yours below the centre, over the opponents' (it would lose its corner index under the left one);
    # the left and right opponents' cards to the left and right, a little up
    3: TrickShape({"bottom": (0.0, 0.24), "left": (-0.62, -0.12), "right": (0.62, -0.12)}, mine_on_top=True),
}


@dataclass(slots=True)
class _Placed:
    card: Card
    seat: int
    tween: Tween
    flip: bool = False  # the opponent's card: its back first, turned over on the way


class TrickWidget:
    """Holds what is shown in the centre, which may lag the engine by an animation (never leads it)."""

    HOLD = 1.2  # seconds a full trick stays visible before it is collected (the «Пауза после взятки» setting)

    def __init__(self, images: CardImages) -> None:
        self.images = images
        self.placed: list[_Placed] = []
        self.collect_at: float | None = None
        self.collect: list[Tween] = []
        self.winner: int | None = None
        self.area = pygame.Rect(0, 0, 100, 100)
        self.card_h = 140
        self.view_seat = 0
        self.players = 2  # the table sets 3 for «деберц втроём» (before ``layout``)
        self.pile_pos: dict[int, tuple[int, int]] = {0: (0, 0), 1: (0, 0)}
        self.speed = 1.0
        self.pile_h = self.card_h
        self.hold = self.HOLD  # not scaled by the animation speed: it is reading time, not motion

    def redraw_token(self) -> object:
        """The cards on the table and who takes them (``ui.redraw``; their flights ask for frames)."""
        return tuple((p.card, p.seat) for p in self.placed), self.winner

    def layout(self, area: pygame.Rect, card_h: int, pile_pos: dict[int, tuple[int, int]], pile_h: int = 0) -> None:
        """``pile_h``: the won tricks' card height; a collected trick shrinks to it so that it lands on the pile
        (a trick-sized card at the pile's place would reach under the status bar)."""
        self.area = pygame.Rect(area)
        self.card_h = card_h
        self.pile_pos = pile_pos
        self.pile_h = pile_h or card_h
        for p in self.placed:  # resize: snap to the new slots
            p.tween = Tween(self.slot(p.seat), self.slot(p.seat), 0, 0)

    def slot(self, seat: int) -> tuple[int, int]:
        """Top-left of a seat's card: for two the bottom player's card lower-left, the top player's upper-right;
        for three yours below the centre, the left and right opponents' cards to the left and right, a little up."""
        w, h = CardImages.size_for(self.card_h)
        cx, cy = self.area.center
        fx, fy = SHAPES[self.players].slots[seat_side(self.view_seat, seat, self.players)]
        return cx - w // 2 + int(w * fx), cy - h // 2 + int(h * fy)

    def _dur(self, base: float) -> float:
        return 0.0 if self.speed <= 0 else base / self.speed

    def sync(self, cards: tuple[Card, ...], leader: int | None) -> None:
        """Show exactly the engine's trick (after loading or when nothing is animating)."""
        if self.collect_at is not None:
            return
        seats = [] if leader is None else [(leader + k) % self.players for k in range(len(cards))]  # to the left
        want = list(zip(cards[: len(seats)], seats, strict=True))
        if [(p.card, p.seat) for p in self.placed] != want:
            self.placed = [_Placed(c, s, Tween(self.slot(s), self.slot(s), 0, 0)) for c, s in want]

    def play(self, card: Card, seat: int, from_pos: tuple[int, int], now: float, flip: bool = False) -> None:
        self.finish()
        duration = self._dur(0.4 if flip else 0.28)
        self.placed.append(_Placed(card, seat, Tween(from_pos, self.slot(seat), now, duration), flip))

    def take(self, winner: int, now: float) -> None:
        """Schedule the collection of the full trick to the winner's side."""
        end = max((p.tween.ends_at for p in self.placed), default=now)
        self.winner = winner
        self.collect_at = max(now, end) + self.hold
        if self.speed <= 0:
            self.finish()

    def holding(self, now: float) -> bool:
        """The full trick lies still, waiting to be collected (a click may sweep it now)."""
        if self.collect_at is None or self.collect or now >= self.collect_at:
            return False
        return all(p.tween.done(now) for p in self.placed)

    def release(self, now: float) -> bool:
        """The player has seen the trick: collect it now (once its last card has landed)."""
        if self.collect_at is None or self.collect or now >= self.collect_at:
            return False
        end = max((p.tween.ends_at for p in self.placed), default=now)
        self.collect_at = max(now, end)
        return True

    def finish(self) -> None:
        """Complete any pending collection at once (a new card is coming)."""
        if self.collect_at is not None:
            self.placed = []
            self.collect = []
            self.collect_at = None
            self.winner = None

    def busy(self, now: float) -> bool:
        if self.collect_at is not None:
            if now >= self.collect_at and not self.collect and self.winner is not None:
                pile = self.pile_pos[self.winner]
                self.collect = [Tween(p.tween.end, pile, now, self._dur(0.35)) for p in self.placed]
            if self.collect and all(t.done(now) for t in self.collect):
                self.finish()
                return False
            return True
        return any(not p.tween.done(now) for p in self.placed)

    def card_in_flight(self, now: float) -> bool:
        """A card is still flying to its place (not a trick lying in wait, nor one being collected)."""
        return any(not p.tween.done(now) for p in self.placed)

    def draw_order(self, now: float) -> list[int]:
        """The cards' stacking, bottom first: in the order played, except that for three your resting card lies
        over the opponents' (below the centre, it would lose its corner index under the left one), and a card
        still flying passes over everything."""
        flying = [i for i, p in enumerate(self.placed) if not p.tween.done(now) and not self.collect]
        resting = [i for i in range(len(self.placed)) if i not in flying]
        if SHAPES[self.players].mine_on_top:
            resting.sort(key=lambda i: self.placed[i].seat == self.view_seat)
        return resting + flying

    def draw(self, surface: pygame.Surface, now: float) -> None:
        self.busy(now)
        for i in self.draw_order(now):
            img, rect = self.card_image(i, now)
            draw_shadow(surface, rect, 4, 60)
            surface.blit(img, rect)

    def card_image(self, i: int, now: float) -> tuple[pygame.Surface, pygame.Rect]:
        """The ``i``-th card as drawn at ``now``: flying in (turning over), lying, or shrinking to the pile."""
        p = self.placed[i]
        pos = self.collect[i].pos(now) if self.collect and i < len(self.collect) else p.tween.pos(now)
        t = p.tween.progress(now)
        if p.flip and t < 1.0:  # turning over: the back narrows, then the face widens
            img = self.images.get(None if t < 0.5 else p.card, self.card_h)
            w, h = img.get_size()
            img = pygame.transform.smoothscale(img, (max(2, round(w * abs(1 - 2 * t))), h))
            return img, img.get_rect(center=pygame.Rect(pos, (w, h)).center)
        if self.collect and i < len(self.collect):
            k = self.collect[i].progress(now)
            h = round(self.card_h + (self.pile_h - self.card_h) * k)
            img = pygame.transform.smoothscale(self.images.get(p.card, self.card_h), CardImages.size_for(h))
            return img, img.get_rect(topleft=pos)
        img = self.images.get(p.card, self.card_h)
        return img, img.get_rect(topleft=pos)
