"""Invariants over thousands of random legal deals, for every preset and both etiquette modes.

Every action is drawn uniformly from ``legal_actions()``; after each one the deal must conserve the 32
cards and its views must not leak a hidden card; at the end the card points add up, and replaying the
history on a fresh deal gives the same result.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import examples
from engine_helpers import replay

from game.actions import Action, Kind
from game.cards import ALL_CARDS, Card, Rank, points, shuffled_deck
from game.deal import Deal, Event, Phase
from game.rules import PRESETS
from game.scoring import LAST_TRICK_BONUS, MatchContext, Outcome

DEALS_PER_CONFIG = examples(100)  # per preset and mode; the soak profile plays 2,000
CONFIGS = [(preset, etiquette) for preset in PRESETS for etiquette in ("guided", "strict")]


def all_cards_in(obj: Any) -> Iterator[Card]:
    """Every Card anywhere inside a view field (tuples, named tuples, dataclasses)."""
    if isinstance(obj, Card):
        yield obj
    elif isinstance(obj, (tuple, list)):
        for item in obj:
            yield from all_cards_in(item)
    elif hasattr(obj, "__dataclass_fields__"):
        for name in obj.__dataclass_fields__:
            yield from all_cards_in(getattr(obj, name))


def check_conservation(deal: Deal) -> None:
    in_tricks = [c for t in deal.tricks for c in t.cards]
    dealt = 12 if deal.phase in (Phase.BIDDING_1, Phase.BIDDING_2, Phase.OFFER) or deal.freza is None else 18
    stock = [c for c in deal.deck[dealt + 1 :]] if dealt == 12 else list(deal.deck[19:])
    everything = [*deal.hands[0], *deal.hands[1], *deal.trick, *in_tricks, deal.face_up, *stock]
    assert sorted(everything) == list(ALL_CARDS), "32 cards must be conserved"
    if deal.freza is not None:
        assert len(deal.hands[0]) + len(deal.hands[1]) + len(deal.trick) + len(in_tricks) == 18


def public_opponent_cards(deal: Deal, seat: int) -> set[Card]:
    """Cards of the opponent's hand that the rules make public."""
    opp = 1 - seat
    public: set[Card] = set()
    if deal.swapped_by == opp:
        public.add(deal.vskryshka)
    if deal.announcements.seq_owner == opp and deal.tricks:
        public.update(c for s in deal.announcements.counted for c in s.cards)
    if deal.belle.declared[opp] and deal.trump is not None:
        public.update({Card(deal.trump * 8 + Rank.KING), Card(deal.trump * 8 + Rank.QUEEN)})
    return public & set(deal.hands[opp])


def check_views(deal: Deal) -> None:
    played = {c for t in deal.tricks for c in t.cards} | set(deal.trick)
    table = {deal.face_up, deal.vskryshka} | ({deal.freza} if deal.freza is not None else set())
    told = deal.announcements.told_top  # the top card named aloud after «рост?»
    if told is not None:
        table.add(told)
    for seat in (0, 1):
        view = deal.view(seat)
        opp_hand = set(deal.hands[1 - seat])
        assert sorted(view.hand) == sorted(deal.hands[seat])
        assert view.opponent_cards == len(opp_hand)
        known = set(view.known_opponent_cards)
        assert known == public_opponent_cards(deal, seat)
        others = {name: getattr(view, name) for name in view.__dataclass_fields__ if name != "hand"}
        for name, value in others.items():
            for card in all_cards_in(value):
                allowed = played | table | known | set(deal.hands[seat]) | set(view.shown[0]) | set(view.shown[1])
                assert card in allowed, f"seat {seat} view.{name} leaks {card.code}"
        if deal.current_player() == seat:
            assert list(view.legal) == deal.legal_actions()
            own = set(deal.hands[seat])
            assert all(a.card in own for a in view.legal if a.kind is Kind.PLAY)
        else:
            assert view.legal == ()
        assert (view.result is not None) == (deal.phase in (Phase.OVER, Phase.CLAIM))


def check_events(deal: Deal, events: list[Event]) -> None:
    """Events carry public information only: played cards, the вскрышка, the фреза, the top card told."""
    for e in events:
        if e.card is None:
            continue
        public = e.kind in ("play", "belle", "top") or e.card in (deal.vskryshka, deal.freza, deal.face_up)
        if e.kind in ("mine", "announce") and e.seat is not None:  # «у меня — от …», «родили …»: shown at once
            public = public or e.card in deal.shown_cards(e.seat)
        assert public, f"event {e} shows a card"


OPTION_CHOICES: dict[str, list[Any]] = {
    "first_lead": ["non_dealer", "bidder", "non_bidder"],
    "equal_sequences": ["trump_then_earlier", "earlier"],
    "sequence_order": ["natural", "ace_ten"],
    "belle_when": ["before_any_card", "when_playing", "holding_both"],
    "belle_protection": ["off", "declaring_card", "king_or_queen"],
    "bait_count": ["per_player", "game"],
    "seven_swap": [False, True],
    "four_sevens_redeal": [False, True],
    "round2": ["redeal", "dealer_must_choose"],
    "sequences_need_trick": [False, True],
    "ski_penalty": [0, 50],
    "hanging": ["sum", "queue", "to_defender", "none"],
    "offer_fifty": [False, True],
    "dave": [False, True],
}


def run_deal(preset: str, etiquette: str, rng: random.Random) -> None:
    rules = PRESETS[preset].with_options(etiquette=etiquette)
    if rng.random() < 0.3:  # single options changed at the table
        changes = {k: rng.choice(v) for k, v in OPTION_CHOICES.items() if rng.random() < 0.4}
        rules = rules.with_options(**changes)
    target = rules.target
    scores = (rng.randrange(0, target), rng.randrange(0, target)) if target and rng.random() < 0.5 else (0, 0)
    hanging = (rng.randrange(20, 90),) if target and rng.random() < 0.2 else ()
    ctx = MatchContext(scores=scores, hanging=hanging, baits=(rng.randrange(4), rng.randrange(4)))
    deck = shuffled_deck(rng)
    dealer = rng.randrange(2)
    deal = Deal(rules, dealer, deck, ctx)
    steps = 0
    check_conservation(deal)
    check_views(deal)
    while not deal.is_over():
        options = deal.legal_actions()
        assert options
        assert len(set(options)) == len(options)
        if deal.phase is Phase.PLAY and len(options) > 1 and rng.random() < 0.9:
            # claims during play end the deal: take them now and then, so most deals are played out
            options = [a for a in options if a.kind is not Kind.CLAIM]
        action = options[rng.randrange(len(options))]
        events = deal.apply(action)
        check_events(deal, events)
        steps += 1
        if steps % 3 == 0 or deal.is_over():
            check_conservation(deal)
            check_views(deal)
        assert steps < 200
    r = deal.result
    assert r is not None
    if r.outcome in (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS):
        assert r.scores_after == ctx.scores and len(deal.tricks) == 0
    elif r.outcome is Outcome.OFFER_ACCEPTED:
        assert r.offer is not None and r.offer[1] and not deal.tricks and deal.freza is None
        offerer = r.offer[0]
        assert r.players[1 - offerer].written == 50 and r.players[offerer].written == 0
        assert r.hanging_after == ctx.hanging and r.baits_after == ctx.baits
        assert [s for s, a in deal.history if a.kind is Kind.OFFER] == [offerer]
    elif r.outcome is Outcome.GAVE_UP:
        raiser = [s for s, a in deal.history if a.kind is Kind.DAVE][-1]
        assert r.winner == raiser and r.scores_after == ctx.scores and len(deal.tricks) < 9
        assert deal.history[-1] == (1 - raiser, Action(Kind.ANSWER_DAVE, value=0))
        assert (
            r.stake
            == deal.wager.stake
            == 2 ** sum(1 for _, a in deal.history if a.kind is Kind.ANSWER_DAVE and a.value)
        )
    elif r.outcome is Outcome.CLAIMED:
        assert r.claim is not None and r.claim[0] in (0, 1) and len(deal.tricks) < 9 and deal.trump is not None
        assert sum(p.cards for p in r.players) == sum(points(c, deal.trump) for t in deal.tricks for c in t.cards)
    else:
        assert len(deal.tricks) == 9 and deal.trump is not None
        # the 18 dealt cards, the trump seven replaced by the вскрышка after a swap
        initial = [*deck[0:12], *deck[13:19]]
        if deal.swapped_by is not None:
            initial[initial.index(Card(deal.trump * 8 + Rank.SEVEN))] = deck[12]
        assert sum(len(h) for h in deal.hands) == 0
        assert sum(points(c, deal.trump) for c in initial) + LAST_TRICK_BONUS == sum(
            p.cards + p.last_trick for p in r.players
        )
        assert sorted(c for t in deal.tricks for c in t.cards) == sorted(initial)
        assert r.last_trick == deal.tricks[-1].winner
        for p in r.players:
            assert p.total == (p.cards + p.last_trick + sum(x for _, x in p.sequences) + p.belle)
        b = r.bidder
        assert b is not None
        totals = [p.total for p in r.players]
        written = [p.written - p.hanging_received for p in r.players]
        if r.card_bait is not None:
            assert written[r.card_bait] == 0 and written[1 - r.card_bait] == sum(totals)
        elif r.bait:
            assert totals[b] < totals[1 - b] and written == [0 if s == b else sum(totals) for s in (0, 1)]
        elif r.tie:
            assert totals[0] == totals[1]
        else:
            assert totals[b] > totals[1 - b] and written == totals
        for seat in (0, 1):
            p = r.players[seat]
            assert r.scores_after[seat] == ctx.scores[seat] + p.written + p.adjustment
    if etiquette == "guided":
        assert r.penalties == () and deal.penalties == []  # only correct moves were legal
        assert r.claim is None or r.claim[1]
    again = replay(deal.rules, dealer, deck, [a for _, a in deal.history], ctx)
    assert again.result == deal.result
    assert again.history == deal.history


@pytest.mark.parametrize(("preset", "etiquette"), CONFIGS)
def test_random_deals(preset: str, etiquette: str) -> None:
    rng = random.Random(f"{preset}-{etiquette}")
    for _ in range(DEALS_PER_CONFIG):
        run_deal(preset, etiquette, rng)
