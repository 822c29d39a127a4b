"""The diagnostics log: a rotating file in the per-user log folder (``Paths.log_file``), shown in «Об игре».

The frozen app has no console, so what went wrong (a bot's error, a failed save, settings not written) is kept
here for a bug report; when a terminal is attached, warnings are printed on it too. The command line's results
and its user-facing errors stay on stdout/stderr (main.py), never only in this file.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path

from ui.paths import Paths

MAX_BYTES = 512 * 1024  # one file; with the old ones at most about 2 MB
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(process)d]: %(message)s"
_HANDLERS: list[logging.Handler] = []


def _always() -> bool:
    return True


def rotate_when(rule: Callable[[], bool] | None) -> None:
    """Who rotates the shared file: two windows on one folder each rotated the file the other was writing to, and
    lost its newest lines. The window that holds the folder rotates; the others follow the file it writes to."""
    for handler in _HANDLERS:
        if isinstance(handler, QuietFileHandler):
            handler.owner = rule or _always


class QuietFileHandler(RotatingFileHandler):
    """The log file, never louder than the fault it reports: on a full or vanished disk the first failed write
    says so once on stderr (if any), then the file is given up — no «--- Logging error ---» traceback per record."""

    failed = False
    owner: Callable[[], bool] = staticmethod(_always)  # does this window rotate the file (``rotate_when``)?

    def handleError(self, record: logging.LogRecord) -> None:
        self.give_up()

    def give_up(self) -> None:
        """The first failure: one line on stderr (when there is one); from now on nothing is written."""
        if not self.failed and sys.stderr is not None:
            with contextlib.suppress(Exception):
                sys.stderr.write(f"the log file cannot be written ({self.baseFilename}); logging goes on without it\n")
        self.failed = True

    def emit(self, record: logging.LogRecord) -> None:
        if not self.failed:
            super().emit(record)

    def shouldRollover(self, record: logging.LogRecord) -> int:
        if self.owner():
            return super().shouldRollover(record)
        self._follow()
        return 0

    def doRollover(self) -> None:
        try:
            super().doRollover()
        except OSError:  # Windows: another window has the file open and it cannot be renamed; go on appending
            if self.stream is None:
                self.stream = self._open()

    def _follow(self) -> None:
        """Write to the file now at the path (the owner rotated the one this window had open)."""
        if self.stream is None:
            return
        try:
            moved = os.stat(self.baseFilename).st_ino != os.fstat(self.stream.fileno()).st_ino
        except OSError:
            moved = True
        if moved:
            with contextlib.suppress(OSError):
                self.stream.close()
            self.stream = self._open()

    def flush(self) -> None:
        try:
            super().flush()
        except OSError:
            self.give_up()

    def close(self) -> None:
        with contextlib.suppress(OSError):  # the last flush on a full disk: nothing more to keep
            super().close()


def setup_logging(paths: Paths) -> Path | None:
    """Send the program's log records to ``paths.log_file`` (rotated) and warnings to a terminal if any;
    returns the file, or None when the folder cannot be written (the game runs on without a log)."""
    root = logging.getLogger()
    for handler in _HANDLERS:  # a second App in one process (tests): the new folder replaces the old one
        root.removeHandler(handler)
        handler.close()
    _HANDLERS.clear()
    root.setLevel(logging.INFO)
    if sys.stderr is not None:  # a windowed frozen app has no stderr
        console = logging.StreamHandler()
        console.setLevel(logging.WARNING)
        console.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        _HANDLERS.append(console)
    path: Path | None = paths.log_file
    try:
        paths.log_dir.mkdir(parents=True, exist_ok=True)
        if paths.log_file.exists() and not paths.log_file.is_file():  # a FIFO there hung the start in open()
            raise IsADirectoryError(f"{paths.log_file} is not a regular file")
        handler = QuietFileHandler(paths.log_file, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
        handler.setFormatter(logging.Formatter(FORMAT))
        _HANDLERS.append(handler)
    except OSError:
        path = None
    for handler in _HANDLERS:
        root.addHandler(handler)
    return path


def close_logging() -> None:
    """Detach and close the handlers (the file is released: a test's folder can be removed)."""
    root = logging.getLogger()
    for handler in _HANDLERS:
        root.removeHandler(handler)
        with contextlib.suppress(OSError):
            handler.close()
    _HANDLERS.clear()
