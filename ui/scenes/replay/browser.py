"""The replay browser: a table of the player's games (newest first) and the samples (their own group, named in
words), filtered by words, rules and result; a preview of the selected record (its score sheet and chart);
open, rename, delete (to the trash), or open any file by path or with the file dialog.

The table is drawn by hand (pygame_gui's list has no columns): rows are clicked, double-clicked, scrolled with
the wheel and walked with the arrow keys; ``item_rect`` tells tests where a row is.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.arguments import expand_user
from game.errors import RecordError
from game.names import file_label
from ui.dialogs import MessageBox, answered_by_key, html_escaped
from ui.fonts import draw_text, font
from ui.i18n import preset_name, tr
from ui.replays import (
    RESULTS,
    RecordEntry,
    RenameRefused,
    list_records,
    load_for_viewing,
    newest_first,
    practice_answers,
    read_entry,
    read_whole,
    record_files,
    rename,
    result_for_you,
    sample_order,
    trash,
    unread,
)
from ui.saving import file_problem_words
from ui.scenes.base import Scene, set_enabled
from ui.scenes.replay.preview import cells, draw_preview, opponents_briefly, practice_title, seats, title_words
from ui.scenes.replay.texts import rt
from ui.scenes.replay.viewer import ReplayScene
from ui.scenes.table.drawing import draw_tooltip
from ui.seats import sides_named
from ui.theme import GOLD
from ui.widgets.felt import felt, panel
from ui.widgets.lists import gui_items

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from ui.app import App

CREAM = (244, 238, 220)
FAINT = (170, 190, 170)
HEAD = (18, 46, 30, 235)
SELECTED = (44, 110, 69)
HOVER = (255, 255, 255, 22)
# the columns: their words and shares of the table's width
COLUMNS = (
    ("bt_date", 0.14),
    ("bt_rules", 0.235),  # «Московские 501» whole at 1024×640
    ("bt_opponent", 0.15),  # the program's bots by their level: «сильный», «сильные»
    ("bt_result", 0.19),  # «не окончена», «верно 1 из 1» whole at 1024×640
    ("bt_score", 0.20),  # room for three totals («308 : 237 : 212»)
    ("bt_deals", 0.085),
)
DOUBLE_CLICK_S = 0.5


@dataclass(frozen=True, slots=True)
class Row:
    """A row of the table: a record (its index in ``entries``) or a group's heading."""

    entry: int | None
    heading: str = ""


def sort_key(e: RecordEntry, column: int) -> tuple[str, int]:
    """What a column sorts by: the record's own date, the rules, the opponent (words), the result (won, lost,
    unfinished), the human's score, the number of deals."""
    if column == 0:
        return e.date, 0
    if column in (1, 2):
        return cells(e)[column].lower(), 0
    if column == 3:
        return "", {"won": 3, "lost": 2, "unfinished": 1}.get(result_for_you(e) or "", 0)
    if column == 4:
        return "", e.scores[seats(e)[0]]
    return "", e.deals


def shorten_to(text: str, size: int, room: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``room`` pixels at ``size``."""
    f = font(size, bold)
    if f.size(text)[0] <= room:
        return text
    for n in range(len(text) - 1, 0, -1):
        short = text[:n].rstrip(" ·,–-") + "…"
        if f.size(short)[0] <= room:
            return short
    return "…"


READ_AT_ONCE = 40  # files not read yet this session above which the list is read in a thread


class ReplayBrowserScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: list[RecordEntry] = []
        self.rows: list[Row] = []
        self.selected: int | None = None
        self.scroll = 0  # the first row shown
        self.hover: int | None = None  # the row under the pointer
        self.last_click: tuple[Path, float] | None = None  # the record clicked last and when (a double click)
        self.query = ""
        self.sort: tuple[int, bool] | None = None  # (column, descending) after a header click; None: newest first
        self.rules_filter = "any"
        self.result_filter = "any"
        self.table = pygame.Rect(0, 0, 0, 0)
        self.preview = pygame.Rect(0, 0, 0, 0)
        self.row_h = 28
        self.search: pygame_gui.elements.UITextEntryLine | None = None
        self.filters: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.path_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.rename_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self.file_dialog: pygame_gui.windows.UIFileDialog | None = None
        self.box: MessageBox | None = None
        self.deleting: Path | None = None  # the file «Удалить …?» asks about
        self.cut_cells: list[tuple[pygame.Rect, str]] = []  # cells drawn cut short this frame, and their words
        self.tip_shown: str | None = None  # the words of the cut cell under the pointer, as last drawn
        self.loading: tuple[int, int] | None = None  # (read, of): the list is being read in a thread
        self._read: list[RecordEntry] | None = None  # what the thread read, taken over at the next frame
        self.refresh()

    # ------------------------------------------------------------------ the records, grouped and filtered

    def refresh(self) -> None:
        """Read the records again: the player's own newest first, then the samples in teaching order. Many files
        not read yet this session are read in a thread, the table saying how far it is (2000 games froze the
        window for 16 s); a few, at once."""
        if self.loading is not None:
            return
        files = record_files(self.app.paths)  # listed once: counted here, read below
        if unread(files) <= READ_AT_ONCE:
            self.show_entries(list_records(self.app.paths, files=files))
            return
        self.loading = (0, len(files))

        def work() -> None:
            try:
                self._read = list_records(self.app.paths, progress=self.on_progress, files=files)
            except Exception:  # never a list that waits for ever: the rows read so far are gone, the log says why
                log.exception("reading the records failed")
                self._read = []

        threading.Thread(target=work, name="replays", daemon=True).start()

    def on_progress(self, done: int, total: int) -> None:
        self.loading = (done, total)

    def update(self, dt: float) -> None:
        entries = self._read
        if entries is not None:  # the thread is done: the rows, and the rules filter's choices, from its entries
            self._read, self.loading = None, None
            self.show_entries(entries)
            self.resize()

    def show_entries(self, entries: list[RecordEntry]) -> None:
        own = newest_first([e for e in entries if e.kind != "sample"])
        samples = sorted((e for e in entries if e.kind == "sample"), key=sample_order)
        self.entries = own + samples
        self.last_click = None  # the rows moved: a click now is a first click
        if self.selected is not None and self.selected >= len(self.entries):
            self.selected = None
        self.regroup()

    def matches(self, e: RecordEntry) -> bool:
        if self.rules_filter != "any" and (e.head is None or e.head.rules.name != self.rules_filter):
            return False
        if self.result_filter != "any" and result_for_you(e) != self.result_filter:
            return False
        if self.query:
            words = " ".join((title_words(e), *cells(e), e.path.stem)).lower()
            return all(part in words for part in self.query.lower().split())
        return True

    def regroup(self) -> None:
        """The rows after the filters: each group under its heading, an empty group left out."""
        rows: list[Row] = []
        groups = (
            (("current", "game", "file"), False, "bt_group_games"),
            (("current", "game", "file"), True, "bt_group_practice"),
            (("sample",), False, "bt_group_samples"),
        )  # drills apart from games
        for kinds, drills, heading in groups:
            members = [
                i
                for i, e in enumerate(self.entries)
                if e.kind in kinds and (practice_answers(e) is not None) == drills and self.matches(e)
            ]
            if self.sort is not None and kinds[0] == "current":  # a header clicked: the player's games by it
                column, descending = self.sort
                good = [i for i in members if not self.entries[i].broken]
                good.sort(key=lambda i: sort_key(self.entries[i], column), reverse=descending)
                members = good + [i for i in members if self.entries[i].broken]  # broken files last either way
            if members:
                rows.append(Row(None, tr(heading, n=len(members))))
                rows.extend(Row(i) for i in members)
        self.rows = rows
        if self.selected is not None and all(r.entry != self.selected for r in rows):
            self.selected = None
        self.scroll = max(0, min(self.scroll, len(rows) - self.rows_shown()))

    def entry_text(self, i: int, e: RecordEntry) -> str:
        """A row's cells in one line (what the search reads)."""
        return " · ".join(c for c in cells(e) if c)

    # ------------------------------------------------------------------ layout

    def build(self) -> None:
        m = self.app.manager
        w, h = self.size
        self.buttons = {}
        self.rename_entry = None
        list_w = int((w - 90) * 0.62)
        # the filters: words, rules, result
        fy = 62
        menu_w = min(190, max(160, list_w // 4))
        search_w = list_w - 2 * menu_w - 20
        self.search = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(30, fy, search_w, 36), m, placeholder_text=tr("bt_search")
        )
        if self.query:
            self.search.set_text(self.query)
        presets = sorted({e.head.rules.name for e in self.entries if e.head is not None})
        choices = {
            "rules": [(tr("bt_all_rules"), "any"), *((preset_name(p), p) for p in presets)],
            "result": [(tr("bt_any_result"), "any"), *((tr(f"bt_filter_{r}"), r) for r in RESULTS)],
        }
        current = {"rules": self.rules_filter, "result": self.result_filter}
        self.filters = {}
        for i, key in enumerate(("rules", "result")):
            options = choices[key]
            start = next((o for o in options if o[1] == current[key]), options[0])
            self.filters[key] = pygame_gui.elements.UIDropDownMenu(
                gui_items(options), start, pygame.Rect(30 + search_w + 10 + i * (menu_w + 10), fy, menu_w, 36), m
            )
        self.row_h = 28 if h >= 720 else 25
        self.table = pygame.Rect(30, fy + 48, list_w, h - (fy + 48) - 80)
        self.scroll = max(0, min(self.scroll, len(self.rows) - self.rows_shown()))
        if self.selected is not None:
            self.scroll_into_view(self.selected)
        # the preview and the buttons under it
        x = self.table.right + 30
        cw = w - x - 30
        self.preview = pygame.Rect(x, fy, cw, h - fy - 196)
        bw = (cw - 10) // 2
        self.rename_y = h - 232  # the new name's field, over the preview's foot while it is open
        self.add_button(rt("open"), "open", pygame.Rect(x, h - 178, cw, 44))
        locked = rt("tip_read_only_files") if self.app.read_only else None  # another window's folder: not ours
        self.add_button(rt("rename"), "rename", pygame.Rect(x, h - 124, bw, 40), locked or rt("tip_rename_key"))
        self.add_button(
            rt("delete"), "delete", pygame.Rect(x + bw + 10, h - 124, bw, 40), locked or rt("tip_delete_key")
        )
        self.add_button(rt("back"), "back", pygame.Rect(x, h - 70, cw, 44))
        # open any file: a path, or the file dialog
        py = h - 62
        self.path_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(30, py, list_w - 314, 40), m, placeholder_text=rt("path_hint")
        )
        self.add_button(rt("open_path"), "open_path", pygame.Rect(30 + list_w - 304, py, 164, 40))
        self.add_button(rt("browse"), "browse", pygame.Rect(30 + list_w - 130, py, 130, 40))
        self.update_buttons()

    def column_xs(self) -> list[int]:
        """Where each column starts, and the end of the last one."""
        xs = [self.table.x + 10]
        for _, share in COLUMNS:
            xs.append(xs[-1] + int((self.table.w - 24) * share))
        return xs

    def header_rect(self, column: int) -> pygame.Rect:
        """The heading of ``column``: a click sorts the player's games by it (again: the other way)."""
        xs = self.column_xs()
        return pygame.Rect(xs[column], self.table.y + 1, xs[column + 1] - xs[column], self.row_h + 2)

    def sort_by(self, column: int) -> None:
        if self.sort is not None and self.sort[0] == column:
            self.sort = (column, not self.sort[1])
        else:
            self.sort = (column, column in (0, 3, 4, 5))  # dates, wins, scores, deals: the biggest first
        self.regroup()

    def rows_shown(self) -> int:
        return max(1, (self.table.h - self.row_h - 4) // self.row_h) if self.table.h else 1

    def row_rect(self, row: int) -> pygame.Rect | None:
        """Where row ``row`` of ``rows`` is drawn, or None when it is scrolled out of view."""
        k = row - self.scroll
        if not 0 <= k < self.rows_shown():
            return None
        return pygame.Rect(
            self.table.x + 2, self.table.y + self.row_h + 4 + k * self.row_h, self.table.w - 14, self.row_h
        )

    def row_of_entry(self, index: int) -> int | None:
        return next((k for k, r in enumerate(self.rows) if r.entry == index), None)

    def item_rect(self, index: int) -> pygame.Rect | None:
        """The row of entry ``index`` on the screen (None when filtered out or scrolled away)."""
        k = self.row_of_entry(index)
        return None if k is None else self.row_rect(k)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        for k in range(self.scroll, min(len(self.rows), self.scroll + self.rows_shown())):
            r = self.row_rect(k)
            if r is not None and r.collidepoint(pos):
                return k
        return None

    def scroll_into_view(self, index: int) -> None:
        k = self.row_of_entry(index)
        if k is None:
            return
        shown = self.rows_shown()
        if k < self.scroll:
            self.scroll = max(0, k - 1 if k and self.rows[k - 1].entry is None else k)
        elif k >= self.scroll + shown:
            self.scroll = k - shown + 1
        self.scroll = max(0, min(self.scroll, len(self.rows) - shown))

    def entry(self) -> RecordEntry | None:
        return None if self.selected is None else self.entries[self.selected]

    def update_buttons(self) -> None:
        e = self.entry()
        for key, ok in (
            ("open", e is not None and not e.broken),
            ("rename", e is not None and e.kind == "game" and not self.app.read_only),
            ("delete", e is not None and e.editable and not self.app.read_only),
        ):
            set_enabled(self.button(key), ok)

    def select(self, index: int | None) -> None:
        self.selected = index
        if index is not None:
            self.scroll_into_view(index)
        if self.rename_entry is not None:
            self.rename_entry.kill()
            self.rename_entry = None
            self.button("rename_ok").kill()
        self.update_buttons()

    def step_selection(self, delta: int) -> None:
        """↑ ↓ PageUp PageDown: the next record up or down (headings are skipped)."""
        order = [r.entry for r in self.rows if r.entry is not None]
        if not order:
            return
        at = order.index(self.selected) if self.selected in order else (-1 if delta > 0 else len(order))
        self.select(order[max(0, min(len(order) - 1, at + delta))])

    # ------------------------------------------------------------------ actions

    def open_entry(self, e: RecordEntry) -> None:
        whole = read_whole(e)  # through the gate: the list may have it from the index
        if whole is None:
            self.show_error(f"{tr('bt_gone_head')} {e.where}" if e.gone else e.error or "?")
            return
        self.app.switch(ReplayScene(self.app, whole[0], e.path, back=self.back_here))

    def back_here(self) -> None:
        self.refresh()
        self.app.switch(self)

    def open_path(self, text: str) -> None:
        if not text.strip():
            return
        try:
            path = expand_user(text.strip())
        except ValueError:  # «~nosuchuser/game.json»: no such home folder (it took the app down)
            self.show_error(rt("no_home", path=text.strip()))
            return
        entry = read_entry(path, "file")
        if entry.broken:
            self.say_unopened(entry.where, entry.error, entry.gone)
            return
        self.open_entry(entry)

    def say_unopened(self, where: str, error: str | None, gone: bool) -> None:
        """A file that does not open as a record, in the player's words first; the reader's own (English) words
        after them."""
        self.show_error(rt("open_gone", path=where) if gone else rt("open_broken", path=where, error=error or "?"))

    def show_error(self, text: str) -> None:
        self.box = MessageBox(self.app.manager, rt("cannot"), html_escaped(text), self.size)

    def ask_delete(self) -> None:
        e = self.entry()
        if e is None or not e.editable:
            return
        w, h = self.size
        rect = pygame.Rect(w // 2 - 230, h // 2 - 110, 460, 220)
        text = rt("confirm_delete", name=e.name, trash=self.app.paths.data_dir / "trash")
        self.confirm = pygame_gui.windows.UIConfirmationDialog(
            rect, text, self.app.manager, window_title=rt("delete"), action_short_name=rt("delete")
        )
        self.deleting = e.path  # the game the question names, whatever the list selects by the answer

    def do_delete(self) -> None:
        e = next((x for x in self.entries if x.path == self.deleting), None)
        self.deleting = None
        if e is None or not e.editable or self.app.read_only:
            return
        try:
            trash(self.app.paths, e.path)
        except OSError as exc:
            self.show_error(file_problem_words(exc))
            return
        self.selected = None
        self.refresh()
        self.resize()

    def ask_rename(self) -> None:
        e = self.entry()
        if e is None or e.kind != "game" or self.rename_entry is not None or self.app.read_only:
            return
        x = self.button("rename").get_abs_rect().x
        cw = self.preview.w
        self.rename_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x, self.rename_y, cw - 90, 40), self.app.manager, initial_text=e.stem
        )
        self.add_button(rt("ok"), "rename_ok", pygame.Rect(x + cw - 80, self.rename_y, 80, 40))
        self.rename_entry.focus()

    def do_rename(self) -> None:
        e = self.entry()
        if e is None or self.rename_entry is None:
            return
        try:
            new = rename(e.path, self.rename_entry.get_text())
        except OSError as exc:
            self.show_error(file_problem_words(exc))
            return
        except RenameRefused as exc:  # in the player's words, not the English of the exception
            self.show_error(rt(f"rename_{exc.reason}", name=exc.name))
            return
        self.refresh()
        self.selected = next((i for i, x in enumerate(self.entries) if x.path == new), None)
        self.resize()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.search:
            self.query = self.search.get_text().strip()
            self.regroup()
            self.update_buttons()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.filters.values():
            self.rules_filter = str(self.filters["rules"].selected_option[1])
            self.result_filter = str(self.filters["result"].selected_option[1])
            self.regroup()
            self.update_buttons()
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
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.app.gui_consumed:
            self.click_row(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.table.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(self.scroll - 3 * event.y, len(self.rows) - self.rows_shown()))
        elif event.type == pygame.KEYDOWN and self.confirm is not None and self.asking():
            answer = answered_by_key(self.confirm, event.key)  # the question's own keys
            if answer is not None:
                self.confirm = None
                if answer:
                    self.do_delete()
        elif event.type == pygame.KEYDOWN and self.search is not None and self.search.is_focused:
            if event.key in (pygame.K_ESCAPE, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.manager.set_focus_set(None)  # out of the search to its list (only a click got out)
                if event.key == pygame.K_DOWN:
                    self.on_key(event.key)
        elif event.type == pygame.KEYDOWN and not self.app.gui_consumed and not self.typing() and not self.asking():
            self.on_key(event.key)

    def asking(self) -> bool:
        """A question or a message is up: the list behind it takes no keys (↓ moved the selection under «Удалить
        «A»?»)."""
        confirm, box = self.confirm, self.box
        return (confirm is not None and bool(confirm.alive())) or (box is not None and box.alive)

    def typing(self) -> bool:
        return any(f is not None and f.is_focused for f in (self.search, self.path_entry, self.rename_entry))

    def on_key(self, key: int) -> None:
        steps = {
            pygame.K_UP: -1,
            pygame.K_DOWN: 1,
            pygame.K_PAGEUP: -self.rows_shown() + 1,
            pygame.K_PAGEDOWN: self.rows_shown() - 1,
            pygame.K_HOME: -10_000,
            pygame.K_END: 10_000,
        }
        e = self.entry()
        if key in steps:
            self.step_selection(steps[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and e is not None:
            self.open_entry(e)
        elif key == pygame.K_ESCAPE:
            self.app.to_menu()
        elif key == pygame.K_DELETE and e is not None and not self.app.read_only:
            self.ask_delete()  # as «Удалить» (a question first)
        elif key == pygame.K_F2 and e is not None:
            self.ask_rename()

    def click_row(self, pos: tuple[int, int]) -> None:
        """A click selects a row; a second click on it soon after opens it; a click on a heading sorts."""
        column = next((c for c in range(len(COLUMNS)) if self.header_rect(c).collidepoint(pos)), None)
        if column is not None:
            self.sort_by(column)
            return
        k = self.row_at(pos)
        if k is None or self.rows[k].entry is None:
            return
        index = self.rows[k].entry
        assert index is not None
        now = self.now()
        last = self.last_click
        path = self.entries[index].path
        double = last is not None and last[0] == path and now - last[1] < DOUBLE_CLICK_S
        self.last_click = (path, now)
        self.select(index)
        if double:
            self.last_click = None
            self.open_entry(self.entries[index])

    def state_token(self) -> object:
        shown = (self.selected, self.scroll, self.hover, self.query, self.rules_filter, self.result_filter, self.sort)
        return shown, self.loading

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
            self.file_dialog = pygame_gui.windows.UIFileDialog(
                rect,
                self.app.manager,
                window_title=rt("open_path"),
                initial_file_path=start,
                allow_existing_files_only=True,
            )
        elif key == "back":
            self.app.to_menu()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        draw_text(surface, rt("title"), (30, 14), 30, GOLD, bold=True)
        self.draw_table(surface)
        draw_preview(surface, self.preview, self.entry())
        under = pygame.mouse.get_pos()
        cut = next(((cell, text) for cell, text in self.cut_cells if cell.collidepoint(under)), None)
        self.tip_shown = None if cut is None else cut[1]
        if cut is not None:  # a cell cut short («Жора Лихо…») says its words under the pointer
            draw_tooltip(surface, cut[1], under, avoid=cut[0])

    def any_three(self) -> bool:
        """Does the player's own list hold a game for three (two opponents in its row; the samples, which always
        have one, name their players)?"""
        return any(
            e.kind != "sample" and e.head is not None and sides_named(e.head.rules.players) for e in self.entries
        )

    def draw_table(self, surface: pygame.Surface) -> None:
        t = self.table
        panel(surface, t, (10, 34, 20, 200), radius=10)
        pygame.draw.rect(surface, (140, 105, 50), t, 1, border_radius=10)
        size = 15 if t.w >= 800 else (14 if t.w >= 620 else 13)
        xs = self.column_xs()
        head = pygame.Rect(t.x + 1, t.y + 1, t.w - 2, self.row_h + 2)
        panel(surface, head, HEAD, radius=10)
        for c, ((key, _), x0, x1) in enumerate(zip(COLUMNS, xs, xs[1:], strict=False)):
            title = tr(key)
            if key == "bt_opponent" and self.any_three():
                title = tr("bt_opponents")  # two opponents in a game's row: «Соперники»
            if self.sort is not None and self.sort[0] == c:
                title += " ▼" if self.sort[1] else " ▲"
            draw_text(
                surface,
                shorten_to(title, size, x1 - x0 - 8, True),
                (x0, head.centery),
                size,
                GOLD,
                bold=True,
                anchor="midleft",
            )
        if self.loading is not None:
            done, total = self.loading
            draw_text(
                surface,
                tr("bt_reading", done=done, total=total),
                (t.centerx, t.y + 3 * self.row_h),
                16,
                FAINT,
                anchor="midtop",
            )
        elif not self.rows:
            draw_text(
                surface,
                tr("bt_nothing") if self.entries else rt("empty"),
                (t.centerx, t.y + 3 * self.row_h),
                16,
                FAINT,
                anchor="midtop",
            )
        self.cut_cells = []
        for k in range(self.scroll, min(len(self.rows), self.scroll + self.rows_shown())):
            r = self.row_rect(k)
            assert r is not None
            row = self.rows[k]
            if row.entry is None:
                draw_text(surface, row.heading, (t.x + 10, r.bottom - 4), size, GOLD, bold=True, anchor="bottomleft")
                pygame.draw.line(surface, (140, 105, 50), (t.x + 8, r.bottom - 1), (r.right, r.bottom - 1), 1)
                continue
            e = self.entries[row.entry]
            if row.entry == self.selected:
                pygame.draw.rect(surface, SELECTED, r, border_radius=6)
            elif k == self.hover:
                panel(surface, r, HOVER, radius=6)
            texts: list[str] = list(cells(e))
            spans = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)]
            answers = practice_answers(e)
            if e.kind == "sample":  # its title takes the room of the date, the rules and the players (the preview
                del texts[1:3]  # names them)
                spans = [(0, 3), (3, 4), (4, 5), (5, 6)]
            elif answers is not None:  # a drill: its title in the room of the rules and the opponent, the answers
                right, given = answers  # right as the result
                said = rt("answers", right=right, total=given) if given else "—"
                texts[1:4] = [practice_title(e) or tr("practice"), said]
                spans = [(0, 1), (1, 3), (3, 4), (4, 5), (5, 6)]
            for text, (a, b) in zip(texts, spans, strict=True):
                colour = (255, 150, 130) if e.broken and a == 1 else CREAM
                if a == 3:
                    colour = {"won": (150, 230, 150), "lost": (255, 160, 140)}.get(result_for_you(e) or "", CREAM)
                    if answers is not None:
                        colour = (150, 230, 150) if answers[0] == answers[1] > 0 else (255, 160, 140)
                        colour = colour if answers[1] else FAINT
                room = xs[b] - xs[a] - 8
                if a == 0 and e.kind != "sample" and font(size).size(text)[0] > room:
                    text = text.rsplit(" ", 1)[0]  # a narrow table: the day without the time («Dec 7», not «Dec»)
                brief = opponents_briefly(e) if a == 2 and font(size).size(text)[0] > room else None
                shown_text = shorten_to(brief or text, size, room)  # «Жора, Тётя Валя», not «Жора Ли…» alone
                cell = draw_text(surface, shown_text, (xs[a], r.centery), size, colour, anchor="midleft")
                if shown_text != text:  # «Жора Лихо…»: the whole words under the pointer
                    self.cut_cells.append((cell, text))
        # a scroll bar when the rows do not all fit
        shown = self.rows_shown()
        if len(self.rows) > shown:
            track = pygame.Rect(t.right - 9, t.y + self.row_h + 6, 5, shown * self.row_h - 4)
            pygame.draw.rect(surface, (40, 70, 50), track, border_radius=3)
            knob_h = max(20, track.h * shown // len(self.rows))
            top = track.y + (track.h - knob_h) * self.scroll // max(1, len(self.rows) - shown)
            pygame.draw.rect(surface, (201, 163, 90), (track.x, top, 5, knob_h), border_radius=3)


def open_replay_file(app: App, path: str) -> None:
    """``main.py replay FILE``: the viewer, or the browser with the file's error."""
    browser = ReplayBrowserScene(app)
    try:
        record = load_for_viewing(path)
    except RecordError as exc:  # said as «Открыть файл» says it (it was the engine's English alone)
        app.switch(browser)
        browser.say_unopened(file_label(path, 400), str(exc), not os.path.lexists(path))
        return
    app.switch(ReplayScene(app, record, Path(path), back=browser.back_here))
