"""Replays: the browser of saved games and samples, and the viewer that steps through a record.

The viewer never stores positions: each one is ``replay(prefix(record, deal, actions))`` — the record's
actions re-applied through the engine, the same path as loading a save. It draws with the table's
widgets (hands, trick, score sheet, speech bubbles), both hands open or only seat 0's view, and shows
the analysis (``game.analysis``, run in a background thread) as marks in the action list and rings
on the cards. "Play from here" and "this deal again" hand a new record over to the table scene.
"""

from __future__ import annotations

import random
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.actions import Action, Kind
from game.analysis import Analysis, CardDecision, analyse_file, analyse_record
from game.cards import Card
from game.deal import Deal, Event, Phase
from game.drills import SITUATIONS
from game.errors import RecordError
from game.export import deal_code, deal_text
from game.match import Match
from game.record import DealRecord, GameRecord, load, prefix, replay
from game.scoring import PENALTY_TEXT
from ui.controller import GameController, SheetRow, TableModel
from ui.dialogs import MessageBox
from ui.fonts import STATUS_BG, draw_status_bar, draw_text, font, wrap
from ui.i18n import action_label, card_name, language, preset_name, tr
from ui.replays import RecordEntry, list_records, read_entry, rename, trash
from ui.scenes.base import Scene
from ui.scenes.table import speech_text
from ui.widgets.cards import CardImages, draw_shadow
from ui.widgets.felt import felt, panel
from ui.widgets.hand import HandWidget
from ui.widgets.scoresheet import ScoreSheet
from ui.widgets.speech import SpeechLayer
from ui.widgets.trick import TrickWidget

GOLD = (255, 226, 150)
CREAM = (244, 238, 220)
RED = (235, 90, 80)
GREEN = (120, 220, 130)

T: dict[str, tuple[str, str]] = {
    "title": ("Повторы", "Replays"),
    "open": ("Открыть", "Open"),
    "rename": ("Переименовать", "Rename"),
    "delete": ("Удалить", "Delete"),
    "back": ("Назад", "Back"),
    "open_path": ("Открыть файл", "Open file"),
    "browse": ("Обзор…", "Browse…"),
    "path_hint": ("путь к файлу записи (.json)", "path to a record file (.json)"),
    "ok": ("OK", "OK"),
    "current": ("Идёт", "In progress"),
    "game": ("Партия", "Game"),
    "sample": ("Пример", "Sample"),
    "file": ("Файл", "File"),
    "broken": ("повреждён", "broken"),
    "empty": ("Записей нет", "No records"),
    "confirm_delete": ("Удалить «{name}»? Файл будет перенесён в корзину:<br>{trash}",
                       "Delete '{name}'? The file is moved to the trash:<br>{trash}"),
    "details": ("<b>{name}</b><br>{kind} · {date}<br>Правила: {preset}<br>Игроки: {p0} — {p1}<br>"
                "Сдач: {deals}<br>Счёт: {s0} : {s1}{winner}<br><br><i>{path}</i>",
                "<b>{name}</b><br>{kind} · {date}<br>Rules: {preset}<br>Players: {p0} — {p1}<br>"
                "Deals: {deals}<br>Score: {s0} : {s1}{winner}<br><br><i>{path}</i>"),
    "won_by": ("<br>Выиграл: {who}", "<br>Won by: {who}"),
    "broken_details": (
        "<b>{name}</b><br><font color='#ff8870'>Файл повреждён:</font><br>{error}<br><br><i>{path}</i>",
        "<b>{name}</b><br><font color='#ff8870'>The file is broken:</font><br>{error}<br><br><i>{path}</i>",
    ),
    "cannot": ("Не получилось", "Could not do it"),
    # viewer
    "deal_start": ("Раздача (сдаёт {who})", "The deal ({who} deals)"),
    "deal_of": ("Сдача {n} из {total}", "Deal {n} of {total}"),
    "b_prev_deal": ("« Сдача", "« Deal"),
    "b_prev_trick": ("◀◀ Взятка", "◀◀ Trick"),
    "b_prev": ("◀ Ход", "◀ Step"),
    "b_next": ("Ход ▶", "Step ▶"),
    "b_next_trick": ("Взятка ▶▶", "Trick ▶▶"),
    "b_next_deal": ("Сдача »", "Deal »"),
    "open_hands": ("Карты: открыты", "Hands: open"),
    "own_view": ("Карты: вид игрока", "Hands: player's view"),
    "analyse": ("Анализ", "Analyse"),
    "analysing": ("Анализ… {done}/{total}", "Analysing… {done}/{total}"),
    "analysed": ("Анализ готов", "Analysis done"),
    "play_here": ("Играть отсюда", "Play from here"),
    "again": ("Сдачу заново", "This deal again"),
    "seat_for": ("Играть за: {who}", "Play as: {who}"),
    "export": ("Экспорт сдачи", "Export the deal"),
    "exported": ("Сохранено: {path} · код сдачи {code}", "Saved: {path} · deal code {code}"),
    "step_of": ("ход {i} из {n}", "action {i} of {n}"),
    "st_start": ("начало сдачи", "start of the deal"),
    "took": ("взятку берёт {who} (+{pts})", "{who} takes the trick (+{pts})"),
    "seq": ("{who}: комбинации +{pts}", "{who}: sequences +{pts}"),
    "penalty": ("штраф {who}: {why}", "penalty on {who}: {why}"),
    "result": ("итог: {a} : {b}", "result: {a} : {b}"),
    "redeal": ("пересдача", "redeal"),
    "mistake": ("ошибка −{loss} (лучше {best})", "mistake −{loss} (best {best})"),
    "next_move": ("Следующий ход: {who}", "Next: {who}"),
    "values_head": ("Карта · точно · по знанию игрока", "Card · exact · on the player's knowledge"),
    "lost": ("Потеряно в сдаче: {a} — {la}, {b} — {lb}", "Lost in the deal: {a} {la}, {b} {lb}"),
    "no_more": ("Дальше играть нечего", "Nothing left to play"),
    "bid_note": ("оценка торговли: лучше {best} (≈−{loss})", "bidding estimate: {best} better (≈−{loss})"),
}


def rt(key: str, **kw: object) -> str:
    pair = T.get(key)
    if pair is None:
        return tr(key, **kw)
    text = pair[1 if language() == "en" else 0]
    return text.format(**kw) if kw else text


def _fmt(v: float) -> str:
    return f"{v:+.0f}" if abs(v - round(v)) < 0.05 else f"{v:+.1f}"


def trick_boundaries(actions: list[Action]) -> list[int]:
    """Positions (actions applied) right after a trick was completed, plus 0 and the end."""
    out = [0]
    plays = 0
    for i, a in enumerate(actions, start=1):
        if a.kind is Kind.PLAY:
            plays += 1
            if plays % 2 == 0:
                out.append(i)
    if out[-1] != len(actions):
        out.append(len(actions))
    return out


# ================================================================================ the viewer


class ReplayScene(Scene):
    def __init__(  # type: ignore[no-untyped-def]
        self, app, record: GameRecord, path: Path | None = None, back: Callable[[], None] | None = None,
        deal: int = 0, pos: int = 0,
    ) -> None:
        super().__init__(app)
        self.record = record
        self.path = path
        self.back_to = back
        self.di = 0
        self.pos = 0
        self.open_hands = True
        self.seat_choice = 0
        self.analysis: Analysis | None = None
        self.analysis_error: str | None = None
        self.progress = (0, 0)
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self._result: Analysis | None = None
        self.images = app.images
        self.bottom = HandWidget(app.images)
        self.top = HandWidget(app.images)
        self.trick = TrickWidget(app.images)
        self.trick.speed = 0.0
        self.sheet = ScoreSheet()
        self.speech = SpeechLayer()
        self.message: tuple[str, float, bool] | None = None
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
        marks = trick_boundaries(self.deal_actions())
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
        return TableModel(seat=0, view=self.deal.view(0), sheet=sheet, scores=m.scores, hanging=m.hanging,
                          target=m.rules.target, deal_number=self.di + 1, game_over=m.over, open_hands=None)

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        return self.deal.hand(seat)

    def next_action(self) -> Action | None:
        actions = self.deal_actions()
        return actions[self.pos] if self.pos < len(actions) else None

    def decision(self, action_index: int) -> CardDecision | None:
        if self.analysis is None:
            return None
        d = self.analysis.deal(self.di)
        return None if d is None else d.decision_at(action_index)

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
        piles = {0: (p.right - 60, self.bottom_area.y), 1: (p.right - 60, self.top_area.y)}
        self.trick.layout(self.trick_area, self.trick_h, piles)
        self.speech.size = 16 if h < 760 else 18
        self.speech.anchors = {0: (self.bottom_area.centerx - 120, self.bottom_area.y - 24),
                               1: (self.top_area.centerx + 80, self.top_area.bottom + 6)}

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
        col = [("toggle_hands", rt("open_hands") if self.open_hands else rt("own_view")),
               ("analyse", rt("analyse")), ("seat", rt("seat_for", who=self.record.players[self.seat_choice])),
               ("play_here", rt("play_here")), ("again", rt("again")), ("export", rt("export")), ("back", rt("back"))]
        bh = 36 if h >= 700 else 30
        y = h - len(col) * (bh + 6) - 8
        self.sheet_reserved = h - y
        for key, text in col:
            self.add_button(text, key, pygame.Rect(sr.x + 12, y, sr.w - 24, bh))
            y += bh + 6
        if self.analysis is not None or self._thread is not None:
            self.button("analyse").disable()
        # the action list and the analysis progress
        lr = pygame.Rect(6, 40, self.list_w - 12, h - 40 - 46)
        self.action_list = pygame_gui.elements.UISelectionList(lr, [], m, allow_double_clicks=False)
        self.progress_bar = pygame_gui.elements.UIProgressBar(pygame.Rect(6, h - 40, self.list_w - 12, 32), m)
        if self._thread is None:
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
        b = self.button("play_here")
        (b.enable if playable else b.disable)()
        n = len(self.record.deals)
        at_start = self.di == 0 and self.pos == 0
        at_end = self.di == n - 1 and self.pos == len(self.deal_actions())
        for key in ("b_prev_deal", "b_prev_trick", "b_prev"):
            (self.button(key).disable if at_start else self.button(key).enable)()
        for key in ("b_next_deal", "b_next_trick", "b_next"):
            (self.button(key).disable if at_end else self.button(key).enable)()

    # ------------------------------------------------------------------ the action list

    def item_texts(self) -> list[str]:
        names = self.record.players
        out = [f"0. {rt('deal_start', n=self.di + 1, who=names[self.deal.dealer])}"]
        seats, penalised = self._seats_and_penalties()
        danal = self.analysis.deal(self.di) if self.analysis is not None else None
        for j, a in enumerate(self.deal_actions()):
            text = f"{j + 1}. {names[seats[j]]}: {self.action_text(a)}"
            if j in penalised:
                text += f"  ⚠ {tr('penalty')}"
            d = danal.decision_at(j) if danal is not None else None
            if d is not None and d.mistake:
                text += f"  ✗ −{d.loss:.0f}"
            if danal is not None:
                bid = next((b for b in danal.bids if b.action == j), None)
                if bid is not None and bid.loss >= 5:
                    text += f"  ? ≈−{bid.loss:.0f}"
            out.append(text)
        return out

    def _seats_and_penalties(self) -> tuple[list[int], set[int]]:
        """Who took each action, and which actions drew a strict-etiquette penalty: re-applied by the engine."""
        match = replay(prefix(self.record, self.di, 0))
        penalised: set[int] = set()
        for j, action in enumerate(self.deal_actions()):
            if any(ev.kind == "penalty" for ev in match.apply(action)):
                penalised.add(j)
        return [s for s, _ in match.deals[-1].history], penalised

    def action_text(self, a: Action) -> str:
        if a.kind is Kind.PLAY and a.card is not None:
            return card_name(a.card) + (" + " + tr("say_belle") if a.value else "")
        if a.kind is Kind.TELL_TOP:
            return tr("btn_top")
        return action_label(a)

    def fill_list(self, scroll: bool = False) -> None:
        if self.action_list is None:
            return
        texts = self.item_texts()
        self.item_pos = {t: i for i, t in enumerate(texts)}
        lst = self.action_list
        lst.set_item_list(texts)
        cur = min(self.pos, len(texts) - 1)
        item = lst.item_list[cur]
        item["selected"] = True
        if item.get("button_element") is not None:
            item["button_element"].select()
        self.scroll_list_to(cur)

    def scroll_list_to(self, index: int) -> None:
        """Keep the current item in view (pygame_gui has no public call for it: nudge the scroll bar)."""
        lst = self.action_list
        if lst is None or lst.scroll_bar is None or not lst.item_list:
            return
        try:
            height = lst.item_list[0].get("height", 20)
            total = len(lst.item_list) * height
            visible = lst.scroll_bar.visible_percentage
            want = max(0.0, min(1.0 - visible, (index * height - 0.4 * visible * total) / max(1, total)))
            lst.scroll_bar.start_percentage = want
            lst.scroll_bar.scroll_position = want * lst.scroll_bar.scrollable_height
            lst.scroll_bar.has_moved_recently = True
            lst.scroll_bar.rebuild()
        except (AttributeError, KeyError, TypeError, ZeroDivisionError):
            pass

    def item_rect(self, index: int) -> pygame.Rect | None:
        """The screen rectangle of a visible list item (tests click it)."""
        if self.action_list is None or index >= len(self.action_list.item_list):
            return None
        btn = self.action_list.item_list[index].get("button_element")
        return None if btn is None else btn.get_abs_rect()

    # ------------------------------------------------------------------ widgets

    def sync(self, now: float) -> None:
        deal = self.deal
        trump = deal.trump if deal.trump is not None else deal.first_trump
        self.bottom.set_cards(self.hand_cards(0), trump, None)
        self.top.set_cards(self.hand_cards(1), trump, None)
        view = deal.view(0)
        if view.trick:
            self.trick.sync(view.trick, view.trick_leader)
        elif deal.tricks and any(e.kind == "trick" for e in self.events):
            last = deal.tricks[-1]
            self.trick.sync(last.cards, last.leader)  # the trick just taken stays in view for this step
        else:
            self.trick.sync((), None)
        self.speech.clear()
        for ev in self.events:
            if ev.seat is None or not self.pos:
                continue
            text = speech_text(ev, self.deal_actions()[self.pos - 1])
            if text is not None:
                self.speech.say(ev.seat, text, now, ttl=10**9)
            if ev.kind == "penalty":
                self.speech.say(ev.seat, tr("penalty") + "!", now, warn=True, ttl=10**9)
        self.update_buttons()

    # ------------------------------------------------------------------ analysis

    def start_analysis(self) -> None:
        if self._thread is not None or self.analysis is not None:
            return
        self._cancel.clear()
        self.progress = (0, 0)
        self.analysis_error = None

        def progress(done: int, total: int) -> None:
            self.progress = (done, total)

        def work() -> None:
            try:
                if self.path is not None and self.path.exists():
                    self._result = analyse_file(self.path, progress=progress, cancel=self._cancel.is_set)
                else:
                    self._result = analyse_record(self.record, progress=progress, cancel=self._cancel.is_set)
            except Exception as exc:  # shown, never fatal
                self.analysis_error = str(exc) if isinstance(exc, RecordError) else repr(exc)

        self._thread = threading.Thread(target=work, name="analysis", daemon=True)
        self._thread.start()
        if self.progress_bar is not None:
            self.progress_bar.show()
        if self.buttons:
            self.button("analyse").disable()

    def wait_analysis(self, timeout: float = 60.0) -> None:
        """Tests: let the background analysis finish (the frames keep running it in)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def update(self, dt: float) -> None:
        if self._thread is not None:
            done, total = self.progress
            if self.progress_bar is not None:
                self.progress_bar.set_current_progress(100.0 * done / total if total else 0.0)
            if not self._thread.is_alive():
                self._thread = None
                if self.progress_bar is not None:
                    self.progress_bar.hide()
                if self._result is not None and not self._cancel.is_set():
                    self.analysis = self._result
                    self.flash(rt("analysed"))
                    self.fill_list()
                elif self.analysis_error:
                    self.flash(self.analysis_error, error=True, seconds=8)
                    self.button("analyse").enable()

    def animating(self) -> bool:
        return self._thread is not None or (self.message is not None and self.message[1] > time.monotonic())

    def leave(self) -> None:
        self._cancel.set()

    # ------------------------------------------------------------------ hand-over to the table

    def play_from_here(self) -> None:
        if self.match.over is not None:
            self.flash(rt("no_more"), error=True)
            return
        rec = prefix(self.record, self.di, self.pos)
        rec.meta = self._new_meta(branch={"source": str(self.path) if self.path else None, "deal": self.di,
                                          "action": self.pos})
        self._start_table(rec, self.seat_choice)

    def deal_again(self) -> None:
        d = self.record.deals[self.di]
        # the same deck from the start; the chosen seat's cards go to the human (seat 0) by choosing the dealer
        dealer = d.dealer if self.seat_choice == 0 else 1 - d.dealer
        names = self.record.players if self.seat_choice == 0 else self.record.players[::-1]
        rec = GameRecord(self.record.rules, list(names), dealer, [DealRecord(dealer, list(d.deck), [])],
                         self._new_meta(again={"source": str(self.path) if self.path else None, "deal": self.di,
                                               "seat": self.seat_choice}))
        self._start_table(rec, 0)

    def _new_meta(self, **extra: Any) -> dict[str, Any]:
        meta: dict[str, Any] = {"seed": random.SystemRandom().randrange(1 << 31),
                                "bot_level": self.app.settings.bot_level, "ui": "deberts-gui"}
        if self.app.options.seed is not None:
            meta["seed"] = self.app.options.seed
        meta.update(extra)
        return meta

    def _start_table(self, rec: GameRecord, human: int) -> None:
        from ui.scenes.table import TableScene

        kw = self.app.controller_kwargs()
        kw["human_seats"] = (human,)
        ctl = GameController.restore(self.app.paths, rec, **kw)  # type: ignore[arg-type]
        self._cancel.set()
        self.app.switch(TableScene(self.app, ctl))

    def export(self) -> None:
        text = deal_text(self.record, self.di, language())
        stem = self.path.stem if self.path is not None else "record"
        out = self.app.paths.data_dir / "exports" / f"{stem}-deal{self.di + 1}.txt"
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text, "utf-8")
        except OSError as exc:
            self.flash(str(exc), error=True, seconds=6)
            return
        self.exported = out
        d = self.record.deals[self.di]
        code = deal_code(d.deck, d.dealer, self.record.rules.name)
        self.flash(rt("exported", path=out, code=code), seconds=12)

    # ------------------------------------------------------------------ input

    def flash(self, text: str, error: bool = False, seconds: float = 4.0) -> None:
        self.message = (text, time.monotonic() + seconds, error)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.on_button(self.buttons[event.ui_element])
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.action_list:
            pos = self.item_pos.get(event.text)
            if pos is not None:
                self.goto(self.di, pos)
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
            pygame.K_END: lambda: (self.goto(self.di, len(self.deal_actions()))
                                   if self.pos < len(self.deal_actions())
                                   else self.goto(len(self.record.deals) - 1, 10**9)),
        }
        if key in moves:
            moves[key]()
        elif key == pygame.K_ESCAPE:
            self.go_back()

    def on_button(self, key: str) -> None:
        nav: dict[str, Callable[[], None]] = {
            "b_prev_deal": lambda: self.deal_step(-1), "b_next_deal": lambda: self.deal_step(1),
            "b_prev_trick": lambda: self.trick_step(-1), "b_next_trick": lambda: self.trick_step(1),
            "b_prev": lambda: self.step(-1), "b_next": lambda: self.step(1),
        }
        if key in nav:
            nav[key]()
        elif key == "toggle_hands":
            self.open_hands = not self.open_hands
            self.button(key).set_text(rt("open_hands") if self.open_hands else rt("own_view"))
        elif key == "analyse":
            self.start_analysis()
        elif key == "seat":
            self.seat_choice = 1 - self.seat_choice
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

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        now = time.monotonic()
        w, h = self.size
        surface.blit(felt((w, h)), (0, 0))
        pygame.draw.rect(surface, (14, 34, 22), pygame.Rect(0, 0, self.list_w, h))
        title = rt("deal_of", n=self.di + 1, total=len(self.record.deals))
        draw_text(surface, title, (12, 12), 17, GOLD, bold=True)
        self.draw_hands(surface)
        self.draw_stock(surface)
        self.trick.draw(surface, now)
        self.draw_marks(surface)
        self.draw_labels(surface)
        self.draw_info(surface)
        names = (self.record.players[0], self.record.players[1])
        self.sheet.draw(surface, self.model(), self.sheet_reserved if self.buttons else 52, names=names)
        pygame.draw.rect(surface, STATUS_BG, self.controls_rect)
        self.draw_status(surface, now)
        self.speech.draw(surface, now, 1)

    def draw_hands(self, surface: pygame.Surface) -> None:
        now = time.monotonic()
        self.bottom.draw(surface, now)
        if self.open_hands:
            self.top.draw(surface, now)
            return
        view = self.deal.view(0)
        n = view.opponent_cards
        if not n:
            return
        cw, ch = CardImages.size_for(self.card_h)
        step = min(cw * 0.55, (self.top_area.w - cw) / max(1, n - 1)) if n > 1 else 0
        x0 = self.top_area.centerx - (cw + step * (n - 1)) / 2
        known = list(view.known_opponent_cards)[:n]
        faces: list[Card | None] = [None] * (n - len(known)) + list(known)
        for i, card in enumerate(faces):
            r = pygame.Rect(round(x0 + i * step), self.top_area.y, cw, ch)
            draw_shadow(surface, r, 3, 50)
            surface.blit(self.images.get(card, self.card_h), r)

    def draw_stock(self, surface: pygame.Surface) -> None:
        deal = self.deal
        if deal.phase is Phase.OVER and deal.result is not None and deal.tricks:
            return
        h = self.stock_h
        w = CardImages.size_for(h)[0]
        x, y = self.play.x + 14, self.band.centery - h // 2
        side = pygame.transform.rotate(self.images.get(deal.face_up, h), 90)
        side_rect = side.get_rect(midleft=(x, y + h // 2))
        draw_shadow(surface, side_rect, 3, 50)
        surface.blit(side, side_rect)
        pile_x = side_rect.x + int(side_rect.w * 0.55)
        for i in range(4):
            r = pygame.Rect(pile_x + i * 2, y - i * 2, w, h)
            surface.blit(self.images.get(None, h), r)
        labels = [(tr("vskryshka"), (side_rect.x, side_rect.bottom + 6), "topleft")]
        if deal.freza is not None:
            top = pygame.Rect(pile_x + 18, y - 4, w, h)
            draw_shadow(surface, top, 3, 50)
            surface.blit(self.images.get(deal.freza, h), top)
            labels.append((tr("freza"), (top.right, top.bottom + 6), "topright"))
        for text, pos, anchor in labels:
            img = font(13).render(text, True, CREAM)
            r = img.get_rect(**{anchor: pos})
            panel(surface, r.inflate(10, 4), (0, 0, 0, 90), radius=6)
            surface.blit(img, r)

    def hand_widget(self, seat: int) -> HandWidget | None:
        if seat == 0:
            return self.bottom
        return self.top if self.open_hands else None

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Rings: the card about to be played (gold; red if the analysis calls it a mistake), the best (green)."""
        action = self.next_action()
        seat = self.deal.current_player()
        if action is None or action.kind is not Kind.PLAY or seat is None or action.card is None:
            return
        hand = self.hand_widget(seat)
        if hand is None:
            return
        d = self.decision(self.pos)
        rings: list[tuple[Card, tuple[int, int, int], str]] = []
        if d is not None and d.mistake:
            rings.append((action.card, RED, f"−{d.loss:.0f}"))
            rings.append((d.best, GREEN, "✓"))
        else:
            rings.append((action.card, GOLD, ""))
        for card, color, label in rings:
            if card not in hand.rects:
                continue
            r = hand.rects[card]
            pygame.draw.rect(surface, color, r.inflate(6, 6), 4, border_radius=10)
            if label:
                img = font(16, bold=True).render(label, True, (20, 20, 20))
                box = img.get_rect(topleft=(r.x + 8, r.y + int(r.h * 0.42)))  # on the card's visible left strip
                pygame.draw.rect(surface, color, box.inflate(10, 4), border_radius=8)
                surface.blit(img, box)

    def draw_labels(self, surface: pygame.Surface) -> None:
        deal = self.deal
        names = self.record.players
        ru = language() == "ru"
        spots = ((1, (self.top_area.x, self.top_area.y - 28)), (0, (self.bottom_area.x, self.bottom_area.y - 28)))
        for seat, pos in spots:
            text = names[seat]
            if deal.dealer == seat:
                text += " · " + ("сдаёт" if ru else "dealer")
            if deal.bidder == seat:
                text += " · " + ("играет" if ru else "bidder")
            tricks = sum(1 for t in deal.tricks if t.winner == seat)
            if deal.trump is not None:
                text += f" · {tricks} / {deal.card_points[seat]}"
            color = GOLD if deal.current_player() == seat else CREAM
            img = font(15, bold=True).render(text, True, color)
            r = img.get_rect(topleft=pos)
            panel(surface, r.inflate(14, 6), (0, 0, 0, 110), radius=8)
            surface.blit(img, r)

    def info_lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The side panel: who moves next and, with the analysis, each legal card's value."""
        out: list[tuple[str, tuple[int, int, int], bool]] = []
        names = self.record.players
        seat = self.deal.current_player()
        if seat is not None:
            out.append((rt("next_move", who=names[seat]), GOLD, True))
        if self.analysis is not None:
            danal = self.analysis.deal(self.di)
            if danal is not None:
                la, lb = danal.lost
                out.append((rt("lost", a=names[0], la=f"{la:.0f}", b=names[1], lb=f"{lb:.0f}"), CREAM, False))
                bid = next((b for b in danal.bids if b.action == self.pos), None)
                if bid is not None and bid.loss >= 5:
                    out.append((rt("bid_note", best=bid.best, loss=f"{bid.loss:.0f}"), CREAM, False))
        d = self.decision(self.pos)
        if d is not None:
            if d.mistake:
                out.append((rt("mistake", loss=f"{d.loss:.0f}", best=card_name(d.best)), RED, True))
            out.append((rt("values_head"), CREAM, True))
            for c, v in sorted(d.exact.items(), key=lambda kv: -kv[1]):
                mark = "  ◀" if c == d.played else ""
                color = GREEN if c == d.best else (RED if c == d.played and d.mistake else CREAM)
                known = _fmt(d.sampled[c]) if d.sampled and c in d.sampled else ""
                out.append((f"{card_name(c)}\t{_fmt(v)}\t{known}{mark}", color, False))
        return out

    def draw_info(self, surface: pygame.Surface) -> None:
        lines = self.info_lines()
        if not lines:
            return
        a = self.info_area
        size = 14 if a.h < 260 else 15
        row = size + 5
        fit = max(1, (a.h - 16) // row)
        wrapped: list[tuple[str, tuple[int, int, int], bool]] = []
        for text, color, bold in lines:
            for part in ([text] if "\t" in text else wrap(text, size, a.w - 20, bold)):
                wrapped.append((part, color, bold))
        wrapped = wrapped[:fit]
        box = pygame.Rect(a.x, a.y, a.w, 12 + row * len(wrapped))
        panel(surface, box, (0, 0, 0, 120), radius=10)
        y = box.y + 6
        for text, color, bold in wrapped:
            for i, cell in enumerate(text.split("\t")):  # value rows: card, exact, on knowledge
                draw_text(surface, cell, (box.x + 18 + i * 80, y), size, color, bold=bold)
            y += row

    def status_text(self) -> str:
        names = self.record.players
        n = len(self.deal_actions())
        parts = [rt("deal_of", n=self.di + 1, total=len(self.record.deals)), rt("step_of", i=self.pos, n=n)]
        if self.pos == 0:
            parts.append(rt("st_start"))
            return " · ".join(parts)
        action = self.deal_actions()[self.pos - 1]
        seat = next((e.seat for e in self.events if e.seat is not None), None)
        who = names[seat] if seat is not None else "?"
        parts.append(f"{who}: {self.action_text(action)}")
        d = self.decision(self.pos - 1)
        if d is not None and d.mistake:
            parts.append(rt("mistake", loss=f"{d.loss:.0f}", best=card_name(d.best)))
        for ev in self.events:
            if ev.kind == "trick" and ev.seat is not None:
                parts.append(rt("took", who=names[ev.seat], pts=ev.value))
            elif ev.kind == "sequences" and ev.seat is not None:
                parts.append(rt("seq", who=names[ev.seat], pts=ev.value))
            elif ev.kind == "penalty" and ev.seat is not None:
                pair = PENALTY_TEXT.get(ev.detail, (ev.detail, ev.detail))
                parts.append(rt("penalty", who=names[ev.seat], why=pair[1] if language() == "en" else pair[0]))
            elif ev.kind == "redeal":
                parts.append(rt("redeal"))
        if self.deal.result is not None and self.deal.phase is Phase.OVER and self.pos == n:
            a, b = self.deal.result.scores_after
            parts.append(rt("result", a=a, b=b))
        return " · ".join(parts)

    def draw_status(self, surface: pygame.Surface, now: float) -> None:
        text, color = self.status_text(), CREAM
        if self.message is not None and self.message[1] > now:
            text, color = self.message[0], (RED if self.message[2] else GOLD)
        draw_status_bar(surface, self.status_rect, text, color, size=15, smallest=10, pad=10)


# ================================================================================ the browser


class ReplayBrowserScene(Scene):
    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.entries: list[RecordEntry] = []
        self.item_entry: dict[str, int] = {}
        self.selected: int | None = None
        self.list: pygame_gui.elements.UISelectionList | None = None
        self.details: pygame_gui.elements.UITextBox | None = None
        self.path_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.rename_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self.file_dialog: pygame_gui.windows.UIFileDialog | None = None
        self.box: MessageBox | None = None
        self.refresh()

    def refresh(self) -> None:
        self.entries = list_records(self.app.paths)
        if self.selected is not None and self.selected >= len(self.entries):
            self.selected = None

    def entry_text(self, i: int, e: RecordEntry) -> str:
        if e.broken:
            return f"{i + 1}. ⚠ {e.path.name} — {rt('broken')}"
        p0, p1 = e.players
        score = f"{e.scores[0]}:{e.scores[1]}"
        if e.kind == "sample":
            return f"{i + 1}. {rt('sample')}: {e.path.stem} · {p0} – {p1} · {score}"
        # a saved game's file name starts with its time stamp (20261130-234316-…): the date follows anyway
        name = f"● {rt('current')}" if e.kind == "current" else re.sub(r"^\d{8}-\d{6}-", "", e.path.stem)
        practice = e.record.meta.get("practice") if e.record is not None else None
        situation = SITUATIONS.get(str(practice.get("situation"))) if isinstance(practice, dict) else None
        if situation is not None:  # a practice deal: the drill's own title, not its internal key
            name = f"{tr('practice')}: {situation.title[1] if language() == 'en' else situation.title[0]}"
        return f"{i + 1}. {name} · {e.date} · {e.preset} · {p0} – {p1} · {score}"

    def build(self) -> None:
        m = self.app.manager
        w, h = self.size
        self.buttons = {}
        self.rename_entry = None
        list_w = int((w - 90) * 0.62)
        lr = pygame.Rect(30, 64, list_w, h - 64 - 80)
        texts = [self.entry_text(i, e) for i, e in enumerate(self.entries)] or [rt("empty")]
        self.item_entry = {t: i for i, t in enumerate(texts) if self.entries}
        self.list = pygame_gui.elements.UISelectionList(lr, texts, m)
        if self.selected is not None:
            item = self.list.item_list[self.selected]
            item["selected"] = True
            if item.get("button_element") is not None:
                item["button_element"].select()
        x = lr.right + 30
        cw = w - x - 30
        self.details = pygame_gui.elements.UITextBox(self.details_html(), pygame.Rect(x, 64, cw, 250), m)
        y = 64 + 262
        bw = (cw - 10) // 2
        self.add_button(rt("open"), "open", pygame.Rect(x, y, cw, 44))
        y += 52
        self.add_button(rt("rename"), "rename", pygame.Rect(x, y, bw, 40))
        self.add_button(rt("delete"), "delete", pygame.Rect(x + bw + 10, y, bw, 40))
        self.rename_y = y + 48
        self.add_button(rt("back"), "back", pygame.Rect(x, h - 70, cw, 44))
        # open any file: a path, or the file dialog
        py = h - 62
        self.path_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(30, py, list_w - 300, 40), m,
                                                              placeholder_text=rt("path_hint"))
        self.add_button(rt("open_path"), "open_path", pygame.Rect(30 + list_w - 290, py, 150, 40))
        self.add_button(rt("browse"), "browse", pygame.Rect(30 + list_w - 130, py, 130, 40))
        self.update_buttons()

    def item_rect(self, index: int) -> pygame.Rect | None:
        if self.list is None or index >= len(self.list.item_list):
            return None
        btn = self.list.item_list[index].get("button_element")
        return None if btn is None else btn.get_abs_rect()

    def entry(self) -> RecordEntry | None:
        return None if self.selected is None else self.entries[self.selected]

    def update_buttons(self) -> None:
        e = self.entry()
        for key, ok in (("open", e is not None and not e.broken),
                        ("rename", e is not None and e.kind == "game"),
                        ("delete", e is not None and e.editable)):
            b = self.button(key)
            (b.enable if ok else b.disable)()

    def details_html(self) -> str:
        e = self.entry()
        if e is None:
            return ""
        esc = str.maketrans({"<": "&lt;", ">": "&gt;", "&": "&amp;"})
        if e.broken:
            return rt("broken_details", name=e.path.name, error=(e.error or "").translate(esc),
                      path=str(e.path).translate(esc))
        winner = rt("won_by", who=e.players[e.winner]) if e.winner is not None else ""
        assert e.record is not None
        preset = preset_name(e.record.rules.name) + (f", {e.record.rules.target}" if e.record.rules.target else "")
        return rt("details", name=e.path.name.translate(esc), kind=rt(e.kind), date=e.date, preset=preset,
                  p0=e.players[0], p1=e.players[1], deals=e.deals, s0=e.scores[0], s1=e.scores[1], winner=winner,
                  path=str(e.path).translate(esc))

    def select(self, index: int | None) -> None:
        self.selected = index
        if self.details is not None:
            self.details.set_text(self.details_html())
        if self.rename_entry is not None:
            self.rename_entry.kill()
            self.rename_entry = None
            self.button("rename_ok").kill()
        self.update_buttons()

    # ------------------------------------------------------------------ actions

    def open_entry(self, e: RecordEntry) -> None:
        if e.record is None:
            self.show_error(e.error or "?")
            return
        self.app.switch(ReplayScene(self.app, e.record, e.path, back=self.back_here))

    def back_here(self) -> None:
        self.refresh()
        self.app.switch(self)

    def open_path(self, text: str) -> None:
        path = Path(text.strip()).expanduser()
        if not text.strip():
            return
        entry = read_entry(path, "file")
        if entry.broken:
            self.show_error(entry.error or "?")
            return
        self.open_entry(entry)

    def show_error(self, text: str) -> None:
        esc = text.replace("&", "&amp;").replace("<", "&lt;")
        self.box = MessageBox(self.app.manager, rt("cannot"), esc, self.size)

    def ask_delete(self) -> None:
        e = self.entry()
        if e is None or not e.editable:
            return
        w, h = self.size
        rect = pygame.Rect(w // 2 - 230, h // 2 - 110, 460, 220)
        text = rt("confirm_delete", name=e.path.name, trash=self.app.paths.data_dir / "trash")
        self.confirm = pygame_gui.windows.UIConfirmationDialog(rect, text, self.app.manager,
                                                               window_title=rt("delete"),
                                                               action_short_name=rt("delete"))

    def do_delete(self) -> None:
        e = self.entry()
        if e is None or not e.editable:
            return
        try:
            trash(self.app.paths, e.path)
        except OSError as exc:
            self.show_error(str(exc))
            return
        self.selected = None
        self.refresh()
        self.resize()

    def ask_rename(self) -> None:
        e = self.entry()
        if e is None or e.kind != "game" or self.rename_entry is not None:
            return
        x = self.button("rename").get_abs_rect().x
        cw = self.details.get_abs_rect().w if self.details is not None else 300
        self.rename_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, self.rename_y, cw - 90, 40),
                                                                self.app.manager, initial_text=e.path.stem)
        self.add_button(rt("ok"), "rename_ok", pygame.Rect(x + cw - 80, self.rename_y, 80, 40))
        self.rename_entry.focus()

    def do_rename(self) -> None:
        e = self.entry()
        if e is None or self.rename_entry is None:
            return
        try:
            new = rename(e.path, self.rename_entry.get_text())
        except (OSError, ValueError) as exc:
            self.show_error(str(exc))
            return
        self.refresh()
        self.selected = next((i for i, x in enumerate(self.entries) if x.path == new), None)
        self.resize()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self.select(self.item_entry.get(event.text))
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            i = self.item_entry.get(event.text)
            if i is not None:
                self.open_entry(self.entries[i])
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            self.confirm = None
            self.do_delete()
        elif event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.file_dialog:
            self.file_dialog = None
            self.open_path(event.text)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            if event.ui_element is self.path_entry:
                self.open_path(event.text)
            elif event.ui_element is self.rename_entry:
                self.do_rename()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.on_button(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.app.gui_consumed:
            self.app.to_menu()

    def on_button(self, key: str) -> None:
        e = self.entry()
        if key == "open" and e is not None:
            self.open_entry(e)
        elif key == "rename":
            self.ask_rename()
        elif key == "rename_ok":
            self.do_rename()
        elif key == "delete":
            self.ask_delete()
        elif key == "open_path" and self.path_entry is not None:
            self.open_path(self.path_entry.get_text())
        elif key == "browse":
            w, h = self.size
            rect = pygame.Rect(w // 2 - 280, h // 2 - 250, 560, 500)
            start = str(self.app.paths.games_dir if self.app.paths.games_dir.is_dir() else Path.home())
            self.file_dialog = pygame_gui.windows.UIFileDialog(rect, self.app.manager, window_title=rt("open_path"),
                                                               initial_file_path=start,
                                                               allow_existing_files_only=True)
        elif key == "back":
            self.app.to_menu()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        draw_text(surface, rt("title"), (30, 16), 30, GOLD, bold=True)


def open_replay_file(app, path: str) -> None:  # type: ignore[no-untyped-def]
    """``main.py replay FILE``: the viewer, or the browser with the file's error."""
    browser = ReplayBrowserScene(app)
    try:
        record = load(path)
    except RecordError as exc:
        app.switch(browser)
        browser.show_error(str(exc))
        return
    app.switch(ReplayScene(app, record, Path(path), back=browser.back_here))
