"""The game-over screen: a celebration that a click skips, the chart and facts of the game, «Реванш», the last deal.

Headless, real events: the sample game to 501 is continued one action before its end and the human claims it.
"""

from __future__ import annotations

import dataclasses
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import time
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from game.actions import Action, Kind
from game.game_facts import game_facts
from game.record import load, prefix, save
from ui.fonts import font
from ui.i18n import set_language, tr
from ui.scenes.table import Mode, TableScene
from ui.widgets.chart import LAST, Series, draw_chart, nice_step
from ui.widgets.game_over import GameOverPanel, fact_rows, game_lines, headline
from ui.widgets.scoresheet import column_heads

SAVES = Path(__file__).resolve().parent.parent / "saves"


def _one_action_before_the_end(data: Path, seat: int = 0) -> None:
    record = load(SAVES / "moscow-full-501.json")
    last = len(record.deals) - 1
    cut = prefix(record, last, len(record.deals[last].actions) - 1)  # the winner's claim is the last action
    cut.meta.update(human_seat=seat, bot_level="medium", seed=5)
    save(data / "current.json", cut)


def _claimed(data: Path) -> tuple[Driver, TableScene]:
    """The saved game one claim before its end, continued at 1024×640 and claimed: the game-over overlay."""
    _one_action_before_the_end(data)
    d = Driver(data, size=(1024, 640), seed=3)
    d.click(d.app.scene.button_rect("continue").center)  # type: ignore[union-attr]
    t = _table(d)
    t.act(next(a for a in t.model.view.legal if a.kind is Kind.CLAIM))
    d.frames(3)
    return d, t


def _game_over(d: Driver, t: TableScene) -> GameOverPanel:
    """A few frames until the game-over panel is up (the last action's banner first), and the panel."""
    for _ in range(10):
        if t.mode is Mode.GAME_OVER:
            break
        d.frames()
    assert t.mode is Mode.GAME_OVER and t.game_over is not None
    return t.game_over


def _table(d: Driver) -> TableScene:
    assert isinstance(d.app.scene, TableScene), type(d.app.scene)
    return d.app.scene


def test_game_over_celebrates_skips_toggles_and_rematches(tmp_path: Path) -> None:
    _one_action_before_the_end(tmp_path)
    d = Driver(tmp_path, size=(1280, 800), seed=3)
    d.click(d.app.scene.button_rect("continue").center)  # type: ignore[union-attr]
    t = _table(d)
    claim = next(
        r for p, r in t.decisions.panel.button_rects().items() if isinstance(p, Action) and p.kind is Kind.CLAIM
    )
    d.click(claim.center)
    panel = _game_over(d, t)
    assert panel.won and panel.facts.final == (520, 474)
    assert panel.celebrating(time.monotonic()) and t.animating()  # the entrance runs frames by itself
    d.frames()
    assert panel.confetti_shown > 0  # a win: confetti on the table
    assert len(panel.chart_points) == 2 and len(panel.chart_points[0]) == panel.facts.scored_deals + 1
    mine, theirs = panel.chart_points
    assert mine[-1][1] < theirs[-1][1]  # the winner's line ends higher (smaller y)
    felt = t.geo.play.move(20, 20).topleft
    d.move(felt)
    d.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, which=0)
    d.post(pygame.MOUSEBUTTONDOWN, pos=felt, button=5)  # SDL's legacy wheel button: a turn is no click
    d.post(pygame.MOUSEBUTTONUP, pos=felt, button=5)
    d.frames()
    assert panel.celebrating(time.monotonic())
    d.click(felt)  # a click on the felt skips the celebration
    assert not panel.celebrating(time.monotonic())
    # the last deal's summary and back
    labels = t.end_panel.button_rects()
    assert set(labels) == {"again", "deal", "menu"}
    d.click(labels["deal"].center)
    assert panel.show_deal
    d.click(t.end_panel.button_rects()["deal"].center)
    assert not panel.show_deal
    # the winner's «Ещё партию» («Реванш» is the loser's word: a player's pass read it after «Победа!»): a new
    # game, same rules and opponent
    assert t.ctl.match.over is not None and t.ctl.match.over.winner == 0
    said = {payload: btn.text for btn, payload in t.end_panel.buttons.items()}
    assert said["again"] == "Ещё партию"
    rules = t.ctl.match.rules
    d.click(t.end_panel.button_rects()["again"].center)
    new = _table(d)
    assert new is not t and new.mode is Mode.PLAY and len(new.ctl.match.deals) == 1
    assert new.ctl.match.rules.name == rules.name and new.ctl.match.rules.target == rules.target
    assert new.ctl.meta["bot_level"] == "medium"


def test_to_menu_from_game_over(tmp_path: Path) -> None:
    d, t = _claimed(tmp_path)
    assert t.mode is Mode.GAME_OVER
    d.app.resize((1100, 700))  # a new window size rebuilds the widgets: the buttons come back in the new box
    d.frames(2)
    d.app.resize((1024, 640))
    d.frames(2)
    box = t.geo.overlay_rect()
    assert set(t.end_panel.button_rects()) == {"again", "deal", "menu"}
    for rect in t.end_panel.button_rects().values():  # the buttons fit the box at the smallest window
        assert box.contains(pygame.Rect(rect))
    d.click(t.end_panel.button_rects()["menu"].center)
    from ui.scenes.menu import MenuScene

    assert isinstance(d.app.scene, MenuScene)


def test_words_for_a_win_and_a_loss() -> None:
    set_language("ru")
    facts = game_facts(load(SAVES / "moscow-full-501.json"))
    assert headline(facts, 0)[0] == "Победа!"
    title, line = headline(facts, 1)
    assert title == "Партия за соперником" and "Реванш" in line and "чуть-чуть" in line  # lost by 46
    assert headline(facts, 1, {0: "careful"})[0] == "Партия за ⚖ Петром Саввичем"  # a character by name
    far = game_facts(load(SAVES / "yellowclub-full-501.json"))
    assert "сильнее" in headline(far, 1)[1]
    # lost by one's own claim without the points: not «соперник был сильнее» (a player's pass saw it so)
    claimed = dataclasses.replace(far, reason="false_claim")
    assert headline(claimed, 1)[1] == "Поторопились с заявкой: очков не хватало. Реванш?"
    rows = {label: (a, b) for label, a, b in fact_rows(far, 1)}
    assert rows["— байт"] == ("1", "2") and rows["Играющим"] == ("1", "8")  # Борис bid once and was baited
    assert rows["Лучшая сдача"] == ("107 (№7)", "169 (№1)")
    set_language("en")
    try:
        assert any(label == "Deals as bidder" for label, _, _ in fact_rows(far, 0))
    finally:
        set_language("ru")


def test_a_lost_game_draws_without_confetti() -> None:
    pygame.font.init()
    facts = game_facts(load(SAVES / "yellowclub-full-501.json"))
    surface = pygame.Surface((1024, 766))
    panel = GameOverPanel(facts, 1, now=0.0)
    panel.draw(surface, pygame.Rect(100, 80, 820, 600), surface.get_rect(), 0.5, bottom_reserved=70)
    assert not panel.won and panel.confetti_shown == 0 and panel.chart_points


def test_a_character_is_named_in_the_facts_as_in_the_last_deal() -> None:
    """Two players: the facts' column and the chart's legend name a character («⚡ Жора Лихой»), as the «Последняя
    сдача» view of the same panel does; they said «⚡ Соперник»."""
    pygame.font.init()
    facts = game_facts(load(SAVES / "yellowclub-full-501.json"))
    surface = pygame.Surface((1024, 766))
    panel = GameOverPanel(facts, 0, now=0.0, levels={1: "bold"})
    panel.draw(surface, pygame.Rect(100, 80, 820, 600), surface.get_rect(), 5.0, bottom_reserved=70)
    assert panel.heads_shown == [tr("sheet_you"), "⚡ " + tr("level_bold")]
    assert panel.facts_right <= 100 + 820


def test_chart_geometry_and_growth() -> None:
    pygame.font.init()
    surface = pygame.Surface((400, 260))
    rect = pygame.Rect(10, 10, 380, 240)
    series = [Series("a", (0, 0, 200), [0, 100, 300, 520]), Series("b", (200, 0, 0), [0, 150, 200, 474])]
    points = draw_chart(surface, rect, series, target=501, x_labels=["0", "1", "2", "3"])
    for pts in points:
        assert len(pts) == 4 and all(rect.collidepoint(p) for p in pts)
        assert [x for x, _ in pts] == sorted(x for x, _ in pts)
    assert points[0][-1][1] < points[1][-1][1] and points[0][1][1] > points[1][1][1]
    blank = pygame.Surface((400, 260))
    draw_chart(blank, rect, series, progress=0.0)
    end = points[0][-1]
    assert blank.get_at(end)[:3] != (0, 0, 200)  # nothing drawn yet at the last point
    assert surface.get_at(end)[:3] == (0, 0, 200)
    assert nice_step(520) == 200 and nice_step(40) == 10


def test_the_entrance_ends_on_its_final_picture() -> None:
    """The loop stops drawing when nothing animates: the last frame must show the whole chart and score."""
    pygame.font.init()
    facts = game_facts(load(SAVES / "moscow-full-501.json"))
    surface = pygame.Surface((1024, 766))
    box = pygame.Rect(100, 80, 820, 600)
    panel = GameOverPanel(facts, 0, now=100.0)
    panel.draw(surface, box, surface.get_rect(), 101.0, bottom_reserved=70)
    assert panel.celebrating(101.0) and 0 < panel.progress(101.0) < 1
    assert panel.celebrating(200.0)  # time is up, but the final picture has not been drawn yet
    panel.draw(surface, box, surface.get_rect(), 200.0, bottom_reserved=70)
    assert not panel.celebrating(200.0) and panel.progress(200.0) == 1.0
    skipped = GameOverPanel(facts, 0, now=100.0)
    skipped.skip(100.5)
    skipped.draw(surface, box, surface.get_rect(), 100.5, bottom_reserved=70)
    assert not skipped.celebrating(100.5)


def test_the_panel_says_how_the_players_settle() -> None:
    """Official rules, first paragraph: by the game or by the difference; the one-deal game by its stake."""
    set_language("ru")
    full = game_facts(load(SAVES / "yellowclub-full-501.json"))  # 575 : 338
    # not «Если играли…»: it was not played so; and who gets it (the same words read as a gain to the loser)
    winner, loser = full.winner, 1 - (full.winner or 0)
    assert "При игре на разницу в счёте вы получаете 237 очков" in game_lines(full, winner or 0)
    assert "При игре на разницу в счёте победитель получает 237 очков" in game_lines(full, loser)
    # the deals written, not «сыграно»: a deal cut short by a claim is written but not played out
    assert game_lines(full)[0] == f"Записано сдач: {full.scored_deals}"
    one = game_facts(load(SAVES / "one_strike-dave.json"))  # the bidder gave up at ×2
    assert one.target == 0 and f"Ставка: ×{one.stake}" in game_lines(one) and one.stake > 1
    set_language("en")
    try:
        assert "If you play for the score difference, you get 237 points" in game_lines(full, full.winner or 0)
    finally:
        set_language("ru")


def test_the_game_over_text_grows_with_the_table(tmp_path: Path) -> None:
    """The game-over panel's facts and chart labels scale with the table's text: at 1920×1080 the panel's text is
    about 1.35 times the 1024×640 one (it stayed at 17 px under a title and buttons that grew)."""
    d, t = _claimed(tmp_path)
    assert t.mode is Mode.GAME_OVER and t.game_over is not None
    small = t.game_over.text_size
    d.app.resize((1920, 1080))
    d.frames(2)
    assert t.game_over is not None and t.game_over.text_size >= round(small * 1.3), (small, t.game_over.text_size)


def test_the_opponents_claim_is_shown_at_the_table_before_the_game_over(tmp_path: Path) -> None:
    """Issue 22: the bot's «Партия!» was only a line in the move log, then the game-over panel. Now the table
    shows it (a banner that holds the game), and the game over comes after it."""
    _one_action_before_the_end(tmp_path, seat=1)  # the human is Борис: Анна, the bot, claims the game
    d = Driver(tmp_path, size=(1280, 800), seed=3, animation_speed=8.0)  # a banner holds only when animating
    d.click(d.app.scene.button_rect("continue").center)  # type: ignore[union-attr]
    t = _table(d)
    for _ in range(400):
        if t.banner.queue or t.mode.ended:
            break
        d.frames()
        time.sleep(0.005)
    banner = t.banner.current(time.monotonic())
    assert banner is not None and banner.kind == "claim" and banner.title == "Соперник: «Партия!»"
    assert banner.text == "Заявлено, что набрано не меньше 501: партия окончена."
    assert t.mode is Mode.PLAY  # the game over waits for the banner
    d.click(t.banner.rect.center)
    for _ in range(50):
        if t.mode is Mode.GAME_OVER:  # type: ignore[comparison-overlap]  # narrowed before the action
            break
        d.frames()
    assert t.mode is Mode.GAME_OVER  # type: ignore[comparison-overlap]  # narrowed before the action


def test_the_buttons_tooltips_keep_off_the_chart(tmp_path: Path) -> None:
    """At 1024×640 there is no room under the buttons, and above «Последняя сдача» its tooltip covered the
    chart's axis (issue 22): it goes beside the chart, clear of the buttons, on the screen."""
    d, t = _claimed(tmp_path)
    panel = _game_over(d, t)
    d.click(t.geo.play.move(20, 20).topleft)  # past the celebration
    d.frames(2)
    buttons = {b: p for b, p in t.end_panel.buttons.items()}
    taken = [pygame.Rect(b.get_abs_rect()) for b in buttons]
    for btn in buttons:
        tip = d.rest_on(btn)
        assert tip is not None
        tip_rect = pygame.Rect(tip.get_abs_rect())
        assert d.app.screen.get_rect().contains(tip_rect)
        assert not tip_rect.colliderect(panel.chart_rect), (buttons[btn], tip_rect)
        assert not any(tip_rect.colliderect(o) for o in taken), buttons[btn]
        d.move((4, 4))
        d.frames(3)


def test_the_dashed_lines_label_goes_where_no_line_runs() -> None:
    """The rating chart's «средний» label sat under the rating line when the rating began near 1500: it now
    takes the first place at either end of the dashed line, above or below it, that no line crosses."""
    pygame.font.init()
    surface = pygame.Surface((440, 150))
    rect = pygame.Rect(0, 0, 440, 150)
    # a line that starts just above the target and stays near it at the left, then falls away to the right
    values = [1530, 1560, 1590, 1580, 1550, 1500, 1400, 1300, 1250, 1200, 1180, 1200]
    points = draw_chart(
        surface, rect, [Series("r", (30, 90, 160), values)], target=1500, target_label="средний", from_zero=False
    )
    label = LAST.target_label
    assert label is not None
    room = label.inflate(4, 4)
    assert not any(room.collidepoint(p) for p in points[0])
    # with nothing near the left, the label keeps its usual place: above the line at the left end
    draw_chart(
        surface,
        rect,
        [Series("r", (30, 90, 160), [1000, 1010, 1020])],
        target=1500,
        target_label="средний",
        from_zero=False,
    )
    usual = LAST.target_label
    assert usual is not None and usual.left < rect.centerx


def test_a_narrow_panel_keeps_its_heads_apart_and_its_lines_inside() -> None:
    """Beside the School's coach column at 1024×640 the panel is 684 wide: «Вы» and «Соперник» stand apart, and
    «При игре на разницу в счёте: … очков» wraps inside the panel instead of running off it."""
    pygame.font.init()
    set_language("ru")
    facts = game_facts(load(SAVES / "yellowclub-full-501.json"))
    surface = pygame.Surface((1024, 640))
    box = pygame.Rect(16, 12, 684, 584)
    panel = GameOverPanel(facts, 0, now=0.0)
    panel.skip(0.0)
    panel.draw(surface, box, surface.get_rect(), 0.0, bottom_reserved=70)
    heads = column_heads(0, 2)
    size = panel.text_size - 2
    left, right = panel.fact_cols
    assert right - left >= font(size, True).size(heads[1])[0] + 6  # the second head clears the first column
    assert panel.line_rects and all(box.contains(r) for r in panel.line_rects)
    assert len(panel.line_rects) > len(game_lines(facts))  # the difference's line took two rows
    assert panel.facts_right <= box.right - 10


def test_a_save_that_failed_at_the_end_is_retried_on_the_game_over_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk refuses as the game ends: its finished copy waits. The timer retried only while the deal was
    played, so the game-over screen could stand for minutes with the game unwritten (a crash there lost it). The
    game-over screen retries on the timer too."""
    import errno

    import game.atomic
    import game.record
    from ui import saving
    from ui.clock import ManualClock

    real = game.atomic.write_atomic  # what game.record writes with (it imports the name)
    refuse = {"on": True}

    def write(path: object, text: str) -> None:
        if refuse["on"]:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        real(path, text)  # type: ignore[arg-type]  # (a str or a Path)

    _one_action_before_the_end(tmp_path)
    clock = ManualClock()
    d = Driver(tmp_path, size=(1280, 800), seed=3, clock=clock)
    d.click(d.app.scene.button_rect("continue").center)  # type: ignore[union-attr]
    t = _table(d)
    monkeypatch.setattr(game.record, "write_atomic", write)
    t.act(next(a for a in t.model.view.legal if a.kind is Kind.CLAIM))
    for _ in range(200):
        d.tick(1, 0.1)
        if t.mode is Mode.GAME_OVER:
            break
    assert t.mode is Mode.GAME_OVER and t.ctl.finished_path is None and t.ctl.save_error is not None
    refuse["on"] = False
    d.tick(2, saving.RETRY_S)  # the timer, with no action on this screen
    assert t.ctl.finished_path is not None and t.ctl.finished_path.exists() and t.ctl.save_error is None
    assert not (tmp_path / "current.json").exists() and saving.unsaved() == []


def test_a_game_won_by_a_false_claim_while_behind_has_no_difference_to_get() -> None:
    """A player's pass: after one's own false claim with 400 : 200 the screen said «победитель получает −32 очка»
    (and `score` «по разнице — -32»). Nobody gets a negative sum: by the difference there is nothing to settle
    (docs/rules.md, Settlement)."""
    from test_engine_match import play_until_claim_offered, start

    from game import actions as A
    from game.game_facts import facts_of_match
    from game.record import record_of
    from game.report import game_text
    from game.rules import PRESETS

    match, deal = start(PRESETS["moscow"].with_options(etiquette="strict"), (200, 400), seed=3)
    assert play_until_claim_offered(match, deal)
    assert deal.current_player() == 1  # the leader, short of 501: a false claim
    match.apply(A.CLAIM)
    assert match.over is not None and match.over.winner == 0 and match.over.difference < 0
    set_language("ru")
    facts = facts_of_match(match)
    for seat in (0, 1):
        lines = game_lines(facts, seat)
        assert "При игре на разницу в счёте расчёта нет: победитель не впереди по очкам" in lines
        assert not any("получает" in line or "−" in line for line in lines)
    report = "\n".join(game_text(record_of(match, ["Анна", "Борис"]), match, "ru"))
    assert "Расчёт: за партию — Анна; по разнице — нет (победитель не впереди по очкам)" in report


def test_at_the_score_keeping_the_total_says_the_row_above_it_and_p_claims(tmp_path: Path) -> None:
    """A player's pass: at «Запись очков» the deal's row already read 107 | 371 while «Итого» still said 264, and
    the «Партия! (P)» button stood grey beside the panel's «Партия! (выигрыш)». The total is the written one, and P
    claims there too (strict etiquette)."""
    import random

    from game.cards import shuffled_deck
    from game.deal import Phase
    from game.match import Match
    from game.rules import Rules
    from ui.clock import ManualClock
    from ui.controller import GameController

    for seed in range(40):
        d = Driver(tmp_path / str(seed), size=(1280, 800), seed=seed, clock=ManualClock())
        match = Match(Rules.preset("moscow", etiquette="strict", target=301), 1)
        match.scores = (285, 0)  # a sheet that only needs a small deal
        match.start_deal(shuffled_deck(random.Random(seed)))
        ctl = GameController(d.app.paths, match, {"bot_level": "random"}, **d.app.controller_kwargs())
        t = TableScene(d.app, ctl)
        d.app.switch(t)
        deal = match.deals[-1]
        for _ in range(300):
            d.tick(1, 0.2)  # the same time passes on any machine: the bots' pause, the tricks' pause
            if deal.phase is Phase.CLAIM or deal.is_over():
                break
            if ctl.human_to_act():  # as the table plays the player's choice (its picture follows)
                t.act(next(a for a in ctl.model().view.legal if a.kind is not Kind.CLAIM))
        if deal.phase is not Phase.CLAIM or not ctl.human_to_act():
            continue
        model = ctl.model()
        assert model.sheet[-1].result.scores_after == model.scores  # «Итого» under the row it adds up
        assert model.scores != match.scores
        for _ in range(100):  # the table shows the moment once the deal's last trick has settled
            d.tick(1, 0.2)
            if t.model.view.phase is Phase.CLAIM:
                break
        assert t.model.scores == model.scores
        assert t.claim_button is not None and t.claim_button.is_enabled
        return
    raise AssertionError("no seed where the player reached the score-keeping with a claim to make")


def test_a_game_given_up_on_a_double_ends_at_its_stake_not_at_0_0(tmp_path: Path) -> None:
    """A player's pass: giving up on «даве» ended on «Партия за соперником 0 : 0 · … Совсем чуть-чуть не
    хватило», «Записано сдач: 1», and «Играющим 1 — сыграно 0 — байт 0». The big line is the game's stake, the
    kind word no «close game», the deal not written, and the bidder's bid counted as cut short («прервано»)."""
    record = load(SAVES / "one_strike-dave.json")  # Борис orders, raises; Анна accepts and raises; Борис gives up
    cut = prefix(record, 0, len(record.deals[0].actions) - 1)
    cut.meta.update(human_seat=1, bot_level="medium", seed=5)
    save(tmp_path / "current.json", cut)
    d = Driver(tmp_path, size=(1280, 800), seed=3)
    d.click(d.app.scene.button_rect("continue").center)  # type: ignore[union-attr]
    t = _table(d)
    answers = [a for a in t.model.view.legal if a.kind is Kind.ANSWER_DAVE]
    words = [t.decisions.words.label(t.model.view, a) for a in answers]  # what giving up costs, beside playing on
    assert sorted(words) == ["Играть на ×4", "Сдаться (ставка ×2)"]
    t.act(next(a for a in answers if not a.value))
    panel = _game_over(d, t)
    assert not panel.won and panel.score_text == "Ставка ×4"  # at ×2, and the bidder's loss costs double
    assert headline(panel.facts, 1)[1] == "Не в этот раз. Реванш?"
    assert game_lines(panel.facts, 1) == ["Сдача не записана: даве не принято", "Ставка: ×4"]
    rows = {row[0]: row[1:] for row in fact_rows(panel.facts, 1)}
    assert rows["Играющим"] == ("1", "0") and rows["— прервано"] == ("1", "0")


def test_the_game_over_buttons_answer_to_keys(tmp_path: Path) -> None:
    """Enter, Space and Esc did nothing at the game's end; its buttons were mouse-only. 2 shows the last deal (as
    the second button), Esc goes to the menu; Enter, once the screen has been read, is «Ещё партию»."""
    from ui.scenes.menu import MenuScene

    d, t = _claimed(tmp_path)
    _game_over(d, t)
    panel = t.game_over
    assert panel is not None and not panel.show_deal
    t.overlay_since -= 5.0  # read: a key now is meant
    d.key(pygame.K_2)
    assert panel.show_deal
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, MenuScene)
    d2, t2 = _claimed(tmp_path / "again")
    _game_over(d2, t2)
    t2.overlay_since -= 5.0
    before = t2.ctl
    d2.key(pygame.K_RETURN)
    assert isinstance(d2.app.scene, TableScene) and d2.app.scene.ctl is not before  # a new game
