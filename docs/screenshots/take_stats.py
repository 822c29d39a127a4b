"""Screenshots of «Статистика» (docs/screenshots/stats_<lang>_<w>x<h>.png): games played by bots
(``lab.stats_bench.make_games``), the last of them analysed, the screen in both languages at 1024×640 and 1920×1080;
and the three-player games of the same folder («Трое»: stats3_<lang>_<w>x<h>.png).

    SDL_VIDEODRIVER=dummy python docs/screenshots/take_stats.py [--games 48] [--analysed 14]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.cache_folder import keep_caches_in  # noqa: E402
from lab.stats_bench import make_games  # noqa: E402
from ui import i18n  # noqa: E402
from ui.app import App, AppOptions  # noqa: E402
from ui.scenes.stats import StatsScene  # noqa: E402

OUT = Path(__file__).resolve().parent
SIZES = ((1024, 640), (1920, 1080))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--analysed", type=int, default=14)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="deberts-stats-shots-"))
    keep_caches_in(data)  # the analyses go where the screen's --data-dir looks for them (data/cache)
    make_games(data, args.games, seed=7, human="easy", analysed=args.analysed)
    make_games(data, args.games // 4, seed=8, human="medium", start="2026-10-05", players=3)
    for lang in ("ru", "en"):
        for size in SIZES:
            app = App(AppOptions(data_dir=str(data), testing=True, size=size))
            i18n.set_language(lang)
            scene = StatsScene(app)
            app.switch(scene)
            scene.wait()
            for n, name in ((2, "stats"), (3, "stats3")):
                scene.choose_players(n)  # as «Двое» / «Трое» do
                for _ in range(3):
                    app.step()
                pygame.image.save(app.screen, str(OUT / f"{name}_{lang}_{size[0]}x{size[1]}.png"))
            pygame.quit()
    shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
