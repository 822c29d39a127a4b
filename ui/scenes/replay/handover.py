"""Leaving the viewer with the position: play it on from here against the bot, play this deal again with the
same deck, or export the deal as text with its deal code."""

from __future__ import annotations

import random
from typing import Any

from game.export import deal_code, deal_text
from game.record import DealRecord, GameRecord, prefix
from ui.controller import GameController
from ui.i18n import language
from ui.scenes.replay.host import ReplayHost
from ui.scenes.replay.texts import rt


class TableHandover(ReplayHost):
    """Mixed into ``ReplayScene``: new records for the table scene, and the export."""

    def play_from_here(self) -> None:
        if self.match.over is not None:
            self.flash(rt("no_more"), error=True)
            return
        rec = prefix(self.record, self.di, self.pos)
        rec.meta = self._new_meta(
            branch={"source": str(self.path) if self.path else None, "deal": self.di, "action": self.pos}
        )
        self._start_table(rec, self.seat_choice)

    def deal_again(self) -> None:
        d = self.record.deals[self.di]
        # the same deck from the start; the chosen seat's cards go to the human (seat 0) by choosing the dealer:
        # every seat moves back by the chosen one (for two: the other dealer and the names swapped)
        k, n = self.seat_choice, self.record.rules.players
        dealer = (d.dealer - k) % n
        names = [*self.record.players[k:], *self.record.players[:k]]
        rec = GameRecord(
            self.record.rules,
            list(names),
            dealer,
            [DealRecord(dealer, list(d.deck), [])],
            self._new_meta(
                again={"source": str(self.path) if self.path else None, "deal": self.di, "seat": self.seat_choice}
            ),
        )
        self._start_table(rec, 0)

    def _new_meta(self, **extra: Any) -> dict[str, Any]:
        meta: dict[str, Any] = {
            "seed": random.SystemRandom().randrange(1 << 31),
            "bot_level": self.app.settings.bot_level,
            "ui": "deberts-gui",
        }
        if self.app.options.seed is not None:
            meta["seed"] = self.app.options.seed
        meta.update(extra)
        return meta

    def _start_table(self, rec: GameRecord, human: int) -> None:
        from ui.scenes.table import TableScene

        kw = self.app.controller_kwargs()
        kw["human_seats"] = (human,)
        kw["players"] = rec.players  # the controller names a blank seat by who plays it now
        ctl = GameController.restore(self.app.paths, rec, **kw)
        self._cancel.set()
        self.app.switch(TableScene(self.app, ctl))

    def export(self) -> None:
        text = deal_text(self.record, self.di, language())
        stem = self.path.stem if self.path is not None else "record"
        out = self.app.paths.data_dir / "exports" / f"{stem}-deal{self.di + 1}.txt"
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text, "utf-8")
        except OSError as exc:
            self.flash(str(exc), error=True, seconds=6)
            return
        self.exported = out
        d = self.record.deals[self.di]
        code = deal_code(d.deck, d.dealer, self.record.rules.name, self.record.rules.players)
        self.flash(rt("exported", path=out, code=code), seconds=12)
