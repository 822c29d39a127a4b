"""Strategic silence: the hard bot answers «пишет» instead of «рост?» when its sequence cannot win.

Deals as in test_engine_dialog.py: hearts are trump, the вскрышка is the 7H, seat 1 leads with a plain терц
from the queen of spades and announces it; seat 0 answers.
"""

from __future__ import annotations

import pytest
from engine_helpers import act, make_deal

from game import actions as A
from game.bots.hard import HardBot, rost_may_win
from game.bots.medium import MediumBot
from game.deal import Deal

LEADER = "TS JS QS AC 9C 7D  9D KD 8H"
LOWEST = "7S 8S 9S 7C TC QC  8D TD QD"  # a plain терц from the nine: every терц ties or beats it
TRUMP_JACK = "9H TH JH 7S 9S AS  8D TD QD"  # beats a терц from the nine or ten the leader might hold
PLAIN_QUEEN = "TD JD QD 7S 9S AS  7C TC KC"  # loses to the leader's queen, beats lower ones


def answering(second: str, rules: str = "moscow") -> Deal:
    deal = make_deal(LEADER, second, "7H", rules)
    act(deal, "order", "announce:terz", "play:AC")
    assert deal.current_player() == 0
    return deal


@pytest.mark.parametrize("rules", ["moscow", "kharkov"])
def test_silent_with_a_terz_that_cannot_win(rules: str) -> None:
    deal = answering(LOWEST, rules)
    view = deal.view(0)
    assert A.ROST in view.legal and not rost_may_win(view)
    assert HardBot(1).choose(view) == A.PISHET
    act(deal, "pishet")
    assert (deal.seq_owner, sum(s.points for s in deal.counted)) == (1, 20)


def test_silence_costs_nothing_the_dialog_would_have_given() -> None:
    """The medium bot asks «рост?» with the same hand: after the top card it must say «пишет» anyway."""
    deal = answering(LOWEST)
    assert MediumBot(1).choose(deal.view(0)) == A.ROST
    act(deal, "rost", "top")
    assert [a for a in deal.view(0).legal if a.kind is not A.Kind.PLAY] == [A.PISHET]
    act(deal, "pishet")
    assert (deal.seq_owner, sum(s.points for s in deal.counted)) == (1, 20)


@pytest.mark.parametrize("second", [TRUMP_JACK, PLAIN_QUEEN])
def test_asks_rost_when_its_terz_may_win(second: str) -> None:
    view = answering(second).view(0)
    assert rost_may_win(view)
    assert HardBot(1).choose(view) == A.ROST
