"""Variants of hard for three players, for measurement only (registered as levels, never offered in the game).

    python main.py selfplay --players 3 ...  does not know them; use
    python -m lab.hard3_variants --bots hard_from6,hard,hard --deals 100 --seed 1

The variants set the three-player settings ``hard3`` reads from the bot (``exact_from3``: solve samples with
at most this many cards in hand; ``samples3``: samples per decision).
"""

from __future__ import annotations

import argparse
import json

from game.bots.base import Player, PlayerFactory, levels, register_level
from game.bots.hard import HardBot


def _hard(**settings: object) -> PlayerFactory:
    def make(seed: int) -> Player:
        bot = HardBot(seed)
        for k, v in settings.items():
            setattr(bot, k, v)
        return bot

    return make


VARIANTS: dict[str, dict[str, object]] = {
    "hard_from5": {"exact_from3": 5, "samples3": 24},
    "hard_from6": {"exact_from3": 6},
    "hard_from7": {"exact_from3": 7},
    "hard_from8": {"exact_from3": 8},
    "hard_from9": {"exact_from3": 9},
}
levels()  # the built-in levels first (registering before would hide them)
for _name, _settings in VARIANTS.items():
    register_level(_name, _hard(**_settings))


def main() -> None:
    from lab.selfplay3 import format_three, play_three

    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bots", required=True)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="moscow")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    a, b, c = (x.strip() for x in args.bots.split(","))
    summary = play_three((a, b, c), args.deals, args.seed, args.rules)
    print(json.dumps(summary, ensure_ascii=False) if args.json else format_three(summary))


if __name__ == "__main__":
    main()
