"""The end of a game as an occasion: a short celebration (or a kind word), the chart of the totals, the facts.

Two or three players (``facts.players``): a series and a column per seat, in the score sheet's order (you,
then the others as they act after you: for three the left opponent, then the right one).

The facts come from ``game.game_facts`` (pure, shared with the replay browser); this module only words and
draws them. The entrance lasts ``ENTRANCE_S``: the totals count up, the chart's lines grow and, on a win,
confetti falls — cheap rectangles, skipped by any click or key (``skip``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping

import pygame

from game.game_facts import GameFacts
from game.match import GameOverReason
from ui.fonts import draw_text, font, wrap
from ui.i18n import tr
from ui.seat_words import tr_about
from ui.seats import others, sides_named
from ui.widgets.chart import Series, draw_chart
from ui.widgets.scoresheet import column_heads, sheet_order
from ui.widgets.summary import (  # the deal summary's paper, which this panel replaces
    FAINT,
    GREEN,
    INK,
    LINE,
    PAPER,
    RED,
)

CHART_SHARE: dict[int, float] = {2: 0.54, 3: 0.45}
"""The chart's share of the box's width by the player count: three columns of facts beside it need room."""


MINE = (30, 110, 170)  # the player's line on the chart (the replays' preview draws the same chart)
THEIRS = (190, 70, 45)
THIRD = (60, 130, 60)  # for three: the right opponent's line
CONFETTI = ((220, 50, 60), (245, 190, 40), (40, 150, 80), (50, 110, 200), (240, 240, 240), (160, 80, 190))
ENTRANCE_S = 2.6
CLOSE_GAME = 50  # a loss by fewer points than this is «совсем чуть-чуть»


def series_colours(players: int) -> list[tuple[int, int, int]]:
    """The chart's and the facts' colour per seat in ``sheet_order``."""
    return [MINE, THEIRS, THIRD][:players]


def fact_rows(facts: GameFacts, seat: int) -> list[tuple[str, ...]]:
    """(label, then one cell per seat in ``sheet_order``: yours, the opponent's / the left's, the right's) — the
    game's facts in words; rows that are zero for all are left out, except the bids (every game has them)."""
    sides = [facts.sides[p] for p in sheet_order(seat, facts.players)]
    rows: list[tuple[str, ...]] = [(tr("fo_bids"), *(str(f.bids) for f in sides))]
    for key, attr in (
        ("fo_made", "made"),
        ("fo_baited", "baited"),
        ("fo_hung", "hung"),
        ("fo_claimed", "claimed"),
        ("fo_card_bait", "card_baits"),
        ("fo_terz", "terz"),
        ("fo_fifty", "fifty"),
        ("fo_belle", "belle"),
        ("fo_hanging_taken", "hanging_taken"),
    ):
        values = [int(getattr(f, attr)) for f in sides]
        if any(values) or key in ("fo_made", "fo_baited"):
            rows.append((tr(key), *(str(v) for v in values)))

    def best(points: int, deal: int | None) -> str:
        return "—" if deal is None else tr("fo_best_value", pts=points, n=deal)

    rows.append((tr("fo_best"), *(best(f.best_points, f.best_deal) for f in sides)))
    return rows


def game_lines(facts: GameFacts, seat: int = 0) -> list[str]:
    """The game as a whole, under the table: deals played, redeals, and how the players settle (official rules,
    first paragraph: by the game or by the difference in points; the one-deal game by its stake)."""
    given_up = facts.reason == GameOverReason.GAVE_UP  # the one deal wrote nothing («Записано сдач: 1» said it did)
    lines = [tr("fo_gave_up") if given_up else tr("fo_deals", n=facts.scored_deals)]
    if facts.redeals:
        lines.append(tr("fo_redeals", n=facts.redeals))
    if facts.winner is not None and facts.target:  # for three: over the best of the other two (docs/rules.md)
        diff = facts.final[facts.winner] - max(v for p, v in enumerate(facts.final) if p != facts.winner)
        who = "you" if facts.winner == seat else "other"  # who gets it: the same line read «+46» to the loser too
        if diff > 0:
            lines.append(tr(f"go_settle_difference.{who}", count=diff, pts=str(diff)))
        else:  # a false claim by the leader: the winner is not ahead, nothing to get (docs/rules.md, Settlement)
            lines.append(tr("go_settle_none"))
    elif facts.winner is not None or facts.stake > 1:
        lines.append(tr("fo_stake", n=facts.stake))
    return lines


def headline(facts: GameFacts, seat: int, levels: Mapping[int, str] | None = None) -> tuple[str, str]:
    """The title and the line under it: a cheer on a win, a kind word on a loss (for three the winner is named by
    side: «Партия за соперником слева»; a character by name: «Партия за ⚡ Жорой Лихим»)."""
    mine = facts.final[seat]
    if facts.winner == seat:
        return tr("go_cheer"), tr("go_cheer_line")
    n = facts.players
    ahead = facts.winner if facts.winner is not None else max(others(seat, n), key=lambda p: facts.final[p])
    theirs = facts.final[ahead]  # unfinished: the best of the others
    title = tr_about("go_loss", ahead, seat, n, levels)
    if facts.reason == GameOverReason.FALSE_CLAIM:  # lost by a claim without the points, not by the cards
        return title, tr("go_console_false_claim")
    if facts.reason == GameOverReason.GAVE_UP:  # 0 : 0 is no «совсем чуть-чуть не хватило»
        return title, tr("go_console3")
    if theirs - mine < CLOSE_GAME:
        return title, tr("go_console_close")
    if facts.winner is not None and sides_named(n):
        return title, tr("go_console3")
    return title, tr("go_console")


def subtitle(line: str, reason: str) -> str:
    """How the game ended, then the kind word: «Выигрыш объявлен · Не в этот раз — … Реванш?» (the reason after a
    question read as a stray lower-case phrase)."""
    return f"{reason[:1].upper()}{reason[1:]}  ·  {line}" if reason else line


class Confetti:
    """Falling paper bits: positions are a function of time (no state per frame), so a frame costs only draws."""

    def __init__(self, area: pygame.Rect, seed: int = 0, count: int | None = None) -> None:
        rng = random.Random(seed)
        self.area = area
        if count is None:  # as dense on a big table as on a small one
            count = max(80, min(260, area.w * area.h // 7000))
        self.bits = [
            (
                rng.uniform(0, area.w),
                rng.uniform(-area.h * 0.5, area.h * 0.25),
                rng.uniform(-40, 40),
                rng.uniform(90, 220),
                rng.uniform(0, math.tau),
                rng.uniform(3, 9),
                rng.randrange(len(CONFETTI)),
                rng.uniform(5, 10),
            )
            for _ in range(count)
        ]

    def draw(self, surface: pygame.Surface, t: float, fade: float) -> int:
        """Draw at ``t`` seconds; returns how many bits are on screen."""
        shown = 0
        a = self.area
        for x0, y0, vx, vy, phase, spin, colour, size in self.bits:
            y = a.y + y0 + vy * t + 60 * t * t
            if y > a.bottom or y < a.y - size:
                continue
            x = a.x + x0 + vx * t + 14 * math.sin(phase + spin * t * 0.5)
            angle = phase + spin * t
            half_w, half_h = size * abs(math.cos(angle)) / 2 + 1, size * 0.35
            c = CONFETTI[colour]
            col = tuple(round(v + (PAPER[i] - v) * (1 - fade)) for i, v in enumerate(c))
            pygame.draw.rect(
                surface,
                col,
                pygame.Rect(round(x - half_w), round(y - half_h), round(2 * half_w), max(2, round(2 * half_h))),
            )
            shown += 1
        return shown


class GameOverPanel:
    """What the table shows once the game is over (the table scene owns the buttons)."""

    def __init__(
        self, facts: GameFacts, seat: int, now: float, seed: int = 0, levels: Mapping[int, str] | None = None
    ) -> None:
        """``levels``: the bots' by seat (a character's column head has its emblem, as on the sheet)."""
        self.facts = facts
        self.levels = dict(levels or {})
        self.seat = seat
        self.won = facts.winner == seat
        self.started = now
        self.until = now + ENTRANCE_S
        self.seed = seed
        self.show_deal = False  # the last deal's summary instead (a button toggles it)
        self._confetti: Confetti | None = None
        self._final_drawn = False
        self.chart_points: list[list[tuple[int, int]]] = []  # where the last frame put the chart's points
        self.chart_rect = pygame.Rect(0, 0, 0, 0)  # and the chart itself (its buttons' tooltips keep off it)
        self.heads_shown: list[str] = []  # the facts' column heads as drawn (sheet order)
        self.fact_cols: list[int] = []  # the right edges of the facts' columns, one per seat (sheet order)
        self.line_rects: list[pygame.Rect] = []  # the game's lines under the facts, as drawn
        self.fact_label_shrunk: list[str] = []  # labels drawn smaller than the rest to fit (tests: none)
        self.confetti_shown = 0
        self.text_size = 0  # the last frame's text size (tests: it grows with the table)
        self.score_text = ""  # the big line under the title as drawn: the totals, or for a game given up its stake

    @property
    def facts_right(self) -> int:
        """The right end of what the facts drew: their last column and the lines under them (tests: inside)."""
        return max([*self.fact_cols[-1:], *(r.right for r in self.line_rects)], default=0)

    def redraw_token(self) -> object:
        """The facts or the last deal, and the entrance's end drawn (``ui.redraw``; the entrance asks for frames)."""
        return self.show_deal, self._final_drawn

    def celebrating(self, now: float) -> bool:
        """True while the entrance runs — and until its final picture has been drawn once (an idle loop draws
        nothing new after that)."""
        return now < self.until or not self._final_drawn

    def skip(self, now: float) -> None:
        """A click or a key ends the entrance at once."""
        self.until = min(self.until, now)

    def progress(self, now: float) -> float:
        if now >= self.until:
            return 1.0
        t = (now - self.started) / ENTRANCE_S
        return max(0.0, min(1.0, 1 - (1 - t) ** 2))

    def draw(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        area: pygame.Rect,
        now: float,
        bottom_reserved: int,
        scale: float = 1.0,
    ) -> None:
        """The panel in ``box``; confetti over ``area`` (the table) while the entrance lasts; ``scale``: the table's
        text scale (the box grows by it, so does the text)."""
        facts, seat = self.facts, self.seat
        pygame.draw.rect(surface, (0, 0, 0), box.move(5, 6), border_radius=18)
        pygame.draw.rect(surface, PAPER, box, border_radius=18)
        pygame.draw.rect(surface, (140, 105, 50), box, 3, border_radius=18)
        p = self.progress(now)
        s = self.text_size = round((17 if box.h > 520 * scale else 15) * scale)
        title, line = headline(facts, seat, self.levels)
        y = box.y + 14
        draw_text(surface, title, (box.centerx, y), s + 11, GREEN if self.won else RED, bold=True, anchor="midtop")
        y += s + 20
        order = sheet_order(seat, facts.players)
        score = " : ".join(str(round(facts.final[q] * p)) for q in order)
        if facts.reason == GameOverReason.GAVE_UP:  # nothing written: the game was lost at its stake, not 0 : 0
            score = tr("sum_stake", stake=facts.stake)
        self.score_text = score
        draw_text(surface, score, (box.centerx, y), s + 13, INK, bold=True, anchor="midtop")
        y += s + 22
        reason = tr(f"go_reason_{facts.reason}", target=facts.target) if facts.reason is not None else ""
        draw_text(surface, subtitle(line, reason), (box.centerx, y), s - 1, FAINT, anchor="midtop")
        y += s + 14
        pygame.draw.line(surface, LINE, (box.x + 24, y), (box.right - 24, y), 1)
        y += 10
        body = pygame.Rect(box.x + 20, y, box.w - 40, box.bottom - bottom_reserved - y - 4)
        chart_w = int(body.w * CHART_SHARE[facts.players])  # three columns of facts need room
        chart = self.chart_rect = pygame.Rect(body.x, body.y, chart_w, body.h)
        numbers, totals = facts.by_deal()  # a redeal: its own step on the axis, the totals unchanged
        labels = [str(n) for n in numbers]
        heads = column_heads(seat, facts.players, levels=self.levels, wide=True)
        self.chart_points = draw_chart(
            surface,
            chart,
            [
                Series(head, colour, [t[q] for t in totals])
                for q, head, colour in zip(order, heads, series_colours(facts.players), strict=True)
            ],
            target=facts.target,
            target_label=tr("chart_target", target=facts.target) if facts.target else "",
            x_labels=labels,
            progress=p,
            ink=INK,
            grid=(225, 214, 190),
            size=s - 3,
        )
        self.draw_facts(surface, pygame.Rect(chart.right + 24, body.y, body.right - chart.right - 24, body.h), s - 2)
        self._final_drawn = now >= self.until
        if self.won and now < self.until:
            if self._confetti is None or self._confetti.area != area:
                self._confetti = Confetti(area, self.seed)
            t = now - self.started
            fade = min(1.0, (self.until - now) / 0.6)
            clip = surface.get_clip()
            surface.set_clip(area)
            self.confetti_shown = self._confetti.draw(surface, t, fade)
            surface.set_clip(clip)

    def draw_facts(self, surface: pygame.Surface, rect: pygame.Rect, s: int) -> None:
        rows = fact_rows(self.facts, self.seat)
        n = self.facts.players
        heads = self.heads_shown = column_heads(self.seat, n, levels=self.levels, wide=True)
        # each column as wide as its widest entry («149 (№5)» beside «Слева», «Соперник» over «0»), never narrower
        # than a sixth of the room: a narrow panel (the School's column beside it) does not run heads together
        widths = [
            max(
                rect.w // 6, max(font(s, True).size(text)[0] for text in (heads[k], *(row[k + 1] for row in rows))) + 10
            )
            for k in range(n)
        ]
        cols = [rect.right - sum(widths[k + 1 :]) for k in range(n)]
        first_w = widths[0]
        self.fact_cols = cols
        self.line_rects = []
        y = rect.y
        for head, col, colour in zip(heads, cols, series_colours(n), strict=True):
            draw_text(surface, head, (col, y), s, colour, bold=True, anchor="topright")
        y += s + 6
        pygame.draw.line(surface, LINE, (rect.x, y), (rect.right, y), 1)
        y += 5
        step = max(s + 4, min(s + 10, (rect.bottom - y) // max(1, len(rows))))
        label_room = cols[0] - first_w - rect.x
        self.fact_label_shrunk = []
        for label, *cells in rows:
            size = s
            while size > 10 and font(size).size(label)[0] > label_room:
                size -= 1
            if size < s:
                self.fact_label_shrunk.append(label)
            draw_text(surface, label, (rect.x, y), size, INK)
            for text, col in zip(cells, cols, strict=True):
                draw_text(surface, text, (col, y), s, INK, bold=True, anchor="topright")
            y += step
        y += 6
        pygame.draw.line(surface, LINE, (rect.x, y), (rect.right, y), 1)
        y += 8
        for line in game_lines(self.facts, self.seat):
            for row in wrap(line, s - 1, rect.w):  # «При игре на разницу в счёте: 121 очко» on a narrow panel
                self.line_rects.append(draw_text(surface, row, (rect.x, y), s - 1, FAINT))
                y += s + 4
