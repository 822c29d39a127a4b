"""How fast the «Статистика» screen opens with many saved games (docs/benchmarks.md): synthetic finished games in a
temporary data folder, then the figures and the screen timed cold (no cache: every record read and replayed) and
warm (the cache fresh), beside a reference loop that says how fast this machine is.

    python -m lab.stats_bench [--games 500] [--analysed 0] [--json]

``make_games`` is also what the screenshots (docs/screenshots/take_stats.py) play their games with: bots play
both seats (a medium bot in the human's seat against a level by turns; the games labelled "hard" are played by medium,
which is 100 times faster), so the records are real games.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.atomic import write_atomic  # noqa: E402
from game.bots.factory import make_bot  # noqa: E402
from game.cards import shuffled_deck  # noqa: E402
from game.match import Match  # noqa: E402
from game.record import dumps, record_of  # noqa: E402
from game.rules import Rules  # noqa: E402

PRESETS = ("moscow", "moscow", "moscow", "club", "book", "yellowclub", "one_strike")
PRESETS_THREE = ("moscow", "moscow", "kharkov")  # presets that play three-handed (docs/rules.md)
LEVELS = ("easy", "medium", "medium", "hard", "random")


def make_games(
    data_dir: Path,
    n: int,
    seed: int = 1,
    human: str = "medium",
    analysed: int = 0,
    start: str = "2026-09-01",
    players: int = 2,
) -> list[Path]:
    """``n`` finished games in ``data_dir/games`` (one a day from ``start``, the human in seat ``i % players``);
    the last ``analysed`` of them get an exact analysis cached beside them (slow: seconds a game). ``players`` 3:
    three-player games, the two bots of one level."""
    games = data_dir / "games"
    games.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    day0 = time.mktime(time.strptime(start, "%Y-%m-%d"))
    paths = []
    for i in range(n):
        presets = PRESETS if players == 2 else PRESETS_THREE
        preset = presets[rng.randrange(len(presets))]
        level = LEVELS[rng.randrange(len(LEVELS))]
        you = i % players
        rules = Rules.preset(preset) if players == 2 else Rules.preset(preset, players=3)
        match = Match(rules, rng.randrange(players))
        bot = "medium" if level == "hard" else level  # the hard bot thinks for seconds: its games are played by medium
        bots = {you: make_bot(human, players, rng.randrange(1 << 30))}  # the human's seat first: the same games as ever
        for s in range(players):
            if s != you:
                bots[s] = make_bot(bot, players, rng.randrange(1 << 30))
        while match.over is None and len(match.deals) < 200:
            deal = match.start_deal(shuffled_deck(rng))
            while not deal.is_over():
                seat = deal.current_player()
                assert seat is not None
                match.apply(bots[seat].choose(deal.view(seat)))
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(day0 + i * 86400 + rng.randrange(36000)))
        names = ["Игрок" if s == you else "Бот" for s in range(players)]
        meta = {"bot_level": level, "ui": "deberts-gui", "human_seat": you, "created": stamp, "updated": stamp}
        record = record_of(match, names, meta)
        path = games / f"{stamp.replace(':', '').replace('-', '')}.json"
        write_atomic(path, dumps(record))
        paths.append(path)
    if analysed:
        from game.services.analysis.cache import analyse_file

        for path in paths[-analysed:]:
            analyse_file(path, sampled=False)
    return paths


def reference_loop() -> float:
    """A fixed piece of pure Python (10⁷ additions): how fast this machine and interpreter are right now."""
    t = time.perf_counter()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.perf_counter() - t


def open_screen(data_dir: Path) -> tuple[float, float]:
    """Seconds from the menu's click to the screen's first frame, and to the first frame that shows the figures
    (the App made beforehand)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ui.app import App, AppOptions
    from ui.scenes.stats import StatsScene

    app = App(AppOptions(data_dir=str(data_dir), testing=True, size=(1280, 800)))
    app.step()
    t = time.perf_counter()
    scene = StatsScene(app)
    app.switch(scene)
    app.step()
    first = time.perf_counter() - t
    while not scene.ready():
        app.step()
        time.sleep(0.001)
    app.step()  # the frame with the figures
    elapsed = time.perf_counter() - t
    import pygame

    pygame.quit()
    return first, elapsed


def bench(n: int, analysed: int = 0) -> dict[str, float | int]:
    from game.services.stats.cache import CACHE_NAME
    from game.services.stats.figures import compute

    data = Path(tempfile.mkdtemp(prefix="deberts-stats-bench-"))
    try:
        t = time.perf_counter()
        make_games(data, n, analysed=analysed)
        made = time.perf_counter() - t
        t = time.perf_counter()
        stats = compute(data, use_cache=False)
        cold = time.perf_counter() - t
        assert stats.total.games == n
        compute(data)  # writes the cache
        t = time.perf_counter()
        compute(data)
        warm = time.perf_counter() - t
        (data / CACHE_NAME).unlink()
        first_cold, screen_cold = open_screen(data)
        first_warm, screen_warm = open_screen(data)
        return {
            "games": n,
            "analysed": analysed,
            "make_s": round(made, 2),
            "compute_cold_s": round(cold, 3),
            "compute_warm_s": round(warm, 3),
            "screen_first_frame_cold_s": round(first_cold, 3),
            "screen_cold_s": round(screen_cold, 3),
            "screen_first_frame_warm_s": round(first_warm, 3),
            "screen_warm_s": round(screen_warm, 3),
            "reference_loop_s": round(reference_loop(), 3),
            "cache_bytes": (data / CACHE_NAME).stat().st_size,
        }
    finally:
        shutil.rmtree(data, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--analysed", type=int, default=0, help="games given an exact analysis (slow)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = bench(args.games, args.analysed)
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:18} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
