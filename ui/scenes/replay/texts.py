"""The replay screens' words (``replay.*`` in the catalogues; anything else falls back to ``ui.i18n``) and colours."""

from __future__ import annotations

from game.services.analysis.facts import CardDecision
from ui.i18n import card_name, has, tr

CREAM = (244, 238, 220)
RED = (235, 90, 80)
GREEN = (120, 220, 130)


def rt(key: str, **kw: object) -> str:
    """A replay screen's text (``replay.<key>`` in the catalogues), else the table's own ``key``."""
    return tr(f"replay.{key}", **kw) if has(f"replay.{key}") else tr(key, **kw)


def mistake_words(d: CardDecision) -> str:
    """A card marked as a mistake, in words: the mark is by the exact count, all cards open; where the player's
    knowledge ranked the card played best (within the mistake's threshold), the line says it was bad luck, not a
    mistake of reasoning."""
    loss, best = f"{d.loss:.0f}", card_name(d.best)
    return rt("mistake_blind_best" if best_blind(d) else "mistake", loss=loss, best=best)


def best_blind(d: CardDecision) -> bool:
    """The card played was the best on the player's knowledge (within the mistake's threshold), whatever the open
    cards say."""
    known = d.sampled
    if not known or d.played not in known:
        return False
    return known[d.played] >= max(known.values()) - d.threshold
