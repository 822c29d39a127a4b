"""Characters at the three-player table (issue 25): headless, ``python docs/screenshots/take_opponents3.py``.

For ru and en at 1024×640 and 1920×1080: ``opponents3_menu_<lang>_<size>.png``, the new-game screen for three
with a character chosen for each opponent (their lines under the fields), ``opponents3_list_<lang>_<size>.png``
with the right opponent's list opened by a click, and ``opponents3_table_<lang>_<size>.png``, the table naming
them, the contract made by a bot, so the other one is the player's partner, and
``opponents3_summary_<lang>_<size>.png``, that deal's summary naming them («Играл ⚡ Жора Лихой слева»).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.actions import Kind  # noqa: E402
from game.deal import Phase  # noqa: E402
from ui.app import App, AppOptions  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402
from ui.scenes.table import Mode, TableScene  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from take_opponents import click  # noqa: E402  (the same real click as the two-player screen's)

OUT = Path(__file__).resolve().parent
SHOWN = {"ru": ("bold", "simple"), "en": ("careful", "bold")}


def table_shot(app: App, name: str, summary: str) -> None:
    """Start the game set up, the player passing, until a bot's contract is made and two cards lie on the table;
    then play that deal out (the player's lowest legal card) for its summary (``summary``)."""
    menu = app.scene
    assert isinstance(menu, MenuScene)
    click(app, menu.button_rect("new").center)
    scene = app.scene
    assert isinstance(scene, TableScene)
    ctl = scene.ctl
    for _ in range(20000):
        app.step()
        if scene.busy(scene.now()):
            continue
        view = scene.model.view
        if view.bidder not in (None, scene.seat) and view.phase is Phase.PLAY and len(view.trick) == 2:
            break
        if scene.mode is Mode.SUMMARY:
            scene.next_deal()
        elif ctl.human_to_act():
            legal = view.legal
            pick = next((a for a in legal if a.kind is Kind.PASS), None)
            pick = pick or next((a for a in legal if a.kind is Kind.PLAY and not a.value), None) or legal[0]
            scene.act(pick)
    for _ in range(40):
        app.step()
    pygame.image.save(app.screen, str(OUT / name))
    for _ in range(20000):
        app.step()
        if scene.mode is Mode.SUMMARY:
            break
        if not scene.busy(scene.now()) and ctl.human_to_act():
            legal = scene.model.view.legal
            scene.act(next((a for a in legal if a.kind is Kind.PLAY and not a.value), legal[0]))
    for _ in range(10):
        app.step()
    pygame.image.save(app.screen, str(OUT / summary))
    ctl.close()


def main() -> None:
    for lang in ("ru", "en"):
        for size in ((1024, 640), (1920, 1080)):
            data = Path(tempfile.mkdtemp())
            left, right = SHOWN[lang]
            settings = {"language": lang, "players": 3, "bot_level_left": left, "bot_level_right": right}
            (data / "settings.json").write_text(json.dumps(settings), "utf-8")
            app = App(AppOptions(data_dir=str(data), size=size, testing=True, seed=7))  # type: ignore[arg-type]
            for _ in range(3):
                app.step()
            menu = app.scene
            assert isinstance(menu, MenuScene)
            tag = f"{lang}_{size[0]}x{size[1]}"
            pygame.image.save(app.screen, str(OUT / f"opponents3_menu_{tag}.png"))
            click(app, menu.fields["bot_right"].get_abs_rect().center)
            pygame.image.save(app.screen, str(OUT / f"opponents3_list_{tag}.png"))
            click(app, menu.fields["bot_right"].get_abs_rect().center)  # closed again
            table_shot(app, f"opponents3_table_{tag}.png", f"opponents3_summary_{tag}.png")
            pygame.quit()


if __name__ == "__main__":
    main()
