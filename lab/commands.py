"""The command line of the lab: ``python main.py selfplay`` and ``python main.py bench`` (from a checkout; the
frozen app leaves ``lab`` out). One parser per command, shared by the measuring levels (``lab.hard_measure``).
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from game.arguments import bounded_int as whole
from game.rules import PRESETS

COMMANDS = ("selfplay", "bench")


# Every argument checked at the door, as the game's own commands are (issue 23: an unknown preset, --deals 0,
# --seconds inf, a missing or directory --corpus each ended in a traceback or a hang): argparse's one-line
# message and exit 2.


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text[:30]!r}") from None
    if not (math.isfinite(value) and 0 < value <= 3600):
        raise argparse.ArgumentTypeError(f"{text[:30]} is not a time from 0 to 3600 seconds")
    return value


def readable_file(text: str) -> str:
    if not Path(text).is_file():
        raise argparse.ArgumentTypeError(f"{text[:200]!r} is not a file")
    return text


def new_file(text: str) -> str:
    path = Path(text)
    if path.is_dir() or not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"{text[:200]!r} cannot be written as a file")
    return text


PRESET_NAMES = tuple(PRESETS)
COUNT = whole(1, 1_000_000)
SEED = whole(0, 10**18 - 1)


def selfplay_parser(prog: str = "main.py selfplay") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description="duplicate match between bot levels (docs/bots.md)")
    parser.add_argument("--bots", help="two levels A,B: random, easy, medium, hard, oracle")
    count = parser.add_mutually_exclusive_group()
    count.add_argument("--games", type=COUNT, help="N deck sequences, each a game to the target played twice")
    count.add_argument("--deals", type=COUNT, help="N decks, each a single deal played twice (default 100)")
    parser.add_argument("--seed", type=SEED, default=1)
    parser.add_argument("--rules", default="moscow", choices=PRESET_NAMES, help="preset (default moscow)")
    parser.add_argument(
        "--corpus", type=readable_file, help="deck orders from this file (e.g. lab/data/corpus-v1.json)"
    )
    parser.add_argument("--start", type=whole(0, 1_000_000), default=0, help="first pair index (to split a run)")
    parser.add_argument("--jobs", type=whole(1, 64), default=1, help="processes (results do not depend on it)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--make-corpus", type=new_file, metavar="FILE", help="write --deals deck orders from --seed and exit"
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3),
        default=2,
        help="3: three bot levels A,B,C rotated through the seats of each deck (--deals) or game (--games)",
    )
    return parser


def bench_parser(prog: str = "main.py bench") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description="engine throughput: random legal deals per second")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seconds", type=seconds, default=3.0, help="how long to measure (default 3)")
    parser.add_argument("--rules", default="moscow", choices=PRESET_NAMES, help="preset (default moscow)")
    parser.add_argument("--seed", type=SEED, default=1)
    parser.add_argument("--solver", action="store_true", help="exact solver speed on random full deals instead")
    parser.add_argument("--deals", type=COUNT, default=200, help="deals for --solver (default 200)")
    return parser


def selfplay_main(argv: list[str] | None = None, prog: str = "main.py selfplay") -> int:
    parser = selfplay_parser(prog)
    args = parser.parse_args(argv)
    if args.make_corpus and args.games is not None:  # it wrote 1000 decks, saying nothing of --games
        parser.error("--make-corpus writes --deals N decks; --games does not apply")
    if args.players == 3:
        ignored = [
            name
            for name, given in (
                ("--make-corpus", args.make_corpus),
                ("--corpus", args.corpus),
                ("--start", args.start),
                ("--jobs", args.jobs != 1),
            )
            if given
        ]
        if ignored:  # they were dropped without a word (a match played instead of a corpus written)
            parser.error(f"--players 3 does not take {', '.join(ignored)}")
        if args.games is not None:
            from lab.selfplay3_games import selfplay_three_games_command

            return selfplay_three_games_command(
                args.bots, args.games, seed=args.seed, rules=args.rules, as_json=args.json
            )
        from lab.selfplay3 import selfplay_three_command

        return selfplay_three_command(args.bots, args.deals, seed=args.seed, rules=args.rules, as_json=args.json)
    from lab.selfplay import selfplay_command

    return selfplay_command(
        args.bots,
        games=args.games,
        deals=args.deals,
        seed=args.seed,
        rules=args.rules,
        corpus=args.corpus,
        start=args.start,
        jobs=args.jobs,
        as_json=args.json,
        make_corpus_path=args.make_corpus,
    )


def bench_main(argv: list[str] | None = None, prog: str = "main.py bench") -> int:
    args = bench_parser(prog).parse_args(argv)
    if args.solver:
        from lab.solver_bench import bench_solver_command

        return bench_solver_command(deals=args.deals, seed=args.seed, as_json=args.json)
    from lab.bench import bench_command

    return bench_command(seconds=args.seconds, preset=args.rules, seed=args.seed, as_json=args.json)


def run(command: str, argv: list[str]) -> int:
    """``command`` (one of ``COMMANDS``) with its arguments."""
    return selfplay_main(argv) if command == "selfplay" else bench_main(argv)
