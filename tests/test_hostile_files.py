"""Hostile and unlucky files at every entry point: a clear message and exit 2 (or a dialog), never a traceback.

Each case of issue 13's list of bad files is here: deep nesting, a huge integer, a preset given as a list
or an object, ``name`` inside the overrides, a lone surrogate / NUL / zero-width / huge player name, a
non-integer ``meta.seed``, a record with no deals, a corrupt analysis cache, broken settings and practice
scores. The fuzz harness (tests/test_fuzz_files.py) throws random damage at the same entry points.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import main
from game.errors import RecordError
from game.jsonsafe import JsonLimitError, parse
from game.names import NAME_MAX, display_name, printable
from game.record import MAX_BYTES, load
from game.services.analysis.cache import analyse_file, cache_path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "saves" / "moscow-bait.json"


def sample() -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(SAMPLE.read_text("utf-8"))
    return obj


def write(tmp_path: Path, obj: Any, name: str = "r.json") -> Path:
    path = tmp_path / name
    text = obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: written as a JSON escape, as another program would
        data = json.dumps(obj).encode("ascii")
    path.write_bytes(data)
    return path


def with_(path: list[Any], value: Any) -> dict[str, Any]:
    obj = sample()
    target = obj
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return obj


BAD_RECORDS: dict[str, tuple[Any, str]] = {
    "deep nesting": ('{"format": "deberts-record", "meta": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested deeper"),
    "huge integer": ('{"format": "deberts-record", "version": ' + "9" * 5000 + "}", "digits"),
    "NaN": ('{"format": "deberts-record", "version": NaN}', "not a JSON number"),
    "preset as a list": (with_(["rules", "preset"], ["moscow"]), "unknown rules preset"),
    "preset as an object": (with_(["rules", "preset"], {"a": 1}), "unknown rules preset"),
    "name in overrides": (with_(["rules", "overrides"], {"name": "club"}), "unknown rules option 'name'"),
    "huge target": (with_(["rules", "overrides"], {"target": 10**15}), "up to"),
    "meta.seed a string": (with_(["meta", "seed"], "abc"), "'seed' must be an integer"),
    "meta.seed a float": (with_(["meta", "seed"], 1.5), "'seed' must be an integer"),
    "human_seat 2": (with_(["meta", "human_seat"], 2), "'human_seat' must be 0 or 1"),
    "unknown field": (dict(sample(), extra=1), "unknown field 'extra'"),
    "deck with double spaces": (
        with_(["deals", 0, "deck"], sample()["deals"][0]["deck"].replace(" ", "  ", 1)),
        "single spaces",
    ),
    "action with spaces": (with_(["deals", 0, "actions", 0], " pass"), "unknown action"),
    "too many deals": (with_(["deals"], [sample()["deals"][0]] * 1001), "more than 1000 deals"),
}


@pytest.mark.parametrize("case", list(BAD_RECORDS))
def test_the_loader_refuses_with_a_record_error(tmp_path: Path, case: str) -> None:
    obj, message = BAD_RECORDS[case]
    with pytest.raises(RecordError, match=message):
        load(write(tmp_path, obj))


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    obj = sample()
    obj["players"][0] = "x" * 5_000_000  # five million characters
    with pytest.raises(RecordError, match="larger than"):
        load(write(tmp_path, obj))
    assert (tmp_path / "r.json").stat().st_size > MAX_BYTES


def test_a_directory_or_a_device_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"cannot read|not a regular file"):
        load(tmp_path)
    with pytest.raises(RecordError, match="not a regular file"):
        load("/dev/zero")


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Аня\x00", "Аня"),
        ("\ud800Бот", "Бот"),
        ("\u200b\u200c\u200d\ufeff", "Игрок 1"),
        ("\u0301\u0301x", "x"),
        ("a" + "\u0301" * 50, "\u00e1\u0301"),  # two marks at most, then NFC
        ("  two   words\n", "two words"),
        ("я" * 1_000_000, "я" * (NAME_MAX - 1) + "…"),
    ],
    ids=["nul", "surrogate", "zero-width", "leading marks", "mark pile", "spaces", "a million"],
)
def test_names_are_normalised_at_the_gate(tmp_path: Path, raw: str, shown: str) -> None:
    record = load(write(tmp_path, with_(["players", 0], raw)))
    assert record.players[0] == ("" if shown == "Игрок 1" else shown)  # blank stays blank: named by its player
    assert display_name(raw, "Игрок 1") == shown


def test_lone_surrogates_in_meta_are_replaced_so_the_record_saves_again(tmp_path: Path) -> None:
    from game.record import save

    record = load(write(tmp_path, with_(["meta", "note"], "\ud800x")))
    save(tmp_path / "again.json", record)
    assert load(tmp_path / "again.json").meta["note"] == "?x"


def test_printable_escapes_controls_and_bounds_length() -> None:
    assert printable("a\x00b\ud800") == "a\\x00b\\ud800"
    assert len(printable("x" * 10_000)) == 301


def test_json_limits() -> None:
    with pytest.raises(JsonLimitError):
        parse("[" * 40 + "]" * 40)
    assert parse('["[[[[", "\\"[[["]') == ["[[[[", '"[[[']  # brackets inside strings do not count
    with pytest.raises(JsonLimitError):
        parse("1e999")


# ---------------------------------------------------------------- the command line


@pytest.mark.parametrize("command", ["score", "analyse"])
@pytest.mark.parametrize("case", [*BAD_RECORDS, "missing", "no deals bad names"])
def test_commands_exit_2_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, case: str
) -> None:
    if case == "missing":
        path = tmp_path / "nothing.json"
    elif case == "no deals bad names":  # valid: it scores; analyse has nothing to do — exit 0
        path = write(tmp_path, dict(with_(["players"], ["\x00", "\ud800"]), deals=[]))
    else:
        path = write(tmp_path, BAD_RECORDS[case][0])
    code = main.main([command, str(path)])
    out = capsys.readouterr()
    if case == "no deals bad names":
        assert code == 0
        out.out.encode("utf-8")  # printable: no surrogate reached the terminal
        return
    assert code == 2
    assert out.err.startswith("error: ")
    assert "Traceback" not in out.err
    assert len(out.err) < 2000


def test_a_corrupt_analysis_cache_is_recomputed(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_bytes(SAMPLE.read_bytes())
    good = analyse_file(path, sampled=False)
    for junk in (
        "[]",
        '"text"',
        "{",
        json.dumps({"format": "deberts-analysis", "digest": good.digest, "deals": 5}),
        json.dumps(dict(good.to_json(), deals=[{"deal": 99, "decisions": [], "bids": []}])),
    ):
        cache_path(path, sampled=False).write_text(junk, "utf-8")
        again = analyse_file(path, sampled=False)
        assert again.to_json() == good.to_json()
        assert json.loads(cache_path(path, sampled=False).read_text("utf-8"))["digest"] == good.digest  # rewritten


def test_analyse_command_with_a_corrupt_cache(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    path.write_bytes(SAMPLE.read_bytes())
    cache_path(path).parent.mkdir(parents=True, exist_ok=True)
    cache_path(path).write_text("[]", "utf-8")
    assert main.main(["analyse", str(path)]) == 0
    assert "Сдача 1" in capsys.readouterr().out


def test_analyse_command_shows_a_control_in_a_tampered_cache_instead_of_sending_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hostile round: a NUL and an escape sequence written into an analysis cache's words reached the terminal
    as they were (the window drew them as «�»). The text output shows them escaped; the JSON escapes them."""
    path = tmp_path / "g.json"
    path.write_bytes(SAMPLE.read_bytes())
    good = analyse_file(path)
    cache_path(path).write_text(json.dumps(dict(good.to_json(), bidding="x\x00\x1b[2J")), "utf-8")
    assert main.main(["analyse", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x00" not in out and "\x1b" not in out and "x\\x00\\x1b[2J" in out


# ---------------------------------------------------------------- settings and practice scores


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, '{"target": ' + "9" * 5000 + "}", '{"preset": "\\ud800"}', "[]", '{"bot_delay": NaN}', "\x00"],
)
def test_settings_survive_any_file(tmp_path: Path, text: str) -> None:
    from ui.settings import Settings, load_settings, save_settings

    path = tmp_path / "settings.json"
    path.write_text(text, "utf-8", errors="surrogatepass")
    settings = load_settings(path)
    assert settings == Settings()
    save_settings(path, settings)  # and it saves again


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"format": "deberts-practice", "version": 1, "situations": {"\\ud800": {}}}',
        '{"format": "deberts-practice", "version": 1, "situations": {"a": {"right": ' + "9" * 5000 + "}}}",
    ],
)
def test_practice_scores_survive_any_file(tmp_path: Path, text: str) -> None:
    from ui.practice import PracticeStore

    path = tmp_path / "practice.json"
    path.write_text(text, "utf-8")
    store = PracticeStore.load(path)
    assert store.scores == {} and store.error and store.moved
    store.record("x", True)
    assert PracticeStore.load(path).scores == {"x": {"right": 1, "total": 1}}


def test_text_from_the_system_with_a_lone_surrogate_is_saved_cleanly(tmp_path: Path) -> None:
    """A path from the file system (``meta.branch.source``) may hold a surrogate escape: saved as «?»."""
    from game.record import save

    record = load(SAMPLE)
    record.meta["branch"] = {"source": "/home/x/bad\udcffname.json", "deal": 0, "action": 1}
    save(tmp_path / "g.json", record)
    assert load(tmp_path / "g.json").meta["branch"]["source"] == "/home/x/bad?name.json"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="not a regular file"):
        load(fifo)


@pytest.mark.parametrize("bad", ["1e999", "nan", 1e300, -2e6, True, "12"])
def test_a_cache_number_that_is_not_a_sane_number_is_refused(bad: object) -> None:
    """Issue 23: a string «1e999» or «nan», or two finite numbers whose sum is not, crashed the viewer's analysis
    and the statistics (round(inf)). Every number read from a cache is an int or float of sane size."""
    from game.jsonsafe import finite

    with pytest.raises(ValueError):
        finite(bad)
    assert finite(12.5) == 12.5 and finite(-3) == -3.0


def test_a_closed_pipe_and_a_full_device_end_the_tools_quietly() -> None:
    """Issue 23: ``score … | head -c 1`` ended in a BrokenPipeError traceback, ``rules > /dev/full`` in another.
    Now: a reader that went away is a quiet end (141, as SIGPIPE), a failed write one line and exit 2."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    piped = subprocess.run(
        f"{sys.executable} main.py rules | head -c 1", shell=True, cwd=root, capture_output=True, env=env, timeout=60
    )
    assert piped.stdout and b"Traceback" not in piped.stderr and piped.stderr == b""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "main.py", "rules"], cwd=root, stdout=full, stderr=subprocess.PIPE, env=env, timeout=60
        )
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert done.stderr.decode().strip().startswith("cannot write the output:")


def test_a_number_is_checked_at_the_door_against_the_records_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: a 20-digit ``--seed`` was taken at start and stored, then every autosave was refused by the
    loader's own limit. The door and the loader now share ``META_INT_MAX``."""
    import argparse

    from game.match import Match
    from game.record import META_INT_MAX, dumps, loads, record_of
    from game.rules import PRESETS
    from ui.app import add_gui_arguments

    parser = argparse.ArgumentParser()
    add_gui_arguments(parser)
    with pytest.raises(SystemExit) as stop:
        parser.parse_args(["--autoplay", "--seed", "1" * 20])
    assert stop.value.code == 2 and "is not in 0…999999999999999999" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        parser.parse_args(["--deals", "0"])
    assert parser.parse_args(["--seed", str(META_INT_MAX)]).seed == META_INT_MAX
    record = record_of(Match(PRESETS["moscow"]), ["A", "B"], {"seed": META_INT_MAX})
    assert loads(dumps(record)).meta["seed"] == META_INT_MAX  # what the door takes, the loader reads back


def test_links_to_nothing_in_the_games_folder_are_listed_as_broken(tmp_path: Path) -> None:
    """Issue 23: a dangling or looping symbolic link in the games folder crashed the replay browser (and
    ``replay FILE`` of a good file, which lists the folder). Such entries are listed as broken, the rest as usual."""
    import shutil

    from ui.paths import Paths
    from ui.replays import list_records

    paths = Paths.resolve(tmp_path)
    paths.games_dir.mkdir(parents=True)
    shutil.copy(Path(__file__).resolve().parent.parent / "saves" / "moscow-bait.json", paths.games_dir / "good.json")
    (paths.games_dir / "nowhere.json").symlink_to(tmp_path / "gone.json")
    (paths.games_dir / "loop.json").symlink_to(paths.games_dir / "loop.json")
    entries = {e.path.name: e for e in list_records(paths) if e.kind == "game"}
    assert set(entries) == {"good.json", "nowhere.json", "loop.json"}
    assert entries["good.json"].error is None and entries["good.json"].head is not None
    assert entries["nowhere.json"].error and entries["loop.json"].error


def test_a_game_for_three_legal_only_by_its_overrides_exports_without_a_code(tmp_path: Path) -> None:
    """Issue 23: a record for three by the club's preset with overrides that make it legal crashed ``export`` (the
    deal code knows the preset alone). What ``score`` accepts, ``export`` accepts: the deal without its code."""
    import json

    from game.export import deal_text
    from game.record import load

    data = json.loads((Path(__file__).resolve().parent.parent / "saves/three/moscow-three-players.json").read_text())
    data["rules"] = {"preset": "club", "overrides": {"players": 3, "hanging": "sum", "both_reach": "last_trick"}}
    data["rules"]["overrides"]["target"] = 301
    data["deals"] = data["deals"][:1]
    path = tmp_path / "club3.json"
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    text = deal_text(load(path), 0, "ru")
    assert '[Rules "club"]' in text and "[Code " not in text and '[Deck "' in text
