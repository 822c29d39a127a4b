"""The records the replay browser lists: the game in progress, finished games, shipped samples, any file.

No pygame here: ``list_records`` reads and validates each file (a broken one is listed with its
``RecordError`` message, never raised), or takes its line from the index of an earlier session
(``ui.replays_index``) while the file is as it was; ``trash``/``rename`` manage the user's own files. Samples are
read-only: they live in ``saves/`` beside the assets (``ui.paths.ROOT``, PyInstaller-aware), the samples for
three players in ``saves/three/``.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.atomic import free_path
from game.bots.characters import is_opponent, opponent_family
from game.cache_folder import Stamp, file_stamp
from game.errors import NewerRecord, RecordError
from game.game_facts import GameFacts, facts_of_match
from game.match import GameOverReason, Match
from game.names import file_label, printable
from game.record import (
    MAX_DEALS,
    GameRecord,
    RecordHead,
    head_from_json,
    head_of,
    head_to_json,
    load_match,
    seat_levels,
)
from ui.i18n import has, tr
from ui.paths import ROOT, Paths
from ui.replays_index import index_path, load_index, save_index

SAVES_DIR = ROOT / "saves"


@dataclass(slots=True)
class RecordEntry:
    path: Path
    kind: str  # "current" / "game" / "sample" / "file"
    head: RecordHead | None = None  # None: the file is broken (``error`` says why)
    error: str | None = None
    date: str = ""
    scores: tuple[int, ...] = (0, 0)
    winner: int | None = None
    deals: int = 0
    given_up: int = 0  # the game's stake when it ended by «даве» refused (its scores, 0 : 0, say nothing)
    whole: tuple[GameRecord, GameFacts] | None = None  # the record and its facts: ``read_whole``
    gone: bool = False  # the file is no longer there (deleted or moved since it was listed): not «повреждён»
    newer: int = 0  # a newer version's record (its format): not «повреждён» either

    @property
    def trouble(self) -> str:
        """Why a broken entry shows nothing, as a catalogue key's ending: "gone", "newer" or "broken"."""
        return "gone" if self.gone else "newer" if self.newer else "broken"

    @property
    def name(self) -> str:
        """The file's name as it may be shown (``game.names.file_label``: any bytes the system allows)."""
        return file_label(self.path.name)

    @property
    def stem(self) -> str:
        return file_label(self.path.stem)

    @property
    def where(self) -> str:
        return file_label(str(self.path), 400)

    @property
    def broken(self) -> bool:
        return self.head is None

    @property
    def editable(self) -> bool:
        """May it be renamed / deleted (the user's own files; never the shipped samples)."""
        return self.kind in ("current", "game")

    @property
    def preset(self) -> str:
        if self.head is None:
            return "?"
        r = self.head.rules
        return f"{r.name} {r.target}" if r.target else f"{r.name} 1"

    @property
    def players(self) -> tuple[str, ...]:
        """The record's names, one per seat (two or three)."""
        if self.head is None:
            return ("?", "?")
        return self.head.players

    @property
    def seats(self) -> int:
        """How many play: 2, or 3 for «деберц втроём»."""
        return 2 if self.head is None else self.head.rules.players


def load_for_viewing(path: str | os.PathLike[str]) -> GameRecord:
    """``load`` (the one gate), and a record the viewer can show: at least one deal."""
    return _viewable(path)[0]


def _viewable(path: str | os.PathLike[str]) -> tuple[GameRecord, Match]:
    record, match = load_match(path)
    if not record.deals:
        raise RecordError(f"{printable(Path(path).name)}: the record holds no deal to replay")
    return record, match


Key = tuple[str, str, Stamp]  # (the path, the kind, the file's stamp: ``game.cache_folder.file_stamp``)

_SEEN: dict[Key, RecordEntry] = {}
"""The entries read this session: «Повторы» with 2000 games took 16 s at every opening and 45 s back from a replay,
reading and replaying every file again; a file changed since is read anew."""

_INDEX: tuple[Path, dict[str, Any]] | None = None
"""The index's lines by path (``ui.replays_index``) and where they were read, loaded at the first listing of the
session, then kept as written: the first opening of a session lists the records an earlier one read without
replaying them."""


def _index() -> dict[str, Any]:
    global _INDEX
    where = index_path()
    if _INDEX is None or _INDEX[0] != where:  # --data-dir, or a test, chose another cache folder
        _INDEX = (where, load_index(where))
    return _INDEX[1]


_LOCK = threading.Lock()
"""Guards ``_SEEN`` and ``_INDEX``: the browser reads in a thread while the window may read a file («Открыть файл»)
or open the list again (two readers crashed each other, and the list waited for rows for ever)."""


def read_entry(path: Path, kind: str) -> RecordEntry:
    """The list's line for a file: read once a session while the file stays as it was, and not at all while the
    index has it as it is."""
    if "\x00" in os.fsdecode(path):  # no file can be named so (the OS refuses it with ValueError, not OSError)
        nowhere = RecordEntry(Path(path), kind)
        nowhere.error, nowhere.gone = f"{os.fsdecode(path)!r}: no such file", True
        return nowhere
    key = _key(path, kind)
    if key is None:
        return _read_entry(path, kind)
    entry = _known(path, key)
    if entry is None:
        entry = _read_entry(path, kind)  # the slow part, outside the lock
        with _LOCK:
            entry = _SEEN.setdefault(key, entry)
    return entry


def _known(path: Path, key: Key) -> RecordEntry | None:
    """The entry for the file as it is now without reading the file: read this session, or the index's line."""
    with _LOCK:
        entry = _SEEN.get(key)
        if entry is None:
            entry = entry_of_line(path, key[1], key[2], _index().get(key[0]))
            if entry is not None:
                _SEEN[key] = entry
        return entry


def _key(path: Path, kind: str) -> Key | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (os.fsdecode(path), kind, file_stamp(st))


def _read_entry(path: Path, kind: str) -> RecordEntry:
    entry = RecordEntry(Path(path), kind)
    with contextlib.suppress(OSError):
        entry.date = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    try:
        record, match = _viewable(path)
    except RecordError as exc:
        _unreadable(entry, exc)
        return entry
    except Exception as exc:  # anything a damaged file may trigger: listed as broken, never fatal
        entry.error = repr(exc)
        return entry
    _fill(entry, record, match)
    return entry


def _unreadable(entry: RecordEntry, exc: RecordError) -> None:
    """What the gate said of the entry's file: why, whether the file is gone, whether a newer version wrote it."""
    entry.error, entry.gone = str(exc), not os.path.lexists(entry.path)
    entry.newer = exc.version if isinstance(exc, NewerRecord) else 0


def _fill(entry: RecordEntry, record: GameRecord, match: Match) -> None:
    """The entry's line from what the gate read (so a line from the index is put right once the file is read)."""
    entry.head = head_of(record)
    stamp = str(record.meta.get("updated") or record.meta.get("created") or "")
    date = "".join(ch for ch in stamp.replace("T", " ") if ch.isprintable())[:16]  # a foreign date's marks: not shown
    if date:
        entry.date = date
    entry.scores = match.scores
    entry.winner = match.over.winner if match.over else None
    entry.given_up = match.over.stake if match.over and match.over.reason is GameOverReason.GAVE_UP else 0
    entry.deals = len(match.deals)
    entry.whole = (record, facts_of_match(match))


def read_whole(entry: RecordEntry) -> tuple[GameRecord, GameFacts] | None:
    """The entry's record and its facts, through the gate (an entry from the index has only its head); None for a
    broken file. A file read now may have broken or changed since it was listed: the entry then says so."""
    if entry.whole is None and entry.head is not None:
        try:
            record, match = _viewable(entry.path)
        except RecordError as exc:
            entry.head = None
            _unreadable(entry, exc)
        except Exception as exc:  # as in ``_read_entry``
            entry.head, entry.error = None, repr(exc)
        else:
            _fill(entry, record, match)
    return entry.whole


def line_of(entry: RecordEntry, kind: str, stamp: Stamp) -> dict[str, Any] | None:
    """The entry's line in the index; None for a broken file (it is read again, and tells why again)."""
    if entry.head is None:
        return None
    return {
        "kind": kind,
        "stamp": list(stamp),
        "head": head_to_json(entry.head),
        "date": entry.date,
        "scores": list(entry.scores),
        "winner": entry.winner,
        "deals": entry.deals,
        "given_up": entry.given_up,
    }


def entry_of_line(path: Path, kind: str, stamp: Stamp, line: Any) -> RecordEntry | None:
    """The entry an index line gives for the file as it is now; None when the line is not for it or not sound (a
    hand-edited index is checked as a record's head is: it is only read again)."""
    if not isinstance(line, dict) or line.get("kind") != kind or line.get("stamp") != list(stamp):
        return None
    try:
        head = head_from_json(line.get("head"))
    except RecordError:
        return None
    seats = head.rules.players
    date, scores, winner, deals = line.get("date"), line.get("scores"), line.get("winner"), line.get("deals")
    given_up = line.get("given_up")
    if not (
        isinstance(date, str)
        and len(date) <= 16
        and date.isprintable()
        and isinstance(scores, list)
        and len(scores) == seats
        and all(type(x) is int and abs(x) < 10**9 for x in scores)
        and (winner is None or (type(winner) is int and 0 <= winner < seats))
        and type(deals) is int
        and 1 <= deals <= MAX_DEALS
        and type(given_up) is int
        and 0 <= given_up < 10**6
    ):
        return None
    return RecordEntry(
        Path(path), kind, head, date=date, scores=tuple(scores), winner=winner, deals=deals, given_up=given_up
    )


def _mtime(path: Path) -> float:
    """When a file was last written; 0 for an entry that cannot be looked at (a link to nothing, a loop of links):
    it is listed last, as broken, never a crash of the whole list (issue 23)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def list_records(
    paths: Paths,
    samples_dir: Path = SAVES_DIR,
    progress: Callable[[int, int], None] | None = None,
    files: list[tuple[Path, str]] | None = None,
) -> list[RecordEntry]:
    """Every record the browser lists: the game in progress, the games folder (newest first), the samples.
    ``progress(done, total)`` after each file (the browser reads many in a thread and says how far it is);
    ``files``: ``record_files`` already listed (the browser counted the unread ones in them)."""
    global _INDEX
    files = record_files(paths, samples_dir) if files is None else files
    out = []
    for done, (path, kind) in enumerate(files, start=1):
        out.append(read_entry(path, kind))
        if progress is not None:
            progress(done, len(files))
    with _LOCK:
        listed = {id(e) for e in out}
        for key in [k for k, e in _SEEN.items() if id(e) not in listed]:  # gone or changed: forgotten
            del _SEEN[key]
        lines = {key[0]: line for key, e in _SEEN.items() if (line := line_of(e, key[1], key[2])) is not None}
        where = index_path()
        changed = lines != _index()
        if changed:
            _INDEX = (where, lines)
    if changed:
        save_index(lines, where)
    return out


def record_files(paths: Paths, samples_dir: Path = SAVES_DIR) -> list[tuple[Path, str]]:
    """The files ``list_records`` reads, in its order, each with its kind."""
    out: list[tuple[Path, str]] = []
    if paths.current_game.exists():
        out.append((paths.current_game, "current"))
    if paths.games_dir.is_dir():
        index = index_path()  # a cache folder pointed at the games folder: the index is not a game
        games = [p for p in paths.games_dir.glob("*.json") if not p.name.endswith(".analysis.json") and p != index]
        out += [(p, "game") for p in sorted(games, key=lambda p: (_mtime(p), p.name), reverse=True)]
    for folder in (samples_dir, samples_dir / "three"):  # the samples for three players have their own folder
        if folder.is_dir():
            out += [
                (p, "sample")
                for p in sorted(folder.glob("*.json"))
                if p.name != "manifest.json" and not p.name.endswith(".analysis.json")
            ]
    return out


def unread(files: list[tuple[Path, str]]) -> int:
    """How many of ``files`` ``read_entry`` will read: neither read this session nor in the index as they are now
    (the index's sound lines are taken now: cheap, and a line it would refuse is counted as unread)."""
    return sum(1 for path, kind in files if (key := _key(path, kind)) is None or _known(path, key) is None)


def trash(paths: Paths, path: Path) -> Path:
    """Delete = move into ``data_dir/trash/`` (with its analysis cache); returns the new place."""
    target_dir = paths.data_dir / "trash"
    target_dir.mkdir(parents=True, exist_ok=True)
    target = free_path(target_dir, path.stem, path.suffix)
    os.replace(path, target)
    cache = path.with_name(path.name + ".analysis.json")  # an analysis cached beside it by an older version
    if cache.exists():
        os.replace(cache, target.with_name(target.name + ".analysis.json"))
    return target


_BAD = re.compile(r"[^\w\- .]+", re.UNICODE)


class RenameRefused(ValueError):
    """A name ``rename`` will not take: ``reason`` "empty" (nothing left of it) or "exists" (another file's)."""

    def __init__(self, reason: str, name: str = "") -> None:
        super().__init__(f"{name} already exists" if reason == "exists" else "empty name")
        self.reason, self.name = reason, name


def rename(path: Path, new_name: str) -> Path:
    """Rename within the same folder; ``new_name`` without ``.json`` is fine. Refuses to overwrite
    (``RenameRefused``)."""
    stem = _BAD.sub("_", new_name.strip()).strip(" .")
    if stem.lower().endswith(".json"):
        stem = stem[:-5]
    if stem.lower().endswith(".analysis"):  # «итог.analysis.json» is skipped as an old analysis cache: hidden
        stem = stem[:-9] + "_analysis"
    if not stem:
        raise RenameRefused("empty")
    target = path.with_name(stem + ".json")
    if target == path:
        return path
    if target.exists():
        raise RenameRefused("exists", file_label(target.name))
    os.replace(path, target)
    cache = path.with_name(path.name + ".analysis.json")
    if cache.exists():
        os.replace(cache, target.with_name(target.name + ".analysis.json"))
    return target


# ---------------------------------------------------------------- the browser's table: groups, columns, filters

# the samples by file stem, in teaching order (saves/README.md's); their names in words are ``sample_<stem>`` in
# ui.i18n
SAMPLE_ORDER: tuple[str, ...] = (
    "moscow-bait",
    "moscow-hanging",
    "moscow-chained-tie",
    "moscow-rost-trump",
    "kharkov-rost-earlier",
    "moscow-seven-swap",
    "moscow-strict-false-rost",
    "moscow-full-501",
    "club-four-sevens",
    "club-chained-tie",
    "book-fifty-over-terz",
    "book-belle",
    "one_strike-bait",
    "yellowclub-full-501",
    "offer-fifty",
    "one_strike-dave",
    "moscow-three-players",
    "kharkov-three-hanging",
)

RESULTS = ("won", "lost", "unfinished")  # the result filter's choices (besides "any")


def sample_title(entry: RecordEntry) -> str:
    """A sample's name in words; an unknown sample falls back to its record's description, then its file name."""
    key = f"sample_{entry.path.stem}"
    if has(key):
        return tr(key)
    described = entry.head.meta.get("description") if entry.head is not None else None
    return str(described) if described else entry.stem


def sample_order(entry: RecordEntry) -> tuple[int, str]:
    keys = list(SAMPLE_ORDER)
    stem = entry.path.stem
    return (keys.index(stem) if stem in keys else len(keys), stem)


def you_seat(entry: RecordEntry) -> int | None:
    """The human's seat in one of the player's own games (``meta.human_seat``, else seat 0); None for samples."""
    if entry.head is None or entry.kind == "sample":
        return None
    seat = entry.head.meta.get("human_seat")
    return seat if seat in range(entry.head.rules.players) else 0


def practice_answers(entry: RecordEntry) -> tuple[int, int] | None:
    """(right, given) answers of a practice drill's record (``meta.practice``); None for any other record."""
    practice = entry.head.meta.get("practice") if entry.head is not None else None
    if not isinstance(practice, dict):
        return None
    answers = practice.get("answers")
    given = [a for a in answers if isinstance(a, dict)] if isinstance(answers, list) else []
    return sum(1 for a in given if a.get("correct") is True), len(given)


def result_for_you(entry: RecordEntry) -> str | None:
    """ "won" / "lost" / "unfinished" from the human's side; None for a sample or a broken file."""
    seat = you_seat(entry)
    if seat is None:
        return None
    if entry.winner is None:
        return "unfinished"
    return "won" if entry.winner == seat else "lost"


def bot_levels(entry: RecordEntry) -> list[str]:
    """Each bot's level as shown (a character's key, Ровня's family), from the human's left; [] when the record
    does not say or has no human seat."""
    seat = you_seat(entry)
    if entry.head is None or seat is None:
        return []
    n = entry.head.rules.players
    levels = seat_levels(entry.head.meta, n)
    shown = [levels[(seat + k) % n] for k in range(1, n)]
    return [opponent_family(lv) for lv in shown] if all(is_opponent(lv) for lv in shown) else []


def bot_level(entry: RecordEntry) -> str | None:
    level = entry.head.meta.get("bot_level") if entry.head is not None else None
    return opponent_family(level) if isinstance(level, str) and is_opponent(level) else None


def newest_first(entries: list[RecordEntry]) -> list[RecordEntry]:
    """The player's own records: the game in progress, then the rest newest first (by the record's own time
    stamp, else the file's)."""
    by_date = sorted(entries, key=lambda e: (e.date, e.path.name), reverse=True)
    return sorted(by_date, key=lambda e: e.kind != "current")
