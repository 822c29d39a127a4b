"""A small per-user progress file (the practice scores, the school's stars): ``{"format", "version", FIELD: {...}}``
in the data folder, written atomically. A corrupt or foreign file is moved aside and reported — never
overwritten, never fatal: the progress starts afresh."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from game import jsonsafe
from game.atomic import write_atomic
from game.jsonsafe import read_limited
from game.record import move_aside

T = TypeVar("T")


def entries(text: str, fmt: str, version: int, field: str, kind: str) -> dict[str, Any]:
    """The file's ``field`` object after its header is checked; raises ValueError saying what is wrong."""
    try:
        obj = jsonsafe.parse(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON at line {exc.lineno}: {exc.msg}") from None
    if not isinstance(obj, dict) or obj.get("format") != fmt:
        raise ValueError(f"not a {kind} file (format must be {fmt!r})")
    got = obj.get("version")
    if not isinstance(got, int) or isinstance(got, bool) or not 1 <= got <= version:
        raise ValueError(f"unknown version {got!r}")
    body = obj.get(field)
    if not isinstance(body, dict):
        raise ValueError(f"{field!r} must be an object")
    return body


def load(path: Path, max_bytes: int, parse: Callable[[str], T]) -> tuple[T | None, str | None, str | None]:
    """(what ``parse`` made of the file, or None; the error; where a bad file was moved). No file: all None. A file
    the system will not let us read now (no permission, EIO, a network folder gone) is not corrupt: it stays where
    it is, and the error comes without a place it was moved to (the store then never writes over it)."""
    if not path.exists():
        return None, None, None
    try:
        return parse(read_limited(path, max_bytes).decode("utf-8")), None, None
    except OSError as exc:  # (too big or not a regular file is a ValueError: moved aside below)
        return None, exc.strerror or str(exc), None
    except (UnicodeDecodeError, ValueError) as exc:
        try:
            moved = move_aside(path).name
        except OSError as move_exc:
            moved = f"? ({move_exc})"
        return None, str(exc), moved


def save(path: Path, fmt: str, version: int, field: str, body: object, **more: object) -> None:
    """Write the file whole (atomically), ``more``: other top-level fields beside ``field`` (a reader that does
    not know them passes them by); raises OSError for the caller to report."""
    data = {"format": fmt, "version": version, field: body, **more}
    write_atomic(path, json.dumps(data, ensure_ascii=False, allow_nan=False, indent=1) + "\n")
