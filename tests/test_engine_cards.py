"""Card order and points per trump, the deck, card and action codes."""

from __future__ import annotations

import random

import pytest

from game import actions as A
from game.actions import Action, Kind
from game.cards import (
    ALL_CARDS,
    TOTAL_CARD_POINTS,
    Card,
    Rank,
    Suit,
    beats,
    format_cards,
    parse_cards,
    points,
    shuffled_deck,
    strength,
    validate_deck,
)

# (rank, points as plain, points as trump)
POINTS_TABLE = [
    ("A", 11, 11),
    ("T", 10, 10),
    ("K", 4, 4),
    ("Q", 3, 3),
    ("J", 2, 20),
    ("9", 0, 14),
    ("8", 0, 0),
    ("7", 0, 0),
]
PLAIN_ORDER = ["A", "T", "K", "Q", "J", "9", "8", "7"]  # high to low
TRUMP_ORDER = ["J", "9", "A", "T", "K", "Q", "8", "7"]


@pytest.mark.parametrize("trump", list(Suit))
@pytest.mark.parametrize(("rank", "plain", "trumped"), POINTS_TABLE)
def test_points_per_trump(trump: Suit, rank: str, plain: int, trumped: int) -> None:
    for suit in Suit:
        card = Card.parse(rank + "SCDH"[suit])
        assert points(card, trump) == (trumped if suit == trump else plain)


@pytest.mark.parametrize("trump", list(Suit))
def test_deck_totals_152(trump: Suit) -> None:
    assert sum(points(c, trump) for c in ALL_CARDS) == TOTAL_CARD_POINTS == 152


@pytest.mark.parametrize("trump", list(Suit))
def test_order_within_suits(trump: Suit) -> None:
    for suit in Suit:
        order = TRUMP_ORDER if suit == trump else PLAIN_ORDER
        cs = [Card.parse(r + "SCDH"[suit]) for r in order]
        for i, high in enumerate(cs):
            for low in cs[i + 1 :]:
                assert beats(high, low, trump), (high, low)
                assert not beats(low, high, trump), (low, high)
                assert strength(high, trump) > strength(low, trump)


@pytest.mark.parametrize(
    ("challenger", "winner", "trump", "expected"),
    [
        ("7H", "AS", Suit.H, True),  # any trump takes a plain card
        ("AS", "7H", Suit.H, False),
        ("AC", "7S", Suit.H, False),  # a plain card of another suit never takes
        ("TC", "KC", Suit.H, True),  # plain: the ten is above the king
        ("KC", "TC", Suit.H, False),
        ("9H", "AH", Suit.H, True),  # trump: the nine above the ace
        ("JH", "9H", Suit.H, True),
        ("JC", "9C", Suit.H, True),  # plain: the jack above the nine
        ("QC", "JC", Suit.H, True),  # plain: the queen above the jack
        ("8H", "QS", Suit.H, True),
    ],
)
def test_beats_table(challenger: str, winner: str, trump: Suit, expected: bool) -> None:
    assert beats(Card.parse(challenger), Card.parse(winner), trump) is expected


def test_card_codes_roundtrip() -> None:
    for c in ALL_CARDS:
        assert Card.parse(c.code) is c
        assert Card.parse(c.code.lower()) is c
        assert Card.make(c.rank, c.suit) is c
    assert Card.parse("10S") is Card.ST
    assert format_cards(parse_cards("7S TH AD")) == "7S TH AD"
    assert Card.SA.rank is Rank.ACE and Card.SA.suit is Suit.S


@pytest.mark.parametrize("bad", ["", "1S", "7X", "AAS", "S7", "10", "T", " ", "ZZ"])
def test_bad_card_codes(bad: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(bad)


@pytest.mark.parametrize("bad", ["", "X", "SC", "CD", "HS", "spades"])
def test_bad_suit_codes(bad: str) -> None:
    with pytest.raises(ValueError):
        Suit.parse(bad)


def test_validate_deck() -> None:
    deck = shuffled_deck(random.Random(1))
    assert validate_deck(deck) == deck
    with pytest.raises(ValueError):
        validate_deck(deck[:31])
    with pytest.raises(ValueError):
        validate_deck([*deck[:31], deck[0]])


ACTIONS = [
    A.ORDER,
    A.PASS,
    A.SWAP,
    A.ASK_PASSES,
    A.FOUR_SEVENS,
    A.ROST,
    A.TELL_TOP,
    A.PISHET,
    A.MINE,
    A.BELLE,
    A.CLAIM,
    A.NO_CLAIM,
    A.announce(3),
    A.announce(4),
    A.answer_passes(True),
    A.answer_passes(False),
    *(A.name(s) for s in Suit),
    *(A.play(c) for c in ALL_CARDS),
    A.play(Card.HK, belle=True),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_action_ascii_roundtrip(action: Action) -> None:
    assert Action.parse(str(action)) == action


def test_action_ascii_forms() -> None:
    assert str(A.play(Card.S7)) == "play:7S"
    assert str(A.name(Suit.H)) == "name:H"
    assert str(A.announce(3)) == "announce:terz"
    assert str(A.announce(4)) == "announce:fifty"
    assert str(A.answer_passes(True)) == "passes:yes"
    assert Action.parse("play:QH+belle") == Action(Kind.PLAY, card=Card.HQ, value=1)


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "play",
        "play:",
        "play:1S",
        "play:7S+bella",
        "name:",
        "name:X",
        "name:SC",
        "announce:",
        "announce:berz",
        "passes:maybe",
        "order:H",
        "swap:7S",
        "foo",
        "PLAY:7S",
        ":",
    ],
)
def test_bad_action_strings(bad: str) -> None:
    with pytest.raises(ValueError):
        Action.parse(bad)


@pytest.mark.parametrize("bad", [None, 1, ("play", "7S"), b"play:7S"])
def test_action_parse_needs_a_string(bad: object) -> None:
    with pytest.raises(ValueError):
        Action.parse(bad)  # type: ignore[arg-type]
