"""Who thinks for the window: the worker process (``game.services.worker.shared()``, what the game uses), or an
``InlineThinker`` that answers the same requests in this process (the headless UI tests).

``App`` owns its thinker (``App(..., thinker=...)``; by default the worker, or an ``InlineThinker`` when
``AppOptions.testing``) and hands it to what posts requests: the table's hint, the replay viewer's analysis,
the statistics screen's analysis and the controller's ``RemoteBot``s. An ``InlineThinker`` is a ``Worker``
without a process: a request is answered at the first ``Ticket.done()`` after it was posted (the next frame,
as a quick worker would), by the worker's own tasks (``game.services.worker.TASKS``), in order. The window then
blocks while it thinks, which a test does not mind; the answers are the worker's, and no process starts (the
hard bot's two-core helper neither, with ``DEBERTS_CORES=1``). A request cancelled before that frame is
skipped; one cannot be cancelled half-way (its answer is simply dropped).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from game.bots.base import Player
from game.services.worker import TASKS, Ticket, Worker, WorkerError


class _InlineContext:
    """What a worker task may use (``game.services.worker._Context``), in this process."""

    def __init__(self, thinker: InlineThinker) -> None:
        self.thinker = thinker
        self.bots: dict[int, Player] = {}
        self.tid = 0

    def progress(self, done: int, total: int) -> None:
        ticket = self.thinker._pending.get(self.tid)
        if ticket is not None:
            ticket.progress = (done, total)

    def cancelled(self) -> bool:
        return self.tid not in self.thinker._pending


class InlineThinker(Worker):
    """The worker's requests answered in this process, one frame later (see the module's note)."""

    def __init__(self) -> None:
        super().__init__()
        self._queue: deque[Ticket[Any]] = deque()
        self._ctx = _InlineContext(self)
        self.answered = 0  # requests answered here (tests)

    def submit(self, name: str, *args: Any) -> Ticket[Any]:
        ticket: Ticket[Any] = Ticket(self, next(self._ids), name, args)
        if name == "warm":  # nothing to start: no process, no helper
            ticket._finish(None, None)
            return ticket
        self._pending[ticket.tid] = ticket
        self._queue.append(ticket)
        return ticket

    def forget(self, spec: Any) -> None:
        self._ctx.bots.pop(spec.key, None)

    def pump(self) -> None:
        """Answer every request posted so far, in order (the worker's order); cancelled ones are skipped."""
        while self._queue:
            ticket = self._queue.popleft()
            if ticket.tid not in self._pending:
                continue
            self._ctx.tid = ticket.tid
            try:
                value, error = TASKS[ticket.name](self._ctx, *ticket.args), None
            except Exception as exc:
                value, error = None, exc
            self.answered += 1
            if self._pending.pop(ticket.tid, None) is not None:
                ticket._finish(value, error)

    def idle(self, seconds: float) -> None:
        """Nothing arrives by waiting: the next ``pump`` answers."""

    def cancel(self, ticket: Ticket[Any]) -> None:
        self._pending.pop(ticket.tid, None)

    def shutdown(self) -> None:
        self._queue.clear()
        pending, self._pending = self._pending, {}
        for ticket in pending.values():
            ticket._finish(None, WorkerError(f"{ticket.name}: the thinker was shut down"))
        self._ctx.bots.clear()
