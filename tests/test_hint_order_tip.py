"""The advice to announce says where to lay the hand out in sequence order while it is laid out by strength: a
newcomer could not see his терц among the cards sorted for the tricks (В♥ Т♥ К♥ Д♥ hid a пятьдесят)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random
from types import SimpleNamespace
from typing import Any, cast

import pygame

from game.actions import Action, Kind
from game.cards import shuffled_deck
from game.deal import Deal, DealView
from game.rules import Rules
from game.services.worker import Ticket
from ui.clock import ManualClock
from ui.i18n import tr
from ui.scenes.table.hint import HintAdvisor, sequence_apart
from ui.scenes.table.status import StatusLine
from ui.widgets.hand import HandWidget


def _view_with_a_sequence(apart: bool | None = None) -> DealView:
    """The leader's view before the first card, with a sequence to announce (the first such deal of the seeds);
    ``apart``: its cards apart (True) or side by side (False) in the hand laid out by strength."""
    for seed in range(2000):
        deal = Deal(Rules.preset("moscow"), 0, shuffled_deck(random.Random(seed)))
        deal.apply(Action(Kind.ORDER))
        seat = deal.current_player()
        if seat is None:
            continue
        view = deal.view(seat)
        announce = next((a for a in view.legal if a.kind is Kind.ANNOUNCE), None)
        if announce is not None and apart in (None, sequence_apart(view, announce)):
            return view
    raise AssertionError("no deal with a sequence to announce")


def _advice(by_sequence: bool, apart: bool = True) -> str:
    view = _view_with_a_sequence(apart)
    announce = next(a for a in view.legal if a.kind is Kind.ANNOUNCE)
    advice = SimpleNamespace(action=announce, values={})
    status = StatusLine(ManualClock())
    hints = HintAdvisor(
        lambda v, seed: Ticket.answered(lambda: advice),
        cast(HandWidget, None),
        status,
        lambda v, a: str(a),
        by_sequence=lambda: by_sequence,
    )
    moment = cast(Any, SimpleNamespace(key=(0, 1), view=view, autoplay=False, open=True, human_to_act=True))
    hints.request(moment, 0)
    hints.poll(moment)
    assert hints.words is not None
    return hints.words


def test_the_advice_to_announce_says_where_to_sort_the_hand_in_sequence() -> None:
    pygame.init()
    tip = "разложите руку по порядку: «Настройки» → «Карты в руке» → «по порядку»"
    assert tip in _advice(by_sequence=False)
    said = _advice(by_sequence=True)
    assert tip not in said and said.startswith(tr("hint") + ": ")
    assert tip not in _advice(by_sequence=False, apart=False)  # К♥ Д♥ В♥ side by side already: no tip


def test_the_advice_in_the_dialog_names_the_players_own_sequence() -> None:
    """«Подсказка: «У меня старше» — ваша комбинация старше» said only what the button says."""
    from ui.hint_words import hint_advice

    view = _view_with_a_sequence()
    announce = next(a for a in view.legal if a.kind is Kind.ANNOUNCE)
    text = hint_advice(SimpleNamespace(action=announce, values={}), view, lambda a: str(a))
    name = "терц" if announce.value == 3 else "пятьдесят"
    assert f"у вас {name} от " in text and f"; объявляют только название: «{name}»." in text, text
    assert "очк" in text.split("(")[1]  # its points: «(20 очков)»


def test_the_tip_for_the_trump_terz_question_sees_its_cards_apart() -> None:
    """«Проходит ли мой терц?» with 9♥ apart from 8♥ 7♥ (the ace of trumps between them by strength) gave no tip."""
    from dataclasses import replace

    from game.cards import Suit, parse_cards

    view = _view_with_a_sequence()
    ask = Action(Kind.ASK_PASSES)
    apart = replace(view, trump=Suit.H, hand=tuple(parse_cards("7H 8H 9H AH 7S 8S KD 9C TC")))
    together = replace(view, trump=Suit.H, hand=tuple(parse_cards("7H 8H 9H 7S 8S KD 9C TC AS")))
    assert sequence_apart(apart, ask) and not sequence_apart(together, ask)
