"""The replay browser as a table: groups and columns in words, newest first, preview, filters, keys — real events."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
import shutil
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver as BaseDriver
from ui_driver import open_items

from ui.i18n import tr
from ui.replays import SAMPLE_ORDER, read_whole
from ui.scenes.replay import ReplayBrowserScene, ReplayScene
from ui.scenes.replay.preview import cells, sheet_rows

SAVES = Path(__file__).resolve().parent.parent / "saves"


class Driver(BaseDriver):
    settle_frames = 3

    def __init__(self, data_dir: Path, size: tuple[int, int] = (1280, 800)) -> None:
        super().__init__(data_dir, size=size, seed=3)

    def type_text(self, text: str) -> None:
        for ch in text:
            self.post(pygame.TEXTINPUT, text=ch)
            self.frames()
        self.frames(2)


def _game(data: Path, name: str, source: str, seat: int, level: str, stamp: str) -> None:
    obj = json.loads((SAVES / source).read_text("utf-8"))
    obj["players"] = ["Игрок", "Бот"] if seat == 0 else ["Бот", "Игрок"]
    obj["meta"] = {"human_seat": seat, "bot_level": level, "created": stamp, "updated": stamp}
    (data / "games").mkdir(parents=True, exist_ok=True)
    (data / "games" / name).write_text(json.dumps(obj, ensure_ascii=False), "utf-8")


def _data(tmp_path: Path, extra: int = 0) -> Path:
    data = tmp_path / "data"
    _game(data, "a.json", "moscow-full-501.json", 0, "hard", "2026-11-20T10:00:00")  # won
    _game(data, "b.json", "yellowclub-full-501.json", 1, "medium", "2026-11-28T10:00:00")  # lost
    _game(data, "c.json", "moscow-hanging.json", 0, "easy", "2026-11-25T10:00:00")  # unfinished
    for i in range(extra):
        _game(data, f"x{i:02d}.json", "moscow-hanging.json", 0, "easy", f"2026-10-{i + 1:02d}T09:00:00")
    return data


def test_groups_columns_and_order_in_words(tmp_path: Path) -> None:
    d = Driver(_data(tmp_path))
    b = d.open_browser()
    headings = [r.heading for r in b.rows if r.entry is None]
    assert headings[0].startswith("Ваши партии") and headings[1].startswith("Примеры")
    own = [b.entries[r.entry] for r in b.rows if r.entry is not None and b.entries[r.entry].kind == "game"]
    assert [e.path.name for e in own] == ["b.json", "c.json", "a.json"]  # newest first
    date, rules, opponent, result, score, deals = cells(own[0])
    assert date == "28.11.26 10:00" and rules == "YellowClub 501" and opponent == "средний"
    assert (result, score, deals) == ("поражение", "338 : 575", "9")  # the human sat in seat 1: its score first
    assert cells(own[2])[3] == "победа" and cells(own[1])[3] == "не окончена"
    samples = [b.entries[r.entry] for r in b.rows if r.entry is not None and b.entries[r.entry].kind == "sample"]
    assert len(samples) == len(SAMPLE_ORDER)
    for e in samples:  # named in words, never by file name
        title = tr(f"sample_{e.path.stem}")
        assert cells(e)[0] == title != f"sample_{e.path.stem}" and e.path.stem not in " ".join(cells(e))
    assert [e.path.stem for e in samples] == list(SAMPLE_ORDER)


def test_click_previews_and_double_click_opens(tmp_path: Path) -> None:
    d = Driver(_data(tmp_path))
    b = d.open_browser()
    lost = next(i for i, e in enumerate(b.entries) if e.path.name == "b.json")
    rect = b.item_rect(lost)
    assert rect is not None and b.table.contains(rect)
    d.click(rect.center)
    assert b.selected == lost and b.button("open").is_enabled and b.button("rename").is_enabled
    e = b.entry()
    assert e is not None
    whole = read_whole(e)
    assert whole is not None
    rows = sheet_rows(whole[1], 1)  # the human's seat on the left
    assert rows[-1][2] == "338" and rows[-1][4] == "575" and "Б" in [r[1] for r in rows]
    d.click(rect.center)  # the second click soon after: open
    assert isinstance(d.app.scene, ReplayScene)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, ReplayBrowserScene)


def test_search_and_filters(tmp_path: Path) -> None:
    d = Driver(_data(tmp_path))
    b = d.open_browser()
    assert b.search is not None
    d.click(b.search.get_abs_rect().center)
    d.type_text("белла")
    shown = [b.entries[r.entry].path.stem for r in b.rows if r.entry is not None]
    assert shown == ["book-belle"]
    b.search.set_text("")
    d.post(pygame.TEXTINPUT, text=" ")  # any edit re-reads the field
    d.frames(3)
    assert len([r for r in b.rows if r.entry is not None]) == len(b.entries)
    # the result filter, by clicking the drop-down and its option
    menu = b.filters["result"]
    d.click(menu.get_abs_rect().center)
    options = open_items(menu)
    lost = next(o for o in options if o["text"] == "Поражения")
    d.click(lost["button_element"].get_abs_rect().center)
    d.frames(3)  # the drop-down reports its change a few frames after the click
    assert b.result_filter == "lost"
    assert [b.entries[r.entry].path.name for r in b.rows if r.entry is not None] == ["b.json"]
    menu = b.filters["rules"]
    d.click(menu.get_abs_rect().center)
    options = open_items(menu)
    moscow = next(o for o in options if o["text"] == "Московские (официальные)")
    d.click(moscow["button_element"].get_abs_rect().center)
    d.frames(3)
    assert b.rules_filter == "moscow" and not [r for r in b.rows if r.entry is not None]  # no lost moscow game


def test_keys_walk_the_rows_and_enter_opens(tmp_path: Path) -> None:
    d = Driver(_data(tmp_path))
    b = d.open_browser()
    d.key(pygame.K_DOWN)
    first = b.rows[1].entry
    assert b.selected == first
    d.key(pygame.K_DOWN)
    assert b.selected == b.rows[2].entry
    d.key(pygame.K_END)
    assert b.selected == b.rows[-1].entry and b.item_rect(b.rows[-1].entry) is not None  # type: ignore[arg-type]
    d.key(pygame.K_RETURN)
    assert isinstance(d.app.scene, ReplayScene)


def test_small_window_scrolls_and_keeps_the_selection_in_view(tmp_path: Path) -> None:
    d = Driver(_data(tmp_path, extra=12), size=(1024, 640))
    b = d.open_browser()
    assert len(b.rows) > b.rows_shown()  # it scrolls
    for k in range(b.scroll, b.scroll + b.rows_shown()):
        r = b.row_rect(k)
        assert r is not None and b.table.contains(r)
    screen = d.app.screen.get_rect()
    for key in ("open", "rename", "delete", "back", "browse"):
        assert screen.contains(pygame.Rect(b.button_rect(key)))
    assert b.table.right < b.preview.x
    last = b.rows[-1].entry
    assert last is not None and b.item_rect(last) is None  # scrolled away
    pygame.mouse.set_pos(b.table.center)
    d.post(pygame.MOUSEWHEEL, x=0, y=-2)
    d.frames()
    assert b.scroll == 6
    b.select(last)
    d.app.resize((1024, 641))
    d.frames(2)
    b = d.browser
    rect = b.item_rect(last)
    assert rect is not None and b.table.contains(rect)
    d.click(rect.center)
    assert b.selected == last


def test_a_broken_file_is_listed_and_previewed_with_its_error(tmp_path: Path) -> None:
    data = _data(tmp_path)
    (data / "games" / "broken.json").write_text('{"format": "deberts-record", "version": 1, "deals": [', "utf-8")
    shutil.copy(SAVES / "book-belle.json", data / "current.json")
    d = Driver(data)
    b = d.open_browser()
    assert b.entries[0].kind == "current"
    broken = next(i for i, e in enumerate(b.entries) if e.broken)
    d.click(b.item_rect(broken).center)  # type: ignore[union-attr]
    assert not b.button("open").is_enabled and b.button("delete").is_enabled
    assert cells(b.entries[broken])[3] == "повреждён"


def test_dates_read_as_the_player_reads_them() -> None:
    from ui.i18n import set_language
    from ui.scenes.replay.preview import fmt_date

    assert fmt_date("2026-12-01 16:02") == "01.12.2026 16:02" and fmt_date("2026-12-01 16:02", short=True) == (
        "01.12.26 16:02"
    )
    set_language("en")
    try:
        assert fmt_date("2026-12-01 16:02", short=True) == "Dec 1 16:02"
        assert fmt_date("2026-12-01 16:02") == "2026-12-01 16:02"
    finally:
        set_language("ru")
    assert fmt_date("?") == "?"


def test_a_click_on_a_heading_sorts_the_players_games(tmp_path: Path) -> None:
    d = Driver(_data(tmp_path))
    b = d.open_browser()

    def own() -> list[str]:
        return [
            b.entries[r.entry].path.name for r in b.rows if r.entry is not None and b.entries[r.entry].kind == "game"
        ]

    assert own() == ["b.json", "c.json", "a.json"]  # newest first
    d.click(b.header_rect(4).center)  # the score: the human's biggest first (a 5xx, b 338, c 118)
    assert own() == ["a.json", "b.json", "c.json"] and b.sort == (4, True)
    d.click(b.header_rect(4).center)  # again: the other way
    assert own() == ["c.json", "b.json", "a.json"] and b.sort == (4, False)
    d.click(b.header_rect(3).center)  # the result: won, lost, unfinished
    assert own() == ["a.json", "b.json", "c.json"]
    samples = [
        b.entries[r.entry].path.stem for r in b.rows if r.entry is not None and b.entries[r.entry].kind == "sample"
    ]
    assert samples == list(SAMPLE_ORDER)  # the samples keep their teaching order


def test_the_narrow_columns_keep_the_rules_and_the_opponent_whole(tmp_path: Path) -> None:
    """Issue 22: at 1024×640 the browser showed «Московские до 3…» and «Боты (сильн…». The table's cells are the
    short words (the preview keeps the long ones), and they are drawn whole at 1024×640."""
    from game.record import head_of, load, save
    from ui.replays import RecordEntry
    from ui.scenes.replay import browser
    from ui.scenes.replay.preview import opponent_words, rules_words

    record = load(SAVES / "three" / "moscow-three-players.json")
    record.players = ["Игрок", "Бот", "Бот"]
    record.meta.update(human_seat=0, bot_level="hard")
    entry = RecordEntry(tmp_path / "x.json", "game", head_of(record))
    _, rules, opponent, *_ = cells(entry)
    assert (rules, opponent) == ("Московские 301", "сильные")
    assert rules_words(entry) == "Московские (официальные), до 301" and opponent_words(entry) == "Боты (сильный)"
    (tmp_path / "games").mkdir()
    save(tmp_path / "games" / "three.json", record)
    shown: dict[str, str] = {}
    real = browser.shorten_to

    def recording(text: str, size: int, room: int, bold: bool = False) -> str:
        shown[text] = real(text, size, room, bold)
        return shown[text]

    browser.shorten_to = recording
    try:
        d = BaseDriver(tmp_path, size=(1024, 640))
        d.app.open_replays()
        d.frames(3)
    finally:
        browser.shorten_to = real
    assert shown["Московские 301"] == "Московские 301" and shown["сильные"] == "сильные"


def test_the_preview_of_a_game_for_three_names_its_characters() -> None:
    """A player's report: the preview said «Вы — Соперник слева — Соперник справа» of a game against «⚡ Жора Лихой»
    and «☯ Ровня»; it names them as the table did, the sheet's narrow heads as the table's sheet («⚡ Слева»: the
    header said «⚡ Жора Лихой» over a plain «Слева»)."""
    from game.record import GameRecord, head_of, levels_meta
    from game.rules import Rules
    from ui import i18n
    from ui.replays import RecordEntry
    from ui.scenes.replay.preview import preview_names

    i18n.set_language("ru")
    meta = {**levels_meta(["", "bold", "random"], 0), "human_seat": 0}
    rec = GameRecord(Rules.preset("moscow", players=3), players=["Игрок", "Бот", "Бот"], meta=meta)
    said, heads = preview_names(RecordEntry(Path("game.json"), "game", head_of(rec)), (0, 1, 2))
    assert said[0] == "Вы" and said[1].startswith("⚡ Жора Лихой") and said[2] == i18n.tr("seat_right")
    assert heads[1:] == ("⚡ " + i18n.tr("sheet_left"), i18n.tr("sheet_right"))  # as the table's sheet heads them
    meta2 = {**levels_meta(["", "careful"], 0), "human_seat": 0}
    rec2 = GameRecord(Rules.preset("moscow"), players=["Игрок", "Бот"], meta=meta2)
    said, heads = preview_names(RecordEntry(Path("game.json"), "game", head_of(rec2)), (0, 1))
    assert said == ("Вы", "⚖ Пётр Саввич") and heads == ("Вы", "⚖ " + i18n.tr("sheet_opponent"))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_sample_title_fits_its_row_at_1280(tmp_path: Path, lang: str) -> None:
    """A player's pass: «Целая партия до 501: лыжа и третий байт пар…» was cut in the list (and «выигрыш объявлен»
    said the word of the sequences for a claim)."""
    from ui import i18n
    from ui.fonts import font
    from ui.replays import sample_title

    i18n.set_language(lang)
    try:
        d = Driver(tmp_path, size=(1280, 800))
        browser = d.open_browser()
        i18n.set_language(lang)  # the window's settings said Russian
        xs = browser.column_xs()
        t = browser.table
        size = 15 if t.w >= 800 else (14 if t.w >= 620 else 13)
        titles = [sample_title(e) for e in browser.entries if e.kind == "sample"]
        assert len(titles) >= 18
        assert [s for s in titles if font(size).size(s)[0] > xs[3] - xs[0] - 8] == []
        assert all("объявлен" not in s for s in titles)
    finally:
        i18n.set_language("ru")
