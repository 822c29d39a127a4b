"""Drawable pieces of the table: cards, the hand fan, the trick, the score sheet, speech bubbles."""
