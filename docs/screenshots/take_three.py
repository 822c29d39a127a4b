"""Take the screenshots of the table for three players: run under X (e.g. Xvfb :93).

    Xvfb :93 -screen 0 2560x1440x24 &  DISPLAY=:93 python docs/screenshots/take_three.py 1024x640

The human plays against two bots (left and right); saved as three_<moment>[_WxH].png: the new-game screen with
three players chosen, the bidding (with the hint's advice), the answer to an opponent's announcement, three cards
on the table, the deal summary and the game over.
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

import pygame  # noqa: E402

from game.actions import Action, Kind  # noqa: E402
from game.deal import Phase  # noqa: E402
from ui.app import App, AppOptions  # noqa: E402
from ui.controller import GameController, GameOptions  # noqa: E402
from ui.scenes.table import Mode, TableScene  # noqa: E402

OUT = Path(__file__).resolve().parent
DIALOG = {Kind.ANNOUNCE, Kind.ROST, Kind.PISHET, Kind.MINE, Kind.TELL_TOP}
ANSWER = {Kind.ROST, Kind.PISHET, Kind.MINE}  # the shot: answering an opponent's announcement


def main() -> None:
    size = tuple(int(v) for v in (sys.argv[1] if len(sys.argv) > 1 else "1280x800").split("x"))
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 19  # the right opponent announces, the human may ask «рост?»
    suffix = "" if size == (1280, 800) else f"_{size[0]}x{size[1]}"
    app = App(AppOptions(data_dir=tempfile.mkdtemp(), size=size, bot_delay=0.3))  # type: ignore[arg-type]
    # Xvfb puts the pointer at the screen's centre (inside the window): move it off the window so nothing is hovered
    # (now, while the window keeps the X server from resetting and re-centring it; the screen must be larger)
    subprocess.run(["xdotool", "mousemove", str(size[0] + 20), str(size[1] + 20)], check=True)

    def run(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.step()

    def save(name: str) -> None:
        pygame.image.save(app.screen, str(OUT / f"three_{name}{suffix}.png"))
        print("saved", name)

    app.settings.players = 3  # the new-game screen with «трое» chosen
    app.to_menu()
    run(0.6)
    save("menu")
    opts = GameOptions(seed=seed, first_dealer="bot", bot_level="medium", players=3, target=301)
    ctl = GameController.new_game(app.paths, opts, **app.controller_kwargs())
    scene = TableScene(app, ctl)
    app.switch(scene)
    shots: set[str] = set()
    for _ in range(200000):
        if scene.mode is Mode.GAME_OVER:
            break
        if scene.mode is Mode.SUMMARY:
            if "summary" not in shots:
                run(1.0)
                save("summary")
                shots.add("summary")
            scene.next_deal()
            continue
        app.step()
        now = time.monotonic()
        full = len(scene.trick.placed) == 3 and scene.trick.holding(now)
        if full and "trick" not in shots:
            run(0.2)
            save("trick")
            shots.add("trick")
        if not ctl.human_to_act() or scene.busy(now):
            continue
        view = scene.model.view
        legal = view.legal
        kinds = {a.kind for a in legal}
        if view.phase is Phase.BIDDING_1 and "bidding" not in shots:
            run(1.2)
            scene.request_hint()  # H: the hint's advice for three on the status line
            end = time.monotonic() + 60
            while scene.hints.hint is None and time.monotonic() < end:
                app.step()
            run(0.5)
            save("bidding")
            shots.add("bidding")
        if kinds & ANSWER and "dialog" not in shots:
            run(1.0)
            save("dialog")
            shots.add("dialog")
        claims = [a for a in legal if a.kind is Kind.CLAIM]
        if claims and max(scene.model.scores) >= 301:
            scene.act(claims[0])
            continue
        plays = [a for a in legal if a.kind is Kind.PLAY and not a.value]
        order = [a for a in legal if a.kind is Kind.ORDER]
        words = [a for a in legal if a.kind not in (Kind.PLAY, Kind.CLAIM)]
        if order:
            pick = order[0]
        elif Kind.ROST in kinds:
            pick = Action(Kind.ROST)
        elif plays and not kinds & DIALOG:
            pick = plays[0]
        else:
            pick = next((a for a in words if a.kind in (Kind.TELL_TOP, Kind.PISHET, Kind.NO_CLAIM)), None) or (
                words[0] if words else legal[0]
            )
        scene.act(pick)
    run(3.0)  # the totals have counted up; confetti still falls
    save("game_over")


if __name__ == "__main__":
    main()
