"""«Об игре»: the version, what the program is built with, the card art's and the font's authors and licences,
and where the saves and settings live (a player looking for their files should not need the docs)."""

from __future__ import annotations

import importlib.metadata

import pygame
import pygame_gui

from game.names import printable
from ui.dialogs import html_escaped
from ui.i18n import tr
from ui.paths import Paths

VERSION = "0.1.0"  # kept equal to pyproject.toml's (a test checks): the frozen app has no package metadata


def library_versions() -> str:
    """«pygame-ce 2.5.8 · pygame_gui 0.6.14» (a version the frozen app cannot read is left out)."""
    parts = [f"pygame-ce {pygame.version.ver}"]
    try:
        parts.append(f"pygame_gui {importlib.metadata.version('pygame_gui')}")
    except importlib.metadata.PackageNotFoundError:
        parts.append("pygame_gui")
    return " · ".join(parts)


def about_html(paths: Paths) -> str:
    def where(p: object) -> str:
        return f"<i>{html_escaped(printable(str(p)))}</i>"  # a folder not in UTF-8: escaped, not a crash

    return "<br>".join(
        [
            f"<b>{tr('title')} {VERSION}</b> — {tr('subtitle')}",
            tr("ab_built", libs=library_versions()),
            "",
            f"<b>{tr('ab_cards_head')}</b>",
            tr("ab_cards"),
            "",
            f"<b>{tr('ab_font_head')}</b>",
            tr("ab_font"),
            "",
            f"<b>{tr('ab_files_head')}</b>",
            tr("ab_settings", path=where(paths.settings_file)),
            tr("ab_current", path=where(paths.current_game)),
            tr("ab_games", path=where(paths.games_dir)),
            tr("ab_log", path=where(paths.log_file)),
        ]
    )


class AboutBox:
    """A window over the current scene: the text, and «Закрыть» (or the window's cross)."""

    def __init__(self, manager: pygame_gui.UIManager, paths: Paths, size: tuple[int, int]) -> None:
        w, h = min(680, size[0] - 40), min(560, size[1] - 40)
        rect = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        self.window = pygame_gui.elements.UIWindow(rect, manager, window_display_title=tr("ab_title"))
        inner = self.window.get_container().get_rect()
        cw, ch = int(inner.w), int(inner.h)
        self.text = pygame_gui.elements.UITextBox(
            about_html(paths), pygame.Rect(8, 8, cw - 16, ch - 70), manager, container=self.window
        )
        self.close = pygame_gui.elements.UIButton(
            pygame.Rect(cw - 158, ch - 54, 150, 44), tr("ab_close"), manager, container=self.window
        )

    @property
    def alive(self) -> bool:
        return bool(self.window.alive())

    def process(self, event: pygame.event.Event) -> bool:
        """True when the event was the close button (the window is gone then)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close:
            self.window.kill()
            return True
        return False
