"""Rewrite ``tests/slow_tests.txt`` from a run's durations.

    python -m pytest -m "" -q -p no:cacheprovider --durations=0 --durations-min=0.05 > durations.txt
    python tests/slow_tests.py durations.txt            # the list anew
    python tests/slow_tests.py durations.txt --keep     # the same names, their seconds refreshed (a busy
                                                        # machine makes many fast tests look slow)

A function is slow when one of its runs (setup, call and teardown together) took over ``LIMIT`` seconds; the
tests that start a process are listed by hand in ``PROCESS`` (they are slow on a fast machine too). Each line
carries, as a comment, the seconds its runs took together: ``conftest`` starts the modules that take longest
first, so that parallel workers do not end waiting for one long test started last.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

LIMIT = 0.25
PROCESS = (  # start the worker process, the packaged app or a child Python: slow whatever they measure
    "tests/test_worker.py",
    "tests/test_parallel.py",
    "tests/test_packaging.py",
    "tests/test_fullscreen.py",
)
LINE = re.compile(r"^([0-9.]+)s (setup|call|teardown)\s+(\S+)")


def seconds_per_run(durations: str) -> dict[str, float]:
    per_run: dict[str, float] = defaultdict(float)
    for line in durations.splitlines():
        m = LINE.match(line.strip())
        if m:
            per_run[m.group(3)] += float(m.group(1))
    return per_run


def slow_functions(durations: str) -> dict[str, float]:
    """The slow functions (``file::function``) → the seconds all their runs took."""
    per_run = seconds_per_run(durations)
    slow = {node.split("[")[0] for node, seconds in per_run.items() if seconds > LIMIT}
    total: dict[str, float] = defaultdict(float)
    for node, seconds in per_run.items():
        name = node.split("[")[0]
        if name in slow and not name.startswith(PROCESS):
            total[name] += seconds
    return dict(sorted(total.items()))


def totals(durations: str, keys: list[str] | tuple[str, ...], key_of: Callable[[str], str]) -> dict[str, float]:
    """``keys`` → the seconds of the runs whose node id ``key_of`` maps to each."""
    total = dict.fromkeys(keys, 0.0)
    for node, seconds in seconds_per_run(durations).items():
        key = key_of(node)
        if key in total:
            total[key] += seconds
    return total


def process_files(durations: str) -> dict[str, float]:
    """The process-starting files → the seconds their tests took."""
    return totals(durations, PROCESS, lambda node: node.split("::")[0])


def seconds_of(names: list[str], durations: str) -> dict[str, float]:
    """The listed ``file::function`` names → the seconds all their runs took."""
    return totals(durations, names, lambda node: node.split("[")[0])


def listed_functions() -> list[str]:
    lines = Path(__file__).with_name("slow_tests.txt").read_text("utf-8").splitlines()
    names = [line.split("#")[0].strip() for line in lines]
    return sorted(name for name in names if name and not name.endswith("::*"))


def main(argv: list[str]) -> int:
    durations = Path(argv[1]).read_text("utf-8")
    names = seconds_of(listed_functions(), durations) if "--keep" in argv[2:] else slow_functions(durations)
    head = (
        "# written by tests/slow_tests.py from a run's durations (the seconds after each name); the\n"
        "# process-starting files are slow whole\n"
    )
    files = "".join(f"{path}::*  # {seconds:.1f}\n" for path, seconds in process_files(durations).items())
    lines = "".join(f"{name}  # {seconds:.1f}\n" for name, seconds in names.items())
    Path(__file__).with_name("slow_tests.txt").write_text(head + files + lines, "utf-8")
    print(f"{len(names)} slow functions, {len(PROCESS)} process-starting files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
