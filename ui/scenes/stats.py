"""«Статистика»: the player's record — tiles of the main figures, the figures in words, the rating and the points
lost to the best play game by game (``ui.widgets.chart``), and a reset with confirmation. Two- and three-player
games are counted apart: «Двое» / «Трое» at the top switch between them (the rating is two-player only).

The figures are ``game.services.stats``' (the same as ``python main.py stats``). They are computed in a thread so the
screen opens at once: with the cache fresh (``data_dir/stats-cache.json``) that takes a few milliseconds; after a change
only the new or changed games are read, and meanwhile the screen says how far it got. The analysis of the games
without one («Разобрать партии») runs in the one worker process (``game.services.worker``): the screen posts one game
at a time and collects the answers each frame, never waiting.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.bots.base import LEVELS
from game.bots.characters import CHARACTER_KEYS, MATCH_KEY, character_ratings
from game.counts import player_count
from game.rating import LEVEL_RATINGS
from game.services.analysis.facts import Analysis
from game.services.stats.facts import GameLine
from game.services.stats.figures import Drills, Stats, Tally, compute, wilson
from game.services.stats.report import key_for, number, score_words, skill_parts
from game.services.stats.report import level_words as report_level_words
from game.services.stats.scan import OLD_DIR, RESET_NAME, reset
from game.services.worker import Ticket
from ui.dialogs import TIP_DELAY, MessageBox, answered_by_key, html_escaped
from ui.fonts import draw_text, font, wrap
from ui.i18n import language, preset_name, tr, word
from ui.saving import reason_words
from ui.scenes.base import Scene, set_enabled
from ui.scenes.replay.browser import shorten_to
from ui.scenes.replay.preview import fmt_date
from ui.scenes.table.drawing import draw_tooltip
from ui.seat_words import opponents_words as levels_words
from ui.theme import GOLD
from ui.widgets.chart import Series, draw_chart
from ui.widgets.felt import felt, panel

if TYPE_CHECKING:
    from ui.app import App

CREAM = (244, 238, 220)
FAINT = (178, 196, 176)
PAPER = (248, 242, 226)
INK = (40, 36, 30)
INK_FAINT = (115, 105, 90)
GREEN = (150, 230, 150)
RED = (255, 160, 140)
RATING = (30, 110, 170)
BAND = (214, 226, 232)  # the rating's uncertainty, under its line
LOST = (190, 70, 45)


@dataclass(frozen=True, slots=True)
class Figure:
    """One line of the figures panel: a label and its value, or a heading (``value`` None)."""

    label: str
    value: str | None = None
    colour: tuple[int, int, int] = CREAM
    file: str | None = None  # a game's file in games/: a click opens it in the replay viewer
    tip: str | None = None  # what the figure counts, under the pointer resting on its label


FIGURE_TIPS = (
    "stats.deals",
    "stats.ppd",
    "stats.best_game",
    "stats.worst_game",
    "stats.bids",
    "stats.baits_inflicted",
    "stats.hanging_taken",
    "stats.announce",
    "stats.announced_lost",
    "stats.rost",
    "stats.penalties",
    "stats.unfinished",
    "stats.rating_bots",
)
"""The figures whose label explains itself on hover (``stats.tip.<name>``; the three-player label keys end in 3)."""


def with_tips(out: list[Figure], n: int) -> list[Figure]:
    """Each figure of ``FIGURE_TIPS`` with its explanation (a player's pass: «Объявили, но не засчитано 1 из 13» —
    of what?)."""
    tips = {tr(key_for(key, n)): tr(f"stats.tip.{key.split('.', 1)[1]}") for key in FIGURE_TIPS}
    return [replace(f, tip=tips.get(f.label)) if f.value is not None else f for f in out]


def num(x: float, digits: int = 1) -> str:
    """12,5 in Russian, 12.5 in English."""
    return number(x, language(), digits)


def percent(t: Tally) -> str:
    if not t.games:
        return "—"
    low, high = wilson(t.wins, t.games)
    return tr("stats.win_rate_value", rate=round(100 * t.wins / t.games), low=round(100 * low), high=round(100 * high))


def tally_words(t: Tally) -> str:
    return f"{tr('stats.tally', wins=t.wins, games=t.games)} · {percent(t)}"


def level_words(level: str) -> str:
    return report_level_words(level, language())


def opponents_words(game: GameLine) -> str:
    """Who the game was against: «средний»; for three «средние» (two of a kind, as the replays say) or «лёгкий,
    Жора Лихой» from the left (``seat_words.opponents_words``), each name kept on one line."""
    levels = [lv for lv in game.opponents if lv]
    if len(levels) < 2:
        return unbroken(level_words(game.level))
    return levels_words(levels, lambda lv: unbroken(level_words(lv)))


def unbroken(name: str) -> str:
    """A name the panel's wrap does not part («Жора Лихой» read «Жора» / «Лихой, Тётя Валя» on two lines)."""
    return name.replace(" ", "\u00a0")


def streak_words(n: int) -> str:
    """«3 победы подряд»; one game is no run: «1 поражение», without «подряд» (short: it fills a tile)."""
    if abs(n) == 1:
        return tr("stats.streak_last_won" if n > 0 else "stats.streak_last_lost")
    if n > 0:
        return tr("stats.streak_won", count=n)
    if n < 0:
        return tr("stats.streak_lost", count=-n)
    return tr("stats.streak_none")


def figures(s: Stats, whole: Stats | None = None) -> list[Figure]:
    """The figures in words, in the order the panel shows them: those of ``s`` (the two- or the three-player
    games), then what is not per player count (unfinished games, practice) from ``whole`` (``s`` by default)."""
    whole = whole or s
    n = s.players
    out: list[Figure] = [
        Figure(tr("stats.deals"), f"{s.total.deals_won} / {s.total.deals}"),
        Figure(tr("stats.ppd"), "—" if s.points_per_deal is None else num(s.points_per_deal)),
    ]
    days = {g.date[:10] for g in (s.best_game, s.worst_game) if g is not None}
    for key, game in (("stats.best_game", s.best_game), ("stats.worst_game", s.worst_game)):
        if game is not None:
            when = fmt_date(game.date[:10], True)
            if len(days) == 1 and s.best_game is not s.worst_game and game.date[11:16]:
                when += f" {game.date[11:16]}"  # the best and the worst of one day: told apart by the hour
            value = tr(
                "stats.game_value",
                score=score_words(game).replace("-", "−"),
                date=when,
                level=opponents_words(game),
            )
            out.append(Figure(tr(key), value, GREEN if game.won else RED, game.file))
    out += [
        Figure(
            tr("stats.bids"),
            tr(
                "stats.bids_value_claimed" if s.sum("claimed") else "stats.bids_value",
                bids=s.sum("bids"),
                made=s.sum("made"),
                baited=s.sum("baited"),
                hung=s.sum("hung"),
                claimed=s.sum("claimed"),
            ),
        ),
        Figure(tr(key_for("stats.baits_inflicted", n)), str(s.sum("baits_inflicted"))),
        Figure(tr("stats.hanging_taken"), str(s.sum("hanging_taken"))),
        Figure(
            tr(key_for("stats.announce", n)),
            tr(
                "stats.announce_value",
                **{k: s.sum(k) for k in ("terz", "fifty", "belle", "opp_terz", "opp_fifty", "opp_belle")},
            ),
        ),
        Figure(
            tr("stats.announced_lost"),
            tr("stats.announced_value", lost=s.sum("announced_lost"), announced=s.sum("announced")),
        ),
        Figure(
            tr("stats.rost"),
            tr(
                key_for("stats.rost_value", n),
                asked=s.sum("rost_asked"),
                won=s.sum("rost_won"),
                against=s.sum("rost_against"),
            ),
        ),
        Figure(
            tr("stats.penalties"),
            tr(key_for("stats.penalties_value", n), yours=s.sum("penalties"), opponent=s.sum("opp_penalties")),
        ),
    ]
    if whole.unfinished:
        out.append(Figure(tr("stats.unfinished"), str(whole.unfinished)))
    if player_count(n).rated:
        fixed = [(k, LEVEL_RATINGS[k]) for k in LEVELS] + list(character_ratings().items())
        # a name and its number stay on one line («Пётр Саввич 1394»)
        levels = ", ".join(f"{tr(f'level_{k}')} {round(r)}".replace(" ", "\u00a0") for k, r in fixed)
        out.append(Figure(tr("stats.rating_bots"), levels))
    else:
        out.append(Figure(tr("stats.rating"), tr("stats.rating_two_only")))
    if s.by_level:
        out.append(Figure(tr("stats.by_level")))
        for level in (*LEVELS, *CHARACTER_KEYS, MATCH_KEY, "?"):
            if level in s.by_level:
                out.append(Figure(level_words(level), tally_words(s.by_level[level])))
    if s.by_preset:
        out.append(Figure(tr("stats.by_preset")))
        for preset, t in sorted(s.by_preset.items()):
            out.append(Figure(preset_name(preset).split(" (")[0], tally_words(t)))
    if whole.practice:
        out.append(Figure(tr("practice")))
        for situation, drills in whole.practice.items():
            out.append(Figure(drill_title(situation), practice_words(drills)))
    return with_tips(out, n)


def newest_players(s: Stats) -> int:
    """The section the screen opens on: the player count of the newest counted game (two when none)."""
    lines = s.lines + (s.three.lines if s.three is not None else [])
    newest = max(lines, key=lambda ln: (ln.date, ln.file), default=None)
    return 2 if newest is None else newest.players


def drill_title(situation: str) -> str:
    from game.drills import SITUATIONS

    known = SITUATIONS.get(situation)
    return word(known.title) if known is not None else situation


def practice_words(d: Drills) -> str:
    recent_right, recent_total = d.recent()
    rate = round(100 * d.right / d.total) if d.total else 0
    return tr(
        "stats.practice_value",
        right=d.right,
        total=d.total,
        rate=rate,
        recent_right=recent_right,
        recent_total=recent_total,
    )


def skill_words(s: Stats) -> list[str]:
    """The analysis' figures in sentences (the chart of points lost says the rest): the command's words."""
    (_, summary), *rest = skill_parts(s, language())
    return [summary, *(f"{label}: {text}" for label, text in rest)]


def game_labels(n: int, most: int = 10) -> list[str]:
    """Game numbers under a chart: 1, 2, … or every 5th, 10th, … (the others blank), never crowding the last."""
    step = next(k for k in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10**9) if n / k <= most)
    return [str(i) if i % step == 0 or (i == 1 and step > 1 and n > 1) else "" for i in range(1, n + 1)]


def label_games(surface: pygame.Surface, rect: pygame.Rect, points: list[tuple[int, int]], size: int) -> None:
    """The game numbers under a chart's axis (where ``draw_chart`` puts its own x labels), at round steps."""
    y = rect.bottom - size - 4
    for x_y, text in zip(points, game_labels(len(points)), strict=True):
        if text:
            draw_text(surface, text, (x_y[0], y), size - 2, INK, anchor="midtop")


def plot_rect(rect: pygame.Rect, size: int) -> pygame.Rect:
    """Where ``draw_chart`` draws its lines inside ``rect`` (its legend above, its numbers at the left and below)."""
    label_w = font(size - 1).size("0000")[0] + 6
    legend_h = size + 8
    return pygame.Rect(rect.x + label_w, rect.y + legend_h, rect.w - label_w - 8, rect.h - legend_h - size - 8)


def band_under(
    surface: pygame.Surface,
    plot: pygame.Rect,
    points: list[tuple[int, int]],
    values: list[int],
    half: list[float],
) -> None:
    """A light band of ``values`` ± ``half`` behind a chart's line: its scale read from two points of different
    values (none: nothing to draw), clipped to the plot."""
    pairs = [(v, y) for v, (_, y) in zip(values, points, strict=True)]
    a = next(((v1, y1, v2, y2) for v1, y1 in pairs for v2, y2 in pairs if v1 != v2), None)
    if a is None or len(points) < 2:
        return
    v1, y1, v2, y2 = a
    scale = (y2 - y1) / (v2 - v1)

    def y_of(v: float) -> float:
        return min(plot.bottom, max(plot.top, y1 + (v - v1) * scale))

    top = [(x, y_of(v + h)) for (x, _), v, h in zip(points, values, half, strict=True)]
    bottom = [(x, y_of(v - h)) for (x, _), v, h in zip(points, values, half, strict=True)]
    pygame.draw.polygon(surface, BAND, top + bottom[::-1])


class StatsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.stats: Stats | None = None
        self.failure: str | None = None
        self.progress = (0, 0)
        self.scroll = 0
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self.box: MessageBox | None = None
        self.links: list[tuple[pygame.Rect, str]] = []  # where a game's figure was drawn, and its file
        self.tips: list[tuple[pygame.Rect, str]] = []  # where a figure's label was drawn, and what it explains
        self.tip_box: pygame.Rect | None = None  # the explanation drawn last (tests)
        self.mouse = (-1, -1)
        self.rest_since = 0.0
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.charts = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.row_h = 22
        self.k = 1.0
        self._thread: threading.Thread | None = None
        self._generation = 0
        # the figures' serial number (one more each time they arrive; an id() may be reused by the next count) and
        # the one the buttons were laid out for
        self.serial = 0
        self._built_for: int | None = None
        self.players: int | None = None  # the games shown: 2 or 3 (None until the figures first arrive)
        # the background analysis of the games without one, in the worker: (done, total) while it runs
        self.analysing: tuple[int, int] | None = None
        self.job: Ticket[Analysis] | None = None  # the game being analysed now
        self._queue: list[Path] = []  # the games still to analyse
        self._failed: set[Path] = set()  # games the analysis refused this time (not offered again)
        # after «Остановить разбор»: answered once the worker has let go of the cancelled game (then count again)
        self._settling: Ticket[object] | None = None
        self.count()

    # ---------------------------------------------------------------- the figures, off the UI thread

    def count(self) -> None:
        """Compute the statistics in a thread (the cache makes it quick; the screen shows progress meanwhile)."""
        self.stats = None
        self.failure = None
        data_dir = self.app.paths.data_dir
        save = not self.app.read_only  # the folder is another window's: its cache is read, never written
        self._generation += 1
        generation = self._generation  # a count started earlier and finishing later must not win

        def work() -> None:
            try:
                stats = compute(data_dir, progress=self.on_progress, save=save)
            except Exception as exc:  # never fatal: the screen says what went wrong
                if generation == self._generation:
                    self.failure = repr(exc)
                    self.serial += 1
                return
            if generation == self._generation:
                self.stats = stats
                self.serial += 1

        self._thread = threading.Thread(target=work, name="stats", daemon=True)
        self._thread.start()

    def on_progress(self, done: int, total: int) -> None:
        self.progress = (done, total)

    def ready(self) -> bool:
        return self.stats is not None or self.failure is not None

    def shown(self) -> Stats | None:
        """The figures of the games shown: the two-player ones, or (``players`` 3) the three-player ones."""
        s = self.stats
        return s if s is None or self.players is None else s.of_count(self.players)

    def choose_players(self, n: int) -> None:
        """«Двое» / «Трое»: the figures, the charts and the analysis button follow."""
        if n != self.players:
            self.players = n
            self.scroll = 0
            self.resize()

    def wait(self, timeout: float = 30.0) -> None:
        """Until the figures are computed (tests, the benchmark)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def unanalysed(self) -> list[Path]:
        """The shown games without an analysis yet, newest first (their figures matter most); not those the
        analysis refused on this screen."""
        s = self.shown()
        if s is None:
            return []
        paths = [self.app.paths.games_dir / ln.file for ln in reversed(s.lines) if not ln.analysed]
        return [p for p in paths if p not in self._failed]

    def start_analysis(self) -> None:
        """Analyse the games without an analysis in the worker process, one request per game (exact values only: a
        game in a second or two; the replay viewer adds the values on the player's knowledge when asked). Each is
        cached (by its record's content, in the cache folder), as the viewer's «Анализ» does; leaving the screen
        cancels the request, and what was done stays done."""
        paths = self.unanalysed()
        if not paths or self.analysing is not None:
            return
        self._queue = paths
        self.analysing = (0, len(paths))
        self.post_next()

    def post_next(self) -> None:
        path = self._queue[0]
        self.job = self.app.thinker.analyse(path, sampled=False)

    def poll_analysis(self) -> None:
        """Each frame: take in the worker's answer for the current game and post the next; after the last, count
        again (only the newly analysed games are read)."""
        if self._settling is not None and self._settling.done():  # a stopped analysis has let go: count again
            self._settling = None
            if self.app.scene is self:
                self.count()
        job = self.job
        if job is None or self.analysing is None or not job.done():
            return
        path = self._queue.pop(0)
        try:
            job.result()
        except Exception:  # a file that went bad meanwhile, or a game the analysis does not read: left as it is
            self._failed.add(path)
        self.analysing = (self.analysing[0] + 1, self.analysing[1])
        if self._queue:
            self.post_next()
        else:
            self.job = None
            self.analysing = None
            self.count()

    def analysis_percent(self) -> int | None:
        """How far the whole analysis is: the games done and the current one's share of its decisions (as the
        worker reports them)."""
        if self.job is None or self.analysing is None or not self.analysing[1]:
            return None
        done, total = self.job.progress
        part = done / total if total else 0.0
        return int(100 * (self.analysing[0] + part) / self.analysing[1])

    def stop_analysis(self) -> None:
        """Cancel the current request (the worker stops at its next card); the games analysed stay analysed.

        The worker may have finished (and cached) the cancelled game just before the cancel reached it, so the
        figures are counted again only once it has let go of that game: a cheap request posted after the cancel
        is answered after it (the worker answers in order), and ``poll_analysis`` then counts."""
        was = self.analysing
        if self.job is not None:
            self.job.cancel()
            if self.app.scene is self:
                self._settling = self.app.thinker.submit("pid")
        self.job, self._queue, self.analysing = None, [], None
        if self._settling is None and was is not None and was[0] > 0 and self.app.scene is self:
            self.count()

    def wait_analysis(self, timeout: float = 120.0) -> None:
        """Until the background analysis (or a stopped one's settling) is over, taking in the answers as the frames
        would (tests). The real time, not the app's clock: it waits for a real thread."""
        deadline = time.monotonic() + timeout
        while (job := self.job or self._settling) is not None and time.monotonic() < deadline:
            job.wait(min(1.0, max(0.01, deadline - time.monotonic())))
            self.poll_analysis()

    def update(self, dt: float) -> None:
        self.poll_analysis()
        if self.ready() and self._built_for != self.serial:  # the figures arrived: the buttons follow
            if self.players is None and self.stats is not None:
                self.players = newest_players(self.stats)
            self.resize()

    def leave(self) -> None:
        self.stop_analysis()

    def animating(self) -> bool:
        waiting_tip = self.tip_hit() is not None and self.tip_shown() is None  # frames until the tooltip comes
        return not self.ready() or self.job is not None or waiting_tip  # counting or analysing: the progress moves

    def tip_hit(self) -> tuple[pygame.Rect, str] | None:
        """The figure's label under the pointer, with what it explains."""
        return next(((r, tip) for r, tip in self.tips if r.collidepoint(self.mouse)), None)

    def tip_shown(self) -> str | None:
        """The explanation drawn now: once the pointer has rested ``TIP_DELAY`` on a figure's label."""
        hit = self.tip_hit()
        if hit is None or self.asking() or self.box is not None:
            return None
        return hit[1] if self.now() - self.rest_since >= TIP_DELAY else None

    def draw_top(self, surface: pygame.Surface) -> None:
        hit, text = self.tip_hit(), self.tip_shown()
        self.tip_box = None if hit is None or text is None else draw_tooltip(surface, text, self.mouse, avoid=hit[0])

    def state_token(self) -> object:
        return (
            self.ready(),
            self.progress,
            self.scroll,
            self.serial,
            self.analysing,
            self.analysis_percent(),
            self.players,
            self.tip_shown(),
        )

    # ---------------------------------------------------------------- layout

    def build(self) -> None:
        w, h = self.size
        self.buttons = {}
        self._built_for = self.serial if self.ready() else None
        self.k = 1.0 if h < 900 else 1.25  # type and rows grow on a big screen
        self.row_h = self.px(22)
        top = 64 + self.tile_h() + 14
        bottom = h - 72
        left_w = int((w - 90) * (0.5 if w < 1400 else 0.46))
        self.list_rect = pygame.Rect(30, top, left_w, bottom - top)
        x = self.list_rect.right + 30
        cw = w - x - 30
        skill_h = 4 * self.px(19) + 16
        chart_h = (bottom - top - skill_h - 14) // 2
        self.charts = (pygame.Rect(x, top, cw, chart_h), pygame.Rect(x, top + chart_h + 14, cw, chart_h + skill_h))
        bw = min(240, (cw - 10) // 2)
        locked = tr("stats.tip_reset_read_only") if self.app.read_only else None  # another window's folder
        reset = self.add_button(tr("stats.reset"), "reset", pygame.Rect(w - 30 - 2 * bw - 10, h - 60, bw, 44), locked)
        set_enabled(reset, not self.app.read_only)
        self.add_button(tr("back"), "back", pygame.Rect(w - 30 - bw, h - 60, bw, 44))
        todo = len(self.unanalysed())
        text = tr("stats.analyse_stop") if self.analysing is not None else tr("stats.analyse", n=todo)
        tip = tr("stats.analyse_stop_tip" if self.analysing is not None else "stats.analyse_tip")
        btn = self.add_button(text, "analyse", pygame.Rect(30, h - 60, min(300, self.list_rect.w), 44), tooltip=tip)
        set_enabled(btn, self.analysing is not None or todo > 0)
        pw = 120
        for i, n in enumerate((2, 3)):  # «Двое» / «Трое»: the chosen one is shown selected
            rect = pygame.Rect(w - 30 - (2 - i) * pw - (1 - i) * 8, 14, pw, 38)
            b = self.add_button(tr(f"stats.players_{'two' if n == 2 else 'three'}"), f"players{n}", rect)
            b.set_tooltip(tr("stats.players_tip"))
            if n == (self.players or 2):
                b.select()
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def px(self, n: int) -> int:
        return round(n * self.k)

    def tile_h(self) -> int:
        return self.px(80)  # the label, the big figure and its note, a blank row between their inks

    def text_size(self) -> int:
        return self.px(14 if self.list_rect.w < 560 else 15)

    def columns(self) -> tuple[int, int]:
        """(the labels' width, the values' width) in the figures panel."""
        label_w = int(self.list_rect.w * 0.42)
        return label_w, self.list_rect.w - label_w - 22

    def laid_out(self) -> list[tuple[Figure, list[str], list[str]]]:
        """Each figure with its label and value wrapped to their columns (a long one takes two or three lines)."""
        shown = self.shown()
        if shown is None or self.stats is None:
            return []
        size = self.text_size()
        label_w, value_w = self.columns()
        out: list[tuple[Figure, list[str], list[str]]] = []
        for f in figures(shown, self.stats):
            if f.value is None:
                out.append((f, [f.label], []))
            else:
                out.append((f, wrap(f.label, size, label_w - 20), wrap(f.value, size, value_w)))
        return out

    def room_rows(self) -> int:
        return max(1, (self.list_rect.h - 16) // self.row_h)

    def max_scroll(self) -> int:
        """The first figure shown when the last one is at the bottom."""
        items = self.laid_out()
        used, first = 0, len(items)
        while first > 0:
            need = max(len(items[first - 1][1]), len(items[first - 1][2]), 1)
            if used + need > self.room_rows():
                break
            used += need
            first -= 1
        return first

    # ---------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:  # a figure's explanation comes once the pointer rests on its label
            self.mouse, self.rest_since = event.pos, self.now()
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            self.confirm = None
            self.do_reset()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            key = self.buttons[event.ui_element]
            if key == "back":
                self.app.to_menu()
            elif key == "reset":
                self.ask_reset()
            elif key == "analyse" and self.analysing is None:
                self.start_analysis()
                self.resize()
            elif key == "analyse":
                self.stop_analysis()
                self.resize()
            elif key in ("players2", "players3"):
                self.choose_players(int(key[-1]))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.app.gui_consumed:
            name = next((f for r, f in self.links if r.collidepoint(event.pos)), None)
            if name is not None:
                self.open_game(name)
        elif event.type == pygame.MOUSEWHEEL and self.list_rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(self.scroll - 2 * event.y, self.max_scroll()))
        elif event.type == pygame.KEYDOWN and self.asking() and self.confirm is not None:
            answer = answered_by_key(self.confirm, event.key)  # the question's own keys
            if answer is not None:
                self.confirm = None
                if answer:
                    self.do_reset()
        elif event.type == pygame.KEYDOWN and not self.app.gui_consumed:
            if event.key == pygame.K_ESCAPE:
                self.app.to_menu()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll = min(self.max_scroll(), self.scroll + (1 if event.key == pygame.K_DOWN else 8))
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll - (1 if event.key == pygame.K_UP else 8))

    def open_game(self, name: str) -> None:
        """The best or worst game in the replay viewer; its «Назад» comes back here (counted again: the viewer
        may have analysed it)."""
        from game.errors import RecordError
        from ui.replays import load_for_viewing
        from ui.scenes.replay import ReplayScene

        path = self.app.paths.games_dir / name
        try:
            record = load_for_viewing(path)
        except RecordError as exc:  # gone or changed since it was counted
            text = html_escaped(str(exc))
            self.box = MessageBox(self.app.manager, tr("stats.title"), text, self.size)
            return

        def back() -> None:
            self.count()
            self.app.switch(self)

        self.app.switch(ReplayScene(self.app, record, path, back=back))

    def asking(self) -> bool:
        """Is the reset's question up? Its «Отмена» or ✕ closes it without a word to the scene: a closed one is
        forgotten here (Esc and the figures' explanations stayed dead after a cancelled reset)."""
        if self.confirm is not None and not self.confirm.alive():
            self.confirm = None
        return self.confirm is not None

    def ask_reset(self) -> None:
        if self.app.read_only:  # the statistics are the other window's folder's: not reset from here
            return
        w, h = self.size
        rect = pygame.Rect(w // 2 - 240, h // 2 - 120, 480, 240)
        text = tr("stats.reset_confirm", where=self.app.paths.data_dir / OLD_DIR)
        self.confirm = pygame_gui.windows.UIConfirmationDialog(
            rect,
            text.replace("<", "&lt;"),
            self.app.manager,
            window_title=tr("stats.reset"),
            action_short_name=tr("stats.reset"),
        )

    def do_reset(self) -> None:
        """The cache moves aside and the games present now stop counting (``game.services.stats.scan.reset``); then
        recount."""
        if self.app.read_only:
            return
        self.wait()
        try:
            reset(self.app.paths.data_dir)
        except OSError as exc:  # nothing was counted afresh: say why, in words
            why = html_escaped(reason_words(exc, self.app.paths.data_dir))
            self.box = MessageBox(self.app.manager, tr("stats.reset"), tr("stats.reset_failed", why=why), self.size)
            return
        self.scroll = 0
        self.count()

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        title = draw_text(surface, tr("stats.title"), (30, 14), 30, GOLD, bold=True)
        s = self.stats
        if s is not None and s.since:
            draw_text(
                surface,
                tr("stats.since", date=fmt_date(s.since.replace("T", " ")[:16])),
                (title.right + 24, title.centery + 2),
                15,
                FAINT,
                anchor="midleft",
            )
        shown = self.shown()
        if s is None or shown is None:
            self.draw_waiting(surface)
            return
        self.draw_tiles(surface, shown)
        self.draw_figures(surface, shown)
        if player_count(shown.players).rated:
            self.draw_rating(surface, shown)
        else:
            self.draw_points(surface, shown)
        self.draw_skill(surface, shown)
        if s.skipped:
            files = [name for name, _ in s.skipped if name != RESET_NAME]
            names = ", ".join(files[:3]) + ("…" if len(files) > 3 else "")
            notes = [tr("stats.reset_unread", file=RESET_NAME)] if len(files) < len(s.skipped) else []
            note = " · ".join([*notes, *([tr("stats.skipped", n=len(files), files=names)] if files else [])])
            left = int(self.button_rect("analyse").right) + 16
            room = int(self.button_rect("reset").x) - 16 - left
            draw_text(surface, shorten_to(note, 14, room), (left, self.size[1] - 38), 14, RED, anchor="midleft")

    def draw_waiting(self, surface: pygame.Surface) -> None:
        w, h = self.size
        done, total = self.progress
        text = self.failure or (tr("stats.counting", done=done, total=total) if total else "…")
        for i, line in enumerate(wrap(text, 18, w - 200)):
            draw_text(surface, line, (w // 2, h // 2 - 20 + 26 * i), 18, CREAM, anchor="midtop")

    def draw_tiles(self, surface: pygame.Surface, s: Stats) -> None:
        w, _ = self.size
        th = self.tile_h()
        big = self.px(30)
        r = s.rating
        rating_value = f"{round(r.value)} ± {round(2 * r.deviation)}" if r.games else "—"
        low_r, high_r = r.interval()
        rating_note = f"95 %: {round(low_r)}–{round(high_r)}"
        low, high = wilson(s.total.wins, s.total.games)
        ppd = s.points_per_deal
        third = (
            (tr("stats.rating"), rating_value, rating_note if r.games else tr("stats.rating_none"))
            if player_count(s.players).rated
            else (
                tr("stats.ppd"),
                "—" if ppd is None else num(ppd),
                f"{tr('stats.rating')}: {tr('stats.rating_two_only')}",
            )
        )
        tiles = [
            (tr("stats.games"), str(s.total.games), tr("stats.wins_note", n=s.total.wins)),
            (
                tr("stats.win_rate"),
                f"{round(100 * s.total.wins / s.total.games)} %" if s.total.games else "—",
                f"95 %: {round(100 * low)}–{round(100 * high)} %" if s.total.games else "",
            ),
            third,
            (tr("stats.streak"), streak_words(s.streak), f"{tr('stats.best_streak')}: {streak_words(s.best_streak)}"),
        ]
        shares = (0.2, 0.22, 0.26, 0.32)
        x = 30
        room = w - 60 - 3 * 12
        for (label, value, note), share in zip(tiles, shares, strict=True):
            tw = int(room * share)
            rect = pygame.Rect(x, 64, tw, th)
            panel(surface, rect, (10, 34, 20, 200), radius=10)
            pygame.draw.rect(surface, (140, 105, 50), rect, 1, border_radius=10)
            draw_text(surface, shorten_to(label, self.px(14), tw - 20), (x + 12, 64 + 8), self.px(14), FAINT)
            size = big if font(big, True).size(value)[0] <= tw - 24 else max(16, big * 2 // 3)
            draw_text(
                surface,
                shorten_to(value, size, tw - 24, True),
                (x + 12, 64 + th // 2 - 1),
                size,
                GOLD,
                bold=True,
                anchor="midleft",
            )
            if note:
                draw_text(
                    surface,
                    shorten_to(note, self.px(12), tw - 20),
                    (x + 12, 64 + th - 8),
                    self.px(12),
                    FAINT,
                    anchor="bottomleft",
                )
            x += tw + 12

    def draw_figures(self, surface: pygame.Surface, s: Stats) -> None:
        t = self.list_rect
        panel(surface, t, (10, 34, 20, 200), radius=10)
        pygame.draw.rect(surface, (140, 105, 50), t, 1, border_radius=10)
        size = self.text_size()
        label_w, _ = self.columns()
        y = t.y + 8
        if not s.total.games:
            for line in wrap(tr("stats.empty"), 16, t.w - 30):
                draw_text(surface, line, (t.x + 14, y), 16, CREAM)
                y += 24
            y += 8
        items = self.laid_out()
        rh = self.row_h
        self.links = []
        self.tips = []
        for f, labels, values in items[self.scroll :]:
            lines = max(len(labels), len(values), 1)
            if y + lines * rh > t.bottom - 6:
                break
            if f.value is None:
                draw_text(surface, f.label, (t.x + 12, y + rh - 3), size, GOLD, bold=True, anchor="bottomleft")
                pygame.draw.line(surface, (140, 105, 50), (t.x + 10, y + rh), (t.right - 14, y + rh))
            drawn = [
                draw_text(surface, line, (t.x + 14, y + i * rh + rh // 2), size, FAINT, anchor="midleft")
                for i, line in enumerate(labels if f.value is not None else [])
            ]
            if drawn and f.tip is not None:
                self.tips.append((drawn[0].unionall(drawn).inflate(8, 4), f.tip))
            for i, line in enumerate(values):
                r = draw_text(surface, line, (t.x + label_w, y + i * rh + rh // 2), size, f.colour, anchor="midleft")
                if f.file is not None:  # a link: underlined, and a click opens the game
                    pygame.draw.line(surface, f.colour, (r.x, r.bottom), (r.right, r.bottom))
                    self.links.append((r.inflate(8, 6), f.file))
            y += lines * rh
        total = len(items)
        if self.max_scroll() > 0:  # a scroll bar
            track = pygame.Rect(t.right - 9, t.y + 8, 5, t.h - 16)
            pygame.draw.rect(surface, (40, 70, 50), track, border_radius=3)
            shown = max(1, total - self.max_scroll())
            knob_h = max(20, track.h * shown // max(1, total))
            knob_y = track.y + (track.h - knob_h) * self.scroll // max(1, self.max_scroll())
            pygame.draw.rect(surface, (201, 163, 90), (track.x, knob_y, 5, knob_h), border_radius=3)

    def paper(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> pygame.Rect:
        """A sheet of paper like the replay preview's, its title; returns the room left inside."""
        pygame.draw.rect(surface, (0, 0, 0), rect.move(4, 5), border_radius=14)
        pygame.draw.rect(surface, PAPER, rect, border_radius=14)
        pygame.draw.rect(surface, (140, 105, 50), rect, 2, border_radius=14)
        inner = rect.inflate(-28, -20)
        draw_text(surface, title, (inner.x, inner.y), self.px(16), INK, bold=True)
        head = self.px(24)
        return pygame.Rect(inner.x, inner.y + head, inner.w, inner.h - head)

    def draw_rating(self, surface: pygame.Surface, s: Stats) -> None:
        room = self.paper(surface, self.charts[0], tr("stats.chart_rating"))
        history = s.rating_history
        if not history:
            draw_text(surface, tr("stats.chart_empty"), room.center, 15, INK_FAINT, anchor="center")
            return
        values = [round(p.value) for p in history]
        size = self.px(13 if room.h < 200 else 14)
        series = [Series(tr("stats.rating_band"), RATING, values)]
        medium = round(LEVEL_RATINGS["medium"])
        # the uncertainty (± two deviations) as a band under the line: a dry run gives the chart's scale, which holds
        # the band of the rating now (after a few games it filled the whole chart: it said nothing)
        now = history[-1]
        include = (now.value - 2 * now.deviation, now.value + 2 * now.deviation)
        scratch = pygame.Surface((1, 1))
        dry = draw_chart(scratch, room, series, target=medium, from_zero=False, size=size, include=include)[0]
        band_under(surface, plot_rect(room, size), dry, values, [2 * p.deviation for p in history])
        points = draw_chart(
            surface,
            room,
            series,
            target=medium,
            target_label=tr("level_medium"),
            from_zero=False,
            ink=INK,
            size=size,
            include=include,
        )
        label_games(surface, room, points[0], size)

    def skill_sentences(self, s: Stats) -> list[str]:
        """Under the chart of points lost: the analysis' progress while it runs, then its figures in words."""
        sentences = skill_words(s)
        if self.analysing is not None:
            if sentences and sentences[0] == tr("stats.skill_none"):  # not «нажмите «Разобрать партии»» meanwhile
                sentences = sentences[1:]
            said = tr("stats.analysing", done=self.analysing[0], total=self.analysing[1])
            pct = self.analysis_percent()
            sentences.insert(0, said if pct is None else f"{said} · {pct} %")
        return sentences

    def draw_points(self, surface: pygame.Surface, s: Stats) -> None:
        """Three players have no rating (docs/stats.md): in its place, the points per deal game by game."""
        room = self.paper(surface, self.charts[0], tr("stats.chart_ppd"))
        values = [round(ln.mine / ln.deals) for ln in s.lines if ln.deals]
        if not values:
            draw_text(surface, tr("stats.chart_empty"), room.center, 15, INK_FAINT, anchor="center")
            return
        size = self.px(13 if room.h < 200 else 14)
        series = [Series(tr("stats.ppd"), RATING, values)]
        points = draw_chart(surface, room, series, ink=INK, size=size)
        label_games(surface, room, points[0], size)

    def draw_skill(self, surface: pygame.Surface, s: Stats) -> None:
        rect = self.charts[1]
        room = self.paper(surface, rect, tr("stats.skill"))
        lines: list[str] = []
        for sentence in self.skill_sentences(s):
            lines += wrap(sentence, self.px(14), room.w)
        text_h = min(len(lines), 5) * self.px(19) + 6
        chart = pygame.Rect(room.x, room.y, room.w, room.h - text_h)
        series = s.skill.series
        if series:
            values = [round(v) for _, v in series]
            size = self.px(13 if chart.h < 200 else 14)
            points = draw_chart(surface, chart, [Series(tr("stats.chart_lost"), LOST, values)], ink=INK, size=size)
            label_games(surface, chart, points[0], size)
        else:
            draw_text(surface, tr("stats.skill_empty"), chart.center, 15, INK_FAINT, anchor="center")
        y = chart.bottom + 4
        for line in lines[:5]:
            draw_text(surface, line, (room.x, y), self.px(14), INK)
            y += self.px(19)
