"""A hint for the human player: what the hard bot would do in this view, and why.

    from game.services.hint import hint
    h = hint(view, seed=0)
    h.action                 # the hard bot's choice (== make_player("hard", seed).choose(view))
    h.values                 # card decisions: every legal card -> expected deal margin (my written points
                             # minus the opponent's, averaged over the sampled hidden hands)

For bidding, ``options`` gives each legal bid's fitted expected margin (and ``pass_value`` passing's).
Three players (``_hint_three``): the hard bot for three (``hard3``) decides; the card values are its solved
samples from the first card in either role (the side's margin in the tricks still to play), or, where the first
two tricks' nodes ran out before one sample, medium's one-trick estimate that hard3 then plays by (``estimate``);
bids carry the fitted value of each contract for three (``bidding3``) and ``pass_value`` its caution. The
numbers only: the UI words them (ui/hint_words.py). Deterministic for a seed; the view alone decides (the hidden
cards never do). A first-trick card hint takes ~0.5–1 s (up to ~2 s at three), later ones milliseconds; bidding
well under a millisecond. The solver's table is shared between hints (it is exact, so sharing changes the speed
only).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.actions import Action, Kind
from game.bots.hard import HardBot
from game.bots.medium import MediumBot
from game.bots.solver import Solver
from game.cards import Card
from game.deal import DealView, Phase

_SOLVER: Solver | None = None


def _solver() -> Solver:
    global _SOLVER
    if _SOLVER is None:
        _SOLVER = Solver()
    return _SOLVER


@dataclass(frozen=True)
class Hint:
    action: Action
    values: dict[Card, float] = field(default_factory=dict)  # card decisions: legal card -> expected margin
    options: dict[Action, float] = field(default_factory=dict)  # bidding: legal bid -> expected margin
    pass_value: float | None = None  # bidding: the value of passing (None: not legal / not bidding)
    samples: int = 0  # hidden-card samples solved (card decisions)
    looked_ahead: bool = False  # the lookahead weighed the next card too (the UI says so)
    estimate: bool = False  # three players, early tricks: values are the one-trick estimate, not solved samples


def hint(view: DealView, seed: int = 0, workers: int = 1) -> Hint:
    """The hard bot's choice for ``view`` with the values behind it (``workers``: see ``HardBot``)."""
    if not view.legal:
        raise ValueError("hint() needs a view in which this seat has something to do")
    return _HINTS[view.players](view, seed, workers)


def _hint_two(view: DealView, seed: int, workers: int) -> Hint:
    """The hard bot's choice for two and its sampled values (the ones it chose by)."""
    bot = HardBot(seed, _solver(), workers=workers)
    action = bot.choose(view)
    if view.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
        return _bidding_hint(view, action)
    cards = sorted({a.card for a in view.legal if a.kind is Kind.PLAY and a.card is not None})
    values: dict[Card, float] = {}
    samples = 0
    if cards and view.phase is Phase.PLAY and view.trump is not None:
        totals = bot.last_totals
        if not totals:  # one legal card, or a non-card choice: the same samples the choice would use
            bot.rng = bot.decision_rng(view)
            totals = bot.card_totals(view)
        weight = bot.last_weight or 1.0
        # the leads the lookahead weighed show its values (never above sampling's): the choice is among them
        totals = {**totals, **bot.last_lookahead}
        values = {c: round(totals[c] / weight, 2) for c in cards if c in totals}
        samples = bot.last_samples
    return Hint(action, values=values, samples=samples, looked_ahead=bool(bot.last_lookahead))


def _bidding_hint(view: DealView, action: Action) -> Hint:
    from game.bots.bidding import decide

    if len(view.legal) == 1:
        return Hint(action)
    d = decide(view)
    assert d.action == action
    options = {o.action: round(o.utility, 1) for o in d.options}
    pv = None if d.pass_value is None else round(d.pass_value, 1)
    return Hint(action, options=options, pass_value=pv)


def _hint_three(view: DealView, seed: int, workers: int) -> Hint:
    """The hard bot's choice for three and the numbers it chose by (``hard3.decide_hard_three``: one code path)."""
    from game.bots import hard3, medium3

    decision = hard3.decide_hard_three(HardBot(seed, _solver(), workers=workers), view)
    action = decision.action
    if len(view.legal) == 1:
        return Hint(action)
    if view.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
        return _bidding_hint_three(view, action)
    plays = [a for a in view.legal if a.kind is Kind.PLAY and a.card is not None]
    cards = sorted({a.card for a in plays if a.card is not None})
    if action.kind is not Kind.PLAY or len(cards) < 2 or view.trump is None or view.bidder is None:
        return Hint(action)
    if decision.values:
        return Hint(action, values={c: round(v, 2) for c, v in decision.values.items()}, samples=decision.samples)
    # no sample solved within the first two tricks' nodes: medium's estimate, which hard3 then plays by
    medium = MediumBot(seed)
    k = medium3.Knowledge3(view)
    values = {c: round(medium3.card_score(medium, view, k, c), 2) for c in cards}
    return Hint(action, values=values, estimate=True)


def _bidding_hint_three(view: DealView, action: Action) -> Hint:
    """Hard's bidding for three (``bidding3``): each bid's fitted value against passing (the caution)."""
    from game.bots.bidding3 import decide3

    d = decide3(view)
    options = {o.action: round(o.utility, 1) for o in d.options}
    pv = None if d.pass_value is None else round(d.pass_value, 1)
    return Hint(action, options=options, pass_value=pv)


_HINTS: dict[int, Callable[[DealView, int, int], Hint]] = {2: _hint_two, 3: _hint_three}
"""The hint for each player count (decided here once, like the bots: ``game.bots.factory``)."""
