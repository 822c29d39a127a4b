"""The characters on the new-game screen, with real pygame events: offered for two (not for three, which says so),
their line under «Соперник» (emblem, description, measured rating) fits, and a game started against one is
recorded with it, replays, and counts in the statistics and the rating."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
from pathlib import Path

import pygame_gui
import pytest
from ui_driver import Driver, choose, option_pairs

from game import rating
from game.bots.base import make_player
from game.bots.characters import CHARACTER_KEYS, character_ratings, match_level
from game.bots.knob_hard import HardKnob
from game.bots.medium import MediumBot
from game.record import load, replay
from game.services.stats.figures import compute
from ui.fonts import font
from ui.scenes.menu import MenuScene
from ui.scenes.table import TableScene


def menu_of(d: Driver) -> MenuScene:
    assert isinstance(d.app.scene, MenuScene)
    return d.app.scene


def offered(dropdown: pygame_gui.elements.UIDropDownMenu) -> list[str]:
    return [str(o[1]) for o in dropdown.options_list]


def rating_read(d: Driver, menu: MenuScene) -> None:
    """Wait for the thread that reads the player's rating for Ровня's line (every game when there is no cache: «…»
    until then), and let the menu fill the line."""
    if menu._rating_thread is not None:
        menu._rating_thread.join()
    d.frames(2)


def note(menu: MenuScene) -> str:
    assert menu.opponent_note is not None
    return str(menu.opponent_note.text)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_characters_are_offered_for_two_with_their_line(tmp_path: Path, lang: str, size: tuple[int, int]) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"language": lang}), "utf-8")
    d = Driver(tmp_path, size=size)
    menu = menu_of(d)
    assert offered(menu.fields["bot_level"])[4:] == [*CHARACTER_KEYS, "rovnya"]
    names = {"ru": ("⚡ Жора Лихой — рискует", "рейтинг"), "en": ("⚡ Zhora the Daring — risky", "rating")}[lang]
    choose(d, menu.fields["bot_level"], names[0])
    assert d.app.settings.bot_level == "bold"
    line = note(menu)
    assert line.startswith("⚡") and f"{names[1]} {round(character_ratings()['bold'])}" in line
    assert menu.opponent_note is not None
    room = menu.opponent_note.get_abs_rect()
    assert font(getattr(menu.opponent_note.font, "point_size")).size(line)[0] <= room.w  # noqa: B009  # not in the interface
    assert room.bottom <= menu.fields["first_dealer"].get_abs_rect().top  # under its field, above the next
    assert max(b.get_abs_rect().bottom for b in menu.buttons) <= size[1]  # the buttons stay in the window


def test_for_three_each_opponent_is_chosen_and_its_line_has_no_rating(tmp_path: Path) -> None:
    """Three players (issue 25): a field for each opponent offers the levels, the characters and Ровня; both open
    on the one chosen for two; a character's line is its style, a level's says its rating is for two, Ровня's that
    she plays at the player's two-player rating — and the game starts her at it."""
    (tmp_path / "settings.json").write_text(json.dumps({"bot_level": "careful"}), "utf-8")
    d = Driver(tmp_path, size=(1024, 640))
    menu = menu_of(d)
    assert menu.fields["bot_level"].selected_option[1] == "careful"
    choose(d, menu.fields["players"], "трое: вы и два соперника")
    menu = menu_of(d)
    for key in ("bot_left", "bot_right"):
        assert offered(menu.fields[key])[4:] == [*CHARACTER_KEYS, "rovnya"]
        assert menu.fields[key].selected_option[1] == "careful"
    style = "⚖ Играет наверняка, бережёт козыри"
    assert [str(n.text) for n in menu.opponent_notes.values()] == [style] * 2
    choose(d, menu.fields["bot_right"], "средний — считает карты")
    assert str(menu.opponent_notes["bot_right"].text) == "Рейтинг для игры вдвоём: 1500"
    assert menu.game_options().bot_levels == ("careful", "medium")
    choose(d, menu.fields["bot_left"], "☯ Ровня — в вашу силу")
    rating_read(d, menu)
    note = menu.opponent_notes["bot_left"]
    assert str(note.text) == "☯ Играет в вашу силу · рейтинг вдвоём 1500"  # a new player starts at 1500
    screen = d.app.screen.get_rect()
    assert screen.contains(note.get_abs_rect())
    assert note.get_abs_rect().bottom <= menu.fields["bot_right"].get_abs_rect().top
    assert menu.game_options().bot_levels == (match_level(1500), "medium")
    d.click(menu.button_rect("new").center)
    table = d.app.scene
    assert isinstance(table, TableScene)
    bot = getattr(table.ctl.bots[1], "bot", None)  # at 1500, a little above medium: hard3 in a share, else medium3
    assert isinstance(bot, HardKnob) and 0 < bot.share < 0.1 and table.ctl.levels[1] == match_level(1500)
    d.frames(2)
    assert table.painter.label_texts[1].startswith("☯ Ровня слева")
    table.ctl.close()


def test_a_game_against_a_character_is_recorded_replayed_and_counted(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"target": 0}), "utf-8")  # one deal: a finished game fast
    d = Driver(tmp_path, size=(1024, 640), seed=11)
    assert menu_of(d).one_deal()
    choose(d, menu_of(d).fields["bot_level"], "☕ Тётя Валя — попроще")
    d.click(menu_of(d).button_rect("new").center)
    assert isinstance(d.app.scene, TableScene)
    ctl = d.app.scene.ctl
    assert ctl.meta["bot_level"] == "simple"
    bot = ctl.bots[1]
    assert isinstance(bot, MediumBot) and bot.slip == 0.2  # the character itself sits at the table
    me = make_player("medium", 5)
    for _ in range(500):
        if ctl.match.over is not None:
            break
        if ctl.human_to_act():
            ctl.submit(me.choose(ctl.model().view))
        else:
            ctl.poll(False)
    assert ctl.match.over is not None and ctl.finished_path is not None
    record = load(ctl.finished_path)
    assert record.meta["bot_level"] == "simple"
    assert replay(record).over == ctl.match.over
    s = compute(tmp_path)
    won = ctl.match.over.winner == 0
    assert s.by_level["simple"].games == 1 and s.by_level["simple"].wins == int(won)
    assert s.rating == rating.update(rating.Rating(), character_ratings()["simple"], 1.0 if won else 0.0)


def test_rovnya_is_offered_at_the_players_rating_and_the_game_keeps_it(tmp_path: Path) -> None:
    from test_stats import put

    put(tmp_path, "moscow-bait", seat=0, level="medium")  # one lost game: the rating is below 1500 now
    you = compute(tmp_path).rating.value
    assert you < 1490
    d = Driver(tmp_path, size=(1024, 640), seed=12)
    menu = menu_of(d)
    choose(d, menu.fields["bot_level"], "☯ Ровня — в вашу силу")
    assert d.app.settings.bot_level == "rovnya"
    asked = match_level(you)
    rating_read(d, menu)
    assert note(menu).startswith("☯") and f"рейтинг сейчас {asked.split(':')[1]}" in note(menu)
    d.click(menu_of(d).button_rect("new").center)
    assert isinstance(d.app.scene, TableScene)
    ctl = d.app.scene.ctl
    assert ctl.meta["bot_level"] == asked
    bot = ctl.bots[1]
    assert isinstance(bot, MediumBot) and 0 < bot.slip < 1


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_opponents_line_fits_under_its_field(tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    """A player's pass: under Пётр Саввич the line read «⚖ Играет только с сильной картой, бережёт козыри · рейтинг
    13» — the rating cut at the field's edge. Every opponent's line fits its width."""
    (tmp_path / "settings.json").write_text(json.dumps({"language": lang}), "utf-8")
    d = Driver(tmp_path, size=size)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    field = menu.fields["bot_level"]
    for _, value in option_pairs(field):
        choose(d, field, next(text for text, v in option_pairs(field) if v == value))
        rating_read(d, menu)
        note = menu.opponent_note
        assert note is not None and note.font is not None
        width = note.font.size(note.text)[0]
        assert width <= note.rect.w - 4, (value, note.text, width, note.rect.w)
        field = menu.fields["bot_level"]
