"""Player names and other foreign text made safe to show: one function for every place that draws a name.

A record may hold anything in ``players``: a NUL, a lone surrogate (from a ``\\ud800`` escape), only
zero-width characters, five million characters. Fonts and terminals fail on those (pygame refuses NUL and
zero-width text, a huge string can crash the renderer, printing a surrogate raises). ``display_name``
keeps letters, digits, marks on a letter (at most two in a row) and spaces, normalised (NFC) and cut to
``NAME_MAX`` characters; what is left empty becomes the fallback.
"""

from __future__ import annotations

import os
import unicodedata

NAME_MAX = 32
_SCAN_MAX = NAME_MAX * 8  # a huge name is cut before any work on it
_DROP = {"Cc", "Cf", "Cs", "Co", "Cn"}  # controls, format (zero-width), lone surrogates, private, unassigned


def display_name(name: object, fallback: str = "") -> str:
    """``name`` as it may be shown: printable, one line, at most ``NAME_MAX`` characters; else ``fallback``."""
    if not isinstance(name, str):
        return fallback
    out: list[str] = []
    marks = 0
    for ch in name[:_SCAN_MAX]:
        cat = unicodedata.category(ch)
        if cat in _DROP:
            continue
        if cat[0] == "M":
            if not out or out[-1] == " " or marks >= 2:  # a mark with nothing to mark, or a pile of them
                continue
            marks += 1
        else:
            marks = 0
            if cat[0] == "Z":
                ch = " "
        out.append(ch)
    text = " ".join(unicodedata.normalize("NFC", "".join(out)).split())
    if len(text) > NAME_MAX:
        text = text[: NAME_MAX - 1].rstrip() + "…"
    return text or fallback


def file_label(name: str, limit: int = 200) -> str:
    """A file name or path as it may be shown: bytes that are not UTF-8 (kept by the system as surrogate
    escapes) become «�», controls are escaped — a line break too, which a name never means."""
    try:
        text = os.fsencode(name).decode("utf-8", "replace")
    except (UnicodeError, TypeError):
        text = name
    return printable(text, limit).replace("\n", "\\x0a")


def printable(text: str, limit: int = 300) -> str:
    """Any message text (a file name, an error) safe to print or draw: no controls or surrogates, bounded."""
    out = []
    for ch in text[: limit + 1]:
        cat = unicodedata.category(ch)
        if ch == "\n" or cat not in _DROP:
            out.append(ch)
        else:
            out.append(f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
    result = "".join(out)
    return result if len(text) <= limit else result[:limit] + "…"


__all__ = ["NAME_MAX", "display_name", "file_label", "printable"]
