"""A deal as readable text (in the spirit of bridge's PBN) and a short deal code to play a given deck again.

``deal_text(record, index)`` gives tags (rules, players, dealer, deck, code, вскрышка, фреза, trump),
both hands, the auction, the declarations and every trick in order, and the result (the ``score``
command's breakdown). Cards are ASCII as in records (rank ``7 8 9 T J Q K A``, suit ``S C D H``); what is
said (the bids, the dialog) is in the file's language, as the table's buttons say it (``game.words.action_words``).

``deal_code(deck, dealer, preset)`` packs the 32-card order (its rank among the 32! permutations, 118
bits), the dealer seat and the rules preset into 25 Crockford base32 characters (5 groups of 5, the last
3 bits a checksum); ``parse_deal_code`` is the inverse and forgives case, spaces, hyphens and dashes, quotes,
O/0, I/L/1 and Cyrillic look-alikes.

Three players (``deal_code(..., players=3)``): 25 characters have no room left for a third dealer seat and the
number of players (32!·2·8 fills 122 of their 125 bits), so a three-player code is longer: 30 characters (6
groups of 5) holding the order, the dealer (0..2), the preset, the number of players and a 24-bit checksum. The
length tells the two apart, so every two-player code, old or new, stays 25 characters and reads the same.
"""

from __future__ import annotations

import contextlib
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from game.actions import Kind
from game.cards import CODE_OF, RANK_CHARS, Card, Suit, format_cards, validate_deck
from game.deal import Deal, EventKind
from game.errors import DealCodeError, RecordError
from game.record import GameRecord, load, replay
from game.report import deal_text as result_lines
from game.rules import Rules
from game.scoring import LAST_TRICK_BONUS
from game.words import action_words, say

__all__ = ["DealCode", "deal_code", "deal_text", "export_command", "parse_deal_code", "record_text"]

# append only: an old code keeps naming the same preset
CODE_PRESETS = ("moscow", "kharkov", "club", "book", "one_strike", "yellowclub", "offer")
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base32
CODE_CHARS = 25
_CHECK_BITS = 3


LONG_CHARS = 30  # a code that carries the number of players (three)
_LONG_CHECK_BITS = 24
_LONG_CHECK_MOD = 16_777_213  # the largest prime below 2**24


@dataclass(frozen=True, slots=True)
class DealCode:
    deck: tuple[Card, ...]
    dealer: int
    preset: str
    players: int = 2


def _perm_rank(deck: list[Card]) -> int:
    """Lehmer code of the permutation as one integer in [0, 32!)."""
    rest = sorted(deck)
    rank = 0
    for c in deck:
        i = rest.index(c)
        rank = rank * len(rest) + i
        rest.pop(i)
    return rank


def _perm_unrank(rank: int) -> list[Card]:
    digits = []
    for n in range(1, 33):
        rank, d = divmod(rank, n)
        digits.append(d)
    if rank:  # a mistyped code whose check character happens to fit (about one in forty): no such deck
        raise DealCodeError("range", "the deal code is mistyped (no deck has that number)")
    rest = sorted(Card)
    out = []
    for d in reversed(digits):
        out.append(rest.pop(d))
    return out


def _check(payload: int) -> int:
    return (payload % 8191) % (1 << _CHECK_BITS)


def deal_code(deck: list[Card] | tuple[Card, ...], dealer: int, preset: str = "moscow", players: int = 2) -> str:
    """25 characters for two players (unchanged since the first codes), 30 for three."""
    cards = validate_deck(deck)
    if players not in (2, 3):
        raise ValueError("a deal is for two or three players")
    if dealer not in range(players):
        raise ValueError(f"dealer must be a seat from 0 to {players - 1}")
    if preset not in CODE_PRESETS:
        raise ValueError(f"unknown preset {preset!r}")
    Rules.preset(preset, players=players)  # a preset the rules do not define for three (ValueError says why)
    if players == 2:
        payload = (_perm_rank(cards) * 2 + dealer) * 8 + CODE_PRESETS.index(preset)
        return _spell(payload << _CHECK_BITS | _check(payload), CODE_CHARS)
    payload = ((_perm_rank(cards) * 3 + dealer) * 16 + CODE_PRESETS.index(preset)) * 4 + players
    return _spell(payload << _LONG_CHECK_BITS | payload % _LONG_CHECK_MOD, LONG_CHARS)


def _spell(value: int, n: int) -> str:
    chars = []
    for _ in range(n):
        value, d = divmod(value, 32)
        chars.append(_ALPHABET[d])
    text = "".join(reversed(chars))
    return "-".join(text[i : i + 5] for i in range(0, n, 5))


_LOOK_ALIKES = str.maketrans("АВСЕНКМОРТХ", "ABCEHKM0PTX")  # Cyrillic capitals typed on a Russian layout


def code_characters(text: str) -> str:
    """The characters of a typed or pasted code: width and case folded (NFKC, upper), everything that is not a
    letter or a digit dropped — hyphens and the dashes a messenger puts instead, spaces of every kind, zero-width
    characters, quotes, a full stop — and the look-alikes read as the code's own (Cyrillic С as C, O as 0)."""
    folded = unicodedata.normalize("NFKC", text).upper().translate(_LOOK_ALIKES)
    kept = "".join(ch for ch in folded if unicodedata.category(ch)[0] in "LN")
    return kept.replace("O", "0").replace("I", "1").replace("L", "1")


def parse_deal_code(text: str) -> DealCode:
    """Raises ``DealCodeError`` (a ``ValueError``) with a reason and readable words for anything that is not a
    valid code."""
    clean = code_characters(text)
    if len(clean) not in (CODE_CHARS, LONG_CHARS):
        raise DealCodeError(
            "length",
            f"a deal code has {CODE_CHARS} characters, or {LONG_CHARS} for three (got {len(clean)})",
            got=len(clean),
            two=CODE_CHARS,
            three=LONG_CHARS,
        )
    value = 0
    for ch in clean:
        if ch not in _ALPHABET:
            raise DealCodeError("character", f"a deal code has no character {ch!r}", ch=ch)
        value = value * 32 + _ALPHABET.index(ch)
    if len(clean) == LONG_CHARS:
        return _parse_long(value)
    payload, check = value >> _CHECK_BITS, value & ((1 << _CHECK_BITS) - 1)
    if _check(payload) != check:
        raise DealCodeError("checksum", "the deal code is mistyped (checksum)")
    rest, preset = divmod(payload, 8)
    perm, dealer = divmod(rest, 2)
    if preset >= len(CODE_PRESETS):
        raise DealCodeError("preset", "the deal code names an unknown preset")
    return DealCode(tuple(_perm_unrank(perm)), dealer, CODE_PRESETS[preset])


def _parse_long(value: int) -> DealCode:
    payload, check = value >> _LONG_CHECK_BITS, value & ((1 << _LONG_CHECK_BITS) - 1)
    if payload % _LONG_CHECK_MOD != check:
        raise DealCodeError("checksum", "the deal code is mistyped (checksum)")
    rest, players = divmod(payload, 4)
    rest, preset = divmod(rest, 16)
    perm, dealer = divmod(rest, 3)
    if players != 3 or dealer >= players:
        raise DealCodeError("three", "the deal code names no game of three")
    if preset >= len(CODE_PRESETS):
        raise DealCodeError("preset", "the deal code names an unknown preset")
    try:
        Rules.preset(CODE_PRESETS[preset], players=players)  # defined for three
    except ValueError:
        raise DealCodeError("three", "the deal code names no game of three") from None
    return DealCode(tuple(_perm_unrank(perm)), dealer, CODE_PRESETS[preset], players)


# ------------------------------------------------------------------------------------------ text


def hand_text(cards: list[Card] | tuple[Card, ...], trump: Suit | None) -> str:
    """``S AKT9 C 8 D - H J97`` (each suit strongest-looking first: ranks in natural order, high first)."""
    parts = []
    for s in Suit:
        ranks = sorted((c % 8 for c in cards if c // 8 == s), reverse=True)
        mark = "*" if trump is not None and s == trump else ""
        parts.append(f"{'SCDH'[s]}{mark} " + ("".join(RANK_CHARS[r] for r in ranks) or "-"))
    return " ".join(parts)


def deal_text(record: GameRecord, index: int, lang: str = "ru") -> str:
    """One deal (0-based ``index`` into ``record.deals``) as text; the record is replayed to know it."""
    match = replay(record)
    if not 0 <= index < len(match.deals):
        n = len(match.deals)
        raise IndexError(
            "the record has 1 deal (--deal 1)" if n == 1 else f"the record has {n} deals (--deal 1 to {n})"
        )
    deal = match.deals[index]
    return "\n".join(_deal_lines(record, deal, index, lang)) + "\n"


def record_text(record: GameRecord, lang: str = "ru") -> str:
    match = replay(record)
    blocks = ["\n".join(_deal_lines(record, d, i, lang)) for i, d in enumerate(match.deals)]
    return "\n\n".join(blocks) + "\n"


def export_command(files: list[str], deal: int | None = None, lang: str = "ru") -> int:
    """``python main.py export FILE... [--deal N]``: each record (or its deal ``N``, from 1) as text."""
    status = 0
    for path in files:
        try:
            record = load(path)
            text = record_text(record, lang) if deal is None else deal_text(record, deal - 1, lang)
        except RecordError as exc:
            print(f"error: {exc}", file=sys.stderr)
            status = 2
            continue
        except IndexError as exc:
            print(f"error: {path}: {exc}", file=sys.stderr)
            status = 2
            continue
        print(text, end="")
    return status


def _tag_value(value: str) -> str:
    """A tag's value as PGN/PBN write it: a backslash and a quote escaped (a name «Аня"]» ended the tag early)."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def distinct_names(names: Sequence[str]) -> list[str]:
    """Each seat's name as the text says it: a name two seats share gets its seat's number («Бот 1», «Бот 2», as
    the tags ``Seat1``, ``Seat2`` list them) — «Бот: Пас / Бот: Пас» did not say who passed."""
    return [f"{name} {seat}" if names.count(name) > 1 else name for seat, name in enumerate(names)]


def _deal_lines(record: GameRecord, deal: Deal, index: int, lang: str) -> list[str]:
    names = distinct_names(record.players)
    rules = record.rules
    trump = deal.trump
    tags = [
        ("Game", "Деберц"),
        ("Rules", rules.name),
        ("Target", str(rules.target)),
        ("Etiquette", rules.etiquette.value),
        *((f"Seat{seat}", names[seat]) for seat in range(rules.players)),
        ("Deal", str(index + 1)),
        ("Dealer", f"{deal.dealer} {names[deal.dealer]}"),
        ("Deck", format_cards(deal.deck)),
    ]
    if rules.name in CODE_PRESETS:
        # a code names the preset alone: a game for three by a preset that is not one for three without the
        # record's overrides (the club's with its hanging changed) has none — the deck is given anyway
        with contextlib.suppress(ValueError):
            tags.append(("Code", deal_code(deal.deck, deal.dealer, rules.name, rules.players)))
    tags.append(("Vskryshka", CODE_OF[deal.vskryshka]))
    if deal.freza is not None:
        tags.append(("Freza", CODE_OF[deal.freza]))
    if trump is not None and deal.bidder is not None:
        tags.append(("Trump", "SCDH"[trump]))
        tags.append(("Bidder", f"{deal.bidder} {names[deal.bidder]}"))
    lines = [f'[{k} "{_tag_value(v)}"]' for k, v in tags]
    lines.append("")
    lines.append(say("export.hands", lang))
    for seat in range(rules.players):
        cards = deal.trickplay.full_hand[seat] or (list(deal.hands[seat]) + _played_by(deal, seat))
        lines.append(f"  {names[seat]}: {hand_text(cards, trump)}")
    # the auction, the declarations, the tricks, in order
    lines.append("")
    lines.append(say("export.auction", lang))
    trick_no = 0
    pending: list[str] = []
    play_started = False
    told = _told_tops(deal)
    for i, (seat, action) in enumerate(deal.history):
        if action.kind in (Kind.ORDER, Kind.PASS, Kind.NAME):
            lines.append(f"  {names[seat]}: {action_words(action, lang)}")
            continue
        if not play_started:
            play_started = True
            lines.append(say("export.play", lang))
        if action.kind is Kind.PLAY and action.card is not None:
            belle = f" {say('export.belle', lang)}" if action.value else ""
            pending.append(f"{names[seat]} {CODE_OF[action.card]}{belle}")
            if len(pending) == rules.players:
                t = deal.tricks[trick_no]
                trick_no += 1
                pts: object = sum(_pts(c, trump) for c in t.cards)
                if trick_no == 9:  # the last trick's послед, which its cards' points leave out
                    pts = say("trick_with_last_short", lang, pts=pts, last=LAST_TRICK_BONUS)
                lines.append(f"  {trick_no}. {'  '.join(pending)}  -> {names[t.winner]} +{pts}")
                pending = []
            continue
        if i in told:  # «От KH»: the card itself, as the table says it, not the button's «Назвать старшую карту»
            lines.append(f"  {names[seat]}: {say('say_top', lang, card=CODE_OF[told[i]])}")
            continue
        lines.append(f"  {names[seat]}: {action_words(action, lang)}")
    if pending:
        lines.append("  … " + "  ".join(pending))
    lines.append("")
    lines.append(say("export.result", lang))
    lines += result_lines(deal, index + 1, names, lang)
    return lines


def _told_tops(deal: Deal) -> dict[int, Card]:
    """The top card named at each «назвать старшую карту» in ``deal.history`` (by its index): the action carries
    no card, the engine names it, so the history is applied again to a fresh deal of the same deck."""
    fresh = Deal(deal.rules, deal.dealer, deal.deck, deal.context)
    told: dict[int, Card] = {}
    for i, (_, action) in enumerate(deal.history):
        for ev in fresh.apply(action):
            if ev.kind is EventKind.TOP and ev.card is not None:
                told[i] = ev.card
    return told


def _pts(card: Card, trump: Suit | None) -> int:
    from game.cards import PLAIN_POINTS, TRUMP_POINTS

    return TRUMP_POINTS[card % 8] if trump is not None and card // 8 == trump else PLAIN_POINTS[card % 8]


def _played_by(deal: Deal, seat: int) -> list[Card]:
    return [a.card for s, a in deal.history if s == seat and a.kind is Kind.PLAY and a.card is not None]
