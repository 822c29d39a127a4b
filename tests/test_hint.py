"""The hint API: the hard bot's choice with a value for every legal card, reasons for other decisions."""

from __future__ import annotations

import random

from game.actions import Kind, play
from game.bots import make_player
from game.bots.hard import HardBot
from game.bots.hint import _reason, _solver, hint
from game.cards import Card, shuffled_deck
from game.deal import Deal, Phase
from game.rules import Rules

FEW = (3, 3, 3, 4, 4, 4, 6, 6, 6)


def _views(preset: str, seed: int, deals: int) -> list:  # type: ignore[type-arg]
    """Every decision view of a few deals between two medium bots."""
    rng = random.Random(seed)
    out = []
    for n in range(deals):
        deal = Deal(Rules.preset(preset), n % 2, shuffled_deck(rng))
        bots = {0: make_player("medium", n), 1: make_player("medium", n + 1)}
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            out.append(view)
            deal.apply(bots[seat].choose(view))
    return out


def test_hint_values_every_legal_card_and_matches_hard() -> None:
    views = [v for v in _views("moscow", 3, 3) if v.phase is Phase.PLAY and len(v.tricks) >= 1]
    checked = 0
    for view in views[::3]:
        h = hint(view, seed=11)
        assert h.action == HardBot(11).choose(view)
        assert h.action in view.legal
        legal_cards = {a.card for a in view.legal if a.kind is Kind.PLAY}
        if legal_cards:
            assert set(h.values) == legal_cards
            if h.action.kind is Kind.PLAY and len(legal_cards) > 1:
                assert h.values[h.action.card] == max(h.values.values())  # type: ignore[index]
                checked += 1
        assert h.reason_ru and h.reason_en
    assert checked >= 3


def test_hint_is_deterministic_on_the_first_trick() -> None:
    view = next(
        v
        for v in _views("yellowclub", 5, 1)
        if v.phase is Phase.PLAY and not v.tricks and sum(a.kind is Kind.PLAY for a in v.legal) > 1
    )
    a, b = hint(view, seed=2), hint(view, seed=2)
    assert a == b
    assert a.action == HardBot(2, _solver()).choose(view)


def test_hint_for_bidding_and_dialog() -> None:
    views = _views("moscow", 7, 4)
    bids = [v for v in views if v.phase in (Phase.BIDDING_1, Phase.BIDDING_2) and len(v.legal) > 1]
    assert bids
    for view in bids:
        h = hint(view, seed=1)
        assert h.action == HardBot(1).choose(view)
        assert h.options and all(a in view.legal for a in h.options)
        assert h.pass_value is not None
        assert ("очк" in h.reason_ru and "points" in h.reason_en) or "Пас" in h.reason_ru
    others = [v for v in views if v.phase is Phase.PLAY and any(a.kind is not Kind.PLAY for a in v.legal)]
    for view in others[:5]:
        h = hint(view, seed=1)
        assert h.action in view.legal and h.reason_ru and h.reason_en


def test_the_reason_names_an_equal_runner_up_in_words() -> None:
    """Two equivalent cards tie exactly; "+0.0 к следующей" would read as a glitch."""
    view = next(v for v in _views("moscow", 3, 1) if v.phase is Phase.PLAY)
    ten, king, seven = Card.parse("TD"), Card.parse("KD"), Card.parse("7C")
    tie = _reason(view, play(ten), {ten: 4.0, king: 4.0, seven: -3.0}, 48)
    assert "равноценна следующей" in tie[0] and "as good as the next best" in tie[1]
    apart = _reason(view, play(ten), {ten: 4.0, king: 1.5, seven: -3.0}, 48)
    assert "+2.5 к следующей" in apart[0] and "+2.5 over the next best" in apart[1]
