"""The official varieties and the online table read exactly: belle protection by either card, the bait
penalty counted over the whole game; whole deals with outcomes worked out by hand."""

from __future__ import annotations

import random

import pytest
from engine_helpers import act, build_deck, legal, make_deal, random_playout

from game.actions import Action
from game.bots.base import make_player
from game.bots.medium import MediumBot
from game.bots.offer import playing_margin, raises_dave, takes_dave
from game.deal import Deal, Phase
from game.errors import IllegalAction
from game.match import Match
from game.record import dumps, loads, record_of, replay
from game.rules import PRESETS, BaitCount, BelleProtection
from game.scoring import MatchContext, Outcome

# hearts are trump; seat 1 (the non-dealer, who leads) holds the trump K and Q, no sequence in either hand
OWNER = "KH QH AS 8C JD 7D  JS 9C KC"
OTHER = "8H TH 7S 8S TS 7C  8D TD QD"
# the queen declares belle and loses to the ten; the king then takes a trick (T2): the whole deal
# T1 QH+belle TH: seat 0 13 | T2 8H KH: seat 1 4 | T3 AS 7S: 1 11 | T4 JD TD: 0 12 | T5 8S JS: 1 2
# T6 7D QD: 0 3 | T7 8D 8C: 0 0 | T8 7C KC: 1 4 | T9 9C TS: 1 10 + last 10  → seat 0 28, seat 1 31 + 10
KING_WINS_LATER = [
    "play:QH+belle",
    "play:TH",
    "play:8H",
    "play:KH",
    "play:AS",
    "play:7S",
    "play:JD",
    "play:TD",
    "play:8S",
    "play:JS",
    "play:7D",
    "play:QD",
    "play:8D",
    "play:8C",
    "play:7C",
    "play:KC",
    "play:9C",
    "play:TS",
]


def king_wins_later(protection: str, bidder_bid: list[str], ctx: MatchContext | None = None) -> Deal:
    deal = make_deal(OWNER, OTHER, "7H", "yellowclub", context=ctx, belle_protection=protection)
    act(deal, *bidder_bid, *KING_WINS_LATER)
    assert deal.is_over() and deal.result is not None
    return deal


@pytest.mark.parametrize(
    ("protection", "belle"),
    [("off", 20), ("declaring_card", 0), ("king_or_queen", 20)],
)
def test_belle_protection_by_either_card(protection: str, belle: int) -> None:
    deal = king_wins_later(protection, ["order"])
    r = deal.result
    assert r is not None
    assert (r.players[0].cards, r.players[1].cards) == (28, 31)
    assert r.players[1].belle == belle
    assert (r.players[0].total, r.players[1].total) == (28, 41 + belle)
    assert r.players[1].written == 41 + belle  # the bidder makes more either way


def test_belle_protection_lost_by_both_cards() -> None:
    # seat 0 also holds the trump ace: the queen loses to the ten, the king to the ace — no belle at all
    other = "8H TH 7S 8S TS 7C  AH TD QD"
    for protection, belle in (("king_or_queen", 0), ("declaring_card", 0), ("off", 20)):
        deal = make_deal(OWNER, other, "7H", "yellowclub", belle_protection=protection)
        act(deal, "order", "play:QH+belle", "play:TH", "play:AH", "play:KH")
        random_playout(deal, random.Random(3))
        assert deal.result is not None and deal.result.players[1].belle == belle, protection


def test_belle_not_counted_for_a_claim_before_its_trick() -> None:
    rules = PRESETS["moscow"].with_options(belle_protection="king_or_queen")
    deal = make_deal(OWNER, OTHER, "7H", rules)
    act(deal, "order", "belle", "play:QH", "play:TH")
    assert deal.claimed_scores()[1] == 0  # the queen lost; the king has not taken a trick yet
    act(deal, "play:8H", "play:KH")
    assert deal.claimed_scores()[1] == 4 + 20  # now it has


def test_old_records_read_belle_protection_as_true_or_false() -> None:
    assert PRESETS["yellowclub"].with_options(belle_protection=True).belle_protection is BelleProtection.DECLARING_CARD
    assert PRESETS["yellowclub"].with_options(belle_protection=False).belle_protection is BelleProtection.OFF
    assert PRESETS["yellowclub"].belle_protection is BelleProtection.OFF  # a table setting, off by default


@pytest.mark.parametrize(
    ("count", "baits_before", "adjustment"),
    [
        ("game", (1, 1), -100),
        ("per_player", (1, 1), 0),
        ("game", (0, 1), 0),
        ("per_player", (2, 0), -100),
        ("game", (0, 2), -100),
    ],
)
def test_bait_penalty_counts_the_games_baits(count: str, baits_before: tuple[int, int], adjustment: int) -> None:
    # seat 0 bids and is baited: 28 against 31 + last 10 + belle 20 (the king took a trick)
    ctx = MatchContext(scores=(300, 300), baits=baits_before)
    deal = make_deal(OWNER, OTHER, "7H", "yellowclub", context=ctx, bait_count=count, belle_protection="king_or_queen")
    act(deal, "pass", "order", *KING_WINS_LATER)
    r = deal.result
    assert r is not None and r.bait and r.bidder == 0
    assert (r.players[0].written, r.players[1].written) == (0, 28 + 61)
    assert r.players[0].adjustment == adjustment
    assert r.baits_after == (baits_before[0] + 1, baits_before[1])
    assert r.scores_after == (300 + adjustment, 300 + 89)


def test_yellowclub_counts_the_games_baits() -> None:
    assert PRESETS["yellowclub"].bait_count is BaitCount.GAME
    assert PRESETS["moscow"].bait_count is BaitCount.PER_PLAYER


# ---------------------------------------------------------------- «с предложением»


def offer_deal(ctx: MatchContext | None = None) -> Deal:
    deal = make_deal(OWNER, OTHER, "7H", "offer", context=ctx)
    act(deal, "order")  # seat 1 (the non-dealer) orders hearts: the window before the last three cards
    return deal


def test_offer_window_comes_before_the_last_three_cards() -> None:
    deal = offer_deal()
    assert deal.phase is Phase.OFFER and deal.current_player() == 0  # the вистующий speaks first
    assert legal(deal) == ["offer", "no-offer"]
    assert len(deal.hand(0)) == len(deal.hand(1)) == 6 and deal.freza is None
    with pytest.raises(IllegalAction) as err:
        deal.apply(Action.parse("play:8H"))
    assert err.value.rule == "offer_window"
    act(deal, "no-offer")
    assert deal.current_player() == 1 and legal(deal) == ["offer", "no-offer"]  # now the bidder may
    events = act(deal, "no-offer")
    assert [e.kind for e in events] == ["no_offer", "dealt"]
    assert deal.phase is Phase.PLAY and len(deal.hand(0)) == len(deal.hand(1)) == 9 and deal.freza is not None  # type: ignore[comparison-overlap]


def test_accepted_offer_ends_the_deal_and_the_hanging_points_wait() -> None:
    deal = offer_deal(MatchContext(scores=(100, 40), hanging=(61,), baits=(1, 0)))
    act(deal, "offer")
    assert deal.current_player() == 1 and legal(deal) == ["offer:yes", "offer:no"]
    act(deal, "offer:yes")
    r = deal.result
    assert deal.is_over() and r is not None and r.outcome is Outcome.OFFER_ACCEPTED
    assert (r.players[0].written, r.players[1].written) == (0, 50) and r.offer == (0, True)
    assert r.scores_after == (100, 90) and r.hanging_after == (61,) and r.baits_after == (1, 0)
    assert not r.bait and not deal.tricks


def test_refused_offer_plays_on() -> None:
    deal = offer_deal()
    act(deal, "no-offer", "offer", "offer:no")
    assert deal.phase is Phase.PLAY and len(deal.hand(1)) == 9
    assert "offer" not in legal(deal)
    random_playout(deal, random.Random(5))
    r = deal.result
    assert r is not None and r.outcome is Outcome.PLAYED and r.offer == (1, False) and len(deal.tricks) == 9


def test_offer_in_a_match_dealer_and_gap_end() -> None:
    deck = build_deck(OWNER, OTHER, "7H")
    match = Match(PRESETS["offer"], 0)
    match.start_deal(deck)
    for a in ("order", "offer", "offer:yes"):
        match.apply(Action.parse(a))
    assert match.scores == (0, 50) and match.over is None
    assert match.next_dealer == 1  # more_points: who wrote more deals (the one who accepted)
    again = replay(loads(dumps(record_of(match))))  # the record reads offer / offer:yes back
    assert again.scores == (0, 50) and [str(a) for _, a in again.deals[0].history] == ["order", "offer", "offer:yes"]
    # 250 apart: the game ends, the leader wins
    match.scores = (0, 250)
    match.start_deal(deck)  # seat 1 deals: seat 0 orders, seat 1 offers, seat 0 writes 50 -> 70 : 250
    for a in ("order", "offer", "offer:yes"):
        match.apply(Action.parse(a))
    assert match.scores == (50, 250) and match.over is None
    match.start_deal(deck)
    assert match.next_dealer == 0  # seat 0 wrote more in deal 2
    for a in ("order", "offer", "offer:yes"):  # seat 1 orders, seat 0 offers, seat 1 writes 50: 50 : 300
        match.apply(Action.parse(a))
    assert match.over is not None and match.over.reason == "gap" and match.over.winner == 1
    assert match.scores == (50, 300)


def test_no_offer_without_the_option() -> None:
    deal = make_deal(OWNER, OTHER, "7H", "moscow")
    act(deal, "order")
    assert deal.phase is Phase.PLAY and "offer" not in legal(deal)


# ---------------------------------------------------------------- «даве»


def dave_deal() -> Deal:
    deal = make_deal(OWNER, OTHER, "7H", "one_strike", dave=True)
    act(deal, "order")  # seat 1 bids and leads
    return deal


def test_dave_on_lead_accepted_then_refused() -> None:
    deal = dave_deal()
    assert "dave" in legal(deal) and deal.current_player() == 1
    act(deal, "dave")
    assert deal.current_player() == 0 and legal(deal) == ["dave:yes", "dave:no"]
    act(deal, "dave:yes")
    assert deal.wager.stake == 2 and deal.current_player() == 1 and "dave" not in legal(deal)  # re-raises alternate
    act(deal, "play:QH")
    assert "dave" not in legal(deal)  # only on lead
    act(deal, "play:TH")  # seat 0 takes and leads: it accepted the last raise, so it may raise now
    assert "dave" in legal(deal)
    act(deal, "dave", "dave:no")
    r = deal.result
    assert r is not None and r.outcome is Outcome.GAVE_UP and r.winner == 0 and r.stake == 2


def test_dave_result_in_a_match_with_the_stake() -> None:
    match = Match(PRESETS["one_strike"].with_options(dave=True), 0)
    match.start_deal(build_deck(OWNER, OTHER, "7H"))
    for a in ("order", "dave", "dave:yes", "play:QH", "play:TH", "dave", "dave:no"):
        match.apply(Action.parse(a))
    assert match.over is not None and (match.over.winner, match.over.reason) == (0, "gave_up")
    assert match.over.stake == 4  # the bidder gives up at ×2 and a bidder pays double


def test_dave_raises_the_stake_of_a_played_deal() -> None:
    deal = dave_deal()
    act(deal, "dave", "dave:yes")
    random_playout(deal, random.Random(1))
    assert deal.result is not None and deal.result.stake >= 2


def test_no_dave_without_the_option_or_in_a_game_to_a_target() -> None:
    for rules in (PRESETS["one_strike"], PRESETS["moscow"].with_options(dave=True)):
        deal = make_deal(OWNER, OTHER, "7H", rules)
        act(deal, "order")
        assert "dave" not in legal(deal)


# ---------------------------------------------------------------- the bots' decisions


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_bots_answer_offers_and_raises(level: str) -> None:
    bot = make_player(level, 1)
    deal = offer_deal()
    choice = bot.choose(deal.view(0))
    assert choice in deal.legal_actions()
    act(deal, "offer")
    assert bot.choose(deal.view(1)) in deal.legal_actions()
    deal = dave_deal()
    act(deal, "dave")
    assert bot.choose(deal.view(0)) in deal.legal_actions()


def test_medium_offers_with_nothing_and_refuses_with_a_monster() -> None:
    bot = MediumBot(0)
    # seat 0 (the вистующий) holds no heart and no ace: it offers 50
    deal = make_deal("AH JH 9H TH KH QH  AS AC AD", "7S 8S 7C 8C 7D 8D  9S 9C 9D", "7H", "offer")
    act(deal, "order")
    assert bot.choose(deal.view(0)) == Action.parse("offer")
    act(deal, "offer")
    assert bot.choose(deal.view(1)) == Action.parse("offer:no")  # the bidder holds J 9 A 10 K Q of trumps


def test_hard_accepts_fifty_with_a_weak_bid_and_the_defender_offers_against_a_monster() -> None:
    deal = make_deal("AH JH 9H TH KH QH  AS AC AD", "7S 8S 7C 8C 7D 8D  9S 9C 9D", "7H", "offer")
    act(deal, "order")
    rng = random.Random(0)
    assert playing_margin(deal.view(1), rng) > 50  # the bidder expects more than the 50
    assert playing_margin(deal.view(0), rng) < -50
    assert make_player("hard", 0).choose(deal.view(0)) == Action.parse("offer")


def test_hard_dave_thresholds() -> None:
    deal = dave_deal()
    view = deal.view(1)  # the bidder: wins 1, loses 2 a stake
    assert takes_dave(0.5, view) and not takes_dave(0.3, view)  # 2(0.5 − 1) = −1 > −2; 2(0.3 − 1.4) < −2
    assert raises_dave(0.8, view) and not raises_dave(0.6, view)
    view0 = deal.view(0)  # the вистующий: wins 2, loses 1
    assert takes_dave(0.2, view0) and not takes_dave(0.1, view0)


# ---------------------------------------------------------------- random deals reach every new action


def test_random_deals_use_every_new_action() -> None:
    """The soak of tests/test_engine_invariants.py runs the offer preset and dave as a random option; here
    random legal play is checked to reach each new action and to replay to the same result."""
    from engine_helpers import replay as replay_deal

    from game.actions import Kind
    from game.cards import shuffled_deck

    rng = random.Random(15)
    seen: set[Kind] = set()
    for i in range(300):
        rules = PRESETS["offer"] if i % 2 else PRESETS["one_strike"].with_options(dave=True)
        deck = shuffled_deck(rng)
        deal = Deal(rules, i % 2, deck)
        done = random_playout(deal, rng)
        seen.update(a.kind for a in done)
        again = replay_deal(rules, i % 2, deck, done)
        assert again.result == deal.result
    new = {Kind.OFFER, Kind.NO_OFFER, Kind.ANSWER_OFFER, Kind.DAVE, Kind.ANSWER_DAVE}
    assert new <= seen


# ---------------------------------------------------------------- settlement


def test_score_shows_both_settlements_and_the_stake(capsys: pytest.CaptureFixture[str]) -> None:
    import json
    from pathlib import Path

    from game.report import score_command

    saves = Path(__file__).resolve().parent.parent / "saves"
    assert score_command([str(saves / "offer-fifty.json"), str(saves / "one_strike-dave.json")]) == 0
    out = capsys.readouterr().out
    assert "Расчёт: за партию — Борис; по разнице — 261" in out
    assert "Расчёт: ставка ×4" in out
    assert score_command([str(saves / "offer-fifty.json")], as_json=True, lang="en") == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["winner"], data["difference"], data["stake"], data["reason"]) == (1, 261, 1, "gap")


def test_game_over_carries_the_difference() -> None:
    from pathlib import Path

    match = replay(loads((Path(__file__).resolve().parent.parent / "saves" / "yellowclub-full-501.json").read_text()))
    assert match.over is not None and match.over.difference == 575 - 338
