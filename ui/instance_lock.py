"""One game per data folder: an OS file lock (``filelock``), held while the window is open.

Two windows on one folder each overwrote the other's ``current.json`` and one game's last moves were gone
(players double-click an icon twice). The lock is the operating system's (``flock`` / ``LockFileEx`` through
``filelock``): a crash releases it with the process, unlike a hand-made pid file. The second window opens
read-only (ui.app: nothing it does writes to the folder) and says so.

A window that could not make the lock at its start (the folder was read-only then, or ``deberts.lock`` is a
folder or another user's file) takes it before its first write (``may_write``): if another window has taken it
meanwhile, this one writes nothing more there — it had written over the other window's new game.
"""

from __future__ import annotations

from pathlib import Path

from filelock import FileLock, Timeout

LOCK_NAMES = ("deberts.lock", "deberts-2.lock", "deberts-3.lock")
"""The lock's file, and the names tried in turn when one cannot be made (a folder, another user's file): every
window tries them in the same order, so two windows still meet at the same file."""
LOCK_NAME = LOCK_NAMES[0]


class FolderLock:
    """The data folder's lock as this window has it: ``held``, taken by ``another`` window, or neither (no lock
    could be made there yet)."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.lock: FileLock | None = None
        self.another = False  # another window holds the folder: this one writes nothing there
        self.take()

    @property
    def held(self) -> bool:
        return self.lock is not None

    def take(self) -> None:
        for name in LOCK_NAMES:
            lock = FileLock(str(self.data_dir / name), is_singleton=False)
            try:
                self.data_dir.mkdir(parents=True, exist_ok=True)
                lock.acquire(timeout=0)
            except Timeout:
                self.another = True
                return
            except OSError:  # read-only, gone, or this name is not a file we may lock: the next name
                continue
            self.lock = lock
            return

    def may_write(self) -> bool:
        """May this window write to the folder now? A window without the lock tries to take it first; once
        another window has it, never again (its game is the folder's now)."""
        if not self.held and not self.another:
            self.take()
        return not self.another

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release(force=True)
            self.lock = None


def acquire(data_dir: Path) -> FolderLock:
    """Take the folder's lock for this window (``FolderLock``)."""
    return FolderLock(data_dir)


def release(gate: FolderLock | None) -> None:
    if gate is not None:
        gate.release()
