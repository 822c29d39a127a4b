"""Command-line numbers checked at the door (argparse types), the same for the game's commands and the lab's.

A number the door takes must be one the rest of the program keeps: a 20-digit ``--seed`` was taken, stored, and
then every autosave was refused by the record loader's own limit (issue 23). argparse turns the
``ArgumentTypeError`` into its one-line message and exit 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An integer within [low, high]."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text[:30]!r}") from None
        if not low <= value <= high:
            shown = text if len(text) <= 30 else text[:30] + "…"
            raise argparse.ArgumentTypeError(f"{shown} is not in {low}…{high}")
        return value

    return parse
