"""The replay viewer's seat label for the player's partner (three players, the player's own game): where «Партнёр
справа» does not fit with the tally, it is «Партнёр», not «Справа» beside the status line's «Партнёр справа: 8♦»."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_driver import Driver

import ui.fonts
import ui.scenes.replay.drawing
from ui.scenes.replay.drawing import label_tries

SAVES = Path(__file__).resolve().parent.parent / "saves"


def test_the_partners_label_keeps_the_word_partner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = json.loads((SAVES / "three" / "moscow-three-players.json").read_text("utf-8"))
    record["players"] = ["Игрок", "Бот", "Бот"]  # the player's own game: seats named by where they sit
    record["meta"] = {**record.get("meta", {}), "human_seat": 0, "ui": "deberts-gui"}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record, ensure_ascii=False), "utf-8")
    d = Driver(tmp_path, size=(1024, 640), seed=3)
    d.open_browser().open_path(str(path))
    d.frames(3)
    for _ in range(14):  # into the play: the left seat bids, the right one is the player's partner
        d.key(pygame.K_RIGHT)
    viewer = d.viewer
    assert viewer.names.seat_label(2) == "Партнёр справа"
    assert [tries[0] for tries in label_tries(viewer.deal, viewer.names, 2)] == ["Партнёр справа"] + ["Партнёр"] * 3
    drawn: list[str] = []
    real = ui.fonts.font

    class Noting:
        def __init__(self, size: int, bold: bool = False) -> None:
            self.f = real(size, bold=bold)

        def size(self, text: str) -> tuple[int, int]:
            return self.f.size(text)

        def render(self, text: str, *args: Any) -> pygame.Surface:
            drawn.append(text)
            return self.f.render(text, *args)

    monkeypatch.setattr(ui.scenes.replay.drawing, "font", Noting)
    viewer.draw(d.app.screen)
    assert any(text.startswith("Партнёр · взяток") for text in drawn), drawn
    assert not any(text.startswith("Справа") for text in drawn)
