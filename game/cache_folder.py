"""Where the game keeps what it can recompute (the analyses, the replays list's index): the per-user cache folder,
or the one a ``--data-dir`` brings with it — never beside a record (issue 23).

The choice travels in the environment (``CACHE_ENV``) because the bot worker is another process: it inherits
the folder at its start, and each analysis request carries the asker's current one (``root_setting``).
A light module (no bots, no pygame) so that ``main.py`` and the window can set it cheaply.
"""

from __future__ import annotations

import os
from pathlib import Path

CACHE_ENV = "DEBERTS_CACHE_DIR"  # set by --data-dir (its cache/ folder) and by the tests; else the per-user one


def cache_root() -> Path:
    """The folder of the caches: ``$DEBERTS_CACHE_DIR``, else the per-user cache folder (platformdirs)."""
    root = os.environ.get(CACHE_ENV)
    if root:
        return Path(root)
    import platformdirs

    return Path(platformdirs.user_cache_dir("deberts", appauthor=False))


Stamp = tuple[str, ...]


def file_stamp(st: os.stat_result) -> Stamp:
    """A file as it is now, for a cache keyed by it (the replays list's index, the statistics' cache): a save makes
    a new inode, any write a new change time (which no one can set back), so a same-size edit with its modification
    time put back is seen. Text, not numbers: nanoseconds have 19 digits, more than the JSON reader takes."""
    return (str(st.st_ino), str(st.st_size), str(st.st_mtime_ns), str(st.st_ctime_ns))


ANALYSIS = "analysis"  # the analyses' sub-folder (``game.services.analysis.cache.cache_dir``)


def cache_dirs() -> list[Path]:
    """The folders where caches are written (a kill mid-write leaves a temporary file there): the analyses', and
    the root's for the replays list's index (``ui.replays_index``)."""
    return [cache_root(), cache_root() / ANALYSIS]


def keep_caches_in(data_dir: Path) -> None:
    """``--data-dir``: everything under that folder, the caches too (its ``cache/``)."""
    os.environ[CACHE_ENV] = str(data_dir / "cache")


def root_setting() -> str | None:
    """The folder as chosen now (None: the per-user one), to hand to another process."""
    return os.environ.get(CACHE_ENV)


def use_root_setting(setting: str | None) -> None:
    """Take the folder another process chose (``root_setting``)."""
    if setting is not None:
        os.environ[CACHE_ENV] = setting
    else:
        os.environ.pop(CACHE_ENV, None)
