"""The replays list's index: the file ``replays-index.json`` in the cache folder (``game.cache_folder``).

«Повторы» replays every record to list it — 2000 games took 11 s at the first opening of each session. The index
keeps each record's line (its head, date, scores, winner and number of deals: ``ui.replays.line_of``) under the
file's stamp (``game.cache_folder.file_stamp``: inode, size, modification and change times), so a record
unchanged since is listed without being read. Only records that passed the gate are indexed, and opening one still
goes through the gate (``ui.replays.read_whole``). Like the statistics' cache, a missing, stale, corrupt or foreign
index is rebuilt, never fatal, and a read-only folder only means no index. No pygame here.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from game import jsonsafe
from game.atomic import write_atomic
from game.cache_folder import cache_root
from game.record import MAX_DEPTH

INDEX_NAME = "replays-index.json"
INDEX_FORMAT = "deberts-replays-index"
# raise when a line's fields or how they are computed change, or when the gate refuses what it took before:
# every record is read again
INDEX_VERSION = 2  # 2: ``given_up``
MAX_INDEX_BYTES = 8 * 1024 * 1024  # 2000 games are about 1.2 MB; a bigger one is rebuilt (29 MB took 1.9 s to parse)


def index_path() -> Path:
    return cache_root() / INDEX_NAME


def load_index(path: Path | None = None) -> dict[str, Any]:
    """The lines by file path; {} when the index is missing, corrupt, too big or of another version."""
    try:
        obj = jsonsafe.load_file(path or index_path(), MAX_INDEX_BYTES, MAX_DEPTH + 3)  # files, a path, its line
    except (OSError, ValueError):
        return {}
    if not isinstance(obj, dict) or obj.get("format") != INDEX_FORMAT or obj.get("version") != INDEX_VERSION:
        return {}
    lines = obj.get("files")
    return lines if isinstance(lines, dict) else {}


def save_index(lines: dict[str, Any], path: Path | None = None) -> None:
    """Write the index (ASCII: a file name the system gives as lone surrogates survives the round trip)."""
    with contextlib.suppress(OSError, ValueError):  # a read-only or full disk: no index, the list is still right
        write_atomic(
            path or index_path(),
            json.dumps(
                {"format": INDEX_FORMAT, "version": INDEX_VERSION, "files": lines},
                ensure_ascii=True,
                allow_nan=False,
                separators=(",", ":"),
            ),
        )
