"""The card table: hands, stock, trick, score sheet, status line, dialogs, speech, summaries.

``scene`` holds ``TableScene``, which creates the parts beside it and wires them: ``layout``
(``TableGeometry``, a value), ``decisions`` (``DecisionPanel`` and ``TableWords``: the dialog panel, the
questions in the air, the prompts and the status text), ``drag`` (``CardDrag``: playing a card by hand),
``hint`` (``HintAdvisor``: the strong bot's advice), ``animation`` (``CardFlights``: cards in flight),
``status`` (``StatusLine``: the status line's message), ``mode`` (``Mode``: the deal in play or its end over
the table), ``coach`` (``TableCoach``: where a teacher adds to the table) and ``drawing``
(``TablePainter``); ``speech`` turns events into the words of the speech bubbles, ``story`` into the move log's
lines.
"""

from ui.scenes.table.hint import load_hint
from ui.scenes.table.mode import Mode
from ui.scenes.table.scene import TableScene
from ui.scenes.table.speech import speech_text

__all__ = ["Mode", "TableScene", "load_hint", "speech_text"]
