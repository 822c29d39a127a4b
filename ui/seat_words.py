"""Words about a seat in its grammatical person, for two or three players.

For two, ``key.you`` / ``key.opponent`` (``ui.i18n.tr_seat``); for three, ``key.you`` / ``key.left`` /
``key.right`` — «соперник слева забирает» is a different sentence, not a template with a name (Russian agrees
the verb and the pronouns with the speaker). The side comes from ``ui.seats.seat_side``.
"""

from __future__ import annotations

from ui.i18n import tr
from ui.seats import Relation, relation

# the older key families say «me» or «you» for the player and «opp» for the one opponent (``log_trick_me``,
# ``dealer_you``, ``dealer_opp``); the newer ones the relation itself (``sum_bait.opponent``)
LOG_SUFFIX: dict[Relation, str] = {"you": "me", "opponent": "opp", "left": "left", "right": "right"}
SHEET_SUFFIX: dict[Relation, str] = {"you": "you", "opponent": "opp", "left": "left", "right": "right"}


def seat_suffix(seat: int, me: int, players: int) -> str:
    """``you`` for the player's own seat, else ``opponent`` (two players) or ``left`` / ``right`` (three)."""
    return relation(me, seat, players)


def tr_side(key: str, seat: int, me: int, players: int, **kw: object) -> str:
    """``key.you`` / ``key.opponent`` for two players, ``key.you`` / ``key.left`` / ``key.right`` for three."""
    return tr(f"{key}.{relation(me, seat, players)}", **kw)
