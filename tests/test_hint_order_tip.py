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
from ui.scenes.table.hint import HintAdvisor
from ui.scenes.table.status import StatusLine
from ui.widgets.hand import HandWidget


def _view_with_a_sequence() -> DealView:
    """The leader's view before the first card, with a sequence to announce (the first such deal of the seeds)."""
    for seed in range(500):
        deal = Deal(Rules.preset("moscow"), 0, shuffled_deck(random.Random(seed)))
        deal.apply(Action(Kind.ORDER))
        seat = deal.current_player()
        if seat is None:
            continue
        view = deal.view(seat)
        if any(a.kind is Kind.ANNOUNCE for a in view.legal):
            return view
    raise AssertionError("no deal with a sequence to announce")


def _advice(by_sequence: bool) -> str:
    view = _view_with_a_sequence()
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


def test_the_advice_in_the_dialog_names_the_players_own_sequence() -> None:
    """«Подсказка: «У меня старше» — ваша комбинация старше» said only what the button says."""
    from ui.hint_words import hint_advice

    view = _view_with_a_sequence()
    announce = next(a for a in view.legal if a.kind is Kind.ANNOUNCE)
    text = hint_advice(SimpleNamespace(action=announce, values={}), view, lambda a: str(a))
    name = "терц" if announce.value == 3 else "пятьдесят"
    assert f"у вас {name} от " in text and f"; объявляют только название: «{name}»." in text, text
    assert "очк" in text.split("(")[1]  # its points: «(20 очков)»
