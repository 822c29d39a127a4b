"""Announcement practice, the parts without pygame: the running score file, the drill's controller, texts.

The score of each drill situation lives in ``data_dir/practice.json`` (atomic write). A corrupt file is
moved aside and reported — never fatal. A drill is played through the normal ``GameController`` (the
bot is the medium bot, which keeps perfect etiquette); the finished practice deal is saved to
``games/`` like any game, with the drill and the player's answers in the record's meta.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.actions import Action, Kind
from game.atomic import free_path
from game.bots.factory import make_bot
from game.drills import ANY_CARD, SITUATIONS, Answer, Drill
from game.drills.model import Msg
from game.jsonsafe import MAX_INT_DIGITS
from ui import progress_file
from ui.controller import GameController
from ui.i18n import action_label, quoted, tr, word
from ui.paths import Paths
from ui.saving import Job, reason_words

log = logging.getLogger(__name__)

FORMAT = "deberts-practice"
MAX_PRACTICE_BYTES = 1024 * 1024
VERSION = 1


def pt(key: str, **kw: object) -> str:
    """A practice text in the current language."""
    return tr(f"practice.{key}", **kw)


def lang(m: Msg) -> str:
    """A drill's sentence (the engine gives a message id and its arguments) in the current language."""
    return word(m)


def answer_label(key: str) -> str:
    """How an answer key reads: the button's own label, or 'play a card'."""
    if key == ANY_CARD:
        return pt("any_card")
    action = Action.parse(key)
    label = action_label(action)
    return label if action.kind is Kind.PLAY else quoted(label)  # words are quoted («пас»), a card is not (7♠)


# ---------------------------------------------------------------- the running score


@dataclass
class PracticeStore:
    """Right answers per situation: ``{"format", "version", "situations": {key: {"right", "total"}}}``."""

    path: Path
    scores: dict[str, dict[str, int]] = field(default_factory=dict)
    error: str | None = None  # a load or save problem to report
    moved: str | None = None  # where a corrupt file was moved
    unread: bool = False  # the file is there but could not be read: never written over this session
    newer: bool = False  # (unread) a newer version of the game wrote it

    @classmethod
    def for_paths(cls, paths: Paths) -> PracticeStore:
        return cls.load(paths.data_dir / "practice.json")

    @classmethod
    def load(cls, path: Path) -> PracticeStore:
        got = progress_file.load(path, MAX_PRACTICE_BYTES, _parse)
        unread = got.error is not None and got.moved is None
        return cls(path, got.value or {}, got.error, got.moved, unread=unread, newer=got.newer)

    def score(self, situation: str) -> tuple[int, int]:
        s = self.scores.get(situation, {})
        return s.get("right", 0), s.get("total", 0)

    def record(self, situation: str, right: bool) -> None:
        s = self.scores.setdefault(situation, {"right": 0, "total": 0})
        if s.get("total", 0) >= MAX_COUNT:  # never write a count the loader would refuse (a hand-edited file)
            return
        s["total"] = s.get("total", 0) + 1
        s["right"] = s.get("right", 0) + int(right)
        self.save()

    def save(self) -> None:
        if self.unread:  # the player's scores are in the file we could not read: kept, not written over
            return
        try:
            progress_file.save(self.path, FORMAT, VERSION, "situations", self.scores)
        except OSError as exc:
            self.error = pt("save_failed", error=reason_words(exc, self.path.parent))
            log.warning("practice scores not saved (%s): %s", self.path, exc)


MAX_COUNT = 10**MAX_INT_DIGITS - 1
"""The largest count the score file may hold (``game.jsonsafe`` reads integers of up to 18 digits)."""


def _parse(text: str) -> dict[str, dict[str, int]]:
    """Validate the score file; raises ValueError saying what is wrong."""
    situations = progress_file.entries(text, FORMAT, VERSION, "situations", "practice score")
    out: dict[str, dict[str, int]] = {}
    for key, value in situations.items():
        if not key.isprintable() or len(key) > 100:
            raise ValueError("a situation's name is not printable text")
        if not isinstance(value, dict):
            raise ValueError(f"situation {key!r}: must be an object")
        counts: dict[str, int] = {}
        for name in ("right", "total"):
            n = value.get(name, 0)
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise ValueError(f"situation {key!r}: {name!r} must be a non-negative integer")
            counts[name] = n
        if counts["right"] > counts["total"]:
            raise ValueError(f"situation {key!r}: more right answers than attempts")
        out[str(key)] = counts
    return out


# ---------------------------------------------------------------- the drill's game


@dataclass(frozen=True, slots=True)
class Verdict:
    step: int
    action: str
    answer: Answer
    penalties: tuple[str, ...]  # what the engine actually applied to the player


class PracticeController(GameController):
    """A drill played through the ordinary controller; the finished deal is saved to ``games/``."""

    drill: Drill
    verdicts: list[Verdict]
    saved_path: Path | None

    @classmethod
    def from_drill(cls, paths: Paths, drill: Drill, **kw: Any) -> PracticeController:
        meta: dict[str, Any] = {
            "seed": drill.seed,
            "bot_level": "medium",
            "ui": "deberts-gui",
            "mode": "practice",
            "practice": {"situation": drill.situation, "variant": drill.variant, "seed": drill.seed, "answers": []},
        }
        kw["autosave"] = True
        ctl = cls(paths, drill.build_match(), meta, **kw)
        ctl.drill = drill
        ctl.verdicts = []
        ctl.saved_path = None
        return ctl

    def note(self, verdict: Verdict) -> None:
        """Keep the player's answer in the record (the replay viewer shows it with the deal)."""
        self.verdicts.append(verdict)
        self.meta["practice"]["answers"].append(
            {
                "step": verdict.step,
                "action": verdict.action,
                "correct": verdict.answer.correct,
                "penalties": list(verdict.penalties),
            }
        )

    def deal_over(self) -> bool:
        return bool(self.match.deals) and self.match.deals[-1].is_over()

    def finish(self) -> None:
        """Bots (perfect etiquette) play the rest of the deal for every seat (two or three), then it is saved."""
        self.close()
        n = self.match.rules.players
        bots = {s: make_bot("medium", n, self.drill.seed + s) for s in range(n)}
        deal = self.match.deals[-1]
        guard = 0
        while not deal.is_over() and guard < 400:
            seat = deal.current_player()
            assert seat is not None
            self.match.apply(bots[seat].choose(deal.view(seat)))
            guard += 1
        self._save()

    def _save(self) -> None:
        """Never touch the saved game (current.json): only the finished practice deal goes to ``games/``."""
        if self.saved_path is not None or not self.deal_over() or not self.verdicts:
            return
        if self._finished_target is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self._finished_target = free_path(self.paths.games_dir, f"{stamp}-practice-{self.drill.situation}")
        # like a game's end: kept in memory and retried until written (ui.saving)
        self.saves.put(Job(self._finished_target, self.record()))
        self._flush_saves()
        self.saved_path = self.finished_path


def situation_keys() -> list[str]:
    return list(SITUATIONS)


__all__ = ["PracticeController", "PracticeStore", "Verdict", "answer_label", "lang", "pt", "situation_keys"]
