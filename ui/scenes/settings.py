"""Settings: language, card letters, deck, four-colour suits, animation, sound, confirm, fullscreen (JSON)."""

from __future__ import annotations

import pygame
import pygame_gui

from ui import fonts, i18n
from ui.i18n import tr
from ui.scenes.base import Scene
from ui.settings import ANIMATION_SPEEDS
from ui.widgets.felt import felt
from ui.widgets.lists import gui_items

_DELAYS = (("delay_short", 0.3), ("delay_normal", 0.8), ("delay_long", 1.6))
_TRICK_PAUSES = (("trick_pause_fast", 0.4), ("trick_pause_normal", 1.2), ("trick_pause_long", 2.5))
_SPEED_KEYS = ("anim_off", "anim_slow", "anim_normal", "anim_fast")


class SettingsScene(Scene):
    def build(self) -> None:
        s = self.app.settings
        m = self.app.manager
        w, h = self.size
        x, y = w // 2 - 290, max(16, h // 2 - 300)
        pygame_gui.elements.UILabel(pygame.Rect(x, y, 580, 60), tr("settings"), m,
                                    object_id=pygame_gui.core.ObjectID(object_id="#subtitle"))
        y += 70
        onoff = [(tr("on"), "1"), (tr("off"), "0")]
        speed = min(range(4), key=lambda i: abs(ANIMATION_SPEEDS[i] - s.animation_speed))
        delay = min(_DELAYS, key=lambda kv: abs(kv[1] - s.bot_delay))[1]
        rows = [
            ("language", [("Русский", "ru"), ("English", "en")], s.language),
            ("index_letters", [(tr("letters_ru"), "ru"), (tr("letters_latin"), "latin")], s.index_letters),
            ("deck", [(tr("deck_atlasnye"), "atlasnye"), (tr("deck_skat"), "skat")], s.deck),
            ("four_colour", onoff, "1" if s.four_colour else "0"),
            ("animation", [(tr(k), str(i)) for i, k in enumerate(_SPEED_KEYS)], str(speed)),
            ("bot_delay", [(tr(k), str(v)) for k, v in _DELAYS], str(delay)),
            ("trick_pause", [(tr(k), str(v)) for k, v in _TRICK_PAUSES],
             str(min(_TRICK_PAUSES, key=lambda kv: abs(kv[1] - s.trick_pause))[1])),
            ("sound", onoff, "1" if s.sound else "0"),
            ("confirm_play", onoff, "1" if s.confirm_play else "0"),
            ("fullscreen", onoff, "1" if s.fullscreen else "0"),
        ]
        self.fields: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        for key, options, current in rows:
            pygame_gui.elements.UILabel(pygame.Rect(x, y, 230, 38), tr(key), m,
                                        object_id=pygame_gui.core.ObjectID(object_id="#field_label"))
            start = next((o for o in options if o[1] == current), options[0])
            self.fields[key] = pygame_gui.elements.UIDropDownMenu(
                gui_items(options), start, pygame.Rect(x + 240, y, 340, 38), m
            )
            y += 44
        y += 16
        self.save_btn = pygame_gui.elements.UIButton(pygame.Rect(x, y, 285, 46), tr("save"), m)
        self.back_btn = pygame_gui.elements.UIButton(pygame.Rect(x + 295, y, 285, 46), tr("back"), m)

    def value(self, key: str) -> str:
        return str(self.fields[key].selected_option[1])

    def apply(self) -> None:
        s = self.app.settings
        s.language = self.value("language")
        s.index_letters = self.value("index_letters")
        four_colour = self.value("four_colour") == "1"
        deck = self.value("deck")
        if four_colour != s.four_colour and deck == s.deck:
            deck = "skat" if four_colour else "atlasnye"  # the deck follows the four-colour switch unless chosen
        s.four_colour, s.deck = four_colour, deck
        self.app.images.set_deck(deck)
        fonts.set_suit_colours(four_colour)
        s.animation_speed = ANIMATION_SPEEDS[int(self.value("animation"))]
        s.bot_delay = float(self.value("bot_delay"))
        s.trick_pause = float(self.value("trick_pause"))
        s.sound = self.value("sound") == "1"
        s.confirm_play = self.value("confirm_play") == "1"
        fullscreen = self.value("fullscreen") == "1"
        i18n.set_language(s.language)
        i18n.set_index_letters(s.index_letters)
        self.app.save_settings()
        if fullscreen != s.fullscreen:
            self.app.toggle_fullscreen()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.to_menu()
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.save_btn:
            self.apply()
            self.app.to_menu()
        elif event.ui_element is self.back_btn:
            self.app.to_menu()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
