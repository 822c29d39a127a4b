"""«Почему?» on the deal's summary: each line a rule made carries the engine's rule key (``game.scoring.Why``);
this table says where the rules page explains it — the anchors of its lines (``ui.scenes.rules.rule_lines``, or
``glossary.<term>``). Those the page for the game's rules has are highlighted; the page opens scrolled to the
first of them on the page. A line a preset lacks (no «даве» in the Moscow rules) falls back to the glossary, which
every page has (tests/test_why.py: every key finds a line on every preset's page, for two and three).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.rules import Rules
from game.scoring import Why
from ui.dialogs import laid_out, scroll_text_to

WHY_RULES: dict[Why, tuple[str, ...]] = {
    Why.CARD_POINTS: ("rw_order_trump", "rw_order_plain"),
    Why.LAST_TRICK: ("rw_order_plain", "glossary.posled"),
    Why.SEQUENCE: ("rw_seq_what", "rw3_sides", "equal_sequences", "sequences_need_trick"),
    Why.SEQUENCE_SHOWN: ("rw_seq_what",),
    Why.BELLE: ("belle_when", "belle_protection", "glossary.belle"),
    Why.WRITTEN: ("glossary.written",),
    Why.MADE: ("rw3_bait", "rw_example", "glossary.bait"),
    Why.BAIT: ("rw3_bait", "rw_example", "glossary.bait"),
    Why.ODD_POINT: ("rw3_bait", "glossary.bait"),  # only three have it; the glossary for a two-player page
    Why.HANGING_BAIT: ("hanging", "glossary.hanging"),
    Why.HANGING_TAKEN: ("hanging", "glossary.hanging"),
    Why.CARD_BAIT: ("etiquette", "glossary.card_bait"),
    Why.PENALTY_FALSE_ANNOUNCEMENT: ("etiquette", "glossary.card_bait"),
    Why.PENALTY_FALSE_ROST: ("etiquette", "glossary.rost"),
    Why.PENALTY_ROST_CERTAINLY_HIGHER: ("etiquette", "glossary.certainly"),
    Why.PENALTY_FALSE_MINE: ("etiquette", "glossary.mine"),
    Why.PENALTY_FALSE_ANSWER: ("etiquette", "glossary.passes"),
    Why.PENALTY_FALSE_CLAIM: ("claim_required", "glossary.claim"),
    Why.SKI: ("ski_penalty", "glossary.ski"),
    Why.BAIT_PENALTY: ("bait_penalty_from", "glossary.bait"),
    Why.CLAIM: ("claim_required", "glossary.claim"),
    Why.CLAIM_PENALTY: ("etiquette", "claim_required"),
    Why.OFFER: ("offer_fifty", "glossary.offer"),
    Why.GAVE_UP: ("dave", "glossary.dave"),
    Why.STAKE: ("dave", "bidder_loss_stake", "glossary.dave"),
    Why.REDEAL_PASSES: ("round2",),
    Why.REDEAL_SEVENS: ("four_sevens_redeal", "glossary.four_sevens"),
}


def focus_for(why: Why, rules: Rules) -> tuple[str, ...]:
    """The anchors of ``why``'s lines that the page for ``rules`` has, in the page's order (the first is where
    the page opens)."""
    from ui.scenes.rules import page_anchors

    wanted = WHY_RULES[why]
    return tuple(a for a in page_anchors(rules) if a in wanted)


def scroll_to_highlight(text: pygame_gui.elements.UITextBox, title_text: str | None = None) -> int | None:
    """Scroll ``text`` (a page from ``rules_html`` with a focus) so the first highlighted line shows, its
    section's title above it when both fit. Returns the highlighted line's top in the laid-out text, or None
    when nothing is highlighted."""
    from ui.scenes.rules import HIGHLIGHT_BG

    laid_out(text)  # before the scroll: a rebuild still due would undo it
    layout = text.text_box_layout
    if layout is None:
        return None
    band = pygame.Color(HIGHLIGHT_BG)
    top: int | None = None
    title_top: int | None = None
    for row in layout.layout_rows:
        words = "".join(getattr(chunk, "text", "") for chunk in row.items).strip()
        if title_text is not None and words == title_text.strip():
            title_top = row.y
        if any(getattr(chunk, "bg_colour", None) == band for chunk in row.items):
            top = row.y
            break
    if top is None:
        return None
    view_h = text.text_wrap_rect[3] if text.text_wrap_rect is not None else text.rect.h
    margin = round(view_h * 0.12)
    start = title_top if title_top is not None and top - title_top < view_h * 0.6 else top - margin
    start = max(0, start - 6)
    full = layout.layout_rect.height
    if full > 0:
        scroll_text_to(text, start / full)
    return top
