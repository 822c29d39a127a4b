"""User settings persisted as JSON; a missing or broken file silently gives the defaults."""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game import jsonsafe
from game.atomic import write_atomic

MAX_SETTINGS_BYTES = 256 * 1024
ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # off, slow, normal, fast
HAND_ORDERS = ("strength", "sequence")  # ui.widgets.hand.sort_hand
DECKS = ("atlasnye", "skat")  # ui.widgets.cards.palette: the four colours of the faces
LONG_PAUSE = 2.5  # «Пауза после взятки: долгая», seconds
UNTIL_CLICK = 10.0
"""``trick_pause`` at the largest value a settings file holds («до щелчка»): the full trick stays until a click or
a key."""
BOT_DELAYS = (0.3, 0.8, 1.6)  # «Пауза соперника»: короткая, обычная, долгая
TRICK_PAUSES = (0.4, 1.2, LONG_PAUSE, UNTIL_CLICK)  # «Пауза после взятки»: короткая … до щелчка
CHOICES = {"animation_speed": ANIMATION_SPEEDS, "bot_delay": BOT_DELAYS, "trick_pause": TRICK_PAUSES}
"""The values «Настройки» offers: a file's other value is read as the nearest of them."""


@dataclass(slots=True)
class Settings:
    language: str = "ru"  # ru / en
    index_letters: str = "ru"  # card indices on the faces and card names in text: ru (Т К Д В) / latin (A K Q J)
    deck: str = "atlasnye"  # whose four colours: atlasnye (♦ blue, ♣ green) / skat (♠ green, ♦ yellow; its own back)
    four_colour: bool = False  # four suit colours on the faces and in text (the deck's), else black and red
    animation_speed: float = 1.0
    sound: bool = True
    confirm_play: bool = False
    hand_order: str = "strength"  # the hand: by strength in a trick, or «по порядку» (7 8 9 10 В Д К Т: runs seen)
    fullscreen: bool = False
    bot_delay: float = 0.8  # seconds the bot waits so the player can follow
    trick_pause: float = 1.2  # seconds a full trick stays on the table (a click sweeps it sooner): ``trick_hold``
    # the last new-game choices, offered again by the menu
    preset: str = "moscow"
    target: int = 501
    etiquette: str = "guided"
    bot_level: str = "medium"
    bot_level_left: str = ""  # three players: the opponent on the left («» — as ``bot_level``)
    bot_level_right: str = ""  # three players: the opponent on the right
    first_dealer: str = "bot"  # human / bot / random
    dave: bool = False  # «даве» in one-deal games
    players: int = 2  # 2, or 3: the human against two bots («деберц втроём»)
    # the window as the player left it (0 × 0: never placed); ui/window_place.py fits it to the desktop
    window_w: int = 0
    window_h: int = 0
    window_x: int = 0
    window_y: int = 0
    window_placed: bool = False  # window_x / window_y hold a place
    maximised: bool = False

    @property
    def by_sequence(self) -> bool:
        """The hand in the order sequences run (``hand_order``; ``ui.widgets.hand.sort_hand``)."""
        return self.hand_order == "sequence"

    @property
    def trick_hold(self) -> float:
        """How long a full trick stays on the table: ``trick_pause``; «до щелчка», until a click or a key."""
        return math.inf if self.trick_pause >= UNTIL_CLICK else self.trick_pause

    @property
    def reading_pause(self) -> float:
        """The trick's pause as a banner's extra reading time: a banner does not wait for ever («до щелчка» gave the
        shown sequences ten seconds more; a click puts it away)."""
        return min(self.trick_pause, LONG_PAUSE)

    def copy(self) -> Settings:
        return Settings(**asdict(self))


def _valid(name: str, value: Any) -> bool:
    default = getattr(Settings(), name)
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 10
    if isinstance(default, int):
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1_000_000
    return isinstance(value, str) and len(value) <= 100 and value.isprintable()  # saved again as it is


def load_settings(path: Path) -> Settings:
    """Read what is valid and keep defaults for the rest: a bad settings file must never stop the game."""
    return read_settings(path)[0]


def read_settings(path: Path) -> tuple[Settings, str | OSError | None]:
    """The settings, and why the file could not be read: a text when it is there but broken (a BOM, a trailing
    comma, too big, not an object): the caller moves it aside and says so (issue 23), never saves defaults over it;
    the ``OSError`` when the system will not let it be read (no permission, a file where a folder of its path
    belongs): the caller leaves it alone, says so, and writes nothing over it."""
    settings = Settings()
    try:
        data = jsonsafe.load_file(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return settings, None
    except OSError as exc:  # there, but unreadable (a folder, no permission): left alone, said
        return settings, exc
    except ValueError as exc:  # not UTF-8, not JSON, too big or too deep
        return settings, str(exc) or type(exc).__name__
    if not isinstance(data, dict):
        return settings, "not a JSON object"
    if data and not set(data) & {f.name for f in fields(Settings)}:  # another program's file: not ours to rewrite
        return settings, "not a settings file of this game (none of its keys)"
    return _settings_from(data, settings), None


def _settings_from(data: dict[str, Any], settings: Settings) -> Settings:
    for f in fields(Settings):
        if f.name in data and _valid(f.name, data[f.name]):
            value = data[f.name]
            if f.name in CHOICES:  # a hand edit's 0.001 froze the deal's flights; «Настройки» showed another value
                value = min(CHOICES[f.name], key=lambda v: abs(v - value))
            setattr(settings, f.name, float(value) if isinstance(f.default, float) else value)
    if settings.language not in ("ru", "en"):
        settings.language = "ru"
    if settings.index_letters not in ("ru", "latin") or "index_letters" not in data:  # never chosen: the language's
        settings.index_letters = "latin" if settings.language == "en" else "ru"
    if settings.players not in (2, 3):
        settings.players = 2
    if settings.hand_order not in HAND_ORDERS:
        settings.hand_order = "strength"
    if settings.deck not in DECKS or "deck" not in data:  # four colours on: the four-colour deck by default
        settings.deck = "skat" if settings.four_colour else "atlasnye"
    return settings


def save_settings(path: Path, settings: Settings) -> None:
    """Atomic write (temp file + rename) so a crash never leaves half a file. Keys this version does not know (a
    newer version's) are kept as the file has them: one run of an older version dropped them."""
    known = asdict(settings)
    try:
        on_disk = jsonsafe.load_file(path, MAX_SETTINGS_BYTES)
    except (OSError, ValueError):
        on_disk = None
    kept = {k: v for k, v in on_disk.items() if k not in known} if isinstance(on_disk, dict) else {}
    write_atomic(path, json.dumps(known | kept, ensure_ascii=False, allow_nan=False, indent=1))
