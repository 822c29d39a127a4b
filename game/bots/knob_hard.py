"""«Ровня» above medium: the hard bot's decision in a share of the decisions, medium's in the rest.

Below medium's rating Ровня is medium with careless cards (``characters.knob_bot``); a player stronger than medium
needs her stronger than medium, up to hard. Here each decision is hard's with probability ``share`` and medium's
otherwise — drawn from the seed and the decision alone, so a game replays identically and a hard decision is the
very one the hard bot would make. ``share`` 0 is medium, 1 is hard; between them her strength is read off the
ladder's points a deal (``lab/rovnya.py hard``; docs/bots.md, "«Ровня»").
"""

from __future__ import annotations

import random

from game.actions import Action
from game.bots.base import Player
from game.bots.hard import HardBot
from game.deal import DealView


class HardKnob(HardBot):
    """Hard's decision with probability ``share`` (per decision, from the seed and the view), else medium's."""

    def __init__(self, share: float, seed: int = 0) -> None:
        super().__init__(seed)
        self.share = share

    def takes_hard(self, view: DealView) -> bool:
        """Is this decision hard's? Its own random stream, so hard's own choices are untouched by the draw."""
        return random.Random(f"{self.seed}:knob:{view.seat}:{len(view.history)}").random() < self.share

    def choose(self, view: DealView) -> Action:
        if self.takes_hard(view):
            return super().choose(view)
        return self.helper.choose(view)

    def for_three(self) -> Player:
        return HardKnobThree(self)


class HardKnobThree:
    """The same knob at a table of three: hard3's decision or medium3's."""

    def __init__(self, bot: HardKnob) -> None:
        from game.bots.hard3 import HardThree
        from game.bots.medium3 import MediumThree

        self.bot = bot
        self.hard = HardThree(bot)
        self.medium = MediumThree(bot.helper)

    def choose(self, view: DealView) -> Action:
        return self.hard.choose(view) if self.bot.takes_hard(view) else self.medium.choose(view)
