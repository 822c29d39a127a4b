"""One game's facts from the player's side (``GameLine``; a practice drill's ``PracticeLine``): read once from
its record, its replay and its cached analysis — the unit the statistics add up and the cache keeps."""

from __future__ import annotations

import hashlib
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game import jsonsafe
from game.actions import Kind
from game.bots.characters import is_opponent
from game.game_facts import facts_of_match
from game.match import GameOverReason, Match
from game.names import printable
from game.record import GameRecord, load, replay, seat_levels
from game.services.analysis.cache import load_cached
from game.services.analysis.facts import BID_THRESHOLD, Analysis


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
    claimed: int = 0  # bids cut short by a claim during play or given up on «даве»
    given_up: int = 0  # the game's stake when it ended by «даве» refused (nothing written: its 0 : 0 is no margin)
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
    opponents: list[str] = field(default_factory=list)  # the bots, from the human's left ("" for one not known)

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
            if f.name == "opponents":
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    raise ValueError("opponents")
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
        level=level if is_opponent(level) and isinstance(level, str) else "",
        won=match.over.winner == you,
        mine=0,
        theirs=0,
        deals=0,
        deals_won=0,
        players=match.n,
    )
    levels = seat_levels(record.meta, match.n)  # for three the two may differ (meta.bot_levels)
    bots = (levels[(you + k) % match.n] for k in range(1, match.n))
    line.opponents = [lv if is_opponent(lv) else "" for lv in bots]
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
    line.given_up = facts.stake if facts.reason == GameOverReason.GAVE_UP else 0
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
