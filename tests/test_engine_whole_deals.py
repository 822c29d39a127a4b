"""Whole deals from known hands, played from a script, with the result worked out by hand.

Seat 0 deals in every deal unless said otherwise, so seat 1 (the non-dealer) speaks and leads first.
Card points used below — trump: J 20, 9 14, A 11, T 10, K 4, Q 3; plain: A 11, T 10, K 4, Q 3, J 2.
"""

from __future__ import annotations

from engine_helpers import act, build_deck, legal, replay

from game.actions import Action
from game.cards import Card
from game.deal import Deal, Phase
from game.match import Match
from game.rules import PRESETS, Rules
from game.scoring import DealResult, MatchContext, Outcome


def player(r: DealResult, seat: int) -> tuple[int, int, int, int, int, int]:
    p = r.players[seat]
    return p.cards, p.last_trick, sum(x for _, x in p.sequences), p.belle, p.total, p.written


def check_replay(deal: Deal) -> None:
    again = replay(deal.rules, deal.dealer, deal.deck, [a for _, a in deal.history], deal.context)
    assert again.result == deal.result and again.history == deal.history


# ---------------------------------------------------------------- W1: a clean sweep with терц and belle
#
# Hearts trump (7H face-up: nobody can swap). Seat 1 orders and leads.
#   seat 1: JH 9H AH  QS KS AS  AC TC 8D   — терц Q-K-A of spades (20)
#   seat 0: KH QH TH  7S 8S 9S  KC QC JC   — терцы 7-8-9 ♠ and J-Q-K ♣, belle K+Q ♥
# Dialog: seat 1 «терц»; seat 0 holds a терц too (not certainly higher): «рост?»; seat 1: «от туза»;
# seat 0's best (from the king) is lower: «пишет». Seat 0 declares belle before their first card.
# Tricks (leader's card first): JH-TH 30, 9H-QH 17, AH-KH 15, AS-7S 11, KS-8S 4, QS-9S 3, AC-JC 13,
# TC-QC 13, 8D-KC 4: all nine to seat 1 = 110 card points (= 84 + 26 dealt), last trick seat 1.
#   seat 1: 110 + 10 + 20 = 140; seat 0: 0 + belle 20 = 20. The bidder made more: both write their own.
W1_ND = "JH 9H AH  QS KS AS  AC TC 8D"
W1_DL = "KH QH TH  7S 8S 9S  KC QC JC"
W1_SCRIPT = [
    "order",
    "announce:terz",
    "play:JH",
    "rost",
    "top",
    "pishet",
    "belle",
    "play:TH",
    "play:9H",
    "play:QH",
    "play:AH",
    "play:KH",
    "play:AS",
    "play:7S",
    "play:KS",
    "play:8S",
    "play:QS",
    "play:9S",
    "play:AC",
    "play:JC",
    "play:TC",
    "play:QC",
    "play:8D",
    "play:KC",
]


def w1(rules: Rules, context: MatchContext | None = None, script: list[str] = W1_SCRIPT) -> Deal:
    deal = Deal(rules, 0, build_deck(W1_ND, W1_DL, "7H", freza="8H"), context)
    act(deal, *script)
    return deal


def test_w1_moscow() -> None:
    deal = w1(PRESETS["moscow"])
    r = deal.result
    assert r is not None and deal.phase is Phase.OVER
    assert r.outcome is Outcome.PLAYED and r.bidder == 1 and r.last_trick == 1
    assert [t.winner for t in deal.tricks] == [1] * 9
    assert player(r, 1) == (110, 10, 20, 0, 140, 140)
    assert player(r, 0) == (0, 0, 0, 20, 20, 20)
    assert not r.bait and not r.tie and r.winner == 1
    assert r.scores_after == (20, 140)
    assert r.players[1].sequences == (("терц от туза ♠", 20),)
    assert deal.freza is Card.H8
    check_replay(deal)


def test_w1_club_belle_when_playing() -> None:
    # club: belle is declared with the queen; sequences need a trick (seat 1 has nine)
    script = [a for a in W1_SCRIPT if a != "belle"]
    script[script.index("play:QH")] = "play:QH+belle"
    deal = w1(PRESETS["club"], script=script)
    r = deal.result
    assert r is not None
    assert player(r, 1) == (110, 10, 20, 0, 140, 140)
    assert player(r, 0) == (0, 0, 0, 20, 20, 20)  # belle counts without a trick
    check_replay(deal)


def test_w1_yellowclub_ski() -> None:
    # yellowclub: seat 0 takes no trick — лыжа: −50 off the total and the belle burns
    script = [a for a in W1_SCRIPT if a != "belle"]
    script[script.index("play:QH")] = "play:QH+belle"
    deal = w1(PRESETS["yellowclub"], MatchContext(scores=(100, 100)), script)
    r = deal.result
    assert r is not None
    assert player(r, 0) == (0, 0, 0, 0, 0, 0)
    assert r.players[0].ski and r.players[0].adjustment == -50
    assert player(r, 1) == (110, 10, 20, 0, 140, 140)
    assert r.scores_after == (50, 240)


# ---------------------------------------------------------------- W2: a second-round trump, a fifty
#
# Seat 1 deals here, so seat 0 speaks and leads. The вскрышка 8S; both pass, seat 0 passes again and
# seat 1 names diamonds: seat 1 is the bidder.
#   seat 0: 7C 8C 9C  AD TD AS  TS 7H 8H   — терц 7-8-9 ♣       (cards: 11+10+11+10 = 42)
#   seat 1: 9H TH JH  QH KS QS  JD 9D 7D   — fifty 9-10-J-Q ♥   (cards: 10+2+3+4+3+20+14 = 56)
# Dialog: seat 0 «терц»; seat 1 names the higher class «пятьдесят»: seat 1 scores 50, seat 0 nothing.
# Tricks: AS-QS 14 (s0), TS-KS 14 (s0), 7C-7D 0 (s1 trumps), JD-TD 30 (s1), 9D-AD 25 (s1),
# 9H-8H 0 (s1), TH-7H 10 (s1), JH-8C 2 (s1), QH-9C 3 (s1, last).
#   seat 0: 28; seat 1: 70 + 10 + 50 = 130. 40 points were hanging: the winner (seat 1) takes them.
W2_ND = "7C 8C 9C  AD TD AS  TS 7H 8H"
W2_DL = "9H TH JH  QH KS QS  JD 9D 7D"
W2_SCRIPT = [
    "pass",
    "pass",
    "pass",
    "name:D",
    "announce:terz",
    "play:AS",
    "announce:fifty",
    "play:QS",
    "play:TS",
    "play:KS",
    "play:7C",
    "play:7D",
    "play:JD",
    "play:TD",
    "play:9D",
    "play:AD",
    "play:9H",
    "play:8H",
    "play:TH",
    "play:7H",
    "play:JH",
    "play:8C",
    "play:QH",
    "play:9C",
]


def test_w2_second_round_trump_fifty_and_hanging_points() -> None:
    ctx = MatchContext(scores=(100, 200), hanging=(40,))
    deal = Deal(PRESETS["moscow"], 1, build_deck(W2_ND, W2_DL, "8S"), ctx)
    for i, a in enumerate(W2_SCRIPT):
        if a == "play:7C":
            assert "swap" not in legal(deal)
        act(deal, a)
        if i == 3:
            assert deal.trump == 2 and deal.bidder == 1 and deal.leader == 0
    r = deal.result
    assert r is not None
    assert [t.winner for t in deal.tricks] == [0, 0, 1, 1, 1, 1, 1, 1, 1]
    assert deal.announcements.seq_owner == 1
    assert player(r, 0) == (28, 0, 0, 0, 28, 28)
    assert player(r, 1) == (70, 10, 50, 0, 130, 170)
    assert r.players[1].hanging_received == 40 and r.hanging_after == ()
    assert r.scores_after == (128, 370)
    check_replay(deal)


# ---------------------------------------------------------------- W3: a swap, belle, two терцы, bait
#
# Clubs are the first trump (AC face-up). Seat 1 passes, seat 0 (the dealer) orders.
#   seat 1: 7C JC 9C  AH TH KH  AD TD 8S   — swaps the 7C for the AC before the first card
#   seat 0: KC QC 8C  7H 8H 9H  AS KS QS   — терцы Q-K-A ♠ and 7-8-9 ♥ (40), belle K+Q ♣ (20)
# Seat 1 leads in silence; seat 0 announces «терц» and wins the comparison (nobody else announced):
# both терцы count. Seat 0 declares belle.
# Tricks: JC-8C 20, 9C-QC 17, AC-KC 15, AH-7H 11, TH-8H 10, KH-9H 4, AD-QS 14, TD-KS 14 (all seat 1),
# 8S-AS 11 (seat 0, last).
#   seat 1: 105; seat 0: 11 + 10 + 40 + 20 = 81. The bidder (seat 0) made less: байт, 0 : 186.
W3_ND = "7C JC 9C  AH TH KH  AD TD 8S"
W3_DL = "KC QC 8C  7H 8H 9H  AS KS QS"
W3_SCRIPT = [
    "pass",
    "order",
    "swap",
    "play:JC",
    "announce:terz",
    "belle",
    "play:8C",
    "play:9C",
    "play:QC",
    "play:AC",
    "play:KC",
    "play:AH",
    "play:7H",
    "play:TH",
    "play:8H",
    "play:KH",
    "play:9H",
    "play:AD",
    "play:QS",
    "play:TD",
    "play:KS",
    "play:8S",
    "play:AS",
]


def test_w3_swap_belle_bait() -> None:
    deal = Deal(PRESETS["moscow"], 0, build_deck(W3_ND, W3_DL, "AC"))
    act(deal, *W3_SCRIPT[:3])
    assert deal.face_up is Card.C7 and Card.CA in deal.hand(1)
    assert deal.view(0).known_opponent_cards == (Card.CA,)
    act(deal, *W3_SCRIPT[3:])
    r = deal.result
    assert r is not None
    assert player(r, 1) == (105, 0, 0, 0, 105, 186)
    assert player(r, 0) == (11, 10, 40, 20, 81, 0)
    assert r.bait and r.bidder == 0 and r.winner == 1 and r.baits_after == (1, 0)
    assert r.scores_after == (0, 186)
    assert [s for s, _ in r.players[0].sequences] == ["терц от туза ♠", "терц от девятки ♥"]
    check_replay(deal)


def test_w3_strict_false_rost_card_bait() -> None:
    """W3 in strict etiquette, but seat 1 (after the swap) announces a терц it does not hold.

    A false announcement is no sequence: seat 0 still announces and scores both терцы, so the totals
    stay 81 (seat 0) : 105 (seat 1). Байт на картах: the offender writes 0, seat 0 writes 81 + 105 = 186
    (this replaces the bidder's own bait)."""
    script = list(W3_SCRIPT)
    script.insert(script.index("play:JC"), "announce:terz")
    deal = Deal(PRESETS["moscow"].with_options(etiquette="strict"), 0, build_deck(W3_ND, W3_DL, "AC"))
    act(deal, *script)
    r = deal.result
    assert r is not None
    assert [(p.seat, p.reason) for p in r.penalties] == [(1, "false_announcement")]
    assert r.players[0].total == 81 and r.players[1].total == 105
    assert r.card_bait == 1 and not r.bait
    assert (r.players[0].written, r.players[1].written) == (186, 0)
    assert r.scores_after == (186, 0) and r.baits_after == (0, 0)
    check_replay(deal)


# ---------------------------------------------------------------- W4: a tie (висячий байт), then W1
#
# Spades trump (7S face-up). Seat 1 orders and leads.
#   seat 1: AS TS AH  TH 7D 8D  7C 8C 9H   (42 card points)
#   seat 0: AD TD AC  TC 9D KS  QS 8S QH   (52)
# Tricks: AH-QH 14 (s1), TH-8S 10 (s0 trumps), AD-7D 11, TD-8D 10, AC-7C 11, TC-8C 10 (s0),
# QS-TS 13 (s1 must overtrump), AS-KS 15 (s1), 9H-9D 0 (s1, last).
#   seat 0: 52; seat 1: 42 + 10 = 52. A tie: seat 0 writes 52, seat 1's 52 hang; the вистующий deals.
W4_ND = "AS TS AH  TH 7D 8D  7C 8C 9H"
W4_DL = "AD TD AC  TC 9D KS  QS 8S QH"
W4_SCRIPT = [
    "order",
    "play:AH",
    "play:QH",
    "play:TH",
    "play:8S",
    "play:AD",
    "play:7D",
    "play:TD",
    "play:8D",
    "play:AC",
    "play:7C",
    "play:TC",
    "play:8C",
    "play:QS",
    "play:TS",
    "play:AS",
    "play:KS",
    "play:9H",
    "play:9D",
]


def test_w4_tie_then_the_next_winner_takes_the_hanging_points() -> None:
    match = Match(PRESETS["moscow"], first_dealer=0)
    deal = match.start_deal(build_deck(W4_ND, W4_DL, "7S"))
    for a in W4_SCRIPT:
        match.apply(Action.parse(a))
    r = deal.result
    assert r is not None
    assert player(r, 0) == (52, 0, 0, 0, 52, 52)
    assert player(r, 1) == (42, 10, 0, 0, 52, 0)
    assert r.tie and r.hanging_now == 52 and r.hanging_after == (52,) and r.winner is None
    assert match.scores == (52, 0) and match.hanging == (52,)
    assert match.next_dealer == 0  # after a hanging bait the вистующий deals
    # the next deal is W1 (seat 0 deals): seat 1 wins 140 : 20 and takes the 52
    nxt = match.start_deal(build_deck(W1_ND, W1_DL, "7H"))
    for a in W1_SCRIPT:
        match.apply(Action.parse(a))
    r2 = nxt.result
    assert r2 is not None
    assert player(r2, 1) == (110, 10, 20, 0, 140, 192)
    assert r2.players[1].hanging_received == 52
    assert match.scores == (72, 192) and not match.hanging
    assert match.next_dealer == 1  # seat 1 wrote more


# ---------------------------------------------------------------- W3 strict: a penalty, then a claim
#
# W3 in strict etiquette, the game at 300 : 440 to 501. Seat 0 (the bidder, only терцы in hand) announces
# «пятьдесят»: a false announcement, «байт на картах». Seat 1 takes the first three tricks: JC-8C 20, 9C-QC 17,
# AC-KC 15 = 52 card points; seat 0 has declared belle (20). Seat 1 claims after the third trick: the penalty
# stands, so seat 0's 20 are seat 1's — 440 + 52 + 20 = 512 ≥ 501, a true claim (without the penalty's
# points 492, false). The sheet: seat 0 writes 0, seat 1 72 (docs/rules.md, «Claims»).
W3_PENALTY_THEN_CLAIM = ["pass", "order", "swap", "play:JC", "announce:fifty", "belle", "play:8C"]
W3_PENALTY_THEN_CLAIM += ["play:9C", "play:QC", "play:AC", "play:KC"]


def w3_claim_deal(announce: str) -> Deal:
    ctx = MatchContext(scores=(300, 440), baits=(0, 0), number=5)
    deal = Deal(PRESETS["moscow"].with_options(etiquette="strict"), 0, build_deck(W3_ND, W3_DL, "AC"), ctx)
    act(deal, *[announce if a == "announce:fifty" else a for a in W3_PENALTY_THEN_CLAIM])
    return deal


def test_w3_a_penalty_stands_when_the_opponent_claims() -> None:
    deal = w3_claim_deal("announce:fifty")
    assert [(p.seat, p.reason) for p in deal.penalties] == [(0, "false_announcement")]
    assert deal.card_points == [0, 52] and deal.claimed_scores() == (300, 512)
    act(deal, "claim")
    r = deal.result
    assert r is not None and r.outcome is Outcome.CLAIMED and r.claim == (1, True)
    assert r.card_bait == 0 and not r.bait and r.last_trick is None
    assert player(r, 0) == (0, 0, 0, 20, 20, 0)
    assert player(r, 1) == (52, 0, 0, 0, 52, 72)
    assert r.scores_after == (300, 512) and r.penalties == (deal.penalties[0],)
    check_replay(deal)


def test_w3_without_the_penalty_the_same_claim_is_false() -> None:
    deal = w3_claim_deal("announce:terz")  # true: seat 0 holds two терцы, which count for seat 0
    assert deal.claimed_scores()[1] == 440 + 52
    act(deal, "claim")
    r = deal.result
    assert r is not None and r.claim == (1, False) and r.card_bait is None
    assert [(p.seat, p.reason) for p in r.penalties] == [(1, "false_claim")]
    assert r.scores_after == (300 + 20 + 40, 440 + 52)


def test_w3_the_offender_cannot_claim_with_the_points_the_penalty_gave_away() -> None:
    """Seat 0 offends, seat 0's sheet is 490: its 20 of belle would have made a true claim; the penalty gives
    them to seat 1, so seat 0 has 490 and nothing more."""
    ctx = MatchContext(scores=(490, 0), baits=(0, 0), number=5)
    deal = Deal(PRESETS["moscow"].with_options(etiquette="strict"), 0, build_deck(W3_ND, W3_DL, "AC"), ctx)
    act(deal, *W3_PENALTY_THEN_CLAIM[:7])
    assert deal.claimed_scores() == (490, 20 + 20)  # seat 1: its JC-8C 20 and the offender's belle


def test_w3_the_bots_count_the_penalty_when_they_claim() -> None:
    from game.bots.knowledge import claim_is_sure

    deal = w3_claim_deal("announce:fifty")
    assert claim_is_sure(deal.view(1))  # 440 + 52 + the offender's belle 20
    deal = w3_claim_deal("announce:terz")
    assert not claim_is_sure(deal.view(1))  # 440 + 52 alone
