"""Helpers for the engine tests: decks built from intended hands, scripted deals, random legal play.

The dealing convention (see ``game/deal.py``), index 0 = top of the deck:
  0-2 non-dealer, 3-5 dealer, 6-8 non-dealer, 9-11 dealer, 12 the вскрышка (face-up card),
  13-15 non-dealer, 16-18 dealer (the досдача after the order), 31 (the bottom) the фреза.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from game.actions import Action
from game.cards import Card, parse_cards
from game.deal import Deal, Event
from game.deal import build_deck as deal_build_deck
from game.rules import PRESETS, Rules
from game.scoring import MatchContext

CardsLike = str | Iterable[str] | Iterable[Card]


def cards(spec: CardsLike) -> list[Card]:
    """``"7S 8S"`` / ``["7S", "8S"]`` / ``[Card.S7, ...]`` -> a list of cards."""
    if isinstance(spec, str):
        return parse_cards(spec)
    return [Card.parse(c) if isinstance(c, str) else Card(c) for c in spec]


def build_deck(
    non_dealer: CardsLike,
    dealer: CardsLike,
    face_up: str | Card,
    freza: str | Card | None = None,
    rest: CardsLike = (),
) -> list[Card]:
    """``game.deal.build_deck`` taking card codes as well as cards."""
    up = face_up if isinstance(face_up, Card) else Card.parse(face_up)
    bottom = None if freza is None else (freza if isinstance(freza, Card) else Card.parse(freza))
    return deal_build_deck(cards(non_dealer), cards(dealer), up, bottom, cards(rest))


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


def replay(
    rules: Rules, dealer: int, deck: Sequence[Card], actions: Iterable[Action], context: MatchContext | None = None
) -> Deal:
    deal = Deal(rules, dealer, list(deck), context)
    for a in actions:
        deal.apply(a)
    return deal
