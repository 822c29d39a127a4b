"""The words the player sees: one JSON catalogue per language (``assets/locale/ru.json``, ``en.json``).

A message is a string with ``{named}`` placeholders, or a dict of CLDR plural categories (Russian: one, few,
many; English: one, other) chosen for the ``count`` argument. Grammatical person: the player's sentence is its
own id, ``key.you``; another seat's is ``key.other`` with the seat named in the case it needs
(``ui.seat_words.tr_about``; docs/architecture.md names the older suffixed families).
Also the names of cards, suits and actions, and pygame_gui's own locale (its dialogs' buttons).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Final

from game import words
from game.actions import FIFTY, TERZ, Action, Kind
from game.cards import Card, Rank, Suit
from game.counts import player_count
from game.drills.model import Msg
from ui.paths import ASSETS

LANGUAGES: Final = ("ru", "en")
LOCALE_DIR = ASSETS / "locale"
# CLDR plural categories each language's messages must give (integers only: the game counts whole points)
PLURAL_CATEGORIES: Final[dict[str, tuple[str, ...]]] = {"ru": ("one", "few", "many"), "en": ("one", "other")}

Message = str | dict[str, str]

_lang = "ru"
_letters = "ru"
_catalogues: dict[str, dict[str, Message]] = {}
_locale_listeners: list[Callable[[str], None]] = []


def catalogue_path(lang: str) -> Path:
    return LOCALE_DIR / f"{lang}.json"


def load_catalogue(lang: str) -> dict[str, Message]:
    """A language's messages: its file, each a string or a dict of plural forms."""
    data = json.loads(catalogue_path(lang).read_text("utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{catalogue_path(lang)}: a catalogue is a JSON object")
    out: dict[str, Message] = {}
    for key, value in data.items():
        if isinstance(value, str) or (isinstance(value, dict) and all(isinstance(v, str) for v in value.values())):
            out[str(key)] = value
        else:
            raise ValueError(f"{catalogue_path(lang)}: {key!r} must be a string or a dict of plural forms")
    return out


def catalogue(lang: str | None = None) -> dict[str, Message]:
    lang = lang or _lang
    if lang not in _catalogues:
        _catalogues[lang] = load_catalogue(lang)
    return _catalogues[lang]


def plural_category(n: int, lang: str | None = None) -> str:
    """The CLDR plural category of the whole number ``n`` (the rule is ``game.words.plural_category``'s)."""
    return words.plural_category(n, lang or _lang)


def set_language(lang: str) -> None:
    global _lang
    _lang = "en" if lang == "en" else "ru"
    for listener in _locale_listeners:
        listener(_lang)


def language() -> str:
    return _lang


def on_language(listener: Callable[[str], None] | None) -> None:
    """Call ``listener(lang)`` now and on every language change (pygame_gui's ``UIManager.set_locale``).

    One window, one manager: a new listener replaces the old; None only forgets it (a new window is being
    made and the old manager's fonts may be gone)."""
    _locale_listeners.clear()
    if listener is not None:
        _locale_listeners.append(listener)
        listener(_lang)


def set_index_letters(letters: str) -> None:
    global _letters
    _letters = "latin" if letters == "latin" else "ru"


def has(key: str) -> bool:
    return key in catalogue()


def tr_for(players: int, key: str, **kw: object) -> str:
    """``key``'s words at a table of ``players``: the count's own where the catalogue has them («subtitle3»:
    «соперник» becomes «соперники»), else the common ones (``game.counts``: the one suffix per count)."""
    own = player_count(players).key(key)
    return tr(own if has(own) else key, **kw)


def rule_words(players: int, key: str, **kw: object) -> str:
    """A sentence of the rules page (``rw_*``) at a table of ``players``: three's own («rw3_hanging_sum») where
    the catalogue has it — the page's words, wherever else the game states the same rule (a tooltip)."""
    own = f"rw{player_count(players).words}_{key[3:]}"
    return tr(own if key.startswith("rw_") and has(own) else key, **kw)


def tr(key: str, **kw: object) -> str:
    """The text for ``key`` in the current language; a plural message picks its form by ``count``.

    Unknown keys show themselves (never crash)."""
    msg = catalogue().get(key)
    if msg is None:
        return key
    if isinstance(msg, dict):
        count = kw.get("count", 0)
        n = int(count) if isinstance(count, int | float | str) else 0
        msg = msg.get(plural_category(n), next(iter(msg.values())))
    return msg.format(**kw) if kw else msg


def points(n: int, signed: bool = False) -> str:
    """«1 очко», «2 очка», «5 очков» (``signed``: «+31 очко», «−5 очков»; a zero has no sign: «пас даёт +0 очков»
    read as a misprint)."""
    return tr("points", count=n, num=signed_number(n) if signed and n else str(n))


def signed_number(x: float, digits: int = 0) -> str:
    """+3, −5, +2,5 (a true minus sign; a decimal comma in Russian)."""
    text = f"{abs(x):.{digits}f}"
    if _lang == "ru":
        text = text.replace(".", ",")
    return ("−" if round(x, digits) < 0 else "+") + text


def word(m: Msg) -> str:
    """A sentence the engine gives as a message id and arguments (``game.drills.model.Msg``) in the current
    language: a card in the player's own letters, a suit with its symbol, a nested message worded first."""
    kw: dict[str, object] = {}
    for name, arg in m.args:
        if isinstance(arg, Msg):
            kw[name] = word(arg)
        elif isinstance(arg, Card):
            kw[name] = card_name(arg)
        elif isinstance(arg, Suit):
            kw[name] = suit_name(arg)
        else:
            kw[name] = arg
    return tr(m.key, **kw)


_RU_FROM = ("семёрки", "восьмёрки", "девятки", "десятки", "валета", "дамы", "короля", "туза")
_SEQUENCE = re.compile(r"^(терц|пятьдесят) от (\S+) (\S)$")


def sequence_words(desc: str) -> str:
    """A sequence as the engine's score lines describe it («терц от короля ♠», ``Sequence.describe``) in the
    current language; anything else unchanged."""
    m = _SEQUENCE.match(desc)
    if m is None or m[2] not in _RU_FROM:
        return desc
    cls = "terz" if m[1] == "терц" else "fifty"
    return tr(f"drill.seq.{cls}", top=tr(f"rank_from.{_RU_FROM.index(m[2])}"), suit=m[3])


def sequences_said(detail: str) -> str:
    """The sequences a ``sequences`` event wrote, in words («терц», «пятьдесят и терц», «два терца»), from its
    ``detail`` (``game.deal.events.classes_detail``); «комбинации» when it does not say."""
    lengths = [int(x) for x in detail.split(",") if x.isascii() and x.isdigit()]
    fifties, terzes = sum(1 for n in lengths if n >= 4), sum(1 for n in lengths if n == 3)

    def said(cls: str, k: int) -> str:  # «терц», «два терца» (the words for a few), else «4 терца»
        own = f"seq_said.{cls}" if k == 1 else f"seq_said.{cls}_{k}"
        return tr(own) if has(own) else tr(f"seq_said.{cls}_n", count=k)

    parts = [said(cls, k) for cls, k in (("fifty", fifties), ("terz", terzes)) if k]
    if not parts:
        return tr("seq_said.some")
    return parts[0] if len(parts) == 1 else tr("seq_said.and", a=parts[0], b=parts[1])


def inner_quotes(text: str) -> str:
    """Quotes inside a quotation: «…» become „…“ in Russian (the outer ones stay «…»), “…” become ‘…’ in English."""
    if _lang == "ru":
        return text.replace("«", "„").replace("»", "“")
    return text.replace("“", "‘").replace("”", "’")


def quoted(text: str) -> str:
    """Words quoted as the language quotes them: «пас» in Russian, “pass” in English."""
    return f"«{text}»" if _lang == "ru" else f"“{text}”"


def rule_text(rule: str) -> str:
    """Why an action is refused, for ``IllegalAction.rule`` (the engine's machine-readable key)."""
    key = f"rule.{rule}"
    return tr(key) if has(key) else rule


def penalty_text(reason: str, inline: bool = False) -> str:
    """A strict-etiquette penalty in words, for ``Penalty.reason``; ``inline``: after «Ваш штраф:», so it goes on in
    lower case («Ваш штраф: ложное объявление — …»)."""
    key = f"penalty.{reason}"
    text = tr(key) if has(key) else reason
    return text[:1].lower() + text[1:] if inline else text


def option_doc(name: str, english: str) -> str:
    """An option's description in the current language (English from the rules' metadata)."""
    key = f"option.{name}"
    return tr(key) if has(key) else english


_RANK_RU = words.RANK_LETTERS["ru"]
_RANK_LATIN = words.RANK_LETTERS["latin"]


def preset_name(name: str) -> str:
    key = f"preset.{name}"
    return tr(key) if has(key) else name


def suit_name(suit: Suit) -> str:
    return f"{suit.symbol} {tr(f'suit.{suit.name}')}"


def rank_letter(rank: int) -> str:
    """A rank as the text around it names ranks: Russian letters in Russian (Т К Д В), Latin in English (A K Q J),
    as the rules' own summary does — whatever the faces show («10» either way)."""
    return (_RANK_LATIN if language() == "en" else _RANK_RU)[rank]


def card_name(card: Card) -> str:
    """Short name with the chosen index letters: «К♥» or «K♥»."""
    ranks = _RANK_LATIN if _letters == "latin" else _RANK_RU
    return f"{ranks[card.rank]}{card.suit.symbol}"


def rank_genitive(rank: Rank) -> str:
    """«от короля»: the genitive used by «рост?» answers (English: the rank's name)."""
    return tr(f"rank_from.{int(rank)}")


def card_from(card: Card, trump: bool | None = None) -> str:
    """A card after «от», its words agreeing with the rank: «дамы козырной» (``trump`` True), «туза пикового»
    (None: the suit named, as a shown sequence is), «короля» (False: the rank alone, as «рост?» is answered)."""
    rank = rank_genitive(card.rank)
    if trump is False:
        return tr("card_from_rank", rank=rank)
    gender = tr(f"rank_gender.{int(card.rank)}")
    suit = tr(f"trump_of.{gender}") if trump else tr(f"suit_of.{gender}.{card.suit.name}")
    return tr("card_from", rank=rank, suit=suit)


def class_name(cls: int) -> str:
    return tr("say_fifty") if cls == FIFTY else tr("say_terz")


def action_tip(
    action: Action, players: int = 2, strict: bool = False, bidder: bool = False, round2: bool = False
) -> str | None:
    """The tooltip of an action's button at a table of ``players`` (for three: both вистующие, the third player;
    the ``bidder``'s own where it differs: his «Пишет» faces a вистующий, whose partner will not beat it);
    ``strict`` etiquette adds what a false word costs (the panel offers the false answers too: «Терц» without one
    said only «Объявить комбинацию до первого хода»)."""
    key = f"tip_action.{action.kind.value}"
    if not has(key):
        return None
    if action.kind is Kind.PASS and round2:
        key = "tip_action.pass2"  # no trump is offered in the second round: «Не называть козырь»
    own = f"{key}_bidder3"
    tip = tr(own) if bidder and player_count(players).partners and has(own) else tr_for(players, key)
    warn = f"tip_strict.{action.kind.value}"
    return f"{tip}. {tr(warn)}" if strict and has(warn) else tip


def action_label(action: Action) -> str:
    """The button text for one of the human's actions."""
    k = action.kind
    if k is Kind.NAME:
        assert action.suit is not None
        return suit_name(action.suit)
    if k is Kind.PLAY:
        assert action.card is not None
        return card_name(action.card)
    key = words.action_key(action)
    assert key is not None, action
    return tr(key)


__all__ = [
    "FIFTY",
    "LANGUAGES",
    "TERZ",
    "action_label",
    "action_tip",
    "card_name",
    "catalogue",
    "class_name",
    "has",
    "inner_quotes",
    "language",
    "on_language",
    "option_doc",
    "penalty_text",
    "plural_category",
    "points",
    "preset_name",
    "rank_genitive",
    "rule_text",
    "sequence_words",
    "set_index_letters",
    "set_language",
    "signed_number",
    "suit_name",
    "tr",
    "word",
]
