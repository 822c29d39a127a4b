"""The solver's card coordinates (``solver.py``'s docstring): bit masks with the trump suit in the top byte and
each suit ordered by trick-taking strength, the conversions at the boundary, the legal cards, and the lead and
reply lists with the exact merging of equivalent cards. Kept apart from the search so each reads on its own."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from game.cards import PLAIN_STRENGTH, TRUMP_STRENGTH, Card

LAST_TRICK = 10
DRIVERS = ("full", "mtdf", "bisect")

# ---------------------------------------------------------------------------------------------- tables

# points by strength order within a suit (weakest first); both are non-decreasing in strength
_PLAIN_BY_STRENGTH = (0, 0, 0, 2, 3, 4, 10, 11)  # 7 8 9 J Q K T A
_TRUMP_BY_STRENGTH = (0, 0, 3, 4, 10, 11, 14, 20)  # 7 8 Q K T A 9 J
PTS: tuple[int, ...] = tuple((_TRUMP_BY_STRENGTH if i >= 24 else _PLAIN_BY_STRENGTH)[i & 7] for i in range(32))
ZERO = sum(1 << i for i in range(32) if PTS[i] == 0)
TRUMPS = 0xFF000000
SUITMASK: tuple[int, ...] = tuple(0xFF << (8 * (i >> 3)) for i in range(32))
ABOVE: tuple[int, ...] = tuple(SUITMASK[i] & ~((2 << i) - 1) for i in range(32))

Entry = list[Any]  # [lower bound, upper bound, leads or None]; a lead is [card, replies or None]
Reply = tuple[bool, int, int, int, int]  # (follower wins, trick points, child leader hand, child follower hand, R)
LeadFn = Callable[[int, int], list[list[Any]]]
ReplyFn = Callable[[int, int, int, int], list[Reply]]


def _byte_maps() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """8-bit maps from a suit's ``Card`` rank bits to strength bits (plain, trump)."""
    out = []
    for table in (PLAIN_STRENGTH, TRUMP_STRENGTH):
        out.append(tuple(sum(1 << table[r] for r in range(8) if byte >> r & 1) for byte in range(256)))
    return out[0], out[1]


_PLAIN_MAP, _TRUMP_MAP = _byte_maps()
_PLAIN_UNMAP = tuple(_PLAIN_MAP.index(b) for b in range(256))
_TRUMP_UNMAP = tuple(_TRUMP_MAP.index(b) for b in range(256))


def _suit_slots(trump: int) -> tuple[int, ...]:
    """Internal suit slot (0-2 plain in natural order, 3 trump) of each real suit."""
    slots = []
    plain = 0
    for s in range(4):
        if s == trump:
            slots.append(3)
        else:
            slots.append(plain)
            plain += 1
    return tuple(slots)


_SLOTS = tuple(_suit_slots(t) for t in range(4))


def to_internal(mask: int, trump: int) -> int:
    """A ``Card`` bit mask (bit ``card``) to the solver's coordinates for ``trump``."""
    slots = _SLOTS[trump]
    out = 0
    for s in range(4):
        byte = mask >> (8 * s) & 0xFF
        if byte:
            out |= (_TRUMP_MAP if s == trump else _PLAIN_MAP)[byte] << (8 * slots[s])
    return out


def from_internal(mask: int, trump: int) -> int:
    slots = _SLOTS[trump]
    out = 0
    for s in range(4):
        byte = mask >> (8 * slots[s]) & 0xFF
        if byte:
            out |= (_TRUMP_UNMAP if s == trump else _PLAIN_UNMAP)[byte] << (8 * s)
    return out


def card_to_internal(card: int, trump: int) -> int:
    return to_internal(1 << card, trump).bit_length() - 1


def internal_to_card(index: int, trump: int) -> Card:
    return Card(from_internal(1 << index, trump).bit_length() - 1)


def cards_to_mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def mask_to_cards(mask: int) -> list[Card]:
    out = []
    while mask:
        b = mask & -mask
        mask ^= b
        out.append(Card(b.bit_length() - 1))
    return out


def legal_cards(hand: int, led: int | None, trump: int) -> int:
    """Legal cards (a ``Card`` mask) for a hand, given the led card (None: leading)."""
    if led is None:
        return hand
    suit = 0xFF << (8 * (led // 8))
    follow = hand & suit
    if follow:
        if led // 8 == trump:
            table = TRUMP_STRENGTH
            higher = 0
            m = follow
            while m:
                b = m & -m
                m ^= b
                if table[(b.bit_length() - 1) % 8] > table[led % 8]:
                    higher |= b
            if higher:
                return higher
        return follow
    trumps = hand & (0xFF << (8 * trump))
    return trumps if trumps else hand


# ---------------------------------------------------------------------------------------------- move lists


def follow_mask(hF: int, c: int) -> int:
    """The legal replies (a mask) of hand ``hF`` to the led card ``c`` (internal coordinates; solver3 too)."""
    f = hF & SUITMASK[c]
    if f:
        if c >= 24:
            h = f & ABOVE[c]
            if h:
                return h
        return f
    t = hF & TRUMPS
    return t if t else hF


def _lead_list(hL: int, hF: int, merge: bool = True) -> list[list[Any]]:
    """The leads to try, best guess first: sure winners (highest points first), then the rest, cheapest first.

    Zero-point cards with no opponent card between them are interchangeable: keep one (``merge``).
    """
    z = hL & ZERO
    m = hL ^ (z & ((z >> 1) | (~(hL | hF) >> 1 & z >> 2))) if merge else hL
    masters = []
    others = []
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        if hF & ABOVE[c] or (c < 24 and hF & TRUMPS and not hF & SUITMASK[c]):
            others.append(c)
        else:
            masters.append(c)
    masters.reverse()
    return [[c, None] for c in masters + others]


def _reply_list(hL: int, hF: int, c: int, R: int, merge: bool = True) -> list[Reply]:
    """The follower's replies to lead ``c``: winning ones (lowest first), then losing ones (lowest first).

    Of a group of the follower's adjacent cards (no leader card, the lead included, between them) only the
    top one is kept when the group wins the trick and the bottom one when it loses.
    """
    pc = PTS[c]
    x = hL ^ (1 << c)
    out: list[Reply] = []
    f = hF & SUITMASK[c]
    if f:
        if c >= 24:
            w = f & ABOVE[c]
            lose = 0 if w else f
        else:
            w = f & ABOVE[c]
            lose = f ^ w
    else:
        w = hF & TRUMPS
        lose = 0 if w else hF
    while w:
        db = w & -w
        w ^= db
        d = db.bit_length() - 1
        nb = w & -w
        if merge and nb and (nb.bit_length() - 1) >> 3 == d >> 3 and not hL & (nb - (db << 1)):
            continue
        p = pc + PTS[d]
        out.append((True, p, hF ^ db, x, R - p))
    prev = 0
    while lose:
        db = lose & -lose
        lose ^= db
        if (
            merge
            and prev
            and (db.bit_length() - 1) >> 3 == (prev.bit_length() - 1) >> 3
            and not hL & (db - (prev << 1))
        ):
            prev = db
            continue
        prev = db
        p = pc + PTS[db.bit_length() - 1]
        out.append((False, p, x, hF ^ db, R - p))
    return out


def _wins(c: int, d: int) -> bool:
    """Does the follower's ``d`` take the trick led with ``c`` (internal indices)?"""
    return d > c and (d >> 3 == c >> 3 or d >= 24)


def _last_two(hL: int, hF: int) -> int:
    """The leader's points from a position with two cards each (exact)."""
    best = -1
    m = hL
    while m:
        cb = m & -m
        m ^= cb
        c = cb.bit_length() - 1
        c2 = (hL ^ cb).bit_length() - 1
        f = follow_mask(hF, c)
        worst = 999
        while f:
            db = f & -f
            f ^= db
            d = db.bit_length() - 1
            d2 = (hF ^ db).bit_length() - 1
            q = PTS[c2] + PTS[d2] + LAST_TRICK
            if d > c and (d >> 3 == c >> 3 or d >= 24):
                v = q if _wins(d2, c2) else 0
            else:
                v = PTS[c] + PTS[d] + (0 if _wins(c2, d2) else q)
            if v < worst:
                worst = v
        if worst > best:
            best = worst
    return best


def _remaining_points(mask: int) -> int:
    total = LAST_TRICK
    while mask:
        b = mask & -mask
        mask ^= b
        total += PTS[b.bit_length() - 1]
    return total
