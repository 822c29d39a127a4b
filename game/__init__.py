"""Деберц rules engine: pure, deterministic, typed. Never imports pygame."""

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
