"""Деберц: command line. No arguments opens the game window; subcommands are the headless tools.

python main.py                      the game (menu)
python main.py --autoplay [--deals N] [--players 3]   bots play every seat through the real UI loop
python main.py score FILE... [--json]   replay records and print each deal's breakdown
python main.py rules                    the presets and every option with its source
python main.py analyse FILE... [--json] every card's exact value, mistakes and lost points (game/analysis.py)
python main.py export FILE... [--deal N] each deal as PBN-like text with its deal code (game/export.py)
python main.py replay FILE              open a record in the replay viewer
python main.py bench [--json]           engine throughput (random legal deals per second)
python main.py stats [--data-dir DIR] [--json] [--csv FILE]   the player's statistics and rating
python main.py selfplay --bots A,B [--games N | --deals N] [--json]   duplicate bot match (docs/bots.md)
python main.py selfplay --players 3 --bots A,B,C --deals N [--json]   three bots, each deck rotated
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable

SUBCOMMANDS = ("score", "rules", "analyse", "export", "stats")
LAB_COMMANDS = ("selfplay", "bench")  # measurement: lab/ (a checkout only; the frozen app leaves it out)


def _headless_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="main.py", description="Деберц — headless tools")
    sub = parser.add_subparsers(dest="command", required=True)
    score = sub.add_parser("score", help="replay records and print each deal's breakdown and the totals")
    score.add_argument("files", nargs="+", metavar="FILE")
    score.add_argument("--json", action="store_true", help="one JSON object per file")
    score.add_argument("--lang", choices=("ru", "en"), default="ru")
    sub.add_parser("rules", help="list the presets and every option with its value and source")
    analyse = sub.add_parser("analyse", help="exact value of every card played, mistakes and lost points")
    analyse.add_argument("files", nargs="+", metavar="FILE")
    analyse.add_argument("--json", action="store_true", help="one JSON object per file")
    analyse.add_argument("--no-cache", action="store_true", help="ignore and do not write FILE.analysis.json")
    analyse.add_argument("--lang", choices=("ru", "en"), default="ru")
    export = sub.add_parser("export", help="each deal as PBN-like text with its deal code (two or three players)")
    export.add_argument("files", nargs="+", metavar="FILE")
    export.add_argument("--deal", type=int, metavar="N", help="only deal N (from 1)")
    export.add_argument("--lang", choices=("ru", "en"), default="ru")
    # selfplay and bench are the lab's (lab/commands.py parses their arguments): listed here for --help only
    sub.add_parser("bench", help="engine throughput: random legal deals per second (from a checkout)")
    sub.add_parser("selfplay", help="duplicate match between two bot levels (docs/bots.md; from a checkout)")
    stats = sub.add_parser("stats", help="the player's statistics, rating and skill from the saved games")
    stats.add_argument("--data-dir", metavar="DIR", help="the game's data folder (default: the per-user one)")
    stats.add_argument("--json", action="store_true", help="one JSON object")
    stats.add_argument(
        "--csv", metavar="FILE", help="write one row per game to FILE (an earlier export, or a new file)"
    )
    stats.add_argument("--force", action="store_true", help="with --csv: replace FILE even if it is not an export")
    stats.add_argument("--lang", choices=("ru", "en"), default="ru")
    return parser


def _tolerant_streams() -> None:
    """A terminal that cannot show a character (a name, a file name) gets an escape, never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


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


def _written(run: Callable[[], int]) -> int:
    """A tool's output as command-line tools behave: a reader that went away (``| head -c 1``) ends it quietly;
    a write that fails (``> /dev/full``, a full disk) is one line on stderr and exit 2 — never a traceback."""
    try:
        code = run()
        sys.stdout.flush()  # the last lines fail here, not at exit where nobody could catch it
        return code
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python's own flush at exit must not fail again
        return 141  # as a command killed by SIGPIPE
    except OSError as exc:
        if exc.filename is not None:
            raise  # a file the tool was asked to read or write: its own message is the tool's to give
        with contextlib.suppress(OSError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        print(f"cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return 2


def main(argv: list[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    _tolerant_streams()
    if args_list[:1] and args_list[0] in (*SUBCOMMANDS, *LAB_COMMANDS):
        import logging

        logging.basicConfig(level=logging.WARNING, format="%(message)s")  # the tools' notes stay on stderr
    if args_list[:1] == ["replay"]:
        from ui.app import run_gui

        return run_gui(["--replay", *args_list[1:]])
    if args_list[:1] and args_list[0] in LAB_COMMANDS:
        return _written(lambda: _lab_command(args_list[0], args_list[1:]))
    if args_list and args_list[0] in SUBCOMMANDS:
        return _written(lambda: _tool(args_list))
    from ui.app import run_gui

    return run_gui(args_list)


def _tool(args_list: list[str]) -> int:
    """One of the headless tools (``SUBCOMMANDS``)."""
    args = _headless_parser().parse_args(args_list)
    if args.command == "score":
        from game.report import score_command

        return score_command(args.files, as_json=args.json, lang=args.lang)
    if args.command == "analyse":
        from game.services.analysis.report import analyse_command

        return analyse_command(args.files, as_json=args.json, use_cache=not args.no_cache, lang=args.lang)
    if args.command == "export":
        from game.export import export_command

        return export_command(args.files, deal=args.deal, lang=args.lang)
    if args.command == "stats":
        from game.cache_folder import keep_caches_in
        from game.services.stats.report import stats_command
        from ui.paths import Paths  # platformdirs only, no pygame

        data_dir = Paths.resolve(args.data_dir).data_dir
        if args.data_dir:  # the games' analyses are looked up where the window keeps them for that folder
            keep_caches_in(data_dir)
        return stats_command(
            data_dir,
            as_json=args.json,
            csv_path=args.csv,
            lang=args.lang,
            force=args.force,
        )
    if args.command == "rules":
        from game.report import rules_command

        return rules_command()
    raise AssertionError(args.command)


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # the hard bot's worker process in the frozen app (game/bots/parallel.py)
    sys.exit(main())
