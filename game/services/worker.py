"""One background process for all thinking: the bots' decisions, the hint and the analysis of a record.

The window's process only posts requests (a bot's own ``DealView``, the human's view for the hint, a record
to analyse) and collects the answers without ever waiting: ``Ticket.done()`` reads whatever has arrived and
returns at once. Nothing of the search runs in the window's process, so the solver never holds its GIL while
a frame is drawn. The worker answers requests one at a time, in order; it keeps the bots between decisions
(``BotSpec.key``) and the solver's tables between hints, and the hard bot still uses two cores: the worker
starts its own ``game.bots.parallel`` helper process, which solves half of each large decision's samples.

The worker is started with ``spawn`` (the window's process runs SDL), on first use or by ``warm_up``. If it
dies, the next ``done()`` notices, starts a new one and posts every unanswered request again (up to
``MAX_ATTEMPTS`` processes per request; after that the ticket fails, so a table never waits forever). A
cancelled request is skipped if it has not started; the analysis also stops at its next card. The worker
exits when told to (``shutdown``, also at exit) or when the window's process is gone.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import multiprocessing
import os
import pickle
import queue
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from game.actions import Action
from game.bots.base import Player
from game.cache_folder import root_setting, use_root_setting
from game.deal import DealView

if TYPE_CHECKING:
    from multiprocessing.context import SpawnProcess

    from game.record import GameRecord
    from game.services.analysis.facts import Analysis
    from game.services.hint import Hint

T = TypeVar("T")

MAX_ATTEMPTS = 3  # worker processes one request may be posted to before its ticket fails
QUIT_WAIT_S = 2.0  # how long shutdown lets the worker finish its current request before ending it
# the worker and its two-core helper (which inherits it) run at this niceness, so that the window's process, whose
# frame needs a millisecond or two of CPU, gets a core at once instead of waiting behind the solver; 5 rather than
# more keeps the bot's share against other programs (docs/benchmarks.md, "Frame pacing")
NICENESS = int(os.environ.get("DEBERTS_WORKER_NICE", "5"))


class WorkerError(RuntimeError):
    """A request failed in the worker with an error that cannot travel back as itself, or the worker kept
    dying while it was answering."""


def table_bot(level: str, players: int, seed: int) -> Player:
    """A bot of ``level`` as the table plays it: the hard bot solves on both cores when the machine has two. A level
    this version does not know (a record from another, or edited by hand) plays as ``known_level`` says, never at
    random. The worker builds its bots with this; ``inline_bots`` tables too."""
    from game.bots import parallel
    from game.bots.factory import make_bot

    try:
        return make_bot(level, players, seed, workers=parallel.cores())
    except (ValueError, KeyError):
        return make_bot(known_level(level), players, seed, workers=parallel.cores())


def known_level(level: str) -> str:
    """What plays for an unknown ``level``: a Ровня of a rating outside this version's range is the nearest Ровня
    (her measured range may move between versions: «rovnya:1690» once played at random), anything else medium."""
    from game.bots.characters import MATCH_KEY, match_level

    family, _, arg = level.partition(":")
    if family == MATCH_KEY and arg.isascii() and arg.isdigit() and len(arg) <= 6:
        return match_level(float(arg))
    return "medium"


_bot_keys = itertools.count(1)


@dataclass(frozen=True, slots=True)
class BotSpec:
    """Which bot the worker answers with; ``key`` keeps two games' bots of the same level and seed apart."""

    level: str
    players: int
    seed: int
    key: int = field(default_factory=lambda: next(_bot_keys))


# ------------------------------------------------------------------------------------ the worker's side


class _Context:
    """What a task may use in the worker: the bots it keeps, and its request's progress and cancellation."""

    def __init__(self, results: Connection, cancelled: set[int], stopping: threading.Event) -> None:
        self.results = results
        self.cancelled_ids = cancelled
        self.stopping = stopping
        self.bots: dict[int, Player] = {}
        self.tid = 0

    def progress(self, done: int, total: int) -> None:
        self.results.send(("progress", self.tid, (done, total)))

    def cancelled(self) -> bool:
        return self.tid in self.cancelled_ids or self.stopping.is_set()


def _choose(ctx: _Context, spec: BotSpec, view: DealView) -> Action:
    bot = ctx.bots.get(spec.key)
    if bot is None:
        bot = ctx.bots[spec.key] = table_bot(spec.level, spec.players, spec.seed)
    return bot.choose(view)


def _forget(ctx: _Context, key: int) -> None:
    ctx.bots.pop(key, None)


def _hint(ctx: _Context, view: DealView, seed: int) -> Hint:
    from game.bots import parallel
    from game.services.hint import hint

    return hint(view, seed, workers=parallel.cores())


def _analyse(ctx: _Context, source: GameRecord | str, sampled: bool = True, cache_root: str | None = None) -> Analysis:
    from game.services.analysis.cache import analyse_file
    from game.services.analysis.values import analyse_record

    use_root_setting(cache_root)  # the asker's cache folder now, not the one when this process started
    if isinstance(source, str):
        return analyse_file(source, sampled=sampled, progress=ctx.progress, cancel=ctx.cancelled)
    return analyse_record(source, sampled=sampled, progress=ctx.progress, cancel=ctx.cancelled)


def _warm(ctx: _Context, two_cores: bool) -> None:
    """Import the bots (and start the two-core helper) now, so that the first decision does not wait for them."""
    from game.bots import hard, parallel

    del hard
    if two_cores and parallel.cores() > 1:
        parallel.pool().submit(int).result()


def _pid(ctx: _Context) -> int:
    return os.getpid()


def _helper_pids(ctx: _Context) -> list[int]:
    from game.bots import parallel

    return parallel.helper_pids()


TASKS: dict[str, Callable[..., Any]] = {
    "choose": _choose,
    "forget": _forget,
    "hint": _hint,
    "analyse": _analyse,
    "warm": _warm,
    "pid": _pid,  # the worker's and its helper's process ids: for tests and diagnostics
    "helper_pids": _helper_pids,
}


def _travels(obj: object) -> bool:
    try:
        pickle.loads(pickle.dumps(obj))
    except Exception:
        return False
    return True


def serve(requests: Connection, results: Connection) -> None:
    """The worker process: answer requests in order until told to quit or the window's process is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in the terminal is for the window's process
    if NICENESS and hasattr(os, "nice"):
        os.nice(NICENESS)
    # the last thing at exit (atexit runs the helper's shutdown first): skip tearing down the bots' solver tables,
    # which would keep the window's process waiting at quit
    atexit.register(os._exit, 0)
    inbox: queue.Queue[tuple[int, str, tuple[Any, ...]] | None] = queue.Queue()
    cancelled: set[int] = set()
    stopping = threading.Event()

    def read() -> None:  # a thread: cancellations arrive while a request is being answered
        try:
            while True:
                message = requests.recv()
                if message[0] == "cancel":
                    cancelled.add(message[1])
                elif message[0] == "quit":
                    break
                else:
                    inbox.put(message[1:])
        except (EOFError, OSError):  # the window's process is gone
            pass
        stopping.set()
        inbox.put(None)

    threading.Thread(target=read, name="requests", daemon=True).start()
    ctx = _Context(results, cancelled, stopping)
    try:
        while (item := inbox.get()) is not None:
            tid, name, args = item
            if tid in cancelled or stopping.is_set():  # not wanted any more, or quitting: not even started
                continue
            ctx.tid = tid
            try:
                reply: tuple[str, int, object] = ("done", tid, TASKS[name](ctx, *args))
            except Exception as exc:
                reply = ("error", tid, exc if _travels(exc) else WorkerError(f"{name}: {exc!r}"))
            if tid in cancelled:
                continue
            try:
                results.send(reply)
            except (pickle.PicklingError, TypeError, AttributeError) as exc:
                results.send(("error", tid, WorkerError(f"{name}: the answer cannot be sent: {exc!r}")))
    except (BrokenPipeError, EOFError, OSError):  # the window's process is gone
        pass
    finally:
        from game.bots import parallel

        parallel.shutdown()


# ------------------------------------------------------------------------------------ the window's side


class Ticket(Generic[T]):
    """One request's answer, to be collected later: ``done()`` never blocks."""

    def __init__(self, worker: Worker | None, tid: int, name: str, args: tuple[Any, ...]) -> None:
        self.worker = worker
        self.tid = tid
        self.name = name
        self.args = args
        self.attempts = 0  # worker processes it was posted to
        self.progress = (0, 0)  # (done, total) as the task reports it (the analysis)
        self._finished = False
        self._value: Any = None
        self._error: BaseException | None = None

    @classmethod
    def answered(cls, fn: Callable[..., T], *args: Any) -> Ticket[T]:
        """A ticket answered here and now (a player that is not in the worker, e.g. a test's)."""
        ticket: Ticket[T] = cls(None, 0, getattr(fn, "__name__", "local"), args)
        try:
            ticket._finish(fn(*args), None)
        except Exception as exc:
            ticket._finish(None, exc)
        return ticket

    def _finish(self, value: Any, error: BaseException | None) -> None:
        self._finished, self._value, self._error = True, value, error

    def done(self) -> bool:
        if not self._finished and self.worker is not None:
            self.worker.pump()
        return self._finished

    def result(self) -> T:
        """The answer; raises the task's error. Only once ``done()``."""
        if not self._finished:
            raise RuntimeError("the answer has not arrived yet")
        if self._error is not None:
            raise self._error
        return cast(T, self._value)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until answered (tests, command-line use; never the window's loop). False on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.done():
            left = 0.1 if deadline is None else min(0.1, deadline - time.monotonic())
            if left <= 0:
                return False
            if self.worker is not None:
                self.worker.idle(left)
        return True

    def cancel(self) -> None:
        """Nobody wants the answer any more: the worker skips the request, or stops an analysis early."""
        if not self._finished and self.worker is not None:
            self.worker.cancel(self)


class Worker:
    """The window's handle on the worker process (``shared()`` is the one the game uses)."""

    def __init__(self) -> None:
        self._proc: SpawnProcess | None = None
        self._requests: Connection | None = None
        self._results: Connection | None = None
        self._pending: dict[int, Ticket[Any]] = {}
        self._ids = itertools.count(1)
        self._atexit = False
        self.restarts = 0
        self.exitcode: int | None = None  # the last worker's when it ended (0: it quit when told to)

    # ---------------------------------------------------------------- requests

    def choose(self, spec: BotSpec, view: DealView) -> Ticket[Action]:
        """The bot's action for its own view."""
        return self.submit("choose", spec, view)

    def hint(self, view: DealView, seed: int) -> Ticket[Hint]:
        """``game.services.hint.hint`` for the human's own view."""
        return self.submit("hint", view, seed)

    def analyse(self, source: GameRecord | Path, sampled: bool = True) -> Ticket[Analysis]:
        """``game.services.analysis.cache.analyse_file`` (a path: cached in ``cache_dir``) or ``analyse_record``;
        ``progress`` runs. ``sampled`` False: the exact values only (the statistics screen's quick analysis of many
        games)."""
        source_arg = str(source) if isinstance(source, Path) else source
        return self.submit("analyse", source_arg, sampled, root_setting())

    def forget(self, spec: BotSpec) -> None:
        """The bot's game is over: the worker drops it (and its tables). Nothing to do if no worker runs."""
        if self._proc is not None:
            self.submit("forget", spec.key)

    def warm_up(self, two_cores: bool = True) -> None:
        """Start the worker (and its two-core helper, for the hard bot) now — they take a moment — without
        waiting for them."""
        self.submit("warm", two_cores)

    def submit(self, name: str, *args: Any) -> Ticket[Any]:
        ticket: Ticket[Any] = Ticket(self, next(self._ids), name, args)
        self._pending[ticket.tid] = ticket
        if self._proc is None:
            self._start()
        else:
            self._post(ticket)
        return ticket

    @property
    def pid(self) -> int | None:
        return None if self._proc is None else self._proc.pid

    # ---------------------------------------------------------------- collecting

    def pump(self) -> None:
        """Take in every answer that has arrived; restart a dead worker. Never blocks for long: an answer is
        read only once its first bytes are there, and the worker writes it whole."""
        if self._proc is None or self._results is None:
            return
        dead = False
        try:
            while self._results.poll():
                kind, tid, payload = self._results.recv()
                ticket = self._pending.get(tid)
                if ticket is None:
                    continue
                if kind == "progress":
                    ticket.progress = payload
                    continue
                del self._pending[tid]
                if kind == "done":
                    ticket._finish(payload, None)
                else:
                    ticket._finish(None, payload)
        except (EOFError, OSError):
            dead = True
        if self._pending and (dead or not self._proc.is_alive()):
            self._restart()

    def idle(self, seconds: float) -> None:
        """Sleep until an answer may have arrived (at most ``seconds``)."""
        if self._results is not None:
            with contextlib.suppress(EOFError, OSError):  # a dead worker: the next pump restarts it
                self._results.poll(seconds)
        else:
            time.sleep(seconds)

    def cancel(self, ticket: Ticket[Any]) -> None:
        if self._pending.pop(ticket.tid, None) is not None and self._requests is not None:
            with contextlib.suppress(OSError):
                self._requests.send(("cancel", ticket.tid))

    # ---------------------------------------------------------------- the process

    def _start(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        requests_in, self._requests = ctx.Pipe(duplex=False)
        self._results, results_out = ctx.Pipe(duplex=False)
        self._proc = ctx.Process(target=serve, args=(requests_in, results_out), name="deberts-worker")
        self._proc.start()
        requests_in.close()
        results_out.close()
        if not self._atexit:
            atexit.register(self.shutdown)
            self._atexit = True
        for ticket in list(self._pending.values()):
            self._post(ticket)

    def _post(self, ticket: Ticket[Any]) -> None:
        ticket.attempts += 1
        if ticket.attempts > MAX_ATTEMPTS:
            del self._pending[ticket.tid]
            ticket._finish(None, WorkerError(f"{ticket.name}: the worker stopped {MAX_ATTEMPTS} times"))
            return
        assert self._requests is not None
        with contextlib.suppress(OSError):  # the worker is gone: the next pump restarts it and posts this again
            self._requests.send(("request", ticket.tid, ticket.name, ticket.args))

    def _restart(self) -> None:
        self._stop(wait=0.0)
        self.restarts += 1
        self._start()

    def _stop(self, wait: float) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            if wait > 0 and proc.is_alive():
                assert self._requests is not None
                with contextlib.suppress(OSError):
                    self._requests.send(("quit",))
                proc.join(wait)
            if proc.is_alive():
                proc.terminate()
                proc.join(1.0)
            if proc.is_alive():
                proc.kill()
                proc.join(1.0)
            self.exitcode = proc.exitcode
        for conn in (self._requests, self._results):
            if conn is not None:
                conn.close()
        self._requests = self._results = None

    def shutdown(self) -> None:
        """End the worker (it finishes or stops its current request first, briefly); unanswered tickets fail."""
        self._stop(wait=QUIT_WAIT_S)
        pending, self._pending = self._pending, {}
        for ticket in pending.values():
            ticket._finish(None, WorkerError(f"{ticket.name}: the worker was shut down"))


_SHARED: Worker | None = None


def shared() -> Worker:
    """The game's one worker (the process starts on the first request)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Worker()
    return _SHARED


class RemoteBot:
    """A bot that lives in the worker. ``ask`` posts the bot's own view and returns at once; ``choose`` (the
    ``Player`` protocol) waits for the answer, for callers outside the window's loop."""

    def __init__(self, level: str, players: int, seed: int, worker: Worker | None = None) -> None:
        self.spec = BotSpec(level, players, seed)
        self.worker = worker or shared()

    def ask(self, view: DealView) -> Ticket[Action]:
        return self.worker.choose(self.spec, view)

    def choose(self, view: DealView) -> Action:
        ticket = self.ask(view)
        ticket.wait()
        return ticket.result()

    def close(self) -> None:
        self.worker.forget(self.spec)
