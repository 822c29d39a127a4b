"""DejaVu fonts by size, cached: the default pygame font lacks ♠♥♦♣ and some Cyrillic."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import pygame

from ui.paths import FONT_BOLD, FONT_REGULAR

_cache: dict[tuple[int, bool], pygame.font.Font] = {}
_suit_colours = False

# Four-colour suits in text, matching the four-colour card faces (on paper, on the dark felt) — black on the felt
# is the text's own light colour. The skat deck: ♣ black, ♠ green, ♥ red, ♦ yellow; the usual four colours of
# the «Атласные» deck: ♠ black, ♥ red, ♦ blue, ♣ green.
Palette = dict[str, tuple[tuple[int, int, int] | None, tuple[int, int, int] | None]]
SUIT_COLOURS: Palette = {
    "♣": ((30, 30, 30), None),
    "♠": ((20, 125, 55), (120, 225, 140)),
    "♥": ((195, 25, 25), (255, 125, 115)),
    "♦": ((205, 135, 0), (255, 205, 70)),
}
FOUR_COLOURS: Palette = {
    "♣": ((35, 130, 65), (120, 225, 140)),
    "♠": ((30, 30, 30), None),
    "♥": ((195, 25, 25), (255, 125, 115)),
    "♦": ((40, 100, 195), (140, 185, 255)),
}
_palette = SUIT_COLOURS


def set_suit_colours(on: bool, deck: str = "skat") -> None:
    """Colour the suit symbols in every text drawn through ``render``/``draw_text`` (the four-colour setting),
    in the colours of the deck's four-colour faces (``Settings.deck``: ``skat`` or ``atlasnye``)."""
    global _suit_colours, _palette
    _suit_colours = bool(on)
    _palette = SUIT_COLOURS if deck == "skat" else FOUR_COLOURS


def suit_colours() -> bool:
    return _suit_colours


def suit_colour(symbol: str, base: tuple[int, int, int]) -> tuple[int, int, int]:
    """The colour of a suit symbol in text whose own colour is ``base`` (light base = dark background)."""
    if not _suit_colours or symbol not in _palette:
        return base
    on_paper, on_felt = _palette[symbol]
    dark_background = sum(base[:3]) > 450
    return (on_felt if dark_background else on_paper) or base


def reset() -> None:
    """Forget fonts made before ``pygame.quit`` (a second App in the same process, e.g. tests)."""
    _cache.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():  # pygame quit since (an App's run ends with it): its fonts are dead
        pygame.font.init()
        _cache.clear()
    key = (max(8, int(size)), bold)
    f = _cache.get(key)
    if f is not None:
        try:
            f.get_height()
        except pygame.error:  # made before a pygame.quit, and pygame started again since: dead too
            _cache.clear()
            f = None
    if f is None:
        f = _Font(str(FONT_BOLD if bold else FONT_REGULAR), key[0])
        _cache[key] = f
    return f


_UNDRAWABLE = re.compile("[\x00\ud800-\udfff]")


class _Font(pygame.font.Font):
    """A font that measures and draws any string (``drawable``): a text from a file measured as it was — a lone
    surrogate in a cache's line — raised ``UnicodeEncodeError`` in ``wrap`` and took the window down."""

    def size(self, text: str | bytes) -> tuple[int, int]:
        return super().size(drawable(text) if isinstance(text, str) else text)

    def render(self, text: str | bytes | None, *args: Any, **kwargs: Any) -> pygame.Surface:
        return super().render(drawable(text) if isinstance(text, str) else text, *args, **kwargs)


def drawable(text: str) -> str:
    """``text`` as a font can draw it: a NUL (pygame refuses the whole text) or a lone surrogate (a name read from
    a disk in another encoding) shown as �, so that no string from a file takes the window down. (One search in C
    per text drawn: it runs for every text of every frame.)"""
    return _UNDRAWABLE.sub("\ufffd", text) if _UNDRAWABLE.search(text) else text


def render(text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    f = font(size, bold)
    text = drawable(text)
    if not _suit_colours or not any(sym in text for sym in _palette):
        return f.render(text, True, color)
    parts: list[tuple[str, tuple[int, int, int]]] = []
    run = ""
    for ch in text:
        if ch in _palette:
            if run:
                parts.append((run, color))
            parts.append((ch, suit_colour(ch, color)))
            run = ""
        else:
            run += ch
    if run:
        parts.append((run, color))
    images = [f.render(piece, True, c) for piece, c in parts]
    out = pygame.Surface((sum(i.get_width() for i in images), f.get_height()), pygame.SRCALPHA)
    x = 0
    for img in images:
        out.blit(img, (x, 0))
        x += img.get_width()
    return out


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
    """Greedy word wrap to ``width`` pixels. A number keeps the word after it on its line («13 очков», «≈46
    очков», «+20 к счёту»): a line that ends in a bare number reads as a typo."""
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        start = len(lines)
        line = ""
        for word in _units(para):
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
        _no_widow(lines, start, f, width)
    return lines


def _no_widow(lines: list[str], start: int, f: pygame.font.Font, width: int) -> None:
    """A paragraph does not end in a lone short word («играете» / «вы»), nor a two-line one in a lone word
    («Второй круг: назовите» / «козырь»): the word before it comes down too."""
    if len(lines) - start < 2 or " " in lines[-1]:
        return
    if len(lines[-1]) > 3 and len(lines) - start != 2:
        return
    units = _units(lines[-2])  # the last unit whole: «13 очков» never parts
    moved = f"{units[-1]} {lines[-1]}"
    if len(units) > (1 if len(lines[-1]) <= 3 else 2) and f.size(moved)[0] <= width:
        lines[-2:] = [" ".join(units[:-1]), moved]


_NUMBER = re.compile(r"≈?[+−-]?\d+(?:[.,]\d+)?%?")
_GLUE = ("—", "♠", "♣", "♦", "♥")
_DIGIT = re.compile(r"≈?[+−-]?\d")  # a number after a dash stays with it («Бот — 20», «туз — 11»)
_ONE_LETTER = re.compile(r"[«(]?[А-Яа-яЁё]")  # в, к, с, у, о, и, а, я: a preposition or a conjunction
# the two-letter prepositions and particles a Russian line does not end in («от / 9 до 91 %»)
_SHORT_WORDS = frozenset({"от", "до", "на", "по", "за", "из", "об", "во", "со", "ко", "не", "ни"})
_SIGNS = ("+", "=", "×", "/")  # a sum is not parted («470 + / 31 = 501»), nor a pair («вам / сопернику», «1 / 6»)
_CARD = re.compile(r"(?:10|[2-9]|[ТКДВAKQJ])[♠♣♦♥][,.;:)]?$")


def _units(para: str) -> list[str]:
    """The words of ``para`` that a line break may not part: a number and the word after it; a dash and the
    word before it (a line may end in a dash, never begin with one, as a Russian typesetter has it), and a
    number after it («Бот — 20»); a suit sign and its neighbours («от валета ♠ —», «козырь ♠ пики»); the cards
    shown together («Т♠ К♠ Д♠»); a one-letter word and the word after it («в козырях», «и десятка»: a line does
    not end in a hanging «в»), and so a two-letter preposition or particle («от 9», «не вышло»); the parts of a
    sum («470 + 31 = 501») and of a pair («вам / сопернику»); an abbreviation and its number («разд. 14»); a
    character's emblem and the name after it («⚡ Жора»)."""
    units: list[str] = []
    glue = False
    words = para.split(" ")
    quote_end = -1  # the index of the word that closes a short quotation being kept together («От короля»)
    for i, word in enumerate(words):
        card_after_card = _CARD.fullmatch(word) and units and _CARD.search(units[-1])
        inside = i <= quote_end
        last = units[-1].split(" ")[-1] if units else ""
        after = bool(units) and bool(
            _NUMBER.fullmatch(units[-1])
            or _ONE_LETTER.fullmatch(last)
            or last.lstrip("«(").lower() in _SHORT_WORDS
            or last in _SIGNS
            or (last == "—" and _DIGIT.match(word))
            or (last in _NUMBERED and word[:1].isdigit())  # «разд. 14»
        )
        if units and word and (glue or inside or after or word in _GLUE or word in _SIGNS or card_after_card):
            units[-1] += " " + word
        else:
            units.append(word)
        glue = word in _GLUE and word != "—"  # a line may break after a dash, never before it
        glue = glue or is_emblem(word)  # an emblem and its name: «⚡ Жора»
        for opens, closes in QUOTES:  # a quotation opens: kept whole if it is short
            if not inside and word.rfind(opens) > word.rfind(closes):
                ahead = words[i + 1 : i + QUOTE_WORDS]
                quote_end = next((i + 1 + k for k, w in enumerate(ahead) if closes in w), -1)
    return units


QUOTE_WORDS = 3


def is_emblem(word: str) -> bool:
    """Is ``word`` a single pictorial sign (a character's «⚡», «☕», Ровня's «☯»): it belongs to the name after it."""
    return len(word) == 1 and unicodedata.category(word) == "So"


QUOTES = (("«", "»"), ("“", "”"))  # Russian and English quotation marks
_NUMBERED = frozenset({"разд.", "п.", "гл.", "ст.", "№", "sect.", "§", "no."})  # keep their number with them


def shrunk(size: int, smallest: int) -> int:
    """The smallest size ``draw_fitted`` draws one line at: four fifths of ``size``, never under ``smallest``."""
    return max(smallest, round(size * 0.8))


def draw_fitted(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    size: int,
    color: tuple[int, int, int],
    *,
    smallest: int = 11,
    bold: bool = True,
) -> None:
    """One line left-aligned in ``rect``, shrunk a little (to four fifths, never under ``smallest``); a text
    still too long is wrapped onto two lines (never cut off: a status line may carry a whole penalty's
    explanation) — a long hint at full HD was shrunk to 11 pixels on one line."""
    for s in range(size, shrunk(size, smallest) - 1, -1):
        if font(s, bold).size(text)[0] <= rect.w:
            draw_text(surface, text, (rect.x, rect.centery), s, color, bold=bold, anchor="midleft")
            return
    for s in range(size, 8, -1):
        lines = wrap(text, s, rect.w, bold)
        step = font(s, bold).get_linesize()
        if len(lines) <= 2 and step * len(lines) <= rect.h:
            break
    y = rect.centery - step * len(lines) // 2
    for line in lines:
        draw_text(surface, line, (rect.x, y), s, color, bold=bold)
        y += step


STATUS_BG = (18, 40, 26)


def status_text_width(rect: pygame.Rect, reserve: int = 0, pad: int = 14) -> int:
    """The room for the status line's text (``draw_status_bar``)."""
    return rect.w - pad - 10 - reserve


def fits_one_line(text: str, size: int, width: int, smallest: int = 11, bold: bool = True) -> bool:
    """Does ``draw_fitted`` draw ``text`` on one line, shrunk at most to four fifths (not two small lines)?"""
    return font(shrunk(size, smallest), bold).size(text)[0] <= width


def draw_status_bar(
    surface: pygame.Surface,
    rect: pygame.Rect,
    text: str,
    color: tuple[int, int, int],
    size: int = 16,
    smallest: int = 11,
    pad: int = 14,
    reserve: int = 0,
) -> None:
    """The status line along the bottom of the table and the replay viewer: a dark bar, a rule, the text.
    ``reserve``: pixels at the right end taken by a button (the text is fitted beside it, never under it)."""
    pygame.draw.rect(surface, STATUS_BG, rect)
    pygame.draw.line(surface, (90, 70, 40), rect.topleft, rect.topright, 2)
    text_w = status_text_width(rect, reserve, pad)
    draw_fitted(
        surface, text, pygame.Rect(rect.x + pad, rect.y + 2, text_w, rect.h - 2), size, color, smallest=smallest
    )
