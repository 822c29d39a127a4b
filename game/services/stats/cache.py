"""The statistics' cache (``data_dir/stats-cache.json``): each record's line under its stamp (size and
modification time, and those of its analysis caches), so that 500 games are not replayed every time; a missing,
stale or corrupt cache is recomputed, never fatal."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from game import jsonsafe
from game.atomic import write_atomic
from game.cache_folder import file_stamp
from game.errors import RecordError
from game.record import MAX_DEPTH, read_record_bytes
from game.services.analysis.cache import cache_file, record_digest

CACHE_NAME = "stats-cache.json"
CACHE_FORMAT = "deberts-stats-cache"
# raise when GameLine or how it is computed changes: every line is recomputed (3: a claimed deal keeps its
# penalty and counts as a bid; 4: each game's opponents, for three players apart; 5: stamps with inode and ctime;
# 6: a game given up on «даве»: ``given_up``, and the bidder's give-up counted as cut short)
CACHE_VERSION = 6
MAX_CACHE_BYTES = 64 * 1024 * 1024


def _analysis_stamps(path: Path) -> list[list[str] | None]:
    """The stamps of a record's two analysis caches (sampled, exact-only: content-keyed), the record read once;
    None each for a record that cannot be read."""
    try:
        data = read_record_bytes(path)
    except (OSError, RecordError):
        return [None, None]
    return [_stamp(cache_file(record_digest(data, sampled))) for sampled in (True, False)]


def _stamp(path: Path) -> list[str] | None:
    """The file's stamp as the replays list's index has it (``file_stamp``): a same-size edit with its modification
    time put back was counted as before (round 7), while «Повторы» read it anew."""
    try:
        return list(file_stamp(path.stat()))
    except OSError:
        return None


def load_cache(path: Path) -> dict[str, Any]:
    """The cache's entries by file name; {} when it is missing, corrupt, too big or of another version."""
    try:
        obj = jsonsafe.load_file(path, MAX_CACHE_BYTES, MAX_DEPTH)
    except (OSError, ValueError):
        return {}
    if not isinstance(obj, dict) or obj.get("format") != CACHE_FORMAT or obj.get("version") != CACHE_VERSION:
        return {}
    entries = obj.get("files")
    return {k: v for k, v in entries.items() if _writable(k, v)} if isinstance(entries, dict) else {}


def _writable(key: str, entry: Any) -> bool:
    """Can the entry be written as UTF-8? A file name that is not (a Windows code page's name, unzipped here)
    is read by the system as lone surrogates: its line is not cached, only recomputed. A line read with one
    (a ``\\ud800`` escape) is not sound either: recomputed, never shown (it took the statistics screen down)."""
    return jsonsafe.encodable([key, entry])


def save_cache(cache_file: Path, entries: dict[str, Any]) -> None:
    entries = {key: entry for key, entry in entries.items() if _writable(key, entry)}
    with contextlib.suppress(OSError):  # a read-only folder: no cache, the figures are still right
        write_atomic(
            cache_file,
            json.dumps(
                {"format": CACHE_FORMAT, "version": CACHE_VERSION, "files": entries},
                ensure_ascii=False,
                allow_nan=False,
                separators=(",", ":"),
            ),
        )
