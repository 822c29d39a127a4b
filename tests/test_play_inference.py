"""Inference from the opponent's card plays (lab/play_inference.py), on whole deals.

The positions it rebuilds must be exactly the ones the opponent played in, and an opponent that plays
perfectly in the real world (the oracle) must leave that world's weight at 1, while a random player's
mistakes lower it.
"""

from __future__ import annotations

import random

import pytest

from game.actions import Action
from game.bots.base import make_player
from game.bots.hard import deal_evaluation, decision_position
from game.bots.solver import Position, Solver
from game.cards import shuffled_deck
from game.deal import Deal, Phase
from game.rules import Rules
from lab import play_inference as PI
from lab.oracle import OracleBot


@pytest.fixture
def every_play(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PI, "FROM_CARDS", 9)
    monkeypatch.setattr(PI, "RECENT", 9)


def _play(opponent: str, decks: range) -> tuple[int, list[float]]:
    """Seat 0 is medium, seat 1 ``opponent``: (positions checked, the real world's weights at seat 0's cards)."""
    solver = Solver()
    weights: list[float] = []
    checked = 0
    for i in decks:
        deal = Deal(Rules.preset("moscow"), i % 2, shuffled_deck(random.Random(f"play-inference:{i}")))
        bots = {
            0: make_player("medium", i),
            1: OracleBot(deal, i, solver) if opponent == "oracle" else make_player(opponent, i),
        }
        truth: dict[tuple[int, int], Position] = {}
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            if view.phase is Phase.PLAY and seat == 0:
                plays = PI.past_plays(view)
                for p in plays:
                    assert PI.position_of(view, p, deal.hand(1)) == truth[(p.trick, p.card)]
                    checked += 1
                if plays:
                    ev = deal_evaluation(view, deal.hand(1))
                    weights.append(PI.play_weight(view, plays, deal.hand(1), ev, solver))
            action: Action = bots[seat].choose(view)
            if seat == 1 and view.phase is Phase.PLAY and action.card is not None:
                truth[(len(view.tricks), action.card)] = decision_position(view, deal.hand(0))
            deal.apply(action)
    return checked, weights


@pytest.mark.usefixtures("every_play")
def test_rebuilt_positions_are_the_real_ones_and_perfect_play_keeps_weight_one() -> None:
    checked, weights = _play("oracle", range(10))
    assert checked > 200
    assert len(weights) > 50
    assert all(w == pytest.approx(1.0) for w in weights)


@pytest.mark.usefixtures("every_play")
def test_random_plays_lower_the_real_worlds_weight() -> None:
    checked, weights = _play("random", range(6))
    assert checked > 100
    low = [w for w in weights if w < 1.0]
    assert len(low) > len(weights) // 4
    assert min(weights) >= PI.FLOOR**9


def test_only_recent_plays_with_few_cards_are_weighed() -> None:
    deal = Deal(Rules.preset("moscow"), 0, shuffled_deck(random.Random("play-inference:recent")))
    bots = {s: make_player("medium", s) for s in (0, 1)}
    seen = 0
    while not deal.is_over():
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        if view.phase is Phase.PLAY:
            plays = PI.past_plays(view)
            assert len(plays) <= PI.RECENT
            assert all(9 - p.trick <= PI.FROM_CARDS for p in plays)
            assert [p.trick for p in plays] == sorted((p.trick for p in plays), reverse=True)
            seen += bool(plays)
        deal.apply(bots[seat].choose(view))
    assert seen > 3
