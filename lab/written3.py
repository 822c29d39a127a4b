"""The bidder valuing its samples by what the deal writes (the bait's step), not by the margin.

    python -m lab.hard3_paired --variant hard_wb --base hard --deals 150 --seed 3 --jobs 1

Hard's bidder values each card by the paranoid margin averaged over its samples; what it writes has a step at
the bait (it writes nothing and the вистующие share its points), which a linear margin does not see, and hard's
bidder is baited in a quarter of its contracts. ``hard3.written_scorer`` turns each sample's exact margin into
the bidder's written points minus the others' mean. Issue 16 measured it for both roles from 7 cards (−0.8);
here the bidder alone, from its first card within hard's nodes (``hard_wb``) or from 7 cards (``hard_wb7``);
the вистующий plays as hard.
"""

from __future__ import annotations

from game.actions import Action
from game.bots.base import Player
from game.bots.hard import HardBot
from game.bots.hard3 import DECISION_NODES, HardThree, Scorer, choose_hard_three, written_scorer
from game.deal import DealView, Phase


class WrittenBidderThree:
    """Hard for three whose bidder values its samples by ``written_scorer`` with at most ``from_cards`` cards."""

    def __init__(self, bot: HardBot, from_cards: int) -> None:
        self.bot = bot
        self.hard = HardThree(bot)
        self.from_cards = from_cards

    def choose(self, view: DealView) -> Action:
        if view.phase is Phase.PLAY and view.seat == view.bidder and len(view.hand) <= self.from_cards:

            def scorer(v: DealView) -> Scorer:
                return written_scorer(v, DECISION_NODES.get(len(v.hand)))

            return choose_hard_three(self.bot, view, scorer)
        return self.hard.choose(view)


class WrittenBidder(HardBot):
    from_cards = 9

    def for_three(self) -> Player:
        return WrittenBidderThree(self, self.from_cards)


class WrittenBidder7(WrittenBidder):
    from_cards = 7
