"""The hint (H / «Подсказка»): the hard bot's advice on the human's own view, computed in the worker process
(``game.services.worker``); the suggested card glows and each playable card shows its value.

``HintAdvisor`` owns the advice: the ticket in the worker, the position it is about, the advice once it came
and where the last frame put each card's value (``chips``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import sequences as seqs
from game.actions import Action, Kind
from game.cards import Card, Rank
from game.deal import DealView
from game.services.worker import Ticket, Worker, shared
from ui.fonts import draw_text, font, wrap
from ui.hint_words import hint_advice
from ui.i18n import signed_number, tr, tr_for
from ui.scenes.table.decisions import Moment
from ui.scenes.table.status import StatusLine
from ui.widgets.felt import panel
from ui.widgets.hand import HandWidget, sort_hand


def load_hint(thinker: Worker | None = None) -> Callable[[DealView, int], Ticket[Any]] | None:
    """``(view, seed) -> Ticket[Hint]``: ``game.services.hint.hint`` posted to ``thinker`` (the App's; None: the worker,
    which solves on both cores when there are two), when the hint engine is installed, else None."""
    try:
        from game.services import hint
    except ImportError:
        return None
    del hint
    return lambda view, seed: (thinker or shared()).hint(view, seed)


def sequence_apart(view: DealView, action: Action) -> bool:
    """Does the advice name a sequence (to announce; the trump 7-8-9 of «проходит ли мой терц?») whose cards are
    not side by side in the hand laid out by strength? Then the tip to lay it out in sequence order helps (it was
    given where К♥ Д♥ В♥ stood together, and not where 9♥ stood apart from 8♥ 7♥)."""
    trump = view.trump if view.trump is not None else view.first_trump
    if trump is None:
        return False
    if action.kind is Kind.ANNOUNCE:
        found = seqs.first_of_class(view.hand, action.value, trump, view.rules)
        cards = [] if found is None else list(found.cards)
    elif action.kind is Kind.ASK_PASSES:
        cards = [Card.make(rank, trump) for rank in (Rank.SEVEN, Rank.EIGHT, Rank.NINE)]
    else:
        return False
    laid = sort_hand(view.hand, trump)
    places = sorted(laid.index(c) for c in cards if c in laid)
    return len(places) == len(cards) > 0 and places[-1] - places[0] + 1 > len(places)


WORDS_S = 3600.0  # the advice's words stay until the position moves on (``clear``): they went after 12 s
NOTE_LINES = 4  # a long hint's panel over the hand: at most this many lines, at the status line's size
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


class HintAdvisor:
    """Asking for the hint, collecting it, dropping it when the position moves on, drawing it on ``hand``.
    ``fn``: ``load_hint()`` (None: the hint engine is not installed); ``status``: where the advice is said;
    ``label``: an action's words (the advice names a bid as its button does)."""

    def __init__(
        self,
        fn: Callable[[DealView, int], Ticket[Any]] | None,
        hand: HandWidget,
        status: StatusLine,
        label: Callable[[DealView, Action], str],
        by_sequence: Callable[[], bool] = lambda: True,
    ) -> None:
        """``by_sequence``: the hand is laid out in sequence order (``Settings.by_sequence``); else the advice to
        announce says where to lay it out so (a newcomer could not see his терц in the order by strength)."""
        self.fn = fn
        self.hand = hand
        self.status = status
        self.label = label
        self.by_sequence = by_sequence
        self.hint: Any = None  # the Hint for the position in ``key``
        self.key: tuple[int, int] | None = None
        self.future: Ticket[Any] | None = None
        self.chips: dict[Card, pygame.Rect] = {}  # where the last frame put each card's value (tests read it)
        self.words: str | None = None  # the advice said for the position in ``key`` («Подсказка: …»)

    def possible(self, m: Moment) -> bool:
        return self.fn is not None and not m.autoplay and m.open and m.human_to_act and bool(m.view.legal)

    def request(self, m: Moment, seed: int) -> None:
        """H / the button: the hard bot's advice, computed in the worker process (the window never freezes);
        ``seed`` says nothing about the decks (GameController.advice_seed)."""
        if self.fn is None:
            self.status.flash(tr("hint_missing"), error=True)
            return
        if not self.possible(m):
            self.status.flash(tr("hint_not_now"), error=True, about=m.key)
            return
        if self.key == m.key and (self.hint is not None or self.future is not None):
            if self.words is not None:  # asked again: its words once more (dropped with the position; the chips stay)
                self.status.flash(self.words, seconds=WORDS_S)
            return
        self.clear()
        self.key = m.key
        self.future = self.fn(m.view, seed)  # the human's own view: the hint knows exactly what the player knows
        self.status.flash(tr("hint_thinking"), seconds=30)

    def poll(self, m: Moment) -> None:
        """Collect the advice once the worker has it (and say it, if the position is still the one asked about)."""
        future = self.future
        if future is None or not future.done():
            return
        self.future = None
        if self.key != m.key:
            self.key = None
            return
        try:
            self.hint = future.result()
        except Exception as exc:  # advice must never break the game
            self.hint = None
            self.status.flash(tr("hint_failed", error=repr(exc)), error=True)
            return
        words = hint_advice(self.hint, m.view, lambda a: self.label(m.view, a))
        if self.hint is not None and not self.by_sequence() and sequence_apart(m.view, self.hint.action):
            where = {"settings": tr("settings"), "field": tr("hand_order"), "choice": tr("hand_sequence")}
            words += " " + tr("hint.order_tip", **where)
        self.words = f"{tr('hint')}: {words}"
        self.status.flash(self.words, seconds=WORDS_S)

    def clear(self) -> None:
        """Drop the advice (the position moved on), and its words in the status line."""
        self.hint = None
        self.key = None
        self.words = None
        if self.future is not None:
            self.future.cancel()  # advice on an old position: the worker skips it if it has not started
        self.future = None
        self.status.drop_if(lambda text: text == tr("hint_thinking") or text.startswith(tr("hint") + ": "))

    def card(self, key: tuple[int, int]) -> Card | None:
        """The card the advice plays at position ``key`` (None: no advice, or it is not a card)."""
        if self.hint is None or self.key != key:
            return None
        action = self.hint.action
        return action.card if action.kind is Kind.PLAY else None

    def chip_hit(self, pos: tuple[int, int], players: int) -> tuple[pygame.Rect, str] | None:
        """A value chip under the pointer and what its number means (a newcomer read «−30» or «+65,6» blind)."""
        box = next((box for box in self.chips.values() if box.collidepoint(pos)), None)
        return None if box is None else (box, tr_for(players, "tip_hint_value"))

    def redraw_token(self) -> object:
        """The advice held (``ui.redraw``): it comes from the worker, not from input."""
        return id(self.hint)

    def draw(self, surface: pygame.Surface, key: tuple[int, int]) -> None:
        """The suggested card glows; every playable card shows its expected value (points of margin) on a chip
        inside the part of the card the next one leaves visible, under its corner index, so that on a tight fan
        no chip covers another or a neighbour's index. A chip too wide for its strip drops the decimal, then
        shrinks; if even that does not fit, only the best card and the one under the pointer show theirs."""
        self.chips = {}
        if self.hint is None or self.key != key:
            return
        best = self.card(key)
        values = getattr(self.hint, "values", {}) or {}
        hand = self.hand
        hidden = hand.hidden
        for card in hand.cards:
            if card not in hand.rects or card in hidden or card == hand.drag:
                continue
            rect = hand.lifted_rect(card)
            if card == best:
                pygame.draw.rect(surface, (255, 214, 80), rect.inflate(8, 8), 5, border_radius=12)
            if card not in values:
                continue
            ink = (40, 30, 10) if card == best else (30, 30, 30)
            room = hand.visible_width(card) - 2 * CHIP_INSET - CHIP_PAD
            img = chip_text(values[card], room, ink)
            if img is None:
                if card not in (best, hand.hover):
                    continue
                img = chip_text(values[card], None, ink)
                assert img is not None
            box = img.get_rect().inflate(CHIP_PAD, 4)
            box.topleft = (rect.x + CHIP_INSET, rect.y + int(rect.h * CHIP_TOP))
            panel(surface, box, (255, 214, 80, 245) if card == best else (235, 228, 205, 235), radius=6)
            surface.blit(img, img.get_rect(center=box.center))
            self.chips[card] = box


def draw_note(surface: pygame.Surface, bar: pygame.Rect, text: str, size: int) -> pygame.Rect:
    """A hint too long for the status line, on a panel just above it, at the line's own size: it was squeezed into
    two lines of 10 px there (a newcomer's report), the game's main teaching words at the table. The panel covers
    the lower edge of the hand; the cards' corners and values stay in view. Returns where it was drawn."""
    pad = 10
    lines = wrap(text, size, bar.w - 2 * pad - 16, bold=True)
    if len(lines) > NOTE_LINES:  # never taller than this: smaller print, as the status line did
        for smaller in range(size - 1, 11, -1):
            lines = wrap(text, smaller, bar.w - 2 * pad - 16, bold=True)
            size = smaller
            if len(lines) <= NOTE_LINES:
                break
        if len(lines) > NOTE_LINES:  # longer than any hint the game gives: cut, and said so
            lines = [*lines[: NOTE_LINES - 1], lines[NOTE_LINES - 1].rstrip(".") + " …"]
    step = size + 6
    rect = pygame.Rect(bar.x + pad, bar.y - len(lines) * step - 14 - 6, bar.w - 2 * pad, len(lines) * step + 14)
    panel(surface, rect, (20, 32, 24, 245), radius=10)
    pygame.draw.rect(surface, (200, 170, 90), rect, 1, border_radius=10)
    for i, line in enumerate(lines):
        draw_text(surface, line, (rect.x + 8, rect.y + 7 + i * step), size, (255, 226, 150), bold=True)
    return rect
