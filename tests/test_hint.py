"""The hint API: the hard bot's choice with a value for every legal card and every bid; the UI words it
(tests/test_hint_words.py)."""

from __future__ import annotations

import random

from game.actions import Kind, play
from game.bots import make_player
from game.bots.hard import HardBot
from game.cards import Card, shuffled_deck
from game.deal import Deal, Phase
from game.rules import Rules
from game.services.hint import Hint, _solver, hint

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
    for view in [v for v in views[::3] if len(v.hand) <= 6]:  # (the first tricks' sampled hints: the next tests)
        h = hint(view, seed=11)
        assert h.action == HardBot(11).choose(view)
        assert h.action in view.legal
        legal_cards = {a.card for a in view.legal if a.kind is Kind.PLAY}
        if legal_cards:
            assert set(h.values) == legal_cards
            if h.action.kind is Kind.PLAY and len(legal_cards) > 1:
                assert h.values[h.action.card] == max(h.values.values())  # type: ignore[index]
                checked += 1
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
        best = max(h.options.values())
        assert (h.action.kind is Kind.PASS) == (h.pass_value > best)
    others = [v for v in views if v.phase is Phase.PLAY and any(a.kind is not Kind.PLAY for a in v.legal)]
    for view in others[:5]:
        h = hint(view, seed=1)
        assert h.action == HardBot(1).choose(view) and h.action in view.legal


def test_the_advice_names_an_equal_runner_up_in_words() -> None:
    """Two equivalent cards tie exactly; "+0,0 к следующей" would read as a glitch."""
    from ui import i18n
    from ui.hint_words import hint_advice

    i18n.set_language("ru")
    view = next(v for v in _views("moscow", 3, 1) if v.phase is Phase.PLAY and len(v.legal) > 1)
    ten, king, seven = Card.parse("TD"), Card.parse("KD"), Card.parse("7C")
    tie = hint_advice(Hint(play(ten), values={ten: 4.0, king: 4.0, seven: -3.0}, samples=48), view, str)
    assert "К♦ не хуже" in tie  # the next best card named (a player's report: «равноценна второй по оценке»)
    apart = hint_advice(Hint(play(ten), values={ten: 4.0, king: 1.5, seven: -3.0}, samples=48), view, str)
    assert "на 2,5 очка лучше, чем К♦" in apart
