"""The test loop itself: the slow list names real tests, and the default run leaves exactly those out."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import SLOW_LIST, slow_names

ROOT = Path(__file__).resolve().parent.parent


def test_slow_list_names_real_tests() -> None:
    """Every ``file::function`` in tests/slow_tests.txt is a test function there (a renamed test would otherwise
    quietly join the fast loop)."""
    names = slow_names()
    assert len(names) > 50
    defined: dict[str, set[str]] = {}
    for name in names:
        path, _, function = name.partition("::")
        assert (ROOT / path).is_file(), name
        if function == "*":
            continue
        if path not in defined:
            tree = ast.parse((ROOT / path).read_text("utf-8"))
            defined[path] = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        assert function in defined[path], f"{SLOW_LIST.name}: {name} is not a test any more"


def test_the_default_run_leaves_out_the_slow(request: pytest.FixtureRequest) -> None:
    """pyproject's addopts: ``pytest`` deselects ``slow``; the README and CI pass ``-m ""`` to run everything."""
    assert "not slow" in request.config.getini("addopts")
    readme = (ROOT / "README.md").read_text("utf-8")
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert '-m ""' in readme.split("```")[1] and '-m ""' in ci


def test_ci_runs_the_readmes_test_command() -> None:
    """The README's second set-up command ends in the test command, and .ci/run runs that same command: every
    test, on every core (pytest-xdist, ``-n auto``), with coverage."""
    readme = (ROOT / "README.md").read_text("utf-8").split("```")[1]
    setup = [line for line in readme.splitlines() if "requirements-dev.txt" in line]
    assert len(setup) == 1
    command = setup[0].split("&& ")[-1].strip()
    assert command.startswith(".venv/bin/python -m pytest") and "-n auto" in command and "--cov" in command
    ci = (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
    assert command in [line.strip() for line in ci]
    assert "pytest-xdist" in (ROOT / "requirements-dev.txt").read_text("utf-8")


def test_process_tests_are_slow() -> None:
    """A test marked ``process`` (it starts the real worker process) is left out of the default run too."""
    from conftest import pytest_collection_modifyitems

    class Item:
        def __init__(self) -> None:
            self.nodeid = "tests/test_x.py::test_y"
            self.marks: list[str] = []

        def get_closest_marker(self, name: str) -> object:
            return name if name in ("process", *self.marks) else None

        def add_marker(self, mark: pytest.MarkDecorator) -> None:
            self.marks.append(mark.name)

    item = Item()
    pytest_collection_modifyitems(None, [item])  # type: ignore[arg-type, list-item]
    assert item.marks == ["slow"]


def test_hypothesis_runs_the_deterministic_profile_by_default() -> None:
    """Every Hypothesis test draws the same examples each run (``ci``), unless ``HYPOTHESIS_PROFILE=soak``."""
    import os

    from conftest import PROFILE, examples
    from hypothesis import settings

    if "HYPOTHESIS_PROFILE" not in os.environ:
        assert PROFILE == "ci" and settings().derandomize and settings().database is None
        assert examples(25) == 25
    else:
        assert examples(25) >= 25


def test_the_longest_modules_start_first_and_each_stays_together() -> None:
    """The collection order: modules by the seconds their slow tests take (the comments in slow_tests.txt),
    longest first; a module's items stay together and in order; modules without slow tests keep their order."""
    from conftest import longest_modules_first

    class Item:
        def __init__(self, nodeid: str) -> None:
            self.nodeid = nodeid

    ids = ["a.py::x", "a.py::y", "b.py::x", "c.py::x[1]", "c.py::x[2]", "d.py::z", "e.py::q"]
    seconds = {"c.py::x": 20.0, "b.py::*": 5.0, "a.py::y": 1.0, "a.py::x": 1.5}
    items = [Item(i) for i in ids]
    ordered = longest_modules_first(items, seconds)  # type: ignore[arg-type]
    assert [i.nodeid for i in ordered] == [
        "c.py::x[1]",
        "c.py::x[2]",
        "b.py::x",
        "a.py::x",
        "a.py::y",
        "d.py::z",
        "e.py::q",
    ]
    assert all(line.count("#") <= 1 for line in SLOW_LIST.read_text("utf-8").splitlines() if not line.startswith("#"))
