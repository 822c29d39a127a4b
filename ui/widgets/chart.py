"""A small line chart drawn with plain pygame: both players' totals deal by deal (game over, replay preview).

No plotting library: the frozen app stays small, and a chart of a dozen points is a few lines and dots.
``draw_chart`` returns where it put each point, so tests (and a tooltip, one day) know the geometry.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import NamedTuple

import pygame

from ui.fonts import draw_text, font

Colour = tuple[int, int, int]


class Series(NamedTuple):
    label: str
    colour: Colour
    values: Sequence[int]


def nice_step(span: float, lines: int = 4) -> int:
    """A round grid step (1, 2, 5 × 10ⁿ) that cuts ``span`` into about ``lines`` parts."""
    raw = max(1.0, span / max(1, lines))
    base = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * base >= raw:
            return int(m * base)
    return int(10 * base)


def draw_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    series: Sequence[Series],
    *,
    target: int = 0,
    target_label: str = "",
    x_labels: Sequence[str] = (),
    progress: float = 1.0,
    ink: Colour = (40, 36, 30),
    grid: Colour = (215, 203, 178),
    size: int = 13,
    from_zero: bool = True,
    include: Sequence[float] = (),
) -> list[list[tuple[int, int]]]:
    """Lines of ``series`` in ``rect`` (values at x = 0, 1, …), a dashed ``target`` line, a legend on top.

    ``progress`` (0…1) draws the lines only that far along, for an entrance animation. Returns each series'
    point positions (all of them, whatever the progress). ``from_zero`` False lets the values alone set the scale
    (a rating near 1500 is not drawn from 0); ``include``: values the scale holds besides the lines' (the band
    around a rating's last point)."""
    n = max((len(s.values) for s in series), default=0)
    LAST.target_label = None
    legend_h = size + 8
    label_w = font(size - 1).size("0000")[0] + 6
    plot = pygame.Rect(rect.x + label_w, rect.y + legend_h, rect.w - label_w - 8, rect.h - legend_h - size - 8)
    if plot.w < 20 or plot.h < 20:
        return [[] for _ in series]
    values = [v for s in series for v in s.values] + list(include)
    top = max([*values, target, 1])
    bottom = min([*values, 0] if from_zero or not values else values)
    step = nice_step(top - bottom)
    top = math.ceil(top / step) * step
    bottom = math.floor(bottom / step) * step
    span = max(1, top - bottom)

    def y_of(v: float) -> int:
        return round(plot.bottom - (v - bottom) * plot.h / span)

    def x_of(i: float) -> int:
        return round(plot.x + (i * plot.w / (n - 1) if n > 1 else plot.w / 2))

    # grid and the vertical scale
    v = bottom
    while v <= top:
        y = y_of(v)
        pygame.draw.line(surface, grid, (plot.x, y), (plot.right, y), 1)
        draw_text(surface, str(v), (plot.x - 6, y), size - 1, ink, anchor="midright")
        v += step
    pygame.draw.line(surface, ink, plot.bottomleft, plot.topleft, 1)
    if target and bottom < target <= top:
        y = y_of(target)
        for x in range(plot.x, plot.right, 12):
            pygame.draw.line(surface, ink, (x, y), (min(x + 6, plot.right), y), 1)
    # deal numbers under the axis: every one if they fit, else every k-th
    if x_labels and n > 1:
        widest = max(font(size - 2).size(t)[0] for t in x_labels) + 8
        every = max(1, math.ceil(widest / max(1, plot.w / (n - 1))))
        for i, text in enumerate(x_labels[:n]):
            if i % every == 0 or i == n - 1:
                draw_text(surface, text, (x_of(i), plot.bottom + 4), size - 2, ink, anchor="midtop")
    # the lines
    points = [[(x_of(i), y_of(v)) for i, v in enumerate(s.values)] for s in series]
    reach = progress * (n - 1) if n > 1 else float(n)
    for s, pts in zip(series, points, strict=True):
        shown = [p for i, p in enumerate(pts) if i <= reach]
        if len(shown) < len(pts) and len(shown) >= 1 and n > 1:  # the line grows between two points
            i = len(shown)
            f = reach - (i - 1)
            a, b = pts[i - 1], pts[i]
            shown.append((round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f)))
        if len(shown) > 1:
            pygame.draw.lines(surface, s.colour, False, shown, 3)
        for p in shown[: len([i for i in range(len(pts)) if i <= reach])]:
            pygame.draw.circle(surface, s.colour, p, 4)
    if target_label and target and bottom < target <= top:  # drawn over the lines, where they leave it room
        _target_label(surface, target_label, y_of(target), plot, points, size - 2, ink)
    # the legend
    x = plot.x
    LAST.legend = []
    for s in series:
        pygame.draw.line(surface, s.colour, (x, rect.y + size // 2 + 2), (x + 18, rect.y + size // 2 + 2), 3)
        r = draw_text(surface, s.label, (x + 24, rect.y), size, ink, bold=True)
        LAST.legend.append(r)
        x = r.right + 18
    return points


def _target_label(
    surface: pygame.Surface,
    text: str,
    y: int,
    plot: pygame.Rect,
    points: list[list[tuple[int, int]]],
    size: int,
    ink: Colour,
) -> None:
    """The dashed line's label, at whichever end of it and on whichever side the lines leave free: above it at
    the left when nothing crosses there (lines start low), else the first place no line runs through."""
    w, h = font(size).size(text)
    places = [
        ((plot.x + 6, y - 2), "bottomleft", pygame.Rect(plot.x + 6, y - 2 - h, w, h)),
        ((plot.x + 6, y + 3), "topleft", pygame.Rect(plot.x + 6, y + 3, w, h)),
        ((plot.right - 6, y - 2), "bottomright", pygame.Rect(plot.right - 6 - w, y - 2 - h, w, h)),
        ((plot.right - 6, y + 3), "topright", pygame.Rect(plot.right - 6 - w, y + 3, w, h)),
    ]
    inside = [p for p in places if plot.contains(p[2])] or places[:1]
    trace = [  # every line, sampled along its segments (a segment may cross a label between two points)
        (round(a[0] + (b[0] - a[0]) * k / 8), round(a[1] + (b[1] - a[1]) * k / 8))
        for pts in points
        for a, b in itertools.pairwise(pts)
        for k in range(9)
    ] + [p for pts in points for p in pts]

    def crossings(place: tuple[tuple[int, int], str, pygame.Rect]) -> int:
        room = place[2].inflate(6, 6)
        return sum(1 for p in trace if room.collidepoint(p))

    at, anchor, _ = min(inside, key=crossings)  # the first of the least crossed: the usual place when free
    LAST.target_label = draw_text(surface, text, at, size, ink, anchor=anchor)


class _Drawn:
    """Where the last chart put its legend and its target's label (tests: they never overlap)."""

    legend: list[pygame.Rect] = []  # noqa: RUF012 - one drawing's rectangles, replaced each time
    target_label: pygame.Rect | None = None


LAST = _Drawn()
