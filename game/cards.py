"""Cards of the 32-card piquet deck, their order and points given a trump.

A card is an ``IntEnum`` ``suit * 8 + rank`` so it is cheap to hash, compare and pack into bit masks
(the bots' solver uses ``1 << card``). The ASCII code is rank then suit: ``7S 8S 9S TS JS QS KS AS``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from enum import IntEnum

from game.enums import NoTruth


class Suit(NoTruth, IntEnum):
    S = 0  # пики
    C = 1  # трефы
    D = 2  # бубны
    H = 3  # черви

    @property
    def symbol(self) -> str:
        return "♠♣♦♥"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        code = text.strip().upper()
        if len(code) != 1 or code not in "SCDH":
            raise ValueError(f"not a suit: {text!r} (expected one of S C D H)")
        return cls("SCDH".index(code))


class Rank(NoTruth, IntEnum):
    """Ranks in natural order 7..A; the index is the position used for sequences."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7


RANK_CHARS = "789TJQKA"
SUIT_CHARS = "SCDH"


class Card(NoTruth, IntEnum):
    S7 = 0
    S8 = 1
    S9 = 2
    ST = 3
    SJ = 4
    SQ = 5
    SK = 6
    SA = 7
    C7 = 8
    C8 = 9
    C9 = 10
    CT = 11
    CJ = 12
    CQ = 13
    CK = 14
    CA = 15
    D7 = 16
    D8 = 17
    D9 = 18
    DT = 19
    DJ = 20
    DQ = 21
    DK = 22
    DA = 23
    H7 = 24
    H8 = 25
    H9 = 26
    HT = 27
    HJ = 28
    HQ = 29
    HK = 30
    HA = 31

    @property
    def suit(self) -> Suit:
        return SUIT_OF[self]

    @property
    def rank(self) -> Rank:
        return RANK_OF[self]

    @property
    def code(self) -> str:
        return CODE_OF[self]

    def __str__(self) -> str:
        return CODE_OF[self]

    @classmethod
    def make(cls, rank: Rank, suit: Suit) -> Card:
        return ALL_CARDS[suit * 8 + rank]

    @classmethod
    def parse(cls, text: str) -> Card:
        code = text.strip().upper()
        if code.startswith("10"):
            code = "T" + code[2:]
        if len(code) != 2 or code[0] not in RANK_CHARS or code[1] not in SUIT_CHARS:
            raise ValueError(f"not a card: {text!r} (expected rank 7 8 9 T J Q K A and suit S C D H, e.g. 'TS')")
        return ALL_CARDS[SUIT_CHARS.index(code[1]) * 8 + RANK_CHARS.index(code[0])]


ALL_CARDS: tuple[Card, ...] = tuple(Card)
SUIT_OF: tuple[Suit, ...] = tuple(Suit(c // 8) for c in range(32))
RANK_OF: tuple[Rank, ...] = tuple(Rank(c % 8) for c in range(32))
CODE_OF: tuple[str, ...] = tuple(RANK_CHARS[c % 8] + SUIT_CHARS[c // 8] for c in range(32))

# Points: plain A11 T10 K4 Q3 J2; trump J20 9-14 A11 T10 K4 Q3.
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
# Strength within a suit for winning tricks (higher wins): plain A T K Q J 9 8 7; trump J 9 A T K Q 8 7.
PLAIN_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)
TRUMP_STRENGTH = (0, 1, 6, 4, 7, 2, 3, 5)
TOTAL_CARD_POINTS = 152  # in the whole deck for any trump: 3*(30) + 62

assert sum(PLAIN_POINTS) * 3 + sum(TRUMP_POINTS) == TOTAL_CARD_POINTS


def points(card: Card, trump: Suit) -> int:
    return TRUMP_POINTS[card % 8] if card // 8 == trump else PLAIN_POINTS[card % 8]


def belle_pair(trump: int) -> frozenset[Card]:
    """The trump king and queen: belle (белла) when one player holds both."""
    return frozenset((Card(trump * 8 + Rank.KING), Card(trump * 8 + Rank.QUEEN)))


def strength(card: Card, trump: Suit) -> int:
    """A number that orders cards for winning a trick: trumps above every plain card."""
    return 8 + TRUMP_STRENGTH[card % 8] if card // 8 == trump else PLAIN_STRENGTH[card % 8]


def beats(challenger: Card, winner: Card, trump: Suit) -> bool:
    """Does ``challenger`` take a trick currently won by ``winner``?"""
    cs, ws = challenger // 8, winner // 8
    if cs == ws:
        table = TRUMP_STRENGTH if cs == trump else PLAIN_STRENGTH
        return table[challenger % 8] > table[winner % 8]
    return cs == trump


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """``"7S 8S TS"`` (or a list of codes) -> cards; raises ``ValueError`` on a bad code."""
    items = text.split() if isinstance(text, str) else list(text)
    return [Card.parse(item) for item in items]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(CODE_OF[c] for c in cards)


def new_deck() -> list[Card]:
    """The deck in a fixed order (suit by suit, 7 up to A)."""
    return list(ALL_CARDS)


def shuffled_deck(rng: random.Random) -> list[Card]:
    """A deck shuffled by the caller's generator: shuffles are never hidden in constructors."""
    deck = new_deck()
    rng.shuffle(deck)
    return deck


def validate_deck(deck: Iterable[Card]) -> list[Card]:
    cards = list(deck)
    if len(cards) != 32 or len(set(cards)) != 32:
        missing = sorted(set(ALL_CARDS) - set(cards))
        raise ValueError(
            f"a deck must hold each of the 32 cards exactly once (got {len(cards)} cards"
            + (f", missing {format_cards(missing)}" if missing else "")
            + ")"
        )
    return cards
