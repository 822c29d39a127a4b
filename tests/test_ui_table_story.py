"""The table tells the story: the opponent's card lands and the full trick stays, counters and dialogs wait for
the cards that cause them, what was said stays until the next action.

Real pygame events through the app's loop; the bot runs as at the table (off the UI thread, paced by the
animations), not inline. Waiting loops have generous limits and never assert on durations.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import math
import time
from collections.abc import Callable
from pathlib import Path

import pygame
from ui_driver import Driver as BaseDriver
from ui_driver import finish_deal

from game.actions import Action, Kind
from game.deal import Phase
from ui import i18n
from ui.controller import GameController, GameOptions
from ui.i18n import card_name
from ui.scenes.table import Mode, TableScene


class Driver(BaseDriver):
    def __init__(self, data_dir: Path, animation: float = 8.0, trick_pause: float = 1e9) -> None:
        super().__init__(data_dir, animation_speed=animation)
        self.app.settings.trick_pause = trick_pause

    def start(self, seed: int = 5, etiquette: str = "guided", level: str = "easy") -> TableScene:
        """The human (seat 0) speaks first; the bot plays as at the table: in its thread, after the animations."""
        opts = GameOptions(seed=seed, first_dealer="bot", etiquette=etiquette, bot_level=level)
        ctl = GameController.new_game(self.app.paths, opts, **self.app.controller_kwargs())
        ctl.inline_bots = False
        ctl.bot_delay = 0.0
        scene = TableScene(self.app, ctl)
        self.app.switch(scene)
        self.frames(2)
        return scene

    def until(self, cond: Callable[[], bool], seconds: float = 20.0) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.frames()
            if cond():
                return
            time.sleep(0.004)
        raise AssertionError("the table never got there")

    def settled(self) -> bool:
        return not self.table.settling(time.monotonic())

    def click_button(self, pred: Callable[[object], bool]) -> None:
        self.until(lambda: any(pred(p) for p in self.table.decisions.panel.button_rects()))
        for payload, rect in self.table.decisions.panel.button_rects().items():
            if pred(payload):
                self.click((int(rect.centerx), int(rect.centery)))
                return

    def play_card(self, action: Action) -> None:
        """A double-click on the card (the hand's own geometry)."""
        assert action.card is not None
        rect = self.table.hand.lifted_rect(action.card)
        pos = (rect.x + 10, rect.y + rect.h // 3)
        self.click(pos)
        self.click(pos)

    def human_acts(self, prefer_card: bool = True, announce: bool = False) -> None:
        """One sensible human action through the interface: a card if one may be played, else a word."""
        self.until(lambda: self.table.ctl.human_to_act() and self.settled())
        view = self.table.model.view
        plays = [a for a in view.legal if a.kind is Kind.PLAY and not a.value]
        if view.phase is Phase.BIDDING_1:
            self.click_button(lambda a: getattr(a, "kind", None) is Kind.ORDER)
        elif announce and any(a.kind is Kind.ANNOUNCE for a in view.legal):
            self.click_button(lambda a: isinstance(a, Action) and a.kind is Kind.ANNOUNCE and a.value == 3)
        elif plays and prefer_card and view.phase is Phase.PLAY:  # while an answer is due, no card is legal
            self.play_card(plays[0])
        else:
            words = self.table.decisions.words.panel_words(self.table.model.view)
            pick = [a for a in words if a.kind in (Kind.PISHET, Kind.NO_CLAIM, Kind.TELL_TOP, Kind.ANSWER_PASSES)]
            target = (pick or words)[0]
            self.click_button(lambda a: a == target)


def play_to_a_trick(d: Driver, by_bot: bool = False) -> None:
    """The human acts until a trick is complete (``by_bot``: completed by the bot's card)."""
    t = d.table
    for _ in range(60):
        tricks = len(t.model.view.tricks)
        d.human_acts()
        d.until(lambda n=tricks: len(t.model.view.tricks) > n or t.ctl.human_to_act())  # type: ignore[misc]
        if len(t.model.view.tricks) > tricks and (not by_bot or t.model.view.history[-1][0] == 1):
            return
    raise AssertionError("no trick was completed")


def test_the_full_trick_stays_and_the_counters_wait_for_it(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    t = d.start()
    play_to_a_trick(d, by_bot=True)
    n = len(t.model.view.tricks)
    d.until(lambda: t.trick.holding(time.monotonic()))
    # the bot's card has landed beside the human's; the whole trick lies still
    assert len(t.trick.placed) == 2 and all(p.tween.done(time.monotonic()) for p in t.trick.placed)
    assert [p.card for p in t.trick.placed] == list(t.model.view.tricks[-1].cards)
    history = len(t.model.view.history)
    d.frames(30)
    assert t.trick.holding(time.monotonic())  # it does not go by itself (the pause is long here)
    assert len(t.shown.view.tricks) == n - 1  # the counters and the sheet still show the trick before
    assert not t.decisions.panel.visible  # no next question yet
    assert len(t.model.view.history) == history  # the bot does not lead over the full trick
    d.click((t.geo.play.x + 30, t.geo.band.bottom - 10))  # a click on the felt: seen, sweep it
    swept = set(t.model.view.tricks[-1].cards)
    d.until(lambda: len(t.shown.view.tricks) == n)  # the counters follow once the cards reach the pile
    assert not swept & {p.card for p in t.trick.placed}


def test_until_a_click_the_trick_waits_for_the_player_and_a_key_sweeps_it(tmp_path: Path) -> None:
    """A player's pass: «you barely see the finished trick», and the README said it stays until you click. The
    pause «до щелчка» keeps it until a click or Space/Enter."""
    from ui.settings import LONG_PAUSE, UNTIL_CLICK

    d = Driver(tmp_path, trick_pause=UNTIL_CLICK)
    t = d.start()
    play_to_a_trick(d, by_bot=True)
    n = len(t.model.view.tricks)
    d.until(lambda: t.trick.holding(time.monotonic()))
    assert t.trick.hold == float("inf")
    assert d.app.settings.reading_pause == LONG_PAUSE  # a banner's reading time does not wait for ever
    d.frames(20)
    assert t.trick.holding(time.monotonic()) and len(t.shown.view.tricks) == n - 1
    d.key(pygame.K_SPACE)
    d.until(lambda: len(t.shown.view.tricks) == n)


def test_the_trick_goes_by_itself_after_the_pause(tmp_path: Path) -> None:
    d = Driver(tmp_path, trick_pause=0.05)
    t = d.start()
    play_to_a_trick(d)
    d.until(lambda: not t.trick.placed and d.settled())
    d.frames(2)
    assert len(t.shown.view.tricks) == len(t.model.view.tricks) >= 1


def test_the_bidding_dialog_waits_for_the_deal(tmp_path: Path) -> None:
    d = Driver(tmp_path, animation=1.0)
    t = d.start()
    assert t.ctl.human_to_act() and t.model.view.phase is Phase.BIDDING_1
    assert t.flight.flyers  # the cards are flying in
    d.frames(3)
    assert not t.decisions.panel.visible
    d.until(lambda: t.decisions.panel.visible)
    assert not t.flight.busy(time.monotonic())


def test_what_the_bot_said_stays_until_the_next_action(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    t = d.start()
    d.until(d.settled)
    d.click_button(lambda a: getattr(a, "kind", None) is Kind.PASS)  # the human passes; the bot answers
    d.until(lambda: len(t.model.view.history) >= 2)
    said = t.speech.text_of(1)
    assert said is not None and t.model.view.history[1][0] == 1
    assert not t.speech.fading() and math.isinf(t.speech.bubbles[1].ttl)  # no timer takes it away
    d.frames(20)
    assert t.speech.text_of(1) == said and t.speech.text_of(0) is None  # the human's own «Пас» has given way
    if t.ctl.human_to_act():  # the human's next word replaces it
        d.human_acts()
        d.until(lambda: t.model.view.history[-1][0] == 0 or len(t.model.view.history) > 3)
        assert t.speech.text_of(1) != said or t.model.view.history[-1][0] == 1


def test_the_trick_pause_is_a_setting(tmp_path: Path) -> None:
    from ui.scenes.settings import SettingsScene
    from ui.settings import load_settings

    d = BaseDriver(tmp_path)
    d.app.switch(SettingsScene(d.app))
    d.frames(2)
    scene = d.app.scene
    assert isinstance(scene, SettingsScene)
    menu = scene.fields["trick_pause"]
    assert [o[0] for o in menu.options_list] == ["короткая", "обычная", "долгая", "до щелчка"]  # not «быстро»
    assert menu.selected_option[1] == "1.2"  # the default: about a second
    menu.selected_option = ("короткая", "0.4")
    scene.apply()
    assert load_settings(d.app.paths.settings_file).trick_pause == 0.4
    pygame.event.clear()


# ---------------------------------------------------------------------- the move log


def test_the_move_log_tells_the_deal_in_words(tmp_path: Path) -> None:
    d = Driver(tmp_path, trick_pause=0.05)
    t = d.start()
    face_up = i18n.card_name(t.model.view.face_up)
    assert t.movelog.lines == [(f"Вскрышка — {face_up}", "table")]  # the deal opens with the card turned up
    d.human_acts()  # the human orders: «Вы: играю»
    assert t.movelog.lines[1] == ("Вы: играю", "me")
    play_to_a_trick(d)
    d.until(lambda: not t.log.waiting and d.settled())
    texts = [text for text, _ in t.movelog.lines]
    assert any(text.startswith("Козырь ") and text.endswith("играете вы") for text in texts)
    trick = t.model.view.tricks[0]
    who = "ваша" if trick.winner == 0 else "соперника"
    assert any(text.startswith(f"— взятка {who}, ") and text.endswith(("очко", "очка", "очков")) for text in texts)
    played = [text for text in texts if text.startswith(("Вы: ", "Соперник: ")) and text[-1] in "♠♣♦♥"]
    assert len(played) >= 2
    # the same deal, worded again from the engine's replay (a restored game, undo), reads the same
    again = list(t.movelog.lines)
    t.rebuild_log()
    assert t.movelog.lines == again


def test_the_move_log_opens_with_the_card_turned_up_even_after_the_trump_seven_took_it(tmp_path: Path) -> None:
    """The вскрышка is the deal's first line, also when the log is written again (undo, a restored game) after a
    swap put the trump seven where it lay: the line names the card turned up, not the seven."""
    d = Driver(tmp_path)
    for seed in range(40):
        t = d.start(seed=seed)
        deal = t.ctl.match.deals[-1]
        turned = deal.face_up
        for _ in range(30):
            swaps = [a for a in deal.legal_actions() if a.kind is Kind.SWAP]
            if swaps or deal.phase not in (Phase.BIDDING_1, Phase.BIDDING_2):
                break
            t.ctl.match.apply(next(a for a in deal.legal_actions() if a.kind is Kind.ORDER))
        if not swaps:
            continue
        t.ctl.match.apply(swaps[0])
        assert deal.face_up != turned  # the seven lies there now
        t.rebuild_log()
        assert t.movelog.lines[0] == (f"Вскрышка — {card_name(turned)}", "table")
        return
    raise AssertionError("no deal in 40 where the bidder could swap the trump seven")


def test_the_move_log_scrolls_with_the_wheel_and_speaks_english(tmp_path: Path) -> None:

    d = Driver(tmp_path, trick_pause=0.05)
    i18n.set_language("en")
    try:
        t = d.start()
        face_up = i18n.card_name(t.model.view.face_up)
        for _ in range(4):
            play_to_a_trick(d)
        d.until(lambda: not t.log.waiting and d.settled())
        assert [text for text, _ in t.movelog.lines[:2]] == [f"Turned up: {face_up}", "You: I play"]
        assert any(text.startswith("— ") and text.endswith("points") for text, _ in t.movelog.lines)
        assert len(t.movelog.rows()) > t.movelog.visible_rows()  # more than fits: the newest is in view
        newest = t.movelog.shown_lines()
        assert newest[-1] == t.movelog.rows()[-1][0]
        assert not newest[0].startswith(" ")  # a line cut at the top is left out whole
        d.move(t.movelog.rect.center)
        d.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
        d.frames()
        assert t.movelog.scroll > 0 and t.movelog.shown_lines()[-1] != t.movelog.rows()[-1][0]  # older lines
        d.post(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False, precise_x=0.0, precise_y=-10.0)
        d.frames()
        assert t.movelog.scroll == 0 and t.movelog.shown_lines()[-1] == t.movelog.rows()[-1][0]  # back to the newest
    finally:
        i18n.set_language("ru")


def test_points_in_the_log_agree_with_their_number() -> None:
    from ui.scenes.table.story import points_text

    assert [points_text(n) for n in (1, 2, 5, 11, 14, 21, 22, 25, 0)] == [
        "1 очко",
        "2 очка",
        "5 очков",
        "11 очков",
        "14 очков",
        "21 очко",
        "22 очка",
        "25 очков",
        "0 очков",
    ]
    i18n.set_language("en")
    try:
        assert [points_text(n) for n in (1, 2, 21)] == ["1 point", "2 points", "21 points"]
    finally:
        i18n.set_language("ru")


# ---------------------------------------------------------------------- shown sequences, the judge


def announced_terz(d: Driver) -> TableScene:
    """Seed 5: the human holds a терц, announces it, the bot says «пишет»; played on to the first trick."""
    t = d.start(seed=5)
    for _ in range(8):
        if t.model.view.tricks:
            break
        d.human_acts(announce=True)
        d.until(lambda: t.ctl.human_to_act() or bool(t.model.view.tricks))
    return t


def test_the_winner_shows_the_sequences_on_the_table(tmp_path: Path) -> None:
    from ui.widgets.summary import shown_notes

    d = Driver(tmp_path)
    t = announced_terz(d)
    assert t.model.view.sequence_owner == 0
    cards = t.model.view.shown[0]
    assert cards  # public once the first trick is in
    d.click((t.geo.play.x + 30, t.geo.band.bottom - 10))  # sweep the first trick
    d.until(lambda: t.banner.current(time.monotonic()) is not None)
    banner = t.banner.current(time.monotonic())
    assert banner is not None and banner.kind == "shown" and banner.cards == cards
    assert banner.title == "Вы показываете терц" and banner.text == "Записывается 20 очков"
    assert any(text.startswith("Вы показали: ") for text, _ in t.movelog.lines)
    history = len(t.model.view.history)
    d.frames(20)
    assert t.banner.rect.w > 0 and len(t.model.view.history) == history  # shown; the game waits for it
    assert not t.decisions.panel.visible
    d.click(t.banner.rect.center)  # seen
    assert t.banner.current(time.monotonic()) is None
    # the deal summary names the shown cards
    names = " ".join(card_name(c) for c in cards)
    assert shown_notes(t.model.view, 0)[0][0] == f"Вы показали: {names}"


def test_a_penalty_is_announced_by_the_judge_not_by_the_player(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    t = d.start(seed=2, etiquette="strict")  # strict: «Терц» may be said without one — a false announcement
    d.human_acts()  # order
    d.until(lambda: t.ctl.human_to_act() and d.settled())
    # at the strict table the «Терц» button says what a false class costs (the panel offers it without one)
    d.until(lambda: any(isinstance(a, Action) and a.kind is Kind.ANNOUNCE for a in t.decisions.panel.button_rects()))
    terz = next(b for b, a in t.decisions.panel.buttons.items() if isinstance(a, Action) and a.kind is Kind.ANNOUNCE)
    assert (terz.tool_tip_text or "").endswith("класс, которого нет на руках, не объявляют — байт на картах.")
    # the status line lists the words in quotes («…мой терц?», «Терц»: «терц?, Терц» read as broken punctuation)
    assert "до хода можно: «" in t.status_text() and "«Терц»" in t.status_text()
    d.click_button(lambda a: isinstance(a, Action) and a.kind is Kind.ANNOUNCE and a.value == 3)
    assert t.model.view.penalties and t.model.view.penalties[0].seat == 0
    banner = t.banner.current(time.monotonic())
    assert banner is not None and banner.kind == "judge" and banner.title == "Судья: штраф вам"
    assert banner.text.startswith("Ложное объявление")  # names the penalty and the rule
    # and what the байт на картах costs, said to the player (the banner stopped at the term)
    assert banner.text.endswith("байт на картах. Все очки сдачи пишет соперник.")
    assert t.speech.text_of(0) == "Терц"  # the player said «Терц»; the penalty is not put in its mouth
    assert any(text.startswith("Штраф вам: ложное объявление — ") for text, _ in t.movelog.lines)  # one colon
    d.frames(10)
    assert t.banner.rect.colliderect(t.geo.trick_area)  # in the centre of the table
    assert not t.decisions.panel.visible
    d.key(pygame.K_SPACE)  # read
    assert t.banner.current(time.monotonic()) is None


def test_the_judges_banner_holds_the_next_question_with_animations_off(tmp_path: Path) -> None:
    """With animations off a banner does not hold the game, and the next question's panel covered «Судья: штраф
    вам» and its reason (seen in the drills). The question now waits under the judge's banner until it is read."""
    d = Driver(tmp_path, animation=0.0)
    t = d.start(seed=2, etiquette="strict")
    d.human_acts()  # order
    d.until(lambda: t.ctl.human_to_act() and d.settled())
    d.click_button(lambda a: isinstance(a, Action) and a.kind is Kind.ANNOUNCE and a.value == 3)
    d.frames(5)
    now = time.monotonic()
    banner = t.banner.current(now)
    assert banner is not None and banner.kind == "judge"
    assert t.banner_speaks(now) and not t.banner_holds(now)  # the next question waits for it, the cards do not
    d.key(pygame.K_SPACE)  # read
    d.frames(2)
    assert t.banner.current(time.monotonic()) is None and not t.banner_speaks(time.monotonic())


def test_the_shown_sequences_hold_the_next_question_with_animations_off(tmp_path: Path) -> None:
    """A player's pass with animations off: «Вы показываете терц / Записывается 20 очков» stood under the next
    question's panel («Партия! (выигрыш)» covered the shown cards). The question waits for it as for the judge."""
    d = Driver(tmp_path, animation=0.0)
    t = announced_terz(d)
    d.until(lambda: t.banner.current(time.monotonic()) is not None)
    now = time.monotonic()
    banner = t.banner.current(now)
    assert banner is not None and banner.kind == "shown"
    assert t.banner_speaks(now) and not t.banner_holds(now)  # the next question waits for it, the cards do not
    d.click(t.banner.rect.center)  # seen
    d.frames(2)
    assert t.banner.current(time.monotonic()) is None and not t.banner_speaks(time.monotonic())


# ---------------------------------------------------------------------- collisions, keys


def test_the_seat_names_clear_the_cards_at_every_size(tmp_path: Path) -> None:
    for size in ((1024, 640), (1280, 800), (1920, 1080)):
        d = BaseDriver(tmp_path / f"{size[0]}", animation_speed=0.0, size=size)
        opts = GameOptions(seed=5, first_dealer="bot", bot_level="easy")
        ctl = GameController.new_game(d.app.paths, opts, **d.app.controller_kwargs())
        t = TableScene(d.app, ctl)
        d.app.switch(t)
        d.frames(2)
        d.key(pygame.K_RIGHT)  # the keyboard lifts the leftmost card
        assert t.hand.selected == 0 and t.hand.focus_visible
        d.frames(2)
        mine, theirs = t.painter.label_rects[0], t.painter.label_rects[1]
        assert not any(mine.colliderect(t.hand.lifted_rect(c)) for c in t.hand.cards), size
        assert not any(theirs.colliderect(r) for r in t.geo.opp_card_rects(9)), size  # a full row of nine
        top = t.hand.lifted_rect(t.hand.cards[0])
        assert not mine.colliderect(pygame.Rect(top.centerx - 12, top.y - 20, 24, 16))  # nor the cursor's marker


def test_a_collected_trick_lands_on_the_pile_above_the_status_bar(tmp_path: Path) -> None:
    d = Driver(tmp_path, animation=1.0)
    t = d.start()
    play_to_a_trick(d)
    d.until(lambda: t.trick.holding(time.monotonic()))
    d.click((t.geo.play.x + 30, t.geo.band.bottom - 10))
    d.until(lambda: bool(t.trick.collect))
    end = max(tw.ends_at for tw in t.trick.collect)
    for i in range(len(t.trick.placed)):
        _, rect = t.trick.card_image(i, end)
        assert rect.bottom <= t.geo.status_rect.top and rect.h == t.geo.opp_h  # a pile-sized card on the pile


def test_the_keyboard_cursor_is_not_the_hint_and_enter_works_after_a_double_click(tmp_path: Path) -> None:
    from ui.widgets.hand import CURSOR

    d = Driver(tmp_path, trick_pause=0.05)
    t = d.start()
    d.human_acts()  # order
    d.until(lambda: t.ctl.human_to_act() and d.settled() and any(a.kind is Kind.PLAY for a in t.model.view.legal))
    words = [a for a in t.model.view.legal if a.kind is not Kind.PLAY]
    assert not words or all(a.kind in (Kind.ANNOUNCE, Kind.BELLE, Kind.SWAP, Kind.CLAIM) for a in words)
    first = next(a for a in t.model.view.legal if a.kind is Kind.PLAY and not a.value)
    d.play_card(first)  # a double-click plays it
    assert first.card not in t.model.view.hand
    d.until(lambda: t.ctl.human_to_act() and d.settled())
    if not any(a.kind is Kind.PLAY for a in t.model.view.legal) or t.model.view.phase is not Phase.PLAY:
        return  # the deal went on to words; the point was made on the first card
    assert t.hand.selected_card() is None
    d.key(pygame.K_RETURN)  # the first Enter puts the cursor on a card to play
    card = t.hand.selected_card()
    assert card is not None and t.hand.focus_visible and card in (t.hand.playable or set())
    d.frames(2)
    rect = t.hand.lifted_rect(card)
    assert tuple(d.app.screen.get_at((rect.centerx, rect.y - 12)))[:3] == CURSOR  # the blue marker, not gold
    before = len(t.model.view.history)
    d.key(pygame.K_RETURN)  # the second plays it
    assert len(t.model.view.history) > before and card not in t.model.view.hand


def test_answer_tooltips_wait_for_a_resting_pointer_and_stay_off_the_buttons(tmp_path: Path) -> None:
    d = Driver(tmp_path, animation=0.0)
    t = d.start()
    d.until(lambda: t.decisions.panel.visible)
    rects = t.decisions.panel.button_rects()
    assert len(rects) >= 2
    btn = next(iter(t.decisions.panel.buttons))
    target = btn.get_abs_rect()
    d.move((int(target.centerx), int(target.centery)))
    d.move((int(target.centerx) + 3, int(target.centery)))  # moving on the button: the wait starts again
    assert btn.hover_time < 0.2 and btn.tool_tip is None
    d.until(lambda: btn.tool_tip is not None, seconds=5)
    d.frames(2)
    tip = btn.tool_tip
    assert tip is not None
    tip_rect = tip.get_abs_rect()
    assert not any(tip_rect.colliderect(r) for r in rects.values())  # covers no answer
    assert not tip_rect.colliderect(t.decisions.panel.panel.get_abs_rect())  # nor the panel  # type: ignore[union-attr]
    assert not tip_rect.colliderect(t.geo.hand_area)  # nor the hand (issue 22: «Терц», «Даве» covered it)


def test_a_stray_key_does_not_skip_the_deal_summary(tmp_path: Path) -> None:
    d = Driver(tmp_path, animation=0.0)
    t = d.start()
    ctl = t.ctl
    finish_deal(t)  # quickly, through the controller
    d.until(lambda: t.mode is Mode.SUMMARY)
    d.key(pygame.K_RETURN)  # pressed at once (say, meant for the last card): ignored
    assert t.mode is Mode.SUMMARY and len(ctl.match.deals) == 1
    for _ in range(4):  # Enter every half second (issue 22): a rhythm of presses, never a reader's
        t.overlay_since -= 0.5
        t.last_key_at -= 0.5
        d.key(pygame.K_RETURN)
        assert t.mode is Mode.SUMMARY and len(ctl.match.deals) == 1
    t.last_key_at -= 1.0  # a pause, then Enter: read
    d.key(pygame.K_RETURN)
    assert t.mode is Mode.PLAY and len(ctl.match.deals) == 2  # type: ignore[comparison-overlap]


# ---------------------------------------------------------------------- strict etiquette: the claim, undo


def to_a_claim_moment(d: Driver) -> None:
    """Play until the human has taken a trick and is to lead: the one moment a claim may be made."""
    t = d.table
    for _ in range(9):
        play_to_a_trick(d)
        d.until(lambda: d.settled() and (t.ctl.human_to_act() or t.model.view.phase is not Phase.PLAY))
        if t.model.view.tricks[-1].winner == 0 and t.ctl.human_to_act():
            return
    raise AssertionError("the human never took a trick")


def test_strict_play_never_prompts_the_claim_but_offers_it_by_key_and_button(tmp_path: Path) -> None:
    d = Driver(tmp_path, trick_pause=0.05)
    t = d.start(seed=2, etiquette="strict")
    assert t.claim_button is not None and t.claim_button.visible and not t.claim_button.is_enabled
    to_a_claim_moment(d)
    assert any(a.kind is Kind.CLAIM for a in t.model.view.legal)  # the engine allows it (false at 0:0)
    assert not any(getattr(p, "kind", None) is Kind.CLAIM for p in t.decisions.panel.button_rects())  # not a button
    assert "Партия" not in t.status_text()
    assert t.claim_button is not None and t.claim_button.visible and t.claim_button.is_enabled
    d.key(pygame.K_p)  # the key asks once: a false claim loses the game
    assert t.decisions.confirm_claim is not None
    d.frames()
    assert t.decisions.panel.visible and any(p == ("confirm_claim", None) for p in t.decisions.panel.button_rects())
    d.click_button(lambda p: p == ("confirm_claim", None))  # «нет»
    assert t.decisions.confirm_claim is None and not any(a.kind is Kind.CLAIM for _, a in t.model.view.history)
    d.click(t.claim_button.get_abs_rect().center)  # the button asks the same
    assert t.decisions.confirm_claim is not None
    d.click_button(lambda p: isinstance(p, tuple) and p[0] == "confirm_claim" and p[1] is not None)
    assert t.model.view.history[-1][1].kind is Kind.CLAIM  # claimed (falsely: the judge will say so)
    assert any(ev for ev in t.model.view.penalties if ev.reason == "false_claim")


def test_guided_play_prompts_the_claim_only_when_true(tmp_path: Path) -> None:
    d = Driver(tmp_path, trick_pause=0.05)
    t = d.start(seed=2)
    to_a_claim_moment(d)
    assert not any(a.kind is Kind.CLAIM for a in t.model.view.legal)  # at 0:0 it is not true: not offered
    assert t.claim_button is not None and not t.claim_button.visible
    d.key(pygame.K_p)
    assert t.decisions.confirm_claim is None


def test_undo_names_its_actual_reason(tmp_path: Path) -> None:
    d = Driver(tmp_path, animation=0.0)
    t = d.start(seed=5)
    t.ctl.inline_bots = False
    t.ctl.bot_delay = 1e9  # the bot waits: the human's word can be taken back
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert t.status.message is not None and t.status.message[0] == "Отменять пока нечего"
    d.click_button(lambda a: getattr(a, "kind", None) is Kind.PASS)
    t.ctl.bot_delay = 0.0
    d.until(lambda: t.model.view.history[-1][0] == 1)
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert t.status.message is not None and t.status.message[0] == "Отменить нельзя: соперник уже ответил"
    d2 = Driver(tmp_path / "strict", animation=0.0)
    t2 = d2.start(seed=5, etiquette="strict")
    t2.ctl.bot_delay = 1e9
    d2.click_button(lambda a: getattr(a, "kind", None) is Kind.PASS)
    d2.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert t2.status.message is not None and t2.status.message[0] == "В строгом режиме ход не возвращают"
    t.mode = Mode.SUMMARY
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert t.status.message is not None and t.status.message[0] == "Отменить нельзя: сдача окончена"


def test_a_click_on_the_greyed_undo_button_says_why(tmp_path: Path) -> None:
    d = Driver(tmp_path, animation=0.0)
    t = d.start(seed=5, etiquette="strict")
    t.ctl.bot_delay = 1e9
    d.click_button(lambda a: getattr(a, "kind", None) is Kind.PASS)
    assert t.undo_button is not None and not t.undo_button.is_enabled
    d.click(t.undo_button.get_abs_rect().center)
    assert t.status.message is not None and t.status.message[0] == "В строгом режиме ход не возвращают"
    assert t.claim_button is not None and not t.claim_button.is_enabled
    d.click(t.claim_button.get_abs_rect().center)
    assert t.status.message is not None and t.status.message[0] == "«Партия!» объявляют после своей взятки, перед ходом"
    assert t.decisions.confirm_claim is None


def test_autoplay_does_not_wait_for_a_reader(tmp_path: Path) -> None:
    from ui.app import App, AppOptions
    from ui.scenes.table.scene import AUTOPLAY_PAUSE

    app = App(AppOptions(data_dir=str(tmp_path), autoplay=True, deals=1, testing=True, seed=5))
    t = app.scene
    assert isinstance(t, TableScene) and t.autoplay
    app.settings.trick_pause = 2.5
    app.settings.animation_speed = 1.0
    t.sync()
    assert t.trick.hold == AUTOPLAY_PAUSE  # a demo keeps moving; a player's pause is for reading
    from ui.widgets.banner import Banner

    t.banner.show(Banner("judge", "x", "y", 5.0))
    assert t.banner.busy(time.monotonic()) and not t.banner_holds(time.monotonic())


def test_your_turn_waits_for_the_opponents_card_to_land(tmp_path: Path) -> None:
    """Issue 22: «Ваш ход» and «Партия!» came on while the opponent's card was still flying."""
    d = Driver(tmp_path, animation=1.0, trick_pause=0.1)  # a full trick goes by itself
    t = d.start(seed=5)
    seen_flying = 0
    for _ in range(30):
        if t.model.view.phase is Phase.OVER:
            break
        d.human_acts()
        for _ in range(400):
            d.frames()
            now = time.monotonic()
            if t.trick.card_in_flight(now) and t.ctl.human_to_act():
                seen_flying += 1
                assert not t.moment().human_to_act
                assert not t.status_text().startswith("Ваш ход")
                assert t.decisions.words.claim_action(t.moment()) is None
            if t.ctl.human_to_act() and d.settled():
                break
            time.sleep(0.004)
        if seen_flying >= 3 or t.model.view.phase is Phase.OVER:  # type: ignore[comparison-overlap]
            break
    assert seen_flying >= 3  # the opponent's card was seen in flight with the human to play next
    d.until(lambda: t.ctl.human_to_act() and d.settled())
    assert t.moment().human_to_act


def test_the_sequences_note_is_about_its_moment_and_the_summary_says_the_deal_is_over(tmp_path: Path) -> None:
    """«Вы: терц +20» in the status line belongs to the moment the dialog was settled: it goes with the next
    action (it stood 3.5 s over the next question's words) and never over the deal summary («Сдача окончена»);
    a failed save's message is not a note and stays."""
    d = Driver(tmp_path)
    t = d.start(seed=5)  # the human holds a терц, announces it, and the bot says «пишет»
    for _ in range(8):
        if t.model.view.sequence_owner is not None:
            break
        d.human_acts(announce=True)
        d.until(lambda: t.ctl.human_to_act() or t.model.view.sequence_owner is not None)
    assert t.model.view.sequence_owner == 0
    note = t.status.current(time.monotonic())
    assert note is not None and note.text == "Вы: терц +20" and t.status.about is not None
    deal, actions = t.status.about
    t.status.moved_to((deal, actions + 1))  # the next action: the note has had its moment
    assert t.status.current(time.monotonic()) is None
    t.flash("Вы: терц +20")  # a note left from the last trick when the deal ends...
    t.open_overlay(time.monotonic())
    assert t.status.current(time.monotonic()) is None  # ...gives way to «Сдача окончена»
    t.flash("Не удалось сохранить", error=True)
    t.status.drop_notes()
    assert t.status.current(time.monotonic()) is not None


def test_the_log_names_a_characters_seat_in_the_case_the_line_needs() -> None:
    """«⚡ Жора Лихой слева» said a card; the lines about that seat name him too, declined as Russian has it:
    «играет ⚡ Жора Лихой слева», «взятка ⚡ Жоры Лихого слева», «штраф ⚡ Жоре Лихому слева»; a level's seat keeps
    «соперник справа»; English has one form."""
    from game.deal import Event, EventKind
    from game.scoring import PenaltyReason
    from ui.scenes.table.story import step_lines

    events = [
        Event(EventKind.TRUMP, seat=1, value=0),
        Event(EventKind.TRICK, seat=1, value=20),
        Event(EventKind.SEQUENCES, seat=2, value=50),
        Event(EventKind.PENALTY, seat=1, detail=PenaltyReason.FALSE_ROST),
        Event(EventKind.TRICK, seat=2, value=11),
    ]

    def lines(levels: dict[int, str], players: int = 3) -> list[str]:
        return [text for text, _ in step_lines(Action(Kind.PLAY), events, 0, players, levels)]

    bold = lines({1: "bold", 2: "hard"})
    assert bold[0].endswith("играет ⚡ Жора Лихой слева")
    assert bold[1] == "— взятка ⚡ Жоры Лихого слева, 20 очков"
    assert bold[2] == "Комбинации партнёра справа: 50 очков"  # the other вистующий, once the contract is made
    assert bold[3].startswith("Штраф ⚡ Жоре Лихому слева: ")
    assert bold[4] == "— взятка партнёра справа, 11 очков"
    valya = lines({1: "simple", 2: "careful"})
    assert valya[1] == "— взятка ☕ Тёти Вали слева, 20 очков"
    assert valya[2] == "Комбинации ⚖ Петра Саввича справа: 50 очков"
    assert valya[3].startswith("Штраф ☕ Тёте Вале слева: ")
    assert lines({1: "rovnya:1300"}, players=2)[1] == "— взятка ☯ Ровни, 20 очков"
    assert lines({})[1] == "— взятка соперника слева, 20 очков"
    i18n.set_language("en")
    try:
        en = lines({1: "bold", 2: "hard"})
        assert en[1] == "— the trick goes to ⚡ Zhora the Daring (left), 20 points"
        assert en[3].startswith("A penalty on ⚡ Zhora the Daring (left): ")
    finally:
        i18n.set_language("ru")


def test_the_last_trick_is_worded_with_its_posled(tmp_path: Path) -> None:
    """A player's report: the last trick read «взятку берёт Анна (+0)» while the deal's result counted its 10 for
    the последа. The move log and the replay's line say «+ послед 10» on the ninth trick, and only there."""
    from game.deal import Deal, EventKind
    from game.record import load, replay
    from ui.scenes.replay.drawing import status_words
    from ui.scenes.table.story import step_lines

    sample = Path(__file__).resolve().parent.parent / "saves" / "moscow-bait.json"
    deal = replay(load(sample)).deals[0]
    fresh = Deal(deal.rules, deal.dealer, deal.deck, deal.context)
    tricks = []
    for _, action in deal.history:
        events = fresh.apply(action)
        if any(ev.kind is EventKind.TRICK for ev in events):
            tricks.append([text for text, _ in step_lines(action, events, 0, 2) if text.startswith("— взятка")])
    assert len(tricks) == 9
    assert all("послед" not in line for lines in tricks[:8] for line in lines)
    assert tricks[8][0].endswith("+ послед 10"), tricks[8]
    d = BaseDriver(tmp_path / "data", size=(1280, 800), seed=3, replay=str(sample))
    from ui.scenes.replay import ReplayScene

    v = d.app.scene
    assert isinstance(v, ReplayScene)
    v.goto(0, len(deal.history))
    d.frames()
    assert "послед +10)" in status_words(v, v.names, None)


def test_the_partner_is_named_so_once_the_contract_is_made_and_only_then() -> None:
    """For three, the other вистующий is «партнёр справа» in every case once the contract is made (``bidder``), as
    the seat's label says; before it, to the bidder himself and for two players every other seat is the
    opponent; a character keeps its name (the label adds «· партнёр»)."""
    from ui.seat_words import tr_about
    from ui.seats import seat_names, seat_phrase

    assert seat_names(0, 3, bidder=1) == {0: "Вы", 1: "Соперник слева", 2: "Партнёр справа"}
    assert seat_names(0, 3, bidder=2)[1] == "Партнёр слева"
    assert seat_names(0, 3) == seat_names(0, 3, bidder=0) == {0: "Вы", 1: "Соперник слева", 2: "Соперник справа"}
    assert seat_names(0, 2, bidder=1) == {0: "Вы", 1: "Соперник"}
    said = [seat_phrase(0, 2, 3, None, case, 1) for case in ("nom", "gen", "dat", "ins")]
    assert said == ["партнёр справа", "партнёра справа", "партнёру справа", "партнёром справа"]
    assert seat_phrase(0, 1, 3, None, "gen", 1) == "соперника слева"
    assert seat_names(0, 3, levels={2: "careful"}, bidder=1)[2] == "⚖ Пётр Саввич справа"
    made = tr_about("sum_made3", 1, 0, 3, None, 1, pts=107, other=106)
    assert "вы с партнёром справа вместе" in made
    assert "вы с соперником справа вместе" in tr_about("sum_made3", 1, 0, 3, None, None, pts=107, other=106)


def test_the_panels_answers_and_the_end_of_a_deal_answer_to_keys(tmp_path: Path) -> None:
    """A keyboard player could not bid, announce or declare belle (Enter only moved the card cursor, and a second
    Enter played the card — silence), nor leave the deal's summary by Esc, which F1 and «Меню» promise. Digits
    press the panel's answers in reading order; Esc at the summary goes to the menu."""
    from ui.scenes.menu import MenuScene

    d = Driver(tmp_path)
    t = d.start(seed=5)
    d.until(lambda: t.ctl.human_to_act() and d.settled() and t.decisions.panel.visible)
    view = t.ctl.model().view
    assert view.phase is Phase.BIDDING_1
    answers = list(t.decisions.panel.buttons.values())
    assert len(answers) >= 2
    before = len(view.history)
    d.key(pygame.K_2)  # the second answer, by its digit
    d.frames(2)
    assert t.ctl.model().view.history[before] == (t.seat, answers[1])
    d.key(pygame.K_9)  # no ninth answer: nothing happens
    assert len(t.ctl.model().view.history) == before + 1 or t.ctl.model().view.history[before + 1][0] != t.seat
    finish_deal(t)  # the rest of the deal through the controller
    d.until(lambda: t.mode is Mode.SUMMARY)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, MenuScene)


def test_p_presses_the_panels_claim_where_guided_play_offers_it(tmp_path: Path) -> None:
    """At the winning moment guided play shows «Партия! (выигрыш)» in the panel; P flashed «С подсказками
    объявлять не нужно: … вы увидите «Партия!» в панели» beside it, and only a click claimed. P presses it."""
    d = Driver(tmp_path, animation=0.0)
    t = d.start(seed=5)
    pressed: list[object] = []
    t.decisions.panel.show(
        "Партия набрана",
        [(i18n.tr("btn_claim"), Action(Kind.CLAIM)), (i18n.tr("btn_no_claim"), Action(Kind.NO_CLAIM))],
        t.geo.play,
    )
    real = t.on_button
    t.on_button = lambda event: pressed.append(t.decisions.panel.buttons[event.ui_element])  # type: ignore[method-assign]
    t.on_key(pygame.K_p)
    assert pressed == [Action(Kind.CLAIM)]
    assert t.status.message is None or "не нужно" not in t.status.message[0]
    t.on_button = real  # type: ignore[method-assign]


def test_pass_keeps_its_place_from_the_first_round_to_the_second(tmp_path: Path) -> None:
    """In the second round a trump's button stood where «Пас» had been in the first: a quick double click on «Пас»
    named a trump. «Пас» is the second answer in both rounds, at the same place, and 2 is «пас» in both."""
    d = Driver(tmp_path)
    t = d.start(seed=5)
    d.until(lambda: t.ctl.human_to_act() and d.settled() and t.decisions.panel.visible)
    first = t.decisions.panel.button_rects()
    pass_at = first[Action(Kind.PASS)]
    assert list(first).index(Action(Kind.PASS)) == 1
    d.key(pygame.K_2)
    d.until(lambda: t.ctl.model().view.phase is Phase.BIDDING_2 and t.ctl.human_to_act() and d.settled())
    d.until(lambda: t.decisions.panel.visible and Action(Kind.PASS) in t.decisions.panel.button_rects())
    second = t.decisions.panel.button_rects()
    assert list(second).index(Action(Kind.PASS)) == 1 and len(second) > 2
    assert second[Action(Kind.PASS)].collidepoint(pass_at.center)
