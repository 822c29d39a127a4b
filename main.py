"""Деберц: command line. No arguments opens the game window; subcommands are the headless tools.

python main.py [--data-dir DIR]     the game (menu)
python main.py --autoplay [--deals N] [--players 3] [--level L] [--seed N]   bots play every seat through the UI loop
python main.py replay FILE [--data-dir DIR]   open a record in the replay viewer
python main.py score FILE... [--json] [--lang en]   replay records and print each deal's breakdown
python main.py rules                    the presets and every option with its source
python main.py analyse FILE... [--json] [--no-cache] [--lang en]   every card's exact value, mistakes and lost points
python main.py export FILE... [--deal N] [--lang en]   each deal as PBN-like text with its deal code
python main.py stats [--data-dir DIR] [--json] [--csv FILE [--force]] [--lang en]   statistics and rating
python main.py bench [--json] [--solver]   engine throughput (lab/)
python main.py selfplay --bots A,B [--games N | --deals N] [--json]   duplicate bot match (lab/, docs/bots.md)
python main.py selfplay --players 3 --bots A,B,C --deals N [--json]   three bots, each deck rotated

The headless tools are parsed and run by game/services/commands.py (no ui); the window and replay by ui/;
selfplay and bench by lab/ (a checkout only).
"""

from __future__ import annotations

import os
import sys

from game.services import commands

LAB_COMMANDS = ("selfplay", "bench")  # measurement: lab/ (a checkout only; the frozen app leaves it out)


def _lab_command(command: str, argv: list[str]) -> int:
    try:
        from lab.commands import run
    except ModuleNotFoundError as e:  # the frozen app: lab/ is not in it
        if e.name not in ("lab", "lab.commands"):
            raise
        print(
            f"{command}: a measuring tool of the source checkout (lab/), not part of the packaged game", file=sys.stderr
        )
        return 2
    return run(command, argv)


def main(argv: list[str] | None = None) -> int:
    """Who answers: the window (no command, or ``replay``: ``ui``), the lab, or the headless tools
    (``game.services.commands``, which never import ``ui``)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    commands.tolerant_streams()
    if args_list[:1] and args_list[0] in (*commands.SUBCOMMANDS, *LAB_COMMANDS):
        import logging

        logging.basicConfig(level=logging.WARNING, format="%(message)s")  # the tools' notes stay on stderr
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner above --help or a tool's output
    if args_list[:1] == ["replay"]:
        from ui.app import replay_parser, run_gui

        return run_gui(replay_parser().parse_args(args_list[1:]))
    if args_list[:1] and args_list[0] in LAB_COMMANDS:
        return commands.written(lambda: _lab_command(args_list[0], args_list[1:]))
    if args_list and args_list[0] in commands.SUBCOMMANDS:
        return commands.written(lambda: commands.run(args_list))
    from ui.app import run_gui

    return run_gui(args_list)


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # the worker and its helper process in the frozen app (game/services/worker.py)
    sys.exit(main())
