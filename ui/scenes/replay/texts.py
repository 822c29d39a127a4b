"""The replay screens' words (``replay.*`` in the catalogues; anything else falls back to ``ui.i18n``) and colours."""

from __future__ import annotations

from ui.i18n import has, tr

GOLD = (255, 226, 150)
CREAM = (244, 238, 220)
RED = (235, 90, 80)
GREEN = (120, 220, 130)


def rt(key: str, **kw: object) -> str:
    """A replay screen's text (``replay.<key>`` in the catalogues), else the table's own ``key``."""
    return tr(f"replay.{key}", **kw) if has(f"replay.{key}") else tr(key, **kw)
