"""The layers: ``game`` (the engine and bots) and ``ui`` never import ``lab`` (measurement, left out of the
frozen app), and ``game`` never imports ``ui`` or pygame. Checked on the source, every import statement
(top-level or inside a function), so a lazy import cannot slip through either."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _imports(path: Path) -> set[str]:
    """The top-level package of every module ``path`` imports."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value.split(".")[0])
    return found


@pytest.mark.parametrize(("package", "forbidden"), [("game", {"lab", "ui", "pygame", "pygame_gui"}), ("ui", {"lab"})])
def test_no_upward_imports(package: str, forbidden: set[str]) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert len(files) > 10
    bad = {str(f.relative_to(ROOT)): sorted(_imports(f) & forbidden) for f in files}
    assert {f: b for f, b in bad.items() if b} == {}


def test_the_walk_sees_lazy_imports(tmp_path: Path) -> None:
    """The check itself: an import inside a function counts."""
    f = tmp_path / "m.py"
    f.write_text("def f():\n    from lab.selfplay import x\n    import ui.app\n", "utf-8")
    assert _imports(f) == {"lab", "ui"}
