"""Take the «почему?» screenshots (why_*.png, issue 26) headless: the UI tests' Driver, real events.

    python docs/screenshots/take_why.py

For ru and en at 1024×640 and 1920×1080 (a known deck, seed 5: the human bids, shows a терц and is baited):
``why_summary_<lang>_<size>.png``, the deal's summary with its links, the pointer resting on the bait's
(underlined, its tooltip up); ``why_rules_<lang>_<size>.png``, the rules opened from it over the table, at the
worked example (a bait) highlighted. Then ``why_three_ru_1024x640.png`` (a three-player summary, seed 1: a bait
with its odd point, the line chosen with ↑) and ``why_three_rules_ru_1024x640.png`` (R opened it).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import pygame  # noqa: E402
from test_why import to_summary  # noqa: E402
from ui_driver import Driver  # noqa: E402

from game.scoring import Why  # noqa: E402

OUT = Path(__file__).resolve().parent


def driver(lang: str, size: tuple[int, int], seed: int) -> Driver:
    data = Path(tempfile.mkdtemp())
    (data / "settings.json").write_text(json.dumps({"language": lang}), "utf-8")
    return Driver(data, size=size, seed=seed, animation_speed=0.0)


def main() -> None:
    for lang in ("ru", "en"):
        for size in ((1024, 640), (1920, 1080)):
            d = driver(lang, size, 5)
            t = to_summary(d)
            bait = next(link for link in t.why.links if link.why is Why.BAIT)
            d.move(bait.rect.center)
            t.rest_since -= 2  # rested: the tooltip comes
            d.frames(2)
            name = f"{lang}_{size[0]}x{size[1]}"
            pygame.image.save(d.app.screen, str(OUT / f"why_summary_{name}.png"))
            d.click(bait.rect.center)
            d.frames(2)
            pygame.image.save(d.app.screen, str(OUT / f"why_rules_{name}.png"))
            pygame.quit()
    d = driver("ru", (1024, 640), 1)
    from ui.controller import GameOptions
    from ui.scenes.table import Mode

    t = d.start_table(GameOptions(seed=1, first_dealer="bot", players=3))
    ctl = t.ctl
    ctl.inline_bots = True
    while ctl.match.current is not None:
        seat = ctl.to_act()
        if seat is not None and seat in ctl.human_seats:
            ctl.submit(ctl.match.current.legal_actions()[0])
        else:
            ctl.poll(False)
    t.model = ctl.model()
    while t.mode is not Mode.SUMMARY:
        d.frames()
    d.frames(2)
    d.move((5, 5))
    d.key(pygame.K_UP)  # the first ↑ chooses the last line: the odd point
    pygame.image.save(d.app.screen, str(OUT / "why_three_ru_1024x640.png"))
    d.key(pygame.K_r)
    d.frames(2)
    pygame.image.save(d.app.screen, str(OUT / "why_three_rules_ru_1024x640.png"))
    pygame.quit()


if __name__ == "__main__":
    main()
