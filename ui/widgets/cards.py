"""Card images: the PNG nearest above the wanted height, smooth-scaled once and cached per size."""

from __future__ import annotations

import pygame

from game.cards import CODE_OF, Card
from ui.paths import CARDS_DIR, CARDS_DIR_SKAT

SOURCE_HEIGHTS = (120, 180, 270)
ASPECT = 362 / 542  # width / height of the card outline
BACK = "back"
DECK_DIRS = {"atlasnye": CARDS_DIR, "skat": CARDS_DIR_SKAT}  # Settings.deck → PNG folder


class CardImages:
    """Scaling from the closest larger source keeps cards sharp at every window size."""

    def __init__(self, deck: str = "atlasnye") -> None:
        self.deck = deck if deck in DECK_DIRS else "atlasnye"
        self._sources: dict[tuple[str, int], pygame.Surface] = {}
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._dimmed: dict[tuple[str, int], pygame.Surface] = {}
        self.loaded_from: dict[tuple[str, int], str] = {}  # source key → file (tests check the deck)

    def set_deck(self, deck: str) -> None:
        """Switch the card art; every cached surface of the old deck is dropped."""
        deck = deck if deck in DECK_DIRS else "atlasnye"
        if deck != self.deck:
            self.deck = deck
            self._sources.clear()
            self.loaded_from.clear()
            self.clear_scaled()

    @staticmethod
    def size_for(height: int) -> tuple[int, int]:
        return round(height * ASPECT), height

    def _source(self, code: str, height: int) -> pygame.Surface:
        src_h = next((h for h in SOURCE_HEIGHTS if h >= height), SOURCE_HEIGHTS[-1])
        key = (code, src_h)
        img = self._sources.get(key)
        if img is None:
            path = DECK_DIRS[self.deck] / str(src_h) / f"{code}.png"
            img = pygame.image.load(str(path))
            self.loaded_from[key] = str(path)
            if pygame.display.get_surface() is not None:
                img = img.convert_alpha()
            self._sources[key] = img
        return img

    def get(self, card: Card | None, height: int) -> pygame.Surface:
        """``card=None`` is the back."""
        code = BACK if card is None else CODE_OF[card]
        key = (code, height)
        img = self._scaled.get(key)
        if img is None:
            src = self._source(code, height)
            img = src if src.get_height() == height else pygame.transform.smoothscale(src, self.size_for(height))
            self._scaled[key] = img
        return img

    def dimmed(self, card: Card, height: int) -> pygame.Surface:
        """A greyed copy for cards that may not be played now."""
        key = (CODE_OF[card], height)
        img = self._dimmed.get(key)
        if img is None:
            img = self.get(card, height).copy()
            img.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self._dimmed[key] = img
        return img

    def clear_scaled(self) -> None:
        """Forget scaled copies (after a resize the old sizes are no longer needed)."""
        self._scaled.clear()
        self._dimmed.clear()


_shadows: dict[tuple[int, int, int], pygame.Surface] = {}


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, offset: int = 4, alpha: int = 70) -> None:
    key = (rect.w, rect.h, alpha)
    shadow = _shadows.get(key)
    if shadow is None:
        if len(_shadows) > 200:
            _shadows.clear()
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, alpha), shadow.get_rect(), border_radius=max(4, rect.w // 12))
        _shadows[key] = shadow
    surface.blit(shadow, rect.move(offset, offset))
