"""Named opponents with a style («Жора Лихой», «Пётр Саввич», «Тётя Валя»), and «Ровня», who plays at your strength.

A character is data — one row of ``CHARACTERS``, the medium bot's parameters it changes — and its key is a level
name wherever one is used: ``make_player``, the records' ``meta.bot_level``, the statistics and the rating. So a
game against a character is saved, replayed and counted like one against a level. Its names and descriptions are in
the message catalogues (``level_<key>``, ``level_choice_<key>``, ``character.<key>``); its strength is the rating
``lab.characters`` measured against the anchored levels (``data/character-ratings.json``), read here, never tuned
by hand. Every character keeps the medium bot's etiquette (it never says a wrong word).

«Ровня» (``rovnya:<rating>``, a family of levels) is, up to medium's rating, the medium bot with a share ``slip``
of careless cards and bid noise growing with it; ``data/match-curve.json`` (``python -m lab.rovnya fit``) is the
measured rating of each ``slip``. Above it, up to hard's rating on the ladder, she takes hard's decision in a share
of her decisions (``knob_hard.HardKnob``), the share growing with the rating in a straight line — the points a deal
of the share halfway are checked against the line (``python -m lab.rovnya hard``). ``match_level(player_rating)``
names the opponent of that rating (within the range), and the record keeps the rating it was given: the
statistics rate the game against exactly that number.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

from game.bots.base import Player
from game.bots.medium import EasyBot, MediumBot
from game.rating import LEVEL_RATINGS

RATINGS_PATH = Path(__file__).resolve().parent / "data" / "character-ratings.json"
MATCH_CURVE_PATH = Path(__file__).resolve().parent / "data" / "match-curve.json"
MATCH_KEY = "rovnya"
MATCH_EMBLEM = "☯"
BID_NOISE_PER_SLIP = 40.0  # Ровня's bid noise (σ, hand-value points) per unit of slip: easy's 15 at 0.35 is about it


@dataclass(frozen=True, slots=True)
class Character:
    """One named opponent: the bot it starts from and the parameters (``MediumBot``'s attributes) it changes."""

    key: str
    emblem: str  # a glyph the UI's DejaVu Sans draws
    base: str  # "medium" or "easy"
    params: tuple[tuple[str, float], ...]
    pace: float = 1.0  # the table's pause before its moves, times the player's «Пауза соперника»


CHARACTERS: tuple[Character, ...] = (
    # bold: orders and names on hands medium passes, plays on against offers, draws trumps eagerly
    Character(
        "bold",
        "⚡",
        "medium",
        (
            ("order_threshold", 34.0),
            ("name_threshold", 36.0),
            ("threshold3", 50.0),  # at three too, 12 below medium's 62
            ("draw_bonus", 12.0),
            ("win_bonus", 3.0),
            ("refuse_offer_as_bidder_from", 55.0),
            ("refuse_offer_as_defender_from", 40.0),
        ),
    ),
    # careful: bids only strong hands, keeps its trumps, takes a sure 50
    Character(
        "careful",
        "⚖",
        "medium",
        (
            ("order_threshold", 58.0),
            ("name_threshold", 60.0),
            ("threshold3", 74.0),  # at three too, 12 above medium's 62
            ("trump_keep", 7.0),
            ("win_bonus", 0.0),
            ("refuse_offer_as_bidder_from", 90.0),
            ("refuse_offer_as_defender_from", 75.0),
            ("offer_as_defender_below", 0.0),
        ),
    ),
    # simple: plays fast by feel — a few careless cards, bids by eye, never counts the last tricks out
    Character(
        "simple",
        "☕",
        "easy",
        (("slip", 0.2), ("bid_noise", 10.0), ("endgame_cards", 0.0), ("trump_keep", 2.0)),
        pace=0.4,  # «играет быстро»: she moves sooner than the others
    ),
)

CHARACTER_KEYS: tuple[str, ...] = tuple(c.key for c in CHARACTERS)


def character(key: str) -> Character | None:
    return next((c for c in CHARACTERS if c.key == key), None)


def pace(level: str) -> float:
    """How long a seat's bot waits before it moves, as a share of the table's pause: a character's own, else 1."""
    ch = character(level)
    return 1.0 if ch is None else ch.pace


def make_character(ch: Character, seed: int = 0) -> MediumBot:
    """A fresh bot playing ``ch``; deterministic for a fixed ``seed``, like the levels."""
    bot = EasyBot(seed) if ch.base == "easy" else MediumBot(seed)
    for name, value in ch.params:
        if not hasattr(MediumBot, name):
            raise AttributeError(f"character {ch.key}: MediumBot has no parameter {name!r}")
        setattr(bot, name, int(value) if isinstance(getattr(MediumBot, name), int) else value)
    return bot


@cache
def character_ratings() -> dict[str, float]:
    """Each character's measured rating (``lab.characters`` writes the file); a missing one is left out."""
    try:
        data = json.loads(RATINGS_PATH.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    ratings = data.get("ratings", {}) if isinstance(data, dict) else {}
    return {k: float(v) for k, v in ratings.items() if k in CHARACTER_KEYS and isinstance(v, (int, float))}


def knob_bot(slip: float, seed: int = 0) -> MediumBot:
    """The medium rules with ``slip`` of the cards played at random and bids off by σ = 40·slip: Ровня's knob."""
    bot = MediumBot(seed)
    bot.slip = slip
    bot.bid_noise = BID_NOISE_PER_SLIP * slip
    return bot


@cache
def match_curve() -> tuple[tuple[float, float], ...]:
    """(slip, measured rating) along Ровня's knob, the rating falling as the slip grows; empty without the file."""
    try:
        data = json.loads(MATCH_CURVE_PATH.read_text("utf-8"))
        points = sorted((float(p[0]), float(p[1])) for p in data["points"])
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return ()
    if len(points) < 2 or any(b[1] >= a[1] for a, b in pairwise(points)):
        return ()  # not a usable curve: Ровня is not offered
    return tuple(points)


def match_range() -> tuple[float, float] | None:
    """The ratings Ровня can take (the curve's low end to hard's rating), or None when she cannot play."""
    curve = match_curve()
    return (curve[-1][1], max(curve[0][1], LEVEL_RATINGS["hard"])) if curve else None


@cache
def hard_share_curve() -> tuple[tuple[float, float], ...]:
    """(share of hard's decisions, the part of hard's points a deal against medium it earns), measured
    (``lab.rovnya hard``); a straight line when the file has none. The part grows more slowly than the share at
    first: hard's decisions are worth more together than apart."""
    try:
        data = json.loads(MATCH_CURVE_PATH.read_text("utf-8"))
        points = tuple(sorted((float(p[0]), float(p[1])) for p in data["hard"]["points"]))
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return ((0.0, 0.0), (1.0, 1.0))
    if len(points) < 2 or any(b[0] <= a[0] or b[1] <= a[1] for a, b in pairwise(points)):
        return ((0.0, 0.0), (1.0, 1.0))
    return points


def share_for(rating: float) -> float:
    """Above the curve's top (medium): the share of hard's decisions whose points a deal sit at ``rating``'s place
    on the ladder's line from medium's top (0) to hard's rating (1) — 0 at the top, 1 at hard."""
    top, hard = match_curve()[0][1], LEVEL_RATINGS["hard"]
    part = min(1.0, max(0.0, (rating - top) / (hard - top)))
    for (s0, p0), (s1, p1) in pairwise(hard_share_curve()):
        if part <= p1:
            return s0 + (s1 - s0) * (part - p0) / (p1 - p0)
    return 1.0


def slip_for(rating: float) -> float:
    """The slip whose measured rating is ``rating`` (linear between the curve's points, clamped to its ends)."""
    curve = match_curve()
    if not curve:
        raise ValueError("Ровня has no measured curve")
    if rating >= curve[0][1]:
        return curve[0][0]
    for (s0, r0), (s1, r1) in pairwise(curve):
        if rating >= r1:
            return s0 + (s1 - s0) * (r0 - rating) / (r0 - r1)
    return curve[-1][0]


def match_level(player_rating: float) -> str:
    """The level name of Ровня for a player of ``player_rating`` (held within what the curve covers)."""
    span = match_range()
    if span is None:
        return "medium"
    low, high = span
    return f"{MATCH_KEY}:{round(min(max(player_rating, low), high))}"


def _match_rating(name: str) -> float | None:
    family, sep, arg = name.partition(":")
    span = match_range()
    if family != MATCH_KEY or not sep or span is None or not (arg.isascii() and arg.isdigit()) or len(arg) > 5:
        return None
    value = float(arg)
    return value if span[0] - 1 <= value <= span[1] + 1 else None


def match_player(name: str, seed: int = 0) -> Player:
    """Ровня of the rating ``name`` gives (``rovnya:1432``): medium's knob up to its top, hard's share above it;
    ``ValueError`` for a name outside the range."""
    rating = _match_rating(name)
    if rating is None:
        raise ValueError(f"not a Ровня of a measured rating: {name!r}")
    if _above_medium(rating):
        from game.bots.knob_hard import HardKnob

        return HardKnob(share_for(rating), seed)
    return knob_bot(slip_for(rating), seed)


def searches(level: str) -> bool:
    """Does ``level`` think with hard's search (hard, or a Ровня above medium)? The table gives it two cores."""
    rating = _match_rating(level)
    return level == "hard" or (rating is not None and _above_medium(rating))


def _above_medium(rating: float) -> bool:
    """Is a Ровня of ``rating`` above the top of medium's knob (so hard's share, ``knob_hard``)?"""
    return rating > match_curve()[0][1]


def opponent_family(name: str) -> str:
    """The key an opponent is shown and tallied by: ``rovnya`` for every ``rovnya:<rating>``, else the name."""
    return MATCH_KEY if _match_rating(name) is not None else name


def is_opponent(name: object) -> bool:
    """Is ``name`` a level, a character or a Ровня the game offers (the names a record's ``bot_level`` may hold)?"""
    if not isinstance(name, str):
        return False
    return name in LEVEL_RATINGS or name in CHARACTER_KEYS or _match_rating(name) is not None


def opponent_rating(name: object) -> float | None:
    """The fixed rating of a level (the ladder), a character (measured) or a Ровня (its name); None otherwise."""
    if not isinstance(name, str):
        return None
    if name in LEVEL_RATINGS:
        return LEVEL_RATINGS[name]
    return character_ratings().get(name, _match_rating(name))
