"""The games folder: every record read through the cache (``scan``), the reset that starts counting anew."""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import jsonsafe
from game.atomic import free_path, write_atomic
from game.errors import RecordError
from game.names import printable
from game.record import MAX_BYTES, MAX_DEPTH
from game.services.stats.cache import CACHE_NAME, _analysis_stamps, _stamp, load_cache, save_cache
from game.services.stats.facts import GameLine, PracticeLine, read_file

RESET_NAME = "stats-reset.json"
RESET_FORMAT = "deberts-stats-reset"
OLD_DIR = "stats-old"

Progress = Callable[[int, int], None]


# ------------------------------------------------------------------------------------------ the folder


@dataclass(slots=True)
class Scan:
    """What the games folder gave: the lines, the files skipped with why, and the unfinished games."""

    lines: list[GameLine] = field(default_factory=list)
    practice: list[PracticeLine] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (file name, the loader's message)
    unfinished: int = 0
    from_cache: int = 0
    read: int = 0
    since: str = ""  # the last reset's time, "" when never reset


def record_files(games_dir: Path) -> list[Path]:
    if not games_dir.is_dir():
        return []
    return sorted(p for p in games_dir.glob("*.json") if not p.name.endswith(".analysis.json") and p.is_file())


def load_reset(data_dir: Path) -> tuple[str, set[str]]:
    """(since, the keys of the games that no longer count); a missing or unreadable file: ("", set())."""
    since, keys, _ = read_reset(data_dir)
    return since, keys


def read_reset(data_dir: Path) -> tuple[str, set[str], str | None]:
    """``load_reset`` and why the file there could not be read (None when it was read or is not there): a reset
    file with a BOM (saved by Notepad) was silently ignored, and every game it had set aside counted again."""
    try:
        obj = jsonsafe.load_file(data_dir / RESET_NAME, MAX_BYTES, MAX_DEPTH)
    except FileNotFoundError:
        return "", set(), None
    except (OSError, ValueError) as exc:
        return "", set(), printable(getattr(exc, "strerror", None) or str(exc) or type(exc).__name__, 200)
    if not isinstance(obj, dict) or obj.get("format", RESET_FORMAT) != RESET_FORMAT:
        return "", set(), "not a reset file of this game"
    keys = obj.get("excluded")
    since = obj.get("since")
    return (
        since if isinstance(since, str) else "",
        {k for k in keys if isinstance(k, str)} if isinstance(keys, list) else set(),
        None,
    )


def scan(data_dir: Path, *, use_cache: bool = True, progress: Progress | None = None, save: bool = True) -> Scan:
    """Every record in ``data_dir/games``: from the cache when its file is unchanged, else read (and cached, unless
    ``save`` is False: a read-only window wrote the statistics' cache into the other window's folder)."""
    games_dir = data_dir / "games"
    files = record_files(games_dir)
    cache_file = data_dir / CACHE_NAME
    old = load_cache(cache_file) if use_cache else {}
    since, excluded, unread = read_reset(data_dir)
    out = Scan(since=since)
    if unread is not None:  # said with the files skipped: every game counts until it is mended or reset again
        out.skipped.append((RESET_NAME, f"the statistics' reset could not be read ({unread}); every game counts"))
    entries: dict[str, Any] = {}
    changed = not use_cache or len(old) != len(files)
    for i, path in enumerate(files):
        if progress is not None:
            progress(i, len(files))
        stamp = [_stamp(path), *_analysis_stamps(path)]
        entry = old.get(path.name)
        line: GameLine | PracticeLine | None = None
        cached = False
        if isinstance(entry, dict) and entry.get("stamp") == stamp:
            try:
                kind = entry.get("kind")
                if kind == "line":
                    line = GameLine.from_json(entry.get("line"))
                elif kind == "practice":
                    line = PracticeLine.from_json(entry.get("line"))
                elif kind not in ("other", "unfinished", "error"):
                    raise ValueError("kind")
                cached = True
            except (ValueError, KeyError, TypeError):
                cached = False
        if cached and isinstance(entry, dict):
            out.from_cache += 1
            kind = entry["kind"]
            if kind == "error":
                out.skipped.append((path.name, str(entry.get("error", ""))))
            elif kind == "unfinished":
                out.unfinished += 1
            entries[path.name] = entry
        else:
            changed = True
            out.read += 1
            entry = {"stamp": stamp}
            try:
                kind, line = read_file(path)
            except RecordError as exc:
                entry.update(kind="error", error=str(exc))
                out.skipped.append((path.name, str(exc)))
            except Exception as exc:  # anything a damaged file may trigger: skipped with a note, never fatal
                entry.update(kind="error", error=printable(repr(exc), 300))
                out.skipped.append((path.name, entry["error"]))
            else:
                entry["kind"] = kind
                if line is not None:
                    entry["line"] = line.to_json()
                out.unfinished += 1 if kind == "unfinished" else 0
            entries[path.name] = entry
        if isinstance(line, GameLine) and line.key not in excluded:
            out.lines.append(line)
        elif isinstance(line, PracticeLine) and line.key not in excluded:
            out.practice.append(line)
    if progress is not None:
        progress(len(files), len(files))
    if save and use_cache and changed and games_dir.is_dir():  # no games folder: nothing to keep, nothing created
        save_cache(cache_file, entries)
    out.lines.sort(key=lambda ln: (ln.date, ln.file))
    out.practice.sort(key=lambda ln: (ln.date, ln.file))
    return out


def reset(data_dir: Path, now: str | None = None) -> Path | None:
    """Start counting from now: ``stats-reset.json`` lists every game present now, the previous reset file is
    kept in ``stats-old/`` and the cache moves there too. Games are never touched. Returns where the cache went.

    Crash-safe in its order of steps (issue 23: the old reset file was moved before the new one was written, so
    a kill between the two undid the earlier reset): 1. a *copy* of the old reset file into ``stats-old/``;
    2. the new reset file replaces the old one at once (``write_atomic``); 3. the cache is moved. A kill after
    any step leaves either the old reset or the new one in force, never none."""
    stamp = now or time.strftime("%Y-%m-%dT%H:%M:%S")
    sc = scan(data_dir)
    keys = sorted({ln.key for ln in sc.lines} | {ln.key for ln in sc.practice} | load_reset(data_dir)[1])
    old_dir = data_dir / OLD_DIR
    tag = stamp.replace(":", "").replace("-", "")

    def kept(name: str) -> Path:
        old_dir.mkdir(parents=True, exist_ok=True)
        return free_path(old_dir, f"{Path(name).stem}-{tag}")

    previous = data_dir / RESET_NAME
    if previous.exists():  # 1. a copy, byte for byte: the old reset stays in force until the new one replaces it
        shutil.copyfile(previous, kept(RESET_NAME))
    write_atomic(  # 2.
        data_dir / RESET_NAME,
        json.dumps(
            {"format": RESET_FORMAT, "since": stamp, "excluded": keys},
            ensure_ascii=False,
            allow_nan=False,
            indent=1,
        )
        + "\n",
    )
    moved: Path | None = None
    cache = data_dir / CACHE_NAME
    if cache.exists():  # 3. the old cache goes: every game is read again (and now counted from the reset)
        moved = kept(CACHE_NAME)
        os.replace(cache, moved)
    return moved
