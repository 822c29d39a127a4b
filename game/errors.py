"""Typed errors: an illegal action names the rule it breaks (a key; words in game.words); a bad record says where."""

from __future__ import annotations

from game.words import ReasonWords, rule_text


class DebertsError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(DebertsError):
    """An action the rules forbid now. ``rule`` is a stable machine-readable key (one of ``RULES``)."""

    def __init__(self, rule: str, detail: str = "") -> None:
        self.rule = rule
        self.detail = detail
        super().__init__(f"{rule_text(rule, 'en')}{': ' + detail if detail else ''} [{rule}]")

    @property
    def text_ru(self) -> str:
        return rule_text(self.rule, "ru")

    @property
    def text_en(self) -> str:
        return rule_text(self.rule, "en")


class RecordError(DebertsError):
    """A game record that cannot be loaded: ``where`` says which deal / action."""

    def __init__(self, message: str, where: str = "") -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class RecordTooLong(RecordError):
    """A record longer than the loader reads (``record.MAX_DEALS`` deals, ``record.MAX_BYTES`` bytes): never written,
    so a game's own file is never one it would refuse at the next start. ``limit`` is ``"deals"`` or ``"bytes"``."""

    def __init__(self, limit: str, message: str) -> None:
        self.limit = limit
        super().__init__(message)


class NewerRecord(RecordError):
    """A record of a newer format than this program reads (``version``): not damaged — kept where the newer game
    finds it, and said so."""

    def __init__(self, version: int, message: str) -> None:
        self.version = version
        super().__init__(message)


class DealCodeError(DebertsError, ValueError):
    """A deal code that cannot be read. ``reason`` is a key (``length``, ``character``, ``checksum``, ``preset``,
    ``three``) with ``detail`` for its words (``deal_code_why.<reason>`` in the catalogues); the message is English,
    for the command line."""

    def __init__(self, reason: str, message: str, **detail: object) -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(message)


# The rule keys ``IllegalAction.rule`` takes; their words are in the catalogues (``rule.<key>``, game.words).
RULES: frozenset[str] = frozenset(
    {
        "not_your_turn",
        "deal_over",
        "wrong_phase",
        "not_in_hand",
        "follow_suit",
        "must_trump",
        "must_overtrump",
        "answer_first",
        "add_first",
        "round1_bid",
        "round2_other_suit",
        "dealer_must_choose",
        "swap_first_trump_only",
        "swap_needs_seven",
        "swap_before_first_card",
        "swap_disabled",
        "passes_question",
        "answer_question",
        "false_answer",
        "announce_before_first_card",
        "announce_best_first",
        "already_announced",
        "rost_needs_same_class",
        "rost_certainly_higher",
        "mine_not_higher",
        "belle_not_held",
        "belle_timing",
        "four_sevens",
        "claim_timing",
        "offer_window",
        "answer_offer",
        "dave_timing",
        "answer_dave",
        "claim_false",
        "unknown_action",
    }
)
RULE_TEXT = ReasonWords("rule", RULES)  # {rule: (Russian, English)} from the catalogues, for the command line
