"""The games added up (``summarise``, ``compute``): tallies with Wilson intervals, streaks, the rating, skill by
analysis and the drills; their JSON (``stats --json``)."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.bots.characters import character_ratings, opponent_family, opponent_rating
from game.counts import player_count
from game.rating import LEVEL_RATINGS, Rating, update
from game.services.stats.facts import GameLine, Habit, PracticeLine
from game.services.stats.scan import Progress, scan

Z95 = 1.959964
TREND_GAMES = 10  # the skill trend compares the last games with as many before them
RECENT_SESSIONS = 3  # a drill's recent accuracy: its last sessions
# a habit is named only when the data shows it: enough decisions and mistakes of its kind, and clearly costlier
HABIT_MIN_DECISIONS = 12
HABIT_MIN_MISTAKES = 3
HABIT_FACTOR = 1.5


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

    def of_count(self, players: int) -> Stats:
        """The figures of the games of ``players``: these, or the ones counted apart (``three``; empty when none)."""
        if players == self.players:
            return self
        return self.three if self.three is not None else Stats(players=players)

    @property
    def points_per_deal(self) -> float | None:
        return self.points / self.total.deals if self.total.deals else None

    def sum(self, name: str) -> int:
        return sum(int(getattr(ln, name)) for ln in self.lines)

    def to_json(self, nested: bool = False) -> dict[str, Any]:
        """The figures as the ``stats --json`` command writes them; ``nested``: the three-player figures inside
        the whole (what is not per player count is said once, with the two-player figures)."""
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
        if not nested:  # what is not per player count: said once, with the two-player figures
            out.update(
                practice={k: v.to_json() for k, v in self.practice.items()},
                unfinished=self.unfinished,
                skipped=[{"file": f, "error": e} for f, e in self.skipped],
                since=self.since or None,
                three_players=None if self.three is None else self.three.to_json(nested=True),
            )
        return out

    def _rating_json(self) -> dict[str, Any] | None:
        """The rating is measured against the bots' two-player ladder: None for the three-player figures."""
        if not player_count(self.players).rated:
            return None
        low, high = self.rating.interval()
        return {
            "value": round(self.rating.value),
            "deviation": round(self.rating.deviation),
            "interval_95": [round(low), round(high)],
            "games": self.rating.games,
            "levels": {k: round(v) for k, v in LEVEL_RATINGS.items()},
            "characters": {k: round(v) for k, v in character_ratings().items()},
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
        for family in dict.fromkeys(opponent_family(lv) or "?" for lv in (ln.opponents or [ln.level])):
            # every Ровня under one name; a game of three under each of its opponents (once for both alike)
            s.by_level.setdefault(family, Tally()).add(ln)
        s.by_preset.setdefault(ln.preset, Tally()).add(ln)
        run = (max(run, 0) + 1) if ln.won else (min(run, 0) - 1)
        s.best_streak = max(s.best_streak, run)
        s.points += ln.mine
        if not ln.given_up and (s.best_game is None or ln.margin > s.best_game.margin):
            s.best_game = ln  # (a game given up on «даве» wrote nothing: «Лучшая партия 0 : 0» said nothing)
        if not ln.given_up and (s.worst_game is None or ln.margin < s.worst_game.margin):
            s.worst_game = ln
        fixed = opponent_rating(ln.level)  # a level's by the ladder, a character's as measured (lab.characters)
        if fixed is not None and player_count(players).rated:
            s.rating = update(s.rating, fixed, 1.0 if ln.won else 0.0)
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


def compute(data_dir: Path, *, use_cache: bool = True, progress: Progress | None = None, save: bool = True) -> Stats:
    """The statistics of the data directory (the cache read and refreshed as needed; ``save``: False in a window
    that does not hold the folder, which writes nothing there)."""
    sc = scan(data_dir, use_cache=use_cache, progress=progress, save=save)
    by_count: defaultdict[int, list[GameLine]] = defaultdict(list)
    for ln in sc.lines:
        by_count[ln.players].append(ln)
    s = summarise(by_count[2], sc.skipped, sc.unfinished, sc.since, sc.practice)
    s.three = summarise(by_count[3], since=sc.since, players=3)
    return s
