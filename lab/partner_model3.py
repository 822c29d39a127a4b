"""Hard for three with the others' cards still to come in the current trick fixed to medium's choice.

    python -m lab.hard3_paired --variant hard_pm --base hard --deals 150 --seed 3 --jobs 1

Hard's paranoid search treats its partner as perfect, seeing all cards; at the table the partner is a known bot
(a medium). ``hard_pm``: as a вистующий, when its partner is still to play in the current trick after hard's card,
in each sample the partner's card is fixed, for each of hard's candidate cards, to the card medium would play in
that sample (its view rebuilt from the sample as ``play_model3.medium_would_play`` does: its hand the sample's,
the trick so far, the hand sizes after hard's card, the cards it knows of the others, ``known_then``); the bidder,
where it plays between hard and the partner, still maximises over its replies (each reply with the partner's
medium answer to it), and from the trick's end (or from the bidder's card when it plays last) the search is the
exact paranoid one as before. ``hard_om``: the same for every other seat still to play in the current trick, in
either role (as the bidder: both вистующие's cards after hard's fixed to medium's). Nothing is modelled beyond
the current trick.

Check (``python -m lab.partner_model3 --check 10``): on hard's own games ``medium_card`` from hard's view and
the true hands is the card the medium after hard really played (226 of 226 on 10 decks of seed 3), and the scorer
with no seat modelled gives the shipped decision (action, values, samples) in all 111 sampled decisions there.

Everything else is hard's: the same samples, weights and decision rng (``hard3.decide_hard_three``), the same
node totals per decision, and a вистующий's value is still the side's margin plus half its own
(``DualScorer``'s two searches, the partner's card fixed in both). Where no modelled seat is after hard in the
trick the decision is ``choose_hard_three`` itself, so it is the shipped hard's there. The nodes of a decision
are the same totals, but a fixed card makes each sample's search smaller, so more samples may fit in the first
two tricks (``STATS`` counts the solved samples).
"""

from __future__ import annotations

import argparse
import dataclasses
from collections import Counter
from collections.abc import Callable

from game import actions as A
from game.actions import Action, Kind
from game.bots.base import Player, levels, register_level
from game.bots.hard import HardBot
from game.bots.hard3 import (
    DECISION_NODES,
    DUAL,
    DUAL_FROM,
    NODE_BUDGET,
    HardThree,
    Scorer,
    choose_hard_three,
    decide_hard_three,
)
from game.bots.medium import MediumBot, legal_replies
from game.bots.medium3 import Knowledge3, card_score
from game.bots.play_model3 import Check, known_then
from game.bots.solver3 import Hands, NodeBudget, Solver3
from game.cards import Card
from game.deal import DealView, Phase

_MEDIUM = MediumBot(0)  # medium's card play has no randomness (slip 0)

STATS: Counter[str] = Counter()
"""Counts over a process: ``decisions`` where the model was used, ``solved`` samples in them, ``given_up``."""


def modelled_after(view: DealView, mode: str) -> list[int]:
    """The seats modelled as medium still to play in the current trick after my card ("pm": the partner of a
    вистующий; "om": every other seat)."""
    assert view.bidder is not None
    leader = view.trick_leader if view.trick else view.seat
    assert leader is not None
    after = [(leader + i) % 3 for i in range(len(view.trick) + 1, 3)]
    if mode == "om":
        return after
    if view.seat == view.bidder:
        return []
    return [s for s in after if s != view.bidder]


def belles_declared(view: DealView) -> frozenset[int]:
    """The seats that have declared the belle (a belle action or a card played with it)."""
    return frozenset(s for s, a in view.history if a.kind is Kind.BELLE or (a.kind is Kind.PLAY and a.value))


def medium_card(view: DealView, seat: int, hands: Hands, leader: int, trick: tuple[Card, ...]) -> Card:
    """The card medium in ``seat`` plays in the sample ``hands`` (each seat's cards now) to ``trick`` (the cards
    played to the current trick so far, the last ones not yet in ``view``): its view rebuilt from the sample as
    ``play_model3.medium_would_play`` rebuilds one (the trick, the hand sizes, the cards it knows of the others)."""
    assert view.trump is not None
    hand = hands[seat]
    choices = sorted(set(legal_replies(hand, trick[0] if trick else None, view.trump)))
    if len(choices) == 1:
        return choices[0]
    new = trick[len(view.trick) :]
    start = (leader + len(view.trick)) % 3
    history = (*view.history, *(((start + i) % 3, A.play(c)) for i, c in enumerate(new)))
    ti = len(view.tricks)
    check: Check = (seat, ti, leader, trick, ((), (), ()), len(history), choices[0], belles_declared(view) - {seat})
    known = known_then(view, check, hands)
    shown = view.shown if ti >= 1 else tuple(() for _ in view.shown)
    then = dataclasses.replace(
        view,
        seat=seat,
        hand=hand,
        trick=trick,
        trick_leader=leader,
        history=history,
        shown=shown,
        known_opponent_cards=known,
        hand_sizes=tuple(len(h) for h in hands),
        legal=tuple(A.play(c) for c in choices),
    )
    k = Knowledge3(then)
    return max(choices, key=lambda c: (card_score(_MEDIUM, then, k, c), -int(c)))


def _without(hands: Hands, seat: int, card: Card) -> Hands:
    rest = tuple(x for x in hands[seat] if x != card)
    return (
        rest if seat == 0 else hands[0],
        rest if seat == 1 else hands[1],
        rest if seat == 2 else hands[2],
    )


def _mtd(solver: Solver3, hands: Hands, leader: int, trick: tuple[Card, ...], guess: int | None) -> tuple[int, int]:
    """``solver.solve`` by null-window searches from ``guess`` (points, as ``Solver3.values``): the margin and
    the points found (the next guess). Raises ``NodeBudget`` as the solver does."""
    hs, lrel, cards, total = solver._internal(hands, leader, trick)
    lower, upper = 0, total
    g = guess if guess is not None and 0 <= guess <= total else total // 2
    while lower < upper:
        b = g if g > lower else lower + 1
        g = solver._rest(hs, lrel, cards, total, b - 1, b)
        if g < b:
            upper = g
        else:
            lower = g
    return 2 * lower - total, lower


class ModelScorer:
    """Hard's per-sample values (``hard3.card_scorer``'s: the paranoid margin, for a вистующий plus ``dual`` × its
    own margin; the same node totals) with the ``modelled`` seats' cards later in the current trick fixed to
    medium's choice in the sample."""

    def __init__(self, view: DealView, modelled: list[int], total: int | None, dual: float) -> None:
        assert view.trump is not None and view.bidder is not None
        self.view, self.modelled, self.dual = view, set(modelled), dual
        self.trump, self.seat, self.bidder = view.trump, view.seat, view.bidder
        self.side = Solver3(view.trump, view.bidder)
        self.side.node_limit = total if total is not None else self.side.node_limit
        self.own: Solver3 | None = None
        if dual and view.seat != view.bidder:
            self.own = Solver3(view.trump, view.seat)
            self.own.node_limit = self.side.node_limit

    def __call__(self, hands: Hands, leader: int, trick: tuple[Card, ...]) -> dict[Card, float] | None:
        memo: dict[tuple[Card, ...], Card] = {}
        try:
            mine = self._values(self.own, hands, leader, trick, memo) if self.own is not None else None
            side = self._values(self.side, hands, leader, trick, memo)
        except NodeBudget:
            STATS["given_up"] += 1
            return None
        STATS["solved"] += 1
        if mine is None:
            sign = 1 if self.seat == self.bidder else -1
            return {c: float(sign * v) for c, v in side.items()}
        return {c: float(-v + self.dual * mine[c]) for c, v in side.items()}

    def _values(
        self, solver: Solver3, hands: Hands, leader: int, trick: tuple[Card, ...], memo: dict[tuple[Card, ...], Card]
    ) -> dict[Card, int]:
        """The margin (``solver``'s side's) after each of my legal cards, the modelled seats fixed."""
        out: dict[Card, int] = {}
        guess: list[int | None] = [None]
        for c in legal_replies(hands[self.seat], trick[0] if trick else None, self.trump):
            out[c] = self._after(solver, _without(hands, self.seat, c), leader, (*trick, c), memo, guess)
        return out

    def _after(
        self,
        solver: Solver3,
        hands: Hands,
        leader: int,
        trick: tuple[Card, ...],
        memo: dict[tuple[Card, ...], Card],
        guess: list[int | None],
    ) -> int:
        """The margin from here: a modelled seat plays medium's card, another seat before a modelled one
        maximises (or minimises) over its replies, and with none of them left the exact search."""
        later = [(leader + i) % 3 for i in range(len(trick), 3)]
        if not any(s in self.modelled for s in later):
            v, guess[0] = _mtd(solver, hands, leader, trick, guess[0])
            return v
        seat = later[0]
        if seat in self.modelled:
            if trick not in memo:
                memo[trick] = medium_card(self.view, seat, hands, leader, trick)
            card = memo[trick]
            return self._after(solver, _without(hands, seat, card), leader, (*trick, card), memo, guess)
        values = [
            self._after(solver, _without(hands, seat, c), leader, (*trick, c), memo, guess)
            for c in legal_replies(hands[seat], trick[0], self.trump)
        ]
        return max(values) if seat == solver.bidder else min(values)


def model_scorer(bot: HardBot, view: DealView, modelled: list[int]) -> Scorer:
    """``ModelScorer`` with the node totals and the own margin ``hard3.card_scorer`` gives the bot here."""
    totals: dict[int, int] = getattr(bot, "node_total3" if view.seat == view.bidder else "vist_total3", DECISION_NODES)
    total = totals.get(len(view.hand))
    assert not getattr(bot, "node_budget3", NODE_BUDGET), "a budget per sample is not modelled"
    dual = float(getattr(bot, "dual3", DUAL))
    if view.seat == view.bidder or len(view.hand) > getattr(bot, "dual3_from", DUAL_FROM):
        dual = 0.0
    return ModelScorer(view, modelled, total, dual)


class ModelThree:
    """Hard for three (``HardThree``) whose samples fix the modelled seats' cards in the current trick."""

    def __init__(self, bot: HardBot, mode: str) -> None:
        self.bot, self.mode = bot, mode

    def choose(self, view: DealView) -> Action:
        if view.phase is Phase.PLAY and view.bidder is not None:
            modelled = modelled_after(view, self.mode)
            if modelled:
                decision = decide_hard_three(self.bot, view, lambda v: model_scorer(self.bot, v, modelled))
                if decision.samples:
                    STATS["decisions"] += 1
                return decision.action
        return choose_hard_three(self.bot, view)


class ModelHard(HardBot):
    """The level's bot: hard with ``mode`` ("pm" or "om") set."""

    mode = "pm"

    def for_three(self) -> Player:
        return ModelThree(self, self.mode)


class PartnerHard(ModelHard):
    mode = "pm"


class OthersHard(ModelHard):
    mode = "om"


def register() -> None:
    levels()  # the built-in levels first
    register_level("hard_pm", PartnerHard)
    register_level("hard_om", OthersHard)


def unmodelled(bot: HardBot) -> Callable[[DealView], Scorer]:
    """``ModelScorer`` with no seat modelled: the shipped scorer's values by this module's search."""
    return lambda view: model_scorer(bot, view, [])


def check(decks: int, seed: int = 3) -> tuple[int, int, int, int]:
    """On hard's own games against two mediums: how often ``medium_card`` (from hard's view and the true hands)
    is the card the medium after hard in the trick really played (agrees, disagrees), and how often the scorer
    with no seat modelled gives the shipped decision's action, values and samples (same, different)."""
    import lab.hard3_variants  # noqa: F401  (registers the levels)
    from game.rules import Rules
    from lab.selfplay3 import deck_passes

    rules = Rules.preset("moscow", players=3)
    agree = disagree = same = different = 0
    for i in range(decks):
        for seat_of, deal, bots in deck_passes(("hard", "medium", "medium"), rules, i, seed):
            pending: tuple[DealView, Hands, int, tuple[Card, ...]] | None = None
            while not deal.is_over():
                seat = deal.current_player()
                assert seat is not None
                view = deal.view(seat)
                now = tuple(tuple(sorted(deal.hands[s])) for s in range(3))
                hands_now: Hands = (now[0], now[1], now[2])
                action = bots[seat].choose(view)
                playing = view.phase is Phase.PLAY and action.kind is Kind.PLAY and action.card is not None
                if seat == seat_of[0] and playing and view.bidder is not None and action.card is not None:
                    if len(view.trick) < 2 and len(view.legal) > 1:
                        player = bots[seat]
                        assert isinstance(player, HardThree)
                        d0 = decide_hard_three(player.bot, view)
                        d1 = decide_hard_three(player.bot, view, unmodelled(player.bot))
                        if d0.samples:
                            if (d0.action, d0.values, d0.samples) == (d1.action, d1.values, d1.samples):
                                same += 1
                            else:
                                different += 1
                    leader = view.trick_leader if view.trick else seat
                    assert leader is not None
                    pending = (view, hands_now, leader, (*view.trick, action.card))
                elif pending is not None and playing and action.card is not None:
                    hv, hands0, leader, trick = pending
                    if len(trick) < 3 and seat == (leader + len(trick)) % 3 and len(view.trick) == len(trick):
                        held = [list(x) for x in hands0]
                        for j, c in enumerate(trick[len(hv.trick) :]):
                            held[(leader + len(hv.trick) + j) % 3].remove(c)
                        hands: Hands = (tuple(held[0]), tuple(held[1]), tuple(held[2]))
                        if medium_card(hv, seat, hands, leader, trick) == action.card:
                            agree += 1
                        else:
                            disagree += 1
                        pending = (hv, hands0, leader, (*trick, action.card))
                    else:
                        pending = None
                deal.apply(action)
    return agree, disagree, same, different


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", type=int, default=2, help="decks of hard's own games to check")
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    agree, disagree, same, different = check(args.check, args.seed)
    print(f"medium_card agrees {agree}, disagrees {disagree}; no seat modelled: same {same}, different {different}")


if __name__ == "__main__":
    main()
