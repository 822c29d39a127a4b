"""«Деберц втроём»: the deal for three, bidding, the dialog by sides, scoring for three and the end of the game.

Whole deals with known outcomes (docs/rules.md, «Three players»); the random soak is test_three_soak.py.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import actions as A
from game.actions import FIFTY, TERZ, Action, Kind
from game.cards import PLAIN_POINTS, TRUMP_POINTS, Card
from game.deal import Deal, Dialog, Phase, build_deck, build_deck_n, dealing_order, positions
from game.errors import IllegalAction, RecordError
from game.match import Match
from game.record import dumps, from_json, load, loads, record_of, replay
from game.rules import Rules
from game.scoring import MatchContext, Outcome, Penalty, PenaltyReason, PlayFacts, score_deal
from game.sequences import Sequence

MOSCOW3 = Rules.preset("moscow", players=3)
STRICT3 = Rules.preset("moscow", players=3, etiquette="strict")


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


# The official example's hands (dealer 0; seat 1 = the dealer's left leads and bids; trump clubs):
# seat 1 a fifty from the queen of hearts, seat 2 a fifty from the ace of spades, seat 0 a терц from the
# nine of spades.
SEAT1 = cards("9H TH JH QH AC JC 9C KD 7D")
SEAT2 = cards("JS QS KS AS 8H 8D TC QD 7H")
SEAT0 = cards("7S 8S 9S AD TD KH 8C AH 9D")
EXAMPLE_DECK = build_deck_n([SEAT1, SEAT2, SEAT0], Card.parse("KC"))


def quiet(deal: Deal) -> Action:
    """The first card if a card may be played, else the first action that is not a claim."""
    legal = deal.legal_actions()
    return next((a for a in legal if a.kind is Kind.PLAY), next(a for a in legal if a.kind is not Kind.CLAIM))


def play_first_legal(deal: Deal) -> None:
    while not deal.is_over():
        deal.apply(quiet(deal))


def unplayed_points(deal: Deal) -> int:
    played = {c for t in deal.tricks for c in t.cards}
    assert deal.trump is not None
    return sum(
        TRUMP_POINTS[c % 8] if c // 8 == deal.trump else PLAIN_POINTS[c % 8] for c in deal.deck if c not in played
    )


# ----------------------------------------------------------------------------- rules


def test_players_option_and_its_limits() -> None:
    assert Rules().players == 2
    assert MOSCOW3.players == 3 and MOSCOW3.name == "moscow"
    assert Rules.preset("kharkov", players=3).equal_sequences.value == "earlier"
    assert Rules.from_dict(MOSCOW3.to_dict()) == MOSCOW3
    with pytest.raises(ValueError, match="players"):
        Rules.preset("moscow", players=4)
    for preset in ("one_strike", "club", "offer"):
        with pytest.raises(ValueError, match="not defined for three players"):
            Rules.preset(preset, players=3)
    with pytest.raises(ValueError, match="dave"):
        Rules.preset("moscow", players=3, dave=True)


# ----------------------------------------------------------------------------- the deal


def test_dealing_positions_for_three() -> None:
    pos = positions(3)
    assert pos.first == ((0, 1, 2, 9, 10, 11), (3, 4, 5, 12, 13, 14), (6, 7, 8, 15, 16, 17))
    assert pos.more == ((19, 20, 21), (22, 23, 24), (25, 26, 27))
    assert pos.vskryshka == 18
    assert dealing_order(0, 3) == (1, 2, 0) and dealing_order(2, 3) == (0, 1, 2)
    # the same rule gives the two-player positions
    two = positions(2)
    assert two.first == ((0, 1, 2, 6, 7, 8), (3, 4, 5, 9, 10, 11)) and two.vskryshka == 12
    assert two.more == ((13, 14, 15), (16, 17, 18))
    hands2 = (cards("7S 8S 9S TS JS QS KS AS 7C"), cards("7H 8H 9H TH JH QH KH AH 7D"))
    assert build_deck_n(hands2, Card.parse("8C")) == build_deck(*hands2, Card.parse("8C"))


def test_the_deal_for_three_hands_out_27_cards() -> None:
    deal = Deal(MOSCOW3, 0, EXAMPLE_DECK)
    assert [len(h) for h in deal.hands] == [6, 6, 6]
    assert deal.face_up == Card.parse("KC") and deal.current_player() == 1
    deal.apply(A.ORDER)
    assert sorted(deal.hands[1]) == sorted(SEAT1) and sorted(deal.hands[2]) == sorted(SEAT2)
    assert sorted(deal.hands[0]) == sorted(SEAT0)
    assert deal.freza == EXAMPLE_DECK[31]
    in_hands = {c for h in deal.hands for c in h}
    assert len(in_hands) == 27 and len(set(Card) - in_hands) == 5
    assert deal.leader == 1 and deal.phase is Phase.PLAY


def test_bidding_goes_left_and_six_passes_redeal() -> None:
    match = Match(MOSCOW3, first_dealer=2)
    deal = match.start_deal(EXAMPLE_DECK)
    speakers = []
    while not deal.is_over():
        speakers.append(deal.current_player())
        match.apply(A.PASS if deal.phase is Phase.BIDDING_1 else deal.legal_actions()[-1])
    assert speakers == [0, 1, 2, 0, 1, 2]
    assert deal.result is not None and deal.result.outcome is Outcome.REDEAL_PASSES
    assert match.next_dealer == 0 and match.scores == (0, 0, 0)


def test_round_two_names_another_suit() -> None:
    deal = Deal(MOSCOW3, 0, EXAMPLE_DECK)
    for _ in range(3):
        deal.apply(A.PASS)
    assert deal.phase is Phase.BIDDING_2 and deal.current_player() == 1
    deal.apply(A.PASS)
    assert A.name(Card.parse("KC").suit) not in deal.legal_actions()
    deal.apply(A.name(Card.parse("AH").suit))
    assert deal.bidder == 2 and deal.trump == Card.parse("AH").suit and deal.leader == 1


def test_dealer_must_choose_for_three() -> None:
    deal = Deal(Rules.preset("yellowclub", players=3), 0, EXAMPLE_DECK)
    for _ in range(5):
        deal.apply(A.PASS)
    assert deal.current_player() == 0 and A.PASS not in deal.legal_actions()


# ----------------------------------------------------------------------------- the dialog for three


def example_dialog(rules: Rules, add: bool = True) -> Deal:
    """The official example, action by action (``add`` False: seat 0 declines to add its терц, «пишет»)."""
    deal = Deal(rules, 0, EXAMPLE_DECK)
    deal.apply(A.ORDER)  # seat 1 bids and leads
    deal.apply(A.announce(FIFTY))  # «пятьдесят»
    deal.apply(A.play(Card.parse("KD")))
    assert deal.current_player() == 2
    if rules.etiquette.value == "guided":
        assert deal.legal_actions() == [A.ROST, A.PISHET]  # the answer comes before the card
    deal.apply(A.ROST)  # «рост?»
    deal.apply(A.play(Card.parse("QD")))
    assert deal.current_player() == 0
    assert all(a.kind is Kind.PLAY for a in deal.legal_actions())  # the second вистующий plays in silence
    deal.apply(A.play(Card.parse("AD")))
    assert len(deal.tricks) == 1 and deal.current_player() == 1
    assert deal.legal_actions() == [A.TELL_TOP]
    events = deal.apply(A.TELL_TOP)  # «от дамы»
    assert events[0].card == Card.parse("QH")
    assert deal.current_player() == 2
    deal.apply(A.MINE)  # «не годится, пятьдесят от туза пик»
    assert deal.announcements.seq_owner == 2 and deal.current_player() == 0
    if rules.etiquette.value == "guided":  # adding is a choice, not a forced word (a player's pass: one button)
        assert deal.legal_actions() == [A.announce(TERZ), A.PISHET]
    with pytest.raises(IllegalAction) as refused:
        deal.apply(A.play(Card.parse("9S")))
    assert refused.value.rule == "add_first"  # it said «сначала ответьте на объявление»: there is none to answer
    if not add:
        deal.apply(A.PISHET)
        assert deal.announcements.dialog is Dialog.CLOSED and deal.current_player() == 0
        return deal
    events = deal.apply(A.announce(TERZ))  # «родили терц от девятки пик»
    assert events[-1].kind == "sequences" and events[-1].value == 20
    assert deal.announcements.dialog is Dialog.CLOSED and deal.current_player() == 0  # the trick's taker leads
    return deal


@pytest.mark.parametrize("rules", [MOSCOW3, STRICT3], ids=["guided", "strict"])
def test_a_partner_who_declines_to_add_writes_no_sequence(rules: Rules) -> None:
    deal = example_dialog(rules, add=False)
    play_first_legal(deal)
    r = deal.result
    assert r is not None and not r.penalties
    assert r.players[2].sequences == (("пятьдесят от туза ♠", 50),) and r.players[0].sequences == ()


@pytest.mark.parametrize("rules", [MOSCOW3, STRICT3], ids=["guided", "strict"])
def test_the_official_dialog_example(rules: Rules) -> None:
    deal = example_dialog(rules)
    view = deal.view(1)
    assert set(view.shown[2]) == set(cards("AS KS QS JS")) and set(view.shown[0]) == set(cards("9S 8S 7S"))
    play_first_legal(deal)
    r = deal.result
    assert r is not None and not r.penalties
    assert r.players[2].sequences == (("пятьдесят от туза ♠", 50),)
    assert r.players[0].sequences == (("терц от девятки ♠", 20),)
    assert r.players[1].sequences == ()
    # the bidder's 60 card points are fewer than the вистующие's 68 + 85: a bait written in halves
    assert [p.total for p in r.players] == [68, 60, 85]
    assert r.bait and [p.written for p in r.players] == [98, 0, 115]
    assert sum(deal.card_points) + unplayed_points(deal) == 152
    assert all(len(t.cards) == 3 for t in deal.tricks) and len(deal.tricks) == 9


def test_the_bidder_must_beat_both() -> None:
    """Seat 2 says «пишет» to the bidder's fifty only after the top card; seat 0's терц then cannot count: the
    bidder's fifty from the queen beats both and only the bidder scores sequences."""
    deal = Deal(MOSCOW3, 0, EXAMPLE_DECK)
    deal.apply(A.ORDER)
    deal.apply(A.announce(FIFTY))
    deal.apply(A.play(Card.parse("KD")))
    deal.apply(A.PISHET)  # the first вистующий lets it pass
    deal.apply(A.play(Card.parse("QD")))
    # the second вистующий, facing the bidder's fifty with only a терц: «пишет» as well
    assert deal.legal_actions() == [A.PISHET]
    deal.apply(A.PISHET)
    deal.apply(A.play(Card.parse("AD")))
    assert deal.announcements.seq_owner == 1 and deal.announcements.added_by is None
    play_first_legal(deal)
    r = deal.result
    assert r is not None and r.players[1].sequences == (("пятьдесят от дамы ♥", 50),)
    assert r.players[0].sequences == r.players[2].sequences == ()


def test_silent_leader_then_announcements_by_turn() -> None:
    """The leader is silent; the first вистующий announces; the second (its partner) plays in silence; at the
    trick's end the вистующий's fifty stands and the partner adds its терц."""
    deal = Deal(MOSCOW3, 0, EXAMPLE_DECK)
    deal.apply(A.ORDER)
    deal.apply(A.play(Card.parse("KD")))  # silent
    assert A.announce(FIFTY) in deal.legal_actions()
    deal.apply(A.announce(FIFTY))
    deal.apply(A.play(Card.parse("QD")))
    assert [a for a in deal.legal_actions() if a.kind is not Kind.PLAY] == []
    deal.apply(A.play(Card.parse("AD")))
    assert deal.announcements.seq_owner == 2 and deal.current_player() == 0
    deal.apply(A.announce(TERZ))
    assert deal.announcements.added_by == 0
    view = deal.view(1)  # everyone sees what the partner's added sequences are worth, apart from the winner's
    assert view.added_by == 0 and view.added_points == 20 and view.sequence_points == 50


def test_strict_false_rost_by_a_vistuyushchiy_pays_the_bidder() -> None:
    deal = Deal(STRICT3, 0, EXAMPLE_DECK)
    deal.apply(A.ORDER)
    deal.apply(A.announce(FIFTY))
    deal.apply(A.play(Card.parse("KD")))
    deal.apply(A.PISHET)
    deal.apply(A.play(Card.parse("QD")))
    deal.apply(A.ROST)  # seat 0 holds only a терц: a false «рост?»
    assert deal.penalties == [Penalty(0, PenaltyReason.FALSE_ROST)]
    deal.apply(A.play(Card.parse("AD")))
    assert deal.announcements.seq_owner == 1  # the bidder's announcement stands
    play_first_legal(deal)
    r = deal.result
    assert r is not None and r.card_bait == 0 and not r.bait
    totals = [p.total for p in r.players]
    assert [p.written for p in r.players] == [0, totals[1] + totals[0], totals[2]]


def test_the_seven_swap_and_the_passes_question_for_three() -> None:
    """Seat 0 holds 7-8-9 of the first trump: it asks «проходит ли мой терц?», both others answer in turn."""
    s1 = cards("9H TH JH QH AC JC KD 7D 8D")
    s2 = cards("JS QS KS AS 8H TC QD 7H TS")
    s0 = cards("7C 8C 9C AD TD KH 9D AH 7S")
    deck = build_deck_n([s1, s2, s0], Card.parse("KC"))
    deal = Deal(MOSCOW3, 0, deck)
    deal.apply(A.ORDER)
    deal.apply(A.play(Card.parse("KD")))
    deal.apply(A.PISHET if A.PISHET in deal.legal_actions() else deal.legal_actions()[0])
    while deal.current_player() == 2:
        deal.apply(next(a for a in deal.legal_actions() if a.kind is Kind.PLAY))
    assert A.SWAP in deal.legal_actions() and A.ASK_PASSES in deal.legal_actions()
    deal.apply(A.ASK_PASSES)
    assert deal.current_player() == 1
    deal.apply(deal.legal_actions()[0])
    assert deal.current_player() == 2
    deal.apply(deal.legal_actions()[0])
    assert deal.current_player() == 0
    deal.apply(A.SWAP)
    assert Card.parse("KC") in deal.hands[0] and deal.face_up == Card.parse("7C")
    assert Card.parse("KC") in deal.view(1).known_opponent_cards


def test_the_truth_of_proxodit_for_three_is_who_plays_first_in_the_first_trick() -> None:
    """Kharkov for three (equal sequences: the one «объявлена раньше» wins): the bidder, second to play in the
    first trick, holds 7-8-9♥ of the trump; the dealer, who plays after him, an equal 7-8-9♠. The bidder's терц
    passes — the engine's «true» answer said «не проходит» (it took the asker for the leader), so the guided
    table offered only the false answer and strict etiquette fined the true one. Found by an audit of the rules
    page against the engine."""
    leader = cards("AS KS AC KC AD KD JH TC 8D")
    bidder = cards("7H 8H 9H JC 9C 7D TD QD KH")
    dealer = cards("7S 8S 9S QS JD 7C 8C 9D QH")
    deck = build_deck_n([leader, bidder, dealer], Card.parse("AH"))
    for etiquette in ("guided", "strict"):
        deal = Deal(Rules.preset("kharkov", players=3, etiquette=etiquette), 0, deck)
        for text in ("pass", "order", "play:KD", "ask-passes"):
            deal.apply(Action.parse(text))
        answers = {str(a) for a in deal.legal_actions()}
        assert deal.current_player() == 0 and deal.announcements.passes_truth()
        if etiquette == "guided":
            assert answers == {"passes:yes"}, answers  # the table offers the true answer only
        else:
            deal.apply(Action.parse("passes:yes"))
            assert not [p for p in deal.penalties if p.seat == 0]  # the truth costs nothing
    # the same deal through the dialog: the bidder's терц is the one counted
    deal = Deal(Rules.preset("kharkov", players=3), 0, deck)
    for text in ("pass", "order", "play:KD", "announce:terz"):
        deal.apply(Action.parse(text))
    while deal.phase is Phase.PLAY and deal.announcements.seq_owner is None and deal.current_player() is not None:
        deal.apply(deal.legal_actions()[0])
    assert deal.bidder == 2 and deal.announcements.seq_owner == 2


# ----------------------------------------------------------------------------- scoring for three


def facts(points: tuple[int, int, int], bidder: int = 0, last: int = 0, **kw: object) -> PlayFacts:
    return PlayFacts(
        bidder=bidder,
        card_points=points,
        tricks=(3, 3, 3),
        last_trick=last,
        sequences=(),
        sequence_owner=None,
        belle=(0, 0, 0),
        **kw,  # type: ignore[arg-type]
    )


CTX3 = MatchContext(scores=(0, 0, 0), baits=(0, 0, 0))


def test_no_bait_each_writes_their_own() -> None:
    r = score_deal(facts((80, 30, 20)), CTX3, MOSCOW3)  # 90 > 50
    assert not r.bait and [p.written for p in r.players] == [90, 30, 20] and r.scores_after == (90, 30, 20)
    assert r.winner == 0


def test_bait_in_halves_with_the_odd_point_to_the_bidders_left() -> None:
    r = score_deal(facts((51, 60, 20), bidder=0, last=1), CTX3, MOSCOW3)  # 51 < 70 + 20
    assert r.bait and [p.written for p in r.players] == [0, 70 + 26, 20 + 25]
    assert r.baits_after == (1, 0, 0)
    r = score_deal(facts((40, 60, 20), bidder=1, last=1), CTX3, MOSCOW3)  # 70 < 40 + 20
    assert not r.bait
    r = score_deal(facts((40, 30, 21), bidder=1, last=2), CTX3, MOSCOW3)  # 30 < 40 + 31: seat 2 is the left
    assert r.bait and [p.written for p in r.players] == [40 + 15, 0, 31 + 15]


def test_equal_points_hang_and_go_to_the_next_top_scorer() -> None:
    r = score_deal(facts((60, 30, 20), bidder=0, last=2), CTX3, MOSCOW3)  # 60 = 30 + 30
    assert r.tie and r.hanging_now == 60 and [p.written for p in r.players] == [0, 30, 30]
    ctx = MatchContext(scores=r.scores_after, baits=r.baits_after, hanging=r.hanging_after)
    nxt = score_deal(facts((20, 90, 30), bidder=1, last=1), ctx, MOSCOW3)  # no bait: the top scorer takes them
    assert nxt.players[1].hanging_received == 60 and nxt.players[1].written == 160 and nxt.hanging_after == ()
    bait = score_deal(facts((40, 30, 30), bidder=1, last=1), ctx, MOSCOW3)  # a bait: the вистующие share
    assert [p.hanging_received for p in bait.players] == [30, 0, 30]
    assert [p.written for p in bait.players] == [40 + 20 + 30, 0, 30 + 20 + 30]


def false_rost_then_claim_position(scores: tuple[int, int, int]) -> Deal:
    """The example deck, strict: seat 0 asks a false «рост?» (байт на картах) and takes the first trick (18)."""
    deal = Deal(STRICT3, 0, EXAMPLE_DECK, MatchContext(scores=scores, baits=(0, 0, 0), number=3))
    for a in [A.ORDER, A.announce(FIFTY), A.play(Card.parse("KD")), A.PISHET, A.play(Card.parse("QD")), A.ROST]:
        deal.apply(a)
    deal.apply(A.play(Card.parse("AD")))
    assert deal.penalties == [Penalty(0, PenaltyReason.FALSE_ROST)] and deal.card_points == [18, 0, 0]
    return deal


def test_a_claim_for_three_keeps_the_penalty() -> None:
    """The bidder (430 on the sheet, 501 to win) claims after the second trick, 16 to him: his 16, his fifty 50
    and, by the penalty, the offender's 18 — 514, a true claim; without the penalty's 18 it would be 496.
    The sheet writes the offender nothing and the bidder 84; the other вистующий his own 0."""
    deal = false_rost_then_claim_position((0, 430, 0))
    while deal.current_player() != 1 or A.CLAIM not in deal.legal_actions():
        deal.apply(quiet(deal))
    assert len(deal.tricks) == 2 and deal.card_points == [18, 16, 0]
    deal.apply(A.CLAIM)
    r = deal.result
    assert r is not None and r.outcome is Outcome.CLAIMED and r.claim == (1, True)
    assert r.card_bait == 0 and [p.written for p in r.players] == [0, 16 + 50 + 18, 0]
    assert r.scores_after == (0, 514, 0)


def test_the_offender_for_three_claims_without_the_points_the_penalty_gave_away() -> None:
    """Seat 0 (490) took 18 in the first trick: 508 would reach 501, but the penalty gives the 18 to the bidder;
    the claim is false and loses the game."""
    match = Match(STRICT3)
    match.scores = (490, 430, 0)
    deal = match.start_deal(EXAMPLE_DECK)
    for a in [A.ORDER, A.announce(FIFTY), A.play(Card.parse("KD")), A.PISHET, A.play(Card.parse("QD")), A.ROST]:
        match.apply(a)
    match.apply(A.play(Card.parse("AD")))
    assert deal.current_player() == 0 and deal.claimed_scores()[0] == 490
    match.apply(A.CLAIM)
    assert deal.result is not None and deal.result.claim == (0, False)
    assert match.over is not None and match.over.reason == "false_claim" and match.over.winner == 1


def test_card_bait_by_the_bidder_goes_to_the_vistuyushchie_in_halves() -> None:
    r = score_deal(facts((81, 30, 20), penalties=(Penalty(0, PenaltyReason.FALSE_ANNOUNCEMENT),)), CTX3, MOSCOW3)
    assert r.card_bait == 0 and [p.written for p in r.players] == [0, 30 + 46, 20 + 45]
    # the summary says where the odd point went, as after an ordinary bait (it said only «пополам»)
    from ui import i18n
    from ui.widgets.summary import notes

    i18n.set_language("ru")
    said = [text for text, _, _ in notes(r, 1)]
    assert any(text.startswith("Байт на картах у ") for text in said)
    assert "Нечётное очко — вам: вы сидите слева от играющего" in said


# ----------------------------------------------------------------------------- the end of the game


def finished_example_match(scores: tuple[int, int, int], etiquette: str = "guided") -> tuple[Match, Deal]:
    match = Match(Rules.preset("moscow", players=3, etiquette=etiquette, target=301))
    match.scores = scores
    deal = match.start_deal(EXAMPLE_DECK)
    for action in example_actions():
        match.apply(action)
    while deal.phase not in (Phase.CLAIM, Phase.OVER):
        match.apply(quiet(deal))
    return match, deal


def example_actions() -> list[Action]:
    return [
        A.ORDER,
        A.announce(FIFTY),
        A.play(Card.parse("KD")),
        A.ROST,
        A.play(Card.parse("QD")),
        A.play(Card.parse("AD")),
        A.TELL_TOP,
        A.MINE,
        A.announce(TERZ),
    ]


def test_one_reaches_and_claims_at_the_score_keeping() -> None:
    match, deal = finished_example_match((250, 0, 0))  # seat 0 writes 98 and took the last trick
    assert deal.phase is Phase.CLAIM and deal.current_player() == 0
    match.apply(A.CLAIM)
    assert match.over is not None and match.over.winner == 0 and match.over.reason == "claim"


def test_who_reached_claims_and_the_last_trick_decides_between_two() -> None:
    _, deal = finished_example_match((0, 290, 200))  # seats 1 (0 written) and 2 (115): only 2 reaches
    assert deal.phase is Phase.CLAIM and deal.current_player() == 2 and deal.settlement.claim_order == [2]
    match2, deal2 = finished_example_match((210, 0, 200))  # both 0 (98) and 2 (115) reach; 0 took the last trick
    assert deal2.phase is Phase.CLAIM and deal2.settlement.claim_order == [0, 2]
    match2.apply(A.CLAIM)
    assert match2.over is not None and match2.over.winner == 0 and match2.over.reason == "both_reached"


def test_none_of_those_who_reached_took_the_last_trick() -> None:
    # seat 0 takes the last trick but does not reach; seats 1 and 2 are over the target: no claim now
    match = Match(Rules.preset("moscow", players=3, target=301))
    match.scores = (0, 400, 300)
    deal = match.start_deal(EXAMPLE_DECK)
    for action in example_actions():
        match.apply(action)
    while not deal.is_over():
        match.apply(quiet(deal))
    assert deal.result is not None and deal.result.last_trick == 0
    assert match.over is None  # play goes on
    assert match.scores[1] >= 301 and match.scores[2] >= 301


def test_a_false_claim_gives_the_game_to_the_best_other() -> None:
    match, deal = finished_example_match((0, 0, 0), etiquette="strict")
    assert deal.phase is Phase.OVER  # nobody reached: no score-keeping claim
    match = Match(Rules.preset("moscow", players=3, etiquette="strict", target=301))
    match.scores = (250, 10, 20)
    deal = match.start_deal(EXAMPLE_DECK)
    for action in example_actions():
        match.apply(action)
    while deal.phase is not Phase.CLAIM:
        match.apply(quiet(deal))
    match.apply(A.NO_CLAIM)  # seat 0 (the last trick) does not claim
    assert deal.current_player() == 1
    match.apply(A.CLAIM)  # seat 1 has 10: false
    assert match.over is not None and match.over.reason == "false_claim" and match.over.winner == 0


def test_views_of_three_seats_hide_the_others_hands() -> None:
    deal = Deal(MOSCOW3, 0, EXAMPLE_DECK)
    deal.apply(A.ORDER)
    for seat in range(3):
        view = deal.view(seat)
        assert sorted(view.hand) == sorted(deal.hands[seat])
        assert view.hand_sizes == (9, 9, 9) and view.players == 3
        assert view.known_opponent_cards == ()
        assert (view.legal != ()) == (seat == 1)


# ----------------------------------------------------------------------------- records


SAVES = Path(__file__).resolve().parent.parent / "saves"


def example_match() -> Match:
    match = Match(Rules.preset("moscow", players=3, target=301), 0)
    deal = match.start_deal(EXAMPLE_DECK)
    for action in example_actions():
        match.apply(action)
    while not deal.is_over():
        match.apply(quiet(deal))
    return match


def test_record_for_three_round_trips() -> None:
    match = example_match()
    record = record_of(match, ["А", "Б", "В"], {"human_seat": 2})
    obj = json.loads(dumps(record))
    assert obj["rules"] == {"preset": "moscow", "overrides": {"target": 301, "players": 3}}
    assert obj["players"] == ["А", "Б", "В"]
    again = replay(loads(dumps(record)))
    assert again.scores == match.scores and len(again.scores) == 3
    assert record_of(match).players == ["Игрок 1", "Игрок 2", "Игрок 3"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda o: o.update(players=["А", "Б"]), "'players' must be a list of three names"),
        (lambda o: o["deals"][0].update(dealer=3), "'dealer' must be 0, 1 or 2"),
        (lambda o: o.update(first_dealer=3), "'first_dealer' must be 0, 1 or 2"),
        (lambda o: o["meta"].update(human_seat=3), "'human_seat' must be 0, 1 or 2"),
        (lambda o: o["rules"]["overrides"].update(players=4), "players"),
        (lambda o: o["rules"]["overrides"].update(hanging="to_defender"), "not defined for three players"),
    ],
)
def test_the_loader_checks_a_record_for_three(change: Callable[[dict[str, Any]], None], message: str) -> None:
    obj = json.loads(dumps(record_of(example_match(), ["А", "Б", "В"], {"human_seat": 2})))
    change(obj)
    with pytest.raises(RecordError, match=message):
        from_json(obj)


def test_a_two_player_record_still_refuses_a_third_seat() -> None:
    match = Match(Rules.preset("moscow"), 0)
    obj = json.loads(dumps(record_of(match, ["А", "Б"])))
    obj["players"] = ["А", "Б", "В"]
    with pytest.raises(RecordError, match="'players' must be a list of two names"):
        from_json(obj)
    obj["players"] = ["А", "Б"]
    obj["first_dealer"] = 2
    with pytest.raises(RecordError, match="'first_dealer' must be 0 or 1"):
        from_json(obj)


def test_the_three_player_sample() -> None:
    record = load(SAVES / "three" / "moscow-three-players.json")
    assert record.rules.players == 3 and record.players == ["Анна", "Борис", "Вера"]
    match = replay(record)
    assert match.scores == (308, 237, 212) and match.over is not None and match.over.winner == 0
    first = match.deals[0]
    spoken = [(seat, str(a)) for seat, a in first.history if a.kind is not Kind.PLAY][:9]
    assert spoken == [(1, "order"), (1, "announce:fifty"), (2, "rost"), (1, "top"), (2, "mine"), (0, "announce:terz")]
    assert match.deals[1].outcome is Outcome.REDEAL_PASSES and len(match.deals[1].history) == 6
    bait = match.deals[2].result
    assert bait is not None and bait.bait and [p.written for p in bait.players] == [0, 72, 93]


def test_score_prints_a_three_player_game() -> None:
    root = SAVES.parent
    done = subprocess.run(
        [sys.executable, "main.py", "score", "saves/three/moscow-three-players.json"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "moscow, 3 игрока, 301 — Анна : Борис : Вера" in done.stdout
    assert "пересдача: шесть пасов" in done.stdout
    assert "Партию выиграл: Анна (выигрыш заявлен); 308 : 237 : 212" in done.stdout


def test_the_three_player_manifest_matches_the_replays() -> None:
    manifest = json.loads((SAVES / "three" / "manifest.json").read_text("utf-8"))
    assert sorted(e["file"] for e in manifest) == sorted(
        p.name for p in (SAVES / "three").glob("*.json") if p.name != "manifest.json"
    )
    for entry in manifest:
        match = replay(load(SAVES / "three" / entry["file"]))
        assert list(match.scores) == entry["scores"]
        assert (match.over.winner if match.over else None) == entry["winner"]
        for line in entry["key"]:
            deal = match.deals[line["deal"] - 1]
            r = deal.result
            assert r is not None
            got = {
                "totals": [p.total for p in r.players],
                "written": [p.written for p in r.players],
                "hanging_received": [p.hanging_received for p in r.players],
                "tie": r.tie,
                "hanging_now": r.hanging_now,
                "bait": r.bait,
                "sequence_owner": deal.announcements.seq_owner,
                "claim": list(r.claim) if r.claim else None,
            }
            for key, expected in line.items():
                assert key == "deal" or got[key] == expected, (entry["file"], line["deal"], key)
            before = deal.context.scores
            assert r.scores_after == tuple(before[p] + r.players[p].written + r.players[p].adjustment for p in range(3))


def test_export_writes_three_hands_and_tricks_of_three() -> None:
    from game.export import deal_text

    text = deal_text(load(SAVES / "three" / "moscow-three-players.json"), 0)
    assert (
        '[Seat2 "Вера"]' in text and "[Code " in text
    )  # a three-player code (30 characters; tests/test_analysis_three.py)
    assert "  Вера: " in text
    assert "1. Борис KD  Вера QD  Анна AD  -> Анна +18" in text


def test_a_vistuyushchiy_leads_and_the_bidder_answers_with_a_higher_class() -> None:
    """Seat 1 (a вистующий) leads with «терц»; the bidder, seat 2, answers «пятьдесят»; seat 0 says «пишет»:
    only the bidder's fifty counts, the вистующий's терц does not."""
    s1 = cards("7S 8S 9S AD TD KH 8C AH 9D")
    s2 = cards("9H TH JH QH AC JC 9C KD 7D")
    s0 = cards("JS QS 8H 8D TC QD 7H AS JD")
    deal = Deal(MOSCOW3, 0, build_deck_n([s1, s2, s0], Card.parse("KC")))
    deal.apply(A.PASS)
    deal.apply(A.ORDER)
    assert deal.bidder == 2 and deal.leader == 1
    assert A.announce(TERZ) in deal.legal_actions()
    deal.apply(A.announce(TERZ))
    deal.apply(A.play(Card.parse("AH")))
    assert deal.legal_actions() == [A.announce(FIFTY), A.PISHET]
    deal.apply(A.announce(FIFTY))
    deal.apply(A.play(Card.parse("9H")))
    assert deal.legal_actions() == [A.PISHET]
    deal.apply(A.PISHET)
    deal.apply(A.play(Card.parse("7H")))
    assert deal.announcements.seq_owner == 2 and deal.announcements.added_by is None and deal.current_player() == 1
    play_first_legal(deal)
    r = deal.result
    assert r is not None and r.players[2].sequences == (("пятьдесят от дамы ♥", 50),)
    assert r.players[1].sequences == () and r.players[0].sequences == ()


@pytest.mark.parametrize(("lead", "leader"), [("non_dealer", 1), ("bidder", 2), ("non_bidder", 0)])
def test_first_lead_options_for_three(lead: str, leader: int) -> None:
    deal = Deal(Rules.preset("moscow", players=3, first_lead=lead), 0, EXAMPLE_DECK)
    deal.apply(A.PASS)
    deal.apply(A.ORDER)  # seat 2 bids
    assert deal.leader == leader and deal.current_player() == leader


def test_belle_for_three() -> None:
    """Seat 2 holds K♣ Q♣ after the swap takes the вскрышка K♣ (it holds 7♣ and Q♣): belle for 20."""
    s1 = cards("9H TH JH QH AC JC 9C KD 7D")
    s2 = cards("JS QS KS AS 8H 8D 7C QD QC")
    s0 = cards("7S 8S 9S AD TD KH 8C AH 9D")
    deal = Deal(MOSCOW3, 0, build_deck_n([s1, s2, s0], Card.parse("KC")))
    deal.apply(A.ORDER)
    deal.apply(A.play(Card.parse("KD")))
    assert deal.current_player() == 2
    deal.apply(A.SWAP)
    assert deal.belle.owner == 2 and A.BELLE in deal.legal_actions()
    deal.apply(A.BELLE)
    assert deal.view(0).known_opponent_cards == (Card.parse("KC"), Card.parse("QC"))
    play_first_legal(deal)
    assert deal.result is not None and deal.result.players[2].belle == 20


def mine_queue_deal(rules: Rules) -> Deal:
    """The bidder (seat 1) a терц from the queen of hearts; the first вистующий (seat 2) a терц from the jack of
    diamonds, which asks «рост?»; the second (seat 0) a терц from the king of spades, silent at its card."""
    s1 = cards("TH JH QH AC JC 9C 7D 8S AS")
    s2 = cards("9D TD JD 8H 7H TC 8C 9S KH")
    s0 = cards("JS QS KS AD KD AH 7S 8D 9H")
    deal = Deal(rules, 0, build_deck_n([s1, s2, s0], Card.parse("KC")))
    for action in (A.ORDER, A.announce(TERZ), A.play(Card.parse("7D")), A.ROST, A.play(Card.parse("9D"))):
        deal.apply(action)
    assert all(a.kind is Kind.PLAY for a in deal.legal_actions())  # seat 0 plays in silence
    deal.apply(A.play(Card.parse("8D")))
    deal.apply(A.TELL_TOP)  # «от дамы»
    return deal


def test_after_the_askers_pishet_the_silent_partner_says_mine() -> None:
    deal = mine_queue_deal(MOSCOW3)
    assert deal.current_player() == 2 and deal.legal_actions() == [A.PISHET]  # the jack is lower
    deal.apply(A.PISHET)
    assert deal.current_player() == 0 and deal.legal_actions() == [A.MINE, A.PISHET]
    deal.apply(A.MINE)  # «у меня от короля»: the вистующие's терцы add up
    assert (
        deal.announcements.seq_owner == 0 and deal.announcements.added_by == 2 and deal.current_player() == 2
    )  # seat 2 took the trick
    play_first_legal(deal)
    r = deal.result
    assert r is not None
    assert r.players[0].sequences == (("терц от короля ♠", 20),)
    assert r.players[2].sequences == (("терц от валета ♦", 20),)
    assert r.players[1].sequences == ()


def test_strict_false_mine_by_the_asker_leaves_the_partner_its_turn() -> None:
    deal = mine_queue_deal(STRICT3)
    assert deal.legal_actions() == [A.MINE, A.PISHET]
    deal.apply(A.MINE)  # false: the jack does not beat the queen
    assert deal.penalties == [Penalty(2, PenaltyReason.FALSE_MINE)] and deal.current_player() == 0
    deal.apply(A.PISHET)
    assert deal.announcements.seq_owner == 1 and deal.announcements.added_by is None  # the bidder's терц stands
    play_first_legal(deal)
    r = deal.result
    assert r is not None and r.card_bait == 2 and r.players[1].sequences == (("терц от дамы ♥", 20),)


def test_strict_rost_with_a_certainly_higher_sequence() -> None:
    """Seat 2 holds a fifty against the bidder's announced терц and asks «рост?»: its sequences do not count, the
    bidder's терц does."""
    s1 = cards("TH JH QH AC JC 9C 7D 8S AS")
    s2 = cards("8D 9D TD JD 8H 7H TC 8C KH")
    s0 = cards("JS QS 9S AD KD AH 7S QD 9H")
    deal = Deal(STRICT3, 0, build_deck_n([s1, s2, s0], Card.parse("KC")))
    for action in (A.ORDER, A.announce(TERZ), A.play(Card.parse("7D")), A.ROST):
        deal.apply(action)
    assert deal.penalties == [Penalty(2, PenaltyReason.ROST_CERTAINLY_HIGHER)]
    deal.apply(A.play(Card.parse("8D")))
    deal.apply(A.PISHET)
    deal.apply(A.play(Card.parse("QD")))
    assert deal.announcements.seq_owner == 1 and deal.announcements.added_by is None
    play_first_legal(deal)
    r = deal.result
    assert r is not None and r.card_bait is None and r.players[2].sequences == ()


def test_score_json_for_three(capsys: pytest.CaptureFixture[str]) -> None:
    from game.report import score_command

    assert score_command([str(SAVES / "three" / "kharkov-three-hanging.json")], as_json=True) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scores"] == [172, 114, 53] and out["players"] == ["Анна", "Борис", "Вера"]
    second = out["deals"][1]
    assert [p["hanging_received"] for p in second["players"]] == [46, 45, 0] and second["bait"]


def test_after_a_hanging_bait_the_vistuyushchiy_who_wrote_more_deals() -> None:
    """«После висячего байда раздаёт вистующий» (seed 001): in the sample Борис bids and hangs 91; of the
    вистующие Вера wrote 53 and Анна 38, so Вера deals the next deal, not the bidder."""
    match = replay(load(SAVES / "three" / "kharkov-three-hanging.json"))
    first, second = match.deals[0], match.deals[1]
    assert first.result is not None and first.result.tie and first.bidder == 1
    assert [p.written for p in first.result.players] == [38, 0, 53]
    assert second.dealer == 2


def test_after_a_hanging_bait_with_equal_vistuyushchie_the_bidders_left_deals() -> None:
    """Both вистующие write the same: the bidder's left deals (docs/rules.md, «Who deals next»)."""
    r = score_deal(facts((30, 50, 30), bidder=1, last=1), CTX3, MOSCOW3)  # 50 + 10 = 30 + 30
    assert r.tie and [p.written for p in r.players] == [30, 0, 30]
    match = Match(MOSCOW3)
    deal = Deal(MOSCOW3, 0, EXAMPLE_DECK)
    assert match._next_dealer(deal, r) == 2  # the bidder is seat 1, his left is seat 2


# ----------------------------------------------------------------------------- the dialog asks everyone (issue 28)
#
# Dealer 0; hearts trump (KH turned up), no sequence in hearts. The bidder's sequences count only when they
# beat both вистующие: after each answer, whoever may still beat what stands gets the word, in play order.

DIALOG_KINDS = (Kind.ANNOUNCE, Kind.ROST, Kind.MINE, Kind.PISHET)


def words_offered(deal: Deal) -> list[Action]:
    return [a for a in deal.legal_actions() if a.kind in DIALOG_KINDS]


def dialog_deck(hands: dict[int, str]) -> list[Card]:
    """Hands by seat (9 cards each), dealt by seat 0: the dealer's left (seat 1) first."""
    return build_deck_n([cards(hands[1]), cards(hands[2]), cards(hands[0])], Card.parse("KH"))


def test_a_the_other_vistuyushchiy_gets_the_word_after_the_bidder_beats_his_partner() -> None:
    """A. Seat 1 (a вистующий, leads) «терц» (from the nine of clubs); the bidder (seat 2) «рост?»; seat 0,
    silent behind his partner, holds a терц from the king of spades. The top: «от девятки»; the bidder «у меня
    старше» (from the jack of diamonds) — and seat 0 is asked: «не годится», his терц from the king wins, and
    his partner's терц adds up. The bidder's терц does not count."""
    hands = {1: "7C 8C 9C KD 7S 9H QC 8D 8H", 2: "9D TD JD AS 8S TH AC 7D KC", 0: "JS QS KS 7H TC JC QD AD AH"}
    for rules in (MOSCOW3, STRICT3):
        deal = Deal(rules, 0, dialog_deck(hands))
        deal.apply(A.PASS)
        deal.apply(A.ORDER)  # seat 2 bids; seat 1 leads
        assert deal.bidder == 2 and deal.current_player() == 1
        deal.apply(A.announce(TERZ))
        deal.apply(A.play(Card.parse("7S")))
        deal.apply(A.ROST)
        deal.apply(A.play(Card.parse("8S")))
        if rules is MOSCOW3:
            assert words_offered(deal) == []  # silent behind the opponent's «рост?» on his partner's терц
        deal.apply(A.play(Card.parse("JS")))
        assert deal.current_player() == 1 and deal.legal_actions() == [A.TELL_TOP]
        deal.apply(A.TELL_TOP)
        assert deal.current_player() == 2
        deal.apply(A.MINE)  # the bidder's J♦ beats the 9♣
        assert deal.current_player() == 0, "the other вистующий is asked"
        assert A.MINE in deal.legal_actions()
        events = deal.apply(A.MINE)
        assert events[0].card == Card.parse("KS")
        assert deal.announcements.seq_owner == 0 and deal.announcements.added_by == 1 and not deal.penalties
        assert [s.describe() for s in deal.announcements.counted] == ["терц от короля ♠"]


def test_b_after_the_askers_pishet_his_partner_with_a_higher_class_is_asked() -> None:
    """B. The bidder (seat 1) leads with «терц» (from the jack of diamonds); seat 2 «рост?» (a терц from the
    nine of clubs), then «пишет»; seat 0, silent behind his partner's «рост?», holds a fifty: he is asked."""
    hands = {1: "9D TD JD AS 7S 9H QC KC 8H", 2: "7C 8C 9C 8S TH AC 7D KD 8D", 0: "9S TS JS QS 7H TC JC QD AD"}
    deal = Deal(MOSCOW3, 0, dialog_deck(hands))
    deal.apply(A.ORDER)  # seat 1 bids and leads
    deal.apply(A.announce(TERZ))
    deal.apply(A.play(Card.parse("7S")))
    deal.apply(A.ROST)
    deal.apply(A.play(Card.parse("8S")))
    deal.apply(A.play(Card.parse("9S")))
    deal.apply(A.TELL_TOP)  # «от валета»
    assert deal.current_player() == 2
    deal.apply(A.PISHET)
    assert deal.current_player() == 0 and A.MINE in deal.legal_actions()
    deal.apply(A.MINE)
    assert deal.announcements.seq_owner == 0 and deal.announcements.added_by == 2
    assert [s.points for s in deal.announcements.counted] == [50] and [s.points for s in deal.announcements.added] == [
        20
    ]


@pytest.mark.parametrize("preset", ["moscow", "kharkov"])
def test_c_an_equal_sequence_of_the_one_who_plays_earlier_wins(preset: str) -> None:
    """C. Seat 1 (a вистующий, leads) «терц» from the nine of clubs; seat 2 (his partner) holds a терц from the
    jack of spades and plays in silence; the bidder (seat 0) «рост?» with a терц from the jack of diamonds, hears
    «от девятки», says «у меня старше». Seat 2 is asked: the two jacks are equal and neither is trump, and seat 2
    plays before the bidder: «объявлена раньше» — of the player whose turn comes first (docs/rules.md)."""
    hands = {1: "7C 8C 9C KD 7S 9H QC 8D 8H", 2: "9S TS JS AS JC TH AC 7D KC", 0: "9D TD JD 7H TC QS KS AD AH"}
    rules = Rules.preset(preset, players=3)
    deal = Deal(rules, 0, dialog_deck(hands))
    deal.apply(A.PASS)
    deal.apply(A.PASS)
    deal.apply(A.ORDER)  # the dealer (seat 0) bids; seat 1 leads
    deal.apply(A.announce(TERZ))
    deal.apply(A.play(Card.parse("7S")))
    assert words_offered(deal) == []  # a partner's терц and a терц of one's own: silent
    deal.apply(A.play(Card.parse("9S")))
    deal.apply(A.ROST)
    deal.apply(A.play(Card.parse("QS")))
    deal.apply(A.TELL_TOP)
    deal.apply(A.MINE)
    assert deal.current_player() == 2 and A.MINE in deal.legal_actions()
    deal.apply(A.MINE)
    assert deal.announcements.seq_owner == 2 and deal.announcements.added_by == 1


def test_the_bidder_who_beats_both_counts_after_both_were_asked() -> None:
    """The A deal, but seat 0 holds nothing: the bidder's «у меня старше» stands and only his терц counts."""
    hands = {1: "7C 8C 9C KD 7S 9H QC 8D 8H", 2: "9D TD JD AS 8S TH AC 7D KC", 0: "JS QS 7H TC JC QD AD AH 9S"}
    deal = Deal(MOSCOW3, 0, dialog_deck(hands))
    for a in (A.PASS, A.ORDER, A.announce(TERZ), A.play(Card.parse("7S")), A.ROST, A.play(Card.parse("8S"))):
        deal.apply(a)
    deal.apply(A.play(Card.parse("JS")))
    deal.apply(A.TELL_TOP)
    deal.apply(A.MINE)
    assert (
        deal.announcements.seq_owner == 2 and deal.announcements.added_by is None and deal.current_player() == 0
    )  # seat 0 took the trick
    assert [s.describe() for s in deal.announcements.counted] == ["терц от валета ♦"]


EAGER = [A.announce(FIFTY), A.announce(TERZ), A.MINE, A.ROST]


def eager_choice(guided: Deal, rng: random.Random) -> Action:
    """Every word one may truly say, said (the guided deal offers only true ones); a random card otherwise; no
    claim, no swap, no offer."""
    legal = guided.legal_actions()
    for a in EAGER:
        if a in legal:
            return a
    if A.TELL_TOP in legal:
        return A.TELL_TOP
    plays = [a for a in legal if a.kind is Kind.PLAY]
    if plays:
        return rng.choice(plays)
    rest = [a for a in legal if a.kind not in (Kind.CLAIM, Kind.SWAP, Kind.ASK_PASSES, Kind.FOUR_SEVENS)]
    return rng.choice(rest or legal)


def side_best(deal: Deal, seats: list[int]) -> tuple[int, Sequence] | None:
    """The best sequence of ``seats`` (one side), with the equal ones decided as the engine does."""
    from game import sequences as seqs

    best: tuple[int, Sequence] | None = None
    for s in seats:
        found = seqs.find_sequences(deal.trickplay.full_hand[s], deal.trump, deal.rules)
        if not found:
            continue
        if best is None or seqs.beats(found[0], deal.plays_before(s, best[0]), best[1], deal.trump, deal.rules):
            best = (s, found[0])
    return best


@pytest.mark.parametrize("etiquette", ["guided", "strict"])
@pytest.mark.parametrize("preset", ["moscow", "kharkov", "book", "yellowclub"])
def test_the_side_with_the_best_sequence_scores_when_everyone_says_what_he_may(preset: str, etiquette: str) -> None:
    """Issue 28's property: over random deals played by players who say every word they truly may, the
    sequences that count are the side's whose best beats the other side's best — the bidder's only when they
    beat both вистующие."""
    from game import sequences as seqs

    rng = random.Random(f"{preset}-{etiquette}-28")
    rules = Rules.preset(preset, players=3, etiquette=etiquette)
    twin_rules = rules.with_options(etiquette="guided")
    checked = 0
    for n in range(150):
        deck = list(Card)
        rng.shuffle(deck)
        deal, twin = Deal(rules, n % 3, deck), Deal(twin_rules, n % 3, deck)
        while not deal.is_over() and len(deal.tricks) < 2:
            action = eager_choice(twin, rng)
            if action not in deal.legal_actions():  # strict asks a word guided skips: nothing to say, «пишет»
                assert etiquette == "strict" and A.PISHET in deal.legal_actions()
                deal.apply(A.PISHET)
                continue
            deal.apply(action)
            twin.apply(action)
        if deal.bidder is None or deal.trump is None or not deal.tricks:
            continue
        assert not deal.penalties
        bidder = [deal.bidder]
        vist = [s for s in range(3) if s != deal.bidder]
        b, v = side_best(deal, bidder), side_best(deal, vist)
        if b is None and v is None:
            assert deal.announcements.seq_owner is None
            continue
        checked += 1
        if v is None or (b is not None and seqs.beats(b[1], deal.plays_before(b[0], v[0]), v[1], deal.trump, rules)):
            assert deal.announcements.seq_owner == deal.bidder, (n, b, v)
        else:
            assert deal.announcements.seq_owner in vist, (n, b, v)
    assert checked > 40


@pytest.mark.parametrize("rules", [MOSCOW3, STRICT3], ids=["guided", "strict"])
def test_a_bot_asked_after_the_bidders_mine_beats_him(rules: Rules) -> None:
    """The A deal: the medium bot in seat 0, asked after the bidder's «не годится», says «у меня старше» (strict:
    from the named jack of diamonds it knows its терц from the king is higher) — and the human's prompt names
    what it answers."""
    from game.bots.medium import MediumBot

    hands = {1: "7C 8C 9C KD 7S 9H QC 8D 8H", 2: "9D TD JD AS 8S TH AC 7D KC", 0: "JS QS KS 7H TC JC QD AD AH"}
    deal = Deal(rules, 0, dialog_deck(hands))
    for a in (A.PASS, A.ORDER, A.announce(TERZ), A.play(Card.parse("7S")), A.ROST, A.play(Card.parse("8S"))):
        deal.apply(a)
    for a in (A.play(Card.parse("JS")), A.TELL_TOP, A.MINE):
        deal.apply(a)
    view = deal.view(0)
    assert view.said_top == Card.parse("JD") and view.told_top == Card.parse("9C")  # the «от девятки» stays told
    assert MediumBot(0).for_three().choose(view) == A.MINE
    from ui.i18n import set_language
    from ui.scenes.table.decisions import TableWords

    set_language("ru")
    assert TableWords.answered_words(view, 2) == "Не годится. Терц от валета бубнового"


def test_a_ruff_need_not_be_overtrumped_by_the_third_player() -> None:
    """docs/rules.md, «A ruff need not be overtrumped»: seat 1 leads the king of spades, seat 2 (void) ruffs
    with the trump ten, seat 0 (void too) must trump but may play any trump — the seven as well as the ace."""
    hands = {1: "7S 8S KS KD QC TS 8H 7C 9C", 2: "TH AC 7D KC 9D AD 8C QD JC", 0: "7H 9H JH QH AH TC TD JD 8D"}
    deck = build_deck_n([cards(hands[1]), cards(hands[2]), cards(hands[0])], Card.parse("KH"))
    deal = Deal(MOSCOW3, 0, deck)
    for a in (A.PASS, A.ORDER, A.play(Card.parse("KS")), A.play(Card.parse("TH"))):
        deal.apply(a)
    plays = {a.card for a in deal.legal_actions() if a.kind is Kind.PLAY}
    assert plays == set(cards("7H 9H JH QH AH"))
    assert deal.why_illegal(A.play(Card.parse("TC"))) == "must_trump"
