"""The ``stats --csv`` export: one row per counted game, written whole or not at all."""

from __future__ import annotations

import csv
import io
import os
import stat
from pathlib import Path
from typing import Any

from game.atomic import write_atomic
from game.services.stats.figures import Stats

# ------------------------------------------------------------------------------------------ export

CSV_COLUMNS = (
    "date",
    "file",
    "preset",
    "target",
    "level",
    "result",
    "mine",
    "theirs",
    "deals",
    "deals_won",
    "bids",
    "made",
    "baited",
    "hung",
    "baits_inflicted",
    "terz",
    "fifty",
    "belle",
    "rost_asked",
    "penalties",
    "rating",
    "deviation",
    "lost_per_deal",
    "players",
)


def csv_rows(stats: Stats) -> list[dict[str, Any]]:
    """One row per counted game, in date order, with the rating after it (two-player games); the three-player
    games too, their ``players`` column 3 and ``theirs`` the best of the other two totals."""
    after = {p.file: p for p in stats.rating_history}
    rows = []
    lines = stats.lines + (stats.three.lines if stats.three is not None else [])
    for ln in sorted(lines, key=lambda ln: (ln.date, ln.file)):
        p = after.get(ln.file)
        lpd = ln.lost_per_deal
        rows.append(
            {
                "date": ln.date,
                "file": file_text(ln.file),
                "preset": ln.preset,
                "target": ln.target,
                "level": ln.level,
                "result": "won" if ln.won else "lost",
                "mine": ln.mine,
                "theirs": ln.theirs,
                "deals": ln.deals,
                "deals_won": ln.deals_won,
                "bids": ln.bids,
                "made": ln.made,
                "baited": ln.baited,
                "hung": ln.hung,
                "baits_inflicted": ln.baits_inflicted,
                "terz": ln.terz,
                "fifty": ln.fifty,
                "belle": ln.belle,
                "rost_asked": ln.rost_asked,
                "penalties": ln.penalties,
                "rating": "" if p is None else round(p.value),
                "deviation": "" if p is None else round(p.deviation),
                "lost_per_deal": "" if lpd is None else round(lpd, 2),
                "players": ln.players,
            }
        )
    return rows


def file_text(name: str) -> str:
    """A file name as UTF-8 can hold it: a name that is not UTF-8 on disk (read as lone surrogates) keeps its
    bytes as ``\xef`` escapes, so the export is written and the file can still be told apart."""
    return os.fsencode(name).decode("utf-8", "backslashreplace")


class NotAnExport(ValueError):
    """The CSV's path names a file the game did not write as a statistics export (a record, settings, …)."""


class NotAFile(ValueError):
    """The CSV's path names a folder, a device or a pipe: never replaced, not even with ``--force`` (a FIFO hung
    the export; ``--force`` turned /dev/full into a CSV file)."""


class NoFolder(ValueError):
    """The CSV's folder does not exist: a mistyped path made the whole chain of folders without a word."""


def is_csv_export(path: Path) -> bool:
    """Does ``path`` hold a statistics export (its first line is our header)? A missing file counts as one; only
    a regular file is opened (a FIFO would wait for a writer forever)."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return False
        with open(path, encoding="utf-8", newline="") as f:
            first = f.readline(4096)
    except FileNotFoundError:
        return True
    except (OSError, UnicodeDecodeError):
        return False
    return first.rstrip("\r\n") == ",".join(CSV_COLUMNS)


def write_csv(path: Path, stats: Stats, force: bool = False) -> None:
    """The games as CSV, written whole or not at all (a full disk leaves the old file as it was); a file that is
    not an earlier export is replaced only with ``force`` (``NotAnExport``: a saved game must not become CSV)."""
    try:
        regular = stat.S_ISREG(path.stat().st_mode)
    except FileNotFoundError:
        regular = True  # a new file
    if not regular:
        raise NotAFile(f"{path.name or path} is not a regular file (a folder, a device or a pipe)")
    if not path.parent.is_dir():
        raise NoFolder(f"there is no folder {path.parent}")
    if not force and not is_csv_export(path):
        raise NotAnExport(f"{path.name} exists and is not a statistics export")
    out = io.StringIO(newline="")
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(csv_rows(stats))
    write_atomic(path, out.getvalue())
