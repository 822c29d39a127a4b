"""Announcement practice: the drill picker and the table with the coach panel.

The drill is played on the ordinary table (``TableScene``) in strict etiquette with the same dialog
buttons; the table holds a ``DrillCoach`` (a ``TableCoach`` part), whose panel takes the score sheet's
column. It explains the moment before the answer, then says right or wrong and why, with the penalty the
engine applied (its words: ``penalty.<reason>``), and the bot says in its bubble how it profits from a mistake.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.actions import Action, Kind
from game.counts import player_count
from game.deal import EventKind, Phase
from game.drills import BOT_REMARKS, SITUATIONS, Drill, make_drill
from ui.controller import Step
from ui.dialogs import TIP_DELAY, MessageBox, progress_notice
from ui.fonts import draw_text, wrap
from ui.i18n import card_from, class_name, inner_quotes, penalty_text, preset_name, suit_name, tr
from ui.practice import PracticeController, PracticeStore, Verdict, answer_label, lang, pt
from ui.scenes.base import Scene
from ui.scenes.coach_panel import BUTTONS_H, Block, cover_sheet
from ui.scenes.table import TableScene
from ui.scenes.table.coach import TableCoach
from ui.scenes.table.decisions import Moment, TableWords
from ui.scenes.table.speech import top_words
from ui.seats import others, seat_names, sides_named
from ui.theme import button_font_id
from ui.widgets.felt import felt, panel
from ui.widgets.scoresheet import FAINT, INK

if TYPE_CHECKING:
    from ui.app import App

GREEN = (30, 110, 50)
RED = (170, 30, 30)
BROWN = (110, 80, 30)
TITLE_BOTTOM = 72  # the picker's title ends here: a tooltip may sit below it, over the subtitle
HEADING_H = 30  # a group's heading in the picker (the drills for three)


# the bots' words a drill's script may end on, as the table says them (``ui.scenes.table.speech``)
WORDS = {Kind.ASK_PASSES: "say_ask_passes", Kind.ROST: "say_rost", Kind.PISHET: "say_pishet", Kind.MINE: "say_mine"}


# the speech layer's key for the bot's remark on a mistake (a second bubble under its words); not a seat number,
# since seats 0..2 are the bubbles of the players at a table for three
REMARK = -1


class PracticePickerScene(Scene):
    """The list of drill situations with the running score of each."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.store = PracticeStore.for_paths(app.paths)
        self.back: pygame_gui.elements.UIButton | None = None
        self.message: MessageBox | None = None
        self.rects: dict[str, pygame.Rect] = {}
        self.caption_h = 0
        self.tip_on_top = False  # a drill's tooltip is up over the subtitle
        self.headings: list[tuple[str, int]] = []  # a group's heading and its top (the drills for three)

    def enter(self) -> None:
        super().enter()
        said = progress_notice(self.app.manager, self.size, self.store, pt)  # set aside, newer, unreadable
        if said is not None:
            self.message = said

    @staticmethod
    def groups() -> list[tuple[str | None, list[str]]]:
        """The drills for two, then the drills for three under their own heading (teaching order in each)."""
        by_count: dict[int, list[str]] = {2: [], 3: []}
        for k, s in SITUATIONS.items():
            by_count[s.players].append(k)
        return [(None, by_count[2]), (pt("group_three"), by_count[3])]

    def build(self) -> None:
        m = self.app.manager
        w, h = self.size
        self.buttons = {}
        self.rects = {}
        self.headings = []
        groups = [(title, keys) for title, keys in self.groups() if keys]
        cols = 2
        rows = sum((len(keys) + cols - 1) // cols for _, keys in groups)
        heads = HEADING_H * sum(1 for title, _ in groups if title)
        col_w = min(520, (w - 40) // cols)  # at 1024 px the longest titles keep the button font
        score_w = 90
        y0 = 140
        self.caption_h = 38 if h >= 760 else 0  # what the drill teaches, under its button
        # the buttons shrink (to 36) before the captions go: the list and «Назад» fit the window
        bh = max(36, min(46, (h - 260 - heads) // rows - 8, (h - y0 - 60 - heads) // rows - 8 - self.caption_h))
        if y0 + heads + rows * (bh + 8 + self.caption_h) + 60 > h:
            self.caption_h = 0
        row_h = bh + 8 + self.caption_h
        x0 = (w - cols * col_w) // 2
        y = y0
        for heading, keys in groups:
            if heading:
                self.headings.append((heading, y))
                y += HEADING_H
            for i, key in enumerate(keys):
                r, c = divmod(i, cols)
                sit = SITUATIONS[key]
                rect = pygame.Rect(x0 + c * col_w + 10, y + r * row_h, col_w - 20 - score_w, bh)
                tip = f"{lang(sit.teaches)} ({lang(sit.sources)})"
                title = lang(sit.title)
                # a long title on a narrow window takes the small button font instead of running off the button
                oid = button_font_id((title, rect.w - 16))
                btn = pygame_gui.elements.UIButton(rect, title, m, tool_tip_text=tip, object_id=oid)
                btn.tool_tip_delay = TIP_DELAY  # as the table's answers: only for a resting pointer
                btn.tool_tip_wrap_width = min(900, w - 80)  # wide and low: it fits the bands free of buttons
                self.buttons[btn] = key
                self.rects[key] = rect
            y += (len(keys) + cols - 1) // cols * row_h
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 120, min(h - 60, y + 12), 240, 44), pt("back"), m)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:  # a moving pointer: no tooltip until it rests again
            for btn in self.buttons:
                if btn.tool_tip is None:
                    btn.hover_time = 0.0
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.to_menu()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.back:
            self.app.to_menu()
        elif event.ui_element in self.buttons:
            key = self.buttons[event.ui_element]
            self.app.switch(PracticeScene(self.app, make_drill(key, self.store.score(key)[1]), self.store))

    def place_tips(self) -> None:
        """An open tooltip goes where it covers no button: the band above the list (over the subtitle), the
        band under «Назад», else under its own button as pygame_gui put it."""
        w, h = self.size
        taken = [pygame.Rect(r) for r in self.rects.values()]
        if self.back is not None:
            taken.append(pygame.Rect(self.back.get_abs_rect()))
        top = min((r.y for r in taken), default=h)
        bottom = max((r.bottom for r in taken), default=0)
        self.tip_on_top = False
        for btn in self.buttons:
            tip = btn.tool_tip
            if not isinstance(tip, pygame_gui.elements.UITooltip):
                continue
            r = pygame.Rect(tip.rect)
            spots = [(w // 2 - r.w // 2, top - 6 - r.h), (w // 2 - r.w // 2, bottom + 6)]
            for x, y in spots:
                spot = pygame.Rect(x, y, r.w, r.h)
                if y >= TITLE_BOTTOM and spot.bottom <= h - 2 and not any(spot.colliderect(t) for t in taken):
                    if spot.topleft != r.topleft:
                        tip.set_position(spot.topleft)
                    self.tip_on_top = y < top  # it stands in for the subtitle, which is not drawn under it
                    break

    def draw(self, surface: pygame.Surface) -> None:
        self.place_tips()  # before pygame_gui draws them
        surface.blit(felt(self.size), (0, 0))
        w, _ = self.size
        draw_text(surface, pt("title"), (w // 2, 30), 34, (255, 226, 150), bold=True, anchor="midtop")
        y = 82
        for line in [] if self.tip_on_top else wrap(pt("picker_sub"), 16, min(980, w - 80)):
            draw_text(surface, line, (w // 2, y), 16, (230, 236, 220), anchor="midtop")
            y += 21
        for heading, top in self.headings:
            draw_text(surface, heading, (w // 2, top + 2), 18, (255, 226, 150), bold=True, anchor="midtop")
        for key, rect in self.rects.items():
            right, total = self.store.score(key)
            text = pt("score", right=right, total=total) if total else pt("no_score")
            box = pygame.Rect(rect.right + 8, rect.y + 4, 84, rect.h - 8)
            panel(surface, box, (0, 0, 0, 80), radius=8)
            color = (170, 235, 170) if total and right * 2 >= total else (255, 200, 170) if total else (200, 200, 190)
            draw_text(surface, text, box.center, 16, color, bold=True, anchor="center")
            if self.caption_h:
                lines = wrap(lang(SITUATIONS[key].teaches), 13, rect.w + 90)
                for i, line in enumerate(lines[:2]):
                    if i == 1 and len(lines) > 2:
                        line = line.rstrip(".,;") + "…"
                    draw_text(surface, line, (rect.x + 4, rect.bottom + 3 + 16 * i), 13, (205, 222, 200))


class CoachWords(TableWords):
    """The table's words for a drill: where a drill lists «Партия!» among its answers (``claim_in_panel``) the
    dialog asks exactly that question."""

    def prompt(self, m: Moment, words: list[Action]) -> str:
        if m.view.phase is Phase.PLAY and any(a.kind is Kind.CLAIM for a in words):
            return pt("pr_claim_now")
        return super().prompt(m, words)


class DrillCoach(TableCoach):
    """The coach of one drill at the table: it judges the player's answers against the drill (``act``), lets the
    bot say how it profits from a mistake (a remark bubble), takes the score sheet's column for its panel and
    puts «next drill» and «to the picker» where the table has undo, hint and «Следующая сдача»."""

    def __init__(self, app: App, drill: Drill, store: PracticeStore | None = None) -> None:
        self.app = app
        self.drill = drill
        # where a drill lists «Партия!» among its answers (the claim drill, a belle drill after a trick) it is one of
        # the panel's words; elsewhere it stays the strict table's key and button (after a drill for three the
        # player has taken a trick: no «Партия!» trap at 0:0 in the panel)
        self.claim_in_panel = any("claim" in step.answers for step in drill.steps)
        self.store = store or PracticeStore.for_paths(app.paths)
        self.practice = PracticeController.from_drill(app.paths, drill, **app.controller_kwargs())
        self.verdict: bool | None = None
        self.next_button: pygame_gui.elements.UIButton | None = None
        self.picker_button: pygame_gui.elements.UIButton | None = None
        self._judging = False
        self.remark_seat: int | None = None  # who said the latest remark

    def attach(self, table: TableScene) -> None:
        self.table = table

    # ---------------------------------------------------------------- layout

    def words(self, seat: int) -> TableWords:
        return CoachWords(seat, claim_in_panel=self.claim_in_panel)

    def side_width(self, size: tuple[int, int]) -> int:
        return max(300, min(460, int(size[0] * 0.33)))

    def laid_out(self) -> None:
        self.place_remark(self.table.speech.text_of(REMARK) or "")

    def redraw_token(self) -> object:
        return self.verdict, len(self.practice.verdicts)

    @property
    def players(self) -> int:
        return self.practice.match.rules.players

    def remarker(self, by: int | None = None) -> int:
        """Who says the remark: the seat a drill's answer names, else the one my fault pays — for two the
        opponent; for three the bidder, or (when I am the bidder) the first вистующий."""
        if by is not None:
            return by
        t = self.table
        bidder = t.model.view.bidder
        if bidder is not None and bidder != t.seat:  # (for two the bidder is then the opponent)
            return bidder
        return others(t.seat, self.players)[0]

    def remark(self, text: str, now: float, by: int | None = None) -> None:
        """The bot says how it profits from the player's mistake; its own next words do not hide this."""
        seat = self.remarker(by)
        speech = self.table.speech
        speech.bubbles.pop(seat, None)  # its earlier words are stale now: the remark takes their place
        self.remark_seat = seat
        self.place_remark(text)
        speech.say(REMARK, text, now, warn=True, ttl=10.0)

    def place_remark(self, text: str) -> None:
        """Where the speaker's own bubble would be, kept inside the table (the coach covers the right side)."""
        speech, geo = self.table.speech, self.table.geo
        seat = self.remark_seat if self.remark_seat is not None else self.remarker()
        x, y = speech.anchors[seat]
        body_w, body_h = speech.body_size(text, self.table.size[0])  # two lines when one would not fit
        width, height = body_w + 8, body_h + speech.TAIL + 2
        # the remark hangs above its tip: its top goes under the speaker's name, not over it
        under_name = geo.label_pos(seat)[1] + geo.label_step + height
        play = geo.play
        speech.anchors[REMARK] = (
            max(play.x + 24, min(x, play.right - width - 8)),
            min(play.bottom - 8, max(y + height, under_name)),
        )

    def built(self) -> None:
        t = self.table
        m = self.app.manager
        r = t.sheet.rect
        for button in (t.undo_button, t.hint_button):
            if button is not None:
                button.kill()
        t.undo_button = t.hint_button = None  # no undo and no hints while practising
        half = (r.w - 38) // 2
        self.next_button = pygame_gui.elements.UIButton(
            pygame.Rect(r.x + 14, r.bottom - 100, half, 40),
            pt("next_drill"),
            m,
            object_id=pygame_gui.core.ObjectID(object_id="#small_button"),
        )
        self.picker_button = pygame_gui.elements.UIButton(
            pygame.Rect(r.right - 14 - half, r.bottom - 100, half, 40),
            pt("to_picker"),
            m,
            object_id=pygame_gui.core.ObjectID(object_id="#small_button"),
        )

    def started(self) -> None:
        """The bots' words before the decision were applied by the drill's script: show each bot's latest as if
        just said (for three, the dialog runs on after the first trick: «от дамы», «не годится»)."""
        t = self.table
        view = t.model.view
        if view.phase is not Phase.PLAY or len(view.tricks) > player_count(self.players).dialog_tricks:
            return
        said: dict[int, str] = {}
        for seat, a in view.history:
            if seat == t.seat:
                continue
            if a.kind is Kind.ANNOUNCE:
                said[seat] = class_name(a.value)
            elif (
                a.kind is Kind.MINE
                and player_count(view.players).mine_names_top
                and view.tricks
                and view.said_top is not None
            ):
                # as the table says it (ui.scenes.table.speech): «Не годится. Пятьдесят от туза червового»
                cls = max((x.value for _, x in view.history if x.kind is Kind.ANNOUNCE), default=0)
                said[seat] = tr("say_mine_after_top", cls=class_name(cls), card=card_from(view.said_top))
            elif a.kind in WORDS:
                said[seat] = tr(WORDS[a.kind])
            elif a.kind is Kind.TELL_TOP and view.told_top is not None:
                said[seat] = top_words(view.told_top, view.trump)
        now = t.now()
        for seat, text in said.items():
            t.speech.say(seat, text, now, ttl=8.0)

    # ---------------------------------------------------------------- the drill

    def current_step(self) -> int | None:
        t = self.table
        if not t.ctl.human_to_act() or t.model.deal_number != len(self.drill.prelude) + 1:
            return None
        return self.drill.step_at(tuple(str(a) for _, a in t.model.view.history))

    def act(self, action: Action, submit: Callable[[], bool]) -> bool:
        t = self.table
        index = self.current_step() if self.verdict is None else None
        before = len(t.model.view.penalties)
        self._judging = index is not None
        try:
            ok = submit()
        finally:
            self._judging = False
        if not ok or index is None:
            return ok
        answer = self.drill.steps[index].judge(action)
        mine = tuple(p.reason for p in t.model.view.penalties[before:] if p.seat == t.seat)
        self.practice.note(Verdict(index, str(action), answer, mine))
        if not answer.correct:
            self.finish_drill(False)
            if answer.remark is not None:
                self.remark(lang(answer.remark), t.now(), answer.by)
            elif mine and mine[0] in BOT_REMARKS:
                self.remark(lang(BOT_REMARKS[mine[0]]), t.now())
        elif index == len(self.drill.steps) - 1:
            self.finish_drill(True)
        if self.practice.deal_over():
            self.practice._save()
        return ok

    def finish_drill(self, right: bool) -> None:
        self.verdict = right
        self.store.record(self.drill.situation, right)
        if self.store.error:
            self.table.flash(self.store.error, error=True, seconds=6)

    def stepped(self, step: Step, now: float) -> None:
        if self._judging or step.seat != self.table.seat:
            return
        for ev in step.events:  # a fault after the drill: the bot still says how it profits
            if ev.kind == EventKind.PENALTY and ev.seat == self.table.seat and ev.detail in BOT_REMARKS:
                self.remark(lang(BOT_REMARKS[ev.detail]), now)

    def next_drill(self) -> None:
        if self.practice.verdicts and not self.practice.deal_over():
            self.practice.finish()  # the bots play it out; the record is saved like any finished deal
        elif self.practice.verdicts:
            self.practice._save()
        drill = make_drill(self.drill.situation, self.drill.variant + 1, self.drill.seed)
        self.app.switch(PracticeScene(self.app, drill, self.store))

    def to_picker(self) -> None:
        if self.practice.verdicts and not self.practice.deal_over():
            self.practice.finish()
        self.app.switch(PracticePickerScene(self.app))

    def next_deal(self) -> bool:
        """The table's own end-of-deal buttons lead to the next drill."""
        self.next_drill()
        return True

    def end_buttons(self) -> bool:
        """The drill's end: «next drill» and «to the picker» (again after a resize)."""
        box = self.table.geo.overlay_rect()
        area = pygame.Rect(box.x, box.bottom - 70, box.w, 64)
        self.table.end_panel.show("", [(pt("next_drill"), "next"), (pt("to_picker"), "picker")], area)
        return True

    def undo_allowed(self) -> bool:
        return False

    def hint_refusal(self) -> str | None:
        """H in a drill: no hint (the drill is the question), but a word why — it did nothing at all."""
        return pt("no_hint")

    def leave(self) -> None:
        if self.practice.verdicts and not self.practice.deal_over():
            self.practice.finish()

    def key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE and self.table.decisions.pending is None:
            self.to_picker()
            return True
        return False

    def button(self, event: pygame.event.Event) -> bool:
        if event.ui_element is self.next_button:
            self.next_drill()
            return True
        if event.ui_element is self.picker_button:
            self.to_picker()
            return True
        hit, payload = self.table.end_panel.process(event)
        if hit and payload == "picker":
            self.to_picker()
            return True
        return False

    # ---------------------------------------------------------------- the coach panel

    def coach_blocks(self) -> list[Block]:
        """The coach's paragraphs, top to bottom; ``prio`` 0 is kept always, 2 goes first when space is short."""
        d = self.drill
        sit = SITUATIONS[d.situation]
        right, total = self.store.score(d.situation)
        rules = self.practice.match.rules
        preset = preset_name(rules.name) + (f" · {rules.target}" if rules.target not in (0, 501) else "")
        out = [
            Block(pt("title"), 1, BROWN, True, 2),
            Block(lang(sit.title), 3, INK, True, 0),
            Block(  # the line breaks after a part's dot only: not «верно» / «0 из 0», nor before a «·»
                "\u00a0· ".join(
                    part.replace(" ", "\u00a0")
                    for part in (preset, pt("drill_n", n=d.variant + 1), pt("your_score", right=right, total=total))
                ),
                -2,
                FAINT,
                False,
                1,
            ),
        ]
        model, seat = self.table.model, self.table.seat
        view = model.view
        if view.trump is not None:
            scores = [model.scores[s] for s in (seat, *others(seat, self.players))]
            line = pt("table_line", trump=suit_name(view.trump), a=scores[0], b=" : ".join(map(str, scores[1:])))
            out.append(Block(line, -2, FAINT, False, 2))
        out.append(Block(lang(d.intro), 0, INK, False, 2 if self.practice.verdicts else 1))
        last = len(self.practice.verdicts) - 1
        for i, v in enumerate(self.practice.verdicts):
            out.extend(self.verdict_blocks(v, latest=i == last))
        index = self.current_step()
        if self.verdict is None and index is not None:
            step = d.steps[index]
            out.append(Block(lang(step.moment), 0, INK, True, 0))
            out.append(Block(pt("rule") + ": " + lang(step.rule), -1, FAINT, False, 1))
        elif self.verdict is None and view.phase is not Phase.OVER:
            out.append(Block(pt("wait_bot"), 0, FAINT, False, 1))
        elif self.verdict is not None:
            step = d.steps[self.practice.verdicts[-1].step]
            out.append(Block(pt("rule") + ": " + lang(step.rule), -1, FAINT, False, 2))
            out.append(Block(pt("done"), -1, BROWN, False, 2))
        return out

    def verdict_blocks(self, v: Verdict, latest: bool = True) -> list[Block]:
        ok = v.answer.correct
        out = [
            Block(
                f"{'✓' if ok else '✗'} {pt('right' if ok else 'wrong')} — {answer_label(v.action)}",
                2,
                GREEN if ok else RED,
                True,
                0,
            ),
            Block(lang(v.answer.why), 0, INK, False, 0 if latest else 2),
        ]
        if not ok:
            if v.penalties:
                for reason in v.penalties:
                    out.append(Block(pt("penalty", text=penalty_text(reason, inline=True)), -1, RED, True, 0))
            else:
                out.append(Block(pt("no_penalty"), -1, FAINT, False, 1))
            if v.answer.remark is not None:
                said = inner_quotes(lang(v.answer.remark))
                if sides_named(self.players):  # which opponent says it: «Соперник слева: «…»»
                    bidder = self.table.model.view.bidder  # the partner is «Партнёр справа», as on his label
                    who = seat_names(self.table.seat, self.players, bidder=bidder)[v.answer.by]
                    out.append(Block(pt("seat_says", who=who, text=said), -1, BROWN, False, 2))
                else:
                    out.append(Block(pt("bot_says", text=said), -1, BROWN, False, 2))
            step = self.drill.steps[v.step]
            for key in step.correct:
                out.append(Block(pt("correct_was", what=answer_label(key)), 0, GREEN, True, 0))
                out.append(Block(lang(step.answers[key].why), -1, INK, False, 1))
        return out

    def coach_rect(self) -> pygame.Rect:
        r = self.table.sheet.rect
        return pygame.Rect(r.x, r.y, r.w, r.h - BUTTONS_H)

    def draw(self, surface: pygame.Surface) -> None:
        cover_sheet(surface, self.table.sheet, self.coach_blocks())


class PracticeScene(TableScene):
    """One drill: the ordinary table holding a ``DrillCoach``, which is made first (it makes the drill's game)
    and handed to the table; the class only names that table (it overrides nothing)."""

    coach: DrillCoach

    def __init__(self, app: App, drill: Drill, store: PracticeStore | None = None) -> None:
        coach = DrillCoach(app, drill, store)
        super().__init__(app, coach.practice, coach=coach)
