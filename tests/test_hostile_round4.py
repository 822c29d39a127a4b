"""A fourth round of hostile inputs (session 43): file names and folders that are not UTF-8, a NUL in a record's
date, raw system errors, a stale position after «сохранить в другое место», a read-only window's files, a file
given as the data folder. Each test makes the situation for real and checks what the player gets."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from ui_driver import Driver

from game.record import load, replay
from game.services.stats.csv_export import write_csv
from game.services.stats.figures import compute
from ui import saving
from ui.app import App, AppOptions
from ui.scenes.base import Scene

ROOT = Path(__file__).resolve().parent.parent
FULL_GAME = ROOT / "saves" / "moscow-full-501.json"
S = TypeVar("S", bound=Scene)
CP1251 = b"partiya-\xef\xee\xe1\xe5\xe4\xe0.json"  # «победа» in a Windows code page: not UTF-8


def game_against_a_bot(folder: Path, name: bytes, **meta: str) -> Path:
    """A finished game the statistics count (the human in seat 0 against «средний») under the file name ``name``
    (bytes: the name as it lies on disk)."""
    obj = json.loads(FULL_GAME.read_text("utf-8"))
    obj["meta"].update(human_seat=0, bot_level="medium", **meta)
    folder.mkdir(parents=True, exist_ok=True)
    path = Path(os.fsdecode(os.path.join(os.fsencode(folder), name)))
    path.write_text(json.dumps(obj, ensure_ascii=False), "utf-8")
    return path


def test_a_file_name_that_is_not_utf8_is_counted_and_exported(tmp_path: Path) -> None:
    """`main.py stats` died with «UnicodeEncodeError: … surrogates not allowed» writing its cache; the CSV
    likewise. The game counts, the cache keeps the other lines, the CSV names the file with byte escapes."""
    game_against_a_bot(tmp_path / "games", CP1251)
    game_against_a_bot(tmp_path / "games", b"plain.json")
    stats = compute(tmp_path)
    assert len(stats.lines) == 2
    cache = json.loads((tmp_path / "stats-cache.json").read_text("utf-8"))
    assert list(cache["files"]) == ["plain.json"]  # the other is recomputed each time, never written
    assert len(compute(tmp_path).lines) == 2
    write_csv(tmp_path / "out.csv", stats)
    text = (tmp_path / "out.csv").read_text("utf-8")
    assert "partiya-\\xef\\xee\\xe1\\xe5\\xe4\\xe0.json" in text and "plain.json" in text


def test_a_nul_in_a_records_date_is_not_drawn(tmp_path: Path) -> None:
    """meta.updated «2026-01-05T1\\x002:00» was accepted and then took «Повторы» down («A null character was
    found in the text»). The loader replaces a NUL in meta's strings, as it does a lone surrogate."""
    path = game_against_a_bot(tmp_path / "games", b"20260105-120000.json", updated="2026-01-05T1\x002:00")
    assert "\x00" not in load(path).meta["updated"]
    d = Driver(tmp_path)
    browser = d.open_browser()
    d.frames(3)
    assert any(e.path == path for e in browser.entries)


def test_the_replays_say_file_errors_in_words(tmp_path: Path) -> None:
    """«[Errno 17] File exists: '…/trash'», «[Errno 36] File name too long» and the export's «[Errno 17] …» were
    shown as the system wrote them."""
    game_against_a_bot(tmp_path / "games", b"20260101-120000.json")
    (tmp_path / "trash").write_text("not a folder", "utf-8")
    (tmp_path / "exports").write_text("not a folder", "utf-8")
    d = Driver(tmp_path)
    b = d.open_browser()
    b.select(next(i for i, e in enumerate(b.entries) if e.kind == "game"))
    d.frames(1)
    b.ask_delete()  # «Удалить «…»?», answered yes
    assert b.confirm is not None
    b.confirm.kill()
    b.do_delete()
    said = b.box.window.text_block.html_text if b.box and b.box.window.text_block else ""
    assert "Errno" not in said and "уже лежит файл или папка с таким именем" in said and "trash" in said
    b.box.window.kill()  # type: ignore[union-attr]
    b.box = None
    b.ask_rename()
    assert b.rename_entry is not None
    b.rename_entry.set_text("я" * 200)
    b.do_rename()
    said = b.box.window.text_block.html_text if b.box and b.box.window.text_block else ""
    assert "Errno" not in said and "слишком длинное имя файла" in said
    assert (tmp_path / "games" / "20260101-120000.json").exists()  # nothing moved, nothing lost


def test_an_export_names_a_file_that_is_not_utf8_and_says_a_refusal_in_words(tmp_path: Path) -> None:
    """Exporting a deal of a game whose file name is not UTF-8 wrote the file and then took the window down
    drawing «Сохранено: …\\udcef…»; an export folder that is a file said «[Errno 17] …»."""
    path = game_against_a_bot(tmp_path / "games", CP1251)
    d = Driver(tmp_path, replay=str(path))
    viewer = d.viewer
    viewer.export()
    d.frames(2)
    assert viewer.message is not None and viewer.message[0].startswith("Сохранено: ") and not viewer.message[2]
    assert "\\udcef" in viewer.message[0] and len(list((tmp_path / "exports").iterdir())) == 1
    shutil.rmtree(tmp_path / "exports")
    (tmp_path / "exports").write_text("not a folder", "utf-8")
    viewer.export()
    d.frames(2)
    assert viewer.message is not None and viewer.message[2] and "Errno" not in viewer.message[0]


def test_a_data_folder_whose_name_is_not_utf8_shows_its_path(tmp_path: Path) -> None:
    """«Об игре» took the window down with a data folder named in a Windows code page, and so did the second
    window's read-only notice."""
    folder = os.fsdecode(os.path.join(os.fsencode(tmp_path), b"dir-\xff\xfe"))
    first, second = two_windows(Path(folder))
    for _ in range(3):
        second.step()
    menu = second.scene
    assert second.read_only and menu.message is not None  # type: ignore[union-attr]
    text = menu.message.window.text_block.html_text  # type: ignore[union-attr]
    assert "dir-\\udcff\\udcfe" in text
    menu.message.window.kill()  # type: ignore[union-attr]
    second.step()
    first.close()
    second.close()
    d = Driver(Path(folder))
    d.click(d.menu.button_rect("about").center)
    d.frames(3)
    assert d.menu.about is not None


def two_windows(folder: Path) -> tuple[App, App]:
    """Two windows on one data folder: the first holds its lock, the second is read-only."""
    first = App(AppOptions(data_dir=str(folder), testing=True, single_instance=True))
    second = App(AppOptions(data_dir=str(folder), testing=True, single_instance=True))
    assert second.read_only
    return first, second


def in_the_read_only_window(folder: Path, make: Callable[[App], S]) -> tuple[App, App, S]:
    """The two windows, the second showing the scene ``make`` builds for it (a game of ours in games/ first)."""
    game_against_a_bot(folder / "games", b"20260101-120000.json")
    first, second = two_windows(folder)
    scene = make(second)
    second.switch(scene)
    second.step()
    return first, second, scene


def test_a_read_only_window_neither_renames_nor_deletes_the_other_windows_games(tmp_path: Path) -> None:
    """The second window (read-only) could move the first window's current.json to the trash from «Повторы»."""
    from ui.scenes.replay import ReplayBrowserScene

    first, second, browser = in_the_read_only_window(tmp_path, ReplayBrowserScene)
    browser.select(next(i for i, e in enumerate(browser.entries) if e.kind == "game"))
    assert not browser.button("delete").is_enabled and not browser.button("rename").is_enabled
    assert "другом окне" in (browser.button("delete").tool_tip_text or "")
    entry = browser.entry()
    assert entry is not None
    browser.deleting = entry.path  # as if a question had been asked and answered
    browser.do_delete()
    assert (tmp_path / "games" / "20260101-120000.json").exists()
    second.close()
    first.close()


def test_after_saving_elsewhere_a_finished_games_stale_position_is_not_offered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk filled before a game's last card; at quitting «Сохранить туда» wrote the finished game to another
    folder and dropped every owed job — the removal of current.json too, so the next start offered «Продолжить»
    of the finished game's last position but one. The removal is done where the folder allows it."""
    from ui.controller import GameController, GameOptions
    from ui.paths import Paths

    paths = Paths.resolve(tmp_path)
    ctl = GameController.new_game(
        paths, GameOptions(preset="one_strike", target=0, bot_level="random", seed=7), human_seats=(), inline_bots=True
    )
    while ctl.match.current is None or len(ctl.match.current.tricks) < 8:
        if ctl.match.current is None:
            ctl.start_deal()
        ctl.poll(False)
    assert paths.current_game.exists()

    def full(path: Path, record: object) -> None:
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(saving, "save", full)
    while ctl.match.over is None:
        ctl.poll(False)
    monkeypatch.undo()
    assert ctl.saves.pending and paths.current_game.exists()  # the finished game owed, its stale position on disk
    assert replay(load(paths.current_game)).over is None
    ctl.saves.forget_written_elsewhere()  # what «Сохранить туда» does once the game is written elsewhere
    assert not ctl.saves.pending and not paths.current_game.exists()
    saving.PENDING.clear()


def test_a_file_given_as_the_data_folder_is_refused_at_the_door(tmp_path: Path) -> None:
    """`stats --data-dir /etc/passwd` printed empty statistics (exit 0) as if the folder were new."""
    a_file = tmp_path / "f.txt"
    a_file.write_text("x", "utf-8")
    for args in (["stats", "--data-dir", str(a_file)], ["--data-dir", str(a_file), "--autoplay", "--deals", "1"]):
        run = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), *args],
            capture_output=True,
            text=True,
            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
            timeout=60,
        )
        assert run.returncode == 2 and "is a file, not a folder" in run.stderr, run.stderr


@pytest.fixture(autouse=True)
def no_pending() -> None:
    saving.PENDING.clear()


def test_a_nul_or_odd_date_from_a_file_never_takes_the_window_down(tmp_path: Path) -> None:
    """Round 5: a NUL in stats-reset.json's «since» (or in a cached analysis) crashed the statistics («A null
    character was found in the text»); in English a date «2026-²³-01» crashed the replays and the statistics
    (``int('²³')``). Every text is drawn through ``ui.fonts.drawable``; a date that is not ours is said as it is."""
    from ui import i18n
    from ui.fonts import drawable, render
    from ui.scenes.replay.preview import fmt_date

    assert drawable("a\x00b\udcef") == "a\ufffdb\ufffd" and render("a\x00b", 14, (0, 0, 0)).get_width() > 0
    i18n.set_language("en")
    try:
        assert fmt_date("2026-\u00b2\u00b3-01T10:00:00") == "2026-\u00b2\u00b3-01T10:00:00"
        assert fmt_date("2026-12-abT10:00:00", short=True) == "2026-12-abT10:00:00"
        assert fmt_date("2026-12-01T10:00:00", short=True) == "Dec 1 10:00"
    finally:
        i18n.set_language("ru")
    game_against_a_bot(tmp_path / "games", b"a.json")
    (tmp_path / "stats-reset.json").write_text(
        json.dumps({"format": "deberts-stats-reset", "since": "2026-01-01T0\x000", "excluded": []}), "utf-8"
    )
    d = Driver(tmp_path)
    from ui.scenes.stats import StatsScene

    d.click(d.menu.button_rect("stats").center)
    stats = d.app.scene
    assert isinstance(stats, StatsScene)
    stats.wait()
    d.frames(3)
    assert d.app.scene is stats and stats.failure is None


def test_a_read_only_window_does_not_reset_the_statistics(tmp_path: Path) -> None:
    """Round 5: the second (read-only) window wrote stats-reset.json and moved the cache aside."""
    from ui.scenes.stats import StatsScene

    first, second, stats = in_the_read_only_window(tmp_path, StatsScene)
    assert not stats.button("reset").is_enabled
    assert "другом окне" in (stats.button("reset").tool_tip_text or "")
    stats.do_reset()
    assert not (tmp_path / "stats-reset.json").exists()
    second.close()
    first.close()
