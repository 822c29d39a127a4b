"""Bot players. They see only a ``DealView`` (never the ``Deal``) and never import pygame."""

from game.bots.base import Player, levels, make_player, register_level

__all__ = ["Player", "levels", "make_player", "register_level"]
