"""The hard bot's samples solved on two cores: this process takes half, one helper process the other.

Each sample's values are exact (the solver's result does not depend on its transposition table), so a
split run gives exactly the totals of a run in one process — only sooner. The worker is started with
``spawn`` (never ``fork``: the game's process runs SDL and threads) on first use, keeps its own
``Solver`` between calls, and is shut down at exit. It pays only when the work is large — early tricks,
many samples, or thousands of late hands — so smaller decisions stay in this process (``worth_splitting``).
At the table "this process" is the thinking worker (``game.services.worker``), never the window's. The helper
ends with the process that started it, even if that one is killed; if the helper dies (killed, out of memory)
its share is solved here and the next split starts a new one (``Offloaded``) — the same values, only later.
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Generic, TypeVar

from game.bots.solver import Solver
from game.cards import Card
from game.deal import DealView

SampleResult = dict[Card, float]  # each legal card's value, seat 0's side

MIN_CARDS = 6  # split only while each hand holds at least this many cards (later solves are quick)
MIN_SAMPLES = 8
MIN_ENUMERATED = 1000  # or when this many hands are solved, however small (the late enumeration's worst cases)

_POOL: ProcessPoolExecutor | None = None
_WORKER_SOLVER: Solver | None = None


def _init_worker() -> None:
    global _WORKER_SOLVER
    _WORKER_SOLVER = Solver()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is for the process that started this one
    # its work is done when it exits: skip tearing down the solver's large table (a quarter to half a second)
    atexit.register(os._exit, 0)
    parent = multiprocessing.parent_process()
    if parent is not None:  # an orphan would wait for work forever: end with the parent, however it ends
        threading.Thread(target=_exit_with, args=(parent,), name="parent-watch", daemon=True).start()


def _exit_with(parent: multiprocessing.process.BaseProcess) -> None:
    from multiprocessing.connection import wait

    wait([parent.sentinel])
    os._exit(0)


def _solve_in_worker(view: DealView, hands: list[tuple[Card, ...]]) -> list[SampleResult]:
    from game.bots.hard import solve_samples

    assert _WORKER_SOLVER is not None
    return solve_samples(view, hands, _WORKER_SOLVER)


def pool() -> ProcessPoolExecutor:
    """The one worker process (started on first use)."""
    global _POOL
    if _POOL is None:
        _POOL = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=_init_worker)
        atexit.register(shutdown)
    return _POOL


def _broken() -> None:
    """The helper process died: this pool is unusable; the next ``pool()`` starts a new one."""
    global _POOL
    old, _POOL = _POOL, None
    if old is not None:
        with contextlib.suppress(Exception):  # a broken pool may refuse even its shutdown: it is dropped anyway
            old.shutdown(wait=False, cancel_futures=True)


T = TypeVar("T")


class Offloaded(Generic[T]):
    """``fn(*args)`` on the helper process. A killed helper once broke the pool for the rest of the session: every
    later split raised and the hard bot played random cards. Now its share is computed here (the same values)."""

    def __init__(self, fn: Callable[..., T], *args: object) -> None:
        self.fn, self.args = fn, args
        self.value: list[T] = []  # the result, once known
        self.future: Future[T] | None
        try:
            self.future = pool().submit(fn, *args)
        except (BrokenProcessPool, RuntimeError):  # RuntimeError: a pool shut down meanwhile
            _broken()
            self.future = None

    def done(self) -> bool:
        return bool(self.value) or self.future is None or self.future.done()

    def result(self) -> T:
        if not self.value:
            try:
                if self.future is None:
                    raise BrokenProcessPool("no helper")
                self.value.append(self.future.result())
            except BrokenProcessPool:
                _broken()
                self.value.append(self.fn(*self.args))
        return self.value[0]


S = TypeVar("S")
V = TypeVar("V")


def beside(
    samples: Sequence[S], here: Callable[[S], V | None], there: Offloaded[list[V | None]]
) -> list[tuple[V, V] | None]:
    """Two searches over a decision's samples, one ``here`` and one ``there`` (on the helper), each giving up every
    sample once it passes its nodes: each sample's (here, there), None where either gave up. None is solved here
    once either search has given up (a hard three-player вистующий's side and own margins)."""
    mine: list[V | None] = []
    for sample in samples:
        given_up = bool(mine) and mine[-1] is None
        if not given_up and there.done():  # nor is a sample worth solving once the other search gave it up
            given_up = there.result()[len(mine)] is None
        mine.append(None if given_up else here(sample))
    return [None if a is None or b is None else (a, b) for a, b in zip(mine, there.result(), strict=True)]


def helper_pids() -> list[int]:
    """The helper processes running now (none before the first split or ``pool()``)."""
    processes = getattr(_POOL, "_processes", None) or {}
    return sorted(processes)


CORES_ENV = "DEBERTS_CORES"  # "1": the hard bot and the hint solve in one process, no helper (e.g. parallel tests)


def cores() -> int:
    """The workers worth using for one hard bot on this machine: 2 when it has two cores or more, unless
    ``$DEBERTS_CORES`` allows fewer (1: no helper process; the values are the same, only later)."""
    allowed = os.environ.get(CORES_ENV, "").strip()
    limit = int(allowed) if allowed.isascii() and allowed.isdigit() and int(allowed) >= 1 else 2
    return min(limit, 2 if (os.cpu_count() or 1) >= 2 else 1)


def shutdown() -> None:
    global _POOL
    if _POOL is not None:
        _POOL.shutdown(wait=True, cancel_futures=True)
        _POOL = None


def worth_splitting(view: DealView, n: int) -> bool:
    return n >= MIN_SAMPLES and (len(view.hand) >= MIN_CARDS or n >= MIN_ENUMERATED)


def solve_split(view: DealView, hands: Sequence[tuple[Card, ...]], solver: Solver) -> list[SampleResult]:
    """``solve_samples`` over ``hands``, the first half in the worker, the rest here; results in order."""
    from game.bots.hard import solve_samples

    half = len(hands) // 2
    theirs = Offloaded(_solve_in_worker, view, list(hands[:half]))
    mine = solve_samples(view, list(hands[half:]), solver)
    return theirs.result() + mine
