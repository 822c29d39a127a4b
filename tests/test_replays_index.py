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
from ui_driver import Driver

import ui.replays as replays
from game.atomic import write_atomic
from game.cache_folder import CACHE_ENV
from ui.paths import Paths
from ui.replays_index import INDEX_NAME, load_index

ROOT = Path(__file__).resolve().parent.parent
FULL_GAME = ROOT / "saves" / "moscow-full-501.json"
BAIT = ROOT / "saves" / "moscow-bait.json"


def own_game(path: Path, source: Path = FULL_GAME, **meta: object) -> Path:
    obj = json.loads(source.read_text("utf-8"))
    obj["players"] = ["Игрок", "Бот"]
    obj["meta"].update({"human_seat": 0, "bot_level": "medium", "ui": "deberts-gui", **meta})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(obj, ensure_ascii=False, allow_nan=False), "utf-8")
    return path


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
    return (e.path, e.kind, e.head, e.error, e.date, e.scores, e.winner, e.deals)


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
