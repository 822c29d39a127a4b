"""Parts that say when their picture changes, so a scene that waits draws nothing (``Scene.redraw_token``).

A part that draws (a widget, the status line, the hint's chips) or holds what is drawn (the dialog's question)
has ``redraw_token()``: a value that differs whenever its picture does. A scene combines the tokens of all its
parts with ``parts_token``, which finds them among the scene's attributes: a new part is in the token the moment
it is held, no list to keep in step (the table's hand-kept list once missed the dialog: it stayed unseen until
the mouse moved). ``tests/test_table_parts.py`` checks that every part of the table that draws is one.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class Redrawn(Protocol):
    def redraw_token(self) -> object:
        """A value that changes whenever this part's picture does (animations aside: they ask for frames)."""
        ...


def parts_token(owner: object) -> tuple[object, ...]:
    """The tokens of the parts ``owner`` holds (its attributes that are ``Redrawn``), in the order it made them."""
    return tuple(part.redraw_token() for part in vars(owner).values() if isinstance(part, Redrawn))
