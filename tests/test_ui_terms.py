"""The words of the game explain themselves where they appear (issue 27): the pointer resting on «Записано»,
«Послед», a bait or penalty line of the deal's summary, the sheet's legend, «вскрышка» / «фреза» shows the
glossary's words, never over the word itself. Real pygame events through the real loop."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_ui import Driver, human_turn, play_deal_by_dragging, say_a_false_fifty

from game.actions import Kind
from game.scoring import PenaltyReason
from ui import i18n
from ui.scenes.rules import GLOSSARY
from ui.scenes.table import TableScene
from ui.widgets.summary import NOTE_TERMS, PENALTY_TERMS, ROW_TERMS

TABLE_TERMS = ("vskryshka", "freza", "bidder")  # the table's labels (ui/scenes/table/drawing.py, the seat label)
LEGEND_TERMS = ("bait", "hanging")  # the sheet's legend «Б — байт, В — висячий байт»
SHOTS = Path(os.environ.get("DEBERTS_SHOTS", "")) if os.environ.get("DEBERTS_SHOTS") else None


@pytest.fixture
def no_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tooltip's rest is tested once (``test_a_term_waits_for_a_resting_pointer``); the rest go without it."""
    monkeypatch.setattr(TableScene, "tip_delay", 0.0)


@pytest.fixture(params=i18n.LANGUAGES)
def lang(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    (tmp_path / "settings.json").write_text(json.dumps({"language": request.param}), "utf-8")
    yield request.param
    i18n.set_language("ru")


def glossary(term: str) -> str:
    return i18n.tr(f"glossary.{term}")


def hover(d: Driver, rect: pygame.Rect) -> str | None:
    """Rest the pointer on ``rect``'s middle: the tooltip drawn there (its box checked clear of the rect)."""
    d.move((rect.x + min(12, rect.w // 2), rect.centery))
    d.frames(2)
    t = d.table
    text = t.tip_text()
    if text is not None:
        assert t.tip_box is not None and not t.tip_box.colliderect(rect), "the tip covers what it explains"
        assert d.app.screen.get_rect().contains(t.tip_box)
    return text


def term_rects(d: Driver) -> dict[str, list[pygame.Rect]]:
    out: dict[str, list[pygame.Rect]] = {}
    for rect, term in d.table.painter.terms:
        out.setdefault(term, []).append(rect)
    return out


def shot(d: Driver, name: str) -> None:
    if SHOTS is not None:  # DEBERTS_SHOTS=folder: the pictures, to look at
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(d.app.screen, str(SHOTS / f"{name}-{i18n.language()}-{d.app.screen.get_width()}.png"))


def test_each_term_with_a_tooltip_is_in_the_glossary_in_both_languages() -> None:
    terms = {*TABLE_TERMS, *LEGEND_TERMS, *ROW_TERMS.values()}
    terms |= {t for words in (*NOTE_TERMS.values(), *PENALTY_TERMS.values()) for t in words}
    assert terms - set(GLOSSARY) == set()
    assert set(PENALTY_TERMS) == {str(r) for r in PenaltyReason}  # every penalty's line names its words
    try:
        for language in i18n.LANGUAGES:
            i18n.set_language(language)
            for term in GLOSSARY:
                text = glossary(term)
                assert text and not text.startswith("glossary."), (language, term)
                # the Russian word first, as the player hears it at the table (the English entry explains it)
                assert text[0] in "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЭЮЯ", (language, term, text)
    finally:
        i18n.set_language("ru")


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_summary_explains_its_words_on_hover(
    tmp_path: Path, lang: str, size: tuple[int, int], no_delay: None
) -> None:
    """A baited deal (seed 2: the human orders and makes less): «Записано», «Послед», the bidder's and the bait's
    lines, and the sheet's legend each show their glossary entry."""
    d = Driver(tmp_path, size=size, seed=2)
    try:
        d.new_game_from_menu()
        assert i18n.language() == lang
        play_deal_by_dragging(d)
        result = d.table.model.view.result
        assert result is not None and result.bait
        d.frames(2)
        rects = term_rects(d)
        assert {"written", "posled", "bidder", "bait"} <= set(rects)
        for term in ("written", "posled", "bidder", "bait"):
            for rect in rects[term]:
                assert hover(d, rect) == glossary(term), term
        hover(d, rects["written"][0])
        shot(d, "summary-written")
        hover(d, rects["bait"][0])
        shot(d, "summary-bait")
        legend = next(rect for rect, text in d.table.sheet.tips if text.startswith(glossary("bait")))
        assert hover(d, legend) == glossary("bait") + "\n" + glossary("hanging")
        shot(d, "sheet-legend")
        d.move((size[0] // 2, 4))  # off every word: no tip
        d.frames(2)
        assert d.table.tip_text() is None and d.table.tip_box is None
    finally:
        d.app.close()


@pytest.mark.parametrize("size", [(1024, 640)])  # the smallest window: the longest lines wrap
def test_a_penalty_line_explains_bait_on_cards(
    tmp_path: Path, lang: str, size: tuple[int, int], no_delay: None
) -> None:
    """Strict etiquette, a false «пятьдесят»: the card bait's line and the penalty's line («…; байт на картах»)
    show «Байт на картах — …»."""
    settings = json.loads((tmp_path / "settings.json").read_text("utf-8"))
    settings.update(etiquette="strict", first_dealer="bot")
    (tmp_path / "settings.json").write_text(json.dumps(settings), "utf-8")
    d = Driver(tmp_path, size=size, seed=1)
    try:
        d.new_game_from_menu()
        say_a_false_fifty(d)
        play_deal_by_dragging(d)
        d.frames(2)
        rects = term_rects(d)
        assert len(rects["card_bait"]) >= 2  # the card bait's line and the penalty's (each of its lines)
        for rect in rects["card_bait"]:
            assert hover(d, rect) == glossary("card_bait")
        shot(d, "summary-card-bait")
        t = d.table  # a line with two words of the game («Рост?» … байт на картах) explains both, in order
        rect = rects["card_bait"][-1]
        t.painter.terms = [(rect, "rost"), (rect, "card_bait")]
        assert t.term_hit() == (rect, glossary("rost") + "\n" + glossary("card_bait"))
    finally:
        d.app.close()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_table_labels_explain_themselves(tmp_path: Path, lang: str, size: tuple[int, int], no_delay: None) -> None:
    """«вскрышка» and «фреза» on the table (their tooltip below or above the label, not over it)."""
    d = Driver(tmp_path, size=size)
    try:
        d.new_game_from_menu()
        for _ in range(30):  # until the trump is fixed: the фреза is shown
            if d.table.model.view.bidder is not None:
                break
            if human_turn(d):
                d.click_action(lambda a: a.kind is Kind.ORDER)
        d.frames(2)
        rects = term_rects(d)
        for term in ("vskryshka", "freza"):
            assert hover(d, rects[term][0]) == glossary(term), term
        shot(d, "table-freza")
    finally:
        d.app.close()


def test_a_term_waits_for_a_resting_pointer(tmp_path: Path) -> None:
    """The usual delay: no tip while the pointer has just come; after resting it comes and stays while the
    pointer moves on the same word; moving off takes it away."""
    d = Driver(tmp_path, seed=2)
    try:
        d.new_game_from_menu()
        play_deal_by_dragging(d)
        d.frames(2)
        t = d.table
        rect = term_rects(d)["written"][0]
        d.move(rect.midleft)
        d.frames(2)
        assert t.tip_text() is None and t.tip_box is None  # not yet
        t.rest_since -= t.tip_delay + 0.05  # the pointer has rested that long (no sleep: no race with the clock)
        d.frames(2)
        assert t.tip_text() == glossary("written") and t.tip_box is not None
        d.move((rect.centerx, rect.centery + 1))  # a small move on the same word keeps it
        assert t.tip_text() == glossary("written")
        d.move((4, 4))
        assert t.tip_text() is None
    finally:
        d.app.close()
