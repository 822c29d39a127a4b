"""The replays list's index (``ui.replays_index``): a new session lists the records an earlier one read without
replaying them — 2000 games took 11 s at the first opening of each session — and never trusts it further than
the list: a changed file is read again, a tampered or corrupt index is only read again, and opening a record goes
through the gate."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from test_hostile_round6 import own_game
from ui_driver import Driver

import ui.replays as replays
from game.atomic import write_atomic
from game.cache_folder import CACHE_ENV
from ui.paths import Paths
from ui.replays_index import INDEX_NAME, load_index

ROOT = Path(__file__).resolve().parent.parent
BAIT = ROOT / "saves" / "moscow-bait.json"


@pytest.fixture
def reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gate_reads: list[Path]) -> list[Path]:
    """The files the gate read (replayed), in a cache folder of the test's own."""
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    return gate_reads


def new_session() -> None:
    """What a new start of the program forgets: the entries read and the index as loaded."""
    replays._SEEN.clear()
    replays._INDEX = None


def listed(tmp_path: Path) -> list[replays.RecordEntry]:
    return replays.list_records(Paths.resolve(tmp_path), samples_dir=tmp_path / "no-samples")


def row(e: replays.RecordEntry) -> tuple[Any, ...]:
    return (e.path, e.kind, e.head, e.error, e.date, e.scores, e.winner, e.deals, e.given_up)


def test_a_new_session_lists_the_records_from_the_index_without_replaying_them(
    tmp_path: Path, reads: list[Path]
) -> None:
    games = [own_game(tmp_path / "games" / f"2025010{k}-120000.json") for k in range(3)]
    games.append(own_game(tmp_path / "games" / "bait.json", BAIT, bot_level="hard"))
    first = listed(tmp_path)
    assert sorted(reads) == sorted(games) and all(not e.broken for e in first)
    assert len(load_index(tmp_path / "cache" / INDEX_NAME)) == 4
    new_session()
    reads.clear()
    again = listed(tmp_path)
    assert reads == [] and [row(e) for e in again] == [row(e) for e in first]
    assert all(e.whole is None for e in again)  # only the heads: nothing replayed
    bait = next(e for e in again if e.path.name == "bait.json")
    assert replays.bot_level(bait) == "hard" and replays.result_for_you(bait) in ("won", "lost", "unfinished")
    whole = replays.read_whole(bait)  # what the viewer opens goes through the gate
    assert reads == [bait.path] and whole is not None and whole[1].winner == bait.winner
    assert whole[0].meta["bot_level"] == "hard" and len(whole[0].deals) == bait.deals


def test_a_file_changed_since_it_was_indexed_is_read_again(tmp_path: Path, reads: list[Path]) -> None:
    games = [own_game(tmp_path / "games" / f"2025010{k}-120000.json") for k in range(2)]
    listed(tmp_path)
    new_session()
    reads.clear()
    write_atomic(games[0], games[0].read_text("utf-8").replace('"medium"', '"easy"'))  # saved anew
    entries = {e.path: e for e in listed(tmp_path)}
    assert reads == [games[0]] and replays.bot_level(entries[games[0]]) == "easy"
    assert load_index(tmp_path / "cache" / INDEX_NAME)[os.fsdecode(games[0])]["head"]["meta"]["bot_level"] == "easy"


def test_a_file_broken_after_it_was_listed_says_so_when_it_is_opened(tmp_path: Path, reads: list[Path]) -> None:
    """The index lists it as it was; reading it whole (the preview's sheet, «Открыть») finds it broken now."""
    game = own_game(tmp_path / "games" / "20250101-120000.json")
    listed(tmp_path)
    new_session()
    (entry,) = listed(tmp_path)
    st = game.stat()
    game.write_text("{ broken", "utf-8")  # the same size is not needed: the entry was listed before
    os.utime(game, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert replays.read_whole(entry) is None and entry.broken and "not valid JSON" in (entry.error or "")


@pytest.mark.parametrize(
    "tamper",
    [
        {"winner": 7},
        {"scores": [1, 2, 3]},
        {"deals": 0},
        {"date": "\x1b[31m2025"},
        {"head": {"format": "deberts-record", "version": 1, "rules": {"preset": "nowhere"}}},
        {"head": None},
        {"kind": "sample"},
    ],
)
def test_an_index_line_that_is_not_sound_is_read_again_from_the_file(
    tmp_path: Path, reads: list[Path], tamper: dict[str, Any]
) -> None:
    game = own_game(tmp_path / "games" / "20250101-120000.json")
    (first,) = listed(tmp_path)
    index = tmp_path / "cache" / INDEX_NAME
    obj = json.loads(index.read_text("utf-8"))
    obj["files"][os.fsdecode(game)].update(tamper)
    index.write_text(json.dumps(obj), "utf-8")
    new_session()
    reads.clear()
    (again,) = listed(tmp_path)
    assert reads == [game] and row(again) == row(first)
    assert load_index(index)[os.fsdecode(game)]["winner"] == first.winner  # written right again


@pytest.mark.parametrize(
    "content", [b"", b"\xff\xfe garbage", b'{"format": "deberts-replays-index", "version": 99}', b"[]"]
)
def test_a_corrupt_or_foreign_index_is_rebuilt(tmp_path: Path, reads: list[Path], content: bytes) -> None:
    game = own_game(tmp_path / "games" / "20250101-120000.json")
    index = tmp_path / "cache" / INDEX_NAME
    index.parent.mkdir(parents=True)
    index.write_bytes(content)
    (entry,) = listed(tmp_path)
    assert reads == [game] and not entry.broken
    assert list(load_index(index)) == [os.fsdecode(game)]


@pytest.mark.parametrize("errno", [30, 28])  # EROFS, ENOSPC
def test_a_cache_folder_that_cannot_be_written_means_no_index_not_a_failure(
    tmp_path: Path, reads: list[Path], monkeypatch: pytest.MonkeyPatch, errno: int
) -> None:
    import ui.replays_index

    def refused(path: object, text: str) -> None:
        raise OSError(errno, os.strerror(errno))

    monkeypatch.setattr(ui.replays_index, "write_atomic", refused)
    game = own_game(tmp_path / "games" / "20250101-120000.json")
    (entry,) = listed(tmp_path)
    new_session()
    (again,) = listed(tmp_path)
    assert reads == [game, game] and row(entry) == row(again) and not entry.broken
    assert not (tmp_path / "cache" / INDEX_NAME).exists()


def test_the_browser_opens_at_once_in_a_new_session_and_its_preview_and_open_read_the_record(
    tmp_path: Path, reads: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Many games, all indexed: no «Читаю записи», the rows at once; selecting one draws its sheet (read whole),
    a double click opens the viewer on the record the gate read."""
    import ui.scenes.replay.browser as browser_module
    from ui.scenes.replay import ReplayScene

    monkeypatch.setattr(browser_module, "READ_AT_ONCE", 2)
    for k in range(5):
        own_game(tmp_path / "games" / f"2025010{k}-120000.json")
    listed(tmp_path)
    replays.list_records(Paths.resolve(tmp_path))  # the samples too, as the browser lists them
    new_session()
    reads.clear()
    d = Driver(tmp_path)
    browser = d.open_browser()
    assert browser.loading is None and sum(e.kind == "game" for e in browser.entries) == 5 and reads == []
    index = next(i for i, e in enumerate(browser.entries) if e.kind == "game")
    entry = browser.entries[index]
    browser.scroll_into_view(index)
    d.frames()
    rect = browser.item_rect(index)
    assert rect is not None
    d.click(rect.center)
    d.frames(2)
    assert browser.selected == index and reads == [entry.path] and entry.whole is not None
    d.click(browser.button("open").rect.center)
    d.frames(2)
    assert isinstance(d.app.scene, ReplayScene) and d.app.scene.record is entry.whole[0] and reads == [entry.path]


def test_two_readers_at_once_neither_crashes_nor_loses_rows(
    tmp_path: Path, reads: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round 7: «Повторы» left and opened again while its thread read — the two readers changed the entries under
    each other («dictionary changed size during iteration»), and the visible list waited for rows for ever. Here a
    second reader reads a new file exactly while the first goes over the entries it read."""
    import threading

    games = [own_game(tmp_path / "games" / f"g{k:03d}.json") for k in range(3)]
    real = replays.line_of
    other: list[threading.Thread] = []
    errors: list[BaseException] = []

    def read_new() -> None:
        try:
            replays.read_entry(own_game(tmp_path / "elsewhere" / "new.json"), "file")
        except BaseException as exc:
            errors.append(exc)

    def meanwhile(*args: Any) -> Any:
        if not other:
            other.append(threading.Thread(target=read_new))
            other[0].start()
            other[0].join(0.5)  # it waits for the first reader to let go of the entries (or reads in between)
        return real(*args)

    monkeypatch.setattr(replays, "line_of", meanwhile)
    first = listed(tmp_path)
    other[0].join(30)
    assert errors == [] and [e.path for e in first] == sorted(games, reverse=True) and not other[0].is_alive()
    assert (tmp_path / "elsewhere" / "new.json") in reads


def test_what_the_gate_read_puts_the_line_right(tmp_path: Path, reads: list[Path]) -> None:
    """Round 7: a line that lies (a hand-edited index; a file replaced after it was listed) stayed on the row and
    the preview after the gate had read the record, and was written back. The record read is the truth."""
    game = own_game(tmp_path / "games" / "20250101-120000.json")
    (first,) = listed(tmp_path)
    index = tmp_path / "cache" / INDEX_NAME
    obj = json.loads(index.read_text("utf-8"))
    line = obj["files"][os.fsdecode(game)]
    line.update(scores=[1, 2], winner=None, deals=3, date="1999-01-01 00:00")
    line["head"]["players"] = ["Мошенник", "Бот"]
    index.write_text(json.dumps(obj), "utf-8")
    new_session()
    (lie,) = listed(tmp_path)
    assert lie.players == ("Мошенник", "Бот") and reads == [game]  # the list trusts its index (it is only a list)
    assert replays.read_whole(lie) is not None
    assert row(lie) == row(first) and lie.players == ("Игрок", "Бот")
    listed(tmp_path)
    assert load_index(index)[os.fsdecode(game)]["head"]["players"] == ["Игрок", "Бот"]


def test_a_date_with_marks_is_indexed_as_shown(tmp_path: Path, reads: list[Path]) -> None:
    """Round 7: a record's date with a left-to-right mark was written into the index and refused when read back,
    while the count of files to read took it as known: 2000 such games were read in the window's own thread."""
    game = own_game(tmp_path / "games" / "20250101-120000.json", updated="\u200e2025-01-01T12:00:00")
    (entry,) = listed(tmp_path)
    assert entry.date == "2025-01-01 12:00"
    new_session()
    reads.clear()
    files = replays.record_files(Paths.resolve(tmp_path), samples_dir=tmp_path / "no-samples")
    assert replays.unread(files) == 0 and [row(e) for e in listed(tmp_path)] == [row(entry)] and reads == []
    assert game in [p for p, _ in files]


def test_the_index_in_the_games_folder_is_not_a_game(
    tmp_path: Path, reads: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "games"))
    own_game(tmp_path / "games" / "20250101-120000.json")
    listed(tmp_path)
    assert (tmp_path / "games" / INDEX_NAME).exists()
    assert [e.path.name for e in listed(tmp_path)] == ["20250101-120000.json"]


def test_a_reading_thread_that_fails_ends_the_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    import ui.scenes.replay.browser as browser_module

    monkeypatch.setattr(browser_module, "READ_AT_ONCE", 0)

    def broken(*args: Any, **kw: Any) -> list[Any]:
        raise RuntimeError("a fault in the reading")

    monkeypatch.setattr(browser_module, "list_records", broken)
    own_game(tmp_path / "games" / "20250101-120000.json")
    d = Driver(tmp_path)
    browser = d.open_browser()
    deadline = time.monotonic() + 10
    while browser.loading is not None and time.monotonic() < deadline:
        d.frames(1)
    assert browser.loading is None and browser.entries == []


def test_a_file_deleted_after_it_was_listed_is_said_gone_not_broken(tmp_path: Path, reads: list[Path]) -> None:
    """Round 7: a game deleted after it was listed read «повреждён» and «cannot read …: No such file or directory»."""
    from ui import i18n
    from ui.scenes.replay.preview import cells

    i18n.set_language("ru")
    game = own_game(tmp_path / "games" / "20250101-120000.json")
    listed(tmp_path)
    new_session()
    (entry,) = listed(tmp_path)
    game.unlink()
    assert replays.read_whole(entry) is None and entry.gone and cells(entry)[3] == "файла нет"
    assert not replays._read_entry(tmp_path / "games" / "nothing.json", "file").head
    assert replays._read_entry(tmp_path / "games" / "nothing.json", "file").gone


def test_a_game_given_up_on_a_double_is_listed_by_its_stake_also_from_the_index(
    tmp_path: Path, reads: list[Path]
) -> None:
    """A player's pass: «В один удар: даве и сдача партии» read «победа: Анна 0 : 0» in «Повторы». The score
    column says the game was given up and at what stake, read from the file and from the index alike."""
    from ui.scenes.replay.preview import score_words

    dave = own_game(tmp_path / "games" / "dave.json", ROOT / "saves" / "one_strike-dave.json")
    first = listed(tmp_path)
    new_session()
    reads.clear()
    again = listed(tmp_path)
    assert reads == [] and [row(e) for e in again] == [row(e) for e in first]
    entry = next(e for e in again if e.path == dave)
    assert entry.given_up == 4 and score_words(entry) == "сдача, ×4"
