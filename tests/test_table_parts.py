"""The table scene's parts behind their interfaces: the geometry as a value for two and three players, the
status line's refusals, the words from a ``Moment``, the card drag's offer, and the launch position a dragged
or confirmed card hands to its flight (``PlayRequest.launch``), through the real scene and loop."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_driver import Driver

from game.actions import Action, Kind
from game.cards import Card
from game.deal import Phase
from ui.clock import ManualClock
from ui.controller import GameController, GameOptions
from ui.i18n import set_language, tr
from ui.scenes.table import TableScene
from ui.scenes.table.decisions import Moment, TableWords
from ui.scenes.table.drag import CardDrag, CardOffer
from ui.scenes.table.layout import TableGeometry, sheet_width
from ui.scenes.table.status import StatusLine
from ui.settings import Settings
from ui.widgets.cards import CardImages
from ui.widgets.hand import HandWidget

R = pygame.Rect


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()
    set_language("ru")


def test_the_geometry_for_two_players_at_1024x640() -> None:
    """One opponent's row across the top, its pile at the right end; the trick, then the dialog, in the band."""
    size = (1024, 640)
    g = TableGeometry.compute(size, 0, 2, sheet_width(size))
    assert sheet_width(size) == 230 and g.sheet_rect == R(794, 0, 230, 640) and g.text_scale == 1.0
    assert g.play == R(0, 0, 794, 606) and g.status_rect == R(0, 606, 794, 34)
    assert g.hand_area == R(16, 439, 662, 157) and (g.hand_h, g.opp_h, g.trick_h, g.stock_h) == (157, 90, 127, 104)
    assert g.others == [1] and g.opp_areas == {1: R(16, 12, 662, 90)} and g.opp_area == g.opp_areas[1]
    assert g.piles == {0: (704, 482), 1: (704, 12)}
    assert g.band == R(0, 122, 794, 284) and g.trick_area == R(245, 172, 144, 184)
    assert g.drop_zone == R(215, 157, 204, 214) and g.dialog_area == R(435, 122, 347, 284)
    assert g.speech_anchors == {0: (289, 413), 1: (426, 110)}
    assert g.label_pos(0)[1] < g.hand_area.y and g.label_pos(1) == (16, 110)


def test_the_geometry_for_three_players_at_1024x640() -> None:
    """The left opponent (seat + 1) in the top-left half with its pile mid-table, the right one in the top-right
    half; the trick is wider (a card from each side) and the dialog narrower, below the bubbles under the names."""
    size = (1024, 640)
    g = TableGeometry.compute(size, 0, 3, sheet_width(size))
    assert g.play == R(0, 0, 794, 606) and g.hand_area == R(16, 439, 662, 157)
    assert g.others == [1, 2] and g.opp_areas == {1: R(16, 12, 273, 90), 2: R(405, 12, 273, 90)}
    assert g.piles == {0: (704, 482), 1: (299, 12), 2: (704, 12)}
    assert g.trick_area == R(215, 172, 204, 184) and g.dialog_area == R(465, 196, 317, 210)  # below the bubbles
    assert g.speech_anchors == {0: (289, 413), 1: (56, 136), 2: (445, 136)}
    for seat in (1, 2):  # nine hidden cards stay in their half (to a pixel of rounding)
        fan = g.opp_card_rects(9, seat)
        assert g.opp_areas[seat].inflate(2, 0).contains(fan[0].union(fan[-1]))
    # the human in another seat: the same picture, the seats turned
    g1 = TableGeometry.compute(size, 1, 3, sheet_width(size))
    assert g1.others == [2, 0] and g1.opp_areas[2] == g.opp_areas[1] and g1.opp_areas[0] == g.opp_areas[2]


def test_a_refusal_goes_with_its_position_a_message_with_its_time() -> None:
    clock = ManualClock()
    status = StatusLine(clock)
    status.flash("нельзя", error=True, about=(1, 4))
    status.moved_to((1, 4))
    assert status.message is not None and status.message.error
    status.moved_to((1, 5))  # the turn moved on: "not that card" is stale
    assert status.message is None
    status.flash("Ход отменён", seconds=0.0)
    status.moved_to((2, 0))  # not a refusal: only its time ends it
    assert status.message is not None and status.current(clock.now()) is None
    status.drop_if(lambda text: text.startswith("Ход"))
    assert status.message is None


def game(d: Driver, players: int, **kw: object) -> TableScene:
    kw = {"seed": 7, **kw}
    opts = GameOptions(first_dealer="bot", players=players, bot_level="easy", target=501, **kw)  # type: ignore[arg-type]
    scene = TableScene(d.app, GameController.new_game(d.app.paths, opts, **d.app.controller_kwargs()))
    d.app.switch(scene)
    d.frames(3)
    return scene


def flights_to_trick(t: TableScene) -> dict[Card, tuple[int, int]]:
    """Where each card played to the trick from now on starts its flight (the trick widget's ``play`` watched)."""
    starts: dict[Card, tuple[int, int]] = {}
    play = t.trick.play

    def watched(card: Card, seat: int, from_pos: tuple[int, int], now: float, flip: bool = False) -> None:
        starts[card] = from_pos
        play(card, seat, from_pos, now, flip)

    t.trick.play = watched  # type: ignore[method-assign]
    return starts


def until_a_card_to_play(d: Driver, t: TableScene) -> Card:
    """Answer the dialogs (the first answer each time) until the human may play a card."""
    for _ in range(200):
        d.frames()
        view = t.model.view
        if t.ctl.human_to_act() and not t.settling(time.monotonic()):
            plays = [a for a in view.legal if a.kind is Kind.PLAY and not a.value]
            if plays and plays[0].card is not None:
                return plays[0].card
            rects = t.decisions.panel.button_rects()
            actions = [p for p in rects if isinstance(p, Action)]
            if actions:
                d.click(rects[actions[0]].center)
    raise AssertionError("no card to play")


def test_the_words_come_from_a_moment(tmp_path: Path) -> None:
    """The status line's words need no scene: the model and who is to act."""
    d = Driver(tmp_path)
    t = game(d, 3)
    m = t.moment()
    assert isinstance(m, Moment) and m.key == t.position_key() and m.others == [1, 2]
    words = TableWords(t.seat)
    assert words.status_text(m) == t.status_text()
    waiting = Moment(m.model, m.seat, m.others, False, True, False, True)
    speaker = m.view.to_act if m.view.to_act is not None else 1
    if speaker == m.seat:  # the player's own turn while a card still flies: about its player («Вы думает…» was)
        assert not words.status_text(waiting).startswith("Вы ")
    else:
        assert words.status_text(waiting) in (
            words.about(m.view, speaker, "st_opp_bid", "st_opp_bid3"),
            words.about(m.view, speaker, "st_opp_think", "st_opp_think3"),
        )
    t.leave()


def test_the_drag_offers_the_card_where_it_was_let_go() -> None:
    """A card let go over the drop zone is offered from that place; elsewhere it springs back, offering nothing."""
    hand = HandWidget(CardImages())
    cards = [Card.parse(c) for c in ("AS", "KS", "QH")]
    hand.set_cards(cards, None, set(cards))
    hand.layout(R(16, 439, 662, 157), 157)
    drag = CardDrag(hand, Settings(animation_speed=0.0))
    zone = R(215, 157, 204, 214)
    card = cards[1]
    start = hand.lifted_rect(card).center
    assert drag.press(start, 0.0) is None  # a press lifts it
    hand.motion((zone.centerx, zone.centery))
    offer = drag.release(zone, 0.1)
    assert offer is not None and offer.card == card and zone.collidepoint(R(offer.from_pos, (10, 10)).center)
    drag.press(hand.lifted_rect(card).center, 1.0)
    hand.motion((5, 5))
    assert drag.release(zone, 1.1) is None and hand.drag is None  # let go on the felt: back into the hand


@pytest.mark.parametrize("players", [2, 3])
def test_the_card_flies_from_where_the_drag_let_it_go(tmp_path: Path, players: int) -> None:
    """The offer's position is the launch of the card's flight to the trick (no side dict in between)."""
    d = Driver(tmp_path)
    t = game(d, players)
    card = until_a_card_to_play(d, t)
    starts = flights_to_trick(t)
    assert t.offer(CardOffer(card, (123, 45)))
    assert starts[card] == (123, 45)
    t.leave()


def test_a_confirmed_card_flies_from_its_place_in_the_hand(tmp_path: Path) -> None:
    """With «Подтверждать ход» the card springs back and asks; «Да» plays it from its place in the hand."""
    d = Driver(tmp_path)
    d.app.settings.confirm_play = True
    t = game(d, 2)
    card = until_a_card_to_play(d, t)
    starts = flights_to_trick(t)
    assert not t.offer(CardOffer(card, (123, 45)))
    assert t.decisions.pending is not None and t.decisions.pending.card == card
    d.frames(2)
    rects = t.decisions.panel.button_rects()
    yes = next(r for p, r in rects.items() if isinstance(p, tuple) and p[0] == "pending" and p[1] is not None)
    home = t.hand.lifted_rect(card).topleft
    d.click(yes.center)
    assert t.decisions.pending is None and starts[card] == home
    t.leave()


def test_the_practice_scene_replaces_the_words_part(tmp_path: Path) -> None:
    """The practice table words its own dialog (its coach's ``words`` → ``CoachWords``): «Партия!» is a dialog
    answer only in a drill that lists it; the rest of the table is the ordinary one."""
    from game.drills import SITUATIONS, make_drill
    from ui.scenes.practice import CoachWords, PracticeScene

    d = Driver(tmp_path)
    for key in ("claim", next(k for k in SITUATIONS if k != "claim")):
        scene = PracticeScene(d.app, make_drill(key, 0))
        d.app.switch(scene)
        d.frames(2)
        words = scene.decisions.words
        assert isinstance(words, CoachWords) and scene.hints.label == words.label
        assert words.claim_in_panel == any("claim" in step.answers for step in scene.coach.drill.steps)
        assert words.claim_in_panel == (key == "claim")
        scene.leave()


@pytest.mark.parametrize("players", [2, 3])
def test_every_part_of_the_table_that_draws_says_when_it_needs_a_redraw(tmp_path: Path, players: int) -> None:
    """Issue 24: the table's redraw token was a hand-kept list (it once missed the dialog). Now every part that
    draws is ``Redrawn`` and the scene finds them itself: a change in any part changes the scene's token."""
    from ui.redraw import Redrawn

    d = Driver(tmp_path)
    t = game(d, players)
    drawing = {name: part for name, part in vars(t).items() if callable(getattr(part, "draw", None))}
    assert {"hand", "trick", "speech", "sheet", "movelog", "banner", "flight", "status", "hints"} <= set(drawing)
    assert [name for name, part in drawing.items() if not isinstance(part, Redrawn)] == []
    before = t.redraw_token()
    assert t.redraw_token() == before, "a table that waits asks for no frame"
    t.movelog.scroll += 1
    assert t.redraw_token() != before
    t.movelog.scroll -= 1
    t.hand.hover = t.hand.cards[0]
    assert t.redraw_token() != before


def test_the_practice_table_is_the_ordinary_table_with_a_coach() -> None:
    """Issue 24: ``PracticeScene`` overrode 17 table methods and had to set attributes before ``super().__init__``.
    Now what a drill changes is its coach's (``DrillCoach``, asked at the table's named points): the class only
    names the table that holds one."""
    from ui.scenes.practice import DrillCoach, PracticeScene
    from ui.scenes.table.coach import TableCoach

    assert [name for name, value in vars(PracticeScene).items() if callable(value)] == ["__init__"]
    hooks = {name for name, value in vars(TableCoach).items() if callable(value) and not name.startswith("_")}
    assert {"act", "words", "draw", "end_buttons", "redraw_token"} <= hooks
    assert issubclass(DrillCoach, TableCoach)


def test_the_players_own_turn_while_the_cards_move_is_never_said_of_another(tmp_path: Path) -> None:
    """For three, while the last card still flew on the player's own turn the status line said «Вы ходит…» (the
    words for another seat, with «Вы» put in); it names the one whose card flies, and «Ваш ход» waits for it to
    land (issue 22)."""
    d = Driver(tmp_path)
    t = game(d, 3)
    for _ in range(400):
        view = t.ctl.model().view
        if t.ctl.human_to_act() and view.phase is Phase.PLAY:
            break
        if t.ctl.human_to_act():
            t.ctl.submit(view.legal[0])
        else:
            t.ctl.poll(False)
        t.sync()
    m = Moment(t.ctl.model(), t.seat, [1, 2], True, False, False, True)
    assert m.view.to_act == m.seat and m.view.phase is Phase.PLAY
    words = TableWords(t.seat)
    moving = replace(m, human_to_act=False)  # the player's turn, the last card still flying
    said = words.status_text(moving)
    last = m.view.history[-1][0]
    assert last != m.seat and said == words.about(m.view, last, "st_opp_turn", "st_opp_turn3"), said
    assert not said.startswith(("Вы ход", "Ваш ход")), said
    t.leave()


def test_the_panels_short_title_is_an_answer_only_when_someone_spoke(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Strict etiquette offers the dialog's words before the first card even when nobody has announced; the
    panel's short title (a narrow table) said «Ваш ответ» there. It says «Ваше слово» until someone has spoken."""
    d = Driver(tmp_path, size=(1024, 640))
    t = game(d, 2, etiquette="strict", seed=1)  # the player leads with something to say
    shown: list[tuple[str, str | None]] = []
    real = t.decisions.panel.show

    def noting(prompt: str, *args: Any, **kw: Any) -> None:
        shown.append((prompt, kw.get("short_prompt")))
        real(prompt, *args, **kw)

    monkeypatch.setattr(t.decisions.panel, "show", noting)
    for _ in range(600):
        view = t.ctl.model().view
        if view.phase is Phase.PLAY and view.tricks:
            break
        d.frames(1)
        bidding = view.phase in (Phase.BIDDING_1, Phase.BIDDING_2)
        if t.ctl.human_to_act() and view.legal and bidding:
            t.ctl.submit(next((a for a in view.legal if a.kind is Kind.PASS), view.legal[0]))
            t.sync()
        elif any(prompt in (tr("pr_before"), tr("pr_before_card")) for prompt, _ in shown):
            break
    before = [short for prompt, short in shown if prompt in (tr("pr_before"), tr("pr_before_card"))]
    assert before and set(before) == {"Ваше слово"}, shown
    t.leave()
