"""The hard bot's fitted bidding evaluator: it loads, orders sensible hands, and bids legally everywhere."""

from __future__ import annotations

import random
import time

import pytest

from game import actions as A
from game.actions import Kind
from game.bots.bidding import FEATURE_NAMES, decide, features, load_evaluator
from game.bots.hard import HardBot
from game.cards import Card, parse_cards
from game.deal import Deal, Phase
from game.rules import PRESETS, Etiquette, Rules
from game.scoring import MatchContext


def deal_with(
    nd_six: str,
    dealer_six: str,
    face_up: str,
    rules: Rules | None = None,
    dealer: int = 0,
    context: MatchContext | None = None,
    seed: int = 1,
) -> Deal:
    """A deal whose non-dealer and dealer six cards and вскрышка are given (the rest shuffled)."""
    nd, dl, up = parse_cards(nd_six.split()), parse_cards(dealer_six.split()), parse_cards([face_up])[0]
    used = {*nd, *dl, up}
    rest = [Card(c) for c in range(32) if c not in used]
    random.Random(seed).shuffle(rest)
    deck = [*nd[:3], *dl[:3], *nd[3:], *dl[3:], up, *rest]
    return Deal(rules or Rules.preset("moscow"), dealer, deck, context)


def test_evaluator_loads() -> None:
    ev = load_evaluator()
    assert ev.data["features"] == list(FEATURE_NAMES)
    for rule in ("redeal", "dealer_must_choose"):
        for point in ("r1_first", "r1_second", "r2_first", "r2_second"):
            m = ev.models[(rule, point)]
            assert len(m.ev) == len(FEATURE_NAMES) == len(m.bait)


def test_strong_trumps_order_and_no_trumps_pass() -> None:
    # hearts are the вскрышка suit (8H turned up)
    strong = deal_with("JH 9H AH TH 7S 8C", "7D 8D 9D 9S 8S QC", "8H")
    view = strong.view(1)
    d = decide(view)
    assert d.action == A.ORDER
    assert d.options[0].ev > (d.pass_value or 0.0)
    weak = deal_with("7S 8S 9C TC 8D QD", "7D 9D JD 9S JS QC", "8H")
    d = decide(weak.view(1))
    assert d.action == A.PASS
    assert d.options[0].ev < d.pass_value  # type: ignore[operator]


def test_evaluator_orderings() -> None:
    """More and better trumps are worth more; J+9 of trump beat 7+8."""
    ev = load_evaluator()
    up = parse_cards(["8H"])[0]

    def value(hand: str) -> float:
        return ev.option("r1_first", PRESETS["moscow"].round2, features(parse_cards(hand.split()), up, 3, True))[0]

    assert value("JH 9H AH TH 7S 8C") > value("JH 9H 7S 8S 7C 8C") > value("7H 8H 7S 8S 7C 8C")
    assert value("JH 9H 7S 8S 7C 8C") > value("7H QH 7S 8S 7C 8C")

    # the bait chance falls as the hand gets stronger
    def bait(hand: str) -> float:
        return ev.option("r1_first", PRESETS["moscow"].round2, features(parse_cards(hand.split()), up, 3, True))[1]

    assert bait("JH 9H AH TH 7S 8C") < bait("7H 8H 7S 8S 7C 8C")


def test_round2_names_the_strong_suit() -> None:
    deal = deal_with("JS 9S AS TS 7C 8D", "7D 8C 9D QH 8S QC", "8H")
    deal.apply(A.PASS)
    deal.apply(A.PASS)
    view = deal.view(1)
    assert view.phase is Phase.BIDDING_2
    d = decide(view)
    assert d.action.kind is Kind.NAME and d.action.suit is not None and int(d.action.suit) == 0


def test_bait_penalty_makes_bidding_more_careful() -> None:
    rules = Rules.preset("yellowclub")
    hand = ("9H KH 7S AS TC 8C", "7D 8D 9D 9S 8S QC", "8H")
    calm = decide(deal_with(*hand, rules=rules).view(1))
    risky = decide(deal_with(*hand, rules=rules, context=MatchContext(baits=(0, 2))).view(1))
    assert risky.options[0].utility < calm.options[0].utility


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("etiquette", [Etiquette.GUIDED, Etiquette.STRICT])
def test_hard_bids_legally(preset: str, etiquette: Etiquette) -> None:
    rules = Rules.preset(preset).with_options(etiquette=etiquette.value)
    rng = random.Random(f"{preset}-{etiquette.value}")  # a fixed seed: str hashes change per process
    bot = HardBot(3)
    for n in range(60):
        deal = Deal(
            rules,
            n % 2,
            [Card(c) for c in rng.sample(range(32), 32)],
            MatchContext(scores=(rng.randrange(0, 480), rng.randrange(0, 480)), baits=(rng.randrange(4), 0)),
        )
        while deal.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            action = bot.choose(view)
            assert action in view.legal
            deal.apply(action)


def test_bidding_is_fast() -> None:
    rng = random.Random(5)
    views = []
    for n in range(50):
        deal = Deal(Rules.preset("moscow"), n % 2, [Card(c) for c in rng.sample(range(32), 32)])
        views.append(deal.view(deal.current_player() or 0))
    start = time.process_time()
    for v in views:
        decide(v)
    assert (time.process_time() - start) / len(views) < 0.01


def test_bids_depend_on_the_view_only() -> None:
    """Redealing the opponent's cards and the stock (same own cards, same вскрышка) never changes a bid."""
    rng = random.Random(21)
    mine_pos = (0, 1, 2, 6, 7, 8)  # the non-dealer's six cards (dealer = 0, seat 1 speaks first)
    for _ in range(40):
        deck = [Card(c) for c in rng.sample(range(32), 32)]
        other = list(deck)
        hidden = [i for i in range(32) if i not in mine_pos and i != 12]
        shuffled = [deck[i] for i in hidden]
        rng.shuffle(shuffled)
        for i, c in zip(hidden, shuffled, strict=True):
            other[i] = c
        a, b = Deal(Rules.preset("moscow"), 0, deck), Deal(Rules.preset("moscow"), 0, other)
        for step in range(3):
            seat = a.current_player()
            if a.phase not in (Phase.BIDDING_1, Phase.BIDDING_2) or seat != 1:
                if a.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
                    a.apply(A.PASS)
                    b.apply(A.PASS)
                    continue
                break
            va, vb = a.view(1), b.view(1)
            assert va == vb
            choice = HardBot(step).choose(va)
            assert choice == HardBot(step).choose(vb)
            if choice != A.PASS:
                break
            a.apply(A.PASS)
            b.apply(A.PASS)
