"""Drives the app like a user in headless UI tests: real pygame events through the real loop.

Import this after setting ``SDL_VIDEODRIVER=dummy`` and ``SDL_AUDIODRIVER=dummy`` (each UI test module does
so before importing pygame). ``pygame.mouse.set_pos`` accompanies every mouse event: pygame_gui polls it.
"""

from __future__ import annotations

import pickle
import time
from pathlib import Path
from typing import Any, ClassVar

import pygame
from pygame_gui.elements import UIDropDownMenu
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

from game.actions import Action
from game.cards import Card
from game.deal import DealView
from game.services.worker import Ticket, Worker
from ui.app import App, AppOptions
from ui.clock import ManualClock
from ui.controller import GameController, GameOptions
from ui.scenes.menu import MenuScene
from ui.scenes.replay import ReplayBrowserScene, ReplayScene
from ui.scenes.table import TableScene
from ui.thinker import InlineThinker


class SessionThinker(InlineThinker):
    """The UI tests' thinker: this process (``ui.thinker.InlineThinker``), with each hint computed once per test
    session — ``hint(view, seed)`` is a function of its arguments (game.services.hint), and several tests ask the
    same one (seed 5's first lead at two window sizes). Bots and analyses are answered afresh each time."""

    hints: ClassVar[dict[bytes, Ticket[Any]]] = {}

    def hint(self, view: DealView, seed: int) -> Ticket[Any]:
        key = pickle.dumps((view, seed))
        known = self.hints.get(key)
        if known is not None and known.done() and known._error is None:
            return Ticket.answered(known.result)
        ticket = super().hint(view, seed)
        self.hints[key] = ticket
        return ticket


def texts_drawn(monkeypatch: Any, module: Any) -> list[str]:
    """Every text ``module`` draws from now on (its own name for ``ui.fonts.draw_text`` patched), in order."""
    import ui.fonts

    drawn: list[str] = []
    real = ui.fonts.draw_text

    def noting(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kw)

    monkeypatch.setattr(module, "draw_text", noting)
    return drawn


def finish_deal(t: TableScene) -> None:
    """The rest of the deal through the controller (the human takes the first legal action, the bots answer at
    once), then shown to the scene: the quick way to a summary."""
    ctl = t.ctl
    ctl.inline_bots = True
    while ctl.match.current is not None:
        seat = ctl.to_act()
        assert seat is not None
        if seat in ctl.human_seats:
            ctl.submit(ctl.match.current.legal_actions()[0])
        else:
            ctl.poll(False)
    t.model = ctl.model()  # the steps went round the scene


def option_pairs(menu: UIDropDownMenu) -> list[tuple[str, str]]:
    """A drop-down's options as (text, value) (pygame_gui keeps a plain string option as it is)."""
    return [o if isinstance(o, tuple) else (o, o) for o in menu.options_list]


def open_items(menu: UIDropDownMenu) -> list[Any]:
    """The rows of an expanded drop-down (pygame_gui's item dicts: text, object id, button element)."""
    state = menu.current_state
    assert isinstance(state, UIExpandedDropDownState) and state.options_selection_list is not None
    return list(state.options_selection_list.item_list)


def choose(d: Driver, dropdown: object, label: str) -> None:
    """Open a pygame_gui drop-down by a click and click the option that reads ``label``."""
    assert isinstance(dropdown, UIDropDownMenu)
    d.click(dropdown.get_abs_rect().center)
    d.frames(2)
    button = next(i["button_element"] for i in open_items(dropdown) if i["text"] == label)
    d.click(button.get_abs_rect().center)
    d.frames(2)


class Driver:
    """Mouse and keys as pygame events, one frame per step; test modules subclass it with scene helpers."""

    settle_frames = 2  # frames to run after a click is released

    def __init__(self, data_dir: Path, thinker: Worker | None = None, **options: object) -> None:
        """``thinker``: who answers the hint and the analyses (``ui.thinker``): by default this process, at the
        next frame; ``game.services.worker.shared()`` for the tests of the real worker process (marked ``process``)."""
        options = {"data_dir": str(data_dir), "testing": True, **options}
        self.app = App(AppOptions(**options), thinker=thinker or SessionThinker())  # type: ignore[arg-type]
        self.frames(2)

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step()

    def tick(self, n: int = 1, dt: float = 0.05) -> None:
        """``n`` frames ``dt`` apart: on a ``ManualClock`` the clock moves ``dt`` before each (the same time
        passes on any machine); on the real clock, plain frames."""
        clock = self.app.time
        for _ in range(n):
            if isinstance(clock, ManualClock):
                clock.advance(dt)
            self.app.step()

    # ------------------------------------------------------------------ the scenes every UI test meets

    @property
    def table(self) -> TableScene:
        assert isinstance(self.app.scene, TableScene), type(self.app.scene)
        return self.app.scene

    @property
    def menu(self) -> MenuScene:
        assert isinstance(self.app.scene, MenuScene), type(self.app.scene)
        return self.app.scene

    @property
    def browser(self) -> ReplayBrowserScene:
        assert isinstance(self.app.scene, ReplayBrowserScene), type(self.app.scene)
        return self.app.scene

    @property
    def viewer(self) -> ReplayScene:
        assert isinstance(self.app.scene, ReplayScene), type(self.app.scene)
        return self.app.scene

    def open_browser(self) -> ReplayBrowserScene:
        """«Повторы» from the menu."""
        self.click(self.menu.button_rect("replays").center)
        return self.browser

    def start_table(self, options: GameOptions, frames: int = 2) -> TableScene:
        """A new game at the table with ``options``, as «Новая игра» starts one (without the menu's clicks)."""
        ctl = GameController.new_game(self.app.paths, options, **self.app.controller_kwargs())
        scene = TableScene(self.app, ctl)
        self.app.switch(scene)
        self.frames(frames)
        return scene

    def click_action(self, pred: Any) -> Action:
        """Click the dialog button whose action satisfies ``pred``."""
        self.frames()
        rects = self.table.decisions.panel.button_rects()
        for payload, rect in rects.items():
            if isinstance(payload, Action) and pred(payload):
                self.click(rect.center)
                return payload
        raise AssertionError(f"no such button among {list(rects)}")

    def drag_card_to_table(self, card: Card) -> None:
        """Drag ``card`` from the hand onto the middle of the table (it is played when let go there)."""
        t = self.table
        rect = t.hand.lifted_rect(card)
        start = (rect.x + rect.w // 4, rect.y + rect.h // 3)
        end = (t.geo.drop_zone.centerx - rect.w // 4, t.geo.drop_zone.centery - rect.h // 6)
        self.drag(start, end)

    def post(self, type_: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(type_, **attrs))

    def move(self, pos: tuple[float, float], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.mouse.set_pos(pos)
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)
        self.frames()

    def click(self, pos: tuple[float, float]) -> None:
        """A left click at ``pos`` (a rect's centre may be fractional: pygame truncates it the same way)."""
        pos = (int(pos[0]), int(pos[1]))
        self.move(pos)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.frames()
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(self.settle_frames)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        self.move(start)
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.frames()
        for i in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            self.move(p, (1, 0, 0))
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.frames(2)

    def key(self, key: int, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.frames()

    def rest_on(self, element: Any) -> Any:
        """The pointer comes to ``element`` (a pygame_gui button) and rests there: its tooltip, or None."""
        from ui.dialogs import TIP_DELAY

        r = element.get_abs_rect()
        self.move((int(r.centerx), int(r.centery)))
        self.frames(1)
        element.hover_time = TIP_DELAY + 0.01  # rested as long as the delay asks
        self.frames(3)
        return element.tool_tip

    def count_draws(self) -> list[float]:
        """Wrap the current scene's ``draw``: the list returned gets the time of every frame that draws it."""
        scene = self.app.scene
        assert scene is not None
        drawn: list[float] = []
        draw = scene.draw

        def counting_draw(surface: pygame.Surface) -> None:
            drawn.append(time.monotonic())
            draw(surface)

        scene.draw = counting_draw  # type: ignore[method-assign]
        return drawn

    def idle_draws(self, drawn: list[float], frames: int = 20, rest: tuple[int, int] = (8, 8)) -> list[float]:
        """The pointer to ``rest`` (where nothing is under it), a few frames to settle, then the draws among
        ``frames`` idle frames."""
        self.move(rest)
        self.tick(3)
        drawn.clear()
        self.tick(frames)
        return list(drawn)
