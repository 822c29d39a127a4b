"""The time the window runs on: one clock, owned by ``App`` and handed to its parts, so a test can move time.

The scenes, their parts and the game controller ask ``clock.now()`` (seconds, only differences count) instead of
``time.monotonic()``: the shipped app runs on ``MonotonicClock``; a test gives ``AppOptions(clock=ManualClock())``
and advances it to drive an animation, a tooltip's delay or a message's end without sleeping. pygame_gui's own
timers (its tooltips' delay, a text cursor's blink) still run on the loop's ``dt``.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a clock that never goes back."""
        ...


class MonotonicClock:
    """The real time (``time.monotonic``)."""

    def now(self) -> float:
        return time.monotonic()


class ManualClock:
    """Time that moves only when told (tests): ``advance`` it past a delay instead of sleeping."""

    def __init__(self, start: float = 1000.0) -> None:
        self.t = start  # not 0: code that starts from 0.0 or -inf as "long ago" must still see it as long ago

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("time never goes back")
        self.t += seconds


MONOTONIC = MonotonicClock()  # the default of a part made without an app (tests, command-line tools)
