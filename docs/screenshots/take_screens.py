"""Screenshots of the finished screens: game over (a win, mid-celebration), the replay browser, settings, About.

Xvfb :93 -screen 0 1280x800x24 &  DISPLAY=:93 python docs/screenshots/take_screens.py [name ...]
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.actions import Kind  # noqa: E402
from game.record import load, prefix, save  # noqa: E402
from ui.app import App, AppOptions  # noqa: E402

OUT = Path(__file__).resolve().parent
SIZE = (1280, 800)
if len(sys.argv) > 2 and "x" in sys.argv[-1]:
    SIZE = tuple(int(v) for v in sys.argv.pop().split("x"))  # type: ignore[assignment]


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step()


def game_over_win(data: Path) -> None:
    """The sample game to 501, continued one action before its end; the human (Анна) claims it."""
    record = load(ROOT / "saves" / "moscow-full-501.json")
    last = len(record.deals) - 1
    cut = prefix(record, last, len(record.deals[last].actions) - 1)
    cut.meta.update(human_seat=0, bot_level="hard", seed=5)
    save(data / "current.json", cut)
    app = App(AppOptions(data_dir=str(data), testing=True, size=SIZE))
    from ui.controller import GameController
    from ui.scenes.table import TableScene

    app.switch(
        TableScene(app, GameController.restore(app.paths, load(data / "current.json"), **app.controller_kwargs()))
    )
    scene = app.scene
    assert isinstance(scene, TableScene)
    frames(app)
    scene.act(next(a for a in scene.model.view.legal if a.kind is Kind.CLAIM))
    frames(app)
    time.sleep(0.9)  # mid-celebration: the lines still growing, confetti falling
    frames(app, 1)
    pygame.image.save(app.screen, str(OUT / "game_over_win.png"))
    pygame.quit()


def replays_browser(data: Path) -> None:
    """The browser with a few games of the player's (won, lost, in progress) and the samples; one selected."""
    import json

    games = data / "games"
    games.mkdir()
    for name, source, seat, level, stamp in (
        ("20261201-141240.json", "moscow-full-501.json", 0, "hard", "2026-12-01T14:12:40"),
        ("20261130-212000.json", "yellowclub-full-501.json", 1, "medium", "2026-11-30T21:20:00"),
        ("20261129-190500.json", "one_strike-bait.json", 0, "easy", "2026-11-29T19:05:00"),
    ):
        obj = json.loads((ROOT / "saves" / source).read_text("utf-8"))
        obj["players"] = ["Игрок", "Бот"] if seat == 0 else ["Бот", "Игрок"]
        obj["meta"] = {"human_seat": seat, "bot_level": level, "created": stamp, "updated": stamp}
        (games / name).write_text(json.dumps(obj, ensure_ascii=False), "utf-8")
    obj = json.loads((ROOT / "saves" / "moscow-hanging.json").read_text("utf-8"))
    obj["players"] = ["Игрок", "Бот"]
    obj["meta"] = {"human_seat": 0, "bot_level": "hard", "updated": "2026-12-01T16:02:00"}
    (data / "current.json").write_text(json.dumps(obj, ensure_ascii=False), "utf-8")
    app = App(AppOptions(data_dir=str(data), testing=True, size=SIZE))
    app.open_replays()
    from ui.scenes.replay import ReplayBrowserScene

    browser = app.scene
    assert isinstance(browser, ReplayBrowserScene)
    browser.select(next(i for i, e in enumerate(browser.entries) if e.path.name == "20261201-141240.json"))
    # the X pointer (Xvfb's screen centre) would hover a row of the list: move it to the title
    pygame.mouse.set_pos((5, 5))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    pygame.image.save(app.screen, str(OUT / "replays_browser.png"))
    pygame.quit()


def analysis_progress(data: Path) -> None:
    """The replay viewer a few seconds into the analysis of the sample game to 501: percent and time left."""
    record = data / "moscow-full-501.json"
    shutil.copy(ROOT / "saves" / "moscow-full-501.json", record)  # the analysis caches itself beside the file
    app = App(AppOptions(data_dir=str(data), testing=True, size=SIZE, replay=str(record)))
    from ui.scenes.replay import ReplayScene

    viewer = app.scene
    assert isinstance(viewer, ReplayScene)
    viewer.start_analysis()
    end = time.monotonic() + 6
    while time.monotonic() < end:
        frames(app, 1)
        time.sleep(0.05)
    pygame.image.save(app.screen, str(OUT / "analysis_progress.png"))
    viewer.leave()
    pygame.quit()


def rules_page(data: Path) -> None:
    """The rules page as the menu opens it for YellowClub to 1001, strict."""
    (data / "settings.json").write_text('{"preset": "yellowclub", "target": 1001, "etiquette": "strict"}', "utf-8")
    app = App(AppOptions(data_dir=str(data), testing=True, size=SIZE))
    frames(app)
    from ui.scenes.menu import MenuScene

    menu = app.scene
    assert isinstance(menu, MenuScene)
    pos = menu.button_rect("rules").center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pygame.mouse.set_pos(pos)
    frames(app, 4)
    pygame.image.save(app.screen, str(OUT / "rules.png"))
    pygame.quit()


def settings_page(data: Path) -> None:
    """Settings from the menu; then the About box over it."""
    app = App(AppOptions(data_dir=str(data), testing=True, size=SIZE))
    from ui.scenes.settings import SettingsScene

    app.switch(SettingsScene(app))
    frames(app)
    pygame.image.save(app.screen, str(OUT / "settings.png"))
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    pos = scene.about_btn.get_abs_rect().center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 4)
    pygame.mouse.set_pos((5, 5))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 3)
    pygame.image.save(app.screen, str(OUT / "about.png"))
    pygame.quit()


def menu_page(data: Path) -> None:
    app = App(AppOptions(data_dir=str(data), testing=True, size=SIZE))
    frames(app)
    pygame.image.save(app.screen, str(OUT / "menu.png"))
    pygame.quit()


SHOTS = {
    "settings": settings_page,
    "menu": menu_page,
    "rules": rules_page,
    "game_over_win": game_over_win,
    "replays_browser": replays_browser,
    "analysis_progress": analysis_progress,
}


def main(names: list[str]) -> None:
    for name in names or list(SHOTS):
        data = Path(tempfile.mkdtemp(prefix="deberts-shots-"))
        try:
            SHOTS[name](data)
        finally:
            shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
