"""Replays for three players: the browser lists them (names, result, three totals), the preview, and the viewer
steps through a three-player deal with real keys and clicks, drawing three seats — real events."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
from pathlib import Path

import pygame
from ui_driver import Driver as BaseDriver

from ui.scenes.replay import ReplayBrowserScene, ReplayScene
from ui.scenes.replay.preview import cells, seats

SAVES = Path(__file__).resolve().parent.parent / "saves"
THREE = SAVES / "three" / "moscow-three-players.json"


class Driver(BaseDriver):
    settle_frames = 3

    def __init__(self, data_dir: Path, size: tuple[int, int] = (1280, 800)) -> None:
        super().__init__(data_dir, size=size, seed=3)

    @property
    def browser(self) -> ReplayBrowserScene:
        assert isinstance(self.app.scene, ReplayBrowserScene), type(self.app.scene)
        return self.app.scene

    @property
    def viewer(self) -> ReplayScene:
        assert isinstance(self.app.scene, ReplayScene), type(self.app.scene)
        return self.app.scene

    def open_browser(self) -> ReplayBrowserScene:
        self.click(self.app.scene.button_rect("replays").center)  # type: ignore[union-attr]
        return self.browser

    def select(self, b: ReplayBrowserScene, index: int) -> None:
        b.scroll_into_view(index)
        self.frames()
        rect = b.item_rect(index)
        assert rect is not None
        self.click(rect.center)


def _own_three(tmp_path: Path, seat: int = 1) -> Path:
    """The three-player sample as one of the player's own games: the human in ``seat``, two bots."""
    data = tmp_path / "data"
    obj = json.loads(THREE.read_text("utf-8"))
    obj["players"] = ["Бот", "Бот", "Бот"]
    obj["players"][seat] = "Игрок"
    obj["meta"] = {"human_seat": seat, "bot_level": "hard", "created": "2026-11-30T20:00:00"}
    (data / "games").mkdir(parents=True)
    (data / "games" / "three.json").write_text(json.dumps(obj, ensure_ascii=False), "utf-8")
    return data


def test_the_browser_lists_three_player_games_and_samples(tmp_path: Path) -> None:
    d = Driver(_own_three(tmp_path, seat=1))
    b = d.open_browser()
    own = next(i for i, e in enumerate(b.entries) if e.path.name == "three.json")
    e = b.entries[own]
    assert e.seats == 3 and seats(e) == (1, 2, 0)  # the human first, then the left and the right opponent
    date, rules, opponent, result, score, deals = cells(e)
    assert date == "30.11.26 20:00"
    assert (rules, opponent, deals) == ("Московские до 301", "Боты (сильный)", "6")
    assert (result, score) == ("поражение", "237 : 212 : 308")  # Анна's seat 0 won; the human's total first
    samples = {b.entries[r.entry].path.stem: b.entries[r.entry] for r in b.rows if r.entry is not None}
    sample = samples["moscow-three-players"]
    assert cells(sample)[0] == "Втроём: диалог троих, байт пополам"
    assert cells(sample)[2] == "Анна – Борис – Вера" and cells(sample)[3] == "победа: Анна"
    assert cells(sample)[4] == "308 : 237 : 212" and "kharkov-three-hanging" in samples
    # a click selects it: the preview's score sheet has a pair of columns per seat
    d.select(b, own)
    assert b.selected == own and b.button("open").is_enabled
    # Enter opens the viewer on the record
    d.key(pygame.K_RETURN)
    assert d.viewer.record.rules.players == 3
