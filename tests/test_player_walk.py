"""What a new player met walking through every screen (issue 12's review): each test holds one fix.

Real pygame events through the app's loop (SDL dummy drivers); no assertion on durations.
"""

from __future__ import annotations

import os

import ui.fonts

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path

import pygame
import pytest
from ui_driver import Driver as BaseDriver
from ui_driver import choose

from ui.controller import GameOptions
from ui.fonts import STATUS_BG
from ui.scenes.table import TableScene


class Driver(BaseDriver):
    def __init__(self, data_dir: Path, size: tuple[int, int] = (1280, 800)) -> None:
        super().__init__(data_dir, size=size)

    def start(self, seed: int = 5, etiquette: str = "guided", preset: str = "moscow") -> TableScene:
        """A game where the human (seat 0) speaks first."""
        opts = GameOptions(seed=seed, first_dealer="bot", etiquette=etiquette, bot_level="medium", preset=preset)
        return self.start_table(opts, frames=3)


def test_a_dialog_that_comes_without_input_is_drawn(tmp_path: Path) -> None:
    """The bidding dialog waits for the deal's cards to land, and then comes with no input at all: the idle
    loop must draw it (seen under X: the dialog stayed unseen until the mouse moved)."""
    d = Driver(tmp_path)
    t = d.start()
    assert t.decisions.panel.visible
    t.settling = lambda now: True  # type: ignore[method-assign]  # as while the deal's cards still fly
    d.move((8, 8))  # an input frame draws the table without the dialog
    d.frames(3)
    assert not t.decisions.panel.visible
    del t.settling  # the cards have landed: the dialog comes on an idle frame, with no input
    drawn = d.count_draws()
    d.frames()
    assert t.decisions.panel.visible and drawn, "the dialog came but no frame drew it"
    assert d.app.screen.get_at(t.decisions.panel.rect.center)[:3] != d.app.screen.get_at((8, 8))[:3]


def test_the_status_line_is_never_written_under_the_claim_button(tmp_path: Path) -> None:
    """Strict play keeps «Партия! (P)» at the status line's right end; a long line (the hint's sentence, «до хода
    можно: …») is fitted or wrapped beside it, not cut off underneath."""
    d = Driver(tmp_path)
    t = d.start(etiquette="strict")
    button = t.claim_button
    assert button is not None and button.visible
    t.flash("Подсказка: " + "очень длинное объяснение хода, " * 12, seconds=60)
    surface = pygame.Surface(d.app.screen.get_size())
    t.draw(surface)  # the scene alone: pygame_gui draws the button on top afterwards
    r = button.get_abs_rect()
    under = pygame.Rect(int(r.x), int(r.y), int(r.w), int(r.h)).clip(t.geo.status_rect.inflate(0, -4))
    colours = {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(under.left, under.right)
        for y in range(under.top, under.bottom)
    }
    assert colours == {STATUS_BG}, "text drawn under the claim button"
    left = pygame.Rect(t.geo.status_rect.x, under.y, under.x - t.geo.status_rect.x, under.h)
    assert any(tuple(surface.get_at((x, left.centery)))[:3] != STATUS_BG for x in range(left.x, left.right))


def test_a_number_is_never_left_at_a_line_end() -> None:
    """Seen in the move log: «— взятка соперника, 13» / «очков». The wrap keeps a number with its word."""
    from ui.fonts import font, wrap

    text = "— взятка соперника, 13 очков"
    width = font(13).size("— взятка соперника, 13")[0] + 2  # room for the number but not for its word
    lines = wrap(text, 13, width)
    assert lines == ["— взятка соперника,", "13 очков"]
    assert wrap("счёт +20 −5 и 2,5 %", 13, 10_000) == ["счёт +20 −5 и 2,5 %"]  # nothing changes when it fits


def test_the_shown_banner_names_one_sequence_and_the_summary_rows_start_with_a_capital() -> None:
    """«Вы показываете терц» (not «комбинации» for one терц); several sequences stay «комбинации». The deal
    summary's sequence row reads «Терц от туза ♦» among «Карты», «Послед»."""
    from game import Match, Rules
    from game.cards import Card
    from ui import i18n
    from ui.scenes.table.scene import shown_title
    from ui.widgets.summary import breakdown_rows

    i18n.set_language("ru")
    view = Match(Rules.preset("moscow"), first_dealer=1).start_deal(list(Card)).view(0)
    terz = (Card.parse("AD"), Card.parse("KD"), Card.parse("QD"))
    assert shown_title(terz, True, view) == "Вы показываете терц"
    fifty = (Card.parse("AD"), Card.parse("KD"), Card.parse("QD"), Card.parse("JD"))
    assert shown_title(fifty, False, view) == "Соперник показывает пятьдесят"
    two = terz + (Card.parse("9S"), Card.parse("8S"), Card.parse("7S"))
    assert shown_title(two, True, view) == "Вы показываете комбинации"
    i18n.set_language("en")
    assert shown_title(terz, False, view) == "The opponent shows a terz"
    i18n.set_language("ru")

    class Player:
        cards, last_trick, belle, total, written = 31, 0, 0, 51, 51
        sequences: tuple[tuple[str, int], ...] = (("терц от туза ♦", 20),)

    class Other(Player):
        sequences: tuple[tuple[str, int], ...] = ()

    class Result:
        players = (Player(), Other())

    rows = breakdown_rows(Result(), 0)  # type: ignore[arg-type]
    assert ("Терц от туза ♦", "20", "—") in rows  # a player's report: «+20» and blank cells beside belle's «20» and «—»


def test_a_single_deal_preset_shows_one_deal_and_keeps_the_chosen_target(tmp_path: Path) -> None:
    """«В один удар» is one deal: «Партия до» says «одна сдача» (greyed) instead of a target it ignores; back on
    «Московские» the target chosen before returns."""
    from ui.scenes.menu import MenuScene

    d = Driver(tmp_path)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    choose(d, menu.fields["target"], "301")
    choose(d, menu.fields["preset"], "В один удар")
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    assert menu.fields["target"].selected_option[0] == "одна сдача"
    assert not menu.fields["target"].is_enabled
    assert d.app.settings.target == 301
    choose(d, menu.fields["preset"], "Московские (официальные)")
    assert menu.fields["target"].selected_option[0] == "301" and menu.fields["target"].is_enabled
    choose(d, menu.fields["target"], "одна сдача")  # a one-deal game by choice stays a choice
    choose(d, menu.fields["preset"], "Клубные")
    menu.resize()  # as when the menu is built again (back from the settings, another window size)
    assert menu.fields["target"].selected_option[0] == "одна сдача" and menu.fields["target"].is_enabled


def test_dave_is_offered_only_for_a_one_deal_game(tmp_path: Path) -> None:
    """«Даве» raises the stake of the one-deal game: on the new-game screen its row is greyed while the game set up
    is played to a target, and open for «В один удар» or «одна сдача»."""
    from ui.scenes.menu import MenuScene

    d = Driver(tmp_path)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    assert menu.fields["target"].selected_option[0] == "501"  # the default: a game to a target
    assert not menu.fields["dave"].is_enabled
    choose(d, menu.fields["target"], "одна сдача")
    assert menu.fields["dave"].is_enabled
    choose(d, menu.fields["target"], "301")
    assert not menu.fields["dave"].is_enabled
    choose(d, menu.fields["preset"], "В один удар")
    menu = d.app.scene
    assert isinstance(menu, MenuScene) and menu.fields["dave"].is_enabled


def test_the_keyboard_cursor_passes_over_greyed_cards(tmp_path: Path) -> None:
    """Seen: the turn began with the cursor on a greyed 7♦ while clubs had to be followed; Enter only said
    «нельзя». The cursor moves to the nearest card that may be played, and ←/→ pass over the greyed ones."""
    from game.cards import Card
    from ui.widgets.hand import HandWidget

    d = Driver(tmp_path)
    hand = HandWidget(d.app.images)
    cards = [Card.parse(c) for c in ("7D", "9C", "9H", "8H", "KC", "7S")]
    hand.set_cards(cards, None, None)
    hand.focus_visible = True
    hand.selected = hand.cards.index(Card.parse("9H"))
    clubs = {Card.parse("9C"), Card.parse("KC")}
    hand.set_cards(cards, None, clubs)  # the opponent led a club
    assert hand.selected_card() in clubs
    seen = set()
    for _ in range(4):
        hand.select_step(1)
        seen.add(hand.selected_card())
    assert seen == clubs
    hand.set_cards(cards, None, None)  # nothing to play now (bidding): every card again
    hand.select_step(1)
    hand.select_step(1)
    assert len({hand.selected_card()} | seen) == 3


def test_a_dash_keeps_its_neighbours() -> None:
    """Seen in the analysis panel: «…, Бот —» / «20». A dash stays with the words on both sides."""
    from ui.fonts import font, wrap

    text = "Потеряно в сдаче: Игрок — 0, Бот — 20"
    width = font(15).size("Потеряно в сдаче: Игрок — 0, Бот —")[0] + 2
    assert wrap(text, 15, width) == ["Потеряно в сдаче: Игрок — 0,", "Бот — 20"]


def test_a_line_may_break_after_a_dash_never_before_it() -> None:
    """Seen in the school's coach at 1024×640: «Три карты одной масти» / «подряд — терц, 20 очков» left half a
    line empty, the dash holding the words on both sides. A dash stays with the word before it; the line may
    break after it (a number after it stays: «— 20»)."""
    from ui.fonts import font, wrap

    text = "Три карты одной масти подряд — терц, 20 очков"
    width = font(13).size("Три карты одной масти подряд —")[0] + 2
    assert wrap(text, 13, width) == ["Три карты одной масти подряд —", "терц, 20 очков"]
    assert not any(line.startswith("—") for line in wrap("раз два три — четыре", 13, font(13).size("раз два три")[0]))


def test_the_analysis_names_the_better_bid_in_words() -> None:
    """Seen: «оценка торговли: лучше pass (≈−52)» in the Russian UI. The bid is named as the player says it."""
    from ui import i18n
    from ui.scenes.replay.analysis import bid_words

    i18n.set_language("ru")
    assert [bid_words(b) for b in ("pass", "order", "name:H")] == ["«пас»", "«играю»", "♥ черви"]
    note = i18n.tr("replay.bid_note", best=bid_words("pass"), bid=bid_words("name:D"), loss=i18n.points(52))
    assert note == "оценка торговли: «пас» лучше, чем ♦ бубны, на ≈52 очка"  # what was bid, and the points
    i18n.set_language("en")
    assert bid_words("pass") == "“pass”"  # English quotes as English does
    i18n.set_language("ru")


def test_the_replay_names_its_numbers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in the replay viewer: «Игрок · играющий · 2 / 15» (a bare fraction) and «-96.8» beside «−52».
    The seat's label says «взяток: 2 · очков: 15»; a card's value has a true minus and a decimal comma."""
    from game.record import load
    from ui.scenes.replay import ReplayScene, drawing
    from ui.scenes.replay.analysis import _fmt

    assert [_fmt(v) for v in (2.0, -96.8, -40.0, 0.01)] == ["+2", "−96,8", "−40", "+0"]
    d = Driver(tmp_path)
    record = load(Path(__file__).resolve().parents[1] / "saves" / "moscow-hanging.json")
    scene = ReplayScene(d.app, record, pos=8)
    d.app.switch(scene)
    d.frames(2)
    said: list[str] = []
    real_font = ui.fonts.font  # what the drawing imports

    def spy(size: int, bold: bool = False) -> pygame.font.Font:
        f = real_font(size, bold)

        class Spy:
            def render(self, text: str, *args: object) -> pygame.Surface:
                said.append(text)
                return f.render(text, *args)  # type: ignore[arg-type]

            def __getattr__(self, name: str) -> object:
                return getattr(f, name)

        return Spy()  # type: ignore[return-value]

    monkeypatch.setattr(drawing, "font", spy)
    scene.painter.labels(d.app.screen, scene.deal, scene.geo, scene.names)
    assert any("взяток: " in s and " · очков: " in s for s in said), said
    assert not any(" / " in s for s in said)


def test_the_game_over_subtitle_reads_as_two_statements() -> None:
    """Seen: «Не в этот раз — соперник был сильнее. Реванш?  ·  выигрыш заявлен» and «Вы выиграли партию ·
    партия в одну сдачу». How the game ended comes first, with a capital; the win says «Поздравляем!»."""
    from game.game_facts import game_facts
    from game.record import load
    from ui import i18n
    from ui.widgets.game_over import headline, subtitle

    i18n.set_language("ru")
    facts = game_facts(load(Path(__file__).resolve().parents[1] / "saves" / "moscow-full-501.json"))
    assert facts.reason == "claim"
    _, line = headline(facts, 1)
    text = subtitle(line, i18n.tr("go_reason_claim"))
    assert text.startswith("Выигрыш заявлен  ·  ") and text.endswith("Реванш?")
    assert headline(facts, 0)[1] == "Поздравляем!"
    assert subtitle("Поздравляем!", "") == "Поздравляем!"


def test_the_english_catalogue_keeps_cyrillic_only_in_the_glossary() -> None:
    """Issue 22: English kept Cyrillic («Opponent: Пишет (yours stands)», «Рост?», «Даве (one deal)»). The game's
    terms have their English words (How high?, Good, Game!, Double); the Russian ones are named only in the
    glossary (``glossary.*``, shown on the rules page) and in the names of the Russian card letters."""
    import json
    import re

    from ui.scenes.rules import GLOSSARY

    en = json.loads((Path(__file__).resolve().parents[1] / "assets" / "locale" / "en.json").read_text("utf-8"))
    assert en["btn_terz"] == "Terz" and en["btn_rost"] == "How high?" and en["btn_pishet"] == "Good"

    def texts(v: object) -> list[str]:
        return [t for x in v.values() for t in texts(x)] if isinstance(v, dict) else [str(v)]

    allowed = {"letters_ru", "deck_atlasnye", "ab_cards"}  # «Т К Д В», «Атласные»: names, shown as they are
    cyrillic = [k for k, v in en.items() if any(re.search("[А-Яа-яЁё]", t) for t in texts(v))]
    assert [k for k in cyrillic if k not in allowed and not k.startswith("glossary.")] == []
    glossary = {k for k in en if k.startswith("glossary.")}
    three = {k for k in glossary if k.endswith("3")}  # a term's words at a table of three («байт»: in halves)
    assert {f"glossary.{term}" for term in GLOSSARY} == glossary - three
    assert {k.removesuffix("3") for k in three} <= glossary
    # the Russian term leads its entry; the explanation is English but for the words it quotes (“играю”)
    explained = {k: re.sub("“[^”]*”", "", en[k].split(" — ", 1)[1]) for k in glossary}
    assert [k for k, words in explained.items() if re.search("[А-Яа-яЁё]", words)] == []  # not «both вистующие»


def test_a_suit_sign_keeps_its_neighbours() -> None:
    """Seen in the coach: «…терц от валета» / «♠ — объявляете…». A suit sign stays on its words' line."""
    import pygame

    from ui.fonts import font, wrap

    pygame.font.init()
    text = "Верно: у вас козырный терц от валета ♠ — объявляете только класс"
    width = font(15).size("Верно: у вас козырный терц от валета")[0] + 2
    lines = wrap(text, 15, width)
    assert lines[1].startswith("от валета ♠ —") and not any(line.startswith(("♠", "—")) for line in lines)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_bots_remark_in_practice_leaves_its_name_readable(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen: after a false «Пятьдесят» the bot's remark «Такой комбинации у вас нет — …» covered «Соперник ·
    сдающий · играющий». The remark hangs under the name."""
    from game.actions import Action, Kind
    from game.drills import make_drill
    from ui.scenes.practice import REMARK, PracticeScene

    d = Driver(tmp_path, size=size)
    scene = PracticeScene(d.app, make_drill("announce_terz", 1))
    d.app.switch(scene)
    d.frames(3)
    wrong = Action(Kind.ANNOUNCE, value=4)  # «Пятьдесят» without a fifty: bait on cards, and the bot's remark
    d.click(scene.decisions.panel.button_rects()[wrong].center)
    d.frames(3)
    assert scene.speech.text_of(REMARK)
    remark = scene.speech.rect_of(REMARK, d.app.screen.get_width(), 1 - scene.seat)
    name = scene.painter.label_rects[1 - scene.seat]
    assert remark is not None and not remark.colliderect(name), (remark, name)
    assert remark.bottom < scene.geo.hand_area.y  # and it stays above the player's cards


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_players_bubble_leaves_its_name_readable(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen in practice: «У меня старше» covered «Вы · сдающий · играющий». The bubble starts right of the
    longest name the seat can have."""
    from game.actions import Action, Kind
    from game.drills import make_drill
    from ui.scenes.practice import PracticeScene

    d = Driver(tmp_path, size=size)
    scene = PracticeScene(d.app, make_drill("certainly_higher", 0))
    d.app.switch(scene)
    d.frames(3)
    d.click(scene.decisions.panel.button_rects()[Action(Kind.MINE)].center)
    d.frames(3)
    view = scene.model.view
    assert view.dealer == scene.seat and view.bidder == scene.seat  # the longest name: «Вы · сдающий · играющий»
    bubble = scene.speech.rect_of(scene.seat, d.app.screen.get_width(), 1 - scene.seat)
    assert bubble is not None and not bubble.colliderect(scene.painter.label_rects[scene.seat]), bubble


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1600, 900)])
def test_the_about_button_keeps_clear_of_the_menu(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen at 1024×640: «Об игре» sat right under «Выход», nearly touching it."""
    from ui.scenes.menu import MenuScene

    d = Driver(tmp_path, size=size)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    about = menu.button("about").get_abs_rect()
    assert d.app.screen.get_rect().contains(about)
    for key in ("new", "continue", "rules", "settings", "replays", "quit", "practice"):
        assert not about.colliderect(menu.button(key).get_abs_rect().inflate(16, 16)), key
    # three players: a taller form, and «Об игре» stays where it was (it jumped to the top at 1280×800)
    choose(d, menu.fields["players"], "трое: вы и два соперника")
    menu = d.app.scene
    assert isinstance(menu, MenuScene) and menu.choice("players") == "3"
    three = menu.button("about").get_abs_rect()
    assert three == about
    for key in ("new", "continue", "rules", "settings", "replays", "quit", "practice"):
        assert not three.colliderect(menu.button(key).get_abs_rect().inflate(16, 16)), key


def test_the_cards_shown_together_stay_together() -> None:
    """Seen in the move log: «Соперник показал: Т♠ К♠» / «Д♠». The shown cards stay on one line."""
    from ui.fonts import font, wrap

    width = font(13).size("Соперник показал: Т♠ К♠")[0] + 2
    assert wrap("Соперник показал: Т♠ К♠ Д♠", 13, width) == ["Соперник показал:", "Т♠ К♠ Д♠"]


def test_the_hint_chips_write_numbers_as_the_sentence_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen: chips «+36.4», «+0.8» on the cards under a sentence saying «на 2,4 очка». A decimal comma and a true
    minus in Russian."""
    from ui.scenes.table import hint

    Driver(tmp_path)  # pygame and its fonts
    said: list[str] = []
    real = ui.fonts.font  # what the hint imports

    def spy(size: int, bold: bool = False) -> object:
        f = real(size, bold)

        class Spy:
            def size(self, text: str) -> tuple[int, int]:
                return f.size(text)

            def render(self, text: str, *args: object) -> pygame.Surface:
                said.append(text)
                return f.render(text, *args)  # type: ignore[arg-type]

        return Spy()

    monkeypatch.setattr(hint, "font", spy)
    hint.chip_text(36.42, 200, (0, 0, 0))
    hint.chip_text(-2.0, 200, (0, 0, 0))
    assert said == ["+36,4", "−2,0"]


def test_a_card_during_the_bidding_is_refused_in_one_sentence() -> None:
    """Seen: «Нельзя: в первом круге: играю или пас» (two colons, the words unquoted)."""
    from ui import i18n

    i18n.set_language("ru")
    text = i18n.tr("illegal", why=i18n.rule_text("round1_bid"))
    assert text == "Нельзя: идёт торговля — в первом круге говорят «играю» или «пас»"
    assert text.count(":") == 1


def test_the_replay_list_says_one_deal_for_a_one_deal_game() -> None:
    """Seen: a Moscow game of one deal listed as plain «Московские», like a game to no target at all."""
    from game.record import head_of, load
    from ui import i18n
    from ui.replays import RecordEntry
    from ui.scenes.replay.preview import rules_words

    i18n.set_language("ru")
    saves = Path(__file__).resolve().parents[1] / "saves"
    record = load(saves / "moscow-bait.json")
    assert rules_words(RecordEntry(saves / "x.json", "game", head_of(record)), short=True) == "Московские 501"
    record.rules = record.rules.with_options(target=0)
    assert (
        rules_words(RecordEntry(saves / "x.json", "game", head_of(record)), short=True) == "Московские, 1 сдача"
    )  # whole in the narrow column (was «одна с…»)
    one = load(saves / "one_strike-bait.json")
    assert rules_words(RecordEntry(saves / "y.json", "game", head_of(one)), short=True) == "В один удар"


def test_the_card_letters_follow_a_language_switch(tmp_path: Path) -> None:
    """Seen in English: «Opponent: Д♣», «bottom card K♠» with Russian letters on the cards — the letters stayed
    Т К Д В. Choosing English switches them to A K Q J (and back); saved with the language."""
    from ui import i18n
    from ui.scenes.settings import SettingsScene
    from ui.settings import load_settings

    d = Driver(tmp_path)
    d.app.switch(SettingsScene(d.app))
    d.frames(2)
    scene = d.app.scene
    assert isinstance(scene, SettingsScene)
    choose(d, scene.fields["language"], "English")
    assert scene.value("language") == "en" and scene.value("index_letters") == "latin"
    d.click(scene.save_btn.get_abs_rect().center)
    saved = load_settings(d.app.paths.settings_file)
    assert (saved.language, saved.index_letters) == ("en", "latin")
    i18n.set_language("ru")
    i18n.set_index_letters("ru")


def test_a_paragraph_does_not_end_in_a_lone_short_word() -> None:
    """Seen in the move log: «Козырь ♦ бубны, играете» / «вы». The word before comes down with it."""
    from ui.fonts import font, wrap

    text = "Козырь ♦ бубны, играете вы"
    width = font(13).size("Козырь ♦ бубны, играете")[0] + 2
    assert wrap(text, 13, width) == ["Козырь ♦ бубны,", "играете вы"]
    assert wrap("один два", 13, 10_000) == ["один два"]


def test_an_approximate_number_keeps_its_unit() -> None:
    """Seen in the analysis panel at 1024×640: «…, на ≈46» / «очков». «≈46 очков» parts no more than «46 очков»
    (nor «на» from it)."""
    import pygame

    from ui.fonts import font, wrap

    pygame.font.init()

    text = "лучше, чем ♦ бубны, на ≈46 очков"
    width = font(15).size("лучше, чем ♦ бубны, на ≈46")[0] + 2
    assert wrap(text, 15, width) == ["лучше, чем ♦ бубны,", "на ≈46 очков"]


def test_a_one_letter_word_keeps_the_word_after_it() -> None:
    """Seen in the school's coach at 1024×640: «…туз, десятка, король; в» / «козырях — валет…». A one-letter
    preposition or conjunction does not hang at a line's end."""
    from ui.fonts import font, wrap

    text = "без козыря старше всех туз, десятка, король; в козырях — валет"
    width = font(13).size("без козыря старше всех туз, десятка, король; в")[0] + 2
    lines = wrap(text, 13, width)
    assert not any(line.endswith(" в") for line in lines) and lines[1].startswith("в козырях")


def test_the_help_lines_start_alike_in_both_languages() -> None:
    """A player's pass: the English F1 help had «Claim the game…» among lines that all start in lower case."""
    import json

    for lang in ("ru", "en"):
        cat = json.loads(
            (Path(__file__).resolve().parents[1] / "assets" / "locale" / f"{lang}.json").read_text("utf-8")
        )
        lines = [v for k, v in cat.items() if k.startswith("key_") and k != "key_mouse_keys"]
        assert [v for v in lines if v[:1].isupper()] == [], lang
