"""Where a face set's card images live and which sets a card falls back on — one rule shared by the window
(``ui.widgets.cards``) and the script that renders the images (``assets/render_cards.py``); no pygame here, so
the script can import it."""

from __future__ import annotations


def folder_name(letters: str, palette: str) -> str:
    """``png``, ``png-latin``, ``png-four``, ``png-latin-skat``, …"""
    return "png" + ("-latin" if letters == "latin" else "") + ("" if palette == "two" else f"-{palette}")


def fallback_chain(letters: str, palette: str) -> list[str]:
    """Folders searched for a card, first hit wins: the set itself, then the sets it differs from least."""
    chain: list[str] = []
    for name in (
        folder_name(letters, palette),
        folder_name("ru", palette),
        folder_name(letters, "two"),
        folder_name("ru", "two"),
    ):
        if name not in chain:
            chain.append(name)
    return chain
