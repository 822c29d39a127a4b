"""Every screen in both languages at the smallest window (1024×640): no button, label or drop-down text is
wider than its widget (a cut-off or overflowing word is what a longer translation breaks first)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
import time
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_driver import Driver

from game.deal import Phase
from ui import i18n
from ui.controller import GameController, GameOptions
from ui.scenes.menu import MenuScene
from ui.scenes.practice import PracticePickerScene
from ui.scenes.replay import ReplayBrowserScene
from ui.scenes.rules import RulesScene
from ui.scenes.settings import SettingsScene
from ui.scenes.table import TableScene

SMALLEST = (1024, 640)


def overflowing(manager: pygame_gui.UIManager) -> list[str]:
    """Each visible button or label whose text is wider than the room inside its border, or that lies (partly)
    outside the window."""
    out: list[str] = []
    root = manager.get_root_container()
    assert root is not None
    window = root.get_rect()
    for el in manager.get_sprite_group().sprites():
        if not isinstance(el, pygame_gui.elements.UIButton | pygame_gui.elements.UILabel) or not el.visible:
            continue
        shape = getattr(el, "drawable_shape", None)
        theming = shape.theming if shape is not None else {}
        text = str(theming.get("text", el.text))
        if not text.strip():
            continue
        edge = 0
        if isinstance(el, pygame_gui.elements.UIButton):
            border = theming.get("border_width", 0)
            edge = (border.get("left", 0) if isinstance(border, dict) else int(border)) + int(
                theming.get("shadow_width", 0)
            )
        if not window.contains(el.rect):
            out.append(f"{type(el).__name__} {text!r}: outside the window at {tuple(el.rect)}")
        room = el.rect.width - 2 * edge
        assert el.font is not None
        width = el.font.size(text)[0]
        if width > room:
            out.append(f"{type(el).__name__} {text!r}: {width} px in {room} px")
    return out


def screens(d: Driver) -> list[tuple[str, list[str]]]:
    """Visit every screen; what overflows on each."""
    app = d.app
    seen: list[tuple[str, list[str]]] = []

    def look(name: str) -> None:
        d.frames(3)
        seen.append((name, overflowing(app.manager)))

    app.switch(MenuScene(app))
    look("menu and new game")
    s = app.settings
    s.players, s.bot_level_left, s.bot_level_right = 3, "bold", "careful"  # the longest names, one a field
    app.switch(MenuScene(app))
    look("new game for three with two characters")
    s.players = 2
    app.switch(SettingsScene(app))
    look("settings")
    app.switch(RulesScene(app, "moscow"))
    look("rules")
    app.switch(PracticePickerScene(app))
    look("practice picker")
    app.switch(ReplayBrowserScene(app))
    look("replay browser")
    ctl = GameController.new_game(
        app.paths, GameOptions(seed=8, first_dealer="bot", bot_level="medium"), **app.controller_kwargs()
    )
    table = TableScene(app, ctl)
    app.switch(table)
    for _ in range(300):  # the first bidding dialog
        d.frames()
        if ctl.human_to_act() and not table.busy(time.monotonic()):
            break
    assert table.model.view.phase is Phase.BIDDING_1
    look("table with the bidding dialog")
    return seen


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_text_overflows_its_widget(tmp_path: Path, lang: str) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"language": lang}), "utf-8")
    d = Driver(tmp_path, size=SMALLEST)
    try:
        assert d.app.screen.get_size() == SMALLEST and i18n.language() == lang
        seen = screens(d)
        assert len(seen) == 7
        bad = [f"{name}: {item}" for name, items in seen for item in items]
        assert bad == [], "\n".join(bad)
    finally:
        i18n.set_language("ru")


def test_the_check_sees_an_overflow(tmp_path: Path) -> None:
    """The check itself: a long word on a narrow button is reported, a short one is not."""
    d = Driver(tmp_path, size=SMALLEST)
    m = d.app.manager
    narrow = pygame_gui.elements.UIButton(pygame.Rect(5, 5, 60, 30), "Продолжить", m)
    fine = pygame_gui.elements.UIButton(pygame.Rect(5, 50, 200, 30), "Да", m)
    off = pygame_gui.elements.UIButton(pygame.Rect(SMALLEST[0] - 50, 50, 100, 30), "Нет", m)
    d.frames()
    found = overflowing(m)
    assert any("Продолжить" in f for f in found) and not any("'Да'" in f for f in found)
    assert any("'Нет': outside the window" in f for f in found)
    for el in (narrow, fine, off):
        el.kill()
