"""Characters at the three-player table (issue 25), with real pygame events: two chosen on the new-game screen by
clicks, the table naming them (the seats' labels, the move log), the partner said once the contract is made, the
record keeping each seat's bot (``meta.bot_levels``), the replay and the statistics reading them; and a
two-player game against a character named at the table."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
import random
import re
from pathlib import Path

import pygame
import pytest
from test_ui_three import play_to_the_end
from ui_driver import Driver, choose, texts_drawn

from game.actions import Kind
from game.bots.characters import CHARACTER_KEYS
from game.bots.factory import make_bot
from game.bots.medium import MediumBot
from game.record import head_of, load, loads, seat_levels
from game.services.stats.figures import compute
from ui.controller import GameController, GameOptions
from ui.fonts import font
from ui.i18n import tr
from ui.paths import Paths
from ui.replays import RecordEntry, bot_levels
from ui.scenes.menu import MenuScene
from ui.scenes.replay.names import SeatNames
from ui.scenes.replay.preview import opponent_words
from ui.scenes.table import TableScene
from ui.seat_words import card_bait_words, tr_about
from ui.widgets.scoresheet import named_line


def menu_of(d: Driver) -> MenuScene:
    assert isinstance(d.app.scene, MenuScene)
    return d.app.scene


def three_with_characters(d: Driver, left: str, right: str) -> MenuScene:
    """The two opponents chosen by their names (the options say a word of style after them: «⚡ Жора Лихой —
    рискует»)."""
    choose(d, menu_of(d).fields["players"], "трое: вы и два соперника")
    labels = {tr(f"level_choice_{key}").split(" — ")[0]: tr(f"level_choice_{key}") for key in CHARACTER_KEYS}
    choose(d, menu_of(d).fields["bot_left"], labels.get(left, left))
    choose(d, menu_of(d).fields["bot_right"], labels.get(right, right))
    return menu_of(d)


def test_two_characters_chosen_by_clicks_sit_at_the_table_named(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1024, 640), seed=31)
    menu = three_with_characters(d, "⚡ Жора Лихой", "☕ Тётя Валя")
    screen = pygame.Rect((0, 0), d.app.screen.get_size())
    for key, field in menu.fields.items():  # the form (two opponents, their lines) still fits 1024×640
        assert screen.contains(field.get_abs_rect()), key
    left, right = menu.opponent_notes["bot_left"], menu.opponent_notes["bot_right"]
    assert str(left.text).startswith("⚡ ") and "рейтинг" not in str(left.text)  # a two-player figure: not shown
    assert str(right.text).startswith("☕ ")
    assert left.get_abs_rect().bottom <= menu.fields["bot_right"].get_abs_rect().top
    assert right.get_abs_rect().bottom <= menu.fields["first_dealer"].get_abs_rect().top
    s = d.app.settings
    assert (s.players, s.bot_level_left, s.bot_level_right) == (3, "bold", "simple")
    d.click(menu.button_rect("new").center)
    assert isinstance(d.app.scene, TableScene)
    t = d.app.scene
    ctl = t.ctl
    assert ctl.levels == {1: "bold", 2: "simple"}
    assert ctl.meta["bot_level"] == "bold" and ctl.meta["bot_levels"] == ["", "bold", "simple"]
    left_bot, right_bot = (getattr(ctl.bots[s], "bot", None) for s in (1, 2))  # medium's three-player strategy
    assert isinstance(left_bot, MediumBot) and isinstance(right_bot, MediumBot)
    assert left_bot.order_threshold == 34.0 and right_bot.slip == 0.2  # over each seat's own character
    me = make_bot("medium", 3, 5)
    seen = {"before": 0, "defending": 0, "bidding": 0}
    first_deal = None
    for _ in range(3000):
        if ctl.match.over is not None or (seen["defending"] and seen["before"] and len(ctl.match.deals) > 1):
            break
        d.frames(1)
        labels = t.painter.label_texts
        assert labels[1].startswith("⚡ Жора Лихой слева") and labels[2].startswith("☕ Тётя Валя справа")
        view = ctl.model().view
        partnered = [s for s in (1, 2) if "партнёр" in labels[s]]
        if view.bidder is None:
            seen["before"] += 1
            assert not partnered  # no partner before the contract
        elif view.bidder == 0:
            seen["bidding"] += 1
            assert not partnered  # the bidder plays alone
        else:
            seen["defending"] += 1
            assert partnered == [3 - view.bidder]  # the other вистующий
            assert " · партнёр" in labels[3 - view.bidder]
        if ctl.match.current is None or ctl.to_act() is None:
            if first_deal is None:
                first_deal = [text for text, _ in t.movelog.lines]
            ctl.start_deal()
            t.sync()
            continue
        if ctl.human_to_act():
            legal = ctl.model().view.legal
            action = me.choose(ctl.model().view)
            ctl.submit(action if action in legal else legal[0])
        else:
            ctl.poll(False)
        t.sync()
    assert seen["before"] and seen["defending"], seen
    assert t.sheet.head_texts == ["Вы", "Слева", "Справа"]  # at 1024×640 «☕ Справа» would be tiny: no emblems
    lines = first_deal or [text for text, _ in t.movelog.lines]
    assert any(line.startswith(("⚡ Жора Лихой слева: ", "☕ Тётя Валя справа: ")) for line in lines), lines
    assert not any("Соперник" in line for line in lines)
    # the record keeps each seat's bot; the replay names them as the table did
    record = load(tmp_path / "current.json")
    assert seat_levels(record.meta, 3) == ["", "bold", "simple"]
    names = SeatNames(record, 0)
    assert (names.speaker(1), names.speaker(2)) == ("⚡ Жора Лихой слева", "☕ Тётя Валя справа")
    entry = RecordEntry(tmp_path / "current.json", "current", head=head_of(record))
    assert bot_levels(entry) == ["bold", "simple"]
    assert opponent_words(entry, short=True) == "Жора Лихой, Тётя Валя"


def test_a_finished_game_of_three_counts_under_each_character(tmp_path: Path) -> None:
    """The statistics of three group by opponent: a game against ⚡ and ☕ counts under each (like a level)."""
    opts = GameOptions(
        seed=21, first_dealer="random", players=3, target=101, bot_level="bold", bot_levels=("bold", "simple")
    )
    ctl = GameController.new_game(Paths.resolve(tmp_path), opts, inline_bots=True)
    play_to_the_end(ctl, random.Random(5), 3000)
    assert ctl.match.over is not None and ctl.finished_path is not None
    ctl.close()
    record = load(ctl.finished_path)
    assert record.meta["bot_levels"] == ["", "bold", "simple"]
    stats = compute(tmp_path).three
    assert stats is not None
    assert stats.by_level["bold"].games == 1 and stats.by_level["simple"].games == 1
    assert "medium" not in stats.by_level


@pytest.mark.parametrize(("size", "dealer"), [((1920, 1080), "сдаёт ⚖ Пётр Саввич"), ((1024, 640), "сдаёт ⚖ Саввич")])
def test_two_players_against_a_character_the_label_names_it(tmp_path: Path, size: tuple[int, int], dealer: str) -> None:
    """The label and the status name him; the sheet's line on who deals too, beside the deal's number: in full
    where it fits, else by his short name (the first dealer is the opponent, as the menu's default)."""
    (tmp_path / "settings.json").write_text(json.dumps({"bot_level": "careful"}), "utf-8")
    d = Driver(tmp_path, size=size, seed=32)
    d.click(menu_of(d).button_rect("new").center)
    assert isinstance(d.app.scene, TableScene)
    t = d.app.scene
    d.frames(2)
    assert t.painter.label_texts[1].startswith("⚖ Пётр Саввич")
    assert t.name_of(1) == "⚖ Пётр Саввич"
    assert t.ctl.model().view.dealer == 1 and t.sheet.dealer_text == dealer
    assert "bot_levels" not in t.ctl.meta  # two players: ``bot_level`` alone, as always
    t.ctl.close()


def test_a_narrow_sheet_says_who_deals_by_a_shorter_name_unless_two_seats_share_it() -> None:
    """For three at 1024×640 «сдаёт ⚡ Жора Лихой слева» does not fit beside «Сдача 2»: the sheet said «сдаёт:
    слева». It names him shorter, by his name without the side, then «⚡ Жора»; two Жоры at the table are told apart
    only by the side, so then no name (the caller says «сдаёт: слева»)."""
    pygame.font.init()
    levels = {1: "bold", 2: "simple"}
    wide = named_line("dealer_named", 0, 1, 3, levels, 16, 1000)
    assert wide == "сдаёт ⚡ Жора Лихой слева"
    without_side = named_line("dealer_named", 0, 1, 3, levels, 16, font(14).size("сдаёт ⚡ Жора Лихой")[0])
    assert without_side == "сдаёт ⚡ Жора Лихой"
    assert named_line("dealer_named", 0, 1, 3, levels, 16, font(14).size("сдаёт ⚡ Жора")[0]) == "сдаёт ⚡ Жора"
    assert named_line("dealer_named", 0, 2, 3, levels, 16, 140) == "сдаёт ☕ Тётя Валя"
    assert named_line("dealer_named", 0, 1, 3, {1: "bold", 2: "bold"}, 16, 140) is None
    assert named_line("dealer_named", 0, 1, 3, {1: "medium", 2: "bold"}, 16, 1000) is None  # a level: by its side


def test_without_characters_the_partner_is_the_partner_on_its_side(tmp_path: Path) -> None:
    """Levels keep today's words; once a bot's contract is made, the other bot is «Партнёр слева» / «справа»."""
    from ui.seats import partner_of, seat_names

    assert seat_names(0, 3, levels={1: "medium", 2: "hard"}) == {0: "Вы", 1: "Соперник слева", 2: "Соперник справа"}
    assert seat_names(0, 2, levels={1: "rovnya:1432"})[1] == "☯ Ровня"
    assert [partner_of(0, b, 3) for b in (None, 0, 1, 2)] == [None, None, 2, 1]
    assert partner_of(0, 1, 2) is None  # two players: no partner
    d = Driver(tmp_path, size=(1024, 640), seed=33)
    menu = three_with_characters(d, "лёгкий — для начала", "случайный — ходит наугад")
    d.click(menu.button_rect("new").center)
    assert isinstance(d.app.scene, TableScene)
    t = d.app.scene
    ctl = t.ctl
    assert ctl.meta["bot_levels"] == ["", "easy", "random"] and ctl.meta["bot_level"] == "easy"
    for _ in range(3000):
        view = ctl.model().view
        if view.bidder not in (None, 0) and view.phase.name == "PLAY":
            break
        if ctl.match.current is None or ctl.to_act() is None:
            ctl.start_deal()
        elif ctl.human_to_act():
            legal = view.legal
            ctl.submit(next((a for a in legal if a.kind is Kind.PASS), None) or legal[0])
        else:
            ctl.poll(False)
        t.sync()
    view = ctl.model().view
    assert view.bidder in (1, 2)
    d.frames(1)
    other = 3 - view.bidder
    assert t.painter.label_texts[other].startswith("Партнёр слева" if other == 1 else "Партнёр справа")
    assert t.painter.label_texts[view.bidder].startswith("Соперник")
    ctl.close()


def test_a_deal_code_and_the_same_deal_again_keep_each_seats_bot(tmp_path: Path) -> None:
    """A three-player deal code started from the screen, and «Ещё раз эту сдачу» from its record: each seat's
    character as chosen."""
    from game.cards import shuffled_deck
    from game.export import deal_code
    from ui.scenes.replay.handover import TableHandover

    d = Driver(tmp_path, size=(1024, 640), seed=34)
    menu = three_with_characters(d, "☕ Тётя Валя", "⚖ Пётр Саввич")
    code = deal_code(shuffled_deck(random.Random(3)), 1, "moscow", players=3)
    menu.code_entry.set_text(code)
    d.click(menu.button_rect("new").center)
    assert isinstance(d.app.scene, TableScene)
    ctl = d.app.scene.ctl
    assert ctl.levels == {1: "simple", 2: "careful"} and ctl.meta["deal_code"]
    record = ctl.record()
    ctl.close()
    again = TableHandover(d.app, record, None).again(0, 0)
    assert again.ctl.levels == {1: "simple", 2: "careful"}
    again.ctl.close()


def test_another_game_seats_the_same_two(tmp_path: Path) -> None:
    """«Ещё партию» after a game of three: the same opponent in each seat."""
    d = Driver(tmp_path, size=(1024, 640), seed=35)
    d.click(three_with_characters(d, "⚖ Пётр Саввич", "⚡ Жора Лихой").button_rect("new").center)
    t = d.app.scene
    assert isinstance(t, TableScene)
    t.play_again()
    again = d.app.scene
    assert isinstance(again, TableScene) and again is not t
    assert again.ctl.levels == {1: "careful", 2: "bold"}
    assert again.ctl.meta["bot_levels"] == ["", "careful", "bold"]
    again.ctl.close()


@pytest.mark.parametrize("levels", [("simple", "rovnya:1100"), ("rovnya:1100",)])
def test_another_game_asks_rovnya_the_players_rating_again_in_her_seat(tmp_path: Path, levels: tuple[str, ...]) -> None:
    """«Ещё партию» starts a Ровня at the player's rating now (a new player: 1500, held to her top), in whichever
    seat she sat — for three she was the right opponent, and the left one stays who he was."""
    from game.bots.characters import match_level

    d = Driver(tmp_path, size=(1024, 640), seed=36)
    opts = GameOptions(seed=1, players=len(levels) + 1, target=301, bot_level=levels[0], bot_levels=levels)
    t = TableScene(d.app, GameController.new_game(d.app.paths, opts, **d.app.controller_kwargs()))
    d.app.switch(t)
    assert t.ctl.levels[len(levels)] == "rovnya:1100"
    t.play_again()
    again = d.app.scene
    assert isinstance(again, TableScene) and again is not t
    assert again.ctl.levels == {**t.ctl.levels, len(levels): match_level(1500)}
    again.ctl.close()


def test_the_records_bots_by_seat_old_and_new() -> None:
    """``meta.bot_levels`` is read by seat; a record without it (every older one) means ``bot_level`` for every
    bot; a list of the wrong length or not of strings is refused at the door, as any typed meta field."""
    import pytest

    from game.errors import RecordError
    from game.record import from_json, levels_meta, to_json

    assert seat_levels({"bot_level": "hard"}, 3) == ["hard"] * 3
    assert seat_levels({"bot_level": "bold", "bot_levels": ["", "bold", "simple"]}, 3) == ["", "bold", "simple"]
    assert seat_levels({"bot_level": "bold", "bot_levels": ["", "bold"]}, 3) == ["bold"] * 3  # not by seat: ignored
    assert levels_meta(["", "bold", "bold"], 0) == {"bot_level": "bold"}  # alike: as before
    assert levels_meta(["", "medium", "simple"], 0) == {"bot_level": "medium", "bot_levels": ["", "medium", "simple"]}
    assert levels_meta(["simple", "", "bold"], 1) == {"bot_level": "bold", "bot_levels": ["simple", "", "bold"]}
    opts = GameOptions(seed=1, players=3, target=301, bot_levels=("simple", "careful"))
    ctl = GameController.new_game(Paths.resolve(Path("/nonexistent")), opts, inline_bots=True, autosave=False)
    data = to_json(ctl.record())
    assert from_json(data).meta["bot_levels"] == ["", "simple", "careful"]
    for bad in (["", "simple"], ["", "simple", 3], "simple"):
        with pytest.raises(RecordError, match="bot_levels"):
            from_json({**data, "meta": {**data["meta"], "bot_levels": bad}})
    ctl.close()


def test_the_longest_named_labels_keep_clear_of_each_other_at_1024x640(tmp_path: Path) -> None:
    """A character both dealer and bidder («⚡ Жора Лихой слева · сдающий · играющий») is drawn a little smaller
    rather than run into the right opponent's label or under the sheet."""
    from ui.fonts import font
    from ui.i18n import tr

    d = Driver(tmp_path, size=(1024, 640))
    t = d.start_table(GameOptions(seed=3, players=3, bot_level="bold", bot_levels=("bold", "careful")))
    d.frames(2)
    geo = t.geo
    right_x = geo.label_pos(2)[0]
    for seat, limit in ((1, right_x), (2, geo.play.right)):
        text = f"{t.name_of(seat)} · {tr('role_dealer')} · {tr('role_bidder')}"
        size = t.painter.label_size(geo, seat, text)
        assert geo.label_pos(seat)[0] + font(size, bold=True).size(text)[0] + 14 <= limit, (seat, size)
    assert t.painter.label_size(geo, 0, tr("you")) == geo.label_size  # a short label keeps the table's size
    t.ctl.close()


def test_a_named_seat_under_the_last_tricks_card_goes_on_two_lines() -> None:
    from ui.scenes.table.drawing import name_lines

    assert name_lines("Вы", 13, 80) == (["Вы"], 13)
    lines, size = name_lines("⚡ Жора Лихой справа", 13, 80)
    assert lines == ["⚡ Жора Лихой", "справа"] and size >= 10


def test_the_replays_narrow_list_shortens_a_character_by_its_words_not_to_initials() -> None:
    """The replay's list at 1024×640 shortened «⚡ Жора Лихой слева» to «⚡ Ж. Л. с.»; now it drops words from the
    end, keeping the emblem («⚡ Жора Лихой», «⚡ Жора»), and never to a form another seat also reads as."""
    from ui.scenes.replay.action_list import ActionList, name_forms
    from ui.widgets.lists import row_width

    pygame.init()
    assert name_forms("⚡ Жора Лихой слева") == ["⚡ Жора Лихой", "⚡ Жора", "⚡"]
    assert name_forms("Александра Константиновна") == ["Александра К.", "Александра", "А. К."]
    assert name_forms("Анна") == ["А."]
    assert name_forms("Вероника") == ["Вер."] and name_forms("Вера") == []  # «В.:» reads as «Вы:»

    def shortened(levels: tuple[str, str], room_for: str) -> str:
        opts = GameOptions(seed=1, players=3, target=301, bot_levels=levels)
        ctl = GameController.new_game(Paths.resolve(Path("/nonexistent")), opts, inline_bots=True, autosave=False)
        names = SeatNames(ctl.record(), 0)
        ctl.close()
        item = f"7. {names.speaker(1)}: играю ♠ пики"
        return ActionList(names).shortened([item], row_width(f"7. {room_for}: играю ♠ пики"))[0]

    assert shortened(("bold", "simple"), "⚡ Жора Лихой") == "7. ⚡ Жора Лихой: играю ♠ пики"
    assert shortened(("bold", "simple"), "⚡ Жора") == "7. ⚡ Жора: играю ♠ пики"
    assert shortened(("bold", "bold"), "⚡ Жора Лихой") == "7. ⚡ Жора Лихой слева: играю ♠ пики"  # two Жоры
    assert shortened(("bold", "simple"), "⚡") == "7. ⚡: играю ♠ пики"  # the emblem alone where the row then fits
    # a row cut in any form keeps a word: «⚡:» on every row of the deal said nothing of whom (1024×640)
    assert shortened(("bold", "simple"), "") == "7. ⚡ Жора: играю ♠ пики"


def test_the_replays_sheet_heads_a_characters_column_with_its_emblem(tmp_path: Path) -> None:
    """The replay viewer's score sheet names the columns as the table's does («⚡ Слева», «☕ Справа»)."""
    from ui.scenes.replay import ReplayScene

    d = Driver(tmp_path, size=(1920, 1080), seed=37)
    opts = GameOptions(seed=2, players=3, target=301, bot_level="bold", bot_levels=("bold", "simple"))
    ctl = GameController.new_game(d.app.paths, opts, inline_bots=True, autosave=False)
    for _ in range(6):
        if ctl.human_to_act():
            ctl.submit(ctl.model().view.legal[0])
        else:
            ctl.poll(False)
    record = ctl.record()
    ctl.close()
    viewer = ReplayScene(d.app, record, pos=3)
    d.app.switch(viewer)
    d.frames(2)
    assert viewer.sheet.head_texts == ["Вы", "⚡ Слева", "☕ Справа"]


def test_the_deal_summary_names_the_characters_in_case_and_gender(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The end-of-deal paper names a character as the log does, its verb agreeing («Играла ☕ Тётя Валя справа»),
    never «соперник слева» for a seat that has a name."""
    from ui import fonts
    from ui.widgets import summary

    d = Driver(tmp_path, size=(1280, 800), seed=31)
    three_with_characters(d, "⚡ Жора Лихой", "☕ Тётя Валя")
    d.click(menu_of(d).button_rect("new").center)
    t = d.app.scene
    assert isinstance(t, TableScene)
    ctl, me = t.ctl, make_bot("medium", 3, 5)
    drawn: list[str] = []
    real = fonts.draw_text  # the summary's own name for it is patched below

    def spy(surface: pygame.Surface, text: str, *a: object, **k: object) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(summary, "draw_text", spy)
    for _ in range(3000):  # the human plays as medium would, the bots answer at the table's frames
        if t.mode.ended:
            break
        if ctl.human_to_act() and not t.busy(t.now()):
            t.submit_action(me.choose(ctl.model().view), None)
        d.frames(1)
    d.frames(1)
    result = ctl.model().view.result
    assert result is not None and result.bidder is not None
    said = {0: "Играли вы", 1: "Играл ⚡ Жора Лихой слева", 2: "Играла ☕ Тётя Валя справа"}[result.bidder]
    assert said in drawn, drawn
    assert not [text for text in drawn if "соперник" in text.lower() and ("слева" in text or "справа" in text)]


def test_the_players_own_sentences_name_a_two_player_character() -> None:
    """Your made contract and your card bait against a character: «⚡ Жора Лихой — 72», not «соперник 72» beside
    «⚡ Жора Лихой показал»; a level stays «соперник»."""
    made = tr_about("sum_made", 0, 0, 2, {1: "bold"}, 0, pts=90, other=72)
    assert made == "Сыграно: вы набрали 90, ⚡ Жора Лихой — 72; каждый пишет своё"
    assert tr_about("sum_made", 0, 0, 2, {1: "medium"}, 0, pts=90, other=72).startswith(
        "Сыграно: вы набрали 90, соперник"
    )
    assert card_bait_words(0, 1, 0, 2, {1: "simple"}) == "Байт на картах: все очки сдачи пишет ☕ Тётя Валя"
    assert card_bait_words(0, 1, 0, 2, None) == "Байт на картах: все очки сдачи пишет соперник"


def test_two_players_the_status_names_the_character_who_thinks(tmp_path: Path) -> None:
    """At two a level is «соперник»; a character is named in the case the line needs («Слово за ☕ Тётей Валей…»)."""
    (tmp_path / "settings.json").write_text(json.dumps({"bot_level": "simple"}), "utf-8")
    d = Driver(tmp_path, size=(1024, 640), seed=33)
    d.click(menu_of(d).button_rect("new").center)
    t = d.app.scene
    assert isinstance(t, TableScene)
    view = t.ctl.model().view
    assert t.decisions.words.about(view, 1, "st_opp_think", "st_opp_think3") == "☕ Тётя Валя думает…"
    assert t.decisions.words.about(view, 1, "st_opp_bid", "st_opp_bid3") == "Слово за ☕ Тётей Валей…"
    assert t.seat_words(1, "judge_penalty_me", "judge_penalty_opp", "judge_penalty3") == "Судья: штраф ☕ Тёте Вале"
    assert t.seat_words(1, "log_shown_me", "log_shown_opp", "log_shown3") == "☕ Тётя Валя показала"  # «Вы показали»
    t.decisions.words.levels = {}  # a level: the one «соперник»
    assert t.decisions.words.about(view, 1, "st_opp_think", "st_opp_think3") == "Соперник думает…"
    t.ctl.close()


def test_the_replays_list_keeps_the_card_of_a_mistake_and_shortens_the_name() -> None:
    """A player's report at 1024×640: «16. Анна: К♥ ✗ −108» read «16. Анна… ✗ −108» — the mistake without its
    card. A one-word name gives way first, to its initial, unless another seat's name has the same one."""
    from dataclasses import replace

    from game.record import load
    from ui.scenes.replay.action_list import ActionList, name_forms
    from ui.widgets.lists import fit_words, row_width

    pygame.init()
    assert name_forms("Анна") == ["А."] and name_forms("Вы") == []
    record = load(Path(__file__).resolve().parent.parent / "saves" / "three" / "moscow-three-players.json")
    item = "16. Анна: К♥  ✗ −108"
    room = row_width("16. А.: К♥  ✗ −108")
    assert fit_words(ActionList(SeatNames(record, 0)).shortened([item], room)[0], room) == "16. А.: К♥  ✗ −108"
    same = replace(record, players=["Анна", "Алексей", "Вера"])  # «А.» would be either
    assert ActionList(SeatNames(same, 0)).shortened([item], room) == [item]


def test_the_replays_list_names_a_seat_alike_on_every_row() -> None:
    """A pass over the words: «3. А.: принимаю  ✗ −1 ставка» stood beside «6. Анна: даве!» — a name shortened on
    the one long row only. The list gives each name the shortest form any row needs, on every row."""
    from ui.scenes.replay.action_list import ActionList
    from ui.widgets.lists import row_width

    pygame.init()
    record = load(Path(__file__).resolve().parent.parent / "saves" / "three" / "moscow-three-players.json")
    rows = ["1. Анна: играю", "2. Борис: пас", "3. Анна: принимаю  ✗ −1 ставка", "4. Борис: пас"]
    room = row_width("3. А.: принимаю  ✗ −1 ставка")
    assert ActionList(SeatNames(record, 0)).shortened(rows, room) == [
        "1. А.: играю",
        "2. Борис: пас",
        "3. А.: принимаю  ✗ −1 ставка",
        "4. Борис: пас",
    ]
    assert ActionList(SeatNames(record, 0)).shortened(rows, row_width(rows[2])) == rows  # room for all: as written


def test_a_replays_cell_cut_short_says_its_words_under_the_pointer(tmp_path: Path) -> None:
    """A player's pass: a game for three against two characters read «Жора Лихо…» in the opponent column, and
    nothing said who the other one was. A cell cut short shows its whole words in a tooltip."""
    obj = json.loads(
        (Path(__file__).resolve().parent.parent / "saves" / "three" / "moscow-three-players.json").read_text("utf-8")
    )
    obj["players"] = ["Игрок", "Бот", "Бот"]
    obj["meta"].update(human_seat=0, ui="deberts-gui", bot_level="bold", bot_levels=["", "bold", "careful"])
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "20250101-120000.json").write_text(json.dumps(obj, ensure_ascii=False), "utf-8")
    d = Driver(tmp_path, size=(1280, 800))
    b = d.open_browser()
    d.frames(3)
    assert b.cut_cells, "the opponents fitted the column: nothing to show"
    cell, words = b.cut_cells[0]
    d.move(cell.center)
    d.frames(2)
    assert b.tip_shown == words and "Жора Лихой" in words and "Пётр Саввич" in words


def test_continue_says_whom_the_game_in_progress_is_against(tmp_path: Path) -> None:
    """A player's pass: «Продолжить»'s tooltip said «вдвоём, сдача 1, счёт 63 : 60» and not against whom; it names
    the opponents as the statistics do («соперники: Жора Лихой, Тётя Валя», from the player's left)."""
    opts = GameOptions(seed=1, players=3, target=301, bot_levels=("bold", "simple"))
    GameController.new_game(Paths.resolve(tmp_path), opts, inline_bots=True).close()
    d = Driver(tmp_path, size=(1024, 640))
    assert isinstance(d.app.scene, MenuScene) and d.app.scene.saved is not None
    assert d.app.scene.saved_words().endswith(" · соперники: Жора Лихой, Тётя Валя")


def test_a_narrow_replays_table_keeps_the_day_of_an_english_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 1024×640 the date column drops the time: in English «Dec 7 03:17» became «Dec» (the first word kept, as
    «07.12.26» is in Russian). The day stays: «Dec 7»."""
    from ui import i18n
    from ui.scenes.replay import browser

    obj = json.loads((Path(__file__).resolve().parent.parent / "saves" / "moscow-bait.json").read_text("utf-8"))
    obj["players"] = ["Игрок", "Бот"]
    obj["meta"].update(human_seat=0, ui="deberts-gui", bot_level="bold")
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "20261207-031700.json").write_text(json.dumps(obj, ensure_ascii=False), "utf-8")
    (tmp_path / "settings.json").write_text(json.dumps({"language": "en"}), "utf-8")
    d = Driver(tmp_path, size=(1024, 640))
    assert i18n.language() == "en"
    drawn = texts_drawn(monkeypatch, browser)
    d.open_browser()
    d.frames(2)
    months = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
    days = [t for t in drawn if t.split(" ")[0] in months]
    assert days and all(re.fullmatch(r"[A-Z][a-z]{2} \d{1,2}", t) for t in days), days  # «Jan 1», never «Jan»


@pytest.mark.parametrize(("players", "head"), [(2, "Соперник"), (3, "Соперники")])
def test_the_replays_opponent_column_is_plural_once_a_game_for_three_is_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: int, head: str
) -> None:
    """«Соперник» headed a column that said «Жора Лихой, Тётя Валя»: with a game for three among the player's
    own, «Соперники»."""
    from ui.scenes.replay import browser

    root = Path(__file__).resolve().parent.parent / "saves"
    sample = root / ("three/moscow-three-players.json" if players == 3 else "moscow-bait.json")
    obj = json.loads(sample.read_text("utf-8"))
    obj["meta"].update(human_seat=0, ui="deberts-gui", bot_level="bold")
    obj["players"] = ["Игрок", *["Бот"] * (players - 1)]
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "20261207-031700.json").write_text(json.dumps(obj, ensure_ascii=False), "utf-8")
    d = Driver(tmp_path, size=(1280, 800))
    drawn = texts_drawn(monkeypatch, browser)
    d.open_browser()
    d.frames(2)
    assert head in drawn and ({"Соперник", "Соперники"} - {head}).isdisjoint(drawn), drawn


def test_a_narrow_opponents_cell_names_both_characters_shortly() -> None:
    """«Повторы» at 1280×800 showed «Жора Ли…» for a game against Жора and Тётя Валя: the second was hidden. A
    narrow cell says both by their short names first («Жора, Тётя Валя»); a level by its word."""
    from ui.scenes.replay.preview import opponents_briefly

    obj = json.loads(
        (Path(__file__).resolve().parent.parent / "saves" / "three" / "moscow-three-players.json").read_text("utf-8")
    )
    obj["players"] = ["Игрок", "Бот", "Бот"]
    obj["meta"] = {"human_seat": 0, "bot_levels": ["", "bold", "simple"], "ui": "deberts-gui"}
    record = loads(json.dumps(obj))
    entry = RecordEntry(Path("x.json"), "game", head=head_of(record))
    assert opponents_briefly(entry) == "Жора, Тётя Валя"
    obj["meta"]["bot_levels"] = ["", "medium", "careful"]
    entry = RecordEntry(Path("x.json"), "game", head=head_of(loads(json.dumps(obj))))
    assert opponents_briefly(entry) == "средний, Саввич"
    obj["meta"]["bot_levels"] = ["", "medium", "hard"]
    entry = RecordEntry(Path("x.json"), "game", head=head_of(loads(json.dumps(obj))))
    assert opponents_briefly(entry) is None  # levels: their own words are short
