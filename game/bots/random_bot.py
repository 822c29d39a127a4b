"""The 'random' level: a uniform choice among the legal actions."""

from __future__ import annotations

import random

from game.actions import Action
from game.deal import DealView


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: DealView) -> Action:
        if not view.legal:
            raise ValueError("choose() called when the seat has nothing to do")
        return view.legal[self.rng.randrange(len(view.legal))]
