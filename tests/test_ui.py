"""Headless UI tests: real pygame events go through the real loop; assertions are on the engine's state."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import inspect
import json
import time
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_driver import Driver as BaseDriver
from ui_driver import option_pairs

from game.actions import Action, Kind
from game.cards import Card
from game.deal import Deal, Phase
from ui import i18n
from ui.app import App, AppOptions
from ui.clock import MONOTONIC, Clock, ManualClock
from ui.controller import GameController, GameOptions, TableModel
from ui.scenes.menu import MenuScene
from ui.scenes.table import Mode, TableScene


class Driver(BaseDriver):
    def __init__(
        self, data_dir: Path, size: tuple[int, int] = (1280, 800), seed: int = 7, clock: Clock = MONOTONIC
    ) -> None:
        super().__init__(data_dir, size=size, seed=seed, clock=clock)

    def new_game_from_menu(self) -> None:
        self.click(self.menu.button_rect("new").center)
        assert isinstance(self.app.scene, TableScene)
        self.frames(2)

    def deal(self) -> Deal:
        """The engine's deal — for assertions only (the UI itself never touches it)."""
        deal = self.table.ctl.match.deals[-1]
        return deal


def human_turn(d: Driver) -> bool:
    d.frames()
    return d.table.ctl.human_to_act()


def play_one_human_turn(d: Driver) -> None:
    """Answer dialogs by clicking and play cards by dragging; bidding: order in round 1."""
    view = d.table.model.view
    legal = view.legal
    words = [a for a in legal if a.kind is not Kind.PLAY]
    plays = [a for a in legal if a.kind is Kind.PLAY and not a.value]
    if view.phase is Phase.BIDDING_1:
        d.click_action(lambda a: a.kind is Kind.ORDER)
        return
    if not plays:
        # a question that must be answered first (or bidding round 2 / the claim at score-keeping)
        prefer = [a for a in words if a.kind in (Kind.PISHET, Kind.NO_CLAIM, Kind.TELL_TOP, Kind.ANSWER_PASSES)]
        target = prefer[0] if prefer else words[0]
        d.click_action(lambda a: a == target)
        return
    before = len(d.deal().history)
    card = plays[0].card
    assert card is not None
    d.drag_card_to_table(card)
    if d.table.decisions.pending is not None:  # 'play with belle?' — choose by clicking
        rects = d.table.decisions.panel.button_rects()
        d.click(next(iter(rects.values())).center)
    assert len(d.deal().history) > before, "the dragged legal card was not played"
    assert card not in d.deal().hands[0] or d.deal().is_over()


def at_my_turn_after_a_trick(tmp_path: Path) -> Driver:
    """A new game, the human playing as `play_one_human_turn`, until a trick is down and it is their turn."""
    d = Driver(tmp_path)
    d.new_game_from_menu()
    for _ in range(100):
        if len(d.table.model.view.tricks) >= 1 and human_turn(d):
            break
        if human_turn(d):
            play_one_human_turn(d)
    return d


def play_deal_by_dragging(d: Driver, limit: int = 200) -> None:
    for _ in range(limit):
        if d.table.mode.ended:
            return
        if human_turn(d):
            play_one_human_turn(d)
    raise AssertionError("the deal did not finish")


# ---------------------------------------------------------------------- tests


def test_full_deal_by_dragging(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.new_game_from_menu()
    play_deal_by_dragging(d)
    deal = d.deal()
    assert deal.is_over()
    played = [a for s, a in deal.history if s == 0 and a.kind is Kind.PLAY]
    assert len(played) == 9 or deal.result.outcome.value != "played"  # type: ignore[union-attr]
    assert d.table.mode is Mode.SUMMARY
    # next deal by clicking the summary's button
    (rect,) = d.table.end_panel.button_rects().values()
    d.click(rect.center)
    assert len(d.table.ctl.match.deals) == 2
    assert d.table.mode is Mode.PLAY  # type: ignore[comparison-overlap]  # narrowed before the action


def _to_a_position_with_an_illegal_card(d: Driver) -> tuple[list[Card], list[Card]]:
    """Play the human's turns (closing deal summaries) until it must answer a trick holding a card it may not
    play and a plain card it may: (the illegal cards, the plain legal cards)."""
    for _ in range(300):
        if d.table.mode.ended:
            (rect,) = d.table.end_panel.button_rects().values()
            d.click(rect.center)
            continue
        if not human_turn(d):
            continue
        view = d.table.model.view
        playable = d.table.hand.playable
        illegal = [c for c in view.hand if playable is not None and c not in playable]
        plain = [a.card for a in view.legal if a.kind is Kind.PLAY and not a.value and a.card is not None]
        if view.phase is Phase.PLAY and view.trick and illegal and plain:
            return illegal, plain
        play_one_human_turn(d)
    raise AssertionError("no position with an illegal card came up")


def test_illegal_drop_springs_back_and_changes_nothing(tmp_path: Path) -> None:
    d = Driver(tmp_path, seed=11)
    d.new_game_from_menu()
    illegal, _ = _to_a_position_with_an_illegal_card(d)
    history = list(d.deal().history)
    hand = list(d.deal().hands[0])
    d.drag_card_to_table(illegal[0])
    assert d.deal().history == history
    assert d.deal().hands[0] == hand
    assert illegal[0] in d.table.hand.cards
    d.frames(30)  # the spring back ends; the pointer rests over the table, not the hand
    assert d.table.hand.lifted_rect(illegal[0]) == d.table.hand.rects[illegal[0]]  # back down in its row
    assert d.table.status.message is not None and d.table.status.message[2]
    text = d.table.status.message[0]
    assert any(rule in text for rule in ("нужно ходить в масть", "нужно козырять", "нужно перебить козырь"))


def test_illegal_card_message_goes_when_the_turn_moves_on(tmp_path: Path) -> None:
    """The refusal names the rule while it is about the position on the table, not after the turn has passed."""
    d = Driver(tmp_path, seed=11)
    d.new_game_from_menu()
    illegal, plain = _to_a_position_with_an_illegal_card(d)
    d.drag_card_to_table(illegal[0])
    assert d.table.status.message is not None and d.table.status.message[2]
    refusal = d.table.status.message[0]
    d.frames(3)
    assert d.table.status.message is not None and d.table.status.message[0] == refusal  # still this position: it stays
    before = len(d.deal().history)
    d.drag_card_to_table(plain[0])
    assert len(d.deal().history) > before  # the card was played: the turn passed to the bot
    assert d.table.status.message is None or d.table.status.message[0] != refusal
    d.frames(2)
    assert d.table.status.message is None or d.table.status.message[0] != refusal


def test_drop_outside_the_table_springs_back(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.new_game_from_menu()
    for _ in range(50):
        view = d.table.model.view
        if human_turn(d) and any(a.kind is Kind.PLAY for a in view.legal):
            break
        if human_turn(d):
            play_one_human_turn(d)
    card = next(a.card for a in d.table.model.view.legal if a.kind is Kind.PLAY)
    history = list(d.deal().history)
    rect = d.table.hand.lifted_rect(card)  # type: ignore[arg-type]
    d.drag(rect.center, (rect.centerx + 5, rect.centery - 30))
    assert d.deal().history == history
    assert card in d.table.hand.cards


def test_bidding_dialog_buttons(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.new_game_from_menu()  # the bot deals by default: the human speaks first
    assert d.table.model.view.phase is Phase.BIDDING_1
    assert human_turn(d)
    d.click_action(lambda a: a.kind is Kind.PASS)
    assert d.deal().history[0] == (0, Action(Kind.PASS))
    d.frames(2)
    deal = d.deal()
    if deal.phase is Phase.BIDDING_2 and human_turn(d):
        chosen = d.click_action(lambda a: a.kind is Kind.NAME)
        assert deal.history[-1] == (0, chosen) or deal.trump == chosen.suit
    assert any(s == 0 for s, _ in deal.history)


def test_double_click_and_keyboard_play(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.new_game_from_menu()
    done = {"double": False, "keys": False}
    for _ in range(200):
        if all(done.values()) or d.table.mode.ended:
            break
        if not human_turn(d):
            continue
        view = d.table.model.view
        plays = [a for a in view.legal if a.kind is Kind.PLAY and not a.value]
        if (
            not plays
            or any(a.kind is Kind.BELLE for a in view.legal)
            or len(plays) != len([a for a in view.legal if a.kind is Kind.PLAY])
        ):
            play_one_human_turn(d)
            continue
        before = len(d.deal().history)
        card = plays[0].card
        if not done["double"]:
            pos = d.table.hand.lifted_rect(card).move(6, 6).topleft  # type: ignore[arg-type]
            d.click(pos)
            d.click(pos)
            done["double"] = True
        else:
            d.table.hand.selected = None
            d.key(pygame.K_RIGHT)
            target = d.table.hand.cards.index(card)  # type: ignore[arg-type]
            for _ in range(target):
                d.key(pygame.K_RIGHT)
            assert d.table.hand.selected_card() == card
            d.key(pygame.K_RETURN)
            done["keys"] = True
        d.frames()
        assert len(d.deal().history) > before
    assert all(done.values())


def test_resize_keeps_everything_inside(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.new_game_from_menu()
    for size in ((1024, 640), (1600, 900), (800, 500)):
        d.post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        d.frames(2)
        w, h = d.app.screen.get_size()
        assert (w, h) == (max(1024, size[0]), max(640, size[1]))
        screen = pygame.Rect(0, 0, w, h)
        t = d.table
        for rect in t.hand.rects.values():
            assert screen.contains(rect)
        assert screen.contains(t.geo.drop_zone)
        if t.decisions.panel.visible:
            assert screen.contains(t.decisions.panel.rect)
            assert not t.decisions.panel.rect.colliderect(t.geo.hand_area)
    # and the game goes on after a resize
    play_deal_by_dragging(d)
    assert d.deal().is_over()


def test_save_kill_continue_same_position(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.new_game_from_menu()
    for _ in range(100):
        if len(d.deal().history) >= 10:
            break
        if human_turn(d):
            play_one_human_turn(d)
    assert not d.deal().is_over()
    save = tmp_path / "current.json"
    assert save.exists()
    before = d.table.model
    history = list(d.deal().history)
    del d  # 'kill': nothing is flushed on exit, the autosave after each action is all there is
    d2 = Driver(tmp_path)
    assert isinstance(d2.app.scene, MenuScene)
    assert d2.menu.saved is not None
    d2.click(d2.menu.button_rect("continue").center)
    after = d2.table.model
    assert list(d2.deal().history) == history
    assert after.view.hand == before.view.hand
    assert after.view.phase == before.view.phase
    assert after.view.trick == before.view.trick
    assert after.scores == before.scores
    assert after.view.to_act == before.view.to_act


def test_new_game_keeps_the_game_in_progress(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.new_game_from_menu()
    for _ in range(100):
        if len(d.deal().history) >= 4:
            break
        if human_turn(d):
            play_one_human_turn(d)
    old = (tmp_path / "current.json").read_text("utf-8")
    del d  # the player leaves; next time they start a new game instead of continuing
    d2 = Driver(tmp_path)
    d2.click(d2.menu.button_rect("new").center)
    assert d2.menu.asking_new  # «Начать новую партию?»: yes
    d2.key(pygame.K_RETURN)
    assert isinstance(d2.app.scene, TableScene)
    kept = list((tmp_path / "games").glob("*-unfinished.json"))
    assert [p.read_text("utf-8") for p in kept] == [old]  # moved byte for byte, listed by the replay browser
    assert (tmp_path / "current.json").read_text("utf-8") != old


def test_menu_is_drawn_only_when_something_changed(tmp_path: Path) -> None:
    """Idle ticks draw nothing (no CPU while the menu waits); input, hover and the deal-code cursor do (on a
    hand-moved clock: a busy machine's slow frames cannot change the count)."""
    d = Driver(tmp_path, clock=ManualClock())
    menu = d.menu
    drawn = d.count_draws()
    assert d.idle_draws(drawn) == []  # idle: nothing to draw
    d.move(menu.button_rect("new").center)
    assert drawn  # the event (and the hover highlight) is drawn
    assert d.idle_draws(drawn, frames=10) == []
    d.click(menu.code_entry.get_abs_rect().center)  # the deal-code field takes the focus: its cursor blinks
    d.move((8, 8))
    drawn.clear()
    d.tick(40)  # 2 s
    assert 2 <= len(drawn) <= 4  # the blinks (every 0.4 s after the first second), not every tick
    assert isinstance(d.app.scene, MenuScene)


@pytest.mark.parametrize("where", ["settings", "rules", "practice", "replays", "viewer"])
def test_quiet_scenes_are_drawn_only_when_something_changed(tmp_path: Path, where: str) -> None:
    """The settings, the rules, the practice picker, the replay browser and viewer: idle ticks draw nothing; input
    and hover do; the browser's path field draws its cursor's blinks, not every tick. On a hand-moved clock (the
    app's and pygame_gui's timers alike): a busy machine's slow frames cannot change what is counted."""
    from ui.scenes.replay import ReplayBrowserScene, ReplayScene

    clock = ManualClock()
    d = Driver(tmp_path, clock=clock)
    d.click(d.menu.button_rect("replays" if where == "viewer" else where).center)
    if where == "viewer":
        browser = d.app.scene
        assert isinstance(browser, ReplayBrowserScene)
        row = browser.item_rect(0)
        assert row is not None
        d.click(row.center)
        d.click(browser.button_rect("open").center)
        assert isinstance(d.app.scene, ReplayScene)
    scene = d.app.scene
    assert scene is not None and not isinstance(scene, MenuScene)
    if "back" in scene.buttons.values():
        back = scene.button("back")
    else:
        back = getattr(scene, "back_btn", None) or getattr(scene, "back")  # noqa: B009
    assert isinstance(back, pygame_gui.elements.UIButton)
    drawn = d.count_draws()
    assert d.idle_draws(drawn) == []
    d.move(back.get_abs_rect().center)
    assert drawn  # the pointer's event and the hover highlight
    d.tick(3)
    assert d.idle_draws(drawn, frames=10) == []
    if isinstance(scene, ReplayScene):
        pos = scene.pos
        d.key(pygame.K_RIGHT)
        assert scene.pos == pos + 1 and drawn
        assert d.idle_draws(drawn, frames=10) == []
        scene.flash("…", seconds=0.3)  # a message shows without input, and goes by itself
        d.tick(16)  # 0.8 s
        assert len(drawn) == 2  # shown, then gone
    if isinstance(scene, ReplayBrowserScene):
        assert scene.path_entry is not None
        d.click(scene.path_entry.get_abs_rect().center)
        d.move((8, 8))
        drawn.clear()
        d.tick(40)  # 2 s: the cursor blinks every 0.4 s after the first second
        assert 2 <= len(drawn) <= 4  # the blinks, not every tick
    assert d.app.scene is scene


def test_corrupt_save_is_moved_aside_and_menu_survives(tmp_path: Path) -> None:
    (tmp_path / "current.json").write_text('{"format": "deberts-record", "version": 1, "rules": ', "utf-8")
    d = Driver(tmp_path)
    assert isinstance(d.app.scene, MenuScene)
    assert not (tmp_path / "current.json").exists()
    moved = list(tmp_path.glob("current.corrupt-*.json"))
    assert len(moved) == 1
    assert d.menu.message is not None and d.menu.message.alive
    assert d.menu.saved is None
    d.frames(5)
    ok, text = d.menu.message.window.dismiss_button, d.menu.message.window.text_block
    assert ok is not None and text is not None
    assert ok.get_abs_rect().h >= 30 and ok.get_abs_rect().w >= 100  # a button to hit, not one that hugs «Ясно»
    assert text.get_abs_rect().bottom <= ok.get_abs_rect().top  # the message never runs under it
    d.click(ok.get_abs_rect().center)
    assert not d.menu.message.alive
    d.new_game_from_menu()  # the menu still works
    assert (tmp_path / "current.json").exists()


def test_illegal_record_in_save_is_reported(tmp_path: Path) -> None:
    good = GameController.new_game(
        __import__("ui.paths", fromlist=["Paths"]).Paths.resolve(tmp_path), GameOptions(seed=3), inline_bots=True
    )
    data = json.loads((tmp_path / "current.json").read_text("utf-8"))
    data["deals"][0]["actions"] = ["play:7S", "play:8S"]  # impossible during bidding
    (tmp_path / "current.json").write_text(json.dumps(data), "utf-8")
    good.close()
    d = Driver(tmp_path)
    assert d.menu.saved is None
    assert list(tmp_path.glob("current.corrupt-*.json"))


def test_ui_reads_only_the_human_view(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, str]] = []
    original = Deal.view

    def spy(self: Deal, seat: int) -> object:
        caller = inspect.stack()[1].function
        calls.append((seat, caller))
        return original(self, seat)

    monkeypatch.setattr(Deal, "view", spy)
    d = Driver(tmp_path)
    d.new_game_from_menu()
    play_deal_by_dragging(d)
    assert calls
    assert {caller for seat, caller in calls if seat == 1} <= {"_bot_view"}
    assert {caller for seat, caller in calls if seat == 0} <= {"table_model"}  # GameController.model's
    # the table's model holds views and public facts only
    model = d.table.model
    assert isinstance(model, TableModel) and model.view.seat == 0
    for name in model.__dataclass_fields__:
        value = getattr(model, name)
        assert not isinstance(value, Deal) and type(value).__name__ != "Match"


def test_same_seed_same_game(tmp_path: Path) -> None:
    from ui.paths import Paths

    a = GameController.new_game(Paths.resolve(tmp_path / "a"), GameOptions(seed=42), inline_bots=True)
    b = GameController.new_game(Paths.resolve(tmp_path / "b"), GameOptions(seed=42), inline_bots=True)
    assert a.match.deals[0].deck == b.match.deals[0].deck
    assert a.deck_for(5) == b.deck_for(5)
    saved = json.loads((tmp_path / "a" / "current.json").read_text("utf-8"))
    assert saved["meta"]["seed"] == 42
    a.close()
    b.close()


def test_autoplay_runs_deals_and_exits_zero(tmp_path: Path) -> None:
    app = App(AppOptions(data_dir=str(tmp_path), autoplay=True, deals=2, testing=True, seed=5))
    assert app.run() == 0
    assert isinstance(app.scene, TableScene)
    assert app.scene.deals_seen == 2


def test_settings_scene_persists(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.click(d.menu.button_rect("settings").center)
    scene = d.app.scene
    from ui.scenes.settings import SettingsScene

    assert isinstance(scene, SettingsScene)
    d.click(scene.save_btn.get_abs_rect().center)
    assert isinstance(d.app.scene, MenuScene)
    data = json.loads((tmp_path / "settings.json").read_text("utf-8"))
    assert data["language"] == "ru"


def test_rules_scene_opens_and_returns(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.click(d.menu.button_rect("rules").center)
    from ui.scenes.rules import RulesScene

    assert isinstance(d.app.scene, RulesScene)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, MenuScene)


def test_strict_mode_false_announcement_brings_the_penalty(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"etiquette": "strict", "first_dealer": "bot"}), "utf-8")
    d = Driver(tmp_path, seed=1)
    d.new_game_from_menu()
    assert d.table.ctl.match.rules.etiquette.value == "strict"
    say_a_false_fifty(d)
    assert [p.reason for p in d.deal().penalties] == ["false_announcement"]
    banner = d.table.banner.current(time.monotonic())  # the table's judge names it (tests/test_ui_table_story.py)
    assert banner is not None and "Ложное объявление" in banner.text
    play_deal_by_dragging(d)
    from ui.widgets.summary import notes

    result = d.table.model.view.result
    assert result is not None and result.card_bait == 0
    texts = " ".join(text for text, _, _ in notes(result, 0))
    assert "Байт на картах" in texts and "Ваш штраф: ложное объявление — такой комбинации на руках нет" in texts


def test_finished_game_is_kept_and_play_again(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"preset": "one_strike", "target": 0}), "utf-8")
    d = Driver(tmp_path, seed=4)
    d.new_game_from_menu()
    assert d.table.ctl.match.rules.target == 0
    for _ in range(5):
        play_deal_by_dragging(d)
        if d.table.mode is Mode.GAME_OVER:
            break
        (rect,) = d.table.end_panel.button_rects().values()  # a redeal: next deal
        d.click(rect.center)
    assert d.table.mode is Mode.GAME_OVER
    assert not (tmp_path / "current.json").exists()
    finished = list((tmp_path / "games").glob("*.json"))
    assert len(finished) == 1
    from game.record import load

    assert load(finished[0]).deals
    rects = d.table.end_panel.button_rects()
    d.click(rects["again"].center)
    assert d.table.mode is Mode.PLAY and len(d.table.ctl.match.deals) == 1  # type: ignore[comparison-overlap]
    assert (tmp_path / "current.json").exists()


def test_last_trick_is_shown_while_held(tmp_path: Path) -> None:
    d = at_my_turn_after_a_trick(tmp_path)
    d.post(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0)
    d.frames()
    assert d.table.peek.shown
    d.table.peek.pressed_at -= 1.0  # held for a second
    d.post(pygame.KEYUP, key=pygame.K_l, mod=0, unicode="l", scancode=0)
    d.frames()
    assert not d.table.peek.shown
    d.key(pygame.K_l)  # a tap (issue 22: it was only a flash): the last trick stays, each card with its player
    assert d.table.peek.shown
    d.frames()
    trick = d.table.model.view.tricks[-1]
    assert len(d.table.painter.last_trick_names) == len(trick.cards)
    assert d.table.painter.last_trick_names[(0 - trick.leader) % 2] == "Вы"
    took = "Последнюю взятку взяли вы" if trick.winner == 0 else "Последнюю взятку взял соперник"
    assert d.table.painter.last_trick_title == took  # the title says who took it, not only the gold name
    d.key(pygame.K_SPACE)  # the next key closes it
    assert not d.table.peek.shown
    pos = d.table.sheet.last_trick_button.center
    d.move(pos)
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    d.frames()
    assert d.table.peek.shown
    d.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    d.frames()
    assert not d.table.peek.shown


def test_play_with_belle_choice_when_dropping_trump_king_or_queen(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"preset": "club", "first_dealer": "bot"}), "utf-8")
    d = Driver(tmp_path, seed=9)
    d.new_game_from_menu()
    for _ in range(200):
        assert d.table.mode is Mode.PLAY, "no belle came up"
        if not human_turn(d):
            continue
        legal = d.table.model.view.legal
        with_belle = [a for a in legal if a.kind is Kind.PLAY and a.value]
        if with_belle:
            card = with_belle[0].card
            assert card is not None
            d.drag_card_to_table(card)
            assert d.table.decisions.pending is not None and card in d.deal().hands[0]  # asked first, nothing played
            labels = {label for label, _ in [(b.text, p) for b, p in d.table.decisions.panel.buttons.items()]}
            assert labels == {"С беллой", "Без беллы"}
            rect = next(b.get_abs_rect() for b in d.table.decisions.panel.buttons if b.text == "С беллой")
            d.click(rect.center)
            assert d.deal().history[-1] == (0, with_belle[0]) or (0, with_belle[0]) in d.deal().history
            assert d.deal().belle.declared[0]
            return
        order = [a for a in legal if a.kind is Kind.ORDER]
        plays = [a for a in legal if a.kind is Kind.PLAY]
        if order:
            d.click_action(lambda a: a.kind is Kind.ORDER)
        elif plays and plays[0].card is not None:
            d.drag_card_to_table(plays[0].card)
        else:
            d.click_action(lambda a, target=legal[-1]: a == target)
    raise AssertionError("no belle came up")


def test_f11_toggles_fullscreen_and_is_remembered(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.key(pygame.K_F11)
    assert d.app.settings.fullscreen
    assert json.loads((tmp_path / "settings.json").read_text("utf-8"))["fullscreen"] is True
    d.app.mode_switched_at = float("-inf")  # as if the switch had settled (a second press within it is ignored)
    d.key(pygame.K_F11)
    assert not d.app.settings.fullscreen
    assert d.app.screen.get_size() == (1280, 800)
    assert isinstance(d.app.scene, MenuScene)


def test_a_failing_bot_is_replaced_by_a_legal_move_and_counted(tmp_path: Path) -> None:
    """A bot that raises (in its worker thread) must not stop the game; autoplay then exits non-zero."""
    import time as _time

    from ui.paths import Paths

    class Broken:
        def choose(self, view: object) -> object:
            raise RuntimeError("broken bot")

    ctl = GameController.new_game(Paths.resolve(tmp_path), GameOptions(seed=3), human_seats=(), bot_delay=0.0)
    ctl.bots = {0: Broken(), 1: Broken()}  # type: ignore[dict-item]
    before = len(ctl.match.current.history)  # type: ignore[union-attr]
    deadline = _time.monotonic() + 10
    step = None
    while step is None and _time.monotonic() < deadline:
        step = ctl.poll(busy=False)
        _time.sleep(0.005)
    assert step is not None
    assert len(ctl.match.current.history) == before + 1  # type: ignore[union-attr]
    assert ctl.bot_errors == 1
    ctl.close()


def test_a_pointer_resting_on_a_button_settles_to_no_frames(tmp_path: Path) -> None:
    """Hover highlight and tooltip are drawn while they settle after the pointer arrives; a pointer that then
    stays on the button costs no frames (it used to redraw every idle tick)."""
    from ui.app import HOVER_SETTLE_S

    d = Driver(tmp_path)
    drawn = d.count_draws()
    d.move(d.menu.button_rect("new").center)
    assert d.app.manager.get_hovering_any_element()
    arrived = time.monotonic()
    while time.monotonic() - arrived < HOVER_SETTLE_S + 0.2:
        d.frames()
    assert drawn  # the arrival and the settling hover/tooltip were drawn
    drawn.clear()
    d.frames(20)
    assert drawn == [] and d.app.manager.get_hovering_any_element()
    d.move(d.menu.button_rect("rules").center)  # moving on is input again: drawn at once
    assert drawn


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"etiquette": "guided"}, "С подсказками объявлять не нужно: набрав 501, вы увидите «Партия!» в панели"),
        ({"etiquette": "strict", "preset": "one_strike"}, "В игре в одну сдачу партию не объявляют"),
    ],
)
def test_p_where_nobody_claims_says_why(tmp_path: Path, settings: dict[str, str], words: str) -> None:
    """Issue 22 (polish): P in guided play and in the one-deal game said nothing; the one-deal game showed a
    greyed «Партия! (P)»."""
    (tmp_path / "settings.json").write_text(json.dumps(settings), "utf-8")
    d = Driver(tmp_path, seed=1)
    d.new_game_from_menu()
    d.key(pygame.K_p)
    message = d.table.status.message
    assert message is not None and message.text.startswith(words)
    assert d.table.claim_button is not None and not d.table.claim_button.visible


def test_a_double_click_on_menu_does_not_quit_the_game(tmp_path: Path) -> None:
    """Issue 22: at 1024×640 the table's «Меню» lies where the menu's «Выход» comes up; a double-click quit the
    game without a question. «Выход» pressed at once after the menu came up asks first; later it quits."""
    d = Driver(tmp_path, size=(1024, 640))
    d.new_game_from_menu()
    assert d.table.menu_button is not None
    d.click(d.table.menu_button.rect.center)
    assert isinstance(d.app.scene, MenuScene)
    d.click(d.menu.button_rect("quit").center)  # the second click of the double-click
    assert d.app.running and d.menu.asking_quit
    d.key(pygame.K_ESCAPE)  # «остаться»
    assert d.app.running and not d.menu.asking_quit
    d.menu.opened -= 1.0  # a moment later: the button is meant
    d.click(d.menu.button_rect("quit").center)
    assert not d.app.running


def test_the_whole_table_takes_a_drop_and_a_miss_says_why(tmp_path: Path) -> None:
    """Issue 22: the drop zone sat left of the table's centre; a card let go near the centre sprang back without
    a word. Now a card let go anywhere over the felt between the rows is played; one let go off the table (over
    the score sheet) comes back, and the status line says why."""
    d = Driver(tmp_path)
    d.new_game_from_menu()
    for _ in range(50):
        if human_turn(d) and any(a.kind is Kind.PLAY for a in d.table.model.view.legal):
            break
        if human_turn(d):
            play_one_human_turn(d)
    t = d.table
    card = next(a.card for a in t.model.view.legal if a.kind is Kind.PLAY)
    assert card is not None
    rect = t.hand.lifted_rect(card)
    grab = (rect.x + rect.w // 2, rect.y + rect.h // 3)
    sheet = t.sheet.rect.center
    d.drag(grab, (sheet[0], sheet[1]))
    assert card in t.hand.cards
    message = t.status.message
    assert message is not None and message.text.startswith("Карта вернулась в руку")
    rect = t.hand.lifted_rect(card)
    grab = (rect.x + rect.w // 2, rect.y + rect.h // 3)
    band = t.geo.band
    target = (band.x + band.w * 3 // 4, band.centery)  # right of the old zone, still over the felt
    assert not t.geo.drop_zone.collidepoint(target)
    history = len(d.deal().history)
    d.drag(grab, (target[0] + grab[0] - rect.centerx, target[1] + grab[1] - rect.centery))
    assert d.deal().history[history][1] == Action.parse(f"play:{card}") and card not in t.hand.cards


def test_the_opponents_levels_say_what_they_do_weakest_first(tmp_path: Path) -> None:
    """Issue 27: «случайный» and «лёгкий» stood side by side with no hint which is easier."""
    d = Driver(tmp_path)
    labels = [label for label, _ in option_pairs(d.menu.fields["bot_level"])]
    assert labels[:4] == [  # then the characters (tests/test_ui_characters.py)
        "случайный — ходит наугад",
        "лёгкий — для начала",
        "средний — считает карты",
        "сильный — просчитывает",
    ]


def test_r_opens_the_rules_of_this_game_over_the_table(tmp_path: Path) -> None:
    """Issue 27: F1 and «?» listed only the keys. F1 names R; R opens this game's rules (with the glossary) over
    the table, and the keys belong to it until Esc closes it — the game is where it was."""
    d = Driver(tmp_path)
    d.new_game_from_menu()
    t = d.table
    history = len(d.deal().history)
    d.key(pygame.K_F1)
    assert t.help_open
    d.key(pygame.K_r)
    assert not t.help_open and t.rules_box is not None and t.rules_box.alive
    html = t.rules_box.window.text_block.html_text
    assert "Московские" in html and "Словарь" in html and "Козыри, от старшей карты" in html
    d.key(pygame.K_RETURN)  # not a card played: the rules hold the keys
    assert len(d.deal().history) == history
    d.key(pygame.K_ESCAPE)
    assert t.rules_box is None and isinstance(d.app.scene, TableScene)


def test_the_rules_page_grows_with_a_large_window(tmp_path: Path) -> None:
    """At 1920×1080 the rules over the table (R) were a 900-pixel column of 16-pixel text: the page and its text
    grow with the table's text scale, as the answers do."""
    seen = {}
    for size in ((1024, 640), (1920, 1080)):
        d = Driver(tmp_path / str(size[0]), size=size)
        d.new_game_from_menu()
        d.key(pygame.K_r)
        box = d.table.rules_box
        assert box is not None
        text = box.window.text_block
        assert text is not None
        seen[size[0]] = (text.rect.w, text.parser.default_style["font_size"])
        assert d.app.screen.get_rect().contains(box.window.rect)
    assert seen[1920][0] >= seen[1024][0] * 1.3 and seen[1920][1] >= seen[1024][1] + 5, seen
    t = d.table  # the pointer resting on the sheet's legend: its tooltip stays under the rules page
    legend = next(rect for rect, text in t.sheet.tips if text.startswith(i18n.tr("glossary.bait")))
    d.move(legend.center)
    t.rest_since -= 2
    d.frames(2)
    assert t.tip_text() is None and t.tip_box is None
    d.key(pygame.K_ESCAPE)
    d.move((legend.centerx, legend.centery + 1))
    t.rest_since -= 2
    d.frames(2)
    assert t.tip_text() is not None and t.tip_box is not None  # the page closed: the tip comes


def test_each_new_game_choice_says_what_it_means(tmp_path: Path) -> None:
    """Issue 22/27: «Даве» had no tooltip on the new-game screen, nor the other choices: each row's label has one."""
    d = Driver(tmp_path)
    labels = d.menu.field_labels
    assert set(labels) == {*d.menu.fields, "code"}  # the deal code too (a newcomer found it alone without one)
    for key, label in labels.items():
        assert label.tool_tip_text == i18n.tr(f"tip_field.{key}") and "tip_field" not in label.tool_tip_text, key
    assert "удвоить ставку" in (labels["dave"].tool_tip_text or "")


def test_the_words_on_the_table_explain_themselves_on_hover(tmp_path: Path) -> None:
    """Issue 27: «вскрышка», «фреза» and «играющий» were shown but not explained. The pointer on them shows the
    glossary's words."""
    d = Driver(tmp_path)
    d.new_game_from_menu()
    t = d.table
    for _ in range(30):  # until the trump is fixed: the фреза is shown and a seat plays
        if t.model.view.bidder is not None:
            break
        if human_turn(d):
            d.click_action(lambda a: a.kind is Kind.ORDER)
    d.frames(2)
    terms = dict((term, rect) for rect, term in t.painter.terms)
    assert set(terms) == {"vskryshka", "freza"}
    assert not terms["vskryshka"].colliderect(terms["freza"])  # the two labels never meet...
    from ui.widgets.cards import CardImages

    stock = pygame.Rect(t.geo.stock_pos, CardImages.size_for(t.geo.stock_h))
    assert terms["vskryshka"].top >= stock.bottom  # ...nor run under the deck
    face_up = i18n.card_name(t.model.view.face_up)  # the crosswise card's name: its index is small and sideways
    assert t.painter.term_words["vskryshka"] == f"вскрышка {face_up}"
    d.move(terms["freza"].center)
    assert t.term_tip() == i18n.tr("glossary.freza") and (t.term_tip() or "").startswith("Фреза — нижняя карта")
    assert t.model.view.bidder is not None
    d.move(t.painter.label_rects[t.model.view.bidder].center)
    assert t.term_tip() == i18n.tr("glossary.bidder")
    d.move((5, 5))
    assert t.term_tip() is None


def test_the_last_trick_panel_holds_its_title_and_says_the_ranks_in_the_texts_letters(tmp_path: Path) -> None:
    """A player's pass: the L panel's title stuck out of it («Последняя взятка: Соперник»); now the title is the
    panel's own and the winner's name is gold under the card. The rules' card table follows the language's
    letters (J Q K A in English, as its summary above it)."""
    from ui.scenes.rules import card_order

    d = at_my_turn_after_a_trick(tmp_path)
    d.key(pygame.K_l)
    d.frames(2)
    assert d.table.peek.shown and len(d.table.painter.last_trick_names) == 2
    from game.cards import PLAIN_POINTS, PLAIN_STRENGTH

    i18n.set_language("en")
    try:
        assert card_order(PLAIN_STRENGTH, PLAIN_POINTS).startswith("A — 11, 10 — 10, K — 4, Q — 3, J — 2")
    finally:
        i18n.set_language("ru")
    assert card_order(PLAIN_STRENGTH, PLAIN_POINTS).startswith("Т — 11, 10 — 10, К — 4, Д — 3, В — 2")


def test_undo_and_hint_speak_as_large_as_the_menu_when_the_sheet_has_room(tmp_path: Path) -> None:
    """A player's pass at 1920×1080: «Отменить» and «Подсказка» were in small print beside «Меню» on a wide sheet;
    the small print is kept for a narrow sheet only, where the labels would not fit otherwise."""
    ids = {}
    for size in ((1024, 640), (1920, 1080)):
        d = Driver(tmp_path / str(size[0]), size=size)
        d.new_game_from_menu()
        buttons = (d.table.undo_button, d.table.hint_button)
        assert all(b is not None for b in buttons)
        ids[size[0]] = {b.object_ids[-1] for b in buttons if b is not None}
    assert ids[1920] == {None} and ids[1024] == {"#small_button"}


def test_an_answers_tooltip_reads_as_a_sentence_not_a_column(tmp_path: Path) -> None:
    """«Играю»'s tooltip stood in five lines of two words (pygame_gui wraps at 170 px): it is wide enough for a
    sentence in three or four lines, and stays off the dialog's buttons."""
    d = Driver(tmp_path, size=(1024, 640))
    d.new_game_from_menu()
    for _ in range(100):
        if human_turn(d):
            break
    t = d.table
    buttons = [pygame.Rect(b.get_abs_rect()) for b in t.decisions.panel.buttons]
    btn = next(b for b, p in t.decisions.panel.buttons.items() if isinstance(p, Action) and p.kind is Kind.ORDER)
    tip = d.rest_on(btn)
    assert tip is not None and tip.rect.w >= 260
    assert tip.rect.h <= 4 * 24 + 16, tip.rect  # four lines and the box's margins (six at 170 px)
    assert not any(pygame.Rect(tip.rect).colliderect(b) for b in buttons)


def test_the_keys_help_fits_the_window_and_grows_with_it(tmp_path: Path) -> None:
    """F1 touched the window's edge at 1024×640 and stayed small at full HD: inside the window at both sizes,
    and larger on the larger one; and it is opaque."""
    boxes = {}
    for size in ((1024, 640), (1920, 1080)):
        d = Driver(tmp_path / str(size[0]), size=size)
        d.new_game_from_menu()
        d.key(pygame.K_F1)
        d.frames(2)
        box = d.table.painter.help_box
        assert d.table.help_open and d.app.screen.get_rect().inflate(-12, -12).contains(box), (size, box)
        assert d.table.painter.help_rows[0] == ("Мышь", i18n.tr("key_mouse"))  # first: how to play a card
        # opaque: nothing of the table shows through (a player found the words hard to read over the cards)
        assert d.app.screen.get_at((box.centerx, box.bottom - 8))[:3] == (15, 46, 28)
        boxes[size[0]] = box
    assert boxes[1920].h >= boxes[1024].h * 1.25


def say_a_false_fifty(d: Driver) -> None:
    """Strict etiquette, seed 1: order the trump, then say «пятьдесят» without a fifty (a false announcement)."""
    for _ in range(20):
        if human_turn(d):
            if any(a.kind is Kind.ANNOUNCE for a in d.table.model.view.legal):
                break
            d.click_action(lambda a: a.kind is Kind.ORDER)
    d.click_action(lambda a: a.kind is Kind.ANNOUNCE and a.value == 4)  # «пятьдесят» without a fifty


def test_the_wheel_scrolls_the_rules_over_the_table_and_does_not_close_them(tmp_path: Path) -> None:
    """A player's report: the wheel closed the rules (R) at once — pygame sends a wheel turn also as buttons 4 and
    5, which the page took for a click outside it. The wheel now scrolls the page; a left click still closes it,
    and the help (F1) stays open under the wheel too."""
    d = Driver(tmp_path, size=(1024, 640))
    d.new_game_from_menu()
    t = d.table
    d.key(pygame.K_r)
    box = t.rules_box
    assert box is not None and box.alive
    text = box.window.text_block
    assert text is not None and text.scroll_bar is not None
    centre = text.rect.center
    d.move(centre)
    for _ in range(10):  # pygame_gui eases the page towards the wheel's target by the frames' real time: on a
        d.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, which=0)  # busy machine
        d.post(pygame.MOUSEBUTTONDOWN, pos=centre, button=5)  # three turns in quick frames once moved it by 0
        d.post(pygame.MOUSEBUTTONUP, pos=centre, button=5)
        d.frames(3)
        assert t.rules_box is box and box.alive  # never closed by a turn
        if text.scroll_bar.start_percentage > 0:
            break
    assert t.rules_box is box and box.alive
    assert text.scroll_bar.start_percentage > 0  # scrolled down
    d.click((5, d.app.screen.get_height() // 2))  # a left click beside the page closes it
    assert t.rules_box is None
    d.key(pygame.K_F1)
    assert t.help_open
    d.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0, which=0)
    d.post(pygame.MOUSEBUTTONDOWN, pos=centre, button=4)
    d.post(pygame.MOUSEBUTTONUP, pos=centre, button=4)
    d.frames(2)
    assert t.help_open
    d.click(centre)
    assert not t.help_open


def test_a_new_game_over_one_in_progress_asks_first_and_says_which(tmp_path: Path) -> None:
    """A player's report: «Новая игра» put the game in progress aside without a word, and «Продолжить» did not say
    which game it goes back to. Now the menu asks («Начать новую партию? Неоконченная (вдвоём, сдача 1, счёт 0 :
    0)…»): Esc keeps it for «Продолжить», Enter starts the new one; the unfinished game stays in «Повторы»."""
    from ui.i18n import tr
    from ui.replays import list_records

    d = Driver(tmp_path)
    d.new_game_from_menu()
    first = d.table.ctl
    while not human_turn(d):
        d.frames()
    play_one_human_turn(d)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, MenuScene) and d.menu.saved is not None
    words = d.menu.saved_words()
    assert words == f"вдвоём, сдача 1, счёт 0 : 0 · соперник: {tr('level_' + str(d.menu.saved.meta['bot_level']))}"
    cont = next(b for b, key in d.menu.buttons.items() if key == "continue")
    assert cont.tool_tip_text == tr("menu.continue_tip", game=words)
    d.click(d.menu.button_rect("new").center)
    assert isinstance(d.app.scene, MenuScene) and d.menu.asking_new
    panel = d.menu.question_panel
    assert panel is not None and panel.visible and panel.key is not None and words in panel.key[0]
    assert set(panel.button_rects()) == {"new", "stay"} and not d.menu.fields["preset"].visible
    assert not any(note.visible for note in d.menu.opponent_notes.values())  # nothing of the form shows through
    d.key(pygame.K_ESCAPE)  # «Отмена»: the game in progress stays
    assert isinstance(d.app.scene, MenuScene) and not d.menu.asking_new and d.menu.saved is not None
    d.click(d.menu.button_rect("new").center)
    assert d.menu.asking_new
    d.click(panel.button_rects()["new"].center)  # «Начать новую»
    assert isinstance(d.app.scene, TableScene) and d.table.ctl is not first
    kinds = [e.kind for e in list_records(d.app.paths)]
    assert "game" in kinds  # the unfinished game was put in «Повторы»
    second = d.table.ctl
    d.key(pygame.K_ESCAPE)
    d.click(d.menu.button_rect("new").center)
    assert d.menu.asking_new
    d.key(pygame.K_RETURN)  # Enter: yes, a new game
    assert isinstance(d.app.scene, TableScene) and d.table.ctl is not second
