"""Take the UI screenshots in this folder: run under X (e.g. Xvfb :99) with xdotool installed.

    Xvfb :99 -screen 0 1600x1000x24 &  DISPLAY=:99 python docs/screenshots/take.py 1280x800

A real window is opened at the top-left corner; the drag is performed with xdotool (a real X pointer).
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

from game.actions import Action, Kind  # noqa: E402
from game.deal import Phase  # noqa: E402
from ui.app import App, AppOptions  # noqa: E402
from ui.controller import GameController, GameOptions  # noqa: E402
from ui.scenes.table import TableScene  # noqa: E402

OUT = Path(__file__).resolve().parent


def main() -> None:
    size = tuple(int(v) for v in (sys.argv[1] if len(sys.argv) > 1 else "1280x800").split("x"))
    suffix = "" if size == (1280, 800) else f"_{size[0]}x{size[1]}"
    app = App(AppOptions(data_dir=tempfile.mkdtemp(), size=size, bot_delay=0.3))  # type: ignore[arg-type]
    # Xvfb puts the pointer at the screen's centre (inside a small window): move it off the window so nothing is
    # hovered (now, while the window keeps the X server from resetting and re-centring it)
    subprocess.run(["xdotool", "mousemove", str(size[0] + 20), str(size[1] + 20)], check=True)

    def run(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.step()

    def save(name: str) -> None:
        pygame.image.save(app.screen, str(OUT / f"{name}{suffix}.png"))

    run(0.5)
    save("menu")
    ctl = GameController.new_game(
        app.paths, GameOptions(seed=8, first_dealer="human", bot_level="medium"), **app.controller_kwargs()
    )  # type: ignore[arg-type]
    scene = TableScene(app, ctl)
    app.switch(scene)
    shots: set[str] = set()
    for _ in range(4000):
        if scene.mode.ended:
            break
        app.step()
        if not ctl.human_to_act() or scene.busy(time.monotonic()):
            continue
        view = scene.model.view
        legal = view.legal
        kinds = {a.kind for a in legal}
        if view.phase is Phase.BIDDING_1 and "bidding" not in shots:
            run(1.2)
            save("bidding")
            shots.add("bidding")
        if Kind.ROST in kinds and "rost" not in shots:
            run(1.0)
            save("rost")
            shots.add("rost")
            scene.act(Action(Kind.ROST))
            continue
        plays = [a for a in legal if a.kind is Kind.PLAY and not a.value]
        if len(view.tricks) >= 3 and not view.trick and plays and "drag" not in shots:
            run(1.0)
            drag(app, scene, plays[0].card)
            save("drag")
            subprocess.run(["xdotool", "mouseup", "1"], check=True)
            run(1.5)
            shots.add("drag")
            continue
        words = [a for a in legal if a.kind is not Kind.PLAY]
        order = [a for a in legal if a.kind is Kind.ORDER]
        pick = (
            order[0]
            if order
            else (
                plays[0]
                if plays and Kind.PISHET not in kinds
                else next((a for a in words if a.kind in (Kind.PISHET, Kind.MINE)), legal[0])
            )
        )
        scene.act(pick)
    run(1.5)
    save("summary")
    # a one-deal game to show the end of a game
    ctl = GameController.new_game(
        app.paths, GameOptions(preset="one_strike", target=0, seed=3, first_dealer="bot"), **app.controller_kwargs()
    )  # type: ignore[arg-type]
    scene = TableScene(app, ctl)
    app.switch(scene)
    for _ in range(4000):
        if scene.mode.ended:
            break
        app.step()
        if ctl.human_to_act() and not scene.busy(time.monotonic()):
            legal = scene.model.view.legal
            order = [a for a in legal if a.kind is Kind.ORDER]
            scene.act(order[0] if order else next((a for a in legal if a.kind is Kind.PLAY), legal[-1]))
    run(3.0)  # the totals have counted up to the final score; confetti still falls
    save("game_over")
    print("saved to", OUT)


def drag(app: App, scene: TableScene, card: object) -> None:
    """Press on a card and move it over the table with the real X pointer, leaving the button held."""
    rect = scene.hand.lifted_rect(card)  # type: ignore[arg-type]
    x, y = rect.x + rect.w // 3, rect.y + rect.h // 3
    tx, ty = scene.geo.drop_zone.centerx - 40, scene.geo.drop_zone.centery + 20
    cmd = f"xdotool mousemove {x} {y}; sleep 0.15; xdotool mousedown 1; sleep 0.15; "
    for i in range(1, 6):
        cmd += f"xdotool mousemove {x + (tx - x) * i // 6} {y + (ty - y) * i // 6}; sleep 0.05; "
    proc = subprocess.Popen(["bash", "-c", cmd])
    while proc.poll() is None:
        app.step()
    end = time.monotonic() + 0.4
    while time.monotonic() < end:
        app.step()


if __name__ == "__main__":
    main()
