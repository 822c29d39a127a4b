"""The table's paper for three players: the score sheet, the deal summary, the game-over panel and chart, the trick
and the bubbles, drawn from real three-player matches (the samples in saves/three/) onto a Surface."""

from __future__ import annotations

import os

import ui.fonts

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import dataclasses
import itertools
import math
from pathlib import Path

import pygame
import pytest

from game.cards import Card
from game.game_facts import game_facts
from game.match import Match
from game.record import load, prefix, replay
from ui.controller import SheetRow, table_model
from ui.i18n import set_language, tr
from ui.scenes.table.story import step_lines
from ui.widgets.cards import CardImages
from ui.widgets.chart import Series, draw_chart
from ui.widgets.game_over import GameOverPanel, fact_rows, game_lines, headline
from ui.widgets.movelog import COLOURS
from ui.widgets.scoresheet import ScoreSheet, cell_texts, column_heads, mark_tip
from ui.widgets.speech import SpeechLayer
from ui.widgets.summary import breakdown_rows, notes, over_title, shown_notes
from ui.widgets.trick import TrickWidget

THREE = Path(__file__).resolve().parent.parent / "saves" / "three"
SHEET = pygame.Rect(1024 - 230, 0, 230, 640)  # the sheet's column at the smallest window
RESERVE = 261  # the move log and the buttons under the sheet at 1024×640


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()
    set_language("ru")


def match_at(name: str, deal: int, actions: int = 10_000) -> Match:
    """The sample ``name`` replayed up to ``actions`` actions of deal ``deal`` (0-based)."""
    return replay(prefix(load(THREE / name), deal, actions))


def test_sheet_has_a_column_per_seat_in_play_order_with_bait_in_halves() -> None:
    m = match_at("moscow-three-players.json", 3, 12)  # deal 4 in play; deal 3 was the bidder's (seat 0) bait
    surface = pygame.Surface((1024, 640))
    sheet = ScoreSheet()
    sheet.layout(SHEET)
    sheet.draw(surface, table_model(m, 0), RESERVE)
    assert [seat for seat, _ in sheet.heads] == [0, 1, 2]  # you, then the left (seat 1), then the right (seat 2)
    assert column_heads(0, 3) == ["Вы", "Слева", "Справа"]
    # a character's column: its emblem on the sheet; the deal's wide summary names it — for two, where the lines say
    # «☯ Ровня показала» (a player's report: the head said «☯ Соперник»); for three the seat's side stays
    assert column_heads(0, 2, levels={1: "rovnya"}) == ["Вы", "☯ Соперник"]
    assert column_heads(0, 2, levels={1: "rovnya"}, wide=True) == ["Вы", "☯ Ровня"]
    assert column_heads(0, 3, levels={1: "bold"}, wide=True) == ["Вы", "⚡ Слева", "Справа"]
    bait = {seat: text for number, seat, text, _ in sheet.cells if number == 3}
    assert bait == {0: "Б", 1: "72", 2: "93"}  # the вистующие: their own points plus the bidder's 65 in halves
    for _, rect in sheet.heads:
        assert SHEET.contains(rect)
    heads = [rect for _, rect in sheet.heads]
    assert all(a.right < b.left for a, b in itertools.pairwise(heads))
    for *_, rect in sheet.cells:
        assert SHEET.contains(rect)
    tips = [text for _, text in sheet.tips]
    assert tr("tip_bait3") in tips and tr("tip_bait") not in tips
    # the legend «Б — байт, В — висячий байт» explains the bait for three, not the two-player one (seen at a table)
    assert tr("glossary.bait3") + "\n" + tr("glossary.hanging3") in tips and tr("glossary.bait") not in "".join(tips)
    # a newcomer read «72 130» with no word: each number says what it is when the pointer rests on it
    cell = next(rect for number, seat, _, rect in sheet.cells if number == 3 and seat == 1)
    hit = sheet.hit_at(cell.center)
    assert hit is not None and hit[1] == "Записано за сдачу 3"
    right_of = [
        (rect, text) for rect, text in sheet.tips if rect.x > cell.right and abs(rect.centery - cell.centery) < 6
    ]
    assert any(text == "Счёт после сдачи 3" for _, text in right_of)


def test_sheet_seen_from_another_seat_and_with_the_records_names() -> None:
    m = match_at("kharkov-three-hanging.json", 1)  # deal 1 hung (seat 1's tie), deal 2 seat 2's bait
    row = table_model(m, 2).sheet[0]
    assert cell_texts(row, 2, 3) == ("53", "38", "В")  # seat 2 first, then seat 0 (its left), then seat 1
    assert mark_tip("В", 3) == tr("tip_hanging3")
    sheet = ScoreSheet()
    sheet.layout(SHEET)
    surface = pygame.Surface((1024, 640))
    sheet.draw(surface, table_model(m, 2), RESERVE, names=("Анна", "Борис", "Вера"))
    assert [seat for seat, _ in sheet.heads] == [2, 0, 1]
    assert column_heads(2, 3, ("Анна", "Борис", "Вера")) == ["Вера", "Анна", "Борис"]
    assert column_heads(2, 3) == ["Вы", "Слева", "Справа"]
    assert {(n, s): t for n, s, t, _ in sheet.cells}[(2, 2)] == "Б"  # Вера's bait, in her own column


def test_a_characters_column_has_its_emblem_where_the_sheet_has_room() -> None:
    """The table names a character's seat «⚡ Жора Лихой слева»; its column on the sheet is «⚡ Слева» (a level's
    stays «Слева»), the heads clear of each other; on the narrowest sheet (1024×640) «☕ Справа» would shrink to
    tiny print, so none has its emblem there."""
    m = match_at("moscow-three-players.json", 3, 12)
    wide = pygame.Rect(1920 - 300, 0, 300, 1080)
    sheet = ScoreSheet()
    sheet.layout(wide)
    sheet.draw(pygame.Surface((1920, 1080)), table_model(m, 0), RESERVE, levels={1: "bold", 2: "simple"})
    assert sheet.head_texts == ["Вы", "⚡ Слева", "☕ Справа"]
    heads = [rect for _, rect in sheet.heads]
    assert all(wide.contains(rect) for rect in heads)
    assert all(a.right < b.left for a, b in itertools.pairwise(heads))
    sheet.layout(SHEET)
    sheet.draw(pygame.Surface((1024, 640)), table_model(m, 0), RESERVE, levels={1: "bold", 2: "simple"})
    assert sheet.head_texts == ["Вы", "Слева", "Справа"]
    assert column_heads(0, 3, levels={1: "hard", 2: "careful"}) == ["Вы", "Слева", "⚖ Справа"]
    assert column_heads(0, 2, levels={1: "bold"}) == ["Вы", "⚡ Соперник"]


@pytest.mark.parametrize("scale", [1.0, 1.35])
def test_the_heads_never_run_into_each_other_whatever_the_sheet(scale: float) -> None:
    """A character's emblem makes a head wider and the last head is held on the sheet, so at some widths «⚡ Слева»
    and «☕ Справа» touched (the table at 1920×1080): the heads are then a size smaller, or without the emblems —
    never closer than a few pixels, never off the sheet."""
    m = match_at("moscow-three-players.json", 3, 12)
    for width in range(240, 440, 8):
        rect = pygame.Rect(1920 - width, 0, width, 1080)
        sheet = ScoreSheet()
        sheet.scale = scale
        sheet.layout(rect)
        sheet.draw(pygame.Surface((1920, 1080)), table_model(m, 0), RESERVE, levels={1: "bold", 2: "simple"})
        heads = [r for _, r in sheet.heads]
        assert all(rect.contains(h) for h in heads), (width, heads)
        assert all(a.right + 4 <= b.left for a, b in itertools.pairwise(heads)), (width, sheet.head_texts, heads)


@pytest.mark.parametrize("scale", [1.0, 1.35])
def test_a_running_total_past_999_keeps_clear_of_the_deals_points(scale: float) -> None:
    """Three can play to 1001: at 1024×640 a four-digit running total ran into the deal's points beside it
    («107 1007» read «1071007»). Whatever the sheet's width, the total stands clear of the points (two pixels and
    the glyphs' own margins) and on the sheet, at 10 px or more."""
    m = match_at("moscow-three-players.json", 3, 12)
    model = table_model(m, 0)

    def plus(row: SheetRow, add: int) -> SheetRow:
        after = tuple(v + add for v in row.result.scores_after)
        return dataclasses.replace(row, result=dataclasses.replace(row.result, scores_after=after))

    for add in (0, 900):
        big = dataclasses.replace(model, sheet=tuple(plus(row, add) for row in model.sheet))
        for width in range(230, 440, 10):
            rect = pygame.Rect(1920 - width, 0, width, 1080)
            sheet = ScoreSheet()
            sheet.scale = scale
            sheet.layout(rect)
            sheet.draw(pygame.Surface((1920, 1080)), big, RESERVE)
            said = {tr("tip_sheet_total", n=row.number) for row in big.sheet}
            sums = [r.inflate(-8, -4) for r, tip in sheet.tips if tip in said]  # the running totals, row by row
            cells = [cell for *_, cell in sheet.cells]
            assert len(sums) == len(cells) == 3 * len(big.sheet), (width, len(sums), len(cells))
            for cell, total in zip(cells, sums, strict=True):
                assert cell.right + 2 <= total.left and total.right <= rect.right - 12, (add, width, cell, total)
                assert total.h >= ui.fonts.font(10).get_height(), (add, width, total)


@pytest.mark.parametrize("width", [230, 246, 300])
def test_a_smaller_total_word_stands_on_the_totals_line(width: int) -> None:
    """«Итого» is made smaller where the three totals leave it little room (1280×800 and narrower): it stood at the
    line's top, above the bold totals' baseline. Now its letters sit on the same line as the figures."""
    import ui.widgets.scoresheet as sheet_module

    drawn: list[tuple[str, pygame.Rect, int, bool]] = []
    real = ui.fonts.draw_text  # what the sheet draws with (it imports the name)

    def record(
        surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, *a: object, **kw: object
    ) -> pygame.Rect:
        rect = real(surface, text, pos, size, *a, **kw)  # type: ignore[arg-type]
        drawn.append((text, rect, size, bool(kw.get("bold", False))))
        return rect

    m = match_at("moscow-three-players.json", 4)
    sheet = ScoreSheet()
    sheet.layout(pygame.Rect(1920 - width, 0, width, 1080))
    setattr(sheet_module, "draw_text", record)  # noqa: B010  # patched where it is looked up
    try:
        sheet.draw(pygame.Surface((1920, 1080)), table_model(m, 0), RESERVE)
    finally:
        setattr(sheet_module, "draw_text", real)  # noqa: B010
    at = next(i for i, (text, *_) in enumerate(drawn) if text == tr("total"))
    baselines = {rect.top + ui.fonts.font(size, bold).get_ascent() for _, rect, size, bold in drawn[at : at + 4]}
    assert len(baselines) == 1, drawn[at : at + 4]


def test_sheet_for_two_is_unchanged() -> None:
    m = replay(load(THREE.parent / "moscow-bait.json"))
    model = table_model(m, 1)
    sheet = ScoreSheet()
    sheet.layout(SHEET)
    sheet.draw(pygame.Surface((1024, 640)), model, RESERVE)
    assert [seat for seat, _ in sheet.heads] == [1, 0]
    assert [text for _, seat, text, _ in sheet.cells if seat == 1] == [cell_texts(r, 1)[0] for r in model.sheet]
    assert column_heads(0, 2) == [tr("you"), tr("bot")]


def summary_texts(m: Match, seat: int, levels: dict[int, str] | None = None) -> list[str]:
    """Every text the deal summary draws for ``seat`` (``draw_text`` recorded; ``levels``: the bots' by seat)."""
    import ui.widgets.summary as summary

    drawn: list[str] = []
    real = ui.fonts.draw_text  # what summary draws with (it imports the name)

    def record(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    setattr(summary, "draw_text", record)  # noqa: B010  # patched where it is looked up
    try:
        box = pygame.Rect(15, 10, 764, 586)
        model = table_model(m, seat)
        summary.draw_summary(pygame.Surface((794, 606)), box, model, CardImages(), bottom_reserved=70, levels=levels)
    finally:
        setattr(summary, "draw_text", real)  # noqa: B010
    return drawn


def test_summary_breakdown_for_three_with_the_bait_in_halves() -> None:
    m = match_at("moscow-three-players.json", 2)  # deal 3: the right opponent (seat 0, seen from seat 1) baited
    r = m.deals[2].result
    assert r is not None
    rows = breakdown_rows(r, 1)
    assert rows[-1] == (tr("sum_written"), "72", "93", "0")  # you (1), left (2), right (0)
    assert rows[-2] == (tr("sum_total"), "39", "61", "65")
    texts = summary_texts(m, 1)
    assert [t for t in texts if t in ("Вы", "Слева", "Справа")][:3] == ["Вы", "Слева", "Справа"]
    assert "Играл соперник справа" in texts
    assert "Байт: соперник справа набрал меньше, чем вы и партнёр слева вместе;" in " ".join(texts)
    assert rows[-1][1:] == ("72", "93", "0") and "вистующие делят пополам" in tr("glossary.bait3")  # as the page says
    assert f"{tr('sum_score')}: 179 : 143 : 56" in texts


def test_summary_notes_for_three_hanging_then_taken_in_halves() -> None:
    m = match_at("kharkov-three-hanging.json", 1)
    first, second = (d.result for d in m.deals)
    assert first is not None and second is not None
    hanging = [text for text, _, _ in notes(first, 0)]
    assert "Играл соперник слева" in hanging and any("его 91 очко висит" in t for t in hanging)
    taken = [text for text, _, _ in notes(second, 0)]  # deal 2: Вера (seat 2, the right of seat 0) bid, baited
    assert "Играл соперник справа" in taken
    assert "Вы забираете 46 висячих очков" in taken and "Партнёр слева забирает 45 висячих очков" in taken
    # the rules page's word for three says what the engine did: the hanging points went to the bait's вистующие
    assert "если та кончится байтом, их делят вистующие" in tr("glossary.hanging3")
    assert [text for text, _, _ in notes(second, 1)][-2:] == [
        "Вы забираете 45 висячих очков",
        "Партнёр справа забирает 46 висячих очков",
    ]
    assert [t for t, _, _ in shown_notes(m.deals[0].view(0), 0)][1].startswith("Партнёр справа показал: ")


def test_summary_heads_the_game_over_with_the_winner_by_side() -> None:
    m = match_at("moscow-three-players.json", 5)  # seat 0 claims the game
    texts = summary_texts(m, 2)
    assert "Партия за соперником слева" in texts  # seat 0 sits on seat 2's left
    assert over_title(0, 1, 3) == "Партия за соперником справа" and over_title(0, 0, 3) == tr("go_win")
    assert any(t.startswith(f"{tr('sum_score')}: 212 : 308 : 237") for t in texts)


def test_game_over_for_three_has_three_series_three_columns_and_the_winner() -> None:
    facts = game_facts(load(THREE / "moscow-three-players.json"))  # seat 0 wins with 308 : 237 : 212
    rows = fact_rows(facts, 1)  # seen from seat 1: you (1), left (2), right (0, the winner)
    assert rows[0] == (tr("fo_bids"), "1", "1", "3")  # Вера's bid of deal 6 counts: cut short by the claim
    assert (tr("fo_claimed"), "0", "1", "0") in rows
    assert rows[-1] == (tr("fo_best"), "107 (№1)", "93 (№3)", "149 (№5)")
    assert headline(facts, 1) == ("Партия за соперником справа", tr("go_console3"))
    assert headline(facts, 2)[0] == "Партия за соперником слева"
    assert headline(facts, 0) == (tr("go_cheer"), tr("go_cheer_line"))
    loser = next(s for s in range(3) if s != facts.winner)  # 308 over the best of the others, 237
    assert tr("go_settle_difference.other", count=71, pts="71") in game_lines(facts, loser)
    panel = GameOverPanel(facts, 1, 0.0)
    surface = pygame.Surface((794, 606))
    box = pygame.Rect(15, 10, 764, 586)
    panel.draw(surface, box, surface.get_rect(), 100.0, 70)
    assert facts.deal_numbers == (1, 3, 4, 5, 6)  # deal 2 was redealt
    assert [len(points) for points in panel.chart_points] == [7, 7, 7]  # 0, then every deal: the redeal flat
    assert [p[2][1] for p in panel.chart_points] == [p[1][1] for p in panel.chart_points]
    ends = [points[-1][1] for points in panel.chart_points]  # y grows downward: the winner's line ends highest
    assert ends[2] < ends[0] < ends[1]
    assert len(panel.fact_cols) == 3 and panel.fact_cols[-1] <= box.right - 20
    assert panel.fact_cols == sorted(panel.fact_cols)
    assert panel.fact_label_shrunk == []  # «— прервано» is a sub-row like «— байт», not a line in small print


def test_chart_draws_a_third_series() -> None:
    surface = pygame.Surface((400, 300))
    series = [
        Series("Вы", (0, 0, 200), [0, 50]),
        Series("Слева", (200, 0, 0), [0, 80]),
        Series("Справа", (0, 150, 0), [0, 20]),
    ]
    points = draw_chart(surface, pygame.Rect(0, 0, 400, 300), series, target=100)
    assert len(points) == 3 and points[1][1][1] < points[0][1][1] < points[2][1][1]
    assert surface.get_at(points[2][1])[:3] == (0, 150, 0)


def test_trick_of_three_lies_by_side() -> None:
    trick = TrickWidget(CardImages())
    trick.players, trick.view_seat = 3, 1  # seat 2 sits on seat 1's left, seat 0 on its right
    area = pygame.Rect(150, 120, 494, 340)
    trick.layout(area, 130, {0: (700, 0), 1: (400, 600), 2: (0, 0)})
    king, queen, ace = Card.parse("KD"), Card.parse("QD"), Card.parse("AD")
    trick.sync((king, queen, ace), 2)  # the left leads, then the right, then you
    assert [(p.card, p.seat) for p in trick.placed] == [(king, 2), (queen, 0), (ace, 1)]
    surface = pygame.Surface((794, 606))
    trick.draw(surface, 0.0)
    left, right, mine = (trick.card_image(i, 0.0)[1] for i in range(3))
    assert left.centerx < mine.centerx < right.centerx
    assert mine.centery > left.centery and left.centery == right.centery
    assert abs(mine.centerx - area.centerx) <= 1 and all(area.contains(r) for r in (left, right, mine))
    trick.sync((queen,), 0)  # a new trick led by the right opponent
    assert [(p.card, p.seat) for p in trick.placed] == [(queen, 0)]
    trick.play(ace, 1, (400, 600), 1.0)  # your card flies in from your hand, to the bottom slot
    assert trick.placed[-1].tween.end == trick.slot(1)
    trick.take(0, 1.0)
    assert trick.busy(5.0) and trick.collect[0].end == (700, 0)  # swept to the winner's pile


def test_your_card_in_a_trick_of_three_keeps_its_corner_over_the_opponents() -> None:
    """You led, the left and the right followed: their cards overlap yours, so yours is drawn last (its corner
    index lay under the left card, issue 22); a card still flying passes over the resting ones."""
    trick = TrickWidget(CardImages())
    trick.players, trick.view_seat = 3, 0
    area = pygame.Rect(150, 120, 494, 340)
    trick.layout(area, 130, {0: (400, 600), 1: (0, 0), 2: (700, 0)})
    mine, left, right = Card.parse("AD"), Card.parse("KD"), Card.parse("QD")
    trick.sync((mine, left, right), 0)
    assert trick.draw_order(0.0) == [1, 2, 0]
    surface = pygame.Surface((794, 606))
    trick.draw(surface, 0.0)
    mine_rect = trick.card_image(0, 0.0)[1]
    corner = (mine_rect.x + 8, mine_rect.y + 10)  # the rank's index
    assert trick.card_image(1, 0.0)[1].collidepoint(corner)  # the left card lies over that corner...
    ours = trick.images.get(mine, trick.card_h).get_at((8, 10))
    assert all(
        abs(a - b) <= 3 for a, b in zip(surface.get_at(corner)[:3], ours[:3], strict=True)
    )  # ...but yours is on top
    trick.sync((left,), 1)
    trick.play(right, 2, (700, 0), 1.0)
    trick.play(mine, 0, (400, 600), 1.0)
    assert trick.draw_order(1.05)[0] == 0 and set(trick.draw_order(1.05)[1:]) == {1, 2}  # both still flying


def test_bubbles_for_three_seats_above_or_below_their_anchors() -> None:
    speech = SpeechLayer()
    speech.anchors = {0: (700, 160), 1: (397, 470), 2: (60, 160)}
    for seat, word in ((0, "Рост?"), (1, "Терц"), (2, "Пятьдесят")):
        speech.say(seat, word, 0.0, ttl=math.inf)
    surface = pygame.Surface((794, 606))
    speech.draw(surface, 0.0, ())
    rects = {seat: speech.rect_of(seat, 794, ()) for seat in (0, 1, 2)}
    for seat, rect in rects.items():
        assert rect is not None and rect.bottom < speech.anchors[seat][1]  # above its speaker's anchor
        assert surface.get_rect().contains(rect)
    hanging = speech.rect_of(2, 794, (2,))
    assert hanging is not None and hanging.top > speech.anchors[2][1]  # a seat given as "top" hangs below
    assert speech.rect_of(1, 794, 2) == rects[1]  # one seat as before (two players)


def test_move_log_words_for_three() -> None:
    record = load(THREE / "moscow-three-players.json")
    deal = replay(prefix(record, 0, 0)).deals[-1]
    lines: list[tuple[str, str]] = []
    for action in record.deals[0].actions:
        lines += step_lines(action, deal.apply(action), 0, 3)
    assert lines[0] == ("Соперник слева: играю", "opp")
    assert lines[1] == ("Козырь ♣ трефы, играет соперник слева", "table")
    assert ("Соперник справа: рост?", "right") in lines
    assert ("Соперник слева: от дамы", "opp") in lines
    assert ("Комбинации соперника справа: 50 очков", "table") in lines
    assert ("— взятка соперника слева, 21 очко", "table") in lines and ("— взятка ваша, 18 очков", "table") in lines
    seen_from_2 = []
    deal = replay(prefix(record, 0, 0)).deals[-1]
    for action in record.deals[0].actions[:2]:
        seen_from_2 += step_lines(action, deal.apply(action), 2, 3)
    assert seen_from_2[0] == ("Соперник справа: играю", "right")  # seat 1 sits on seat 2's right
    assert set(COLOURS) >= {"me", "opp", "right", "table", "judge"}


def test_a_claimed_deal_says_what_the_claim_wrote_and_that_the_penalty_stands() -> None:
    """Items 1 and 4 of issue 22: the summary of a deal ended by a claim says each wrote what they had taken
    (no bait comparison), and that the penalty stands — two players and three."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from test_engine_whole_deals import w3_claim_deal
    from test_three_players import false_rost_then_claim_position, quiet

    from game import actions

    two = w3_claim_deal("announce:fifty")
    two.apply(actions.CLAIM)
    assert two.result is not None
    lines = [text for text, _, _ in notes(two.result, 0)]
    assert "Байт на картах: все очки сдачи пишет соперник" in lines
    assert any(t.startswith("Соперник заявил партию во время розыгрыша: каждый пишет взятое") for t in lines)
    assert "Штраф, наложенный в этой сдаче, остаётся в силе и при заявке на выигрыш" in lines
    three = false_rost_then_claim_position((0, 430, 0))
    while three.current_player() != 1 or actions.CLAIM not in three.legal_actions():
        three.apply(quiet(three))
    three.apply(actions.CLAIM)
    assert three.result is not None
    lines = [text for text, _, _ in notes(three.result, 0)]  # seat 0: the bidder (seat 1) is the left opponent
    assert "Байт на картах у вас: ваши очки сдачи пишет играющий" in lines
    assert any(t.startswith("Соперник слева заявил партию во время розыгрыша") for t in lines)
    set_language("en")
    try:
        lines = [text for text, _, _ in notes(three.result, 2)]
        assert any(t.startswith("The right opponent claimed the game during play") for t in lines)
    finally:
        set_language("ru")


def test_the_official_example_in_the_seeds_words() -> None:
    """Issue 22, item 5: the dialog for three says what the official example says — «От дамы», «Не годится.
    Пятьдесят от туза пикового», «Родили терц от девятки пиковой» — in the bubbles and the move log."""
    from game import actions as A
    from game.actions import FIFTY, TERZ
    from game.deal import Deal
    from game.rules import Rules
    from ui.scenes.table.speech import speech_text

    deck_module = __import__("test_three_players")
    deal = Deal(Rules.preset("moscow", players=3), 0, deck_module.EXAMPLE_DECK)
    said: list[str] = []
    log: list[str] = []
    script = [A.ORDER, A.announce(FIFTY), A.play(Card.parse("KD")), A.ROST, A.play(Card.parse("QD"))]
    script += [A.play(Card.parse("AD")), A.TELL_TOP, A.MINE, A.announce(TERZ)]
    for action in script:
        events = deal.apply(action)
        said += [t for ev in events if (t := speech_text(ev, action)) is not None]
        log += [text for text, _ in step_lines(action, events, 1, 3)]
    assert said[-3:] == ["От дамы", "Не годится. Пятьдесят от туза пикового", "Родили терц от девятки пиковой"]
    assert any(line.endswith("не годится. Пятьдесят от туза пикового") for line in log)
    assert any(line.endswith("родили терц от девятки пиковой") for line in log)
    set_language("en")
    try:
        deal = Deal(Rules.preset("moscow", players=3), 0, deck_module.EXAMPLE_DECK)
        for action in script[:-1]:
            last = deal.apply(action)
        assert speech_text(last[0], A.MINE) == "No good. Fifty from the ace of spades"
        added = deal.apply(script[-1])  # a sequence's name inside a sentence is lower case («I have a terz»)
        assert speech_text(added[0], script[-1]) == "Plus a terz from the nine of spades"
    finally:
        set_language("ru")


def test_the_trump_top_card_agrees_with_its_rank() -> None:
    """«От дамы козырной», «От короля козырного» (it said «от дамы козырного»); the drills alike."""
    from game.cards import Suit
    from game.drills.texts import RANK_GENDER, top_words
    from ui.i18n import catalogue, word
    from ui.scenes.table.speech import top_words as table_top_words

    assert table_top_words(Card.parse("QH"), Suit.H) == "От дамы козырной"
    assert table_top_words(Card.parse("KH"), Suit.H) == "От короля козырного"
    assert table_top_words(Card.parse("KH"), Suit.S) == "От короля"
    assert "".join(str(catalogue("ru")[f"rank_gender.{r}"]) for r in range(8)) == RANK_GENDER
    assert word(top_words(Card.parse("9S"), Suit.S)) == "от девятки козырной"


def test_a_bait_for_three_says_who_shares_with_whom_and_where_the_odd_point_went() -> None:
    """moscow-three-players, deal 3: Анна (seat 0) bids and makes 65 — baited; Борис (her left) writes 39 + 33,
    Вера 61 + 32. Seen from Вера: she shares with the right opponent (Борис), who took the odd point."""
    m = match_at("moscow-three-players.json", 3)
    r = m.deals[2].result
    assert r is not None and r.bait and [p.written for p in r.players] == [0, 72, 93]
    lines = [text for text, _, _ in notes(r, 2)]
    shared = "Байт: соперник слева набрал меньше, чем вы и партнёр справа вместе; "  # the other вистующий: the partner
    assert shared + "его 65 очков вы с партнёром справа делите пополам" in lines
    assert "Нечётное очко — партнёру справа: он сидит слева от играющего" in lines
    assert "Нечётное очко — вам: вы сидите слева от играющего" in [text for text, _, _ in notes(r, 1)]
    # seen by the bidder: «оба вистующих», the word the hint, the rules and the sheet use (it said «оба соперника»)
    said = [text for text, _, _ in notes(r, 0)]
    assert "Байт: вы набрали меньше, чем оба вистующих вместе; ваши 65 очков они делят пополам" in said


def test_a_made_contract_says_why_as_a_bait_does() -> None:
    """Issue 22: a made contract got only «Играли вы» while a bait got an explanation."""
    m = match_at("moscow-three-players.json", 1)
    r = m.deals[0].result
    assert r is not None and [p.total for p in r.players] == [56, 107, 50] and not r.bait
    lines = [text for text, _, _ in notes(r, 0)]
    assert (
        "Сыграно: соперник слева набрал 107 — больше, чем вы с партнёром справа вместе (106); каждый пишет своё"
        in lines
    )
    said = [text for text, _, _ in notes(r, 1)]  # the bidder's own line
    assert "Сыграно: вы набрали 107 — больше, чем оба вистующих вместе (106); каждый пишет своё" in said
    two = replay(load(THREE.parent / "moscow-hanging.json")).deals[1].result
    assert two is not None and two.bidder == 0
    assert "Сыграно: вы набрали 57, соперник — 34; каждый пишет своё" in [text for text, _, _ in notes(two, 0)]


def test_the_charts_target_label_keeps_clear_of_the_legend() -> None:
    """Issue 22: on the statistics' rating chart the legend printed over the «средний» label (the target at the
    top of the scale). The label goes below its line when above it would reach the legend."""
    from ui.widgets import chart

    surface = pygame.Surface((600, 300))
    for values in ([1400, 1450], [1200, 1300, 1350], [1400, 1520]):  # the target on the top grid line, or inside
        draw_chart(
            surface,
            pygame.Rect(0, 0, 600, 300),
            [Series("Рейтинг", (0, 0, 200), values)],
            target=1500,
            target_label="средний",
            from_zero=False,
            size=15,
        )
        label = chart.LAST.target_label
        assert label is not None
        assert not any(label.colliderect(r) for r in chart.LAST.legend), values


def test_the_open_hands_name_a_character_as_the_notes_do() -> None:
    """At two the other hand's row says «☕ Тётя Валя», as the notes name her, and so does the summary's column head
    (a player's report: it said «☕ Соперник» over lines about «☯ Ровня»; the narrow sheet keeps «☕ Соперник»); a
    level's stays «Соперник»; for three the rows keep the columns' heads («⚡ Слева»)."""
    two = replay(load(THREE.parent / "moscow-bait.json"))
    texts = summary_texts(two, 0, {1: "simple"})
    assert texts.count("☕ Тётя Валя") == 2 and "☕ Соперник" not in texts  # the column head and the row
    assert "☕ Тётя Валя" in texts[texts.index(tr("hands_open")) + 1 :]
    plain = summary_texts(two, 0, {1: "hard"})
    assert plain[plain.index(tr("hands_open")) + 1 :].count("Соперник") == 1
    three = summary_texts(match_at("moscow-three-players.json", 2), 1, {0: "bold", 2: "simple"})
    rows = three[three.index(tr("hands_open")) + 1 :]
    assert "⚡ Справа" in rows and "☕ Слева" in rows


def test_a_buttons_tooltip_at_a_table_of_three_speaks_of_three() -> None:
    """«Играю» said «набрать больше соперника» and «Пишет» «комбинация соперника записывается» at a table of three,
    where the bidder must beat both вистующие together and the third player may still beat a sequence (an
    audit of the words against the engine)."""
    from game.actions import Action, Kind
    from ui.i18n import action_tip

    assert "оба вистующих вместе" in (action_tip(Action(Kind.ORDER), 3) or "")
    assert "соперника" in (action_tip(Action(Kind.ORDER), 2) or "")
    assert "третий игрок" in (action_tip(Action(Kind.PISHET), 3) or "")
    assert "третий игрок" in tr("glossary.pishet3") and "третий" not in tr("glossary.pishet")


def test_a_target_reached_but_not_claimed_is_said_in_the_summary() -> None:
    """A player's pass: with 371 of 301 the player pressed «Записать»; the summary said only the score, as if
    nothing had happened. It says the game goes on because the win was not claimed, and how to claim it."""
    import random

    from game.actions import Kind
    from game.cards import shuffled_deck
    from game.match import Match
    from game.rules import Rules
    from ui.widgets.summary import unclaimed_note

    for seed in range(20):
        match = Match(Rules.preset("moscow", target=301), 0)
        match.scores = (300, 0)
        deal = match.start_deal(shuffled_deck(random.Random(seed)))
        while not deal.is_over():
            legal = deal.legal_actions()
            quiet = [a for a in legal if a.kind not in (Kind.CLAIM,)]
            match.apply(next((a for a in quiet if a.kind is Kind.NO_CLAIM), quiet[0]))
        r = deal.result
        assert r is not None and r.claim is None and match.over is None
        if r.scores_after[0] >= 301:
            said = unclaimed_note(r, deal.view(0), 0)
            assert said is not None and said.startswith(f"У вас {r.scores_after[0]} из 301, но выигрыш не заявлен")
            assert unclaimed_note(r, deal.view(1), 1) is None  # the other has not reached it
            return
    raise AssertionError("no seed where the leader reached 301")
