"""Announcement practice through the real UI: a headless window, real mouse events on the real dialog buttons.

Every drill situation is answered right and wrong; the coach's verdict, the engine's penalty, the bot's
remark, the running score file and the saved practice record are checked.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_driver import Driver as BaseDriver

from game.actions import Action, Kind
from game.cards import Card
from game.deal import Deal
from game.drills import ANY_CARD, SITUATIONS, Drill, make_drill
from game.record import load
from ui.i18n import penalty_text, word
from ui.practice import PracticeStore
from ui.scenes.menu import MenuScene
from ui.scenes.practice import REMARK, PracticePickerScene, PracticeScene


class Driver(BaseDriver):
    def __init__(self, data_dir: Path, size: tuple[int, int] = (1280, 800)) -> None:
        super().__init__(data_dir, size=size, seed=3)

    @property
    def scene(self) -> PracticeScene:
        assert isinstance(self.app.scene, PracticeScene)
        return self.app.scene

    def open(self, drill: Drill) -> PracticeScene:
        self.app.switch(PracticeScene(self.app, drill))
        self.frames(2)
        return self.scene

    def deal(self) -> Deal:
        return self.scene.ctl.match.deals[-1]  # assertions only

    def click_payload(self, payload: object) -> None:
        self.frames()
        rects = self.scene.decisions.panel.button_rects()
        assert payload in rects, f"{payload} not among {list(rects)}"
        self.click(rects[payload].center)

    def drag_card(self, card: Card | None) -> None:
        assert card is not None
        self.drag_card_to_table(card)

    def answer(self, key: str) -> None:
        """Give a drill answer the way a player does: a dialog button, or a card dragged to the table."""
        scene = self.scene
        step = scene.coach.drill.steps[scene.coach.current_step() or 0]
        legal = scene.model.view.legal
        if key == ANY_CARD:
            action = next(a for a in legal if a.kind is Kind.PLAY and not a.value and str(a) not in step.answers)
        else:
            action = Action.parse(key)
        if action.kind is not Kind.PLAY:
            self.click_payload(action)
            return
        self.drag_card(action.card)
        if scene.decisions.pending is not None:  # 'with belle?' — the real dialog buttons
            self.click_payload(("pending", action))
        assert action in [a for _, a in self.deal().history], f"{action} was not played"


def from_the_picker(d: Driver, situation: str) -> PracticeScene:
    """The drill ``situation`` opened as a player does: the picker, a click on its button."""
    d.app.switch(PracticePickerScene(d.app))
    d.frames(2)
    picker = d.app.scene
    assert isinstance(picker, PracticePickerScene)
    d.click(picker.rects[situation].center)
    return d.scene


def path_for(drill: Drill, right: bool) -> tuple[list[str], str | None]:
    """The answers to click: all correct ones, or correct ones up to the first step with a penalised mistake."""
    keys: list[str] = []
    for step in drill.steps:
        wrong = [k for k, a in step.answers.items() if not a.correct]
        if right or not wrong:
            keys.append(step.correct[0])
            continue
        penalised = [k for k in wrong if step.answers[k].penalty]
        key = (penalised or wrong)[0]
        keys.append(key)
        return keys, step.answers[key].penalty
    return keys, None


# one variant per sub-case that matters in the UI: both presets of the dialog, club/book/moscow belle, claims
UI_CASES = [
    ("announce_terz", 0),
    ("no_sequence", 1),
    ("lower_terz", 0),
    ("answer_fifty", 1),
    ("terz_vs_fifty", 0),
    ("rost_trump_moscow", 0),
    ("rost_trump_kharkov", 0),
    ("certainly_higher", 0),
    ("certainly_higher", 1),
    ("ask_passes", 0),
    ("answer_passes", 0),
    ("answer_passes", 1),
    ("belle", 0),
    ("belle", 1),
    ("belle", 2),
    ("claim", 0),
    ("claim", 1),
    ("claim", 2),
    ("offer", 0),
    ("offer", 1),
    # three players: the table for three, the bots' words left and right, the remark by the bidder on the left
    ("three_beat_both", 0),
    ("three_beat_both", 1),
    ("three_beat_both", 2),
    ("three_add_up", 0),
    ("three_add_up", 1),
    ("three_rodili", 0),
    ("three_rodili", 1),
]


def test_ui_cases_cover_every_situation() -> None:
    assert {s for s, _ in UI_CASES} == set(SITUATIONS)


@pytest.mark.parametrize(("situation", "variant"), UI_CASES)
def test_drill_answered_right_and_wrong_by_clicking(tmp_path: Path, situation: str, variant: int) -> None:
    d = Driver(tmp_path)
    drill = make_drill(situation, variant)
    score_file = tmp_path / "practice.json"
    for right in (True, False):
        scene = d.open(drill)
        assert scene.coach.current_step() == 0
        keys, penalty = path_for(drill, right)
        before = len(d.deal().penalties)
        for i, key in enumerate(keys):
            assert scene.coach.current_step() == i, (key, [str(a) for _, a in d.deal().history])
            d.answer(key)
            d.frames(2)
        assert scene.coach.verdict is right
        got = [p.reason for p in d.deal().penalties[before:] if p.seat == 0]
        assert got == ([penalty] if penalty else [])
        blocks = " ".join(text for text, *_ in scene.coach.coach_blocks())
        assert ("✓" in blocks) if right else ("✗" in blocks)
        if penalty:
            assert penalty_text(penalty, inline=True) in blocks  # «Штраф: ложное объявление — …»
        last = drill.steps[len(keys) - 1].answers[keys[-1]]
        if not right and last.remark is not None:
            assert scene.speech.text_of(REMARK) == word(last.remark)  # the bot's remark bubble
    data = json.loads(score_file.read_text("utf-8"))
    assert data["situations"][situation] == {"right": 1, "total": 2}


def test_menu_picker_drill_next_and_saved_record(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    assert isinstance(d.app.scene, MenuScene)
    d.click(d.app.scene.button_rect("practice").center)
    picker = d.app.scene
    assert isinstance(picker, PracticePickerScene)
    d.click(picker.button_rect("no_sequence").center)
    scene = d.scene
    assert scene.coach.drill.situation == "no_sequence" and scene.coach.drill.variant == 0
    d.answer("rost")  # «рост?» without a терц: a false announcement
    assert scene.coach.verdict is False
    d.click(scene.coach.next_button.get_abs_rect().center)  # type: ignore[union-attr]
    nxt = d.scene
    assert nxt is not scene and nxt.coach.drill.variant == 1
    saved = sorted((tmp_path / "games").glob("*-practice-no_sequence.json"))
    assert len(saved) == 1
    record = load(saved[0])
    assert record.meta["mode"] == "practice"
    answers = record.meta["practice"]["answers"]
    assert answers == [{"step": 0, "action": "rost", "correct": False, "penalties": ["false_rost"]}]
    assert not (tmp_path / "current.json").exists(), "practice never touches the saved game"
    from game.record import replay

    match = replay(record)
    result = match.deals[-1].result
    assert result is not None and [p.reason for p in result.penalties] == ["false_rost"]
    assert result.card_bait == 0
    # the picker shows the running score
    d.click(nxt.coach.picker_button.get_abs_rect().center)  # type: ignore[union-attr]
    picker = d.app.scene
    assert isinstance(picker, PracticePickerScene)
    assert picker.store.score("no_sequence") == (0, 1)


def test_corrupt_score_file_is_moved_aside_and_reported(tmp_path: Path) -> None:
    (tmp_path / "practice.json").write_text("{ not json", "utf-8")
    d = Driver(tmp_path)
    d.app.switch(PracticePickerScene(d.app))
    d.frames(2)
    picker = d.app.scene
    assert isinstance(picker, PracticePickerScene)
    assert picker.message is not None and picker.message.alive
    assert not (tmp_path / "practice.json").exists()
    assert list(tmp_path.glob("practice.corrupt-*.json"))
    picker.store.record("claim", True)
    assert PracticeStore.load(tmp_path / "practice.json").score("claim") == (1, 1)


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "deberts-practice", "version": 1, "situations": {"claim": {"right": 3, "total": 1}}}',
        '{"format": "other"}',
        "[]",
        '{"format": "deberts-practice", "version": 0, "situations": {}}',
    ],
)
def test_bad_score_files_never_crash(tmp_path: Path, text: str) -> None:
    path = tmp_path / "practice.json"
    path.write_text(text, "utf-8")
    store = PracticeStore.load(path)
    assert store.error and store.moved and store.scores == {}


def test_english_coach(tmp_path: Path) -> None:
    from ui import i18n

    d = Driver(tmp_path)
    i18n.set_language("en")
    try:
        scene = d.open(make_drill("rost_trump_kharkov", 0))
        d.answer("rost")
        d.frames(2)
        d.answer("mine")  # under Kharkov rules the leader's терц wins: a false «mine»
        blocks = " ".join(text for text, *_ in scene.coach.coach_blocks())
        assert "Mistake" in blocks and "bait on cards" in blocks and "Kharkov" in blocks
    finally:
        i18n.set_language("ru")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_picker_shows_the_drills_for_three_in_their_own_group(tmp_path: Path, size: tuple[int, int]) -> None:
    """The drills for two first; under the heading «Втроём…» the drills for three; every button and «Назад»
    inside the window, none overlapping, the heading between the groups."""
    d = Driver(tmp_path, size=size)
    d.app.switch(PracticePickerScene(d.app))
    d.frames(2)
    picker = d.app.scene
    assert isinstance(picker, PracticePickerScene) and picker.back is not None
    three = [k for k, s in SITUATIONS.items() if s.players == 3]
    two = [k for k in SITUATIONS if k not in three]
    assert three and set(picker.rects) == set(SITUATIONS)
    from ui.practice import pt

    assert [title for title, _ in picker.headings] == [pt("group_three")]
    heading_top = picker.headings[0][1]
    assert all(picker.rects[k].bottom <= heading_top for k in two)
    assert all(picker.rects[k].top >= heading_top + 20 for k in three)
    screen = pygame.Rect(0, 0, *size)
    rects = [*picker.rects.values(), pygame.Rect(picker.back.get_abs_rect())]
    assert all(screen.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_the_official_example_at_the_table_for_three(tmp_path: Path) -> None:
    """«Родили терц» from the picker: the table for three, the bidder's top card on the left and the partner's
    «не годится» on the right; a false «пятьдесят» clicked: the judge's penalty, the bidder's remark by the left
    seat, the coach naming him; then the right answer in the next drill of the same kind, and the saved record
    is a game for three."""
    from game.drills.three import BIDDER, PARTNER
    from ui.i18n import rank_genitive, tr
    from ui.seats import seat_side

    d = Driver(tmp_path)
    scene = from_the_picker(d, "three_rodili")
    assert (
        scene.coach.drill.situation == "three_rodili" and scene.coach.players == 3 and scene.coach.current_step() == 0
    )
    assert seat_side(scene.seat, BIDDER, 3) == "left" and seat_side(scene.seat, PARTNER, 3) == "right"
    top = scene.model.view.told_top
    assert top is not None and top.suit != scene.model.view.trump  # the drills' sequences are plain
    assert scene.speech.text_of(BIDDER) == tr("say_top", card=rank_genitive(top.rank))  # «От дамы»
    partner = scene.speech.text_of(PARTNER)  # the official example's words, as the table says them (issue 22)
    assert partner is not None and partner.startswith("Не годится. Пятьдесят от ")
    assert scene.model.view.said_top is not None and scene.model.view.said_top != top  # the partner's, not the bidder's
    assert set(scene.decisions.panel.button_rects()) == {Action.parse(k) for k in scene.coach.drill.steps[0].answers}
    # the partner's sequence is written: the panel asks whether to add one («родили»), not as an answer to an
    # opponent («Соперник справа: «Пятьдесят»», «Пишет» about a third player, «до первого хода»)
    labels = {b.text: b.tool_tip_text for b in scene.decisions.panel.buttons}
    assert {"Родили терц", "Родили пятьдесят", "Пишет"} <= set(labels)
    assert "до первого хода" not in (labels["Родили терц"] or "") and "третий" not in (labels["Пишет"] or "")
    assert "«Родили терц» или «Родили пятьдесят»" in " ".join(text for text, *_ in scene.coach.coach_blocks())
    assert scene.decisions.words.prompt(scene.moment(), list(scene.decisions.panel.buttons.values())).startswith(
        "Комбинация партнёра записана (+50)"
    )
    d.answer("announce:fifty")
    d.frames(2)
    assert scene.coach.verdict is False
    assert [p.reason for p in d.deal().penalties] == ["false_announcement"]
    assert scene.coach.remark_seat == BIDDER and scene.speech.text_of(REMARK)
    assert scene.speech.anchors[REMARK][0] < scene.geo.play.centerx  # the remark hangs by the left seat
    blocks = " ".join(text for text, *_ in scene.coach.coach_blocks())
    assert tr("seat_left") in blocks and penalty_text("false_announcement", inline=True) in blocks
    d.click(scene.coach.next_button.get_abs_rect().center)  # type: ignore[union-attr]
    d.click(d.scene.coach.next_button.get_abs_rect().center)  # type: ignore[union-attr]
    nxt = d.scene
    assert nxt.coach.drill.variant == 2 and nxt.coach.drill.steps[0].correct == ("announce:terz",)
    d.answer("announce:terz")  # «родили терц»
    d.frames(2)
    assert nxt.coach.verdict is True and d.deal().announcements.added_by == 0
    # the banner for the human's added терц says what it is worth (it said the bidder's fifty: 50)
    view = nxt.model.view
    mine = [b for b in nxt.banner.queue if b.kind == "shown" and set(b.cards) == set(view.shown[nxt.seat])]
    assert mine and view.added_points == 20 and "20" in mine[0].text and "50" not in mine[0].text
    saved = sorted((tmp_path / "games").glob("*-practice-three_rodili*.json"))
    assert saved and all(load(p).rules.players == 3 for p in saved)


def test_rodili_at_1024_the_partners_long_words_stay_clear_of_the_dialog(tmp_path: Path) -> None:
    """Beside the coach the table is narrow: the partner's «Не годится. Пятьдесят от туза…» stays inside the
    table (it ran under the coach), the dialog stands below it and above the hand, and when its question would not
    fit it asks the short «Добавите свою?» (it said «Ваш ответ», as if answering someone's words)."""
    from game.drills.three import PARTNER

    d = Driver(tmp_path, size=(1024, 640))
    scene = from_the_picker(d, "three_rodili")
    d.frames(3)
    bubble = scene.speech.rect_of(PARTNER, scene.size[0], scene.geo.others)
    assert bubble is not None and bubble.right <= scene.geo.play.right
    panel = scene.decisions.panel
    assert panel.visible and not panel.rect.colliderect(bubble)
    assert panel.rect.bottom <= scene.geo.hand_area.y
    # the partner's sequence is written: the panel asks about adding one, not about his words
    assert panel.key is not None and panel.key[0].startswith("Комбинация партнёра записана")
    prompt = [e.text for e in panel.panel.get_container().elements if isinstance(e, pygame_gui.elements.UILabel)]  # type: ignore[union-attr]
    assert prompt == ["Добавите свою?"]  # too long for the narrow table: the short question
    assert scene.status_text() == "Комбинация партнёра записана (+50). Добавите свою — «родили»?"  # not «Ваш ответ?»
    assert (scene.speech.text_of(PARTNER) or "").startswith("Не годится. Пятьдесят от туза")  # his words: his bubble


def test_h_in_a_drill_says_there_is_no_hint(tmp_path: Path) -> None:
    """H did nothing in a drill and said nothing (F1 there lists H): it says why there is none."""
    import time

    d = Driver(tmp_path)
    scene = d.open(make_drill("announce_terz", 1))
    d.key(pygame.K_h)
    shown = scene.status.current(time.monotonic())
    assert shown is not None and shown.text.startswith("В упражнении подсказки нет")


def test_the_drills_line_breaks_between_its_parts(tmp_path: Path) -> None:
    """«Московские (официальные) · упражнение 1 · верно» / «0 из 0»: the coach's line under the drill's title
    broke inside the score. Whatever the column's width, a part — the rules, the drill's number, the score —
    stays whole on its line, and no line starts with the dot between them."""
    from ui.fonts import wrap
    from ui.practice import pt

    d = Driver(tmp_path)
    scene = from_the_picker(d, "three_rodili")
    line = scene.coach.coach_blocks()[2].text
    parts = [pt("drill_n", n=1), pt("your_score", right=0, total=0)]
    for width in range(240, 440, 10):
        for size in (13, 14, 15):
            lines = [w.replace("\u00a0", " ") for w in wrap(line, size, width)]
            assert all(any(p in w for w in lines) for p in parts), (width, size, lines)
            assert not any(w.startswith("·") for w in lines), (width, size, lines)


@pytest.mark.parametrize("variant", [0, 1, 2])
def test_the_p_key_answers_a_claim_drill_as_its_button_does(tmp_path: Path, variant: int) -> None:
    """A player's report: in the claim drill, right after their trick with «Партия! (выигрыш)» in the panel, P
    (the key F1 lists for «Партия!») said «„Партия!“ объявляют после своей взятки, перед ходом» and did nothing.
    P now gives the panel's claim, judged like the click."""
    d = Driver(tmp_path)
    drill = make_drill("claim", variant)
    scene = d.open(drill)
    keys, _ = path_for(drill, True)
    for key in keys:
        if key == "claim":
            d.key(pygame.K_p)
            d.frames(2)
        else:
            d.answer(key)
            d.frames(2)
    assert scene.coach.verdict is True
    if "claim" in keys:
        assert any(a.kind is Kind.CLAIM for s, a in d.deal().history if s == 0)


def test_an_answer_is_worded_as_said_words_in_quotes_and_a_card_as_it_is() -> None:
    """The verdict «✓ Верно! — «пас»» quotes what is said; a card played is named as the School names it
    («Верно! — 7♠», not «7♠» in quotes)."""
    from ui.practice import answer_label

    assert answer_label("pass") == "«Пас»"
    assert answer_label("play:7S") == "7♠"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_pickers_buttons_speak_in_one_size(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen at 1024×640: four drills' titles in the small font among the rest — an uneven grid. Every title keeps
    the button font, inside the window, each beside its score."""
    d = Driver(tmp_path, size=size)
    d.app.switch(PracticePickerScene(d.app))
    d.frames(2)
    picker = d.app.scene
    assert isinstance(picker, PracticePickerScene)
    screen = d.app.screen.get_rect()
    for button, key in picker.buttons.items():
        assert "#small_button" not in button.object_ids, key
        assert screen.contains(picker.rects[key]) and picker.rects[key].right + 8 + 84 <= screen.right, key


@pytest.mark.parametrize("situation", [s for s in SITUATIONS if s not in ("claim", "offer")])
def test_the_remark_after_a_mistake_stays_clear_of_every_seats_name(tmp_path: Path, situation: str) -> None:
    """At 1024×640 a remark on two lines («„Рост?“ пятидесяти с одним терцем? Ложное объявление — ваши очки мои»)
    rose over the opponent's name: it was placed as if it had one line. It stands under the name, as drawn."""
    d = Driver(tmp_path, size=(1024, 640))
    scene = d.open(make_drill(situation, 0, 3))
    keys, _ = path_for(scene.coach.drill, right=False)
    for key in keys:
        d.answer(key)
        d.frames(3)
    d.frames(5)
    scene = d.scene
    remark = scene.speech.rect_of(REMARK, scene.size[0], scene.geo.others)
    assert remark is not None, "a mistake with a remark"
    assert remark.collidelist(list(scene.painter.label_rects.values())) < 0
    assert scene.geo.play.contains(remark)


@pytest.mark.parametrize("situation", ["three_beat_both", "three_add_up", "answer_fifty", "certainly_higher"])
def test_the_first_question_stays_clear_of_the_bubbles_and_the_hand_at_1024(tmp_path: Path, situation: str) -> None:
    """At 1024×640 the four answers of «Играющему надо перебить обоих» stood over the partner's «Пишет»: the panel,
    taller than its room below the bubble, was centred on that room. Its buttons close up, and it hangs down from
    the room's top, above the hand."""
    d = Driver(tmp_path, size=(1024, 640))
    scene = from_the_picker(d, situation)
    d.frames(3)
    panel = scene.decisions.panel
    assert panel.visible and len(panel.buttons) >= 3
    bubbles = [scene.speech.rect_of(s, scene.size[0], scene.geo.others) for s in scene.geo.others]
    assert any(bubbles) and not any(b is not None and panel.rect.colliderect(b) for b in bubbles)
    assert panel.rect.bottom <= scene.geo.hand_area.y
