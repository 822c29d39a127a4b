"""Screenshots of the four-colour deck mid-play, the hint and the F1 help, taken from a real X window.

    Xvfb :93 -screen 0 1280x800x24 &  DISPLAY=:93 python docs/screenshots/take_polish.py

The window opens at the top-left corner of the X screen; keys are real X key presses (xdotool) and the
pictures are grabbed from the X server (ImageMagick ``import -window root``), as a person would see them.
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
os.environ["SDL_VIDEO_WINDOW_POS"] = "0,0"

from game.actions import Kind  # noqa: E402
from game.deal import Phase  # noqa: E402
from ui.app import App, AppOptions  # noqa: E402
from ui.controller import GameController, GameOptions  # noqa: E402
from ui.scenes.table import TableScene  # noqa: E402

OUT = Path(__file__).resolve().parent


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    app = App(AppOptions(data_dir=tempfile.mkdtemp(), size=(1280, 800), bot_delay=0.3))
    app.settings.deck, app.settings.four_colour = "skat", True
    app.images.follow(app.settings)

    def run(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.step()

    def grab(name: str) -> None:
        run(0.3)
        subprocess.run(["import", "-window", "root", "-crop", "1280x800+0+0", str(out / f"{name}.png")], check=True)
        print("saved", out / f"{name}.png")

    def key(name: str) -> None:
        subprocess.run(["xdotool", "key", name], check=True)
        run(0.2)

    ctl = GameController.new_game(
        app.paths, GameOptions(seed=8, first_dealer="human", bot_level="medium"), **app.controller_kwargs()
    )  # type: ignore[arg-type]
    scene = TableScene(app, ctl)
    app.switch(scene)
    run(0.45)
    grab("_dealing")  # mid-deal (not kept: a check of the animation)
    for _ in range(6000):
        app.step()
        if not ctl.human_to_act() or scene.busy(time.monotonic()):
            continue
        view = scene.model.view
        words = [a for a in view.legal if a.kind is not Kind.PLAY]
        plays = [a for a in view.legal if a.kind is Kind.PLAY]
        if view.phase is Phase.PLAY and len(view.tricks) >= 3 and plays:
            break
        if view.phase is Phase.BIDDING_1:
            scene.act(next(a for a in view.legal if a.kind is Kind.ORDER))
        elif plays:
            scene.act(plays[0])
        else:
            pick = [a for a in words if a.kind in (Kind.PISHET, Kind.NO_CLAIM, Kind.TELL_TOP, Kind.ANSWER_PASSES)]
            scene.act((pick or words)[0])
    run(1.0)
    grab("table-four-colour")
    key("h")
    for _ in range(300):
        run(0.05)
        if scene.hints.hint is not None:
            break
    grab("hint")
    key("F1")
    grab("help")
    key("Escape")
    app.quit()


if __name__ == "__main__":
    main()
