"""The analysis' progress in the replay viewer: percent and a sense of the time left, not "37.7/100.0"."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import shutil
from pathlib import Path

import pytest
from ui_driver import Driver

from game.services.worker import shared
from ui.i18n import set_language
from ui.scenes.replay import ReplayScene
from ui.scenes.replay.analysis import AnalysisProgress, progress_words

SAVES = Path(__file__).resolve().parent.parent / "saves"


def test_progress_words() -> None:
    set_language("ru")
    assert progress_words(0, 0, 0.0) == "Анализ 0 %"
    assert progress_words(0, 120, 3.0) == "Анализ 0 % · оцениваю время…"
    assert progress_words(30, 120, 1.0) == "Анализ 25 % · оцениваю время…"  # too early to guess
    assert progress_words(38, 100, 10.0) == "Анализ 38 % · ещё около 15 с"
    assert progress_words(50, 100, 120.0) == "Анализ 50 % · ещё около 2 мин"
    assert progress_words(99, 100, 600.0) == "Анализ 99 % · ещё около 5 с"
    assert progress_words(100, 100, 30.0) == "Анализ 100 %"
    set_language("en")
    try:
        assert progress_words(50, 100, 120.0) == "Analysis 50% · about 2 min left"
    finally:
        set_language("ru")


@pytest.mark.process
def test_the_bar_shows_percent_while_the_analysis_runs(tmp_path: Path) -> None:
    """In the worker process (inline, the analysis would be over before a frame could show the bar)."""
    record = tmp_path / "bait.json"
    shutil.copy(SAVES / "moscow-bait.json", record)  # the analysis caches itself beside the file
    d = Driver(tmp_path / "data", shared(), size=(1280, 800), seed=3, replay=str(record))
    viewer = d.app.scene
    assert isinstance(viewer, ReplayScene)
    bar = viewer.analyser.bar
    assert isinstance(bar, AnalysisProgress) and not bar.visible
    d.click(viewer.button_rect("analyse").center)
    assert bar.visible and bar.status_text().startswith("Анализ ") and "%" in bar.status_text()
    assert "/100" not in bar.status_text()
    viewer.analyser.wait(120)
    d.frames(3)
    assert viewer.analyser.result is not None and not bar.visible
    bar.show_progress(38, 100, now=bar.started + 10.0 if bar.started is not None else 10.0)
    assert bar.status_text() == "Анализ 38 % · ещё около 15 с" and round(bar.current_progress) == 38


def test_a_bar_rebuilt_mid_analysis_measures_the_pace_from_then() -> None:
    set_language("ru")
    assert progress_words(60, 100, 10.0, done_before=50) == "Анализ 60 % · ещё около 40 с"  # 10 in 10 s: 40 left
    assert progress_words(60, 100, 10.0, done_before=60) == "Анализ 60 % · оцениваю время…"
