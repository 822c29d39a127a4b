"""The green baize: a radial gradient with a faint weave, rendered once per window size."""

from __future__ import annotations

import random

import pygame

from ui.fonts import font

FELT = (34, 102, 60)
FELT_DARK = (16, 58, 34)

_cache: dict[tuple[int, int], pygame.Surface] = {}


def felt(size: tuple[int, int]) -> pygame.Surface:
    surf = _cache.get(size)
    if surf is not None:
        return surf
    w, h = size
    # draw a small gradient and scale it up: smooth and fast
    small = pygame.Surface((64, 40))
    for y in range(40):
        for x in range(64):
            dx, dy = (x - 32) / 32, (y - 20) / 20
            d = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.25)
            small.set_at((x, y), tuple(round(a + (b - a) * d * d) for a, b in zip(FELT, FELT_DARK, strict=True)))
    surf = pygame.transform.smoothscale(small, (max(1, w), max(1, h)))
    rng = random.Random(7)
    weave = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(w * h // 90):
        x, y = rng.randrange(w), rng.randrange(h)
        weave.set_at((x, y), (255, 255, 255, 9) if rng.random() < 0.5 else (0, 0, 0, 14))
    surf.blit(weave, (0, 0))
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    _cache.clear()
    _cache[size] = surf
    return surf


def panel(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int, int], radius: int = 12) -> None:
    """A translucent rounded panel."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, color, layer.get_rect(), border_radius=radius)
    surface.blit(layer, rect)


def clear() -> None:
    """Forget the cached baize (converted for the old display format after a mode change)."""
    _cache.clear()


def stock_labels(
    surface: pygame.Surface, labels: list[tuple[str, tuple[int, int], str]], size: int, colour: tuple[int, int, int]
) -> list[pygame.Rect]:
    """The words under the stock («вскрышка В♣», «фреза») on small dark panels, the table's and the replay's
    alike: the last one first, and an earlier one that would meet it steps below it. Returns each panel's rect
    (in the order given)."""
    placed: list[pygame.Rect] = []
    for text, pos, anchor in reversed(labels):
        img = font(size).render(text, True, colour)  # one colour on the dark panel: a black ♣ would vanish
        r = img.get_rect(**{anchor: pos})
        if any(r.inflate(16, 4).colliderect(other) for other in placed):
            r.y = max(other.bottom for other in placed) + 4
        panel(surface, r.inflate(10, 4), (0, 0, 0, 90), radius=6)
        surface.blit(img, r)
        placed.append(r.inflate(10, 4))
    return placed[::-1]
