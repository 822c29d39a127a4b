"""pygame_gui selection lists: the room a row's text has, and keeping an item in view."""

from __future__ import annotations

from collections.abc import Sequence

import pygame_gui

from ui.fonts import font

ROW_FONT = (16, False)  # the theme's list rows: DejaVu Sans 16
ROW_PAD = 8  # a row's text keeps half of it on either side (the theme's padding: ui.theme.LIST_TEXT_PAD)


def row_width(text: str) -> int:
    """How wide ``text`` is in a list row."""
    return font(ROW_FONT[0], bold=ROW_FONT[1]).size(text)[0]


def gui_items(texts: Sequence[str | tuple[str, str]]) -> list[str | tuple[str, str]]:
    """The rows or options as pygame_gui takes them (a list of texts or (text, id) pairs)."""
    return list(texts)


def text_room(lst: pygame_gui.elements.UISelectionList) -> int:
    """Pixels a row's text may take: the list's inner width less its scroll bar, if it has one."""
    container = lst.item_list_container
    if container is not None:
        width = container.relative_rect.width
    else:  # the rows' container not built yet: the list inside its shadow and border, less the scroll bar
        border = lst.border_width
        width = (
            lst.relative_rect.width
            - 2 * lst.shadow_width
            - border["left"]
            - border["right"]
            - lst.current_scroll_bar_width
        )
    return max(40, int(width) - ROW_PAD)


def shorten(text: str, room: int) -> str:
    """``text`` cut at its end with an ellipsis until it fits ``room`` (as is if it fits)."""
    if row_width(text) <= room:
        return text
    for n in range(len(text) - 1, 0, -1):
        short = text[:n].rstrip(" ·–-") + "…"
        if row_width(short) <= room:
            return short
    return "…"


def fit_words(text: str, room: int) -> str:
    """A row that fits ``room`` without a word cut in the middle: its marks (each after two spaces) lose their
    words first («⚠ Штраф» → «⚠», «✗ −20» stays), then the text loses whole words from its end, an ellipsis
    in their place, before a last word in brackets (the card of «меняю семёрку (В♦)»)."""
    if row_width(text) <= room:
        return text
    head, *marks = text.split("  ")
    tail = "".join(
        "  " + " ".join(w for i, w in enumerate(m.split(" ")) if not i or any(c.isdigit() for c in w)) for m in marks
    )  # a mark keeps its sign and its number
    if head.endswith(")") and " (" in head:  # «меняю семёрку (В♦)»: the card in brackets stays («меняю… (В♦)»)
        head, card = head.rsplit(" (", 1)
        tail = f" ({card}{tail}"
    if row_width(head + tail) <= room:
        return head + tail
    words = head.split(" ")
    while len(words) > 1:
        words.pop()
        short = " ".join(words).rstrip(" ·,.:;–-") + "…" + tail  # «не годится…», not «не годится.…»
        if row_width(short) <= room:
            return short
    return shorten(head + tail, room)  # one word wider than the row (a very long name): cut it after all


def scroll_to(lst: pygame_gui.elements.UISelectionList, index: int) -> None:
    """Keep item ``index`` in view (pygame_gui has no public call for it: nudge the scroll bar)."""
    if lst.scroll_bar is None or not lst.item_list:
        return
    try:
        height = lst.list_item_height  # (an item's own "height" is its offset from the top)
        total = len(lst.item_list) * height
        visible = lst.scroll_bar.visible_percentage
        want = max(0.0, min(1.0 - visible, (index * height - 0.4 * visible * total) / max(1, total)))
        lst.scroll_bar.start_percentage = want
        lst.scroll_bar.scroll_position = want * lst.scroll_bar.scrollable_height
        lst.scroll_bar.has_moved_recently = True
        lst.scroll_bar.rebuild()
    except (AttributeError, KeyError, TypeError, ZeroDivisionError):
        pass
