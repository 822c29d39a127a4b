"""The player's rating: an Elo-scale estimate of strength against the bots, with its uncertainty (Glicko-1).

The bot levels are fixed points of the scale, anchored by the measured ladder of ``docs/bots.md`` (games to
501, duplicate decks): a level that wins a share ``p`` of games against the level below stands
``400·log10(p / (1 − p))`` points above it, and medium (the default opponent) is 1500. The player starts at 1500
with a deviation of 350 (knowing nothing) and is updated after each finished game, in date order, by the
Glicko-1 rule for one game against an opponent whose rating is known exactly (the bots do not change). Before each
game the deviation grows a little (``DRIFT``), so the rating keeps following a player who improves: with games
every day it settles near 80 rather than shrinking to nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

START = 1500.0
START_DEVIATION = 350.0
DRIFT = 20.0  # deviation added (in quadrature) before each game
MIN_DEVIATION = 30.0
Q = math.log(10) / 400

# (lower level, upper level, the upper one's share of games won), from docs/bots.md "How strong they are"
LADDER: tuple[tuple[str, str, float], ...] = (
    ("random", "easy", 0.983),
    ("easy", "medium", 0.688),
    ("medium", "hard", 0.729),
)
ANCHOR_LEVEL = "medium"


def elo_gap(share: float) -> float:
    """The rating difference at which the stronger side wins ``share`` of the games (the Elo curve inverted)."""
    share = min(max(share, 1e-6), 1 - 1e-6)
    return 400 * math.log10(share / (1 - share))


def level_ratings() -> dict[str, float]:
    """Each bot level's fixed rating: medium 1500, the others by the ladder's measured gaps."""
    ratings = {ANCHOR_LEVEL: START}
    changed = True
    while changed:
        changed = False
        for low, high, share in LADDER:
            gap = elo_gap(share)
            if low in ratings and high not in ratings:
                ratings[high] = ratings[low] + gap
                changed = True
            elif high in ratings and low not in ratings:
                ratings[low] = ratings[high] - gap
                changed = True
    return ratings


LEVEL_RATINGS: dict[str, float] = level_ratings()


def expected(rating: float, opponent: float) -> float:
    """The share of games a player of ``rating`` is expected to win against ``opponent``."""
    return 1.0 / (1.0 + 10 ** (-(rating - opponent) / 400))


@dataclass(frozen=True, slots=True)
class Rating:
    value: float = START
    deviation: float = START_DEVIATION
    games: int = 0

    def interval(self) -> tuple[float, float]:
        """About 95 % of the player's true strength lies within two deviations."""
        return self.value - 2 * self.deviation, self.value + 2 * self.deviation


def update(r: Rating, opponent: float, score: float) -> Rating:
    """One game (``score`` 1 for a win, 0 for a loss) against a fixed-rated opponent: Glicko-1 with g = 1."""
    rd = min(START_DEVIATION, math.hypot(r.deviation, DRIFT))
    e = expected(r.value, opponent)
    d2 = 1.0 / (Q * Q * e * (1 - e))
    precision = 1.0 / (rd * rd) + 1.0 / d2
    value = r.value + Q / precision * (score - e)
    deviation = max(MIN_DEVIATION, math.sqrt(1.0 / precision))
    return Rating(value, deviation, r.games + 1)
