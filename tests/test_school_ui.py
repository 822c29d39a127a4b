"""«Школа» through the real UI: a headless window, real mouse and key events — the menu's button, the path, a
lesson answered wrong (a legal card held back, an illegal one refused) and then right, the coach's words, the
stars and the saved progress; a corrupt progress file reported and moved aside."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver as BaseDriver

from game.actions import Action, Kind
from game.cards import Card
from game.drills.model import ANY_CARD
from game.school import LESSONS
from ui.i18n import rule_text, tr, word
from ui.scenes.menu import MenuScene
from ui.scenes.school import LessonScene, SchoolPathScene
from ui.scenes.school_first import FirstDealScene
from ui.scenes.table.mode import Mode
from ui.school import star_text


class Driver(BaseDriver):
    def __init__(self, data_dir: Path, size: tuple[int, int] = (1280, 800)) -> None:
        super().__init__(data_dir, size=size, seed=3)

    @property
    def scene(self) -> LessonScene:
        assert isinstance(self.app.scene, LessonScene)
        return self.app.scene

    def open_school(self) -> SchoolPathScene:
        """From the menu, as a player does: the «Школа» button."""
        assert isinstance(self.app.scene, MenuScene)
        self.click(self.app.scene.button_rect("school").center)
        assert isinstance(self.app.scene, SchoolPathScene)
        return self.app.scene

    def start(self, key: str) -> LessonScene:
        path = self.app.scene
        assert isinstance(path, SchoolPathScene)
        self.click(path.rects[key].center)
        self.frames(2)
        return self.scene

    def answer(self, text: str) -> None:
        """A card dragged to the table, or a bidding button clicked."""
        action = Action.parse(text)
        t = self.scene
        self.frames()
        if action.kind is Kind.PLAY:
            assert action.card is not None
            self.drag_card_to_table(action.card)
        else:
            rects = t.decisions.panel.button_rects()
            assert action in rects, f"{action} not among {list(rects)}"
            self.click(rects[action].center)
        self.frames(2)

    def next(self) -> None:
        coach = self.scene.coach
        assert coach.next_button is not None
        self.click(coach.next_button.get_abs_rect().center)
        self.frames(2)

    def column(self) -> str:
        return "\n".join(b.text for b in self.scene.coach.blocks())


def history(d: Driver) -> list[str]:
    return [str(a) for _, a in d.scene.ctl.match.deals[-1].history]


def test_a_lesson_from_the_menu_wrong_then_right(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.open_school()
    lesson = LESSONS["cards"]
    t = d.start("cards")
    assert word(lesson.intro) in d.column() and word(lesson.tasks[0].question) in d.column()
    before = history(d)
    # a legal but wrong card: explained, not played
    d.answer("play:QS")
    assert history(d) == before
    assert word(lesson.tasks[0].wrong["play:QS"].why) in d.column()
    assert "✗" in d.column()
    # a player's pass: the card order went with the intro at the first answer; the lesson's reminder stays
    assert word(lesson.intro) not in d.column() and tr("school.cards.reminder") in d.column()
    d.frames(30)  # the card springs back down into its row (it stayed raised, as if still under the pointer)
    queen = Card.parse("QS")
    assert t.hand.lifted_rect(queen) == t.hand.rects[queen]
    # an illegal card: the table refuses it, the coach says the engine's rule and the lesson's words
    d.answer("play:AD")
    assert history(d) == before
    assert tr("illegal", why=rule_text("follow_suit")) in d.column()
    assert word(lesson.tasks[0].wrong["play:AD"].why) in d.column()
    assert t.coach.mistakes == 2
    # the right card is played and explained; «Дальше» opens the next task
    d.answer("play:TS")
    assert history(d)[-1] == "play:TS"
    assert word(lesson.tasks[0].right["play:TS"]) in d.column()
    d.next()
    assert d.scene.coach.index == 1 and d.scene.coach.mistakes == 2
    d.answer("play:AD")
    d.next()
    # «Какой ваш козырь старше туза?»: no card greyed, or the one bright card would be the answer
    d.frames(2)
    assert d.scene.hand.playable == set(d.scene.model.view.hand) and len(d.scene.hand.playable) == 9
    legal = {a.card for a in d.scene.model.view.legal if a.kind is Kind.PLAY}
    assert legal == {Card.parse("9C")}  # the rules allow one card, and the hand does not say which
    d.answer("play:9C")
    coach = d.scene.coach
    assert coach.finished and coach.stars == 1
    assert tr("school.finished", stars=star_text(1)) in d.column()
    saved = json.loads((tmp_path / "school.json").read_text("utf-8"))
    assert saved["lessons"] == {"cards": 1}
    # the end over the table: the stars and «Дальше», which opens the next lesson; Esc: the path, with the stars
    panel = d.scene.end_panel
    assert panel.visible and star_text(1) in str(panel.key)
    d.click(panel.button_rects()["next"].center)
    d.frames(2)
    assert d.scene.coach.lesson.key == "follow"
    d.key(pygame.K_ESCAPE)
    path = d.app.scene
    assert isinstance(path, SchoolPathScene) and path.store.get("cards") == 1
    assert path.store.next_lesson() == "follow"
    d.key(pygame.K_RETURN)  # Enter starts the marked lesson
    assert d.scene.coach.lesson.key == "follow"
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, MenuScene)


def test_the_question_stays_in_a_short_column_over_the_intro(tmp_path: Path) -> None:
    """Issue 26, the second pass (en, 1024 × 640): after a wrong and a right answer the column left out the
    question just answered and the wrong answer, and kept the lesson's long intro, read already."""
    from ui.i18n import set_language
    from ui.scenes.coach_panel import BUTTONS_H, fit_lines

    set_language("en")
    try:
        d = Driver(tmp_path, size=(1024, 640))
        d.open_school()
        t = d.start("cards")
        d.answer("play:QS")
        d.answer("play:TS")
        r = t.sheet.rect
        top = max(15, min(20, round(16 * t.geo.text_scale)))
        drawn = " ".join(line for line, *_ in fit_lines(t.coach.blocks(), r.w - 30, r.h - BUTTONS_H - 20, top))
        question = word(LESSONS["cards"].tasks[0].question).split()
        assert " ".join(question[:3]) in drawn
        assert "✗" in drawn and "✓" in drawn
        assert tr("school.cards.reminder")[:40] in drawn  # the card order, in a line, still there
    finally:
        set_language("ru")


def test_every_lesson_passes_with_three_stars_through_the_ui(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1024, 640))
    d.open_school()
    d.start(next(iter(LESSONS)))
    for key, lesson in LESSONS.items():
        assert d.scene.coach.lesson.key == key
        for i, task in enumerate(lesson.tasks):
            d.answer(next(iter(task.right)))
            assert d.scene.coach.solved, (key, i)
            if i < len(lesson.tasks) - 1 and d.scene.mode is Mode.PLAY:
                d.key(pygame.K_RETURN)  # Enter is «Дальше» too
            elif i < len(lesson.tasks) - 1:  # the answer ended the deal or the game: «Дальше» under its summary
                panel = d.scene.end_panel
                assert panel.visible and "rematch" not in panel.button_rects(), (key, i)
                d.click(panel.button_rects()["next"].center)
                d.frames(2)
        assert d.scene.coach.stars == 3
        last = key == list(LESSONS)[-1]  # the status says where «Дальше» goes: the next lesson, the first game
        said = d.scene.decisions.words.status_text(d.scene.moment())
        assert said == tr("school.status_done_last" if last else "school.status_done"), key
        d.next()
    assert isinstance(d.app.scene, FirstDealScene)  # the path's end: the first real deal
    saved = json.loads((tmp_path / "school.json").read_text("utf-8"))
    assert saved["lessons"] == dict.fromkeys(LESSONS, 3)


def test_a_bidding_task_is_answered_with_the_tables_buttons(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.open_school()
    lesson = LESSONS["bidding"]
    d.start("bidding")
    d.answer("pass")
    assert history(d) == [] and word(lesson.tasks[0].wrong["pass"].why) in d.column()
    d.answer("order")
    assert history(d) == ["order"]


def test_a_corrupt_progress_file_is_reported_and_moved_aside(tmp_path: Path) -> None:
    (tmp_path / "school.json").write_text("{broken", "utf-8")
    d = Driver(tmp_path)
    path = d.open_school()
    assert path.message is not None  # the player is told
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("school.corrupt-")]
    assert len(aside) == 1 and aside[0].read_text("utf-8") == "{broken"
    assert not (tmp_path / "school.json").exists()


def test_a_card_played_instead_of_the_announcement_is_held_back(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.app.switch(LessonScene(d.app, LESSONS["sequences"]))
    d.frames(2)
    task = LESSONS["sequences"].tasks[0]
    d.answer("play:AD")
    assert history(d) == ["order"] and word(task.wrong[ANY_CARD].why) in d.column()
    d.answer("announce:terz")
    assert history(d) == ["order", "announce:terz"] and d.scene.coach.solved
    d.answer("play:AD")  # the task is answered: the card waits for «Дальше»
    assert history(d) == ["order", "announce:terz"]


def test_the_tables_menu_button_leaves_a_lesson_without_a_save(tmp_path: Path) -> None:
    """A lesson is never a game: leaving it by «Меню» asks nothing and writes no saved game."""
    d = Driver(tmp_path)
    d.open_school()
    d.start("cards")
    d.answer("play:QS")
    menu = d.scene.menu_button
    assert menu is not None
    d.click(menu.get_abs_rect().center)
    assert isinstance(d.app.scene, MenuScene)
    assert not (tmp_path / "current.json").exists() and not (tmp_path / "games").exists()


def test_every_listed_wrong_answer_is_held_back_and_explained(tmp_path: Path) -> None:
    """Each task opened at the table: every listed wrong answer a player can give there (a card in hand, a button
    on the panel) is not played, costs a star and is explained in the lesson's words (an illegal one with the
    engine's rule too); then the right answer is played."""
    d = Driver(tmp_path, size=(1024, 640))
    tried = 0
    for lesson in LESSONS.values():
        for i, task in enumerate(lesson.tasks):
            d.app.switch(LessonScene(d.app, lesson, i))
            d.frames(2)
            before = history(d)
            for text, wrong in task.wrong.items():
                if text == ANY_CARD:
                    continue
                action = Action.parse(text)
                # every word the task lists has its button, legal or not (one button answered the question)
                assert action.kind is Kind.PLAY or action in d.scene.decisions.panel.button_rects(), (lesson.key, i)
                mistakes = d.scene.coach.mistakes
                d.answer(text)
                assert history(d) == before, (lesson.key, i, text)
                assert d.scene.coach.mistakes == mistakes + 1
                column = d.column()
                assert word(wrong.why) in column, (lesson.key, i, text)
                if wrong.rule is not None:
                    assert tr("illegal", why=rule_text(wrong.rule)) in column
                tried += 1
            d.answer(next(iter(task.right)))
            assert d.scene.coach.solved, (lesson.key, i)
    assert tried >= 30


def test_the_whole_path_fits_a_small_window(tmp_path: Path) -> None:
    """At 1024×640 the path (more lessons than one column holds) goes in two columns: every lesson's row and the
    first deal's, with their stars, lie inside the window, no two rows overlap, «Назад» is under them."""
    d = Driver(tmp_path, size=(1024, 640))
    path = d.open_school()
    window = pygame.Rect(0, 0, 1024, 640)
    rows = [r.union(pygame.Rect(r.right + 10, r.y, 110, r.h)) for r in path.rects.values()]
    assert list(path.rects) == [*LESSONS, "first"] and all(window.contains(r) for r in rows)
    assert all(not a.colliderect(b) for i, a in enumerate(rows) for b in rows[i + 1 :])
    back = next(b for b, key in path.buttons.items() if key == "back").get_abs_rect()
    assert window.contains(back) and all(not back.colliderect(r) for r in rows)


def test_a_false_claim_at_the_strict_table_is_asked_held_back_and_explained(tmp_path: Path) -> None:
    """The strict table's «Партия! (P)»: P, the table's «Да, партия!» — the lesson holds the false claim back (the
    game is not lost), says the penalty in its words, and a card plays on."""
    d = Driver(tmp_path, size=(1024, 640))
    lesson = LESSONS["etiquette"]
    task = lesson.tasks[-1]
    d.app.switch(LessonScene(d.app, lesson, len(lesson.tasks) - 1))
    d.frames(2)
    before = history(d)
    d.key(pygame.K_p)
    d.frames(2)
    answers = d.scene.decisions.panel.button_rects()
    yes = next(rect for payload, rect in answers.items() if payload == ("confirm_claim", Action(Kind.CLAIM)))
    d.click(yes.center)
    d.frames(2)
    assert history(d) == before and d.scene.ctl.match.over is None
    assert d.scene.coach.mistakes == 1 and word(task.wrong["claim"].why) in d.column()
    d.answer(next(iter(task.right)))
    assert d.scene.coach.solved


def test_an_unlisted_illegal_card_is_refused_with_the_rule_and_one_try_again(tmp_path: Path) -> None:
    """A card the lesson does not list (the nine of diamonds under the led king of spades): the engine's rule
    alone, and «Попробуйте ещё раз.» said once, not twice."""
    d = Driver(tmp_path, size=(1024, 640))
    d.open_school()
    d.start("cards")
    before = history(d)
    d.answer("play:9D")
    assert history(d) == before and d.scene.coach.mistakes == 1
    column = d.column()
    assert tr("illegal", why=rule_text("follow_suit")) in column
    assert column.count(tr("school.try_again")) == 1


def test_enter_and_esc_work_when_a_lesson_ends_the_game_or_the_deal(tmp_path: Path) -> None:
    """Seen in the newcomer's pass: after the claim lesson's «Партия!» the game-over panel said «Нажмите «Дальше»
    или Enter», and neither Enter nor Esc did anything (the ended table took no keys for its coach). Now Enter
    is «Дальше» and Esc goes back to the path — at a game's end and at a deal's summary alike."""
    d = Driver(tmp_path, size=(1024, 640))
    d.app.switch(LessonScene(d.app, LESSONS["game_end"], 0))
    d.frames(2)
    d.answer(next(iter(LESSONS["game_end"].tasks[0].right)))
    assert d.scene.mode is Mode.GAME_OVER and d.scene.coach.solved
    d.scene.overlay_since -= 5
    d.scene.last_key_at -= 5
    d.key(pygame.K_RETURN)
    d.frames(2)
    assert d.scene.coach.lesson.key == "game_end" and d.scene.coach.index == 1
    lesson = LESSONS["last_trick"]
    d.app.switch(LessonScene(d.app, lesson, len(lesson.tasks) - 1))
    d.frames(2)
    d.answer(next(iter(lesson.tasks[-1].right)))
    d.frames(5)
    assert d.scene.mode.ended
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, SchoolPathScene)


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)])  # two columns with captions (taller: one, tooltips)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_lessons_caption_is_read_whole_on_the_path(tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    """A player's pass: lesson 1's caption read «Какая карта старше — без козыря и в козырях; сколько…» at 1280×800.
    Where the path has captions, each fits its one line."""
    from ui.fonts import wrap
    from ui.scenes.school import FIRST

    (tmp_path / "settings.json").write_text(json.dumps({"language": lang}), "utf-8")
    d = Driver(tmp_path, size=size)
    path = d.open_school()
    assert path.caption_h > 0
    for key, rect in path.rects.items():
        caption = tr("school.first.teaches") if key == FIRST else word(LESSONS[key].teaches)
        assert len(wrap(caption, 15, rect.w + 120)) == 1, (key, caption)


def test_the_arrows_choose_a_lesson_and_enter_opens_it(tmp_path: Path) -> None:
    """The school's path took no arrows: Enter opened only the marked lesson. ↓ and ↑ choose one, from the marked
    one on, and Enter opens the chosen one."""
    d = Driver(tmp_path, size=(1280, 800))
    path = d.open_school()
    marked = path.suggested()
    keys = [*LESSONS, "first"]
    assert marked == keys[0] and path.cursor is None
    d.key(pygame.K_DOWN)  # the first press puts the choice on the marked lesson
    d.key(pygame.K_DOWN)
    d.key(pygame.K_DOWN)
    d.key(pygame.K_UP)
    assert path.cursor == keys[1]
    d.key(pygame.K_RETURN)
    assert d.scene.coach.lesson.key == keys[1]


def test_the_opponent_answers_the_learners_question_after_the_task(tmp_path: Path) -> None:
    """The dialog lesson's last task ended on «Проходит ли мой терц?», and nobody answered it."""
    d = Driver(tmp_path)
    d.open_school()
    d.start("dialog")
    tasks = LESSONS["dialog"].tasks
    for i, task in enumerate(tasks[:-1]):
        d.answer(next(iter(task.right)))
        assert d.scene.coach.solved, i
        d.key(pygame.K_RETURN)
    d.answer("ask-passes")
    assert d.scene.coach.solved
    for _ in range(100):  # the opponent's answer comes as a bot's word does, after its pause
        d.tick(1, 0.1)
        if history(d)[-1].startswith("passes:"):
            break
    assert history(d)[-2:] == ["ask-passes", "passes:no"]  # his терц from the king of clubs beats 7-8-9
    d.tick(20, 0.2)
    assert history(d)[-1] == "passes:no"  # and nothing after it: the story stops there
    assert not d.scene.decisions.panel.buttons  # no question panel over «Дальше» (it offered the swap and «Терц»)
    d.key(pygame.K_RETURN)
    assert d.scene.coach.lesson.key != "dialog"  # Enter is «Дальше»: the next lesson
