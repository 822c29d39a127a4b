"""Hard for three with the others' cards still to come in the current trick fixed to medium's choice
(game/bots/trick_model3.py), on deals three mediums play."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from test_inference3 import medium_decisions

from game.actions import Kind
from game.bots.factory import make_bot
from game.bots.hard import HardBot
from game.bots.hard3 import DualScorer, modelled_seats, paranoid_scorer
from game.bots.medium import legal_replies
from game.bots.solver3 import Hands, Solver3
from game.bots.trick_model3 import TrickModelScorer, later_in_trick, medium_card
from game.cards import Card, shuffled_deck
from game.deal import Deal, DealView, Phase
from game.rules import Rules
from game.scoring import MatchContext


def positions(seeds: int, cards: int = 5) -> Iterator[tuple[Deal, DealView, Hands, int]]:
    """Card decisions with at most ``cards`` in hand and a choice (the solves stay small): the deal, the view, the
    true hands (the sample that is the truth) and the trick's leader."""
    for deal, view in medium_decisions("tm3", seeds):
        if view.phase is not Phase.PLAY or len(view.hand) > cards or len(view.legal) < 2 or view.bidder is None:
            continue
        if not all(a.card is not None for a in view.legal):
            continue
        hands = tuple(tuple(sorted(deal.hand(s))) for s in range(3))
        leader = view.trick_leader if view.trick else view.seat
        assert leader is not None
        yield deal, view, (hands[0], hands[1], hands[2]), leader


def test_medium_card_is_the_card_medium_plays() -> None:
    """In three mediums' deals, the card the next seat puts into the trick is ``medium_card`` of the previous
    player's view and the hands after its card: the model is exact against the opponents it models."""
    rules = Rules.preset("moscow", players=3)
    checked = 0
    for seed in range(8):
        deal = Deal(rules, seed % 3, shuffled_deck(random.Random(f"tm3:{seed}")), MatchContext((0, 0, 0), (0, 0, 0)))
        bots = {s: make_bot("medium", 3, seed * 3 + s) for s in range(3)}
        said: Card | None = None
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            action = bots[seat].choose(view)
            if said is not None and action.kind is Kind.PLAY:
                assert action.card == said
                checked += 1
            said = None
            deal.apply(action)
            later = later_in_trick(view) if view.phase is Phase.PLAY and action.kind is Kind.PLAY else []
            if later and action.card is not None and view.trump is not None:
                hands = tuple(tuple(sorted(deal.hand(s))) for s in range(3))
                leader = view.trick_leader if view.trick else seat
                assert leader is not None
                said = medium_card(view, later[0], (hands[0], hands[1], hands[2]), leader, (*view.trick, action.card))
    assert checked > 50


def test_with_no_seat_modelled_the_values_are_the_paranoid_ones() -> None:
    """The model's search with nobody modelled is the paranoid search (and, for a вистующий, its own margin added
    as ``DualScorer`` adds it)."""
    checked = 0
    for _deal, view, hands, leader in positions(6):
        plain = paranoid_scorer(view)(hands, leader, view.trick)
        got = TrickModelScorer(view, [], None, 0.0)(hands, leader, view.trick)
        assert got == plain
        if view.seat != view.bidder:
            dual = DualScorer(view, 0.5, None)(hands, leader, view.trick)
            assert TrickModelScorer(view, [], None, 0.5)(hands, leader, view.trick) == dual
        checked += 1
    assert checked > 20


def test_a_modelled_seat_answers_with_mediums_card_and_the_rest_is_solved() -> None:
    """With the next seat modelled, each of my cards is worth the exact margin after my card and medium's answer —
    checked against the solver's own values of that position (the third seat, if still to play, choosing)."""
    checked = 0
    for _deal, view, hands, leader in positions(6):
        assert view.trump is not None and view.bidder is not None
        later = later_in_trick(view)
        if not later:
            continue
        nxt = later[0]
        got = TrickModelScorer(view, [nxt], None, 0.0)(hands, leader, view.trick)
        assert got is not None
        solver = Solver3(view.trump, view.bidder)
        sign = 1 if view.seat == view.bidder else -1
        for mine in legal_replies(hands[view.seat], view.trick[0] if view.trick else None, view.trump):
            trick: tuple[Card, ...] = (*view.trick, mine)
            held = [tuple(c for c in h if c != mine) if s == view.seat else h for s, h in enumerate(hands)]
            answer = medium_card(view, nxt, (held[0], held[1], held[2]), leader, trick)
            held[nxt] = tuple(c for c in held[nxt] if c != answer)
            after = (held[0], held[1], held[2])
            if len(trick) + 1 < 3:  # the third seat chooses: the side's best over its cards
                values = solver.values(after, leader, (*trick, answer))
                margin = max(values.values()) if (leader + 2) % 3 == view.bidder else min(values.values())
            else:  # the trick is full: the margin from the next trick on
                margin = solver.solve(after, leader, (*trick, answer))
            assert got[mine] == sign * margin, (mine, got[mine], margin)
        checked += 1
    assert checked > 10


def test_the_shipped_hard_models_every_other_seat_after_it_in_the_trick() -> None:
    """``TRICK_MODEL``: hard models both others after its lead, the one after it when second, nobody when last;
    "partner" models only a вистующий's partner; "" nobody."""
    bot = HardBot(1)
    seen = set()
    for _deal, view, _hands, _leader in positions(4, cards=9):
        later = later_in_trick(view)
        assert modelled_seats(bot, view) == later
        seen.add(len(later))
    assert seen == {0, 1, 2}


def test_the_own_searches_on_the_second_core_give_the_same_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """A вистующий's own searches run on the second core (``score_all``, ``own_values``) while this one solves the
    side's: the values are those of one process, samples given up included (the nodes cut short at 3,000). The
    helper process is stood in for by a call here (its share is the same function)."""
    from game.bots import parallel
    from game.bots.hard3 import deal_sample
    from game.bots.medium3 import Knowledge3

    class Here:
        def __init__(self, fn: Callable[..., object], *args: object) -> None:
            self.value = fn(*args)

        def done(self) -> bool:
            return True

        def result(self) -> object:
            return self.value

    monkeypatch.setattr(parallel, "Offloaded", Here)
    checked = 0
    for _deal, view, _hands, leader in positions(6, cards=8):
        later = later_in_trick(view)
        if view.seat == view.bidder or len(view.hand) < parallel.MIN_CARDS or not later:
            continue
        rng = random.Random(2)
        k = Knowledge3(view)
        samples = [h for h in (deal_sample(view, k, rng) for _ in range(6)) if h is not None]
        one = TrickModelScorer(view, later, 3_000, 0.5)
        alone = [one(h, leader, view.trick) for h in samples]
        both = TrickModelScorer(view, later, 3_000, 0.5, workers=2).score_all(samples, leader, view.trick)
        assert both == alone
        checked += 1 if any(v is None for v in alone) and any(v is not None for v in alone) else 0
    assert checked >= 1  # at least one decision where the nodes ran out part way
