"""Screenshots of fixed-seed situations, to show a refactoring of the UI changed no pixel (issue 24: "the table
and replay screenshots pixel-identical").

A headless window (``SDL_VIDEODRIVER=dummy``) in the tests' mode (bots inline, no animation) is driven by real
pygame events through the real loop: the menu, a table at the bidding, in the play and at the deal's summary
(two and three players), practice drills and the replay viewer; then, with the animations on, cards caught in
flight, a practice mistake with the bot's remark and a drill that ends the game. The app runs on a hand-moved
clock (``ui.clock.ManualClock``, 1/60 s a frame), so a shot does not depend on the machine's pace; before each
shot the pointer rests in a corner and frames run until nothing moves (at most 200); the frame is then drawn
whole. ``python -m lab.screens_snapshot OUT_DIR`` writes one PNG a situation; ``--check OLD_DIR`` compares the
pixels (``pygame.image.tobytes``) with an earlier run and names the shots that differ; ``--real-clock`` takes the
first sets on the real time, as the script did before the app had a clock (a bubble that ends with time may
then differ under load).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import argparse
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.actions import Action, Kind
from game.deal import Phase
from game.drills.catalogue import make_drill
from ui.app import App, AppOptions
from ui.clock import ManualClock
from ui.controller import GameController, GameOptions
from ui.scenes.practice import PracticeScene
from ui.scenes.table import TableScene

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 800)
FRAME_S = 1 / 60  # a frame on the hand-moved clock
REST = (4, 4)  # the pointer's corner: nothing there has a hover state or a tooltip
Shot = tuple[tuple[int, int], bytes]  # the size and the RGB pixels


class Screens:
    """One window, real events, one frame a step; ``shot`` keeps what the window shows."""

    def __init__(self, data_dir: Path, clock: ManualClock | None = None, **options: object) -> None:
        if clock is not None:
            options["clock"] = clock
        self.clock = clock  # None: the real time; else a frame is 1/60 s on it, whatever the machine's pace
        self.app = App(AppOptions(data_dir=str(data_dir), testing=True, size=SIZE, seed=7, **options))  # type: ignore[arg-type]
        self.shots: dict[str, Shot] = {}
        self.frames(2)

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            if self.clock is not None:
                self.clock.advance(FRAME_S)
            self.app.step()

    def post(self, type_: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(type_, **attrs))

    def move(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        pygame.mouse.set_pos(pos)
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)
        self.frames()

    def click(self, pos: tuple[float, float]) -> None:
        at = (int(pos[0]), int(pos[1]))
        self.move(at)
        self.post(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
        self.frames()
        self.post(pygame.MOUSEBUTTONUP, pos=at, button=1)
        self.frames(3)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        self.move(start)
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.frames()
        for i in range(1, steps + 1):
            self.move(
                (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps), (1, 0, 0)
            )
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.frames(2)

    def key(self, key: int) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
        self.frames()

    def shot(self, name: str) -> None:
        """The pointer to its corner, frames until the scene rests, then the whole frame drawn and kept."""
        self.move(REST)
        scene = self.app.scene
        assert scene is not None
        for _ in range(200):
            self.frames()
            if not scene.animating():
                break
        self.frames(3)
        self.keep(name)

    def keep(self, name: str) -> None:
        """The whole frame drawn now, kept as ``name``."""
        scene = self.app.scene
        assert scene is not None
        screen = self.app.screen
        scene.draw(screen)
        self.app.manager.draw_ui(screen)
        scene.draw_top(screen)
        self.shots[name] = (screen.get_size(), pygame.image.tobytes(screen, "RGB"))

    # ------------------------------------------------------------------ the table

    @property
    def table(self) -> TableScene:
        assert isinstance(self.app.scene, TableScene)
        return self.app.scene

    def start(self, players: int, seed: int) -> None:
        opts = GameOptions(seed=seed, first_dealer="bot", bot_level="easy", players=players)
        ctl = GameController.new_game(self.app.paths, opts, **self.app.controller_kwargs())
        self.app.switch(TableScene(self.app, ctl))
        self.frames(3)

    def human_to_act(self) -> bool:
        self.frames()
        return self.table.ctl.human_to_act()

    def click_payload(self, payload: object) -> None:
        """The dialog's button for ``payload``, once it is up (the cards land and the bots speak first)."""
        for _ in range(600):
            self.frames()
            rects = self.table.decisions.panel.button_rects()
            if payload in rects:
                self.click(rects[payload].center)
                return
        raise AssertionError(f"no button for {payload}")

    def click_action(self, pred: Callable[[Action], bool]) -> None:
        self.frames()
        for payload, rect in self.table.decisions.panel.button_rects().items():
            if isinstance(payload, Action) and pred(payload):
                self.click(rect.center)
                return
        raise AssertionError("no such button")

    def play_one(self) -> None:
        """A dialog answered by a click (the bidding: order in round 1), else the first legal card dragged."""
        view = self.table.model.view
        words = [a for a in view.legal if a.kind is not Kind.PLAY]
        plays = [a for a in view.legal if a.kind is Kind.PLAY and not a.value]
        if view.phase is Phase.BIDDING_1:
            self.click_action(lambda a: a.kind is Kind.ORDER if any(w.kind is Kind.ORDER for w in words) else True)
            return
        if not plays:
            prefer = [a for a in words if a.kind in (Kind.PISHET, Kind.NO_CLAIM, Kind.TELL_TOP, Kind.ANSWER_PASSES)]
            target = prefer[0] if prefer else words[0]
            self.click_action(lambda a: a == target)
            return
        t = self.table
        card = plays[0].card
        assert card is not None
        rect = t.hand.lifted_rect(card)
        start = (rect.x + rect.w // 4, rect.y + rect.h // 3)
        self.drag(start, (t.geo.drop_zone.centerx - rect.w // 4, t.geo.drop_zone.centery - rect.h // 6))
        if t.decisions.pending is not None:  # «с беллой?»
            self.click(next(iter(t.decisions.panel.button_rects().values())).center)

    def play_until(self, done: Callable[[], bool], limit: int = 300) -> None:
        for _ in range(limit):
            if done():
                return
            if self.human_to_act():
                self.play_one()
        raise AssertionError("the situation never came")


def table_shots(s: Screens, players: int, seed: int) -> None:
    tag = f"table{players}"
    s.start(players, seed)
    s.play_until(s.human_to_act)
    s.shot(f"{tag}_bidding")
    s.play_until(lambda: len(s.table.model.view.tricks) >= 2 and s.human_to_act())
    s.shot(f"{tag}_play")
    s.key(pygame.K_F1)
    s.shot(f"{tag}_help")
    s.key(pygame.K_ESCAPE)
    s.play_until(lambda: s.table.model.view.phase is Phase.OVER)
    s.shot(f"{tag}_summary")


def practice_shots(s: Screens) -> None:
    for situation, variant in (("announce_terz", 0), ("belle", 1), ("three_beat_both", 0)):
        s.app.switch(PracticeScene(s.app, make_drill(situation, variant)))
        s.frames(2)
        s.shot(f"practice_{situation}_{variant}")


def clocked_shots(data: Path) -> dict[str, Shot]:
    """With the animations on and the app's clock moved by hand (``ui.clock.ManualClock``): cards caught in
    flight, a practice mistake with the bot's remark, a drill that ends the game."""
    s = Screens(data, clock=ManualClock(), animation_speed=1.0)
    s.start(2, 7)
    s.frames(24)
    s.keep("clocked_dealing")
    s.play_until(s.human_to_act)
    s.shot("clocked_bidding")
    s.play_until(lambda: s.table.model.view.phase is Phase.PLAY and s.human_to_act())
    s.play_one()
    s.keep("clocked_card_flying")
    s.app.switch(PracticeScene(s.app, make_drill("announce_terz", 1)))
    s.frames(2)
    s.click_payload(Action(Kind.ANNOUNCE, value=4))  # «Пятьдесят» without a fifty: the bot's remark
    s.shot("clocked_practice_remark")
    drill = make_drill("claim", 0)
    s.app.switch(PracticeScene(s.app, drill))
    s.frames(2)
    for step in drill.steps:
        s.click_payload(Action.parse(step.correct[0]))
    s.shot("clocked_practice_claimed")
    s.app.close()
    return s.shots


def replay_shots(data: Path, clock: ManualClock | None) -> dict[str, Shot]:
    s = Screens(data, clock=clock, replay=str(ROOT / "saves" / "moscow-hanging.json"))
    s.shot("replay_start")
    for _ in range(15):
        s.key(pygame.K_RIGHT)
    s.shot("replay_moves")
    s.app.close()
    return s.shots


def take(data_root: Path, real_clock: bool = False) -> dict[str, Shot]:
    """Every situation's pixels, by name; ``real_clock``: the first sets on the real time (what could be run
    before the app had a clock to hand over: a message or a bubble that ends with time may differ under load)."""
    clock = None if real_clock else ManualClock()
    s = Screens(data_root / "table", clock=clock)
    s.shot("menu")
    table_shots(s, 2, 7)
    table_shots(s, 3, 5)
    practice_shots(s)
    s.app.close()
    shots = dict(s.shots)
    shots.update(replay_shots(data_root / "replay", None if real_clock else ManualClock()))
    if not real_clock:
        shots.update(clocked_shots(data_root / "clocked"))
    return shots


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder for the PNGs")
    parser.add_argument("--check", type=Path, metavar="OLD_DIR", help="compare with an earlier run's PNGs")
    parser.add_argument(
        "--real-clock", action="store_true", help="the table, practice and replay shots on the real time, no others"
    )
    args = parser.parse_args(argv)
    pygame.init()
    with tempfile.TemporaryDirectory() as tmp:
        shots = take(Path(tmp), args.real_clock)
    if args.out.exists():
        shutil.rmtree(args.out)
    args.out.mkdir(parents=True)
    for name, (size, pixels) in shots.items():
        pygame.image.save(pygame.image.frombytes(pixels, size, "RGB"), str(args.out / f"{name}.png"))
    print(f"{len(shots)} screenshots in {args.out}")
    if args.check is None:
        return 0
    differ = []
    for name, (_, pixels) in shots.items():
        old = args.check / f"{name}.png"
        if not old.exists() or pygame.image.tobytes(pygame.image.load(str(old)), "RGB") != pixels:
            differ.append(name)
    missing = sorted({p.stem for p in args.check.glob("*.png")} - set(shots))
    print(f"compared {len(shots)}: {len(shots) - len(differ)} identical; differ: {differ or 'none'}", end="")
    print(f"; missing: {missing}" if missing else "")
    return 1 if differ or missing else 0


if __name__ == "__main__":
    sys.exit(main())
