"""The game to the target: claims (mid-play and at the score-keeping), false claims, both reaching the
target, single-deal games (tie rule, bidder's stake), who deals next."""

from __future__ import annotations

import random

import pytest
from engine_helpers import build_deck

from game import actions as A
from game.actions import Action, Kind
from game.cards import shuffled_deck
from game.deal import Deal, Phase
from game.errors import IllegalAction
from game.match import GameOver, GameOverReason, Match
from game.rules import PRESETS, Rules
from game.scoring import DealResult, MatchContext, Outcome, PlayFacts, score_deal

MOSCOW = PRESETS["moscow"]


def start(rules: Rules, scores: tuple[int, int], seed: int, first_dealer: int = 0) -> tuple[Match, Deal]:
    match = Match(rules, first_dealer)
    match.scores = scores
    return match, match.start_deal(shuffled_deck(random.Random(seed)))


def play_until_claim_offered(match: Match, deal: Deal) -> bool:
    """Order, then play the first legal card (answering the dialog with its first move) until a claim
    is offered; False if the deal ends first."""
    while not deal.is_over():
        legal = deal.legal_actions()
        if A.CLAIM in legal:
            return True
        plays = [a for a in legal if a.kind is Kind.PLAY]
        match.apply(plays[0] if plays else legal[0])
    return False


def play_out(match: Match, deal: Deal, rng: random.Random) -> None:
    """Random play to the score-keeping, never claiming during play."""
    while not deal.is_over() and deal.phase is not Phase.CLAIM:
        legal = [a for a in deal.legal_actions() if a.kind is not Kind.CLAIM]
        match.apply(legal[rng.randrange(len(legal))])


def rule_of(deal: Deal | Match, action: Action) -> str:
    with pytest.raises(IllegalAction) as err:
        deal.apply(action)
    return err.value.rule


# ---------------------------------------------------------------- claims during play


def test_true_claim_after_own_trick_wins() -> None:
    match, deal = start(MOSCOW, (495, 0), seed=3)
    assert rule_of(match, A.CLAIM) == "round1_bid"
    assert play_until_claim_offered(match, deal)
    p = deal.current_player()
    assert p is not None and deal.tricks[-1].winner == p and not deal.trick
    assert 495 + deal.card_points[p] >= 501
    events = match.apply(A.CLAIM)
    assert deal.is_over() and deal.result is not None
    assert deal.result.outcome is Outcome.CLAIMED and deal.result.claim == (p, True)
    assert deal.result.last_trick is None  # play stopped: no last trick
    assert match.over == GameOver(p, GameOverReason.CLAIM)
    assert events[-1].kind == "game_over" and events[-1].seat == p
    with pytest.raises(IllegalAction):
        match.start_deal(shuffled_deck(random.Random(0)))


def test_claim_only_after_a_trick_one_took_before_the_next_lead() -> None:
    match, deal = start(MOSCOW, (495, 495), seed=5)
    match.apply(A.ORDER)
    leader = deal.current_player()
    assert A.CLAIM not in deal.legal_actions()  # no trick yet
    assert rule_of(deal, A.CLAIM) == "claim_timing"
    while deal.current_player() == leader:  # the leader's dialog moves, then the card
        legal = deal.legal_actions()
        plays = [a for a in legal if a.kind is Kind.PLAY]
        deal.apply(plays[0] if plays else legal[0])
    assert deal.trick  # mid-trick: the second player may not claim
    assert A.CLAIM not in deal.legal_actions()
    assert rule_of(deal, A.CLAIM) == "claim_timing"


def test_guided_refuses_a_false_claim() -> None:
    match, deal = start(MOSCOW, (0, 0), seed=3)
    match.apply(A.ORDER)
    for _ in range(40):
        legal = deal.legal_actions()
        assert A.CLAIM not in legal
        if deal.tricks and not deal.trick:
            assert rule_of(deal, A.CLAIM) == "claim_false"
            return
        plays = [a for a in legal if a.kind is Kind.PLAY]
        deal.apply(plays[0] if plays else legal[0])
    raise AssertionError("no trick was played")


def test_strict_false_claim_loses_the_game() -> None:
    match, deal = start(MOSCOW.with_options(etiquette="strict"), (0, 0), seed=3)
    assert play_until_claim_offered(match, deal)
    p = deal.current_player()
    assert p is not None
    match.apply(A.CLAIM)
    assert deal.result is not None and deal.result.claim == (p, False)
    assert [(x.seat, x.reason) for x in deal.result.penalties] == [(p, "false_claim")]
    assert match.over == GameOver(1 - p, GameOverReason.FALSE_CLAIM)


@pytest.mark.parametrize("preset", ["club", "book", "one_strike", "yellowclub"])
def test_no_claims_where_not_required(preset: str) -> None:
    rules = PRESETS[preset]
    match, deal = start(rules, (495, 495) if rules.target else (0, 0), seed=3)
    match.apply(A.ORDER)
    while not deal.is_over():
        assert deal.phase is not Phase.CLAIM
        legal = deal.legal_actions()
        assert A.CLAIM not in legal
        plays = [a for a in legal if a.kind is Kind.PLAY]
        match.apply(plays[0] if plays else legal[0])
    assert match.over is not None  # reached automatically (or the single deal decided it)


# ---------------------------------------------------------------- claims at the score-keeping


@pytest.mark.parametrize("etiquette", ["guided", "strict"])
def test_score_keeping_claims(etiquette: str) -> None:
    rules = MOSCOW.with_options(etiquette=etiquette)
    seen: set[str] = set()
    for seed in range(60):
        for claim_first in (True, False):
            match, deal = start(rules, (300, 300) if seed % 5 == 0 else (440, 465), seed)
            play_out(match, deal, random.Random(seed))
            result = deal.result
            assert result is not None
            reached = [p for p in (0, 1) if result.scores_after[p] >= 501]
            if not reached:
                assert deal.is_over() and match.over is None
                seen.add("none")
                continue
            assert deal.phase is Phase.CLAIM and result.last_trick is not None
            last = result.last_trick
            order = [last, 1 - last]
            if etiquette == "guided":
                order = [p for p in order if p in reached]
            assert deal.current_player() == order[0]
            if claim_first:
                claimer = order[0]
                assert deal.legal_actions() == (
                    [A.CLAIM, A.NO_CLAIM] if claimer in reached or etiquette == "strict" else [A.NO_CLAIM]
                )
                match.apply(A.CLAIM)
                assert match.over is not None
                if claimer not in reached:
                    assert match.over == GameOver(1 - claimer, GameOverReason.FALSE_CLAIM)
                    seen.add("false")
                elif len(reached) == 2:
                    assert match.over == GameOver(last, GameOverReason.BOTH_REACHED)
                    seen.add("both")
                else:
                    assert match.over == GameOver(claimer, GameOverReason.CLAIM)
                    seen.add("one")
            else:
                for p in order:
                    assert deal.current_player() == p
                    match.apply(A.NO_CLAIM)
                assert deal.is_over() and match.over is None
                assert match.scores == result.scores_after
                seen.add("declined")
    assert {"one", "both", "declined", "none"} <= seen


def test_both_reached_the_non_last_trick_claims() -> None:
    """Both reach: even when the last trick's taker declines, the claim of the other gives the game to the
    taker of the last trick (official section 12)."""
    for seed in range(100):
        match, deal = start(MOSCOW, (460, 460), seed)
        play_out(match, deal, random.Random(seed))
        r = deal.result
        assert r is not None
        if all(s >= 501 for s in r.scores_after):
            assert r.last_trick is not None
            match.apply(A.NO_CLAIM)
            assert deal.current_player() == 1 - r.last_trick
            match.apply(A.CLAIM)
            assert match.over == GameOver(r.last_trick, GameOverReason.BOTH_REACHED)
            return
    raise AssertionError("no seed where both reached")


def test_bait_by_the_last_trick_cannot_be_claimed() -> None:
    """A bidder over the target on the cards but baited writes nothing: no claim is offered to them."""
    found = False
    for seed in range(200):
        match, deal = start(MOSCOW, (480, 0), seed)
        play_out(match, deal, random.Random(seed))
        r = deal.result
        assert r is not None
        if r.bait and r.bidder == 0 and r.players[0].total >= 21:
            found = True
            assert deal.is_over() and match.over is None and match.scores[0] == 480
            break
    assert found


def test_declined_claim_can_be_made_in_the_next_deal() -> None:
    for seed in range(100):
        match, deal = start(MOSCOW, (490, 0), seed)
        play_out(match, deal, random.Random(seed))
        if deal.phase is Phase.CLAIM and deal.current_player() == 0:
            match.apply(A.NO_CLAIM)
            assert match.over is None and match.scores[0] >= 501
            nxt = match.start_deal(shuffled_deck(random.Random(seed + 1000)))
            rng = random.Random(seed)
            while not nxt.is_over():
                legal = nxt.legal_actions()
                if A.CLAIM in legal and nxt.current_player() == 0:
                    match.apply(A.CLAIM)
                    assert match.over == GameOver(0, GameOverReason.CLAIM)
                    return
                legal = [a for a in legal if a.kind is not Kind.CLAIM]
                match.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no claim found")


# ---------------------------------------------------------------- game over without claims


def result_for(
    rules: Rules, bidder: int, cards: tuple[int, int], last: int, ctx: MatchContext | None = None
) -> DealResult:
    tricks = (5, 4) if last == 0 else (4, 5)
    return score_deal(PlayFacts(bidder, cards, tricks, last, (), None, (0, 0)), ctx or MatchContext(), rules)


def game_over(rules: Rules, result: DealResult) -> GameOver | None:
    match = Match(rules)
    match.scores = result.scores_after
    return match._game_over(result)


@pytest.mark.parametrize(
    ("preset", "before", "bidder", "cards", "last", "expected"),
    [
        # only one reached
        ("club", (450, 100), 0, (100, 52), 0, GameOver(0, GameOverReason.TARGET)),
        ("book", (100, 450), 0, (90, 62), 1, GameOver(1, GameOverReason.TARGET)),
        # both reached: club -> the non-bidder
        ("club", (450, 450), 0, (100, 52), 0, GameOver(1, GameOverReason.BOTH_REACHED)),
        ("club", (450, 450), 1, (52, 100), 1, GameOver(0, GameOverReason.BOTH_REACHED)),
        # book keeps moscow's last-trick rule
        ("book", (450, 450), 0, (100, 52), 1, GameOver(1, GameOverReason.BOTH_REACHED)),
        # yellowclub: the higher total; equal totals -> another deal
        ("yellowclub", (450, 480), 0, (100, 52), 0, GameOver(0, GameOverReason.BOTH_REACHED)),
        ("yellowclub", (468, 470), 0, (100, 52), 0, GameOver(0, GameOverReason.BOTH_REACHED)),
        ("yellowclub", (400, 458), 0, (100, 52), 0, None),  # 510 : 510
        ("yellowclub", (100, 100), 0, (100, 52), 0, None),
    ],
)
def test_game_over_without_claims(
    preset: str,
    before: tuple[int, int],
    bidder: int,
    cards: tuple[int, int],
    last: int,
    expected: GameOver | None,
) -> None:
    rules = PRESETS[preset]
    assert not rules.claim_required
    r = result_for(rules, bidder, cards, last, MatchContext(scores=before))
    assert game_over(rules, r) == expected


@pytest.mark.parametrize(
    ("preset", "bidder", "cards", "last", "expected"),
    [
        ("one_strike", 0, (100, 52), 0, GameOver(0, GameOverReason.SINGLE_DEAL, 1)),  # the bidder wins: single stake
        ("one_strike", 0, (52, 100), 1, GameOver(1, GameOverReason.SINGLE_DEAL, 2)),  # bait: the bidder pays double
        ("one_strike", 0, (81, 71), 1, GameOver(1, GameOverReason.TIE_RULE, 2)),  # a tie: the вистующий wins
        ("one_strike", 1, (71, 81), 0, GameOver(0, GameOverReason.TIE_RULE, 2)),
    ],
)
def test_single_deal_games(preset: str, bidder: int, cards: tuple[int, int], last: int, expected: GameOver) -> None:
    rules = PRESETS[preset]
    assert game_over(rules, result_for(rules, bidder, cards, last)) == expected


def test_single_deal_tie_to_the_bidder_yellowclub() -> None:
    rules = PRESETS["yellowclub"].with_options(target=0)
    r = result_for(rules, 0, (81, 71), 1)
    assert r.tie and r.hanging_after == ()
    assert game_over(rules, r) == GameOver(0, GameOverReason.TIE_RULE, 1)


def test_one_strike_match_ends_after_one_played_deal() -> None:
    rng = random.Random(11)
    match = Match(PRESETS["one_strike"], 0)
    deals = 0
    while match.over is None:
        deal = match.start_deal(shuffled_deck(rng))
        deals += 1
        play_out(match, deal, rng)
    last = match.deals[-1]
    assert last.result is not None and last.result.outcome is Outcome.PLAYED
    assert all(d.result is not None and d.result.outcome is Outcome.REDEAL_PASSES for d in match.deals[:-1])
    assert match.over.stake == (2 if match.over.winner != last.bidder else 1)


# ---------------------------------------------------------------- who deals next


@pytest.mark.parametrize(
    ("next_dealer", "dealer", "bidder", "cards", "last", "expected"),
    [
        ("more_points", 0, 0, (100, 52), 0, 0),
        ("more_points", 0, 1, (100, 52), 0, 0),  # bait of seat 1: seat 0 wrote more
        ("more_points", 1, 0, (52, 100), 1, 1),
        ("more_points", 0, 0, (81, 71), 1, 1),  # after a hanging bait: the вистующий
        ("more_points", 1, 1, (71, 81), 0, 0),
        ("bidder", 0, 1, (52, 100), 1, 1),
        ("bidder", 0, 1, (100, 52), 0, 1),  # even when baited
        ("alternate", 0, 0, (100, 52), 0, 1),
        ("alternate", 1, 0, (100, 52), 0, 0),
    ],
)
def test_next_dealer(
    next_dealer: str, dealer: int, bidder: int, cards: tuple[int, int], last: int, expected: int
) -> None:
    rules = MOSCOW.with_options(next_dealer=next_dealer)
    match = Match(rules)
    deal = Deal(rules, dealer, build_deck("AS KS QS JS TS 9S", "AC KC QC JC TC 9C", "AH"))
    assert match._next_dealer(deal, result_for(rules, bidder, cards, last)) == expected


@pytest.mark.parametrize("preset", ["moscow", "club", "book", "yellowclub"])
def test_whole_matches_rotate_dealers_and_end(preset: str) -> None:
    rules = PRESETS[preset].with_options(target=301)
    rng = random.Random(preset)
    match = Match(rules, first_dealer=1)
    for _ in range(200):
        if match.over is not None:
            break
        deal = match.start_deal(shuffled_deck(rng))
        assert deal.dealer == match.next_dealer
        dealer_before = deal.dealer
        play_out(match, deal, rng)
        if deal.phase is Phase.CLAIM:  # claim at once when it is true
            match.apply(A.CLAIM if A.CLAIM in deal.legal_actions() else A.NO_CLAIM)
            while not deal.is_over():
                match.apply(A.NO_CLAIM)
        r = deal.result
        assert r is not None
        if r.outcome is Outcome.REDEAL_PASSES:
            assert match.next_dealer == 1 - dealer_before
        elif match.over is None:
            if rules.next_dealer.value == "alternate":
                assert match.next_dealer == 1 - dealer_before
            elif rules.next_dealer.value == "bidder":
                assert match.next_dealer == r.bidder
    assert match.over is not None
    assert match.next_dealer == match.over.winner  # the winner deals the new game
    assert max(match.scores) >= 301
