"""The new-game screen's fields at the smallest window (1024×640), in both languages, for two and for three: every
choice a dropdown offers fits beside its arrow with room, and every field's label fits its column. Built by the
real app's loop (``SDL_VIDEODRIVER=dummy``); the widths are those pygame_gui lays out."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
from pathlib import Path

import pytest
from ui_driver import Driver

from ui.scenes.menu import MenuScene

ROOM = 12  # pixels left over beside the longest choice (6 each side of centred text)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("players", [2, 3])
def test_every_choice_and_label_fits_at_the_smallest_window(tmp_path: Path, lang: str, players: int) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"language": lang, "players": players}), "utf-8")
    d = Driver(tmp_path, size=(1024, 640))
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    assert menu.fields and set(menu.fields) <= set(menu.field_labels)  # and the deal code's
    for key, dropdown in menu.fields.items():
        state = dropdown.current_state
        assert state is not None
        shown = state.selected_option_button
        assert shown is not None and shown.font is not None
        widest = max(shown.font.size(str(option[0]))[0] for option in dropdown.options_list)
        assert widest + ROOM <= shown.get_abs_rect().w, (key, widest, shown.get_abs_rect().w)
        assert dropdown.get_abs_rect().right <= 1024
    for key, label in menu.field_labels.items():
        assert label.font is not None
        assert label.font.size(str(label.text))[0] <= label.get_abs_rect().w, key


def _tight_buttons(d: Driver) -> list[tuple[str, int, int]]:
    """The visible buttons whose label leaves less than 12 pixels each side (text, its width, the button's)."""
    import pygame_gui

    root = d.app.manager.get_root_container()
    assert root is not None
    out = []
    for e in root.get_container():
        if isinstance(e, pygame_gui.elements.UIButton) and e.visible and e.font is not None:
            width = e.font.size(str(e.text))[0]
            if width + 24 > e.get_abs_rect().w:
                out.append((str(e.text), width, int(e.get_abs_rect().w)))
    return out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_buttons_of_the_menu_replays_and_statistics_leave_room_around_their_words(
    tmp_path: Path, lang: str
) -> None:
    """A player's report: «Открыть файл» touched its button's border at 1024×640 (134 pixels of words in 150)."""
    (tmp_path / "settings.json").write_text(json.dumps({"language": lang}), "utf-8")
    d = Driver(tmp_path, size=(1024, 640))
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    assert _tight_buttons(d) == []
    d.click(menu.button_rect("replays").center)
    d.frames(2)
    assert type(d.app.scene).__name__ == "ReplayBrowserScene" and _tight_buttons(d) == []
    d.app.to_menu()
    d.frames(2)
    assert isinstance(d.app.scene, MenuScene)
    d.click(d.app.scene.button_rect("stats").center)
    d.frames(2)
    assert type(d.app.scene).__name__ == "StatsScene" and _tight_buttons(d) == []
