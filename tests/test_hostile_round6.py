"""A sixth round of hostile inputs (session 44): a level name with a digit that is not ASCII, undo that would
show the cards dealt after the bid, deal codes pasted from a messenger, a data folder that is a symlink loop,
temporary-looking files of the player's own, an export over an older one, the autoplay's speed in the player's
settings. Each test makes the situation for real and checks what the player gets."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from ui_driver import Driver

from game.bots.characters import is_opponent, opponent_family
from game.services.stats.figures import compute
from ui.paths import Paths
from ui.scenes.replay import ReplayBrowserScene
from ui.scenes.table import TableScene

ROOT = Path(__file__).resolve().parent.parent
FULL_GAME = ROOT / "saves" / "moscow-full-501.json"


def own_game(path: Path, source: Path = FULL_GAME, **meta: object) -> Path:
    """A finished game of this program against a bot (``source``'s deals), with ``meta`` over its own."""
    obj = json.loads(source.read_text("utf-8"))
    obj["players"] = ["Игрок", "Бот"]
    obj["meta"].update({"human_seat": 0, "bot_level": "medium", "ui": "deberts-gui", **meta})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(obj, ensure_ascii=False, allow_nan=False), "utf-8")
    return path


@pytest.mark.parametrize("level", ["rovnya:²", "rovnya:①", "rovnya:١٢٣٤"])
def test_a_level_with_a_digit_that_is_not_ascii_is_an_unknown_level_not_a_crash(tmp_path: Path, level: str) -> None:
    """«rovnya:²» in a record's bot_level: ``str.isdigit`` says yes and ``float`` says no — the replays and
    «Продолжить» crashed the window at every start, and the statistics left the game out. It is an unknown level."""
    assert not is_opponent(level) and isinstance(opponent_family(level), str)
    game = own_game(tmp_path / "games" / "20250101-120000.json", bot_level=level)
    assert len(compute(tmp_path).lines) == 1  # counted, as a game against an unknown level
    d = Driver(tmp_path)
    browser = d.open_browser()
    assert isinstance(browser, ReplayBrowserScene) and any(e.path == game for e in browser.entries)
    cut = json.loads(game.read_text("utf-8"))
    cut["deals"][-1]["actions"] = cut["deals"][-1]["actions"][:3]  # a game in progress, for «Продолжить»
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "current.json").write_text(json.dumps(cut, ensure_ascii=False), "utf-8")
    d = Driver(tmp_path / "other")
    d.click(d.menu.button_rect("continue").center)
    d.frames(2)
    assert isinstance(d.app.scene, TableScene)


def test_other_numbers_read_from_outside_take_ascii_digits_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same trap elsewhere: ``SDL_VIDEO_WINDOW_POS=²,3`` and ``DEBERTS_CORES=²`` raised in ``int``."""
    from game.bots.parallel import CORES_ENV, cores
    from ui.window_place import requested_position

    assert requested_position("²,3") is None and requested_position("-5, 7") == (-5, 7)
    monkeypatch.setenv(CORES_ENV, "²")
    assert cores() in (1, 2)


def test_undo_never_takes_back_a_bid_that_dealt_the_last_cards(tmp_path: Path) -> None:
    """«Играю», then «Отменить»: the last three cards had been dealt and shown, and the player could pass with them
    in view. Undo is refused with the reason; before the bid deals (the offer's window) it is allowed."""
    from game.actions import Kind
    from ui.controller import GameOptions

    d = Driver(tmp_path / "a")
    t = d.start_table(GameOptions(preset="moscow", target=501, bot_level="medium", first_dealer="bot", seed=7))
    six = t.ctl.model().view.hand
    d.click_action(lambda a: a.kind is Kind.ORDER)
    d.frames(1)
    assert len(t.ctl.model().view.hand) == 9 and not t.ctl.can_undo()
    assert t.undo_button is not None
    d.click(t.undo_button.get_abs_rect().center)
    d.frames(1)
    assert len(t.ctl.model().view.hand) == 9 and t.status.message is not None
    assert t.status.message[0] == "Отменить нельзя: остальные карты уже сданы"
    d = Driver(tmp_path / "b")  # «с предложением»: the bidder's «без предложения» deals them
    t = d.start_table(GameOptions(preset="offer", target=501, bot_level="medium", first_dealer="bot", seed=7))
    assert t.ctl.model().view.hand == six
    d.click_action(lambda a: a.kind is Kind.ORDER)
    for _ in range(40):
        d.tick()
        if t.ctl.human_to_act():
            break
    assert len(t.ctl.model().view.hand) == 6 and any(a.kind is Kind.NO_OFFER for a in t.ctl.model().view.legal)
    d.click_action(lambda a: a.kind is Kind.NO_OFFER)
    d.frames(1)
    assert len(t.ctl.model().view.hand) == 9 and t.ctl.undo_refusal() == "undo_cards_dealt"


def test_an_export_never_writes_over_another_text_of_the_same_name(tmp_path: Path) -> None:
    """«Экспорт сдачи» replaced ``exports/<stem>-deal1.txt`` — the player's notes in an earlier export, or another
    game's export of the same file name. The same text again is the same file; another text gets a name beside it."""
    game = own_game(tmp_path / "games" / "finale.json")
    d = Driver(tmp_path, replay=str(game))
    viewer = d.viewer
    viewer.export()
    viewer.export()  # the same deal again: nothing new
    first = tmp_path / "exports" / "finale-deal1.txt"
    assert sorted(p.name for p in first.parent.iterdir()) == ["finale-deal1.txt"]
    first.write_text(first.read_text("utf-8") + "\nМои заметки: зря заказал.\n", "utf-8")
    viewer.export()
    d.frames(1)
    assert "Мои заметки" in first.read_text("utf-8")
    assert sorted(p.name for p in first.parent.iterdir()) == ["finale-deal1-1.txt", "finale-deal1.txt"]
    assert viewer.message is not None and "finale-deal1-1.txt" in viewer.message[0]


def test_a_sessions_own_animation_speed_is_not_saved_as_the_players(tmp_path: Path) -> None:
    """``--autoplay`` plays at speed 3.0 (not one of the settings' speeds); when its window was moved or resized,
    closing it saved 3.0 into the player's settings and the next real game animated at it. A speed the player
    chooses during such a session is theirs and is saved."""
    from ui.app import App, AppOptions
    from ui.settings import load_settings, save_settings

    settings_file = Paths.resolve(tmp_path).settings_file
    save_settings(settings_file, replace(load_settings(settings_file), animation_speed=0.5))
    app = App(AppOptions(data_dir=str(tmp_path), testing=True, animation_speed=3.0))
    assert app.settings.animation_speed == 3.0
    app.window_changed = True
    app.close()
    assert load_settings(settings_file).animation_speed == 0.5
    app = App(AppOptions(data_dir=str(tmp_path), testing=True, animation_speed=3.0))
    app.settings.animation_speed = 2.0  # the player's choice in the settings, during that session
    app.save_settings()
    app.close()
    assert load_settings(settings_file).animation_speed == 2.0


def test_a_data_folder_that_is_a_loop_or_a_link_to_nowhere_is_refused_at_the_door(tmp_path: Path) -> None:
    """``--data-dir LOOP`` printed empty statistics (exit 0), and the window said the settings file could not be
    read «and was set aside» while nothing was, then failed every save. A link to a folder that is not there (an
    unplugged stick) likewise. Both are refused by name; a new folder is still fine."""
    import argparse

    from game.arguments import folder_path

    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    nowhere = tmp_path / "stick"
    nowhere.symlink_to(tmp_path / "unmounted" / "deberts")
    a_file = tmp_path / "f.txt"
    a_file.write_text("x", "utf-8")
    with pytest.raises(argparse.ArgumentTypeError, match="cannot be used as a folder"):
        folder_path(str(loop))
    with pytest.raises(argparse.ArgumentTypeError, match="which is not there"):
        folder_path(str(nowhere))
    with pytest.raises(argparse.ArgumentTypeError, match="cannot be used as a folder"):
        folder_path(str(a_file / "sub"))
    assert folder_path(str(tmp_path / "new")) == str(tmp_path / "new")


@pytest.mark.parametrize(
    "paste",
    [
        lambda c: c.replace("-", "\u2013"),  # a messenger's en dashes
        lambda c: c.replace("-", "\u00a0"),  # no-break spaces
        lambda c: c.replace("-", "\t"),
        lambda c: "\u200b" + c + ".",  # a zero-width space, a full stop
        lambda c: f"«{c}»",
        lambda c: c.replace("C", "\u0421").replace("K", "\u043a"),  # Cyrillic С and к from a Russian layout
        lambda c: unicodedata_fullwidth(c),
    ],
)
def test_a_pasted_deal_code_is_read_as_the_player_means_it(paste: object) -> None:
    """A code pasted from a messenger (dashes, no-break spaces, quotes, a full stop, a zero-width space) or typed
    with a Cyrillic look-alike was refused — and counted characters the player never typed."""
    import random

    from game.cards import shuffled_deck
    from game.export import deal_code, parse_deal_code

    deck = shuffled_deck(random.Random(1))
    code = deal_code(deck, 0)
    assert callable(paste)
    assert list(parse_deal_code(paste(code)).deck) == deck


def unicodedata_fullwidth(code: str) -> str:
    """The code in full-width forms (an East Asian keyboard's)."""
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in code)


def test_a_deal_code_that_cannot_be_read_is_said_in_the_players_language(tmp_path: Path) -> None:
    """«Код сдачи не подходит: a deal code has 25 characters, or 30 for three (got 29)» — English words inside the
    Russian dialog. Each reason has its own words."""
    from game.errors import DealCodeError
    from game.export import parse_deal_code
    from ui import i18n
    from ui.scenes.menu import code_problem

    i18n.set_language("ru")
    reasons = {}
    for text in ("ABC", "U" * 25, "1" * 25, "Я" * 25):
        with pytest.raises(DealCodeError) as exc:
            parse_deal_code(text)
        reasons[exc.value.reason] = code_problem(exc.value)
    assert reasons["length"] == "Код сдачи не подходит: в коде сдачи 25 знаков, для игры втроём 30, а здесь 3"
    assert reasons["character"] == "Код сдачи не подходит: в коде сдачи не бывает знака «Я»"
    assert reasons["checksum"] == "Код сдачи не подходит: в коде опечатка (не сходится контрольный знак)"
    d = Driver(tmp_path)
    d.menu.code_entry.set_text("ABC")
    d.click(d.menu.button_rect("new").center)
    d.frames(2)
    box = d.menu.message.window.text_block if d.menu.message is not None else None
    assert box is not None and "а здесь 3" in box.html_text


def test_the_replays_list_reads_each_file_once_a_session_while_it_stays_as_it_was(
    tmp_path: Path, gate_reads: list[Path]
) -> None:
    """With 2000 games «Повторы» took 16 s at every opening and 45 s back from a replay: every file was read and
    replayed again (and replayed twice each time). A file is now read once while it stays as it was."""
    import ui.replays as replays
    from game.atomic import write_atomic

    games = [own_game(tmp_path / "games" / f"2025010{k}-120000.json") for k in range(3)]
    paths = Paths.resolve(tmp_path)
    reads = gate_reads
    first = replays.list_records(paths, samples_dir=tmp_path / "no-samples")
    assert sorted(reads) == sorted(games) and len(first) == 3
    reads.clear()
    assert replays.list_records(paths, samples_dir=tmp_path / "no-samples") == first and reads == []
    write_atomic(games[1], games[1].read_text("utf-8").replace('"medium"', '"easy"'))  # saved anew: read anew
    again = replays.list_records(paths, samples_dir=tmp_path / "no-samples")
    assert reads == [games[1]] and next(e for e in again if e.path == games[1]).head.meta["bot_level"] == "easy"  # type: ignore[union-attr]


def test_the_statistics_in_a_terminal_do_not_send_the_player_to_a_button(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``main.py stats`` said «нажмите «Разобрать партии» внизу» — there is no button in a terminal."""
    import main

    own_game(tmp_path / "games" / "20250101-120000.json")
    assert main.main(["stats", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "внизу" not in out and "python main.py analyse ФАЙЛ" in out


def test_many_unread_records_are_read_in_a_thread_while_the_table_says_how_far(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """2000 games froze the window for 16 s at the first opening of «Повторы». Many files not read yet this
    session are read in a thread; the table says «Читаю записи: n из N»; then the rows and the filters come."""
    import threading
    import time

    import ui.replays
    import ui.scenes.replay.browser as browser_module

    for k in range(5):
        own_game(tmp_path / "games" / f"2025010{k}-120000.json")
    monkeypatch.setattr(browser_module, "READ_AT_ONCE", 2)
    go = threading.Event()  # the thread reads only when the test has seen it reading (it was quick enough to race)
    real = ui.replays.list_records

    def held(*args: Any, **kw: Any) -> list[Any]:
        go.wait(30)
        return real(*args, **kw)

    monkeypatch.setattr(browser_module, "list_records", held)
    d = Driver(tmp_path)
    browser = d.open_browser()
    assert browser.loading is not None and browser.entries == []
    go.set()
    deadline = time.monotonic() + 30
    while browser.loading is not None and time.monotonic() < deadline:
        d.frames(1)
    assert browser.loading is None and sum(e.kind == "game" for e in browser.entries) == 5
    assert len([r for r in browser.rows if r.entry is not None]) >= 5 + 18
    d.app.to_menu()
    browser = d.open_browser()  # read this session: at once
    assert browser.loading is None and sum(e.kind == "game" for e in browser.entries) == 5


def test_an_autoplay_window_leaves_the_folder_and_the_settings_to_the_player(tmp_path: Path) -> None:
    """``--autoplay`` took the folder's lock (a real window opened afterwards was read-only) and, moved or resized,
    saved its window into the player's settings."""
    from ui.app import App, AppOptions

    auto = App(AppOptions(data_dir=str(tmp_path), autoplay=True, deals=1))
    assert auto.folder_lock is None
    player = App(AppOptions(data_dir=str(tmp_path), single_instance=True, testing=True))
    assert not player.read_only
    auto.window_changed = True
    auto.close()
    assert not Paths.resolve(tmp_path).settings_file.exists()
    player.close()


def test_settings_that_cannot_be_written_are_said_in_the_menu(tmp_path: Path) -> None:
    """A settings save that failed (a full disk, a read-only folder) was only logged: the player's choice was lost
    at the next start without a word. The menu says it once, with the reason."""
    from test_settings_about import _choose, _settings

    from ui.scenes.menu import MenuScene

    d = Driver(tmp_path)
    scene = _settings(d)
    _choose(d, scene.fields["sound"], "выкл.")
    settings_file = Paths.resolve(tmp_path).settings_file
    settings_file.mkdir(parents=True)  # a folder where the file should go: the write fails
    d.click(scene.save_btn.get_abs_rect().center)
    d.frames(2)
    menu = d.app.scene
    assert isinstance(menu, MenuScene) and menu.message is not None
    box = menu.message.window.text_block
    assert box is not None and "записать их не удалось" in box.html_text and ".tmp" not in box.html_text
    assert d.app.settings.sound is False  # kept for this session
