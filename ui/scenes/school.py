"""«Школа»: the path of lessons and a lesson at the real table.

The path lists the lessons in teaching order with the stars earned, then «Первая сдача», the first real deal
(``ui.scenes.school_first``); all are open, the first one not yet passed is suggested (all passed: the deal). A
lesson's task is played on the ordinary table (``TableScene``) holding a ``LessonCoach`` (a ``TableCoach``): its
column says the lesson's intro and the task's question, judges every answer — a card dropped or a bidding
button, legal or refused by the engine — and says at once why it is right or why not; a wrong answer is not
played (the card springs back) and costs a star. After the right one «Дальше» opens the next task's position;
after the last, the stars are saved (``ui.school.SchoolStore``) and «Дальше» leads on to the next lesson (after
the last lesson, to the first real deal).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.actions import Action, Kind
from game.deal import DealView, Phase
from game.drills.model import ANY_CARD
from game.school import LESSONS, Lesson, Verdict, stars
from ui.controller import GameController, Step
from ui.dialogs import TIP_DELAY, MessageBox, progress_notice
from ui.fonts import draw_text, wrap
from ui.i18n import action_label, has, rule_text, tr, word
from ui.scenes.base import Scene
from ui.scenes.coach_panel import Block, coach_top, cover_sheet
from ui.scenes.table import TableScene
from ui.scenes.table.coach import TableCoach
from ui.scenes.table.decisions import Moment, TableWords
from ui.scenes.table.mode import Mode
from ui.school import SchoolStore, st, star_text
from ui.theme import GOLD, button_font_id
from ui.widgets.felt import felt, panel
from ui.widgets.scoresheet import FAINT, INK

if TYPE_CHECKING:
    from ui.app import App

GREEN = (30, 110, 50)
RED = (170, 30, 30)
BROWN = (110, 80, 30)
SMALL = pygame_gui.core.ObjectID(object_id="#small_button")
FIRST = "first"  # the path's last row: the first real deal (ui/scenes/school_first.py)


def lesson_number(key: str) -> int:
    return list(LESSONS).index(key) + 1


class SchoolPathScene(Scene):
    """The path: each lesson's number, title and stars; the next one to take marked (Enter starts it). Esc goes
    back."""

    def __init__(self, app: App, store: SchoolStore | None = None) -> None:
        super().__init__(app)
        self.store = store or SchoolStore.for_paths(app.paths)
        self.message: MessageBox | None = None
        self.rects: dict[str, pygame.Rect] = {}
        self.list_top = 0
        self.caption_h = 0
        self.cursor: str | None = None  # the lesson ↑ ↓ have chosen (Enter opens it; else the marked one)

    def enter(self) -> None:
        super().enter()
        said = progress_notice(self.app.manager, self.size, self.store, st)  # set aside, newer, unreadable
        if said is not None:
            self.message = said

    def build(self) -> None:
        m = self.app.manager
        w, h = self.size
        self.buttons = {}
        self.rects = {}
        n = len(LESSONS) + 1  # the lessons, then the first real deal
        star_w = 110
        # rows grow with the window (to 72), the list stands in the middle, under the title and its words; a tall
        # window says under each title what the lesson teaches (else its tooltip does), when a row still holds its
        # button with the caption. A path longer than the window's height at the smallest rows (44) goes in two
        # columns.
        room = h - 140 - 90
        cols = 1 if room // n >= 44 else 2
        per_col = -(-n // cols)
        self.caption_h = 22 if h >= 760 and room // per_col >= 66 else 0
        gap = 40
        row_w = min(640, w - 80) if cols == 1 else min(560, (w - 80 - gap) // 2)
        row_h = max(44, min(72 + self.caption_h, room // per_col))
        self.list_top = max(140, (h - per_col * row_h - 70) // 2)
        bh = row_h - 12 - self.caption_h
        x_start = (w - cols * row_w - (cols - 1) * gap) // 2
        for i, key in enumerate([*LESSONS, FIRST]):
            col, row = divmod(i, per_col)
            x0 = x_start + col * (row_w + gap)
            rect = pygame.Rect(x0, self.list_top + row * row_h, row_w - star_w - 10, bh)
            if key == FIRST:
                title, tip = st("first.title"), st("first.teaches")
            else:
                title, tip = f"{i + 1}. {word(LESSONS[key].title)}", word(LESSONS[key].teaches)
            oid = button_font_id((title, rect.w - 16))
            btn = pygame_gui.elements.UIButton(rect, title, m, tool_tip_text=tip, object_id=oid)
            btn.tool_tip_delay = TIP_DELAY
            self.buttons[btn] = key
            self.rects[key] = rect
        back_y = min(h - 58, self.list_top + per_col * row_h + 14)
        btn = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 120, back_y, 240, 44), st("back"), m)
        self.buttons[btn] = "back"

    def state_token(self) -> object:
        return tuple(sorted(self.store.stars.items())), self.store.first_deal, self.cursor

    def suggested(self) -> str | None:
        """The lesson to take next; all passed: the first real deal, until it is played."""
        return self.store.next_lesson() or (None if self.store.first_deal else FIRST)

    def open(self, key: str) -> None:
        if key == FIRST:
            from ui.scenes.school_first import FirstDealScene

            self.app.switch(FirstDealScene(self.app, self.store))
        else:
            self.app.switch(LessonScene(self.app, LESSONS[key], store=self.store))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.to_menu()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open(self.cursor or self.suggested() or next(iter(LESSONS)))  # chosen, else the marked one
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):  # the arrows did nothing
            keys = [*LESSONS, FIRST]
            at = self.cursor or self.suggested() or keys[0]
            step = 1 if event.key == pygame.K_DOWN else -1
            self.cursor = keys[max(0, min(len(keys) - 1, keys.index(at) + (step if self.cursor else 0)))]
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return
        key = self.buttons[event.ui_element]
        if key == "back":
            self.app.to_menu()
        else:
            self.open(key)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        w, _ = self.size
        draw_text(surface, st("title"), (w // 2, 26), 34, GOLD, bold=True, anchor="midtop")
        y = 76
        for line in wrap(st("path_sub"), 16, min(900, w - 80))[:3]:
            draw_text(surface, line, (w // 2, y), 16, (230, 236, 220), anchor="midtop")
            y += 21
        suggested = self.suggested()
        for key, rect in self.rects.items():
            got = self.store.get(key)
            box = pygame.Rect(rect.right + 10, rect.y, 110, rect.h)
            panel(surface, box, (0, 0, 0, 90), radius=8)
            if key == FIRST and self.store.first_deal:
                draw_text(surface, st("first.played"), box.center, 15, GOLD, bold=True, anchor="center")
            elif key == FIRST and key != suggested:
                draw_text(surface, "—", box.center, 22, (150, 160, 145), anchor="center")
            elif got:
                draw_text(surface, star_text(got), box.center, 22, GOLD, bold=True, anchor="center")
            elif key == suggested:
                draw_text(surface, st("suggested"), box.center, 15, (170, 235, 170), bold=True, anchor="center")
            else:
                draw_text(surface, "☆☆☆", box.center, 22, (150, 160, 145), anchor="center")
            if key == suggested:
                pygame.draw.rect(surface, (170, 235, 170), rect.inflate(8, 8), 3, border_radius=10)
            if key == self.cursor:  # the keys' choice, around the marked one's frame
                pygame.draw.rect(surface, GOLD, rect.inflate(16, 6), 2, border_radius=12)  # clear of the caption
            if self.caption_h:
                caption = st("first.teaches") if key == FIRST else word(LESSONS[key].teaches)
                lines = wrap(caption, 15, rect.w + 120)
                line = lines[0] if len(lines) == 1 else lines[0].rstrip(".,;:") + "…"
                draw_text(surface, line, (rect.x + 6, rect.bottom + 5), 15, (205, 222, 200))


ASKED = (Kind.ASK_PASSES, Kind.ROST)  # the learner's questions: the opponent answers them even after the task


class LessonController(GameController):
    """A task's game: once the task is answered (``halted``) the opponent finishes the trick on the table and
    answers a question the learner asked («проходит ли мой терц?» — «не проходит»), but starts nothing new — the
    lesson's story stops where its question was answered. Never saved. (A lesson ended on the learner's question,
    with nobody answering it.)"""

    halted = False

    def poll(self, busy: bool) -> Step | None:
        deal = self.match.current
        in_trick = deal is not None and deal.phase is Phase.PLAY and bool(deal.trickplay.trick)
        if self.halted and not in_trick and not self.answer_owed():
            return None
        return super().poll(busy)

    def answer_owed(self) -> bool:
        """The learner's last word asked the opponent something, and it is the opponent's turn to answer."""
        deal = self.match.current
        if deal is None or not deal.history:
            return False
        seat, action = deal.history[-1]
        return seat in self.human_seats and action.kind in ASKED and deal.current_player() not in self.human_seats


class LessonWords(TableWords):
    """The status line of a lesson: once the task is answered it says how to go on (the opponent, held, would
    seem to be thinking). The panel offers every word the task lists, right or wrong: the guided table offers
    the legal ones only, and «Что сказать?» over one button answered itself."""

    def __init__(self, seat: int, coach: LessonCoach) -> None:
        super().__init__(seat)
        self.coach = coach

    def panel_words(self, view: DealView) -> list[Action]:
        words = super().panel_words(view)
        task = self.coach.task
        listed = (Action.parse(key) for key in (*task.right, *task.wrong) if key != ANY_CARD)
        extra = [a for a in listed if a.kind is not Kind.PLAY and a not in words]
        if self.coach.solved:
            return []  # the task is answered: no more words (after the opponent's answer a panel lay over «Дальше»)
        if not extra:
            return words
        kinds = list(Kind)  # one order for all, so the wrong words do not always stand last
        return sorted([*words, *extra], key=lambda a: (kinds.index(a.kind), -1 if a.suit is None else a.suit, a.value))

    def status_text(self, m: Moment) -> str:
        if self.coach.finished:  # after the path's last lesson «Дальше» opens the first real deal
            return st("status_done" if self.coach.lesson.key != list(LESSONS)[-1] else "status_done_last")
        if self.coach.solved:
            return st("status_next")
        return super().status_text(m)


class LessonCoach(TableCoach):
    """The teacher of one task of a lesson: the column's words, the verdict on each answer, «Дальше»."""

    def __init__(self, app: App, lesson: Lesson, index: int = 0, mistakes: int = 0, store: SchoolStore | None = None):
        self.app = app
        self.lesson = lesson
        self.index = index
        self.task = lesson.tasks[index]
        self.mistakes = mistakes  # in the whole lesson so far
        self.store = store or SchoolStore.for_paths(app.paths)
        kw = app.controller_kwargs()
        kw["autosave"] = False  # a lesson is never a saved game
        meta: dict[str, Any] = {"bot_level": "medium", "ui": "deberts-gui", "mode": "school"}
        self.ctl = LessonController(app.paths, self.task.position.build_match(), meta, **kw)
        self.ctl.undo_allowed = False
        self.answers: list[tuple[str, Verdict]] = []  # the tries at this task: the answer's words, the verdict
        self.solved = False
        self.next_button: pygame_gui.elements.UIButton | None = None
        self.path_button: pygame_gui.elements.UIButton | None = None

    def attach(self, table: TableScene) -> None:
        self.table = table

    @property
    def last(self) -> bool:
        return self.index == len(self.lesson.tasks) - 1

    @property
    def finished(self) -> bool:
        return self.solved and self.last

    @property
    def stars(self) -> int:
        return stars(self.mistakes)

    # ---------------------------------------------------------------- layout

    def words(self, seat: int) -> TableWords:
        return LessonWords(seat, self)

    def side_width(self, size: tuple[int, int]) -> int:
        return max(300, min(560, int(size[0] * 0.3)))

    def greys_unplayable(self) -> bool:
        return False  # «Какой ваш козырь старше туза?» with every other card greyed answered itself

    def redraw_token(self) -> object:
        return len(self.answers), self.solved

    def built(self) -> None:
        t = self.table
        for button in (t.undo_button, t.hint_button):
            if button is not None:
                button.kill()
        t.undo_button = t.hint_button = None  # no undo and no hints: the task is the question
        r = t.sheet.rect
        half = (r.w - 38) // 2
        m = self.app.manager
        y = r.bottom - 100  # where the table keeps undo and hint
        self.next_button = pygame_gui.elements.UIButton(pygame.Rect(r.x + 14, y, half, 42), st("next"), m)
        self.path_button = pygame_gui.elements.UIButton(
            pygame.Rect(r.right - 14 - half, y, half, 42), st("to_path"), m, object_id=SMALL
        )
        if not self.solved:
            self.next_button.disable()
        self.show_end()

    def show_end(self) -> None:
        """The lesson's end over the table: the stars, «Дальше» and «Все уроки» (again after a resize); a task that
        ended the deal or the game (a claim) before the lesson's end: the same buttons under the summary."""
        if not self.solved:
            return
        geo = self.table.geo
        choices = [(st("next"), "next"), (st("to_path"), "path")]
        if self.table.mode is not Mode.PLAY:  # the deal's summary or the game's end is over the table
            self.table.end_panel.show("", choices, geo.overlay_buttons())
        elif self.finished:
            area = pygame.Rect(geo.play.x, geo.play.y + geo.play.h // 5, geo.play.w, geo.play.h * 3 // 5)
            self.table.end_panel.show(st("finished_panel", stars=star_text(self.stars)), choices, area)

    def end_buttons(self) -> bool:
        """The deal's or the game's end (a lesson's last card, a claim): the lesson's buttons under the summary."""
        if not self.solved:
            return False
        self.show_end()
        return True

    # ---------------------------------------------------------------- judging

    def act(self, action: Action, submit: Callable[[], bool]) -> bool:
        """A right answer is played; a wrong one is explained and not played (the player tries again)."""
        if self.solved:
            self.table.flash(st("press_next"), refusal=True)
            return False
        verdict = self.task.judge(action)
        if not verdict.correct:
            self.wrong(action, verdict)
            return False
        self.answers.append((action_label(action), verdict))
        self.solved = True
        self.ctl.halted = True
        if self.next_button is not None:
            self.next_button.enable()
        if self.finished:
            self.store.record(self.lesson.key, self.stars)
            if self.store.error:
                self.table.flash(self.store.error, error=True, seconds=6)
        played = submit()
        self.show_end()
        return played

    def refused(self, action: Action, rule: str) -> None:
        """A card the engine refused: the lesson's own words for it, or the rule alone."""
        if not self.solved:
            self.wrong(action, self.task.judge(action, rule))

    def wrong(self, action: Action, verdict: Verdict) -> None:
        self.mistakes += 1
        self.answers.append((action_label(action), verdict))

    # ---------------------------------------------------------------- moving on

    def go_next(self) -> None:
        """The next task's position, or after the last the next lesson (or the path after the last lesson)."""
        if not self.solved:
            return
        if not self.last:
            self.app.switch(LessonScene(self.app, self.lesson, self.index + 1, self.mistakes, self.store))
            return
        keys = list(LESSONS)
        following = keys.index(self.lesson.key) + 1
        if following < len(keys):
            self.app.switch(LessonScene(self.app, LESSONS[keys[following]], store=self.store))
        else:  # the path's end: the first real deal
            from ui.scenes.school_first import FirstDealScene

            self.app.switch(FirstDealScene(self.app, self.store))

    def to_path(self) -> None:
        self.app.switch(SchoolPathScene(self.app, self.store))

    def next_deal(self) -> bool:
        self.go_next()
        return True

    def undo_allowed(self) -> bool:
        return False

    def hint_refusal(self) -> str | None:
        return st("no_hint")

    def key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE and self.table.decisions.pending is None:
            self.to_path()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.solved:
            self.go_next()
            return True
        return False

    def button(self, event: pygame.event.Event) -> bool:
        if event.ui_element is self.next_button:
            self.go_next()
            return True
        if event.ui_element is self.path_button:
            self.to_path()
            return True
        hit, payload = self.table.end_panel.process(event)
        if hit and payload == "next":
            self.go_next()
        elif hit and payload == "path":
            self.to_path()
        return hit

    # ---------------------------------------------------------------- the column

    def blocks(self) -> list[Block]:
        """The coach's paragraphs, top to bottom (``prio`` 0 always shown; the highest is left out first). The
        intro until the first answer — at 1024 × 640 it pushed out the question just answered — then the lesson's
        reminder, its gist in a line (the card order of lesson 1), where the catalogue has one."""
        n = len(self.lesson.tasks)
        head = st("lesson_n", n=lesson_number(self.lesson.key), total=len(LESSONS))
        out = [
            Block(head, -2, BROWN, True, 2),
            Block(word(self.lesson.title), 3, INK, True, 0),
            Block(st("task_n", n=self.index + 1, total=n), -2, FAINT, False, 1),
        ]
        reminder = f"school.{self.lesson.key}.reminder"
        if self.index == 0 and not self.answers:
            out.append(Block(word(self.lesson.intro), 0, INK, False, 1))
        elif has(reminder):  # the intro's gist in a line: a player's pass lost the card order at the first answer
            out.append(Block(tr(reminder), -1, INK, False, 1))
        out.append(Block(word(self.task.question), 1 if not self.solved else 0, INK, True, 0 if not self.solved else 2))
        last = len(self.answers) - 1
        for i, (label, v) in enumerate(self.answers):
            latest = i == last
            head_line = f"{'✓' if v.correct else '✗'} {st('right' if v.correct else 'wrong')} — {label}"
            out.append(Block(head_line, 1, GREEN if v.correct else RED, True, 0 if latest else 2))
            if v.rule is not None:
                out.append(Block(tr("illegal", why=rule_text(v.rule)), -1, RED, True, 0 if latest else 2))
            if v.why is not None:
                out.append(Block(word(v.why), 0, INK, False, 0 if latest else 2))
        if self.finished:
            out.append(Block(st("finished", stars=star_text(self.stars)), 3, BROWN, True, 0))
            out.append(
                Block(st("mistakes", count=self.mistakes) if self.mistakes else st("no_mistakes"), -1, FAINT, False, 1)
            )
            out.append(Block(word(self.lesson.done), 0, INK, False, 1))
        elif self.solved:
            out.append(Block(st("press_next"), -1, FAINT, False, 1))
        elif self.answers:
            out.append(Block(st("try_again"), -1, FAINT, False, 1))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        cover_sheet(surface, self.table.sheet, self.blocks(), coach_top(self.table.geo.text_scale))


class LessonScene(TableScene):
    """One task of a lesson: the ordinary table holding a ``LessonCoach`` (made first: it makes the game)."""

    coach: LessonCoach

    def __init__(
        self, app: App, lesson: Lesson, index: int = 0, mistakes: int = 0, store: SchoolStore | None = None
    ) -> None:
        coach = LessonCoach(app, lesson, index, mistakes, store)
        super().__init__(app, coach.ctl, coach=coach)
