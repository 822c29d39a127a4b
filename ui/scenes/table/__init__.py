"""The card table: hands, stock, trick, score sheet, status line, dialogs, speech, summaries.

``scene`` holds ``TableScene`` (model to widgets, steps, undo, the end of a deal, input); its parts are
mixins beside it: ``layout`` (geometry), ``decisions`` (the dialog panel, prompts, the status text),
``drag`` (playing a card by hand), ``hint`` (the strong bot's advice), ``animation`` (cards in flight),
``drawing``; ``speech`` turns events into the words of the speech bubbles; ``host`` declares what the parts
share (``TableHost``, their base, for the type checker).
"""

from ui.scenes.table.hint import load_hint
from ui.scenes.table.scene import TableScene
from ui.scenes.table.speech import speech_text

__all__ = ["TableScene", "load_hint", "speech_text"]
