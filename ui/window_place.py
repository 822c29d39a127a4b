"""Where the window opens: the size and place the player left it at, inside the desktop they have now.

A 1280×800 window on a 1280×800 desktop had its bottom (the status line, «Меню», «Об игре») under the taskbar
and its top under nothing at all (the title bar pushed it down). SDL 2's usable bounds are not reachable from
pygame-ce, so the window keeps a margin for a title bar and a panel (``FRAME``) and opens centred when no saved
place fits. The last size, place and maximised state are kept in the settings (``ui.settings``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

FRAME = (0, 90)  # room kept on the desktop for a title bar and a taskbar (width, height)


class Placement(NamedTuple):
    size: tuple[int, int]
    position: tuple[int, int] | None  # None: where the window manager puts it


def place_window(
    wanted: tuple[int, int],
    desktop: tuple[int, int] | None,
    minimum: tuple[int, int],
    saved_position: tuple[int, int] | None = None,
    asked: tuple[int, int] | None = None,
) -> Placement:
    """The window's size (``wanted`` made to fit the desktop less ``FRAME``, never under ``minimum``) and place:
    the saved one if the whole window is on the desktop there, else centred. ``asked`` (``requested_position``):
    whoever started the game placed it — there, fitted to the desktop itself."""
    if desktop is None:
        return Placement((max(minimum[0], wanted[0]), max(minimum[1], wanted[1])), asked or saved_position)
    frame = (0, 0) if asked is not None else FRAME
    room = (desktop[0] - frame[0], desktop[1] - frame[1])
    w = max(minimum[0], min(wanted[0], room[0]))
    h = max(minimum[1], min(wanted[1], room[1]))
    if asked is not None:
        return Placement((w, h), asked)
    if saved_position is not None:
        x, y = saved_position
        if x >= 0 and y >= 0 and x + w <= desktop[0] and y + h <= desktop[1]:
            return Placement((w, h), (x, y))
    return Placement((w, h), (max(0, (desktop[0] - w) // 2), max(0, (desktop[1] - FRAME[1] - h) // 2 + 30)))


def requested_position(setting: str | None) -> tuple[int, int] | None:
    """``SDL_VIDEO_WINDOW_POS=x,y`` asks for a place (the screenshot scripts, a user's own setup): the window
    then opens there at the size asked for, fitted only to the desktop itself; anything else asks nothing."""
    if not setting:
        return None
    parts = setting.split(",")
    if len(parts) != 2 or not all(re.fullmatch(r"-?[0-9]+", p.strip()) for p in parts):  # not «²» (isdigit says yes)
        return None
    return int(parts[0]), int(parts[1])
