"""List rows in a pygame_gui selection list — a drop-down's options, the replay viewer's moves: their text starts
a little inside the row (it stood on the list's edge) and is not cut at the row's end."""

from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu
from ui_driver import Driver, open_items

from ui.scenes.menu import MenuScene
from ui.scenes.replay import ReplayScene
from ui.scenes.settings import SettingsScene
from ui.theme import LIST_TEXT_PAD

SAVES = Path(__file__).resolve().parent.parent / "saves"
INK = 330  # a pixel darker than this (r + g + b) is the dark text on a light row


def ink_margins(button: Any) -> tuple[int, int] | None:
    """The blank columns left and right of the dark text drawn on a row (None: the row is not light with dark
    text — the selected row is)."""
    image: pygame.Surface = button.image
    w, h = image.get_size()
    if sum(image.get_at((w // 2, 1))[:3]) < INK:
        return None
    columns = [x for x in range(w) if any(sum(image.get_at((x, y))[:3]) < INK for y in range(h))]
    return (columns[0], w - 1 - columns[-1]) if columns else None


def rows_of(d: Driver, dropdown: UIDropDownMenu) -> list[tuple[str, tuple[int, int]]]:
    d.click(dropdown.get_abs_rect().center)
    d.frames(2)
    rows = [(str(i["text"]), ink_margins(i["button_element"])) for i in open_items(dropdown)]
    d.click(dropdown.get_abs_rect().center)  # closed again
    d.frames(2)
    return [(text, m) for text, m in rows if m is not None]


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_menus_drop_down_options_keep_off_the_lists_edges(tmp_path: Path, size: tuple[int, int]) -> None:
    d = Driver(tmp_path, size=size)
    assert isinstance(d.app.scene, MenuScene)
    rows = [row for key in ("preset", "bot_level") for row in rows_of(d, d.app.scene.fields[key])]
    assert len(rows) >= 10
    for text, (left, right) in rows:
        assert left >= LIST_TEXT_PAD - 1, (text, left)  # the glyph's own side bearing: a pixel or so
        assert right >= 1, (text, right)  # «Московские (официальные)» is the longest: whole, not cut


def test_the_replay_viewers_moves_keep_off_the_lists_edge(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1280, 800), replay=str(SAVES / "moscow-hanging.json"))
    viewer = d.app.scene
    assert isinstance(viewer, ReplayScene)
    assert viewer.actions.widget is not None
    d.frames(2)
    rows = [ink_margins(i["button_element"]) for i in viewer.actions.widget.item_list if i["button_element"]]
    lefts = [m[0] for m in rows if m is not None]
    assert len(lefts) >= 10
    assert min(lefts) >= LIST_TEXT_PAD - 1


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_every_settings_option_is_read_whole(tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    """At 1024×640 the settings stand in two columns of narrower fields: «♠ зелёные, ♦ жёлтые (скат)» was cut
    after its «(с» in the open list."""
    (tmp_path / "settings.json").write_text(json.dumps({"language": lang}), "utf-8")
    d = Driver(tmp_path, size=size)
    assert isinstance(d.app.scene, MenuScene)
    d.click(d.app.scene.button_rect("settings").center)
    scene = d.app.scene
    assert isinstance(scene, SettingsScene)
    rows = [row for field in scene.fields.values() for row in rows_of(d, field)]
    assert len(rows) >= 12
    for text, (left, right) in rows:
        assert left >= LIST_TEXT_PAD - 1 and right >= 1, (text, left, right)


def test_clicking_the_chosen_option_again_closes_the_list_and_keeps_the_choice(tmp_path: Path) -> None:
    """pygame_gui takes a click on the already chosen row as dropping the selection: the list stayed open until
    a click elsewhere. Every drop-down of the menu and the settings closes on it, its choice unchanged, and the
    next one opens as usual."""
    from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState
    from ui_driver import choose

    d = Driver(tmp_path, size=(1280, 800))
    scene = d.app.scene
    assert isinstance(scene, MenuScene)

    def again(fields: dict[str, UIDropDownMenu]) -> int:
        done = 0
        for dropdown in fields.values():
            if not dropdown.is_enabled:
                continue
            chosen = dropdown.selected_option
            choose(d, dropdown, chosen[0] if isinstance(chosen, tuple) else chosen)
            assert not isinstance(dropdown.current_state, UIExpandedDropDownState)
            assert dropdown.selected_option == chosen
            done += 1
        return done

    assert again(scene.fields) >= 6
    d.click(scene.button_rect("settings").center)
    assert isinstance(d.app.scene, SettingsScene)
    assert again(d.app.scene.fields) >= 6


def test_every_setting_says_what_it_changes(tmp_path: Path) -> None:
    """A player's pass: the settings had no tooltips («Подтверждать ход», «Пауза соперника» — of what?). Each
    field's label says what it changes, in both languages."""
    for lang in ("en", "ru"):  # Russian last: the language the next test expects
        folder = tmp_path / lang
        folder.mkdir()
        (folder / "settings.json").write_text(json.dumps({"language": lang}), "utf-8")
        d = Driver(folder, size=(1280, 800))
        assert isinstance(d.app.scene, MenuScene)
        d.click(d.app.scene.button_rect("settings").center)
        scene = d.app.scene
        assert isinstance(scene, SettingsScene)
        tips = {key: label.tool_tip_text for key, label in scene.labels.items()}
        assert len(tips) >= 9 and all(tip and not tip.startswith("tip_setting.") for tip in tips.values()), tips
