"""The 'random' level: a uniform choice among the legal actions — but never a false claim of the game."""

from __future__ import annotations

import random

from game.actions import Action, Kind
from game.counts import player_count
from game.deal import DealView
from game.rules import Etiquette


def claim_true(view: DealView) -> bool:
    """Would this seat's claim of the game be true now (from what it can see)? ``knowledge`` for two players,
    ``medium3`` for three."""
    if player_count(view.players).partners:
        from game.bots.medium3 import claim_is_sure3

        return claim_is_sure3(view)
    from game.bots.knowledge import claim_is_sure

    return claim_is_sure(view)


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: DealView) -> Action:
        """Any legal action alike, except a claim that would be false: with strict etiquette a false «Партия!»
        ends the game at once, and a game against «случайный» then never got past its first deal."""
        if not view.legal:
            raise ValueError("choose() called when the seat has nothing to do")
        options = list(view.legal)
        strict = view.rules.etiquette is Etiquette.STRICT  # guided offers only a true claim
        if strict and any(a.kind is Kind.CLAIM for a in options) and not claim_true(view):
            options = [a for a in options if a.kind is not Kind.CLAIM] or options
        return options[self.rng.randrange(len(options))]
