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
