"""pygame_gui dialogs that turn clicks into actions: a prompt and a row of buttons, one per choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame
import pygame_gui

from ui.fonts import font, wrap
from ui.i18n import tr
from ui.theme import BUTTON_PX

_HTML_ESCAPES = str.maketrans({"<": "&lt;", ">": "&gt;", "&": "&amp;"})


def html_escaped(text: str) -> str:
    """Plain text (a path, a reason, a file's words) inside a pygame_gui text box, which reads its text as HTML."""
    return text.translate(_HTML_ESCAPES)


TIP_DELAY = 1.2  # seconds the pointer rests on an answer before its tooltip comes (moving starts it again)


def answered_by_key(dialog: pygame_gui.windows.UIConfirmationDialog, key: int) -> bool | None:
    """A key on a confirmation's question (pygame_gui's answers only a click): Esc withdraws it (False), Enter
    confirms it (True), either closing it; None for any other key, the question still up."""
    if key not in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
        return None
    dialog.kill()
    return key != pygame.K_ESCAPE


def laid_out(text: pygame_gui.elements.UITextBox) -> None:
    """Lay ``text`` out now when a resize's rebuild is still due (pygame_gui waits a moment): done later, it would
    make a new scroll bar at the top and undo a scroll made meanwhile."""
    if text.should_trigger_full_rebuild:
        text.rebuild()


def scroll_text_to(text: pygame_gui.elements.UITextBox, share: float) -> None:
    """Scroll ``text`` to ``share`` of its height (from the top), and redraw it now, not on the next frame."""
    if text.scroll_bar is not None:
        text.scroll_bar.set_scroll_from_start_percentage(share)
        text.update(0.0)


SCROLL_KEYS = {pygame.K_DOWN: 0.05, pygame.K_UP: -0.05, pygame.K_PAGEDOWN: 0.9, pygame.K_PAGEUP: -0.9}
"""A text's scroll by key, in the share of its visible height (↓ a line or so, PgDn a page)."""


def scroll_by_key(text: pygame_gui.elements.UITextBox | None, key: int) -> bool:
    """↓ ↑ PgDn PgUp Home End scroll a long text (the rules page, the rules at the table): only the wheel did.
    True when the key was one of them and the text scrolls."""
    bar = text.scroll_bar if text is not None else None
    layout = text.text_box_layout if text is not None else None
    if text is None or bar is None or layout is None or key not in (*SCROLL_KEYS, pygame.K_HOME, pygame.K_END):
        return False
    full = max(1, layout.layout_rect.height)
    shown = bar.visible_percentage
    if key == pygame.K_HOME:
        start = 0.0
    elif key == pygame.K_END:
        start = 1.0 - shown
    else:
        view_h = text.text_wrap_rect[3] if text.text_wrap_rect is not None else text.rect.h
        start = bar.start_percentage + SCROLL_KEYS[key] * view_h / full
    scroll_text_to(text, max(0.0, min(1.0 - shown, start)))
    return True


class ChoicePanel:
    """A panel of buttons, rebuilt only when its content changes; ``process`` returns the chosen payload.

    Tooltips wait until the pointer rests on a button and then sit outside the panel (below it, or above when
    there is no room), so that the explanation of one answer never covers another."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.panel: pygame_gui.elements.UIPanel | None = None
        self.buttons: dict[pygame_gui.elements.UIButton, Any] = {}
        self.key: tuple[Any, ...] | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0  # the text scale of the table it stands on (a tall window: larger answers)

    @property
    def visible(self) -> bool:
        return self.panel is not None

    def show(
        self,
        prompt: str,
        choices: list[tuple[str, Any]],
        area: pygame.Rect,
        columns: int = 2,
        tips: list[str | None] | None = None,
        short_prompt: str | None = None,
    ) -> None:
        """Centre the panel in ``area``; nothing is rebuilt if the same dialog is already up.
        ``tips``: a tooltip per choice (pygame_gui ``tool_tip_text``). ``short_prompt``: said instead of
        ``prompt`` when the panel would not fit the area's height (the long words are in a bubble and the status
        line already — a narrow table beside the drills' coach)."""
        key = (prompt, tuple(label for label, _ in choices), tuple(area), columns)
        if key == self.key:
            return
        self.hide()
        self.key = key
        k = self.scale
        f = font(round(17 * k), bold=True)
        text_w = max((f.size(label)[0] for label, _ in choices), default=60)
        bw = max(round(120 * k), text_w + round(36 * k))
        cols = max(1, min(columns, len(choices)))
        while cols > 1 and cols * (bw + 10) + 30 > area.w:
            cols -= 1
        bw = min(bw, area.w - 40)
        bh, gap = round(42 * k), 10
        line_h = round(30 * k)
        rows = (len(choices) + cols - 1) // cols
        for said, tight in ((prompt, False), (short_prompt, False), (short_prompt or prompt, True)):
            if said is None:
                continue
            if tight:  # still too tall: lower buttons closer together (four answers beside a bubble at 1024×640)
                bh, gap = round(36 * k), 6
            prompt_w = font(round(18 * k), bold=True).size(said)[0] + 40
            w = min(area.w, max(cols * (bw + 10) + 30, prompt_w))
            lines = wrap(said, round(18 * k), w - 40, bold=True) if said else []
            first, dot, rest = said.partition(". ")
            if len(lines) == 2 and dot and rest:  # two sentences on two lines: each on its own («Will / you play?»)
                halves = [first + ".", rest]
                if all(font(round(18 * k), bold=True).size(h)[0] <= w - 40 for h in halves):
                    lines = halves
            top = 18 + line_h * len(lines) if said else 8
            h = top + rows * (bh + gap) + 6
            if h <= area.h:
                break
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = area.center
        self.rect.top = max(self.rect.top, area.top)  # taller than its room: down from its top, never over a bubble
        bare = pygame_gui.core.ObjectID(object_id="#bare_panel") if not prompt else None
        self.panel = pygame_gui.elements.UIPanel(self.rect, manager=self.manager, starting_height=3, object_id=bare)
        for i, line in enumerate(lines):
            pygame_gui.elements.UILabel(
                pygame.Rect(10, 10 + line_h * i, w - 24, line_h),
                line,
                manager=self.manager,
                container=self.panel,
                object_id=pygame_gui.core.ObjectID(object_id="#prompt" if k == 1 else "#answer_prompt"),
            )
        for i, (label, payload) in enumerate(choices):
            r, c = divmod(i, cols)
            in_row = min(cols, len(choices) - r * cols)
            row_w = in_row * bw + (in_row - 1) * 10
            x = (w - 4 - row_w) // 2 + c * (bw + 10)
            y = top + r * (bh + gap)
            tip = tips[i] if tips is not None and i < len(tips) else None
            btn = pygame_gui.elements.UIButton(
                pygame.Rect(x, y, bw, bh),
                label,
                manager=self.manager,
                container=self.panel,
                tool_tip_text=tip,
                object_id=None if k == 1 else pygame_gui.core.ObjectID(object_id="#answer"),
            )
            btn.tool_tip_delay = TIP_DELAY
            self.buttons[btn] = payload

    def pointer_moved(self) -> None:
        """The pointer moves: no tooltip comes until it rests again."""
        for btn in self.buttons:
            if btn.tool_tip is None:
                btn.hover_time = 0.0

    def place_tips(self, avoid: pygame.Rect | None = None) -> None:
        """Move an open tooltip off the buttons: under the panel, centred on its button, or above the panel —
        above it too when under it would cover ``avoid`` (the player's hand); when above it would cover ``avoid``
        (the game over's chart), to the side of it."""
        if self.panel is None:
            return
        root = self.manager.get_root_container()
        if root is None:
            return
        screen = root.get_rect()
        box = self.panel.get_abs_rect()
        for btn in self.buttons:
            tip = btn.tool_tip
            if not isinstance(tip, pygame_gui.elements.UITooltip):
                continue
            r = tip.rect.copy()
            r.centerx = int(btn.get_abs_rect().centerx)
            r.top = int(box.bottom) + 6
            if r.bottom > screen.bottom - 4 or (avoid is not None and r.colliderect(avoid)):
                r.bottom = int(box.top) - 6
                if avoid is not None and r.colliderect(avoid):  # above it too: beside what it must not cover
                    sides = [avoid.right + 6, avoid.left - 6 - r.w]
                    room = [x for x in sides if screen.left + 4 <= x and x + r.w <= screen.right - 4]
                    if room:
                        r.left = min(room, key=lambda x: abs(x + r.w // 2 - r.centerx))
            r.left = max(screen.left + 4, min(r.left, screen.right - 4 - r.w))
            if r.topleft != tip.rect.topleft:
                tip.set_position(r.topleft)

    def hide(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = None
        self.buttons = {}
        self.key = None

    def process(self, event: pygame.event.Event) -> tuple[bool, Any]:
        """(True, payload) when one of this panel's buttons was pressed."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            return True, self.buttons[event.ui_element]
        return False, None

    def pressed_by_digit(self, key: int) -> pygame.event.Event | None:
        """The press of the answer a digit key names (1 the first, in reading order; the keypad too), as pygame_gui
        would post it — so the keys answer as a click does; None when ``key`` names no answer here."""
        digits = {pygame.K_1 + i: i for i in range(9)} | {pygame.K_KP1 + i: i for i in range(9)}
        index = digits.get(key)
        buttons = list(self.buttons)
        if index is None or index >= len(buttons) or not buttons[index].is_enabled:
            return None
        return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": buttons[index]})

    def button_rects(self) -> dict[Any, pygame.Rect | pygame.FRect]:
        """Screen rectangles of the buttons by payload (tests click them like a user)."""
        return {payload: btn.get_abs_rect() for btn, payload in self.buttons.items()}


class MessageBox:
    """A modal message (a corrupt save, a failed write): read it, press OK."""

    def __init__(
        self, manager: pygame_gui.UIManager, title: str, html: str, size: tuple[int, int], large: bool = False
    ) -> None:
        """``large``: a page to read (the rules at the table), not a few lines: its width and text grow with the
        table's text scale (a 900-pixel column of 16-pixel text was small on a full-HD window)."""
        scale = getattr(manager, "table_scale", 1.0)
        if large:
            w, h = min(round(900 * scale), size[0] - 80), size[1] - 80
        else:
            w, h = min(560, size[0] - 40), min(300, size[1] - 40)
        rect = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        self.window = pygame_gui.windows.UIMessageWindow(
            rect, html, manager, window_title=title, object_id="#page" if large else "#message_window"
        )
        button, text = self.window.dismiss_button, self.window.text_block
        if button is not None:  # pygame_gui's own word is «Отклонить» («Dismiss»): «Ясно», on a button of a
            button.kill()  # size to hit and read (its own is 24 px high and hugs the word)
            bw, bh = max(120, font(BUTTON_PX, bold=True).size(tr("message_ok"))[0] + 40), 34
            self.window.dismiss_button = pygame_gui.elements.UIButton(
                pygame.Rect(-10 - bw, -10 - bh, bw, bh),
                tr("message_ok"),
                manager,
                container=self.window,
                object_id="#dismiss_button",
                anchors={"left": "right", "top": "bottom", "right": "right", "bottom": "bottom"},
            )
            if text is not None:
                inner = self.window.get_container().get_size()
                text.set_dimensions((inner[0], inner[1] - bh - 20))

    @property
    def alive(self) -> bool:
        return bool(self.window.alive())


class ProgressStore(Protocol):
    """A progress file's store as the screens that open it report it (``ui.school.SchoolStore``,
    ``ui.practice.PracticeStore``)."""

    error: str | None  # a load problem to say
    moved: str | None  # where a corrupt file was set aside
    unread: bool  # the file is there and was left unread (never written over)
    newer: bool  # (unread) a newer version wrote it


def progress_notice(
    manager: pygame_gui.UIManager, size: tuple[int, int], store: ProgressStore, say: Callable[..., str]
) -> MessageBox | None:
    """What a progress file's load needs said, once, on the screen that opens it (``say``: the screen's own words,
    «corrupt_*», «newer_*», «unread_*»): set aside as corrupt, written by a newer version, or unreadable. None when
    all is well."""
    if store.moved is not None:
        text = say("corrupt_text", error=str(store.error).replace("<", "&lt;"), name=store.moved)
        box = MessageBox(manager, say("corrupt_title"), text, size)
        store.moved = None
        store.error = None
        return box
    if store.unread and store.error is not None:  # left where it is, never written over
        kind = "newer" if store.newer else "unread"
        box = MessageBox(manager, say(f"{kind}_title"), say(f"{kind}_text", error=html_escaped(store.error)), size)
        store.error = None  # said once
        return box
    return None
