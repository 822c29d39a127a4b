"""The hint (H / «Подсказка»): the hard bot's advice on the human's own view, computed in the worker process
(``game.bots.worker``); the suggested card glows and each playable card shows its value."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.actions import Kind
from game.bots.worker import Ticket, shared
from game.cards import Card
from game.deal import DealView
from ui.fonts import font
from ui.hint_words import hint_advice
from ui.i18n import signed_number, tr
from ui.scenes.table.host import TableHost
from ui.widgets.felt import panel


def load_hint() -> Callable[[DealView, int], Ticket[Any]] | None:
    """``(view, seed) -> Ticket[Hint]``: ``game.bots.hint.hint`` posted to the worker (which solves on both cores
    when there are two), when the hint engine is installed, else None."""
    try:
        from game.bots import hint
    except ImportError:
        return None
    del hint
    return lambda view, seed: shared().hint(view, seed)


CHIP_FORMATS = ((13, 1), (13, 0), (11, 0))  # (size, decimals) tried in turn until the chip fits
CHIP_PAD = 10  # the chip's width beyond its text
CHIP_INSET = 4  # from the card's left edge
CHIP_TOP = 0.26  # of the card's height: under the corner index


def chip_text(value: float, room: int | None, ink: tuple[int, int, int]) -> pygame.Surface | None:
    """The value as text no wider than ``room`` (the first format that fits; None: none fits; no room: the last)."""
    for size, digits in CHIP_FORMATS if room is not None else CHIP_FORMATS[-1:]:
        text = signed_number(value, digits)  # «+36,4», «−2»: as the hint's sentence writes numbers
        if room is None or font(size, bold=True).size(text)[0] <= room:
            return font(size, bold=True).render(text, True, ink)
    return None


class HintAdvice(TableHost):
    """Mixed into ``TableScene``: asking for the hint, collecting it, dropping it when the position moves on."""

    def hint_possible(self) -> bool:
        return (
            self.hint_fn is not None
            and not self.autoplay
            and self.overlay is None
            and self.ctl.human_to_act()
            and bool(self.model.view.legal)
        )

    def position_key(self) -> tuple[int, int]:
        return self.model.deal_number, len(self.model.view.history)

    def request_hint(self) -> None:
        """H / the button: the hard bot's advice, computed in the worker process (the window never freezes)."""
        if self.hint_fn is None:
            self.flash(tr("hint_missing"), error=True)
            return
        if not self.hint_possible():
            self.flash(tr("hint_not_now"), error=True, refusal=True)
            return
        key = self.position_key()
        if self.hint_key == key and (self.hint is not None or self.hint_future is not None):
            return
        self.clear_hint()
        self.hint_key = key
        seed = self.ctl.advice_seed  # says nothing about the decks (GameController.private_seed)
        # the human's own view: the hint knows exactly what the player knows
        self.hint_future = self.hint_fn(self.model.view, seed)
        self.flash(tr("hint_thinking"), seconds=30)

    def poll_hint(self) -> None:
        future = self.hint_future
        if future is None or not future.done():
            return
        self.hint_future = None
        if self.hint_key != self.position_key():
            self.hint_key = None
            return
        try:
            self.hint = future.result()
        except Exception as exc:  # advice must never break the game
            self.hint = None
            self.flash(tr("hint_failed", error=repr(exc)), error=True)
            return
        self.flash(f"{tr('hint')}: {hint_advice(self.hint, self.model.view, self.label)}", seconds=12)

    def clear_hint(self) -> None:
        self.hint = None
        self.hint_key = None
        if self.hint_future is not None:
            self.hint_future.cancel()  # advice on an old position: the worker skips it if it has not started
        self.hint_future = None
        # the advice (or "thinking…") is about the old position: drop its status text with it
        if self.message is not None and (
            self.message[0] == tr("hint_thinking") or self.message[0].startswith(tr("hint") + ": ")
        ):
            self.message = None

    def hint_card(self) -> Card | None:
        if self.hint is None or self.hint_key != self.position_key():
            return None
        action = self.hint.action
        return action.card if action.kind is Kind.PLAY else None

    def draw_hint(self, surface: pygame.Surface) -> None:
        """The suggested card glows; every playable card shows its expected value (points of margin) on a chip
        inside the part of the card the next one leaves visible, under its corner index, so that on a tight fan
        no chip covers another or a neighbour's index. A chip too wide for its strip drops the decimal, then
        shrinks; if even that does not fit, only the best card and the one under the pointer show theirs."""
        self.hint_chips = {}
        if self.hint is None or self.hint_key != self.position_key():
            return
        best = self.hint_card()
        values = getattr(self.hint, "values", {}) or {}
        for card in self.hand.cards:
            if card not in self.hand.rects or card in self.hand.hidden or card == self.hand.drag:
                continue
            rect = self.hand.lifted_rect(card)
            if card == best:
                pygame.draw.rect(surface, (255, 214, 80), rect.inflate(8, 8), 5, border_radius=12)
            if card not in values:
                continue
            ink = (40, 30, 10) if card == best else (30, 30, 30)
            room = self.hand.visible_width(card) - 2 * CHIP_INSET - CHIP_PAD
            img = chip_text(values[card], room, ink)
            if img is None:
                if card not in (best, self.hand.hover):
                    continue
                img = chip_text(values[card], None, ink)
                assert img is not None
            box = img.get_rect().inflate(CHIP_PAD, 4)
            box.topleft = (rect.x + CHIP_INSET, rect.y + int(rect.h * CHIP_TOP))
            panel(surface, box, (255, 214, 80, 245) if card == best else (235, 228, 205, 235), radius=6)
            surface.blit(img, img.get_rect(center=box.center))
            self.hint_chips[card] = box
