"""The app's clock (ui/clock.py): a test moves time instead of sleeping — the deal's cards fly and land, a
tooltip waits for the resting pointer, a message ends — and the shipped app runs on the real time."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import time
from pathlib import Path

import pytest
from ui_driver import Driver

from ui.app import AppOptions
from ui.clock import MONOTONIC, ManualClock, MonotonicClock
from ui.controller import GameController, GameOptions
from ui.scenes.table import TableScene


def table(d: Driver) -> TableScene:
    opts = GameOptions(seed=7, first_dealer="bot", bot_level="easy")
    scene = TableScene(d.app, GameController.new_game(d.app.paths, opts, **d.app.controller_kwargs()))
    d.app.switch(scene)
    d.frames(2)
    return scene


def test_the_manual_clock_moves_only_forward_when_told() -> None:
    clock = ManualClock(5.0)
    assert clock.now() == clock.now() == 5.0
    clock.advance(0.25)
    assert clock.now() == 5.25
    with pytest.raises(ValueError):
        clock.advance(-1)


def test_the_shipped_app_runs_on_the_real_time(tmp_path: Path) -> None:
    assert isinstance(AppOptions().clock, MonotonicClock)
    before = time.monotonic()
    assert before <= MONOTONIC.now() <= time.monotonic()
    d = Driver(tmp_path)
    assert d.app.time is MONOTONIC and table(d).ctl.clock is MONOTONIC


def test_the_deal_flies_while_the_clock_stands_and_lands_when_it_moves(tmp_path: Path) -> None:
    clock = ManualClock()
    d = Driver(tmp_path, clock=clock, animation_speed=1.0)
    t = table(d)
    assert t.ctl.clock is clock and t.status.clock is clock  # the app hands its clock to the parts
    d.frames(30)
    assert t.flight.busy(clock.now()) and t.animating(), "the deal's cards wait for the clock to move"
    for _ in range(100):
        if not t.flight.busy(clock.now()):
            break
        clock.advance(0.1)
        d.frames()
    assert not t.flight.busy(clock.now()) and not t.hand.hidden, "every card landed in its hand"


def test_a_tooltip_waits_for_the_resting_pointer_on_the_clock(tmp_path: Path) -> None:
    clock = ManualClock()
    d = Driver(tmp_path, clock=clock)
    t = table(d)
    d.frames(3)
    assert t.painter.terms, "a word of the game on the table (the вскрышка)"
    d.move(t.painter.terms[0][0].center)
    d.frames(5)
    assert t.term_tip() is not None and t.tip_text() is None, "frames alone never bring it: the pointer rests"
    clock.advance(t.tip_delay - 0.01)
    d.frames()
    assert t.tip_text() is None
    clock.advance(0.02)
    d.frames()
    assert t.tip_text() == t.term_tip() and t.tip_box is not None


def test_a_message_ends_when_its_time_has_passed(tmp_path: Path) -> None:
    clock = ManualClock()
    d = Driver(tmp_path, clock=clock)
    t = table(d)
    t.status.flash("Ход отменён", seconds=2.0)
    d.frames(3)
    assert t.status.current(clock.now()) is not None
    clock.advance(2.0)
    d.frames()
    assert t.status.current(clock.now()) is None


def test_a_status_line_drawn_small_shows_in_full_under_the_resting_pointer(tmp_path: Path) -> None:
    """A player's pass: a long English hint came in two lines of 11 px beside «Game! (P)». Resting the pointer on
    the status line shows it at the tooltips' size; a line that fits shows no tooltip."""
    clock = ManualClock()
    d = Driver(tmp_path, clock=clock, size=(1024, 640))
    t = table(d)
    long = "Hint: pass: you hold 1 trump, without the jack and the nine; in the other suits no ace — " * 2
    t.flash(long, seconds=60)
    d.frames(2)
    bar = t.geo.status_rect
    d.move((bar.x + 40, bar.centery))
    clock.advance(t.tip_delay + 0.01)
    d.frames()
    assert t.tip_text() == long and t.tip_box is not None
    t.flash("Your turn", seconds=60)
    d.frames(2)
    clock.advance(t.tip_delay + 0.01)
    d.frames()
    assert t.tip_text() is None
