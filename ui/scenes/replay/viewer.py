"""The replay viewer: steps through a record, every hand open or only one seat's view.

Two players: seat 0 at the bottom, seat 1 at the top. Three: the player's own seat (``meta.human_seat``; seat 0
in a sample) at the bottom, the two others above it on the left and the right (``ui.seats``), face up.

Each position is the record's actions re-applied through the engine, the same path as loading a save; only the
match at each deal's start is kept (``record.Positions``), so a step re-applies one deal, not the game. It draws
with the table's widgets (hands, trick, score sheet, speech bubbles). The scene owns the position and creates its
parts, each owning its state: ``geo`` (``ReplayGeometry``, on each resize), ``names`` (``SeatNames``), ``actions``
(``ActionList``: the list of the deal's actions), ``analyser`` (``ReplayAnalysis``: ``game.services.analysis`` in the
worker; marks in the list, rings on the cards, the values panel), ``handover`` (``TableHandover``: play from
here, this deal again, export) and ``painter`` (``ReplayPainter``); the parts read the position through the
``names.Position`` protocol, which the scene is.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.actions import Action, Kind
from game.deal import Deal, Event, EventKind
from game.errors import RecordError
from game.match import Match
from game.names import printable
from game.record import GameRecord, Positions, load
from ui.controller import SheetRow, TableModel
from ui.dialogs import MessageBox
from ui.fonts import STATUS_BG, draw_text, font
from ui.i18n import penalty_text
from ui.saving import file_problem_words
from ui.scenes.base import Scene, set_enabled
from ui.scenes.replay.action_list import ActionList
from ui.scenes.replay.analysis import Line, ReplayAnalysis, draw_info, draw_legend
from ui.scenes.replay.drawing import ReplayPainter, draw_status, status_words
from ui.scenes.replay.handover import TableHandover
from ui.scenes.replay.layout import ReplayGeometry
from ui.scenes.replay.names import SeatNames, bottom_seat
from ui.scenes.replay.texts import rt
from ui.scenes.table import speech_text
from ui.scenes.table.drawing import TablePainter
from ui.scenes.table.peek import LastTrickPeek
from ui.seats import character_key, others, short_forms
from ui.theme import BUTTON_PX, GOLD
from ui.widgets.banner import Banner, BannerLayer
from ui.widgets.felt import felt
from ui.widgets.hand import HandWidget
from ui.widgets.scoresheet import ScoreSheet
from ui.widgets.speech import SpeechLayer
from ui.widgets.trick import TrickWidget

if TYPE_CHECKING:
    from ui.app import App


def trick_boundaries(actions: list[Action], players: int = 2) -> list[int]:
    """Positions (actions applied) right after a trick was completed, plus 0 and the end."""
    out = [0]
    plays = 0
    for i, a in enumerate(actions, start=1):
        if a.kind is Kind.PLAY:
            plays += 1
            if plays % players == 0:
                out.append(i)
    if out[-1] != len(actions):
        out.append(len(actions))
    return out


LIST_FOOT = 58  # under the action list: the analysis progress while it runs, then the legend of its marks


class ReplayScene(Scene):
    def __init__(
        self,
        app: App,
        record: GameRecord,
        path: Path | None = None,
        back: Callable[[], None] | None = None,
        deal: int = 0,
        pos: int = 0,
    ) -> None:
        super().__init__(app)
        self.record = record
        self.positions = Positions(record)
        self.path = path
        self.back_to = back
        self.n = record.rules.players
        self.me = bottom_seat(record)
        self.di = 0
        self.pos = 0
        self.open_hands = True
        self.info_shown: list[Line] = []  # the side panel's rows as last drawn (the values, the lost points)
        self.legend: list[str] = []  # the marks' legend under the list as last drawn (once the analysis is in)
        self.seat_choice = self.me
        # the parts
        self.names = SeatNames(record, self.me)
        self.actions = ActionList(self.names)
        self.analyser = ReplayAnalysis(app.thinker)
        self.handover = TableHandover(app, record, path)
        self.painter = ReplayPainter(app.images)
        self.exported: Path | None = None  # the last export's file
        self.sheet_reserved = 52  # the sheet's column below the sheet: the buttons (build)
        self.bottom = HandWidget(app.images)
        self.top = HandWidget(app.images)  # two players: the other seat
        self.left = HandWidget(app.images)  # three players: the seat after the bottom one
        self.right = HandWidget(app.images)  # three players: the seat before it
        self.trick = TrickWidget(app.images)
        self.trick.speed = 0.0
        self.trick.players = self.n
        self.trick.view_seat = self.me
        self.sheet = ScoreSheet()
        self.peek = LastTrickPeek()  # L and the sheet's «Последняя взятка», as at the table
        self.trick_painter = TablePainter(app.images)  # the table's own drawing of the last trick
        self.speech = SpeechLayer()
        self.banner = BannerLayer(app.images)  # the judge names a penalty in the centre, as at the table
        self.message: tuple[str, float, bool] | None = None  # text, until, is_error
        self.message_at: tuple[int, int] | None = None  # the position (deal, actions) the message was given at
        self.box: MessageBox | None = None
        self.match: Match
        self.deal: Deal
        self.events: list[Event] = []
        self.layout()
        self.goto(deal, pos, rebuild_list=False)

    # ------------------------------------------------------------------ positions

    def deal_actions(self, di: int | None = None) -> list[Action]:
        return self.record.deals[self.di if di is None else di].actions

    def goto(self, di: int, pos: int, rebuild_list: bool = True) -> None:
        """Show deal ``di`` after ``pos`` actions: the record's prefix re-applied through the engine."""
        di = max(0, min(di, len(self.record.deals) - 1))
        pos = max(0, min(pos, len(self.deal_actions(di))))
        changed_deal = di != self.di or not hasattr(self, "deal")
        self.di, self.pos = di, pos
        if pos > 0:
            before = self.positions.at(di, pos - 1)
            self.events = before.apply(self.deal_actions()[pos - 1])
            self.match = before
        else:
            self.match = self.positions.at(di, 0)
            self.events = []
        self.deal = self.match.deals[-1]
        self.names.bidder = self.deal.bidder  # the partner is named so from the contract on, as at the table
        self.sync(now=self.now())
        if rebuild_list:
            self.actions.fill(self, self.analyser.result, scroll=changed_deal)

    def step(self, delta: int) -> None:
        n = len(self.deal_actions())
        pos = self.pos + delta
        if pos > n and self.di + 1 < len(self.record.deals):
            self.goto(self.di + 1, 0)
        elif pos < 0 and self.di > 0:
            self.goto(self.di - 1, len(self.deal_actions(self.di - 1)))
        else:
            self.goto(self.di, pos)

    def trick_step(self, direction: int) -> None:
        marks = trick_boundaries(self.deal_actions(), self.n)
        if direction > 0:
            later = [p for p in marks if p > self.pos]
            if later:
                self.goto(self.di, later[0])
            else:
                self.step(1)
        else:
            earlier = [p for p in marks if p < self.pos]
            if earlier:
                self.goto(self.di, earlier[-1])
            else:
                self.step(-1)

    def deal_step(self, direction: int) -> None:
        if direction > 0:
            if self.di + 1 < len(self.record.deals):
                self.goto(self.di + 1, 0)
            else:
                self.goto(self.di, len(self.deal_actions()))
        elif self.pos > 0:
            self.goto(self.di, 0)
        else:
            self.goto(self.di - 1, 0)

    def model(self) -> TableModel:
        m = self.match
        sheet = tuple(SheetRow(i + 1, d.dealer, d.result) for i, d in enumerate(m.deals) if d.result is not None)
        return TableModel(
            seat=self.me,
            view=self.deal.view(self.me),
            sheet=sheet,
            scores=m.scores,
            hanging=m.hanging,
            target=m.rules.target,
            deal_number=self.di + 1,
            game_over=m.over,
            open_hands=None,
        )

    def seat_hand(self, seat: int) -> HandWidget:
        """The hand widget of ``seat``'s place at the table."""
        return {"bottom": self.bottom, "top": self.top, "left": self.left, "right": self.right}[self.geo.side(seat)]

    def hand_widget(self, seat: int) -> HandWidget | None:
        """The hand drawn face up for ``seat`` (None: its backs, the others' hands closed)."""
        return self.seat_hand(seat) if seat == self.seat_choice or self.open_hands else None

    def next_action(self) -> Action | None:
        actions = self.deal_actions()
        return actions[self.pos] if self.pos < len(actions) else None

    # ------------------------------------------------------------------ layout

    def layout(self) -> None:
        """A new geometry for the window's size, handed to the widgets."""
        geo = self.geo = ReplayGeometry.compute(self.size, self.n, self.me)
        self.sheet.layout(geo.sheet_rect)
        self.bottom.layout(geo.bottom_area, geo.card_h)
        self.top.layout(geo.top_area, geo.card_h)
        self.left.layout(geo.left_area, geo.side_h)
        self.right.layout(geo.right_area, geo.side_h)
        self.trick.layout(geo.trick_area, geo.trick_h, geo.piles)
        self.banner.layout(geo.banner_rect, int(geo.trick_h * 0.8))
        self.speech.size = geo.speech_size
        self.speech.anchors = dict(geo.speech_anchors)
        self.speech.right_edge = geo.info_area.x - 8  # never over the «Следующий ход» / values panel
        self.speech.left_edge = geo.play.x + 4  # nor under the list of moves («Не годится. Пятьдесят от …»)

    def build(self) -> None:
        self.layout()
        m = self.app.manager
        h = self.size[1]
        self.buttons = {}
        # transport row
        keys = ["b_prev_deal", "b_prev_trick", "b_prev", "b_next", "b_next_trick", "b_next_deal"]
        cr = self.geo.controls_rect
        bw = min(130, (cr.w - 20 - 5 * 6) // 6)
        x0 = cr.centerx - (6 * bw + 5 * 6) // 2
        # a narrow window (1024x640) has no room for the words: the arrows stay, the words go to the tooltip
        short = any(font(BUTTON_PX, bold=True).size(rt(k))[0] > bw - 10 for k in keys)
        for i, key in enumerate(keys):
            text = rt(key)
            arrows = "".join(ch for ch in text if ch in "«»◀▶")
            label, tip = (arrows, text) if short and arrows else (text, None)
            self.add_button(label, key, pygame.Rect(x0 + i * (bw + 6), cr.y + 6, bw, cr.h - 12), tip)
        # the right column under the score sheet
        sr = self.sheet.rect
        col = [
            ("toggle_hands", rt("open_hands") if self.open_hands else rt("own_view")),
            ("analyse", rt("analyse")),
            ("seat", self.seat_label(sr.w - 24)),
            ("play_here", rt("play_here")),
            ("again", rt("again")),
            ("export", rt("export")),
            ("back", rt("back")),
        ]
        bh = 36 if h >= 700 else 30
        y = h - len(col) * (bh + 6) - 8
        self.sheet_reserved = h - y  # the sheet's column below the sheet: these buttons
        locked = ("play_here", "again") if self.app.read_only else ()  # another window owns the folder's game
        for key, text in col:  # each says what it will do (a new game at 0 : 0 from «Сдачу заново» surprised)
            tip = rt("tip_read_only") if key in locked else rt(f"tip_{key}")
            self.add_button(text, key, pygame.Rect(sr.x + 12, y, sr.w - 24, bh), tip)
            y += bh + 6
        if self.analyser.started:
            self.button("analyse").disable()
        # the action list and the analysis progress
        list_w = self.geo.list_w
        self.actions.build(pygame.Rect(6, 40, list_w - 12, h - 40 - LIST_FOOT), m)
        self.analyser.build(pygame.Rect(6, h - LIST_FOOT + 6, list_w - 12, 32), m)  # the legend's place after it
        self.actions.fill(self, self.analyser.result, scroll=True)
        self.update_buttons()

    def resize(self) -> None:
        super().resize()
        self.sync(self.now())

    def update_buttons(self) -> None:
        if not self.buttons:
            return
        # a read-only window (another one plays in this data folder) starts no game: it would never be saved
        playable = self.match.over is None and not self.app.read_only
        set_enabled(self.button("play_here"), playable)
        set_enabled(self.button("again"), not self.app.read_only)
        n = len(self.record.deals)
        at_start = self.di == 0 and self.pos == 0
        at_end = self.di == n - 1 and self.pos == len(self.deal_actions())
        for key in ("b_prev_deal", "b_prev_trick", "b_prev"):
            set_enabled(self.button(key), not at_start)
        for key in ("b_next_deal", "b_next_trick", "b_next"):
            set_enabled(self.button(key), not at_end)

    # ------------------------------------------------------------------ widgets

    def sync(self, now: float) -> None:
        deal = self.deal
        trump = deal.trump if deal.trump is not None else deal.first_trump
        by_sequence = self.app.settings.by_sequence
        for seat in range(self.n):
            self.seat_hand(seat).set_cards(self.deal.hand(seat), trump, None, by_sequence)
        view = deal.view(self.me)
        if view.trick:
            self.trick.sync(view.trick, view.trick_leader)
        elif deal.tricks and any(e.kind == EventKind.TRICK for e in self.events):
            last = deal.tricks[-1]
            self.trick.sync(last.cards, last.leader)  # the trick just taken stays in view for this step
        else:
            self.trick.sync((), None)
        if self.message_at is not None and self.message_at != (self.di, self.pos):
            self.message = self.message_at = None  # a message is about the position it was given at
        self.speech.clear()
        self.banner.clear()
        for ev in self.events:
            if ev.seat is None or not self.pos:
                continue
            text = speech_text(ev, self.deal_actions()[self.pos - 1])
            if text is not None:
                self.speech.say(ev.seat, text, now, ttl=10**9)
            if ev.kind == EventKind.PENALTY:  # the judge's banner, not a bubble from the seat; stays for the step
                title = self.names.judge_title(ev.seat)
                self.banner.show(Banner("judge", title, penalty_text(ev.detail), float(10**9)))
        self.update_buttons()

    # ------------------------------------------------------------------ per frame

    def update(self, dt: float) -> None:
        self.actions.give_tips()
        outcome = self.analyser.poll(self.now())
        if outcome is None:
            return
        self.flash(outcome.words, error=outcome.error, seconds=8 if outcome.error else 4.0)
        if outcome.error:
            self.button("analyse").enable()
        else:
            self.actions.fill(self, self.analyser.result)

    def seat_label(self, width: int) -> str:
        """«Играть за: Соперник слева», or with the seat's short name where the button is narrow («Играть за:
        Слева», a character's «☕ Тётя Валя»: it was cut to «Соперник слев», «☕ Тётя Валя сл»)."""
        seat = self.seat_choice
        level = self.names.levels.get(seat)
        twin = [lv for lv in self.names.levels.values() if character_key(lv) == character_key(level)][1:]
        shorter = [] if twin else short_forms(level)
        for who in dict.fromkeys((self.names.speaker(seat), self.names.short_label(seat), *shorter)):
            text = rt("seat_for", who=who)
            if font(BUTTON_PX, bold=True).size(text)[0] <= width - 16:
                break
        return text

    def state_token(self) -> object:
        """Besides input, the picture changes when a message expires and while the analysis runs (its progress,
        then its marks); the loop's idle ticks come often enough for both, so the viewer never animates."""
        message = self.message if self.message is not None and self.message[1] > self.now() else None
        running = self.analyser.progress if self.analyser.job is not None else None
        banners = self.banner.redraw_token()
        eyes = self.seat_choice  # whose hand is face up in the player's view
        peek = self.peek.shown
        return self.di, self.pos, self.open_hands, eyes, peek, id(self.analyser.result), running, message, banners

    def leave(self) -> None:
        self.analyser.stop()

    # ------------------------------------------------------------------ input

    def flash(self, text: str, error: bool = False, seconds: float = 4.0) -> None:
        """A message in the status line for ``seconds``, or until the shown position changes."""
        self.message = (text, self.now() + seconds, error)
        self.message_at = (self.di, self.pos)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.on_button(self.buttons[event.ui_element])
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            pos = self.actions.position_of(event)
            if pos is not None:
                self.goto(self.di, pos)
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not self.app.gui_consumed
            and self.sheet.last_trick_button.collidepoint(event.pos)
        ):
            self.peek.button_down()  # the sheet's «Последняя взятка (L)», as at the table (it did nothing here)
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not self.app.gui_consumed
            and self.banner.rect.collidepoint(event.pos)
        ):
            self.banner.release(self.now())  # read: a click on the banner puts it away
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.peek.click_up()
        elif event.type == pygame.KEYDOWN:
            if event.key != pygame.K_l and self.peek.other_key():
                return
            self.on_key(event.key)
        elif event.type == pygame.KEYUP and event.key == pygame.K_l:
            self.peek.key_up(self.now())

    def on_key(self, key: int) -> None:
        moves: dict[int, Callable[[], None]] = {
            pygame.K_RIGHT: lambda: self.step(1),
            pygame.K_LEFT: lambda: self.step(-1),
            pygame.K_DOWN: lambda: self.trick_step(1),
            pygame.K_UP: lambda: self.trick_step(-1),
            pygame.K_PAGEDOWN: lambda: self.deal_step(1),
            pygame.K_PAGEUP: lambda: self.deal_step(-1),
            pygame.K_HOME: lambda: self.goto(self.di, 0) if self.pos else self.goto(0, 0),
            pygame.K_END: lambda: (
                self.goto(self.di, len(self.deal_actions()))
                if self.pos < len(self.deal_actions())
                else self.goto(len(self.record.deals) - 1, 10**9)
            ),
        }
        if key in moves:
            moves[key]()
        elif key == pygame.K_l:
            self.peek.key_down(self.now())
        elif key == pygame.K_ESCAPE:
            self.go_back()

    def on_button(self, key: str) -> None:
        nav: dict[str, Callable[[], None]] = {
            "b_prev_deal": lambda: self.deal_step(-1),
            "b_next_deal": lambda: self.deal_step(1),
            "b_prev_trick": lambda: self.trick_step(-1),
            "b_next_trick": lambda: self.trick_step(1),
            "b_prev": lambda: self.step(-1),
            "b_next": lambda: self.step(1),
        }
        if key in nav:
            nav[key]()
        elif key == "toggle_hands":
            self.open_hands = not self.open_hands
            self.button(key).set_text(rt("open_hands") if self.open_hands else rt("own_view"))
        elif key == "analyse":
            self.start_analysis()
        elif key == "seat":
            self.seat_choice = (self.seat_choice + 1) % self.n
            self.button(key).set_text(self.seat_label(self.button(key).rect.w))
        elif key == "play_here":
            self.play_from_here()
        elif key == "again":
            self.to_table(self.handover.again(self.di, self.seat_choice))
        elif key == "export":
            self.export()
        elif key == "back":
            self.go_back()

    def start_analysis(self) -> None:
        """«Анализ»: the file's analysis (its cache sits beside it) while the file still holds the game on screen,
        else that game's own, in the worker. A file changed since it was opened (the first window playing on in
        ``current.json``, a synced folder) gave another game's analysis as this one's."""
        self.analyser.start(self.path if self.path is not None and self.file_holds_record() else self.record)
        if self.buttons:
            self.button("analyse").disable()

    def file_holds_record(self) -> bool:
        """Does the file the game was opened from still hold it, as it is shown?"""
        if self.path is None:
            return False
        try:
            return load(self.path) == self.record
        except (OSError, RecordError):
            return False

    def play_from_here(self) -> None:
        """The position played on at the table, the human in the chosen seat."""
        if self.match.over is not None:
            self.flash(rt("no_more"), error=True)
            return
        self.to_table(self.handover.from_here(self.di, self.pos, self.seat_choice))

    def to_table(self, table: Scene) -> None:
        self.analyser.cancel.set()  # the next frame stops the analysis
        self.app.switch(table)

    def export(self) -> None:
        """The deal as text in the exports folder; the status line names the file and the deal's code."""
        try:
            self.exported, code = self.handover.export(self.di)
        except OSError as exc:
            self.flash(file_problem_words(exc), error=True, seconds=6)
            return
        shown = printable(str(self.exported))  # a folder or a name that is not UTF-8 on disk: escaped, not a crash
        if code is None:
            self.flash(rt("exported_no_code", path=shown), seconds=12)
        else:
            self.flash(rt("exported", path=shown, code=code), seconds=12)

    def status_text(self) -> str:
        return status_words(self, self.names, self.analyser.result)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        now = self.now()
        geo, paint = self.geo, self.painter
        w, h = self.size
        surface.blit(felt((w, h)), (0, 0))
        pygame.draw.rect(surface, (14, 34, 22), pygame.Rect(0, 0, geo.list_w, h))
        title = rt("deal_of", n=self.di + 1, total=len(self.record.deals))
        draw_text(surface, title, (12, 12), 17, GOLD, bold=True)
        paint.hands(surface, self.deal, geo, self.seat_hand, self.open_hands, now, eyes=self.seat_choice)
        paint.stock(surface, self.deal, geo)
        self.trick.draw(surface, now)
        self.analyser.draw_marks(surface, self, self.hand_widget)
        paint.labels(surface, self.deal, geo, self.names)
        if self.analyser.result is not None and self.analyser.job is None:  # the marks' meaning, under the list
            self.legend = draw_legend(surface, pygame.Rect(8, h - LIST_FOOT + 4, geo.list_w - 16, LIST_FOOT - 6))
        info = self.analyser.info_lines
        self.info_shown = draw_info(surface, geo.info_area, info(self, self.names), info(self, self.names, short=True))
        names = self.names.sheet_names()
        reserved = self.sheet_reserved if self.buttons else 52
        self.sheet.draw(surface, self.model(), reserved, names=names, levels=self.names.levels)  # «⚡ Слева»
        pygame.draw.rect(surface, STATUS_BG, geo.controls_rect)
        draw_status(surface, geo.status_rect, self.status_text(), self.message, now)
        self.speech.draw(surface, now, others(self.me, self.n))  # the other seats' bubbles hang below
        if self.peek.shown and self.deal.tricks:  # drawn as the table draws it, over the viewer's trick
            self.trick_painter.levels = self.names.levels
            named = None if names is None else {s: self.names.speaker(s) for s in range(self.n)}  # a record's own
            self.trick_painter.last_trick(surface, self.deal.view(self.me), geo, named)
        self.banner.draw(surface, now)

    def go_back(self) -> None:
        self.analyser.cancel.set()
        if self.back_to is not None:
            self.back_to()
        else:
            self.app.to_menu()
