"""Leaving the viewer with the position: play it on from here against the bot, play this deal again with the
same deck, or export the deal as text with its deal code.

``TableHandover`` makes the new records and the table scene for them, and writes the export; the viewer says
what came of it."""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.atomic import free_path, write_atomic
from game.export import deal_code, deal_text
from game.record import DealRecord, GameRecord, levels_meta, prefix
from ui.controller import GameController
from ui.i18n import language

if TYPE_CHECKING:
    from ui.app import App
    from ui.scenes.table import TableScene


class TableHandover:
    """From ``record`` (read from ``path``, if any) to a table: the app's settings and options give the bot's
    level and the seed."""

    def __init__(self, app: App, record: GameRecord, path: Path | None) -> None:
        self.app = app
        self.record = record
        self.path = path

    def from_here(self, di: int, pos: int, seat: int) -> TableScene:
        """The record up to action ``pos`` of deal ``di``, played on with the human in ``seat``."""
        rec = prefix(self.record, di, pos)
        rec.meta = self.new_meta(seat, branch={"source": self.source, "deal": di, "action": pos})
        return self.table(rec, seat)

    def again(self, di: int, seat: int) -> TableScene:
        """Deal ``di`` again from the same deck; ``seat``'s cards go to the human (seat 0) by choosing the dealer:
        every seat moves back by the chosen one (for two: the other dealer and the names swapped)."""
        d = self.record.deals[di]
        n = self.record.rules.players
        dealer = (d.dealer - seat) % n
        names = [*self.record.players[seat:], *self.record.players[:seat]]
        meta = self.new_meta(again={"source": self.source, "deal": di, "seat": seat})
        rec = GameRecord(self.record.rules, list(names), dealer, [DealRecord(dealer, list(d.deck), [])], meta)
        return self.table(rec, 0)

    @property
    def source(self) -> str | None:
        return str(self.path) if self.path else None

    def new_meta(self, human: int = 0, **extra: Any) -> dict[str, Any]:
        """A new game's meta: the bots the new-game screen holds for the record's count (for three, each seat's,
        the human in ``human``), a fresh seed."""
        from ui.scenes.menu import player_rating_now, started_opponents

        n = self.record.rules.players
        levels = [""] * n
        rating = partial(player_rating_now, self.app.paths.data_dir, save=not self.app.read_only)  # Ровня's, if chosen
        for k, level in enumerate(started_opponents(self.app.settings, n, rating), start=1):
            levels[(human + k) % n] = level
        meta: dict[str, Any] = {
            "seed": random.SystemRandom().randrange(1 << 31),
            **levels_meta(levels, human),
            "ui": "deberts-gui",
        }
        if self.app.options.seed is not None:
            meta["seed"] = self.app.options.seed
        meta.update(extra)
        return meta

    def table(self, rec: GameRecord, human: int) -> TableScene:
        from ui.scenes.table import TableScene

        kw = self.app.controller_kwargs()
        kw["human_seats"] = (human,)
        kw["players"] = rec.players  # the controller names a blank seat by who plays it now
        return TableScene(self.app, GameController.restore(self.app.paths, rec, **kw))

    def export(self, di: int) -> tuple[Path, str | None]:
        """Deal ``di`` as text in the exports folder: the file and the deal's code, None when its rules have none (a
        game for three by a preset that is not one for three but for the record's overrides); OSError: not
        written."""
        text = deal_text(self.record, di, language())
        stem = self.path.stem if self.path is not None else "record"
        folder = self.app.paths.data_dir / "exports"
        out = folder / f"{stem}-deal{di + 1}.txt"
        if not _holds(out, text):  # the same export again: that file; another text there: a new name beside it
            out = free_path(folder, f"{stem}-deal{di + 1}", ".txt")  # (an export the player wrote notes into)
            write_atomic(out, text)  # whole or not at all (a full disk leaves an earlier export as it was)
        d = self.record.deals[di]
        try:
            return out, deal_code(d.deck, d.dealer, self.record.rules.name, self.record.rules.players)
        except ValueError:
            return out, None


def _holds(path: Path, text: str) -> bool:
    """Does the file at ``path`` hold exactly ``text``?"""
    try:
        return path.read_bytes() == text.encode("utf-8")
    except (OSError, UnicodeError):
        return False
