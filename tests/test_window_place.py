"""Where the window opens (issue 22: a 1280×800 window on a 1280×800 desktop was cut by the title bar and the
panel) and that it remembers its size, place and maximised state."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
from pathlib import Path

import pygame

from ui.app import MIN_SIZE, App, AppOptions
from ui.settings import load_settings
from ui.window_place import FRAME, place_window


def test_the_window_fits_the_desktop_less_a_title_bar_and_a_panel() -> None:
    placed = place_window((1280, 800), (1280, 800), MIN_SIZE)
    assert placed.size == (1280, 800 - FRAME[1])
    assert placed.position is not None and placed.position[1] + placed.size[1] <= 800
    big = place_window((1280, 800), (1920, 1080), MIN_SIZE)
    assert big.size == (1280, 800) and big.position == ((1920 - 1280) // 2, (1080 - 90 - 800) // 2 + 30)
    assert place_window((1280, 800), (800, 600), MIN_SIZE).size == MIN_SIZE  # never below the smallest layout


def test_a_saved_place_is_kept_only_where_the_window_is_whole() -> None:
    assert place_window((1100, 700), (1920, 1080), MIN_SIZE, (300, 200)).position == (300, 200)
    moved = place_window((1100, 700), (1280, 800), MIN_SIZE, (900, 500))  # another, smaller desktop now
    assert moved.position != (900, 500) and moved.position is not None
    assert moved.position[0] + moved.size[0] <= 1280


def test_the_app_remembers_the_window(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(
        json.dumps({"window_w": 1200, "window_h": 760, "window_x": 10, "window_y": 5, "window_placed": True}), "utf-8"
    )
    app = App(AppOptions(data_dir=str(tmp_path), testing=True))
    app.place_window()  # the dummy desktop is 1024×768: the remembered 1200×760 is made to fit
    assert app.windowed_size == (1024, 768 - FRAME[1]) and app.windowed_position is not None
    app.window_event(pygame.event.Event(pygame.WINDOWMOVED, x=40, y=30))
    app.window_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1100, y=700))
    app.window_event(pygame.event.Event(pygame.WINDOWMAXIMIZED))
    app.window_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1920, y=1050))  # the maximised size: not kept
    app.close()  # as run() ends (without ending pygame for the next test)
    s = load_settings(tmp_path / "settings.json")
    assert (s.window_x, s.window_y, s.window_w, s.window_h, s.maximised) == (40, 30, 1100, 700, True)


def test_an_asked_place_wins(tmp_path: Path, monkeypatch: object) -> None:
    """``SDL_VIDEO_WINDOW_POS=0,0`` (the screenshot scripts click in screen coordinates): the window opens there
    at the size asked for, not centred and not shrunk for a title bar; anything else asks nothing."""
    import pytest

    from ui.window_place import requested_position

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    assert [requested_position(v) for v in ("0,0", "12,-3", "centered", "", None, "1,2,3")] == [
        (0, 0),
        (12, -3),
        None,
        None,
        None,
        None,
    ]
    assert place_window((1280, 800), (1280, 800), MIN_SIZE, (50, 50), (0, 0)) == ((1280, 800), (0, 0))
    assert place_window((1600, 900), (1280, 800), MIN_SIZE, None, (0, 0)) == ((1280, 800), (0, 0))  # the desktop
    monkeypatch.setenv("SDL_VIDEO_WINDOW_POS", "0,0")
    app = App(AppOptions(data_dir=str(tmp_path), testing=True, size=(1024, 700)))
    app.place_window()  # the dummy desktop is 1024×768: 1024×700 fits it, though not with the title bar's room
    assert app.windowed_size == (1024, 700) and app.windowed_position == (0, 0)
    app.close()
