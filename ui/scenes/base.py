"""The scene interface the app loop drives: events → update → draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from ui.app import App


def set_enabled(button: pygame_gui.elements.UIButton, on: bool) -> None:
    """Enable or disable a button."""
    if on:
        button.enable()
    else:
        button.disable()


class Scene:
    def __init__(self, app: App) -> None:
        self.app = app
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}  # button -> the key its press means

    def add_button(
        self, text: str, key: str, rect: pygame.Rect, tooltip: str | None = None
    ) -> pygame_gui.elements.UIButton:
        btn = pygame_gui.elements.UIButton(rect, text, self.app.manager, tool_tip_text=tooltip)
        self.buttons[btn] = key
        return btn

    def button(self, key: str) -> pygame_gui.elements.UIButton:
        for btn, k in self.buttons.items():
            if k == key:
                return btn
        raise KeyError(key)

    def button_rect(self, key: str) -> pygame.Rect | pygame.FRect:
        """Screen rectangle of the button for ``key`` (tests click it)."""
        return self.button(key).get_abs_rect()

    def now(self) -> float:
        """The app's clock (``ui.clock``): what the scene times (animations, messages, tooltips) a test can move."""
        return self.app.time.now()

    @property
    def size(self) -> tuple[int, int]:
        return self.app.screen.get_size()

    def enter(self) -> None:
        """Build the scene's widgets (the UI manager was cleared before)."""
        self.build()

    def build(self) -> None:
        """(Re)create pygame_gui elements for the current window size."""

    def leave(self) -> None:
        """Stop anything running (threads, timers)."""

    def resize(self) -> None:
        self.app.manager.clear_and_reset()
        self.build()

    def handle(self, event: pygame.event.Event) -> None:
        """Every event after pygame_gui saw it; ``app.gui_consumed`` says if a widget took it."""

    def update(self, dt: float) -> None:
        pass

    def key_scope(self) -> list[object] | None:
        """What Tab may reach while the scene asks something of its own (a question's buttons; [] under a page
        drawn over the widgets, as the table's help): None, the whole screen (``ui.focus``)."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_top(self, surface: pygame.Surface) -> None:
        """Drawn over the pygame_gui layer (a dragged card)."""

    def redraw_token(self) -> object:
        """A value that changes whenever the picture does: the loop draws an idle tick (no input, nothing
        animating, nothing hovered) only when it differs from the last drawn one, so a waiting scene costs no CPU.
        The default fits a scene that changes only on input — the scene, the window size, pygame_gui's own
        changes without input (``gui_token``) and what the scene adds in ``state_token``. Returning None instead
        draws every tick."""
        return id(self), self.size, self.gui_token(), self.state_token()

    def state_token(self) -> object:
        """What changes this scene's picture without input (a message that expires, a background task's
        progress); a scene that changes only on input keeps the default."""
        return None

    def gui_token(self) -> object:
        """pygame_gui's changes without input: a focused text field's blinking cursor (and its text and cursor
        position, which held keys change)."""
        fields = set()
        for element in self.app.manager.get_focus_set() or ():
            if hasattr(element, "cursor_on"):
                text = element.get_text() if hasattr(element, "get_text") else None
                fields.add((id(element), element.cursor_on, text, getattr(element, "edit_position", None)))
        return frozenset(fields)

    def animating(self) -> bool:
        """True while frames are needed without input (animations, a bot's timer)."""
        return False
