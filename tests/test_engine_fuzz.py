"""Random and malformed input never crashes the engine: only a clean IllegalAction or ValueError."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.actions import Action, Kind
from game.cards import Card, Suit, shuffled_deck
from game.deal import Deal
from game.errors import RULES, IllegalAction
from game.match import Match
from game.rules import PRESETS, Rules

FUZZ = settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])

ascii_actions = st.sampled_from(
    [
        f"{k.value}:{arg}"
        for k in Kind
        for arg in ("", "7S", "TH", "10C", "H", "terz", "fifty", "yes", "no", "7S+belle", "QH+belle", "X")
    ]
    + [k.value for k in Kind]
)
garbage_text = st.one_of(
    st.text(max_size=20), ascii_actions, st.builds(lambda a, b: a + b, ascii_actions, st.text(max_size=5))
)


@FUZZ
@given(garbage_text)
def test_action_parse_never_crashes(text: str) -> None:
    try:
        action = Action.parse(text)
    except ValueError:
        return
    assert isinstance(action, Action) and isinstance(action.kind, Kind)
    assert Action.parse(str(action)) == action  # the canonical form reads back


@FUZZ
@given(
    st.one_of(
        st.none(),
        st.integers(),
        st.binary(),
        st.lists(st.text(max_size=3), max_size=3),
        st.tuples(st.text(max_size=5), st.text(max_size=5)),
    )
)
def test_action_parse_non_strings(obj: Any) -> None:
    with contextlib.suppress(ValueError):
        Action.parse(obj)


field_values = st.one_of(
    st.none(),
    st.sampled_from(list(Card)),
    st.sampled_from(list(Suit)),
    st.integers(-40, 40),
    st.text(max_size=3),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False),
)
malformed_actions = st.one_of(
    st.builds(Action, st.sampled_from(list(Kind)), field_values, field_values, field_values),
    st.builds(Action, st.sampled_from(list(Kind))),
    st.builds(lambda c, b: Action(Kind.PLAY, card=c, value=b), st.sampled_from(list(Card)), st.integers(-2, 3)),
    st.builds(lambda s: Action(Kind.NAME, suit=s), st.sampled_from(list(Suit))),
    st.builds(lambda v: Action(Kind.ANNOUNCE, value=v), st.integers(-1, 6)),
    st.builds(lambda v: Action(Kind.ANSWER_PASSES, value=v), st.integers(-1, 3)),
)
not_actions = st.one_of(
    st.none(),
    st.integers(),
    st.text(max_size=10),
    st.tuples(st.text(max_size=6), st.text(max_size=3)),
    st.tuples(st.sampled_from([k.value for k in Kind]), st.none(), st.none(), st.integers(0, 1)),
    st.lists(st.integers(), max_size=3),
)


def advance(deal: Deal, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if deal.is_over():
            return
        options = deal.legal_actions()
        deal.apply(options[rng.randrange(len(options))])


def snapshot(deal: Deal) -> tuple[Any, ...]:
    return (
        len(deal.history),
        deal.phase,
        deal.current_player(),
        tuple(deal.legal_actions()),
        tuple(deal.hands[0]),
        tuple(deal.hands[1]),
        tuple(deal.trick),
        tuple(deal.penalties),
    )


def try_apply(deal: Deal, action: Any) -> None:
    before = snapshot(deal)
    legal = deal.legal_actions()
    try:
        deal.apply(action)
    except IllegalAction as err:
        assert err.rule in RULES, err.rule
        assert str(err)
        assert snapshot(deal) == before  # a refused action changes nothing
        return
    assert action in legal


rules_strategy = st.sampled_from([r.with_options(etiquette=e) for r in PRESETS.values() for e in ("guided", "strict")])


@FUZZ
@given(rules_strategy, st.integers(0, 2**32), st.integers(0, 40), malformed_actions)
def test_malformed_actions_mid_deal(rules: Rules, seed: int, steps: int, action: Action) -> None:
    rng = random.Random(seed)
    deal = Deal(rules, seed % 2, shuffled_deck(rng))
    advance(deal, rng, steps)
    try_apply(deal, action)


@FUZZ
@given(rules_strategy, st.integers(0, 2**32), st.integers(0, 40), not_actions)
def test_things_that_are_not_actions(rules: Rules, seed: int, steps: int, obj: Any) -> None:
    rng = random.Random(seed)
    deal = Deal(rules, seed % 2, shuffled_deck(rng))
    advance(deal, rng, steps)
    try_apply(deal, obj)


@FUZZ
@given(rules_strategy, st.integers(0, 2**32), st.lists(st.one_of(malformed_actions, ascii_actions), max_size=60))
def test_random_action_streams(rules: Rules, seed: int, stream: list[Action | str]) -> None:
    """A stream of random actions, ASCII or not, some legal by chance, through a Match."""
    rng = random.Random(seed)
    match = Match(rules, seed % 2)
    match.start_deal(shuffled_deck(rng))
    for item in stream:
        if match.over is not None:
            break
        if match.current is None:
            match.start_deal(shuffled_deck(rng))
        try:
            action = Action.parse(item) if isinstance(item, str) else item
        except ValueError:
            continue
        deal = match.current
        assert deal is not None
        if rng.random() < 0.5:  # keep the deal moving
            options = deal.legal_actions()
            match.apply(options[rng.randrange(len(options))])
            continue
        try:
            match.apply(action)
        except IllegalAction as err:
            assert err.rule in RULES


@FUZZ
@given(st.integers(-3, 3), st.lists(st.sampled_from(list(Card)), max_size=33))
def test_bad_deals_raise_value_error(dealer: int, deck: list[Card]) -> None:
    try:
        Deal(PRESETS["moscow"], dealer, deck)
    except ValueError:
        return
    assert dealer in (0, 1) and sorted(deck) == list(Card)


@FUZZ
@given(
    st.dictionaries(
        st.sampled_from(
            ["target", "round2", "hanging", "etiquette", "belle_when", "nonsense", "seven_swap", "ski_penalty"]
        ),
        st.one_of(st.integers(-5, 600), st.text(max_size=8), st.booleans(), st.none()),
        max_size=3,
    )
)
def test_bad_rule_options_raise_value_error(options: dict[str, Any]) -> None:
    try:
        rules = PRESETS["moscow"].with_options(**options)
    except ValueError:
        return
    assert Rules.from_dict(rules.to_dict()) == rules


def test_malformed_action_regressions() -> None:
    """These used to escape as AssertionError / KeyError from formatting the refusal."""
    import pytest

    deal = Deal(PRESETS["moscow"], 0, shuffled_deck(random.Random(1)))
    deal.apply(Action(Kind.ORDER))
    for bad in (
        Action(Kind.PLAY),
        Action(Kind.ANNOUNCE, value=0),
        Action(Kind.NAME),
        Action(Kind.PLAY, card=5),  # type: ignore[arg-type]  # not a Card: refused
        Action(Kind.PLAY, card=Card.S7, value=2),
        ("play", "7S"),
    ):
        with pytest.raises(IllegalAction) as err:
            deal.apply(bad)  # type: ignore[arg-type]
        assert err.value.rule == "unknown_action"
