"""Settings: language, card letters, suit colours, animation, the opponent's pause, sound, confirm,
fullscreen (JSON), laid out like the menu: the big title, labels and drop-downs in aligned columns.

Every setting is one ``Choice`` in ``CHOICES`` (its words, its options, how it reads and writes ``Settings``): a
new setting is one more line there, and the layout follows (a second column when the window is too short).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ui import i18n
from ui.about import AboutBox
from ui.dialogs import ChoicePanel
from ui.i18n import tr
from ui.scenes.base import Scene
from ui.settings import ANIMATION_SPEEDS, BOT_DELAYS, TRICK_PAUSES, Settings
from ui.widgets.felt import felt
from ui.widgets.lists import gui_items

if TYPE_CHECKING:
    from ui.app import App

_DELAYS = tuple(zip(("delay_short", "delay_normal", "delay_long"), BOT_DELAYS, strict=True))
_TRICK_PAUSES = tuple(
    zip(("trick_pause_fast", "trick_pause_normal", "trick_pause_long", "trick_pause_click"), TRICK_PAUSES, strict=True)
)
_SPEED_KEYS = ("anim_off", "anim_slow", "anim_normal", "anim_fast")
ROW_STEP = 44  # as in the menu: 36-pixel fields, 8 apart
FIELD_H = 36


@dataclass(frozen=True, slots=True)
class Choice:
    """One setting: its label's text key, its options as (words, value), and how it reads and writes ``Settings``."""

    key: str
    options: Callable[[], list[tuple[str, str]]]
    read: Callable[[Settings], str]
    write: Callable[[Settings, str], None]


def _onoff() -> list[tuple[str, str]]:
    return [(tr("on"), "1"), (tr("off"), "0")]


def _flag(name: str) -> tuple[Callable[[Settings], str], Callable[[Settings, str], None]]:
    """Read and write an on/off setting as "1" / "0"."""
    return (lambda s: "1" if getattr(s, name) else "0"), (lambda s, v: setattr(s, name, v == "1"))


def _text(name: str) -> tuple[Callable[[Settings], str], Callable[[Settings, str], None]]:
    return (lambda s: str(getattr(s, name))), (lambda s, v: setattr(s, name, v))


def _colours_read(s: Settings) -> str:
    return s.deck if s.four_colour else "0"


def _colours_write(s: Settings, v: str) -> None:
    s.four_colour = v != "0"
    if s.four_colour:
        s.deck = v  # whose four colours; with two colours the deck changes nothing on the faces


def _speed(s: Settings) -> str:
    return str(min(range(len(ANIMATION_SPEEDS)), key=lambda i: abs(ANIMATION_SPEEDS[i] - s.animation_speed)))


def _delay(s: Settings) -> str:
    return str(min(_DELAYS, key=lambda kv: abs(kv[1] - s.bot_delay))[1])


CHOICES: list[Choice] = [
    Choice("language", lambda: [("Русский", "ru"), ("English", "en")], *_text("language")),
    Choice(
        "index_letters", lambda: [(tr("letters_ru"), "ru"), (tr("letters_latin"), "latin")], *_text("index_letters")
    ),
    Choice(
        "four_colour",
        lambda: [(tr("off"), "0"), (tr("colours_four"), "atlasnye"), (tr("colours_skat"), "skat")],
        _colours_read,
        _colours_write,
    ),  # the faces' colours: two, or a deck's four
    Choice(
        "animation",
        lambda: [(tr(k), str(i)) for i, k in enumerate(_SPEED_KEYS)],
        _speed,
        lambda s, v: setattr(s, "animation_speed", ANIMATION_SPEEDS[int(v)]),
    ),
    Choice(
        "bot_delay",
        lambda: [(tr(k), str(v)) for k, v in _DELAYS],
        _delay,
        lambda s, v: setattr(s, "bot_delay", float(v)),
    ),
    Choice(
        "trick_pause",
        lambda: [(tr(k), str(v)) for k, v in _TRICK_PAUSES],
        lambda s: str(min(_TRICK_PAUSES, key=lambda kv: abs(kv[1] - s.trick_pause))[1]),
        lambda s, v: setattr(s, "trick_pause", float(v)),
    ),
    Choice("sound", _onoff, *_flag("sound")),
    Choice("confirm_play", _onoff, *_flag("confirm_play")),
    Choice(
        "hand_order",
        lambda: [(tr("hand_strength"), "strength"), (tr("hand_sequence"), "sequence")],
        *_text("hand_order"),
    ),
    Choice("fullscreen", _onoff, _flag("fullscreen")[0], lambda s, v: None),  # switched by App.toggle_fullscreen
]


def columns_for(n: int, height: int) -> tuple[int, int]:
    """(columns, rows per column) for ``n`` settings in a window ``height`` high: one column while it fits."""
    room = max(1, (height - 150 - 100) // ROW_STEP)
    cols = 1 if n <= room else 2
    return cols, math.ceil(n / cols)


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.shown: dict[str, str] = {}  # choices made but not saved, kept when the page is built again

    def build(self) -> None:
        s = self.app.settings
        m = self.app.manager
        w, h = self.size
        cols, per_col = columns_for(len(CHOICES), h)
        label_w, field_w, gap = (240, 340, 0) if cols == 1 else (200, 250, 40)
        col_w = label_w + field_w
        total_w = cols * col_w + (cols - 1) * gap
        x0 = (w - total_w) // 2
        title_h = 90 if h < 720 else 110
        block_h = title_h + per_col * ROW_STEP + 16 + 46
        y0 = max(12, (h - block_h) // 2)
        pygame_gui.elements.UILabel(
            pygame.Rect(x0, y0, total_w, 90), tr("settings"), m, object_id=pygame_gui.core.ObjectID(object_id="#title")
        )
        top = y0 + title_h
        self.fields: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.labels: dict[str, pygame_gui.elements.UILabel] = {}
        for i, choice in enumerate(CHOICES):
            c, r = divmod(i, per_col)
            x, y = x0 + c * (col_w + gap), top + r * ROW_STEP
            self.labels[choice.key] = pygame_gui.elements.UILabel(
                pygame.Rect(x, y, label_w - 10, FIELD_H),
                tr(choice.key),
                m,
                object_id=pygame_gui.core.ObjectID(object_id="#field_label"),
            )
            self.labels[choice.key].set_tooltip(tr(f"tip_setting.{choice.key}"), wrap_width=360)  # what it changes
            options = choice.options()
            current = self.shown.get(choice.key, choice.read(s))
            start = next((o for o in options if o[1] == current), options[0])
            self.fields[choice.key] = pygame_gui.elements.UIDropDownMenu(
                gui_items(options), start, pygame.Rect(x + label_w, y, field_w, FIELD_H), m
            )
        y = top + per_col * ROW_STEP + 16
        bw = (total_w - 20) // 3
        # which of the two keeps the changes, said where the pointer rests (Esc is «Назад»)
        self.save_btn = pygame_gui.elements.UIButton(
            pygame.Rect(x0, y, bw, 46), tr("save"), m, tool_tip_text=tr("tip_settings_save")
        )
        self.back_btn = pygame_gui.elements.UIButton(
            pygame.Rect(x0 + bw + 10, y, bw, 46), tr("back"), m, tool_tip_text=tr("tip_settings_back")
        )
        self.about_btn = pygame_gui.elements.UIButton(
            pygame.Rect(x0 + 2 * (bw + 10), y, bw, 46), tr("ab_button"), m, tool_tip_text=tr("ab_tip")
        )
        self.about: AboutBox | None = None
        self.ask = ChoicePanel(m)  # «Изменения не сохранены» at «Назад» / Esc

    def changed(self) -> bool:
        """Does any field differ from the saved settings?"""
        return any(self.value(c.key) != c.read(self.app.settings) for c in CHOICES)

    def go_back(self) -> None:
        """«Назад» / Esc: to the menu — asked first when a change would be lost (it was dropped without a word)."""
        if not self.changed():
            self.app.to_menu()
            return
        choices = [(tr("save"), "save"), (tr("settings_discard"), "discard"), (tr("settings_stay"), "stay")]
        w, h = self.size
        below = int(self.back_btn.get_relative_rect().bottom) + 6  # under the buttons, clear of the fields
        self.ask.show(tr("settings_unsaved"), choices, pygame.Rect(0, below, w, max(110, h - below)), columns=3)

    def letters_follow_language(self) -> None:
        """English chosen while the cards still say Т К Д В: the letters become A K Q J (and back), as a player
        switching the language expects of the cards too; letters chosen apart from the language stay."""
        lang = self.value("language")
        matching = {"ru": "ru", "en": "latin"}
        before = {v: k for k, v in matching.items()}.get(self.value("index_letters"))
        if before is None or before == lang:
            return
        self.shown = {key: self.value(key) for key in self.fields}
        self.shown["index_letters"] = matching[lang]
        self.resize()  # the drop-downs show the choices so far, not yet saved

    def value(self, key: str) -> str:
        return str(self.fields[key].selected_option[1])

    def apply(self) -> None:
        s = self.app.settings
        for choice in CHOICES:
            choice.write(s, self.value(choice.key))
        i18n.set_language(s.language)
        i18n.set_index_letters(s.index_letters)
        self.app.images.follow(s)  # the card faces change at once
        self.app.save_settings()
        if (self.value("fullscreen") == "1") != s.fullscreen:
            self.app.toggle_fullscreen()

    def handle(self, event: pygame.event.Event) -> None:
        if self.about is not None and self.about.process(event):
            self.about = None
            return
        hit, answer = self.ask.process(event)
        if hit:
            self.ask.hide()
            if answer == "save":
                self.apply()
            if answer != "stay":
                self.app.to_menu()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.ask.visible:
            self.ask.hide()  # Esc at the question: stay
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.fields["language"]:
            self.letters_follow_language()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.app.gui_consumed:
            self.go_back()
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.save_btn:
            self.apply()
            self.app.to_menu()
        elif event.ui_element is self.back_btn:
            self.go_back()
        elif event.ui_element is self.about_btn:
            self.about = AboutBox(self.app.manager, self.app.paths, self.size)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
