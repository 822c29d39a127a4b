"""Hard for three: the others' cards still to come in the current trick, fixed to medium's choice in each sample.

Hard's paranoid search lets every other seat play as if it saw all the cards. In the current trick that is the
largest error of the sampling: the seats after hard answer its card knowing only their own hands. So in each
sample, for each of hard's candidate cards, a seat still to play in this trick plays the card medium would play
there (``medium_card``: that seat's view rebuilt from the sample, as ``play_model3`` rebuilds one to weigh a
sample); where a seat that is not modelled plays between, it still maximises (or minimises) over its replies, and
from the trick's end the search is the exact paranoid one as before, with the same node totals per decision and a
вистующий's own margin (``hard3.DualScorer``'s two searches, the modelled cards fixed in both). Nothing is
modelled beyond the current trick.

The others are modelled as the medium players the table seats (against other opponents the model is a guess, as
``play_model3``'s weights are). Measured (docs/lab/bots-three.md, sessions 44–46; ``lab/partner_model3.py`` was its
lab form, level ``hard_om``): paired against hard without it, two mediums, +0.8 over 1,200 moscow decks and +2.5,
+2.7 on two fresh kharkov seeds of 300 (both intervals above zero)."""

from __future__ import annotations

from game import actions as A
from game.actions import Kind
from game.bots.medium import legal_replies
from game.bots.play_model3 import Check, known_then, medium_choice, view_then
from game.bots.solver3 import Hands, NodeBudget, Solver3, without
from game.cards import Card
from game.deal import DealView


def later_in_trick(view: DealView) -> list[int]:
    """The other seats still to play in the current trick after my card, in their order."""
    leader = view.trick_leader if view.trick else view.seat
    assert leader is not None
    return [(leader + i) % 3 for i in range(len(view.trick) + 1, 3)]


def belles_declared(view: DealView) -> frozenset[int]:
    """The seats that have declared the belle (a belle action, or a card played with it)."""
    return frozenset(s for s, a in view.history if a.kind is Kind.BELLE or (a.kind is Kind.PLAY and a.value))


def medium_card(view: DealView, seat: int, hands: Hands, leader: int, trick: tuple[Card, ...]) -> Card:
    """The card medium in ``seat`` plays in the sample ``hands`` (each seat's cards now) to ``trick`` (the cards
    played to the current trick so far, the last ones not yet in ``view``): its view rebuilt from the sample (the
    trick, the hand sizes, the cards it knows of the others)."""
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
    return medium_choice(view_then(view, seat, ti, leader, trick, history, hands, known), choices)


class TrickModelScorer:
    """Hard's per-sample values (``hard3.card_scorer``'s: the paranoid margin, for a вистующий plus ``dual`` × its
    own margin; the same node totals) with the ``modelled`` seats' cards later in the current trick fixed to
    medium's choice in the sample."""

    def __init__(self, view: DealView, modelled: list[int], total: int | None, dual: float, workers: int = 1) -> None:
        assert view.trump is not None and view.bidder is not None
        self.view, self.modelled, self.dual = view, set(modelled), dual
        self.total, self.workers = total, workers
        self.trump, self.seat, self.bidder = view.trump, view.seat, view.bidder
        self.side = Solver3(view.trump, view.bidder)
        if total is not None:
            self.side.node_limit = total
        self.own: Solver3 | None = None
        if dual and view.seat != view.bidder:
            self.own = Solver3(view.trump, view.seat)
            self.own.node_limit = self.side.node_limit

    def __call__(self, hands: Hands, leader: int, trick: tuple[Card, ...]) -> dict[Card, float] | None:
        memo: dict[tuple[Card, ...], Card] = {}  # medium's card after each trick so far, in this sample
        try:
            mine = self._values(self.own, hands, leader, trick, memo) if self.own is not None else None
            side = self._values(self.side, hands, leader, trick, memo)
        except NodeBudget:
            return None
        if mine is None:
            sign = 1 if self.seat == self.bidder else -1
            return {c: float(sign * v) for c, v in side.items()}
        return self._both(side, mine)

    def score_all(self, samples: list[Hands], leader: int, trick: tuple[Card, ...]) -> list[dict[Card, float] | None]:
        """Each sample's values (None: given up), a вистующий's own searches on the second core when it pays
        (as ``hard3.DualScorer.score_all``: each search is one solver over the samples in order, and one that
        passes its nodes gives up every later sample too, so the values are the same, only sooner)."""
        from game.bots import parallel

        if self.own is None or not (
            self.workers > 1 and len(self.view.hand) >= parallel.MIN_CARDS and len(samples) > 1
        ):
            return [self(h, leader, trick) for h in samples]
        own = parallel.Offloaded(own_values, self.view, sorted(self.modelled), self.total, samples, leader, trick)
        pairs = parallel.beside(samples, lambda hands: self._within(self.side, hands, leader, trick), own)
        return [None if pair is None else self._both(*pair) for pair in pairs]

    def _both(self, side: dict[Card, int], mine: dict[Card, int]) -> dict[Card, float]:
        return {c: float(-v + self.dual * mine[c]) for c, v in side.items()}

    def _within(self, solver: Solver3, hands: Hands, leader: int, trick: tuple[Card, ...]) -> dict[Card, int] | None:
        """``_values``, or None once ``solver`` has passed its nodes."""
        try:
            return self._values(solver, hands, leader, trick, {})
        except NodeBudget:
            return None

    def _values(
        self, solver: Solver3, hands: Hands, leader: int, trick: tuple[Card, ...], memo: dict[tuple[Card, ...], Card]
    ) -> dict[Card, int]:
        """The margin (``solver``'s side's) after each of my legal cards, the modelled seats' cards fixed."""
        out: dict[Card, int] = {}
        guess: list[int | None] = [None]
        for c in legal_replies(hands[self.seat], trick[0] if trick else None, self.trump):
            out[c] = self._after(solver, without(hands, self.seat, c), leader, (*trick, c), memo, guess)
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
            v, guess[0] = solver.solve_near(hands, leader, trick, guess[0])
            return v
        seat = later[0]
        if seat in self.modelled:
            if trick not in memo:
                memo[trick] = medium_card(self.view, seat, hands, leader, trick)
            card = memo[trick]
            return self._after(solver, without(hands, seat, card), leader, (*trick, card), memo, guess)
        values = [
            self._after(solver, without(hands, seat, c), leader, (*trick, c), memo, guess)
            for c in legal_replies(hands[seat], trick[0], self.trump)
        ]
        return max(values) if seat == solver.bidder else min(values)


def own_values(
    view: DealView, modelled: list[int], total: int | None, samples: list[Hands], leader: int, trick: tuple[Card, ...]
) -> list[dict[Card, int] | None]:
    """A вистующий's own margin after each of its cards in each sample, the modelled seats' cards fixed, by one
    solver within ``total`` nodes (None once they are spent): what the second core solves."""
    scorer = TrickModelScorer(view, modelled, total, 1.0)
    assert scorer.own is not None
    out: list[dict[Card, int] | None] = []
    for hands in samples:
        out.append(None if out and out[-1] is None else scorer._within(scorer.own, hands, leader, trick))
    return out
