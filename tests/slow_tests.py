"""Rewrite ``tests/slow_tests.txt`` from a run's durations.

    python -m pytest -m "" -q -p no:cacheprovider --durations=0 --durations-min=0.05 > durations.txt
    python tests/slow_tests.py durations.txt

A function is slow when one of its runs (setup, call and teardown together) took over ``LIMIT`` seconds; the
tests that start a process are listed by hand in ``PROCESS`` (they are slow on a fast machine too).
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

LIMIT = 0.25
PROCESS = (  # start the worker process, the packaged app or a child Python: slow whatever they measure
    "tests/test_worker.py",
    "tests/test_parallel.py",
    "tests/test_packaging.py",
    "tests/test_fullscreen.py",
)
LINE = re.compile(r"^([0-9.]+)s (setup|call|teardown)\s+(\S+)")


def slow_functions(durations: str) -> list[str]:
    per_run: dict[str, float] = defaultdict(float)
    for line in durations.splitlines():
        m = LINE.match(line.strip())
        if m:
            per_run[m.group(3)] += float(m.group(1))
    slow = {node.split("[")[0] for node, seconds in per_run.items() if seconds > LIMIT}
    return sorted(name for name in slow if not name.startswith(PROCESS))


def main(argv: list[str]) -> int:
    durations = Path(argv[1]).read_text("utf-8")
    names = slow_functions(durations)
    head = "# written by tests/slow_tests.py from a run's durations; the process-starting files are slow whole\n"
    files = "".join(f"{path}::*\n" for path in PROCESS)
    Path(__file__).with_name("slow_tests.txt").write_text(head + files + "".join(f"{n}\n" for n in names), "utf-8")
    print(f"{len(names)} slow functions, {len(PROCESS)} process-starting files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
