#!/usr/bin/env python3
"""Make the app's icon from the committed card images: the jack and the nine of trumps (the two highest trumps of
Деберц) fanned on a transparent square.

    python assets/icon/make_icon.py      writes deberts.png (256 px) and deberts.ico (16-256 px, PNG-compressed)

pygame only (the game's own dependency); the .ico is written by hand: a directory of PNG images, which every
Windows since Vista reads. PyInstaller puts deberts.ico on the Windows executable (pyinstaller.spec), the window
shows deberts.png (ui/app.py). The art is the cards' (GNU LGPL 3.0 or later: assets/cards/README.md).
"""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame

HERE = Path(__file__).resolve().parent
CARDS = HERE.parent / "cards" / "png" / "270"
SIZES = (16, 24, 32, 48, 64, 128, 256)


def icon(size: int = 256) -> pygame.Surface:
    """Two cards fanned from a point below the square's centre, scaled to fill it."""
    big = 1024
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    for name, angle, dx in (("9H", 14, -150), ("JH", -10, 130)):
        card = pygame.image.load(str(CARDS / f"{name}.png")).convert_alpha()
        h = int(big * 0.80)
        card = pygame.transform.smoothscale(card, (h * card.get_width() // card.get_height(), h))
        turned = pygame.transform.rotozoom(card, angle, 1.0)
        canvas.blit(turned, turned.get_rect(center=(big // 2 + dx, big // 2 + 20)))
    box = canvas.get_bounding_rect()
    side = max(box.width, box.height)
    square = pygame.Surface((side, side), pygame.SRCALPHA)
    square.blit(canvas, ((side - box.width) // 2 - box.x, (side - box.height) // 2 - box.y))
    return pygame.transform.smoothscale(square, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    out = io.BytesIO()
    pygame.image.save(surface, out, "icon.png")
    return out.getvalue()


def ico_bytes(images: list[tuple[int, bytes]]) -> bytes:
    """An ICO file of PNG images: header, one 16-byte entry per image, then the images."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = len(head) + 16 * len(images)
    entries, data = b"", b""
    for size, png in images:
        side = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return head + entries + data


def main() -> None:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    big = icon(256)
    pygame.image.save(big, str(HERE / "deberts.png"))
    (HERE / "deberts.ico").write_bytes(
        ico_bytes([(s, png_bytes(icon(s) if s < 64 else pygame.transform.smoothscale(big, (s, s)))) for s in SIZES])
    )
    pygame.quit()


if __name__ == "__main__":
    main()
