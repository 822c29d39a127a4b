"""The player's record: statistics of the finished games in the data directory, a rating, and skill by analysis.

The records are the truth. Every ``games/*.json`` that the record loader accepts, that is finished, that has a
human seat (``meta.human_seat``: autoplay games have none) and is not a practice drill (``meta.practice``) is
one game from the human's side. Each is read once into a ``GameLine`` (``game_line``: its facts from
``game.game_facts``, its rost exchanges and penalties, and — when a cached analysis exists
(``game.analysis.cache_path``: the cache folder, by the record's content) — the points lost to the exact best play);
``summarise`` adds the lines up in date order.

A cache (``data_dir/stats-cache.json``) keeps each file's line under its size and modification time (and its
analysis file's), so 500 games are not replayed every time; a missing, stale or corrupt cache is recomputed,
never fatal. A reset (``reset``) moves the cache aside into ``data_dir/stats-old/`` and writes
``data_dir/stats-reset.json``: the games present then (by ``game_key``, which survives renaming) no longer
count; no game is ever deleted. No pygame here: the ``stats`` command and the «Статистика» screen share it.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import json
import math
import os
import shutil
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game import jsonsafe
from game.actions import Kind
from game.atomic import write_atomic
from game.bots.base import LEVELS
from game.errors import RecordError
from game.game_facts import facts_of_match
from game.match import Match
from game.names import printable
from game.rating import LEVEL_RATINGS, Rating, update
from game.record import MAX_BYTES, MAX_DEPTH, GameRecord, load, read_record_bytes, replay
from game.services.analysis.cache import cache_file, load_cached, record_digest
from game.services.analysis.facts import BID_THRESHOLD, Analysis

CACHE_NAME = "stats-cache.json"
RESET_NAME = "stats-reset.json"
OLD_DIR = "stats-old"
CACHE_FORMAT = "deberts-stats-cache"
# raise when GameLine or how it is computed changes: every line is recomputed (3: a claimed deal keeps its
# penalty and counts as a bid)
CACHE_VERSION = 3
MAX_CACHE_BYTES = 64 * 1024 * 1024
Z95 = 1.959964
TREND_GAMES = 10  # the skill trend compares the last games with as many before them
RECENT_SESSIONS = 3  # a drill's recent accuracy: its last sessions
# a habit is named only when the data shows it: enough decisions and mistakes of its kind, and clearly costlier
HABIT_MIN_DECISIONS = 12
HABIT_MIN_MISTAKES = 3
HABIT_FACTOR = 1.5

Progress = Callable[[int, int], None]


@dataclass(slots=True)
class Habit:
    """One kind of card decision (``habit_kind``): how often, its mistakes and the points they lost."""

    decisions: int = 0
    mistakes: int = 0
    lost: float = 0.0


@dataclass(slots=True)
class GameLine:
    """One finished game from the human's side (``you`` is the human's seat in the record)."""

    file: str
    key: str
    date: str  # the record's finish time (``meta.updated``), ISO, local time
    preset: str
    target: int
    level: str  # the bot level, or "" when the record does not say
    won: bool
    mine: int
    theirs: int
    deals: int  # scored deals (redeals left out)
    deals_won: int  # deals where the human wrote more
    redeals: int = 0
    bids: int = 0
    made: int = 0
    baited: int = 0
    hung: int = 0
    claimed: int = 0  # bids cut short by a claim during play
    baits_inflicted: int = 0  # the opponent's bids the human baited
    hanging_taken: int = 0
    terz: int = 0
    fifty: int = 0
    belle: int = 0
    opp_terz: int = 0
    opp_fifty: int = 0
    opp_belle: int = 0
    announced: int = 0  # deals where the human announced a sequence
    announced_lost: int = 0  # of those, deals where none of the human's sequences counted
    rost_asked: int = 0  # «рост?» said by the human
    rost_won: int = 0  # of those, deals where the human's sequence counted
    rost_against: int = 0  # «рост?» said by the opponent
    penalties: int = 0  # strict-etiquette penalties against the human
    opp_penalties: int = 0
    analysed: bool = False
    card_lost: float = 0.0  # points lost to the exact best card (mistakes, as the replay viewer counts them)
    bid_lost: float = 0.0  # estimated points lost in bidding (the fitted evaluator; bids off by 5 or more)
    card_decisions: int = 0
    mistakes: int = 0
    habits: dict[str, Habit] = field(default_factory=dict)
    players: int = 2  # seats at the table: two- and three-player games are counted apart
    others: list[int] = field(default_factory=list)  # the others' final totals, from the human's left

    @property
    def margin(self) -> int:
        return self.mine - self.theirs

    @property
    def lost_per_deal(self) -> float | None:
        if not self.analysed or not self.deals:
            return None
        return (self.card_lost + self.bid_lost) / self.deals

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, obj: Any) -> GameLine:
        """Strictly typed (a cache may be anything): ``ValueError`` when a field is missing or of a wrong type."""
        if not isinstance(obj, dict):
            raise ValueError("a game line is an object")
        kw: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in obj:
                raise ValueError(f"missing {f.name}")
            value = obj[f.name]
            kind = str(f.type)
            if f.name == "others":
                if not isinstance(value, list) or not all(type(v) is int for v in value):
                    raise ValueError("others")
                kw[f.name] = list(value)
                continue
            if f.name == "habits":
                if not isinstance(value, dict):
                    raise ValueError("habits")
                kw[f.name] = {
                    str(k): Habit(int(v["decisions"]), int(v["mistakes"]), jsonsafe.finite(v["lost"]))
                    for k, v in value.items()
                }
                continue
            ok = {
                "str": isinstance(value, str),
                "int": type(value) is int,
                "bool": type(value) is bool,
                "float": type(value) in (int, float) and abs(value) <= jsonsafe.MAX_MAGNITUDE,  # finite: nan fails
            }.get(kind, False)
            if not ok:
                raise ValueError(f"{f.name}: {kind} expected")
            kw[f.name] = float(value) if kind == "float" else value
        return cls(**kw)


@dataclass(slots=True)
class PracticeLine:
    """One announcement-practice drill (``meta.practice``): its situation and the answers right of those given."""

    file: str
    key: str
    date: str
    situation: str
    right: int
    total: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, obj: Any) -> PracticeLine:
        if not isinstance(obj, dict):
            raise ValueError("a practice line is an object")
        texts = [obj.get(k) for k in ("file", "key", "date", "situation")]
        counts = [obj.get(k) for k in ("right", "total")]
        if not all(isinstance(t, str) for t in texts) or not all(type(n) is int for n in counts):
            raise ValueError("a practice line's fields")
        return cls(*texts, *counts)  # type: ignore[arg-type]


def practice_line(record: GameRecord, file: str) -> PracticeLine | None:
    """A drill's answers (``meta.practice.answers``: each with ``correct``), or None when it holds none."""
    practice = record.meta.get("practice")
    if not isinstance(practice, dict) or not isinstance(practice.get("answers"), list):
        return None
    given = [a.get("correct") for a in practice["answers"] if isinstance(a, dict)]
    marks: list[bool] = [m for m in given if isinstance(m, bool)]
    if not marks:
        return None
    date = str(record.meta.get("updated") or record.meta.get("created") or "")
    return PracticeLine(
        file, game_key(record), date, printable(str(practice.get("situation", "?")), 60), sum(marks), len(marks)
    )


# ------------------------------------------------------------------------------------------ one game


def game_key(record: GameRecord) -> str:
    """A game's identity that survives renaming and moving: its start time, players and first deck."""
    first = record.deals[0] if record.deals else None
    text = "|".join(
        (
            str(record.meta.get("created", "")),
            *record.players,
            str(record.first_dealer),
            " ".join(str(int(c)) for c in first.deck) if first else "",
        )
    )
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:20]


def human_seat(record: GameRecord) -> int | None:
    seat = record.meta.get("human_seat")
    return seat if type(seat) is int and 0 <= seat < record.rules.players else None


def counts_as_game(record: GameRecord) -> bool:
    """The player's own game against a bot (not autoplay, not a practice drill)."""
    return human_seat(record) is not None and not isinstance(record.meta.get("practice"), dict)


def habit_kind(role: str, lead: bool, trump: bool) -> str:
    """A card decision's kind: ``bidder``/``defender`` (who chose the trump), lead or follow, trump or not."""
    return f"{role}.{'lead' if lead else 'follow'}.{'trump' if trump else 'plain'}"


def game_line(
    record: GameRecord,
    file: str,
    analysis: Analysis | None = None,
    match: Match | None = None,
    mtime: float | None = None,
) -> GameLine | None:
    """The line of one finished game of the player's (None for an unfinished game or one that does not count)."""
    you = human_seat(record)
    if you is None or not counts_as_game(record):
        return None
    match = match or replay(record)
    if match.over is None:
        return None
    date = str(record.meta.get("updated") or record.meta.get("created") or "")
    if not date and mtime is not None:
        date = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(mtime))
    level = record.meta.get("bot_level")
    line = GameLine(
        file=file,
        key=game_key(record),
        date=date,
        preset=record.rules.name,
        target=record.rules.target,
        level=level if level in LEVELS else "",
        won=match.over.winner == you,
        mine=0,
        theirs=0,
        deals=0,
        deals_won=0,
        players=match.n,
    )
    _sheet_facts(line, match, you)
    for deal in match.deals:
        r = deal.result
        spoken = [(seat, a.kind) for seat, a in deal.history]
        counted = r is not None and bool(r.players[you].sequences)
        if any(s == you and k is Kind.ANNOUNCE for s, k in spoken):
            line.announced += 1
            line.announced_lost += 0 if counted else 1
        asked = sum(1 for s, k in spoken if s == you and k is Kind.ROST)
        line.rost_asked += asked
        line.rost_won += asked if counted else 0
        line.rost_against += sum(1 for s, k in spoken if s != you and k is Kind.ROST)
        if r is not None:
            line.penalties += sum(1 for p in r.penalties if p.seat == you)
            line.opp_penalties += sum(1 for p in r.penalties if p.seat != you)
    if analysis is not None:
        add_analysis(line, match, analysis, you)
    return line


def _sheet_facts(line: GameLine, match: Match, you: int) -> None:
    """The sheet's figures from the human's side, as the game-over screen counts them (``game.game_facts``), for
    two or three players (docs/stats.md): ``theirs`` is the best of the others' totals (the game is settled by
    that difference), a deal is won by writing strictly the most, a bait inflicted is a bid of any opponent that
    was baited, the opponents' combinations are all of theirs."""
    facts = facts_of_match(match)
    others = [(you + i) % match.n for i in range(1, match.n)]  # for three: the left, then the right
    me = facts.sides[you]
    line.mine = facts.final[you]
    line.others = [facts.final[p] for p in others]
    line.theirs = max(line.others)
    line.deals, line.redeals = facts.scored_deals, facts.redeals
    line.deals_won = sum(1 for ln in facts.lines if ln.written[you] > max(ln.written[p] for p in others))
    line.bids, line.made, line.baited, line.hung, line.claimed = me.bids, me.made, me.baited, me.hung, me.claimed
    line.hanging_taken = me.hanging_taken
    line.terz, line.fifty, line.belle = me.terz, me.fifty, me.belle
    line.baits_inflicted = sum(facts.sides[p].baited for p in others)
    line.opp_terz = sum(facts.sides[p].terz for p in others)
    line.opp_fifty = sum(facts.sides[p].fifty for p in others)
    line.opp_belle = sum(facts.sides[p].belle for p in others)


def add_analysis(line: GameLine, match: Match, analysis: Analysis, you: int) -> None:
    """The points the human lost to the exact best card (and, estimated, in bidding), and their kinds."""
    line.analysed = True
    for da in analysis.deals:
        if not 0 <= da.index < len(match.deals):
            continue
        deal = match.deals[da.index]
        history = deal.history
        for b in da.bids:
            if b.seat == you and b.loss >= BID_THRESHOLD:
                line.bid_lost += b.loss
        for d in da.decisions:
            if d.seat != you or not 0 <= d.action < len(history):
                continue
            plays_before = sum(1 for _, a in history[: d.action] if a.kind is Kind.PLAY)
            role = "bidder" if deal.bidder == you else "defender"
            trump = deal.trump is not None and d.played // 8 == int(deal.trump)
            habit = line.habits.setdefault(habit_kind(role, plays_before % 2 == 0, trump), Habit())
            habit.decisions += 1
            line.card_decisions += 1
            if d.mistake:
                habit.mistakes += 1
                habit.lost += d.loss
                line.mistakes += 1
                line.card_lost += d.loss


def read_file(path: Path) -> tuple[str, GameLine | PracticeLine | None]:
    """Load (the one gate: ``RecordError`` for a bad file), replay, and read the cached analysis if it fits.
    ("line", the line) for a finished game of the player's; ("unfinished", None) for one left unfinished;
    ("practice", its line) for a practice drill; ("other", None) for any other record (autoplay)."""
    record = load(path)
    drill = practice_line(record, path.name)
    if drill is not None:
        return "practice", drill
    if not counts_as_game(record):
        return "other", None
    match = replay(record)
    if match.over is None:
        return "unfinished", None
    # the screen's analysis (sampled), or the exact-only one: the losses are the same
    analysis = load_cached(path, True, record) or load_cached(path, False, record)
    try:
        mtime: float | None = path.stat().st_mtime
    except OSError:
        mtime = None
    line = game_line(record, path.name, analysis, match, mtime)
    return ("line", line) if line is not None else ("other", None)


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


def _analysis_stamps(path: Path) -> list[list[int | str] | None]:
    """The stamps of a record's two analysis caches (sampled, exact-only: content-keyed), the record read once;
    None each for a record that cannot be read."""
    try:
        data = read_record_bytes(path)
    except (OSError, RecordError):
        return [None, None]
    return [_stamp(cache_file(record_digest(data, sampled))) for sampled in (True, False)]


def _stamp(path: Path) -> list[int | str] | None:
    """(size, modification time in ns as text: 19 digits, more than the JSON reader's limit for integers)."""
    try:
        st = path.stat()
    except OSError:
        return None
    return [st.st_size, str(st.st_mtime_ns)]


def load_cache(path: Path) -> dict[str, Any]:
    """The cache's entries by file name; {} when it is missing, corrupt, too big or of another version."""
    try:
        obj = jsonsafe.load_file(path, MAX_CACHE_BYTES, MAX_DEPTH)
    except (OSError, ValueError):
        return {}
    if not isinstance(obj, dict) or obj.get("format") != CACHE_FORMAT or obj.get("version") != CACHE_VERSION:
        return {}
    entries = obj.get("files")
    return entries if isinstance(entries, dict) else {}


def load_reset(data_dir: Path) -> tuple[str, set[str]]:
    """(since, the keys of the games that no longer count); a missing or unreadable file: ("", set())."""
    try:
        obj = jsonsafe.load_file(data_dir / RESET_NAME, MAX_BYTES, MAX_DEPTH)
    except (OSError, ValueError):
        return "", set()
    if not isinstance(obj, dict):
        return "", set()
    keys = obj.get("excluded")
    since = obj.get("since")
    return (
        since if isinstance(since, str) else "",
        {k for k in keys if isinstance(k, str)} if isinstance(keys, list) else set(),
    )


def scan(data_dir: Path, *, use_cache: bool = True, progress: Progress | None = None) -> Scan:
    """Every record in ``data_dir/games``: from the cache when its file is unchanged, else read (and cached)."""
    games_dir = data_dir / "games"
    files = record_files(games_dir)
    cache_file = data_dir / CACHE_NAME
    old = load_cache(cache_file) if use_cache else {}
    since, excluded = load_reset(data_dir)
    out = Scan(since=since)
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
    if use_cache and changed and games_dir.is_dir():  # no games folder: nothing to keep, nothing created
        save_cache(cache_file, entries)
    out.lines.sort(key=lambda ln: (ln.date, ln.file))
    out.practice.sort(key=lambda ln: (ln.date, ln.file))
    return out


def save_cache(cache_file: Path, entries: dict[str, Any]) -> None:
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
        target = old_dir / f"{Path(name).stem}-{tag}.json"
        n = 1
        while target.exists():
            target = old_dir / f"{Path(name).stem}-{tag}-{n}.json"
            n += 1
        return target

    previous = data_dir / RESET_NAME
    if previous.exists():  # 1. a copy, byte for byte: the old reset stays in force until the new one replaces it
        shutil.copyfile(previous, kept(RESET_NAME))
    write_atomic(  # 2.
        data_dir / RESET_NAME,
        json.dumps(
            {"format": "deberts-stats-reset", "since": stamp, "excluded": keys},
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


# ------------------------------------------------------------------------------------------ the figures


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share: honest for small ``n`` (never outside 0…1, not empty at 0 or n)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(slots=True)
class Tally:
    games: int = 0
    wins: int = 0
    deals: int = 0
    deals_won: int = 0

    def add(self, line: GameLine) -> None:
        self.games += 1
        self.wins += 1 if line.won else 0
        self.deals += line.deals
        self.deals_won += line.deals_won

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        rate = self.win_rate
        return {
            "games": self.games,
            "wins": self.wins,
            "deals": self.deals,
            "deals_won": self.deals_won,
            "win_rate": None if rate is None else round(rate, 4),
            "win_rate_95": [round(low, 4), round(high, 4)],
        }


@dataclass(frozen=True, slots=True)
class RatingPoint:
    date: str
    file: str
    level: str
    won: bool
    value: float
    deviation: float


@dataclass(slots=True)
class Skill:
    """Points lost to the best play, from the analyses that exist."""

    games: int = 0  # games with an analysis
    deals: int = 0
    card_lost: float = 0.0
    bid_lost: float = 0.0
    series: list[tuple[str, float]] = field(default_factory=list)  # (date, points lost per deal) by game
    habits: dict[str, Habit] = field(default_factory=dict)

    @property
    def per_deal(self) -> float | None:
        return (self.card_lost + self.bid_lost) / self.deals if self.deals else None

    def split(self) -> tuple[float, float] | None:
        """(bidding, card play) points lost per deal."""
        return (self.bid_lost / self.deals, self.card_lost / self.deals) if self.deals else None

    def trend(self, n: int = TREND_GAMES) -> tuple[float, float] | None:
        """(the last ``n`` analysed games, the up to ``n`` before them): mean points lost per deal; None until
        there are ``n`` games and at least ``n`` // 2 before them."""
        values = [v for _, v in self.series]
        if len(values) < n + max(1, n // 2):
            return None
        last, before = values[-n:], values[-2 * n : -n]
        return sum(last) / len(last), sum(before) / len(before)

    def worst_habit(self) -> tuple[str, Habit, float] | None:
        """The kind of card decision that loses most per decision — only when the data shows it: at least
        ``HABIT_MIN_DECISIONS`` decisions and ``HABIT_MIN_MISTAKES`` mistakes of that kind, and losing at least
        ``HABIT_FACTOR`` times as much per decision as the player's other decisions. (kind, its habit, the other
        decisions' loss per decision)."""
        best: tuple[str, Habit, float] | None = None
        total_dec = sum(h.decisions for h in self.habits.values())
        total_lost = sum(h.lost for h in self.habits.values())
        for kind, h in self.habits.items():
            if h.decisions < HABIT_MIN_DECISIONS or h.mistakes < HABIT_MIN_MISTAKES:
                continue
            rest_dec = total_dec - h.decisions
            rest = (total_lost - h.lost) / rest_dec if rest_dec else 0.0
            mine = h.lost / h.decisions
            if mine < HABIT_FACTOR * rest or mine <= 0:
                continue
            if best is None or mine > best[1].lost / best[1].decisions:
                best = (kind, h, rest)
        return best

    def to_json(self) -> dict[str, Any]:
        split = self.split()
        trend = self.trend()
        habit = self.worst_habit()
        return {
            "games": self.games,
            "deals": self.deals,
            "lost_per_deal": None if self.per_deal is None else round(self.per_deal, 2),
            "bidding_per_deal": None if split is None else round(split[0], 2),
            "card_play_per_deal": None if split is None else round(split[1], 2),
            "trend": None
            if trend is None
            else {"last": round(trend[0], 2), "before": round(trend[1], 2), "games": TREND_GAMES},
            "worst_habit": None
            if habit is None
            else {
                "kind": habit[0],
                "decisions": habit[1].decisions,
                "mistakes": habit[1].mistakes,
                "lost_per_decision": round(habit[1].lost / habit[1].decisions, 2),
                "others_per_decision": round(habit[2], 2),
            },
            "habits": {k: asdict(h) for k, h in sorted(self.habits.items())},
        }


@dataclass(slots=True)
class Drills:
    """One practice situation over time: every session's (date, right, answers)."""

    sessions: list[tuple[str, int, int]] = field(default_factory=list)

    @property
    def right(self) -> int:
        return sum(r for _, r, _ in self.sessions)

    @property
    def total(self) -> int:
        return sum(t for _, _, t in self.sessions)

    def recent(self, n: int = RECENT_SESSIONS) -> tuple[int, int]:
        """(right, answers) in the last ``n`` sessions: is the player getting it now?"""
        last = self.sessions[-n:]
        return sum(r for _, r, _ in last), sum(t for _, _, t in last)

    def to_json(self) -> dict[str, Any]:
        right, total = self.recent()
        return {
            "right": self.right,
            "total": self.total,
            "sessions": len(self.sessions),
            "recent": {"sessions": min(RECENT_SESSIONS, len(self.sessions)), "right": right, "total": total},
            "history": [{"date": d, "right": r, "total": t} for d, r, t in self.sessions],
        }


@dataclass(slots=True)
class Stats:
    total: Tally = field(default_factory=Tally)
    by_level: dict[str, Tally] = field(default_factory=dict)
    by_preset: dict[str, Tally] = field(default_factory=dict)
    streak: int = 0  # +n: the last n games won; −n: the last n lost
    best_streak: int = 0
    best_game: GameLine | None = None
    worst_game: GameLine | None = None
    points: int = 0  # the human's final scores added up
    lines: list[GameLine] = field(default_factory=list)
    rating: Rating = field(default_factory=Rating)
    rating_history: list[RatingPoint] = field(default_factory=list)
    skill: Skill = field(default_factory=Skill)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    unfinished: int = 0
    since: str = ""
    practice: dict[str, Drills] = field(default_factory=dict)  # by situation, in the order first practised
    players: int = 2  # the games counted here: two-player ones (the rating's), or three-player ones
    three: Stats | None = None  # ``compute``: the three-player games' figures, apart (no rating, no practice)

    @property
    def points_per_deal(self) -> float | None:
        return self.points / self.total.deals if self.total.deals else None

    def sum(self, name: str) -> int:
        return sum(int(getattr(ln, name)) for ln in self.lines)

    def to_json(self) -> dict[str, Any]:
        t = self.total.to_json()
        ppd = self.points_per_deal
        out: dict[str, Any] = {
            "players": self.players,
            **t,
            "by_level": {k: v.to_json() for k, v in self.by_level.items()},
            "by_preset": {k: v.to_json() for k, v in self.by_preset.items()},
            "streak": {"current": self.streak, "best": self.best_streak},
            "best_game": None if self.best_game is None else _game_json(self.best_game),
            "worst_game": None if self.worst_game is None else _game_json(self.worst_game),
            "points_per_deal": None if ppd is None else round(ppd, 2),
            "bids": {
                k: self.sum(k)
                for k in ("bids", "made", "baited", "hung", "claimed", "baits_inflicted", "hanging_taken")
            },
            "announcements": {
                "yours": {k: self.sum(k) for k in ("terz", "fifty", "belle")},
                "opponent": {k: self.sum(f"opp_{k}") for k in ("terz", "fifty", "belle")},
                "announced": self.sum("announced"),
                "announced_lost": self.sum("announced_lost"),
            },
            "rost": {"asked": self.sum("rost_asked"), "won": self.sum("rost_won"), "against": self.sum("rost_against")},
            "penalties": {"yours": self.sum("penalties"), "opponent": self.sum("opp_penalties")},
            "rating": self._rating_json(),
            "skill": self.skill.to_json(),
        }
        if self.players == 2:  # what is not per player count: said once, with the two-player figures
            out.update(
                practice={k: v.to_json() for k, v in self.practice.items()},
                unfinished=self.unfinished,
                skipped=[{"file": f, "error": e} for f, e in self.skipped],
                since=self.since or None,
                three_players=None if self.three is None else self.three.to_json(),
            )
        return out

    def _rating_json(self) -> dict[str, Any] | None:
        """The rating is measured against the bots' two-player ladder: None for the three-player figures."""
        if self.players != 2:
            return None
        low, high = self.rating.interval()
        return {
            "value": round(self.rating.value),
            "deviation": round(self.rating.deviation),
            "interval_95": [round(low), round(high)],
            "games": self.rating.games,
            "levels": {k: round(v) for k, v in LEVEL_RATINGS.items()},
            "history": [
                {
                    "date": p.date,
                    "file": p.file,
                    "level": p.level,
                    "won": p.won,
                    "value": round(p.value, 1),
                    "deviation": round(p.deviation, 1),
                }
                for p in self.rating_history
            ],
        }


def _game_json(line: GameLine) -> dict[str, Any]:
    return {
        "file": line.file,
        "date": line.date,
        "preset": line.preset,
        "level": line.level,
        "won": line.won,
        "score": [line.mine, *(line.others or [line.theirs])],  # the human's total first, then from their left
        "margin": line.margin,
    }


def summarise(
    lines: Iterable[GameLine],
    skipped: Iterable[tuple[str, str]] = (),
    unfinished: int = 0,
    since: str = "",
    practice: Iterable[PracticeLine] = (),
    players: int = 2,
) -> Stats:
    """Add the games up in date order: tallies, streaks, best and worst game, the rating after each game, skill;
    and the practice drills by situation. ``players`` says which games these are: the rating is two-player only
    (its bots' ladder was measured two-handed; docs/stats.md)."""
    s = Stats(skipped=list(skipped), unfinished=unfinished, since=since, players=players)
    for p in sorted(practice, key=lambda ln: (ln.date, ln.file)):
        s.practice.setdefault(p.situation, Drills()).sessions.append((p.date, p.right, p.total))
    s.lines = sorted(lines, key=lambda ln: (ln.date, ln.file))
    run = 0
    for ln in s.lines:
        s.total.add(ln)
        s.by_level.setdefault(ln.level or "?", Tally()).add(ln)
        s.by_preset.setdefault(ln.preset, Tally()).add(ln)
        run = (max(run, 0) + 1) if ln.won else (min(run, 0) - 1)
        s.best_streak = max(s.best_streak, run)
        s.points += ln.mine
        if s.best_game is None or ln.margin > s.best_game.margin:
            s.best_game = ln
        if s.worst_game is None or ln.margin < s.worst_game.margin:
            s.worst_game = ln
        if ln.level in LEVEL_RATINGS and players == 2:
            s.rating = update(s.rating, LEVEL_RATINGS[ln.level], 1.0 if ln.won else 0.0)
            s.rating_history.append(RatingPoint(ln.date, ln.file, ln.level, ln.won, s.rating.value, s.rating.deviation))
        if ln.analysed and ln.deals:
            k = s.skill
            k.games += 1
            k.deals += ln.deals
            k.card_lost += ln.card_lost
            k.bid_lost += ln.bid_lost
            k.series.append((ln.date, (ln.card_lost + ln.bid_lost) / ln.deals))
            for kind, h in ln.habits.items():
                acc = k.habits.setdefault(kind, Habit())
                acc.decisions += h.decisions
                acc.mistakes += h.mistakes
                acc.lost += h.lost
    s.streak = run
    return s


def compute(data_dir: Path, *, use_cache: bool = True, progress: Progress | None = None) -> Stats:
    """The statistics of the data directory (the cache read and refreshed as needed)."""
    sc = scan(data_dir, use_cache=use_cache, progress=progress)
    two = [ln for ln in sc.lines if ln.players == 2]
    s = summarise(two, sc.skipped, sc.unfinished, sc.since, sc.practice)
    s.three = summarise([ln for ln in sc.lines if ln.players == 3], since=sc.since, players=3)
    return s


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
                "file": ln.file,
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


class NotAnExport(ValueError):
    """The CSV's path names a file the game did not write as a statistics export (a record, settings, …)."""


def is_csv_export(path: Path) -> bool:
    """Does ``path`` hold a statistics export (its first line is our header)? A missing file counts as one."""
    try:
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
    if not force and not is_csv_export(path):
        raise NotAnExport(f"{path.name} exists and is not a statistics export")
    out = io.StringIO(newline="")
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(csv_rows(stats))
    write_atomic(path, out.getvalue())
