"""The dealing convention: where each hand comes from in the deck, and its inverse (a deck for given hands).

How a deck order is dealt (index 0 = top of the deck):
  0-2 to the non-dealer, 3-5 to the dealer, 6-8 non-dealer, 9-11 dealer; 12 is turned up (вскрышка);
  after the order 13-15 go to the non-dealer and 16-18 to the dealer; 31 (the bottom) is the фреза.
Three players (``positions(3)``): the same rule with three hands, from the dealer's left
(L1, L2, the dealer D last): 0-2 L1, 3-5 L2, 6-8 D, 9-11 L1, 12-14 L2, 15-17 D; 18 the вскрышка; after the
order 19-21 L1, 22-24 L2, 25-27 D; 31 the фреза. Seats sit clockwise and play goes left: ``(seat + 1) % n``.
"""

from __future__ import annotations

from collections.abc import Sequence as Sequence_
from functools import cache
from typing import NamedTuple

from game.cards import Card
from game.seating import Seating

# Deck positions of the dealing convention (module docstring); ``build_deck`` is its inverse.
NON_DEALER_FIRST = (0, 1, 2, 6, 7, 8)
DEALER_FIRST = (3, 4, 5, 9, 10, 11)
VSKRYSHKA = 12
NON_DEALER_MORE = (13, 14, 15)
DEALER_MORE = (16, 17, 18)
FREZA = 31


class Positions(NamedTuple):
    """Where each hand comes from in the deck, for ``players`` seats; hands in dealing order (the dealer last)."""

    first: tuple[tuple[int, ...], ...]  # the six cards dealt before the bidding, per hand in dealing order
    more: tuple[tuple[int, ...], ...]  # the three dealt after the order
    vskryshka: int


@cache
def positions(players: int) -> Positions:
    """The dealing convention for 2 or 3 players (module docstring): 3 + 3 each, the вскрышка, 3 more each."""
    first = tuple(tuple(r * 3 * players + 3 * i + k for r in (0, 1) for k in range(3)) for i in range(players))
    vsk = 6 * players
    more = tuple(tuple(vsk + 1 + 3 * i + k for k in range(3)) for i in range(players))
    return Positions(first, more, vsk)


@cache
def dealing_order(dealer: int, players: int) -> tuple[int, ...]:
    """Seats in the order cards are dealt and bids spoken: the dealer's left first, the dealer last
    (``Seating.order``, kept at hand for the many deals a search or a drill makes)."""
    return Seating(players, dealer).order


def build_deck_n(
    hands: Sequence_[Sequence_[Card]], face_up: Card, freza: Card | None = None, rest: Sequence_[Card] = ()
) -> list[Card]:
    """``build_deck`` for any number of hands, given in dealing order (the dealer's left first, the dealer
    last); each hand 6 or 9 cards. For three players: three hands."""
    n = len(hands)
    if n not in (2, 3) or any(len(h) not in (6, 9) for h in hands):
        raise ValueError("2 or 3 hands of 6 or 9 cards")
    named = [*(c for h in hands for c in h), face_up, *([] if freza is None else [freza]), *rest]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    pos = positions(n)
    deck: list[Card | None] = [None] * 32
    for i, hand in enumerate(hands):
        for j, card in zip(pos.first[i] + pos.more[i], hand, strict=False):
            deck[j] = card
    deck[pos.vskryshka] = face_up
    if freza is not None:
        deck[FREZA] = freza
    taken = set(named)
    fill = iter([*rest, *(c for c in Card if c not in taken)])
    return [c if c is not None else next(fill) for c in deck]


def build_deck(
    non_dealer: Sequence_[Card],
    dealer: Sequence_[Card],
    face_up: Card,
    freza: Card | None = None,
    rest: Sequence_[Card] = (),
) -> list[Card]:
    """A deck order that deals the intended hands (for tests, samples and drills).

    ``non_dealer`` / ``dealer``: 6 or 9 cards, the first six dealt at once and the next three after the
    order; ``rest`` fixes the order of some undealt cards; every card not named fills the gaps in deck
    order, so the result is deterministic. Raises ``ValueError`` on a bad hand.
    """
    if len(non_dealer) not in (6, 9) or len(dealer) not in (6, 9):
        raise ValueError(f"hands must have 6 or 9 cards, got {len(non_dealer)} and {len(dealer)}")
    named = [*non_dealer, *dealer, face_up, *([] if freza is None else [freza]), *rest]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    deck: list[Card | None] = [None] * 32
    for positions, cards in (
        (NON_DEALER_FIRST + NON_DEALER_MORE, non_dealer),
        (DEALER_FIRST + DEALER_MORE, dealer),
    ):
        for i, card in zip(positions, cards, strict=False):
            deck[i] = card
    deck[VSKRYSHKA] = face_up
    if freza is not None:
        deck[FREZA] = freza
    taken = set(named)
    fill = iter([*rest, *(c for c in Card if c not in taken)])
    return [c if c is not None else next(fill) for c in deck]
