"""Screenshots of the table telling the story (issue 12): the move log beside a held trick, the sequences shown
on the table, the judge's banner — from whole deals in strict etiquette against the bot, in a real X window.

    Xvfb :91 -screen 0 1280x800x24 &  DISPLAY=:91 python docs/screenshots/take_story.py [OUT] [LEVEL] [SEED]

The human's moves are real mouse events (a double-click on a card, a click on a dialog button) posted into the
app's own loop; the pictures are grabbed from the X server (ImageMagick ``import -window root``). The human
announces a sequence only when it holds one, except once, when it holds none and says «Терц» anyway (the
judge's banner). Also saves every moment it looked at as ``_story_*.png`` in OUT for checking (not kept).
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

from game import sequences  # noqa: E402
from game.actions import Action, Kind  # noqa: E402
from game.deal import Phase  # noqa: E402
from ui.app import App, AppOptions  # noqa: E402
from ui.controller import GameController, GameOptions  # noqa: E402
from ui.scenes.table import Mode, TableScene  # noqa: E402

OUT = Path(__file__).resolve().parent


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    level = sys.argv[2] if len(sys.argv) > 2 else "hard"
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 56
    app = App(AppOptions(data_dir=tempfile.mkdtemp(), size=(1280, 800)))
    app.settings.animation_speed = 1.0
    opts = GameOptions(seed=seed, first_dealer="bot", etiquette="strict", bot_level=level, target=301)
    ctl = GameController.new_game(app.paths, opts, **app.controller_kwargs())  # type: ignore[arg-type]
    t = TableScene(app, ctl)
    app.switch(t)
    wanted = {"table_movelog", "table_sequences_shown", "table_judge_banner"}
    lied = False
    n = 0

    def run(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.step()
            time.sleep(1 / 120)

    def grab(name: str) -> None:
        nonlocal n
        run(0.25)
        n += 1
        path = out / (f"{name}.png" if name in wanted else f"_story_{n:02d}_{name}.png")
        subprocess.run(["import", "-window", "root", "-crop", "1280x800+0+0", str(path)], check=True)
        wanted.discard(name)
        print("saved", path)

    def click(pos: tuple[int, int]) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.mouse.set_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        run(0.05)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        run(0.03)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        run(0.05)

    def say(action: Action | tuple[str, object]) -> None:
        run(0.6)  # a person reads the question first
        rects = t.decisions.panel.button_rects()
        if action in rects:
            click(rects[action].center)

    def holds_sequence() -> bool:
        view = t.model.view
        return bool(sequences.find_sequences(view.hand, view.trump, view.rules))

    deadline = time.monotonic() + 900
    while wanted and time.monotonic() < deadline and t.model.game_over is None:
        app.step()
        now = time.monotonic()
        if t.mode is Mode.SUMMARY:
            grab("summary")
            run(1.0)
            click(t.end_panel.button_rects()["next"].center)
            continue
        banner = t.banner.current(now)
        if banner is not None:
            grab("table_sequences_shown" if banner.kind == "shown" else "table_judge_banner")
            click(t.banner.rect.center)  # read
            continue
        view = t.model.view
        if t.trick.holding(now) and len(view.tricks) >= 5 and "table_movelog" in wanted and t.movelog.lines:
            grab("table_movelog")
        if not ctl.human_to_act() or t.settling(now) or view.phase is Phase.OVER:
            continue
        run(0.3)
        words = t.decisions.words.panel_words(t.model.view)
        plays = [a for a in view.legal if a.kind is Kind.PLAY and not a.value]
        announce = [a for a in words if a.kind is Kind.ANNOUNCE and a.value == sequences.TERZ]
        if view.phase is Phase.BIDDING_1:
            say(next(a for a in words if a.kind is (Kind.ORDER if len(ctl.match.deals) % 2 else Kind.PASS)))
        elif view.phase is Phase.BIDDING_2:
            say(next((a for a in words if a.kind is Kind.PASS), words[0]))
        elif announce and (holds_sequence() or (not lied and len(ctl.match.deals) >= 2)):
            lied = lied or not holds_sequence()
            say(announce[0])
        elif any(a.kind in (Kind.PISHET, Kind.TELL_TOP, Kind.ANSWER_PASSES, Kind.NO_CLAIM) for a in words):
            say(next(a for a in words if a.kind in (Kind.PISHET, Kind.TELL_TOP, Kind.ANSWER_PASSES, Kind.NO_CLAIM)))
        elif plays:
            card = plays[0].card
            assert card is not None
            r = t.hand.lifted_rect(card)
            click((r.x + 12, r.y + r.h // 3))
            click((r.x + 12, r.y + r.h // 3))  # a double-click plays it
            if t.decisions.pending is not None:
                say(next(iter(t.decisions.panel.button_rects())))
        elif words:
            say(words[0])
    print("not taken:", sorted(wanted) or "none")
    app.quit(0)


if __name__ == "__main__":
    main()
