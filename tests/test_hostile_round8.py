"""Hostile inputs, round 8 (session 46): what a player can meet that the first seven rounds did not cover. Each test
makes the situation for real and checks what the player gets; each failed before its fix (a mistyped deal code
that closed the window, «Удалить» trashing another game than the one asked about, undo after the other's sequence
was shown, settings values «Настройки» cannot show, a progress file that could not be read set aside as corrupt,
a deal code's game not the menu's, English refusals of a rename, a lab command writing over a saved game)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import contextlib
import json
import math
import random
from pathlib import Path

import pytest
from ui_driver import Driver

from game.actions import Action
from game.bots.characters import match_level
from game.cards import Card
from game.errors import DealCodeError
from game.export import _CHECK_BITS, _check, _spell, parse_deal_code
from game.record import DealRecord, GameRecord
from game.rules import Rules
from ui.clock import ManualClock
from ui.controller import GameController, GameOptions
from ui.paths import Paths
from ui.scenes.menu import MenuScene
from ui.thinker import InlineThinker

ROOT = Path(__file__).resolve().parent.parent


# ------------------------------------------------------------------------------------------ 1. deal codes


def code_past_the_last_deck() -> str:
    """A 25-character code with a right check character whose number of the deck is 32! — one past the last deck
    there is. About one mistyped code in forty is such a code (2000 random ones: 49)."""
    payload = (math.factorial(32) * 2 + 0) * 8 + 0  # the deck's number, the dealer, the preset
    return _spell(payload << _CHECK_BITS | _check(payload), 25)


def test_a_mistyped_code_past_the_last_deck_is_refused_in_words() -> None:
    """``_perm_unrank`` raised a bare ValueError («not a deal code (the number is too large)»), which neither the
    menu (``refuse_bad_code`` catches DealCodeError) nor anything else catches."""
    code = code_past_the_last_deck()
    assert code == "SATPG-NBHKM-HB0RQ-6JR00-00006"
    with pytest.raises(DealCodeError):
        parse_deal_code(code)
    rng = random.Random(1)
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    for _ in range(500):
        typed = "".join(rng.choice(alphabet) for _ in range(25))
        with contextlib.suppress(DealCodeError):
            parse_deal_code(typed)


def test_the_menu_survives_a_code_past_the_last_deck(tmp_path: Path) -> None:
    """Typed into «Код сдачи» and «Новая игра» pressed: the window closed with a traceback."""
    d = Driver(tmp_path)
    d.menu.code_entry.set_text(code_past_the_last_deck())
    d.click(d.menu.button_rect("new").center)  # raised ValueError out of App.step
    d.frames(2)
    assert d.menu.message is not None


# ------------------------------------------------------------------------------------------ 2. undo


def first_trick_that_shows_the_bots_sequence() -> tuple[list[Card], list[Action], Action]:
    """A deal (moscow, seat 0 deals) where the bot leads the first trick, the human's answer wins it, and the trick's
    end shows the bot's counted sequence: (deck, the actions before the human's card, that card)."""
    from game.bots.factory import make_bot
    from game.match import Match

    for seed in range(300):
        match = Match(Rules.preset("moscow"), 0)
        deck = list(Card)
        random.Random(seed).shuffle(deck)
        deal = match.start_deal(deck)
        bots = [make_bot("medium", 2, seed), make_bot("medium", 2, seed + 1)]
        actions: list[Action] = []
        while not deal.is_over() and not deal.view(0).tricks:
            seat = deal.current_player()
            assert seat is not None
            action = bots[seat].choose(deal.view(seat))
            before = deal.view(0).shown[1]
            match.apply(action)
            view = deal.view(0)
            if seat == 0 and view.tricks and view.shown[1] and not before and deal.current_player() == 0:
                return deck, actions, action
            actions.append(action)
    raise AssertionError("no such deal")


def test_undo_never_takes_back_the_card_that_showed_the_bots_sequence(tmp_path: Path) -> None:
    """The first trick's end shows the counted sequence of its owner (``Announcements.shown_cards``). When the
    human's card ends that trick and wins it, the human leads next, the last action is his, and Ctrl+Z took the
    card back — with the bot's sequence (here ♦10 9 8 beside the ♦7 led) seen. Like the cards dealt after a bid
    (round 6: ``Deal.dealt_at``), undo must stop where the engine showed a hidden card."""
    deck, before, card = first_trick_that_shows_the_bots_sequence()
    record = GameRecord(
        Rules.preset("moscow"),
        ["Игрок", "Бот"],
        0,
        [DealRecord(0, deck, list(before))],
        {"seed": 1, "human_seat": 0, "bot_level": "medium"},
    )
    ctl = GameController.restore(
        Paths.resolve(tmp_path), record, bot_delay=0.0, clock=ManualClock(), autosave=False, thinker=InlineThinker()
    )
    assert ctl.human_to_act()
    ctl.submit(card)
    shown = ctl.model().view.shown[1]
    assert shown and ctl.human_to_act()  # the bot's cards are on view and the human leads the second trick
    assert not ctl.can_undo(), f"undo offered after the bot's sequence {shown} was shown"


# ------------------------------------------------------------------------------------------ 3. settings


def test_a_settings_files_tiny_animation_speed_does_not_freeze_the_table(tmp_path: Path) -> None:
    """``settings.json`` with ``"animation_speed": 0.001`` (a hand edit, «0.001 — почти без анимации») passes
    ``_valid`` (any float from 0 to 10), so the deal's cards take 1000 times as long to fly: a minute later the
    bidding buttons have still not come and nothing the player can do brings them (the table waits for the
    flights). «Настройки» shows «Анимация: выкл» — the nearest of its four speeds — which is not what plays.
    The App is made as a real window makes it: the file's speed is the session's (testing would force 0)."""
    from ui.settings import ANIMATION_SPEEDS, read_settings

    (tmp_path / "settings.json").write_text(json.dumps({"animation_speed": 0.001}), "utf-8")
    speed = read_settings(tmp_path / "settings.json")[0].animation_speed
    d = Driver(tmp_path, clock=ManualClock(), animation_speed=speed, bot_delay=0.0)
    t = d.start_table(GameOptions(preset="moscow", bot_level="easy", first_dealer="human", seed=3))
    d.tick(600, 0.1)  # a minute
    assert t.ctl.human_to_act() and t.decisions.panel.button_rects(), "no bidding buttons a minute after the deal"
    assert speed in ANIMATION_SPEEDS, f"{speed} is none of the speeds «Настройки» can show"


def test_a_settings_files_bot_delay_is_one_the_settings_can_show() -> None:
    """``"bot_delay": 10`` is accepted: the bot waits ten seconds before each move while «Настройки» says «Пауза
    соперника: долгая» (1.6 s)."""
    from ui.scenes.settings import _DELAYS
    from ui.settings import Settings, _settings_from

    got = _settings_from({"bot_delay": 10}, Settings()).bot_delay
    assert got <= max(v for _, v in _DELAYS)


# ------------------------------------------------------------------------------------------ 5. the replays' rename


def test_a_refused_rename_is_said_in_the_players_language(tmp_path: Path) -> None:
    """«Переименовать» to the name of another game, or to a name of nothing but «/:*?»: the dialog «Не удалось»
    shows ``rename``'s English ValueError as it is — «20250102-120000.json already exists», «empty name» — in the
    Russian window (round 4 put the OSErrors into words, not these two). («///» is taken as «___».)"""
    from ui.scenes.replay import ReplayBrowserScene

    full = json.loads((ROOT / "saves" / "moscow-full-501.json").read_text("utf-8"))
    full["meta"].update(human_seat=0, bot_level="medium", ui="deberts-gui")
    for stem in ("20250101-120000", "20250102-120000"):
        (tmp_path / "games").mkdir(exist_ok=True)
        (tmp_path / "games" / f"{stem}.json").write_text(json.dumps(full, ensure_ascii=False), "utf-8")
    d = Driver(tmp_path)
    b = d.open_browser()
    d.frames(3)
    assert isinstance(b, ReplayBrowserScene)
    index = next(i for i, e in enumerate(b.entries) if e.path.stem == "20250101-120000")
    for typed in ("20250102-120000", " ... "):
        b.select(index)
        d.frames(1)
        b.ask_rename()
        assert b.rename_entry is not None
        b.rename_entry.set_text(typed)
        b.do_rename()
        d.frames(1)
        assert b.box is not None
        block = b.box.window.text_block
        assert block is not None
        text = block.html_text
        assert "already exists" not in text and "empty name" not in text, text
        b.box.window.kill()
        b.box = None
        d.frames(1)


# ------------------------------------------------------------------------------------------ 6. progress files


@pytest.mark.parametrize("store", ["school", "practice"])
def test_a_progress_file_that_cannot_be_read_now_is_not_set_aside_as_corrupt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, store: str
) -> None:
    """``school.json`` / ``practice.json`` that the system will not let us read (no permission — a backup restored
    by another user, EIO on a failing disk, a network folder gone for a moment) is renamed «….corrupt-….json» and
    the stars / scores start afresh; the next lesson then writes a new file in its place. The settings' reader leaves
    such a file alone (``read_settings``: «there, but unreadable: left alone, said»). The player's progress is not
    corrupt: only the reading failed. (Root ignores file modes, so the refusal is made by the reader here.)"""
    import errno

    from ui import progress_file
    from ui.practice import PracticeStore, situation_keys
    from ui.school import SchoolStore

    path = tmp_path / f"{store}.json"
    if store == "school":
        path.write_text('{"format": "deberts-school", "version": 1, "lessons": {"card_order": 3}}\n', "utf-8")
    else:
        PracticeStore.load(path).record(situation_keys()[0], True)  # the practice file as its store writes it
    before = path.read_bytes()

    def refused(p: object, max_bytes: int) -> bytes:
        raise PermissionError(errno.EACCES, "Permission denied", str(p))

    monkeypatch.setattr(progress_file, "read_limited", refused)
    loaded = SchoolStore.load(path) if store == "school" else PracticeStore.load(path)
    assert loaded.error is not None  # said: yes
    assert path.exists() and path.read_bytes() == before, f"moved aside as corrupt: {loaded.moved}"
    monkeypatch.undo()  # readable again: the next result of this session still does not write over the file
    if isinstance(loaded, SchoolStore):
        loaded.record("card_order", 1)
    else:
        loaded.record(situation_keys()[0], False)
    assert path.read_bytes() == before


# ------------------------------------------------------------------------------------------ 7. the lab's command line


def test_selfplay_make_corpus_never_writes_over_a_file_it_did_not_write(tmp_path: Path) -> None:
    """``main.py selfplay --make-corpus FILE`` wrote over any file: a saved game (here a copy of a sample record),
    ``current.json`` or the settings, with no question (``lab.selfplay.write_corpus``: ``Path.write_text``, not even
    atomic). ``stats --csv`` refuses a file it did not write unless ``--force``; this should too."""
    import subprocess
    import sys

    victim = tmp_path / "current.json"
    victim.write_bytes((ROOT / "saves" / "moscow-bait.json").read_bytes())
    before = victim.read_bytes()
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "selfplay",
            "--bots",
            "random,random",
            "--games",
            "1",
            "--make-corpus",
            str(victim),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert victim.read_bytes() == before, f"overwritten: {run.stdout.strip()}"
    assert run.returncode == 2


# ------------------------------------------------------------------------------------------ 8. a deal code's game


def test_a_deal_codes_game_is_the_one_the_menu_shows(tmp_path: Path) -> None:
    """The menu shows «Партия до: одна сдача» and «Даве: вкл»; a Moscow deal code typed under them starts a game to
    501 without «даве» (``MenuScene.start_with_code``: ``target=opts.target or 501``, and the option rows are never
    applied), though its docstring says «other options as set» and nothing on the screen says otherwise."""
    from game.cards import shuffled_deck
    from game.export import deal_code

    (tmp_path / "settings.json").write_text(
        json.dumps({"preset": "moscow", "target": 0, "dave": True, "players": 2}), "utf-8"
    )
    d = Driver(tmp_path)
    assert d.menu.choice("target") == "0" and d.menu.choice("dave") == "on"  # what the player sees
    d.menu.code_entry.set_text(deal_code(shuffled_deck(random.Random(4)), 0, "moscow"))
    d.click(d.menu.button_rect("new").center)
    d.frames(2)
    rules = d.table.ctl.match.rules
    assert (rules.target, rules.dave) == (0, True), f"played to {rules.target}, даве {rules.dave}"


# ------------------------------------------------------------------------------------------ 9. Ровня's rating


def test_a_read_only_window_with_rovnya_chosen_writes_no_statistics_cache(tmp_path: Path) -> None:
    """Round 7 made the statistics screen of a second window (another holds the folder) write no
    ``stats-cache.json``; the menu's line under «Соперник: ☯ Ровня» computes the player's rating through
    ``player_rating_now`` → ``compute(data_dir)`` with ``save=True``, and writes the cache into the other window's
    folder all the same (so do the replays' «Сдачу заново» / «Играть отсюда»). It also reads and hashes every game
    (and, with no cache, replays them all) in the window's own thread at each visit of the menu."""
    from ui.app import App, AppOptions

    full = json.loads((ROOT / "saves" / "moscow-full-501.json").read_text("utf-8"))
    full["players"] = ["Игрок", "Бот"]
    full["meta"].update(human_seat=0, bot_level="medium", ui="deberts-gui")
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "20250101-120000.json").write_text(json.dumps(full, ensure_ascii=False), "utf-8")
    (tmp_path / "settings.json").write_text(json.dumps({"bot_level": "rovnya", "players": 2}), "utf-8")
    first = App(AppOptions(data_dir=str(tmp_path), single_instance=True, testing=True))
    try:
        first.step()
        (tmp_path / "stats-cache.json").unlink(missing_ok=True)  # the holder may keep one; the other may not
        second = App(AppOptions(data_dir=str(tmp_path), single_instance=True, testing=True))
        try:
            assert second.read_only
            second.step()
            menu = second.scene
            assert isinstance(menu, MenuScene) and menu._rating_thread is not None
            menu._rating_thread.join()  # the rating is read in a thread: what it wrote is written by now
            second.step()
            assert menu.opponent_note is not None and "рейтинг сейчас" in menu.opponent_note.text
            assert not (tmp_path / "stats-cache.json").exists(), "the read-only window wrote the statistics' cache"
        finally:
            second.close()
    finally:
        first.close()


# ------------------------------------------------------------------------------------------ 10. the replays' delete


def test_delete_removes_the_game_its_question_named(tmp_path: Path) -> None:
    """«Удалить» asks «Удалить «A»?» in a dialog that blocks clicks but not keys: ↓ (or ↑, PgDn, End) still moves
    the list's selection behind it, and «Удалить» then trashes the game selected *now* (``do_delete`` takes
    ``self.entry()``), one the player was never asked about. The question should hold the entry it names (and the
    list should take no keys while it is up)."""
    import pygame

    full = json.loads((ROOT / "saves" / "moscow-full-501.json").read_text("utf-8"))
    full["meta"].update(human_seat=0, bot_level="medium", ui="deberts-gui")
    (tmp_path / "games").mkdir()
    for stem in ("20250101-120000", "20250102-120000"):
        (tmp_path / "games" / f"{stem}.json").write_text(json.dumps(full, ensure_ascii=False), "utf-8")
    d = Driver(tmp_path)
    b = d.open_browser()
    d.frames(3)
    named = b.entries[0].path  # the first row of «Мои партии»
    b.select(0)
    d.frames(1)
    b.ask_delete()
    d.frames(1)
    assert b.confirm is not None
    d.key(pygame.K_DOWN)  # a key pressed while the question is up
    d.click(b.confirm.confirm_button.get_abs_rect().center)
    d.frames(2)
    trashed = sorted(p.name for p in (tmp_path / "trash").glob("*.json"))
    assert trashed == [named.name], f"asked about {named.name}, trashed {trashed}"


def test_an_exported_tag_keeps_a_name_with_a_quote_inside_it() -> None:
    """Round 8: a player named «Аня"]» wrote ``[Seat0 "Аня"]"]`` — the tag ended at her quote, and a reader of the
    text took the rest for another tag. A quote and a backslash in a value are escaped as PGN and PBN do."""
    from dataclasses import replace

    from game.export import deal_text
    from game.record import load

    record = replace(load(ROOT / "saves" / "moscow-bait.json"), players=['Аня"] [Result "0', "Бо\\рис"])
    text = deal_text(record, 0)
    assert '[Seat0 "Аня\\"] [Result \\"0"]' in text.splitlines()
    assert '[Seat1 "Бо\\\\рис"]' in text.splitlines()


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_an_atomic_write_keeps_the_files_mode(tmp_path: Path) -> None:
    """Round 8: ``write_atomic`` wrote through ``mkstemp``, whose files are 0600: a CSV export was private, and a
    0644 file rewritten became 0600. A new file gets 0644; a replaced one keeps its mode."""
    from game.atomic import write_atomic

    write_atomic(tmp_path / "new.csv", "a,b\n")
    kept = tmp_path / "kept.json"
    kept.write_text("{}", "utf-8")
    kept.chmod(0o640)
    write_atomic(kept, "[]")
    assert (tmp_path / "new.csv").stat().st_mode & 0o777 == 0o644
    assert kept.stat().st_mode & 0o777 == 0o640 and kept.read_text("utf-8") == "[]"


def test_the_menu_reads_rovnyas_rating_in_a_thread_and_a_game_waits_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round 8: with no statistics' cache (a reset, a new cache version) the line under «☯ Ровня» replayed every
    game in the window's own thread (5 s for 500). The menu says «…» while a thread reads, fills the line when it
    is read, and «Новая игра» then starts at that rating."""
    import threading

    from ui.scenes import menu as menu_module
    from ui.scenes.table import TableScene

    release = threading.Event()

    def slow(data_dir: Path, save: bool = True) -> float:
        release.wait(30)
        return 1400.0

    monkeypatch.setattr(menu_module, "player_rating_now", slow)
    (tmp_path / "settings.json").write_text(json.dumps({"bot_level": "rovnya", "players": 2}), "utf-8")
    d = Driver(tmp_path)
    menu = d.menu
    assert menu.opponent_note is not None and "…" in menu.opponent_note.text  # the window did not wait
    reading = menu.redraw_token()  # what an idle tick compares with what it last drew
    release.set()
    assert menu._rating_thread is not None
    menu._rating_thread.join()
    menu.update(0.0)  # a tick's update fills the line, and that tick draws it (it stayed «…» until the mouse moved)
    assert "…" not in menu.opponent_note.text and "рейтинг сейчас" in menu.opponent_note.text
    assert menu.redraw_token() != reading
    d.click(menu.button_rect("new").center)
    assert isinstance(d.app.scene, TableScene) and d.app.scene.ctl.meta["bot_level"] == match_level(1400.0)
