"""Soft inference: the likelihood weights follow the opponent's bids and announcements, never exclude the truth."""

from __future__ import annotations

import random

from test_bidding import deal_with

from game import actions as A
from game.bots import make_player
from game.bots.hard import HardBot, HiddenCards
from game.bots.inference import likelihood
from game.cards import parse_cards, shuffled_deck
from game.deal import Deal, Phase
from game.rules import Rules

FEW = (3, 3, 3, 4, 4, 4, 6, 6, 6)


def _to_play(deal: Deal) -> None:
    """Advance through the dialog/swap with plain choices until the first card decision."""
    bot = HardBot(0, samples=FEW)
    while deal.phase is not Phase.PLAY or any(a.kind.value != "play" for a in deal.legal_actions()):
        seat = deal.current_player()
        assert seat is not None
        deal.apply(bot.choose(deal.view(seat)))


def test_pass_on_the_face_up_suit_makes_strong_trumps_less_likely() -> None:
    # seat 1 (non-dealer) passes hearts; the dealer orders hearts
    deal = deal_with("7S 8S 9C TC 8D QD", "JH 9H AH 7D 8C 9D", "8H")
    deal.apply(A.PASS)
    deal.apply(A.ORDER)
    view = deal.view(0)  # the dealer's view: the opponent passed hearts
    w = likelihood(view, [])
    assert w is not None
    strong = tuple(parse_cards(["TH", "KH", "QH", "AS", "AC", "AD", "TS", "TC", "TD"]))
    weak = tuple(parse_cards(["7S", "8S", "9S", "7C", "8C", "9C", "TS", "TC", "TD"]))
    assert w(weak) > w(strong)
    # the opponent's view: the dealer ordered hearts, so hearts are likely strong there
    w1 = likelihood(deal.view(1), [])
    assert w1 is not None
    assert w1(tuple(parse_cards(["TH", "KH", "QH", "AS", "9S", "7C", "8C", "9C", "TC"]))) > w1(weak)


def test_no_information_means_no_weights() -> None:
    deal = deal_with("JH 9H AH 7D 8C 9D", "7S 8S 9C TC 8D QD", "8H")
    deal.apply(A.ORDER)
    assert likelihood(deal.view(1), []) is None  # the non-dealer bid: the dealer said nothing yet


def test_weights_never_exclude_the_real_hand() -> None:
    rng = random.Random(3)
    for n in range(40):
        deal = Deal(Rules.preset("moscow"), n % 2, shuffled_deck(rng))
        bots = {0: make_player("medium", n), 1: make_player("medium", n + 1)}
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            if view.phase is Phase.PLAY and view.trump is not None:
                w = likelihood(view, HiddenCards(view).opp_played)
                if w is not None:
                    assert w(tuple(sorted(deal.hand(1 - seat)))) > 0
            deal.apply(bots[seat].choose(view))


def test_weighted_samples_are_resampled_to_the_sample_count() -> None:
    deal = deal_with("7S 8S 9C TC 8D QD", "JH 9H AH 7D 8C 9D", "8H")
    deal.apply(A.PASS)
    deal.apply(A.ORDER)
    _to_play(deal)
    seat = deal.current_player()
    assert seat is not None
    view = deal.view(seat)
    bot = HardBot(4)
    bot.rng = bot.decision_rng(view)
    samples = bot.weighted_samples(view)
    assert abs(sum(w for _, w in samples) - bot.sample_count(view)) < 1e-9
    assert all(len(h) == view.opponent_cards for h, _ in samples)


def test_a_point_dump_makes_cheaper_losers_unlikely() -> None:
    from game.bots.inference import DUMP_WITH_CHEAPER

    deal = deal_with("AS 7C 8C 9C JH 9H", "TS 7S 8D 9D QD KD", "8H")
    deal.apply(A.ORDER)
    deal.apply(A.play(parse_cards(["AS"])[0]))
    deal.apply(A.play(parse_cards(["TS"])[0]))  # the dealer gives 10 points while holding the 7 of spades
    view = deal.view(1)
    w = likelihood(view, [parse_cards(["TS"])[0]])
    assert w is not None
    with_seven = tuple(parse_cards(["7S", "8D", "TD", "AD", "7H", "QC", "KC", "AC"]))
    without = tuple(parse_cards(["KH", "8D", "TD", "AD", "7H", "QC", "KC", "AC"]))
    assert abs(w(with_seven) / w(without) - DUMP_WITH_CHEAPER) < 1e-9


def test_the_bot_reads_bids_with_its_own_bidding_model() -> None:
    """A hard bot bidding with another model's file weighs the opponent's bids with that file's likelihoods
    (it assumes the opponent bids as it does), the shipped bot with the shipped file's; they differ."""
    from pathlib import Path

    from game.actions import Kind
    from game.bots import hard as hard_module
    from game.bots import inference

    v1 = str(Path(__file__).resolve().parent.parent / "lab" / "data" / "bidding-v1.json")
    rng = random.Random(5)
    deal = Deal(Rules.preset("moscow"), 0, shuffled_deck(rng))
    bots = {0: make_player("medium", 1), 1: make_player("medium", 2)}
    while deal.phase is not Phase.PLAY:
        seat = deal.current_player()
        if seat is None:  # passed out: another deck
            deal = Deal(Rules.preset("moscow"), 0, shuffled_deck(rng))
            continue
        deal.apply(bots[seat].choose(deal.view(seat)))
    bidders = {s for s, a in deal.history if a.kind in (Kind.ORDER, Kind.PASS, Kind.NAME)}
    seat = next(s for s in (0, 1) if 1 - s in bidders)  # a seat whose opponent said something in the bidding
    view = deal.view(seat)
    seen: list[str | None] = []
    real = inference.likelihood

    def spy(v: object, opp_played: list[object], evaluator: str | None = None) -> object:
        seen.append(evaluator)
        return real(v, opp_played, evaluator)  # type: ignore[arg-type]

    setattr(hard_module, "likelihood", spy)  # noqa: B010  # patched where the bot looks it up
    try:
        HardBot(1, samples=(2,) * 9).weighted_samples(view)
        with_v1 = HardBot(1, samples=(2,) * 9)
        with_v1.bidding = v1
        with_v1.weighted_samples(view)
    finally:
        setattr(hard_module, "likelihood", real)  # noqa: B010
    assert seen == [None, v1]
    shipped, old = real(view, []), real(view, [], v1)
    assert shipped is not None and old is not None
    hands = list(HiddenCards(view).hands(random.Random(1), 40))
    assert [shipped(h) for h in hands] != [old(h) for h in hands]
