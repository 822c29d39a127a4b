"""The table after several full-screen switches at run time, grabbed from the X server as a player sees it.

    Xvfb :94 -screen 0 1920x1080x24 &  DISPLAY=:94 openbox &  DISPLAY=:94 python docs/screenshots/take_fullscreen.py

A 1024×640 window goes full screen (1920×1080) and back with F11 five times, mid-play; then
table_1920x1080.png is the full screen and table_1024x640.png the window again. Without a window manager it works
the same (tests/test_fullscreen.py checks both).
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
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "x11")  # before take_faces, which would choose the dummy driver

import pygame  # noqa: E402
from take_faces import table_mid_play  # noqa: E402

from ui.app import MODE_SETTLE_S, App, AppOptions  # noqa: E402

OUT = Path(__file__).resolve().parent


def main() -> None:
    app = App(AppOptions(data_dir=tempfile.mkdtemp(), size=(1024, 640), testing=True))
    table_mid_play(app)

    def run(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.step()
            time.sleep(0.01)
        pygame.event.post(pygame.event.Event(pygame.VIDEOEXPOSE))  # one whole frame of the settled window
        app.step()

    def grab(name: str) -> None:
        target = "root" if app.settings.fullscreen else str(pygame.display.get_wm_info()["window"])
        subprocess.run(["import", "-window", target, str(OUT / f"{name}.png")], check=True)
        print("saved", OUT / f"{name}.png", app.screen.get_size())

    for _ in range(5):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
        run(max(1.0, MODE_SETTLE_S * 2))
    grab("table_1920x1080")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    run(1.5)
    grab("table_1024x640")
    pygame.quit()


if __name__ == "__main__":
    main()
