"""The menu: a new game with its options, continue the saved game, rules, settings, quit.

On entry the saved game is loaded (validated by replay); a corrupt file is moved aside and reported in a
dialog — the menu itself never crashes on a bad save.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.bots.characters import (
    CHARACTER_KEYS,
    MATCH_EMBLEM,
    MATCH_KEY,
    character,
    match_level,
    match_range,
    opponent_rating,
)
from game.cards import Card
from game.counts import player_count
from game.errors import DealCodeError, NewerRecord, RecordError
from game.names import printable
from game.rating import START
from game.record import GameRecord, move_aside, replay, seat_levels
from game.rules import PRESETS, Rules, defined_for, three_player_conflicts
from ui.controller import BOT_LEVELS, GameController, GameOptions
from ui.dialogs import ChoicePanel, MessageBox, html_escaped
from ui.i18n import preset_name, tr, tr_for
from ui.saving import current_record, move_to_games
from ui.scenes.base import Scene
from ui.seat_words import opponents_words
from ui.widgets.felt import felt
from ui.widgets.lists import gui_items

if TYPE_CHECKING:
    from ui.about import AboutBox
    from ui.app import App
    from ui.settings import Settings

TARGETS = (301, 501, 1001, 0)
# single rules options the new-game screen offers beside the preset: (the option, which is also the setting that
# keeps the choice; whether it applies only to one-deal games), shown as «нет» / «да» under tr(option)
OPTION_ROWS = (("dave", True),)
DECOR = (Card.SJ, Card.HQ, Card.CK, Card.DA)
DEALERS = {2: ("human", "bot", "random"), 3: ("human", "bot", "bot_right", "random")}
"""Who deals first, by the player count: for three «bot» is the one on the human's left, «bot_right» the other."""


def _opt(label: str, value: str) -> tuple[str, str]:
    return label, value


def opponents(players: int) -> tuple[str, ...]:
    """The opponents offered: the levels, the characters and «Ровня» (at the player's two-player rating, at either
    count: ``PlayerCount.match``)."""
    match = (MATCH_KEY,) if player_count(players).match and match_range() is not None else ()
    return (*BOT_LEVELS, *CHARACTER_KEYS, *match)


def opponent(chosen: str, players: int) -> str:
    """The opponent the field opens on: the one chosen before if it is offered now, else medium."""
    return chosen if chosen in opponents(players) else "medium"


def player_rating_now(data_dir: Path, save: bool = True) -> float:
    """The player's rating now, from the statistics of the saved games (1500 when they cannot be read); ``save``:
    False in a window that does not hold the folder (it writes no statistics' cache there)."""
    from game.services.stats.figures import compute

    try:
        return compute(data_dir, save=save).rating.value
    except Exception:  # the statistics must never stop a game from starting
        return START


def started_opponents(s: Settings, players: int, rating: Callable[[], float]) -> tuple[str, ...]:
    """The level names a game of ``players`` is started with, from the player's left (``chosen_opponents``):
    Ровня becomes ``rovnya:<rating>`` at the player's ``rating()`` now. Every way into a new game takes them so —
    the replays' «Сдачу заново» and «Играть отсюда» took the bare «rovnya», which the table played as a random bot."""
    return tuple(match_level(rating()) if lv == MATCH_KEY else lv for lv in chosen_opponents(s, players))


# the new-game fields choosing the opponents: one for two players; for three one for each (left, then right)
OPPONENT_FIELDS = {2: ("bot_level",), 3: ("bot_left", "bot_right")}


def chosen_opponents(s: Settings, players: int) -> tuple[str, ...]:
    """The opponents the settings hold for ``players``, in the order they act after the player (for three: left,
    then right; each the one chosen for its seat, else the one chosen for two, else medium)."""
    chosen = {
        "bot_level": s.bot_level,
        "bot_left": s.bot_level_left or s.bot_level,
        "bot_right": s.bot_level_right or s.bot_level,
    }
    return tuple(opponent(chosen[key], players) for key in OPPONENT_FIELDS[players])


DOUBLE_CLICK_S = 0.5  # «Выход» pressed this soon after the menu came up is asked, not obeyed


class MenuScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.saved: GameRecord | None = None
        self.message: MessageBox | None = None
        self.about: AboutBox | None = None
        self.fields: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.field_labels: dict[str, pygame_gui.elements.UILabel] = {}
        self.opponent_notes: dict[str, pygame_gui.elements.UILabel] = {}  # the line under each opponent's field
        self._player_rating: float | None = None  # for Ровня: the player's rating now, read once per visit
        self._rating_thread: threading.Thread | None = None  # reading it (every game, with no cache) for the note
        self._rating_read: list[float] = []  # what the thread read
        self.corrupt_moved: str | None = None
        self.corrupt_error = ""
        self.newer: int | None = None  # the format of a newer version's game set aside (not a damaged one)
        self._decor: list[pygame.Surface] = []
        self._decor_h = 0
        self.question_panel: ChoicePanel | None = None  # «Выйти из игры?» after Esc, «Начать новую партию?»
        self.asking_quit = False
        self.asking_new = False  # «Начать новую партию?» while a game is in progress
        self.opened = self.now()

    @property
    def opponent_note(self) -> pygame_gui.elements.UILabel | None:
        """The line under the (first) opponent's field."""
        return next(iter(self.opponent_notes.values()), None)

    def enter(self) -> None:
        self.opened = self.now()
        self._player_rating = None  # a game may have been finished since
        self._rating_thread, self._rating_read = None, []
        self.check_saved()
        super().enter()
        if self.corrupt_moved is not None:
            self.show_corrupt()
        elif self.app.read_only and not self.app.read_only_told:  # once: another window holds the data folder
            self.app.read_only_told = True
            where = html_escaped(printable(str(self.app.paths.data_dir)))
            text = tr("read_only_text", path=where)
            self.message = MessageBox(self.app.manager, tr("read_only_title"), text, self.size)
        elif self.app.settings_unsaved is not None:  # once: the settings chosen could not be written
            why, self.app.settings_unsaved = self.app.settings_unsaved, None
            text = tr("settings_unsaved_text", why=html_escaped(why))
            self.message = MessageBox(self.app.manager, tr("settings_unsaved_title"), text, self.size)
        elif self.app.settings_note is not None:  # once: the settings file could not be read and was set aside
            why, moved = self.app.settings_note
            self.app.settings_note = None
            if moved is None:  # the system will not let it be read: left where it is, nothing written over it
                text = tr("settings_unreadable_text", why=html_escaped(why))
                self.message = MessageBox(self.app.manager, tr("settings_unreadable_title"), text, self.size)
                return
            text = tr("settings_corrupt_text", error=html_escaped(why), name=html_escaped(moved))
            self.message = MessageBox(self.app.manager, tr("settings_corrupt_title"), text, self.size)

    def check_saved(self) -> None:
        """Load current.json if any; a corrupt file is moved aside (never deleted, never fatal), a newer version's
        game into the games' folder, where «Повторы» of that version finds it. A read-only window (another one holds
        the folder) only reads: the other window settles its files."""
        path = self.app.paths.current_game
        self.saved = None
        self.newer = None
        try:
            self.saved = current_record(self.app.paths, settle=not self.app.read_only)
        except Exception as exc:  # RecordError, or anything a damaged file may trigger
            self.corrupt_error = str(exc) if isinstance(exc, RecordError) else repr(exc)
            if self.app.read_only:
                return
            self.newer = exc.version if isinstance(exc, NewerRecord) else None
            try:
                moved = move_aside(path) if self.newer is None else move_to_games(self.app.paths, "-newer")
                self.corrupt_moved = moved.name
            except OSError as move_exc:
                self.corrupt_moved = f"? ({move_exc})"

    def show_corrupt(self) -> None:
        name = html_escaped(self.corrupt_moved or "")
        if self.newer is not None:  # not damaged: a newer version wrote it
            text = tr("newer_text", version=self.newer, name=name)
            self.message = MessageBox(self.app.manager, tr("newer_title"), text, self.size)
            return
        text = tr("corrupt_text", error=html_escaped(self.corrupt_error), name=name)
        self.message = MessageBox(self.app.manager, tr("corrupt_title"), text, self.size)

    # ---------------------------------------------------------------- layout

    def build(self) -> None:
        m = self.app.manager
        s = self.app.settings
        w, h = self.size
        self.buttons = {}
        self.question_panel = None  # the manager was cleared: the question, if asked, comes again at the new size
        self.fields = {}
        self.opponent_notes = {}
        col_w = 480  # the longest choice («Московские (официальные)») with room to spare beside the arrow
        x = max(w // 2, w - col_w - max(60, (w // 2 - col_w) // 2 + 40))
        # title, seven fields, and three rows of buttons, centred; tighter under the title on short windows
        title_h = 118 if h < 720 else 136
        pitch = 40 if h < 720 else 44  # a field's row
        note_h = 22  # the chosen opponent's line under its field (its style and rating)
        gap = 4 if h < 720 else 14  # before the buttons (the opponent's line above already sets the form apart)

        def targets_for(players: int) -> list[int]:
            return [t for t in TARGETS if defined_for(PRESETS["moscow"].with_options(target=t), players)]

        def options_for(players: int) -> tuple[tuple[str, bool], ...]:
            """The option rows shown: one of the one-deal game only where the count has one (not three)."""
            return tuple(row for row in OPTION_ROWS if 0 in targets_for(players) or not row[1])

        targets, options_shown = targets_for(s.players), options_for(s.players)

        def column(players: int) -> tuple[int, int]:
            """The form's height and a field's row for a count: its option rows; each opponent a field and a line."""
            fields_n = 6 + len(OPPONENT_FIELDS[players]) + len(options_for(players))
            notes = note_h * len(OPPONENT_FIELDS[players])
            row = pitch
            column_h = title_h + fields_n * row + notes + gap + 58 + 52 + 42
            if column_h + 2 * 16 > h:  # three's second opponent at 1024×640: the rows close up (a field is 36 high)
                row = max(37, row - (column_h + 2 * 16 - h + fields_n - 1) // fields_n)
                column_h = title_h + fields_n * row + notes + gap + 58 + 52 + 42
            return column_h, row

        column_h, pitch = column(s.players)
        # «Об игре» keeps its corner whatever the count: the taller form (three's) decides where it goes
        tallest_bottom = max(max(16, (h - c) // 2) + c for c, _ in map(column, (2, 3)))
        y = max(16, (h - column_h) // 2)
        pygame_gui.elements.UILabel(
            pygame.Rect(x, y, col_w, 90), tr("title"), m, object_id=pygame_gui.core.ObjectID(object_id="#title")
        )
        subtitle_y = y + title_h - 40 if h < 720 else y + 86
        pygame_gui.elements.UILabel(
            pygame.Rect(x, subtitle_y, col_w, 30),
            tr_for(s.players, "subtitle"),  # follows the «Игроки» choice
            m,
            object_id=pygame_gui.core.ObjectID(object_id="#subtitle"),
        )
        y += title_h
        target_label = {t: (str(t) if t else tr("one_deal")) for t in TARGETS}
        # only what the rules define for the count (for three: no one-deal game, no preset that names one вистующий)
        presets = [p for p in PRESETS if defined_for(PRESETS[p], s.players)]
        preset = s.preset if s.preset in presets else "moscow"
        single = not PRESETS[preset].target
        target = 0 if single else (s.target if s.target in targets else 501)
        rows: list[tuple[str, list[tuple[str, str]], str]] = [
            ("players", [_opt(tr("players_2"), "2"), _opt(tr("players_3"), "3")], str(s.players)),
            ("preset", [_opt(preset_name(p), p) for p in presets], preset),
            ("target", [_opt(target_label[t], str(t)) for t in targets], str(target)),
            ("etiquette", [_opt(tr("guided"), "guided"), _opt(tr("strict"), "strict")], s.etiquette),
            # each level says what it does, weakest first (issue 27: «случайный» and «лёгкий» side by side)
            # then the characters (game/bots/characters.py): named opponents with a style; for three, one field
            # for each opponent (left, then right)
            *(
                (key, [_opt(tr(f"level_choice_{lv}"), lv) for lv in opponents(s.players)], level)
                for key, level in zip(OPPONENT_FIELDS[s.players], chosen_opponents(s, s.players), strict=True)
            ),
            (
                "first_dealer",
                [_opt(tr_for(s.players, f"dealer_{d}"), d) for d in DEALERS[s.players]],  # «соперник слева»
                s.first_dealer if s.first_dealer in DEALERS[s.players] else "bot",
            ),
            *(
                (name, [_opt(tr("opt_off"), "off"), _opt(tr("opt_on"), "on")], "on" if getattr(s, name) else "off")
                for name, _ in options_shown
            ),
        ]
        label_w = 170
        for key, options, current in rows:
            label = tr(f"field.{key}") if key in OPPONENT_FIELDS[3] else tr_for(s.players, key)  # «Соперник слева»
            field_label = pygame_gui.elements.UILabel(
                pygame.Rect(x, y, label_w, 36), label, m, object_id=pygame_gui.core.ObjectID(object_id="#field_label")
            )
            tip = "tip_field.bot_level" if key in OPPONENT_FIELDS[3] else f"tip_field.{key}"
            field_label.set_tooltip(tr(tip), wrap_width=360)  # what the choice means (issue 27)
            self.field_labels[key] = field_label
            start = next((o for o in options if o[1] == current), options[0])
            self.fields[key] = pygame_gui.elements.UIDropDownMenu(
                gui_items(options), start, pygame.Rect(x + label_w, y, col_w - label_w, 36), m
            )
            y += pitch
            if key in OPPONENT_FIELDS[s.players]:
                self.opponent_notes[key] = pygame_gui.elements.UILabel(
                    pygame.Rect(x, y - pitch + 36, col_w, note_h),
                    "",
                    m,
                    object_id=pygame_gui.core.ObjectID(object_id="#field_note"),
                )
                y += note_h
        self.sync_opponent_note()
        if single:  # a single-deal preset («В один удар»): one deal whatever the target says, so it says so
            self.fields["target"].disable()
        self.sync_option_rows()
        code_label = pygame_gui.elements.UILabel(
            pygame.Rect(x, y, label_w, 36),
            tr("deal_code"),
            m,
            object_id=pygame_gui.core.ObjectID(object_id="#field_label"),
        )
        code_label.set_tooltip(tr("tip_field.code"), wrap_width=360)
        self.field_labels["code"] = code_label
        self.code_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x + label_w, y, col_w - label_w, 36), m, placeholder_text=tr("deal_code_empty")
        )  # what a blank field means: «XXXXX-XXXXX-…» told a newcomer nothing
        y += pitch
        y += gap
        bw = (col_w - 10) // 2
        self.add_button(tr("new_game"), "new", pygame.Rect(x, y, bw, 48))
        cont = self.add_button(tr("continue"), "continue", pygame.Rect(x + bw + 10, y, bw, 48))
        if self.saved is None:
            cont.disable()
        else:
            cont.set_tooltip(tr("menu.continue_tip", game=self.saved_words()), wrap_width=360)  # which game
        y += 58
        self.add_button(tr("rules"), "rules", pygame.Rect(x, y, bw, 42))
        self.add_button(tr("settings"), "settings", pygame.Rect(x + bw + 10, y, bw, 42))
        y += 52
        b3 = (col_w - 20) // 3  # replays, statistics, quit
        self.add_button(tr("replays"), "replays", pygame.Rect(x, y, b3, 42))
        self.add_button(tr("stats.title"), "stats", pygame.Rect(x + b3 + 10, y, b3, 42))
        self.add_button(tr("quit"), "quit", pygame.Rect(x + 2 * (b3 + 10), y, col_w - 2 * (b3 + 10), 42))
        self.form_x = x
        # announcement practice: a call to action under the fan of cards on the left
        left_w = x - 30
        pw = max(240, min(380, left_w - 60))
        py = min(h - 64, h // 2 + 10 + int(min(300, int(h * 0.42), int(left_w * 0.62)) * 0.6) + 40)
        self.add_button(tr("practice"), "practice", pygame.Rect(left_w // 2 + 50 - pw // 2, py, pw, 48))
        # «Школа» (a newcomer's first stop): over the fan, as the practice is under it
        card_h = min(300, int(h * 0.42), int(left_w * 0.62))
        sy = max(16, h // 2 + 10 - int(card_h * 0.62) - 70)
        self.add_button(tr("school"), "school", pygame.Rect(left_w // 2 + 50 - pw // 2, sy, pw, 48))
        if self.app.read_only:  # another window plays in this data folder: nothing here may write its game
            for key in ("new", "continue", "practice", "school"):  # the school's progress and its first game too
                self.button(key).disable()
        # «Об игре»: the version, the credits and where the files are (in the corner, out of the game's way)
        about = pygame.Rect(w - 12 - 140, h - 12 - 36, 140, 36)
        if about.colliderect(pygame.Rect(x, tallest_bottom - 42, col_w, 42).inflate(0, 2 * 14)):
            about.top = 12  # a short window: the column reaches the bottom corner, so the top one (seen at 1024×640)
        btn = pygame_gui.elements.UIButton(
            about,
            tr("ab_button"),
            m,
            tool_tip_text=tr("ab_tip"),
            object_id=pygame_gui.core.ObjectID(object_id="#small_button"),
        )
        self.buttons[btn] = "about"
        if self.asking_quit:
            self.ask_quit()
        elif self.asking_new:
            self.ask_new()

    # ---------------------------------------------------------------- input

    def choice(self, key: str) -> str:
        return str(self.fields[key].selected_option[1])

    def remember_choices(self) -> None:
        s = self.app.settings
        s.preset = self.choice("preset")
        if self.fields["target"].is_enabled:  # a single-deal preset shows «одна сдача» and keeps the chosen target
            s.target = int(self.choice("target"))
        s.etiquette = self.choice("etiquette")
        if "bot_level" in self.fields:
            s.bot_level = self.choice("bot_level")
        else:  # three: each opponent's own
            s.bot_level_left, s.bot_level_right = self.choice("bot_left"), self.choice("bot_right")
        s.first_dealer = self.choice("first_dealer")
        s.players = int(self.choice("players"))
        for name, _ in OPTION_ROWS:
            if name in self.fields:
                setattr(s, name, self.choice(name) == "on")
        self.app.save_settings()

    def game_options(self) -> GameOptions:
        s = self.app.settings
        target = s.target if PRESETS.get(s.preset, PRESETS["moscow"]).target else 0  # single-deal presets stay so
        overrides = tuple(
            (name, True) for name, one_deal in OPTION_ROWS if getattr(s, name) and (target == 0 or not one_deal)
        )
        return GameOptions(
            preset=s.preset,
            target=target,
            etiquette=s.etiquette,
            bot_level=self.opponent_levels(s.players)[0],
            first_dealer=s.first_dealer,
            seed=self.app.options.seed,
            overrides=overrides,
            players=s.players,
            bot_levels=self.opponent_levels(s.players),
        )

    def opponent_levels(self, players: int) -> tuple[str, ...]:
        """The level names a game of ``players`` is started with (``started_opponents``)."""
        return started_opponents(self.app.settings, players, self.player_rating)

    def refused_for_three(self, options: GameOptions) -> str | None:
        """Why the engine refuses the game set up (say, a one-deal preset for three players), in words; None when
        it accepts it. The menu shows this instead of starting a game the rules do not define."""
        try:
            options.rules()
        except ValueError:
            pass
        else:
            return None
        try:  # (two players: the same refusal again, no names)
            as_two = dataclasses.replace(options, players=2).rules()
        except ValueError:
            return tr("three_refused", what="?")
        names = []
        for conflict in three_player_conflicts(as_two):
            option = conflict.split()[0]
            names.append(tr("one_deal") if option == "target" else tr(f"option.{option}"))
        return tr("three_refused", what="; ".join(names) or "?")

    def one_deal(self) -> bool:
        """Will the game set up now be a single deal (a single-deal preset, or «одна сдача» chosen)?"""
        return not self.fields["target"].is_enabled or self.choice("target") == "0"

    def sync_opponent_note(self) -> None:
        """The line under each opponent's field: a character's style and measured rating, a level's rating; for
        three the ratings are two-player figures: a character's style alone, a level's rating said to be for two."""
        three = not player_count(self.app.settings.players).rated
        for key, note in self.opponent_notes.items():
            level = self.choice(key)
            rating = opponent_rating(level)
            ch = character(level)
            if level == MATCH_KEY:  # for three: at the player's two-player rating
                now = self.rating_if_read()  # (None while a thread reads every game: «…» until it is read)
                rating = None if now is None else opponent_rating(match_level(now))
                about = tr("character.rovnya")
                words = "opponent_note_match3" if three else "opponent_note_match"
                text = tr(words, emblem=MATCH_EMBLEM, about=about, rating=round(rating) if rating else "…")
            elif ch is not None and three:
                text = tr("opponent_note3", emblem=ch.emblem, about=tr(f"character.{ch.key}"))
            elif ch is not None:
                about = tr(f"character.{ch.key}")
                text = tr("opponent_note", emblem=ch.emblem, about=about, rating=round(rating) if rating else "?")
            else:
                words = "opponent_note_level3" if three else "opponent_note_level"
                text = tr(words, rating=round(rating) if rating else "?")
            note.set_text(text)
            tip_key = f"character_tip.{ch.key if ch is not None else level}"
            tip = tr(tip_key + ("3" if three and level == MATCH_KEY else "")) if ch or level == MATCH_KEY else None
            note.set_tooltip(tip or tr("tip_field.bot_level"), wrap_width=360)

    def player_rating(self) -> float:
        """The player's rating now (``player_rating_now``, read once per menu): Ровня's. A game starting waits for
        the thread the note started."""
        while (rating := self.rating_if_read()) is None:
            assert self._rating_thread is not None
            self._rating_thread.join()
        return rating

    def rating_if_read(self) -> float | None:
        """The player's rating if it is read, else None, a thread reading it: with no statistics' cache (a reset, a
        new cache version) it replays every game, 5 s for 500 in the window's own thread."""
        if self._player_rating is not None:
            return self._player_rating
        if self._rating_thread is None:
            data_dir, save = self.app.paths.data_dir, not self.app.read_only
            read = self._rating_read  # this visit's (a thread of an earlier visit fills the list it was given)
            self._rating_thread = threading.Thread(
                target=lambda: read.append(player_rating_now(data_dir, save)), daemon=True
            )
            self._rating_thread.start()
        if self._rating_thread.is_alive():
            return None
        self._player_rating = self._rating_read[0] if self._rating_read else START
        return self._player_rating

    def state_token(self) -> object:
        """Ровня's rating, read in a thread: its line changes without input (it stayed «…» until the mouse moved)."""
        return self._player_rating

    def update(self, dt: float) -> None:
        """The note under Ровня's field, once the rating is read."""
        super().update(dt)
        thread = self._rating_thread
        if thread is not None and self._player_rating is None and not thread.is_alive():
            self.sync_opponent_note()

    def sync_option_rows(self) -> None:
        """An option of the one-deal game («даве») is greyed while the game set up is played to a target."""
        for name, one_deal_only in OPTION_ROWS:
            field = self.fields.get(name)
            if field is None or not one_deal_only:
                continue
            if self.one_deal():
                field.enable()
            else:
                field.disable()

    def handle(self, event: pygame.event.Event) -> None:
        if self.about is not None and self.about.process(event):
            self.about = None
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            single = not self.fields["target"].is_enabled
            self.remember_choices()
            self.sync_option_rows()
            self.sync_opponent_note()
            if event.ui_element is self.fields["players"]:  # (a resize keeps the code typed)
                framed = self.app.focus.element is event.ui_element
                self.resize()  # «соперник» as the first dealer becomes «соперник слева» for three
                if framed:  # ↓ on the framed field: the frame stays on it, rebuilt
                    self.app.focus.set(self.fields["players"])
                return
            if event.ui_element is self.fields["preset"] and single != (not PRESETS[self.choice("preset")].target):
                self.resize()  # «Партия до» follows the preset: «одна сдача» (greyed) for a single-deal one
            return
        if (self.asking_quit or self.asking_new) and self.answer_question(event):
            return
        typed = event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.code_entry
        if typed and self.code_entry.get_text().strip():  # Enter in the code's field: the deal it names
            self.new_game_pressed()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.code_entry.is_focused:
            # Esc leaves the field (it asked «Выйти из игры?», and Enter then quit)
            self.app.manager.set_focus_set(None)
            return
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and self.saved is not None and not self.app.gui_consumed and not (self.message and self.message.alive):
            cont = self.button("continue")  # Esc from the table, Enter back to it (the menu had no key at all)
            if not cont.is_enabled:
                return  # a read-only window's greyed «Продолжить»: Enter played on unsaved (a hostile round)
            self.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": cont}))
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.app.gui_consumed:
                self.ask_quit()  # a stray Esc must not end the program: ask first
            return
        key = self.buttons[event.ui_element]
        if key == "new":
            self.new_game_pressed()
        elif key == "continue" and self.saved is not None:
            try:
                ctl = GameController.restore(self.app.paths, self.saved, **self.app.controller_kwargs())
            except RecordError as exc:
                self.corrupt_error, self.saved = str(exc), None
                self.corrupt_moved = move_aside(self.app.paths.current_game).name
                self.resize()
                self.show_corrupt()
                return
            self.start(ctl)
        elif key == "rules":
            self.remember_choices()
            from ui.scenes.rules import RulesScene, rules_for

            s = self.app.settings
            refused = self.refused_for_three(self.game_options())  # no page for a game the rules do not define
            if refused is not None:
                self.message = MessageBox(self.app.manager, tr("players"), refused, self.size)
                return
            self.app.switch(RulesScene(self.app, rules_for(s.preset, s.target, s.etiquette, s.players)))
        elif key == "settings":
            from ui.scenes.settings import SettingsScene

            self.app.switch(SettingsScene(self.app))
        elif key == "replays":
            self.app.open_replays()
        elif key == "stats":
            from ui.scenes.stats import StatsScene

            self.app.switch(StatsScene(self.app))
        elif key == "school":
            from ui.scenes.school import SchoolPathScene

            self.app.switch(SchoolPathScene(self.app))
        elif key == "practice":
            from ui.scenes.practice import PracticePickerScene

            self.app.switch(PracticePickerScene(self.app))
        elif key == "quit" and self.now() - self.opened < DOUBLE_CLICK_S:
            self.ask_quit()  # the second half of the double-click that opened the menu: the table's «Меню» was there
        elif key == "quit":
            self.app.quit(0)
        elif key == "about":
            from ui.about import AboutBox

            self.about = AboutBox(self.app.manager, self.app.paths, self.size)

    def ask_quit(self) -> None:
        """«Выйти из игры?» — and, when a game is in progress, that it is saved and «Продолжить» goes back to it."""
        self.asking_quit = True
        prompt = tr("menu.quit_ask_saved" if self.saved is not None else "menu.quit_ask")
        self.ask(prompt, [(tr("menu.quit_yes"), "quit"), (tr("leave_stay"), "stay")])

    def ask_new(self) -> None:
        """«Начать новую партию?» when a game is in progress: which one, and that it stays in «Повторы»."""
        self.asking_new = True
        self.ask(
            tr("menu.new_ask", game=self.saved_words()), [(tr("menu.new_yes"), "new"), (tr("menu.new_no"), "stay")]
        )

    def ask(self, prompt: str, choices: list[tuple[str, str]]) -> None:
        """A question over the menu (the quit's or the new game's panel; one at a time)."""
        if self.question_panel is None:
            self.question_panel = ChoicePanel(self.app.manager)
        w, h = self.size
        area = pygame.Rect(0, 0, min(640, w - 40), h)
        area.center = (w // 2, h // 2)
        self.question_panel.show(prompt, choices, area)
        self.show_form(False)  # the form's drop-downs stand above any panel: they step aside while it asks

    def key_scope(self) -> list[object] | None:
        """While the quit's or the new game's question is up, Tab goes round its answers only."""
        if (self.asking_quit or self.asking_new) and self.question_panel is not None:
            return list(self.question_panel.buttons)
        return None

    def saved_words(self) -> str:
        """The game «Продолжить» goes back to, in a few words: «вдвоём, сдача 3, счёт 46 : 104 · соперник: средний»."""
        if self.saved is None:
            return ""
        try:
            scores = replay(self.saved).scores
        except RecordError:
            scores = ()
        n = self.saved.rules.players
        count = tr_for(n, "menu.saved_count")  # «вдвоём», «втроём»
        deal = max(1, len(self.saved.deals))
        if not scores:
            said = tr("menu.saved_game_noscore", players=count, deal=deal)
        else:
            said = tr("menu.saved_game", players=count, deal=deal, score=" : ".join(str(v) for v in scores))
        me = self.saved.meta.get("human_seat", 0)
        bots = [lv for seat, lv in enumerate(seat_levels(self.saved.meta, n)) if seat != me]
        return f"{said} · {tr_for(n, 'menu.saved_against', who=opponents_words(bots))}"  # «соперник: Жора Лихой»

    def show_form(self, on: bool) -> None:
        """The form (its labels, drop-downs and the deal code's field) shown, or put aside for a question."""
        root = self.app.manager.get_root_container()
        elements = list(root.get_container()) if root is not None else []
        labels = [e for e in elements if "#field_label" in e.get_object_ids()]
        for element in (*labels, *self.fields.values(), *self.opponent_notes.values(), self.code_entry):
            if on:
                element.show()
            else:
                element.hide()

    def answer_question(self, event: pygame.event.Event) -> bool:
        """The question's answer: its buttons, Enter (yes: quit, or the new game) or Esc (stay). True when the
        event was its."""
        assert self.question_panel is not None
        hit, payload = self.question_panel.process(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            yes = "quit" if self.asking_quit else "new"
            hit, payload = True, "stay" if event.key == pygame.K_ESCAPE else yes
        if not hit:
            return False
        self.question_panel.hide()
        self.asking_quit = self.asking_new = False
        self.show_form(True)
        if payload == "quit":
            self.app.quit(0)
        elif payload == "new" and self.code_entry.get_text().strip():
            self.start_with_code(self.code_entry.get_text())
        elif payload == "new":
            self.start_new()
        return True

    def start_new(self) -> None:
        """A new game with the form's options."""
        self.start(GameController.new_game(self.app.paths, self.game_options(), **self.app.controller_kwargs()))

    def new_game_pressed(self) -> None:
        """«Новая игра» (or Enter in the code's field): the deal a code names, else a new deal; asked first while a
        game is in progress."""
        self.remember_choices()
        code = self.code_entry.get_text()
        if code.strip():
            if self.refuse_bad_code(code):
                return  # said before asking about the game in progress: a wrong code starts nothing
            if self.saved is not None:
                self.ask_new()
            else:
                self.start_with_code(code)
            return
        refused = self.refused_for_three(self.game_options())
        if refused is not None:
            self.message = MessageBox(self.app.manager, tr("players"), refused, self.size)
        elif self.saved is not None:
            self.ask_new()  # a game in progress: «Продолжить» would no longer go back to it
        else:
            self.start_new()

    def resize(self) -> None:
        """Laid out afresh for the window's size (F11, a drag), the code typed so far kept (it was wiped)."""
        code = self.code_entry.get_text() if getattr(self, "code_entry", None) is not None else ""
        super().resize()
        if code:
            self.code_entry.set_text(code)

    def refuse_bad_code(self, text: str) -> bool:
        """A deal code that cannot be read is said at once (True); a readable one: False."""
        from game.export import parse_deal_code

        try:
            parse_deal_code(text)
        except DealCodeError as exc:
            self.message = MessageBox(self.app.manager, tr("deal_code"), code_problem(exc), self.size)
            return True
        return False

    def start_with_code(self, text: str) -> None:
        """A new game whose first deal is the deck of a deal code (its preset and dealer; other options as set)."""
        import random

        from game.export import parse_deal_code
        from game.record import DealRecord, levels_meta

        try:
            code = parse_deal_code(text)
        except DealCodeError as exc:
            self.message = MessageBox(self.app.manager, tr("deal_code"), code_problem(exc), self.size)
            return
        opts = self.game_options()
        rules = Rules.preset(code.preset, players=code.players).with_options(etiquette=opts.etiquette)
        if code.preset != "one_strike":  # the game the screen shows: its target and options («даве»)
            try:
                rules = rules.with_options(target=opts.target, **dict(opts.overrides))
            except ValueError:  # not defined for the code's count (a one-deal game for three): to the target
                rules = rules.with_options(target=opts.target or 501)
        seed = opts.seed if opts.seed is not None else random.SystemRandom().randrange(1 << 31)
        # the bots: for two the one chosen (Ровня at the player's rating), for three each seat's (a code may be
        # for the other count than the screen's: its own count's choice)
        levels = ["", *self.opponent_levels(code.players)]
        meta = {"seed": seed, **levels_meta(levels, 0), "ui": "deberts-gui", "deal_code": text.strip().upper()}
        names = ["Игрок", *["Бот"] * (code.players - 1)]  # a code for three: the human against two bots
        record = GameRecord(rules, names, code.dealer, [DealRecord(code.dealer, list(code.deck), [])], meta)
        self.start(GameController.restore(self.app.paths, record, **self.app.controller_kwargs()))

    def start(self, ctl: GameController) -> None:
        from ui.scenes.table import TableScene

        self.app.switch(TableScene(self.app, ctl))

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        _, h = self.size
        left_w = self.form_x - 30
        card_h = min(300, int(h * 0.42), int(left_w * 0.62))
        cx, cy = left_w // 2 + 50, h // 2 + 10
        if self._decor_h != card_h:
            self._decor = [
                pygame.transform.rotozoom(self.app.images.get(c, card_h), 24 - i * 16, 1.0) for i, c in enumerate(DECOR)
            ]
            self._decor_h = card_h
        for i, img in enumerate(self._decor):
            rect = img.get_rect(center=(cx - 90 + i * 60, cy + abs(i - 1.5) * 18))
            surface.blit(img, rect)


def code_problem(exc: DealCodeError) -> str:
    """«Код сдачи не подходит: …» in the player's language (the engine's message is English, for the terminal)."""
    return tr("deal_code_bad", error=tr(f"deal_code_why.{exc.reason}", **exc.detail))
