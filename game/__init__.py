"""Деберц rules engine: pure, deterministic, typed. Never imports pygame.

The modules directly in this package are the rules core: they never import the bots (``game.bots``), the drills
(``game.drills``) or the services over them (``game.services``) — docs/architecture.md, tests/test_layers.py.
"""

from game.actions import Action, Kind
from game.cards import Card, Rank, Suit, parse_cards
from game.deal import Deal, Phase
from game.errors import IllegalAction, RecordError
from game.match import Match
from game.rules import PRESETS, Rules

__all__ = [
    "PRESETS",
    "Action",
    "Card",
    "Deal",
    "IllegalAction",
    "Kind",
    "Match",
    "Phase",
    "Rank",
    "RecordError",
    "Rules",
    "Suit",
    "parse_cards",
]
