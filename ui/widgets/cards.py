"""Card images: the face set the settings ask for, the PNG nearest above the wanted height, scaled once per size.

A face set is the index letters (Т К Д В or A K Q J) times the suit colours (two; four: ♦ blue, ♣ green; or the
skat deck's ♠ green, ♦ yellow). ``assets/render_cards.py`` renders them; ``png/`` is the complete Russian
two-colour set and every other folder holds only the cards that differ from its fallback chain (below, the same
rule as the script's), so the frozen app carries each distinct picture once.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.cards import CODE_OF, Card
from ui import fonts
from ui.face_sets import fallback_chain
from ui.paths import ASSETS
from ui.settings import Settings

CARDS_ROOT = ASSETS / "cards"
SOURCE_HEIGHTS = (120, 180, 270)
ASPECT = 362 / 542  # width / height of the card outline
BACK = "back"
LETTERS = ("ru", "latin")


def palette(deck: str, four_colour: bool) -> str:
    """The suit colours on the faces: two, or the deck's four (``Settings.deck`` chooses the four)."""
    if not four_colour:
        return "two"
    return "skat" if deck == "skat" else "four"


class CardImages:
    """Scaling from the closest larger source keeps cards sharp at every window size."""

    def __init__(self, deck: str = "atlasnye", letters: str = "ru", four_colour: bool = False) -> None:
        self.letters = letters if letters in LETTERS else "ru"
        self.palette = palette(deck, four_colour)
        self._sources: dict[tuple[str, int], pygame.Surface] = {}
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._dimmed: dict[tuple[str, int], pygame.Surface] = {}
        self.loaded_from: dict[tuple[str, int], str] = {}  # source key → file (tests check the face set)

    def set_faces(self, deck: str, letters: str, four_colour: bool) -> None:
        """Switch the face set; every cached surface of the old one is dropped, so the next frame shows the new."""
        letters = letters if letters in LETTERS else "ru"
        colours = palette(deck, four_colour)
        if (letters, colours) != (self.letters, self.palette):
            self.letters, self.palette = letters, colours
            self.forget()

    def follow(self, settings: Settings) -> None:
        """The faces and the suit colours in text as the settings say (at start and after every change)."""
        self.set_faces(settings.deck, settings.index_letters, settings.four_colour)
        fonts.set_suit_colours(settings.four_colour, settings.deck)

    @property
    def folders(self) -> list[Path]:
        return [CARDS_ROOT / name for name in fallback_chain(self.letters, self.palette)]

    def forget(self) -> None:
        """Drop every loaded surface: after a face-set change, or a display-mode change (pixel format)."""
        self._sources.clear()
        self.loaded_from.clear()
        self.clear_scaled()

    @staticmethod
    def size_for(height: int) -> tuple[int, int]:
        return round(height * ASPECT), height

    def path_of(self, code: str, src_h: int) -> Path:
        """The file of ``code`` at source height ``src_h`` in the current face set."""
        candidates = [folder / str(src_h) / f"{code}.png" for folder in self.folders]
        return next((p for p in candidates if p.exists()), candidates[-1])

    def _source(self, code: str, height: int) -> pygame.Surface:
        src_h = next((h for h in SOURCE_HEIGHTS if h >= height), SOURCE_HEIGHTS[-1])
        key = (code, src_h)
        img = self._sources.get(key)
        if img is None:
            path = self.path_of(code, src_h)
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


def clear_shadows() -> None:
    """Forget the cached shadows (made for the old display format after a mode change)."""
    _shadows.clear()


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
