"""Tiny synthesized sounds (a card on the felt, a soft chime for your turn): no audio files to ship.

The mixer starts lazily on the first sound, so start-up stays fast and a machine without audio just
plays nothing.
"""

from __future__ import annotations

import math
import random
from array import array

import pygame

_sounds: dict[str, pygame.mixer.Sound] = {}
_failed = False


def _make(kind: str, freq: int, channels: int) -> pygame.mixer.Sound:
    rng = random.Random(3)
    samples = array("h")
    if kind == "card":  # a short filtered noise burst: a card slapped on cloth
        n = int(freq * 0.07)
        last = 0.0
        for i in range(n):
            env = (1 - i / n) ** 3
            last = 0.6 * last + 0.4 * rng.uniform(-1, 1)
            samples.append(int(9000 * env * last))
    else:  # "turn": two soft sine notes
        n = int(freq * 0.18)
        for i in range(n):
            t = i / freq
            tone = 660 if i < n // 2 else 880
            env = math.sin(math.pi * (i % (n // 2)) / (n // 2))
            samples.append(int(3500 * env * math.sin(2 * math.pi * tone * t)))
    if channels > 1:
        samples = array("h", (s for s in samples for _ in range(channels)))
    return pygame.mixer.Sound(buffer=samples.tobytes())


def play(kind: str) -> None:
    """Play ``card`` or ``turn``; silently does nothing without audio."""
    global _failed
    if _failed:
        return
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(22050, -16, 1, 512)
        init = pygame.mixer.get_init()
        if init is None:
            raise pygame.error("no mixer")
        sound = _sounds.get(kind)
        if sound is None:
            sound = _sounds[kind] = _make(kind, init[0], init[2])
        sound.play()
    except (pygame.error, NotImplementedError):
        _failed = True
