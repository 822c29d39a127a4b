"""The oracle for three: hard for three shown the real hands in play — a yardstick, never offered in the game.

    python -m lab.hard3_paired --variant oracle3 --base hard --deals 300 --seed 301 --jobs 1

Registered as the measuring level ``oracle3``; ``oracle3_i16`` without the вистующий's own points;
``oracle3_fromN`` the truth only from N cards in hand (7: where hard starts sampling; 8, 5) and hard's play
before; ``oracle3_bidder`` / ``oracle3_vist`` the truth only in that role, hard's play in the other;
``oracle3_cC`` bidding by the fitted evaluator at caution C (hard's is the file's, 0). Like
``lab/oracle.py`` it needs the ``Deal``: ``lab.selfplay3.deck_passes`` ``attach``es it to each deal it makes.
From the first card, every card decision with a choice solves the one true deal (the other two hands as they
are) with hard's own per-sample values (``hard3.card_scorer``: the paranoid margin, for a вистующий from
``DUAL_FROM`` cards plus half its own margin, and its own take when playing last, ``own_bonus``), so the only
thing it has over hard is the knowledge of the cards. Bidding, the swap, the dialog and the belle are hard's.
The solvers are kept for the deal (their tables hold positions, so they stay valid from card to card).
"""

from __future__ import annotations

from collections.abc import Callable

from game.actions import Action, Kind
from game.bots.base import Player, levels, register_level
from game.bots.bidding3 import bid3
from game.bots.hard import HardBot
from game.bots.hard3 import DUAL, DUAL_FROM, HardThree, own_bonus
from game.bots.medium3 import Knowledge3, _with_belle
from game.bots.solver3 import Hands, Solver3
from game.cards import Card
from game.deal import Deal, DealView, Phase


class OracleThree:
    """Hard for three whose card play solves the true deal; everything else is ``HardThree``'s."""

    def __init__(self, bot: HardBot) -> None:
        self.bot = bot
        self.hard = HardThree(bot)
        self.deal: Deal | None = None
        self.solvers: dict[tuple[object, int], Solver3] = {}

    def attach(self, deal: Deal) -> None:
        """Follow ``deal`` (the next one of a match or of a duplicate's passes)."""
        self.deal = deal
        self.solvers = {}

    def solver(self, view: DealView, side: int) -> Solver3:
        assert view.trump is not None
        key = (view.trump, side)
        if key not in self.solvers:
            self.solvers[key] = Solver3(view.trump, side)
        return self.solvers[key]

    def values(self, view: DealView, hands: Hands, leader: int) -> dict[Card, float]:
        """Hard's per-sample values (``hard3.card_scorer``) of each legal card on the true deal."""
        assert view.bidder is not None
        trick = tuple(view.trick)
        side = self.solver(view, view.bidder).values(hands, leader, trick)
        if view.seat == view.bidder:
            return {c: float(v) for c, v in side.items()}
        dual = float(getattr(self.bot, "dual3", DUAL))
        if dual and len(view.hand) <= getattr(self.bot, "dual3_from", DUAL_FROM):
            mine = self.solver(view, view.seat).values(hands, leader, trick)
            return {c: float(-v + dual * mine[c]) for c, v in side.items()}
        return {c: float(-v) for c, v in side.items()}

    def choose(self, view: DealView) -> Action:
        legal = view.legal
        caution = getattr(self.bot, "caution3", None)
        if caution is not None and view.phase in (Phase.BIDDING_1, Phase.BIDDING_2) and len(legal) > 1:
            return bid3(view, float(caution))  # a measuring sweep of the bidding under the oracle's play
        plays = [a for a in legal if a.kind is Kind.PLAY and a.card is not None]
        cards = sorted({a.card for a in plays if a.card is not None})
        if (
            self.deal is not None
            and view.phase is Phase.PLAY
            and len(plays) == len(legal)
            and len(cards) > 1
            and view.trump is not None
            and view.bidder is not None
            and len(view.hand) <= getattr(self.bot, "oracle3_from", 9)
            and getattr(self.bot, "oracle3_role", "both") in ("both", "bidder" if view.seat == view.bidder else "vist")
        ):
            hands = tuple(self.deal.hand(s) for s in range(3))
            assert set(hands[view.seat]) == set(view.hand), "the oracle follows another deal"
            leader = view.trick_leader if view.trick else view.seat
            assert leader is not None
            values = self.values(view, (hands[0], hands[1], hands[2]), leader)
            totals = {c: values[c] + own_bonus(self.bot, view, c) for c in cards}
            card = max(cards, key=lambda c: (totals[c], -int(c)))
            return _with_belle(view, Knowledge3(view), card, plays)
        return self.hard.choose(view)


class OracleHard(HardBot):
    """A hard bot whose three-player strategy is the oracle (two players: plain hard; use lab/oracle.py)."""

    def for_three(self) -> Player:
        return OracleThree(self)


def register(configured: Callable[..., Callable[[int], Player]]) -> None:
    """The oracle's levels; ``configured(cls, **settings)`` makes a level of a bot class with its attributes set
    (``lab.hard3_variants.configured``, passed in: that module imports this one)."""
    make = configured(OracleHard)
    make_i16 = configured(OracleHard, dual3=0.0, selfish3=0.0)

    def partial(**settings: object) -> Callable[[int], Player]:
        return configured(OracleHard, **settings)

    levels()
    register_level("oracle3", make)
    register_level("oracle3_i16", make_i16)
    # the truth only where hard samples (from 7 cards: the first two tricks are hard's, medium's one ply), or
    # only in one role (the other role plays as hard)
    for n in (8, 7, 5):
        register_level(f"oracle3_from{n}", partial(oracle3_from=n))
    for c in (-40, -20, -10, 10, 20):  # the fitted bidding at caution c (hard's: the file's, 0)
        register_level(f"oracle3_c{c}", partial(caution3=float(c)))
    register_level("oracle3_bidder", partial(oracle3_role="bidder"))
    register_level("oracle3_bidder_c-20", partial(oracle3_role="bidder", caution3=-20.0))
    register_level("oracle3_vist", partial(oracle3_role="vist"))
