"""«Первая сдача»: the School's path ends with a real deal against the easy bot, the coach commenting.

The ordinary table (``TableScene``) plays a one-deal game (moscow, guided etiquette, target 0) against «лёгкий»,
with the hint on (the table's «Подсказка» and H), and holds a ``FirstDealCoach`` (a ``TableCoach``): the column
on the right, where the score sheet would be, shows the coach's remarks as the deal goes — each step's, made by
``game.school.commentary.Commentator`` from the learner's view and the engine's public events, never from a
hidden card. At the deal's end its summary stays over the table with «Ещё партия», «Все уроки» and «В меню»
under it, and the School's progress file marks the path finished. The game is not saved (no current game, no
finished game: it is not counted in the statistics or the rating) and has no undo (the coach comments on the
deal as it was played).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.actions import Action
from game.school import LESSONS
from game.school.commentary import Commentator, Remark, Tone
from ui.controller import GameController, GameOptions, Step
from ui.i18n import tr, word
from ui.scenes.coach_panel import Block, coach_top, cover_sheet
from ui.scenes.table import TableScene
from ui.scenes.table.coach import TableCoach
from ui.scenes.table.mode import Mode
from ui.school import SchoolStore, st
from ui.widgets.scoresheet import FAINT, INK

if TYPE_CHECKING:
    from ui.app import App

BROWN = (110, 80, 30)
GREEN = (30, 110, 50)
HINT = (30, 80, 150)  # the hint's words in the column
RED = (170, 30, 30)
TONES = {Tone.NEWS: INK, Tone.GOOD: GREEN, Tone.WARN: RED, Tone.SUMMARY: BROWN}


def first_deal_options(seed: int | None) -> GameOptions:
    """The first real deal: one deal (target 0) of the default rules against the easy bot, dealer by lot."""
    return GameOptions(
        preset="moscow", target=0, etiquette="guided", bot_level="easy", first_dealer="random", seed=seed
    )


class FirstDealCoach(TableCoach):
    """The coach of the first real deal: the remarks in the column, the path's end under the deal's summary."""

    def __init__(self, app: App, store: SchoolStore | None = None) -> None:
        self.app = app
        self.store = store or SchoolStore.for_paths(app.paths)
        kw: dict[str, Any] = dict(app.controller_kwargs())
        kw["autosave"] = False  # not a saved game: the School's, not counted in the statistics
        self.ctl = GameController.new_game(app.paths, first_deal_options(app.options.seed), **kw)
        self.ctl.meta["mode"] = "school"
        self.ctl.undo_allowed = False
        self.commentator = Commentator(self.ctl.view_seat)
        self.remarks: list[Remark] = []
        self.recorded = False

    def attach(self, table: TableScene) -> None:
        self.table = table

    @property
    def over(self) -> bool:
        return self.table.model.game_over is not None

    # ---------------------------------------------------------------- the table's hooks

    def side_width(self, size: tuple[int, int]) -> int:
        return max(300, min(560, int(size[0] * 0.3)))

    def redraw_token(self) -> object:
        return len(self.remarks), self.recorded

    def started(self) -> None:
        self.view = self.table.model.view
        self.remarks += self.commentator.opening(self.view)

    def built(self) -> None:
        """No undo (the coach comments on the deal as played): «Подсказка» takes the whole row."""
        t = self.table
        for button in (t.undo_button, t.hint_button):
            if button is not None:
                button.kill()
        t.undo_button = None
        r = t.sheet.rect
        t.hint_button = pygame_gui.elements.UIButton(
            pygame.Rect(r.x + 14, r.bottom - 100, r.w - 28, 40),
            tr("hint"),
            self.app.manager,
            tool_tip_text=tr("tip_hint"),
        )
        t.refresh_buttons()

    def stepped(self, step: Step, now: float) -> None:
        after = self.table.model.view
        self.remarks += self.commentator.step(self.view, step.seat, step.action, step.events, after)
        self.view = after

    def refused(self, action: Action, rule: str) -> None:
        """A card the table refused: the rule in the coach's words — once while it is the last thing said (Enter
        pressed again and again on a card that may not go filled the column with the same line)."""
        for remark in self.commentator.refused(rule, self.table.model.view):
            if not self.remarks or self.remarks[-1] != remark:
                self.remarks.append(remark)

    def new_deal(self) -> None:
        """After a redeal (both passed twice) the table deals again: the coach follows the new deal."""
        self.view = self.table.model.view
        self.remarks += self.commentator.new_deal(self.view)

    def undo_allowed(self) -> bool:
        return False

    def end_buttons(self) -> bool:
        """The game's end (the one deal played): the path marked finished, the deal's summary kept over the
        table, and the coach's choices under it."""
        if not self.over:
            return False
        if not self.recorded:
            self.recorded = True
            self.store.record_first_deal()
            if self.store.error:
                self.table.flash(self.store.error, error=True, seconds=6)
        if self.table.game_over is not None:
            self.table.game_over.show_deal = True  # the deal, made or bait: what the coach has just said
        choices = [(st("first.again"), "again"), (st("to_path"), "path"), (st("first.to_menu"), "menu")]
        self.table.end_panel.show("", choices, self.table.geo.overlay_buttons(), columns=3)
        return True

    def key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE and self.table.decisions.pending is None:
            self.to_path()
            return True
        return False

    def button(self, event: pygame.event.Event) -> bool:
        if self.table.mode is not Mode.GAME_OVER:
            return False
        hit, payload = self.table.end_panel.process(event)
        if not hit:
            return False
        if payload == "again":
            self.app.switch(FirstDealScene(self.app, self.store))
        elif payload == "path":
            self.to_path()
        else:
            self.app.to_menu()
        return True

    def lessons_left(self) -> int:
        return sum(1 for key in LESSONS if not self.store.get(key))

    def to_path(self) -> None:
        from ui.scenes.school import SchoolPathScene

        self.app.switch(SchoolPathScene(self.app, self.store))

    # ---------------------------------------------------------------- the column

    def blocks(self) -> list[Block]:
        """The head, then the remarks oldest first (the oldest are left out first when the column is short)."""
        out = [
            Block(st("first.head"), -2, BROWN, True, 99),
            Block(st("first.title"), 3, INK, True, 0),
            Block(st("first.sub"), -2, FAINT, False, 98),
        ]
        n = len(self.remarks)
        for i, remark in enumerate(self.remarks):
            age = n - 1 - i
            bold = remark.tone is Tone.SUMMARY or age == 0
            out.append(Block(word(remark.text), 1 if remark.tone is Tone.SUMMARY else 0, TONES[remark.tone], bold, age))
        hints = self.table.hints  # the hint in the column too: the status line's small print is easy to miss
        if hints.words is not None and hints.hint is not None and hints.key == self.table.moment().key:
            out.append(Block(hints.words, 0, HINT, True, 0))
        if self.recorded and self.store.finished:
            out.append(Block(st("first.finished"), 3, BROWN, True, 0))
            out.append(Block(st("first.finished_text"), 0, INK, False, 0))
        elif self.recorded:  # played before every lesson was passed: the path is not finished yet
            out.append(Block(st("first.played_head"), 3, BROWN, True, 0))
            out.append(Block(st("first.lessons_left", count=self.lessons_left()), 0, INK, False, 0))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        cover_sheet(surface, self.table.sheet, self.blocks(), coach_top(self.table.geo.text_scale))


class FirstDealScene(TableScene):
    """The path's end: the ordinary table holding a ``FirstDealCoach`` (made first: it makes the game)."""

    coach: FirstDealCoach

    def __init__(self, app: App, store: SchoolStore | None = None) -> None:
        coach = FirstDealCoach(app, store)
        super().__init__(app, coach.ctl, coach=coach)

    def next_deal(self) -> None:
        super().next_deal()
        if self.mode is Mode.PLAY:
            self.coach.new_deal()
