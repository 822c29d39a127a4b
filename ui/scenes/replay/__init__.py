"""Replays: the browser of saved games and samples, and the viewer that steps through a record.

``browser`` lists the records; ``viewer`` holds ``ReplayScene`` and its parts beside it: ``action_list``,
``analysis`` (marks, rings and values), ``handover`` (to the table, export) and ``drawing``, with ``host``
declaring what they share (``ReplayHost``, their base, for the type checker); ``texts`` the words of both
screens. "Play from here" and "this deal again" hand a new record over to the table scene.
"""

from ui.scenes.replay.browser import ReplayBrowserScene, open_replay_file
from ui.scenes.replay.viewer import ReplayScene

__all__ = ["ReplayBrowserScene", "ReplayScene", "open_replay_file"]
