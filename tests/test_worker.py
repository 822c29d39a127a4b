"""The one worker process for all thinking (game/services/worker.py): the same answers as in this process, a killed
worker restarted with its requests posted again, cancellation, a clean shutdown — and the window's loop keeps
stepping, and taking input, while the bot thinks there."""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TypeVar

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.actions import Kind
from game.bots.parallel import CORES_ENV
from game.cards import shuffled_deck
from game.deal import Deal, DealView, Phase
from game.record import load
from game.rules import Rules
from game.services.hint import hint
from game.services.worker import MAX_ATTEMPTS, RemoteBot, Ticket, Worker, WorkerError, table_bot


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch) -> Iterator[Worker]:
    """A worker process of its own, with its two-core helper (``DEBERTS_CORES``: the tests run on one)."""
    monkeypatch.setenv(CORES_ENV, "2")
    w = Worker()
    yield w
    w.shutdown()


def _deal(tag: str) -> Deal:
    return Deal(Rules.preset("moscow"), 0, shuffled_deck(random.Random(f"worker:{tag}")))


def _lead(tag: str, cards: int = 7) -> DealView:
    """The first card decision of a deal (medium bots bid and declare) with at most ``cards`` in hand and a
    choice: with 7, a sampled search of a second or so (the first one, with 9, takes ten). (A deal both bots
    pass is over before any card: the next deck then.)"""
    for i in range(20):
        deal = _deal(f"{tag}:{i}")
        bots = {0: table_bot("medium", 2, 1), 1: table_bot("medium", 2, 2)}
        while (seat := deal.current_player()) is not None:
            view = deal.view(seat)
            if (
                view.phase is Phase.PLAY
                and len(view.hand) <= cards
                and sum(a.kind is Kind.PLAY for a in view.legal) > 1
            ):
                return view
            deal.apply(bots[seat].choose(view))
    raise AssertionError("no deal was played")


def _ended(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            return any(line.split() == ["State:", "Z", "(zombie)"] for line in f)
    except FileNotFoundError:
        return True


T = TypeVar("T")


def _wait(ticket: Ticket[T]) -> T:
    assert ticket.wait(120), "no answer from the worker"
    return ticket.result()


@pytest.mark.parametrize("level", ["hard", "easy"])
def test_the_worker_chooses_what_the_bot_here_chooses(worker: Worker, level: str) -> None:
    """The bot in the worker is kept between decisions, so even the easy bot (whose slips draw from one random
    stream) answers every decision of a deal as the same bot in this process does."""
    deal = _deal(level)
    here, there = table_bot(level, 2, 7), RemoteBot(level, 2, 7, worker)
    other = table_bot("medium", 2, 3)
    decisions = 0
    while not deal.is_over() and decisions < (8 if level == "hard" else 40):
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        action = here.choose(view) if seat == 0 else other.choose(view)
        if seat == 0:
            assert _wait(there.ask(view)) == action
            decisions += 1
        deal.apply(action)
    assert decisions >= 8
    assert _wait(worker.submit("pid")) != os.getpid()


def test_the_hint_from_the_worker_is_the_hint_here(worker: Worker) -> None:
    view = _lead("hint")
    here = hint(view, 5)
    there = _wait(worker.hint(view, 5))
    assert there == here and there.values


def test_an_error_in_the_worker_comes_back_as_itself(worker: Worker) -> None:
    deal = _deal("error")
    waiting = deal.view(1 - deal.current_player())  # type: ignore[operator]
    ticket = worker.hint(waiting, 0)  # nothing to do in this view: hint() refuses
    assert ticket.wait(120)
    with pytest.raises(ValueError, match="something to do"):
        ticket.result()
    assert _wait(worker.submit("pid")) != os.getpid()  # and the worker goes on


def test_a_killed_worker_is_restarted_and_the_request_posted_again(worker: Worker) -> None:
    view = _lead("kill")
    expected = table_bot("hard", 2, 9).choose(view)
    first = _wait(worker.submit("pid"))
    ticket = RemoteBot("hard", 2, 9, worker).ask(view)
    assert isinstance(first, int)
    os.kill(first, signal.SIGKILL)
    assert _wait(ticket) == expected
    assert worker.restarts == 1 and worker.pid != first


def test_a_request_that_keeps_killing_the_worker_fails_instead_of_hanging(worker: Worker) -> None:
    ticket = worker.submit("pid")
    killed: list[int] = []
    while not ticket.done():
        pid = worker.pid
        assert pid is not None
        if pid not in killed:  # each new worker dies before it can answer
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        worker.idle(0.05)
    with pytest.raises(WorkerError):
        ticket.result()
    assert len(killed) == MAX_ATTEMPTS
    assert _wait(worker.submit("pid")) not in killed  # a new request gets a new worker


def test_a_cancelled_request_is_skipped(worker: Worker) -> None:
    view = _lead("cancel")
    slow = RemoteBot("hard", 2, 1, worker).ask(view)
    slow.cancel()  # posted before the worker has even started: it never runs
    after = worker.submit("pid")
    _wait(after)
    assert not slow.done()


def test_shutdown_ends_the_worker_and_its_two_core_helper(worker: Worker) -> None:
    """After real work (the solvers' tables filled), the worker quits when told to — it is not ended by force
    after ``QUIT_WAIT_S`` — and its helper with it."""
    worker.warm_up()
    for i in range(10):  # a first card the hard bot searches for (not an announcement first)
        view = _lead(f"shutdown:{i}")
        here = table_bot("hard", 2, 2)
        here.choose(view)
        if here.last_totals:  # type: ignore[attr-defined]
            break
    assert _wait(RemoteBot("hard", 2, 2, worker).ask(view)) is not None
    helpers = _wait(worker.submit("helper_pids"))
    pid = worker.pid
    assert pid is not None and isinstance(helpers, list) and helpers
    worker.shutdown()
    assert worker.exitcode == 0
    assert worker.pid is None and _ended(pid) and all(_ended(h) for h in helpers)


def test_the_helper_ends_with_a_killed_worker(worker: Worker) -> None:
    worker.warm_up()
    helpers = _wait(worker.submit("helper_pids"))
    assert isinstance(helpers, list)
    pid = worker.pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    for h in helpers:
        for _ in range(200):
            if _ended(h):
                break
            time.sleep(0.05)
        assert _ended(h)


def test_the_loop_keeps_stepping_and_taking_input_while_the_bot_thinks(tmp_path: Path, worker: Worker) -> None:
    """The hard bot's decision is pending in the worker for many frames; the window draws and handles a
    pointer move meanwhile; then the bot's action arrives and is applied through the same loop."""
    from ui.app import App, AppOptions
    from ui.controller import GameController, GameOptions
    from ui.scenes.table import TableScene

    app = App(AppOptions(data_dir=str(tmp_path), testing=True))
    ctl = GameController.new_game(app.paths, GameOptions(seed=4), human_seats=(), bot_delay=0.0)
    assert not ctl.inline_bots
    ctl.bots = {s: RemoteBot("hard", 2, 4 + s, worker) for s in (0, 1)}
    record = Path(__file__).resolve().parent.parent / "saves" / "moscow-full-501.json"
    busy = worker.analyse(load(record))  # a whole game's analysis ahead of the bot: it waits as long as we like
    table = TableScene(app, ctl)
    app.switch(table)
    deal = ctl.match.current
    assert deal is not None
    before = len(deal.history)
    app.step()
    assert ctl.bot_thinking()
    frames = 0
    while ctl.bot_thinking() and frames < 5:
        pos = (100 + frames, 200)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        assert app.step()
        assert table.mouse == pos  # the input of this frame was handled
        frames += 1
    assert frames == 5 and ctl.bot_thinking()
    busy.cancel()  # the worker stops the analysis and turns to the bot
    deadline = time.monotonic() + 120
    while ctl.bot_thinking() and time.monotonic() < deadline:
        worker.idle(0.05)
        app.step()
    assert len(deal.history) == before + 1 and ctl.bot_errors == 0
    app.scene.leave()  # type: ignore[union-attr]
    pygame.quit()


def test_leaving_the_viewer_stops_its_analysis_in_the_worker(tmp_path: Path) -> None:
    """A whole game's analysis is stopped when the viewer is left: the worker answers the next request without
    finishing it (a finished analysis would have been cached beside the file)."""
    import shutil

    from ui_driver import Driver

    from game.services.analysis.cache import cache_path
    from game.services.worker import shared
    from ui.scenes.replay import ReplayScene

    path = tmp_path / "game.json"
    shutil.copy(Path(__file__).resolve().parent.parent / "saves" / "moscow-full-501.json", path)
    d = Driver(tmp_path / "data", shared(), size=(1280, 800), replay=str(path))
    viewer = d.app.scene
    assert isinstance(viewer, ReplayScene)
    d.click(viewer.button_rect("analyse").center)
    assert viewer.analyser.job is not None
    d.click(viewer.button_rect("back").center)
    assert not isinstance(d.app.scene, ReplayScene) and viewer.analyser.job is None
    _wait(shared().submit("pid"))  # queued behind the analysis: answered once the worker has let it go
    assert not cache_path(path).exists() and viewer.analyser.result is None


def test_the_exact_only_analysis_of_a_file(worker: Worker, tmp_path: Path) -> None:
    """``analyse(path, sampled=False)`` (the statistics screen's request): the exact values only, cached beside
    the file as the exact-only analysis; the sampled one is not made."""
    import shutil

    from game.services.analysis.cache import load_cached

    path = tmp_path / "game.json"
    shutil.copy(Path(__file__).resolve().parent.parent / "saves" / "moscow-bait.json", path)
    ticket = worker.analyse(path, sampled=False)
    assert ticket.wait(120)
    analysis = ticket.result()
    assert analysis.deals and all(d.sampled is None for da in analysis.deals for d in da.decisions)
    assert analysis.samples == ()
    record = load(path)
    assert load_cached(path, False, record) is not None and load_cached(path, True, record) is None
