"""The engine answers what the UI needs so the UI never re-derives a rule: why an action is illegal (asked, not
sent to be refused) and the top card of the sequence a seat announced."""

from __future__ import annotations

import os
import random
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest
from test_ui import Driver, _to_a_position_with_an_illegal_card

from game import sequences as seqs
from game.actions import Action, Kind, play
from game.bots.base import make_player
from game.cards import ALL_CARDS, shuffled_deck
from game.deal import Deal, Phase
from game.errors import RULES, IllegalAction
from game.rules import Rules
from ui.controller import Step


def _deals(n: int, etiquette: str = "guided") -> list[Deal]:
    out = []
    for i in range(n):
        out.append(Deal(Rules.preset("moscow", etiquette=etiquette), i % 2, shuffled_deck(random.Random(i))))
    return out


def test_why_illegal_names_the_rule_apply_would_and_changes_nothing() -> None:
    checked = 0
    for deal in _deals(12):
        bots = [make_player("medium", 1), make_player("medium", 2)]
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            legal = deal.legal_actions()
            assert all(deal.why_illegal(a) is None for a in legal)
            if deal.phase is Phase.PLAY:
                for card in ALL_CARDS:
                    action = play(card)
                    if action in legal:
                        continue
                    history = list(deal.history)
                    rule = deal.why_illegal(action)
                    assert rule in RULES and deal.history == history
                    with pytest.raises(IllegalAction) as refused:
                        deal.apply(action)
                    assert refused.value.rule == rule
                    checked += 1
            deal.apply(bots[seat].choose(deal.view(seat)))
        assert deal.why_illegal(play(ALL_CARDS[0])) == "deal_over"
    assert checked > 500


def test_own_top_card_is_the_best_sequence_of_the_class_announced() -> None:
    seen = 0
    for deal in _deals(200):
        bots = [make_player("medium", 3), make_player("medium", 4)]
        while not deal.is_over() and len(deal.tricks) < 1:
            seat = deal.current_player()
            assert seat is not None
            for s in (0, 1):
                view = deal.view(s)
                announced = [a.value for t, a in view.history if t == s and a.kind is Kind.ANNOUNCE]
                if not announced:
                    assert view.own_top_card is None
                    continue
                cards = [*view.hand, *([view.trick[0]] if view.trick and view.trick_leader == s else [])]
                found = seqs.first_of_class(cards, announced[-1], view.trump, view.rules)
                assert found is not None and view.own_top_card == found.top_card
                seen += 1
            deal.apply(bots[seat].choose(deal.view(seat)))
    assert seen > 20


def test_an_illegal_drop_is_refused_without_sending_it_to_the_engine(tmp_path: Path) -> None:
    d = Driver(tmp_path, seed=11)
    d.new_game_from_menu()
    illegal, _ = _to_a_position_with_an_illegal_card(d)
    sent: list[object] = []
    real = d.table.ctl.submit

    def spy(action: Action) -> Step:
        sent.append(action)
        return real(action)

    d.table.ctl.submit = spy  # type: ignore[method-assign]
    d.drag_card_to_table(illegal[0])
    assert sent == []
    assert d.table.status.message is not None and d.table.status.message[2]
    assert any(
        w in d.table.status.message[0] for w in ("нужно ходить в масть", "нужно козырять", "нужно перебить козырь")
    )
