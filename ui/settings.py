"""User settings persisted as JSON; a missing or broken file silently gives the defaults."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # off, slow, normal, fast
DECKS = ("atlasnye", "skat")  # ui.widgets.cards.DECK_DIRS maps these to the PNG folders


@dataclass(slots=True)
class Settings:
    language: str = "ru"  # ru / en
    index_letters: str = "ru"  # card names in text: ru (Т К Д В) / latin (A K Q J)
    deck: str = "atlasnye"  # card images: atlasnye (Т К Д В, two colours) / skat (A K D B, four colours)
    four_colour: bool = False  # suit symbols in text coloured like the four-colour deck
    animation_speed: float = 1.0
    sound: bool = True
    confirm_play: bool = False
    fullscreen: bool = False
    bot_delay: float = 0.8  # seconds the bot waits so the player can follow
    # the last new-game choices, offered again by the menu
    preset: str = "moscow"
    target: int = 501
    etiquette: str = "guided"
    bot_level: str = "medium"
    first_dealer: str = "bot"  # human / bot / random
    dave: bool = False  # «даве» in one-deal games

    def copy(self) -> Settings:
        return Settings(**asdict(self))


def _valid(name: str, value: Any) -> bool:
    default = getattr(Settings(), name)
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 10
    if isinstance(default, int):
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0
    return isinstance(value, str)


def load_settings(path: Path) -> Settings:
    """Read what is valid and keep defaults for the rest: a bad settings file must never stop the game."""
    settings = Settings()
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return settings
    if not isinstance(data, dict):
        return settings
    for f in fields(Settings):
        if f.name in data and _valid(f.name, data[f.name]):
            value = data[f.name]
            setattr(settings, f.name, float(value) if isinstance(f.default, float) else value)
    if settings.language not in ("ru", "en"):
        settings.language = "ru"
    if settings.index_letters not in ("ru", "latin"):
        settings.index_letters = "ru"
    if settings.deck not in DECKS or "deck" not in data:  # four colours on: the four-colour deck by default
        settings.deck = "skat" if settings.four_colour else "atlasnye"
    return settings


def save_settings(path: Path, settings: Settings) -> None:
    """Atomic write (temp file + rename) so a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(asdict(settings), f, ensure_ascii=False, indent=1)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
