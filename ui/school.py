"""«Школа», the parts without pygame: the progress file (the stars of each lesson) and the path's words.

The progress lives in ``data_dir/school.json`` (atomic write), the best stars per lesson and, once the path's
first real deal was played to its end, ``"first_deal": true`` (a later field of version 1: a file without it is
a path not yet finished, and an older program reading the field passes it by). A corrupt file is moved aside and
reported — never overwritten, never fatal: the path starts afresh.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from game import jsonsafe
from game.school import LESSONS
from ui import progress_file
from ui.i18n import tr
from ui.paths import Paths
from ui.saving import reason_words

log = logging.getLogger(__name__)

FORMAT = "deberts-school"
VERSION = 1
MAX_BYTES = 256 * 1024


def st(key: str, **kw: object) -> str:
    """A school text in the current language."""
    return tr(f"school.{key}", **kw)


def star_text(stars: int) -> str:
    """«★★☆»: the stars earned out of three."""
    return "★" * stars + "☆" * (3 - stars)


@dataclass
class SchoolStore:
    """``{"format", "version", "lessons": {key: stars}, "first_deal": true}``: the best stars of each lesson played
    to its end; ``first_deal``: the path's first real deal was played to its end (the path is finished)."""

    path: Path
    stars: dict[str, int] = field(default_factory=dict)
    first_deal: bool = False
    error: str | None = None  # a load or save problem to report
    moved: str | None = None  # where a corrupt file was moved
    unread: bool = False  # the file is there but could not be read: never written over this session
    newer: bool = False  # (unread) a newer version of the game wrote it

    @classmethod
    def for_paths(cls, paths: Paths) -> SchoolStore:
        return cls.load(paths.data_dir / "school.json")

    @classmethod
    def load(cls, path: Path) -> SchoolStore:
        got = progress_file.load(path, MAX_BYTES, _parse)
        stars, first_deal = got.value if got.value is not None else ({}, False)
        unread = got.error is not None and got.moved is None
        return cls(path, stars, first_deal, got.error, got.moved, unread=unread, newer=got.newer)

    def get(self, lesson: str) -> int:
        return self.stars.get(lesson, 0)

    def next_lesson(self) -> str | None:
        """The first lesson in the path's order not yet passed (None: all passed)."""
        return next((key for key in LESSONS if not self.get(key)), None)

    def record(self, lesson: str, stars: int) -> None:
        """Keep the best of the earlier and this result, and write it."""
        self.stars[lesson] = max(stars, self.get(lesson))
        self.save()

    @property
    def finished(self) -> bool:
        """The whole path: every lesson passed and the first real deal played."""
        return self.first_deal and self.next_lesson() is None

    def record_first_deal(self) -> None:
        """The first real deal was played to its end."""
        self.first_deal = True
        self.save()

    def save(self) -> None:
        if self.unread:  # the player's progress is in the file we could not read: kept, not written over
            return
        try:
            more = {"first_deal": True} if self.first_deal else {}
            progress_file.save(self.path, FORMAT, VERSION, "lessons", self.stars, **more)
            self.error = None
        except OSError as exc:
            self.error = st("save_failed", error=reason_words(exc, self.path.parent))
            log.warning("school progress not saved (%s): %s", self.path, exc)


def _parse(text: str) -> tuple[dict[str, int], bool]:
    """Validate the progress file: (the stars, the first deal played); raises ValueError saying what is wrong.
    Lessons it does not know (a newer version's, a removed one) are kept as they are."""
    lessons = progress_file.entries(text, FORMAT, VERSION, "lessons", "school progress")
    first_deal = jsonsafe.parse(text).get("first_deal", False)  # entries has checked it is an object
    if not isinstance(first_deal, bool):
        raise ValueError("'first_deal' must be true or false")
    out: dict[str, int] = {}
    for key, value in lessons.items():
        if not key.isprintable() or len(key) > 100:
            raise ValueError("a lesson's name is not printable text")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
            raise ValueError(f"lesson {key!r}: the stars must be 0 to 3")
        out[str(key)] = value
    return out, first_deal


__all__ = ["SchoolStore", "st", "star_text"]
