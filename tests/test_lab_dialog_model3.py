"""Hard's reading of the announcement dialog at three (lab/dialog_model3.py), on deals three mediums play."""

from __future__ import annotations

from test_inference3 import medium_decisions

from game import sequences as seqs
from game.actions import Kind
from game.deal import Phase
from lab.dialog_model3 import dialog_bounds, dialog_likelihood


def test_the_true_hands_keep_every_bound_the_words_set() -> None:
    """Whatever two mediums said or left unsaid at their first card bounds the class of their nine cards, and
    the truth keeps every bound; an announcement bounds it to exactly that class."""
    bounds = announced = 0
    for deal, view in medium_decisions("dlg3", 40):
        if view.phase is not Phase.PLAY or len(view.tricks) != 1 or view.trick:
            continue
        truth = tuple(deal.hand(s) for s in range(3))
        weight = dialog_likelihood(view, eps=0.0)
        assert weight is not None
        assert weight((truth[0], truth[1], truth[2])) == 1.0
        found = dialog_bounds(view)
        assert {seat for seat, _, _ in found} >= {s for s in range(3) if s != view.seat}
        for seat, low, high in found:
            nine = [*deal.hand(seat), *(t.cards[(seat - t.leader) % 3] for t in view.tricks)]
            assert low <= seqs.best_class(nine, view.rules) <= high
        bounds += len(found)
        announced += sum(1 for s, a in view.history if a.kind is Kind.ANNOUNCE and s != view.seat)
    assert bounds > 40 and announced > 3


def test_a_sample_weighs_eps_per_bound_it_breaks() -> None:
    """The two others' hands traded: each seat whose nine cards (the traded hand and what it played) leave its
    bound costs a factor eps; some trades break one bound, some two."""
    broken_counts = set()
    for deal, view in medium_decisions("dlg3", 80):
        if view.phase is not Phase.PLAY or len(view.tricks) != 1 or view.trick:
            continue
        a, b = (s for s in range(3) if s != view.seat)
        traded = [deal.hand(s) for s in range(3)]
        traded[a], traded[b] = traded[b], traded[a]
        broken = 0
        for seat, low, high in dialog_bounds(view):
            nine = [*traded[seat], *(t.cards[(seat - t.leader) % 3] for t in view.tricks)]
            broken += not low <= seqs.best_class(nine, view.rules) <= high
        weight = dialog_likelihood(view, eps=0.1)
        assert weight is not None
        assert abs(weight((traded[0], traded[1], traded[2])) - 0.1**broken) < 1e-12
        broken_counts.add(broken)
    assert {1, 2} <= broken_counts
