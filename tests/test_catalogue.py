"""The message catalogues: every id in both languages, every plural form, every placeholder filled; every
literal key the code asks for exists; pygame_gui's locale follows the language setting."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import ast
import json
import re
import string
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_driver import Driver

from game.cards import Card, Suit, parse_cards
from game.drills import BOT_REMARKS, SITUATIONS, make_drill
from game.drills.model import Msg, msg
from game.errors import RULE_TEXT, RULES
from game.scoring import PENALTY_REASONS, PENALTY_TEXT
from game.sequences import Sequence
from ui import i18n
from ui.scenes.settings import SettingsScene
from ui.seat_words import tr_about

ROOT = Path(__file__).resolve().parent.parent
COUNTS = (1, 2, 5, 21, 22, 25, 111)


def fields(text: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


def forms(msg: i18n.Message) -> list[str]:
    return list(msg.values()) if isinstance(msg, dict) else [msg]


def file_catalogue(lang: str) -> dict[str, i18n.Message]:
    data = json.loads(i18n.catalogue_path(lang).read_text("utf-8"))
    assert isinstance(data, dict)
    return data


def arguments(names: set[str]) -> set[str]:
    """A seat named in a case is one argument in any case (``tr_about``: Russian «{who_ins}», English «{who}»)."""
    return {re.sub(r"_(gen|dat|ins)$", "", n) if n.startswith(("who_", "rest_")) else n for n in names}


def test_both_languages_have_the_same_ids_and_placeholders() -> None:
    ru, en = i18n.catalogue("ru"), i18n.catalogue("en")
    assert sorted(set(ru) - set(en)) == [], "missing in English"
    assert sorted(set(en) - set(ru)) == [], "missing in Russian"
    for key in ru:
        ru_fields = set().union(*(fields(f) for f in forms(ru[key])))
        en_fields = set().union(*(fields(f) for f in forms(en[key])))
        assert arguments(ru_fields) == arguments(en_fields), key


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_message_formats_with_sample_arguments(lang: str) -> None:
    i18n.set_language(lang)
    try:
        for key, msg in i18n.catalogue(lang).items():
            if isinstance(msg, dict):
                assert set(msg) == set(i18n.PLURAL_CATEGORIES[lang]), f"{lang} {key}: plural categories"
            names = set().union(*(fields(f) for f in forms(msg)))
            for count in COUNTS if isinstance(msg, dict) or "count" in names else (7,):
                kw: dict[str, object] = {name: f"<{name}>" for name in names}
                kw["count"] = count
                out = i18n.tr(key, **kw)
                assert out, f"{lang} {key}"
                assert "{" not in out and "}" not in out, f"{lang} {key}: {out}"
                if isinstance(msg, dict) and "count" in names:
                    assert str(count) in out, f"{lang} {key}: the count is not shown"
    finally:
        i18n.set_language("ru")


def test_russian_plural_forms() -> None:
    i18n.set_language("ru")
    got = {n: i18n.points(n) for n in (1, 2, 5, 11, 12, 21, 22, 25, 111, 0)}
    assert got == {
        1: "1 очко",
        2: "2 очка",
        5: "5 очков",
        11: "11 очков",
        12: "12 очков",
        21: "21 очко",
        22: "22 очка",
        25: "25 очков",
        111: "111 очков",
        0: "0 очков",
    }
    assert i18n.points(31, signed=True) == "+31 очко" and i18n.points(-5, signed=True) == "−5 очков"
    i18n.set_language("en")
    assert (i18n.points(1), i18n.points(21)) == ("1 point", "21 points")
    i18n.set_language("ru")


def test_person_follows_the_seat() -> None:
    i18n.set_language("ru")
    assert tr_about("sum_hanging_got", 0, 0, 2, count=56) == "Вы забираете 56 висячих очков"
    assert tr_about("sum_hanging_got", 1, 0, 2, count=21) == "Соперник забирает 21 висячее очко"
    assert tr_about("sum_bait", 1, 0, 2).endswith("всё пишет соперник")
    assert tr_about("sum_bait", 0, 0, 2).endswith("всё пишете вы")
    assert tr_about("sum_ski", 2, 0, 3) == "Лыжа: у соперника справа ни одной взятки"


def test_a_character_is_named_in_the_case_and_gender_the_sentence_needs() -> None:
    i18n.set_language("ru")
    bold, valya = {1: "bold"}, {2: "simple"}
    assert tr_about("sum_shown", 1, 0, 2, bold, cards="К♠") == "⚡ Жора Лихой показал: К♠"
    assert tr_about("sum_ski", 1, 0, 3, bold) == "Лыжа: у ⚡ Жоры Лихого слева ни одной взятки"
    assert tr_about("sum_penalty", 1, 0, 3, bold, why="x") == "Штраф ⚡ Жоре Лихому слева: x"
    assert tr_about("go_loss", 1, 0, 2, bold) == "Партия за ⚡ Жорой Лихим"
    shown = tr_about("sum_shown", 2, 0, 3, valya, cards="К♠")
    assert shown.endswith("Тётя Валя справа показала: К♠")
    bait = tr_about("sum_bait3", 2, 0, 3, {1: "bold", 2: "simple"}, pts="7 очков")
    assert "Тётя Валя справа набрала меньше, чем вы и ⚡ Жора Лихой слева вместе" in bait
    assert "её 7 очков вы с ⚡ Жорой Лихим слева делите пополам" in bait
    assert tr_about("sum_bait3", 1, 0, 3, pts="7 очков").startswith(
        "Байт: соперник слева набрал меньше, чем вы и соперник справа"
    )
    i18n.set_language("en")
    assert tr_about("sum_shown", 2, 0, 3, valya, cards="K♠") == "☕ Auntie Valya (right) showed: K♠"
    assert tr_about("sum_shown", 2, 0, 3, cards="K♠") == "The right opponent showed: K♠"
    i18n.set_language("ru")


def test_sequences_in_the_score_lines_follow_the_language() -> None:
    seq = Sequence(length=3, top=6, suit=Suit.S, cards=tuple(parse_cards("KS QS JS")))
    i18n.set_language("en")
    assert i18n.sequence_words(seq.describe()) == "terz from the king of ♠"
    i18n.set_language("ru")
    assert i18n.sequence_words(seq.describe()) == "терц от короля ♠"
    assert i18n.sequence_words("что-то") == "что-то"


def test_quotes_inside_a_quotation() -> None:
    i18n.set_language("ru")
    said = i18n.tr("practice.bot_says", text=i18n.inner_quotes("«У меня старше»? Нет"))
    assert said == "Соперник: «„У меня старше“? Нет»"


def test_engine_reasons_all_worded() -> None:
    """Every rule and penalty key the engine can give has words in both languages (also as the old pairs)."""
    assert RULE_TEXT["follow_suit"] == ("нужно ходить в масть", "you must follow suit")
    assert set(PENALTY_TEXT) == PENALTY_REASONS and "nonsense" not in RULE_TEXT
    for lang in i18n.LANGUAGES:
        cat = i18n.catalogue(lang)
        assert all(f"rule.{k}" in cat for k in RULES)
        assert all(f"penalty.{k}" in cat for k in PENALTY_REASONS)


def test_drill_cards_in_the_players_letters() -> None:
    i18n.set_language("ru")
    m = msg("drill.intro.you_lead_face_up", up=Card.parse("JS"))
    assert i18n.word(m) == "Вы ходите первым; вскрышка — В♠."
    i18n.set_index_letters("latin")
    assert i18n.word(m) == "Вы ходите первым; вскрышка — J♠."
    i18n.set_index_letters("ru")


def drill_messages(m: Msg) -> list[Msg]:
    return [m] + [x for _, a in m.args if isinstance(a, Msg) for x in drill_messages(a)]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_drill_sentence_is_worded(lang: str) -> None:
    """Every drill's intro, moments, rules, verdicts and remarks (and the situations' titles) exist in both
    languages and come out whole; the cards in them in the player's letters."""
    i18n.set_language(lang)
    cat = i18n.catalogue(lang)
    try:
        for key, sit in SITUATIONS.items():
            texts = [sit.title, sit.teaches, sit.sources]
            for variant in range(sit.kinds * 2):
                drill = make_drill(key, variant)
                texts.append(drill.intro)
                for step in drill.steps:
                    texts += [step.moment, step.rule]
                    for answer in step.answers.values():
                        texts += [answer.why] + ([answer.remark] if answer.remark else [])
            texts += list(BOT_REMARKS.values())
            for m in texts:
                assert all(x.key in cat for x in drill_messages(m)), m
                out = i18n.word(m)
                assert "{" not in out and "}" not in out and "⟦" not in out, out
                assert not any(code in out for code in ("JS", "AS", "JH", "AH", "JD", "AD", "JC", "AC")), out
    finally:
        i18n.set_language("ru")


# ---------------------------------------------------------------- literal keys in the code

_PREFIX = {"tr": ("",), "rt": ("replay.", ""), "pt": ("practice.",)}


def literal_keys() -> list[tuple[str, str, tuple[str, ...]]]:
    """(where, key, the ids any one of which must exist) for every tr/rt/pt/tr_seat call with a literal key."""
    out: list[tuple[str, str, tuple[str, ...]]] = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            arg = node.args[0]
            if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if name == "tr_seat":
                out.append((where, arg.value, (f"{arg.value}.you",)))
                out.append((where, arg.value, (f"{arg.value}.opponent",)))
            elif name == "tr_side":  # ui.seat_words: for three players the left and right opponents too
                out.extend((where, arg.value, (f"{arg.value}.{s}",)) for s in ("you", "left", "right"))
            elif name in _PREFIX:
                out.append((where, arg.value, tuple(p + arg.value for p in _PREFIX[name])))
    return out


def test_every_literal_key_in_the_code_exists() -> None:
    found = literal_keys()
    assert len(found) > 150  # the walk sees the program's calls
    for lang in i18n.LANGUAGES:
        cat = i18n.catalogue(lang)
        missing = [(where, key) for where, key, ids in found if not any(i in cat for i in ids)]
        assert missing == [], f"{lang}: {missing}"


_ENGINE_KEY = re.compile(r"^(report|export|analysis)\.[A-Za-z0-9_.]+$")
_ENGINE_CALLS = ("say", "words", "_w")  # game.words.say / words, game.services.stats.report._w


def engine_keys() -> list[tuple[str, str]]:
    """(where, key) for every catalogue key the engine's command-line words name literally: the first argument
    of say/words/_w calls in game/, and every ``report.*`` / ``export.*`` / ``analysis.*`` string (tables of
    keys included)."""
    out: list[tuple[str, str]] = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and _ENGINE_KEY.match(node.value):
                out.append((where, node.value))
            elif isinstance(node, ast.Call) and node.args:
                func = node.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                arg = node.args[0]
                if name in _ENGINE_CALLS and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    out.append((where, arg.value))
    return out


def test_every_engine_report_word_is_in_both_catalogues() -> None:
    """The score report, the export and the analysis word everything through the catalogues: each key they name
    exists in ru.json and en.json, and no ``report.*`` / ``export.*`` / ``analysis.*`` key is left unused."""
    found = engine_keys()
    used = {key for _, key in found}
    for lang in i18n.LANGUAGES:
        cat = file_catalogue(lang)
        assert [(where, key) for where, key in found if key not in cat] == [], lang
        assert sorted(k for k in cat if _ENGINE_KEY.match(k) and k not in used) == [], f"{lang}: unused"
    assert {"report.total", "report.suit.H", "report.redeal_passes3", "export.hands", "analysis.bid"} <= used


def test_engine_words_format_and_count_like_the_ui() -> None:
    """game.words.say: placeholders filled, plural forms by ``count`` with the UI's rule (one place)."""
    from game.words import plural_category, say

    assert [say("report.players", "ru", count=n) for n in (1, 3, 5, 21)] == [
        "1 игрок",
        "3 игрока",
        "5 игроков",
        "21 игрок",
    ]
    assert say("report.players", "en", count=3) == "3 players" and say("report.players", "en", count=1) == "1 player"
    assert say("report.total", "ru", scores="1 : 2") == "Итого: 1 : 2"
    assert say("no.such.key", "ru", x=1) == "no.such.key"
    ru = {n: plural_category(n, "ru") for n in (1, 2, 5, 11, 12, 21, 22, 25, 111, 0)}
    assert ru == {1: "one", 2: "few", 5: "many", 11: "many", 12: "many", 21: "one", 22: "few", 25: "many"} | {
        111: "many",
        0: "many",
    }
    assert [plural_category(n, "en") for n in (1, 2, 21)] == ["one", "other", "other"]


# ---------------------------------------------------------------- pygame_gui's own words


def gui_text(button: pygame_gui.elements.UIButton) -> str:
    assert button.drawable_shape is not None
    return str(button.drawable_shape.theming["text"])


def test_pygame_gui_locale_follows_the_language(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"language": "en"}), "utf-8")
    d = Driver(tmp_path)
    app = d.app
    assert app.manager.get_locale() == "en"
    # the language changed in the settings screen and saved by a click
    app.switch(SettingsScene(app))
    d.frames()
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    scene.fields["language"].selected_option = ("Русский", "ru")
    d.click(scene.save_btn.get_abs_rect().center)
    assert i18n.language() == "ru" and app.manager.get_locale() == "ru"
    dialog = pygame_gui.windows.UIFileDialog(pygame.Rect(0, 0, 500, 400), app.manager)
    assert gui_text(dialog.ok_button) == "ОК" and gui_text(dialog.cancel_button) == "Отмена"
    i18n.set_language("en")
    assert app.manager.get_locale() == "en" and gui_text(dialog.cancel_button) == "Cancel"
    dialog.kill()
    i18n.set_language("ru")


def test_the_glossary_names_the_dialog_words_as_the_buttons_say_them() -> None:
    """A newcomer's pass in English: the button says “Good”, the rules' glossary said only «Пишет, yours stands», so
    the button's word could not be looked up. Each glossary entry for a word of the dialog holds its button's word."""
    for lang in ("ru", "en"):
        i18n.set_language(lang)
        for button, entries in (("btn_pishet", ("glossary.pishet", "glossary.pishet3")),):
            said = i18n.tr(button).lower()
            for entry in entries:
                assert said in i18n.tr(entry).lower(), (lang, entry)
    i18n.set_language("ru")
