"""Seats → players (the human, bots), pacing of the bot (it thinks in the worker process), and the autosave
after every action.

The table scene talks only to this controller. It gets a ``TableModel`` built from ``deal.view(seat)`` of
the human's seat (plus public facts such as the score sheet), never the ``Deal`` or ``Match`` itself; the
bot gets only ``deal.view(bot_seat)``. Every change to the game goes through ``Match.apply``.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypedDict

from game.actions import Action
from game.bots.worker import RemoteBot, Ticket, shared, table_bot
from game.cards import Card, shuffled_deck
from game.deal import DealView, Event
from game.errors import IllegalAction, RecordError
from game.match import GameOver, Match
from game.record import GameRecord, record_of, replay, save
from game.rules import Etiquette, Rules
from game.scoring import DealResult
from ui.paths import Paths

BOT_LEVELS = ("random", "easy", "medium", "hard")


class Player(Protocol):
    def choose(self, view: DealView) -> Action: ...


def make_bot(level: str, seed: int) -> Player:
    """The bot in this process (``inline_bots``); at the table it is a ``RemoteBot`` in the worker."""
    return table_bot(level, seed)


@dataclass(frozen=True, slots=True)
class GameOptions:
    preset: str = "moscow"
    target: int = 501  # 0 = a single deal
    etiquette: str = "guided"
    bot_level: str = "medium"
    first_dealer: str = "bot"  # human / bot / random
    seed: int | None = None


class ControllerOptions(TypedDict, total=False):
    """The pacing and seating keywords of ``GameController`` that the app decides (``App.controller_kwargs``)."""

    human_seats: tuple[int, ...]
    bot_delay: float
    inline_bots: bool
    players: Sequence[str]


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action and the events it produced, for the scene to animate."""

    seat: int
    action: Action
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class SheetRow:
    number: int
    dealer: int
    result: DealResult


@dataclass(frozen=True, slots=True)
class TableModel:
    """Everything the table may draw: one seat's view and public facts — never a Deal, never the other hand."""

    seat: int
    view: DealView
    sheet: tuple[SheetRow, ...]
    scores: tuple[int, int]
    hanging: tuple[int, ...]
    target: int
    deal_number: int
    game_over: GameOver | None
    open_hands: tuple[tuple[Card, ...], tuple[Card, ...]] | None  # only once the deal is over


class GameController:
    def __init__(
        self,
        paths: Paths,
        match: Match,
        meta: dict[str, Any],
        *,
        human_seats: tuple[int, ...] = (0,),
        bot_delay: float = 0.8,
        inline_bots: bool = False,
        autosave: bool = True,
        players: Sequence[str] | None = None,
    ) -> None:
        self.paths = paths
        self.match = match
        self.meta = meta
        self.human_seats = human_seats
        if human_seats:
            meta["human_seat"] = human_seats[0]  # «Продолжить» gives the human this seat again
        # the names saved by seat; blank ones are named by who plays the seat now
        names = list(players) if players is not None else ["", ""]
        self.players = [
            n.strip() or ("Игрок" if s in human_seats else "Бот") for s, n in zip((0, 1), names, strict=False)
        ]
        self.view_seat = human_seats[0] if human_seats else 0
        self.bot_delay = bot_delay
        self.inline_bots = inline_bots
        self.autosave = autosave
        seed = int(meta.get("seed", 0))
        level = str(meta.get("bot_level", "easy"))
        # the bots think in the worker process (game.bots.worker); inline (tests) they think here, when asked
        self.bots: dict[int, Player] = {
            s: make_bot(level, seed + 101 * s) if inline_bots else RemoteBot(level, seed + 101 * s)
            for s in (0, 1) if s not in human_seats
        }
        if not inline_bots and self.bots:  # the worker (and the hard bot's helper) start now, not at its first move
            shared().warm_up(two_cores=level == "hard")
        self._fallback = random.Random(seed)
        self._future: Ticket[Action] | None = None  # the pending bot decision
        self._idle_since = time.monotonic()
        self.save_error: str | None = None
        self.bot_errors = 0  # bot decisions that raised and were replaced by a random legal action
        self.finished_path: Path | None = None
        self.undo_allowed = True  # a scene may forbid undo altogether (e.g. a strict-etiquette practice)

    # ---------------------------------------------------------------- creation

    @classmethod
    def new_game(cls, paths: Paths, options: GameOptions, **kw: Any) -> GameController:
        seed = options.seed if options.seed is not None else random.SystemRandom().randrange(1 << 31)
        rules: Rules = Rules.preset(options.preset).with_options(target=options.target, etiquette=options.etiquette)
        if options.first_dealer == "human":
            first = 0
        elif options.first_dealer == "bot":
            first = 1
        else:
            first = random.Random(seed).randrange(2)
        meta = {"seed": seed, "bot_level": options.bot_level, "ui": "deberts-gui"}
        if kw.get("autosave", True):
            archive_unfinished(paths)
        ctl = cls(paths, Match(rules, first), meta, **kw)
        ctl.start_deal()
        return ctl

    @classmethod
    def restore(cls, paths: Paths, record: GameRecord, **kw: Any) -> GameController:
        """Continue a saved game exactly where it stood (the record is replayed through the engine), with the
        human in the seat it had (``meta["human_seat"]``) and the record's player names."""
        meta = dict(record.meta)
        meta.setdefault("seed", 0)
        seat = meta.get("human_seat")
        if seat in (0, 1) and kw.get("human_seats", (0,)):  # not for autoplay (no human seat)
            kw["human_seats"] = (seat,)
        kw.setdefault("players", record.players)
        ctl = cls(paths, replay(record), meta, **kw)
        if ctl.match.current is None and ctl.match.over is None:
            ctl.start_deal()
        return ctl

    def deck_for(self, number: int) -> list[Card]:
        """Deal ``number``'s deck from the game's seed: the same seed always gives the same game."""
        return shuffled_deck(random.Random(f"{self.meta['seed']}:{number}"))

    def start_deal(self) -> None:
        if self.match.over is not None or self.match.current is not None:
            return
        self.match.start_deal(self.deck_for(len(self.match.deals)))
        self._idle_since = time.monotonic()
        self._save()

    # ---------------------------------------------------------------- queries

    def model(self) -> TableModel:
        m = self.match
        deal = m.deals[-1]
        open_hands = None
        if deal.is_over():
            hands = [tuple(sorted(deal.full_hand[s] or deal.hands[s])) for s in (0, 1)]
            open_hands = (hands[0], hands[1])
        sheet = tuple(
            SheetRow(i + 1, d.dealer, d.result) for i, d in enumerate(m.deals) if d.result is not None
        )
        return TableModel(
            seat=self.view_seat,
            view=deal.view(self.view_seat),
            sheet=sheet,
            scores=m.scores,
            hanging=m.hanging,
            target=m.rules.target,
            deal_number=len(m.deals),
            game_over=m.over,
            open_hands=open_hands,
        )

    def to_act(self) -> int | None:
        deal = self.match.current
        return None if deal is None else deal.current_player()

    def human_to_act(self) -> bool:
        return self.to_act() in self.human_seats

    def bot_thinking(self) -> bool:
        return self._future is not None

    # ---------------------------------------------------------------- acting

    def submit(self, action: Action) -> Step:
        """The human's action; raises ``IllegalAction`` (naming the rule) and changes nothing then."""
        seat = self.to_act()
        if seat is None:
            raise IllegalAction("deal_over")
        if seat not in self.human_seats:
            raise IllegalAction("not_your_turn")
        return self._apply(seat, action)

    def _apply(self, seat: int, action: Action) -> Step:
        events = self.match.apply(action)
        self._idle_since = time.monotonic()
        self._save()
        return Step(seat, action, tuple(events))

    def poll(self, busy: bool) -> Step | None:
        """Advance a bot if it is its turn and the table is quiet; call once a frame."""
        now = time.monotonic()
        seat = self.to_act()
        if seat is None or seat in self.human_seats:
            return None
        if self.inline_bots:
            return self._apply(seat, self._checked(seat, self._bot_choose(seat)))
        if self._future is None:
            if busy:
                self._idle_since = now
                return None
            if now - self._idle_since < self.bot_delay:
                return None
            # the bot's own view is posted to the worker; a player that is not there (a test's) answers here
            bot, view = self.bots[seat], self._bot_view(seat)
            self._future = bot.ask(view) if isinstance(bot, RemoteBot) else Ticket.answered(bot.choose, view)
            return None
        if not self._future.done() or busy:
            return None
        future, self._future = self._future, None
        try:
            action = future.result()
        except Exception as exc:  # a broken bot must not stop the game
            print(f"bot error: {exc!r}", file=sys.stderr)
            self.bot_errors += 1
            deal = self.match.current
            assert deal is not None  # a seat is to act: the deal is in progress
            action = self._fallback.choice(deal.legal_actions())
        return self._apply(seat, self._checked(seat, action))

    def _bot_choose(self, seat: int) -> Action:
        return self.bots[seat].choose(self._bot_view(seat))

    def _bot_view(self, seat: int) -> DealView:
        """The only place a bot's seat is viewed: the bot sees its own hand, the UI never does."""
        deal = self.match.current
        assert deal is not None
        return deal.view(seat)

    def _checked(self, seat: int, action: Action) -> Action:
        deal = self.match.current
        assert deal is not None
        legal = deal.legal_actions()
        if action in legal:
            return action
        print(f"bot at seat {seat} chose an illegal action {action}; playing a legal one", file=sys.stderr)
        return self._fallback.choice(legal)

    # ---------------------------------------------------------------- undo

    def can_undo(self) -> bool:
        """Undo is fair only while the opponent has not answered: the last action of the deal in
        progress is a human's, and the table is not strict (a penalty must not be taken back)."""
        deal = self.match.current
        if not self.undo_allowed or deal is None or not deal.history or not self.human_seats:
            return False
        if self.match.rules.etiquette is Etiquette.STRICT:
            return False
        return deal.history[-1][0] in self.human_seats

    def undo(self) -> bool:
        """Take back the human's last action: the game is the replay of the record without it (one code
        path for loading and undoing, so nothing but the public record decides the new position)."""
        if not self.can_undo():
            return False
        record = self.record()
        record.deals[-1].actions.pop()
        self.match = replay(record)
        self._future = None  # a bot answer being computed for the undone position is dropped
        self._idle_since = time.monotonic()
        self._save()
        return True

    # ---------------------------------------------------------------- saving

    def record(self) -> GameRecord:
        return record_of(self.match, self.players, self.meta)

    def _save(self) -> None:
        if not self.autosave:
            return
        try:
            rec = self.record()
            if self.match.over is not None:
                stamp = time.strftime("%Y%m%d-%H%M%S")
                path = self.paths.games_dir / f"{stamp}.json"
                n = 1
                while path.exists():
                    path = self.paths.games_dir / f"{stamp}-{n}.json"
                    n += 1
                save(path, rec)
                self.finished_path = path
                self.paths.current_game.unlink(missing_ok=True)
            else:
                save(self.paths.current_game, rec)
            self.save_error = None
        except (OSError, RecordError) as exc:
            self.save_error = str(exc)
            print(f"save failed: {exc}", file=sys.stderr)

    def close(self) -> None:
        """The table is left: a pending decision is cancelled and the worker forgets this game's bots."""
        if self._future is not None:
            self._future.cancel()
        self._future = None
        for bot in self.bots.values():
            if isinstance(bot, RemoteBot):
                bot.close()


def archive_unfinished(paths: Paths) -> Path | None:
    """A new game never overwrites the one in progress: that one moves to games/ as ``*-unfinished.json``
    (moved byte for byte, readable or not), where the replay browser lists it."""
    current = paths.current_game
    if not current.exists():
        return None
    paths.games_dir.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = paths.games_dir / f"{stamp}-unfinished.json"
    n = 1
    while target.exists():
        target = paths.games_dir / f"{stamp}-unfinished-{n}.json"
        n += 1
    os.replace(current, target)
    return target
