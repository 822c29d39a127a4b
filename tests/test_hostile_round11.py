"""Hostile inputs, round 11 (session 49). Each failed before its fix: a read-only second window played on, unsaved,
when Enter pressed its greyed «Продолжить»; «Ещё партию» after a game for three whose preset is defined for three
only through its options took the window down, and after any game it dropped the game's own options («даве»)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import contextlib
import random
import shutil
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver, finish_deal

from game.cards import shuffled_deck
from game.match import Match
from game.record import DealRecord, GameRecord, dumps
from game.rules import PRESETS, Rules
from ui.clock import ManualClock
from ui.scenes.menu import MenuScene
from ui.scenes.table import TableScene
from ui.scenes.table.mode import Mode

SAVES = Path(__file__).resolve().parent.parent / "saves"


def test_enter_in_a_read_only_window_does_not_continue_the_game(tmp_path: Path) -> None:
    first = Driver(tmp_path, single_instance=True)
    first.click(first.menu.button_rect("new").center)
    first.frames(5)
    assert isinstance(first.app.scene, TableScene) and (tmp_path / "current.json").exists()
    second = Driver(tmp_path, single_instance=True)
    assert second.app.read_only and not second.menu.button("continue").is_enabled
    if second.menu.message is not None:
        second.menu.message.window.kill()
    second.frames(2)
    second.key(pygame.K_RETURN)
    second.frames(3)
    assert isinstance(second.app.scene, MenuScene)  # no table whose moves would be lost unsaved


def _game_over_with(tmp_path: Path, rules: Rules) -> Driver:
    """A saved one-deal-long game under ``rules``, continued, finished and at its end."""
    n = rules.players
    match = Match(rules, 0)
    deal = DealRecord(match.next_dealer, shuffled_deck(random.Random(5)), [])
    meta = {"bot_level": "easy", "human_seat": 0, "ui": "deberts-gui"}
    record = GameRecord(rules, ["Игрок"] + ["Бот"] * (n - 1), 0, [deal], meta)
    (tmp_path / "current.json").write_text(dumps(record), "utf-8")
    d = Driver(tmp_path, clock=ManualClock(), seed=3)
    d.click(d.menu.button_rect("continue").center)
    d.frames(3)
    for _ in range(5):  # a hanging bait scores nobody: the game goes on to the next deal
        table = d.table
        finish_deal(table)
        for _ in range(200):
            d.tick(1, 0.3)
            if table.mode in (Mode.GAME_OVER, Mode.SUMMARY):
                break
        if table.mode is Mode.GAME_OVER:
            break
        d.tick(10, 0.3)
        d.key(pygame.K_RETURN)  # the next deal
        d.frames(3)
    assert d.table.mode is Mode.GAME_OVER
    d.tick(10, 0.3)  # the end read: keys answer it after a moment (ui.scenes.table.scene.SUMMARY_KEY_GRACE)
    return d


def test_another_game_keeps_a_three_player_games_own_options(tmp_path: Path) -> None:
    moscow = PRESETS["moscow"]  # the club preset is defined for three only with these
    rules = Rules.preset("club", players=3, hanging=moscow.hanging, both_reach=moscow.both_reach, target=1)
    d = _game_over_with(tmp_path, rules)
    old = d.table
    d.key(pygame.K_RETURN)  # «Ещё партию» (it raised «not defined for three players»)
    d.frames(3)
    again = d.app.scene
    assert isinstance(again, TableScene) and again is not old
    assert again.ctl.match.rules.with_options(target=1) == rules


def test_another_game_keeps_dave(tmp_path: Path) -> None:
    rules = Rules.preset("moscow", target=0, dave=True)  # as the menu makes it with «даве: да»
    d = _game_over_with(tmp_path, rules)
    old = d.table
    d.key(pygame.K_RETURN)
    d.frames(3)
    again = d.app.scene
    assert isinstance(again, TableScene) and again is not old and again.ctl.match.rules.dave
    assert again.ctl.match.rules == rules


def test_the_viewers_analysis_is_of_the_game_on_screen_when_the_file_changed(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    shown = games / "g.json"
    shutil.copy(SAVES / "moscow-bait.json", shown)  # one deal
    d = Driver(tmp_path)
    d.open_browser().open_path(str(shown))
    d.frames(3)
    viewer = d.viewer
    shutil.copy(SAVES / "moscow-full-501.json", shown)  # replaced on disk: another program, a synced folder
    viewer.on_button("analyse")
    viewer.analyser.wait(120)
    d.frames(3)
    result = viewer.analyser.result
    assert result is not None and len(result.deals) == len(viewer.record.deals) == 1  # it analysed the other file
    assert result.deals[0].lost == (0.0, 128.0)  # moscow-bait's: Борис' jack of clubs


def test_the_viewers_analysis_uses_the_file_while_it_holds_the_game(tmp_path: Path) -> None:
    shown = tmp_path / "g.json"
    shutil.copy(SAVES / "moscow-bait.json", shown)
    d = Driver(tmp_path)
    d.open_browser().open_path(str(shown))
    d.frames(3)
    assert d.viewer.file_holds_record()
    shown.write_text(shown.read_text("utf-8").replace("Борис", "Глеб"), "utf-8")
    assert not d.viewer.file_holds_record()


@pytest.mark.parametrize(
    ("name", "body", "store", "scene", "title"),
    [
        ("school.json", '{"format":"deberts-school","version":2,"lessons":{"a":3}}', "school", "school", "newer"),
        ("practice.json", '{"format":"deberts-practice","version":2,"situations":{}}', "practice", "practice", "newer"),
    ],
)
def test_a_newer_versions_progress_is_left_where_it_is_and_said(
    tmp_path: Path, name: str, body: str, store: str, scene: str, title: str
) -> None:
    """It was «повреждён», renamed *.corrupt-….json, and the newer version never found its progress again."""
    from ui.practice import PracticeStore
    from ui.school import SchoolStore

    path = tmp_path / name
    path.write_text(body, "utf-8")
    loaded = SchoolStore.load(path) if store == "school" else PracticeStore.load(path)
    assert loaded.unread and loaded.newer and loaded.moved is None
    if isinstance(loaded, SchoolStore):
        loaded.record("a", 1)
    else:
        loaded.record("x", True)
    assert path.read_text("utf-8") == body and sorted(p.name for p in tmp_path.iterdir()) == [name]
    d = Driver(tmp_path)
    d.click(d.menu.button_rect(scene).center)
    d.frames(3)
    message = getattr(d.app.scene, "message", None)
    assert message is not None and message.window.alive()
    assert "более новой версии" in message.window.window_display_title
    assert path.read_text("utf-8") == body


def test_an_unreadable_progress_file_is_said_in_words_and_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui import progress_file
    from ui.school import SchoolStore

    path = tmp_path / "school.json"
    path.write_text('{"format":"deberts-school","version":1,"lessons":{"a":3}}', "utf-8")

    def refuse(p: Path, limit: int) -> bytes:
        raise PermissionError(13, "Permission denied", str(p))

    monkeypatch.setattr(progress_file, "read_limited", refuse)
    store = SchoolStore.load(path)
    assert store.unread and not store.newer and store.error is not None
    assert (
        store.error.startswith("нет прав на чтение файла") and "school.json" in store.error
    )  # not «Permission denied»


def test_score_and_stats_do_not_send_a_file_names_control_characters_to_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.report import score_command
    from game.services.stats.report import stats_command

    games = tmp_path / "games"
    games.mkdir()
    good = games / "b\x1b[32mG\tx.json"
    shutil.copy(SAVES / "moscow-bait.json", good)
    (games / "a\x1b[31mRED\nline.json").write_text("junk", "utf-8")
    assert score_command([str(good)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\t" not in out and "b\\x1b[32mG\\x09x.json" in out
    stats_command(tmp_path)
    err = capsys.readouterr().err
    assert "\x1b" not in err and "a\\x1b[31mRED\\x0aline.json: not a game record" in err
    assert err.count("RED") == 1  # the name once, not again inside its error


def test_a_text_file_is_not_called_a_truncated_record(tmp_path: Path) -> None:
    from game.errors import RecordError
    from game.export import export_command
    from game.record import load, loads

    text = tmp_path / "deal.txt"
    with open(text, "w", encoding="utf-8") as out, contextlib.redirect_stdout(out):
        export_command([str(SAVES / "moscow-bait.json")])
    for path in (text,):
        with pytest.raises(RecordError, match="not a game record \\(the file is not JSON\\)"):
            load(path)
    with pytest.raises(RecordError, match="truncated"):  # a record cut short is still said so
        loads((SAVES / "moscow-bait.json").read_text("utf-8")[:300])


def test_stats_refuses_a_default_data_folder_under_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """It blamed the reset file, printed «Пока нет оконченных партий» and exited 0."""
    from game.services.commands import run

    blocking = tmp_path / "F"
    blocking.write_text("x", "utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocking))
    assert run(["stats"]) == 2
    err = capsys.readouterr().err
    assert f"{blocking} is a file, not a folder" in err and "stats-reset" not in err


def test_the_replay_option_is_checked_as_the_replay_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.app import parse_gui_arguments

    with pytest.raises(SystemExit) as refused:
        parse_gui_arguments(["--replay", ""])
    assert refused.value.code == 2
    monkeypatch.setenv("HOME", str(tmp_path))
    assert parse_gui_arguments(["--replay", "~/x.json"]).replay == str(tmp_path / "x.json")
