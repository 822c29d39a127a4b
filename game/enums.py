"""A mixin for the engine's enums: a member has no truth value.

``if rules.belle_protection:`` was always true — ``BelleProtection.OFF`` is the non-empty string ``"off"`` —
and ``if card:`` is false for the seven of spades (``Card.S7 == 0``). Every enum in ``game/`` mixes this in,
so such a test raises at once (the tests find it) instead of quietly reading the value wrong; compare with a
member (``is BelleProtection.OFF``) or with ``None`` instead.
"""

from __future__ import annotations

from typing import NoReturn


class NoTruth:
    """Mixed into an enum (before its data type): ``bool(member)`` raises ``TypeError``."""

    __slots__ = ()

    def __bool__(self) -> NoReturn:
        raise TypeError(f"{self!r} has no truth value: compare it with a member or with None")
