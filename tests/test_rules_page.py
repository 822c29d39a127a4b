"""The rules page describes the game being set up — the menu's target and etiquette — in words, no option keys."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
import re
from pathlib import Path

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
