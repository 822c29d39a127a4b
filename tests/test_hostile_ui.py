"""Hostile records at the window's entry points: the replay browser, the viewer, `replay FILE` and «Продолжить».

Real scenes under the SDL dummy driver, drawn frame by frame: a name with a NUL, a lone surrogate, only
zero-width characters or a million characters; a record with no deal; a saved game whose ``meta.seed`` is
not an integer. Each is either shown (with its name made safe) or refused in a dialog — never a crash.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
from pathlib import Path
from typing import Any

import pytest
from ui_driver import Driver

from ui.scenes.menu import MenuScene
from ui.scenes.replay import ReplayBrowserScene, ReplayScene
from ui.scenes.replay.preview import cells, title_words
from ui.scenes.table import TableScene

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "saves" / "moscow-hanging.json"

NAMES = {
    "nul": "Аня\x00Бот",
    "surrogate": "\ud800",
    "zero-width": "\u200b\u200d\u2060",
    "marks": "\u0301" * 20,
    "million": "Щ" * 1_000_000,
}


def record_with(**changes: Any) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(SAMPLE.read_text("utf-8"))
    obj.update(changes)
    return obj


def write(path: Path, obj: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(obj, ensure_ascii=False)
    try:
        path.write_text(text, "utf-8")
    except UnicodeEncodeError:  # a lone surrogate: written as a JSON escape, as another program would
        path.write_text(json.dumps(obj), "utf-8")


def test_browser_and_viewer_show_any_name(tmp_path: Path) -> None:
    games = tmp_path / "games"
    for key, name in NAMES.items():
        write(games / f"{key}.json", record_with(players=[name, "\x00"]))
    write(games / "nodeals.json", record_with(deals=[]))
    d = Driver(tmp_path)
    d.app.open_replays()
    d.frames(2)
    browser = d.app.scene
    assert isinstance(browser, ReplayBrowserScene)
    by_name = {e.path.stem: e for e in browser.entries}
    assert by_name["nodeals"].broken and "no deal" in (by_name["nodeals"].error or "")
    for key in NAMES:
        e = by_name[key]
        assert not e.broken, e.error
        assert len(e.players[0]) <= 32 and e.players[1] == ""
    for i in range(len(browser.entries)):
        browser.select(i)
        d.frames(1)
    for key in NAMES:
        browser.open_entry(by_name[key])
        d.frames(2)
        assert isinstance(d.app.scene, ReplayScene)
        d.app.scene.goto(0, 5)
        d.frames(2)
        d.app.open_replays()
        d.frames(1)
        browser = d.app.scene
        assert isinstance(browser, ReplayBrowserScene)
        by_name = {e.path.stem: e for e in browser.entries}


def test_replay_command_on_a_record_without_deals_shows_a_dialog(tmp_path: Path) -> None:
    path = tmp_path / "nodeals.json"
    write(path, record_with(deals=[]))
    d = Driver(tmp_path / "data", replay=str(path))
    d.frames(2)
    browser = d.app.scene
    assert isinstance(browser, ReplayBrowserScene)
    assert browser.box is not None


def test_continue_with_a_non_integer_seed_moves_the_file_aside(tmp_path: Path) -> None:
    meta = {"seed": "abc", "human_seat": 0}
    write(tmp_path / "current.json", record_with(meta=meta))
    d = Driver(tmp_path)
    d.frames(2)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    assert menu.saved is None and menu.message is not None
    assert not (tmp_path / "current.json").exists()
    moved = list(tmp_path.glob("current.corrupt-*.json"))
    assert len(moved) == 1 and json.loads(moved[0].read_text("utf-8"))["meta"]["seed"] == "abc"


def test_continue_with_hostile_names_plays_on(tmp_path: Path) -> None:
    obj = record_with(players=[NAMES["million"], NAMES["zero-width"]], meta={"seed": 5, "human_seat": 0})
    obj["deals"] = obj["deals"][:1]
    obj["deals"][0]["actions"] = obj["deals"][0]["actions"][:3]
    write(tmp_path / "current.json", obj)
    d = Driver(tmp_path)
    d.frames(2)
    menu = d.app.scene
    assert isinstance(menu, MenuScene) and menu.saved is not None
    d.click(menu.button_rect("continue").center)
    d.frames(3)
    table = d.app.scene
    assert isinstance(table, TableScene)
    assert table.ctl.players == ["Щ" * 31 + "…", "Бот"]  # a name with nothing to show: named by its player


def test_a_file_name_that_is_not_utf8_is_listed_and_shown(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    with open(os.path.join(bytes(games), b"bad\xff\xfename.json"), "w", encoding="utf-8") as f:
        f.write(SAMPLE.read_text("utf-8"))
    d = Driver(tmp_path)
    d.app.open_replays()
    d.frames(2)
    browser = d.app.scene
    assert isinstance(browser, ReplayBrowserScene)
    e = next(e for e in browser.entries if e.kind == "game")
    assert e.name == "bad\ufffd\ufffdname.json" and not e.broken
    browser.select(browser.entries.index(e))
    d.frames(2)
    shown = " ".join((title_words(e), *cells(e)))  # the preview and the row draw these (two frames drew them)
    assert shown and all(not 0xD800 <= ord(ch) <= 0xDFFF for ch in shown)
    browser.open_entry(e)
    d.frames(2)
    assert isinstance(d.app.scene, ReplayScene)


@pytest.mark.parametrize("content", ['\ufeff{"language": "en"}', '{"language": "en",}', '["not", "an", "object"]'])
def test_an_unreadable_settings_file_is_set_aside_and_said(tmp_path: Path, content: str) -> None:
    """Issue 23: an unreadable settings.json (a BOM, a trailing comma, not an object) was silently replaced by the
    defaults at the next change. It is moved aside as records are, and the menu says so."""
    from ui.scenes.menu import MenuScene

    (tmp_path / "settings.json").write_text(content, "utf-8")
    d = Driver(tmp_path)
    menu = d.app.scene
    assert isinstance(menu, MenuScene) and menu.message is not None
    assert menu.message.window.text_block is not None
    text = menu.message.window.text_block.html_text
    assert "Файл настроек не удалось прочитать" in text and "settings.corrupt-" in text
    aside = list(tmp_path.glob("settings.corrupt-*.json"))
    assert len(aside) == 1 and aside[0].read_text("utf-8") == content
    d.app.save_settings()  # the next change writes the defaults — beside the kept file, not over it
    assert aside[0].read_text("utf-8") == content and (tmp_path / "settings.json").exists()


def test_a_second_window_on_one_data_folder_opens_read_only(tmp_path: Path) -> None:
    """Issue 23: two windows on one data folder each overwrote the other's current.json. The folder has an OS
    lock (filelock): the second window says so, offers no game (nothing of it is written), and the lock goes
    with the first window."""
    from ui.app import App, AppOptions
    from ui.scenes.menu import MenuScene

    first = App(AppOptions(data_dir=str(tmp_path), testing=True, single_instance=True))
    assert first.lock is not None and not first.read_only
    second = App(AppOptions(data_dir=str(tmp_path), testing=True, single_instance=True))
    assert second.read_only and second.lock is None
    menu = second.scene
    assert isinstance(menu, MenuScene) and menu.message is not None
    assert menu.message.window.text_block is not None
    text = menu.message.window.text_block.html_text
    assert "только для просмотра" in text and str(tmp_path) in text
    assert not menu.button("new").is_enabled and not menu.button("practice").is_enabled
    assert second.controller_kwargs().get("autosave") is False
    second.settings.language = "en"
    second.save_settings()
    assert not (tmp_path / "settings.json").exists()  # the first window's folder is left alone
    second.close()
    first.close()  # the first window closes: its lock goes with it
    third = App(AppOptions(data_dir=str(tmp_path), testing=True, single_instance=True))
    assert third.lock is not None and not third.read_only
    third.close()


def test_a_read_only_window_starts_no_game_from_the_replays_or_the_school(tmp_path: Path) -> None:
    """The second window disabled «Новая игра» and «Продолжить», but the replays' «Сдачу заново» and «Играть
    отсюда» (and the School's first game) still opened a game nothing would save, and quitting did not ask."""
    from ui.app import App, AppOptions
    from ui.scenes.menu import MenuScene
    from ui.scenes.replay import ReplayScene

    first = App(AppOptions(data_dir=str(tmp_path), testing=True, single_instance=True))
    second = App(
        AppOptions(
            data_dir=str(tmp_path),
            testing=True,
            single_instance=True,
            replay=str(ROOT / "saves" / "moscow-hanging.json"),
        )
    )
    assert second.read_only
    viewer = second.scene
    assert isinstance(viewer, ReplayScene)
    assert not viewer.button("play_here").is_enabled and not viewer.button("again").is_enabled
    assert "не начать" in (viewer.button("again").tool_tip_text or "")
    second.to_menu()
    menu = second.scene
    assert isinstance(menu, MenuScene) and not menu.button("school").is_enabled
    second.close()
    first.close()
