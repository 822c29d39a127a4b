"""Words about a seat in its grammatical person, for two or three players.

For two, ``key.you`` / ``key.opponent`` (``ui.i18n.tr_seat``); for three, ``key.you`` / ``key.left`` /
``key.right`` — «соперник слева забирает» is a different sentence, not a template with a name (Russian agrees
the verb and the pronouns with the speaker). The side comes from ``ui.seats.seat_side``.
"""

from __future__ import annotations

from ui.i18n import tr, tr_seat
from ui.seats import seat_side


def seat_suffix(seat: int, me: int, players: int) -> str:
    """``you`` for the player's own seat, else ``opponent`` (two players) or ``left`` / ``right`` (three)."""
    if seat == me:
        return "you"
    return "opponent" if players == 2 else seat_side(me, seat, players)


def tr_side(key: str, seat: int, me: int, players: int, **kw: object) -> str:
    """``key.you`` / ``key.opponent`` for two players, ``key.you`` / ``key.left`` / ``key.right`` for three."""
    if players == 2:
        return tr_seat(key, seat, me, **kw)
    return tr(f"{key}.{seat_suffix(seat, me, players)}", **kw)
