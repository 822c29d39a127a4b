"""Saves that are never lost: what could not be written is kept in memory and written when it can be.

A ``SaveQueue`` belongs to one game's controller and holds the writes still owed: the position in
``current.json`` (a newer one replaces an older one), a finished game in ``games/`` (never dropped), and
the removal of ``current.json`` once the finished game is safely written. A write that fails stays queued
and is tried again on the next action and on a timer (``retry_due``); its reason is told in words
(``problem_words``), never as raw system text. A file in the way that is not one of our records (another
program wrote over ``current.json``) is moved aside beside it, never overwritten or deleted.

Queues with writes still owed are kept in ``PENDING`` (one per process) even when their game's table has
gone, so «Продолжить» can offer the newest position from memory instead of a stale file
(``current_record``), a new game can redirect the old game's position to its archive, and quitting can ask
first (``ui.leave_guard``).
"""

from __future__ import annotations

import errno
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.arguments import in_the_way
from game.atomic import free_path
from game.errors import RecordError, RecordTooLong
from game.names import printable
from game.record import MAX_BYTES, MAX_DEALS, GameRecord, file_key, is_game_of, load, move_aside, replay, save
from ui.clock import MONOTONIC, Clock
from ui.i18n import tr
from ui.paths import Paths

log = logging.getLogger(__name__)

RETRY_S = 5.0  # seconds between tries while a save fails
NO_ACCESS = {errno.EACCES, errno.EPERM, errno.EROFS}
IN_THE_WAY = {errno.EEXIST, errno.ENOTDIR, errno.EISDIR}
NO_SPACE = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}


def _why(exc: BaseException) -> tuple[str, str]:
    code = getattr(exc, "errno", None)
    if code in IN_THE_WAY:  # a file named «games» where the folder belongs: it will not go by itself
        return tr("save_why_in_the_way"), tr("save_when_moved")
    if code in NO_ACCESS:
        return tr("save_why_access"), tr("save_when_access")
    if code in NO_SPACE:
        return tr("save_why_space"), tr("save_when_possible")
    return tr("save_why_other"), tr("save_when_possible")


def problem_words(exc: BaseException, folder: Path) -> str:
    """Why a game could not be saved and that it will be, in the player's words, with the folder — never
    ``[Errno 13] …``."""
    if isinstance(exc, RecordTooLong):  # no retry will help: the game goes on unsaved from here
        return tr("save_too_long", why=tr(f"save_too_long.{exc.limit}", deals=MAX_DEALS, mb=MAX_BYTES // 2**20))
    why, when = _why(exc)
    return tr("save_retry", why=why, when=when, path=_where(exc, folder))


def reason_words(exc: BaseException, folder: Path) -> str:
    """Only the reason and the folder (for files other than the game: the practice scores)."""
    return f"{_why(exc)[0]} ({_where(exc, folder)})"


def _where(exc: BaseException, folder: Path) -> str:
    """The file in the way when that is the trouble (it names it), else the folder written to."""
    if getattr(exc, "errno", None) in IN_THE_WAY and getattr(exc, "filename", None):
        return _file_of(exc)
    return printable(str(folder))


def _file_of(exc: BaseException) -> str:
    """The file an error is about, as it may be shown; when a file stands in the way, that file (``in_the_way``)."""
    name = getattr(exc, "filename", None)
    if not name:
        return ""
    if getattr(exc, "errno", None) in IN_THE_WAY:
        return printable(str(in_the_way(Path(os.fsdecode(name)))))
    return printable(str(name))


def file_problem_words(exc: OSError, reading: bool = False) -> str:
    """A file operation that failed (delete to the trash, rename, export), in words with the file it was about —
    «[Errno 17] File exists: '…/trash'» was shown as it was. ``reading``: the file could not be read (no access is
    then «нет прав на чтение файла», not the folder's writing)."""
    code = exc.errno
    where = _file_of(exc)
    if reading and code in NO_ACCESS:
        why = tr("file_why_no_read")
    elif code == errno.ENAMETOOLONG:
        why = tr("file_why_name_too_long")
    elif code in IN_THE_WAY:
        why = tr("file_why_in_the_way")
    elif code == errno.ENOENT:
        why = tr("file_why_missing")
    else:
        why = _why(exc)[0]
    return f"{why} ({where})" if where else why


@dataclass(slots=True)
class Job:
    """One write owed: ``record`` to ``path``; ``record`` None means remove ``path`` (the finished game's
    ``current.json``), ``archive`` means move it to games/ first (a new game over an unfinished one); ``of``: the
    game whose file a removal removes (a file of another game stays)."""

    path: Path
    record: GameRecord | None = None
    archive: bool = False
    of: GameRecord | None = None


@dataclass(slots=True)
class SaveQueue:
    paths: Paths
    jobs: list[Job] = field(default_factory=list)
    error: str | None = None  # the last failure and that it will be retried, in words; None once all is written
    reason: str | None = None  # only why, and the folder (``reason_words``)
    retry_at: float = 0.0
    unsaved_actions: int = 0  # positions not written since the last successful save
    written: list[Path] = field(default_factory=list)  # files written, newest last
    moved: list[Path] = field(default_factory=list)  # foreign files moved aside, newest last
    clock: Clock = MONOTONIC  # the retry's timer
    may_write: Callable[[], bool] | None = None  # the window's say on writing to the folder (``ui.instance_lock``)

    @property
    def pending(self) -> bool:
        return bool(self.jobs)

    def put(self, job: Job) -> None:
        """Queue a write; a newer record for the same file replaces the older one (the newest position)."""
        self.jobs = [j for j in self.jobs if not (j.path == job.path and not j.archive and not job.archive)]
        self.jobs.append(job)
        if job.record is not None and job.path == self.paths.current_game:
            self.unsaved_actions += 1

    def adopt_current(self, record: GameRecord) -> None:
        """«Продолжить» took ``record`` from another queue's memory: this queue owes it now (so an older
        table's retry never writes it over a newer position)."""
        for queue in unsaved(self.paths):
            for job in list(queue.jobs):
                if job.record is record and queue is not self:
                    queue.jobs.remove(job)
                    self.jobs.append(job)
            if not queue.jobs and queue in PENDING:
                PENDING.remove(queue)
        if self.jobs:
            self.flush()

    def flush(self) -> bool:
        """Try every owed write in order; stop at the first failure (kept for the next try); a record too long to
        write is dropped and said (``RecordTooLong``). True when no write is owed."""
        if self.jobs and self.may_write is not None and not self.may_write():  # another window's folder now
            self.error = tr("save_another_window", path=printable(str(self.paths.data_dir)))
            self.reason = tr("save_why_another_window")
            self.retry_at = self.clock.now() + RETRY_S
            if self not in PENDING:
                PENDING.append(self)
            return False
        too_long: str | None = None
        while self.jobs:
            job = self.jobs[0]
            try:
                self._run(job)
            except RecordTooLong as exc:  # no retry can write it: said, and the file keeps what it holds
                too_long = problem_words(exc, job.path.parent)
                log.warning("not saved (%s): %s", job.path, exc)
            except (OSError, RecordError) as exc:
                self.error = problem_words(exc, job.path.parent)
                self.reason = reason_words(exc, job.path.parent)
                self.retry_at = self.clock.now() + RETRY_S
                log.warning("save failed (%s): %s", job.path, exc)
                if self not in PENDING:
                    PENDING.append(self)
                return False
            self.jobs.pop(0)
        self.error, self.reason = too_long, None
        self.unsaved_actions = 0
        if self in PENDING:
            PENDING.remove(self)
        return True

    def forget_written_elsewhere(self) -> None:
        """The owed games were written to another folder («сохранить в другое место» at quitting): nothing more is
        owed here, but a finished game's stale position is still removed from ``current.json`` where the folder
        allows it (a removal succeeds on a full disk) — it was offered by «Продолжить» at the next start."""
        for job in self.jobs:
            if job.record is None and not job.archive:
                try:
                    self._remove(job.path, job.of)
                except OSError as exc:
                    log.warning("stale %s left (%s)", job.path, exc)
        self.jobs.clear()
        if self in PENDING:
            PENDING.remove(self)

    def due(self, now: float) -> bool:
        return self.pending and now >= self.retry_at

    def _run(self, job: Job) -> None:
        if job.archive:
            from ui.controller import archive_unfinished

            archive_unfinished(self.paths, retarget=False)
            return
        if job.record is None:
            self._remove(job.path, job.of)
            return
        there = job.path.exists()
        key = file_key(job.path) if there else None  # the file there, read once
        if there and key is None:
            self.moved.append(move_aside(job.path))  # somebody else's file: kept beside, never overwritten
        elif job.path == self.paths.current_game and key is not None and not is_game_of(key, job.record):
            from ui.controller import archive_unfinished  # another game on current.json (another window's): kept

            archive_unfinished(self.paths, retarget=False)
        save(job.path, job.record)
        self.written.append(job.path)

    def _remove(self, path: Path, of: GameRecord | None = None) -> None:
        if not path.exists():
            return
        key = file_key(path)  # read once
        if key is None:
            self.moved.append(move_aside(path))
        elif of is None or is_game_of(key, of):
            path.unlink()
        # else another game's file now (another window's): not ours to remove


PENDING: list[SaveQueue] = []  # queues with writes owed, kept alive after their table has gone


def retry_due(now: float | None = None) -> None:
    """Try again every queue whose retry time has come (called each frame by a running game)."""
    t = MONOTONIC.now() if now is None else now
    for queue in list(PENDING):
        if queue.due(t):
            queue.flush()


def unsaved(paths: Paths | None = None) -> list[SaveQueue]:
    """The queues still owing writes (for this data folder, when given)."""
    return [q for q in PENDING if q.pending and (paths is None or q.paths == paths)]


def current_record(paths: Paths, settle: bool = True) -> GameRecord | None:
    """What «Продолжить» offers: the newest position still owed to ``current.json`` (from memory), nothing
    when a finished game is owed (the file holds a position before its end), else the file (``load``:
    ``RecordError`` if it is broken). ``None`` when there is no game to continue. ``settle``: a finished game
    found there is moved into games/ (not by a read-only window: another one owns the folder)."""
    retry_due()
    for queue in reversed(unsaved(paths)):
        owed = [j for j in queue.jobs if j.path == paths.current_game and not j.archive]
        if owed and owed[-1].record is None:
            return None
        if owed:
            return owed[-1].record
    if not paths.current_game.exists():
        return None
    record = load(paths.current_game)
    if replay(record).over is not None:  # a finished game left behind: nothing to continue (it was offered forever)
        if not settle:
            return None
        try:
            settle_finished_current(paths)
        except OSError as exc:
            log.warning("could not move the finished game on %s: %s", paths.current_game, exc)
        return None
    return record


def settle_finished_current(paths: Paths) -> Path | None:
    """A finished game on ``current.json`` (a crash between its copy in games/ and removing this file): removed when
    games/ holds the same bytes, else moved there as a finished game — never lost. Returns where it is now."""
    current = paths.current_game
    data = current.read_bytes()
    games = paths.games_dir
    for f in sorted(games.glob("*.json")) if games.is_dir() else []:
        try:
            same = f.stat().st_size == len(data) and f.read_bytes() == data
        except OSError:
            continue
        if same:
            current.unlink()
            return f
    return move_to_games(paths)  # named as the controller names a finished game


def move_to_games(paths: Paths, tag: str = "") -> Path:
    """``current.json`` into games/ as it is, under the time's name (``tag`` after it: «-newer» for a newer
    version's game, which this one cannot read and the newer one lists in «Повторы»), so that a new game never
    writes over it. Returns where it is now."""
    games = paths.games_dir
    games.mkdir(parents=True, exist_ok=True)
    target = free_path(games, time.strftime("%Y%m%d-%H%M%S") + tag)
    os.replace(paths.current_game, target)
    return target


def retarget_current(paths: Paths, target: Path) -> None:
    """A new game starts: what is still owed to ``current.json`` belongs to the old game, now archived as
    ``target`` — its positions are written there, and a finished game's removal of its stale position removes
    that archive — so neither ever lands on the new game's file."""
    for queue in unsaved(paths):
        for job in queue.jobs:
            if job.path == paths.current_game and not job.archive:
                job.path = target


def fallback_dirs() -> list[Path]:
    """Where «save elsewhere» writes when the data folder refuses: Documents, home, the temporary folder."""
    import tempfile

    home = Path.home()
    return [home / "Documents", home, Path(tempfile.gettempdir())]


def first_writable() -> Path | None:
    """The folder «save elsewhere» would use now."""
    return next((f for f in fallback_dirs() if f.is_dir() and os.access(f, os.W_OK)), None)


def save_elsewhere(record: GameRecord, name: str) -> Path:
    """Write ``record`` into the first writable fallback folder; ``OSError`` when none takes it."""
    last: OSError | None = None
    for folder in fallback_dirs():
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            continue
        target = free_path(folder, Path(name).stem)
        try:
            save(target, record)
        except (OSError, RecordError) as exc:
            last = exc if isinstance(exc, OSError) else OSError(str(exc))
            continue
        return target
    raise last or OSError(errno.EACCES, "no writable folder")


__all__ = [
    "PENDING",
    "RETRY_S",
    "Job",
    "SaveQueue",
    "current_record",
    "fallback_dirs",
    "first_writable",
    "problem_words",
    "reason_words",
    "retarget_current",
    "retry_due",
    "save_elsewhere",
    "unsaved",
]
