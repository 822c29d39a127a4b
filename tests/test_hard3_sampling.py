"""Hard at three samples from its first card within a node budget for the whole decision and weighs its samples by
the others' card plays and bids (game/bots/play_model3.py); it bids at the data file's caution."""

from __future__ import annotations

from test_inference3 import medium_decisions

from game import actions as A
from game.actions import Kind
from game.bots.bidding3 import decide3, load
from game.bots.hard import HardBot
from game.bots.hard3 import (
    DECISION_NODES,
    DUAL,
    OVERSAMPLE,
    SAMPLES_BY_CARDS,
    DualScorer,
    card_scorer,
    decide_hard_three,
    dual_scorer,
    own_bonus,
    own_values,
    paranoid_scorer,
    sample_weights,
    sampled_totals,
)
from game.bots.inference3 import likelihood
from game.bots.medium import MediumBot
from game.bots.medium3 import Knowledge3, choose_three
from game.bots.solver3 import Hands
from game.bots.trick_model3 import TrickModelScorer, later_in_trick
from game.cards import Card
from game.deal import DealView, Phase


def _cards(view: DealView) -> list[Card]:
    return sorted({a.card for a in view.legal if a.kind is Kind.PLAY and a.card is not None})


def _card_choice(view: DealView) -> bool:
    cards = _cards(view)
    return view.phase is Phase.PLAY and len(cards) > 1 and len(cards) == len(view.legal)


def test_the_first_cards_are_the_best_weighted_samples_within_the_decisions_nodes() -> None:
    """With 9 and 8 cards, in either role, hard's card is the best total of its weighted samples solved within
    the decision's nodes (a вистующий's: its side's margin plus half its own, each search within the nodes, and its
    own take added per sample; the others still to play in the trick answering as medium), or medium's card when
    not one sample fits."""
    sampled = {True: 0, False: 0}
    for _deal, view in medium_decisions("bidder3", 12):
        if not (_card_choice(view) and view.bidder is not None and len(view.hand) in (9, 8)):
            continue
        n = len(view.hand)
        bot = HardBot(7)
        cards = _cards(view)
        bidder = view.seat == view.bidder
        score = paranoid_scorer(view, None, DECISION_NODES[n]) if bidder else dual_scorer(view, DUAL, DECISION_NODES[n])
        if later_in_trick(view):  # the others still to play in the trick answer as medium (``trick_model3``)
            score = TrickModelScorer(view, later_in_trick(view), DECISION_NODES[n], 0.0 if bidder else DUAL)
        totals, solved = sampled_totals(
            view, cards, bot.decision_rng(view), SAMPLES_BY_CARDS[n], score, OVERSAMPLE, 1.0, sample_weights
        )
        decision = decide_hard_three(bot, view)
        if totals:
            totals = {c: v + solved * own_bonus(bot, view, c) for c, v in totals.items()}
            assert decision.action.card == max(cards, key=lambda c: (totals[c], -int(c)))
            assert decision.samples == solved > 0
            assert decision.values == {c: totals[c] / solved for c in cards}
            sampled[view.seat == view.bidder] += 1
        else:
            assert decision.action == choose_three(MediumBot(7), view) and decision.samples == 0
        if min(sampled.values()) >= 3:
            break
    assert min(sampled.values()) >= 3


def _solve_all(view: DealView, hands: list[Hands], leader: int, total: int | None) -> list[dict[Card, float] | None]:
    """Each sample's values by one decision's scorer (``total``: its nodes for the whole decision)."""
    score = paranoid_scorer(view, None, total)
    return [score(h, leader, tuple(view.trick)) for h in hands]


def test_a_decision_budget_gives_up_every_sample_after_the_one_it_cut_short() -> None:
    """``paranoid_scorer(total=…)`` counts nodes over the whole decision: once they run out, the sample being
    solved and every later one are given up (None); without a total every sample is solved. Deterministic."""
    import random

    from game.bots.hard3 import deal_sample

    checked = 0
    for _deal, view in medium_decisions("budget3", 6):
        if not (_card_choice(view) and view.seat == view.bidder and len(view.hand) == 9):
            continue
        k = Knowledge3(view)
        rng = random.Random(1)
        hands = [h for h in (deal_sample(view, k, rng) for _ in range(6)) if h is not None]
        leader = view.trick_leader if view.trick else view.seat
        assert leader is not None

        full = _solve_all(view, hands, leader, None)
        assert all(v is not None for v in full)
        cut = _solve_all(view, hands, leader, 20_000)
        given_up = [v is None for v in cut]
        assert any(given_up)
        first = given_up.index(True)
        assert all(given_up[first:])  # nothing after the cut is solved
        assert cut[:first] == full[:first]  # what was solved is the exact solve
        assert _solve_all(view, hands, leader, 20_000) == cut
        checked += 1
    assert checked >= 2


def test_both_roles_weigh_their_samples_by_the_others_plays_and_bids() -> None:
    """The weight of the true hands is the bids' alone, since two mediums played every card medium plays — for
    the bidder and for a вистующий alike."""
    roles = {True: 0, False: 0}
    for deal, view in medium_decisions("weights3", 8):
        if not (_card_choice(view) and view.bidder is not None and len(view.tricks) >= 1):
            continue
        weight = sample_weights(view)
        assert weight is not None
        truth = tuple(deal.hand(s) for s in range(3))
        bids = likelihood(view)
        expected = 1.0 if bids is None else bids((truth[0], truth[1], truth[2]))
        assert weight((truth[0], truth[1], truth[2])) == expected
        roles[view.seat == view.bidder] += 1
    assert min(roles.values()) >= 5


def test_hard_bids_at_the_data_files_caution_below_zero() -> None:
    """The fitted bidding's bar is −20 points: hard orders or names a contract whose fitted value is between the
    bar and zero, which at bar 0 it passed."""
    _, caution = load()
    assert caution == -20.0
    below_zero = 0
    for _deal, view in medium_decisions("bar3", 60):
        if view.phase not in (Phase.BIDDING_1, Phase.BIDDING_2) or A.PASS not in view.legal or len(view.legal) < 2:
            continue
        d = decide3(view)
        best = max((o.utility for o in d.options), default=None)
        if best is None:
            continue
        action = decide_hard_three(HardBot(3), view).action
        assert (action == A.PASS) == (best < caution)
        if caution <= best < 0:
            assert action.kind in (Kind.ORDER, Kind.NAME) and decide3(view, 0.0).action == A.PASS
            below_zero += 1
    assert below_zero >= 3


def test_a_vistujushchij_weighs_its_own_margin_from_its_first_card() -> None:
    """A вистующий's samples are valued by its side's margin plus half its own (``DualScorer``) in every sampled
    decision, within the decision's nodes at 9 and 8 cards; the bidder's by the paranoid margin alone. Where others
    are still to play in the trick, their cards are medium's (``TrickModelScorer``) with the same weight and nodes."""
    roles: dict[tuple[bool, int, bool], bool] = {}
    for _deal, view in medium_decisions("dual3", 6):
        if not (_card_choice(view) and view.bidder is not None):
            continue
        score = card_scorer(HardBot(3), view)
        vist, n, modelled = view.seat != view.bidder, len(view.hand), bool(later_in_trick(view))
        if modelled:
            assert isinstance(score, TrickModelScorer) and score.dual == (DUAL if vist else 0.0)
            assert n not in DECISION_NODES or score.side.node_limit == DECISION_NODES[n]
        else:
            assert isinstance(score, DualScorer) == vist
        if isinstance(score, DualScorer):
            assert score.weight == DUAL and score.total == DECISION_NODES.get(n)
        roles[(vist, n, modelled)] = True
    assert {(True, 9, True), (True, 9, False), (True, 8, True), (True, 2, False), (False, 9, True)} <= roles.keys()


def test_the_own_searches_alone_give_the_dual_values_and_give_up_together() -> None:
    """``own_values`` (what the second core solves) is ``DualScorer``'s own search sample by sample: with the
    decision's nodes cut short, a sample counts up to the first one either search gives up (its side's margin plus
    half its own), and no later one does."""
    import random

    from game.bots.hard3 import deal_sample

    for _deal, view in medium_decisions("dual3cut", 4):
        if not (_card_choice(view) and view.bidder is not None and view.seat != view.bidder and len(view.hand) == 8):
            continue
        rng = random.Random(1)
        k = Knowledge3(view)
        hands = [h for h in (deal_sample(view, k, rng) for _ in range(8)) if h is not None]
        leader = view.trick_leader if view.trick else view.seat
        assert leader is not None and view.trump is not None
        trick = tuple(view.trick)
        assert all(v is not None for v in own_values(view.trump, view.seat, None, hands, leader, trick))
        own = own_values(view.trump, view.seat, 4_000, hands, leader, trick)
        side = _solve_all(view, hands, leader, 4_000)
        cut = min(i for i in range(len(hands) + 1) if i == len(hands) or own[i] is None or side[i] is None)
        assert 0 < cut < len(hands)
        score = dual_scorer(view, DUAL, 4_000)
        for i, h in enumerate(hands):
            got = score(h, leader, trick)
            if i >= cut:
                assert got is None
                continue
            mine, theirs = own[i], side[i]
            assert got is not None and mine is not None and theirs is not None
            assert got == {c: theirs[c] + DUAL * mine[c] for c in got}
        return
    raise AssertionError("no вистующий with 8 cards")
