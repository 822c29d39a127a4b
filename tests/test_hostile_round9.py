"""Hostile inputs, round 9 (session 47): a game played on past what a record may hold, and a file where the games'
folder belongs. Each failed before its fix: a game grown past the 4 MB a record may be set its own file aside as
corrupt on every action (a copy of 4 MB each time) and wrote one the next start refused; a game played past 1000
deals was written as a file the next start refused, unsaid; a file named «games» was reported as «ошибка записи на
диск … как только запись снова станет возможна», naming the data folder, not the file in the way."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path
from typing import Any

import pytest

from game.actions import Action
from game.cards import Card
from game.errors import RecordTooLong
from game.match import Match
from game.names import printable
from game.record import MAX_BYTES, MAX_DEALS, GameRecord, dumps, load, loads, record_of, save
from game.rules import Rules
from ui import i18n
from ui.clock import ManualClock
from ui.controller import GameController, GameOptions
from ui.paths import Paths
from ui.thinker import InlineThinker

KW: dict[str, Any] = {"bot_delay": 0.0, "clock": ManualClock(), "inline_bots": True, "thinker": InlineThinker()}


@pytest.fixture(autouse=True)
def _russian() -> None:
    i18n.set_language("ru")


def _record_just_under_the_size_limit(folder: Path) -> Path:
    """A game in its first deal whose free-form ``meta`` field fills the file to just under ``MAX_BYTES``: the
    loader reads it, and each action makes it longer."""
    match = Match(Rules.preset("moscow"), 0)
    match.start_deal(list(Card))
    meta = {"human_seat": 0, "bot_level": "easy", "seed": 1, "game": "round9", "created": "2026-12-07T02:00:00"}
    base = len(dumps(record_of(match, ["Игрок", "Бот"], {**meta, "notes": ""})).encode())
    record = record_of(match, ["Игрок", "Бот"], {**meta, "notes": "x" * (MAX_BYTES - base - 10)})
    path = folder / "notes.json"
    path.write_text(dumps(record), "utf-8")
    load(path)
    return path


def test_a_game_grown_past_the_size_limit_keeps_its_file_and_says_so(tmp_path: Path) -> None:
    paths = Paths.resolve(tmp_path / "data")
    paths.data_dir.mkdir(parents=True)
    _record_just_under_the_size_limit(tmp_path).replace(paths.current_game)
    first = paths.current_game.read_bytes()
    ctl = GameController.restore(paths, load(paths.current_game), **KW)  # «Продолжить»
    for _ in range(6):  # a few actions, each saved
        if ctl.human_to_act():
            deal = ctl.match.current
            assert deal is not None
            ctl.submit(deal.legal_actions()[0])
        else:
            ctl.poll(False)
    assert not list(paths.data_dir.glob("current.corrupt-*")), "the game's own file was set aside"
    assert paths.current_game.read_bytes() == first  # the last position that fitted, which the next start reads
    load(paths.current_game)
    said = ctl.save_error
    assert said is not None and "не сохраняется" in said and "4 МБ" in said, said
    assert not ctl.saves.pending  # no retry every five seconds: none can write it


def _record_of_max_deals() -> GameRecord:
    """A game to a million (an option the loader allows) whose ``MAX_DEALS`` deals were each passed out."""
    match = Match(Rules.preset("moscow", target=1_000_000), 0)
    for _ in range(MAX_DEALS):
        deal = match.start_deal(list(Card))
        while not deal.is_over():
            match.apply(Action.parse("pass"))
    record = record_of(match, ["Игрок", "Бот"], {"human_seat": 0, "bot_level": "easy", "seed": 1})
    return loads(dumps(record))  # the loader takes it


def test_a_game_played_past_the_deal_limit_is_never_written_as_a_file_the_next_start_refuses(tmp_path: Path) -> None:
    record = _record_of_max_deals()
    paths = Paths.resolve(tmp_path / "data")
    save(paths.current_game, record)
    ctl = GameController.restore(paths, load(paths.current_game), **KW)  # «Продолжить»: deal 1001 is dealt
    assert len(ctl.match.deals) == MAX_DEALS + 1
    assert len(load(paths.current_game).deals) == MAX_DEALS  # the file still reads
    said = ctl.save_error
    assert said is not None and f"{MAX_DEALS} сдач" in said, said
    with pytest.raises(RecordTooLong):
        save(tmp_path / "more.json", record_of(ctl.match))
    assert not (tmp_path / "more.json").exists()


def test_a_file_where_the_games_folder_belongs_is_named_as_in_the_way(tmp_path: Path) -> None:
    paths = Paths.resolve(tmp_path)
    options = GameOptions("moscow", 501, "guided", "easy", "random")
    GameController.new_game(paths, options, **KW)  # a game in progress: current.json
    paths.games_dir.write_text("my notes\n", "utf-8")  # a file named «games»
    ctl = GameController.new_game(paths, options, **KW)  # the old game must move into games/: refused
    said = ctl.save_error
    assert said is not None
    assert i18n.tr("save_why_other") not in said and i18n.tr("save_why_in_the_way") in said, said
    assert printable(str(paths.games_dir)) in said and i18n.tr("save_when_moved") in said, said
    assert paths.games_dir.read_text("utf-8") == "my notes\n"  # the player's file is left as it is


def test_a_save_through_a_symbolic_link_keeps_the_link(tmp_path: Path) -> None:
    """A player who keeps the game in a synced folder through a link (``current.json`` → Dropbox): each save replaced
    the link by a plain file, and the synced copy stopped at the first move."""
    synced = tmp_path / "synced"
    synced.mkdir()
    paths = Paths.resolve(tmp_path / "data")
    paths.data_dir.mkdir()
    target = synced / "current.json"
    paths.current_game.symlink_to(target)  # dangling until the first save
    ctl = GameController.new_game(paths, GameOptions("moscow", 501, "guided", "easy", "random"), **KW)
    while not ctl.human_to_act():
        ctl.poll(False)
    deal = ctl.match.current
    assert deal is not None
    ctl.submit(deal.legal_actions()[0])
    assert paths.current_game.is_symlink() and Path(os.readlink(paths.current_game)) == target
    assert len(load(target).deals[0].actions) == len(deal.history) > 0
    assert list(synced.iterdir()) == [target] and ctl.save_error is None


@pytest.mark.parametrize(
    ("level", "plays"), [("zzz", "medium"), ("Medium", "medium"), ("rovnya:99999", "hard_share"), ("rovnya:5", "slip")]
)
def test_an_unknown_level_in_a_record_plays_a_sensible_bot_not_a_random_one(level: str, plays: str) -> None:
    """A record's ``bot_level`` this version does not know (edited by hand, or a Ровня whose rating left the measured
    range between versions) was played by the random bot, silently; now medium, or the nearest Ровня."""
    from game.bots.characters import match_range
    from game.bots.knob_hard import HardKnob
    from game.bots.medium import MediumBot
    from game.bots.random_bot import RandomBot
    from game.services.worker import known_level, table_bot

    span = match_range()
    assert span is not None
    bot = table_bot(level, 2, 1)
    assert not isinstance(bot, RandomBot)
    if plays == "medium":
        assert known_level(level) == "medium" and type(bot) is MediumBot
    elif plays == "hard_share":
        assert known_level(level) == f"rovnya:{round(span[1])}" and isinstance(bot, HardKnob)
    else:
        assert known_level(level) == f"rovnya:{round(span[0])}" and isinstance(bot, MediumBot) and bot.slip > 0
    assert not isinstance(table_bot(level, 3, 1), RandomBot)  # at a table of three too
