"""The rules page describes the game being set up — the menu's target and etiquette — in words, no option keys."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
import re
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from game.rules import PRESETS, option_fields
from ui import i18n
from ui.scenes.menu import MenuScene
from ui.scenes.rules import RulesScene, rule_sentences, rules_for, rules_html

KEYS = [f.name for f in option_fields() if "_" in f.name or f.name[-1].isdigit()]  # not plain words ("target")


def _open_rules(tmp_path: Path, settings: dict[str, object]) -> RulesScene:
    (tmp_path / "settings.json").write_text(json.dumps(settings), "utf-8")
    d = Driver(tmp_path, size=(1280, 800), seed=1)
    assert isinstance(d.app.scene, MenuScene)
    d.click(d.app.scene.button_rect("rules").center)
    assert isinstance(d.app.scene, RulesScene)
    return d.app.scene


def test_the_chosen_target_and_etiquette_not_the_presets(tmp_path: Path) -> None:
    scene = _open_rules(tmp_path, {"preset": "moscow", "target": 301, "etiquette": "strict"})
    assert scene.rules.target == 301 and scene.rules.etiquette.value == "strict"
    html = rules_html(scene.rules)
    assert "партия до 301" in html and "Партия идёт до 301 очка." in html and "501" not in html
    assert "строго, как за столом" in html
    assert "не как в московских" not in html  # the player's own choices are not "unlike Moscow"


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_in_words_without_option_keys(preset: str, lang: str) -> None:
    i18n.set_language(lang)
    try:
        for target in (301, 501, 1001):
            html = rules_html(rules_for(preset, target, "guided"))
            text = re.sub(r"<[^>]+>", " ", html)
            for key in KEYS:  # no raw option key ("round2", "belle_when", …) and no enum value with "_"
                assert not re.search(rf"\b{key}\b", text), (preset, key)
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text
            assert "rw_" not in text
    finally:
        i18n.set_language("ru")


def test_single_deal_and_house_rules_read_as_sentences(tmp_path: Path) -> None:
    i18n.set_language("ru")
    one = rules_for("one_strike", 501, "guided")
    assert one.target == 0  # a single-deal preset stays so whatever the menu's target
    lines = [s for _, section in rule_sentences(one) for _, s in section]
    assert "Партия в одну сдачу: всё решает одна сдача." in lines
    assert "Играющий, проигравший байтом, платит 2 ставки." in lines
    yellow = rules_html(rules_for("yellowclub", 501, "guided"))
    assert "с 3-го байта" in yellow.lower() and "снимает 100 очков" in yellow and "теряет 50 очков" in yellow
    assert "<b>Сдают по очереди.</b> <i>(не как в московских)</i>" in yellow
    scene = _open_rules(tmp_path, {"preset": "one_strike", "target": 1001})
    assert "одна сдача" in rules_html(scene.rules)


def test_the_target_and_penalties_agree_with_their_numbers() -> None:
    """The catalogue's plural forms: «до 501 очка», «до 300 очков»; «снимает 100 очков»; «платит 2 ставки»."""
    i18n.set_language("ru")

    def words(rules: object) -> str:
        return " ".join(text for _, rows in rule_sentences(rules) for _, text in rows)  # type: ignore[arg-type]

    assert "до 501 очка." in words(rules_for("moscow", 501, "guided"))
    assert "до 301 очка." in words(rules_for("moscow", 301, "guided"))
    assert "до 300 очков." in words(PRESETS["moscow"].with_options(target=300))
    assert "снимает 100 очков" in words(PRESETS["yellowclub"])
    assert "платит 2 ставки." in words(PRESETS["one_strike"].with_options(bidder_loss_stake=2))
    i18n.set_language("en")
    assert "played to 501 points." in words(rules_for("moscow", 501, "guided"))
    i18n.set_language("ru")


# ---------------------------------------------------------------------- three players


def test_the_rules_page_for_three_chosen_on_the_new_game_screen(tmp_path: Path) -> None:
    """«трое» chosen by real clicks: the page describes the game for three, not the two-player rules."""
    from test_ui_three import choose

    i18n.set_language("ru")
    d = Driver(tmp_path, size=(1280, 800), seed=1)
    assert isinstance(d.app.scene, MenuScene)
    choose(d, d.app.scene.fields["players"], "трое: вы и два соперника")
    assert isinstance(d.app.scene, MenuScene)
    d.click(d.app.scene.button_rect("rules").center)
    scene = d.app.scene
    assert isinstance(scene, RulesScene) and scene.rules.players == 3
    html = rules_html(scene.rules)
    assert "втроём" in html.split("<br>")[0]  # the title says it
    assert "больше, чем они оба вместе" in html  # the summary: the bidder against both вистующие
    lines = [s for _, section in rule_sentences(scene.rules) for _, s in section]
    assert "Играющий должен набрать больше, чем оба вистующих вместе." in " ".join(lines)
    assert any("делят очки играющего пополам" in s for s in lines)  # bait in halves
    assert any(s.startswith("Поровну — висячий байт") and "вистующие пополам" in s for s in lines)  # hanging
    assert any("после взятки, которую взял сам" in s for s in lines)  # the claim for three
    assert any("каждому по 3 карты дважды" in s and "фреза" in s for s in lines)  # the deal for three
    assert any("играющий против обоих вистующих" in s for s in lines)  # sequences by sides
    assert "Если и во втором круге все трое спасовали — пересдача." in lines
    assert "Первым ходит сосед сдающего слева." in lines
    text = re.sub(r"<[^>]+>", " ", html)
    assert "оба спасовали" not in text and "соперник сдающего" not in text and "всё пишет соперник" not in text
    assert "не как в московских" not in html  # playing three is the player's choice, not a house rule
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, MenuScene)


def test_a_two_player_page_stays_as_it_was() -> None:
    i18n.set_language("ru")
    two = rules_html(rules_for("moscow", 501, "guided"))
    assert "оба спасовали" in two and "всё пишет соперник" in two and "втроём" not in two


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("preset", ["moscow", "kharkov", "book", "yellowclub"])
def test_every_three_player_preset_in_words(preset: str, lang: str) -> None:
    i18n.set_language(lang)
    try:
        html = rules_html(rules_for(preset, 501, "guided", players=3))
        text = re.sub(r"<[^>]+>", " ", html)
        assert "rw_" not in text and "rw3_" not in text
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text
        assert ("both reach" not in text) if lang == "en" else ("набрали оба" not in text)
    finally:
        i18n.set_language("ru")


def test_the_rules_page_refuses_a_game_not_defined_for_three(tmp_path: Path) -> None:
    from test_ui_three import choose

    d = Driver(tmp_path, size=(1280, 800), seed=1)
    assert isinstance(d.app.scene, MenuScene)
    choose(d, d.app.scene.fields["players"], "трое: вы и два соперника")
    assert isinstance(d.app.scene, MenuScene)
    choose(d, d.app.scene.fields["preset"], "В один удар")
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    d.click(menu.button_rect("rules").center)
    assert d.app.scene is menu and menu.message is not None and menu.message.alive
