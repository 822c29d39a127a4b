"""The replay viewer: steps through a record, every hand open or only one seat's view.

Two players: seat 0 at the bottom, seat 1 at the top. Three: the player's own seat (``meta.human_seat``; seat 0
in a sample) at the bottom, the two others above it on the left and the right (``ui.seats``), face up.

The viewer never stores positions: each one is ``replay(prefix(record, deal, actions))`` — the record's
actions re-applied through the engine, the same path as loading a save. It draws with the table's
widgets (hands, trick, score sheet, speech bubbles). Its parts are mixins beside it: ``action_list`` (the
list of the deal's actions), ``analysis`` (``game.analysis`` in a background thread: marks in the list,
rings on the cards, the values panel), ``handover`` (play from here, this deal again, export) and
``drawing``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.actions import Action, Kind
from game.analysis import Analysis
from game.bots.worker import Ticket
from game.cards import Card
from game.deal import Deal, Event, EventKind
from game.match import Match
from game.record import GameRecord, prefix, replay
from ui.controller import SheetRow, TableModel
from ui.dialogs import MessageBox
from ui.fonts import font
from ui.i18n import penalty_text, tr
from ui.scenes.base import Scene, set_enabled
from ui.scenes.replay.action_list import ActionList
from ui.scenes.replay.analysis import AnalysisPanel, analysis_progress
from ui.scenes.replay.drawing import ReplayDrawing
from ui.scenes.replay.handover import TableHandover
from ui.scenes.replay.texts import rt
from ui.scenes.table import speech_text
from ui.seats import others, seat_names, seat_side
from ui.widgets.banner import Banner, BannerLayer
from ui.widgets.cards import CardImages
from ui.widgets.hand import HandWidget
from ui.widgets.scoresheet import ScoreSheet
from ui.widgets.speech import SpeechLayer
from ui.widgets.trick import TrickWidget

if TYPE_CHECKING:
    from ui.app import App

UNNAMED = ("", "Игрок", "Бот", "Player", "Bot")  # the names a game of this program gives its seats


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


class ReplayScene(ActionList, AnalysisPanel, TableHandover, ReplayDrawing, Scene):
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
        self.path = path
        self.back_to = back
        self.n = record.rules.players
        self.me = self.bottom_seat()
        self.di = 0
        self.pos = 0
        self.open_hands = True
        self.seat_choice = self.me
        self.analysis: Analysis | None = None
        self.analysis_error: str | None = None
        self.progress = (0, 0)
        self._analysis_job: Ticket[Analysis] | None = None
        self._cancel = threading.Event()
        self.images = app.images
        self.bottom = HandWidget(app.images)
        self.top = HandWidget(app.images)  # two players: the other seat
        self.left = HandWidget(app.images)  # three players: the seat after the bottom one
        self.right = HandWidget(app.images)  # three players: the seat before it
        self.trick = TrickWidget(app.images)
        self.trick.speed = 0.0
        self.trick.players = self.n
        self.trick.view_seat = self.me
        self.sheet = ScoreSheet()
        self.speech = SpeechLayer()
        self.banner = BannerLayer(app.images)  # the judge names a penalty in the centre, as at the table
        self.message: tuple[str, float, bool] | None = None  # text, until, is_error
        self.message_at: tuple[int, int] | None = None  # the position (deal, actions) the message was given at
        self.action_list: pygame_gui.elements.UISelectionList | None = None
        self.item_pos: dict[str, int] = {}
        self.progress_bar: pygame_gui.elements.UIProgressBar | None = None
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
            before = replay(prefix(self.record, di, pos - 1))
            self.events = before.apply(self.deal_actions()[pos - 1])
            self.match = before
        else:
            self.match = replay(prefix(self.record, di, 0))
            self.events = []
        self.deal = self.match.deals[-1]
        self.sync(now=time.monotonic())
        if rebuild_list:
            self.fill_list(scroll=changed_deal)

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

    def human_seat(self) -> int | None:
        """The player's own seat in a game played in this program (``meta.human_seat``); None for samples."""
        seat = self.record.meta.get("human_seat")
        return seat if seat in range(self.record.rules.players) else None

    def bottom_seat(self) -> int:
        """The seat drawn at the bottom: seat 0 for two players (as always); for three the player's own seat."""
        me = self.human_seat() if self.record.rules.players == 3 else None
        return 0 if me is None else me

    def side(self, seat: int) -> str:
        """Where ``seat`` is drawn: "bottom", "top" (two players), "left" or "right" (three)."""
        return seat_side(self.me, seat, self.n)

    def speaker(self, seat: int) -> str:
        """Who acted, as the table's move log says it: the record's name where it has one, else «Вы» /
        «Соперник» — for three «Соперник слева» / «Соперник справа» (a game of this program names its seats only
        «Игрок» and «Бот»)."""
        name = self.record.players[seat] if seat < len(self.record.players) else ""
        me = self.human_seat()
        if me is not None and name in UNNAMED:
            if self.n == 3:
                return seat_names(me, 3)[seat]
            return tr("you") if seat == me else tr("bot")
        return name or tr("bot")

    def seat_label(self, seat: int) -> str:
        """A seat's name on the screen: the record's name (two players, as always); for three as the move log says
        it (``speaker``: «Вы», «Соперник слева» in the player's own game)."""
        return self.record.players[seat] if self.n == 2 else self.speaker(seat)

    def seat_word(self, seat: int) -> str | None:
        """ "you" / "left" / "right" when ``seat`` is named by where it sits (the player's own game for three), for
        the sentences that agree with it («взятку берёте вы», «штраф сопернику слева»); else None (a name)."""
        if self.n == 3 and self.seat_label(seat) in (tr("you"), tr("seat_left"), tr("seat_right")):
            return "you" if seat == self.me else self.side(seat)
        return None

    def short_label(self, seat: int) -> str:
        """``seat_label`` where room is short: «Соперник слева» becomes «Слева» (as the score sheet heads it)."""
        label = self.seat_label(seat)
        if self.n == 3 and label in (tr("seat_left"), tr("seat_right")):
            return tr(f"sheet_{self.side(seat)}")
        return label

    def sheet_names(self) -> tuple[str, ...] | None:
        """The score sheet's heads: the record's names; None (the sheet's own «Вы» / «Слева» / «Справа») in the
        player's own game for three, whose seats have no names of their own."""
        if self.n == 3 and self.human_seat() is not None and all(n in UNNAMED for n in self.record.players):
            return None
        return tuple(self.record.players)

    def judge_title(self, seat: int) -> str:
        """The judge's banner's title: «Судья: штраф вам» in the player's own game, else the name."""
        me = self.human_seat()
        if me is not None and self.speaker(seat) in (tr("you"), tr("bot")):
            return tr("judge_penalty_me" if seat == me else "judge_penalty_opp")
        if me is not None and seat == me:
            return tr("judge_penalty_me")
        return rt("judge_penalty", who=self.speaker(seat))

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        return self.deal.hand(seat)

    def seat_hand(self, seat: int) -> HandWidget:
        """The hand widget of ``seat``'s place at the table."""
        return {"bottom": self.bottom, "top": self.top, "left": self.left, "right": self.right}[self.side(seat)]

    def hand_area(self, seat: int) -> pygame.Rect:
        """Where ``seat``'s hand is drawn."""
        areas = {"bottom": self.bottom_area, "top": self.top_area, "left": self.left_area, "right": self.right_area}
        return areas[self.side(seat)]

    def next_action(self) -> Action | None:
        actions = self.deal_actions()
        return actions[self.pos] if self.pos < len(actions) else None

    # ------------------------------------------------------------------ layout

    def layout(self) -> None:
        w, h = self.size
        self.list_w = max(240, min(300, int(w * 0.22)))
        self.sheet_w = max(230, min(290, int(w * 0.21)))
        self.status_h = 34
        self.controls_h = 52
        self.sheet.layout(pygame.Rect(w - self.sheet_w, 0, self.sheet_w, h))
        p = pygame.Rect(self.list_w, 0, w - self.list_w - self.sheet_w, h - self.status_h - self.controls_h)
        self.play = p
        self.status_rect = pygame.Rect(p.x, h - self.status_h, p.w, self.status_h)
        self.controls_rect = pygame.Rect(p.x, p.bottom, p.w, self.controls_h)
        self.card_h = max(90, min(175, int(p.h * 0.24)))
        self.top_area = pygame.Rect(p.x + 12, p.y + 34, p.w - 24, self.card_h)
        self.bottom_area = pygame.Rect(p.x + 12, p.bottom - 10 - self.card_h, p.w - 24, self.card_h)
        self.trick_h = max(80, min(150, int(p.h * 0.2)))
        self.stock_h = int(self.trick_h * 0.8)
        band_top = self.top_area.bottom + 12
        band_bottom = self.bottom_area.y - 30
        self.band = pygame.Rect(p.x, band_top, p.w, max(60, band_bottom - band_top))
        tw, th = CardImages.size_for(self.trick_h)
        self.trick_area = pygame.Rect(0, 0, int(tw * 1.7), int(th * 1.45))
        self.trick_area.center = (p.x + int(p.w * 0.42), self.band.centery)
        right = self.trick_area.right + 14
        self.info_area = pygame.Rect(right, self.band.y, max(120, p.right - right - 10), self.band.h)
        self.bottom.layout(self.bottom_area, self.card_h)
        self.top.layout(self.top_area, self.card_h)
        # three players: the top band halved, the left opponent's hand on the left, the right one's on the right
        half = (self.top_area.w - 16) // 2
        self.side_h = int(self.card_h * 0.85)
        self.left_area = pygame.Rect(self.top_area.x, self.top_area.y, half, self.side_h)
        self.right_area = pygame.Rect(self.top_area.right - half, self.top_area.y, half, self.side_h)
        self.left.layout(self.left_area, self.side_h)
        self.right.layout(self.right_area, self.side_h)
        piles = {seat: (p.right - 60, self.hand_area(seat).y) for seat in range(self.n)}
        self.trick.layout(self.trick_area, self.trick_h, piles)
        self.banner.layout(pygame.Rect(p.x, self.band.y, p.w, self.band.h), int(self.trick_h * 0.8))
        self.speech.size = 16 if h < 760 else 18
        # the top player's anchor stays 160 px left of the side panel: room for a short bubble without pushing it
        if self.n == 3:
            self.speech.anchors = {
                self.me: (self.bottom_area.centerx - 120, self.bottom_area.y - 24),
                **{
                    seat: (self.hand_area(seat).centerx, self.hand_area(seat).bottom + 6) for seat in others(self.me, 3)
                },
            }
        else:
            self.speech.anchors = {
                0: (self.bottom_area.centerx - 120, self.bottom_area.y - 24),
                1: (min(self.top_area.centerx + 80, self.info_area.x - 160), self.top_area.bottom + 6),
            }
        self.speech.right_edge = self.info_area.x - 8  # never over the «Следующий ход» / values panel

    def build(self) -> None:
        self.layout()
        m = self.app.manager
        h = self.size[1]
        self.buttons = {}
        # transport row
        keys = ["b_prev_deal", "b_prev_trick", "b_prev", "b_next", "b_next_trick", "b_next_deal"]
        cr = self.controls_rect
        bw = min(130, (cr.w - 20 - 5 * 6) // 6)
        x0 = cr.centerx - (6 * bw + 5 * 6) // 2
        # a narrow window (1024x640) has no room for the words: the arrows stay, the words go to the tooltip
        short = any(font(16, bold=True).size(rt(k))[0] > bw - 10 for k in keys)
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
            ("seat", rt("seat_for", who=self.record.players[self.seat_choice])),
            ("play_here", rt("play_here")),
            ("again", rt("again")),
            ("export", rt("export")),
            ("back", rt("back")),
        ]
        bh = 36 if h >= 700 else 30
        y = h - len(col) * (bh + 6) - 8
        self.sheet_reserved = h - y
        for key, text in col:
            self.add_button(text, key, pygame.Rect(sr.x + 12, y, sr.w - 24, bh))
            y += bh + 6
        if self.analysis is not None or self._analysis_job is not None:
            self.button("analyse").disable()
        # the action list and the analysis progress
        lr = pygame.Rect(6, 40, self.list_w - 12, h - 40 - 46)
        self.action_list = pygame_gui.elements.UISelectionList(lr, [], m, allow_double_clicks=False)
        self.progress_bar = analysis_progress(pygame.Rect(6, h - 40, self.list_w - 12, 32), m)
        if self._analysis_job is None:
            self.progress_bar.hide()
        self.fill_list(scroll=True)
        self.update_buttons()

    def resize(self) -> None:
        super().resize()
        self.sync(time.monotonic())

    def update_buttons(self) -> None:
        if not self.buttons:
            return
        playable = self.match.over is None
        set_enabled(self.button("play_here"), playable)
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
        for seat in range(self.n):
            self.seat_hand(seat).set_cards(self.hand_cards(seat), trump, None)
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
                title = self.judge_title(ev.seat)
                self.banner.show(Banner("judge", title, penalty_text(ev.detail), float(10**9)))
        self.update_buttons()

    # ------------------------------------------------------------------ per frame

    def update(self, dt: float) -> None:
        self.poll_analysis()

    def state_token(self) -> object:
        """Besides input, the picture changes when a message expires and while the analysis runs (its progress,
        then its marks); the loop's idle ticks come often enough for both, so the viewer never animates."""
        message = self.message if self.message is not None and self.message[1] > time.monotonic() else None
        running = self.progress if self._analysis_job is not None else None
        banners = self.banner.token()
        return self.di, self.pos, self.open_hands, id(self.analysis), running, message, banners

    def leave(self) -> None:
        self.stop_analysis()

    # ------------------------------------------------------------------ input

    def flash(self, text: str, error: bool = False, seconds: float = 4.0) -> None:
        """A message in the status line for ``seconds``, or until the shown position changes."""
        self.message = (text, time.monotonic() + seconds, error)
        self.message_at = (self.di, self.pos)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.on_button(self.buttons[event.ui_element])
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.action_list:
            pos = self.item_pos.get(event.text)
            if pos is not None:
                self.goto(self.di, pos)
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not self.app.gui_consumed
            and self.banner.rect.collidepoint(event.pos)
        ):
            self.banner.release(time.monotonic())  # read: a click on the banner puts it away
        elif event.type == pygame.KEYDOWN:
            self.on_key(event.key)

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
            self.button(key).set_text(rt("seat_for", who=self.record.players[self.seat_choice]))
        elif key == "play_here":
            self.play_from_here()
        elif key == "again":
            self.deal_again()
        elif key == "export":
            self.export()
        elif key == "back":
            self.go_back()

    def go_back(self) -> None:
        self._cancel.set()
        if self.back_to is not None:
            self.back_to()
        else:
            self.app.to_menu()
