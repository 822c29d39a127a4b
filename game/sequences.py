"""Sequences (терц, пятьдесят): finding the best non-overlapping set in a hand and comparing them.

A run of 5+ cards counts as a fifty (its top four); the rest of a long run may form another sequence
(7 cards = fifty + терц, 8 = two fifties): no card is in two sequences. Belle is not a sequence.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from game.actions import FIFTY, TERZ
from game.cards import Card, Suit
from game.rules import EqualSequences, Rules, SequenceOrder

# position of each natural rank index in the sequence order
_NATURAL_POS = (0, 1, 2, 3, 4, 5, 6, 7)
# A-10-K-Q-J-9-8-7: 10 sits between K and A
_ACE_TEN_POS = (0, 1, 2, 6, 3, 4, 5, 7)
_RANK_AT_POS = {
    SequenceOrder.NATURAL: (0, 1, 2, 3, 4, 5, 6, 7),
    SequenceOrder.ACE_TEN: (0, 1, 2, 4, 5, 6, 3, 7),
}
TOP_POS = 7  # the ace is the top of every order

POINTS = {TERZ: 20, FIFTY: 50}


class Sequence(NamedTuple):
    length: int  # 3 (терц) or 4 (пятьдесят)
    top: int  # position of the top card in the sequence order (7 = ace)
    suit: Suit
    cards: tuple[Card, ...]  # from the top down

    @property
    def points(self) -> int:
        return POINTS[self.length]

    @property
    def top_card(self) -> Card:
        return self.cards[0]

    def describe(self, lang: str = "ru") -> str:
        from game.cards import RANK_OF

        top = RANK_OF[self.cards[0]]
        if lang == "ru":
            cls = "терц" if self.length == TERZ else "пятьдесят"
            return f"{cls} от {_RU_FROM[top]} {self.suit.symbol}"
        cls = "terz" if self.length == TERZ else "fifty"
        return f"{cls} from the {_EN_NAME[top]} of {self.suit.symbol}"


_RU_FROM = ("семёрки", "восьмёрки", "девятки", "десятки", "валета", "дамы", "короля", "туза")
_EN_NAME = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")


def _positions(rules: Rules) -> tuple[int, ...]:
    return _ACE_TEN_POS if rules.sequence_order is SequenceOrder.ACE_TEN else _NATURAL_POS


def _runs(hand: Iterable[Card], rules: Rules) -> list[tuple[Suit, list[int]]]:
    """Maximal runs (as sequence positions, ascending) of length >= 3, per suit."""
    pos_of = _positions(rules)
    by_suit: list[list[int]] = [[], [], [], []]
    for c in hand:
        by_suit[c // 8].append(pos_of[c % 8])
    runs: list[tuple[Suit, list[int]]] = []
    for s in range(4):
        held = sorted(by_suit[s])
        run: list[int] = []
        for p in held:
            if run and p == run[-1] + 1:
                run.append(p)
            else:
                if len(run) >= 3:
                    runs.append((Suit(s), run))
                run = [p]
        if len(run) >= 3:
            runs.append((Suit(s), run))
    return runs


def _make(suit: Suit, top: int, length: int, rules: Rules) -> Sequence:
    rank_at = _RANK_AT_POS[rules.sequence_order]
    cards = tuple(Card(suit * 8 + rank_at[p]) for p in range(top, top - length, -1))
    return Sequence(length, top, suit, cards)


def sort_key(seq: Sequence, trump: Suit | None, rules: Rules) -> tuple[int, int, int]:
    trump_first = rules.equal_sequences is EqualSequences.TRUMP_THEN_EARLIER
    return (seq.length, seq.top, 1 if trump_first and seq.suit == trump else 0)


def find_sequences(hand: Iterable[Card], trump: Suit | None, rules: Rules) -> list[Sequence]:
    """The best set of sequences with no shared card, best first (greedy from the top of each run)."""
    found: list[Sequence] = []
    for suit, run in _runs(hand, rules):
        top_i = len(run) - 1
        remaining = len(run)
        while remaining >= 3:
            length = FIFTY if remaining >= 4 else TERZ
            found.append(_make(suit, run[top_i], length, rules))
            top_i -= length
            remaining -= length
    found.sort(key=lambda s: sort_key(s, trump, rules), reverse=True)
    return found


def best_class(hand: Iterable[Card], rules: Rules) -> int:
    """3 (терц), 4 (пятьдесят) or 0 (nothing)."""
    longest = max((len(run) for _, run in _runs(hand, rules)), default=0)
    return min(longest, FIFTY) if longest >= TERZ else 0


def first_of_class(hand: Iterable[Card], cls: int, trump: Suit | None, rules: Rules) -> Sequence | None:
    """The sequence one would name first when announcing ``cls``: the best one of that length.

    Announcing a lower class than one holds (possible only in strict etiquette) names the best
    window of that length inside a longer run.
    """
    candidates = [_make(suit, run[i], cls, rules) for suit, run in _runs(hand, rules) for i in range(cls - 1, len(run))]
    if not candidates:
        return None
    return max(candidates, key=lambda s: sort_key(s, trump, rules))


def counted_sequences(hand: Iterable[Card], first: Sequence, trump: Suit | None, rules: Rules) -> list[Sequence]:
    """What the winner of the comparison scores: the first sequence and every other one not higher."""
    cards = [c for c in hand if c not in first.cards]
    key = sort_key(first, trump, rules)
    return [first, *(s for s in find_sequences(cards, trump, rules) if sort_key(s, trump, rules) <= key)]


def beats(a: Sequence, a_earlier: bool, b: Sequence, trump: Suit | None, rules: Rules) -> bool:
    """Does ``a`` beat ``b``? ``a_earlier``: ``a`` was announced first (it is the leader's)."""
    if a.length != b.length:
        return a.length > b.length
    if a.top != b.top:
        return a.top > b.top
    if rules.equal_sequences is EqualSequences.TRUMP_THEN_EARLIER and (a.suit == trump) != (b.suit == trump):
        return a.suit == trump
    return a_earlier


def certainly_higher(seq: Sequence, cls: int, trump: Suit | None, rules: Rules) -> bool:
    """Would ``seq`` beat any sequence of class ``cls`` the leader could hold? Then asking «рост?» is a fault."""
    if seq.length != cls:
        return seq.length > cls
    return seq.top == TOP_POS and seq.suit == trump and rules.equal_sequences is EqualSequences.TRUMP_THEN_EARLIER
