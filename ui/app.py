"""The window and the loop: events → scene → update → draw; 60 fps while animating, near-idle otherwise."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import logging
import os
import sys
import time
import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.arguments import bounded_int, folder_path, user_path
from game.bots.base import LEVELS
from game.bots.characters import CHARACTER_KEYS
from game.cache_folder import keep_caches_in
from game.record import META_INT_MAX
from game.services.worker import Worker, shared
from ui import fonts, i18n, logs
from ui.clock import MONOTONIC, Clock
from ui.focus import KeyFocus, reachable
from ui.instance_lock import acquire, release
from ui.leave_guard import LeaveGuard, intercepts
from ui.logs import setup_logging
from ui.paths import ICON, Paths
from ui.saving import file_problem_words
from ui.scenes.base import Scene
from ui.settings import Settings, read_settings, save_settings
from ui.theme import make_manager
from ui.thinker import InlineThinker
from ui.widgets.cards import CardImages, clear_shadows
from ui.widgets.felt import clear as clear_felt
from ui.window_place import place_window, requested_position

if TYPE_CHECKING:
    from ui.controller import ControllerOptions

log = logging.getLogger(__name__)
MIN_SIZE = (1024, 640)
DEFAULT_SIZE = (1280, 800)
ACTIVE_FPS = 60
IDLE_WAIT_MS = 250  # when nothing moves, sleep in event.wait up to this long
# after the last input, a pointer resting on a widget is drawn this long: pygame_gui's hover state and its
# tooltip (shown after 1 s) settle in that time; then a resting pointer costs no frames
HOVER_SETTLE_S = 1.6
WHEEL_BUTTONS = (4, 5, 6, 7)  # what SDL still reports as mouse buttons for a wheel turn (up, down, left, right)
# a second full-screen switch within this time of the last is ignored: the window has not settled (without a
# window manager X answers late), and a doubled F11 press would otherwise flicker the window twice
MODE_SETTLE_S = 0.5


@dataclass(slots=True)
class AppOptions:
    data_dir: str | None = None
    autoplay: bool = False
    deals: int | None = None
    size: tuple[int, int] = DEFAULT_SIZE
    testing: bool = False  # never block in the loop; bots inline; no animation (tests)
    single_instance: bool | None = None  # take the data folder's lock (None: unless testing, which makes many Apps)
    inline_bots: bool = False
    bot_delay: float | None = None
    animation_speed: float | None = None
    seed: int | None = None
    replay: str | None = None  # open this record in the replay viewer
    level: str = "easy"  # with autoplay: the bots' level
    players: int = 2  # with autoplay: two or three bots at the table
    clock: Clock = MONOTONIC  # the time the scenes and their parts run on (tests: a ui.clock.ManualClock)


class App:
    def __init__(
        self, options: AppOptions | None = None, started: float | None = None, thinker: Worker | None = None
    ) -> None:
        self.options = options or AppOptions()
        # who thinks (the hint, the analyses, the bots that are not inline): the worker process; testing, this
        # process (ui.thinker; a test that checks the process passes ``thinker=shared()``)
        if thinker is None:
            thinker = InlineThinker() if self.options.testing else shared()
        self.thinker = thinker
        self.started = started if started is not None else time.perf_counter()
        self.time = self.options.clock  # handed to the scenes, their parts and the game controller
        self.last_input = self.time.now()  # the latest input event (see HOVER_SETTLE_S)
        self.frame_at = self.time.now()  # when the last frame began (its dt)
        self.first_frame_ms: float | None = None
        pygame.display.init()
        pygame.font.init()
        fonts.reset()
        self.paths = Paths.resolve(self.options.data_dir)
        if self.options.data_dir is not None:  # everything under --data-dir, the analyses' cache too
            keep_caches_in(self.paths.data_dir)
        self.log_file = setup_logging(self.paths)  # diagnostics: the frozen app has no console
        self.paths.clean_stale_temps()  # left by a kill during a save
        self.leave_guard: LeaveGuard | None = None  # the question before quitting with unsaved moves
        # one game per data folder: a second window opens read-only (ui/instance_lock.py)
        single = self.options.single_instance
        if single is None:  # --autoplay writes no game and no settings: it leaves the folder to a real window
            single = not self.options.testing and not self.options.autoplay
        self.folder_lock = acquire(self.paths.data_dir) if single else None
        logs.rotate_when(lambda: self.folder_lock is not None and not self.read_only)  # the folder's owner
        self.read_only_told = False  # the menu said it once
        self.settings_unsaved: str | None = None  # why the settings could not be written (the menu says it)
        self.settings: Settings
        self.settings, broken = read_settings(self.paths.settings_file)
        self.settings_note: tuple[str, str | None] | None = None  # (why, the name it was moved to): the menu says it
        self.settings_kept = isinstance(broken, OSError)  # unreadable, not damaged: never written over this run
        if isinstance(broken, OSError) and not self.read_only:
            name = broken.filename if isinstance(broken.filename, str) else self.paths.settings_file  # not an fd
            about = OSError(broken.errno, broken.strerror, str(name))
            self.settings_note = (file_problem_words(about, reading=True), None)
        elif isinstance(broken, str) and not self.read_only:
            self.settings_note = (broken, self.set_aside_settings())
        self.players_speed = self.settings.animation_speed  # what a session's own speed must not save over
        self.session_speed: float | None = None
        if self.options.animation_speed is not None:
            self.session_speed = self.settings.animation_speed = self.options.animation_speed
        elif self.options.testing:
            self.session_speed = self.settings.animation_speed = 0.0
        i18n.on_language(None)  # an earlier window's manager (tests make many) must not hear this
        i18n.set_language(self.settings.language)
        i18n.set_index_letters(self.settings.index_letters)
        pygame.display.set_caption("Деберц")
        with contextlib.suppress(pygame.error, FileNotFoundError):  # the window keeps SDL's icon without it
            pygame.display.set_icon(pygame.image.load(str(ICON)))
        self.windowed_size = self.options.size
        self.mode_switched_at = float("-inf")  # self.time.now() of the last full-screen switch
        self.windowed_position: tuple[int, int] | None = None
        self.window_changed = False  # the player moved, resized or maximised it: kept in the settings at the end
        if not self.options.testing:
            self.place_window()
        self.screen = self._set_mode(self.settings.fullscreen and not self.options.testing)
        if self.settings.maximised and not self.settings.fullscreen and not self.options.testing:
            window = display_window()
            if window is not None:
                window.maximize()
        self._laid_out = self.screen.get_size()
        self.manager = make_manager(self.screen.get_size())
        i18n.on_language(self.manager.set_locale)  # pygame_gui's own words (its dialogs) follow ours
        self.images = CardImages()
        self.images.follow(self.settings)  # the face set and the suit colours in text
        self.clock = pygame.time.Clock()
        self.running = True
        self.exit_code = 0
        self.gui_consumed = False
        self.focus = KeyFocus()  # the button Tab has chosen, on whatever screen is up
        self.scene: Scene | None = None
        if self.options.autoplay:
            self.start_autoplay()
        elif self.options.replay:
            self.open_replay(self.options.replay)
        else:
            self.to_menu()

    # ---------------------------------------------------------------- window

    def _set_mode(self, fullscreen: bool) -> pygame.Surface:
        """One ``set_mode`` with the flags of the mode: the desktop's size in full screen, else a resizable window.

        SDL makes a new window where the old one was; without a window manager nobody moves a full-screen window
        to the corner (seen: drawn at 80,50 and cut off), so the old window goes to the corner first, and the
        windowed one comes back where it was.
        """
        window = display_window()
        if fullscreen:
            if window is not None:
                self.windowed_position = window.position
                window.position = (0, 0)
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            w = max(MIN_SIZE[0], self.windowed_size[0])
            h = max(MIN_SIZE[1], self.windowed_size[1])
            pygame.display.set_mode((w, h), pygame.RESIZABLE)
            window = display_window()
            if window is not None:
                window.minimum_size = MIN_SIZE
                if self.windowed_position is not None:
                    window.position = self.windowed_position
        screen = pygame.display.get_surface()
        assert screen is not None
        return screen

    def set_aside_settings(self) -> str:
        """A settings file that cannot be read is kept under a new name, never overwritten by the defaults."""
        from game.record import move_aside

        try:
            return move_aside(self.paths.settings_file).name
        except OSError as exc:
            return f"? ({exc.strerror or exc})"

    def place_window(self) -> None:
        """The size and place the player left the window at, fitted to the desktop (``ui.window_place``); a size
        given on the command line wins over the remembered one."""
        s = self.settings
        wanted = (s.window_w, s.window_h) if s.window_w and self.options.size == DEFAULT_SIZE else self.options.size
        sizes: list[tuple[int, int]] = []
        with contextlib.suppress(pygame.error):
            sizes = pygame.display.get_desktop_sizes()
        desktop = sizes[0] if sizes else None
        saved = (s.window_x, s.window_y) if s.window_placed else None
        asked = requested_position(os.environ.get("SDL_VIDEO_WINDOW_POS"))
        placed = place_window(wanted, desktop, MIN_SIZE, saved, asked)
        self.windowed_size, self.windowed_position = placed.size, placed.position

    def window_event(self, event: pygame.event.Event) -> None:
        """Remember where the player keeps the window (not its full-screen or maximised size)."""
        s = self.settings
        if event.type == pygame.WINDOWMAXIMIZED:
            s.maximised = True
        elif event.type == pygame.WINDOWRESTORED:
            s.maximised = False
        elif s.fullscreen or s.maximised:
            return
        elif event.type == pygame.WINDOWMOVED:
            s.window_x, s.window_y, s.window_placed = max(0, event.x), max(0, event.y), True
        elif event.type == pygame.WINDOWSIZECHANGED:
            s.window_w, s.window_h = event.x, event.y
        self.window_changed = True

    def toggle_fullscreen(self) -> None:
        """F11 or the setting: one mode switch, and none while the last one settles (a held or doubled key)."""
        if self.time.now() - self.mode_switched_at < MODE_SETTLE_S:
            return
        fullscreen = not self.settings.fullscreen
        if fullscreen:
            self.windowed_size = self.screen.get_size()
        self.settings.fullscreen = fullscreen
        self.screen = self._set_mode(fullscreen)
        self.save_settings()
        self.mode_changed()
        # counted from the end: with a window manager, set_mode may wait for it well beyond MODE_SETTLE_S
        self.mode_switched_at = self.time.now()

    def mode_changed(self) -> None:
        """A new display mode: surfaces converted for the old one are made again, and the scene lays out anew."""
        self.images.forget()
        clear_shadows()
        clear_felt()
        self.on_resize()

    def resize(self, size: tuple[int, int]) -> None:
        """Ask for a window size (tests; the dummy driver's resize events, which have no window to resize)."""
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if self.settings.fullscreen:
            return
        self.windowed_size = size
        if self.screen.get_size() != size:
            pygame.display.set_mode(size, pygame.RESIZABLE)
            self.screen = pygame.display.get_surface() or self.screen
        self.on_resize()

    def window_resized(self) -> None:
        """The window changed size (a drag, the window manager, our own switch): take the surface SDL resized.

        pygame 2 resizes a resizable window's surface itself; answering a resize with ``set_mode`` recreates the
        window, and without a window manager that brings another resize event, stale or new — the loop seen
        once (the window recreated twice a second, then the wrong size). So a resize event never sets the mode.
        """
        surface = pygame.display.get_surface()
        if surface is None:
            return
        self.screen = surface
        if surface.get_size() != self._laid_out:
            if not self.settings.fullscreen:
                self.windowed_size = surface.get_size()
            self.on_resize()

    @property
    def read_only(self) -> bool:
        """Another window holds the data folder: nothing this one does writes there (it may learn it late: a
        window that could not lock the folder at its start tries before its first save)."""
        return self.folder_lock is not None and self.folder_lock.another

    def may_write(self) -> bool:
        """May this window's game be written to the data folder now (``ui.instance_lock.FolderLock.may_write``)?"""
        return self.folder_lock is None or self.folder_lock.may_write()

    @property
    def lock(self) -> object | None:
        """The folder's OS lock while this window holds it."""
        return None if self.folder_lock is None else self.folder_lock.lock

    def on_resize(self) -> None:
        self._laid_out = self.screen.get_size()
        self.manager.set_window_resolution(self.screen.get_size())
        self.images.clear_scaled()
        if self.scene is not None:
            self.scene.resize()

    def save_settings(self) -> None:
        if self.read_only or self.settings_kept:  # another window's settings, or a file we may not read
            return
        kept = self.settings
        if self.session_speed is not None and kept.animation_speed == self.session_speed:
            kept = dataclasses.replace(kept, animation_speed=self.players_speed)  # --autoplay's 3.0 is not the player's
        try:
            save_settings(self.paths.settings_file, kept)
        except OSError as exc:
            log.warning("cannot save settings: %s", exc)
            about = OSError(exc.errno, exc.strerror, str(self.paths.settings_file))  # not the temporary file's name
            self.settings_unsaved = file_problem_words(about)  # the menu says it once: kept for this session only

    # ---------------------------------------------------------------- scenes

    def switch(self, scene: Scene) -> None:
        if self.scene is not None:
            self.scene.leave()
        self.manager.clear_and_reset()
        self.scene = scene
        scene.enter()

    def to_menu(self) -> None:
        from ui.scenes.menu import MenuScene

        self.switch(MenuScene(self))

    def open_replays(self) -> None:
        from ui.scenes.replay import ReplayBrowserScene

        self.switch(ReplayBrowserScene(self))

    def open_replay(self, path: str) -> None:
        from ui.scenes.replay import open_replay_file

        open_replay_file(self, path)

    def controller_kwargs(self, autoplay: bool = False) -> ControllerOptions:
        testing = self.options.testing
        delay = self.options.bot_delay
        if delay is None:
            delay = 0.0 if testing else (0.05 if autoplay else self.settings.bot_delay)
        kwargs: ControllerOptions = {
            "human_seats": () if autoplay else (0,),
            "bot_delay": delay,
            "inline_bots": self.options.inline_bots or testing,
            "clock": self.time,
            "thinker": self.thinker,
            "may_write": self.may_write,
        }
        if self.read_only:
            kwargs["autosave"] = False  # another window owns the folder's current.json
        return kwargs

    def start_autoplay(self) -> None:
        from ui.controller import GameController, GameOptions
        from ui.scenes.table import TableScene

        if self.options.animation_speed is None and not self.options.testing:
            self.session_speed = self.settings.animation_speed = 3.0
        opts = GameOptions(
            preset=self.settings.preset,
            target=self.settings.target,
            bot_level=self.options.level,
            first_dealer="random",
            seed=self.options.seed,
            players=self.options.players,
        )
        try:
            opts.rules()
        except ValueError as exc:  # e.g. the settings' preset is a one-deal game, not defined for three
            print(f"--autoplay: {exc}", file=sys.stderr)
            self.exit_code, self.running = 2, False
            return
        ctl = GameController.new_game(self.paths, opts, autosave=False, **self.controller_kwargs(True))
        self.switch(TableScene(self, ctl, autoplay_deals=self.options.deals or 0))

    def quit(self, code: int = 0) -> None:
        if intercepts(self, code):  # moves still unsaved: ask first (ui/leave_guard.py)
            return
        self.exit_code = code
        self.running = False

    # ---------------------------------------------------------------- loop

    def step(self) -> bool:
        """One frame. Returns False once the app should close."""
        assert self.scene is not None
        # testing never blocks: no sleep to hold the frame rate (the scenes animate by the clock, not by frames);
        # dt (pygame_gui's timers: a text cursor's blink, its tooltips) is the app's clock too, so a test on a
        # ManualClock moves them by advancing it, whatever the machine's speed
        self.clock.tick(0 if self.options.testing else ACTIVE_FPS)
        now = self.time.now()
        dt, self.frame_at = max(0.0, now - self.frame_at), now
        events = pygame.event.get()
        if events:
            self.last_input = self.time.now()
        for event in events:
            self.dispatch(event)
        if not self.running:
            return False
        self.scene.update(dt)
        self.manager.update(dt)
        if not self.needs_frame(bool(events)):
            return self.running  # an idle tick with nothing new to show: no drawing, no flip
        self.scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        self.scene.draw_top(self.screen)
        self.focus.draw(self.screen, self.focus_scope)
        pygame.display.flip()
        if self.first_frame_ms is None:
            self.first_frame_ms = (time.perf_counter() - self.started) * 1000
            if os.environ.get("DEBERTS_TIMING"):
                age = process_age_ms()
                since = f", {age:.0f} ms after the process started" if age is not None else ""
                print(f"first frame {self.first_frame_ms:.0f} ms after App(){since}", file=sys.stderr)
        return self.running

    def needs_frame(self, had_events: bool) -> bool:
        """Scenes that know when they change (``Scene.redraw_token``) are not redrawn on idle ticks."""
        assert self.scene is not None
        token = self.scene.redraw_token()
        if token is None or had_events or self.first_frame_ms is None or self.scene.animating():
            self._drawn_token = token
            return True
        settling = self.time.now() - self.last_input < HOVER_SETTLE_S
        if settling and self.manager.get_hovering_any_element():  # pygame_gui's hover states and tooltips
            self._drawn_token = token
            return True
        if token != getattr(self, "_drawn_token", None):
            self._drawn_token = token
            return True
        return False

    def dispatch(self, event: pygame.event.Event) -> None:
        assert self.scene is not None
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type == pygame.VIDEORESIZE and pygame.display.get_driver() in ("dummy", "offscreen"):
            self.resize((event.w, event.h))  # no window that SDL could resize: the event asks for the size
            return
        if event.type in (pygame.WINDOWMOVED, pygame.WINDOWSIZECHANGED, pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            self.window_event(event)
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.window_resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in WHEEL_BUTTONS:
            return  # SDL sends a wheel turn as buttons 4-7 too; MOUSEWHEEL scrolls, and a turn is never a click
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.close_open_list():
            return  # Esc closes an open drop-down list first, as in any desktop form; the next Esc leaves
        if self.focus.handle(event, self.manager, self.focus_scope):
            return  # Tab, or a key for the button the keys have chosen (ui.focus)
        self.gui_consumed = bool(self.manager.process_events(event))
        if event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION and self.close_open_list(event.ui_element):
            return  # the option already chosen, clicked again: pygame_gui drops it and kept the list open
        if self.leave_guard is not None:  # the question before quitting is modal: the scene hears nothing meanwhile
            if not self.leave_guard.process(event) and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.leave_guard.close()  # Esc: «Остаться», as in any dialog
            return  # a click on the table's «Меню» left the question without its panel, and the window unclosable
        self.scene.handle(event)
        self.gui_consumed = False

    def focus_scope(self) -> list[object]:
        """What Tab goes round now (``ui.focus.reachable``)."""
        assert self.scene is not None
        modal = list(self.leave_guard.buttons) if self.leave_guard is not None else self.scene.key_scope()
        return reachable(self.manager, modal)

    def close_open_list(self, options: object = None) -> bool:
        """Close a drop-down whose list is open (True), else False; ``options``: only the drop-down whose open list
        is that element."""
        for element in self.manager.get_sprite_group().sprites():
            if not isinstance(element, pygame_gui.elements.UIDropDownMenu):
                continue
            state = element.current_state
            if state is not element.menu_states.get("expanded"):
                continue
            if options is not None and getattr(state, "options_selection_list", None) is not options:
                continue
            element.unfocus()  # the list goes at its next update, the choice unchanged
            return True
        return False

    def idle_wait(self) -> None:
        """Sleep until input arrives when nothing animates: a card table should cost no CPU while you think."""
        assert self.scene is not None
        if self.options.testing or self.scene.animating():
            return
        event = pygame.event.wait(IDLE_WAIT_MS)
        if event.type != pygame.NOEVENT:
            pygame.event.post(event)
        # the sleep counts in the next frame's dt: pygame_gui's timers (the tooltip's delay, a cursor's blink)
        # run on it; the scenes animate by the clock (self.time), not by dt

    def run(self) -> int:
        try:
            while self.running and self.step():  # an autoplay refused at its start has no scene
                self.idle_wait()
        except Exception:
            log.exception("the window stopped on an error")  # kept for a bug report, then shown as usual
            raise
        self.close()
        pygame.quit()
        return self.exit_code

    def close(self) -> None:
        """The window's end, before pygame's: the scene leaves, the window's size and place are kept, the data
        folder's lock goes (tests call it without ending pygame for the next test)."""
        if self.scene is not None:
            self.scene.leave()
        if self.window_changed and not self.options.autoplay:
            self.save_settings()  # the window's size, place and maximised state for the next start
        release(self.folder_lock)
        self.folder_lock = None
        i18n.on_language(None)  # the manager goes with the window: a language set later must not reach its dead fonts


def display_window() -> pygame.Window | None:
    """The display module's window (pygame-ce), or None where there is none to reach."""
    with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the only way to reach the display window
        return pygame.Window.from_display_module()
    return None


def process_age_ms() -> float | None:
    """Milliseconds since this process started (Linux /proc), to measure start-up to the first frame."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        return (uptime - start_ticks / os.sysconf("SC_CLK_TCK")) * 1000
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def run_gui(args: argparse.Namespace | list[str] | None = None, started: float | None = None) -> int:
    """Entry point used by main.py: no arguments opens the window; ``--autoplay`` lets bots play."""
    if args is None or isinstance(args, list):
        args = parse_gui_arguments(args or [])
    options = AppOptions(
        data_dir=getattr(args, "data_dir", None),
        autoplay=bool(getattr(args, "autoplay", False)),
        deals=getattr(args, "deals", None),
        seed=getattr(args, "seed", None),
        replay=getattr(args, "replay", None),
        level=getattr(args, "level", None) or "easy",
        players=getattr(args, "players", None) or 2,
    )
    return App(options, started).run()


COMMANDS_EPILOG = """commands (python main.py COMMAND --help):
  replay FILE [--data-dir DIR]  open a record in the replay viewer
  score, rules, analyse, export, stats   the headless tools
  selfplay, bench               measuring the bots (a source checkout only)"""


def parse_gui_arguments(argv: list[str]) -> argparse.Namespace:
    """The window's options; those that go with ``--autoplay`` are refused without it (they were dropped
    silently), and a replay is not autoplayed."""
    parser = gui_parser()
    parsed = parser.parse_args(argv)
    if not parsed.autoplay:
        given = [f"--{name}" for name in ("deals", "seed", "level", "players") if getattr(parsed, name) is not None]
        if given:
            parser.error(f"{', '.join(given)}: only with --autoplay")
    elif parsed.replay is not None:
        parser.error("--replay and --autoplay: one or the other")
    return parsed


def gui_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="main.py",
        description="Деберц — the game window",
        epilog=COMMANDS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_gui_arguments(parser)
    return parser


def replay_parser() -> argparse.ArgumentParser:
    """``main.py replay FILE [--data-dir DIR]``: the viewer on a record (its options in any order)."""
    parser = argparse.ArgumentParser(prog="main.py replay", description="open a game record in the replay viewer")
    parser.add_argument("replay", metavar="FILE", type=user_path, help="the record to open")  # "" is refused
    add_data_dir(parser)
    return parser


def add_data_dir(parser: argparse.ArgumentParser) -> None:
    """``--data-dir DIR``, as the window and the replay viewer take it."""
    parser.add_argument("--data-dir", metavar="DIR", type=folder_path, help="keep settings and saved games in DIR")


def add_gui_arguments(parser: argparse.ArgumentParser) -> None:
    """The window's options (main.py adds these to its top-level parser)."""
    add_data_dir(parser)
    parser.add_argument("--autoplay", action="store_true", help="bots play every seat through the UI, then exit")
    parser.add_argument(
        "--deals", type=bounded_int(1, 100_000), metavar="N", help="with --autoplay: stop after N deals"
    )
    parser.add_argument(
        "--seed",
        type=bounded_int(0, META_INT_MAX),
        help="with --autoplay: the game's seed (same seed, same game; at most 18 digits)",
    )
    parser.add_argument(
        "--level",
        choices=(*LEVELS, *CHARACTER_KEYS),
        help="with --autoplay: the bots' level or character (default easy)",
    )
    parser.add_argument(
        "--players", type=int, choices=(2, 3), help="with --autoplay: two or three bots at the table (default 2)"
    )
    parser.add_argument(  # as ``main.py replay FILE``: "" refused, ``~`` expanded
        "--replay", metavar="FILE", type=user_path, help="open a game record in the replay viewer"
    )


__all__ = [
    "App",
    "AppOptions",
    "add_gui_arguments",
    "gui_parser",
    "parse_gui_arguments",
    "pygame_gui",
    "replay_parser",
    "run_gui",
]
