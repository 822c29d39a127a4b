"""One deal of Деберц: the state machine (``Deal``), what a seat sees of it (``DealView``), its events, and the
dealing convention. The parts each own one stage of the deal (``core``'s docstring lists them); everything a
caller needs is importable from here."""

from game.cards import RANK_OF
from game.deal.core import Deal
from game.deal.dealing import (
    DEALER_FIRST,
    DEALER_MORE,
    FREZA,
    NON_DEALER_FIRST,
    NON_DEALER_MORE,
    VSKRYSHKA,
    Positions,
    build_deck,
    build_deck_n,
    dealing_order,
    positions,
)
from game.deal.events import (
    ANNOUNCE_ADDED,
    MINE_AFTER_TOP,
    MINE_AT_ONCE,
    Dialog,
    Event,
    EventKind,
    Phase,
    Trick,
    takes_last_trick,
)
from game.deal.view import DealView

__all__ = [
    "ANNOUNCE_ADDED",
    "DEALER_FIRST",
    "DEALER_MORE",
    "FREZA",
    "MINE_AFTER_TOP",
    "MINE_AT_ONCE",
    "NON_DEALER_FIRST",
    "NON_DEALER_MORE",
    "RANK_OF",
    "VSKRYSHKA",
    "Deal",
    "DealView",
    "Dialog",
    "Event",
    "EventKind",
    "Phase",
    "Positions",
    "Trick",
    "build_deck",
    "build_deck_n",
    "dealing_order",
    "positions",
    "takes_last_trick",
]
