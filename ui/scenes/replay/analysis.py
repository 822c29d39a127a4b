"""The viewer's analysis: ``game.analysis`` run in the worker process (``game.bots.worker``; cached beside the
file), then the rings on the cards (the card played, the best one) and the panel of each legal card's value."""

from __future__ import annotations

import time

import pygame
import pygame_gui

from game.actions import Action, Kind
from game.analysis import CardDecision
from game.bots.worker import shared
from game.cards import Card
from game.errors import RecordError
from ui.fonts import draw_text, font, wrap
from ui.i18n import action_label, card_name, signed_number, tr
from ui.scenes.replay.host import ReplayHost
from ui.scenes.replay.texts import CREAM, GOLD, GREEN, RED, rt
from ui.seats import others
from ui.widgets.felt import panel


def _fmt(v: float) -> str:
    """A card's value as the rest of the screen writes numbers: «+2», «−96,8» (a true minus, a decimal comma)."""
    return signed_number(v, 0 if abs(v - round(v)) < 0.05 else 1)


ESTIMATE_AFTER_S = 1.5  # before this, too little is known to guess the time left


def time_left_words(seconds: float) -> str:
    """«около 40 с», «около 2 мин»: rounded as a person would say it (abbreviated units need no plural forms)."""
    if seconds < 60:
        return tr("an_left_s", n=max(5, round(seconds / 5) * 5))
    return tr("an_left_min", n=round(seconds / 60))


def progress_words(done: int, total: int, elapsed: float, done_before: int = 0) -> str:
    """The analysis' progress for the player: «Анализ 38 % · ещё около 1 мин» (not pygame_gui's "37.7/100.0"). The
    time left is the pace so far (``done - done_before`` decisions in ``elapsed`` seconds) over the decisions left —
    a rough guess, hence «около»."""
    percent = int(100 * done / total) if total else 0
    if not total or done >= total:
        return tr("an_percent", pct=percent)
    seen = done - done_before
    if seen <= 0 or elapsed < ESTIMATE_AFTER_S:
        return tr("an_percent_guessing", pct=percent)
    return tr("an_percent_left", pct=percent, left=time_left_words(elapsed * (total - done) / seen))


def bid_words(code: str) -> str:
    """The analysis' best bid («pass», «order», «name:H») as the player says it: «пас», «играю», ♥ червы."""
    try:
        action = Action.parse(code)
    except ValueError:
        return code
    label = action_label(action)
    return label if action.kind is Kind.NAME else f"«{label.lower()}»"


class AnalysisProgress(pygame_gui.elements.UIProgressBar):
    """The progress bar under the action list, in words: percent and a sense of the time left."""

    def __init__(self, rect: pygame.Rect, manager: pygame_gui.UIManager) -> None:
        self.text = progress_words(0, 0, 0.0)  # some text from the start: pygame_gui loads the font only then
        self.started: float | None = None  # when the bar first saw this analysis
        self.done_at_start = 0  # how far it was then (a bar rebuilt mid-analysis, by a resize, measures from there)
        super().__init__(rect, manager)

    def status_text(self) -> str:
        return self.text

    def show_progress(self, done: int, total: int, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        if self.started is None or total == 0:
            self.started, self.done_at_start = now, done
        self.text = progress_words(done, total, now - self.started, self.done_at_start)
        self.set_current_progress(100.0 * done / total if total else 0.0)
        self.status_changed = True  # redrawn at its next update: the words change even when the percentage does not


def analysis_progress(rect: pygame.Rect, manager: pygame_gui.UIManager) -> pygame_gui.elements.UIProgressBar:
    """The viewer's progress bar (typed as pygame_gui's own, whose methods the type checker takes as they are)."""
    return AnalysisProgress(rect, manager)


class AnalysisPanel(ReplayHost):
    """Mixed into ``ReplayScene``: starting and collecting the analysis, and drawing what it found."""

    def decision(self, action_index: int) -> CardDecision | None:
        if self.analysis is None:
            return None
        d = self.analysis.deal(self.di)
        return None if d is None else d.decision_at(action_index)

    def start_analysis(self) -> None:
        if self._analysis_job is not None or self.analysis is not None:
            return
        self._cancel.clear()
        self.progress = (0, 0)
        self.analysis_error = None
        source = self.path if self.path is not None and self.path.exists() else self.record
        self._analysis_job = shared().analyse(source)
        if self.progress_bar is not None:
            self.progress_bar.show()
        if self.buttons:
            self.button("analyse").disable()

    def wait_analysis(self, timeout: float = 60.0) -> None:
        """Tests: let the background analysis finish (the frames then take in its result)."""
        if self._analysis_job is not None:
            self._analysis_job.wait(timeout)

    def stop_analysis(self) -> None:
        """The viewer is left: the worker stops the analysis at its next card (its result is not wanted)."""
        self._cancel.set()
        if self._analysis_job is not None:
            self._analysis_job.cancel()
            self._analysis_job = None

    def poll_analysis(self) -> None:
        """Each frame: the progress bar; when the worker answers, the marks (or the error). Leaving the viewer
        (``_cancel``) stops the analysis in the worker."""
        job = self._analysis_job
        if job is None:
            return
        if self._cancel.is_set():
            self.stop_analysis()
            return
        finished = job.done()
        self.progress = job.progress
        done, total = self.progress
        if isinstance(self.progress_bar, AnalysisProgress):
            self.progress_bar.show_progress(done, total)
        if not finished:
            return
        self._analysis_job = None
        if self.progress_bar is not None:
            self.progress_bar.hide()
        try:
            self.analysis = job.result()
        except Exception as exc:  # shown, never fatal
            self.analysis_error = str(exc) if isinstance(exc, RecordError) else repr(exc)
            self.flash(self.analysis_error, error=True, seconds=8)
            self.button("analyse").enable()
            return
        self.flash(rt("analysed"))
        self.fill_list()

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

    def info_lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The side panel: who moves next and, with the analysis, each legal card's value."""
        out: list[tuple[str, tuple[int, int, int], bool]] = []
        after: list[tuple[str, tuple[int, int, int], bool]] = []  # three players: the lost points after the values
        names = self.record.players
        seat = self.deal.current_player()
        if seat is not None:
            out.append((rt("next_move", who=self.seat_label(seat)), GOLD, True))
        if self.analysis is not None:
            danal = self.analysis.deal(self.di)
            if danal is not None:
                lost = danal.lost
                if len(lost) == 2:
                    la, lb = lost
                    out.append((rt("lost", a=names[0], la=f"{la:.0f}", b=names[1], lb=f"{lb:.0f}"), CREAM, False))
                else:  # three: each seat in the order they sit, from the bottom one
                    order = [self.me, *others(self.me, self.n)]
                    each = ", ".join(rt("lost_one", who=self.seat_label(s), pts=f"{lost[s]:.0f}") for s in order)
                    after.append((rt("lost_n", seats=each), CREAM, False))  # three lines on a narrow panel
                bid = next((b for b in danal.bids if b.action == self.pos), None)
                if bid is not None and bid.loss >= 5:
                    out.append((rt("bid_note", best=bid_words(bid.best), loss=f"{bid.loss:.0f}"), CREAM, False))
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
        return out + after

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
            for part in [text] if "\t" in text else wrap(text, size, a.w - 20, bold):
                wrapped.append((part, color, bold))
        wrapped = wrapped[:fit]
        box = pygame.Rect(a.x, a.y, a.w, 12 + row * len(wrapped))
        panel(surface, box, (0, 0, 0, 120), radius=10)
        y = box.y + 6
        for text, color, bold in wrapped:
            for i, cell in enumerate(text.split("\t")):  # value rows: card, exact, on knowledge
                draw_text(surface, cell, (box.x + 18 + i * 80, y), size, color, bold=bold)
            y += row
