"""One way to write a file so that a crash or a full disk never leaves half of it: the atomic write.

The text goes to a temporary file beside the target (``NAME.xxxx.tmp``), is flushed and fsynced, then
renamed over the target (atomic on one file system; a symbolic link's target, the link kept); on any failure
the temporary file is removed and the target is untouched. A kill between the two steps can leave a
``NAME.*.tmp`` behind: ``stale_temps`` finds those (the app removes them at start,
``ui.paths.Paths.clean_stale_temps``).
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace ``path`` by ``text`` (UTF-8) or leave it as it was; ``OSError`` says why not."""
    p = Path(path)
    data = text.encode("utf-8")  # before touching the disk: an unencodable text changes nothing
    if p.is_symlink():  # the player's link (a game kept in a synced folder) stays a link: what it points to is written
        p = Path(os.path.realpath(p))
    else:
        p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=p.name + ".", suffix=".tmp", dir=p.parent)
    try:
        with contextlib.suppress(OSError):  # mkstemp's 0600 would make a shared export (or a 0644 file) private
            os.chmod(tmp, _mode_for(p))
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_dir(p.parent)


def _mode_for(p: Path) -> int:
    """The mode the file written keeps: the one it replaces has, or 0644 for a new one (asking the umask would
    set it for a moment under the other threads' feet)."""
    try:
        return p.stat().st_mode & 0o777
    except OSError:
        return 0o644


def free_path(folder: Path, stem: str, suffix: str = ".json") -> Path:
    """``folder/stem+suffix``, or the first ``folder/stem-N+suffix`` (N from 1) that does not exist yet: a new file
    never takes the name of one already there (a finished game, an archive, a copy in the trash)."""
    target, n = folder / f"{stem}{suffix}", 1
    while target.exists():
        target, n = folder / f"{stem}-{n}{suffix}", n + 1
    return target


def _sync_dir(directory: Path) -> None:
    """Make the rename itself durable where the system allows it (POSIX); best effort."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


TEMP_NAME = re.compile(r"\.json\.[a-z0-9_]{8}\.tmp$")  # tempfile.mkstemp's eight random characters


def stale_temps(directory: str | os.PathLike[str], older_than: float = 60.0) -> list[Path]:
    """The ``NAME.json.XXXXXXXX.tmp`` files ``write_atomic`` left in ``directory`` (a kill mid-save), older than
    ``older_than`` seconds — a younger one may belong to a save in progress in another window. Only
    ``mkstemp``'s own names: the player's «finale.json.backup.tmp» is not ours to remove."""
    d = Path(directory)
    if not d.is_dir():
        return []
    now = time.time()
    out = []
    for p in d.glob("*.json.*.tmp"):
        if not TEMP_NAME.search(p.name):
            continue
        with contextlib.suppress(OSError):
            if p.is_file() and now - p.stat().st_mtime > older_than:
                out.append(p)
    return sorted(out)


__all__ = ["stale_temps", "write_atomic"]
