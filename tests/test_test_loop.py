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
