"""The hard bot declares belle as late as the rules allow, and never loses it by waiting."""

from __future__ import annotations

import random

import pytest

from game.actions import Kind
from game.bots.base import make_player
from game.bots.hard import HardBot
from game.cards import ALL_CARDS, parse_cards
from game.deal import Deal, build_deck
from game.rules import PRESETS

FEW = (3, 3, 3, 4, 4, 4, 6, 6, 6)  # samples per decision (test_hard's)
HARD_HAND = parse_cards("JH 9H KH QH AS AC")  # hard orders hearts and holds belle


def _deal(rules_name: str, seed: int) -> Deal:
    """Hard (seat 0, the non-dealer) holds belle in the face-up suit; medium (seat 1) deals; the rest is random."""
    rng = random.Random(seed)
    face_up = parse_cards("7H")[0]
    others = [c for c in ALL_CARDS if c not in HARD_HAND and c != face_up]
    rng.shuffle(others)
    deck = build_deck(HARD_HAND, others[:6], face_up, rest=others[6:])
    deal = Deal(PRESETS[rules_name], 1, deck)
    # few samples: when to declare is the belle rule's choice, not the search's (the full bot took four times as long)
    bots = {0: HardBot(seed, samples=FEW), 1: make_player("medium", seed)}
    while not deal.is_over():
        seat = deal.current_player()
        assert seat is not None
        deal.apply(bots[seat].choose(deal.view(seat)))
    return deal


@pytest.mark.parametrize("rules_name", ["moscow", "book"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_belle_is_declared_late_but_always(rules_name: str, seed: int) -> None:
    deal = _deal(rules_name, seed)
    assert deal.bidder == 0 and deal.belle.owner == 0
    pair = set(parse_cards("KH QH"))
    mine = [a for s, a in deal.history if s == 0]
    belle_at = next(i for i, a in enumerate(mine) if a.kind is Kind.BELLE)  # declared: never lost by waiting
    following = next(a for a in mine[belle_at + 1 :] if a.kind is Kind.PLAY)
    played_before = {a.card for a in mine[:belle_at] if a.kind is Kind.PLAY}
    assert following.card in pair  # said right before giving up a belle card...
    if rules_name == "moscow":
        assert len(pair & played_before) == 1  # ...the last one: "before any card while holding one of them"
    else:
        assert not pair & played_before  # ...the first one: book declares "while holding both"
    assert deal.result is not None and deal.result.players[0].belle == 20
