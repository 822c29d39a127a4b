"""Diagnostics go to a rotating log file in the per-user log folder (under ``--data-dir`` when given): the
frozen app has no console. The command line keeps its notes on stderr."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import platformdirs
import pytest
from ui_driver import Driver

from game.actions import Action
from ui import logs
from ui.controller import GameController, GameOptions
from ui.paths import Paths

ROOT = Path(__file__).resolve().parent.parent


def _text(path: Path) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return path.read_text("utf-8")


def test_the_log_lives_in_the_user_log_folder_or_under_data_dir(tmp_path: Path) -> None:
    assert Paths.resolve().log_dir == Path(platformdirs.user_log_dir("deberts"))
    assert Paths.resolve(tmp_path).log_file == tmp_path / "logs" / "deberts.log"


def test_a_failed_settings_save_is_written_to_the_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    d = Driver(tmp_path)
    try:
        assert d.app.log_file == tmp_path / "logs" / "deberts.log"
        import ui.app

        def refuse(*_: object) -> None:
            raise PermissionError(13, "Permission denied", "settings.json")

        monkeypatch.setattr(ui.app, "save_settings", refuse)
        d.app.save_settings()
        assert "cannot save settings" in _text(tmp_path / "logs" / "deberts.log")
    finally:
        logs.close_logging()


def test_a_bot_choosing_an_illegal_action_is_logged_and_the_game_goes_on(tmp_path: Path) -> None:
    paths = Paths.resolve(tmp_path)
    assert logs.setup_logging(paths) == paths.log_file
    try:

        class Cheat:
            """Always the first action of the whole deck's plays: illegal in the bidding."""

            def choose(self, view: object) -> Action:
                return Action.parse("play:7S")

        ctl = GameController.new_game(paths, GameOptions(seed=3), human_seats=(), inline_bots=True)
        ctl.bots = {0: Cheat(), 1: Cheat()}
        deal = ctl.match.current
        assert deal is not None
        before = len(deal.history)
        assert ctl.poll(busy=False) is not None
        assert len(deal.history) == before + 1
        assert "chose an illegal action play:7S" in _text(paths.log_file)
        ctl.close()
    finally:
        logs.close_logging()


def test_the_log_rotates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logs, "MAX_BYTES", 2000)
    paths = Paths.resolve(tmp_path)
    logs.setup_logging(paths)
    try:
        for i in range(200):
            logging.getLogger("test").warning("line %d of a long diagnostic", i)
        names = sorted(p.name for p in paths.log_dir.iterdir())
        assert names[:2] == ["deberts.log", "deberts.log.1"] and len(names) == 1 + logs.BACKUPS
    finally:
        logs.close_logging()


def test_the_command_line_keeps_its_notes_on_stderr(tmp_path: Path) -> None:
    """``analyse`` where its cache cannot be written (the cache folder is a file): the note is on stderr, as
    before there was a log."""
    record = tmp_path / "g.json"
    record.write_bytes((ROOT / "saves" / "book-belle.json").read_bytes())
    (tmp_path / "cache").write_text("not a folder", "utf-8")
    proc = subprocess.run(
        [sys.executable, "main.py", "analyse", str(record), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "DEBERTS_CACHE_DIR": str(tmp_path / "cache")},
    )
    assert proc.returncode == 0, proc.stderr
    assert "analysis cache not written" in proc.stderr


def test_a_log_file_that_cannot_be_written_says_so_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: on a full disk every log record printed a «--- Logging error ---» traceback (22 of them). Now the
    first failure is one line on stderr and the file is given up."""
    import logging

    from ui.logs import QuietFileHandler

    handler = QuietFileHandler(tmp_path / "deberts.log", maxBytes=1000, backupCount=1, encoding="utf-8")
    log = logging.getLogger("test.quiet")
    log.addHandler(handler)
    log.propagate = False
    try:
        assert handler.stream is not None
        handler.stream.close()  # as if the disk went away: every write now fails
        handler.stream = open("/dev/full", "w", encoding="utf-8")  # noqa: SIM115 - the handler closes it
        for i in range(22):
            log.warning("record %d", i)
    finally:
        log.removeHandler(handler)
        handler.close()
    err = capsys.readouterr().err
    assert "Logging error" not in err and "Traceback" not in err
    assert err.count("the log file cannot be written") == 1 and handler.failed


def test_a_fifo_where_the_log_goes_does_not_hang_the_start(tmp_path: Path) -> None:
    """A hostile round: a FIFO at logs/deberts.log blocked the window's start in open() (and SIGTERM did not end
    it). Anything but a regular file there: the game runs without its log file."""
    import threading

    from ui.logs import close_logging, setup_logging

    paths = Paths.resolve(tmp_path)
    paths.log_dir.mkdir(parents=True)
    os.mkfifo(paths.log_file)
    got: list[Path | None] = []
    worker = threading.Thread(target=lambda: got.append(setup_logging(paths)), daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive() and got == [None]
    close_logging()


def test_two_windows_on_one_folder_keep_each_others_newest_lines(tmp_path: Path) -> None:
    """Round 7: two windows on one data folder each rotated the log the other was writing to — the second one's
    newest 5,186 lines were gone. The window holding the folder rotates; the other follows the file it writes to."""
    from ui.logs import QuietFileHandler

    path = tmp_path / "deberts.log"
    owner = QuietFileHandler(path, maxBytes=3000, backupCount=3, encoding="utf-8")
    other = QuietFileHandler(path, maxBytes=3000, backupCount=3, encoding="utf-8")
    other.owner = lambda: False
    try:
        for i in range(120):
            for name, handler in (("A", owner), ("B", other)):
                handler.handle(logging.makeLogRecord({"msg": f"{name} line {i:03d} of the diagnostics", "levelno": 30}))
    finally:
        owner.close()
        other.close()
    live = path.read_text("utf-8")
    assert "A line 119" in live and "B line 119" in live
    kept = "".join(p.read_text("utf-8") for p in tmp_path.glob("deberts.log*"))
    assert all(f"{name} line {i:03d}" in kept for name in "AB" for i in range(80, 120))
    assert (tmp_path / "deberts.log.2").exists()  # rotated, by the owner


def test_the_window_that_holds_the_folder_rotates_the_log(tmp_path: Path) -> None:
    """A second window (read-only: another holds the folder) does not rotate; the first does."""
    from ui.app import App, AppOptions

    def file_handler() -> logs.QuietFileHandler:
        return next(h for h in logs._HANDLERS if isinstance(h, logs.QuietFileHandler))

    first = App(AppOptions(data_dir=str(tmp_path), single_instance=True, testing=True))
    try:
        assert not first.read_only and file_handler().owner()
        second = App(AppOptions(data_dir=str(tmp_path), single_instance=True, testing=True))
        assert second.read_only and not file_handler().owner()
        second.close()
    finally:
        first.close()
        logs.close_logging()
