"""Where settings, the game in progress and finished games live (platformdirs, or ``--data-dir``)."""

from __future__ import annotations

import contextlib
import sys
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game.atomic import stale_temps
from game.cache_folder import cache_dirs
from game.data_folder import APP_NAME, data_folder

# In the PyInstaller app the data files sit under sys._MEIPASS, laid out as in the source tree.
ROOT = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parent.parent))
ASSETS = ROOT / "assets"
FONT_REGULAR = ASSETS / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"
ICON = ASSETS / "icon" / "deberts.png"  # the window's; deberts.ico is the Windows executable's (assets/icon/)


@dataclass(frozen=True, slots=True)
class Paths:
    """The per-user directories; one ``--data-dir`` puts everything in one place (tests, portable use)."""

    config_dir: Path
    data_dir: Path
    log_dir: Path

    @classmethod
    def resolve(cls, data_dir: str | Path | None = None) -> Paths:
        if data_dir:
            root = data_folder(data_dir)
            return cls(config_dir=root, data_dir=root, log_dir=root / "logs")
        return cls(
            config_dir=Path(platformdirs.user_config_dir(APP_NAME)),
            data_dir=data_folder(),
            log_dir=Path(platformdirs.user_log_dir(APP_NAME)),
        )

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def current_game(self) -> Path:
        return self.data_dir / "current.json"

    @property
    def games_dir(self) -> Path:
        return self.data_dir / "games"

    @property
    def log_file(self) -> Path:
        """The diagnostics log (ui.logs), rotated: deberts.log.1 ... beside it."""
        return self.log_dir / "deberts.log"

    def clean_stale_temps(self) -> list[Path]:
        """Remove the ``*.json.*.tmp`` files a kill during a save left (older than a minute: a younger one may be
        another window's save in progress), in the data folders and the caches; returns what was removed."""
        removed = []
        for folder in {self.data_dir, self.games_dir, self.config_dir, *cache_dirs()}:
            for p in stale_temps(folder):
                with contextlib.suppress(OSError):
                    p.unlink()
                    removed.append(p)
        return removed
