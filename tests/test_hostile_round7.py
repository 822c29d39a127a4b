"""Hostile inputs, round 7 (session 45): what the round found outside the replays list's index (tests there:
tests/test_replays_index.py) and the shared log (tests/test_logs.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.services.stats.figures import compute

ROOT = Path(__file__).resolve().parent.parent
FULL_GAME = ROOT / "saves" / "moscow-full-501.json"


def test_the_statistics_see_a_same_size_edit_with_its_time_put_back(tmp_path: Path) -> None:
    """The statistics' cache knew a file by its size and modification time only: «human_seat»: 0 made 1 in place
    (the same size) with the time put back still counted the old game, while «Повторы» read it anew."""
    obj = json.loads(FULL_GAME.read_text("utf-8"))
    obj["players"] = ["Игрок", "Бот"]
    obj["meta"].update({"human_seat": 0, "bot_level": "medium", "ui": "deberts-gui"})
    game = tmp_path / "games" / "20250101-120000.json"
    game.parent.mkdir(parents=True)
    game.write_text(json.dumps(obj, ensure_ascii=False), "utf-8")
    (line,) = compute(tmp_path).lines
    st = game.stat()
    text = game.read_text("utf-8")
    game.write_text(text.replace('"human_seat": 0', '"human_seat": 1'), "utf-8")
    os.utime(game, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert game.stat().st_size == st.st_size and game.stat().st_mtime_ns == st.st_mtime_ns
    (again,) = compute(tmp_path).lines
    assert again.won != line.won and (again.mine, again.theirs) == (line.theirs, line.mine)


def test_the_command_line_says_what_it_does_not_take(capsys: pytest.CaptureFixture[str]) -> None:
    """Round 7: ``--deals``, ``--seed``, ``--level`` and ``--players`` without ``--autoplay`` were dropped silently,
    and ``--replay`` with ``--autoplay`` too; ``main.py replay --data-dir D FILE`` said «--replay: expected one
    argument»; ``--help`` did not name the commands."""
    from ui.app import gui_parser, parse_gui_arguments, replay_parser

    for argv, words in (
        (["--seed", "3"], "main.py: error: --seed: only with --autoplay"),
        (["--level", "hard", "--deals", "2"], "main.py: error: --deals, --level: only with --autoplay"),
        (["--autoplay", "--replay", "x.json"], "main.py: error: --replay and --autoplay: one or the other"),
    ):
        with pytest.raises(SystemExit):
            parse_gui_arguments(argv)
        assert words in capsys.readouterr().err
    parsed = replay_parser().parse_args(["--data-dir", "/tmp", "game.json"])
    assert (parsed.replay, str(parsed.data_dir)) == ("game.json", "/tmp")
    assert "replay FILE [--data-dir DIR]" in gui_parser().format_help()
    assert parse_gui_arguments(["--autoplay", "--seed", "3", "--players", "3"]).players == 3


def test_a_read_only_window_counts_the_statistics_but_writes_no_cache(tmp_path: Path) -> None:
    """Round 7: the second window (another holds the folder) wrote ``stats-cache.json`` into the other's folder,
    though it «writes nothing there»."""
    from ui.app import App, AppOptions
    from ui.scenes.stats import StatsScene

    game = tmp_path / "games" / "20250101-120000.json"
    game.parent.mkdir(parents=True)
    game.write_bytes(FULL_GAME.read_bytes())
    first = App(AppOptions(data_dir=str(tmp_path), single_instance=True, testing=True))
    second = App(AppOptions(data_dir=str(tmp_path), single_instance=True, testing=True))
    try:
        assert second.read_only
        scene = StatsScene(second)
        second.switch(scene)
        scene.wait()
        assert scene.stats is not None and scene.failure is None
        assert not (tmp_path / "stats-cache.json").exists()
    finally:
        second.close()
        first.close()
