"""Command-line numbers checked at the door (argparse types), the same for the game's commands and the lab's.

A number the door takes must be one the rest of the program keeps: a 20-digit ``--seed`` was taken, stored, and
then every autosave was refused by the record loader's own limit (issue 23). argparse turns the
``ArgumentTypeError`` into its one-line message and exit 2.
"""

from __future__ import annotations

import argparse
import errno
import os
from collections.abc import Callable
from pathlib import Path

from game.names import printable


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An integer within [low, high]."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text[:30]!r}") from None
        if not low <= value <= high:
            shown = text if len(text) <= 30 else text[:30] + "…"
            raise argparse.ArgumentTypeError(f"{shown} is not in {low}…{high}")
        return value

    return parse


def user_path(text: str) -> str:
    """A path whose leading ``~`` or ``~user`` is expanded; an unknown user is refused by name («~nosuchuser/d»
    raised RuntimeError from ``Path.expanduser``: a traceback and exit 1 instead of argparse's message, exit 2),
    and so is an empty one (``--csv ""`` printed the statistics and wrote nothing, silently)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path")
    try:
        return str(expand_user(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def in_the_way(path: Path) -> Path:
    """What stands in the way of ``path``: for "not a folder" the first part of it that is a file (a file named as
    the data folder's parent: «…/xdgfile/deberts» named a path that was not there), else ``path`` itself."""
    for part in reversed(path.parents):
        try:
            if part.exists() and not part.is_dir():
                return part
        except OSError:
            break
    return path


def folder_path(text: str) -> str:
    """``user_path`` for a folder: an existing file there is refused by name (``stats --data-dir /etc/passwd``
    printed empty statistics as if the folder were new)."""
    path = user_path(text)
    shown = printable(path, 200)
    try:
        os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):  # a link to a folder that is not there (an unplugged disk, a share not mounted)
            raise argparse.ArgumentTypeError(
                f"{shown} is a link to {printable(os.readlink(path), 200)}, which is not there"
            ) from None
        return path  # a new folder, made at the first save
    except OSError as exc:  # a loop of links, a file on the way («file/sub»), no access
        why = printable(exc.strerror or str(exc), 200)
        blocking = in_the_way(Path(path))
        if exc.errno == errno.ENOTDIR and blocking != Path(path):
            why = f"{printable(str(blocking), 200)} is a file, not a folder"  # the file in the way, by name
        raise argparse.ArgumentTypeError(f"{shown} cannot be used as a folder: {why}") from None
    if not Path(path).is_dir():
        raise argparse.ArgumentTypeError(f"{shown} is a file, not a folder")
    return path


def expand_user(text: str | Path) -> Path:
    """``Path(text).expanduser()``, with ValueError naming the home folder that cannot be found."""
    try:
        return Path(text).expanduser()
    except RuntimeError:
        head = str(text).split("/", 1)[0]
        raise ValueError(f"no home folder for {head[:40]!r}") from None
