"""Hard for three weights its samples by the others' bids (game/bots/inference3.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.actions import Kind
from game.bots.factory import make_bot
from game.bots.hard3 import deal_sample, weighted_samples
from game.bots.inference3 import bid_terms, likelihood
from game.bots.medium3 import Knowledge3
from game.bots.solver3 import Hands
from game.cards import Card, Rank, shuffled_deck
from game.deal import Deal, DealView, Phase
from game.rules import Rules
from game.scoring import MatchContext


def medium_decisions(name: str, seeds: int) -> Iterator[tuple[Deal, DealView]]:
    """Every decision of three-player deals (moscow) that three mediums play, one deck per seed
    (``f"{name}:{seed}"``): the deal and the view of the seat to act, before its action is applied."""
    rules = Rules.preset("moscow", players=3)
    for seed in range(seeds):
        deal = Deal(rules, seed % 3, shuffled_deck(random.Random(f"{name}:{seed}")), MatchContext((0, 0, 0), (0, 0, 0)))
        bots = {s: make_bot("medium", 3, seed * 3 + s) for s in range(3)}
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            yield deal, view
            deal.apply(bots[seat].choose(view))


def first_card_view() -> tuple[Deal, DealView, int, int]:
    """A deal three mediums bid where the first to speak passed the first trump and the second ordered it; the
    dealer's view at its first card (the dealer never spoke), the passer and the bidder."""
    for deal, view in medium_decisions("inf3", 500):  # (the bids are over: a later card of the deal says the same)
        if view.phase is Phase.PLAY and view.seat == deal.dealer and any(a.kind is Kind.PLAY for a in view.legal):
            said = [(s, a.kind) for s, a in view.history if a.kind in (Kind.ORDER, Kind.PASS, Kind.NAME)]
            first, second = (deal.dealer + 1) % 3, (deal.dealer + 2) % 3
            if said == [(first, Kind.PASS), (second, Kind.ORDER)]:
                return deal, view, first, second
    raise AssertionError("no such deal in 500 seeds")


def test_bid_terms_read_a_pass_and_an_order_in_round_one() -> None:
    _, view, passer, bidder = first_card_view()
    t = int(view.first_trump)
    assert bid_terms(view) == [(passer, "r1_0", t, False), (bidder, "r1_1", t, True)]


def test_a_sample_contradicting_the_bids_weighs_far_less() -> None:
    """The true deal (the passer weak in the trump, the bidder strong) against the same deal with the passer's
    and the bidder's hands swapped: the swap makes the pass and the order both unlikely."""
    deal, view, passer, bidder = first_card_view()
    weight = likelihood(view)
    assert weight is not None
    true: Hands = (tuple(deal.hands[0]), tuple(deal.hands[1]), tuple(deal.hands[2]))
    swapped = list(true)
    swapped[passer], swapped[bidder] = true[bidder], true[passer]
    assert weight(true) > 10 * weight((swapped[0], swapped[1], swapped[2]))


def test_a_passer_holding_the_hidden_trumps_is_nearly_ruled_out() -> None:
    """All the hidden trumps with the passer (and the bidder without them) against all of them with the
    bidder: the first contradicts both bids."""
    deal, view, passer, bidder = first_card_view()
    weight = likelihood(view)
    assert weight is not None
    t = int(view.first_trump)
    hidden = [c for h in (deal.hands[passer], deal.hands[bidder]) for c in h]
    trumps = [c for c in hidden if c // 8 == t]
    rest = [c for c in hidden if c // 8 != t]
    assert len(trumps) >= 3 and Card(t * 8 + Rank.JACK) in trumps
    n_p, n_b = len(deal.hands[passer]), len(deal.hands[bidder])

    def deal_of(strong: int) -> Hands:
        weak = bidder if strong == passer else passer
        cards = {strong: trumps + rest[: (n_p if strong == passer else n_b) - len(trumps)]}
        cards[weak] = [c for c in hidden if c not in cards[strong]]
        hands = {view.seat: tuple(view.hand), **{s: tuple(h) for s, h in cards.items()}}
        return hands[0], hands[1], hands[2]

    assert weight(deal_of(passer)) < 0.05 * weight(deal_of(bidder))


def test_resampled_deals_fit_the_view_and_keep_the_count() -> None:
    _, view, _, _ = first_card_view()
    k = Knowledge3(view)
    drawn = weighted_samples(view, k, random.Random(1), 12, 4)
    assert sum(n for _, n in drawn) == 12
    unseen = set(k.unseen)
    for hands, _ in drawn:
        assert hands[view.seat] == tuple(view.hand)
        others = [c for s in k.others for c in hands[s]]
        assert set(others) <= unseen and len(others) == len(set(others))
    uniform = weighted_samples(view, k, random.Random(1), 12, 0)
    assert sum(n for _, n in uniform) == 12
    assert deal_sample(view, k, random.Random(1)) is not None


def last_to_play_view() -> DealView:
    """A вистующий playing last to a trick its partner is winning, holding a card that overtakes and one that
    does not (three mediums play the deal)."""
    from game.cards import beats

    for _, view in medium_decisions("own3", 300):
        plays = [a.card for a in view.legal if a.kind is Kind.PLAY and a.card is not None]
        if len(view.trick) == 2 and len(plays) == len(view.legal) and view.seat != view.bidder:
            assert view.trump is not None and view.trick_leader is not None
            a, b = view.trick
            winner = (view.trick_leader + (1 if beats(b, a, view.trump) else 0)) % 3
            best = b if beats(b, a, view.trump) else a
            over = [c for c in plays if beats(c, best, view.trump)]
            under = [c for c in plays if not beats(c, best, view.trump)]
            if winner != view.bidder and over and under:
                return view
    raise AssertionError("no such position in 300 seeds")


def test_own_share_counts_what_i_take_against_what_my_partner_takes() -> None:
    from game.bots.hard3 import own_share
    from game.cards import beats, points

    view = last_to_play_view()
    assert view.trump is not None
    a, b = view.trick
    best = b if beats(b, a, view.trump) else a
    on_table = points(a, view.trump) + points(b, view.trump) + (10 if len(view.hand) == 1 else 0)
    for c in (x.card for x in view.legal if x.card is not None):
        t = on_table + points(c, view.trump)
        assert own_share(view, c) == (t / 2 if beats(c, best, view.trump) else -t / 2)


def test_the_dual_scorer_adds_my_own_margin_to_the_sides() -> None:
    from game.bots.hard3 import dual_scorer, paranoid_scorer
    from game.bots.solver3 import Solver3

    view = last_to_play_view()
    assert view.trump is not None and view.trick_leader is not None
    hands = deal_sample(view, Knowledge3(view), random.Random(3))
    assert hands is not None
    trick = tuple(view.trick)
    side = paranoid_scorer(view)(hands, view.trick_leader, trick)
    assert side == dual_scorer(view, 0.0)(hands, view.trick_leader, trick)
    own = Solver3(view.trump, view.seat).values(hands, view.trick_leader, trick)
    both = dual_scorer(view, 0.5)(hands, view.trick_leader, trick)
    assert side is not None and both is not None
    assert both == {c: side[c] + 0.5 * own[c] for c in side}


def test_the_hint_values_a_vistuyushchiys_cards_as_hard_does() -> None:
    """From 6 cards a вистующий's hint values carry its own margin and, playing last, its own take: the card
    hard plays is the best valued (as for the bidder)."""
    from game.bots.hard import HardBot
    from game.services.hint import hint

    checked = 0
    for _, view in medium_decisions("hint25", 40):
        cards = {a.card for a in view.legal if a.kind is Kind.PLAY}
        if (
            view.phase is Phase.PLAY
            and view.seat != view.bidder
            and len(view.trick) == 2
            and 2 <= len(view.hand) <= 6
            and len(cards) > 1
            and len(cards) == len(view.legal)
        ):
            h = hint(view, seed=4)
            assert h.action == HardBot(4).for_three().choose(view) and h.action.card is not None
            assert h.values[h.action.card] == max(h.values.values())
            checked += 1
            if checked >= 6:
                break
    assert checked >= 6


def test_two_weights_multiply_and_a_missing_one_leaves_the_other() -> None:
    """``times``: the product of two weights of a sample; None (a model with nothing to tell) drops out."""
    from game.bots.inference3 import times

    hands = ((), (), ())

    def half(_: object) -> float:
        return 0.5

    def fifth(_: object) -> float:
        return 0.2

    assert times(None, None) is None
    assert times(half, None) is half and times(None, fifth) is fifth
    both = times(half, fifth)
    assert both is not None and abs(both(hands) - 0.1) < 1e-12
