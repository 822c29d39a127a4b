"""Unit tests of the UI's pure helpers: settings file, translations, hand order, score-sheet marks."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import itertools
import json
import random
from pathlib import Path

import pygame
import pytest

from game.cards import Card, Suit, parse_cards
from ui import i18n
from ui.paths import Paths
from ui.settings import Settings, load_settings, save_settings
from ui.widgets.hand import sort_hand


def test_settings_round_trip_and_bad_files(tmp_path: Path) -> None:
    path = tmp_path / "cfg" / "settings.json"
    assert load_settings(path) == Settings()
    s = Settings(language="en", index_letters="latin", animation_speed=2.0, sound=False, confirm_play=True)
    save_settings(path, s)
    assert load_settings(path) == s
    path.write_text("{not json", "utf-8")
    assert load_settings(path) == Settings()
    path.write_text(json.dumps({"language": "fr", "sound": "yes", "animation_speed": 0.5, "x": 1}), "utf-8")
    loaded = load_settings(path)
    assert loaded.language == "ru" and loaded.sound is True and loaded.animation_speed == 0.5


def test_card_letters_never_chosen_follow_the_language(tmp_path: Path) -> None:
    """A newcomer who set English read «Hint: В♠», «You: Д♦»: letters never chosen follow the language; chosen
    ones are kept whatever the language."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en"}), "utf-8")
    assert load_settings(path).index_letters == "latin"
    path.write_text(json.dumps({"language": "ru"}), "utf-8")
    assert load_settings(path).index_letters == "ru"
    path.write_text(json.dumps({"language": "en", "index_letters": "ru"}), "utf-8")
    assert load_settings(path).index_letters == "ru"
    path.write_text(json.dumps({"language": "ru", "index_letters": "latin"}), "utf-8")
    assert load_settings(path).index_letters == "latin"


def test_paths_data_dir_override(tmp_path: Path) -> None:
    p = Paths.resolve(tmp_path)
    assert p.current_game == tmp_path / "current.json"
    assert p.games_dir == tmp_path / "games"
    assert p.settings_file == tmp_path / "settings.json"
    default = Paths.resolve(None)
    assert "deberts" in str(default.data_dir).lower()


def test_every_text_has_both_languages() -> None:
    ru, en = i18n.catalogue("ru"), i18n.catalogue("en")
    assert set(ru) == set(en) and len(ru) > 300  # the rest: tests/test_catalogue.py
    for key in ru:
        assert ru[key] and en[key], key


def test_card_names_follow_index_letters() -> None:
    i18n.set_index_letters("ru")
    assert i18n.card_name(Card.HK) == "К♥" and i18n.card_name(Card.SA) == "Т♠"
    i18n.set_index_letters("latin")
    assert i18n.card_name(Card.HK) == "K♥" and i18n.card_name(Card.CQ) == "Q♣"
    i18n.set_index_letters("ru")


def test_language_switch() -> None:
    i18n.set_language("en")
    assert i18n.tr("new_game") == "New game"
    i18n.set_language("ru")
    assert i18n.tr("new_game") == "Новая игра"
    assert i18n.tr("no_such_key") == "no_such_key"


def test_hand_sorted_by_suit_with_trumps_together_at_the_right() -> None:
    hand = parse_cards("7H JS 9H AC TD JH KS 8C QD")
    out = sort_hand(hand, Suit.H)
    assert [c.suit for c in out[-3:]] == [Suit.H] * 3
    assert out[-3:] == [Card.HJ, Card.H9, Card.H7]  # trump order: J 9 … 7
    suits = [c.suit for c in out]
    groups = [s for i, s in enumerate(suits) if i == 0 or suits[i - 1] != s]
    assert len(groups) == len(set(groups)) == 4  # each suit in one block
    red = {Suit.D, Suit.H}
    assert all((a in red) != (b in red) for a, b in itertools.pairwise(groups))


def test_the_hand_in_sequence_order_keeps_a_run_together() -> None:
    """A player's pass: by strength the trumps 9 10 К 8 hid an 8-9-10 терц. «Карты в руке: по порядку» lays each
    suit Т К Д В 10 9 8 7, trumps still at the right."""
    import pygame

    from ui.widgets.cards import CardImages
    from ui.widgets.hand import HandWidget

    hand = parse_cards("9H TH KH 8H AC JC 9C QD 7S")
    assert sort_hand(hand, Suit.H)[-4:] == [Card.H9, Card.HT, Card.HK, Card.H8]  # the терц apart
    in_order = sort_hand(hand, Suit.H, by_sequence=True)
    assert in_order[-4:] == [Card.HK, Card.HT, Card.H9, Card.H8]  # 8-9-10 side by side
    assert [c for c in in_order if c.suit == Suit.C] == [Card.CA, Card.CJ, Card.C9]
    pygame.display.init()
    pygame.display.set_mode((10, 10))
    widget = HandWidget(CardImages())
    widget.set_cards(hand, Suit.H, None)
    widget.set_cards(hand, Suit.H, None, by_sequence=True)  # the setting changed: laid out afresh
    assert widget.cards == in_order


def test_text_room_without_the_rows_container() -> None:
    """Before pygame_gui has built a list's rows container, the room is the list's inner width (this fallback
    called a method selection lists do not have)."""
    import pygame
    import pygame_gui

    from ui.widgets.lists import ROW_PAD, text_room

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    manager = pygame_gui.UIManager((800, 600))
    lst = pygame_gui.elements.UISelectionList(pygame.Rect(0, 0, 300, 200), ["a", "b"], manager)
    built = text_room(lst)
    assert lst.item_list_container is not None
    assert built == lst.item_list_container.relative_rect.width - ROW_PAD
    lst.item_list_container = None
    assert text_room(lst) == built


def test_the_hand_keeps_its_order_when_a_suit_runs_out() -> None:
    """Issue 22: the hand re-sorted in the middle of a deal when a suit ran out (the colours' alternation
    changed). Cards that go leave the others where they were; a new trump or new cards sort afresh."""
    import pygame

    from ui.widgets.cards import CardImages
    from ui.widgets.hand import HandWidget

    pygame.display.init()
    pygame.display.set_mode((10, 10))
    hand = HandWidget(CardImages())
    first = parse_cards("AS KS QC JC 9D 8D TH 7H AH")
    hand.set_cards(first, Suit.H, None)
    order = list(hand.cards)
    assert order == sort_hand(first, Suit.H)
    clubs_gone = [c for c in first if c.suit != Suit.C]
    assert sort_hand(clubs_gone, Suit.H) != [c for c in order if c.suit != Suit.C]  # a fresh sort would move them
    hand.set_cards(clubs_gone, Suit.H, None)
    assert hand.cards == [c for c in order if c.suit != Suit.C]
    hand.set_cards(clubs_gone, Suit.S, None)  # another trump: sorted for it
    assert hand.cards == sort_hand(clubs_gone, Suit.S)


def test_the_mouse_takes_over_from_the_keyboards_cursor() -> None:
    """Issue 22: after one use of the keyboard a card stayed raised with its frame; and an empty frame was drawn
    where the selected card was still flying in."""
    import pygame

    from ui.widgets.cards import CardImages
    from ui.widgets.hand import HandWidget

    pygame.display.init()
    pygame.display.set_mode((10, 10))
    hand = HandWidget(CardImages())
    hand.set_cards(parse_cards("AS KS QC JC 9D"), Suit.H, None)
    hand.layout(pygame.Rect(0, 200, 600, 200), 150)
    hand.selected, hand.focus_visible = 2, True  # the arrows were used
    raised = hand.lifted_rect(hand.cards[2]).y
    assert raised < hand.rects[hand.cards[2]].y
    hand.motion((5, 5))  # the mouse moves, far from the cards
    assert not hand.focus_visible and hand.selected is None
    assert hand.lifted_rect(hand.cards[2]).y == hand.rects[hand.cards[2]].y  # down again


def test_a_short_quotation_is_not_broken_across_lines() -> None:
    """Issue 22: dialog titles broke inside quotes («Соперник слева: «От / короля»»). A quotation of up to three
    words stays on one line; a long one may break as any text."""
    import pygame

    from ui.fonts import font, wrap

    pygame.font.init()
    title = "Соперник слева: «От короля»"
    width = font(18, True).size("Соперник слева: «От")[0] + 2  # room up to «От, not for «От короля»
    lines = wrap(title, 18, width, bold=True)
    assert lines == ["Соперник слева:", "«От короля»"]
    long = wrap("он сказал «это очень длинная цитата из многих слов» вот", 18, 200)
    assert len(long) > 2


def test_a_section_number_stays_with_its_abbreviation() -> None:
    """The drills' rule lines broke «разд.» / «14» (a ragged coach column): the number keeps to it."""
    from ui.fonts import font, wrap

    pygame.font.init()
    text = "Правило: Официальные правила, разд. 14 («Деберц втроём»)"
    width = font(15).size("Правило: Официальные правила, разд.")[0] + 2  # room up to «разд.», not for its number
    lines = wrap(text, 15, width)
    assert lines[0] == "Правило: Официальные правила," and lines[1].startswith("разд. 14")


def test_a_line_ends_neither_in_a_short_preposition_nor_inside_a_sum() -> None:
    """Seen in the statistics: «… от» / «9 до 91 %» and «470 +» / «31 = 501»: a two-letter preposition goes down
    with its word, and a sum stays whole."""
    from ui.fonts import font, wrap

    pygame.font.init()
    text = "Доля побед от 9 до 91 %"
    width = font(15).size("Доля побед от")[0] + 2  # room up to «от», not for «от 9»
    assert wrap(text, 15, width) == ["Доля побед", "от 9 до 91 %"]
    width = font(15).size("Итого 470 +")[0] + 2
    assert wrap("Итого 470 + 31 = 501", 15, width) == ["Итого", "470 + 31 = 501"]
    # nor a pair: «Засчитано: вам» / «/ соперникам» began a line with the slash (the statistics, 1024×640)
    width = font(15).size("Засчитано: вам /")[0] + 2
    assert wrap("Засчитано: вам / соперникам", 15, width) == ["Засчитано:", "вам / соперникам"]
    assert wrap("Отдали бы по 10 очков", 15, font(15).size("Отдали бы по")[0] + 2)[-1].startswith("по ")


def test_a_two_line_title_does_not_end_in_one_word() -> None:
    """Issue 22: «Второй круг: назовите / козырь» at 1024 wide — the word before comes down with it."""
    import pygame

    from ui.fonts import font, wrap

    pygame.font.init()
    width = font(20, True).size("Второй круг: назовите")[0] + 4
    assert wrap("Второй круг: назовите козырь", 20, width, bold=True) == ["Второй круг:", "назовите козырь"]


def test_a_long_status_wraps_before_it_shrinks_to_small_print(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long hint on the full-HD status line (22 px, 46 px high) was shrunk to 11 px on one line: it shrinks at
    most to four fifths, then takes two lines; a short one stays whole at its size."""
    from ui import fonts

    pygame.font.init()
    drawn: list[tuple[str, int]] = []
    monkeypatch.setattr(fonts, "draw_text", lambda surface, text, pos, size, *a, **k: drawn.append((text, size)))
    surface = pygame.Surface((1600, 46))
    long = "Подсказка: «Пас»: у вас 2 козыря, без валета и девятки; в других мастях 1 туз — по расчёту, " * 2
    fonts.draw_fitted(surface, long, pygame.Rect(0, 0, 1500, 46), 22, (255, 255, 255))
    assert len(drawn) == 2 and min(size for _, size in drawn) >= 18, drawn
    drawn.clear()
    fonts.draw_fitted(surface, "Ваш ход", pygame.Rect(0, 0, 1500, 46), 22, (255, 255, 255))
    assert drawn == [("Ваш ход", 22)]


def test_a_two_sentence_prompt_breaks_between_its_sentences() -> None:
    """«Trump ♦ diamonds. Will / you play?» broke mid-sentence at 1024×640: when a two-line prompt is two
    sentences that each fit, each takes its line."""
    import pygame_gui

    from ui.dialogs import ChoicePanel
    from ui.theme import make_manager

    pygame.init()
    pygame.display.set_mode((1024, 640))
    panel = ChoicePanel(make_manager((1024, 640)))
    prompt = "Trump ♦ diamonds. Will you play?"
    panel.show(prompt, [("Order", 1), ("Pass", 2)], pygame.Rect(0, 0, 300, 300))  # room for «…diamonds. Will»
    assert panel.panel is not None
    labels = [e.text for e in panel.panel.get_container() if isinstance(e, pygame_gui.elements.UILabel)]
    assert labels == ["Trump ♦ diamonds.", "Will you play?"], labels


def test_the_move_log_scrolled_back_shows_no_empty_row_over_a_cut_line() -> None:
    """A wrapped line cut at the top is left out whole, and the freed row shows a newer one: the view stays full."""
    from ui.widgets.movelog import CONTINUED, MoveLog

    pygame.font.init()
    log = MoveLog()
    log.layout(pygame.Rect(0, 0, 180, 150))
    long = "Штраф: не объявил терц до первого хода, очки за него не засчитаны"
    log.add([(f"ход {i}", "me") if i % 3 else (long, "judge") for i in range(30)])
    n = log.visible_rows()
    assert any(text.startswith(CONTINUED) for text, _ in log.rows())
    for scroll in range(log.max_scroll() + 1):
        log.scroll = scroll
        shown = log.shown_lines()
        assert not shown[0].startswith(CONTINUED)
        assert len(shown) == n or (scroll == 0 and len(shown) >= n - 2)


def test_a_continued_row_of_the_move_log_ends_before_the_scroll_bar() -> None:
    """A wrapped line's further rows are indented: wrapped at the full width, their end («нет;») went under the
    scroll bar. Every row, indent and all, ends where the text area does."""
    from ui.fonts import font
    from ui.widgets.movelog import MoveLog

    pygame.font.init()
    log = MoveLog()
    log.layout(pygame.Rect(0, 0, 200, 150))
    long = "Судья: " + " ".join("i" for _ in range(200))  # narrow words: every row full to its width
    log.add([(long, "judge")] * 3)
    area = log.text_area()
    assert len(log.rows()) > 3
    assert all(2 + font(log.size).size(text)[0] <= area.w - 6 for text, _ in log.rows())


def test_the_score_sheet_says_how_many_early_deals_do_not_fit() -> None:
    """A long game on a short window: the latest deals under «▲ ещё 6 сдач выше», whose tooltip names them."""
    from game.record import load, replay
    from ui.controller import table_model
    from ui.widgets.scoresheet import ScoreSheet

    pygame.init()
    i18n.set_language("ru")
    match = replay(load(Path(__file__).resolve().parent.parent / "saves" / "moscow-full-501.json"))
    deals = len(table_model(match, 0).sheet)
    for height, hidden in ((640, True), (1080, False)):
        sheet = ScoreSheet()
        sheet.layout(pygame.Rect(1024 - 230, 0, 230, height))
        sheet.draw(pygame.Surface((1024, height)), table_model(match, 0), 261)
        shown = sorted({number for number, *_ in sheet.cells})
        assert shown[-1] == deals and shown == list(range(sheet.earlier + 1, deals + 1))
        assert (sheet.earlier > 0) is hidden
        tips = [text for _, text in sheet.tips]
        assert (f"Сдачи 1–{sheet.earlier} не поместились в колонку: здесь последние" in tips) is hidden
    assert i18n.tr("sheet_earlier", count=6) == "▲ ещё 6 сдач выше"
    assert i18n.tr("sheet_earlier", count=2) == "▲ ещё 2 сдачи выше"


def test_a_deal_all_passed_shows_no_trump_being_bid() -> None:
    """All passed: the deal's summary said «Все спасовали — пересдача» while the sheet's head still said «Козырь:
    идёт торговля». Once the deal is over without a trump, the head says so."""
    from game.actions import Kind
    from game.cards import shuffled_deck
    from game.deal import Phase
    from game.match import Match
    from game.rules import PRESETS
    from ui.controller import table_model
    from ui.fonts import draw_text
    from ui.widgets import scoresheet
    from ui.widgets.scoresheet import ScoreSheet

    pygame.init()
    i18n.set_language("ru")
    match = Match(PRESETS["moscow"], 0)
    deal = match.start_deal(shuffled_deck(random.Random(5)))
    said: list[str] = []
    real = draw_text  # what the sheet draws with (it imports the name)

    def record(surface: pygame.Surface, text: str, *a: object, **kw: object) -> pygame.Rect:
        said.append(text)
        return real(surface, text, *a, **kw)  # type: ignore[arg-type]

    def head(m: Match) -> list[str]:
        said.clear()
        sheet = ScoreSheet()
        sheet.layout(pygame.Rect(1024 - 230, 0, 230, 640))
        setattr(scoresheet, "draw_text", record)  # noqa: B010  # patched where it is looked up
        try:
            sheet.draw(pygame.Surface((1024, 640)), table_model(m, 0), 261)
        finally:
            setattr(scoresheet, "draw_text", real)  # noqa: B010
        return said[:4]

    assert i18n.tr("no_trump_yet") in head(match)
    while deal.phase is not Phase.OVER:
        match.apply(next(a for a in deal.legal_actions() if a.kind is Kind.PASS))
    assert deal.trump is None
    assert i18n.tr("no_trump_yet") not in head(match) and i18n.tr("no_trump_redeal") in head(match)
    # its row writes «—» for each, and the dash's tooltip says why (the next deal is «Сдача 2»)
    sheet = ScoreSheet()
    sheet.layout(pygame.Rect(1024 - 230, 0, 230, 640))
    sheet.draw(pygame.Surface((1024, 640)), table_model(match, 0), 261)
    assert [(number, text) for number, _, text, _ in sheet.cells] == [(1, "—"), (1, "—")]
    dash = sheet.cells[0][3]
    tip = next(text for rect, text in sheet.tips if rect.contains(dash))
    assert tip == "Сдача 1: все спасовали, карты сдали заново — очков нет"


def test_a_font_asked_for_after_pygame_quit_is_made_afresh() -> None:
    """An App's run ends with ``pygame.quit``; a font cached before it is dead («Invalid font (font module quit
    since font created)»), and the next words measured in the same process failed (seen in the test suite)."""
    from ui.fonts import font

    pygame.init()
    before = font(15).size("Сдача")
    pygame.quit()
    try:
        assert font(15).size("Сдача") == before
        pygame.quit()
        pygame.init()  # started again by someone else before the next font is asked for
        assert font(15).size("Сдача") == before
    finally:
        pygame.init()  # as the other tests of this process found it


def test_a_closed_windows_widgets_hear_no_later_change_of_language(tmp_path: Path) -> None:
    """An App's run ends with ``pygame.quit``; its pygame_gui manager stayed the language's listener, and the next
    ``set_language`` in the same process re-laid its buttons with dead fonts («Invalid font», seen in the suite)."""
    from ui.app import App, AppOptions

    app = App(AppOptions(data_dir=str(tmp_path), testing=True))
    app.close()
    pygame.quit()
    try:
        i18n.set_language("en")
        assert i18n.language() == "en"
    finally:
        i18n.set_language("ru")
        pygame.init()


@pytest.mark.parametrize(("sample", "rule"), [("moscow-hanging.json", "sum"), ("club-chained-tie.json", "to_defender")])
def test_the_sheets_hanging_points_say_the_games_own_rule(sample: str, rule: str) -> None:
    """«висит: 40 + 50» under the sheet said «Эти очки заберёт выигравший следующую сдачу» in every preset, though
    YellowClub hands them out one a deal and Club gives the old ones to the вистующий at a second tie (an audit of
    the words against the engine). The tooltip is the game's own sentence from its rules page."""
    from game.record import load, prefix, replay
    from ui.controller import table_model
    from ui.widgets.scoresheet import ScoreSheet

    pygame.init()
    i18n.set_language("ru")
    record = load(Path(__file__).resolve().parent.parent / "saves" / sample)
    match = next(
        m for m in (replay(prefix(record, i, 0)) for i in range(1, len(record.deals))) if m.hanging
    )  # the first deal that starts with points hanging
    assert match.rules.hanging.value == rule
    sheet = ScoreSheet()
    sheet.layout(pygame.Rect(1024 - 230, 0, 230, 640))
    sheet.draw(pygame.Surface((1024, 640)), table_model(match, 0), 261)
    tips = [text for _, text in sheet.tips]
    assert i18n.tr(f"rw_hanging_{rule}") in tips
