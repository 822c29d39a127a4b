"""Screenshots of the table with each face set (letters × suit colours), the same deal mid-play.

    python docs/screenshots/take_faces.py [OUT_DIR]

Keeps faces_latin.png (A K Q J, two colours) and faces_four_colour.png (Т К Д В, ♦ blue, ♣ green) in
docs/screenshots/; with OUT_DIR, every combination goes there as faces_<letters>_<colours>.png to look at.
Headless (SDL's dummy driver): the picture is the window's own surface.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.actions import Kind  # noqa: E402
from game.deal import Phase  # noqa: E402
from ui import i18n  # noqa: E402
from ui.app import App, AppOptions  # noqa: E402
from ui.controller import GameController, GameOptions  # noqa: E402
from ui.scenes.table import TableScene  # noqa: E402

OUT = Path(__file__).resolve().parent
KEPT = {("latin", "two"): "faces_latin", ("ru", "four"): "faces_four_colour"}
SETS = {  # (letters, colours) -> (Settings.index_letters, .four_colour, .deck)
    ("ru", "two"): ("ru", False, "atlasnye"),
    ("latin", "two"): ("latin", False, "atlasnye"),
    ("ru", "four"): ("ru", True, "atlasnye"),
    ("latin", "four"): ("latin", True, "atlasnye"),
    ("ru", "skat"): ("ru", True, "skat"),
    ("latin", "skat"): ("latin", True, "skat"),
}


def table_mid_play(app: App) -> TableScene:
    """A new game (seed 8) played by the first legal card up to the fourth trick."""
    ctl = GameController.new_game(
        app.paths, GameOptions(seed=8, first_dealer="human", bot_level="medium"), **app.controller_kwargs()
    )
    scene = TableScene(app, ctl)
    app.switch(scene)
    for _ in range(3000):
        app.step()
        if not ctl.human_to_act():
            continue
        view = scene.model.view
        plays = [a for a in view.legal if a.kind is Kind.PLAY]
        words = [a for a in view.legal if a.kind is not Kind.PLAY]
        if view.phase is Phase.PLAY and len(view.tricks) >= 3 and plays:
            break
        if view.phase is Phase.BIDDING_1:
            scene.act(next(a for a in view.legal if a.kind is Kind.ORDER))
        elif plays:
            scene.act(plays[0])
        else:
            pick = [a for a in words if a.kind in (Kind.PISHET, Kind.NO_CLAIM, Kind.TELL_TOP, Kind.ANSWER_PASSES)]
            scene.act((pick or words)[0])
    for _ in range(5):
        app.step()
    return scene


def main() -> None:
    extra = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    for (letters, colours), (index_letters, four_colour, deck) in SETS.items():
        app = App(AppOptions(data_dir=tempfile.mkdtemp(), size=(1280, 800), testing=True))
        s = app.settings
        s.index_letters, s.four_colour, s.deck = index_letters, four_colour, deck
        i18n.set_index_letters(index_letters)
        app.images.follow(s)
        table_mid_play(app)
        names = []
        if (letters, colours) in KEPT:
            names.append(OUT / f"{KEPT[letters, colours]}.png")
        if extra is not None:
            names.append(extra / f"faces_{letters}_{colours}.png")
        for name in names:
            pygame.image.save(app.screen, str(name))
            print("saved", name)
        pygame.quit()


if __name__ == "__main__":
    main()
