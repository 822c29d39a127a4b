"""The scene interface the app loop drives: events → update → draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from ui.app import App


class Scene:
    def __init__(self, app: App) -> None:
        self.app = app

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
