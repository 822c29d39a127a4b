"""The viewer's analysis: ``game.services.analysis`` run in the worker process (``game.services.worker``; cached in
the cache folder by the file's content), then the rings on the cards (the card played, the best one) and the panel of
each legal card's value.

``ReplayAnalysis`` owns the analysis: the worker's ticket, its progress and bar, the result or the error."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pygame
import pygame_gui

from game.actions import Action, Kind
from game.cards import Card
from game.errors import RecordError
from game.record import GameRecord
from game.services.analysis.facts import Analysis, CardDecision, DaveJudgement
from game.services.worker import Ticket, Worker, shared
from ui.fonts import draw_text, font, wrap
from ui.i18n import action_label, card_name, points, quoted, signed_number, tr
from ui.scenes.replay.names import Position, SeatNames
from ui.scenes.replay.texts import CREAM, GREEN, RED, best_blind, mistake_words, rt
from ui.seats import others
from ui.theme import GOLD
from ui.widgets.felt import panel
from ui.widgets.hand import HandWidget


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
    """The analysis' best bid («pass», «order», «name:H») as the player says it: «пас», «играю», ♥ черви."""
    try:
        action = Action.parse(code)
    except ValueError:
        return code
    label = action_label(action)
    return label if action.kind is Kind.NAME else quoted(label.lower())


class AnalysisProgress(pygame_gui.elements.UIProgressBar):
    """The progress bar under the action list, in words: percent and a sense of the time left."""

    def __init__(self, rect: pygame.Rect, manager: pygame_gui.UIManager) -> None:
        self.text = progress_words(0, 0, 0.0)  # some text from the start: pygame_gui loads the font only then
        self.started: float | None = None  # when the bar first saw this analysis
        self.done_at_start = 0  # how far it was then (a bar rebuilt mid-analysis, by a resize, measures from there)
        super().__init__(rect, manager)

    def status_text(self) -> str:
        return self.text

    def show_progress(self, done: int, total: int, now: float) -> None:
        if self.started is None or total == 0:
            self.started, self.done_at_start = now, done
        self.text = progress_words(done, total, now - self.started, self.done_at_start)
        self.set_current_progress(100.0 * done / total if total else 0.0)
        self.status_changed = True  # redrawn at its next update: the words change even when the percentage does not


def analysis_progress(rect: pygame.Rect, manager: pygame_gui.UIManager) -> pygame_gui.elements.UIProgressBar:
    """The viewer's progress bar (typed as pygame_gui's own, whose methods the type checker takes as they are)."""
    return AnalysisProgress(rect, manager)


class Outcome(NamedTuple):
    """What a finished analysis means for the viewer: its words for the status line (``error``: they are the
    error's), and whether the marks are new (the list is filled again)."""

    words: str
    error: bool


class ReplayAnalysis:
    """The analysis of the record: started by «Анализ», run in the worker, collected each frame."""

    def __init__(self, thinker: Worker | None = None) -> None:
        self.thinker = thinker  # who analyses (the App's); None: the worker process
        self.result: Analysis | None = None
        self.error: str | None = None
        self.progress = (0, 0)
        self.job: Ticket[Analysis] | None = None  # the analysis the worker is doing
        self.cancel = threading.Event()  # set when the viewer is left: the next frame cancels the analysis
        self.bar: pygame_gui.elements.UIProgressBar | None = None

    def build(self, rect: pygame.Rect, manager: pygame_gui.UIManager) -> None:
        """The progress bar under the action list, in a cleared UI manager (shown while the analysis runs)."""
        self.bar = analysis_progress(rect, manager)
        if self.job is None:
            self.bar.hide()

    @property
    def started(self) -> bool:
        """Running or done: «Анализ» is greyed."""
        return self.job is not None or self.result is not None

    def start(self, source: Path | GameRecord) -> None:
        """Post the analysis of ``source`` (the file when there is one: its cache sits beside it)."""
        if self.started:
            return
        self.cancel.clear()
        self.progress = (0, 0)
        self.error = None
        self.job = (self.thinker or shared()).analyse(source)
        if self.bar is not None:
            self.bar.show()

    def wait(self, timeout: float = 60.0) -> None:
        """Tests: let the background analysis finish (the frames then take in its result)."""
        if self.job is not None:
            self.job.wait(timeout)

    def stop(self) -> None:
        """The viewer is left: the worker stops the analysis at its next card (its result is not wanted)."""
        self.cancel.set()
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def poll(self, now: float) -> Outcome | None:
        """Each frame (``now``: the scene's clock): the progress bar; when the worker answers, the result (or the
        error) and what to say.
        Leaving the viewer (``cancel``) stops the analysis in the worker."""
        job = self.job
        if job is None:
            return None
        if self.cancel.is_set():
            self.stop()
            return None
        finished = job.done()
        self.progress = job.progress
        done, total = self.progress
        if isinstance(self.bar, AnalysisProgress):
            self.bar.show_progress(done, total, now)
        if not finished:
            return None
        self.job = None
        if self.bar is not None:
            self.bar.hide()
        try:
            self.result = job.result()
        except Exception as exc:  # shown, never fatal
            self.error = str(exc) if isinstance(exc, RecordError) else repr(exc)
            return Outcome(self.error, True)
        return Outcome(rt("analysed"), False)

    def decision(self, di: int, action_index: int) -> CardDecision | None:
        """The analysis of the card played as action ``action_index`` of deal ``di`` (None: none, or not a card)."""
        if self.result is None:
            return None
        d = self.result.deal(di)
        return None if d is None else d.decision_at(action_index)

    def draw_marks(self, surface: pygame.Surface, at: Position, hand_of: Callable[[int], HandWidget | None]) -> None:
        """Rings: the card about to be played (gold; red if the analysis calls it a mistake), the best (green);
        ``hand_of``: the hand drawn face up for a seat (None: its backs)."""
        action = at.next_action()
        seat = at.deal.current_player()
        if action is None or action.kind is not Kind.PLAY or seat is None or action.card is None:
            return
        hand = hand_of(seat)
        if hand is None:
            return
        d = self.decision(at.di, at.pos)
        rings: list[tuple[Card, tuple[int, int, int], str]] = []
        if d is not None and d.mistake:  # best on the player's knowledge: gold, not red (the hint's own choice)
            rings.append((action.card, GOLD if best_blind(d) else RED, f"−{d.loss:.0f}"))
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

    def info_lines(
        self, at: Position, names: SeatNames, short: bool = False
    ) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The side panel: who moves next and, with the analysis, each legal card's value. ``short``: three
        players' lost points without «в сдаче» and the dashes («Потеряно очков: Анна 70, Борис 108, Вера 46»),
        for a panel where the whole sentence does not fit under the values (``info_rows``)."""
        out: list[tuple[str, tuple[int, int, int], bool]] = []
        after: list[tuple[str, tuple[int, int, int], bool]] = []  # three players: the lost points after the values
        shown = self.decision(at.di, at.pos - 1) if at.pos > 0 else None
        if shown is not None and shown.mistake:  # the row selected is this card: its verdict first, then what is next
            said = rt(
                "last_move", who=names.seat_label(shown.seat), card=card_name(shown.played), what=mistake_words(shown)
            )
            out.append((said, CREAM if best_blind(shown) else RED, True))
        seat = at.deal.current_player()
        if seat is not None:
            out.append((rt("next_move", who=names.seat_label(seat)), GOLD, True))
        if self.result is not None:
            danal = self.result.deal(at.di)
            if danal is not None:
                lost = danal.lost
                if len(lost) == 2:
                    la, lb = lost
                    a, b = names.seat_label(0), names.seat_label(1)  # «Вы», «Соперник» in one's own game
                    out.append((rt("lost", a=a, la=f"{la:.0f}", b=b, lb=f"{lb:.0f}"), CREAM, False))
                else:  # three: each seat in the order they sit, from the bottom one
                    order = [names.me, *others(names.me, names.n)]
                    one, whole = ("lost_one_short", "lost_n_short") if short else ("lost_one", "lost_n")
                    each = ", ".join(rt(one, who=names.seat_label(s), pts=f"{lost[s]:.0f}") for s in order)
                    after.append((rt(whole, seats=each), CREAM, False))  # three lines on a narrow panel
                if any(j.mistake for j in danal.daves):  # in stakes, beside the points: they do not add up
                    stakes_lost = [sum(j.loss for j in danal.daves if j.seat == s) for s in range(len(lost))]
                    each = ", ".join(
                        rt("dave_lost_one", who=names.seat_label(s), n=n) for s, n in enumerate(stakes_lost)
                    )
                    out.append((rt("dave_lost", seats=each), CREAM, False))
                actions = at.deal_actions()
                if at.pos < len(actions) and actions[at.pos].kind in (Kind.DAVE, Kind.ANSWER_DAVE):
                    judged = next((j for j in danal.daves if j.action == at.pos), None)
                    out.append((open_outcome(judged, names), CREAM, False))
                    if judged is not None:
                        out.append((dave_words(judged), RED if judged.mistake else CREAM, judged.mistake))
                bid = next((b for b in danal.bids if b.action == at.pos), None)
                if bid is not None and bid.loss >= 5:
                    # what was bid, what was better and by how many points («на ≈46 очков»)
                    words = rt(
                        "bid_note", best=bid_words(bid.best), bid=bid_words(bid.chosen), loss=points(round(bid.loss))
                    )
                    out.append((words, CREAM, False))
        d = self.decision(at.di, at.pos)
        if d is not None:
            if d.mistake:
                out.append((mistake_words(d), CREAM if best_blind(d) else RED, True))  # bad luck is no fault
            # the third column only when there are values on the player's knowledge (not for three players)
            # what the columns are, as a sentence: heads over the columns do not fit a small window's panel, and
            # this one wraps after its colon
            out.append((rt("values_head" if d.sampled else "values_head_exact"), CREAM, True))
            for c, v in sorted(d.exact.items(), key=lambda kv: -kv[1]):
                mark = "  ◀" if c == d.played else ""
                color = GREEN if c == d.best else (RED if c == d.played and d.mistake else CREAM)
                known = _fmt(d.sampled[c]) if d.sampled and c in d.sampled else ""
                out.append((f"{card_name(c)}\t{_fmt(v)}\t{known}{mark}", color, False))
        return out + after


Line = tuple[str, tuple[int, int, int], bool]


def merge_equal_values(lines: list[Line], room: int, size: int) -> list[Line]:
    """Value rows of the same value and colour in one row («7♠ В♠ Д♠ 7♣\t−32»), each row no wider than
    ``room``: eight legal cards and the lost points did not fit a small window's panel (issue 22)."""
    out: list[Line] = []
    for text, color, bold in lines:
        if out and "\t" in text and "\t" in out[-1][0] and out[-1][1:] == (color, bold):
            card, rest = text.split("\t", 1)
            cards, last = out[-1][0].split("\t", 1)
            joined = f"{cards} {card}"
            columns = len(text.rstrip("\t").split("\t")) - 1  # the value columns right of the cards
            widest = (room - 50) // max(1, columns) - 14  # each value column clears the cards' cell
            if rest == last and font(size, bold).size(joined)[0] <= widest:
                out[-1] = (f"{joined}\t{rest}", color, bold)
                continue
        out.append((text, color, bold))
    return out


def info_rows(area: pygame.Rect, lines: list[Line]) -> tuple[list[Line], int, bool]:
    """The side panel's rows in ``area`` (wrapped words; cards of equal value share a row when not all fit), their
    font size, and whether every line fitted (a line that does not is left out whole, with the ones after it)."""
    size = 14 if area.h < 260 else 15
    fit = max(1, (area.h - 16) // (size + 5))

    def wrapped_of(given: list[Line]) -> list[Line]:
        return [
            (part, color, bold)
            for text, color, bold in given
            for part in ([text] if "\t" in text else wrap_after_colon(text, size, area.w - 20, bold))
        ]

    if len(wrapped_of(lines)) > fit:
        lines = merge_equal_values(lines, area.w - 20, size)
    wrapped: list[Line] = []
    for line in lines:  # whole sentences only: never «Потеряно очков в сдаче: Анна — 170,» cut short
        parts = wrapped_of([line])
        if len(wrapped) + len(parts) > fit:
            return wrapped, size, False
        wrapped.extend(parts)
    return wrapped, size, True


def draw_legend(surface: pygame.Surface, area: pygame.Rect) -> list[str]:
    """What the move list's marks mean, under the list once the analysis is in (it was said only for a while in
    the status line and in a tooltip): a mark a line where they fit (no «·» left hanging at a line's end), else the
    marks run on, wrapped; smaller where they do not fit. Returns the lines drawn."""
    items = rt("legend").split(" · ")
    tries = [(size, items) for size in (13, 12, 11)] + [
        (size, wrap(" · ".join(items), size, area.w)) for size in (13, 12, 11)
    ]
    for size, lines in tries:  # a mark a line at any size first, then the marks run on
        step = font(size).get_linesize()
        if len(lines) * step <= area.h and all(font(size).size(line)[0] <= area.w for line in lines):
            break
    for i, line in enumerate(lines):
        draw_text(surface, line, (area.x, area.y + i * step), size, CREAM)
    return lines


def draw_info(
    surface: pygame.Surface, area: pygame.Rect, lines: list[Line], shorter: list[Line] | None = None
) -> list[Line]:
    """The side panel's lines in ``area`` (``info_rows``); ``shorter``, the same lines in fewer words, when the
    first do not all fit (at 1024×640 the lost points for three were left out under six values). Returns the
    rows drawn."""
    if not lines:
        return []
    a = area
    wrapped, size, whole = info_rows(a, lines)
    if not whole and shorter is not None:
        wrapped, size, _ = info_rows(a, shorter)
    row = size + 5
    # value rows: card, exact, on knowledge, then the ◀ of the card played; each column as wide as its widest cell
    # (a fixed 80 put the ◀ over «−30,2» and past the panel's edge at 1024×640)
    widths: dict[int, int] = {}
    for t, _, bold in wrapped:
        for i, cell in enumerate(t.split("\t") if "\t" in t else ()):
            if cell.strip() != "◀":
                widths[i] = max(widths.get(i, 0), font(size, bold).size(cell)[0])
    box = pygame.Rect(a.x, a.y, a.w, 12 + row * len(wrapped))
    panel(surface, box, (0, 0, 0, 120), radius=10)
    y = box.y + 6
    for text, color, bold in wrapped:
        x = box.x + 18
        for i, cell in enumerate(text.split("\t")):
            if i > 0:
                x += widths.get(i - 1, 0) + (6 if cell.strip() == "◀" else 18)
            draw_text(surface, cell.strip() if cell.strip() == "◀" else cell, (x, y), size, color, bold=bold)
        y += row
    return wrapped


def wrap_after_colon(text: str, size: int, width: int, bold: bool) -> list[str]:
    """``wrap``, but a line too long for one row breaks after its «:» when that takes no more rows: «Следующий
    ход:» over «⚡ Жора Лихой слева», not «Следующий ход: ⚡ Жора» over «Лихой слева»."""
    lines = wrap(text, size, width, bold)
    if len(lines) < 2 or ": " not in text:
        return lines
    head, tail = text.split(": ", 1)
    split = [*wrap(head + ":", size, width, bold), *wrap(tail, size, width, bold)]
    return split if len(split) <= len(lines) else lines


def dave_words(judged: DaveJudgement) -> str:
    """The verdict on «даве» or its answer, with the stakes each choice ends in («×2», «×4»)."""
    v = judged.values
    if not judged.mistake:
        return rt(f"dave_right_{judged.chosen}")  # the move after the position shown: named
    if judged.chosen == "dave":
        return rt("dave_bad_raise", was=-v["play"], now=-v["dave"])
    if judged.chosen == "dave:yes":
        return rt("dave_bad_accept", was=-v["dave:no"], now=-v["dave:yes"])
    return rt("dave_bad_refusal", win=v["dave:yes"], was=-v["dave:no"])


def open_outcome(judged: DaveJudgement | None, names: SeatNames) -> str:
    """Before «даве» or its answer: who wins the deal if both play it out with open cards (what judges the raise
    and the answer; no judgement: an even deal)."""
    if judged is None:
        return rt("dave_open_even")
    v = judged.values
    wins = v.get("play", v.get("dave:yes", 0)) > 0  # the one judged wins by playing on
    winner = judged.seat if wins else next(s for s in range(names.n) if s != judged.seat)
    side = names.seat_word(winner)
    return rt(f"dave_open_{side}") if side in ("you", "opp") else rt("dave_open", who=names.seat_label(winner))
