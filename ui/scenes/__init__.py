"""Screens of the game: menu, table, settings, rules."""
