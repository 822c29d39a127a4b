"""DejaVu fonts by size, cached: the default pygame font lacks ♠♥♦♣ and some Cyrillic."""

from __future__ import annotations

import pygame

from ui.paths import FONT_BOLD, FONT_REGULAR

_cache: dict[tuple[int, bool], pygame.font.Font] = {}


def reset() -> None:
    """Forget fonts made before ``pygame.quit`` (a second App in the same process, e.g. tests)."""
    _cache.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (max(8, int(size)), bold)
    f = _cache.get(key)
    if f is None:
        f = pygame.font.Font(str(FONT_BOLD if bold else FONT_REGULAR), key[0])
        _cache[key] = f
    return f


def render(text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    return font(size, bold).render(text, True, color)


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int,
    color: tuple[int, int, int],
    *,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    img = render(text, size, color, bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``width`` pixels."""
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
