#!/usr/bin/env python3
"""Rasterise the piquet deck (32 cards + back) of every face set from the Atlasnye SVGs.

Usage (from the repository root)::

    python assets/render_cards.py

Requires ``rsvg-convert`` (Debian package ``librsvg2-bin``) at build time
only; the game itself just loads the committed PNGs.

The sources in ``assets/cards/source/`` are three sheets of the same deck
(4706x2710 user units, the AisleRiot card-theme layout): every card is a
top-level ``<g>`` whose id is ``<suit>_<rank>`` (``spade_10``,
``heart_queen``, ``club_1`` for the ace, ...) plus ``back``; the first child
of every such group is the card's outline ``<rect>`` (359x539, stroke 3).

* ``atlasnye_ru.svg``: Russian indices Т К Д В, two colours (the base);
* ``atlasnye_latin.svg``: the same art with Latin indices A K Q J;
* ``atlasnye_skat.svg``: the skat colours (♠ green, ♦ yellow), German indices.

A face set is the index letters (``ru``/``latin``) times the suit colours
(``two``; ``four``: ♦ blue, ♣ green; ``skat``: the skat sheet's colours).
The indices are paths (no text, no font): the Latin or Russian letters are
the index paths of the other sheet, copied by card (their ``d``; the colour
stays the base sheet's).  The four colours recolour the suit symbols, the
indices and the ace of the suit in the Russian sheet; the court figures keep
their own colours.  Every edit is made on the SVG text by element id, so the
base set renders exactly as the untouched sheet.

``rsvg-convert --export-id`` is *not* used because librsvg computes the
ink bounding box of the group and the court cards contain artwork that
extends far outside the card (e.g. ``spade_jack`` comes out 362x1563), so
the card would be shrunk/offset.  Instead, for every card a temporary copy
of the SVG is made whose root ``viewBox`` is exactly the card's outline
(including the stroke) and whose content is clipped to the card's rounded
rectangle.  The result is a PNG with the card on a transparent background
and clean rounded corners.

Output: ``assets/cards/<folder>/<height>/<CODE>.png`` with CODE = rank + suit
(ranks 7 8 9 T J Q K A, suits S C D H) and ``back.png``.  ``png/`` (Russian
letters, two colours) is complete; every other folder holds only the cards
that differ from what its fallback chain (``fallback_chain``, the same rule
as ``ui.widgets.cards``) already gives, so the frozen app stays small.  Files
whose content would not change are left untouched (the script is
idempotent); files no longer needed are removed.
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
sys.path.insert(0, str(ASSETS.parent))  # the rule of which folder holds which card is the window's own
from ui.face_sets import fallback_chain  # noqa: E402

CARDS = ASSETS / "cards"
SOURCE = CARDS / "source"
SHEET_RU = SOURCE / "atlasnye_ru.svg"
SHEET_LATIN = SOURCE / "atlasnye_latin.svg"
SHEET_SKAT = SOURCE / "atlasnye_skat.svg"
HEIGHTS = (120, 180, 270)

LETTERS = ("ru", "latin")
PALETTES = ("two", "four", "skat")
# the usual four-colour convention (♠ black, ♥ red, ♦ blue, ♣ green), in the deck's own muted tones
FOUR_COLOURS = {"diamond": "#2d6bc4", "club": "#2e8b47"}

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
LETTER_RANKS = ("J", "Q", "K", "A")  # the ranks whose index is a letter
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


_TRANSLATE = re.compile(r"^\s*translate\(\s*([-+0-9.eE]+)(?:[\s,]+([-+0-9.eE]+))?\s*\)\s*$")


def _translation(transform: str | None) -> tuple[float, float]:
    if not transform:
        return 0.0, 0.0
    m = _TRANSLATE.match(transform)
    if not m:
        raise ValueError(f"unsupported transform on card group: {transform!r}")
    return float(m.group(1)), float(m.group(2) or 0.0)


def card_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("id", ""): g for g in root.findall(f"{SVG_NS}g") if g.get("id")}


def card_boxes(root: ET.Element) -> dict[str, CardBox]:
    """Find the outline rect of every top-level card group."""
    boxes: dict[str, CardBox] = {}
    for gid, group in card_groups(root).items():
        children = list(group)
        if not children or children[0].tag != f"{SVG_NS}rect":
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
            w=float(rect.get("width", "0")) + sw,
            h=float(rect.get("height", "0")) + sw,
            rx=rx + sw / 2,
            ry=ry + sw / 2,
        )
    return boxes


# ------------------------------------------------------------------ edits of a sheet, by element id

Edits = dict[str, dict[str, str]]  # element id -> attribute -> new value


def index_paths(group: ET.Element) -> list[ET.Element]:
    """A card's corner index: the group's own paths drawn in the suit colour, fill and stroke alike (0.8 wide).

    The opposite corner is a ``<use>`` of the same path turned by 180°, so editing the path edits both.
    """
    paths = [c for c in group if c.tag == f"{SVG_NS}path" and c.get("stroke-width") == ".8"]
    return [c for c in paths if c.get("fill") and c.get("fill") == c.get("stroke")]


def letter_edits(base: ET.Element, glyphs: ET.Element) -> Edits:
    """Give the letter ranks of ``base`` the index paths of ``glyphs`` (same layout, so same coordinates)."""
    edits: Edits = {}
    base_groups, glyph_groups = card_groups(base), card_groups(glyphs)
    for s in SUITS.values():
        for r in LETTER_RANKS:
            gid = f"{s}_{RANKS[r]}"
            (old,) = index_paths(base_groups[gid])
            (new,) = index_paths(glyph_groups[gid])
            edits[old.get("id", "")] = {"d": new.get("d", "")}
    return edits


def colour_edits(base: ET.Element, colours: dict[str, str]) -> Edits:
    """Recolour each suit in ``colours``: its symbols (every pip is a ``<use>`` of them), indices and ace."""
    edits: Edits = {}
    groups = card_groups(base)
    by_id = {el.get("id"): el for el in base.iter() if el.get("id")}
    for suit, new in colours.items():
        symbol = by_id[f"{suit}_symbol"]
        old = symbol.get("fill")
        for sid in (f"{suit}_symbol", f"{suit}_symbol_small"):
            edits[sid] = {"fill": new}
        for gid, group in groups.items():
            if gid.startswith(f"{suit}_"):
                for path in index_paths(group):
                    edits[path.get("id", "")] = {"fill": new, "stroke": new}
        ace = groups[f"{suit}_1"]
        outline = ace[0]
        for el in ace.iter():
            if el is outline or el is ace:
                continue
            attrs = {a: new for a in ("fill", "stroke") if el.get(a) == old}
            if attrs:
                edits.setdefault(el.get("id", ""), {}).update(attrs)
    if "" in edits:
        raise ValueError("an element to edit has no id")
    return edits


def apply_edits(source: str, edits: Edits) -> str:
    """Set attributes on the elements named by id, in the SVG text (everything else stays byte for byte)."""
    for eid, attrs in edits.items():
        m = re.search(rf'<[a-zA-Z]+\s[^>]*\bid="{re.escape(eid)}"[^>]*>', source)
        if m is None:
            raise ValueError(f"element {eid!r} not found")
        tag = m.group(0)
        for name, value in attrs.items():
            attr = re.compile(rf'(\s{name}=")[^"]*(")')
            if attr.search(tag):
                tag = attr.sub(lambda am, v=value: am.group(1) + v + am.group(2), tag, count=1)
            else:
                tag = tag[:-2] + f' {name}="{value}"/>' if tag.endswith("/>") else tag[:-1] + f' {name}="{value}">'
        source = source[: m.start()] + tag + source[m.end() :]
    return source


def face_sheet(letters: str, palette: str) -> str:
    """The SVG text of one face set: a source sheet with the letters and colours asked for."""
    base_path = SHEET_SKAT if palette == "skat" else SHEET_RU
    source = base_path.read_text(encoding="utf-8")
    base = ET.fromstring(source)
    edits: Edits = {}
    glyphs = SHEET_LATIN if letters == "latin" else SHEET_RU
    if glyphs != base_path:
        edits.update(letter_edits(base, ET.parse(glyphs).getroot()))
    if palette == "four":
        for eid, attrs in colour_edits(base, FOUR_COLOURS).items():
            edits.setdefault(eid, {}).update(attrs)
    return apply_edits(source, edits)


# ------------------------------------------------------------------ rendering

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
        f' width="{width}" height="{height}" viewBox="{view}" preserveAspectRatio="none">'
    )
    clip = (
        '<defs><clipPath id="render-cards-clip">'
        f'<rect x="{box.x:g}" y="{box.y:g}" width="{box.w:g}" height="{box.h:g}"'
        f' rx="{box.rx:g}" ry="{box.ry:g}"/></clipPath></defs>'
        '<g clip-path="url(#render-cards-clip)">'
    )
    end = source.rindex("</svg>")
    return source[: m.start()] + tag + clip + source[m.end() : end] + "</g>" + source[end:]


def render(rsvg: str, svg_text: str, tmpdir: Path) -> bytes:
    tmp = tmpdir / "card.svg"
    tmp.write_text(svg_text, encoding="utf-8")
    result = subprocess.run([rsvg, "--format=png", str(tmp)], check=True, capture_output=True)
    return result.stdout


def render_set(rsvg: str, letters: str, palette: str, tmpdir: Path) -> tuple[int, int, int]:
    """Render one face set; (written, unchanged, left to the fallback)."""
    source = face_sheet(letters, palette)
    boxes = card_boxes(ET.fromstring(source))
    wanted = card_ids()
    missing = sorted(gid for gid in wanted.values() if gid not in boxes)
    if missing:
        raise ValueError(f"card groups missing from the {letters}/{palette} sheet: {missing}")
    own, *fallbacks = fallback_chain(letters, palette)
    written = unchanged = shared = 0
    for height in HEIGHTS:
        out_dir = CARDS / own / str(height)
        out_dir.mkdir(parents=True, exist_ok=True)
        for stem, gid in wanted.items():
            box = boxes[gid]
            width = round(height * box.w / box.h)
            png = render(rsvg, card_svg(source, box, width, height), tmpdir)
            out = out_dir / f"{stem}.png"
            rel = out.relative_to(ASSETS.parent)
            inherited = next(
                (p for p in (CARDS / f / str(height) / f"{stem}.png" for f in fallbacks) if p.exists()), None
            )
            if inherited is not None and inherited.read_bytes() == png:
                shared += 1
                if out.exists():
                    out.unlink()
                    print(f"removed   {rel} (same as {inherited.relative_to(ASSETS.parent)})")
                continue
            if out.exists() and out.read_bytes() == png:
                unchanged += 1
                continue
            out.write_bytes(png)
            written += 1
            print(f"wrote     {rel} ({width}x{height}, {gid})")
        for stray in sorted(out_dir.glob("*.png")):
            if stray.stem not in wanted:
                stray.unlink()
                print(f"removed   {stray.relative_to(ASSETS.parent)} (not a card)")
    print(f"{own}: {written} written, {unchanged} unchanged, {shared} taken from {', '.join(fallbacks) or '-'}")
    return written, unchanged, shared


def face_sets() -> list[tuple[str, str]]:
    """Every (letters, palette), each after the sets of its fallback chain."""
    return [(letters, palette) for palette in PALETTES for letters in LETTERS]


def main() -> int:
    rsvg = shutil.which("rsvg-convert")
    if rsvg is None:
        print("rsvg-convert not found (Debian/Ubuntu: apt-get install librsvg2-bin)", file=sys.stderr)
        return 1
    totals = [0, 0, 0]
    with tempfile.TemporaryDirectory(prefix="render_cards_") as td:
        for letters, palette in face_sets():
            for i, n in enumerate(render_set(rsvg, letters, palette, Path(td))):
                totals[i] += n
    print(f"done: {totals[0]} written, {totals[1]} unchanged, {totals[2]} left to the fallback")
    return 0


if __name__ == "__main__":
    sys.exit(main())
