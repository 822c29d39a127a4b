"""The replay browser: the game in progress, saved games and the samples, with details; open, rename, delete
(to the trash), or open any file by path or with the file dialog."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.drills import SITUATIONS
from game.errors import RecordError
from ui.dialogs import MessageBox
from ui.fonts import draw_text
from ui.i18n import language, preset_name, tr
from ui.replays import RecordEntry, list_records, load_for_viewing, read_entry, rename, trash
from ui.scenes.base import Scene, set_enabled
from ui.scenes.replay.texts import GOLD, rt
from ui.scenes.replay.viewer import ReplayScene
from ui.widgets.felt import felt
from ui.widgets.lists import gui_items, row_width, scroll_to, shorten, text_room

if TYPE_CHECKING:
    from ui.app import App


def fit_row(head: str, name: str, extras: list[tuple[str, int]], tail: str, room: int | None) -> str:
    """``head name · extras… tail``; while wider than ``room`` the extra of the highest rank goes, then the name is
    shortened. ``head`` and ``tail`` always stay."""
    kept = list(extras)

    def row(name: str) -> str:
        return head + name + "".join(f" · {text}" for text, _ in kept) + tail

    if room is None:
        return row(name)
    while kept and row_width(row(name)) > room:
        kept.remove(max(kept, key=lambda extra: extra[1]))
    if row_width(row(name)) > room:
        name = shorten(name, room - row_width(row("")))
    return row(name)


class ReplayBrowserScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: list[RecordEntry] = []
        self.item_entry: dict[str, int] = {}
        self.selected: int | None = None
        self.list: pygame_gui.elements.UISelectionList | None = None
        self.details: pygame_gui.elements.UITextBox | None = None
        self.path_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.rename_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self.file_dialog: pygame_gui.windows.UIFileDialog | None = None
        self.box: MessageBox | None = None
        self.refresh()

    def refresh(self) -> None:
        self.entries = list_records(self.app.paths)
        if self.selected is not None and self.selected >= len(self.entries):
            self.selected = None

    def entry_text(self, i: int, e: RecordEntry, room: int | None = None) -> str:
        """The row of entry ``i``. Given ``room`` (pixels) a long row drops what the details show anyway — the
        rules, then the players, then the date — and then shortens its name: the number and the score stay."""
        if e.broken:
            return fit_row(f"{i + 1}. ⚠ ", e.name, [], f" — {rt('broken')}", room)
        p0, p1 = e.players
        score = f" · {e.scores[0]}:{e.scores[1]}"
        if e.kind == "sample":
            return fit_row(f"{i + 1}. {rt('sample')}: ", e.stem, [(f"{p0} – {p1}", 1)], score, room)
        # a saved game's file name starts with its time stamp (20261130-234316-…): the date follows anyway
        name = f"● {rt('current')}" if e.kind == "current" else re.sub(r"^\d{8}-\d{6}-", "", e.stem)
        practice = e.record.meta.get("practice") if e.record is not None else None
        situation = SITUATIONS.get(str(practice.get("situation"))) if isinstance(practice, dict) else None
        if situation is not None:  # a practice deal: the drill's own title, not its internal key
            name = f"{tr('practice')}: {situation.title[1] if language() == 'en' else situation.title[0]}"
        return fit_row(f"{i + 1}. ", name, [(e.date, 1), (e.preset, 3), (f"{p0} – {p1}", 2)], score, room)

    def build(self) -> None:
        m = self.app.manager
        w, h = self.size
        self.buttons = {}
        self.rename_entry = None
        list_w = int((w - 90) * 0.62)
        lr = pygame.Rect(30, 64, list_w, h - 64 - 80)
        texts = [self.entry_text(i, e) for i, e in enumerate(self.entries)] or [rt("empty")]
        self.list = pygame_gui.elements.UISelectionList(lr, gui_items(texts), m)
        room = text_room(self.list)  # known once the list knows whether it scrolls
        fitted = [self.entry_text(i, e, room) for i, e in enumerate(self.entries)] or texts
        if fitted != texts:
            self.list.set_item_list(gui_items(fitted))
        self.item_entry = {t: i for i, t in enumerate(fitted) if self.entries}
        if self.selected is not None:
            item = self.list.item_list[self.selected]
            item["selected"] = True
            if item.get("button_element") is not None:
                item["button_element"].select()
            scroll_to(self.list, self.selected)
        x = lr.right + 30
        cw = w - x - 30
        self.details = pygame_gui.elements.UITextBox(self.details_html(), pygame.Rect(x, 64, cw, 250), m)
        y = 64 + 262
        bw = (cw - 10) // 2
        self.add_button(rt("open"), "open", pygame.Rect(x, y, cw, 44))
        y += 52
        self.add_button(rt("rename"), "rename", pygame.Rect(x, y, bw, 40))
        self.add_button(rt("delete"), "delete", pygame.Rect(x + bw + 10, y, bw, 40))
        self.rename_y = y + 48
        self.add_button(rt("back"), "back", pygame.Rect(x, h - 70, cw, 44))
        # open any file: a path, or the file dialog
        py = h - 62
        self.path_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(30, py, list_w - 300, 40), m,
                                                              placeholder_text=rt("path_hint"))
        self.add_button(rt("open_path"), "open_path", pygame.Rect(30 + list_w - 290, py, 150, 40))
        self.add_button(rt("browse"), "browse", pygame.Rect(30 + list_w - 130, py, 130, 40))
        self.update_buttons()

    def item_rect(self, index: int) -> pygame.Rect | None:
        if self.list is None or index >= len(self.list.item_list):
            return None
        btn = self.list.item_list[index].get("button_element")
        return None if btn is None else btn.get_abs_rect()

    def entry(self) -> RecordEntry | None:
        return None if self.selected is None else self.entries[self.selected]

    def update_buttons(self) -> None:
        e = self.entry()
        for key, ok in (("open", e is not None and not e.broken),
                        ("rename", e is not None and e.kind == "game"),
                        ("delete", e is not None and e.editable)):
            set_enabled(self.button(key), ok)

    def details_html(self) -> str:
        e = self.entry()
        if e is None:
            return ""
        esc = str.maketrans({"<": "&lt;", ">": "&gt;", "&": "&amp;"})
        if e.broken:
            return rt("broken_details", name=e.name, error=(e.error or "").translate(esc),
                      path=e.where.translate(esc))
        winner = rt("won_by", who=e.players[e.winner]) if e.winner is not None else ""
        assert e.record is not None
        preset = preset_name(e.record.rules.name) + (f", {e.record.rules.target}" if e.record.rules.target else "")
        return rt("details", name=e.name.translate(esc), kind=rt(e.kind), date=e.date, preset=preset,
                  p0=e.players[0], p1=e.players[1], deals=e.deals, s0=e.scores[0], s1=e.scores[1], winner=winner,
                  path=e.where.translate(esc))

    def select(self, index: int | None) -> None:
        self.selected = index
        if self.details is not None:
            self.details.set_text(self.details_html())
        if self.rename_entry is not None:
            self.rename_entry.kill()
            self.rename_entry = None
            self.button("rename_ok").kill()
        self.update_buttons()

    # ------------------------------------------------------------------ actions

    def open_entry(self, e: RecordEntry) -> None:
        if e.record is None:
            self.show_error(e.error or "?")
            return
        self.app.switch(ReplayScene(self.app, e.record, e.path, back=self.back_here))

    def back_here(self) -> None:
        self.refresh()
        self.app.switch(self)

    def open_path(self, text: str) -> None:
        path = Path(text.strip()).expanduser()
        if not text.strip():
            return
        entry = read_entry(path, "file")
        if entry.broken:
            self.show_error(entry.error or "?")
            return
        self.open_entry(entry)

    def show_error(self, text: str) -> None:
        esc = text.replace("&", "&amp;").replace("<", "&lt;")
        self.box = MessageBox(self.app.manager, rt("cannot"), esc, self.size)

    def ask_delete(self) -> None:
        e = self.entry()
        if e is None or not e.editable:
            return
        w, h = self.size
        rect = pygame.Rect(w // 2 - 230, h // 2 - 110, 460, 220)
        text = rt("confirm_delete", name=e.name, trash=self.app.paths.data_dir / "trash")
        self.confirm = pygame_gui.windows.UIConfirmationDialog(rect, text, self.app.manager,
                                                               window_title=rt("delete"),
                                                               action_short_name=rt("delete"))

    def do_delete(self) -> None:
        e = self.entry()
        if e is None or not e.editable:
            return
        try:
            trash(self.app.paths, e.path)
        except OSError as exc:
            self.show_error(str(exc))
            return
        self.selected = None
        self.refresh()
        self.resize()

    def ask_rename(self) -> None:
        e = self.entry()
        if e is None or e.kind != "game" or self.rename_entry is not None:
            return
        x = self.button("rename").get_abs_rect().x
        cw = self.details.get_abs_rect().w if self.details is not None else 300
        self.rename_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, self.rename_y, cw - 90, 40),
                                                                self.app.manager, initial_text=e.stem)
        self.add_button(rt("ok"), "rename_ok", pygame.Rect(x + cw - 80, self.rename_y, 80, 40))
        self.rename_entry.focus()

    def do_rename(self) -> None:
        e = self.entry()
        if e is None or self.rename_entry is None:
            return
        try:
            new = rename(e.path, self.rename_entry.get_text())
        except (OSError, ValueError) as exc:
            self.show_error(str(exc))
            return
        self.refresh()
        self.selected = next((i for i, x in enumerate(self.entries) if x.path == new), None)
        self.resize()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self.select(self.item_entry.get(event.text))
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            i = self.item_entry.get(event.text)
            if i is not None:
                self.open_entry(self.entries[i])
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.confirm:
            self.confirm = None
            self.do_delete()
        elif event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.file_dialog:
            self.file_dialog = None
            self.open_path(event.text)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            if event.ui_element is self.path_entry:
                self.open_path(event.text)
            elif event.ui_element is self.rename_entry:
                self.do_rename()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.on_button(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.app.gui_consumed:
            self.app.to_menu()

    def on_button(self, key: str) -> None:
        e = self.entry()
        if key == "open" and e is not None:
            self.open_entry(e)
        elif key == "rename":
            self.ask_rename()
        elif key == "rename_ok":
            self.do_rename()
        elif key == "delete":
            self.ask_delete()
        elif key == "open_path" and self.path_entry is not None:
            self.open_path(self.path_entry.get_text())
        elif key == "browse":
            w, h = self.size
            rect = pygame.Rect(w // 2 - 280, h // 2 - 250, 560, 500)
            start = str(self.app.paths.games_dir if self.app.paths.games_dir.is_dir() else Path.home())
            self.file_dialog = pygame_gui.windows.UIFileDialog(rect, self.app.manager, window_title=rt("open_path"),
                                                               initial_file_path=start,
                                                               allow_existing_files_only=True)
        elif key == "back":
            self.app.to_menu()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        draw_text(surface, rt("title"), (30, 16), 30, GOLD, bold=True)


def open_replay_file(app: App, path: str) -> None:
    """``main.py replay FILE``: the viewer, or the browser with the file's error."""
    browser = ReplayBrowserScene(app)
    try:
        record = load_for_viewing(path)
    except RecordError as exc:
        app.switch(browser)
        browser.show_error(str(exc))
        return
    app.switch(ReplayScene(app, record, Path(path), back=browser.back_here))
