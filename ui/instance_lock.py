"""One game per data folder: an OS file lock (``filelock``), held while the window is open.

Two windows on one folder each overwrote the other's ``current.json`` and one game's last moves were gone
(players double-click an icon twice). The lock is the operating system's (``flock`` / ``LockFileEx`` through
``filelock``): a crash releases it with the process, unlike a hand-made pid file. The second window opens
read-only (ui.app: nothing it does writes to the folder) and says so.
"""

from __future__ import annotations

from pathlib import Path

from filelock import FileLock, Timeout

LOCK_NAME = "deberts.lock"


def acquire(data_dir: Path) -> tuple[FileLock | None, bool]:
    """(the folder's lock, held by this process; whether another window holds it). A folder where no lock can be
    made (read-only, gone) gives (None, False): the game goes on as it does there, saving what it can."""
    lock = FileLock(str(data_dir / LOCK_NAME), is_singleton=False)
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        lock.acquire(timeout=0)
    except Timeout:
        return None, True
    except OSError:
        return None, False
    return lock, False


def release(lock: FileLock | None) -> None:
    if lock is not None:
        lock.release(force=True)
