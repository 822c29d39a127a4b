"""The layers (docs/architecture.md, «The layers»), each rule checked on the source — every import statement, at the
top or inside a function, so a lazy import cannot slip through:

* ``game`` (the engine, bots and services) and ``ui`` never import ``lab`` (measurement, left out of the frozen
  app), and ``game`` never imports ``ui`` or pygame;
* the rules core (the modules directly in ``game/``) imports neither the bots (``game.bots``), nor the services
  (``game.services``), nor the drills (``game.drills``), nor the school's lessons (``game.school``);
* the bots never import the services, the drills or the school; the drills and the school (built on the bots and
  the drills) never import the services;
* the headless commands (``game.services.commands``, and ``main.py`` outside the window) never import ``ui``: at
  module level ``main.py`` imports no ``ui``, and running the commands loads no ``ui`` or pygame module.

Each rule has a self-test below that breaks it on purpose and sees it caught."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _modules(path: Path, package: str = "") -> set[str]:
    """Every module ``path`` imports, dotted in full (``from game import bots`` gives ``game`` and ``game.bots``;
    a relative import is resolved against ``package``, the module's own package)."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
    return found


def _imports(path: Path) -> set[str]:
    """The top-level package of every module ``path`` imports."""
    return {m.split(".")[0] for m in _modules(path) if m}


def _package_of(path: Path, root: Path) -> str:
    return ".".join(path.relative_to(root).parent.parts)


def _breaking(files: list[Path], forbidden: tuple[str, ...], root: Path = ROOT) -> dict[str, list[str]]:
    """For each file, the imported modules that are ``forbidden`` (a package forbids its sub-modules too)."""
    out: dict[str, list[str]] = {}
    for f in files:
        bad = sorted(
            m for m in _modules(f, _package_of(f, root)) if any(m == p or m.startswith(p + ".") for p in forbidden)
        )
        if bad:
            out[str(f.relative_to(root))] = bad
    return out


def _core(root: Path = ROOT) -> list[Path]:
    """The rules core: the modules directly in ``game/`` and the deal's package ``game/deal/``."""
    return sorted([*(root / "game").glob("*.py"), *(root / "game" / "deal").glob("*.py")])


def _package(name: str, root: Path = ROOT) -> list[Path]:
    return sorted((root / Path(*name.split("."))).rglob("*.py"))


# ------------------------------------------------------------------------------------------ the rules


@pytest.mark.parametrize(("package", "forbidden"), [("game", {"lab", "ui", "pygame", "pygame_gui"}), ("ui", {"lab"})])
def test_no_upward_imports(package: str, forbidden: set[str]) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert len(files) > 10
    bad = {str(f.relative_to(ROOT)): sorted(_imports(f) & forbidden) for f in files}
    assert {f: b for f, b in bad.items() if b} == {}


ABOVE_CORE = ("game.bots", "game.services", "game.drills", "game.school")


def test_the_rules_core_imports_no_bots_services_or_drills() -> None:
    files = _core()
    assert {"core.py", "rules.py", "scoring.py", "match.py", "record.py", "cards.py"} <= {f.name for f in files}
    assert _breaking(files, ABOVE_CORE) == {}


def test_the_bots_import_no_services_or_drills() -> None:
    files = _package("game.bots")
    assert len(files) > 10
    assert _breaking(files, ("game.services", "game.drills", "game.school")) == {}


def test_the_drills_import_no_services() -> None:
    files = _package("game.drills")
    assert len(files) > 5
    assert _breaking(files, ("game.services",)) == {}


def test_the_school_imports_no_services() -> None:
    files = _package("game.school")
    assert len(files) >= 4
    assert _breaking(files, ("game.services",)) == {}


def test_the_commands_import_no_ui() -> None:
    """The command module (statically) and ``main.py`` at module level: ``ui`` only inside ``main()``, for the
    window and ``replay``."""
    assert _breaking([ROOT / "game" / "services" / "commands.py"], ("ui", "pygame", "pygame_gui")) == {}
    assert _top_level_ui(ROOT / "main.py") == set()


def _top_level_ui(path: Path) -> set[str]:
    """``ui``/pygame modules imported at module level (outside every function) of ``path``."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    found: set[str] = set()
    todo: list[ast.AST] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        todo.extend(ast.iter_child_nodes(node))
    return {m for m in found if m.split(".")[0] in ("ui", "pygame", "pygame_gui")}


_RUN_COMMANDS = """
import contextlib, io, json, sys
import main
codes = []
for argv in json.loads(sys.argv[1]):
    with contextlib.redirect_stdout(io.StringIO()):
        codes.append(main.main(argv))
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("ui", "pygame", "pygame_gui", "lab"))
print(json.dumps({"codes": codes, "loaded": loaded}))
"""


def test_running_the_commands_loads_no_ui(tmp_path: Path) -> None:
    """The headless commands as they run: none loads ``ui`` or pygame (``stats`` used to, for the data folder)."""
    sample = str(ROOT / "saves" / "moscow-bait.json")
    runs = [
        ["rules"],
        ["score", sample, "--json"],
        ["export", sample, "--lang", "en"],
        ["stats", "--data-dir", str(tmp_path), "--json"],
    ]
    out = subprocess.run(
        [sys.executable, "-c", _RUN_COMMANDS, json.dumps(runs)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert json.loads(out.stdout.splitlines()[-1]) == {"codes": [0, 0, 0, 0], "loaded": []}


# ------------------------------------------------------------------------------------------ the checks themselves


def test_the_walk_sees_lazy_imports(tmp_path: Path) -> None:
    """The check itself: an import inside a function counts."""
    f = tmp_path / "m.py"
    f.write_text("def f():\n    from lab.selfplay import x\n    import ui.app\n", "utf-8")
    assert _imports(f) == {"lab", "ui"}


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return tmp_path


def test_each_layer_rule_catches_a_breach(tmp_path: Path) -> None:
    """A core module reaching the bots lazily, a bot importing a service by ``from game import``-style and by a
    relative import, a drill importing a service: each is caught; the allowed directions are not."""
    root = _tree(
        tmp_path,
        {
            "game/deal.py": "def f():\n    from game.bots.hard import HardBot\n",
            "game/rules.py": "from game import services\n",
            "game/cards.py": "import game.drills.model\n",
            "game/scoring.py": "from game.rules import Rules\n",
            "game/bots/hard.py": "from game.services import worker\nfrom game.deal import Deal\n",
            "game/bots/medium.py": "def f():\n    from ..services.hint import hint\n",
            "game/bots/solver.py": "from . import parallel\n",
            "game/drills/claim.py": "from game.bots.medium import MediumBot\n"
            "from game.services.analysis import cache\n",
            "game/services/worker.py": "from game.bots.hard import HardBot\n",
            "game/match.py": "def f():\n    from game.school import LESSONS\n",
            "game/school/check.py": "from game.drills.model import Msg\nfrom game.services import hint\n",
        },
    )
    core = _breaking(_core(root), ABOVE_CORE, root)
    assert core == {
        "game/cards.py": ["game.drills.model"],
        "game/deal.py": ["game.bots.hard", "game.bots.hard.HardBot"],
        "game/match.py": ["game.school", "game.school.LESSONS"],
        "game/rules.py": ["game.services"],
    }
    bots = _breaking(_package("game.bots", root), ("game.services", "game.drills", "game.school"), root)
    assert bots == {
        "game/bots/hard.py": ["game.services", "game.services.worker"],
        "game/bots/medium.py": ["game.services.hint", "game.services.hint.hint"],
    }
    drills = _breaking(_package("game.drills", root), ("game.services",), root)
    assert drills == {"game/drills/claim.py": ["game.services.analysis", "game.services.analysis.cache"]}
    school = _breaking(_package("game.school", root), ("game.services",), root)
    assert school == {"game/school/check.py": ["game.services", "game.services.hint"]}


def test_the_command_rule_catches_a_window_import_at_the_top(tmp_path: Path) -> None:
    """``main.py`` importing ``ui`` at module level (or under an ``if``) is caught; inside a function it is not."""
    root = _tree(
        tmp_path,
        {
            "main.py": "import sys\nfrom ui.paths import Paths\nif sys.argv:\n    import pygame\n"
            "def main():\n    from ui.app import run_gui\n",
            "game/services/commands.py": "def run():\n    from ui.paths import Paths\n",
        },
    )
    assert _top_level_ui(root / "main.py") == {"ui.paths", "pygame"}
    assert _breaking([root / "game/services/commands.py"], ("ui",), root) == {
        "game/services/commands.py": ["ui.paths", "ui.paths.Paths"]
    }
