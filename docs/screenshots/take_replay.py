"""Screenshot of the replay viewer with the analysis, opened from the browser (headless or under X); the
browser itself is take_screens.py's replays_browser.png.

    Xvfb :91 -screen 0 1280x800x24 &  DISPLAY=:91 python docs/screenshots/take_replay.py
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from ui.app import App, AppOptions  # noqa: E402
from ui.scenes.replay import ReplayBrowserScene, ReplayScene  # noqa: E402

OUT = Path(__file__).resolve().parent


def main() -> None:
    data = Path(tempfile.mkdtemp(prefix="deberts-shots-"))
    (data / "games").mkdir()
    shutil.copy(ROOT / "saves" / "moscow-full-501.json", data / "games" / "20261130-221000.json")
    shutil.copy(ROOT / "saves" / "moscow-hanging.json", data / "current.json")
    (data / "games" / "20261201-090000.json").write_text(
        '{"format": "deberts-record", "version": 1, "deals": [', "utf-8"
    )
    app = App(AppOptions(data_dir=str(data), testing=True, size=(1280, 800)))
    app.open_replays()
    browser = app.scene
    assert isinstance(browser, ReplayBrowserScene)
    for _ in range(2):
        app.step()
    game = next(i for i, e in enumerate(browser.entries) if e.path.name == "20261130-221000.json")
    browser.select(game)
    browser.resize()
    for _ in range(3):
        app.step()
    entry = browser.entries[game]
    assert entry.record is not None
    app.switch(ReplayScene(app, entry.record, entry.path, back=browser.back_here))
    viewer = app.scene
    assert isinstance(viewer, ReplayScene)
    viewer.start_analysis()
    viewer.analyser.wait(120)
    for _ in range(3):
        app.step()
    viewer.goto(0, 10)  # Анна's ten of diamonds: the deal's biggest mistake
    for _ in range(3):
        app.step()
    pygame.image.save(app.screen, str(OUT / "replay-analysis.png"))
    pygame.quit()
    shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
