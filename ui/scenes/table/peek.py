"""A look at the last trick: L held shows it while held, L tapped keeps it until the next key or click, and the
sheet's «Последняя взятка» shows it while the mouse button is down.

Its own small state machine, apart from the table's input, so that the rule «a tap stays, a hold does not» is
in one place.
"""

from __future__ import annotations

import math

TAP_S = 0.35  # L let go sooner than this was a tap: the last trick stays


class LastTrickPeek:
    def __init__(self) -> None:
        self.shown = False
        self.tapped = False  # L was tapped (not held): the last trick stays until the next click or key
        self.pressed_at = -math.inf

    def key_down(self, now: float) -> None:
        """L pressed: shown; L again closes a tapped look."""
        if self.shown and self.tapped:
            self.shown = self.tapped = False
            self.pressed_at = -math.inf
            return
        self.shown, self.tapped = True, False
        self.pressed_at = now

    def key_up(self, now: float) -> None:
        """L let go: held, it goes; tapped, it stays (a tap was only a flash)."""
        self.tapped = now - self.pressed_at < TAP_S
        self.shown = self.tapped

    def other_key(self) -> bool:
        """Another key closes a tapped look, and does nothing else (True: the key was that)."""
        if self.shown and self.tapped:
            self.shown = False
            return True
        return False

    def button_down(self) -> None:
        """The sheet's «Последняя взятка» pressed: shown while the button is down."""
        self.shown = True

    def click_up(self) -> None:
        """Any click let go closes it: the button's look, or a tapped L's."""
        self.shown = False
