"""score_deal, table by table: bait, hanging bait per option, sequences_need_trick, лыжа, the bait
penalty from the 3rd bait, card bait for false announcements, claimed deals."""

from __future__ import annotations

import pytest

from game.rules import PRESETS, Rules
from game.scoring import DealResult, MatchContext, Outcome, Penalty, PenaltyReason, PlayFacts, score_deal

MOSCOW = PRESETS["moscow"]
TERZ = (("терц от дамы ♠", 20),)


def facts(
    bidder: int = 0,
    cards: tuple[int, int] = (100, 52),
    tricks: tuple[int, int] = (6, 3),
    last: int | None = 0,
    seqs: tuple[tuple[str, int], ...] = (),
    owner: int | None = None,
    belle: tuple[int, int] = (0, 0),
    penalties: tuple[Penalty, ...] = (),
) -> PlayFacts:
    assert sum(cards) == 152
    return PlayFacts(bidder, cards, tricks, last, seqs, owner, belle, penalties)


def score(
    f: PlayFacts, rules: Rules | str = MOSCOW, ctx: MatchContext | None = None, outcome: Outcome = Outcome.PLAYED
) -> DealResult:
    r = PRESETS[rules] if isinstance(rules, str) else rules
    return score_deal(f, ctx or MatchContext(), r, outcome)


def written(r: DealResult) -> tuple[int, int]:
    return r.players[0].written, r.players[1].written


def totals(r: DealResult) -> tuple[int, int]:
    return r.players[0].total, r.players[1].total


def test_bidder_makes_more_both_write_their_own() -> None:
    r = score(facts(bidder=0, cards=(100, 52), last=0))
    assert totals(r) == (110, 52) and written(r) == (110, 52)
    assert not r.bait and not r.tie and r.winner == 0
    assert r.players[0].last_trick == 10 and r.players[1].last_trick == 0
    assert r.scores_after == (110, 52) and r.baits_after == (0, 0)


def test_bait_opponent_writes_both_totals() -> None:
    # bidder 1: 60 + 20 терц = 80; the вистующий 92 + 10 = 102 -> bait: 0 / 182
    r = score(facts(bidder=1, cards=(92, 60), last=0, seqs=TERZ, owner=1), ctx=MatchContext(scores=(10, 20)))
    assert totals(r) == (102, 80)
    assert r.bait and r.winner == 0 and written(r) == (182, 0)
    assert r.scores_after == (192, 20) and r.baits_after == (0, 1)


def test_tie_hangs_the_bidders_points() -> None:
    # 81 + 0 vs 71 + 10 = 81 each: the вистующий writes 81, the bidder's 81 hang
    r = score(facts(bidder=0, cards=(81, 71), last=1))
    assert totals(r) == (81, 81) and r.tie and r.winner is None
    assert written(r) == (0, 81) and r.hanging_now == 81 and r.hanging_after == (81,)
    assert r.scores_after == (0, 81)


# next deal after hanging points (H): the winner of this deal is seat 0 (bidder, 110 : 52)
@pytest.mark.parametrize(
    ("hanging_option", "before", "received", "after"),
    [
        ("sum", (81,), 81, ()),
        ("sum", (81, 40), 121, ()),  # a second tie: the whole sum goes to the next winner
        ("queue", (81, 40), 81, (40,)),  # one after another, oldest first
        ("queue", (81,), 81, ()),
        ("to_defender", (81,), 81, ()),
    ],
)
def test_hanging_points_go_to_the_next_winner(
    hanging_option: str, before: tuple[int, ...], received: int, after: tuple[int, ...]
) -> None:
    rules = MOSCOW.with_options(hanging=hanging_option)
    r = score(facts(bidder=0, cards=(100, 52), last=0), rules, MatchContext(hanging=before))
    assert r.players[0].hanging_received == received
    assert written(r) == (110 + received, 52)
    assert r.hanging_after == after


def test_hanging_points_to_the_bait_winner() -> None:
    r = score(facts(bidder=0, cards=(52, 100), last=1), MOSCOW, MatchContext(hanging=(81,)))
    assert r.bait and r.winner == 1
    assert written(r) == (0, 162 + 81) and r.players[1].hanging_received == 81 and r.hanging_after == ()


@pytest.mark.parametrize(
    ("hanging_option", "written_v", "received_v", "after"),
    [
        ("sum", 81, 0, (60, 81)),  # both wait for the next winner
        ("queue", 81, 0, (60, 81)),
        ("to_defender", 81 + 60, 60, (81,)),  # club convention: the old points to this deal's вистующий
    ],
)
def test_second_tie(hanging_option: str, written_v: int, received_v: int, after: tuple[int, ...]) -> None:
    rules = MOSCOW.with_options(hanging=hanging_option)
    r = score(facts(bidder=0, cards=(81, 71), last=1), rules, MatchContext(hanging=(60,)))
    assert r.tie
    assert written(r) == (0, written_v)
    assert r.players[1].hanging_received == received_v
    assert r.hanging_after == after


def test_no_hanging_in_single_deal_games() -> None:
    r = score(facts(bidder=0, cards=(81, 71), last=1), "one_strike")
    assert r.tie and r.hanging_now == 0 and r.hanging_after == ()
    assert written(r) == (81, 81)


@pytest.mark.parametrize(
    ("preset", "counted"),
    [("moscow", True), ("kharkov", True), ("book", True), ("club", False), ("yellowclub", False)],
)
def test_sequences_need_a_trick(preset: str, counted: bool) -> None:
    # the вистующий (seat 1) wins the терц but takes no trick
    rules = PRESETS[preset].with_options(ski_penalty=0)
    r = score(facts(bidder=0, cards=(152, 0), tricks=(9, 0), last=0, seqs=TERZ, owner=1), rules)
    assert r.players[1].total == (20 if counted else 0)
    assert r.players[1].sequences == (TERZ if counted else ())


def test_sequences_count_with_one_trick_club() -> None:
    r = score(facts(bidder=0, cards=(140, 12), tricks=(8, 1), last=0, seqs=TERZ, owner=1), "club")
    assert r.players[1].total == 32


def test_ski_yellowclub() -> None:
    # the вистующий takes no trick: −50, and the терц and belle burn
    r = score(
        facts(bidder=0, cards=(152, 0), tricks=(9, 0), last=0, seqs=TERZ, owner=1, belle=(0, 20)),
        "yellowclub",
        MatchContext(scores=(100, 100)),
    )
    p1 = r.players[1]
    assert p1.ski and p1.adjustment == -50 and p1.total == 0 and p1.belle == 0 and p1.sequences == ()
    assert written(r) == (162, 0)
    assert r.scores_after == (262, 50)


def test_ski_of_the_bidder_is_a_bait_too() -> None:
    r = score(facts(bidder=0, cards=(0, 152), tricks=(0, 9), last=1, belle=(20, 0)), "yellowclub")
    assert r.bait and r.players[0].ski and r.players[0].belle == 0
    assert written(r) == (0, 162)
    assert r.scores_after == (-50, 162)


def test_no_ski_in_moscow() -> None:
    r = score(facts(bidder=0, cards=(152, 0), tricks=(9, 0), last=0, seqs=TERZ, owner=1))
    assert not r.players[1].ski and r.players[1].total == 20


@pytest.mark.parametrize(("baits_before", "adjustment"), [(0, 0), (1, 0), (2, -100), (5, -100)])
def test_bait_penalty_from_the_third_bait(baits_before: int, adjustment: int) -> None:
    r = score(
        facts(bidder=0, cards=(52, 100), last=1), "yellowclub", MatchContext(scores=(200, 0), baits=(baits_before, 0))
    )
    assert r.bait and r.baits_after == (baits_before + 1, 0)
    assert r.players[0].adjustment == adjustment
    assert r.scores_after == (200 + adjustment, 162)


def test_no_bait_penalty_in_moscow() -> None:
    r = score(facts(bidder=0, cards=(52, 100), last=1), MOSCOW, MatchContext(baits=(4, 0)))
    assert r.players[0].adjustment == 0 and r.scores_after == (0, 162)


@pytest.mark.parametrize("reason", ["false_announcement", "false_rost", "false_mine", "false_answer"])
@pytest.mark.parametrize("offender", [0, 1])
def test_card_bait(reason: str, offender: int) -> None:
    # the bidder (0) makes more, but a false announcement costs the offender all their points
    r = score(
        facts(
            bidder=0, cards=(100, 52), last=0, seqs=TERZ, owner=1, penalties=(Penalty(offender, PenaltyReason(reason)),)
        )
    )
    assert totals(r) == (110, 72)
    assert r.card_bait == offender and not r.bait
    expected = [0, 0]
    expected[1 - offender] = 182
    assert written(r) == tuple(expected)
    assert r.winner == 1 - offender
    assert r.baits_after == (0, 0)  # a card bait is a penalty, not the bidder's bait
    assert Penalty(offender, PenaltyReason(reason)).costs_card_bait


def test_rost_certainly_higher_is_not_a_card_bait() -> None:
    pen = Penalty(1, PenaltyReason.ROST_CERTAINLY_HIGHER)
    assert not pen.costs_card_bait and pen.text_en and pen.text_ru
    r = score(facts(bidder=0, cards=(100, 52), last=0, seqs=TERZ, owner=0, penalties=(pen,)))
    assert r.card_bait is None and written(r) == (130, 52)


def test_claimed_deal_each_writes_their_own() -> None:
    r = score(facts(bidder=1, cards=(100, 52), tricks=(4, 2), last=None), MOSCOW, outcome=Outcome.CLAIMED)
    assert r.winner is None and not r.bait and written(r) == (100, 52)
    assert r.players[0].last_trick == 0 and r.last_trick is None


def test_zero_card_points_with_a_trick_is_no_ski() -> None:
    # seat 1 took one trick of two sevens: 0 card points, but a trick — no лыжа, the терц counts
    r = score(facts(bidder=0, cards=(152, 0), tricks=(8, 1), last=0, seqs=TERZ, owner=1), "yellowclub")
    assert not r.players[1].ski and r.players[1].adjustment == 0 and r.players[1].total == 20
