"""Issue 26, «Школа»: from every deal summary, «почему?» on a line opens the rule that made it.

The engine names the rule of each line (``game.scoring.Why``, ``reasons``); ``ui.why.WHY_RULES`` says where the
rules page explains each; the table opens the page over the summary at that line and Esc gives the summary back.
"""

from __future__ import annotations

import contextlib
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import time
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver, finish_deal

from game.record import load, replay
from game.rules import PRESETS, Rules
from game.scoring import DealResult, Outcome, Why, reasons
from ui import i18n
from ui.controller import GameOptions
from ui.scenes.rules import HIGHLIGHT_BG, page_anchors, rule_lines, rules_html
from ui.scenes.table import Mode, TableScene
from ui.why import WHY_RULES, focus_for
from ui.widgets.summary import breakdown, notes_why

REDEALS = (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS)  # the summary draws no sheet lines for them
SAVES = Path(__file__).resolve().parent.parent / "saves"


def every_rules() -> list[Rules]:
    """Every preset's rules for two, and for three where the engine defines them; both etiquettes; the one-deal
    game with «даве» (a menu's choice, no preset's default)."""
    out = [PRESETS["one_strike"].with_options(dave=True)]
    for preset in PRESETS.values():
        for etiquette in ("guided", "strict"):
            out.append(preset.with_options(etiquette=etiquette))
            with contextlib.suppress(ValueError):  # a preset the engine does not define for three
                out.append(preset.with_options(etiquette=etiquette, players=3))
    return out


# ---------------------------------------------------------------- the key → section table


def test_every_rule_key_the_engine_has_is_in_the_table() -> None:
    assert set(WHY_RULES) == set(Why)


def test_every_key_finds_its_rule_on_every_page() -> None:
    """Whatever the rules, each key opens the page at a line it has (a preset without «даве» still explains a
    stake by the glossary); and every anchor the table names is a line of some page (no typo hides one)."""
    seen: set[str] = set()
    for rules in every_rules():
        have = page_anchors(rules)
        seen |= set(have)
        for why in Why:
            focus = focus_for(why, rules)
            assert focus, (why, rules.name, rules.players)
            assert all(a in have for a in focus)
    assert {a for anchors in WHY_RULES.values() for a in anchors} <= seen


@pytest.mark.parametrize("players", [2, 3])
def test_every_anchor_is_a_line_of_the_page_and_lights_alone(players: int) -> None:
    """Each anchor of the page (its sections' lines, the worked example, the glossary) is one line: focused, the
    page lights exactly it, on a gold band with a pointer."""
    rules = PRESETS["moscow"].with_options(players=players)
    lines = [anchor for _, _, section in rule_lines(rules) for anchor, _, _ in section]
    assert len(lines) == len(set(lines))  # one anchor, one line
    plain = rules_html(rules)
    assert HIGHLIGHT_BG not in plain and "▶" not in plain
    for anchor in page_anchors(rules):
        html = rules_html(rules, (anchor,))
        assert html.count(HIGHLIGHT_BG) == 1 and html.count("▶") == 1, anchor


def test_the_keys_open_the_sections_that_explain_them() -> None:
    moscow = PRESETS["moscow"]
    sections = page_anchors(moscow)
    assert sections[focus_for(Why.LAST_TRICK, moscow)[0]] == "Карты: старшинство и очки"
    assert focus_for(Why.LAST_TRICK, moscow) == ("rw_order_plain", "glossary.posled")
    assert sections[focus_for(Why.HANGING_BAIT, moscow)[0]] == "Байт"
    assert sections[focus_for(Why.BELLE, moscow)[0]] == "Комбинации и белла"
    assert focus_for(Why.BAIT, moscow) == ("rw_example", "glossary.bait")  # the worked example is a bait
    assert focus_for(Why.BAIT, moscow.with_options(players=3))[0] == "rw3_bait"
    assert focus_for(Why.GAVE_UP, moscow) == ("glossary.dave",)  # no «даве» in the Moscow rules
    assert focus_for(Why.GAVE_UP, PRESETS["one_strike"].with_options(dave=True))[0] == "dave"
    assert focus_for(Why.PENALTY_FALSE_ROST, moscow) == ("etiquette", "glossary.rost")


# ---------------------------------------------------------------- the engine's reasons and the summary's lines


def sample_results() -> list[tuple[str, int, DealResult]]:
    """Every finished deal of the samples (two and three players): (file, deal index, result)."""
    out = []
    for path in sorted(SAVES.glob("*.json")) + sorted((SAVES / "three").glob("*.json")):
        if path.name == "manifest.json":
            continue
        for number, deal in enumerate(replay(load(path)).deals):
            if deal.result is not None:
                out.append((path.name, number, deal.result))
    return out


def test_each_summary_line_carries_a_rule_the_engine_gives() -> None:
    """Every line of every sample's summary that has a «почему?» carries a key of ``reasons`` (the engine's word
    for the deal), and each reason but the shown cards' has a line in the summary."""
    met: set[Why] = set()
    for name, number, r in sample_results():
        given = set(reasons(r))
        for seat in range(len(r.players)):
            rows = [] if r.outcome in REDEALS else breakdown(r, seat)
            whys = [why for _, why in rows] + [why for _, why in notes_why(r, seat)]
            lines = {why for why in whys if why is not None}
            assert lines <= given, (name, number, lines - given)
            assert given - {Why.SEQUENCE_SHOWN} <= lines, (name, number, given - lines)
            met |= lines
    assert {Why.BAIT, Why.HANGING_BAIT, Why.HANGING_TAKEN, Why.BELLE, Why.LAST_TRICK, Why.MADE} <= met


def test_the_link_is_in_both_languages() -> None:
    assert i18n.tr("why_link") == "почему?"
    i18n.set_language("en")
    try:
        assert i18n.tr("why_link") == "why?" and "rules" in i18n.tr("why_tip")
    finally:
        i18n.set_language("ru")


# ---------------------------------------------------------------- at the table, with real events


def to_summary(d: Driver, seed: int = 5) -> TableScene:
    """A new game (a known deck: seed 5 — the human bids and is baited, a терц counted) played to its summary
    through the controller (the quick way; tests/test_ui.py plays deals by dragging)."""
    t = d.start_table(GameOptions(seed=seed, first_dealer="bot"))
    finish_deal(t)
    for _ in range(400):
        d.frames()
        if t.mode is Mode.SUMMARY:
            break
    d.frames(2)
    assert t.mode is Mode.SUMMARY
    return t


def highlighted_row_visible(t: TableScene) -> bool:
    """The page's first highlighted line is inside the text box's view at its scroll."""
    assert t.rules_box is not None
    text = t.rules_box.window.text_block
    assert text is not None and text.text_box_layout is not None and text.scroll_bar is not None
    band = pygame.Color(HIGHLIGHT_BG)
    rows = text.text_box_layout.layout_rows
    row = next(r for r in rows if any(getattr(c, "bg_colour", None) == band for c in r.items))
    top = text.scroll_bar.start_percentage * text.text_box_layout.layout_rect.height
    return bool(top <= row.y and row.bottom <= top + text.text_wrap_rect[3])


def state(t: TableScene) -> tuple[object, ...]:
    m = t.ctl.match
    return (t.mode, len(m.deals), m.scores, len(m.deals[-1].history), t.model.view.result, [w.why for w in t.why.links])


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_why_on_a_summary_line_opens_its_rule_and_esc_gives_the_summary_back(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    d = Driver(tmp_path, size=size, seed=5, animation_speed=0.0)
    t = to_summary(d)
    r = t.model.view.result
    assert r is not None and r.bait and any(p.last_trick for p in r.players)
    whys = [link.why for link in t.why.links]
    assert whys == [Why.CARD_POINTS, Why.LAST_TRICK, Why.SEQUENCE, Why.WRITTEN, Why.SEQUENCE_SHOWN, Why.BAIT]
    panel = t.geo.overlay_rect()
    for link in t.why.links:  # each link inside the panel, on its line, clear of the others
        assert panel.contains(link.rect) and link.line.top <= link.rect.centery <= link.line.bottom
        assert sum(link.rect.colliderect(other.rect) for other in t.why.links) == 1
    before = state(t)

    last = next(link for link in t.why.links if link.why is Why.LAST_TRICK)
    d.move(last.rect.center)  # the pointer rests on it: its tooltip says what it does
    t.rest_since -= 2
    d.frames(2)
    assert t.tip_text() == i18n.tr("why_tip")
    d.click(last.rect.center)
    assert t.rules_box is not None and t.rules_box.alive and isinstance(d.app.scene, TableScene)
    assert t.rules_focus == ("rw_order_plain", "glossary.posled")
    text = t.rules_box.window.text_block
    assert text is not None
    html = text.html_text
    assert html.count(HIGHLIGHT_BG) == 2 and "▶ Остальные масти, от старшей карты" in html
    for _ in range(3):  # pygame_gui's delayed rebuild after a resize must not scroll it back to the top
        time.sleep(0.12)
        d.frames()
    assert highlighted_row_visible(t)
    d.key(pygame.K_RETURN)  # the keys belong to the page: no next deal
    d.key(pygame.K_ESCAPE)
    assert t.rules_box is None and d.app.scene is t and state(t) == before

    bait = next(link for link in t.why.links if link.why is Why.BAIT)  # the bait's line: the worked example
    d.click(bait.rect.center)
    assert t.rules_box is not None and t.rules_focus == ("rw_example", "glossary.bait")
    d.frames(2)
    assert highlighted_row_visible(t)
    d.click(bait.rect.center)  # a click beside the page closes it too
    d.key(pygame.K_ESCAPE)
    assert t.rules_box is None and state(t) == before


def test_the_keys_choose_a_line_and_open_its_rule(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1024, 640), seed=5, animation_speed=0.0)
    t = to_summary(d)
    before = state(t)
    d.key(pygame.K_r)  # no line chosen: R opens the whole page, at its top
    assert t.rules_box is not None and not t.rules_focus
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_DOWN)
    d.key(pygame.K_DOWN)
    assert t.why.chosen == 1 and t.why.chosen_why() is Why.LAST_TRICK
    d.key(pygame.K_UP)
    d.key(pygame.K_UP)  # round to the last line: the bait
    assert t.why.chosen_why() is Why.BAIT
    d.key(pygame.K_SLASH)  # «?»
    assert t.rules_box is not None and t.rules_focus[:1] == ("rw_example",)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_UP)
    d.key(pygame.K_r)
    assert t.rules_box is not None and t.rules_focus[:1] == ("rw_seq_what",)  # the shown cards: what a sequence is
    d.key(pygame.K_ESCAPE)
    assert t.rules_box is None and state(t) == before
    t.overlay_since -= 5
    t.last_key_at -= 5
    d.key(pygame.K_RETURN)  # the summary still goes on to the next deal as before
    assert t.mode is Mode.PLAY and len(t.ctl.match.deals) == 2 and t.why.links == () and t.why.chosen is None


def test_the_schools_last_lesson_ends_over_a_summary_whose_why_opens_the_last_trick_rule(tmp_path: Path) -> None:
    """«Школа»: the last lesson («послед») ends with the deal's last card; over its summary «почему?» on the
    «Послед» line opens the rule, and Esc gives back the lesson's end as it was (the stars, «Дальше»)."""
    from game.actions import Action
    from game.school import LESSONS
    from ui.scenes.menu import MenuScene
    from ui.scenes.school import LessonScene, SchoolPathScene

    d = Driver(tmp_path, size=(1024, 640), seed=3, animation_speed=0.0)
    assert isinstance(d.app.scene, MenuScene)
    d.click(d.app.scene.button_rect("school").center)
    path = d.app.scene
    assert isinstance(path, SchoolPathScene)
    key = "last_trick"
    assert key in LESSONS
    d.click(path.rects[key].center)
    d.frames(2)
    t = d.app.scene
    assert isinstance(t, LessonScene) and t.coach.lesson.key == key
    for i, task in enumerate(t.coach.lesson.tasks):
        t = d.app.scene  # «Дальше» opens the next task's position: a new table
        assert isinstance(t, LessonScene)
        action = Action.parse(next(iter(task.right)))
        assert action.card is not None
        d.frames()
        d.drag_card_to_table(action.card)
        d.frames(2)
        assert t.coach.solved, i
        if i < len(t.coach.lesson.tasks) - 1:
            d.key(pygame.K_RETURN)
    for _ in range(400):
        d.frames()
        if t.mode is Mode.SUMMARY and t.why.links:
            break
    assert t.coach.finished and t.mode is Mode.SUMMARY and t.end_panel.visible
    before = (t.coach.stars, t.coach.index, len(t.ctl.match.deals[-1].history), t.end_panel.key)
    last = next(link for link in t.why.links if link.why is Why.LAST_TRICK)
    d.click(last.rect.center)
    assert t.rules_box is not None and "rw_order_plain" in t.rules_focus
    d.key(pygame.K_ESCAPE)
    assert d.app.scene is t and t.rules_box is None and t.mode is Mode.SUMMARY
    assert (t.coach.stars, t.coach.index, len(t.ctl.match.deals[-1].history), t.end_panel.key) == before
    assert t.end_panel.visible
