"""Tab, Shift+Tab, Enter, Space and ↑ ↓ reach every button and drop-down, as in a desktop form (``ui.focus``):
real key events through the real loop, assertions on what the screen then is."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path

import pygame
from ui_driver import Driver

from game.actions import Kind
from ui.controller import GameController, GameOptions
from ui.dialogs import MessageBox
from ui.focus import focusable
from ui.scenes.menu import MenuScene
from ui.scenes.rules import RulesScene
from ui.scenes.table import TableScene


def _tab_to(d: Driver, element: object, most: int = 40) -> None:
    for _ in range(most):
        d.key(pygame.K_TAB)
        if d.app.focus.element is element:
            return
    raise AssertionError(f"Tab never reached {element}")


def test_tab_goes_round_the_menu_in_reading_order_and_enter_presses(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1280, 800), seed=3)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    order = focusable(d.app.focus_scope())
    tops = [e.get_abs_rect().top for e in order]
    assert tops == sorted(tops) and menu.button("rules") in order
    assert menu.button("continue") not in order  # greyed: nothing to continue
    d.key(pygame.K_TAB)
    assert d.app.focus.element is order[0]
    d.key(pygame.K_TAB)
    assert d.app.focus.element is order[1]
    d.key(pygame.K_TAB, pygame.KMOD_LSHIFT)
    d.key(pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert d.app.focus.element is order[-1]  # round: back past the first to the last
    _tab_to(d, menu.button("rules"))
    d.key(pygame.K_RETURN)
    d.frames(2)
    assert isinstance(d.app.scene, RulesScene)
    assert d.app.focus.element is None  # a new screen: the frame is not on a widget that is gone


def test_arrows_choose_a_focused_drop_downs_option_and_the_focus_stays(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1280, 800), seed=3)
    menu = d.app.scene
    assert isinstance(menu, MenuScene) and d.app.settings.players == 2
    _tab_to(d, menu.fields["players"])
    d.key(pygame.K_DOWN)
    d.frames(2)
    assert d.app.settings.players == 3  # as if chosen with the mouse: the form is rebuilt for three
    players = menu.fields["players"]
    assert d.app.focus.element is players  # the menu, rebuilt for three, puts the frame back on the new field
    d.key(pygame.K_DOWN)
    d.frames(2)
    assert d.app.settings.players == 3  # the last option: nothing further, and nothing else moved
    d.key(pygame.K_UP)
    d.frames(2)
    assert d.app.settings.players == 2


def test_a_click_puts_the_frame_away_and_enter_is_the_screens_again(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1280, 800), seed=3)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    _tab_to(d, menu.button("rules"))
    d.click((5, 790))  # the felt, no widget
    assert d.app.focus.element is None
    d.key(pygame.K_RETURN)
    d.frames(2)
    assert d.app.scene is menu  # Enter did not press the button the frame had been on


def test_tab_leaves_the_code_field_and_enter_then_presses_the_button(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1280, 800), seed=3)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    d.click(menu.code_entry.get_abs_rect().center)
    assert menu.code_entry.is_focused
    d.key(pygame.K_TAB)
    assert not menu.code_entry.is_focused and d.app.focus.element is not None
    assert d.app.focus.element is not menu.code_entry  # the round went on from the field


def test_tab_into_a_text_field_takes_the_typing(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1280, 800), seed=3)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    _tab_to(d, menu.code_entry)
    assert menu.code_entry.is_focused  # framed and typing, as if clicked
    d.post(pygame.TEXTINPUT, text="a")
    d.frames()
    assert menu.code_entry.get_text() == "a"
    d.key(pygame.K_TAB)
    assert not menu.code_entry.is_focused and d.app.focus.element is not menu.code_entry


def test_a_message_window_keeps_the_keys_to_itself(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1280, 800), seed=3)
    box = MessageBox(d.app.manager, "Проверка", "Текст", d.app.screen.get_size())
    d.frames()
    reach = focusable(d.app.focus_scope())
    assert reach == [box.window.dismiss_button]  # not the menu's buttons under it
    d.key(pygame.K_TAB)
    d.key(pygame.K_SPACE)
    d.frames(2)
    assert not box.window.alive()  # «Ясно» pressed with the keyboard


def test_tab_and_space_answer_the_bidding_panel_at_the_table(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1280, 800), seed=3)
    options = GameOptions(bot_level="random", seed=5, first_dealer="bot")  # the player speaks first
    ctl = GameController.new_game(d.app.paths, options, **d.app.controller_kwargs())
    d.app.switch(TableScene(d.app, ctl))
    table = d.app.scene
    assert isinstance(table, TableScene)
    panel = table.decisions.panel
    for _ in range(100):  # the deal flies in (the real clock), then the panel comes
        d.tick()
        if panel.buttons:
            break
    assert ctl.human_to_act()
    passing = next(btn for btn, payload in panel.buttons.items() if getattr(payload, "kind", None) is Kind.PASS)
    _tab_to(d, passing)
    before = len(ctl.match.current.history) if ctl.match.current else 0
    d.key(pygame.K_SPACE)
    d.frames(3)
    deal = ctl.match.current
    assert deal is not None and len(deal.history) > before
    assert deal.history[before][1].kind is Kind.PASS
    d.frames(3)
    assert d.app.focus.element is None  # the answered panel took the frame with it: a second Space presses nothing
    # (in a real window the frame had jumped to «Меню» in the button's turn of the round)


def test_the_focus_frame_is_drawn_in_gold_around_the_button(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1280, 800), seed=3)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    rules = menu.button("rules")
    _tab_to(d, rules)
    d.frames()
    r = rules.get_abs_rect().inflate(8, 8)
    assert d.app.screen.get_at((int(r.centerx), int(r.top))) == pygame.Color(255, 226, 150)


def test_under_the_help_the_keys_are_the_helps(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1280, 800), seed=3)
    ctl = GameController.new_game(d.app.paths, GameOptions(bot_level="random", seed=5, first_dealer="bot"))
    d.app.switch(TableScene(d.app, ctl))
    table = d.app.scene
    assert isinstance(table, TableScene)
    for _ in range(100):
        d.tick()
        if table.decisions.panel.buttons:
            break
    d.key(pygame.K_TAB)
    assert d.app.focus.element is not None
    d.key(pygame.K_F1)
    assert table.help_open and focusable(d.app.focus_scope()) == []
    d.key(pygame.K_SPACE)
    d.frames(2)
    assert not table.help_open and ctl.human_to_act()  # Space closed the help; no answer was given under it


def test_the_menus_question_keeps_tab_to_its_answers(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1280, 800), seed=3)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    menu.ask_quit()
    d.frames()
    assert menu.question_panel is not None
    answers = set(menu.question_panel.buttons)
    assert set(focusable(d.app.focus_scope())) == answers
    for _ in range(len(answers)):
        d.key(pygame.K_TAB)
        assert d.app.focus.element in answers
    stay = next(btn for btn, payload in menu.question_panel.buttons.items() if payload == "stay")
    _tab_to(d, stay)
    d.key(pygame.K_RETURN)  # Enter alone means «выйти»; on the framed «Остаться» it stays
    d.frames(2)
    assert d.app.running and not menu.asking_quit
