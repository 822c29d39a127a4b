"""Fuzz harness: damaged files at every entry point; only the typed errors may come out (docs/saves.md).

The seeds are the real records in ``saves/`` (and a real analysis cache, settings and practice file). Each
example damages one of them — truncation, a flipped byte, inserted or deleted bytes, a value of another
type, a deleted key or item, a huge or deeply nested value, odd Unicode in a string — and runs it through
every entry point without a window: ``main.main(["score" | "analyse", FILE])`` in-process (exit 0 or 2,
never a traceback), the replay browser's ``read_entry``, «Продолжить» (``GameController.restore`` and a
table model), each player name rendered by the real font (SDL dummy), the analysis cache, settings and
practice scores. Any exception other than ``RecordError`` where one is allowed fails the test. A record the
loader accepts must also satisfy docs/record.schema.json (checked by the small validator below).

The budget is short by default (a few seconds, the same examples every run); a long random run:
``HYPOTHESIS_PROFILE=soak python -m pytest -q -m "" tests/test_fuzz_files.py`` (documented in docs/saves.md).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import main
from game.errors import RecordError
from game.record import load
from game.services.analysis import cache as analysis_cache
from game.services.analysis.cache import cache_path, load_cached
from game.services.analysis.facts import Analysis
from game.services.analysis.report import analysis_text
from game.services.analysis.values import analyse_record
from ui.fonts import render

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(p for p in (ROOT / "saves").glob("*.json") if p.name != "manifest.json")
SCHEMA = json.loads((ROOT / "docs" / "record.schema.json").read_text("utf-8"))
FUZZ = settings(
    max_examples=examples(25),  # the ci profile: the same 25 every run; HYPOTHESIS_PROFILE=soak: 500 random ones
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
ODD = [
    "\x00",
    "\ud800",
    "\udfff",
    "\u200b",
    "\u200d",
    "\ufeff",
    "\u202e",
    "\u0301" * 30,
    "\uffff",
    "𝔘",
    "\n",
    "\t",
    "\U0010ffff",
    "\u115f",
    "Щ" * 5000,
]


# ------------------------------------------------------------------ damage


def _paths(obj: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield here
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, (*here, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, (*here, i))


def _get(obj: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        obj = obj[key]
    return obj


def _set(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(obj, path[:-1])[path[-1]] = value
    return obj


def _delete(obj: Any, path: tuple[Any, ...]) -> Any:
    if not path:
        return obj
    parent = _get(obj, path[:-1])
    del parent[path[-1]]
    return obj


ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.integers(),
    st.just(10**30),
    st.floats(allow_nan=False),
    st.text(max_size=10),
    st.sampled_from(ODD),
    st.just([]),
    st.just({}),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.integers(1, 60).map(lambda n: json.loads("[" * n + "]" * n)),
    st.integers(1, 300).map(lambda n: "x" * (n * 1000)),
    st.integers(1, 3).map(lambda n: ["pass"] * (n * 150)),
)


def damaged(draw: Callable[[st.SearchStrategy[Any]], Any], seed_texts: list[str]) -> bytes:
    """One seed file with one kind of damage, as the bytes on disk."""
    text = draw(st.sampled_from(seed_texts))
    how = draw(st.sampled_from(["cut", "flip", "insert", "remove", "swap", "delete", "odd", "nest", "raw-odd"]))
    data: bytes = text.encode("utf-8")
    if how in ("cut", "flip", "insert", "remove"):
        pos = draw(st.integers(0, len(data) - 1))
        if how == "cut":
            return data[:pos]
        if how == "flip":
            return data[:pos] + bytes([data[pos] ^ (1 << draw(st.integers(0, 7)))]) + data[pos + 1 :]
        if how == "insert":
            inserted: bytes = draw(st.binary(min_size=1, max_size=8))
            return data[:pos] + inserted + data[pos:]
        return data[:pos] + data[pos + draw(st.integers(1, 40)) :]
    obj = json.loads(text)
    paths = list(_paths(obj))
    path = draw(st.sampled_from(paths))
    if how == "swap":
        obj = _set(obj, path, draw(ODD_VALUES))
    elif how == "delete":
        obj = _delete(obj, path)
    elif how == "nest":  # spliced in as text: json itself cannot build 3000 levels
        depth = draw(st.sampled_from([5, 20, 40, 3000]))
        inner = json.dumps(_get(obj, path))
        obj = _set(obj, path, "@@NEST@@")
        return json.dumps(obj).replace('"@@NEST@@"', "[" * depth + inner + "]" * depth).encode("utf-8")
    else:  # odd Unicode inside a string, or as a key
        strings = [p for p in paths if isinstance(_get(obj, p), str)] or [("players", 0)]
        spot = draw(st.sampled_from(strings))
        value = _get(obj, spot) if isinstance(_get(obj, spot), str) else ""
        cut = draw(st.integers(0, len(value)))
        obj = _set(obj, spot, value[:cut] + draw(st.sampled_from(ODD)) + value[cut:])
    raw = how == "raw-odd" or draw(st.booleans())
    dumped = json.dumps(obj, ensure_ascii=not raw)
    return dumped.encode("utf-8", "surrogatepass" if raw else "strict")


# ------------------------------------------------------------------ the schema, checked for real


def schema_errors(value: Any, schema: dict[str, Any], where: str = "$") -> list[str]:
    """The subset of JSON Schema that docs/record.schema.json uses."""
    out: list[str] = []
    kind = schema.get("type")
    types = {"object": dict, "array": list, "string": str, "boolean": bool}
    if kind == "integer" and (not isinstance(value, int) or isinstance(value, bool)):
        return [f"{where}: not an integer"]
    if kind in types and not isinstance(value, types[kind]):
        return [f"{where}: not {kind}"]
    if "const" in schema and value != schema["const"]:
        out.append(f"{where}: not {schema['const']!r}")
    if "enum" in schema and not any(value == e and type(value) is type(e) for e in schema["enum"]):
        out.append(f"{where}: not one of {schema['enum']}")
    number = isinstance(value, int) and not isinstance(value, bool)
    if number and not schema.get("minimum", value) <= value <= schema.get("maximum", value):
        out.append(f"{where}: out of range")
    if isinstance(value, str) and "pattern" in schema and not re.search(schema["pattern"], value):
        out.append(f"{where}: does not match")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", len(value)):
            out.append(f"{where}: wrong length")
        for i, item in enumerate(value):
            out += schema_errors(item, schema.get("items", {}), f"{where}[{i}]")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        out += [f"{where}: lacks {k}" for k in schema.get("required", []) if k not in value]
        if schema.get("additionalProperties") is False:
            out += [f"{where}: extra {k}" for k in value if k not in props]
        for k, v in value.items():
            if k in props:
                out += schema_errors(v, props[k], f"{where}.{k}")
    return out


def test_the_samples_satisfy_the_schema() -> None:
    for path in SAMPLES:
        assert schema_errors(json.loads(path.read_text("utf-8")), SCHEMA) == [], path.name


# ------------------------------------------------------------------ the entry points


@pytest.fixture(scope="module")
def seeds() -> list[str]:
    return [p.read_text("utf-8") for p in SAMPLES]


@pytest.fixture(scope="module")
def fonts_ready() -> Iterator[None]:
    pygame.font.init()
    yield


def _quick_analysis(record: Any, digest: str, **kw: Any) -> Analysis:
    """The analysis itself is the engine's (tests/test_analysis.py); here only the loading around it runs."""
    return analyse_record(record.__class__(record.rules, record.players, record.first_dealer, [], record.meta), digest)


def run_every_entry_point(path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ui.controller import GameController
    from ui.paths import Paths
    from ui.replays import read_entry

    for argv in (["score", str(path)], ["score", "--json", str(path)], ["analyse", "--json", str(path)]):
        code = main.main(argv)
        out = capsys.readouterr()
        assert code in (0, 2), (argv, code)
        assert "Traceback" not in out.err
        if code == 2:
            assert out.err.startswith("error: ") and len(out.err) < 3000
        out.out.encode("utf-8")  # nothing unprintable reached the terminal
    entry = read_entry(path, "game")  # the replay browser
    try:
        record = load(path)
    except RecordError:
        assert entry.broken
        return
    assert schema_errors(json.loads(path.read_bytes().decode("utf-8")), SCHEMA) == []
    for name in record.players:
        if name:
            assert render(name, 18, (255, 255, 255)).get_width() > 0
    if record.deals:
        assert not entry.broken, entry.error
    ctl = GameController.restore(Paths.resolve(data_dir), record, autosave=False, inline_bots=True)  # «Продолжить»
    ctl.model()
    ctl.close()


@pytest.fixture
def cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis_cache, "analyse_record", _quick_analysis)
    from game.bots.base import make_player
    from ui import controller

    monkeypatch.setattr(controller, "make_bot", lambda level, players, seed: make_player("random", seed))


@FUZZ
@given(data=st.data())
def test_damaged_records_at_every_entry_point(
    tmp_path: Path,
    seeds: list[str],
    fonts_ready: None,
    cheap: None,
    capsys: pytest.CaptureFixture[str],
    data: st.DataObject,
) -> None:
    path = tmp_path / "fuzz.json"
    path.write_bytes(damaged(data.draw, seeds))  # its analysis cache, if any, is its content's own
    run_every_entry_point(path, tmp_path / "data", capsys)


@pytest.fixture(scope="module")
def good_cache(tmp_path_factory: pytest.TempPathFactory) -> str:
    from game.services.analysis.cache import analyse_file

    path = tmp_path_factory.mktemp("cache") / "g.json"
    path.write_bytes((ROOT / "saves" / "moscow-bait.json").read_bytes())
    analyse_file(path, sampled=False)
    return cache_path(path, sampled=False).read_text("utf-8")


@FUZZ
@given(data=st.data())
def test_damaged_analysis_caches_are_recomputed(tmp_path: Path, good_cache: str, data: st.DataObject) -> None:
    path = tmp_path / "g.json"
    path.write_bytes((ROOT / "saves" / "moscow-bait.json").read_bytes())
    record = load(path)
    cache_path(path, sampled=False).parent.mkdir(parents=True, exist_ok=True)
    cache_path(path, sampled=False).write_bytes(damaged(data.draw, [good_cache]))
    cached = load_cached(path, False, record)  # None (recomputed by the caller) or an analysis that fits
    if cached is not None:
        analysis_text(record, cached)


@FUZZ
@given(data=st.data())
def test_damaged_settings_and_practice_scores(tmp_path: Path, data: st.DataObject) -> None:
    from ui.practice import PracticeStore
    from ui.settings import load_settings, save_settings

    good = json.dumps(_settings_json())
    path = tmp_path / "settings.json"
    path.write_bytes(damaged(data.draw, [good]))
    settings_ = load_settings(path)
    save_settings(tmp_path / "again.json", settings_)
    practice = json.dumps(
        {
            "format": "deberts-practice",
            "version": 1,
            "situations": {"rost": {"right": 2, "total": 3}, "belle": {"right": 0, "total": 1}},
        }
    )
    ppath = tmp_path / "practice.json"
    ppath.write_bytes(damaged(data.draw, [practice]))
    store = PracticeStore.load(ppath)
    store.record("rost", True)
    assert store.error is None or store.moved is not None or not ppath.exists() or store.scores


def _settings_json() -> dict[str, Any]:
    from dataclasses import asdict

    from ui.settings import Settings

    return asdict(Settings())


@FUZZ
@given(data=st.data())
def test_damaged_statistics_reset_and_cache_files(tmp_path: Path, data: st.DataObject) -> None:
    """Issue 23: the fuzz harness also damages the statistics' reset file and cache: ``compute`` and ``reset``
    read them (the defaults, or a recomputation) and never raise."""
    import json
    import tempfile

    from game.services.stats.cache import CACHE_NAME
    from game.services.stats.figures import compute
    from game.services.stats.scan import RESET_NAME, reset

    tmp_path = Path(tempfile.mkdtemp(dir=tmp_path))  # each example its own folder
    games = tmp_path / "games"
    games.mkdir()
    (games / "g.json").write_bytes((ROOT / "saves" / "moscow-bait.json").read_bytes())
    compute(tmp_path)  # a real cache
    good_reset = json.dumps({"format": "deberts-stats-reset", "since": "2026-11-03T09:00:00", "excluded": ["k"]})
    which = data.draw(st.sampled_from([RESET_NAME, CACHE_NAME]))
    seed = good_reset if which == RESET_NAME else (tmp_path / CACHE_NAME).read_text("utf-8")
    (tmp_path / which).write_bytes(damaged(data.draw, [seed]))
    s = compute(tmp_path)
    assert s.total.games in (0, 1)
    reset(tmp_path, now="2026-11-05T09:00:00")
    assert compute(tmp_path).total.games == 0


@FUZZ
@given(
    command=st.sampled_from(["score", "analyse", "export", "stats", "rules", "bench", "selfplay"]),
    args=st.lists(
        st.one_of(
            st.sampled_from(["--json", "--deal", "--lang", "--csv", "--force", "--data-dir", "--seed", "--deals"]),
            st.sampled_from(["0", "-1", "1e999", "nan", "99999999999999999999", "ru", "xx", "", "/", "/dev/null"]),
            st.text(max_size=12),
        ),
        max_size=5,
    ),
)
def test_odd_command_lines_end_in_words(command: str, args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: command-line arguments fuzzed like files: every tool ends with exit 0, 2 or 141 (argparse's usage,
    a one-line error) — never a traceback. The measuring ones are kept short (``--seconds`` and counts refused
    when odd; a valid run is not asked for here)."""
    import main

    argv = [command, *(a for a in args if "\x00" not in a)]
    if command in ("bench", "selfplay"):
        argv += ["--seconds", "nan"] if command == "bench" else ["--deals", "0"]  # always refused: no long run
    try:
        code = main.main(argv)
    except SystemExit as stop:  # argparse refuses: usage and a one-line error on stderr
        code = stop.code if isinstance(stop.code, int) else 2
    err = capsys.readouterr().err
    assert code in (0, 1, 2, 141) and "Traceback" not in err, (argv, err[-500:])
