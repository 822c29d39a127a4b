"""Headless replay tests: the browser, the viewer, analysis marks, play from here, deal codes — real events."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from conftest import count_deal_starts
from ui_driver import Driver as BaseDriver

from game.actions import Kind
from game.cards import shuffled_deck
from game.export import deal_code
from game.record import load, prefix, replay, save
from game.report import game_json
from ui.i18n import card_name, word
from ui.scenes.menu import MenuScene
from ui.scenes.replay import ReplayBrowserScene, ReplayScene
from ui.scenes.table import TableScene

ROOT = Path(__file__).resolve().parent.parent
SAVES = ROOT / "saves"


class Driver(BaseDriver):
    settle_frames = 3  # the press, the list's selection event, the scene's reaction

    def __init__(self, data_dir: Path, replay_file: str | None = None) -> None:
        super().__init__(data_dir, size=(1280, 800), seed=3, replay=replay_file)


def _data_dir(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    (d / "games").mkdir(parents=True)
    shutil.copy(SAVES / "moscow-hanging.json", d / "games" / "hanging.json")
    shutil.copy(SAVES / "book-belle.json", d / "current.json")
    (d / "games" / "broken.json").write_text('{"format": "deberts-record", "version": 1, "deals": [', "utf-8")
    return d


def test_browser_lists_opens_renames_and_deletes(tmp_path: Path) -> None:
    data = _data_dir(tmp_path)
    d = Driver(data)
    assert isinstance(d.app.scene, MenuScene)
    d.click(d.app.scene.button_rect("replays").center)
    b = d.browser
    kinds = [e.kind for e in b.entries]
    assert kinds[0] == "current" and kinds.count("game") == 2 and "sample" in kinds
    broken = next(i for i, e in enumerate(b.entries) if e.broken)
    assert "truncated" in (b.entries[broken].error or "")
    rect = b.item_rect(broken)
    assert rect is not None
    d.click(rect.center)
    assert b.selected == broken and "повреждён" in b.entry_text(broken, b.entries[broken])
    assert not b.button("open").is_enabled  # a broken record cannot be opened
    # rename the finished game
    game = next(i for i, e in enumerate(b.entries) if e.kind == "game" and not e.broken)
    d.click(b.item_rect(game).center)  # type: ignore[union-attr]
    d.click(b.button_rect("rename").center)
    assert b.rename_entry is not None
    b.rename_entry.set_text("моя партия")
    d.click(b.button_rect("rename_ok").center)
    assert (data / "games" / "моя партия.json").exists() and not (data / "games" / "hanging.json").exists()
    # delete it: a confirmation, then the file goes to the trash
    b = d.browser
    assert b.entry() is not None and b.entry().path.name == "моя партия.json"  # type: ignore[union-attr]
    d.click(b.button_rect("delete").center)
    assert b.confirm is not None
    d.click(b.confirm.confirm_button.get_abs_rect().center)
    assert (data / "trash" / "моя партия.json").exists()
    assert all(e.path.name != "моя партия.json" for e in d.browser.entries)
    # samples are read-only; double-click or Open shows them
    sample = next(i for i, e in enumerate(d.browser.entries) if e.kind == "sample")
    d.click(d.browser.item_rect(sample).center)  # type: ignore[union-attr]
    assert not d.browser.button("delete").is_enabled
    d.click(d.browser.button_rect("open").center)
    assert isinstance(d.app.scene, ReplayScene)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, ReplayBrowserScene)


def test_open_by_path_step_to_the_end_and_back_matches_score(tmp_path: Path) -> None:
    data = _data_dir(tmp_path)
    d = Driver(data)
    d.app.open_replays()
    d.frames()
    b = d.browser
    path = str(SAVES / "moscow-hanging.json")
    assert b.path_entry is not None
    b.path_entry.set_text(path)
    d.click(b.button_rect("open_path").center)
    v = d.viewer
    record = load(path)
    total = sum(len(x.actions) for x in record.deals)
    for _ in range(total + len(record.deals) - 1):
        d.key(pygame.K_RIGHT)
    assert (v.di, v.pos) == (len(record.deals) - 1, len(record.deals[-1].actions))
    expected = game_json(record, replay(record))
    model = v.model()
    assert list(model.scores) == expected["scores"]
    assert [list(r.result.scores_after) for r in model.sheet] == [
        x["scores_after"] for x in expected["deals"] if x["finished"]
    ]
    cli = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "score", path, "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        timeout=60,
    )
    assert json.loads(cli.stdout)["scores"] == list(model.scores)
    # the score sheet follows the position: back at the start nothing is written
    d.key(pygame.K_UP)  # previous trick
    assert v.pos < len(record.deals[-1].actions)
    for _ in range(total + 5):
        d.key(pygame.K_LEFT)
    assert (v.di, v.pos) == (0, 0) and v.model().sheet == () and v.model().scores == (0, 0)
    # tricks and deals by the buttons; a click in the action list jumps there
    d.click(v.button_rect("b_next_trick").center)
    deal = v.deal
    assert len(deal.tricks) == 1 and not deal.trick
    d.click(v.button_rect("b_next_deal").center)
    assert (v.di, v.pos) == (1, 0)
    rect = v.actions.item_rect(5)
    assert rect is not None
    d.click(rect.center)
    assert (v.di, v.pos) == (1, 5)
    assert len(v.deal.history) == 5
    d.key(pygame.K_END)
    assert v.pos == len(record.deals[1].actions)
    # the player's view only: the opponent's cards are hidden
    d.click(v.button_rect("toggle_hands").center)
    assert not v.open_hands


def test_analysis_marks_the_planted_mistake(tmp_path: Path) -> None:
    from test_analysis import _planted_deal

    rec, index, played, best, loss = _planted_deal()
    path = tmp_path / "planted.json"
    save(path, rec)
    d = Driver(tmp_path / "data", replay_file=str(path))
    v = d.viewer
    d.click(v.button_rect("analyse").center)
    v.analyser.wait(60)
    d.frames(2)
    assert v.analyser.result is not None and v.analyser.job is None
    texts = v.actions.texts(v, v.analyser.result)
    marked = [i for i, t in enumerate(texts) if "✗" in t]
    assert marked == [index + 1] and f"−{loss:.0f}" in texts[index + 1]
    v.goto(0, index)
    d.frames()
    info = " ".join(t for t, _, _ in v.analyser.info_lines(v, v.names))
    assert f"−{loss:.0f}" in info
    # the row of the card itself selected (the position after it): the panel says that card's verdict first, not
    # only the next player's values (a newcomer's pass: the row «✗ −18» and the panel spoke of different moves)
    v.goto(0, index + 1)
    d.frames()
    assert " ".join(v.legend).replace("\u00a0", " ").startswith("✗ ошибка (−N очков)")  # the marks, under the list
    assert len(v.legend) == 3 and not any(line.endswith("·") for line in v.legend)  # a mark a line, nothing hanging
    first = v.analyser.info_lines(v, v.names)[0][0]
    who = v.names.seat_label(v.deal.history[index][0])
    assert first == f"{who}: {card_name(played)} — ошибка −{loss:.0f} (лучше {card_name(best)})", first
    dec = v.analyser.decision(v.di, index)
    assert dec is not None and (dec.played, dec.best) == (played, best)
    from game.services.analysis.cache import cache_path

    assert cache_path(path).exists() and not path.with_name(path.name + ".analysis.json").exists()
    # the same card, had it been the best on what the player could see (the hint's choice): a hollow mark, no cross
    import dataclasses

    blind = {c: (10.0 if c == played else 0.0) for c in dec.exact}
    deal = v.analyser.result.deals[0]
    deal.decisions = [dataclasses.replace(x, sampled=blind) if x is dec else x for x in deal.decisions]
    texts = v.actions.texts(v, v.analyser.result)
    assert "✗" not in texts[index + 1] and texts[index + 1].endswith(f"  ○ −{loss:.0f}")


def _act_once(d: Driver) -> None:
    """Make the table apply one action: the bot's comes by itself; the human's by keys (→ then Enter)."""
    t = d.app.scene
    assert isinstance(t, TableScene)
    before = len(t.ctl.match.deals[-1].history)
    for _ in range(12):
        if len(t.ctl.match.deals[-1].history) > before:
            return
        if t.ctl.human_to_act():
            view = t.model.view
            words = [a for a in view.legal if a.kind is not Kind.PLAY]
            if words and not any(a.kind is Kind.PLAY for a in view.legal):
                rects = t.decisions.panel.button_rects()
                d.click(next(iter(rects.values())).center)
            else:
                d.key(pygame.K_RIGHT)
                d.key(pygame.K_RETURN)
                if t.decisions.pending is not None:
                    d.click(next(iter(t.decisions.panel.button_rects().values())).center)
        else:
            d.frames()
    assert len(t.ctl.match.deals[-1].history) > before, "the table did not apply the next action"


def test_play_from_here_and_this_deal_again(tmp_path: Path) -> None:
    data = tmp_path / "data"
    source = SAVES / "moscow-rost-trump.json"
    d = Driver(data, replay_file=str(source))
    v = d.viewer
    record = load(source)
    for _ in range(7):
        d.key(pygame.K_RIGHT)
    assert v.pos == 7
    # each button of the column says what it will do; «Сдачу заново» that it is a new game at 0 : 0
    for key in ("toggle_hands", "analyse", "seat", "play_here", "again", "export", "back"):
        assert v.button(key).tool_tip_text, key
    assert "0 : 0" in (v.button("again").tool_tip_text or "")
    d.click(v.button_rect("play_here").center)
    t = d.app.scene
    assert isinstance(t, TableScene)
    assert [a for _, a in t.ctl.match.deals[-1].history] == record.deals[0].actions[:7]
    _act_once(d)
    saved = load(data / "current.json")  # the new record replays (load validates by replaying)
    assert saved.meta["branch"] == {"source": str(source), "deal": 0, "action": 7}
    assert saved.deals[0].actions[:7] == record.deals[0].actions[:7] and len(saved.deals[0].actions) >= 8
    # this deal again, as the other player: the same deck, the other seat's cards in the human's hand
    d2 = Driver(tmp_path / "data2", replay_file=str(source))
    v2 = d2.viewer
    d2.click(v2.button_rect("seat").center)
    assert v2.seat_choice == 1
    d2.click(v2.button_rect("again").center)
    t2 = d2.app.scene
    assert isinstance(t2, TableScene)
    deal = t2.ctl.match.deals[0]
    original = replay(prefix(record, 0, 0)).deals[0]
    assert list(deal.deck) == list(original.deck) and deal.history == []
    assert sorted(deal.hand(0)) == sorted(original.hand(1))
    _act_once(d2)
    assert load(tmp_path / "data2" / "current.json").players == record.players[::-1]  # the names go with the cards


@pytest.mark.parametrize("seat", [0, 1])
def test_play_from_here_as_either_seat_gives_the_human_that_seat(tmp_path: Path, seat: int) -> None:
    """«Играть за» chooses the seat: at the table the human holds that seat's hand of the replayed position, the
    bot plays the other one, and the game saved keeps the record's names by seat."""
    data = tmp_path / "data"
    source = SAVES / "moscow-rost-trump.json"
    record = load(source)
    d = Driver(data, replay_file=str(source))
    v = d.viewer
    for _ in range(9):
        d.key(pygame.K_RIGHT)
    for _ in range(seat):
        d.click(v.button_rect("seat").center)
    assert v.seat_choice == seat and record.players[seat] in v.button("seat").text
    position = replay(prefix(record, 0, 9)).deals[0]
    assert set(position.hand(0)) != set(position.hand(1))
    d.click(v.button_rect("play_here").center)
    t = d.app.scene
    assert isinstance(t, TableScene)
    assert t.seat == seat and t.ctl.human_seats == (seat,) and set(t.ctl.bots) == {1 - seat}
    assert set(t.model.view.hand) == set(position.hand(seat))
    assert set(t.hand.cards) == set(position.hand(seat))  # the fan drawn at the bottom of the table
    _act_once(d)
    _act_once(d)
    saved = load(data / "current.json")
    assert saved.players == record.players  # «Анна» and «Борис», each on the seat they played
    assert saved.meta["branch"] == {"source": str(source), "deal": 0, "action": 9}
    assert saved.deals[0].actions[:9] == record.deals[0].actions[:9] and len(saved.deals[0].actions) >= 11


def test_play_from_here_names_nameless_seats_by_who_plays_them(tmp_path: Path) -> None:
    record = load(SAVES / "moscow-rost-trump.json")
    record.players = ["", " "]
    source = tmp_path / "nameless.json"
    save(source, record)
    data = tmp_path / "data"
    d = Driver(data, replay_file=str(source))
    v = d.viewer
    for _ in range(5):
        d.key(pygame.K_RIGHT)
    d.click(v.button_rect("seat").center)
    d.click(v.button_rect("play_here").center)
    assert isinstance(d.app.scene, TableScene) and d.app.scene.seat == 1
    _act_once(d)
    assert load(data / "current.json").players == ["Бот", "Игрок"]


def test_viewer_message_goes_when_the_shown_position_changes(tmp_path: Path) -> None:
    """A message (here the export's) stays while its position is shown, and goes as soon as another one is: by the
    buttons, the action list or the keys."""
    d = Driver(tmp_path / "data", replay_file=str(SAVES / "book-belle.json"))
    v = d.viewer
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)

    def export() -> str:
        d.click(v.button_rect("export").center)
        assert v.message is not None and "код сдачи" in v.message[0]
        return v.message[0]

    text = export()
    d.click(v.button_rect("toggle_hands").center)  # the same position, seen otherwise: the message stays
    d.frames(3)
    assert v.pos == 2 and v.message is not None and v.message[0] == text
    d.click(v.button_rect("b_next").center)
    assert v.pos == 3 and v.message is None
    export()
    rect = v.actions.item_rect(1)
    assert rect is not None
    d.click(rect.center)
    assert v.pos == 1 and v.message is None
    export()
    d.key(pygame.K_END)
    assert v.pos == len(v.deal_actions()) and v.message is None
    export()
    d.key(pygame.K_LEFT)
    assert v.message is None


def test_export_and_deal_code_in_the_menu(tmp_path: Path) -> None:
    data = tmp_path / "data"
    d = Driver(data, replay_file=str(SAVES / "book-belle.json"))
    v = d.viewer
    d.click(v.button_rect("export").center)
    assert v.exported is not None
    text = v.exported.read_text("utf-8")
    assert "Анна: S Q8 C AT D - H* KQJ87" in text and "Итого: 129 : 10" in text
    d.key(pygame.K_ESCAPE)  # opened from the command line: back to the browser
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, MenuScene)
    import random

    deck = shuffled_deck(random.Random(77))
    code = deal_code(deck, 1, "club")
    menu = d.app.scene
    menu.code_entry.set_text(code.lower())
    d.click(menu.button_rect("new").center)
    t = d.app.scene
    assert isinstance(t, TableScene)
    first = t.ctl.match.deals[0]
    assert list(first.deck) == deck and first.dealer == 1 and t.ctl.match.rules.name == "club"
    # a bad code is refused with a message, no game starts
    d.key(pygame.K_ESCAPE)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    menu.code_entry.set_text("NOT-A-CODE")
    d.click(menu.button_rect("new").center)
    assert isinstance(d.app.scene, MenuScene) and d.app.scene.message is not None


def test_replay_of_a_broken_file_shows_the_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{ nope", "utf-8")
    d = Driver(tmp_path / "data", replay_file=str(bad))
    assert isinstance(d.app.scene, ReplayBrowserScene)
    assert d.app.scene.box is not None


@pytest.mark.parametrize("size", [(1024, 640)])
def test_viewer_fits_small_window(tmp_path: Path, size: tuple[int, int]) -> None:
    d = Driver(tmp_path / "data", replay_file=str(SAVES / "moscow-full-501.json"))
    d.app.resize(size)
    d.frames()
    v = d.viewer
    for key in ("b_next", "back", "play_here"):
        r = v.button_rect(key)
        assert d.app.screen.get_rect().contains(r)


def test_strict_penalty_is_marked_in_the_action_list(tmp_path: Path) -> None:
    source = SAVES / "moscow-strict-false-rost.json"
    d = Driver(tmp_path / "data", replay_file=str(source))
    texts = d.viewer.actions.texts(d.viewer, d.viewer.analyser.result)
    marked = [t for t in texts if "⚠" in t]
    actions = [str(a) for a in load(source).deals[0].actions]
    assert len(marked) == 1
    index = int(marked[0].split(".")[0])  # item "N. who: action" is action N
    assert actions[index - 1] == "rost"


def test_practice_deals_are_listed_by_their_drill_title(tmp_path: Path) -> None:
    from game.drills import SITUATIONS, make_drill
    from game.record import record_of

    data = tmp_path / "data"
    (data / "games").mkdir(parents=True)
    key = next(iter(SITUATIONS))
    drill = make_drill(key, 0, 1)
    record = record_of(drill.build_match(), ["Вы", "Бот"], {"practice": {"situation": key}})
    save(data / "games" / f"20261130-120000-practice-{key}.json", record)
    d = Driver(data)
    assert isinstance(d.app.scene, MenuScene)
    d.click(d.app.scene.button_rect("replays").center)
    rows = [d.browser.entry_text(i, e) for i, e in enumerate(d.browser.entries) if e.kind == "game"]
    assert rows and word(SITUATIONS[key].title) in rows[0] and key not in rows[0]


def test_continue_keeps_the_seat_and_names_of_a_game_played_from_a_replay(tmp_path: Path) -> None:
    """«Играть отсюда» as seat 1, then «Продолжить» from the menu: the human is in seat 1 again, names kept."""
    from game.record import load
    from ui.controller import GameController
    from ui.paths import Paths

    paths = Paths.resolve(tmp_path)
    rec = load(Path("saves") / "book-belle.json")
    rec.players = ["Анна", "Борис"]
    ctl = GameController.restore(paths, rec, human_seats=(1,), players=rec.players, inline_bots=True)
    ctl.close()
    saved = load(paths.current_game)
    assert saved.players == ["Анна", "Борис"]
    assert saved.meta["human_seat"] == 1
    again = GameController.restore(paths, saved, human_seats=(0,), inline_bots=True)  # as the menu does
    assert again.human_seats == (1,)
    assert again.record().players == ["Анна", "Борис"]
    again.close()


def test_a_step_within_the_deal_moves_the_selection_without_rebuilding_the_list(tmp_path: Path) -> None:
    """→ inside a deal selects the next action in the list (one row selected, the step's), keeping the rows'
    buttons (rebuilding them cost a tenth of a second a key)."""
    d = BaseDriver(tmp_path / "data", size=(1024, 640), seed=3, replay=str(SAVES / "moscow-rost-trump.json"))
    v = d.app.scene
    assert isinstance(v, ReplayScene)
    lst = v.actions.widget
    assert lst is not None
    first = [item.get("button_element") for item in lst.item_list]
    for step in range(1, 6):
        d.key(pygame.K_RIGHT)
        selected = [i for i, item in enumerate(lst.item_list) if item["selected"]]
        assert selected == [v.pos] == [step]
        assert [item.get("button_element") for item in lst.item_list] == first
    d.key(pygame.K_LEFT)
    assert [i for i, item in enumerate(lst.item_list) if item["selected"]] == [4]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_speech_bubbles_stay_clear_of_the_side_panel(tmp_path: Path, size: tuple[int, int]) -> None:
    """The top player's «Пас» used to cover «Следующий ход»: every bubble ends left of the info panel."""
    d = BaseDriver(tmp_path / "data", size=size, seed=3, replay=str(SAVES / "moscow-rost-trump.json"))
    v = d.app.scene
    assert isinstance(v, ReplayScene)
    spoken = 0
    for _ in range(24):
        d.key(pygame.K_RIGHT)
        for seat in (0, 1):
            r = v.speech.rect_of(seat, size[0], 1)
            if r is not None:
                spoken += 1
                assert r.right <= v.geo.info_area.x, (v.pos, v.speech.text_of(seat), r, v.geo.info_area)
    assert spoken >= 5


def test_the_named_top_card_reads_as_it_was_said(tmp_path: Path) -> None:
    """After «рост?» the list and the status line show the words («От валета»), not the button's name."""
    d = Driver(tmp_path / "data", replay_file=str(SAVES / "moscow-rost-trump.json"))
    v = d.viewer
    j = next(i for i, a in enumerate(v.deal_actions()) if a.kind is Kind.TELL_TOP)
    events = replay(prefix(v.record, 0, j)).apply(v.deal_actions()[j])
    top = next(ev.card for ev in events if ev.kind == "top")
    assert (
        v.actions.texts(v, v.analyser.result)[j + 1].endswith("от валета")
        and top is not None
        and top.rank.name == "JACK"
    )
    rect = v.actions.item_rect(j + 1)
    assert rect is not None
    d.click(rect.center)
    assert v.pos == j + 1 and v.status_text().endswith("от валета")


@pytest.mark.parametrize(("lang", "words"), [("ru", ["даве!", "даве! (×4)"]), ("en", ["Double!", "Redouble! (×4)"])])
def test_a_redouble_reads_as_one_in_the_move_list(lang: str, words: list[str]) -> None:
    """The English move log said «Double!» for the raise from ×2 to ×4 too; a raise names the stake it makes."""
    from ui import i18n
    from ui.scenes.replay.action_list import action_text

    record = load(SAVES / "one_strike-dave.json")
    acts = record.deals[0].actions
    daves = [j for j, a in enumerate(acts) if a.kind is Kind.DAVE]
    i18n.set_language(lang)
    try:
        said = [action_text(acts[j], replay(prefix(record, 0, j)).apply(acts[j])) for j in daves]
    finally:
        i18n.set_language("ru")
    assert said == words


def test_a_game_given_up_on_a_double_says_so_and_its_stake(tmp_path: Path) -> None:
    """A player's pass: after «сдаюсь» the viewer read «итог: 0 : 0» and the sheet 0 : 0 — nothing said who lost,
    nor at what stake. The status line names who gave up and the game's stake (the bidder gives up at ×2 and pays
    double: ×4), the sheet writes «—» and says the stake under the totals."""
    d = Driver(tmp_path / "data", replay_file=str(SAVES / "one_strike-dave.json"))
    v = d.viewer
    v.goto(0, len(v.deal_actions()))
    d.frames(2)
    assert v.status_text().endswith("Борис: сдаюсь · итог: Борис сдаётся — ставка ×4")
    sheet = v.sheet
    assert [text for _, _, text, _ in sheet.cells] == ["—", "—"]
    tips = [tip for _, tip in sheet.tips]
    assert (
        "Сдача 1: даве не принято — сдавшийся проигрывает партию по ставке до удвоения (всего ×4); очки не пишутся"
        in tips
    )


def test_a_tooltip_shows_while_the_loop_sleeps(tmp_path: Path) -> None:
    """At 1024×640 the transport buttons carry their words in tooltips. The real loop sleeps between idle ticks
    (``idle_wait``); that sleep used to be left out of pygame_gui's clock, so a resting pointer never got its
    tooltip. Here the loop runs as in the game (not the tests' no-sleep mode) for 1.5 s of rest."""
    d = BaseDriver(tmp_path / "data", size=(1024, 640), seed=3, replay=str(SAVES / "moscow-rost-trump.json"))
    v = d.app.scene
    assert isinstance(v, ReplayScene)
    button = v.button("b_next")
    assert button.tool_tip_text
    d.move(button.get_abs_rect().center)
    d.app.options.testing = False  # sleep in idle_wait as the game does
    try:
        rest = time.monotonic()
        while time.monotonic() - rest < 1.5:
            d.app.step()
            d.app.idle_wait()
    finally:
        d.app.options.testing = True
    assert button.tool_tip is not None


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_top_bubble_points_at_its_speaker(tmp_path: Path, size: tuple[int, int]) -> None:
    """The top player's bubbles stay left of the side panel (a long one is pushed further left); the tail still
    starts at the anchor under the top hand (the pixel just below it is the bubble's cream, not the table)."""
    d = BaseDriver(tmp_path / "data", size=size, seed=3, replay=str(SAVES / "moscow-rost-trump.json"))
    v = d.app.scene
    assert isinstance(v, ReplayScene)
    x, y = v.speech.anchors[1]
    spoken = 0
    for _ in range(24):  # «Пас», «Терц», «От валета» ...
        d.key(pygame.K_RIGHT)
        d.frames(2)
        body = v.speech.rect_of(1, size[0], 1)
        if body is None:
            continue
        spoken += 1
        assert body.right <= v.geo.info_area.x
        r, g, b, _ = d.app.screen.get_at((x + 2, y + 8))
        assert r > 200 and g > 200 and b > 180, (v.speech.text_of(1), (r, g, b))
    assert spoken >= 3


def test_a_path_that_does_not_open_is_refused_in_the_players_words(tmp_path: Path) -> None:
    """Round 8: «Открыть файл» said «cannot read /x.json: No such file or directory» in the Russian window. The
    refusal is worded first; a broken file's own reason follows it."""
    d = Driver(_data_dir(tmp_path))
    d.app.open_replays()
    d.frames()
    b = d.browser
    (tmp_path / "half.json").write_text('{"format": "deberts-record", "version": 1, "deals": [', "utf-8")
    nothing, half = tmp_path / "nothing.json", tmp_path / "half.json"
    for path, said in ((nothing, f"Файла «{nothing}» нет"), (half, f"Файл «{half}» не открывается как запись игры")):
        assert b.path_entry is not None
        b.path_entry.set_text(str(path))
        d.click(b.button_rect("open_path").center)
        assert b.box is not None and b.box.window.text_block is not None
        text = b.box.window.text_block.html_text
        assert text.startswith(said) and "No such file" not in text, text
        b.box.window.kill()
        b.box = None
        d.frames(1)


def test_a_path_with_an_unknown_home_folder_is_refused_in_words(tmp_path: Path) -> None:
    """«~nosuchuser/game.json» in the path field took the app down (``Path.expanduser`` raised RuntimeError);
    the browser says it cannot find that home folder and stays. The command line refuses it at the door."""
    d = Driver(_data_dir(tmp_path))
    d.app.open_replays()
    d.frames()
    b = d.browser
    assert b.path_entry is not None
    b.path_entry.set_text("~nosuchuser/game.json")
    d.click(b.button_rect("open_path").center)
    assert d.app.scene is b and b.box is not None and b.box.window.text_block is not None
    assert "~nosuchuser/game.json" in b.box.window.text_block.html_text
    cli = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "stats", "--data-dir", "~nosuchuser/d"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert cli.returncode == 2 and "no home folder for '~nosuchuser'" in cli.stderr and "Traceback" not in cli.stderr


def test_this_deal_again_with_rovnya_chosen_seats_rovnya_at_the_players_rating(tmp_path: Path) -> None:
    """«Сдачу заново» with «Ровня» chosen on the new-game screen started a game with the bare level «rovnya», which
    the table could not make and played as a random bot. It takes Ровня at the player's rating, as the menu does."""
    import json

    from game.bots.characters import opponent_rating
    from game.bots.random_bot import RandomBot

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"bot_level": "rovnya"}), "utf-8")
    d = Driver(data, str(SAVES / "moscow-hanging.json"))
    v = d.viewer
    v.to_table(v.handover.again(0, 0))
    d.frames(3)
    ctl = d.table.ctl
    level = ctl.meta.get("bot_level")
    assert isinstance(level, str) and level.startswith("rovnya:") and opponent_rating(level) == 1500
    assert not any(isinstance(bot, RandomBot) for bot in ctl.bots.values())


def test_a_name_that_would_hide_the_game_as_an_analysis_cache_is_kept_visible(tmp_path: Path) -> None:
    """Renamed «итог.analysis», a game became «итог.analysis.json», which the browser and the statistics skip as
    an old analysis cache: it vanished from both. The name keeps the game listed («итог_analysis.json»)."""
    from game.services.stats.scan import record_files
    from ui.replays import rename

    games = tmp_path / "games"
    games.mkdir()
    path = games / "game.json"
    shutil.copy(SAVES / "moscow-hanging.json", path)
    for asked in ("итог.analysis", "итог.ANALYSIS.json"):
        path = rename(path, asked)
        assert path.name.lower() == "итог_analysis.json" and path in record_files(games)


def test_two_opponents_are_said_by_their_family_wherever_they_are_listed() -> None:
    """The statistics and the replays share one way to say two opponents: two of a kind as one word, and Ровня
    by her name whatever rating she was seated at (``rovnya:1520`` has no words of its own)."""
    from ui import i18n
    from ui.seat_words import opponents_words

    i18n.set_language("ru")
    assert opponents_words(["medium", "medium"]) == i18n.tr("level_two.medium")
    assert opponents_words(["rovnya:1520", "careful"]) == f"{i18n.tr('level_rovnya')}, {i18n.tr('level_careful')}"
    assert "rovnya:" not in opponents_words(["easy", "rovnya:1380"])


def test_the_players_own_two_player_game_is_named_as_at_the_table(tmp_path: Path) -> None:
    """A player's pass: the replay of one's own game said «Вы / Соперник» on the table and in the moves but «Игрок
    | Бот» on the sheet, «сдаёт: Бот» beside it and «Вы — Бот» in the list's preview (the record's own names for its
    seats). One's own game is «Вы» and «Соперник» everywhere."""
    from ui.replays import read_entry
    from ui.scenes.replay.names import SeatNames
    from ui.scenes.replay.preview import preview_names

    obj = json.loads((SAVES / "moscow-full-501.json").read_text("utf-8"))
    obj["players"] = ["Игрок", "Бот"]
    obj["meta"].update(human_seat=0, bot_level="medium")
    path = tmp_path / "games" / "20261201-100000.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(obj, ensure_ascii=False), "utf-8")
    names = SeatNames(load(path), 0)
    assert names.sheet_names() is None  # the sheet's own «Вы» / «Соперник», «сдаёт: соперник»
    assert [names.seat_label(0), names.seat_label(1)] == ["Вы", "Соперник"]
    entry = read_entry(path, "game")
    assert preview_names(entry, (0, 1)) == (("Вы", "Соперник"), ("Вы", "Соперник"))
    d = Driver(tmp_path, replay_file=str(path))
    d.frames(2)
    assert d.viewer.sheet.head_texts == ["Вы", "Соперник"]
    v = d.viewer
    v.goto(0, 5)  # К♠ over the opponent's Д♠ (spades are trumps): the trick is the player's
    assert v.status_text().endswith("взятку берёте вы (+7)")
    v.goto(0, 7)  # Д♣ over the player's 8♣
    assert v.status_text().endswith("взятку берёт соперник (+3)")  # it read «взятку берёт Соперник»


def test_a_deal_with_a_double_judges_each_raise_and_answer_with_open_cards(tmp_path: Path) -> None:
    """A player's pass: a one-deal game with «даве» accepted at a lost position read «Потеряно очков в сдаче: Вы —
    0». Each raise and answer is judged as the cards are, with open cards, in the game's stake: the panel says who
    wins the deal played out and the verdict, the deal's line adds the stakes lost, the list marks the mistakes.
    The sample: Борис orders and raises (won: right), Анна accepts (lost: −1), raises (lost: ×2 → ×4, −2),
    Борис gives up a won deal (playing on wins ×4, giving up costs ×4: −8)."""
    v = analysed_viewer(tmp_path, "one_strike-dave.json")

    def info(pos: int) -> str:
        v.goto(0, pos)
        return " ".join(t for t, _, _ in v.analyser.info_lines(v, v.names))

    lost = "Ставок потеряно в даве: Анна — 3, Борис — 8"
    assert "выигрывает Борис." in info(1) and "Даве здесь — верное решение." in info(1) and lost in info(1)
    assert "Принимать здесь — ошибка: сдача проиграна, и сдаться стоило бы ×1, а не ×2." in info(2)
    assert "С открытыми картами" not in info(3)  # a card comes next: its values, no verdict
    assert "проигрыш вырастет с ×2 до ×4" in info(5) and "выигрывает Борис" in info(5)
    assert "доиграв, можно было взять ×4, а сдаться стоит ×4." in info(6)
    rows = v.actions.texts(v, v.analyser.result)
    assert rows[3].endswith("  ✗ −1 ставка") and rows[6].endswith("  ✗ −2 ставки") and rows[7].endswith("  ✗ −8 ставок")
    assert "✗" not in rows[2]  # the right raise is not marked
    bait = analysed_viewer(tmp_path, "one_strike-bait.json")
    assert "Ставок потеряно" not in " ".join(t for t, _, _ in bait.analyser.info_lines(bait, bait.names))


def analysed_viewer(tmp_path: Path, sample: str) -> ReplayScene:
    """A sample opened in the viewer, its analysis done."""
    path = tmp_path / sample
    shutil.copy(SAVES / sample, path)
    d = Driver(tmp_path / f"data-{sample}", replay_file=str(path))
    v = d.viewer
    d.click(v.button_rect("analyse").center)
    v.analyser.wait(60)
    d.frames(2)
    assert v.analyser.result is not None
    return v


def test_a_step_late_in_a_long_game_replays_one_deal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A step in the last deal re-applies that deal only (a record of 400 deals took 2.5 s a step when each step
    replayed the whole game), and shows what the whole replay shows."""
    path = SAVES / "moscow-full-501.json"
    record = load(path)
    d = BaseDriver(tmp_path / "data", size=(1280, 800), seed=3, replay=str(path))
    v = d.viewer
    d.key(pygame.K_END)
    for _ in range(len(record.deals) - 1):
        d.click(v.button_rect("b_next_deal").center)
    assert v.di == len(record.deals) - 1
    started = count_deal_starts(monkeypatch)
    for step in range(1, 6):
        d.key(pygame.K_RIGHT)
        assert v.pos == step
    assert len(started) == 5  # the position alone: the move list's words are the deal's, replayed once for it
    whole = replay(prefix(record, v.di, v.pos))
    assert v.match.scores == whole.scores and v.deal.history == whole.deals[-1].history
    assert v.model().scores == whole.scores


def test_the_last_trick_button_and_l_show_the_last_trick_in_the_viewer(tmp_path: Path) -> None:
    """The sheet's «Последняя взятка (L)» looked enabled in the viewer, and neither L nor a click did anything. Both
    show the last trick as the table does, a record's players by their names."""
    d = BaseDriver(tmp_path / "data", size=(1280, 800), seed=3, replay=str(SAVES / "moscow-bait.json"))
    v = d.viewer
    v.trick_step(1)
    v.trick_step(1)  # two tricks in
    d.frames(1)
    assert v.deal.tricks and not v.peek.shown
    d.key(pygame.K_l)  # a tap: stays until the next key
    assert v.peek.shown
    d.frames(1)
    names = v.trick_painter.last_trick_names
    winner = v.deal.tricks[-1].winner
    assert v.trick_painter.last_trick_title == f"Последняя взятка: {v.record.players[winner]}"
    assert set(names) <= set(v.record.players)
    d.key(pygame.K_RIGHT)  # another key closes it and does nothing else
    assert not v.peek.shown
    button = v.sheet.last_trick_button
    d.post(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1)
    d.frames(1)
    assert v.peek.shown
    d.post(pygame.MOUSEBUTTONUP, pos=button.center, button=1)
    d.frames(1)
    assert not v.peek.shown


def test_the_browsers_keys_delete_asks_enter_confirms_and_the_search_lets_go(tmp_path: Path) -> None:
    """«Удалить»'s question ignored Enter and Esc; there was no Delete or F2; and in the search field Enter, Esc and ↓
    did nothing — only a click got out. Delete asks, Esc withdraws, Enter confirms; F2 renames; ↓ in the search goes
    to the list."""
    data = _data_dir(tmp_path)
    d = Driver(data)
    b = d.open_browser()
    game = next(i for i, e in enumerate(b.entries) if e.kind == "game" and not e.broken)
    path = b.entries[game].path
    b.select(game)
    d.frames(1)
    d.key(pygame.K_DELETE)
    assert b.asking() and b.confirm is not None
    d.key(pygame.K_ESCAPE)  # withdrawn: nothing deleted, still here
    assert not b.asking() and path.exists() and d.app.scene is b
    d.key(pygame.K_F2)
    assert b.rename_entry is not None and b.rename_entry.is_focused
    b.resize()  # the rename field goes away with a new layout
    b.select(next(i for i, e in enumerate(b.entries) if e.path == path))
    d.frames(1)
    d.key(pygame.K_DELETE)
    d.key(pygame.K_RETURN)  # confirmed: into the trash
    assert not path.exists() and list((data / "trash").glob("*.json"))
    assert b.search is not None
    d.click(b.search.get_abs_rect().center)
    assert b.search.is_focused
    d.key(pygame.K_DOWN)
    assert not b.search.is_focused and b.selected is not None


def test_the_analysis_says_what_its_marks_mean_when_it_is_done(tmp_path: Path) -> None:
    """«✗ −70» beside «○ −4» in the move list had no legend on screen; «Анализ готов» now gives it."""
    v = analysed_viewer(tmp_path, "moscow-bait.json")
    assert v.message is not None and v.message[0].startswith("Анализ готов. В списке ходов: ✗ — ошибка, ○")
