"""Screenshots of the announcement practice: run under X with xdotool (real pointer clicks).

    Xvfb :92 -screen 0 1280x800x24 &  DISPLAY=:92 python docs/screenshots/take_practice.py

Menu → «Тренировка объявлений» → the picker (practice-picker.png) → a drill («пятьдесят» against a терц)
→ the player wrongly asks «Рост?» → the coach's verdict, the engine's penalty and the bot's remark
(the window is then captured with ``import -window root`` as practice-coach.png). Then a drill for three, the
official example («родили терц»): at the question (practice-three-question.png) and after «Терц» is clicked
(practice-three-verdict.png).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ["SDL_VIDEO_WINDOW_POS"] = "0,0"  # xdotool works in screen coordinates

import pygame  # noqa: E402

from game.actions import ROST, TERZ, announce  # noqa: E402
from game.drills import make_drill  # noqa: E402
from ui.app import App, AppOptions  # noqa: E402
from ui.scenes.practice import PracticePickerScene, PracticeScene  # noqa: E402

OUT = Path(__file__).resolve().parent


def main() -> None:
    app = App(AppOptions(data_dir=tempfile.mkdtemp(), size=(1280, 800), bot_delay=0.4))

    def run(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.step()

    def click(pos: tuple[int, int]) -> None:
        subprocess.run(["xdotool", "mousemove", str(pos[0]), str(pos[1])], check=True)
        run(0.3)
        subprocess.run(["xdotool", "click", "1"], check=True)
        run(0.6)

    run(0.8)
    menu = app.scene
    click(menu.button_rect("practice").center)  # type: ignore[union-attr]
    picker = app.scene
    assert isinstance(picker, PracticePickerScene), picker
    picker.store.scores = {
        "announce_terz": {"right": 3, "total": 3},
        "no_sequence": {"right": 2, "total": 3},
        "lower_terz": {"right": 1, "total": 2},
    }
    # a quiet scene draws only on input: a pointer event so that the frame shows the scores just set
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    run(0.5)
    pygame.image.save(app.screen, str(OUT / "practice-picker.png"))
    click(picker.button_rect("answer_fifty").center)
    scene = app.scene
    assert isinstance(scene, PracticeScene), scene
    run(1.0)
    click(scene.decisions.panel.button_rects()[ROST].center)
    run(1.5)
    shot("practice-coach.png")
    # the table for three: the official example, the bidder's top card and the partner's «не годится» said
    three = PracticeScene(app, make_drill("three_rodili", 0))
    app.switch(three)
    run(1.0)
    shot("practice-three-question.png")
    click(three.decisions.panel.button_rects()[announce(TERZ)].center)  # «родили терц»
    run(4.0)  # the shown sequences' banner has gone: the coach's verdict and the table
    shot("practice-three-verdict.png")
    app.quit(0)


def shot(name: str) -> None:
    subprocess.run(["import", "-window", "root", "-crop", "1280x800+0+0", str(OUT / name)], check=True)


if __name__ == "__main__":
    main()
