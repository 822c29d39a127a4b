"""Quitting while the game still owes writes (ui.saving): ask first, and offer to save elsewhere.

``App.quit`` asks ``intercepts``: it tries the owed writes once more; if they still fail it shows a panel
(the reason in words; «Сохранить туда» — the first writable of Documents, home, the temporary folder —
«Выйти без сохранения», «Остаться») and the app goes on running until the player chooses.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from ui import saving
from ui.fonts import font, wrap
from ui.i18n import tr
from ui.saving import SaveQueue, unsaved

if TYPE_CHECKING:
    from ui.app import App


def _fit(line: str, width: int) -> str:
    """A line that cannot wrap (a long path) loses its middle, not its ends: «/home/…/deberts-1.json»."""
    f = font(18, bold=True)
    if f.size(line)[0] <= width:
        return line
    keep = len(line)
    while keep > 8 and f.size(line[: keep // 2] + "…" + line[len(line) - keep // 2 :])[0] > width:
        keep -= 4
    return line[: keep // 2] + "…" + line[len(line) - keep // 2 :]


class LeaveGuard:
    """The question on screen; ``process`` takes its button presses before the scene does."""

    def __init__(self, app: App, queues: list[SaveQueue], code: int) -> None:
        self.app = app
        self.queues = queues
        self.code = code
        self.panel: pygame_gui.elements.UIPanel | None = None
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}
        reason = next((q.reason for q in reversed(queues) if q.reason), "") or ""
        where = saving.first_writable()
        self.show(
            tr("leave_unsaved", why=reason, where=where if where is not None else "?"),
            [(tr("leave_save_elsewhere"), "elsewhere"), (tr("leave_quit"), "quit"), (tr("leave_stay"), "stay")],
        )

    def show(self, prompt: str, choices: list[tuple[str, str]]) -> None:
        """A panel of its own above everything (a table's dialog may be open under it)."""
        self.hide()
        self.prompt, self.choices = prompt, choices
        w, h = self.app.screen.get_size()
        pw = min(w - 40, 900)
        lines = [_fit(line, pw - 40) for line in wrap(prompt, 18, pw - 40, bold=True)]
        bw = min(260, (pw - 60) // max(1, len(choices)))
        ph = 24 + 30 * len(lines) + 62
        rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        m = self.app.manager
        self.panel = pygame_gui.elements.UIPanel(rect, starting_height=50, manager=m)
        for i, line in enumerate(lines):
            pygame_gui.elements.UILabel(
                pygame.Rect(10, 12 + 30 * i, pw - 24, 30),
                line,
                manager=m,
                container=self.panel,
                object_id=ObjectID(object_id="#prompt"),
            )
        x = (pw - 4 - (len(choices) * (bw + 10) - 10)) // 2
        for i, (label, payload) in enumerate(choices):
            btn = pygame_gui.elements.UIButton(
                pygame.Rect(x + i * (bw + 10), 20 + 30 * len(lines), bw, 42), label, manager=m, container=self.panel
            )
            self.buttons[btn] = payload

    def button_rects(self) -> dict[str, pygame.Rect | pygame.FRect]:
        """Screen rectangles of the buttons by payload (tests click them like a user)."""
        return {payload: btn.get_abs_rect() for btn, payload in self.buttons.items()}

    def ensure_shown(self) -> None:
        """The question asked again, its panel back, if a change of scene or window took it away (else quitting
        would wait for an answer nobody can give)."""
        if self.panel is None or not self.panel.alive():
            self.show(self.prompt, self.choices)

    def hide(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = None
        self.buttons = {}

    def process(self, event: pygame.event.Event) -> bool:
        """True when the event was the guard's (the scene must not see it)."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return False
        payload = self.buttons[event.ui_element]
        if payload == "stay":
            self.close()
        elif payload == "quit":
            self.close()
            self.app.exit_code, self.app.running = self.code, False
        elif payload == "elsewhere":
            self.save_elsewhere()
        return True

    def save_elsewhere(self) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        written: list[str] = []
        try:
            for i, queue in enumerate(self.queues):
                for j, job in enumerate(queue.jobs):
                    if job.record is not None:
                        written.append(str(saving.save_elsewhere(job.record, f"deberts-{stamp}-{i}-{j}.json")))
        except OSError as exc:
            self.show(
                tr("leave_elsewhere_failed", why=saving.reason_words(exc, Path(exc.filename or "?").parent)),
                [(tr("leave_quit"), "quit"), (tr("leave_stay"), "stay")],
            )
            return
        for queue in self.queues:
            queue.forget_written_elsewhere()  # nothing is owed to the folder that refused, but a stale position
        self.show(tr("leave_saved_at", path=", ".join(written)), [(tr("leave_quit_now"), "quit")])

    def close(self) -> None:
        self.hide()
        self.app.leave_guard = None


def intercepts(app: App, code: int) -> bool:
    """Should quitting wait? Yes while a question is up, or when owed writes still fail after one more try."""
    if app.leave_guard is not None:
        app.leave_guard.ensure_shown()
        return True
    for queue in unsaved(app.paths):
        queue.flush()
    queues = unsaved(app.paths)
    if not queues:
        return False
    app.leave_guard = LeaveGuard(app, queues, code)
    return True


__all__ = ["LeaveGuard", "intercepts"]
