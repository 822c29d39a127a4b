"""A summary of the rules and of the chosen preset's options (from the Rules metadata)."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.rules import PRESETS, option_fields
from ui.i18n import option_doc, preset_name, tr
from ui.scenes.base import Scene
from ui.widgets.felt import felt

if TYPE_CHECKING:
    from ui.app import App


def _value(v: object) -> str:
    if isinstance(v, bool):
        return tr("yes") if v else tr("no")
    if isinstance(v, Enum):
        return str(v.value).replace("_", " ")
    return str(v)


def rules_html(preset: str) -> str:
    rules = PRESETS[preset]
    base = PRESETS["moscow"]
    lines = [f"<b>{tr('rules_title', name=preset_name(preset))}</b><br><br>", tr("rules_summary"), "<br><br>",
             f"<b>{tr('rules_options')}</b><br>"]
    for f in option_fields():
        value = getattr(rules, f.name)
        mark = "<b>" if value != getattr(base, f.name) else ""
        end = "</b>" if mark else ""
        doc = option_doc(f.name, str(f.metadata.get("doc", f.name))).replace("<", "&lt;")
        lines.append(f"• {mark}{f.name}: {_value(value)}{end} — <i>{doc}</i><br>")
    return "".join(lines)


class RulesScene(Scene):
    def __init__(self, app: App, preset: str) -> None:
        super().__init__(app)
        self.preset = preset if preset in PRESETS else "moscow"

    def build(self) -> None:
        w, h = self.size
        m = self.app.manager
        box = pygame.Rect(40, 30, w - 80, h - 110)
        pygame_gui.elements.UITextBox(rules_html(self.preset), box, m)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 110, h - 66, 220, 44), tr("back"), m)

    def handle(self, event: pygame.event.Event) -> None:
        back_key = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        if back_key or (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back):
            self.app.to_menu()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
