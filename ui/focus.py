"""Keyboard focus for every screen's buttons, drop-downs and text fields, as in any desktop form: Tab and Shift+Tab
go round them in reading order and a gold frame shows which one; Enter or Space presses it; ↑ ↓ choose a focused
drop-down's option; a framed text field takes the typing. pygame_gui has no such focus of its own, so the app keeps
it (``KeyFocus``) for whatever scene is up.

A press is the event a click makes (``UI_BUTTON_PRESSED``), so each scene answers it as it answers the mouse. A
mouse press puts the frame away; so does a new screen (its widgets are new)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from ui.theme import GOLD

FRAME_DARK = (70, 45, 10)  # the frame's outer line (the gold alone hardly showed on the cream side panel)
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
CHOOSE_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1}


def focusable(elements: Iterable[object]) -> list[UIElement]:
    """The buttons, drop-downs and text fields a player could click, in reading order (top to bottom, then left to
    right):
    visible and enabled, and not the inner parts of another widget (a drop-down's arrow, a list's rows, a scroll
    bar's buttons all have a ``parent_element``)."""
    found: list[UIElement] = []
    for e in elements:
        if (
            not isinstance(e, UIButton | UIDropDownMenu | UITextEntryLine)
            or getattr(e, "parent_element", None) is not None
        ):
            continue
        if not e.visible or not e.is_enabled:  # (a killed widget has left the sprite group)
            continue
        found.append(e)
    return sorted(found, key=lambda e: (e.get_abs_rect().top, e.get_abs_rect().left))


def reachable(manager: pygame_gui.UIManager, modal: Iterable[object] | None = None) -> list[object]:
    """What the keys may reach: ``modal``'s buttons while such a question is up (the app's «Выйти?»), else the
    topmost open window's own widgets (a message's «Ясно», not the screen under it), else the whole screen."""
    if modal is not None:
        return list(modal)
    sprites = manager.get_sprite_group().sprites()
    windows = [w for w in sprites if isinstance(w, pygame_gui.elements.UIWindow) and w.alive() and w.visible]
    if not windows:
        return list(sprites)
    inner = max(windows, key=lambda w: w.get_top_layer()).get_container()
    return [e for e in sprites if getattr(e, "ui_container", None) is inner]


def typing_field(manager: pygame_gui.UIManager) -> UITextEntryLine | None:
    """The text field that has the keyboard (its keys are its own), if one has."""
    return next((e for e in manager.get_focus_set() or () if isinstance(e, UITextEntryLine)), None)


class KeyFocus:
    """The framed button, drop-down or text field of the screen up (None: the frame is away, as after a click)."""

    def __init__(self) -> None:
        self.element: UIElement | None = None

    def current(self, candidates: list[UIElement]) -> UIElement | None:
        """The focused element while it is still one of ``candidates``; once it is gone (a panel answered, a
        screen rebuilt) the frame goes with it and a key presses nothing — at the table the next panel's button
        in its place would otherwise take a second Space. A scene that rebuilds its own form puts it back
        (``set``: the menu, when the number of players changes)."""
        if self.element is not None and self.element not in candidates:
            self.element = None
        return self.element

    def set(self, element: UIElement | None) -> None:
        """Focus ``element`` (None: the frame away)."""
        self.element = element

    def handle(
        self, event: pygame.event.Event, manager: pygame_gui.UIManager, within: Callable[[], Iterable[object]]
    ) -> bool:
        """Answer ``event`` if it is the focus's (True: nobody else hears it). ``within``: the elements the keys
        may reach (the whole screen, or a modal question's buttons), asked only for a key (not for every motion)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.set(None)  # the mouse took over; the click goes on as usual
            return False
        if event.type != pygame.KEYDOWN:
            return False
        candidates = focusable(within())
        typing = typing_field(manager)
        if event.key == pygame.K_TAB:
            if typing is not None:
                manager.set_focus_set(None)  # Tab leaves a text field for the next one
                if self.element is None and typing in candidates:
                    self.set(typing)  # (clicked into: the round goes on from the field)
            moved = self.move(candidates, -1 if event.mod & pygame.KMOD_SHIFT else 1)
            if isinstance(self.element, UITextEntryLine):
                manager.set_focus_set(self.element)  # a field framed takes the typing, as a clicked one does
            return moved
        focused = self.current(candidates)
        if focused is None or typing is not None or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        if event.key in PRESS_KEYS:
            press(focused)
            return True
        if event.key in CHOOSE_KEYS and isinstance(focused, UIDropDownMenu):
            return choose_next(focused, CHOOSE_KEYS[event.key])
        return False

    def move(self, candidates: list[UIElement], step: int) -> bool:
        """The next (``step`` 1) or previous (-1) element, round; the first Tab takes the first (Shift+Tab the
        last)."""
        if not candidates:
            self.set(None)
            return False
        focused = self.current(candidates)
        if focused is None:
            self.set(candidates[0 if step > 0 else -1])
        else:
            self.set(candidates[(candidates.index(focused) + step) % len(candidates)])
        return True

    def draw(self, surface: pygame.Surface, within: Callable[[], Iterable[object]]) -> None:
        """The gold frame around the focused element, over everything (``within`` asked only while there is one)."""
        if self.element is None:
            return
        focused = self.current(focusable(within()))
        if focused is not None:  # gold over a dark line: it shows on the felt and on the cream side panel alike
            rect = focused.get_abs_rect()
            pygame.draw.rect(surface, FRAME_DARK, rect.inflate(12, 12), 2, border_radius=9)
            pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), 2, border_radius=8)


def press(element: UIElement) -> None:
    """What a click on ``element`` does: a button's press; a drop-down's list opened (its shown option clicked)."""
    target = element
    if isinstance(element, UIDropDownMenu):
        shown = getattr(element.current_state, "selected_option_button", None)
        if shown is None:
            return  # its list is open: a click on an option chooses
        target = shown
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_BUTTON_PRESSED,
            {"ui_element": target, "ui_object_id": target.most_specific_combined_id, "mouse_button": 1},
        )
    )


def choose_next(menu: UIDropDownMenu, step: int) -> bool:
    """The drop-down's next or previous option chosen while its list is closed, as a native combo box does: the
    same ``UI_DROP_DOWN_MENU_CHANGED`` a choice with the mouse sends. True: the key was the focus's (at either end
    nothing changes); False while the list is open (its own keys)."""
    state = menu.current_state
    if state is None or state is not menu.menu_states.get("closed"):
        return False
    options = [o if isinstance(o, tuple) else (o, o) for o in menu.options_list]
    chosen = menu.selected_option if isinstance(menu.selected_option, tuple) else (menu.selected_option,) * 2
    at = next((i for i, o in enumerate(options) if o[1] == chosen[1]), -1)
    if not 0 <= at + step < len(options):
        return True  # at an end: the key is the focus's all the same (the table below must not move)
    menu.selected_option = options[at + step]
    state.finish()
    state.selected_option = menu.selected_option
    state.start()  # the closed look redrawn with the new option
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            {
                "text": menu.selected_option[0],
                "selected_option_id": menu.selected_option[1],
                "ui_element": menu,
                "ui_object_id": menu.most_specific_combined_id,
            },
        )
    )
    return True
