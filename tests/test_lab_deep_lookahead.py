"""The lab's deeper lead lookahead (lab/deep_lookahead.py) and the partial oracle (lab/oracle.py)."""

from __future__ import annotations

import random

from test_lookahead import _worlds

from game.bots.lookahead import lead_values
from game.bots.medium import MediumBot
from game.bots.solver import Solver
from game.deal import Deal, Phase
from game.rules import Rules
from lab.deep_lookahead import lead_values_deep
from lab.oracle import PartialOracle
from lab.regret import regrets
from lab.selfplay import load_corpus


def test_depth_one_is_the_shipped_lookahead_and_deeper_never_raises_a_value() -> None:
    rng = random.Random(5)
    solver = Solver()
    lower = 0
    for _ in range(15):
        me = rng.randrange(2)
        worlds = _worlds(rng, 4, 6, me)
        cards = worlds[0][0].legal()
        one = lead_values(worlds, me, cards, solver)
        assert lead_values_deep(worlds, me, cards, solver, 1) == one
        two = lead_values_deep(worlds, me, cards, solver, 2)
        for c in cards:
            assert two[c] <= one[c] + 1e-9
            lower += two[c] < one[c] - 1e-9
    assert lower > 0


def test_the_partial_oracle_sees_the_real_hand_in_its_tricks_only() -> None:
    deck = load_corpus("lab/data/corpus-v1.json")[0]
    deal = Deal(Rules.preset("moscow"), 0, deck)
    bot = PartialOracle(deal, 3, Solver(), until=1)
    players = (MediumBot(1), MediumBot(2))  # the moves themselves do not matter here
    seen = {True: 0, False: 0}
    while not deal.is_over():
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        if view.phase is Phase.PLAY and view.trump is not None:
            hands = bot.opponent_hands(view)
            truth = tuple(sorted(deal.hand(1 - seat)))
            sees = len(view.tricks) < 1
            assert bot.sees(view) == sees
            assert (hands == [truth]) == sees or len(hands) == 1
            seen[sees] += 1
        deal.apply(players[seat].choose(view))
    assert seen[True] and seen[False]


def test_regret_details_have_a_row_per_decision() -> None:
    rows: list[dict[str, object]] = []
    groups, _ = regrets("medium", 1, "lab/data/corpus-v1.json", details=rows)
    assert len(rows) == sum(len(v) for v in groups.values())
    assert all(isinstance(r["regret"], float) for r in rows)
