"""The code stays ruff-clean, game/, ui/ and lab/ stay mypy-strict-clean, and game/ stays free of pygame."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *cmd], cwd=ROOT, capture_output=True, text=True)


def test_ruff_clean() -> None:
    paths = [p for p in ("game", "ui", "lab", "tests", "saves", "main.py") if (ROOT / p).exists()]
    proc = _run("ruff", "check", *paths)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_clean_on_game_ui_and_lab() -> None:
    """Strict on all three (pyproject's [tool.mypy]; ``--strict`` here keeps it so even if the config changes). The
    config's one allowance is for ui/: calling pygame_gui's unannotated methods (``untyped_calls_exclude``)."""
    proc = _run("mypy", "--strict", "game", "ui", "lab")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_engine_never_imports_pygame() -> None:
    offenders = [
        str(p.relative_to(ROOT))
        for p in (ROOT / "game").rglob("*.py")
        if re.search(r"^\s*(import|from)\s+pygame", p.read_text("utf-8"), re.M)
    ]
    assert offenders == []


def test_every_json_written_refuses_nan() -> None:
    """Issue 23: NaN and Infinity are not JSON; what the game writes (records, caches, settings, --json output)
    says so at once instead of writing them: every ``json.dump``/``json.dumps`` in game/ and ui/ passes
    ``allow_nan=False``."""
    import ast

    root = Path(__file__).resolve().parent.parent
    missing = []
    for path in [*root.joinpath("game").rglob("*.py"), *root.joinpath("ui").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            func = node.func
            if func.attr not in ("dump", "dumps") or not (isinstance(func.value, ast.Name) and func.value.id == "json"):
                continue
            nan = next((k for k in node.keywords if k.arg == "allow_nan"), None)
            if nan is None or not (isinstance(nan.value, ast.Constant) and nan.value.value is False):
                missing.append(f"{path.relative_to(root)}:{node.lineno}")
    assert missing == []
