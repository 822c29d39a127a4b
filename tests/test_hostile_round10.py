"""Hostile inputs, round 10 (session 48). Each failed before its fix: ``stats --csv`` into a folder that does not
exist made the whole chain of folders without a word (a mistyped path); a path with a NUL byte in it (pasted into
«Повторы»' path field) took the window down with ``ValueError: embedded null byte``; a ``\\ud800`` escape in the
statistics' cache or an analysis cache (a lone surrogate: no font can measure it) took down the statistics screen,
``stats --csv`` and the replay viewer's analysis."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
from pathlib import Path

import pytest
from ui_driver import Driver, texts_drawn

from game.services.analysis.cache import analyse_file, cache_path, load_cached
from game.services.stats.cache import CACHE_NAME
from game.services.stats.figures import compute
from game.services.stats.report import stats_command
from ui.fonts import font, wrap
from ui.replays import read_entry
from ui.scenes.menu import MenuScene
from ui.scenes.replay.preview import cells
from ui.scenes.stats import StatsScene

ROOT = Path(__file__).resolve().parent.parent


def test_a_csv_into_a_folder_that_does_not_exist_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "no" / "such" / "dir" / "games.csv"
    assert stats_command(tmp_path, csv_path=str(target)) == 2
    err = capsys.readouterr().err
    assert "there is no folder" in err and str(target.parent) in err and "nothing written" in err
    assert not (tmp_path / "no").exists()
    assert stats_command(tmp_path, csv_path=str(tmp_path / "games.csv")) == 0  # an existing folder: written
    assert (tmp_path / "games.csv").read_text("utf-8").startswith("date,file,")


def test_a_path_with_a_nul_byte_is_no_file_not_a_crash(tmp_path: Path) -> None:
    entry = read_entry(Path(tmp_path / "a\x00b.json"), "file")
    assert entry.broken and entry.gone
    d = Driver(tmp_path, size=(1280, 800))
    browser = d.open_browser()
    browser.open_path(str(tmp_path / "a\x00b.json"))
    assert browser.box is not None and browser.box.window.text_block is not None
    assert "нет" in browser.box.window.text_block.html_text
    assert d.app.scene is browser


def test_a_lone_surrogate_in_the_statistics_cache_is_recomputed_not_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    obj = json.loads((ROOT / "saves" / "moscow-full-501.json").read_text("utf-8"))
    obj["meta"].update(human_seat=0, bot_level="medium")
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "g1.json").write_text(json.dumps(obj), "utf-8")
    date = compute(tmp_path).lines[0].date  # writes the cache
    cache = tmp_path / CACHE_NAME
    text = cache.read_text("utf-8")
    assert f'"date":"{date}"' in text
    cache.write_text(text.replace(f'"date":"{date}"', '"date":"\\ud800"'), "utf-8")
    assert compute(tmp_path).lines[0].date == date  # read again from the record
    cache.write_text(text.replace(f'"date":"{date}"', '"date":"\\ud800"'), "utf-8")
    assert stats_command(tmp_path, csv_path=str(tmp_path / "out.csv")) == 0
    assert date in (tmp_path / "out.csv").read_text("utf-8")
    cache.write_text(text.replace(f'"date":"{date}"', '"date":"\\ud800"'), "utf-8")
    d = Driver(tmp_path, size=(1280, 800))
    d.click(d.menu.button_rect("stats").center)
    d.frames(3)
    assert isinstance(d.app.scene, StatsScene)


def test_a_lone_surrogate_in_an_analysis_cache_is_recomputed(tmp_path: Path) -> None:
    path = ROOT / "saves" / "moscow-bait.json"
    analysis = analyse_file(path, sampled=False)
    cached = cache_path(path, sampled=False)
    obj = json.loads(cached.read_text("utf-8"))
    for bid in obj["deals"][0]["bids"]:
        bid.update(best="\ud800", lost=50.0)
    cached.write_text(json.dumps(obj), "utf-8")  # ASCII: the surrogate as its escape
    assert load_cached(path, sampled=False) is None
    assert analyse_file(path, sampled=False).to_json() == analysis.to_json()


def test_any_string_is_measured_and_wrapped() -> None:
    """The fonts' last guard: a string that slipped past every reader is drawn with �, not raised on."""
    import pygame

    pygame.font.init()
    assert font(14).size("a\ud800b") == font(14).size("a\ufffdb")
    odd = "Ход \ud800 и \x00 ещё"
    assert " ".join(wrap(odd, 14, 60)).split() == odd.split()


def test_a_newer_versions_game_is_kept_where_that_version_finds_it(tmp_path: Path) -> None:
    """A ``current.json`` of a newer format was «Сохранение повреждено», renamed ``current.corrupt-….json`` beside
    it (where no version lists it) with the reason in English only. It is not damaged: it goes into games/ whole,
    the menu says so in words, and «Повторы» lists it as «новая версия»."""
    obj = json.loads((ROOT / "saves" / "moscow-bait.json").read_text("utf-8"))
    obj["version"] = 2
    data = json.dumps(obj).encode("utf-8")
    (tmp_path / "current.json").write_bytes(data)
    d = Driver(tmp_path, size=(1280, 800))
    assert d.menu.message is not None
    assert d.menu.message.window.window_display_title == "Партия из более новой версии"
    text = d.menu.message.window.text_block
    assert text is not None and "формат 2" in text.html_text and "-newer.json" in text.html_text
    kept = list((tmp_path / "games").glob("*-newer.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == data and not (tmp_path / "current.json").exists()
    assert not list(tmp_path.glob("*.corrupt-*"))
    assert d.menu.saved is None and not d.menu.button("continue").is_enabled
    browser = d.open_browser()
    entry = next(e for e in browser.entries if e.path == kept[0])
    assert entry.newer == 2 and cells(entry)[3] == "новая версия"


def test_a_read_only_window_moves_nothing_in_the_other_windows_folder(tmp_path: Path) -> None:
    """The second window on a folder (read-only) set a damaged ``current.json`` aside and moved a finished one into
    games/ — while the first window may be writing it (a finished game could land twice in games/)."""
    from test_hostile_round4 import two_windows

    for content in (b"{broken", (ROOT / "saves" / "moscow-full-501.json").read_bytes()):
        folder = tmp_path / str(len(content))
        folder.mkdir()
        first, second = two_windows(folder)
        (folder / "current.json").write_bytes(content)
        second.switch(MenuScene(second))
        second.step()
        assert (folder / "current.json").read_bytes() == content
        assert sorted(p.name for p in folder.iterdir() if p.suffix == ".json") == ["current.json"]
        assert not (folder / "games").exists() or not list((folder / "games").iterdir())
        second.close()
        first.close()


def test_bytes_after_a_records_end_are_not_called_a_truncated_file() -> None:
    from game.errors import RecordError
    from game.record import loads

    text = (ROOT / "saves" / "moscow-bait.json").read_text("utf-8")
    for tail in ("\x00\x00", "\x1a"):
        with pytest.raises(RecordError, match="something follows the end of the record") as caught:
            loads(text + tail)
        assert "truncated" not in str(caught.value)
    with pytest.raises(RecordError, match="truncated"):
        loads(text[: len(text) // 2])


def test_a_settings_file_that_cannot_be_read_is_left_alone_and_not_written_over(tmp_path: Path) -> None:
    """``settings.json`` the system will not let us read (here a folder of that name; no permission is the same
    ``OSError``) was «повреждён», renamed as corrupt, and defaults were written in its place. It stays as it is, the
    menu says why in words, and nothing is written over it this run."""
    (tmp_path / "settings.json").mkdir()
    (tmp_path / "settings.json" / "mine.txt").write_text("x", "utf-8")
    d = Driver(tmp_path, size=(1280, 800))
    assert d.menu.message is not None
    assert d.menu.message.window.window_display_title == "Настройки не прочитаны"
    text = d.menu.message.window.text_block
    assert text is not None and "settings.json" in text.html_text and "отложен" not in text.html_text
    d.app.settings.bot_delay = 0.0
    d.app.save_settings()
    assert (tmp_path / "settings.json" / "mine.txt").read_text("utf-8") == "x"
    assert not list(tmp_path.glob("settings.corrupt-*"))


def test_keys_of_a_newer_settings_file_are_kept_and_a_foreign_file_is_set_aside(tmp_path: Path) -> None:
    """Any JSON object was taken as our settings and its unknown keys were dropped at the next save: a newer
    version's settings lost them after one run of this one; another program's file was silently rewritten."""
    newer = {"language": "ru", "volume_music": 0.3, "theme": "dark"}
    (tmp_path / "settings.json").write_text(json.dumps(newer), "utf-8")
    d = Driver(tmp_path, size=(1280, 800))
    assert d.menu.message is None
    d.app.settings.bot_delay = 0.0
    d.app.save_settings()
    saved = json.loads((tmp_path / "settings.json").read_text("utf-8"))
    assert saved["volume_music"] == 0.3 and saved["theme"] == "dark" and saved["bot_delay"] == 0.0
    d.app.close()
    foreign = tmp_path / "other"
    foreign.mkdir()
    (foreign / "settings.json").write_text('{"editor.fontSize": 14}', "utf-8")
    d = Driver(foreign, size=(1280, 800))
    assert d.menu.message is not None and d.menu.message.window.window_display_title == "Настройки повреждены"
    (aside,) = foreign.glob("settings.corrupt-*.json")
    assert aside.read_text("utf-8") == '{"editor.fontSize": 14}'


def test_a_file_where_a_folder_of_the_path_belongs_is_the_one_named() -> None:
    """A file named as the data folder's parent: «…этот путь занят файлом… (…/xdgfile/deberts)» named a path that
    was not there; the file in the way is «…/xdgfile»."""
    import errno
    import tempfile

    from game.arguments import in_the_way
    from ui.saving import file_problem_words

    with tempfile.TemporaryDirectory() as tmp:
        blocker = Path(tmp) / "xdgfile"
        blocker.write_text("", "utf-8")
        assert in_the_way(blocker / "deberts" / "games") == blocker
        assert in_the_way(Path(tmp) / "free" / "games") == Path(tmp) / "free" / "games"
        said = file_problem_words(OSError(errno.ENOTDIR, "Not a directory", str(blocker / "deberts")))
        assert said.endswith(f"({blocker})")


def test_a_reset_file_that_cannot_be_read_is_said_not_silently_undone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A BOM in ``stats-reset.json`` (Notepad) made every game set aside by the reset count again, without a word."""
    from game.services.stats.scan import RESET_NAME, reset
    from ui.scenes import stats as stats_scene

    obj = json.loads((ROOT / "saves" / "moscow-full-501.json").read_text("utf-8"))
    obj["meta"].update(human_seat=0, bot_level="medium")
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "g1.json").write_text(json.dumps(obj), "utf-8")
    reset(tmp_path, now="2026-12-07T04:00:00")
    assert compute(tmp_path).lines == []
    path = tmp_path / RESET_NAME
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    s = compute(tmp_path)
    assert len(s.lines) == 1 and [name for name, _ in s.skipped] == [RESET_NAME]
    assert stats_command(tmp_path) == 0
    assert "stats-reset.json" in capsys.readouterr().err
    drawn = texts_drawn(monkeypatch, stats_scene)
    d = Driver(tmp_path, size=(1280, 800))
    d.click(d.menu.button_rect("stats").center)
    d.frames(5)
    said = "Сброс не прочитан: считаются все партии"  # the why first and whole: the room cuts the line's end
    assert any(t.startswith(said) for t in drawn), drawn
    path.write_text('{"format": "something-else", "excluded": []}', "utf-8")
    assert [name for name, _ in compute(tmp_path).skipped] == [RESET_NAME]


def test_a_practice_count_never_grows_past_what_the_loader_reads(tmp_path: Path) -> None:
    """``right`` = ``total`` = 999999999999999999 in ``practice.json`` (18 digits, read fine): one more answer wrote
    10^18, the next start refused the file and set every score aside."""
    from ui.practice import MAX_COUNT, PracticeStore

    path = tmp_path / "practice.json"
    store = PracticeStore.load(path)
    store.scores["answer_terz"] = {"right": MAX_COUNT, "total": MAX_COUNT}
    store.save()
    store = PracticeStore.load(path)
    assert store.error is None and store.score("answer_terz") == (MAX_COUNT, MAX_COUNT)
    store.record("answer_terz", True)
    again = PracticeStore.load(path)
    assert again.error is None and again.moved is None and again.score("answer_terz") == (MAX_COUNT, MAX_COUNT)


def test_the_replay_command_refuses_an_empty_path_and_says_a_folder_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``main.py replay ""`` opened the menu without a word; ``main.py replay /tmp`` showed only the engine's
    «cannot read /tmp: Is a directory», while «Открыть файл» says it in Russian first."""
    from ui.app import replay_parser
    from ui.scenes.replay import ReplayBrowserScene

    with pytest.raises(SystemExit) as refused:
        replay_parser().parse_args([""])
    assert refused.value.code == 2 and "an empty path" in capsys.readouterr().err
    for target, words in ((tmp_path, "не открывается как запись игры"), (tmp_path / "nope.json", "нет")):
        d = Driver(tmp_path / "data", replay=str(target))
        d.frames(2)
        browser = d.app.scene
        assert isinstance(browser, ReplayBrowserScene) and browser.box is not None
        text = browser.box.window.text_block
        assert text is not None and words in text.html_text and str(target) in text.html_text
        d.app.close()


@pytest.mark.parametrize(
    "content",
    ['{"nodecks": 1}', '{"decks": [1]}', "[1, 2]", '{"decks": ["7S 8S"]}', "[" * 100_000, "\ufeff{}", "\xff"],
)
def test_a_corpus_that_is_not_one_is_said_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    """``selfplay --corpus`` with a manifest, a record or a broken file gave a traceback (TypeError, KeyError,
    RecursionError); the BOM's message did not name the file."""
    from lab.commands import selfplay_main

    path = tmp_path / "corpus.json"
    path.write_bytes(content.encode("utf-8") if content != "\xff" else b"\xff\xfe")
    assert selfplay_main(["--bots", "random,random", "--deals", "1", "--corpus", str(path)]) == 2
    out = capsys.readouterr()
    assert str(path) in out.out + out.err and "Traceback" not in out.out + out.err


@pytest.mark.parametrize(
    "extra",
    [["--make-corpus", "x.json"], ["--corpus", "lab/data/corpus-v1.json"], ["--start", "5"], ["--jobs", "2"]],
)
def test_selfplay_for_three_refuses_the_options_it_would_drop(
    capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    from lab.commands import selfplay_main

    with pytest.raises(SystemExit) as refused:
        selfplay_main(["--players", "3", "--bots", "random,random,random", "--deals", "1", *extra])
    assert refused.value.code == 2 and f"--players 3 does not take {extra[0]}" in capsys.readouterr().err


def test_make_corpus_refuses_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from lab.commands import selfplay_main

    with pytest.raises(SystemExit):
        selfplay_main(["--games", "3", "--make-corpus", str(tmp_path / "c.json")])
    assert "--games does not apply" in capsys.readouterr().err and not (tmp_path / "c.json").exists()
