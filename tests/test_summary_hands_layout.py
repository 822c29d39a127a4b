"""The open hands under a deal's summary: the layout that shows more of each card wins. At 1024×640 three hands two
a row gave bigger cards overlapped to slivers (a newcomer could not read his own hand); one a row lays them side by
side."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

from ui.widgets.cards import CardImages
from ui.widgets.summary import HANDS_GAP, hands_layout


def _shown(cards: int, h: int, hand_w: int) -> float:
    w = CardImages.size_for(h)[0]
    return min(float(w), (hand_w - w) / (cards - 1)) / w


def test_three_hands_at_1024_are_laid_one_a_row_side_by_side() -> None:
    pygame.init()
    room_h, room_w, label_w = 236, 714, 86  # the summary's room for the hands at 1024×640, three players
    per_row, h, hand_w = hands_layout(3, 9, room_h, room_w, label_w, 110)
    assert per_row == 1 and _shown(9, h, hand_w) >= 0.9  # each card whole, or nearly
    two_a_row = (room_w - HANDS_GAP) // 2 - label_w
    assert _shown(9, 88, two_a_row) < 0.5  # what two a row would show of a larger card


def test_two_hands_keep_one_a_row_with_large_cards() -> None:
    pygame.init()
    per_row, h, _ = hands_layout(2, 9, 236, 714, 110, 110)
    assert per_row == 1 and h >= 100
