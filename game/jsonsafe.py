"""JSON from files we do not trust: a size limit, a nesting limit and bounded numbers, checked before parsing.

``json.loads`` alone turns hostile input into a ``RecursionError`` (deep nesting), a ``ValueError`` from
``int`` (thousands of digits) or ``inf``/``NaN`` values; here each of those is a ``JsonLimitError`` (a
``ValueError``) that says what is wrong, and reading refuses anything that is not a regular file of
reasonable size (a FIFO, a device, a directory) without blocking.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

MAX_DEPTH = 32  # a record needs 5 levels; settings and caches fewer
MAX_INT_DIGITS = 18  # every integer the game reads fits in 64 bits
_TOKENS = re.compile(r'[\[\]{}"\\]')


class JsonLimitError(ValueError):
    """The input breaks a limit (size, nesting, number size) or is not a regular file."""


def read_limited(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; ``OSError`` or ``JsonLimitError`` otherwise."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just below)
    fd = os.open(Path(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise JsonLimitError("not a regular file")
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise JsonLimitError(f"the file is larger than {max_bytes // 1024} KB")
    return data


def check_nesting(text: str, limit: int = MAX_DEPTH) -> None:
    """Refuse text whose arrays and objects nest deeper than ``limit`` (strings are skipped)."""
    depth = 0
    in_string = False
    skip_until = -1
    for m in _TOKENS.finditer(text):
        pos = m.start()
        if pos < skip_until:
            continue
        ch = m.group()
        if in_string:
            if ch == "\\":
                skip_until = pos + 2
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                raise JsonLimitError(f"nested deeper than {limit} levels")
        elif ch in "]}":
            depth -= 1


MAX_MAGNITUDE = 1e6  # no point value, loss or weight the game writes comes near: sums of them stay finite


def finite(value: object) -> float:
    """A number read from a file we do not trust: an ``int`` or ``float`` (not a bool, not a string such as
    ``"1e999"`` or ``"nan"``) of at most ``MAX_MAGNITUDE``, so that no sum of a few of them overflows;
    ``ValueError`` otherwise."""
    if type(value) not in (int, float):
        raise ValueError(f"a number expected, not {type(value).__name__}")
    number = float(value)  # type: ignore[arg-type]
    if not math.isfinite(number) or abs(number) > MAX_MAGNITUDE:
        raise ValueError(f"a number out of range: {str(value)[:20]}")
    return number


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise JsonLimitError(f"an integer of {len(text.lstrip('-'))} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonLimitError(f"a number out of range ({text[:20]})")
    return value


def _parse_constant(text: str) -> Any:
    raise JsonLimitError(f"{text} is not a JSON number")


def parse(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` within the limits; ``json.JSONDecodeError`` or ``JsonLimitError`` (both ValueError)."""
    check_nesting(text, max_depth)
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except RecursionError:  # check_nesting makes this unreachable; kept as a last guard
        raise JsonLimitError(f"nested deeper than {max_depth} levels") from None


def encodable(obj: Any) -> bool:
    """Can ``obj`` be written back as UTF-8 JSON? A ``\\ud800`` escape parses to a lone surrogate, which no font
    can measure and no file can hold: a cache line with one is not sound (recomputed, never shown)."""
    try:
        json.dumps(obj, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (UnicodeEncodeError, TypeError, ValueError):
        return False
    return True


def load_file(path: str | os.PathLike[str], max_bytes: int, max_depth: int = MAX_DEPTH) -> Any:
    """Read and parse a small JSON file: ``OSError``, ``UnicodeDecodeError`` or ``ValueError`` on any problem."""
    return parse(read_limited(path, max_bytes).decode("utf-8"), max_depth)


__all__ = [
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "JsonLimitError",
    "check_nesting",
    "encodable",
    "load_file",
    "parse",
    "read_limited",
]
