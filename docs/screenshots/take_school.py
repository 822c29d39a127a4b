"""Take the School's screenshots (school_*.png) headless: the UI tests' Driver plays through real events.

    python docs/screenshots/take_school.py

Both sizes (1024×640, 1920×1080) and both languages: the menu, the path with one lesson passed, a wrong answer,
a refused card, a lesson's end with its stars, a bidding task answered wrong, a card played instead of the swap,
the last trick lesson's end over the deal's summary; for each lesson after it the first task and a wrong answer,
the hanging bait's summary and a claimed game's end (ru, 1024×640); the three-player lesson (a card that does
not beat the card led); the first real deal mid-deal with the coach's remarks, and its end.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import pygame  # noqa: E402
from test_school_first import Driver  # noqa: E402

from game.school import LESSONS  # noqa: E402
from ui import i18n  # noqa: E402
from ui.scenes.school import LessonScene  # noqa: E402
from ui.scenes.school_first import FirstDealScene  # noqa: E402
from ui.scenes.table import Mode  # noqa: E402

OUT = Path(__file__).resolve().parent
SHOTS = {  # the name's part → (languages, sizes) kept in the repository
    "menu": (("ru",), ((1024, 640),)),
    "path": (("ru", "en"), ((1024, 640), (1920, 1080))),
    "wrong": (("ru", "en"), ((1024, 640), (1920, 1080))),
    "illegal": (("ru",), ((1024, 640),)),
    "done": (("ru", "en"), ((1024, 640), (1920, 1080))),
    "bidding": (("en",), ((1024, 640),)),
    "swap": (("ru",), ((1920, 1080),)),
    "last": (("ru", "en"), ((1024, 640), (1920, 1080))),
    # the lessons after the last trick: the first task, one wrong answer; the hanging bait's summary; a claim's end
    **{
        f"{key}{part}": (("ru",), ((1024, 640),))
        for key in ("belle", "counting", "dialog", "game_end", "etiquette")
        for part in ("", "_wrong")
    },
    "hanging": (("ru",), ((1024, 640),)),
    "claim": (("ru",), ((1024, 640),)),
    "three": (("ru",), ((1024, 640), (1920, 1080))),
    "first_mid": (("ru",), ((1024, 640), (1920, 1080))),
    "first_end": (("ru",), ((1024, 640), (1920, 1080))),
}
WRONG = {"belle": "play:AS", "counting": "play:AS", "dialog": "pishet", "game_end": "play:KC", "etiquette": "rost"}


def first_deal(d: Driver, shot: Callable[[str], None]) -> None:
    """The first real deal: a card refused and a few tricks played (the coach's remarks), then to its end."""
    d.app.switch(FirstDealScene(d.app))
    d.frames(3)
    refused = False
    for _ in range(400):
        t = d.first
        if t.mode is not Mode.PLAY:
            if t.mode is Mode.SUMMARY:  # a redeal
                d.click(next(iter(t.end_panel.button_rects().values())).center)
                continue
            break
        if not d.my_turn():
            continue
        card = d.illegal_card()
        if card is not None and not refused:
            d.drag_card_to_table(card)
            refused = True
            d.frames(40)
            shot("first_mid")
            continue
        d.play_turn()
    d.frames(60)
    shot("first_end")


def main() -> None:
    for lang in ("ru", "en"):
        for size in ((1024, 640), (1920, 1080)):
            data = Path(tempfile.mkdtemp())
            (data / "settings.json").write_text(json.dumps({"language": lang}), "utf-8")  # the letters follow it
            d = Driver(data, size=size)

            def shot(part: str, d: Driver = d, lang: str = lang, size: tuple[int, int] = size) -> None:
                langs, sizes = SHOTS[part]
                if lang in langs and size in sizes:
                    d.frames(3)
                    pygame.image.save(d.app.screen, str(OUT / f"school_{part}_{lang}_{size[0]}x{size[1]}.png"))

            d.app.to_menu()
            d.frames(2)
            shot("menu")
            path = d.open_school()
            path.store.record("cards", 2)
            shot("path")
            d.start("follow")
            d.answer("play:7D")
            shot("wrong")
            d.answer("play:TH")
            shot("illegal")
            d.answer("play:AD")
            d.next()
            d.answer("play:7C")
            d.next()
            d.answer("play:7C")
            shot("done")
            d.app.switch(LessonScene(d.app, LESSONS["bidding"], 2))
            d.frames(3)
            d.answer("name:S")
            shot("bidding")
            d.app.switch(LessonScene(d.app, LESSONS["swap"], 1))
            d.frames(3)
            d.answer("play:AD")
            shot("swap")
            d.app.switch(LessonScene(d.app, LESSONS["last_trick"], 1))
            d.frames(3)
            d.answer("play:7H")  # the last card: the deal's summary comes up with the lesson's buttons under it
            d.frames(60)
            shot("last")
            for key, wrong in WRONG.items():
                d.app.switch(LessonScene(d.app, LESSONS[key]))
                d.frames(3)
                shot(key)
                d.answer(wrong)
                shot(f"{key}_wrong")
            d.app.switch(LessonScene(d.app, LESSONS["counting"], 2))
            d.frames(3)
            d.answer("play:7D")  # 58 : 58 — the hanging bait in the deal's summary
            d.frames(60)
            shot("hanging")
            d.app.switch(LessonScene(d.app, LESSONS["game_end"]))
            d.frames(3)
            d.answer("claim")  # 470 + 31: the game won — its end, with the lesson's buttons
            d.frames(60)
            d.key(pygame.K_LSHIFT)  # a key ends the celebration (its count-up and confetti) at once
            d.frames(10)
            shot("claim")
            d.app.switch(LessonScene(d.app, LESSONS["three"], 1))
            d.frames(3)
            d.answer("play:8H")  # does not beat the bidder's queen: refused, and the lesson's words
            shot("three")
            if lang == "ru":
                first_deal(d, shot)
    i18n.set_language("ru")


if __name__ == "__main__":
    main()
