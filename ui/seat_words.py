"""Words about a seat in its grammatical person, for two or three players.

The player's own sentence is its own text («вы забираете»: another person of the verb), ``key.you``. About
another seat (``tr_about``), one sentence ``key.other`` with the seat named in the case it needs, so that a
character is named as the log names it («⚡ Жора Лихой слева показал») and a level by where it sits («соперник
слева показал»); a past-tense verb and a pronoun agree with the name's gender (``key.other_f``). The older
families keep the relation as a suffix (``LOG_SUFFIX``, ``SHEET_SUFFIX``). The side comes from
``ui.seats.seat_side``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from game.bots.characters import opponent_family
from game.counts import player_count
from ui.i18n import has, tr
from ui.seats import CASES, Relation, gendered_key, others, seat_phrase

# the older key families say «me» or «you» for the player and «opp» for the one opponent (``log_trick_me``,
# ``dealer_you``, ``dealer_opp``), and «left» / «right» for three; the newer ones are ``key.you`` / ``key.other``
LOG_SUFFIX: dict[Relation, str] = {"you": "me", "opponent": "opp", "left": "left", "right": "right"}
SHEET_SUFFIX: dict[Relation, str] = {"you": "you", "opponent": "opp", "left": "left", "right": "right"}


def tr_about(
    key: str,
    seat: int,
    me: int,
    players: int,
    levels: Mapping[int, str] | None = None,
    bidder: int | None = None,
    **kw: object,
) -> str:
    """A sentence about ``seat``: ``key.you`` for the player's own (for two the opponent named as ``{opp}``), else
    ``key.other`` (``key.other_f`` for a feminine name where the catalogue has it) with the seat named in each case
    — ``{who}``, ``{who_gen}``,
    ``{who_dat}``, ``{who_ins}`` — and, for three, the remaining opponent likewise (``{rest}``, ``{rest_ins}`` …):
    «Соперник слева показал», «⚡ Жора Лихой слева показал», «☕ Тётя Валя справа показала». ``levels``: the
    bots' by seat (a character is named by it, a level by where it sits); ``bidder``: the deal's, once the contract
    is made — the player's partner is then named so («партнёр справа показал», «вы с партнёром справа»)."""
    if seat == me:  # for two the one opponent is ``{opp}`` («вы набрали 90, ⚡ Жора Лихой 72»)
        opp = others(me, players)
        if len(opp) == 1:
            kw = {"opp": seat_phrase(me, opp[0], players, levels.get(opp[0]) if levels else None, "nom"), **kw}
        return tr(f"{key}.you", **kw)
    level = levels.get(seat) if levels else None
    words = {("who" if c == "nom" else f"who_{c}"): seat_phrase(me, seat, players, level, c, bidder) for c in CASES}
    for rest in (s for s in others(me, players) if s != seat):
        rest_level = levels.get(rest) if levels else None
        words |= {
            ("rest" if c == "nom" else f"rest_{c}"): seat_phrase(me, rest, players, rest_level, c, bidder)
            for c in CASES
        }
    text = tr(gendered_key(key, level, f"{key}.other"), **words, **kw)
    return text[:1].upper() + text[1:]


def opponents_words(levels: Sequence[str], word: Callable[[str], str] | None = None) -> str:
    """The opponents' levels from the player's left in words: «средние» for two of one kind (a character's key,
    Ровня's family), else each by ``word`` (by default its ``level_<family>``), «лёгкий, Жора Лихой». The
    statistics' game lines and the replays' list say it alike."""
    families = [opponent_family(lv) for lv in levels]
    if len(families) > 1 and len(set(families)) == 1 and has(f"level_two.{families[0]}"):
        return tr(f"level_two.{families[0]}")
    say = word or (lambda lv: tr(f"level_{opponent_family(lv)}"))  # «rovnya:1520» is said as Ровня
    return ", ".join(say(lv) for lv in levels)


def card_bait_words(
    offender: int, bidder: int | None, me: int, players: int, levels: Mapping[int, str] | None = None
) -> str:
    """What a card bait costs, said to ``me``: for two «все очки сдачи пишет соперник» / «пишете вы»; for three the
    bidder's points in halves to the вистующие, a вистующий's to the bidder (``game.scoring.score_three``). The
    deal's summary and the judge's banner at the table say it alike."""
    return tr_about(card_bait_key("sum_card_bait", offender, bidder, players), offender, me, players, levels, bidder)


def card_bait_key(base: str, offender: int, bidder: int | None, players: int) -> str:
    """``base`` for two; for three ``base3_bidder`` or ``base3_defender`` by the offender's role — the summary's
    line, the judge's banner and the sheet's tooltip choose their words so."""
    if not player_count(players).partners or bidder is None:
        return base
    return f"{base}3_{'bidder' if offender == bidder else 'defender'}"


def card_bait_cost(
    offender: int, bidder: int | None, me: int, players: int, levels: Mapping[int, str] | None = None
) -> str:
    """``card_bait_words`` after its «Байт на картах…:» as a sentence of its own — «Все очки сдачи пишет соперник.»
    — for the judge's banner, whose penalty text has just named the байт на картах."""
    cost = card_bait_words(offender, bidder, me, players, levels).split(": ", 1)[-1]
    return f"{cost[:1].upper()}{cost[1:]}."
