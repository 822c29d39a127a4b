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
