"""Measured, not shipped (docs/lab/bots-three.md, session 38): hard's reading of the others' words at three, how
likely the announcement dialog makes a sampled deal.

At the first trick every seat says what its best sequence is worth, as medium does (``medium3._dialog``): it
announces its class when nothing stands, or a higher class than what stands; «рост?» or «у меня старше» with the
same class as the other side's; «пишет» with a lower one; and it stays silent with nothing, or with no more than
its own side already announced. So each other seat's words at its first card bound the class of its nine cards
then (the sample's hand plus what it has played since), and the answer to «проходит ли мой терц?» says whether it
holds a sequence at all. A sample whose hand breaks a bound is weighed ``eps`` per broken bound (the others may
not speak as the model does), the way ``play_model3`` weighs a play medium would not have made.
"""

from __future__ import annotations

from collections.abc import Callable

from game import sequences as seqs
from game.actions import FIFTY, TERZ, Kind
from game.bots.inference3 import WeightFn, played_by, times
from game.bots.medium3 import same_side
from game.bots.solver3 import Hands
from game.cards import Card
from game.deal import DealView

Bound = tuple[int, int, int]
"""A seat and the lowest and highest class its nine cards may have (0 nothing, 3 терц, 4 пятьдесят)."""

NONE, TOP = 0, FIFTY
WORDS = (Kind.ANNOUNCE, Kind.ROST, Kind.MINE, Kind.PISHET)


def dialog_bounds(view: DealView) -> list[Bound]:
    """What the others' words and silences at their first card say of their best class (``Bound``)."""
    bounds: list[Bound] = []
    standing: tuple[int, int] | None = None  # the last announced class and its owner
    said: dict[int, list[tuple[Kind, int]]] = {}
    plays = 0
    for seat, a in view.history:
        if a.kind is Kind.ANSWER_PASSES and seat != view.seat:
            # «проходит»: nothing of mine beats the lowest терц (nearly always: nothing at all); «нет»: a sequence
            bounds.append((seat, NONE, NONE) if a.value else (seat, TERZ, TOP))
        elif a.kind in WORDS:
            said.setdefault(seat, []).append((a.kind, a.value))
            if a.kind is Kind.ANNOUNCE:
                standing = (seat, a.value)
        elif a.kind is Kind.PLAY:
            plays += 1
            if seat != view.seat:
                bounds.append(_bound(view, seat, said.get(seat, []), standing))
            if plays == view.players:
                break
    return bounds


def _bound(view: DealView, seat: int, words: list[tuple[Kind, int]], standing: tuple[int, int] | None) -> Bound:
    """The class ``seat`` may hold, from its words before its first card and the class standing then."""
    kinds = {k for k, _ in words}
    announced = [v for k, v in words if k is Kind.ANNOUNCE]
    if announced:
        return (seat, announced[0], announced[0])
    if standing is None:
        return (seat, NONE, NONE)  # silent with nothing announced: nothing
    owner, cls = standing
    if kinds & {Kind.ROST, Kind.MINE}:
        return (seat, cls, cls)
    if same_side(view, owner, seat):
        return (seat, NONE, cls)  # no more than its own side's
    return (seat, NONE, cls - 1)  # «пишет», or silent against the other side: lower


def dialog_likelihood(view: DealView, eps: float) -> WeightFn | None:
    """A weight per sampled deal: ``eps`` to the power of the others' bounds its hands break; None: no words yet."""
    if view.trump is None:
        return None
    bounds = dialog_bounds(view)
    if not bounds:
        return None
    played = played_by(view)
    rules = view.rules
    memo: dict[tuple[Card, ...], int] = {}

    def weight(hands: Hands) -> float:
        w = 1.0
        for seat, low, high in bounds:
            nine = (*hands[seat], *played[seat])
            cls = memo.get(nine)
            if cls is None:
                cls = memo[nine] = seqs.best_class(nine, rules)
            if not low <= cls <= high:
                w *= eps
        return w

    return weight


def with_dialog(make: Callable[[DealView], WeightFn | None], eps: float) -> Callable[[DealView], WeightFn | None]:
    """``make``'s weights times the dialog's (``dialog_likelihood``)."""

    def both(view: DealView) -> WeightFn | None:
        return times(make(view), dialog_likelihood(view, eps))

    return both
