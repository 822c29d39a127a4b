"""What a new player met walking through every screen (issue 12's review): each test holds one fix.

Real pygame events through the app's loop (SDL dummy drivers); no assertion on durations.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path

from ui_driver import Driver as BaseDriver

from ui.controller import GameController, GameOptions
from ui.scenes.table import TableScene


class Driver(BaseDriver):
    def __init__(self, data_dir: Path, size: tuple[int, int] = (1280, 800)) -> None:
        super().__init__(data_dir, size=size)

    def start(self, seed: int = 5, etiquette: str = "guided", preset: str = "moscow") -> TableScene:
        """A game where the human (seat 0) speaks first."""
        opts = GameOptions(seed=seed, first_dealer="bot", etiquette=etiquette, bot_level="medium", preset=preset)
        ctl = GameController.new_game(self.app.paths, opts, **self.app.controller_kwargs())  # type: ignore[arg-type]
        scene = TableScene(self.app, ctl)
        self.app.switch(scene)
        self.frames(3)
        return scene


def test_a_dialog_that_comes_without_input_is_drawn(tmp_path: Path) -> None:
    """The bidding dialog waits for the deal's cards to land, and then comes with no input at all: the idle
    loop must draw it (seen under X: the dialog stayed unseen until the mouse moved)."""
    d = Driver(tmp_path)
    t = d.start()
    assert t.panel.visible
    t.settling = lambda now: True  # type: ignore[method-assign]  # as while the deal's cards still fly
    d.move((8, 8))  # an input frame draws the table without the dialog
    d.frames(3)
    assert not t.panel.visible
    del t.settling  # the cards have landed: the dialog comes on an idle frame, with no input
    drawn = d.count_draws()
    d.frames()
    assert t.panel.visible and drawn, "the dialog came but no frame drew it"
    assert d.app.screen.get_at(t.panel.rect.center)[:3] != d.app.screen.get_at((8, 8))[:3]
