"""Hard's model of the two others at three: how likely their card plays and bids make a sampled deal.

The others are modelled as the medium players they are (``medium3.card_score``: a one-ply estimate of a card,
a function of the seat's view alone; against hard opponents the model is a guess, not the truth).
So a sampled deal can be checked against what the others did: for every earlier card of theirs that had an
alternative, rebuild that seat's view then (its hand = the sample's plus what it has played since; the tricks,
the trick so far, the hand sizes and the history cut at that card) and ask medium's choice. Each play medium
would not have made multiplies the sample's weight by ``eps``; ``combined`` multiplies that by the bids'
likelihood (``inference3``), and ``hard3.weighted_samples`` resamples the candidates by it (``hard3.sample_weights``).

``early_only``: check only the plays made with 8 or 9 cards in hand (where medium and hard play alike).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from game import actions as A
from game.actions import Action, Kind
from game.bots.inference3 import WeightFn, likelihood, times
from game.bots.medium import MediumBot, legal_replies
from game.bots.medium3 import Knowledge3, card_score
from game.bots.solver3 import Hands
from game.cards import Card, Rank
from game.deal import DealView

Check = tuple[int, int, int, tuple[Card, ...], tuple[tuple[Card, ...], ...], int, Card, frozenset[int]]
"""One earlier play to check: its seat, the trick's index, its leader, the trick's cards before it, the cards
each seat played from that point on (that one included), the index in the history where the play stands, the
card played, and the seats that had declared the belle by then."""

_MEDIUM = MediumBot(0)  # medium's card play has no randomness (slip 0): any seed gives the same choices


def play_checks(view: DealView, early_only: bool) -> list[Check]:
    """The others' earlier plays, in order, with what is needed to rebuild each one's view."""
    tricks = [(t.leader, tuple(t.cards)) for t in view.tricks]
    if view.trick and view.trick_leader is not None:
        tricks.append((view.trick_leader, tuple(view.trick)))
    n = view.players
    play_at: dict[Card, int] = {}
    belle_at: dict[int, int] = {}
    for i, (seat, a) in enumerate(view.history):
        if a.kind is Kind.PLAY and a.card is not None:
            play_at[a.card] = i
        if a.kind is Kind.BELLE or (a.kind is Kind.PLAY and a.value):
            belle_at.setdefault(seat, i)
    checks: list[Check] = []
    for ti, (leader, cards) in enumerate(tricks):
        if early_only and ti >= 2:
            break
        for i, c in enumerate(cards):
            seat = (leader + i) % n
            if seat == view.seat:
                continue
            later: list[list[Card]] = [[] for _ in range(n)]
            for tj in range(ti, len(tricks)):
                lead_j, cards_j = tricks[tj]
                for j, x in enumerate(cards_j):
                    if tj > ti or j >= i:
                        later[(lead_j + j) % n].append(x)
            at = play_at.get(c, len(view.history))
            belles = frozenset(x for x, h in belle_at.items() if h < at and x != seat)
            checks.append((seat, ti, leader, cards[:i], tuple(tuple(x) for x in later), at, c, belles))
    return checks


def known_then(view: DealView, check: Check, held: Hands) -> tuple[Card, ...]:
    """The others' cards the checked seat knew they held at that point: shown for a sequence, or the belle pair."""
    seat, ti, _, _, _, _, _, belles = check
    assert view.trump is not None
    shown = view.shown if ti >= 1 else tuple(() for _ in view.shown)
    pair = (Card(view.trump * 8 + Rank.KING), Card(view.trump * 8 + Rank.QUEEN))
    known: list[Card] = []
    for x in range(view.players):
        if x != seat:
            known.extend(c for c in shown[x] if c in held[x])
            if x in belles:
                known.extend(c for c in pair if c in held[x] and c not in known)
    return tuple(known)


def medium_would_play(view: DealView, check: Check, held: Hands, known: tuple[Card, ...]) -> bool | None:
    """Whether medium, the seats holding ``held`` at that point and knowing the others hold ``known``
    (``known_then``), plays the card it played (None: it had no choice). It depends on the checked seat's hand and
    ``known`` alone (the hand sizes are the view's)."""
    seat, ti, leader, before, _, at, card, _ = check
    trump = view.trump
    assert trump is not None
    hand = held[seat]
    choices = sorted(set(legal_replies(hand, before[0] if before else None, trump)))
    if len(choices) < 2:
        return None
    return medium_choice(view_then(view, seat, ti, leader, before, view.history[:at], held, known), choices) == card


def view_then(
    view: DealView,
    seat: int,
    ti: int,
    leader: int,
    trick: tuple[Card, ...],
    history: tuple[tuple[int, Action], ...],
    held: Hands,
    known: tuple[Card, ...],
) -> DealView:
    """``seat``'s view in trick ``ti`` with ``trick`` on the table, the seats holding ``held`` and ``seat`` knowing
    the others hold ``known`` (``known_then``): the sequences shown from the first trick's end, its cards legal."""
    assert view.trump is not None
    hand = held[seat]
    choices = sorted(set(legal_replies(hand, trick[0] if trick else None, view.trump)))
    return dataclasses.replace(
        view,
        seat=seat,
        hand=hand,
        trick=trick,
        trick_leader=leader,
        tricks=view.tricks[:ti],
        history=history,
        shown=view.shown if ti >= 1 else tuple(() for _ in view.shown),
        known_opponent_cards=known,
        hand_sizes=tuple(len(h) for h in held),
        legal=tuple(A.play(c) for c in choices),
    )


def medium_choice(then: DealView, choices: list[Card]) -> Card:
    """The card medium plays from the view ``then`` among ``choices`` (its legal cards)."""
    k = Knowledge3(then)
    return max(choices, key=lambda c: (card_score(_MEDIUM, then, k, c), -int(c)))


def play_likelihood(view: DealView, eps: float = 0.1, early_only: bool = False) -> WeightFn | None:
    """A weight per sampled deal: ``eps`` to the power of the others' plays medium would not have made."""
    checks = play_checks(view, early_only)
    if not checks:
        return None

    # the candidates of one decision share most of the checked hands (late in the deal few cards are unseen):
    # medium's answer is kept per check, hand and known cards, which is all it depends on
    memo: dict[tuple[int, tuple[Card, ...], tuple[Card, ...]], bool | None] = {}

    def weight(hands: Hands) -> float:
        w = 1.0
        for i, check in enumerate(checks):
            later = check[4]
            held = tuple(tuple(sorted((*hands[x], *later[x]))) for x in range(len(hands)))
            three = (held[0], held[1], held[2])
            known = known_then(view, check, three)
            key = (i, three[check[0]], known)
            if key not in memo:
                memo[key] = medium_would_play(view, check, three, known)
            if memo[key] is False:
                w *= eps
        return w

    return weight


def combined(eps: float, early_only: bool, bids: bool) -> Callable[[DealView], WeightFn | None]:
    """The play likelihood, times the bids' (``inference3.likelihood``) with ``bids``."""

    def make(view: DealView) -> WeightFn | None:
        return times(play_likelihood(view, eps, early_only), likelihood(view) if bids else None)

    return make


EPS = 0.1  # a play medium would not have made multiplies the sample's weight by this (0.3 measured no better)
