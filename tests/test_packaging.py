"""What the frozen app is built from (pyinstaller.spec): the game without a console window, a console twin for the
command-line tools, lab/ left out, and the icon made from the card art."""

from __future__ import annotations

import os
import re
import struct
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from ui.paths import ICON

ROOT = Path(__file__).resolve().parent.parent
SPEC = (ROOT / "pyinstaller.spec").read_text("utf-8")


def _exe(name: str) -> str:
    match = re.search(r"EXE\((?:(?!EXE\().)*?name=\"" + re.escape(name) + r"\".*?\n\)", SPEC, re.S)
    assert match is not None, name
    return match.group(0)


def test_the_game_has_no_console_and_the_tools_have_one() -> None:
    assert "console=False" in _exe("deberts")
    assert "console=True" in _exe("deberts-cli")
    assert re.search(r"COLLECT\(exe, cli,", SPEC)


def test_the_lab_is_left_out() -> None:
    excludes = re.search(r"excludes=\[([^\]]*)\]", SPEC)
    assert excludes is not None and '"lab"' in excludes.group(1)


def test_the_icon_is_a_square_png_and_a_windows_ico() -> None:
    image = pygame.image.load(str(ICON))
    assert image.get_size() == (256, 256)
    data = (ROOT / "assets" / "icon" / "deberts.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1) and count >= 4
    sizes = set()
    for i in range(count):
        side, _, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert data[offset : offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(data)
        sizes.add(side or 256)
    assert {16, 32, 48, 256} <= sizes


def _module_file(name: str) -> Path | None:
    base = ROOT / Path(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _reachable(start: Path) -> set[str]:
    """The project's modules that PyInstaller's analysis finds from ``start``: every import statement, those
    inside functions too (as PyInstaller reads them), and each module's parent packages."""
    import ast

    seen: set[str] = set()
    todo = [start]
    while todo:
        tree = ast.parse(todo.pop().read_text("utf-8"))
        names: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
                names.update(f"{node.module}.{a.name}" for a in node.names)
        for name in names:
            parts = name.split(".")
            for i in range(1, len(parts) + 1):
                module = ".".join(parts[:i])
                path = _module_file(module)
                if path is not None and module not in seen:
                    seen.add(module)
                    todo.append(path)
    return seen


def test_the_spawned_processes_targets_are_in_the_app() -> None:
    """The worker and the hard bot's helper are started with ``spawn``: the child imports the target's module by
    its name, so the frozen app must hold it. Both are reached by import from main.py (no hidden import needed),
    and the names are the ones the spawn pickles."""
    from game.bots import parallel
    from game.services import worker

    reachable = _reachable(ROOT / "main.py")
    assert {worker.serve.__module__, parallel._init_worker.__module__} <= reachable
    assert worker.serve.__module__ == "game.services.worker"
