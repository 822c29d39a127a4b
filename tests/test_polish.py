"""The findings a player's pass left (issue 12): each test holds one fix, with real events through the loop.

SDL dummy drivers; no assertion on durations.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import time
from pathlib import Path

import pygame
from ui_driver import Driver

from ui import i18n
from ui.scenes.replay import ReplayScene

ROOT = Path(__file__).resolve().parent.parent
SAVES = ROOT / "saves"


def viewer(tmp_path: Path, record: Path, size: tuple[int, int] = (1280, 800)) -> tuple[Driver, ReplayScene]:
    d = Driver(tmp_path / "data", size=size, seed=3, replay=str(record))
    assert isinstance(d.app.scene, ReplayScene)
    return d, d.app.scene


def test_the_replay_announces_a_penalty_by_the_judges_banner(tmp_path: Path) -> None:
    """As at the table, the judge names a strict-etiquette penalty in the centre, not a «Штраф!» bubble from the
    player's seat; it stays while that step is shown, a click puts it away, the next step has none."""
    i18n.set_language("ru")
    d, v = viewer(tmp_path, SAVES / "moscow-strict-false-rost.json")
    marked = next(i for i, t in enumerate(v.item_texts()) if "⚠" in t)  # item N is after action N
    for _ in range(marked):
        d.key(pygame.K_RIGHT)
    assert v.pos == marked
    b = v.banner.current(time.monotonic())
    assert b is not None and b.kind == "judge"
    penalised = next(ev.seat for ev in v.events if ev.kind == "penalty")
    assert b.title == f"Судья: штраф — {v.record.players[penalised]}" and b.text
    assert all("Штраф" not in (v.speech.text_of(s) or "") for s in (0, 1))
    d.frames(2)
    assert v.banner.rect.w > 0 and v.play.contains(v.banner.rect)
    d.click(v.banner.rect.center)
    assert v.banner.current(time.monotonic()) is None and v.pos == marked
    d.key(pygame.K_LEFT)
    d.key(pygame.K_RIGHT)
    assert v.banner.current(time.monotonic()) is not None  # back on the step: the judge speaks again
    d.key(pygame.K_RIGHT)
    assert v.banner.current(time.monotonic()) is None


def test_the_judge_says_you_in_the_players_own_game(tmp_path: Path) -> None:
    """In a game of this program (seats «Игрок» / «Бот»), the banner reads «Судья: штраф вам» as at the table."""
    from game.record import load, save

    i18n.set_language("ru")
    rec = load(SAVES / "moscow-strict-false-rost.json")
    rec.players = ["Игрок", "Бот"]
    rec.meta["human_seat"] = 0
    path = tmp_path / "own.json"
    save(path, rec)
    d, v = viewer(tmp_path, path)
    marked = next(i for i, t in enumerate(v.item_texts()) if "⚠" in t)
    v.goto(0, marked)
    d.frames(2)
    b = v.banner.current(time.monotonic())
    penalised = next(ev.seat for ev in v.events if ev.kind == "penalty")
    assert b is not None and b.title == ("Судья: штраф вам" if penalised == 0 else "Судья: штраф сопернику")
