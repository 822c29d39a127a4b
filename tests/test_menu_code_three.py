"""A deal code typed on the new-game screen starts a game for the code's number of players, whatever «Игроки»
says: a code for three gives three seats, a two-player code stays two (real clicks and typed characters)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random
from pathlib import Path

import pygame
from ui_driver import Driver, choose, option_pairs

from game.cards import shuffled_deck
from game.export import deal_code
from ui.scenes.menu import MenuScene
from ui.scenes.table import TableScene


def _type_code_and_start(d: Driver, code: str) -> TableScene:
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    d.click(menu.code_entry.get_abs_rect().center)
    for ch in code.lower():  # typed as a player would, in lower case (the code forgives it)
        d.post(pygame.TEXTINPUT, text=ch)
        d.frames()
    assert menu.code_entry.get_text() == code.lower()
    d.click(menu.button_rect("new").center)
    table = d.app.scene
    assert isinstance(table, TableScene)
    return table


def test_a_code_for_three_typed_with_two_players_chosen_starts_three(tmp_path: Path) -> None:
    deck = shuffled_deck(random.Random(3))
    d = Driver(tmp_path, size=(1280, 800), seed=1)
    assert d.app.settings.players == 2
    t = _type_code_and_start(d, deal_code(deck, 1, "kharkov", players=3))
    match = t.ctl.match
    assert match.rules.players == 3 and match.rules.name == "kharkov"
    assert list(match.deals[0].deck) == deck and match.deals[0].dealer == 1
    assert t.model.view.players == 3 and sorted(t.ctl.bots) == [1, 2]
    assert set(t.geo.opp_areas) == {1, 2}


def test_a_two_player_code_stays_two_with_three_chosen(tmp_path: Path) -> None:
    deck = shuffled_deck(random.Random(4))
    d = Driver(tmp_path, size=(1280, 800), seed=1)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    choose(d, menu.fields["players"], "трое: вы и два соперника")
    assert d.app.settings.players == 3
    t = _type_code_and_start(d, deal_code(deck, 0, "moscow"))
    match = t.ctl.match
    assert match.rules.players == 2 and match.rules.name == "moscow"
    assert list(match.deals[0].deck) == deck and match.deals[0].dealer == 0
    assert t.model.view.players == 2 and sorted(t.ctl.bots) == [1]


def test_the_new_game_screen_for_three_offers_only_what_three_can_play(tmp_path: Path) -> None:
    """Issue 22: for three the screen offered «одна сдача» and presets it then refused; now they are not offered,
    and the rules page for three says why."""
    import json

    from ui.scenes.menu import MenuScene
    from ui.scenes.rules import rule_sentences, rules_for

    (tmp_path / "settings.json").write_text(json.dumps({"players": 3, "preset": "club"}), "utf-8")
    d = Driver(tmp_path, size=(1280, 800))
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    presets = [value for _, value in option_pairs(menu.fields["preset"])]
    targets = [value for _, value in option_pairs(menu.fields["target"])]
    assert presets == ["moscow", "kharkov", "book", "yellowclub"] and "0" not in targets
    assert menu.choice("preset") == "moscow"  # the club's rules name one вистующий: not for three
    lines = [s for _, rows in rule_sentences(rules_for("moscow", 501, "guided", 3)) for _, s in rows]
    assert any(s.startswith("Втроём не играют в одну сдачу, «даве»") for s in lines)


def test_a_blank_deal_code_says_what_it_means(tmp_path: Path) -> None:
    """The field showed «XXXXX-XXXXX-…»: a newcomer could not tell whether it had to be filled. Blank, it says the
    deal will be a random one, and so it is."""
    d = Driver(tmp_path, size=(1280, 800), seed=1)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    assert menu.code_entry.placeholder_text == "пусто — случайная сдача"
    d.click(menu.button_rect("new").center)
    assert isinstance(d.app.scene, TableScene)
    d.app.scene.ctl.close()


def test_for_three_the_right_opponent_may_deal_first(tmp_path: Path) -> None:
    """«Первым сдаёт» offered «вы / соперник слева / жребий» for three: the right opponent could not deal first.
    Chosen, he does; back at two players the choice reads «соперник» (the one opponent)."""
    d = Driver(tmp_path, size=(1280, 800), seed=1)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    choose(d, menu.fields["players"], "трое: вы и два соперника")
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    assert [text for text, _ in option_pairs(menu.fields["first_dealer"])] == [
        "вы",
        "соперник слева",
        "соперник справа",
        "жребий",
    ]
    choose(d, menu.fields["first_dealer"], "соперник справа")
    d.click(menu.button_rect("new").center)
    table = d.app.scene
    assert isinstance(table, TableScene)
    assert table.ctl.match.first_dealer == 2 and table.ctl.match.deals[0].dealer == 2
    table.ctl.close()
    menu = MenuScene(d.app)
    d.app.switch(menu)
    choose(d, menu.fields["players"], "двое: вы и соперник")
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    assert [v for _, v in option_pairs(menu.fields["first_dealer"])] == ["human", "bot", "random"]
    assert menu.choice("first_dealer") == "bot"


def test_the_code_field_takes_enter_and_esc_and_keeps_its_text_across_a_resize(tmp_path: Path) -> None:
    """Enter in the field did nothing; Esc there asked «Выйти из игры?» (and Enter then quit); F11 or a resize
    wiped what was typed. Enter starts the deal the code names, Esc leaves the field, a resize keeps the text."""
    code = deal_code(shuffled_deck(random.Random(5)), 1)
    d = Driver(tmp_path, size=(1280, 800), seed=1)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    d.click(menu.code_entry.get_abs_rect().center)
    menu.code_entry.set_text("xyz")
    menu.resize()
    assert menu.code_entry.get_text() == "xyz"
    d.click(menu.code_entry.get_abs_rect().center)
    d.key(pygame.K_ESCAPE)
    assert not menu.asking_quit and not menu.code_entry.is_focused
    menu.code_entry.set_text(code)
    d.click(menu.code_entry.get_abs_rect().center)
    d.key(pygame.K_RETURN)
    d.frames(2)
    table = d.app.scene
    assert isinstance(table, TableScene) and list(table.ctl.match.deals[0].deck) == shuffled_deck(random.Random(5))
    table.ctl.close()


def test_enter_in_the_menu_goes_back_to_the_game_in_progress(tmp_path: Path) -> None:
    """Esc from the table goes to the menu; the menu took no key back (Enter and Space did nothing). Enter is
    «Продолжить» while there is a game to continue, and nothing else without one."""
    d = Driver(tmp_path, size=(1280, 800), seed=1)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    d.key(pygame.K_RETURN)  # no game in progress: Enter starts nothing
    assert d.app.scene is menu
    d.click(menu.button_rect("new").center)
    table = d.app.scene
    assert isinstance(table, TableScene)
    d.frames(3)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, MenuScene)
    d.key(pygame.K_RETURN)
    assert isinstance(d.app.scene, TableScene)
    d.app.scene.ctl.close()
