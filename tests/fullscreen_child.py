"""Switch full screen on and off at run time under a real X display and report what happened (JSON on stdout).

    DISPLAY=:N python tests/fullscreen_child.py SWITCHES [SHOT_DIR]

Run by tests/test_fullscreen.py (with and without a window manager) and by docs/screenshots/take_fullscreen.py.
The table of a new game is open; each switch is a real F11 KEYDOWN through the loop, then the loop runs until
the window has kept one size for a while. After each switch the report has the sizes (surface, window, the
scene's layout, pygame_gui's), the number of ``set_mode`` calls so far, and how many sampled pixels of the window
as the X server shows it (``import -window``) differ from what the game drew (a red/blue swap shows there).
Then stale resize events of other sizes arrive (as X sends them late around a switch), then a quiet while.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from ui.app import MODE_SETTLE_S, App, AppOptions
from ui.controller import GameController, GameOptions
from ui.scenes.table import TableScene

STABLE_S = 0.8  # the window has settled when its size has not changed for this long
SETTLE_LIMIT_S = 8.0


def main() -> int:
    switches = int(sys.argv[1])
    shots = Path(sys.argv[2]) if len(sys.argv) > 2 else None
    set_mode_calls: list[tuple[int, int]] = []
    real_set_mode = pygame.display.set_mode

    def counting_set_mode(*args: Any, **kwargs: Any) -> pygame.Surface:
        set_mode_calls.append(tuple(args[0]) if args else (0, 0))
        return real_set_mode(*args, **kwargs)

    pygame.display.set_mode = counting_set_mode
    app = App(AppOptions(data_dir=tempfile.mkdtemp(), size=(1280, 800), testing=True))
    ctl = GameController.new_game(app.paths, GameOptions(seed=8, first_dealer="human"), **app.controller_kwargs())
    table = TableScene(app, ctl)
    app.switch(table)
    size_events: list[tuple[int, int]] = []
    real_dispatch = app.dispatch

    def dispatch(event: pygame.event.Event) -> None:
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size_events.append((event.x, event.y) if event.type == pygame.WINDOWSIZECHANGED else event.size)
        real_dispatch(event)

    app.dispatch = dispatch  # type: ignore[method-assign]

    def settle() -> None:
        """Run the loop until the window's size has stayed the same for STABLE_S (or SETTLE_LIMIT_S passed)."""
        start = last_change = time.monotonic()
        size = pygame.display.get_window_size()
        while (
            time.monotonic() - last_change < max(STABLE_S, MODE_SETTLE_S) and time.monotonic() - start < SETTLE_LIMIT_S
        ):
            app.step()
            time.sleep(0.01)
            if pygame.display.get_window_size() != size:
                size, last_change = pygame.display.get_window_size(), time.monotonic()
        for _ in range(3):  # an event makes the loop draw a whole frame of the settled window
            pygame.event.post(pygame.event.Event(pygame.VIDEOEXPOSE))
            app.step()

    def snapshot(i: int) -> dict[str, Any]:
        screen = app.screen
        w, h = screen.get_size()
        wm = pygame.display.get_wm_info()
        grabbed = None
        mismatched = -1
        if shots is not None and "window" in wm:
            grabbed = shots / f"switch_{i}.png"
            # full screen: the whole X screen must be the game (not a window left at the old place, cut off)
            target = "root" if app.settings.fullscreen else str(wm["window"])
            subprocess.run(["import", "-window", target, str(grabbed)], check=True, capture_output=True)
            shown = pygame.image.load(str(grabbed))
            mismatched = 0
            if shown.get_size() == (w, h):
                for x in range(5, w, max(1, w // 40)):
                    for y in range(5, h, max(1, h // 25)):
                        drawn, seen = screen.get_at((x, y)), shown.get_at((x, y))
                        mismatched += any(abs(a - b) > 12 for a, b in zip(drawn[:3], seen[:3], strict=True))
            else:
                mismatched = -2  # the X window is not the size of the surface drawn
        return {
            "fullscreen": app.settings.fullscreen,
            "surface": [w, h],
            "window": list(pygame.display.get_window_size()),
            "desktop": list(pygame.display.get_desktop_sizes()[0]),
            "gui": list(app.manager.window_resolution),
            "layout": [table.geo.play.w + table.side_width(w), table.geo.status_rect.bottom],
            "hand_inside": screen.get_rect().contains(table.geo.hand_area),
            "set_mode_calls": len(set_mode_calls),
            "size_events": len(size_events),
            "mismatched_pixels": mismatched,
            "shot": str(grabbed) if grabbed else None,
        }

    settle()
    report: dict[str, Any] = {"start": snapshot(0), "switches": []}
    for i in range(1, switches + 1):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
        if i == 1:  # a doubled press: the second one, a frame later, must not switch back
            app.step()
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
        settle()
        report["switches"].append(snapshot(i))
    # stale resize events, as X sends them late around a switch: answered by a relayout, never by set_mode
    calls = len(set_mode_calls)
    for w, h in ((1440, 900), (1100, 700), (1440, 900)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h))
    settle()
    report["stale"] = {**snapshot(switches + 1), "set_mode_calls": len(set_mode_calls) - calls}
    # a quiet while after the last switch: nothing may set the mode again by itself (no resize loop)
    calls, events = len(set_mode_calls), len(size_events)
    end = time.monotonic() + 1.5
    while time.monotonic() < end:
        app.step()
        time.sleep(0.01)
    report["quiet"] = {"set_mode_calls": len(set_mode_calls) - calls, "size_events": len(size_events) - events}
    report["driver"] = pygame.display.get_driver()
    pygame.quit()
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
