"""Helpers for the engine tests: decks built from intended hands, scripted deals, random legal play.

The dealing convention (see ``game/deal.py``), index 0 = top of the deck:
  0-2 non-dealer, 3-5 dealer, 6-8 non-dealer, 9-11 dealer, 12 the вскрышка (face-up card),
  13-15 non-dealer, 16-18 dealer (the досдача after the order), 31 (the bottom) the фреза.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from game.actions import Action
from game.cards import ALL_CARDS, Card, parse_cards
from game.deal import Deal, Event
from game.rules import PRESETS, Rules
from game.scoring import MatchContext

CardsLike = str | Iterable[str] | Iterable[Card]


def cards(spec: CardsLike) -> list[Card]:
    """``"7S 8S"`` / ``["7S", "8S"]`` / ``[Card.S7, ...]`` -> a list of cards."""
    if isinstance(spec, str):
        return parse_cards(spec)
    items = list(spec)
    return [c if isinstance(c, Card) else Card.parse(c) for c in items]


def build_deck(
    non_dealer: CardsLike,
    dealer: CardsLike,
    face_up: str | Card,
    freza: str | Card | None = None,
    rest: CardsLike = (),
) -> list[Card]:
    """A 32-card deck order that deals the intended hands.

    ``non_dealer`` / ``dealer``: 6 or 9 cards each, the first six dealt at once, the next three the
    досдача after the order. ``face_up`` is the вскрышка, ``freza`` the bottom card; ``rest`` fixes the
    order of some of the undealt cards (after the досдача); every card not named fills the gaps in
    deck order, so the result is deterministic.
    """
    nd, d = cards(non_dealer), cards(dealer)
    if len(nd) not in (6, 9) or len(d) not in (6, 9):
        raise ValueError(f"hands must have 6 or 9 cards, got {len(nd)} and {len(d)}")
    up = face_up if isinstance(face_up, Card) else Card.parse(face_up)
    bottom = None if freza is None else (freza if isinstance(freza, Card) else Card.parse(freza))
    named = [*nd, *d, up, *([] if bottom is None else [bottom]), *cards(rest)]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    spare = [c for c in ALL_CARDS if c not in set(named)]
    deck: list[Card | None] = [None] * 32
    deck[0:3], deck[3:6], deck[6:9], deck[9:12] = nd[0:3], d[0:3], nd[3:6], d[3:6]
    deck[12] = up
    if len(nd) == 9:
        deck[13:16] = nd[6:9]
    if len(d) == 9:
        deck[16:19] = d[6:9]
    if bottom is not None:
        deck[31] = bottom
    fill = iter([*cards(rest), *spare])
    out = [c if c is not None else next(fill) for c in deck]
    assert sorted(out) == list(ALL_CARDS)
    return out


def make_deal(
    non_dealer: CardsLike,
    dealer: CardsLike,
    face_up: str | Card,
    rules: Rules | str = "moscow",
    dealer_seat: int = 0,
    freza: str | Card | None = None,
    context: MatchContext | None = None,
    **options: object,
) -> Deal:
    """A deal from intended hands; ``options`` change single rules options of the preset."""
    r = PRESETS[rules] if isinstance(rules, str) else rules
    if options:
        r = r.with_options(**options)
    return Deal(r, dealer_seat, build_deck(non_dealer, dealer, face_up, freza), context)


def act(deal: Deal, *actions: str | Action) -> list[Event]:
    """Apply actions given as ASCII (``"play:7S"``) or ``Action``; returns all the events."""
    events: list[Event] = []
    for a in actions:
        action = Action.parse(a) if isinstance(a, str) else a
        events += deal.apply(action)
    return events


def legal(deal: Deal) -> list[str]:
    return [str(a) for a in deal.legal_actions()]


def random_playout(deal: Deal, rng: random.Random, max_steps: int = 500) -> list[Action]:
    """Play random legal actions to the end; returns the actions applied."""
    done: list[Action] = []
    while not deal.is_over():
        options = deal.legal_actions()
        assert options, "a deal in progress must offer an action"
        action = options[rng.randrange(len(options))]
        deal.apply(action)
        done.append(action)
        assert len(done) < max_steps
    return done


def replay(rules: Rules, dealer: int, deck: Sequence[Card], actions: Iterable[Action],
           context: MatchContext | None = None) -> Deal:
    deal = Deal(rules, dealer, list(deck), context)
    for a in actions:
        deal.apply(a)
    return deal
