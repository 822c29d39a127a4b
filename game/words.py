"""The engine's words for the command line: reason codes (``score``, ``analyse``, exceptions) and the reports'
text (``score``'s breakdown, ``export``'s headings, ``stats``).

The words live in one place, the UI's catalogues (``assets/locale/<lang>.json``: ``rule.<key>``,
``penalty.<reason>``, ``report.*``, ``export.*``, ``stats.*``); the engine itself only gives the codes and the
figures. Read with the standard library (no pygame); a missing file or key gives the code itself, so the engine
works without its assets.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path

from game.actions import FIFTY, Action, Kind
from game.cards import Card

# as ui.paths: in the PyInstaller app the data files sit under sys._MEIPASS, laid out as in the source tree
LOCALE_DIR = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parent.parent)) / "assets" / "locale"


@cache
def _catalogue(lang: str) -> dict[str, object]:
    try:
        data = json.loads((LOCALE_DIR / f"{lang}.json").read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def words(key: str, lang: str = "ru") -> str | None:
    """The catalogue's plain message ``key`` in ``lang`` ("ru" or "en"), or None."""
    value = _catalogue("en" if lang == "en" else "ru").get(key)
    return value if isinstance(value, str) else None


def plural_category(n: int, lang: str = "ru") -> str:
    """The CLDR plural category of the whole number ``n``: ru 1/21 one, 2-4/22 few, 5-20/11-14/25 many; en one/other.

    The one rule for the engine's reports and the UI (``ui.i18n.plural_category`` asks here)."""
    n = abs(n)
    if lang == "en":
        return "one" if n == 1 else "other"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def say(key: str, lang: str = "ru", **kw: object) -> str:
    """The catalogue's message ``key`` in ``lang`` with its ``{placeholders}`` filled, as ``ui.i18n.tr`` does: a
    plural message (a dict of CLDR categories) picks its form by the ``count`` argument; a missing key gives the
    key itself."""
    lang = "en" if lang == "en" else "ru"
    msg = _catalogue(lang).get(key)
    if isinstance(msg, dict):
        count = kw.get("count", 0)
        msg = msg.get(plural_category(count if isinstance(count, int) else 0, lang), next(iter(msg.values()), None))
    if not isinstance(msg, str):
        return key
    return msg.format(**kw) if kw else msg


def rule_text(rule: str, lang: str = "ru") -> str:
    """Why an action is refused (``IllegalAction.rule``) in words."""
    return words(f"rule.{rule}", lang) or rule


def penalty_text(reason: str, lang: str = "ru") -> str:
    """A strict-etiquette penalty (``Penalty.reason``) in words."""
    return words(f"penalty.{reason}", lang) or reason


class ReasonWords(Mapping[str, tuple[str, str]]):
    """``{code: (Russian, English)}`` read from the catalogues: the old ``RULE_TEXT`` / ``PENALTY_TEXT`` shape for
    callers that still want pairs; the codes are the engine's, the words the catalogues'."""

    def __init__(self, prefix: str, codes: frozenset[str]) -> None:
        self.prefix = prefix
        self.codes = codes

    def __getitem__(self, code: str) -> tuple[str, str]:
        if code not in self.codes:
            raise KeyError(code)
        key = f"{self.prefix}.{code}"
        return words(key, "ru") or code, words(key, "en") or code

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self.codes))

    def __len__(self) -> int:
        return len(self.codes)


# the catalogue's words for each action that is said, not played (the table's buttons say the same)
_ACTION_KEYS: dict[Kind, str] = {
    Kind.ORDER: "btn_order",
    Kind.PASS: "btn_pass",
    Kind.SWAP: "btn_swap",
    Kind.ASK_PASSES: "btn_ask_passes",
    Kind.FOUR_SEVENS: "btn_four_sevens",
    Kind.ROST: "btn_rost",
    Kind.TELL_TOP: "btn_top",
    Kind.PISHET: "btn_pishet",
    Kind.MINE: "btn_mine",
    Kind.BELLE: "btn_belle",
    Kind.CLAIM: "btn_claim",
    Kind.NO_CLAIM: "btn_no_claim",
    Kind.OFFER: "btn_offer",
    Kind.NO_OFFER: "btn_no_offer",
    Kind.DAVE: "btn_dave",
}
_YES_NO_KEYS: dict[Kind, tuple[str, str]] = {
    Kind.ANNOUNCE: ("btn_fifty", "btn_terz"),  # by the class: fifty, else терц
    Kind.ANSWER_PASSES: ("btn_passes_yes", "btn_passes_no"),
    Kind.ANSWER_OFFER: ("btn_offer_yes", "btn_offer_no"),
    Kind.ANSWER_DAVE: ("btn_dave_accept", "btn_dave_no"),
}


def action_key(action: Action) -> str | None:
    """The catalogue key of what ``action`` says («Играю», «Пишет», «Терц»); None for a card played or a suit
    named, which the caller names in its own way (the letters of the table, or a record's codes)."""
    k = action.kind
    if k in _YES_NO_KEYS:
        yes, no = _YES_NO_KEYS[k]
        return yes if (action.value == FIFTY if k is Kind.ANNOUNCE else action.value) else no
    return _ACTION_KEYS.get(k)


RANK_LETTERS = {
    "ru": ("7", "8", "9", "10", "В", "Д", "К", "Т"),  # the indices of a Russian deck
    "latin": ("7", "8", "9", "10", "J", "Q", "K", "A"),
}


def card_words(card: Card, lang: str = "ru") -> str:
    """A card as a reader of ``lang`` names it in short: «В♣» in Russian, «J♣» in English (a record's ``JC`` is a
    code, not a word)."""
    return f"{RANK_LETTERS['ru' if lang == 'ru' else 'latin'][card.rank]}{card.suit.symbol}"


def action_words(action: Action, lang: str = "ru") -> str:
    """What ``action`` says in ``lang``: the table's words, a named suit by its symbol and name; a card by its
    record code (``9S``)."""
    if action.kind is Kind.NAME and action.suit is not None:
        return f"{action.suit.symbol} {say(f'suit.{action.suit.name}', lang)}"
    key = action_key(action)
    return str(action) if key is None else say(key, lang)
