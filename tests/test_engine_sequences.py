"""Sequences: finding (runs of 5+, 7 = fifty + терц, 8 = two fifties, ace_ten order), comparison, counting."""

from __future__ import annotations

import pytest
from engine_helpers import cards

from game.actions import FIFTY, TERZ
from game.cards import Suit
from game.rules import PRESETS, Rules
from game.sequences import (
    beats,
    best_class,
    certainly_higher,
    counted_sequences,
    find_sequences,
    first_of_class,
)

MOSCOW = PRESETS["moscow"]
KHARKOV = PRESETS["kharkov"]
ACE_TEN = MOSCOW.with_options(sequence_order="ace_ten")


def found(hand: str, rules: Rules = MOSCOW, trump: Suit | None = Suit.H) -> list[tuple[int, str]]:
    """(length, cards top-down) of the best non-overlapping set, best first."""
    return [(s.length, " ".join(c.code for c in s.cards)) for s in find_sequences(cards(hand), trump, rules)]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("7S 9S JS KS AC", []),
        ("KH QH", []),  # belle is not a sequence
        ("7S 8S 9S", [(3, "9S 8S 7S")]),
        ("7S 8S 9S TS", [(4, "TS 9S 8S 7S")]),
        ("7S 8S 9S TS JS", [(4, "JS TS 9S 8S")]),  # 5 in a row: a fifty only
        ("7S 8S 9S TS JS QS", [(4, "QS JS TS 9S")]),  # 6: a fifty, two cards left over
        ("7S 8S 9S TS JS QS KS", [(4, "KS QS JS TS"), (3, "9S 8S 7S")]),  # 7: fifty + терц
        ("7S 8S 9S TS JS QS KS AS", [(4, "AS KS QS JS"), (4, "TS 9S 8S 7S")]),  # 8: two fifties
        ("7S 8S 9S JC QC KC", [(3, "KC QC JC"), (3, "9S 8S 7S")]),  # higher top first
        ("QS KS AS QH KH AH", [(3, "AH KH QH"), (3, "AS KS QS")]),  # equal: trump first (moscow)
        ("JH QH KH 8C", [(3, "KH QH JH")]),  # belle cards inside a sequence
        ("7D 8D 9D TD  9C TC JC QC", [(4, "QC JC TC 9C"), (4, "TD 9D 8D 7D")]),
    ],
)
def test_find_sequences(hand: str, expected: list[tuple[int, str]]) -> None:
    assert found(hand) == expected


@pytest.mark.parametrize(
    ("hand", "natural", "ace_ten"),
    [
        ("QS KS AS", [(3, "AS KS QS")], []),  # the ten sits between K and A
        ("KS TS AS", [], [(3, "AS TS KS")]),
        ("9S TS JS", [(3, "JS TS 9S")], []),
        ("9S JS QS", [], [(3, "QS JS 9S")]),  # 9-J-Q: neighbours without the ten
        ("JS QS KS", [(3, "KS QS JS")], [(3, "KS QS JS")]),
        ("QS KS TS AS", [(3, "AS KS QS")], [(4, "AS TS KS QS")]),
        ("7S 8S 9S JS QS KS TS AS", [(4, "AS KS QS JS"), (4, "TS 9S 8S 7S")], [(4, "AS TS KS QS"), (4, "JS 9S 8S 7S")]),
    ],
)
def test_ace_ten_order(hand: str, natural: list[tuple[int, str]], ace_ten: list[tuple[int, str]]) -> None:
    assert found(hand) == natural
    assert found(hand, ACE_TEN) == ace_ten


@pytest.mark.parametrize(
    ("hand", "cls"),
    [
        ("7S 9S", 0),
        ("7S 8S 9S", TERZ),
        ("7S 8S 9S TS", FIFTY),
        ("7S 8S 9S TS JS QS KS AS", FIFTY),
        ("7S 8S 9S 7H 8H 9H", TERZ),
        ("KH QH 7S 8C", 0),
    ],
)
def test_best_class(hand: str, cls: int) -> None:
    assert best_class(cards(hand), MOSCOW) == cls


def test_first_of_class_inside_a_longer_run() -> None:
    seq = first_of_class(cards("7S 8S 9S TS JS"), TERZ, Suit.H, MOSCOW)
    assert seq is not None and [c.code for c in seq.cards] == ["JS", "TS", "9S"]
    assert first_of_class(cards("7S 8S 9S"), FIFTY, Suit.H, MOSCOW) is None


def seq(hand: str, trump: Suit = Suit.H, rules: Rules = MOSCOW):  # type: ignore[no-untyped-def]
    s = find_sequences(cards(hand), trump, rules)
    assert len(s) == 1
    return s[0]


@pytest.mark.parametrize(
    ("a", "a_earlier", "b", "moscow", "kharkov"),
    [
        ("7S 8S 9S TS", False, "QC KC AC", True, True),  # longer beats shorter
        ("QC KC AC", True, "7S 8S 9S TS", False, False),
        ("9S TS JS", False, "8C 9C TC", True, True),  # higher top
        ("8C 9C TC", True, "9S TS JS", False, False),
        ("QH KH AH", False, "QS KS AS", True, False),  # equal top: trump wins (moscow) / earlier (kharkov)
        ("QS KS AS", True, "QH KH AH", False, True),
        ("QS KS AS", True, "QC KC AC", True, True),  # both plain: the earlier announced (the leader's)
        ("QS KS AS", False, "QC KC AC", False, False),
        ("7H 8H 9H", False, "7S 8S 9S", True, False),
        ("9H TH JH QH", True, "9S TS JS QS", True, True),
        ("9S TS JS QS", True, "9H TH JH QH", False, True),
    ],
)
def test_comparison_moscow_vs_kharkov(a: str, a_earlier: bool, b: str, moscow: bool, kharkov: bool) -> None:
    assert beats(seq(a), a_earlier, seq(b), Suit.H, MOSCOW) is moscow
    assert beats(seq(a, rules=KHARKOV), a_earlier, seq(b, rules=KHARKOV), Suit.H, KHARKOV) is kharkov


@pytest.mark.parametrize(
    ("hand", "cls", "moscow", "kharkov"),
    [
        ("7S 8S 9S TS", TERZ, True, True),  # a fifty against a терц
        ("QH KH AH", TERZ, True, False),  # a терц from the trump ace: kharkov may ask рост
        ("QS KS AS", TERZ, False, False),  # from a plain ace: a trump ace терц is higher
        ("JH QH KH", TERZ, False, False),
        ("JH QH KH AH", FIFTY, True, False),  # a fifty from the trump ace
        ("JS QS KS AS", FIFTY, False, False),
        ("QH KH AH", FIFTY, False, False),  # a терц is never higher than a fifty
    ],
)
def test_certainly_higher(hand: str, cls: int, moscow: bool, kharkov: bool) -> None:
    assert certainly_higher(seq(hand), cls, Suit.H, MOSCOW) is moscow
    assert certainly_higher(seq(hand, rules=KHARKOV), cls, Suit.H, KHARKOV) is kharkov


@pytest.mark.parametrize(
    ("hand", "first_cls", "expected_points"),
    [
        ("7S 8S 9S TS  QC KC AC", FIFTY, 70),  # fifty + a terz of another suit
        ("7S 8S 9S TS JS QS KS", FIFTY, 70),  # 7 in a row: fifty + терц
        ("7S 8S 9S TS JS QS KS AS", FIFTY, 100),  # two fifties
        ("7S 8S 9S  QC KC AC  JD QD KD", TERZ, 60),  # three терцы
        ("7S 8S 9S", TERZ, 20),
    ],
)
def test_counted_sequences(hand: str, first_cls: int, expected_points: int) -> None:
    h = cards(hand)
    first = first_of_class(h, first_cls, Suit.H, MOSCOW)
    assert first is not None
    counted = counted_sequences(h, first, Suit.H, MOSCOW)
    assert sum(s.points for s in counted) == expected_points
    used = [c for s in counted for c in s.cards]
    assert len(used) == len(set(used))  # no card in two sequences


def test_counted_skips_a_sequence_higher_than_the_first() -> None:
    # announcing a терц (strict etiquette) while holding a fifty elsewhere: the fifty is not added
    h = cards("7S 8S 9S  TC JC QC KC")
    first = first_of_class([c for c in h if c.suit == Suit.S], TERZ, Suit.H, MOSCOW)
    assert first is not None
    assert [s.length for s in counted_sequences(h, first, Suit.H, MOSCOW)] == [TERZ]


def test_describe() -> None:
    s = seq("QH KH AH")
    assert s.describe() == "терц от туза ♥"
    assert s.describe("en") == "terz from the ace of ♥"
    assert s.points == 20 and seq("7S 8S 9S TS").points == 50


def test_long_runs_score_as_the_rules_page_says() -> None:
    """Seven in a row: a fifty from the top and a терц (70); eight: two fifties (100); five or six: one fifty. The
    page said only «четыре и больше — пятьдесят» (an audit of the words against the engine)."""
    from ui import i18n

    def total(hand: str) -> int:
        return sum(s.points for s in find_sequences(cards(hand), Suit.S, MOSCOW))

    assert total("7H 8H 9H TH JH") == total("7H 8H 9H TH JH QH") == 50
    assert total("7H 8H 9H TH JH QH KH") == 70 and total("7H 8H 9H TH JH QH KH AH") == 100
    i18n.set_language("ru")
    said = i18n.tr("rw_seq_what")
    assert "пятьдесят и терц (70)" in said and "два полтинника (100)" in said
