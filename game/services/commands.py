"""The command-line tools in one place: ``score``, ``rules``, ``analyse``, ``export`` and ``stats`` parsed and
dispatched here, each command's body imported only when it runs (so ``rules`` never loads the bots).

``main.py`` hands over to ``run``; it keeps only what cannot live in ``game/``: the window and ``replay`` (they
open one: ``ui``) and the lab's ``selfplay`` / ``bench`` (``lab/``, left out of the frozen app). No command here
imports ``ui`` (tests/test_layers.py): the ``stats`` command finds the data folder by ``game.data_folder``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable

from game.arguments import folder_path, user_path

SUBCOMMANDS = ("score", "rules", "analyse", "export", "stats")


def parser() -> argparse.ArgumentParser:
    """Every headless command's arguments (``selfplay`` and ``bench`` listed for ``--help`` only)."""
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
    analyse.add_argument("--no-cache", action="store_true", help="ignore the cached analysis and do not write one")
    analyse.add_argument("--lang", choices=("ru", "en"), default="ru")
    export = sub.add_parser("export", help="each deal as PBN-like text with its deal code (two or three players)")
    export.add_argument("files", nargs="+", metavar="FILE")
    export.add_argument("--deal", type=int, metavar="N", help="only deal N (from 1)")
    export.add_argument("--lang", choices=("ru", "en"), default="ru")
    # selfplay and bench are the lab's (lab/commands.py parses their arguments): listed here for --help only
    sub.add_parser("bench", help="engine throughput: random legal deals per second (from a checkout)")
    sub.add_parser("selfplay", help="duplicate match between two bot levels (docs/bots.md; from a checkout)")
    stats = sub.add_parser("stats", help="the player's statistics, rating and skill from the saved games")
    stats.add_argument(
        "--data-dir", metavar="DIR", type=folder_path, help="the game's data folder (default: the per-user one)"
    )
    stats.add_argument("--json", action="store_true", help="one JSON object")
    stats.add_argument(
        "--csv",
        metavar="FILE",
        type=user_path,
        help="write one row per game to FILE (an earlier export, or a new file)",
    )
    stats.add_argument("--force", action="store_true", help="with --csv: replace FILE even if it is not an export")
    stats.add_argument("--lang", choices=("ru", "en"), default="ru")
    return parser


def tolerant_streams() -> None:
    """A terminal that cannot show a character (a name, a file name) gets an escape, never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def written(run: Callable[[], int]) -> int:
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


def run(args_list: list[str]) -> int:
    """One of the headless tools (``SUBCOMMANDS``)."""
    args = parser().parse_args(args_list)
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
        from game.data_folder import data_folder
        from game.services.stats.report import stats_command

        data_dir = data_folder(args.data_dir)
        if args.data_dir:  # the games' analyses are looked up where the window keeps them for that folder
            keep_caches_in(data_dir)
        else:  # the per-user folder is checked as --data-dir is (a file on its way read as «no games yet»)
            try:
                folder_path(str(data_dir))
            except argparse.ArgumentTypeError as exc:
                print(f"error: the data folder {exc}", file=sys.stderr)
                return 2
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
