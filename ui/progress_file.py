"""A small per-user progress file (the practice scores, the school's stars): ``{"format", "version", FIELD: {...}}``
in the data folder, written atomically. A corrupt or foreign file is moved aside and reported — never
overwritten, never fatal: the progress starts afresh. A newer version's file is left where it is, unread and not
written over, so that the newer version finds it again."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from game import jsonsafe
from game.atomic import write_atomic
from game.jsonsafe import read_limited
from game.record import move_aside
from ui.saving import file_problem_words

T = TypeVar("T")


class NewerFile(ValueError):
    """The file says a newer format version than this program writes: not corrupt, only not ours to read."""


@dataclass(frozen=True, slots=True)
class Loaded(Generic[T]):
    """What ``load`` made of a file: ``value`` (None: nothing read); ``error``, why not; ``moved``, where a corrupt
    file was set aside; ``newer``: a newer version wrote it. A file with an error and not moved stays unread."""

    value: T | None = None
    error: str | None = None
    moved: str | None = None
    newer: bool = False


def entries(text: str, fmt: str, version: int, field: str, kind: str) -> dict[str, Any]:
    """The file's ``field`` object after its header is checked; raises ValueError saying what is wrong."""
    try:
        obj = jsonsafe.parse(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON at line {exc.lineno}: {exc.msg}") from None
    if not isinstance(obj, dict) or obj.get("format") != fmt:
        raise ValueError(f"not a {kind} file (format must be {fmt!r})")
    got = obj.get("version")
    if isinstance(got, int) and not isinstance(got, bool) and got > version:
        raise NewerFile(f"written by a newer version of the game (format version {got}; this one reads {version})")
    if not isinstance(got, int) or isinstance(got, bool) or not 1 <= got <= version:
        raise ValueError(f"unknown version {got!r}")
    body = obj.get(field)
    if not isinstance(body, dict):
        raise ValueError(f"{field!r} must be an object")
    return body


def load(path: Path, max_bytes: int, parse: Callable[[str], T]) -> Loaded[T]:
    """What ``parse`` made of the file; no file: an empty ``Loaded``. A file the system will not let us read now (no
    permission, EIO, a network folder gone) is not corrupt, nor is a newer version's: it stays where it is, and the
    error comes without a place it was moved to (the store then never writes over it)."""
    if not path.exists():
        return Loaded()
    try:
        return Loaded(parse(read_limited(path, max_bytes).decode("utf-8")))
    except OSError as exc:  # (too big or not a regular file is a ValueError: moved aside below)
        return Loaded(
            error=file_problem_words(OSError(exc.errno, exc.strerror, str(path)), reading=True)
        )  # in the player's words
    except NewerFile as exc:
        return Loaded(error=str(exc), newer=True)
    except (UnicodeDecodeError, ValueError) as exc:
        try:
            moved = move_aside(path).name
        except OSError as move_exc:
            moved = f"? ({move_exc})"
        return Loaded(error=str(exc), moved=moved)


def save(path: Path, fmt: str, version: int, field: str, body: object, **more: object) -> None:
    """Write the file whole (atomically), ``more``: other top-level fields beside ``field`` (a reader that does
    not know them passes them by); raises OSError for the caller to report."""
    data = {"format": fmt, "version": version, field: body, **more}
    write_atomic(path, json.dumps(data, ensure_ascii=False, allow_nan=False, indent=1) + "\n")
