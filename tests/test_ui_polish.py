"""Table polish: decks and four-colour suits, fair undo, animations, hint, help and tooltips.

Real pygame events (mouse and keys) go through the app's loop; assertions are on the engine's state,
the autosave file and the surfaces the table draws with.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import time
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver as BaseDriver

from game.actions import Kind
from game.cards import Card, parse_cards
from game.deal import Phase
from game.record import load, record_of, replay, to_json
from ui import fonts, i18n
from ui.controller import GameController, GameOptions
from ui.scenes.rules import rules_html
from ui.scenes.settings import SettingsScene
from ui.scenes.table import TableScene, load_hint
from ui.settings import load_settings
from ui.widgets.cards import CardImages


class Driver(BaseDriver):
    def __init__(self, data_dir: Path, animation: float | None = None) -> None:
        super().__init__(data_dir, animation_speed=animation)

    def ctrl_z(self) -> None:
        self.key(pygame.K_z, pygame.KMOD_LCTRL)

    def start(self, seed: int = 5, etiquette: str = "guided", hold_bot: bool = True) -> TableScene:
        """A game in which the human (seat 0, not the dealer) speaks first; the bot waits while ``hold_bot``."""
        scene = self.start_table(GameOptions(seed=seed, first_dealer="bot", etiquette=etiquette, bot_level="easy"), 0)
        self.hold(hold_bot)
        self.frames(2)
        return scene

    def hold(self, on: bool) -> None:
        ctl = self.table.ctl
        ctl.inline_bots = not on
        ctl.bot_delay = 1e9 if on else 0.0

    def click_button(self, pred: object) -> None:
        self.frames()
        for payload, rect in self.table.decisions.panel.button_rects().items():
            if pred(payload):  # type: ignore[operator]
                self.click(rect.center)
                return
        raise AssertionError(f"no such button among {list(self.table.decisions.panel.button_rects())}")

    def drag_card(self, card: Card) -> None:
        t = self.table
        rect = t.hand.lifted_rect(card)
        start = (rect.x + 12, rect.y + rect.h // 3)
        end = (t.geo.drop_zone.centerx, t.geo.drop_zone.centery)
        pygame.mouse.set_pos(start)
        self.post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        self.frames()
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.frames()
        for i in range(1, 5):
            p = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
            pygame.mouse.set_pos(p)
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.frames()
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.frames(2)

    def to_human_card_play(self, limit: int = 200) -> None:
        """Let the bot answer and the human order / answer dialogs until the human has a card to lead or follow."""
        self.hold(False)
        for _ in range(limit):
            self.frames()
            t = self.table
            view = t.model.view
            if not t.ctl.human_to_act():
                continue
            plays = [a for a in view.legal if a.kind is Kind.PLAY]
            if plays and view.phase is Phase.PLAY:
                self.hold(True)
                return
            if view.phase is Phase.BIDDING_1:
                self.click_button(lambda a: getattr(a, "kind", None) is Kind.ORDER)
            else:
                words = [a for a in view.legal if a.kind is not Kind.PLAY]
                pick = [a for a in words if a.kind in (Kind.PISHET, Kind.NO_CLAIM, Kind.TELL_TOP, Kind.ANSWER_PASSES)]
                target = (pick or words)[0]
                self.click_button(lambda a, target=target: a == target)
        raise AssertionError("the human never got a card to play")


def engine_json(ctl: GameController) -> dict[str, object]:
    return to_json(record_of(ctl.match, ["Игрок", "Бот"], ctl.meta))


def assert_position_is_replay_of(ctl: GameController, json_before: dict[str, object]) -> None:
    """The engine after undo equals a fresh replay of the shorter record, and so does the autosave."""
    assert engine_json(ctl) == json_before
    fresh = replay(record_of(ctl.match, ["Игрок", "Бот"], ctl.meta))
    deal, again = ctl.match.deals[-1], fresh.deals[-1]
    for seat in (0, 1):
        assert deal.view(seat) == again.view(seat)
        assert deal.hands[seat] == again.hands[seat]
    saved = to_json(load(ctl.paths.current_game))
    assert {k: v for k, v in saved.items() if k != "meta"} == {k: v for k, v in json_before.items() if k != "meta"}


# ---------------------------------------------------------------------- decks and four colours


def yellow_pixels(img: pygame.Surface) -> int:
    w, h = img.get_size()
    n = 0
    for x in range(0, w, 2):
        for y in range(0, h, 2):
            r, g, b, a = img.get_at((x, y))
            n += a > 200 and r > 200 and 110 < g < 200 and b < 90
    return n


def test_deck_setting_switches_images(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    app = d.app
    (seven_d,) = parse_cards("7D")
    two_colour = app.images.get(seven_d, 180)
    assert all("/png/" in p for p in app.images.loaded_from.values())
    assert yellow_pixels(two_colour) == 0  # red diamonds
    # Settings: choose the skat deck's four colours and save by clicking
    app.switch(SettingsScene(app))
    d.frames()
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    scene.fields["four_colour"].selected_option = (i18n.tr("colours_skat"), "skat")
    d.click(scene.save_btn.get_abs_rect().center)
    assert app.settings.four_colour and app.settings.deck == "skat"
    assert load_settings(app.paths.settings_file).deck == "skat"
    four = app.images.get(seven_d, 180)
    assert app.images.loaded_from[("7D", 180)].endswith("png-skat/180/7D.png")
    assert yellow_pixels(four) > 50  # the skat deck's diamonds are yellow
    assert fonts.suit_colours()
    # the suit symbol in text takes the suit's colour; other text keeps its own
    assert fonts.suit_colour("♦", (40, 36, 30)) != (40, 36, 30)
    assert fonts.suit_colour("♥", (40, 36, 30)) != fonts.suit_colour("♠", (40, 36, 30))
    text = fonts.render("7♦", 20, (40, 36, 30))
    assert yellow_pixels(text) > 0
    # sharp at every size: each height is scaled from the nearest larger source, once
    for h in (100, 150, 200, 250):
        img = app.images.get(seven_d, h)
        assert img.get_size() == CardImages.size_for(h)
        assert app.images.get(seven_d, h) is img
    assert app.images.loaded_from[("7D", 180)].endswith("png-skat/180/7D.png")
    fonts.set_suit_colours(False)


def test_index_letters_control_text(tmp_path: Path) -> None:
    Driver(tmp_path)
    (queen,) = parse_cards("QS")
    i18n.set_index_letters("latin")
    assert i18n.card_name(queen) == "Q♠"
    i18n.set_index_letters("ru")
    assert i18n.card_name(queen) == "Д♠"


# ---------------------------------------------------------------------- undo


def test_undo_of_a_bid_and_of_a_card_restores_the_exact_position(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    t = d.start(seed=5)
    ctl = t.ctl
    assert ctl.human_to_act() and t.model.view.phase is Phase.BIDDING_1
    before = engine_json(ctl)
    d.click_button(lambda a: getattr(a, "kind", None) is Kind.PASS)
    assert len(ctl.match.deals[-1].history) == 1
    assert t.undo_button is not None and t.undo_button.is_enabled
    d.ctrl_z()
    assert_position_is_replay_of(ctl, before)
    assert not t.undo_button.is_enabled  # nothing of the human's left to take back
    # a card: drag it onto the table, then take it back with the button
    d.to_human_card_play()
    t = d.table
    before = engine_json(ctl)
    hand = list(t.model.view.hand)
    card = next(a.card for a in t.model.view.legal if a.kind is Kind.PLAY and not a.value)
    assert card is not None
    d.drag_card(card)
    assert card not in ctl.match.deals[-1].hands[0]
    d.click(t.undo_button.get_abs_rect().center)
    assert_position_is_replay_of(ctl, before)
    assert sorted(t.hand.cards) == sorted(hand) and card in t.hand.cards
    assert t.trick.placed == [] or all(p.card != card for p in t.trick.placed)


def test_undo_cancels_the_bot_decision_it_makes_stale(tmp_path: Path) -> None:
    """Undone while the bot thinks: its pending request is cancelled (the worker skips it or stops early), not left
    to be computed and thrown away."""
    d = Driver(tmp_path)
    t = d.start(seed=5)
    ctl = t.ctl
    d.hold(True)
    d.click_button(lambda a: getattr(a, "kind", None) is Kind.PASS)

    class Pending:
        cancelled = False

        def done(self) -> bool:
            return False

        def cancel(self) -> None:
            self.cancelled = True

    pending = Pending()
    ctl._future = pending  # type: ignore[assignment]  # as a request posted to the worker
    assert ctl.bot_thinking() and ctl.can_undo()
    assert ctl.undo()
    assert pending.cancelled and not ctl.bot_thinking()


def test_undo_is_refused_after_the_bot_moved(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    t = d.start(seed=5)
    ctl = t.ctl
    d.click_button(lambda a: getattr(a, "kind", None) is Kind.PASS)
    d.hold(False)
    d.frames(3)  # the bot answers
    history = list(ctl.match.deals[-1].history)
    assert history[-1][0] == 1
    assert not ctl.can_undo()
    assert t.undo_button is not None and not t.undo_button.is_enabled
    saved = to_json(load(ctl.paths.current_game))["deals"]
    d.ctrl_z()
    assert list(ctl.match.deals[-1].history) == history
    assert to_json(load(ctl.paths.current_game))["deals"] == saved
    assert t.status.message is not None and t.status.message[2]  # says why


def test_undo_is_refused_after_the_deal_and_in_strict_etiquette(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    t = d.start(seed=5)
    ctl = t.ctl
    while ctl.match.current is not None:  # finish the deal quickly through the controller
        seat = ctl.to_act()
        assert seat is not None
        if seat in ctl.human_seats:
            ctl.submit(ctl.match.current.legal_actions()[0])
        else:
            ctl.poll(False) if ctl.inline_bots else d.hold(False)
    d.frames(3)
    assert ctl.match.deals[-1].is_over() and not ctl.can_undo()
    n = len(ctl.match.deals[-1].history)
    d.ctrl_z()
    assert len(ctl.match.deals[-1].history) == n
    # strict etiquette (and the strict practice that forbids it explicitly): never
    d2 = Driver(tmp_path / "strict")
    t2 = d2.start(seed=5, etiquette="strict")
    d2.click_button(lambda a: getattr(a, "kind", None) is Kind.PASS)
    assert t2.ctl.match.deals[-1].history[-1][0] == 0
    assert not t2.ctl.can_undo()
    d2.ctrl_z()
    assert len(t2.ctl.match.deals[-1].history) == 1
    t2.ctl.match.rules = t2.ctl.match.rules.with_options(etiquette="guided")
    assert t2.ctl.can_undo()
    t2.ctl.undo_allowed = False
    assert not t2.ctl.can_undo()


# ---------------------------------------------------------------------- animations


def run_until_quiet(d: Driver, seconds: float = 6.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        d.frames()
        if not d.table.busy(time.monotonic()):
            return
        time.sleep(0.01)
    raise AssertionError("the animations did not finish")


def test_animations_finish_and_leave_the_engine_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    d = Driver(tmp_path, animation=2.0)
    # the clock stands still while the deal starts: on a loaded machine the first cards could land before the
    # count below (the scenes read time.monotonic)
    still = time.monotonic()
    monkeypatch.setattr(time, "monotonic", lambda: still)
    t = d.start(seed=5)
    ctl = t.ctl
    before = engine_json(ctl)
    # dealing: 12 cards fly; the human's are hidden until they land
    assert len(t.flight.flyers) == 12
    assert t.hand.hidden and t.animating()
    monkeypatch.undo()
    run_until_quiet(d)
    assert not t.flight.flyers and not t.hand.hidden
    assert engine_json(ctl) == before
    # a bot card turns over on its way; the trick is collected; nothing changes the engine
    d.to_human_card_play()
    t = d.table
    d.hold(False)
    flipped = False
    for _ in range(400):
        d.frames()
        flipped = flipped or any(p.flip for p in t.trick.placed)
        if t.model.view.tricks and flipped:
            break
        if t.ctl.human_to_act() and not t.busy(time.monotonic()):
            view = t.model.view
            plays = [a for a in view.legal if a.kind is Kind.PLAY and not a.value]
            if plays:
                assert plays[0].card is not None
                d.drag_card(plays[0].card)
            else:
                words = [a for a in view.legal if a.kind is not Kind.PLAY]
                d.click_button(lambda a, w=words[0]: a == w)
        time.sleep(0.005)
    assert flipped
    d.hold(True)
    run_until_quiet(d)
    state = engine_json(ctl)
    d.frames(5)
    assert engine_json(ctl) == state
    assert [(p.card, p.seat) for p in t.trick.placed] == list(
        zip(t.model.view.trick, [t.model.view.trick_leader, None], strict=False)
    )[: len(t.trick.placed)]
    assert not t.animating() or t.status.message is not None or t.speech.bubbles


def test_animation_speed_zero_is_instant(tmp_path: Path) -> None:
    d = Driver(tmp_path, animation=0.0)
    t = d.start(seed=5)
    assert not t.flight.flyers and not t.hand.hidden and not t.busy(time.monotonic())


# ---------------------------------------------------------------------- hint, help, tooltips


@pytest.mark.skipif(load_hint() is None, reason="game.services.hint is not installed")
def test_hint_highlights_a_legal_card(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    t = d.start(seed=5)
    d.to_human_card_play()
    t = d.table
    for _ in range(6):
        d.key(pygame.K_h)
        assert t.hints.future is not None or t.hints.hint is not None  # computed off the UI thread
        end = time.monotonic() + 60
        while t.hints.hint is None and time.monotonic() < end:
            d.frames()
            time.sleep(0.01)
        assert t.hints.hint is not None and t.hints.hint.action in t.model.view.legal
        if t.hints.hint.action.kind is Kind.PLAY:
            break
        d.click_button(lambda a, w=t.hints.hint.action: a == w)  # advice on a word (an announcement): follow it
        d.to_human_card_play()
    card = t.hints.card(t.position_key())
    assert card is not None
    status = t.hints.status  # its words go after 12 s; H again says them once more (it said nothing: a player's pass)
    status.message = None
    d.key(pygame.K_h)
    shown = status.current(status.clock.now())
    assert shown is not None and shown.text == t.hints.words and t.hints.card(t.position_key()) == card
    legal = {a.card for a in t.model.view.legal if a.kind is Kind.PLAY}
    assert card in legal
    assert set(t.hints.hint.values) == legal
    d.frames()  # draws the glow and the labels
    t.tip_delay = 0.0  # (the wait itself: test_clock)
    d.move(t.hints.chips[card].center)  # its number explains itself on hover (a newcomer read «+65,6» blind)
    d.frames(2)
    chip = t.hints.chips[card]  # (the card under the pointer lifts, its chip with it)
    d.move(chip.center)
    d.frames(2)
    assert t.hints.chips[card] == chip
    assert t.tip_hit() == (chip, i18n.tr("tip_hint_value")) and t.tip_text() == i18n.tr("tip_hint_value")
    # a move clears the hint
    d.drag_card(card)
    assert t.hints.hint is None and t.hints.card(t.position_key()) is None


def test_hint_values_stay_readable_on_a_tight_fan(tmp_path: Path) -> None:
    """At 1024x640 the nine cards overlap most: each value sits inside its own card's visible strip, under the
    corner index, and no two values overlap — also with a card lifted under the pointer."""
    d = Driver(tmp_path)
    d.app.resize((1024, 640))
    t = d.start(seed=5)
    d.to_human_card_play()
    t = d.table
    for _ in range(6):
        d.key(pygame.K_h)
        end = time.monotonic() + 60
        while t.hints.hint is None and time.monotonic() < end:
            d.frames()
            time.sleep(0.01)
        assert t.hints.hint is not None
        if t.hints.hint.action.kind is Kind.PLAY:
            break
        d.click_button(lambda a, w=t.hints.hint.action: a == w)
        d.to_human_card_play()
    hand = t.hand
    assert len(hand.cards) >= 8
    for pointer in (None, hand.cards[len(hand.cards) // 2]):
        if pointer is not None:  # hover a card: it lifts, its value with it
            r = hand.lifted_rect(pointer)
            d.move((r.x + 6, r.bottom - 12))
            assert hand.hover == pointer
        d.frames()
        chips = t.hints.chips
        assert set(chips) == set(t.hints.hint.values) and t.hints.card(t.position_key()) in chips
        for card, chip in chips.items():
            rect = hand.lifted_rect(card)
            assert rect.x <= chip.left and chip.right <= rect.x + hand.visible_width(card), card  # its own strip
            assert chip.top >= rect.y + rect.h * 0.24  # under the corner index
        boxes = list(chips.values())
        assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
        # a long hint has its own panel above the status line, at the line's size, clear of the values, for as long
        # as the position stands (a newcomer's pass: two lines of 10 px in the status line, gone after 12 s)
        note, words = t.hint_note, t.hints.words
        assert note is not None and words is not None and all(chip.bottom <= note.top for chip in chips.values())
        assert t.status.drawn is not None and t.status.drawn[0] == t.status_text() != words
        assert note.bottom <= t.geo.status_rect.top and note.h >= 2 * round(16 * t.geo.text_scale)
        assert t.status.current(t.status.clock.now() + 60) is not None


def test_help_overlay_and_tooltips(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    t = d.start(seed=5)
    d.key(pygame.K_F1)
    assert t.help_open
    d.key(pygame.K_ESCAPE)
    assert not t.help_open and isinstance(d.app.scene, TableScene)  # Esc closed the help, not the table
    for button in (t.menu_button, t.undo_button, t.hint_button, t.help_button, *t.decisions.panel.buttons):
        assert button is not None and button.tool_tip_text, button
    d.click(t.help_button.get_abs_rect().center)
    assert t.help_open
    d.click((10, 10))
    assert not t.help_open


def test_rules_describe_options_in_russian(tmp_path: Path) -> None:
    Driver(tmp_path)
    i18n.set_language("ru")
    html = rules_html("moscow")
    assert "козырную семёрку можно поменять на вскрышку" in html
    assert "the trump seven may be swapped" not in html
    i18n.set_language("en")
    assert "the trump seven may be swapped" in rules_html("moscow")
    i18n.set_language("ru")
