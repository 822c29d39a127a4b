"""Bidding (rounds 1 and 2, redeal, обяз), the досдача, the seven swap, «проходит ли мой терц?», four sevens."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import act, build_deck, legal, make_deal

from game import actions as A
from game.actions import Action
from game.cards import Card, Suit
from game.deal import Deal, Phase
from game.errors import IllegalAction
from game.match import Match
from game.rules import PRESETS
from game.scoring import Outcome

# seat 0 deals; seat 1 (the non-dealer) speaks first
ND = "AS KS 7S 8C 9D JD  QC 8S 9S"
DL = "AC TC KC 7D 8D QD  AD KD JC"
UP = "TH"  # face-up: hearts are the first trump


def fresh(rules: str = "moscow", **opts: Any) -> Deal:
    return make_deal(ND, DL, UP, rules, freza="7H", **opts)


def illegal(deal: Deal, action: str | Action) -> str:
    a = Action.parse(action) if isinstance(action, str) else action
    with pytest.raises(IllegalAction) as err:
        deal.apply(a)
    return err.value.rule


def test_round_one_non_dealer_speaks_first() -> None:
    deal = fresh()
    assert deal.phase is Phase.BIDDING_1 and deal.current_player() == 1
    assert legal(deal) == ["order", "pass"]
    assert illegal(deal, "name:S") == "round1_bid"
    act(deal, "pass")
    assert deal.current_player() == 0 and deal.phase is Phase.BIDDING_1
    act(deal, "order")
    assert deal.bidder == 0 and deal.trump is Suit.H and deal.phase is Phase.PLAY  # type: ignore[comparison-overlap]


def test_order_completes_the_deal() -> None:
    deal = fresh()
    deck = deal.deck
    act(deal, "order")
    assert deal.bidder == 1 and deal.trump is Suit.H
    assert sorted(deal.hand(1)) == sorted([deck[i] for i in (0, 1, 2, 6, 7, 8, 13, 14, 15)])
    assert sorted(deal.hand(0)) == sorted([deck[i] for i in (3, 4, 5, 9, 10, 11, 16, 17, 18)])
    assert deal.freza is Card.H7 == deck[31]
    assert deal.face_up is Card.HT
    assert deal.leader == 1 and deal.current_player() == 1  # the dealer's opponent leads


def test_round_two_names_another_suit() -> None:
    deal = fresh()
    act(deal, "pass", "pass")
    assert deal.phase is Phase.BIDDING_2 and deal.current_player() == 1
    assert legal(deal) == ["name:S", "name:C", "name:D", "pass"]
    assert illegal(deal, "name:H") == "round2_other_suit"
    assert illegal(deal, "order") == "round2_other_suit"
    act(deal, "pass", "name:C")
    assert deal.bidder == 0 and deal.trump is Suit.C and deal.first_trump is Suit.H


def test_four_passes_redeal_and_the_dealer_changes() -> None:
    match = Match(PRESETS["moscow"], first_dealer=0)
    deal = match.start_deal(build_deck(ND, DL, UP))
    events = match.apply(A.PASS) + match.apply(A.PASS) + match.apply(A.PASS) + match.apply(A.PASS)
    assert deal.is_over() and deal.result is not None
    assert deal.result.outcome is Outcome.REDEAL_PASSES
    assert deal.result.scores_after == (0, 0)
    assert any(e.kind == "redeal" for e in events)
    assert match.scores == (0, 0) and match.context().number == 1  # a redeal is not a played deal
    nxt = match.start_deal(build_deck(ND, DL, UP))
    assert nxt.dealer == 1 and nxt.current_player() == 0  # the other player deals and speaks second


def test_redeal_after_four_passes_in_club_too() -> None:
    match = Match(PRESETS["club"], first_dealer=1)
    match.start_deal(build_deck(ND, DL, UP))
    for _ in range(4):
        match.apply(A.PASS)
    assert match.start_deal(build_deck(ND, DL, UP)).dealer == 0


def test_dealer_must_choose_yellowclub() -> None:
    deal = fresh("yellowclub")
    act(deal, "pass", "pass", "pass")  # the non-dealer may still pass in round 2
    assert deal.current_player() == 0
    assert legal(deal) == ["name:S", "name:C", "name:D"]
    assert illegal(deal, "pass") == "dealer_must_choose"
    act(deal, "name:D")
    assert deal.bidder == 0 and deal.trump is Suit.D


@pytest.mark.parametrize(
    ("first_lead", "bids", "leader"),
    [
        ("non_dealer", ["pass", "order"], 1),
        ("bidder", ["pass", "order"], 0),
        ("bidder", ["order"], 1),
        ("non_bidder", ["order"], 0),
        ("non_bidder", ["pass", "pass", "pass", "name:S"], 1),
    ],
)
def test_first_lead_option(first_lead: str, bids: list[str], leader: int) -> None:
    deal = fresh(first_lead=first_lead)
    act(deal, *bids)
    assert deal.leader == leader and deal.current_player() == leader


# ---------------------------------------------------------------- the seven swap

# the dealer (seat 0) holds the heart seven; hearts are the first trump (face-up TH)
SW_ND = "AS KS 7S 8C 9D JD  QC 8S 9S"
SW_DL = "AC TC KC 7H 8D QD  AD KD JC"


def swap_deal(rules: str = "moscow", **opts: Any) -> Deal:
    return make_deal(SW_ND, SW_DL, "TH", rules, **opts)


def test_swap_before_own_first_card() -> None:
    deal = swap_deal()
    act(deal, "order")
    assert "swap" not in legal(deal)  # the leader has no seven
    assert illegal(deal, "swap") == "swap_needs_seven"
    act(deal, "play:AS")
    assert "swap" in legal(deal)  # the second player, before their own first card
    events = act(deal, "swap")
    assert [e.kind for e in events] == ["swap"] and events[0].card is Card.HT
    assert Card.HT in deal.hand(0) and Card.H7 not in deal.hand(0)
    assert deal.face_up is Card.H7
    assert deal.view(1).known_opponent_cards == (Card.HT,)  # the taken card is public
    assert deal.view(1).face_up is Card.H7
    assert "swap" not in legal(deal)
    act(deal, "play:TH")  # no spade: must trump
    assert deal.view(1).known_opponent_cards == ()  # played: no longer in hand


def test_no_swap_after_own_first_card() -> None:
    # the leader (seat 1) holds the seven, leads, wins, and may no longer swap
    deal = make_deal("AS KS 7H 8C 9D JD  QC 8S 9S", "AC TC KC 7S 8D QD  AD KD JC", "TH")
    act(deal, "order")
    assert "swap" in legal(deal)
    act(deal, "play:AS", "play:7S")
    assert deal.current_player() == 1
    assert "swap" not in legal(deal)
    assert illegal(deal, "swap") == "swap_before_first_card"


def test_no_swap_after_speaking() -> None:
    # the leader holds the seven and a терц (Q-K-A of spades); after announcing, the swap is gone
    deal = make_deal("AS KS QS 7H 9D JD  QC 8S 9S", "AC TC KC 7S 8D QD  AD KD JC", "TH")
    act(deal, "order")
    assert {"swap", "announce:terz"} <= set(legal(deal))
    act(deal, "announce:terz")
    assert "swap" not in legal(deal)
    assert illegal(deal, "swap") == "swap_before_first_card"


def test_no_swap_in_a_second_round_trump() -> None:
    # the dealer holds the club seven; clubs are named in round 2
    deal = make_deal(SW_ND, "AC TC KC 7C 8D QD  AD KD JC", "TH")
    act(deal, "pass", "pass", "name:C")
    act(deal, "play:AS")
    assert "swap" not in legal(deal)
    assert illegal(deal, "swap") == "swap_first_trump_only"


def test_swap_switched_off() -> None:
    deal = swap_deal(seven_swap=False)
    act(deal, "order", "play:AS")
    assert "swap" not in legal(deal)
    assert illegal(deal, "swap") == "swap_disabled"


def test_swap_gives_belle() -> None:
    # the face-up card is the trump king; the dealer holds Q and 7 of trump: the swap makes belle
    deal = make_deal(SW_ND, "AC TC KC 7H QH QD  AD KD JC", "KH", belle_when="holding_both")
    act(deal, "order", "play:AS")
    assert deal.belle.owner is None
    act(deal, "swap")
    assert deal.belle.owner == 0
    assert "belle" in legal(deal)


# ---------------------------------------------------------------- «проходит ли мой терц?»


def passes_deal(asker_is_leader: bool, other: str, rules: str = "moscow") -> Deal:
    terz = "7H 8H 9H AC 7D 8D  JC 9C AD"
    if asker_is_leader:
        return make_deal(terz, other, "TH", rules)
    return make_deal(other, terz, "TH", rules)


@pytest.mark.parametrize(
    ("rules", "asker_is_leader", "other", "passes"),
    [
        ("moscow", True, "AS KS 7S 8C TD KD  QC 8S 9D", True),  # no sequence at all
        ("moscow", True, "QS KS AS 8C TD KD  QC 8S 9D", False),  # a plain терц from the ace is higher
        ("moscow", True, "7S 8S 9S 8C TD KD  QC KS QD", True),  # equal plain терц: the trump wins
        ("kharkov", True, "7S 8S 9S 8C TD KD  QC KS QD", True),  # equal: the asker leads, announced earlier
        ("moscow", True, "7S 8S 9S TS TD KD  QC KS QD", False),  # a fifty
    ],
)
def test_passes_question_truth(rules: str, asker_is_leader: bool, other: str, passes: bool) -> None:
    for etiquette in ("guided", "strict"):
        deal = passes_deal(asker_is_leader, other, rules)
        deal = Deal(deal.rules.with_options(etiquette=etiquette), deal.dealer, deal.deck)
        act(deal, "order")
        asker = deal.current_player()
        assert asker is not None and "ask-passes" in legal(deal)
        act(deal, "ask-passes")
        assert deal.current_player() == 1 - asker
        answers = legal(deal)
        truth = "passes:yes" if passes else "passes:no"
        if etiquette == "guided":
            assert answers == [truth]
        else:
            assert sorted(answers) == ["passes:no", "passes:yes"]
        act(deal, truth)
        assert deal.current_player() == asker
        assert "ask-passes" not in legal(deal)  # asked once
        assert {"swap", "announce:terz"} <= set(legal(deal))  # free to swap or keep the терц
        assert deal.penalties == []


def test_passes_question_asked_by_the_second_player() -> None:
    # the leader announces a терц from the ace (plain): the asker's терц from the trump nine does not pass
    deal = passes_deal(False, "QS KS AS 8C TD KD  QC 8S 9D")
    act(deal, "order", "announce:terz", "play:8C")
    assert "ask-passes" in legal(deal)
    act(deal, "ask-passes")
    assert legal(deal) == ["passes:no"]
    # a silent leader: anything passes
    deal = passes_deal(False, "QS KS AS 8C TD KD  QC 8S 9D")
    act(deal, "order", "play:8C", "ask-passes")
    assert legal(deal) == ["passes:yes"]


def test_false_answer_is_a_penalty_in_strict() -> None:
    deal = passes_deal(True, "QS KS AS 8C TD KD  QC 8S 9D", "moscow")
    deal = Deal(deal.rules.with_options(etiquette="strict"), deal.dealer, deal.deck)
    events = act(deal, "order", "ask-passes", "passes:yes")
    assert [(p.seat, p.reason) for p in deal.penalties] == [(0, "false_answer")]
    # told to the table at once, after the answer, as every penalty is (it was only recorded)
    assert [(e.kind, e.seat, e.detail) for e in events[-2:]] == [
        ("answer_passes", 0, ""),
        ("penalty", 0, "false_answer"),
    ]


def test_false_answer_refused_in_guided() -> None:
    deal = passes_deal(True, "QS KS AS 8C TD KD  QC 8S 9D")
    act(deal, "order", "ask-passes")
    assert illegal(deal, "passes:yes") == "false_answer"
    assert illegal(deal, "play:AS") == "answer_question"


@pytest.mark.parametrize(
    ("nd", "bids", "rule"),
    [
        ("7H 8H TH AC 7D 8D  JC 9C 9S", ["order"], "passes_question"),  # no терц from the nine
        ("7H 8H 9H AC 7D 8D  JC 9C 9S", ["pass", "pass", "name:C"], "passes_question"),  # second trump
    ],
)
def test_passes_question_refused(nd: str, bids: list[str], rule: str) -> None:
    deal = make_deal(nd, "AS KS 7S 8C TD JD  QC 8S 9D", "QH")
    act(deal, *bids)
    assert "ask-passes" not in legal(deal)
    assert illegal(deal, "ask-passes") == rule


def test_passes_question_not_after_the_swap() -> None:
    deal = make_deal("7H 8H 9H AC 7D 8D  JC 9C 9S", "AS KS 7S 8C TD JD  QC 8S 9D", "QH")
    act(deal, "order", "swap")
    assert "ask-passes" not in legal(deal)


# ---------------------------------------------------------------- four sevens (club)

FOUR = "7S 7C 7D 7H AS KS  QC 8S 9S"


def test_four_sevens_redeal_club() -> None:
    match = Match(PRESETS["club"], first_dealer=0)
    deal = match.start_deal(build_deck(FOUR, "AC TC KC 8D 9D QD  AD KD JC", "TH"))
    match.apply(A.ORDER)
    assert "four-sevens" in legal(deal)
    match.apply(A.FOUR_SEVENS)
    assert deal.result is not None and deal.result.outcome is Outcome.REDEAL_FOUR_SEVENS
    assert match.scores == (0, 0)
    assert match.start_deal(build_deck(FOUR, "AC TC KC 8D 9D QD  AD KD JC", "TH")).dealer == 0


def test_four_sevens_only_before_the_first_card() -> None:
    # the dealer (second to play) holds the four sevens; after their first card the claim is gone
    deal = make_deal("AC TC KC 8D 9D QD  AD KD JC", FOUR, "TH", "club")
    act(deal, "order", "play:AC")
    assert "four-sevens" in legal(deal)
    act(deal, "play:7C")  # follow suit
    act(deal, "play:KC", "play:QC")
    assert "four-sevens" not in legal(deal)
    assert illegal(deal, "four-sevens") == "four_sevens"


@pytest.mark.parametrize("preset", ["moscow", "kharkov", "book", "one_strike", "yellowclub"])
def test_four_sevens_club_only(preset: str) -> None:
    deal = make_deal(FOUR, "AC TC KC 8D 9D QD  AD KD JC", "TH", preset)
    act(deal, "order")
    assert "four-sevens" not in legal(deal)
    assert illegal(deal, "four-sevens") == "four_sevens"


@pytest.mark.parametrize(
    ("rules", "bids", "dealt_at"),
    [
        ("moscow", ["order"], 1),
        ("moscow", ["pass", "pass", "pass", "name:S"], 4),
        ("offer", ["order", "no-offer", "no-offer"], 3),
        ("offer", ["order", "offer", "offer:no"], 3),
    ],
)
def test_the_deal_says_when_the_last_cards_were_dealt(rules: str, bids: list[str], dealt_at: int) -> None:
    """``dealt_at``: the undo at the table stops at the bid that dealt them (they would be known before bidding
    again); None before, and it stays as play goes on."""
    deal = fresh(rules, target=501)
    for bid in bids:
        assert deal.dealt_at is None
        act(deal, bid)
    assert deal.dealt_at == dealt_at == len(deal.history) and len(deal.hands[0]) == 9
    act(deal, legal(deal)[-1])
    assert deal.dealt_at == dealt_at
