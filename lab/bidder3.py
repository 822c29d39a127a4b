"""The bidder's early card play at three: sampling from 9 and 8 cards with a node budget per decision.

    python -m lab.hard3_paired --variant hard_bd98 --base hard --deals 150 --seed 3 --jobs 1

Session 35's measuring machinery; its winner, ``hard_bd98w_c-20`` (the bidder sampling from 9 and 8 cards
within ``node_total3`` nodes a decision, weighted by the others' plays and bids, bidding at −20), is what
``hard3`` ships since session 36 (``SAMPLES_BY_CARDS``, ``DECISION_NODES``, ``hard3.sample_weights``), with the
вистующий sampling the same way since the same session (``hv_v98w`` in lab/hard3_variants.py is hard). What
stays here are the knobs measured and not shipped: the bidder's one ply with medium's weights changed
(``early3``), the samples as a veto on medium's card (``veto3``), and medium's weights in a вистующий's one ply
(``early3_vist``). Measuring levels ``hard_bd*`` in lab/hard3_variants.py (docs/lab/bots-three.md, "Issue 25,
session 35")."""

from __future__ import annotations

from collections.abc import Callable

from game.actions import Action, Kind
from game.bots.base import Player
from game.bots.hard import HardBot
from game.bots.hard3 import (
    DECISION_NODES,
    HardThree,
    own_bonus,
    paranoid_scorer,
    sampled_totals,
    samples_for,
)
from game.bots.inference3 import WeightFn, likelihood
from game.bots.medium import MediumBot
from game.bots.medium3 import Knowledge3, _with_belle, choose_three
from game.bots.solver3 import Hands
from game.cards import Card
from game.deal import DealView, Phase


class BidderThree:
    """Hard for three whose bidder solves its card decisions within ``node_total3`` nodes (by cards in hand);
    where it plays medium's one ply (no samples), ``early3`` sets medium's weights (``draw_bonus``,
    ``trump_keep``, ``capture``, ``win_bonus``, ``later_card``) for the bidder's card."""

    def __init__(self, bot: HardBot) -> None:
        self.bot = bot
        self.hard = HardThree(bot)

    def choose(self, view: DealView) -> Action:
        if view.bidder is None:
            return self.hard.choose(view)
        if view.seat != view.bidder:
            return self.defend(view)
        totals: dict[int, int] = getattr(self.bot, "node_total3", DECISION_NODES)
        early: dict[str, float] = getattr(self.bot, "early3", {})
        if early and view.phase is Phase.PLAY and samples_for(self.bot, len(view.hand)) == 0:
            medium = MediumBot(self.bot.seed)
            for k, v in early.items():
                setattr(medium, k, v)
            return choose_three(medium, view)
        veto = getattr(self.bot, "veto3", None)
        if veto is not None and len(view.hand) > 7:
            return self.vetoed(view, float(veto), totals.get(len(view.hand)))
        return self.hard.choose(view)  # hard's bidder: its samples3 and node_total3 (hard3.card_scorer)

    def defend(self, view: DealView) -> Action:
        """A вистующий's card: medium's with ``early3_vist``'s weights where hard plays the one ply, or samples
        within ``vist_total3`` nodes a decision (by cards in hand); else hard's."""
        n = samples_for(self.bot, len(view.hand), vist=True)
        early: dict[str, float] = getattr(self.bot, "early3_vist", {})
        if early and view.phase is Phase.PLAY and n == 0:
            medium = MediumBot(self.bot.seed)
            for k, v in early.items():
                setattr(medium, k, v)
            return choose_three(medium, view)
        total = getattr(self.bot, "vist_total3", {}).get(len(view.hand))
        plays = [a for a in view.legal if a.kind is Kind.PLAY and a.card is not None]
        cards = sorted({a.card for a in plays if a.card is not None})
        if total is None or view.phase is not Phase.PLAY or len(plays) != len(view.legal) or len(cards) < 2 or not n:
            return self.hard.choose(view)
        side = paranoid_scorer(view, None, total)
        bonus = {c: own_bonus(self.bot, view, c) for c in cards}

        def score(hands: Hands, leader: int, trick: tuple[Card, ...]) -> dict[Card, float] | None:
            out = side(hands, leader, trick)
            return None if out is None else {c: v + bonus.get(c, 0.0) for c, v in out.items()}

        oversample = getattr(self.bot, "oversample3", 0)
        weigh = getattr(self.bot, "likelihood3", likelihood)
        values = sampled_totals(view, cards, self.bot.decision_rng(view), n, score, oversample, 1.0, weigh)[0]
        if not values:
            return choose_three(MediumBot(self.bot.seed), view)
        best = max(cards, key=lambda c: (values[c], -int(c)))
        return _with_belle(view, Knowledge3(view), best, plays)

    def vetoed(self, view: DealView, veto: float, total: int | None) -> Action:
        """Medium's card unless the samples (uniform) put another card more than ``veto`` points a sample above
        it: the samples as a check on medium's one ply rather than in its place."""
        medium = choose_three(MediumBot(self.bot.seed), view)
        plays = [a for a in view.legal if a.kind is Kind.PLAY and a.card is not None]
        cards = sorted({a.card for a in plays if a.card is not None})
        n = samples_for(self.bot, len(view.hand))
        if (
            view.phase is not Phase.PLAY
            or len(plays) != len(view.legal)
            or len(cards) < 2
            or n == 0
            or medium.kind is not Kind.PLAY
            or medium.card is None
        ):
            return medium
        solved = [0]
        score = paranoid_scorer(view, None, total)

        def counted(hands: Hands, leader: int, trick: tuple[Card, ...]) -> dict[Card, float] | None:
            out = score(hands, leader, trick)
            solved[0] += out is not None
            return out

        values = sampled_totals(view, cards, self.bot.decision_rng(view), n, counted)[0]
        if not values:
            return medium
        best = max(cards, key=lambda c: (values[c], -int(c)))
        if values[best] - values[medium.card] <= veto * solved[0]:
            return medium
        return _with_belle(view, Knowledge3(view), best, plays)


class BidderHard(HardBot):
    """A hard bot whose three-player strategy is ``BidderThree``."""

    def for_three(self) -> Player:
        return BidderThree(self)


def bidder_only(model: Callable[[DealView], WeightFn | None]) -> Callable[[DealView], WeightFn | None]:
    """A model of the others used by the bidder only (a вистующий samples uniformly, as hard does)."""

    def make(view: DealView) -> WeightFn | None:
        return model(view) if view.seat == view.bidder else None

    return make


def vist_only(model: Callable[[DealView], WeightFn | None]) -> Callable[[DealView], WeightFn | None]:
    """A model of the others used by a вистующий only (the bidder samples uniformly, as hard does)."""

    def make(view: DealView) -> WeightFn | None:
        return model(view) if view.seat != view.bidder else None

    return make
