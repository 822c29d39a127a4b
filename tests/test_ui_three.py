"""Three players at the table (issue 16): the controller with two bots, and the table driven by real events."""

from __future__ import annotations

import dataclasses
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import itertools
import random
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver as BaseDriver
from ui_driver import choose, option_pairs

from game.actions import Action, Kind
from game.bots.base import Player
from game.deal import DealView, Phase
from game.record import load
from ui import i18n
from ui.app import App, AppOptions
from ui.controller import GameController, GameOptions
from ui.paths import Paths
from ui.scenes.menu import MenuScene
from ui.scenes.table import Mode, TableScene
from ui.settings import load_settings
from ui.widgets.summary import INDEX_SHOWN, notes

THREE = {"players": 3, "bot_level": "random", "target": 101}


def three_game(tmp_path: Path, seed: int = 3, **kw: object) -> GameController:
    opts = GameOptions(seed=seed, first_dealer="random", **THREE)  # type: ignore[arg-type]
    return GameController.new_game(Paths.resolve(tmp_path), opts, inline_bots=True, **kw)


def human_plays(ctl: GameController, rng: random.Random, steps: int) -> int:
    """The human's legal actions (a random one each time) and the bots' answers, for ``steps`` human actions or
    until the game ends; the human actions made."""
    made = 0
    while made < steps and ctl.match.over is None:
        if ctl.match.current is None:
            ctl.start_deal()
        seat = ctl.to_act()
        if seat is None:
            ctl.start_deal()
            continue
        if seat in ctl.human_seats:
            view = ctl.model().view
            ctl.submit(rng.choice(view.legal))
            made += 1
        else:
            assert ctl.poll(False) is not None
    return made


def test_three_seats_two_bots_each_its_own(tmp_path: Path) -> None:
    ctl = three_game(tmp_path)
    assert ctl.match.rules.players == 3
    assert sorted(ctl.bots) == [1, 2]
    assert ctl.bots[1] is not ctl.bots[2]
    assert len(ctl.players) == 3
    model = ctl.model()
    assert model.players == 3 and model.view.seat == 0
    assert len(model.view.hand_sizes) == 3
    saved = load(tmp_path / "current.json")
    assert saved.rules.players == 3 and len(saved.players) == 3
    ctl.close()


def test_first_dealer_is_any_of_three(tmp_path: Path) -> None:
    dealers = set()
    for seed in range(12):
        ctl = three_game(tmp_path / str(seed), seed=seed, autosave=False)
        dealers.add(ctl.match.deals[0].dealer)
        ctl.close()
    assert dealers == {0, 1, 2}


def test_bots_answer_in_turn_only_with_their_own_view(tmp_path: Path) -> None:
    seen: list[int] = []

    class Spy:
        def __init__(self, inner: Player) -> None:
            self.inner = inner

        def choose(self, view: DealView) -> object:
            seen.append(view.seat)
            assert view.to_act == view.seat
            return self.inner.choose(view)

    ctl = three_game(tmp_path, seed=5, autosave=False)
    ctl.bots = {s: Spy(b) for s, b in ctl.bots.items()}  # type: ignore[misc]
    human_plays(ctl, random.Random(1), 12)
    assert set(seen) == {1, 2}
    ctl.close()


def test_continue_a_three_player_game(tmp_path: Path) -> None:
    ctl = three_game(tmp_path, seed=9)
    human_plays(ctl, random.Random(2), 8)
    record = load(tmp_path / "current.json")
    assert record.rules.players == 3
    again = GameController.restore(Paths.resolve(tmp_path), record, inline_bots=True)
    assert again.match.rules.players == 3
    assert again.human_seats == (0,) and sorted(again.bots) == [1, 2]
    assert again.match.deals[-1].history == ctl.match.deals[-1].history
    assert again.model().view == ctl.model().view
    ctl.close()
    again.close()


def test_undo_for_three_until_a_bot_answers(tmp_path: Path) -> None:
    ctl = three_game(tmp_path, seed=4, autosave=False)
    rng = random.Random(0)
    while not ctl.human_to_act():
        ctl.poll(False)
    before = ctl.match.deals[-1].history[:]
    ctl.submit(rng.choice(ctl.model().view.legal))
    assert ctl.can_undo()
    assert ctl.undo()
    assert ctl.match.deals[-1].history == before
    ctl.submit(ctl.model().view.legal[0])
    if ctl.to_act() not in ctl.human_seats and ctl.to_act() is not None:
        ctl.poll(False)  # the left bot answers: the human's move is no longer its own to take back
        assert ctl.undo_refusal() == "undo_opp_answered"
    ctl.close()


def play_to_the_end(ctl: GameController, rng: random.Random, steps: int) -> None:
    """Deals started, the bots answering, the human playing at random and claiming whenever offered from 101
    points: until the game is over or ``steps`` have run."""
    for _ in range(steps):
        if ctl.match.over is not None:
            return
        seat = ctl.to_act() if ctl.match.current is not None else None
        if seat is None:
            ctl.start_deal()
        elif seat in ctl.human_seats:
            legal = ctl.model().view.legal
            claims = [a for a in legal if a.kind is Kind.CLAIM]
            plain = [a for a in legal if a.kind is not Kind.CLAIM]
            ctl.submit(claims[0] if claims and max(ctl.match.scores) >= 101 else rng.choice(plain or legal))
        else:
            ctl.poll(False)


def test_a_whole_three_player_game_ends_by_a_claim(tmp_path: Path) -> None:
    """The game ends only when a player claims it; the bots claim as the engine allows, the human's claim is
    one of its legal actions (here taken whenever offered)."""
    ctl = three_game(tmp_path, seed=21)
    play_to_the_end(ctl, random.Random(5), 200)
    over = ctl.match.over
    assert over is not None
    assert over.reason.value in ("claim", "false_claim")
    assert ctl.finished_path is not None and ctl.finished_path.exists()
    assert not (tmp_path / "current.json").exists()
    ctl.close()


# ---------------------------------------------------------------------- the new-game screen, autoplay


def menu_of(d: BaseDriver) -> MenuScene:
    assert isinstance(d.app.scene, MenuScene)
    return d.app.scene


def test_new_game_screen_offers_three_players_and_remembers_it(tmp_path: Path) -> None:
    d = BaseDriver(tmp_path, size=(1024, 640))
    menu = menu_of(d)
    screen = pygame.Rect((0, 0), d.app.screen.get_size())
    for field in menu.fields.values():  # seven rows and the deal code still fit a 1024×640 window
        assert screen.contains(field.get_abs_rect())
    choose(d, menu.fields["players"], "трое: вы и два соперника")
    menu = menu_of(d)
    assert d.app.settings.players == 3
    assert menu.fields["first_dealer"].selected_option[0] in ("соперник слева", "вы", "жребий")
    assert load_settings(d.app.paths.settings_file).players == 3
    root = d.app.manager.get_root_container()
    assert root is not None
    texts = {getattr(e, "text", None) for e in root.get_container()}
    # the subtitle, and each opponent chosen apart (issue 25), the form still inside the window
    assert {"карточная игра для троих", "Соперник слева", "Соперник справа"} <= texts
    for field in menu.fields.values():
        assert screen.contains(field.get_abs_rect())
    d.click(menu.button_rect("new").center)
    assert isinstance(d.app.scene, TableScene)
    assert d.app.scene.ctl.match.rules.players == 3
    assert sorted(d.app.scene.ctl.bots) == [1, 2]


def test_rules_not_defined_for_three_are_not_offered(tmp_path: Path) -> None:
    """«В один удар» chosen for two, then «трое»: the screen offers only what three can play (issue 22; it used to
    start the game's refusal); the menu's refusal in words stays for a game set up otherwise (a code, old
    settings): ``refused_for_three``."""
    d = BaseDriver(tmp_path)
    choose(d, menu_of(d).fields["preset"], "В один удар")
    choose(d, menu_of(d).fields["players"], "трое: вы и два соперника")
    menu = menu_of(d)
    assert "one_strike" not in [v for _, v in option_pairs(menu.fields["preset"])]
    assert menu.choice("preset") == "moscow"
    refused = menu.refused_for_three(dataclasses.replace(menu.game_options(), preset="one_strike", target=0))
    assert refused is not None and "втроём" in refused and "одна сдача" in refused
    d.click(menu.button_rect("new").center)
    assert isinstance(d.app.scene, TableScene) and d.app.scene.ctl.match.rules.players == 3


def test_autoplay_three_bots_through_the_ui(tmp_path: Path) -> None:
    app = App(AppOptions(data_dir=str(tmp_path), autoplay=True, deals=2, testing=True, seed=5, players=3))
    assert app.run() == 0
    assert isinstance(app.scene, TableScene)
    assert app.scene.deals_seen == 2
    assert app.scene.ctl.match.rules.players == 3


# ---------------------------------------------------------------------- the table for three, by real events


class Driver(BaseDriver):
    def __init__(self, data_dir: Path, size: tuple[int, int] = (1280, 800)) -> None:
        super().__init__(data_dir, size=size)

    def start(self, seed: int = 5, first_dealer: str = "bot", **kw: object) -> TableScene:
        """A three-player game at the table; by default the left bot deals, so the right one speaks first."""
        options = {**THREE, "bot_level": "easy", "target": 501, **kw}
        opts = GameOptions(seed=seed, first_dealer=first_dealer, **options)  # type: ignore[arg-type]
        return self.start_table(opts, frames=3)

    def history(self) -> list[tuple[int, Action]]:
        """The engine's deal — for assertions only (the UI itself never touches it)."""
        return list(self.table.ctl.match.deals[-1].history)


def human_turn(d: Driver) -> bool:
    d.frames()
    return d.table.ctl.human_to_act()


def play_one_human_turn(d: Driver, bid: Kind = Kind.ORDER) -> Action | None:
    """Answer a dialog by clicking its button, or play a card by dragging it; the action taken."""
    view = d.table.model.view
    words = [a for a in view.legal if a.kind is not Kind.PLAY]
    plays = [a for a in view.legal if a.kind is Kind.PLAY and not a.value]
    if view.phase is Phase.BIDDING_1:
        return d.click_action(lambda a: a.kind is bid if any(w.kind is bid for w in words) else True)
    if not plays:  # a question to answer first, round 2 of the bidding, the claim at the score-keeping
        prefer = [a for a in words if a.kind in (Kind.PISHET, Kind.NO_CLAIM, Kind.TELL_TOP, Kind.ANSWER_PASSES)]
        target = prefer[0] if prefer else words[0]
        return d.click_action(lambda a: a == target)
    before = len(d.history())
    card = plays[0].card
    assert card is not None
    d.drag_card_to_table(card)
    if d.table.decisions.pending is not None:  # «с беллой?» — answered by a click
        d.click(next(iter(d.table.decisions.panel.button_rects().values())).center)
    assert len(d.history()) > before, "the dragged legal card was not played"
    return plays[0]


def play_deal_by_dragging(d: Driver, limit: int = 300, bid: Kind = Kind.ORDER) -> list[Action]:
    done: list[Action] = []
    for _ in range(limit):
        if d.table.mode.ended:
            return done
        if human_turn(d):
            action = play_one_human_turn(d, bid)
            if action is not None:
                done.append(action)
    raise AssertionError("the deal did not finish")


def test_a_whole_three_player_deal_by_dragging_and_clicking(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    t = d.start(seed=5)
    assert t.model.view.players == 3 and set(t.geo.opp_areas) == {1, 2}
    done = play_deal_by_dragging(d)
    deal = t.ctl.match.deals[-1]
    assert deal.is_over() and deal.result is not None
    assert any(a.kind is Kind.PLAY for a in done)  # the human played cards by dragging them
    if deal.result.outcome.value == "played":
        assert sum(1 for s, a in deal.history if s == 0 and a.kind is Kind.PLAY) == 9
        assert len(deal.tricks) == 9 and all(len(tr.cards) == 3 for tr in deal.tricks)
    assert t.mode is Mode.SUMMARY
    if t.model.view.tricks:  # L: the last trick's three cards, named by its winner
        t.painter.last_trick(d.app.screen, t.model.view, t.geo)
    assert len(t.model.sheet) == 1 and len(t.model.sheet[0].result.players) == 3  # the sheet's line for three
    assert t.model.scores == t.ctl.match.scores and sum(t.model.scores) > 0  # the scores moved
    (rect,) = t.end_panel.button_rects().values()
    d.click(rect.center)  # «Следующая сдача»
    assert len(t.ctl.match.deals) == 2 and t.mode is Mode.PLAY  # type: ignore[comparison-overlap]
    assert t.ctl.match.deals[1].dealer == (deal.dealer + 1) % 3 or t.ctl.match.rules.next_dealer.value != "next"


class Scripted:
    """A bot with a fixed habit (a test's seat): the first legal action of the kinds it prefers, else the first."""

    def __init__(self, *prefer: Kind) -> None:
        self.prefer = prefer

    def choose(self, view: DealView) -> Action:
        for kind in self.prefer:
            for action in view.legal:
                if action.kind is kind:
                    return action
        plays = [a for a in view.legal if a.kind is Kind.PLAY and not a.value]
        return plays[0] if plays else view.legal[0]


def test_all_pass_twice_redeals_and_the_next_deal_comes(tmp_path: Path) -> None:
    """Two rounds with three bidders: everybody passes (the human by clicking «Пас»), the deal is dealt again."""
    d = Driver(tmp_path)
    t = d.start(seed=6, first_dealer="bot")  # the left bot deals: the human is not bound to name a trump
    t.ctl.bots = {s: Scripted(Kind.PASS) for s in t.ctl.bots}
    passes = 0
    for _ in range(60):
        if t.mode.ended:
            break
        if human_turn(d):
            d.click_action(lambda a: a.kind is Kind.PASS)
            passes += 1
    deal = t.ctl.match.deals[-1]
    assert passes == 2
    assert deal.is_over() and deal.result is not None and deal.result.outcome.value == "redeal_passes"
    assert [a.kind for _, a in deal.history] == [Kind.PASS] * 6
    assert t.mode is Mode.SUMMARY
    (rect,) = t.end_panel.button_rects().values()
    d.click(rect.center)
    assert len(t.ctl.match.deals) == 2 and t.ctl.match.deals[1].phase is Phase.BIDDING_1


def test_the_status_line_names_the_opponent_whose_announcement_is_answered(tmp_path: Path) -> None:
    """The left bot announces before its first card; the human, asked to answer, reads who said it."""
    for seed in range(1, 60):
        d = Driver(tmp_path / str(seed))
        t = d.start(seed=seed, first_dealer="human")  # the left bot speaks and leads first
        t.ctl.bots = {1: Scripted(Kind.ORDER, Kind.ANNOUNCE), 2: Scripted(Kind.PASS, Kind.PISHET)}
        for _ in range(60):
            if t.mode.ended or not human_turn(d):
                continue
            kinds = {a.kind for a in t.model.view.legal}
            if kinds & {Kind.ROST, Kind.PISHET, Kind.MINE}:
                said = next(
                    i18n.class_name(a.value) for p, a in t.model.view.history if p == 1 and a.kind is Kind.ANNOUNCE
                )
                assert t.status_text().startswith(f"Соперник слева: «{said}»") or Kind.PLAY in kinds
                assert t.decisions.words.prompt(
                    t.moment(), [a for a in t.model.view.legal if a.kind is not Kind.PLAY]
                ).startswith(f"Соперник слева: «{said}»")
                return
            if t.model.view.phase is Phase.BIDDING_1:
                d.click_action(lambda a: a.kind is Kind.PASS)
            elif t.model.view.phase is Phase.BIDDING_2:
                d.click_action(lambda a: a.kind in (Kind.PASS, Kind.NAME))
            else:
                break  # the human is to play without an announcement to answer: another seed
    raise AssertionError("no seed where the left bot announced before the human's answer")


def test_the_answer_quotes_the_announcement_not_the_belle_said_after_it(tmp_path: Path) -> None:
    """The right bot announced «Терц», then declared belle: the human answers the терц, so the status line quotes
    «Терц», not «Белла» (it quoted the bubble's last words)."""
    import dataclasses

    from game import actions as A
    from ui.scenes.table.decisions import TableWords

    d = Driver(tmp_path)
    t = d.start(seed=5)
    view = dataclasses.replace(t.model.view, history=((2, A.announce(A.TERZ)), (2, A.BELLE)))
    assert TableWords.answered_words(view, 2) == "Терц"
    assert TableWords.answered_words(view, 1) == ""


def test_nothing_overlaps_on_the_table_for_three(tmp_path: Path) -> None:
    """At 1024×640 up to 1920×1080: the names clear every fan, the trick and the piles; the trick area clears
    both opponents' fans, the stock and the dialog; the two rows of hidden cards and their piles do not meet."""
    from ui.widgets.cards import CardImages

    for size in ((1024, 640), (1280, 800), (1920, 1080)):
        d = Driver(tmp_path / f"{size[0]}", size=size)
        t = d.start(seed=5)
        d.frames(2)
        fans = {s: t.geo.opp_card_rects(9, s) for s in t.geo.others}
        pile_size = CardImages.size_for(t.geo.opp_h)
        piles = {s: pygame.Rect(t.geo.piles[s], pile_size).inflate(12, 12) for s in t.geo.piles}
        stock = t.geo.face_up_rect().union(pygame.Rect(t.geo.stock_pos, CardImages.size_for(t.geo.stock_h)))
        for s in t.geo.others:
            label = t.painter.label_rects[s]
            for other in t.geo.others:
                assert not any(label.colliderect(r) for r in fans[other]), (size, s, other)
                assert not label.colliderect(piles[other]), (size, s)
            assert not label.colliderect(t.geo.trick_area), size
            assert not any(t.geo.drop_zone.colliderect(r) for r in fans[s]), (size, s)
            assert t.geo.play.contains(fans[s][0].union(fans[s][-1])), (size, s)
            assert not any(piles[s].colliderect(r) for o in t.geo.others for r in fans[o]), (size, s)
            x, y = t.speech.anchors[s]
            assert y >= label.bottom and t.geo.play.collidepoint(x, y), size  # the bubble hangs under the name
        left, right = (fans[s][0].union(fans[s][-1]) for s in t.geo.others)
        assert left.right < right.left, size
        assert not t.geo.trick_area.colliderect(stock) and not t.geo.trick_area.colliderect(t.geo.dialog_area), size
        assert t.painter.label_rects[0].bottom <= t.geo.hand_area.y, size
        assert not t.painter.label_rects[0].colliderect(t.geo.drop_zone), size


def test_strict_claim_by_the_p_key_and_the_confirmation_ends_the_game(tmp_path: Path) -> None:
    """Strict play for three: after a trick the human took, P asks «Партия?», a click on «да» claims; the engine
    judges the claim (true or false) and the game is over either way; at 1920×1080 the game over's three buttons
    stand in one row inside its box."""
    d = Driver(tmp_path, size=(1920, 1080))
    t = d.start(seed=3, etiquette="strict", target=101)
    assert t.claim_button is not None and t.claim_button.visible
    for _ in range(400):
        if t.mode is Mode.SUMMARY:
            (rect,) = t.end_panel.button_rects().values()
            d.click(rect.center)
            continue
        if t.mode.ended or not human_turn(d):
            continue
        if t.decisions.words.claim_action(t.moment()) is not None:
            break
        play_one_human_turn(d)
    else:
        raise AssertionError("the human never took a trick with a lead to come")
    d.key(pygame.K_p)
    assert t.decisions.confirm_claim is not None
    d.frames(2)
    yes = next(r for p, r in t.decisions.panel.button_rects().items() if isinstance(p, tuple) and p[1] is not None)
    d.click(yes.center)
    d.frames(3)
    over = t.ctl.match.over
    assert over is not None and over.reason.value in ("claim", "false_claim")
    assert t.mode is Mode.GAME_OVER
    buttons = list(t.end_panel.button_rects().values())
    assert len(buttons) == 3 and len({r.y for r in buttons}) == 1
    assert all(t.geo.overlay_rect().contains(r) for r in buttons)
    again = next(r for p, r in t.end_panel.button_rects().items() if p == "again")
    d.click(again.center)  # «Реванш»: three players again, with the same rules
    rematch = d.table
    assert rematch is not t and rematch.ctl.match.rules == t.ctl.match.rules and sorted(rematch.ctl.bots) == [1, 2]


def test_continue_from_the_menu_seats_three_again(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    t = d.start(seed=5)
    for _ in range(3):
        while not human_turn(d):
            pass
        play_one_human_turn(d)
    history = d.history()
    d.key(pygame.K_ESCAPE)  # to the menu: the game is saved
    menu = menu_of(d)
    d.click(menu.button_rect("continue").center)
    t = d.table
    assert t.model.view.players == 3 and sorted(t.ctl.bots) == [1, 2]
    assert d.history()[: len(history)] == history
    assert set(t.geo.opp_areas) == {1, 2}


def test_after_rost_the_status_says_the_opponent_names_its_top_card(tmp_path: Path) -> None:
    """The right bot leads and announces, the human (the first вистующий) asks «рост?»: while the bot is to speak,
    the status line says it names its top card (not that it plays)."""
    seen: list[str] = []

    class Announcer(Scripted):
        def choose(self, view: DealView) -> Action:
            if any(a.kind is Kind.TELL_TOP for a in view.legal):
                seen.append(d.table.status_text())
            return super().choose(view)

    for seed in (19, *range(1, 40)):  # 19: the first found; the others if the bots change
        d = Driver(tmp_path / str(seed))
        t = d.start(seed=seed, first_dealer="bot")  # the left bot deals: the right one speaks and leads first
        t.ctl.bots = {2: Announcer(Kind.ORDER, Kind.ANNOUNCE, Kind.TELL_TOP), 1: Scripted(Kind.PASS, Kind.PISHET)}
        asked = False
        for _ in range(60):
            if seen or t.mode.ended or not human_turn(d):
                continue
            view = t.model.view
            kinds = {a.kind for a in view.legal}
            if Kind.ROST in kinds:
                d.click_action(lambda a: a.kind is Kind.ROST)
                asked = True
            elif view.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
                d.click_action(lambda a: a.kind is Kind.PASS)
            elif asked:
                play_one_human_turn(d)  # the human plays on; the bot tells its top card when its turn comes
            else:
                break  # no «рост?» for the human here: another seed
        if seen:
            assert seen[0] == "Соперник справа называет старшую карту…"
            return
    raise AssertionError("no seed where the human could ask the right bot «рост?»")


def test_cards_the_table_has_seen_lie_face_up_in_their_holders_fan() -> None:
    """known_cards gives each opponent the cards the table saw it take or show: the swapped вскрышка goes to the
    swapper's fan, never to the other opponent's."""
    from game import Match, Rules
    from game.cards import shuffled_deck
    from ui.scenes.table.drawing import known_cards

    checked = 0
    for seed in range(200):
        match = Match(Rules.preset("moscow", players=3), first_dealer=seed % 3)
        deal = match.start_deal(shuffled_deck(random.Random(seed)))
        rng = random.Random(seed)
        while deal.current_player() is not None:
            legal = deal.legal_actions()
            swaps = [a for a in legal if a.kind is Kind.SWAP]
            seat = deal.current_player()
            match.apply(swaps[0] if swaps else rng.choice(legal))
            if swaps and seat != 0:
                assert seat is not None
                view = deal.view(0)
                other = 3 - seat
                taken = set(view.known_opponent_cards) - set(view.shown[seat])
                assert taken and taken <= set(known_cards(view, seat))
                assert not taken & set(known_cards(view, other))
                checked += 1
                break
        if checked >= 3:
            return
    raise AssertionError("no swap by an opponent came up")


def test_autoplay_three_refuses_rules_not_defined_for_three(tmp_path: Path, capsys: object) -> None:
    (tmp_path / "settings.json").write_text('{"preset": "one_strike", "target": 0}', "utf-8")
    app = App(AppOptions(data_dir=str(tmp_path), autoplay=True, deals=1, testing=True, seed=5, players=3))
    assert app.run() == 2
    assert "not defined for three players" in capsys.readouterr().err  # type: ignore[attr-defined]


def test_an_illegal_card_dropped_springs_back_and_names_the_rule(tmp_path: Path) -> None:
    """Drag-to-play as for two: a card the rules forbid comes back to the hand, nothing is sent, the status line
    names the rule (asked of Deal.why_illegal)."""
    d = Driver(tmp_path)
    t = d.start(seed=11)
    for _ in range(400):
        if t.mode is Mode.SUMMARY:
            (rect,) = t.end_panel.button_rects().values()
            d.click(rect.center)
            continue
        if t.mode.ended or not human_turn(d):
            continue
        view = t.model.view
        playable = t.hand.playable
        illegal = [c for c in view.hand if playable is not None and c not in playable]
        if view.phase is Phase.PLAY and view.trick and illegal and playable:
            break
        play_one_human_turn(d)
    else:
        raise AssertionError("no position with an illegal card came up")
    history, hand = d.history(), list(view.hand)
    d.drag_card_to_table(illegal[0])
    assert d.history() == history and list(t.model.view.hand) == hand
    assert illegal[0] in t.hand.cards
    assert t.status.message is not None and t.status.message[2]
    assert any(
        rule in t.status.message[0] for rule in ("нужно ходить в масть", "нужно козырять", "нужно перебить козырь")
    )


def test_the_seats_names_grow_with_the_table(tmp_path: Path) -> None:
    """The names («Вы», «Соперник слева», «Соперник справа») scale with the table's text: at 1920×1080 each is
    drawn taller than at 1024×640 by about the text scale (they stayed at 15 px while the rest grew)."""
    heights: dict[tuple[int, int], dict[int, int]] = {}
    scales: dict[tuple[int, int], float] = {}
    for size in ((1024, 640), (1920, 1080)):
        d = Driver(tmp_path / f"{size[0]}", size=size)
        t = d.start(seed=5)
        d.frames(2)
        assert sorted(t.painter.label_rects) == [0, 1, 2], size
        heights[size] = {s: r.h - 6 for s, r in t.painter.label_rects.items()}  # the text, without its panel
        scales[size] = t.geo.text_scale
    small, big = heights[(1024, 640)], heights[(1920, 1080)]
    ratio = scales[(1920, 1080)] / scales[(1024, 640)]
    assert ratio > 1.3
    for s in (0, 1, 2):
        assert big[s] >= small[s] * (1 + (ratio - 1) * 0.8), (s, small[s], big[s])


def test_the_next_deal_button_survives_a_resize_of_the_summary(tmp_path: Path) -> None:
    """The deal's summary at 1280×800, then the window made 1024×640 (or F11): «Следующая сдача» is there again,
    inside the new box, and a click on it deals the next deal (it was lost: the widgets were rebuilt without it)."""
    d = Driver(tmp_path)
    t = d.start(seed=5)
    play_deal_by_dragging(d)
    assert t.mode is Mode.SUMMARY
    d.app.resize((1024, 640))
    d.frames(2)
    t = d.table
    assert t.mode is Mode.SUMMARY
    (rect,) = t.end_panel.button_rects().values()
    assert t.geo.overlay_rect().contains(rect)
    d.click(rect.center)
    assert len(t.ctl.match.deals) == 2 and t.mode is Mode.PLAY  # type: ignore[comparison-overlap]


def test_the_deals_summary_grows_with_the_table(tmp_path: Path) -> None:
    """The end of a deal at 1024×640 and 1920×1080: the summary's text grows with the table's text scale (it
    stayed at 17 px in a box 1.35 times larger), and its content ends above «Следующая сдача» at both sizes."""
    drawn = {}
    for size in ((1024, 640), (1920, 1080)):
        d = Driver(tmp_path / f"{size[0]}", size=size)
        t = d.start(seed=5)
        play_deal_by_dragging(d)
        assert t.mode is Mode.SUMMARY
        d.frames(2)
        assert t.painter.summary is not None
        (button,) = t.end_panel.button_rects().values()
        assert t.painter.summary.bottom <= button.top, size
        drawn[size] = t.painter.summary.size
        rows = t.painter.summary.hand_rows  # every card's corner index shows; two hands a row where rows are short
        shown = [b.left - a.left for row in rows for a, b in itertools.pairwise(row)]
        assert len(rows) == 3 and min(shown) >= INDEX_SHOWN * rows[0][0].w - 1, size
        assert rows[0][0].h >= 60, size  # 28×40 px cards for three were not readable (a player's pass)
    assert drawn[(1920, 1080)] >= round(drawn[(1024, 640)] * 1.3), drawn


def test_the_round_two_dialog_leaves_the_right_opponents_word_readable(tmp_path: Path) -> None:
    """At 1024×640 the right opponent's «Пас» hangs under its name into the band; the round-2 dialog starts below
    it (it covered the bubble, issue 22), and the sequence banners start there too, above your name."""
    from ui.seats import seat_side

    for size in ((1024, 640), (1920, 1080)):
        d = Driver(tmp_path / str(size[0]), size=size)
        t = d.start(seed=6, first_dealer="bot")
        t.ctl.bots = {s: Scripted(Kind.PASS) for s in t.ctl.bots}
        for _ in range(80):
            if human_turn(d):
                if t.model.view.phase is Phase.BIDDING_2:
                    break
                d.click_action(lambda a: a.kind is Kind.PASS)
        d.frames(3)
        right = next(s for s in t.geo.others if seat_side(t.seat, s, 3) == "right")
        bubble = t.speech.rect_of(right, t.size[0], t.geo.others)
        assert t.speech.text_of(right) == "Пас" and bubble is not None
        panel = t.decisions.panel.rect
        assert t.decisions.panel.visible and not panel.colliderect(bubble), size
        assert panel.bottom <= t.geo.hand_area.y, size
        assert t.geo.banner_rect.top >= bubble.bottom, size
        assert t.geo.banner_rect.bottom <= t.painter.label_rects[0].top, size


def test_the_keyboard_cursors_marker_stays_clear_of_your_name(tmp_path: Path) -> None:
    """The first card chosen by → (under «Вы · сдающий» on a small window): its blue marker ends below the name (it
    touched it, issue 22), at every size and for two and three players."""
    from ui.widgets.hand import MARKER_GAP, MARKER_H

    for players in (2, 3):
        for size in ((1024, 640), (1920, 1080)):
            d = Driver(tmp_path / f"{players}-{size[0]}", size=size)
            t = d.start(seed=5, first_dealer="human", players=players)
            d.key(pygame.K_RIGHT)
            d.frames(2)
            assert t.hand.selected == 0, (players, size)
            card = t.hand.lifted_rect(t.hand.cards[0])
            name = t.painter.label_rects[0]
            assert name.bottom + 4 <= card.y - MARKER_GAP - MARKER_H, (players, size, name, card)


def test_the_game_never_answers_for_the_human(tmp_path: Path) -> None:
    """Issue 27: a newcomer read «Вы: пишет» in the move log without having said it. In guided play for two and
    three, every word in the human's seat is one the human submitted: the controller and the engine never
    answer for the player (checked over whole games with answers chosen at random)."""
    from game.actions import Kind as K

    dialog = {K.PISHET, K.ROST, K.MINE, K.TELL_TOP, K.ANNOUNCE}
    for players in (2, 3):
        pishet = 0
        for seed in range(11, 19):
            opts = GameOptions(seed=seed, first_dealer="random", players=players, bot_level="medium", target=301)
            data = Paths.resolve(tmp_path / f"{players}-{seed}")
            ctl = GameController.new_game(data, opts, inline_bots=True, autosave=False)
            rng = random.Random(f"answers-{players}-{seed}")
            said: list[Action] = []
            while ctl.match.over is None:
                if ctl.match.current is None or ctl.to_act() is None:
                    ctl.start_deal()
                elif ctl.to_act() in ctl.human_seats:
                    legal = ctl.model().view.legal
                    action = rng.choice([a for a in legal if a.kind in dialog] or legal)
                    said.append(action)
                    ctl.submit(action)
                else:
                    assert ctl.poll(False) is not None
            spoken = [a for d in ctl.match.deals for s, a in d.history if s == 0 and a.kind in dialog]
            assert spoken == [a for a in said if a.kind in dialog], (players, seed)
            pishet += sum(a.kind is K.PISHET for a in said)
            ctl.close()
            if pishet >= 2:
                break
        assert pishet >= 2, players  # the case the newcomer met did come up


def test_before_your_card_the_dialog_says_a_card_may_be_played(tmp_path: Path) -> None:
    """«Поменять семёрку» stood alone under the prompt (then «Перед первым ходом») and a newcomer looked for «нет»:
    the prompt says «— или сразу ходите картой», and it is true whenever that prompt is shown (two and three)."""
    from ui.scenes.table.decisions import Moment, TableWords

    shown = 0
    for players in (2, 3):
        for seed in range(21, 24):
            opts = GameOptions(seed=seed, first_dealer="random", players=players, bot_level="random", target=301)
            ctl = GameController.new_game(Paths.resolve(tmp_path / f"{players}-{seed}"), opts, inline_bots=True)
            rng = random.Random(f"before-{players}-{seed}")
            words = TableWords(0)
            for _ in range(300):
                if ctl.match.over is not None:
                    break
                if ctl.match.current is None or ctl.to_act() is None:
                    ctl.start_deal()
                    continue
                if ctl.to_act() not in ctl.human_seats:
                    assert ctl.poll(False) is not None
                    continue
                model = ctl.model()
                view = model.view
                panel = words.panel_words(view)
                if panel:
                    m = Moment(model, 0, [s for s in range(players) if s], True, False, False, True)
                    if words.prompt(m, panel) in (i18n.tr("pr_before"), i18n.tr("pr_before_card")):
                        shown += 1
                        assert any(a.kind is Kind.PLAY for a in view.legal), view.legal
                ctl.submit(rng.choice(view.legal))
            ctl.close()
    assert shown >= 5


def test_a_piles_count_stands_beside_a_long_name_not_under_it(tmp_path: Path) -> None:
    """A player's report: at 1024×640 the left pile's «1 взятка» ran under «⚡ Жора Лихой слева · сдающий». The
    counts are drawn after the names and step aside from any of them."""
    from ui.seats import seat_side
    from ui.widgets.cards import CardImages

    d = Driver(tmp_path, size=(1024, 640))
    t = d.start(seed=5, bot_levels=("bold", "random"))
    left = next(s for s in t.geo.others if seat_side(t.geo.seat, s, 3) == "left")
    assert t.model.view.dealer == left and "Жора Лихой" in t.painter.label_texts[left]
    for _ in range(400):
        if left in t.painter.count_rects or t.model.view.phase is Phase.OVER:
            break
        if human_turn(d):
            play_one_human_turn(d, bid=Kind.PASS)
        else:
            d.tick(5, 0.5)
    assert left in t.painter.count_rects, "the left opponent took no trick in this deal"
    size = CardImages.size_for(t.geo.opp_h)
    for seat, count in t.painter.count_rects.items():
        assert not any(count.colliderect(name) for name in t.painter.label_rects.values()), seat
        pile = pygame.Rect(t.geo.piles[seat], size)
        assert count.colliderect(pile.inflate(0, 2 * count.h + 16)), seat  # at its own pile, on it or under it


def test_the_summary_and_the_sheet_explain_the_bait_for_three(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen at a table for three: the pointer on the summary's «Байт: вы набрали меньше, чем оба соперника
    вместе…» showed the two-player glossary («его очки пишет соперник»). The bait line and the sheet's legend
    explain the bait for three (the вистующие's halves)."""
    monkeypatch.setattr(TableScene, "tip_delay", 0.0)
    for seed in range(1, 30):
        d = Driver(tmp_path / str(seed))
        t = d.start(seed=seed)
        play_deal_by_dragging(d)
        result = t.model.view.result
        d.frames(2)
        baits = [rect for rect, term in t.painter.terms if term == "bait"]
        if result is None or not result.bait or not baits:
            d.app.close()
            continue
        d.move(baits[0].center)
        d.frames(2)
        assert t.tip_text() == i18n.tr("glossary.bait3")
        legend = next(rect for rect, text in t.sheet.tips if text.startswith(i18n.tr("glossary.bait3")))
        d.move(legend.center)
        d.frames(2)
        assert t.tip_text() == i18n.tr("glossary.bait3") + "\n" + i18n.tr("glossary.hanging3")
        return
    raise AssertionError("no baited deal for three in 29 seeds")


def test_the_other_vistuyushchiy_is_the_partner_in_every_line_once_the_contract_is_made(tmp_path: Path) -> None:
    """A player's report: the seat's label said «Партнёр справа» while the move log, the status line and the deal's
    summary said «соперник справа» of the same seat. The left bot orders, so the right one is the human's partner:
    before the contract he is «Соперник справа» («Соперник справа: пас»), from it on «Партнёр справа» in the move log
    (his cards, his tricks), in the status line and in the summary; the bidder stays «соперник слева»; the next
    deal's log starts over."""
    d = Driver(tmp_path)
    t = d.start(seed=5, first_dealer="bot")  # the left bot deals: the right one speaks first
    t.ctl.bots = {1: Scripted(Kind.ORDER), 2: Scripted(Kind.PASS, Kind.PISHET)}
    play_deal_by_dragging(d, bid=Kind.PASS)
    deal = t.ctl.match.deals[-1]
    assert deal.bidder == 1 and deal.result is not None
    log = [text for text, _ in t.movelog.lines]
    trump = next(i for i, text in enumerate(log) if text.startswith("Козырь "))
    assert log[trump].endswith("играет соперник слева")
    assert "Соперник справа: пас" in log[:trump]
    after = log[trump + 1 :]
    partner_cards = [text for text in after if text.startswith("Партнёр справа: ")]
    assert len(partner_cards) == 9 and not any("оперник справа" in text for text in after)
    assert any(text.startswith("Соперник слева: ") for text in after)  # the bidder is the opponent still
    partner_tricks = [tr for tr in deal.tricks if tr.winner == 2]
    assert sum(text.startswith("— взятка партнёра справа") for text in after) == len(partner_tricks)
    assert t.name_of(2) == "Партнёр справа" and t.name_of(1) == "Соперник слева"
    assert t.painter.label_texts[2] == "Партнёр справа"
    assert t.mode is Mode.SUMMARY
    said = " ".join(text for text, _, _ in notes(deal.result, 0, t.ctl.levels))  # the summary's lines
    assert "соперник справа" not in said and "соперник слева" in said and "партнёр" in said
    (rect,) = t.end_panel.button_rects().values()
    d.click(rect.center)  # «Следующая сдача»: the new deal's log starts over, the partner unknown until its contract
    assert len(t.ctl.match.deals) == 2
    log = [text for text, _ in t.movelog.lines]
    trump = next((i for i, text in enumerate(log) if text.startswith("Козырь ")), len(log))
    assert log[:trump] and not any(text.startswith("Партнёр") for text in log[:trump])
    assert t.log.bidder == t.ctl.match.deals[-1].bidder


def test_adding_to_the_partners_sequence_is_asked_as_a_choice_at_a_guided_table(tmp_path: Path) -> None:
    """A player's pass: at a guided table the «родили» moment said «Ваше слово перед ходом — или сразу ходите
    картой» with one button «Терц»; a card dragged was refused with «сначала ответьте на объявление». Now the panel
    asks about adding, offers «Родили терц» and «Пишет», and a card is refused with what is owed."""
    from game import actions as A
    from game.actions import FIFTY
    from game.cards import Card
    from game.record import DealRecord, GameRecord, save
    from game.rules import Rules

    example = __import__("test_three_players")
    script = [A.ORDER, A.announce(FIFTY), A.play(Card.parse("KD")), A.ROST, A.play(Card.parse("QD"))]
    script += [A.play(Card.parse("AD")), A.TELL_TOP, A.MINE]  # seat 2's fifty won: seat 0, his partner, may add
    record = GameRecord(
        Rules.preset("moscow", players=3), ["Игрок", "Бот", "Бот"], 0, [DealRecord(0, example.EXAMPLE_DECK, script)]
    )
    record.meta.update(human_seat=0, bot_level="medium")
    save(tmp_path / "current.json", record)
    i18n.set_language("ru")
    d = Driver(tmp_path)
    d.click(d.app.scene.button_rect("continue").center)  # type: ignore[union-attr]
    d.frames(3)
    t = d.table
    panel = t.decisions.panel
    assert panel.visible and panel.key is not None and panel.key[0].startswith("Комбинация партнёра записана (+50)")
    assert panel.key[1] == ("Родили терц", "Пишет")
    d.drag_card_to_table(Card.parse("9S"))
    assert t.status.message is not None and t.status.message[0].endswith(
        "сначала скажите, добавляете ли свою комбинацию к партнёрской"
    )
    t.act(A.PISHET)
    d.frames(3)
    assert d.history()[-1] == (0, A.PISHET)


def test_the_sheet_line_on_who_plays_fits_the_sheet_in_english(tmp_path: Path) -> None:
    """A player's pass at 1280×800: «the right opponent is the bidde» ran off the sheet."""
    from ui.fonts import font
    from ui.widgets.scoresheet import ScoreSheet

    pygame.font.init()
    i18n.set_language("en")
    try:
        ctl = three_game(tmp_path)
        deal = ctl.match.current
        assert deal is not None
        right = (ctl.view_seat + 2) % 3
        while deal.bidder is None:
            seat = deal.current_player()
            legal = deal.legal_actions()
            bid = next((a for a in legal if a.kind in (Kind.ORDER, Kind.NAME)), None) if seat == right else None
            ctl.match.apply(bid or next(a for a in legal if a.kind is Kind.PASS))
        sheet = ScoreSheet()
        sheet.rect = pygame.Rect(1024, 0, 256, 800)
        sheet.draw(pygame.Surface((1280, 800)), ctl.model(), 40)
        text, size = sheet.bidder_text
        assert text == "the right opponent is the bidder" and font(size).size(text)[0] <= sheet.rect.w - 28
        ctl.close()
    finally:
        i18n.set_language("ru")
