"""Where each seat sits at the table and what it is called, for two or three players.

Seats go clockwise and the next to act is ``(seat + 1) % n``; the human sits at the bottom, so for three players
``(me + 1) % 3`` sits on the left and ``(me + 2) % 3`` on the right (for two, the other seat sits at the top).
One place decides it, so the table, the sheet, the speech bubbles and the move log agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from game.counts import player_count
from ui.i18n import has, tr

Side = Literal["bottom", "top", "left", "right"]


def seat_side(me: int, seat: int, players: int) -> Side:
    """The side of the table ``seat`` sits on, seen by the player in seat ``me``."""
    offset = (seat - me) % players
    if offset == 0:
        return "bottom"
    if players == 2:
        return "top"
    return "left" if offset == 1 else "right"


Relation = Literal["you", "opponent", "left", "right"]
_RELATION: dict[Side, Relation] = {"bottom": "you", "top": "opponent", "left": "left", "right": "right"}


def relation(me: int, seat: int, players: int) -> Relation:
    """Who ``seat`` is to the player in seat ``me``: themselves, the one opponent (two players) or the opponent
    on the left or the right (three) — the suffix of every word about a seat («вы берёте» / «соперник берёт» /
    «соперник слева берёт»), decided here and nowhere else."""
    return _RELATION[seat_side(me, seat, players)]


def sides_named(players: int) -> bool:
    """Are the opponents told apart by the side they sit on («соперник слева» / «справа»: three), rather than
    being the one «соперник» (two)? Asked of ``relation``, so it cannot disagree with the words."""
    return relation(0, 1, players) != "opponent"


def others(me: int, players: int) -> list[int]:
    """The other seats in the order they act after ``me`` (for three: left, then right)."""
    return [(me + k) % players for k in range(1, players)]


def seat_names(
    me: int,
    players: int,
    names: Sequence[str] | None = None,
    levels: Mapping[int, str] | None = None,
    bidder: int | None = None,
) -> dict[int, str]:
    """Each seat's name: the record's names when it has them, else «Вы» and «Соперник» (for three: «Соперник
    слева», «Соперник справа», and once the contract is made (``bidder``) the other вистующий «Партнёр справа»);
    a seat whose bot is a character (``levels``: by seat) by its emblem and name («⚡ Жора Лихой», for three
    «⚡ Жора Лихой слева»)."""
    if names is not None and len(names) == players and all(names):
        return dict(enumerate(names))
    out = {me: tr("you")}
    partner = partner_of(me, bidder, players)
    for seat in others(me, players):
        named = named_in_case(me, seat, players, levels.get(seat) if levels else None, "nom")
        kind = "seat_partner" if seat == partner else "seat"
        out[seat] = tr(f"{kind}_{seat_side(me, seat, players)}") if named is None else named
    return out


def character_key(level: str | None) -> str | None:
    """The catalogue key of a character's name («bold»; Ровня's family «rovnya»); None for a level."""
    from game.bots.characters import MATCH_KEY, character, opponent_family

    if not level:
        return None
    if opponent_family(level) == MATCH_KEY:
        return MATCH_KEY
    ch = character(level)
    return None if ch is None else ch.key


def character_name(level: str | None) -> tuple[str, str] | None:
    """A character's emblem and name («⚡», «Жора Лихой»; Ровня's «☯», «Ровня»); None for a level."""
    from game.bots.characters import MATCH_EMBLEM, character

    key = character_key(level)
    if key is None:
        return None
    ch = character(key)
    return (MATCH_EMBLEM if ch is None else ch.emblem), tr(f"level_{key}")


def short_forms(level: str | None) -> list[str]:
    """A character's shorter names where room is short, longest first: «⚡ Жора Лихой», «⚡ Жора» (the emblem says
    which seat, so no side); [] for a level."""
    named = character_name(level)
    if named is None:
        return []
    emblem, name = named
    return list(dict.fromkeys([f"{emblem} {name}", f"{emblem} {tr(f'level_{character_key(level)}_short')}"]))


def named_in_case(me: int, seat: int, players: int, level: str | None, case: str) -> str | None:
    """A character's seat named in the case a sentence needs, as ``seat_names`` names it: "nom" («⚡ Жора Лихой
    слева»), "gen" («взятка ⚡ Жоры Лихого слева»), "dat" («штраф ⚡ Жоре Лихому слева»); English has one form.
    None for a level's seat (the sentence names it by where it sits)."""
    named = character_name(level)
    if named is None or seat == me:
        return None
    emblem, name = named
    if case != "nom":
        name = tr(f"level_{character_key(level)}_{case}")
    side = seat_side(me, seat, players)
    return tr("seat_named" if side == "top" else f"seat_named_{side}", emblem=emblem, name=name)


CASES = ("nom", "gen", "dat", "ins")
"""The cases a sentence names a seat in (``seat_phrase``): «соперник», «соперника», «сопернику», «соперником»."""


def seat_phrase(me: int, seat: int, players: int, level: str | None, case: str, bidder: int | None = None) -> str:
    """Another seat named inside a sentence, in the case it needs: a character by its name
    (``named_in_case``: «⚡ Жоре Лихому слева»), else by where it sits («сопернику слева»; two players
    «сопернику»), the player's partner once the contract is made (``bidder``) as the partner («партнёру
    справа»), as the seat's label says. In lower case: the sentence capitalises its own start."""
    named = named_in_case(me, seat, players, level, case)
    if named is not None:
        return named
    kind = "partner_" if seat == partner_of(me, bidder, players) else ""
    return tr(f"seat_phrase.{kind}{relation(me, seat, players)}.{case}")


def seat_gender(level: str | None) -> str:
    """The grammatical gender of a seat's name: a character's own («Тётя Валя» "f"), else «соперник»'s "m" —
    a past-tense verb and a pronoun agree with it («Тётя Валя справа показала», «её очки»)."""
    key = character_key(level)
    return "m" if key is None else tr(f"level_{key}_gender")


def gendered_key(key: str, level: str | None, fallback: str) -> str:
    """``key.other_f`` (``_m``) where the catalogue has words for the seat's gender (``seat_gender``), else
    ``fallback``."""
    gendered = f"{key}.other_{seat_gender(level)}"
    return gendered if has(gendered) else fallback


def named_apart(players: int, level: str | None) -> bool:
    """Is another seat (its bot ``level``) named in a sentence («соперник слева», «⚡ Жора Лихой»: for three, or a
    character) rather than being the one «соперник» of the two-player words?"""
    return sides_named(players) or character_name(level) is not None


def partner_of(me: int, bidder: int | None, players: int) -> int | None:
    """The player's partner: for three, once the contract is made and the player is a вистующий, the other
    вистующий (they play together against the bidder); else None (two players, before the contract, or the
    player is the bidder)."""
    if not player_count(players).partners or bidder is None or bidder == me:
        return None
    return next(s for s in others(me, players) if s != bidder)
