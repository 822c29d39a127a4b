"""The replay viewer's parts behind their interfaces: the geometry as a value for two and three seats, the
seats' names from the record, and the action list and the status words read from any ``Position``."""

from __future__ import annotations

import os

from ui.scenes.replay.texts import CREAM, GREEN, RED
from ui.theme import GOLD

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from game.actions import Action
from game.deal import Deal, Event
from game.match import Match
from game.record import GameRecord, Positions, load, prefix, replay
from ui.i18n import set_language
from ui.scenes.replay.action_list import ActionList
from ui.scenes.replay.drawing import status_words
from ui.scenes.replay.layout import ReplayGeometry
from ui.scenes.replay.names import SeatNames, bottom_seat

SAVES = Path(__file__).resolve().parent.parent / "saves"
R = pygame.Rect


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()
    set_language("ru")


def test_the_replay_geometry_for_two_and_three_seats_at_1024x640() -> None:
    """Two: the other seat's hand across the top. Three: the top band halved, the seat after the bottom one on
    the left, the one before it on the right, whoever sits at the bottom."""
    g2 = ReplayGeometry.compute((1024, 640), 2, 0)
    assert g2.play == R(240, 0, 554, 554) and g2.bottom_area == R(252, 412, 530, 132)
    assert g2.hand_area(1) == g2.top_area == R(252, 34, 530, 132)
    assert g2.trick_area == R(410, 201, 124, 159) and g2.info_area == R(548, 178, 236, 204)
    assert g2.speech_anchors == {0: (397, 388), 1: (388, 172)}
    g3 = ReplayGeometry.compute((1024, 640), 3, 1)
    assert g3.hand_area(1) == g3.bottom_area
    assert g3.hand_area(2) == g3.left_area == R(252, 34, 257, 112)
    assert g3.hand_area(0) == g3.right_area == R(525, 34, 257, 112)
    assert g3.speech_anchors == {1: (397, 388), 2: (380, 152), 0: (653, 152)}


def test_the_seats_are_named_by_the_record_or_by_where_they_sit() -> None:
    sample = load(SAVES / "three" / "moscow-three-players.json")
    names = SeatNames(sample, bottom_seat(sample))
    assert names.speaker(1) == sample.players[1] and names.sheet_names() == tuple(sample.players)
    own = load(SAVES / "three" / "moscow-three-players.json")
    own.players = ["Игрок", "Бот", "Бот"]
    own.meta["human_seat"] = 1
    names = SeatNames(own, bottom_seat(own))
    assert names.me == 1 and names.speaker(1) == "Вы" and names.speaker(2) == "Соперник слева"
    assert names.short_label(0) == "Справа" and names.sheet_names() is None and names.seat_word(2) == "left"
    # the seats' labels (and «Играть за:») say what the move list says, each seat its own (issue 22)
    assert [names.seat_label(s) for s in range(3)] == ["Соперник справа", "Вы", "Соперник слева"]
    two = load(SAVES / "moscow-bait.json")
    two.players = ["Игрок", "Бот"]
    two.meta["human_seat"] = 0
    assert [SeatNames(two, 0).seat_label(s) for s in range(2)] == ["Вы", "Соперник"]


@dataclass
class At:
    """A position without a viewer: what the parts read (``names.Position``)."""

    record: GameRecord
    di: int
    pos: int
    match: Match = field(init=False)
    deal: Deal = field(init=False)
    events: list[Event] = field(init=False)
    positions: Positions = field(init=False)

    def __post_init__(self) -> None:
        self.positions = Positions(self.record)
        before = replay(prefix(self.record, self.di, self.pos - 1))
        self.events = before.apply(self.deal_actions()[self.pos - 1])
        self.match, self.deal = before, before.deals[-1]

    def deal_actions(self, di: int | None = None) -> list[Action]:
        return self.record.deals[self.di if di is None else di].actions

    def next_action(self) -> Action | None:
        actions = self.deal_actions()
        return actions[self.pos] if self.pos < len(actions) else None


def test_the_list_and_the_status_words_read_any_position() -> None:
    record = load(SAVES / "moscow-hanging.json")
    at = At(record, 0, 3)
    names = SeatNames(record, 0)
    texts = ActionList(names).texts(at, None)
    assert len(texts) == len(at.deal_actions()) + 1 and texts[0].startswith("0. ")
    assert texts[3].startswith(f"3. {names.speaker(at.deal.history[2][0])}: ")
    words = status_words(at, names, None)
    assert words.startswith("Сдача 1 из ") and texts[3].split(": ", 1)[1] in words


def _drawn_info(monkeypatch: pytest.MonkeyPatch, area: pygame.Rect) -> list[tuple[str, int]]:
    """The analysis panel of a three-player position with eight legal cards (issue 22: it was cut at
    «Потеряно очков в сдаче: Анна — 170,»): what ``draw_info`` writes, and where each piece ends."""
    from ui.fonts import font
    from ui.scenes.replay import analysis

    drawn: list[tuple[str, int]] = []

    def record(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, *a: object, **k: object) -> None:
        drawn.append((text, pos[0] + font(size, bool(k.get("bold"))).size(text)[0]))

    monkeypatch.setattr(analysis, "draw_text", record)
    cream, green, red = CREAM, GREEN, RED
    rows = [("7♠\t−32\t", green, False)] + [(f"{c}\t−32\t", cream, False) for c in ("В♠", "Д♠", "7♣", "10♦", "Т♥")]
    lines = [
        ("Следующий ход: Вера", GOLD, True),
        ("ошибка −8 (лучше 7♠)", red, True),
        ("Очки в открытую", cream, True),
        *rows,
        ("10♠\t−38\t", cream, False),
        ("Т♠\t−40\t  ◀", red, False),
        ("Потеряно очков в сдаче: Анна — 70, Борис — 108, Вера — 46", cream, False),
    ]
    analysis.draw_info(pygame.Surface((1024, 640)), area, lines)
    return drawn


def test_the_analysis_panel_shares_rows_of_equal_value_and_never_cuts_a_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    area = ReplayGeometry.compute((1024, 640), 3, 0).info_area
    drawn = _drawn_info(monkeypatch, area)
    texts = [t for t, _ in drawn]
    assert "В♠ Д♠ 7♣ 10♦ Т♥" in texts and "7♠" in texts  # the best card keeps its own (green) row
    assert texts[-1] == "Вера — 46" and "◀" in "".join(texts)  # everything drawn, the played card marked
    assert all(right <= area.right for text, right in drawn if text)
    low = pygame.Rect(area.x, area.y, area.w, 150)  # a panel too low for the lost points: left out whole
    texts = [t for t, _ in _drawn_info(monkeypatch, low)]
    assert not any(t.startswith(("Потеряно", "Анна")) for t in texts) and texts[-1].strip() == "◀"


def test_the_played_cards_mark_stands_after_its_values_inside_the_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    """A player's report: at 1024×640 the ◀ of the card played stood over «−30,2» and past the panel's edge — the
    columns were a fixed 80 pixels apart. Each column is now as wide as its widest cell."""
    from ui.fonts import font
    from ui.scenes.replay import analysis

    area = ReplayGeometry.compute((1024, 640), 3, 0).info_area
    drawn: list[tuple[str, int, int]] = []

    def record(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, *a: object, **k: object) -> None:
        drawn.append((text, pos[0], pos[0] + font(size, bool(k.get("bold"))).size(text)[0]))

    monkeypatch.setattr(analysis, "draw_text", record)
    rows = [("9♥\t+14\t−34", GREEN, False), ("7♠\t+8\t−32,5", CREAM, False), ("9♦\t+8\t−30,2\t  ◀", RED, False)]
    analysis.draw_info(pygame.Surface((1024, 640)), area, [("Очки: в открытую · вслепую", CREAM, True), *rows])
    cells = {text: (left, right) for text, left, right in drawn}
    assert cells["◀"][0] > cells["−30,2"][1] and cells["◀"][1] <= area.right
    assert cells["+14"][0] == cells["+8"][0] > cells["9♥"][1] and cells["−34"][0] == cells["−30,2"][0] > cells["+14"][1]


def test_a_line_too_long_for_the_panel_breaks_after_its_colon() -> None:
    """A player's report: «Следующий ход: ⚡ Жора» over «Лихой слева» split the name; the line breaks after «:»
    when that takes no more rows, and a short line stays whole."""
    from ui.fonts import font
    from ui.scenes.replay.analysis import wrap_after_colon

    text = "Следующий ход: ⚡ Жора Лихой слева"
    width = font(15, True).size("Следующий ход: ⚡ Жора")[0] + 4  # as narrow as the panel was
    assert wrap_after_colon(text, 15, width, True) == ["Следующий ход:", "⚡ Жора Лихой слева"]
    assert wrap_after_colon("Следующий ход: Вера", 15, 400, True) == ["Следующий ход: Вера"]


def test_a_mistake_by_the_open_cards_that_was_the_best_blind_says_so() -> None:
    """The mark is by the exact count (all cards open); where the player's own knowledge ranked the card played
    best, the words say it was the best blind — «ошибка» alone read as a mistake of reasoning."""
    from game.cards import Card
    from game.services.analysis.facts import CardDecision
    from ui.scenes.replay.texts import mistake_words

    nine, ten = Card.parse("9H"), Card.parse("TH")
    exact = {nine: 12.0, ten: 6.0}
    unlucky = CardDecision(0, 5, 1, ten, nine, 6.0, exact, {nine: -3.0, ten: -2.5})
    assert mistake_words(unlucky) == "−6 в открытую (лучше 9♥), но вслепую ход лучший"
    wrong = CardDecision(0, 5, 1, ten, nine, 6.0, exact, {nine: -1.0, ten: -4.5})
    assert mistake_words(wrong) == "ошибка −6 (лучше 9♥)"
    assert mistake_words(CardDecision(0, 5, 1, ten, nine, 6.0, exact)) == "ошибка −6 (лучше 9♥)"
