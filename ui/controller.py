"""Seats → players (the human, bots), pacing of the bot (it thinks in the worker process), and the autosave
after every action.

The table scene talks only to this controller. It gets a ``TableModel`` built from ``deal.view(seat)`` of
the human's seat (plus public facts such as the score sheet), never the ``Deal`` or ``Match`` itself; the
bot gets only ``deal.view(bot_seat)``. Every change to the game goes through ``Match.apply``.
"""

from __future__ import annotations

import hashlib
import logging
import os
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

from game.actions import Action
from game.atomic import free_path
from game.bots.base import LEVELS, Player
from game.bots.characters import pace, searches
from game.cards import Card, shuffled_deck
from game.deal import Deal, DealView, Event, Phase
from game.errors import IllegalAction, RecordError
from game.match import GameOver, Match
from game.names import display_name
from game.record import GameRecord, levels_meta, load, record_of, replay, seat_levels
from game.rules import Etiquette, Rules
from game.scoring import DealResult
from game.services.worker import RemoteBot, Ticket, Worker, shared, table_bot
from ui.clock import MONOTONIC, Clock
from ui.paths import Paths
from ui.saving import Job, SaveQueue, retarget_current, retry_due, unsaved

log = logging.getLogger(__name__)

BOT_LEVELS = LEVELS  # the menu's levels (game.bots.base)


def make_bot(level: str, players: int, seed: int) -> Player:
    """The bot in this process (``inline_bots``); at the table it is a ``RemoteBot`` in the worker."""
    return table_bot(level, players, seed)


@dataclass(frozen=True, slots=True)
class GameOptions:
    preset: str = "moscow"
    target: int = 501  # 0 = a single deal
    etiquette: str = "guided"
    bot_level: str = "medium"
    first_dealer: str = "bot"  # human / bot / bot_right (three) / random
    seed: int | None = None
    overrides: tuple[tuple[str, Any], ...] = ()  # single rules options on top of the preset (e.g. («dave», True))
    players: int = 2  # 3: «деберц втроём», the human against two bots of ``bot_level``
    bot_levels: tuple[str, ...] = ()  # three: the two opponents' levels when chosen apart (left, then right)

    def opponents(self) -> tuple[str, ...]:
        """The bots in the order they act after the human (for three: left, then right)."""
        n = self.players
        return self.bot_levels if len(self.bot_levels) == n - 1 else (self.bot_level,) * (n - 1)

    def rules(self) -> Rules:
        """The game's rules; ``ValueError`` names the options the engine refuses (e.g. one not defined for three)."""
        return Rules.preset(self.preset).with_options(
            target=self.target, etiquette=self.etiquette, players=self.players, **dict(self.overrides)
        )


class ControllerOptions(TypedDict, total=False):
    """The pacing and seating keywords of ``GameController`` that the app decides (``App.controller_kwargs``)."""

    human_seats: tuple[int, ...]
    bot_delay: float
    inline_bots: bool
    players: Sequence[str]
    autosave: bool
    clock: Clock
    thinker: Worker
    may_write: Callable[[], bool]


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
    scores: tuple[int, ...]
    hanging: tuple[int, ...]
    target: int
    deal_number: int
    game_over: GameOver | None
    open_hands: tuple[tuple[Card, ...], ...] | None  # every seat's hand, only once the deal is over

    @property
    def players(self) -> int:
        return self.view.rules.players


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
        clock: Clock = MONOTONIC,
        thinker: Worker | None = None,
        may_write: Callable[[], bool] | None = None,
    ) -> None:
        self.paths = paths
        self.clock = clock  # the bots' pace and the saves' retries (tests: a ManualClock)
        self.match = match
        self.meta = meta
        meta.setdefault("created", time.strftime("%Y-%m-%dT%H:%M:%S"))  # the game's own, not its first save's
        meta.setdefault("game", secrets.token_hex(8))  # tells this game's file from another's (game.record.is_game_of)
        self.human_seats = human_seats
        if human_seats:
            meta["human_seat"] = human_seats[0]  # «Продолжить» gives the human this seat again
        n = match.rules.players
        # the names saved by seat; blank ones are named by who plays the seat now
        names = list(players) if players is not None and len(players) == n else [""] * n
        self.players = [display_name(name, "Игрок" if s in human_seats else "Бот") for s, name in enumerate(names)]
        self.view_seat = human_seats[0] if human_seats else 0
        self.bot_delay = bot_delay
        self.inline_bots = inline_bots
        self.autosave = autosave
        levels = seat_levels(meta, n)  # by seat: for three, the two opponents may differ (game.record)
        # fairness by construction: a bot's seed says nothing about the decks (see deck_for)
        # the bots think in the worker process (game.services.worker); inline (tests) they think here, when asked;
        # each seat has its own bot (for three: its own level, and its own requests)
        # (``thinker``: the App's, by default the worker process)
        thinking = thinker if thinker is not None else shared()
        self.bots: dict[int, Player] = {}
        for s in range(n):
            if s not in human_seats:
                seed = self.private_seed(f"bot{s}")
                level = levels[s]
                self.bots[s] = make_bot(level, n, seed) if inline_bots else RemoteBot(level, n, seed, thinking)
        if not inline_bots and self.bots:  # the worker (and the hard bot's helper) start now, not at its first move
            thinking.warm_up(two_cores=any(searches(levels[s]) for s in self.bots))  # hard, or a Ровня above medium
        self.levels = {s: levels[s] for s in self.bots}  # who plays each bot seat (the table names a character)
        self._fallback = random.Random(self.private_seed("fallback"))
        self.advice_seed = self.private_seed("hint")  # the human's hint bot: no more knowledge than the others
        self._future: Ticket[Action] | None = None  # the pending bot decision
        self._idle_since = clock.now()
        self.save_error: str | None = None  # why saving fails, in words (ui.saving.problem_words); None when saved
        # the writes owed: retried on the next action and on a timer, while this window may write the folder
        self.saves = SaveQueue(paths, clock=clock, may_write=may_write)
        self._finished_target: Path | None = None
        self.bot_errors = 0  # bot decisions that raised and were replaced by a random legal action
        self.finished_path: Path | None = None
        self.undo_allowed = True  # a scene may forbid undo altogether (e.g. a strict-etiquette practice)

    # ---------------------------------------------------------------- creation

    @classmethod
    def new_game(cls, paths: Paths, options: GameOptions, **kw: Any) -> GameController:
        rules = options.rules()
        n = rules.players
        if options.first_dealer == "human":
            first = 0
        elif options.first_dealer == "bot":
            first = 1  # for three: the bot on the human's left
        elif options.first_dealer == "bot_right":
            first = n - 1  # for three: the bot on the human's right (for two the one bot)
        elif options.seed is not None:
            first = random.Random(options.seed).randrange(n)
        else:
            first = secrets.randbelow(n)
        human = kw.get("human_seats", (0,))[0] if kw.get("human_seats", (0,)) else 0
        levels = [""] * n
        for k, level in enumerate(options.opponents(), start=1):
            levels[(human + k) % n] = level
        meta: dict[str, Any] = {**levels_meta(levels, human), "ui": "deberts-gui"}
        if options.seed is not None:  # a chosen seed (--seed, tests): the same seed, the same game
            meta.update(seed=options.seed, reproducible=True)
        archive_owed = False
        if kw.get("autosave", True):
            try:
                archive_unfinished(paths)
            except OSError:  # the folder refuses now: the old game is moved before this one is first written
                archive_owed = True
        ctl = cls(paths, Match(rules, first), meta, **kw)
        if archive_owed:
            ctl.saves.put(Job(paths.current_game, archive=True))
        ctl.start_deal()
        return ctl

    @classmethod
    def restore(cls, paths: Paths, record: GameRecord, **kw: Any) -> GameController:
        """Continue a saved game exactly where it stood (the record is replayed through the engine), with the
        human in the seat it had (``meta["human_seat"]``) and the record's player names."""
        meta = dict(record.meta)
        seat = meta.get("human_seat")
        if seat in range(record.rules.players) and kw.get("human_seats", (0,)):  # not for autoplay (no human seat)
            kw["human_seats"] = (seat,)
        kw.setdefault("players", record.players)
        archive_owed = False
        saved = _current_game(paths)
        continues = saved is None or _continues(saved, record)
        if kw.get("autosave", True) and not continues:
            try:  # another game (play from here, a deal code): the one in progress is kept, as for a new game
                archive_unfinished(paths)
            except OSError:
                archive_owed = True
        elif continues and saved is not None:  # current.json's game, perhaps played on from the replays:
            for key in ("created", "game"):  # its saves replace that file
                if isinstance(saved.meta.get(key), str):
                    meta[key] = saved.meta[key]
        if not continues:
            meta.pop("game", None)  # a game of its own (played on from another's position): a token of its own
        ctl = cls(paths, replay(record), meta, **kw)
        if archive_owed:
            ctl.saves.put(Job(paths.current_game, archive=True))
        if ctl.autosave:
            ctl.saves.adopt_current(record)  # «Продолжить» from memory: this table now owes that position
        if ctl.match.current is None and ctl.match.over is None:
            ctl.start_deal()
        elif ctl.autosave and ctl.match.over is None and not (continues and paths.current_game.exists()):
            ctl._save()  # another game (from the replays): «Продолжить» offers it from its first moment
        return ctl

    @property
    def reproducible(self) -> bool:
        """Was the game started with a chosen seed (``meta["reproducible"]``)? Then its decks follow the seed."""
        return self.meta.get("reproducible") is True and isinstance(self.meta.get("seed"), int)

    def deck_for(self, number: int) -> list[Card]:
        """Deal ``number``'s deck, drawn when the deal starts from the system's randomness (``secrets``): no
        seed exists from which a player — or anyone reading the saved game — could rebuild a deck to come. The
        record keeps every dealt deck, so replays stay exact. A game with a chosen seed (``reproducible``:
        ``--seed``, tests) takes its decks from that seed instead: the same seed, the same game."""
        if self.reproducible:
            return shuffled_deck(random.Random(f"{self.meta['seed']}:{number}"))
        return shuffled_deck(secrets.SystemRandom())

    def private_seed(self, purpose: str) -> int:
        """A seed for a bot (or the fallback, or the hint) that says nothing about the decks: from ``secrets``;
        in a reproducible game a one-way hash of the game's seed, so the bot cannot invert it to the decks' seed
        (a chosen seed is not secret anyway: it is in the record)."""
        if not self.reproducible:
            return secrets.randbits(63)
        digest = hashlib.sha256(f"deberts:{purpose}:{self.meta['seed']}".encode()).digest()
        return int.from_bytes(digest[:8], "big") >> 1

    def start_deal(self) -> None:
        if self.match.over is not None or self.match.current is not None:
            return
        self.match.start_deal(self.deck_for(len(self.match.deals)))
        self._idle_since = self.clock.now()
        self._save()

    # ---------------------------------------------------------------- queries

    def opponents(self) -> tuple[str, ...]:
        """The bots in the order they act after the human (for three: left, then right)."""
        n = self.match.rules.players
        return tuple(self.levels.get((self.view_seat + k) % n, "medium") for k in range(1, n))

    def model(self) -> TableModel:
        return table_model(self.match, self.view_seat)

    def to_act(self) -> int | None:
        deal = self.match.current
        return None if deal is None else deal.current_player()

    def human_to_act(self) -> bool:
        return self.to_act() in self.human_seats

    def deal_steps(self) -> list[Step]:
        """The current deal's actions with their events, re-applied to a fresh deal (the move log of a restored
        game or after undo): the engine tells what happened, the UI only words it."""
        deal = self.match.deals[-1] if self.match.deals else None
        if deal is None:
            return []
        fresh = Deal(deal.rules, deal.dealer, deal.deck, deal.context)
        out = []
        for seat, action in deal.history:
            out.append(Step(seat, action, tuple(fresh.apply(action))))
        return out

    def deal_face_up(self) -> Card | None:
        """The current deal's вскрышка as it was turned up (a swap later puts the trump seven there)."""
        return self.match.deals[-1].vskryshka if self.match.deals else None

    def bot_thinking(self) -> bool:
        return self._future is not None

    # ---------------------------------------------------------------- acting

    def refusal(self, action: Action) -> str | None:
        """Why the human may not take ``action`` now (a rule key), None when it may — asked of the engine, nothing
        is applied (an illegal card springs back with this rule's words)."""
        seat = self.to_act()
        if seat is None:
            return "deal_over"
        if seat not in self.human_seats:
            return "not_your_turn"
        deal = self.match.current
        assert deal is not None  # a seat is to act
        return deal.why_illegal(action)

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
        self._idle_since = self.clock.now()
        self._save()
        return Step(seat, action, tuple(events))

    def poll(self, busy: bool) -> Step | None:
        """Advance a bot if it is its turn and the table is quiet; call once a frame."""
        now = self.clock.now()
        self.retry_saves(now)
        seat = self.to_act()
        if seat is None or seat in self.human_seats:
            return None
        if self.inline_bots:
            return self._apply(seat, self._checked(seat, self._bot_choose(seat)))
        if self._future is None:
            if busy:
                self._idle_since = now
                return None
            if now - self._idle_since < self.bot_delay * pace(self.levels.get(seat, "")):
                return None  # a character's own pace: «Тётя Валя играет быстро»
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
            log.error("the bot at seat %d failed; playing a random legal action", seat, exc_info=exc)
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
        log.error("the bot at seat %d chose an illegal action %s; playing a legal one", seat, action)
        return self._fallback.choice(legal)

    # ---------------------------------------------------------------- undo

    def can_undo(self) -> bool:
        """Undo is fair only while the opponent has not answered: the last action of the deal in
        progress is a human's, and the table is not strict (a penalty must not be taken back)."""
        return self.undo_refusal() is None

    def undo_refusal(self) -> str | None:
        """Why undo is refused now, as a message key (None: it is allowed)."""
        deal = self.match.current
        if not self.human_seats:
            return "undo_nothing"
        if not self.undo_allowed:
            return "undo_practice"
        if self.match.rules.etiquette is Etiquette.STRICT:
            return "undo_strict"
        if deal is None:
            return "undo_deal_over"
        if not any(seat in self.human_seats for seat, _ in deal.history):
            return "undo_nothing"
        if deal.history[-1][0] not in self.human_seats:
            return "undo_opp_answered"
        if deal.dealt_at == len(deal.history):
            return "undo_cards_dealt"  # the bid dealt the last cards: undone, they would be known before bidding again
        if deal.shown_at == len(deal.history):
            return "undo_cards_shown"  # the card ended the first trick and the other's sequence was shown
        return None

    def undo(self) -> bool:
        """Take back the human's last action: the game is the replay of the record without it (one code
        path for loading and undoing, so nothing but the public record decides the new position)."""
        if not self.can_undo():
            return False
        record = self.record()
        record.deals[-1].actions.pop()
        self.match = replay(record)
        if self._future is not None:  # the bot's answer to the undone position is not wanted: the worker skips it
            self._future.cancel()
        self._future = None
        self._idle_since = self.clock.now()
        self._save()
        return True

    # ---------------------------------------------------------------- saving

    def record(self) -> GameRecord:
        return record_of(self.match, self.players, self.meta)

    def _save(self) -> None:
        """Owe the newest position (or the finished game and the removal of ``current.json``) and write what is
        owed; a failure keeps it in memory (``ui.saving``) to be written on the next action or by the timer."""
        if not self.autosave:
            return
        rec = self.record()
        if self.match.over is not None:
            if self._finished_target is None:
                self._finished_target = self._finished_file()
            self.saves.put(Job(self._finished_target, rec))
            self.saves.put(Job(self.paths.current_game, of=rec))  # removed once the finished game is written
        else:
            self.saves.put(Job(self.paths.current_game, rec))
        self._flush_saves()

    def _finished_file(self) -> Path:
        return free_path(self.paths.games_dir, time.strftime("%Y%m%d-%H%M%S"))

    def _flush_saves(self) -> None:
        self.saves.flush()
        if self._finished_target is not None and self._finished_target in self.saves.written:
            self.finished_path = self._finished_target
        self.save_error = self.saves.error

    def retry_saves(self, now: float | None = None) -> None:
        """The timer's try (called every frame through ``poll``): this game's owed writes, then any other's."""
        t = self.clock.now() if now is None else now
        if self.saves.due(t):
            self._flush_saves()
        retry_due(t)

    def close(self) -> None:
        """The table is left: a pending decision is cancelled and the worker forgets this game's bots."""
        if self._future is not None:
            self._future.cancel()
        self._future = None
        for bot in self.bots.values():
            if isinstance(bot, RemoteBot):
                bot.close()


def _current_game(paths: Paths) -> GameRecord | None:
    """The game in ``current.json``, read once; None when there is none or it cannot be read (the menu moves an
    unreadable file aside: it counts as no game)."""
    if not paths.current_game.exists():
        return None
    try:
        return load(paths.current_game)
    except RecordError:
        return None


def _continues(saved: GameRecord, record: GameRecord) -> bool:
    """Is ``record`` the game ``saved`` or a continuation of it («Продолжить», perhaps from memory)?"""
    if (saved.rules, saved.first_dealer) != (record.rules, record.first_dealer) or len(saved.deals) > len(record.deals):
        return False
    return all(
        a.dealer == b.dealer and a.deck == b.deck and b.actions[: len(a.actions)] == a.actions
        for a, b in zip(saved.deals, record.deals, strict=False)
    )


def archive_unfinished(paths: Paths, retarget: bool = True) -> Path | None:
    """A new game never overwrites the one in progress: that one moves to games/ as ``*-unfinished.json``
    (moved byte for byte, readable or not), where the replay browser lists it. Positions of it still owed
    (in memory, ``ui.saving``) are written there too, never on the new game's file."""
    current = paths.current_game
    jobs = [j for q in unsaved(paths) for j in q.jobs if j.path == current and not j.archive] if retarget else []
    owed = any(j.record is not None for j in jobs)
    # a finished game whose «remove current.json» is still owed (its finished copy waits for room): that removal
    # is of its stale position, which moves aside now with the file — left on current.json, it deleted the new
    # game's file once the disk had room again
    if not current.exists() and not owed:
        for queue in unsaved(paths):
            queue.jobs = [j for j in queue.jobs if not (j.path == current and j.record is None and not j.archive)]
        return None
    target = free_path(paths.games_dir, time.strftime("%Y%m%d-%H%M%S") + "-unfinished")
    if jobs:
        retarget_current(paths, target)
    if current.exists():
        paths.games_dir.mkdir(parents=True, exist_ok=True)
        os.replace(current, target)
    if owed:  # the newer position over the archived stale file, now (and retried, like any save)
        for queue in unsaved(paths):
            queue.flush()
    return target


def table_model(m: Match, seat: int) -> TableModel:
    """What the table shows of ``m`` from ``seat``: its view of the current deal, the sheet, the totals, and every
    hand once the deal is over (the controller's model; tests build one for a match without a controller)."""
    deal = m.deals[-1]
    open_hands = None
    if deal.is_over():
        open_hands = tuple(tuple(sorted(deal.trickplay.full_hand[s] or deal.hands[s])) for s in range(deal.n))
    sheet = tuple(SheetRow(i + 1, d.dealer, d.result) for i, d in enumerate(m.deals) if d.result is not None)
    # at the score-keeping the deal is written (its row shows it) and the claim is made on those totals: «Итого»
    # says them too (it said the totals before the deal under a row that already added it)
    written = deal.result.scores_after if deal.phase is Phase.CLAIM and deal.result is not None else m.scores
    return TableModel(
        seat=seat,
        view=deal.view(seat),
        sheet=sheet,
        scores=written,
        hanging=m.hanging,
        target=m.rules.target,
        deal_number=len(m.deals),
        game_over=m.over,
        open_hands=open_hands,
    )
