"""Faults of the data directory (issue 13): a save that fails is kept, retried and told in words; a finished
game is never lost; «Продолжить» never offers a stale position; a foreign file is moved aside, never deleted
or overwritten; quitting with unsaved moves asks first and offers to save elsewhere; stale temporary files
are cleaned at start; one helper writes every file atomically. docs/saves.md lists these promises.

A folder that refuses writes is made two ways: for real, in a forked child that drops root for ``nobody``
and makes its folder read-only (skipped with the reason where that is impossible), and by making the one
atomic write (game/atomic.py, used by game/record.py) raise ``PermissionError`` or ``OSError(ENOSPC)``.
"""

from __future__ import annotations

import os

import game.atomic

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import errno
import json
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import game.record
from game.atomic import stale_temps, write_atomic
from game.record import load, replay
from ui import saving
from ui.controller import GameController, GameOptions
from ui.paths import Paths

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def no_pending() -> Iterator[None]:
    saving.PENDING.clear()
    yield
    saving.PENDING.clear()


class Disk:
    """Switches the atomic write of records between working and refusing (like a read-only folder)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.code: int | None = None
        self.only: Path | None = None  # refuse only inside this folder (None: everywhere)
        real = game.atomic.write_atomic  # what game.record writes with (it imports the name)

        def write(path: Any, text: str) -> None:
            if self.code is not None and (self.only is None or Path(path).is_relative_to(self.only)):
                raise OSError(self.code, os.strerror(self.code), str(path) + ".x1y2.tmp")
            real(path, text)

        monkeypatch.setattr(game.record, "write_atomic", write)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    return Disk(monkeypatch)


def new_game(tmp_path: Path, preset: str = "moscow", target: int = 301) -> GameController:
    options = GameOptions(preset=preset, target=target, bot_level="random", seed=5)
    return GameController.new_game(Paths.resolve(tmp_path), options, human_seats=(), inline_bots=True)


def act(ctl: GameController, n: int) -> None:
    for _ in range(n):
        if ctl.match.over is not None:
            return
        if ctl.match.current is None:
            ctl.start_deal()
        ctl.poll(False)


def play_out(ctl: GameController) -> None:
    while ctl.match.over is None:
        act(ctl, 1)


def saved_actions(path: Path) -> int:
    return sum(len(d.actions) for d in load(path).deals)


def total_actions(ctl: GameController) -> int:
    return sum(len(d.actions) for d in ctl.record().deals)


# ------------------------------------------------------------------ the one atomic write


def test_one_helper_writes_every_file() -> None:
    users = [
        p.relative_to(ROOT).as_posix()
        for d in ("game", "ui")
        for p in (ROOT / d).rglob("*.py")
        if "mkstemp" in p.read_text("utf-8")
    ]
    assert users == ["game/atomic.py"]
    for name in (
        "game/record.py",
        "game/services/analysis/cache.py",
        "ui/progress_file.py",  # the practice scores and the school's stars
        "ui/settings.py",
        "game/services/stats/scan.py",
    ):
        assert "write_atomic" in (ROOT / name).read_text("utf-8"), name
    assert "write_atomic(out, text)" in (ROOT / "ui/scenes/replay/handover.py").read_text("utf-8")  # the export


def test_a_failed_atomic_write_leaves_the_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "f.json"
    write_atomic(target, "old")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        write_atomic(target, "new")
    assert target.read_text("utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]


# ------------------------------------------------------------------ a failed save: kept, retried, told


def test_a_failed_save_is_told_in_words_and_retried_on_the_next_action(tmp_path: Path, disk: Disk) -> None:
    ctl = new_game(tmp_path)
    act(ctl, 3)
    before = saved_actions(tmp_path / "current.json")
    disk.code = errno.EACCES
    act(ctl, 4)
    assert ctl.save_error is not None
    assert ctl.save_error.startswith(
        "Не удаётся сохранить: папка недоступна для записи — партия сохранится, когда доступ вернётся"
    )
    assert str(tmp_path) in ctl.save_error and "Errno" not in ctl.save_error and ".tmp" not in ctl.save_error
    assert ctl.saves.unsaved_actions == 4
    assert saved_actions(tmp_path / "current.json") == before
    disk.code = None
    act(ctl, 1)
    assert ctl.save_error is None
    assert saved_actions(tmp_path / "current.json") == total_actions(ctl)


def test_a_full_disk_is_named_and_the_timer_retries_without_an_action(tmp_path: Path, disk: Disk) -> None:
    ctl = new_game(tmp_path)
    disk.code = errno.ENOSPC
    act(ctl, 2)
    assert ctl.save_error is not None and "на диске нет места" in ctl.save_error
    disk.code = None
    n = total_actions(ctl)
    ctl.retry_saves(time.monotonic())  # not yet due: the timer waits RETRY_S between tries
    assert ctl.save_error is not None
    ctl.retry_saves(time.monotonic() + saving.RETRY_S + 0.1)
    assert ctl.save_error is None
    assert saved_actions(tmp_path / "current.json") == n == total_actions(ctl)


def test_a_finished_game_is_never_lost_and_continue_never_offers_a_stale_position(tmp_path: Path, disk: Disk) -> None:
    paths = Paths.resolve(tmp_path)
    ctl = new_game(tmp_path, preset="one_strike", target=0)
    act(ctl, 3)
    disk.code = errno.EROFS
    play_out(ctl)
    assert ctl.match.over is not None and ctl.finished_path is None
    assert (tmp_path / "current.json").exists()  # the stale position is still on disk …
    assert saving.current_record(paths) is None  # … and «Продолжить» does not offer it
    ctl.close()  # the table is gone; the finished game stays in memory
    del ctl
    disk.code = None
    assert saving.current_record(paths) is None  # not due yet: still owed, still not offered
    saving.retry_due(time.monotonic() + saving.RETRY_S + 0.1)
    games = list((tmp_path / "games").glob("*.json"))
    assert len(games) == 1 and replay(load(games[0])).over is not None
    assert not (tmp_path / "current.json").exists()
    assert saving.unsaved() == []


def test_continue_offers_the_newest_position_from_memory(tmp_path: Path, disk: Disk) -> None:
    paths = Paths.resolve(tmp_path)
    ctl = new_game(tmp_path)
    act(ctl, 2)
    disk.code = errno.EACCES
    act(ctl, 5)
    n = total_actions(ctl)
    ctl.close()
    offered = saving.current_record(paths)
    assert offered is not None and sum(len(d.actions) for d in offered.deals) == n
    assert saved_actions(tmp_path / "current.json") < n
    again = GameController.restore(paths, offered, human_seats=(), inline_bots=True)  # «Продолжить»
    assert [q for q in saving.PENDING if q is not again.saves] == []  # the old table owes nothing now
    disk.code = None
    act(again, 1)
    assert saved_actions(tmp_path / "current.json") == n + 1


def test_a_new_game_writes_the_old_games_unsaved_position_to_its_archive(tmp_path: Path, disk: Disk) -> None:
    old = new_game(tmp_path)
    act(old, 2)
    disk.code = errno.EACCES
    act(old, 4)
    n = total_actions(old)
    old.close()
    disk.code = None
    new = new_game(tmp_path)
    archived = list((tmp_path / "games").glob("*-unfinished*.json"))
    assert len(archived) == 1 and saved_actions(archived[0]) == n  # the newest position, not the stale file
    assert saved_actions(tmp_path / "current.json") == total_actions(new)
    act(new, 2)
    assert saved_actions(archived[0]) == n


def test_a_new_game_while_the_folder_refuses_archives_the_old_one_first(
    tmp_path: Path, disk: Disk, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = new_game(tmp_path)
    act(old, 3)
    old_text = (tmp_path / "current.json").read_text("utf-8")
    old.close()
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (_ for _ in ()).throw(PermissionError(errno.EACCES, "no")))
    disk.code = errno.EACCES
    new = new_game(tmp_path)
    assert new.save_error is not None
    assert (tmp_path / "current.json").read_text("utf-8") == old_text  # not overwritten
    monkeypatch.setattr(os, "replace", real_replace)
    disk.code = None
    act(new, 1)
    archived = list((tmp_path / "games").glob("*-unfinished*.json"))
    assert len(archived) == 1 and archived[0].read_text("utf-8") == old_text
    assert saved_actions(tmp_path / "current.json") == total_actions(new)


# ------------------------------------------------------------------ foreign files: moved aside


def test_a_foreign_current_json_is_moved_aside_and_autosaves_go_on(tmp_path: Path) -> None:
    ctl = new_game(tmp_path, preset="one_strike", target=0)
    act(ctl, 2)
    junk = "written by another program\x00\n"
    (tmp_path / "current.json").write_text(junk, "utf-8")
    act(ctl, 1)
    moved = list(tmp_path.glob("current.corrupt-*.json"))
    assert len(moved) == 1 and moved[0].read_text("utf-8") == junk
    assert ctl.save_error is None and saved_actions(tmp_path / "current.json") == total_actions(ctl)
    act(ctl, 2)
    assert saved_actions(tmp_path / "current.json") == total_actions(ctl)
    (tmp_path / "current.json").write_text("{}", "utf-8")  # again, just before the end of the game
    play_out(ctl)
    moved = sorted(tmp_path.glob("current.corrupt-*.json"))
    assert len(moved) == 2 and "{}" in [p.read_text("utf-8") for p in moved]  # moved, never deleted
    assert not (tmp_path / "current.json").exists() and ctl.finished_path is not None


# ------------------------------------------------------------------ stale temporary files


def test_stale_temporary_files_are_cleaned_at_start(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    old = [
        tmp_path / "current.json.ab12_xyz.tmp",
        tmp_path / "games" / "x.json.cd34efgh.tmp",
        tmp_path / "settings.json.ef56ijkl.tmp",
    ]
    (tmp_path / "cache" / "analysis").mkdir(parents=True)
    old.append(tmp_path / "cache" / "analysis" / "0123abcd.json.gh78mnop.tmp")  # an analysis cut short, --data-dir's
    young = tmp_path / "current.json.young123.tmp"
    other = tmp_path / "notes.tmp"
    # a hostile round: the player's own backup matched «*.json.*.tmp» and was deleted at start
    mine = [tmp_path / "games" / "finale.json.backup-before-edit.tmp", tmp_path / "current.json.OLD.tmp"]
    for p in [*old, young, other, *mine]:
        p.write_text("half a save", "utf-8")
    for p in [*old, other, *mine]:
        os.utime(p, (time.time() - 3600, time.time() - 3600))
    assert stale_temps(tmp_path) == sorted(old[0::2])
    from ui.app import App, AppOptions

    App(AppOptions(data_dir=str(tmp_path), testing=True))
    assert [p.exists() for p in old] == [False, False, False, False]
    assert young.exists() and other.exists()  # a save in progress elsewhere, and a file not ours
    assert all(p.exists() for p in mine)  # not the names mkstemp makes


# ------------------------------------------------------------------ quitting with unsaved moves


def test_quitting_with_unsaved_moves_asks_and_saves_elsewhere(
    tmp_path: Path, disk: Disk, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame
    from ui_driver import Driver

    from ui.scenes.table import TableScene

    elsewhere = tmp_path / "documents"
    elsewhere.mkdir()
    monkeypatch.setattr(saving, "fallback_dirs", lambda: [tmp_path / "missing", elsewhere])
    d = Driver(tmp_path / "data")
    disk.code, disk.only = errno.EACCES, tmp_path / "data"
    options = GameOptions(bot_level="random", seed=5, first_dealer="human")
    ctl = GameController.new_game(d.app.paths, options, **d.app.controller_kwargs())
    d.app.switch(TableScene(d.app, ctl))
    d.frames(5)  # the bot bids, then the table waits for the human
    assert ctl.human_to_act() and ctl.save_error is not None
    n = total_actions(ctl)
    d.post(pygame.QUIT)
    d.frames(2)
    guard = d.app.leave_guard
    assert d.app.running and guard is not None
    rects = guard.button_rects()
    assert set(rects) == {"elsewhere", "quit", "stay"}
    d.click(rects["stay"].center)
    assert d.app.running and d.app.leave_guard is None
    d.post(pygame.QUIT)
    d.frames(2)
    guard = d.app.leave_guard
    assert guard is not None
    # the question is modal (a hostile round: a click on the table's «Меню», which the panel does not cover, left
    # the question without its panel and the window could no longer be closed); Esc is «Остаться»
    table = d.app.scene
    assert isinstance(table, TableScene) and table.menu_button is not None
    d.click(table.menu_button.get_abs_rect().center)
    assert d.app.scene is table and guard.panel is not None and guard.panel.alive()
    d.key(pygame.K_ESCAPE)
    assert d.app.running and d.app.leave_guard is None
    d.post(pygame.QUIT)
    d.frames(2)
    guard = d.app.leave_guard
    assert guard is not None
    guard.panel.kill()  # whatever took the panel away, quitting asks again: the question comes back
    d.post(pygame.QUIT)
    d.frames(2)
    assert d.app.leave_guard is guard and guard.panel is not None and guard.panel.alive()
    d.click(guard.button_rects()["elsewhere"].center)
    saved = list(elsewhere.glob("deberts-*.json"))
    assert len(saved) == 1 and saved_actions(saved[0]) == n
    assert d.app.running  # the player reads where it went, then quits
    d.click(guard.button_rects()["quit"].center)
    assert not d.app.running


def test_quitting_when_everything_is_saved_does_not_ask(tmp_path: Path) -> None:
    import pygame
    from ui_driver import Driver

    d = Driver(tmp_path)
    d.post(pygame.QUIT)
    d.frames(1)
    assert not d.app.running and d.app.leave_guard is None


# ------------------------------------------------------------------ a real read-only folder


def test_a_real_read_only_folder_for_a_non_root_process(tmp_path: Path) -> None:
    """Forked, the child drops root for ``nobody`` and makes its own folder read-only (root ignores modes)."""
    import pwd

    if not hasattr(os, "fork") or os.geteuid() != 0:
        pytest.skip("needs fork and root to drop privileges (a non-root run is covered by the other tests)")
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("no user 'nobody' to drop privileges to")
    warm = new_game(tmp_path / "warm")  # import everything the child needs: it cannot read /root after setuid
    act(warm, 2)
    warm.close()
    saving.PENDING.clear()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        result: dict[str, Any] = {}
        try:
            os.close(read)
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            home = Path(f"/tmp/deberts-ro-{os.getpid()}")
            home.mkdir()
            ctl = new_game(home)
            act(ctl, 2)
            os.chmod(home, 0o555)
            act(ctl, 3)
            result["error"] = ctl.save_error
            result["on_disk"] = saved_actions(home / "current.json")
            result["played"] = total_actions(ctl)
            os.chmod(home, 0o755)
            ctl.retry_saves(time.monotonic() + saving.RETRY_S + 1)
            result["after"] = saved_actions(home / "current.json")
            result["error_after"] = ctl.save_error
            for p in sorted(home.rglob("*"), reverse=True):
                p.unlink() if p.is_file() else p.rmdir()
            home.rmdir()
        except BaseException as exc:  # reported to the parent, which fails the test
            result["crash"] = repr(exc)
        os.write(write, json.dumps(result).encode("utf-8"))
        os._exit(0)
    os.close(write)
    data = b""
    while chunk := os.read(read, 65536):
        data += chunk
    os.waitpid(pid, 0)
    result = json.loads(data.decode("utf-8"))
    assert "crash" not in result, result
    assert result["error"] and "папка недоступна для записи" in result["error"]
    assert result["on_disk"] < result["played"] == result["after"]
    assert result["error_after"] is None


def test_another_game_from_a_record_keeps_the_game_in_progress(tmp_path: Path) -> None:
    """«Играть отсюда», «Сдачу заново» and a deal code start through ``restore``: the game in progress moves
    to games/ like for a new game; «Продолжить» (the same game, or a continuation of it) moves nothing."""
    from game.record import prefix

    paths = Paths.resolve(tmp_path)
    ctl = new_game(tmp_path)
    act(ctl, 4)
    ctl.close()
    before = (tmp_path / "current.json").read_text("utf-8")
    again = GameController.restore(paths, load(tmp_path / "current.json"), human_seats=(), inline_bots=True)
    act(again, 2)
    again.close()
    assert not (tmp_path / "games").exists()  # «Продолжить»: the same game goes on in current.json
    continued = (tmp_path / "current.json").read_text("utf-8")
    assert continued != before
    other = prefix(load(ROOT / "saves" / "moscow-hanging.json"), 0, 5)
    branch = GameController.restore(paths, other, human_seats=(), inline_bots=True)
    act(branch, 1)
    archived = list((tmp_path / "games").glob("*-unfinished*.json"))
    assert len(archived) == 1 and archived[0].read_text("utf-8") == continued
    assert load(tmp_path / "current.json").deals[0].deck == other.deals[0].deck


def test_a_new_game_after_a_finished_one_that_waits_for_room_keeps_both(tmp_path: Path, disk: Disk) -> None:
    """The disk is full when game A ends: its finished copy and «then remove current.json» wait in memory. «Реванш»
    starts game B, which plays on. When room comes back, A's removal deleted B's current.json (B's moves lost on a
    restart) and A's stale position stayed in games/ as a phantom «unfinished» game. Now A's removal goes with its
    stale file, and B's file is B's."""
    old = new_game(tmp_path, preset="one_strike", target=0)
    act(old, 3)
    disk.code = errno.ENOSPC
    play_out(old)
    assert old.match.over is not None and old.finished_path is None
    old.close()
    new = new_game(tmp_path)  # «Реванш» while the disk is still full
    act(new, 6)
    disk.code = None
    saving.retry_due(time.monotonic() + saving.RETRY_S + 0.1)
    assert saving.unsaved() == []
    assert saved_actions(tmp_path / "current.json") == total_actions(new) > 0  # B's own file, all of it
    games = sorted((tmp_path / "games").glob("*.json"))
    assert len(games) == 1 and replay(load(games[0])).over is not None  # A, finished; no phantom unfinished copy


def test_a_finished_game_left_on_current_json_is_not_offered_and_kept_in_games(tmp_path: Path) -> None:
    """A finished game on current.json (a crash before it was removed) was offered by «Продолжить» on every start,
    opening its game-over screen. It is moved to games/ (or dropped when games/ has the same bytes), not offered."""
    paths = Paths.resolve(tmp_path)
    finished = ROOT / "saves" / "one_strike-bait.json"
    assert replay(load(finished)).over is not None
    shutil.copy(finished, paths.current_game)
    assert saving.current_record(paths) is None and not paths.current_game.exists()
    kept = list(paths.games_dir.glob("*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == finished.read_bytes()
    shutil.copy(finished, paths.current_game)  # again: the same bytes are in games/ already
    assert saving.current_record(paths) is None and not paths.current_game.exists()
    assert list(paths.games_dir.glob("*.json")) == kept


def test_a_new_file_never_takes_the_name_of_one_already_there(tmp_path: Path) -> None:
    """``game.atomic.free_path``: the one naming rule of finished games, archives, the trash and the copies."""
    from game.atomic import free_path

    assert free_path(tmp_path, "20261206-120000") == tmp_path / "20261206-120000.json"
    (tmp_path / "20261206-120000.json").write_text("x", "utf-8")
    (tmp_path / "20261206-120000-1.json").write_text("x", "utf-8")
    assert free_path(tmp_path, "20261206-120000") == tmp_path / "20261206-120000-2.json"
    assert free_path(tmp_path, "a", ".txt") == tmp_path / "a.txt"


# ------------------------------------------------------------------ two windows on one folder without a lock


class NoLock:
    """``filelock`` refusing every lock (the folder was read-only at the window's start, or the lock's names are
    another user's files)."""

    def __init__(self, path: str, is_singleton: bool = False) -> None:
        self.path = path

    def acquire(self, timeout: float = 0) -> None:
        raise PermissionError(errno.EACCES, "no lock here", self.path)


def test_a_window_that_could_not_lock_the_folder_never_writes_over_anothers_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hostile round: window A opened while no lock could be made, window B then took the lock and saved its
    own new game; A's next save wrote its game over B's current.json, and B's game was nowhere. A takes the lock
    before writing: while B holds it, A writes nothing and says why (its game is kept in memory for «сохранить
    в другое место»); once B has quit, A's save keeps B's game in games/ as unfinished before writing its own.
    A finished game's removal of current.json never removes another game's file."""
    import ui.instance_lock

    monkeypatch.setattr(ui.instance_lock, "FileLock", NoLock)
    window_a = ui.instance_lock.acquire(tmp_path)
    monkeypatch.undo()
    assert not window_a.held and not window_a.another and window_a.may_write() is True  # takes it now
    window_a.release()
    monkeypatch.setattr(ui.instance_lock, "FileLock", NoLock)
    window_a = ui.instance_lock.acquire(tmp_path)
    monkeypatch.undo()
    window_b = ui.instance_lock.acquire(tmp_path)
    assert window_b.held

    paths = Paths.resolve(tmp_path)
    options = GameOptions(bot_level="random", seed=5)
    a = GameController.new_game(paths, options, human_seats=(), inline_bots=True, may_write=window_a.may_write)
    assert a.save_error is not None and "другое окно" in a.save_error and not paths.current_game.exists()
    saving.PENDING.remove(a.saves)  # B is another process: its new game does not see A's owed writes
    b = GameController.new_game(
        paths, GameOptions(bot_level="random", seed=6), human_seats=(), inline_bots=True, may_write=window_b.may_write
    )
    saving.PENDING.append(a.saves)
    act(b, 5)
    b_saved = paths.current_game.read_bytes()
    act(a, 5)
    assert window_a.another and a.saves.pending and paths.current_game.read_bytes() == b_saved
    assert "другое окно" in (a.save_error or "")

    # B has quit (its lock gone) and A's window is a fresh one that could not lock at its start either
    window_b.release()
    a.saves.may_write = None
    act(a, 1)
    assert a.save_error is None and load(paths.current_game).meta["created"] == a.meta["created"]
    (kept,) = paths.games_dir.glob("*-unfinished.json")
    assert kept.read_bytes() == b_saved  # the game of B, byte for byte

    # a removal B still owed (its game had ended on a full disk) leaves A's file where it is
    owed = saving.SaveQueue(paths)
    owed.put(saving.Job(paths.current_game, of=b.record()))
    assert owed.flush() and load(paths.current_game).meta["created"] == a.meta["created"]
    window_a.release()


def test_a_lock_whose_name_is_taken_still_keeps_one_writer(tmp_path: Path) -> None:
    """``deberts.lock`` is a folder (or another user's file, after one run under sudo): no window could lock and
    both wrote. Every window tries the next name in the same order, so the second still opens read-only."""
    from ui.instance_lock import acquire

    (tmp_path / "deberts.lock").mkdir()
    first, second = acquire(tmp_path), acquire(tmp_path)
    assert first.held and second.another and not second.may_write()
    assert (tmp_path / "deberts-2.lock").exists()
    first.release()


def test_play_from_here_is_saved_at_once_and_a_branch_of_the_current_game_is_that_game(tmp_path: Path) -> None:
    """A player's pass: «Играть отсюда» in a finished game, then «Меню» — «Продолжить» was grey (nothing saved
    before the first move). It is saved at once. And playing on the game of current.json from the replays (its own
    last position, a new meta) is the same game: its saves replace the file, no «unfinished» copy appears."""
    from game.record import prefix

    paths = Paths.resolve(tmp_path)
    finished = load(ROOT / "saves" / "moscow-full-501.json")
    branch = prefix(finished, 1, 5)
    branch.meta = {"bot_level": "random", "human_seat": 0, "ui": "deberts-gui"}
    ctl = GameController.restore(paths, branch, human_seats=(), inline_bots=True)
    assert paths.current_game.exists() and len(load(paths.current_game).deals) == 2

    played = new_game(tmp_path / "other")
    act(played, 12)
    current = load(played.paths.current_game)
    # as the replays' handover makes it: a new meta (here started another second than the game it plays on)
    current.meta = {"bot_level": "random", "human_seat": 0, "ui": "deberts-gui", "created": "2026-01-01T00:00:00"}
    on = GameController.restore(played.paths, current, human_seats=(), inline_bots=True)
    act(on, 3)
    assert not played.paths.games_dir.exists() or not list(played.paths.games_dir.glob("*unfinished*"))
    assert saved_actions(played.paths.current_game) == total_actions(on)
    ctl.close()


def test_a_current_game_written_without_its_start_is_still_the_same_game(tmp_path: Path) -> None:
    """``is_game_of``: a record with ``meta.created`` is told by it and its first deck; one written by hand without it
    by its first deck alone — «Продолжить» of such a file must not keep a copy of it as «unfinished»."""
    from game.record import file_key, is_game_of

    played = new_game(tmp_path)
    act(played, 6)
    record = load(played.paths.current_game)
    del record.meta["created"]
    write_atomic(played.paths.current_game, game.record.dumps(record))
    mine = played.record()
    key = file_key(played.paths.current_game)
    assert key is not None and is_game_of(key, mine)
    options = GameOptions(bot_level="random", seed=6)  # another deck
    other = GameController.new_game(Paths.resolve(tmp_path / "other"), options, human_seats=()).record()
    assert not is_game_of(key, other)


def test_two_games_started_in_the_same_second_from_the_same_seed_are_told_apart(tmp_path: Path) -> None:
    """Noticed in session 43: a game's file was told by its start (to the second) and its first deck, so two windows
    started in the same second with the same ``--seed`` took each other's ``current.json`` for their own. Each
    game draws a token of its own (``meta.game``); «Продолжить» keeps it, play from another game's position does not."""
    from game.record import file_key, is_game_of, prefix

    options = GameOptions(bot_level="random", seed=6)
    one = GameController.new_game(Paths.resolve(tmp_path / "one"), options, human_seats=())
    two = GameController.new_game(Paths.resolve(tmp_path / "two"), options, human_seats=())
    one.meta["created"] = two.meta["created"]  # the same second
    act(one, 3)
    key = file_key(one.paths.current_game)
    assert key is not None and is_game_of(key, one.record()) and not is_game_of(key, two.record())
    again = GameController.restore(one.paths, load(one.paths.current_game), human_seats=(), inline_bots=True)
    assert again.meta["game"] == one.meta["game"]  # «Продолжить»: the same game
    other = load(ROOT / "saves" / "moscow-full-501.json")
    other.meta["game"] = one.meta["game"]  # a replay of a game with a token, played on from one of its positions
    branch = GameController.restore(one.paths, prefix(other, 1, 5), human_seats=(), inline_bots=True)
    assert isinstance(branch.meta["game"], str) and branch.meta["game"] != one.meta["game"]  # a game of its own
