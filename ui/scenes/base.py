"""The scene interface the app loop drives: events → update → draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from ui.app import App


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

    def button_rect(self, key: str) -> pygame.Rect:
        """Screen rectangle of the button for ``key`` (tests click it)."""
        return self.button(key).get_abs_rect()

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

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_top(self, surface: pygame.Surface) -> None:
        """Drawn over the pygame_gui layer (a dragged card)."""

    def redraw_token(self) -> object:
        """None: redraw on every tick (the default). A scene that returns a value changing whenever its picture
        changes is drawn on an idle tick only when the value differs from the last drawn one (no idle CPU)."""
        return None

    def animating(self) -> bool:
        """True while frames are needed without input (animations, a bot's timer)."""
        return False
