"""Belle (trump K+Q): when it may be declared (belle_when), belle protection, 20 points outside the
comparison of sequences."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_helpers import act, legal, make_deal, random_playout

from game.actions import Action
from game.cards import Card
from game.deal import Deal
from game.errors import IllegalAction

# hearts are trump (ordered by seat 1, the leader); seat 1 holds the trump K and Q
OWNER = "KH QH AS 8C JD 7D  JS 9C KC"
OTHER = "8H TH 7S 8S TS 7C  8D TD QD"


def belle_deal(rules: str = "moscow", **opts: Any) -> Deal:
    deal = make_deal(OWNER, OTHER, "7H", rules, **opts)
    act(deal, "order")
    assert deal.belle.owner == 1
    return deal


def illegal(deal: Deal, action: str) -> str:
    with pytest.raises(IllegalAction) as err:
        deal.apply(Action.parse(action))
    return err.value.rule


def finish(deal: Deal, seed: int = 7) -> tuple[int, int]:
    random_playout(deal, random.Random(seed))
    assert deal.result is not None
    return deal.result.players[0].belle, deal.result.players[1].belle


def test_before_any_card_moscow() -> None:
    deal = belle_deal("moscow")
    assert "belle" in legal(deal)
    assert not any(a.endswith("+belle") for a in legal(deal))
    events = act(deal, "belle")
    assert [e.kind for e in events] == ["belle"]
    assert "belle" not in legal(deal)
    assert set(deal.view(0).known_opponent_cards) == {Card.HK, Card.HQ}  # belle shows both cards
    assert finish(deal) == (0, 20)


def test_before_any_card_while_holding_one() -> None:
    deal = belle_deal("moscow")
    act(deal, "play:KH", "play:TH")  # seat 0 takes with the ten and leads
    act(deal, "play:7S", "play:AS")  # seat 1 takes and is to lead, holding only the queen
    assert "belle" in legal(deal)
    act(deal, "play:QH", "play:8H")
    assert deal.current_player() == 1
    assert "belle" not in legal(deal)
    assert illegal(deal, "belle") == "belle_timing"


def test_not_the_owner() -> None:
    deal = belle_deal("moscow")
    act(deal, "play:AS")
    assert illegal(deal, "belle") == "belle_not_held"


def test_undeclared_belle_scores_nothing() -> None:
    deal = belle_deal("moscow")
    for _ in range(18):
        plays = [a for a in deal.legal_actions() if a.kind.value == "play"]
        deal.apply(plays[0])
    assert deal.result is not None
    assert (deal.result.players[0].belle, deal.result.players[1].belle) == (0, 0)


@pytest.mark.parametrize("preset", ["club", "yellowclub"])
def test_when_playing(preset: str) -> None:
    deal = belle_deal(preset)
    assert "belle" not in legal(deal)
    assert illegal(deal, "belle") == "belle_timing"
    assert {"play:KH+belle", "play:QH+belle"} <= set(legal(deal))
    assert illegal(deal, "play:AS+belle") == "belle_timing"
    events = act(deal, "play:QH+belle")
    assert [e.kind for e in events] == ["belle", "play"]
    assert deal.view(0).known_opponent_cards == (Card.HK,)
    act(deal, "play:TH")
    assert not any(a.endswith("+belle") for a in legal(deal))
    assert finish(deal)[1] == 20


def test_when_playing_other_player_cannot() -> None:
    deal = belle_deal("club")
    act(deal, "play:AS")
    assert not any(a.endswith("+belle") for a in legal(deal))


def test_holding_both_book() -> None:
    deal = belle_deal("book")
    assert "belle" in legal(deal)
    act(deal, "play:KH", "play:TH", "play:7S", "play:AS")
    assert deal.current_player() == 1
    assert "belle" not in legal(deal)  # the queen alone is not enough in the book's rule
    assert illegal(deal, "belle") == "belle_timing"


def test_belle_protection_lost() -> None:
    # the queen that declared belle is overtrumped by the ten: no belle
    deal = belle_deal("yellowclub", belle_protection=True)
    act(deal, "play:QH+belle", "play:TH")
    assert deal.belle.lost
    assert finish(deal) == (0, 0)


def test_belle_protection_kept() -> None:
    # seat 0 leads the trump eight; the king declares belle and takes the trick
    deal = make_deal(OWNER, OTHER, "7H", "yellowclub", belle_protection=True, first_lead="non_bidder")
    act(deal, "order", "play:8H", "play:KH+belle")
    assert not deal.belle.lost and deal.tricks[-1].winner == 1
    assert finish(deal)[1] == 20


def test_without_protection_a_lost_card_keeps_belle() -> None:
    deal = belle_deal("yellowclub")
    act(deal, "play:QH+belle", "play:TH")
    assert not deal.belle.lost
    assert finish(deal)[1] == 20


def test_belle_is_outside_the_sequence_comparison() -> None:
    # seat 1: belle and a терц J-Q-K of trump (belle cards inside it); seat 0: a fifty; both score
    deal = make_deal("JH QH KH AS 8C 7D  JS 9C KC", "7S 8S 9S TS 8H TH  8D TD QD", "7H")
    act(deal, "order", "announce:terz", "belle", "play:AS", "announce:fifty")
    assert deal.announcements.seq_owner == 0
    assert finish(deal) == (0, 20)
