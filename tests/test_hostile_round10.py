"""Hostile inputs, round 10 (session 48). Each failed before its fix: ``stats --csv`` into a folder that does not
exist made the whole chain of folders without a word (a mistyped path); a path with a NUL byte in it (pasted into
«Повторы»' path field) took the window down with ``ValueError: embedded null byte``."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path

import pytest
from ui_driver import Driver

from game.services.stats.report import stats_command
from ui.replays import read_entry


def test_a_csv_into_a_folder_that_does_not_exist_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "no" / "such" / "dir" / "games.csv"
    assert stats_command(tmp_path, csv_path=str(target)) == 2
    err = capsys.readouterr().err
    assert "there is no folder" in err and str(target.parent) in err and "nothing written" in err
    assert not (tmp_path / "no").exists()
    assert stats_command(tmp_path, csv_path=str(tmp_path / "games.csv")) == 0  # an existing folder: written
    assert (tmp_path / "games.csv").read_text("utf-8").startswith("date,file,")


def test_a_path_with_a_nul_byte_is_no_file_not_a_crash(tmp_path: Path) -> None:
    entry = read_entry(Path(tmp_path / "a\x00b.json"), "file")
    assert entry.broken and entry.gone
    d = Driver(tmp_path, size=(1280, 800))
    browser = d.open_browser()
    browser.open_path(str(tmp_path / "a\x00b.json"))
    assert browser.box is not None and browser.box.window.text_block is not None
    assert "нет" in browser.box.window.text_block.html_text
    assert d.app.scene is browser
