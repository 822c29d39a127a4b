"""The hard bot asks «рост?» even with a терц that cannot win: the leader's answer names its top card, and
with it three cards the bot then knows (``HiddenCards.known``); staying silent would give that up.

Deals as in test_engine_dialog.py: hearts are trump, the вскрышка is the 7H, seat 1 leads with a plain терц
from the queen of spades and announces it; seat 0 answers.
"""

from __future__ import annotations

from engine_helpers import act, make_deal

from game import actions as A
from game.bots.hard import HardBot, HiddenCards
from game.cards import parse_cards

LEADER = "TS JS QS AC 9C 7D  9D KD 8H"
LOWEST = "7S 8S 9S 7C TC QC  8D TD QD"  # a plain терц from the nine: every терц ties or beats it


def test_asks_rost_with_a_hopeless_terz_and_learns_the_leaders_cards() -> None:
    deal = make_deal(LEADER, LOWEST, "7H", "moscow")
    act(deal, "order", "announce:terz", "play:AC")
    before = HiddenCards(deal.view(0))
    assert not set(parse_cards("TS JS QS")) & set(before.known)
    assert HardBot(1).choose(deal.view(0)) == A.ROST
    act(deal, "rost", "top", "pishet")
    assert (deal.announcements.seq_owner, sum(s.points for s in deal.announcements.counted)) == (
        1,
        20,
    )  # the same as a silent «пишет»
    assert set(parse_cards("TS JS QS")) <= set(HiddenCards(deal.view(0)).known)
