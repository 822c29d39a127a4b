"""The pygame_gui theme (DejaVu fonts: the default font lacks ♠♥♦♣) and the manager factory."""

from __future__ import annotations

from typing import Any

import pygame_gui

from ui.fonts import font
from ui.paths import FONT_BOLD, FONT_REGULAR
from ui.widgets.lists import ROW_PAD

FONT_NAME = "dejavu"
BUTTON_PX = 16  # the buttons' font size (at scale 1): labels are measured against it to fit their buttons
SMALL_BUTTON_PX = BUTTON_PX - 3  # «#small_button»: where a label would not fit at BUTTON_PX
GOLD = (255, 226, 150)  # titles, the stars, and the frame of what the keys have chosen
LIST_TEXT_PAD = ROW_PAD // 2  # a list row's text (a drop-down's options too) starts this far inside the row


def button_font_id(*labels: tuple[str, int]) -> pygame_gui.core.ObjectID | None:
    """The object id for buttons whose ``(label, room)`` pairs are given: the theme's button font when every
    label fits its room, else ``#small_button`` — for all of them, so that a row of buttons speaks in one size."""
    if all(font(BUTTON_PX, bold=True).size(text)[0] <= room for text, room in labels):
        return None
    return pygame_gui.core.ObjectID(object_id="#small_button")


def _font(size: int, bold: bool = False) -> dict[str, Any]:
    return {
        "name": FONT_NAME,
        "size": str(size),
        "bold": "1" if bold else "0",
        "regular_path": str(FONT_REGULAR),
        "bold_path": str(FONT_BOLD),
    }


def theme(scale: float = 1.0, table: float = 1.0) -> dict[str, Any]:
    """``table``: the table's text scale (``ui.scenes.table.layout.text_scale``) for its answers' panel."""
    s = max(12, round(BUTTON_PX * scale))
    button_colours = {
        "normal_bg": "#F3E6C4",
        "hovered_bg": "#FFF3D6",
        "active_bg": "#E2C98D",
        "disabled_bg": "#8A9A8C",
        "normal_text": "#2A2118",
        "hovered_text": "#1A120A",
        "active_text": "#1A120A",
        "disabled_text": "#D0D6CE",
        "normal_border": "#8C6A32",
        "hovered_border": "#C9962F",
        "active_border": "#5C4420",
        "disabled_border": "#6E7D70",
    }
    return {
        "defaults": {
            "font": _font(s),
            "colours": {
                "normal_text": "#F4EEDC",
                "dark_bg": "#143B24",
                "normal_border": "#8C6A32",
                "selected_bg": "#2C6E45",
                "selected_text": "#FFFFFF",
                "text_cursor": "#FFFFFF",
            },
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "8", "border_width": "1"},
        },
        "button": {
            "font": _font(s, bold=True),
            "colours": button_colours,
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "10",
                "border_width": "2",
                "shadow_width": "2",
            },
        },
        "panel": {
            "colours": {"dark_bg": "#0F2E1CE6", "normal_border": "#C9A35A"},
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "14",
                "border_width": "2",
                "shadow_width": "3",
            },
        },
        "#small_button": {"font": _font(max(11, s - (BUTTON_PX - SMALL_BUTTON_PX)), bold=True)},
        "#answer": {"font": _font(round(s * table), bold=True)},  # the table's answers on a tall window
        "#answer_prompt": {"font": _font(round((s + 1) * table), bold=True), "colours": {"normal_text": "#FFE7A8"}},
        "#bare_panel": {
            "colours": {"dark_bg": "#00000000", "normal_border": "#00000000"},
            "misc": {"border_width": "0", "shadow_width": "0"},
        },
        "label": {"font": _font(s), "colours": {"normal_text": "#F7EFD6"}},
        # pygame_gui wraps a tooltip at 170 px: a sentence stood in five lines of two words
        "tool_tip": {"misc": {"rect_width": str(round(280 * max(scale, table)))}},
        "#prompt": {"font": _font(s + 1, bold=True), "colours": {"normal_text": "#FFE7A8"}},
        "#title": {"font": _font(round(s * 3), bold=True), "colours": {"normal_text": "#FFE7A8"}},
        "#subtitle": {"font": _font(s + 2), "colours": {"normal_text": "#D8E6D0"}},
        # a form's labels stand right against their fields (centred in their column they floated apart from them)
        "#field_label": {
            "font": _font(s),
            "colours": {"normal_text": "#E8E2CC"},
            "misc": {"text_horiz_alignment": "right", "text_horiz_alignment_padding": "8"},
        },
        "#field_note": {"font": _font(s - 2), "colours": {"normal_text": "#D8E6D0"}},  # the opponent's line, menu
        "drop_down_menu": {
            "font": _font(s),
            "colours": {
                **button_colours,
                "dark_bg": "#F3E6C4",
                "normal_text": "#2A2118",
                "selected_bg": "#E2C98D",
                "selected_text": "#1A120A",
            },
        },
        "drop_down_menu.#selected_option": {"colours": button_colours},
        "drop_down_menu.#drop_down_options_list": {"colours": {"dark_bg": "#F3E6C4", "normal_border": "#8C6A32"}},
        "drop_down_menu.#drop_down_options_list.button": {
            "colours": button_colours,
            "misc": {"shape": "rectangle", "border_width": "0", "text_horiz_alignment_padding": str(LIST_TEXT_PAD)},
        },
        # list rows read from the left: a long row is cut at its end, not at both ends
        "@selection_list_item": {"misc": {"text_horiz_alignment": "left"}},
        # pygame_gui's own theme gives «selection_list.button» no padding: the rows' text stood on the list's edge;
        # the rows are in the regular face (``ui.widgets.lists.ROW_FONT``): in the buttons' bold «0. Раздача: сдаёт
        # соперник» did not fit the move list at 1280×800
        "selection_list.@selection_list_item": {
            "font": _font(s),
            "misc": {"text_horiz_alignment_padding": str(LIST_TEXT_PAD)},
        },
        "text_box": {
            "font": _font(s),
            "colours": {"dark_bg": "#0F2E1CEE", "normal_text": "#F4EEDC", "normal_border": "#C9A35A"},
        },
        # a page to read over the table (the rules, R): its text grows with the table's like the answers
        "#page.text_box": {"font": _font(round(s * table))},
        "window": {"colours": {"dark_bg": "#143B24", "normal_border": "#C9A35A"}},
        "window.#title_bar": {
            "font": _font(s, bold=True),
            "colours": {"normal_bg": "#2C6E45", "normal_text": "#FFFFFF"},
        },
    }


def make_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    manager = pygame_gui.UIManager(size, theme_path=theme(), enable_live_theme_updates=False)
    # DejaVu has no italic file here: <i> in text boxes falls back to the upright faces
    manager.add_font_paths(FONT_NAME, str(FONT_REGULAR), str(FONT_BOLD), str(FONT_REGULAR), str(FONT_BOLD))
    manager.preload_fonts(
        [
            {"name": FONT_NAME, "point_size": 16, "style": style, "antialiased": "1"}
            for style in ("italic", "bold_italic")
        ]
    )
    return manager


def set_table_scale(manager: pygame_gui.UIManager, table: float) -> None:
    """The table's answers take fonts of its text scale: the theme is loaded again when the scale changes (the
    elements made afterwards use it; the table makes its panels anew on every resize)."""
    if getattr(manager, "table_scale", 1.0) == table:
        return
    manager.get_theme().load_theme(theme(table=table))
    manager.table_scale = table  # type: ignore[attr-defined]
