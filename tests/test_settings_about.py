"""Settings laid out like the menu (a big title, labels and drop-downs aligned, a second column when short) and
the About box («Об игре»): real clicks."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
import re
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from ui.about import VERSION, AboutBox
from ui.scenes import settings as settings_module
from ui.scenes.menu import MenuScene
from ui.scenes.settings import CHOICES, Choice, SettingsScene, columns_for

ROOT = Path(__file__).resolve().parent.parent


def _settings(d: Driver) -> SettingsScene:
    assert isinstance(d.app.scene, MenuScene)
    d.click(d.app.scene.button_rect("settings").center)
    assert isinstance(d.app.scene, SettingsScene)
    return d.app.scene


def _choose(d: Driver, menu: object, text: str) -> None:
    d.click(menu.get_abs_rect().center)  # type: ignore[attr-defined]
    options = menu.current_state.options_selection_list.item_list  # type: ignore[attr-defined]
    d.click(next(o for o in options if o["text"] == text)["button_element"].get_abs_rect().center)
    d.frames(3)  # the drop-down reports its change a few frames later


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_labels_and_fields_are_aligned_in_columns(tmp_path: Path, size: tuple[int, int]) -> None:
    d = Driver(tmp_path, size=size)
    scene = _settings(d)
    screen = d.app.screen.get_rect()
    xs = {int(f.get_abs_rect().x) for f in scene.fields.values()}
    assert len(xs) == columns_for(len(CHOICES), size[1])[0]  # every field of a column starts at the same x
    for key, field in scene.fields.items():
        label = scene.labels[key].get_abs_rect()
        rect = field.get_abs_rect()
        assert label.right <= rect.x and label.centery == rect.centery and screen.contains(rect)
    for button in (scene.save_btn, scene.back_btn, scene.about_btn):
        assert screen.contains(button.get_abs_rect())
    # each label's words end right by its field (centred in their column, «Язык» stood 100 px away from it)
    for key, field in scene.fields.items():
        words = scene.labels[key]
        ink = words.image.get_bounding_rect()  # the drawn words inside the label
        assert 0 < field.get_abs_rect().x - (words.get_abs_rect().x + ink.right) <= 24, key


def test_a_new_setting_is_one_line_and_a_short_window_gets_two_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    written: list[str] = []
    extra = [
        Choice(f"extra_{i}", lambda: [("a", "a"), ("b", "b")], lambda s: "a", lambda s, v: written.append(v))
        for i in range(3)
    ]
    monkeypatch.setattr(settings_module, "CHOICES", [*CHOICES, *extra])
    d = Driver(tmp_path, size=(1024, 640))
    scene = _settings(d)
    assert len({int(f.get_abs_rect().x) for f in scene.fields.values()}) == 2
    screen = d.app.screen.get_rect()
    rects = [pygame.Rect(f.get_abs_rect()) for f in scene.fields.values()]
    assert all(screen.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    _choose(d, scene.fields["extra_1"], "b")
    d.click(scene.save_btn.get_abs_rect().center)
    assert written == ["a", "b", "a"] and isinstance(d.app.scene, MenuScene)


def test_a_choice_saved_by_clicks(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    scene = _settings(d)
    _choose(d, scene.fields["sound"], "выкл.")
    _choose(d, scene.fields["bot_delay"], "долгая")
    d.click(scene.save_btn.get_abs_rect().center)
    data = json.loads((tmp_path / "settings.json").read_text("utf-8"))
    assert data["sound"] is False and data["bot_delay"] == 1.6


def test_esc_closes_an_open_list_first_and_only_then_leaves_without_the_changes(tmp_path: Path) -> None:
    """A player's report: Esc to close an open drop-down left the settings at once and threw the changes away.
    The first Esc closes the list (the screen and the choice stay), the next leaves without saving — as «Назад»,
    whose tooltip says so; in the menu an Esc that closes a list does not ask to quit."""
    d = Driver(tmp_path)
    scene = _settings(d)
    _choose(d, scene.fields["sound"], "выкл.")
    field = scene.fields["bot_delay"]
    d.click(field.get_abs_rect().center)
    d.frames(2)
    assert field.current_state is field.menu_states["expanded"]
    d.key(pygame.K_ESCAPE)
    d.frames(2)
    assert d.app.scene is scene and field.current_state is field.menu_states["closed"]
    assert scene.fields["sound"].selected_option[0] == "выкл."
    assert scene.back_btn.tool_tip_text == "Вернуться в меню; если что-то изменено — спросить, сохранить ли (Esc)"
    # a player's pass: Esc and «Назад» dropped a change without a word; now they ask, and Esc at the question stays
    d.key(pygame.K_ESCAPE)
    assert d.app.scene is scene and scene.ask.visible and scene.ask.key is not None
    assert scene.ask.key[:2] == ("Изменения не сохранены. Сохранить их?", ("Сохранить", "Не сохранять", "Остаться"))
    d.key(pygame.K_ESCAPE)
    assert d.app.scene is scene and not scene.ask.visible
    d.click(scene.back_btn.get_abs_rect().center)
    d.click(scene.ask.button_rects()["discard"].center)
    assert isinstance(d.app.scene, MenuScene) and not (tmp_path / "settings.json").exists()
    menu = d.app.scene
    players = menu.fields["players"]
    d.click(players.get_abs_rect().center)
    d.frames(2)
    d.key(pygame.K_ESCAPE)
    d.frames(2)
    assert players.current_state is players.menu_states["closed"] and not menu.asking_quit
    d.key(pygame.K_ESCAPE)
    assert menu.asking_quit  # the next Esc asks, as before


@pytest.mark.parametrize("where", ["menu", "settings"])
def test_about_box_tells_version_credits_and_where_files_are(tmp_path: Path, where: str) -> None:
    d = Driver(tmp_path)
    scene = d.app.scene if where == "menu" else _settings(d)
    assert isinstance(scene, (MenuScene, SettingsScene))
    button = scene.button("about") if isinstance(scene, MenuScene) else scene.about_btn
    d.click(button.get_abs_rect().center)
    box = scene.about
    assert isinstance(box, AboutBox) and box.alive
    text = box.text.html_text
    for needed in (
        VERSION,
        "pygame-ce",
        "pygame_gui",
        "Атласные",
        "LGPL",
        "DejaVu",
        str(tmp_path / "settings.json"),
        str(tmp_path / "games"),
        str(tmp_path / "logs" / "deberts.log"),
    ):
        assert needed in text, needed
    d.click(box.close.get_abs_rect().center)
    assert not box.alive and scene.about is None


def test_version_matches_pyproject() -> None:
    match = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text("utf-8"), re.M)
    assert match is not None and match.group(1) == VERSION


def test_leaving_the_settings_with_a_change_asks_and_saves_it_if_asked_to(tmp_path: Path) -> None:
    """«Назад» with a change: «Сохранить» keeps it; with nothing changed «Назад» asks nothing."""
    d = Driver(tmp_path)
    scene = _settings(d)
    d.click(scene.back_btn.get_abs_rect().center)
    assert isinstance(d.app.scene, MenuScene)  # nothing changed: no question
    scene = _settings(d)
    _choose(d, scene.fields["sound"], "выкл.")
    d.click(scene.back_btn.get_abs_rect().center)
    d.click(scene.ask.button_rects()["save"].center)
    assert isinstance(d.app.scene, MenuScene) and d.app.settings.sound is False
    assert json.loads((tmp_path / "settings.json").read_text("utf-8"))["sound"] is False


def test_the_hand_order_chosen_in_the_settings_lays_out_the_hand_at_the_table(tmp_path: Path) -> None:
    from ui.controller import GameOptions
    from ui.widgets.hand import sort_hand

    d = Driver(tmp_path)
    scene = _settings(d)
    _choose(d, scene.fields["hand_order"], "по порядку")
    d.click(scene.save_btn.get_abs_rect().center)
    assert d.app.settings.hand_order == "sequence"
    t = d.start_table(GameOptions(preset="moscow", target=501, bot_level="medium", first_dealer="bot", seed=7))
    view = t.model.view
    trump = view.trump if view.trump is not None else view.first_trump
    assert t.hand.cards == sort_hand(view.hand, trump, by_sequence=True) != sort_hand(view.hand, trump)
