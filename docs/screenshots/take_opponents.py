"""The new-game screen's opponents (issue 25): headless, ``python docs/screenshots/take_opponents.py``.

For ru and en at 1024×640 and 1920×1080: ``opponents_<lang>_<size>.png`` with the «Соперник» list opened by a click,
and ``opponent_note_<lang>_<size>.png`` with one opponent chosen and its line (emblem, description, rating) under it.
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

from ui.app import App, AppOptions  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402

OUT = Path(__file__).resolve().parent
SHOWN = {("ru", 1024): "bold", ("en", 1024): "careful", ("ru", 1920): "rovnya", ("en", 1920): "simple"}


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.mouse.set_pos(pos)
        attrs = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **attrs))
        app.step()
    for _ in range(3):
        app.step()


def main() -> None:
    for lang in ("ru", "en"):
        for size in ((1024, 640), (1920, 1080)):
            data = Path(tempfile.mkdtemp())
            level = SHOWN[(lang, size[0])]
            (data / "settings.json").write_text(json.dumps({"language": lang, "bot_level": level}), "utf-8")
            app = App(AppOptions(data_dir=str(data), size=size, testing=True))  # type: ignore[arg-type]
            for _ in range(3):
                app.step()
            menu = app.scene
            assert isinstance(menu, MenuScene)
            pygame.image.save(app.screen, str(OUT / f"opponent_note_{lang}_{size[0]}x{size[1]}.png"))
            click(app, menu.fields["bot_level"].get_abs_rect().center)
            pygame.image.save(app.screen, str(OUT / f"opponents_{lang}_{size[0]}x{size[1]}.png"))
            pygame.quit()


if __name__ == "__main__":
    main()
