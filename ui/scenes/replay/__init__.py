"""Replays: the browser of saved games and samples, and the viewer that steps through a record.

``browser`` lists the records; ``viewer`` holds ``ReplayScene``, which creates its parts beside it and wires
them: ``layout`` (``ReplayGeometry``), ``names`` (``SeatNames``; ``Position``, what the parts read of the
position), ``action_list`` (``ActionList``), ``analysis`` (``ReplayAnalysis``: marks, rings and values),
``handover`` (``TableHandover``: to the table, export) and ``drawing`` (``ReplayPainter``); ``texts`` the words
of both screens. "Play from here" and "this deal again" hand a new record over to the table scene.
"""

from ui.scenes.replay.browser import ReplayBrowserScene, open_replay_file
from ui.scenes.replay.viewer import ReplayScene

__all__ = ["ReplayBrowserScene", "ReplayScene", "open_replay_file"]
