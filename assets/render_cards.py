#!/usr/bin/env python3
"""Rasterise the piquet deck (32 cards + back) from the Atlasnye SVG.

Usage (from the repository root)::

    python assets/render_cards.py

Requires ``rsvg-convert`` (Debian package ``librsvg2-bin``) at build time
only; the game itself just loads the committed PNGs.

The source ``assets/cards/source/atlasnye_ru.svg`` is one big sheet
(4706x2710 user units) in the AisleRiot card-theme layout: every card is a
top-level ``<g>`` whose id is ``<suit>_<rank>`` (``spade_10``,
``heart_queen``, ``club_1`` for the ace, ...) plus ``back``; the first child
of every such group is the card's outline ``<rect>`` (359x539, stroke 3).

``rsvg-convert --export-id`` is *not* used because librsvg computes the
ink bounding box of the group and the court cards contain artwork that
extends far outside the card (e.g. ``spade_jack`` comes out 362x1563), so
the card would be shrunk/offset.  Instead, for every card a temporary copy
of the SVG is made whose root ``viewBox`` is exactly the card's outline
(including the stroke) and whose content is clipped to the card's rounded
rectangle.  The result is a PNG with the card on a transparent background
and clean rounded corners.

A second sheet, ``assets/cards/source/atlasnye_skat.svg`` (the same art in
four colours with Latin A/K/Q/J indices), is rendered the same way into
``assets/cards/png-skat/<height>/``.

Output: ``assets/cards/png/<height>/<CODE>.png`` with CODE = rank + suit
(ranks 7 8 9 T J Q K A, suits S C D H) and ``back.png``.  Files whose
content would not change are left untouched, so the script is idempotent.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ASSETS = Path(__file__).resolve().parent
SOURCE_SVG = ASSETS / "cards" / "source" / "atlasnye_ru.svg"
OUT_DIR = ASSETS / "cards" / "png"
# every deck: (source sheet, output folder); both are the same AisleRiot layout
DECKS = (
    (SOURCE_SVG, OUT_DIR),  # «Атласные», Russian indices Т К Д В, two colours
    (ASSETS / "cards" / "source" / "atlasnye_skat.svg", ASSETS / "cards" / "png-skat"),  # A K Q J, four colours
)
HEIGHTS = (120, 180, 270)

SVG_NS = "{http://www.w3.org/2000/svg}"

RANKS = {  # our code -> AisleRiot id part
    "7": "7",
    "8": "8",
    "9": "9",
    "T": "10",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "1",
}
SUITS = {"S": "spade", "C": "club", "D": "diamond", "H": "heart"}
BACK_ID = "back"


@dataclass(frozen=True)
class CardBox:
    """Outer outline of a card (stroke included) in root user units."""

    x: float
    y: float
    w: float
    h: float
    rx: float
    ry: float


def card_ids() -> dict[str, str]:
    """Map output file stem -> SVG group id."""
    ids = {r + s: f"{SUITS[s]}_{RANKS[r]}" for s in SUITS for r in RANKS}
    ids["back"] = BACK_ID
    return ids


_TRANSLATE = re.compile(
    r"^\s*translate\(\s*([-+0-9.eE]+)(?:[\s,]+([-+0-9.eE]+))?\s*\)\s*$"
)


def _translation(transform: str | None) -> tuple[float, float]:
    if not transform:
        return 0.0, 0.0
    m = _TRANSLATE.match(transform)
    if not m:
        raise ValueError(f"unsupported transform on card group: {transform!r}")
    return float(m.group(1)), float(m.group(2) or 0.0)


def card_boxes(svg_path: Path) -> dict[str, CardBox]:
    """Find the outline rect of every top-level card group."""
    root = ET.parse(svg_path).getroot()
    boxes: dict[str, CardBox] = {}
    for group in root.findall(f"{SVG_NS}g"):
        gid = group.get("id")
        children = list(group)
        if not gid or not children or children[0].tag != f"{SVG_NS}rect":
            continue
        rect = children[0]
        if rect.get("transform"):
            raise ValueError(f"unexpected transform on outline rect of {gid}")
        tx, ty = _translation(group.get("transform"))
        sw = float(rect.get("stroke-width", "0"))
        rx = float(rect.get("rx") or rect.get("ry") or 0.0)
        ry = float(rect.get("ry") or rx)
        boxes[gid] = CardBox(
            x=float(rect.get("x", "0")) + tx - sw / 2,
            y=float(rect.get("y", "0")) + ty - sw / 2,
            w=float(rect.get("width")) + sw,
            h=float(rect.get("height")) + sw,
            rx=rx + sw / 2,
            ry=ry + sw / 2,
        )
    return boxes


_ROOT_TAG = re.compile(r"<svg\b[^>]*>", re.S)
_SIZE_ATTRS = re.compile(r'\s(?:width|height|viewBox|preserveAspectRatio)="[^"]*"')


def card_svg(source: str, box: CardBox, width: int, height: int) -> str:
    """A copy of the sheet showing only ``box``, clipped to its outline."""
    m = _ROOT_TAG.search(source)
    if not m:
        raise ValueError("no <svg> root element found")
    tag = _SIZE_ATTRS.sub("", m.group(0))
    view = f"{box.x:g} {box.y:g} {box.w:g} {box.h:g}"
    tag = tag[:-1].rstrip().rstrip("/") + (
        f' width="{width}" height="{height}" viewBox="{view}"'
        ' preserveAspectRatio="none">'
    )
    clip = (
        '<defs><clipPath id="render-cards-clip">'
        f'<rect x="{box.x:g}" y="{box.y:g}" width="{box.w:g}" height="{box.h:g}"'
        f' rx="{box.rx:g}" ry="{box.ry:g}"/></clipPath></defs>'
        '<g clip-path="url(#render-cards-clip)">'
    )
    end = source.rindex("</svg>")
    return (
        source[: m.start()] + tag + clip + source[m.end() : end] + "</g>" + source[end:]
    )


def render(rsvg: str, svg_text: str, tmpdir: Path) -> bytes:
    tmp = tmpdir / "card.svg"
    tmp.write_text(svg_text, encoding="utf-8")
    result = subprocess.run(
        [rsvg, "--format=png", str(tmp)], check=True, capture_output=True
    )
    return result.stdout


def render_deck(rsvg: str, source_svg: Path, out_root: Path, tmpdir: Path) -> tuple[int, int] | None:
    """Render one sheet into ``out_root/<height>/``; (written, unchanged), or None if cards are missing."""
    source = source_svg.read_text(encoding="utf-8")
    boxes = card_boxes(source_svg)
    wanted = card_ids()
    missing = sorted(gid for gid in wanted.values() if gid not in boxes)
    if missing:
        print(f"card groups missing from {source_svg}: {missing}", file=sys.stderr)
        return None
    written = unchanged = 0
    for height in HEIGHTS:
        out_dir = out_root / str(height)
        out_dir.mkdir(parents=True, exist_ok=True)
        for stem, gid in wanted.items():
            box = boxes[gid]
            width = round(height * box.w / box.h)
            png = render(rsvg, card_svg(source, box, width, height), tmpdir)
            out = out_dir / f"{stem}.png"
            rel = out.relative_to(ASSETS.parent)
            if out.exists() and out.read_bytes() == png:
                unchanged += 1
                print(f"unchanged {rel} ({width}x{height}, {gid})")
                continue
            out.write_bytes(png)
            written += 1
            print(f"wrote     {rel} ({width}x{height}, {gid})")
    return written, unchanged


def main() -> int:
    rsvg = shutil.which("rsvg-convert")
    if rsvg is None:
        print(
            "rsvg-convert not found (Debian/Ubuntu: apt-get install librsvg2-bin)",
            file=sys.stderr,
        )
        return 1
    written = unchanged = 0
    with tempfile.TemporaryDirectory(prefix="render_cards_") as td:
        for source_svg, out_root in DECKS:
            counts = render_deck(rsvg, source_svg, out_root, Path(td))
            if counts is None:
                return 1
            written += counts[0]
            unchanged += counts[1]
    print(f"done: {written} written, {unchanged} unchanged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
