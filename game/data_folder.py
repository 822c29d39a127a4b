"""Where the player's games live: the per-user data folder (platformdirs), or the one ``--data-dir`` names.

Light (no pygame, no bots) so that the ``stats`` command finds the games without importing ``ui``; the window's
``ui.paths.Paths`` resolves its data folder by the same function.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

from game.arguments import expand_user

APP_NAME = "deberts"


def data_folder(data_dir: str | Path | None = None) -> Path:
    """``data_dir`` (``--data-dir``, ``~`` expanded), else the per-user data folder."""
    if data_dir:
        return expand_user(data_dir)
    return Path(platformdirs.user_data_dir(APP_NAME))
