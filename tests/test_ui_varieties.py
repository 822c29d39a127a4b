"""Headless UI tests of «с предложением» and «даве»: the new-game screen's choice, the dialog buttons, the
status line; real pygame events through the real loop, assertions on the engine's state."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
from pathlib import Path

from test_ui import Driver, human_turn

from game.actions import Action, Kind
from game.deal import Phase
from ui.i18n import tr


def start(tmp_path: Path, **settings: object) -> Driver:
    (tmp_path / "settings.json").write_text(json.dumps({"first_dealer": "bot", **settings}), "utf-8")
    d = Driver(tmp_path)
    d.new_game_from_menu()  # the bot deals: the human speaks (and in one_strike leads) first
    return d


def labels(d: Driver) -> set[str]:
    return {b.text for b in d.table.decisions.panel.buttons}


def test_offer_buttons_and_the_answer(tmp_path: Path) -> None:
    d = start(tmp_path, preset="offer")
    assert d.table.ctl.match.rules.offer_fifty
    assert human_turn(d)
    d.click_action(lambda a: a.kind is Kind.ORDER)  # the human bids; the bot (вистующий) speaks first
    for _ in range(50):
        if human_turn(d):
            break
    deal = d.deal()
    assert deal.phase is Phase.OFFER
    if deal.history[-1] == (1, Action(Kind.OFFER)):  # the bot offered: write the 50 or play on
        assert labels(d) == {tr("btn_offer_yes"), tr("btn_offer_no")}
        d.click_action(lambda a: a.kind is Kind.ANSWER_OFFER and a.value == 1)
        assert deal.result is not None and deal.result.players[0].written == 50
        return
    assert labels(d) == {tr("btn_offer"), tr("btn_no_offer")}
    assert d.table.status_text() == tr("pr_offer")
    d.click_action(lambda a: a.kind is Kind.OFFER)
    d.frames(5)
    for _ in range(100):  # the bot answers
        if deal.wager.offer is not None:
            break
        d.frames()
    assert deal.wager.offer is not None and deal.wager.offer[0] == 0
    answer = [a for s, a in deal.history if s == 1 and a.kind is Kind.ANSWER_OFFER]
    assert answer and (deal.is_over() == bool(answer[0].value))
    if deal.is_over():
        assert deal.result is not None and deal.result.players[1].written == 50


def test_dave_button_raises_the_stake(tmp_path: Path) -> None:
    d = start(tmp_path, preset="one_strike", dave=True)
    assert d.table.ctl.match.rules.dave
    d.click_action(lambda a: a.kind is Kind.ORDER)
    for _ in range(50):
        if human_turn(d):
            break
    assert tr("btn_dave") in labels(d)
    d.click_action(lambda a: a.kind is Kind.DAVE)
    deal = d.deal()
    for _ in range(200):  # the bot answers
        if deal.wager.dave_by is None:
            break
        d.frames()
    answer = [a for s, a in deal.history if s == 1 and a.kind is Kind.ANSWER_DAVE]
    assert answer
    if answer[0].value:
        assert deal.wager.stake == 2 and tr("sum_stake", stake=2) in d.table.status_text()
    else:
        over = d.table.ctl.match.over
        assert over is not None and (over.winner, over.reason) == (0, "gave_up")


def test_dave_is_not_applied_to_a_game_to_a_target(tmp_path: Path) -> None:
    d = start(tmp_path, preset="moscow", dave=True)
    assert not d.table.ctl.match.rules.dave
