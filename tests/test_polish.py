"""The findings a player's pass left (issue 12): each test holds one fix, with real events through the loop.

SDL dummy drivers; no assertion on durations.
"""

from __future__ import annotations

import os

import ui.fonts

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import time
from pathlib import Path

import pygame
from ui_driver import Driver

from ui import i18n
from ui.scenes.replay import ReplayScene

ROOT = Path(__file__).resolve().parent.parent
SAVES = ROOT / "saves"


def viewer(tmp_path: Path, record: Path, size: tuple[int, int] = (1280, 800)) -> tuple[Driver, ReplayScene]:
    d = Driver(tmp_path / "data", size=size, seed=3, replay=str(record))
    assert isinstance(d.app.scene, ReplayScene)
    return d, d.app.scene


def test_the_replay_announces_a_penalty_by_the_judges_banner(tmp_path: Path) -> None:
    """As at the table, the judge names a strict-etiquette penalty in the centre, not a «Штраф!» bubble from the
    player's seat; it stays while that step is shown, a click puts it away, the next step has none."""
    i18n.set_language("ru")
    d, v = viewer(tmp_path, SAVES / "moscow-strict-false-rost.json")
    marked = next(
        i for i, t in enumerate(v.actions.texts(v, v.analyser.result)) if "⚠" in t
    )  # item N is after action N
    for _ in range(marked):
        d.key(pygame.K_RIGHT)
    assert v.pos == marked
    b = v.banner.current(time.monotonic())
    assert b is not None and b.kind == "judge"
    penalised = next(ev.seat for ev in v.events if ev.kind == "penalty")
    assert penalised is not None
    assert b.title == f"Судья: штраф — {v.record.players[penalised]}" and b.text
    assert all("Штраф" not in (v.speech.text_of(s) or "") for s in (0, 1))
    d.frames(2)
    assert v.banner.rect.w > 0 and v.geo.play.contains(v.banner.rect)
    d.click(v.banner.rect.center)
    assert v.banner.current(time.monotonic()) is None and v.pos == marked
    d.key(pygame.K_LEFT)
    d.key(pygame.K_RIGHT)
    assert v.banner.current(time.monotonic()) is not None  # back on the step: the judge speaks again
    d.key(pygame.K_RIGHT)
    assert v.banner.current(time.monotonic()) is None


def test_the_judge_says_you_in_the_players_own_game(tmp_path: Path) -> None:
    """In a game of this program (seats «Игрок» / «Бот»), the banner reads «Судья: штраф вам» as at the table."""
    from game.record import load, save

    i18n.set_language("ru")
    rec = load(SAVES / "moscow-strict-false-rost.json")
    rec.players = ["Игрок", "Бот"]
    rec.meta["human_seat"] = 0
    path = tmp_path / "own.json"
    save(path, rec)
    d, v = viewer(tmp_path, path)
    marked = next(i for i, t in enumerate(v.actions.texts(v, v.analyser.result)) if "⚠" in t)
    v.goto(0, marked)
    d.frames(2)
    b = v.banner.current(time.monotonic())
    penalised = next(ev.seat for ev in v.events if ev.kind == "penalty")
    assert b is not None and b.title == ("Судья: штраф вам" if penalised == 0 else "Судья: штраф сопернику")


def own_game(tmp_path: Path, source: str, players: list[str], human_seat: int | None = 0) -> Path:
    """A sample record saved as if this program had played it (its seats' names, the human's seat)."""
    from game.record import load, save

    rec = load(SAVES / source)
    rec.players = players
    if human_seat is not None:
        rec.meta["human_seat"] = human_seat
    path = tmp_path / f"{source}-{human_seat}.json"
    save(path, rec)
    return path


def test_the_action_list_speaks_like_the_move_log(tmp_path: Path) -> None:
    """The list said «Игрок: Играю» where the table's log says «Вы: играю» / «Соперник: играю»: in the player's
    own game each item reads as the log's line for that action; a record with names keeps its names."""
    from game.record import prefix, replay
    from ui.scenes.table.story import step_lines

    i18n.set_language("ru")
    for source in ("moscow-rost-trump.json", "moscow-strict-false-rost.json", "moscow-seven-swap.json"):
        _, v = viewer(tmp_path, own_game(tmp_path, source, ["Игрок", "Бот"], human_seat=1))
        items = v.actions.texts(v, v.analyser.result)
        dealer = v.deal.dealer
        assert items[0] == ("0. Сдаёте вы" if dealer == 1 else "0. Сдаёт соперник")
        assert "Игрок" not in " ".join(items) and "Бот" not in " ".join(items)
        match = replay(prefix(v.record, 0, 0))
        for j, action in enumerate(v.deal_actions()):
            seat = match.deals[-1].current_player()
            lines = [t for t, style in step_lines(action, match.apply(action), 1) if style in ("me", "opp")]
            said = items[j + 1].split("  ")[0].split(". ", 1)[1]
            assert said.startswith("Вы: " if seat == 1 else "Соперник: ")
            assert lines and said.startswith(lines[0]), (said, lines)
    _, v = viewer(tmp_path, SAVES / "moscow-rost-trump.json")
    assert (
        v.actions.texts(v, v.analyser.result)[1] == "1. Борис: пас"
        and v.actions.texts(v, v.analyser.result)[2] == "2. Анна: играю"
    )


def test_long_items_lose_whole_words_not_half_a_word(tmp_path: Path) -> None:
    """At 1024×640 the list is narrow: an item too long for it ends at a word with «…», its marks keep their
    sign and number; the full words stay in the status line when the item is chosen."""
    from ui.widgets.lists import row_width, text_room

    i18n.set_language("ru")
    name = "Александра Константиновна"
    path = own_game(tmp_path, "moscow-strict-false-rost.json", [name, "Бот"], human_seat=None)
    d, v = viewer(tmp_path, path, size=(1024, 640))
    assert v.actions.widget is not None
    room = text_room(v.actions.widget)
    full = v.actions.texts(v, v.analyser.result)
    shown = [item["text"] for item in v.actions.widget.item_list]
    assert len(shown) == len(full)
    cut = 0
    for whole, row in zip(full, shown, strict=True):
        assert row_width(row) <= room, row
        if row == whole:
            continue
        cut += 1
        head = row.split("  ")[0]
        if head.endswith("…"):
            head = head[:-1]
        kept = set(whole.split(" ")) | {w.rstrip(":") for w in whole.split(" ")}
        for w in head.split(" "):  # a whole word of the item, or a name's initial («К.»)
            assert w.rstrip(":") in kept or (len(w.rstrip(":")) == 2 and w.rstrip(":").endswith(".")), (row, whole)
        if "⚠" in whole:
            assert "⚠" in row and "рост?" in row
    assert cut >= 3
    marked = next(i for i, t in enumerate(full) if "⚠" in t)
    rect = v.actions.item_rect(marked)
    assert rect is not None
    d.click(rect.center)
    d.frames(2)  # the list's selection event, then the scene's reaction
    assert v.pos == marked and name in v.status_text()


def test_ones_own_game_names_the_opponent_alike_on_every_row_and_a_cut_row_has_its_words_in_a_tooltip(
    tmp_path: Path,
) -> None:
    """A player's pass at 1280×800: one's own game said «Соперник: пас» on short rows but «С.: проходит ли мой…»
    on long ones, «0. Раздача: сдаёт…» lost its dealer and «меняю…» its card. The place words are never
    shortened, a dealer row fits, a bracketed card stays, and a cut row says itself in full under the pointer."""
    from ui.widgets.lists import fit_words, row_width, text_room

    i18n.set_language("ru")
    d, v = viewer(tmp_path, own_game(tmp_path, "moscow-seven-swap.json", ["Игрок", "Бот"]))
    assert v.actions.widget is not None
    room = text_room(v.actions.widget)
    full = v.actions.texts(v, v.analyser.result)
    shown = [item["text"] for item in v.actions.widget.item_list]
    assert shown[0] == full[0] == "0. Сдаёте вы" and all(row_width(row) <= room for row in shown)
    assert all(row.split(". ", 1)[1].startswith(("Вы: ", "Соперник: ")) for row in shown[1:]), shown
    swap = next(i for i, row in enumerate(full) if "меняю семёрку" in row)
    assert shown[swap].endswith("меняю… (В♠)")
    cut = next(i for i, row in enumerate(full) if "проходит ли мой терц" in row)
    assert shown[cut] != full[cut] and shown[cut].startswith(f"{cut}. Соперник: проходит")
    d.frames(1)
    button = v.actions.widget.item_list[cut]["button_element"]
    assert button is not None and button.tool_tip_text == full[cut] and d.rest_on(button) is not None
    assert v.actions.widget.item_list[1]["button_element"].tool_tip_text is None  # a whole row needs none
    assert fit_words("8. Справа: не годится. Пятьдесят от туза пикового", row_width("8. Справа: не годится. П")) == (
        "8. Справа: не годится…"
    )


def test_practice_picker_tooltips_wait_and_cover_no_button(tmp_path: Path) -> None:
    """At 1024×640 a drill's tooltip covered the button under it. Now it waits for a resting pointer (moving
    starts the wait again) and comes up in the band over the subtitle, clear of every button."""
    from ui.dialogs import TIP_DELAY
    from ui.scenes.practice import PracticePickerScene

    i18n.set_language("ru")
    d = Driver(tmp_path / "data", size=(1024, 640), seed=3)
    d.app.switch(PracticePickerScene(d.app))
    d.frames(3)
    scene = d.app.scene
    assert isinstance(scene, PracticePickerScene) and scene.back is not None
    taken = [pygame.Rect(b.get_abs_rect()) for b in scene.buttons] + [pygame.Rect(scene.back.get_abs_rect())]
    for btn in list(scene.buttons)[:4]:
        r = btn.get_abs_rect()
        d.move((int(r.centerx), int(r.centery)))
        btn.hover_time = TIP_DELAY - 0.01  # almost rested, then the pointer moves on the button: no tooltip yet
        d.move((int(r.centerx) + 3, int(r.centery)))
        d.frames(2)
        assert btn.tool_tip is None and btn.hover_time < TIP_DELAY / 2
        btn.hover_time = TIP_DELAY + 0.01  # the pointer has rested
        d.frames(3)
        tip = btn.tool_tip
        assert tip is not None
        tip_rect = pygame.Rect(tip.get_abs_rect())
        assert d.app.screen.get_rect().contains(tip_rect)
        assert not any(tip_rect.colliderect(t) for t in taken), (tip_rect, r)
        assert scene.tip_on_top  # the subtitle gives way to it
        d.move((4, 4))
        d.frames(3)


def test_practice_drills_have_their_own_group_in_the_replay_browser(tmp_path: Path) -> None:
    """Drills were listed under «Ваши партии» with the opponent cut to «Тренировка об…». They have their own
    group «Тренировка»: the drill's title in the room of the rules and the opponent, the answers as the result."""
    import shutil

    from game.drills import SITUATIONS, make_drill
    from game.record import record_of, save
    from ui.scenes.replay import ReplayBrowserScene
    from ui.scenes.replay import browser as browser_module

    i18n.set_language("ru")
    data = tmp_path / "data"
    (data / "games").mkdir(parents=True)
    key = next(iter(SITUATIONS))
    meta = {"human_seat": 0, "practice": {"situation": key, "answers": [{"step": 0, "correct": True}]}}
    save(
        data / "games" / "20261130-120000-practice.json",
        record_of(make_drill(key, 0, 1).build_match(), ["Игрок", "Бот"], meta),
    )
    shutil.copy(SAVES / "moscow-hanging.json", data / "games" / "20261129-100000-game.json")
    d = Driver(data, size=(1024, 640), seed=3)
    drawn: list[str] = []
    real = ui.fonts.draw_text  # what the browser draws with (it imports the name)

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> object:
        drawn.append(text)
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    setattr(browser_module, "draw_text", spy)  # noqa: B010  # patched where it is looked up
    try:
        d.click(d.app.scene.button_rect("replays").center)  # type: ignore[union-attr]
        d.frames(2)
    finally:
        setattr(browser_module, "draw_text", real)  # noqa: B010
    b = d.app.scene
    assert isinstance(b, ReplayBrowserScene)
    headings = [r.heading for r in b.rows if r.entry is None]
    samples = [p for folder in (SAVES, SAVES / "three") for p in folder.glob("*.json") if p.name != "manifest.json"]
    assert len(samples) == 18  # 16 for two players, 2 for three
    assert headings == ["Ваши партии (1)", "Тренировка (1)", f"Примеры: правила в действии ({len(samples)})"]
    drill_row = next(k for k, r in enumerate(b.rows) if r.entry is not None and "practice" in b.entries[r.entry].stem)
    assert b.rows[drill_row - 1].heading == "Тренировка (1)"
    title = i18n.word(SITUATIONS[key].title)
    assert title in drawn and "верно 1 из 1" in drawn
    assert not any(t.startswith("Тренировка об") for t in drawn)


def test_esc_in_the_menu_asks_before_quitting(tmp_path: Path) -> None:
    """Esc in the menu ended the program at once. It asks «Выйти из игры?» (saying that the game in progress is
    saved); «Остаться» or Esc again stays, «Выйти» quits; the question survives a resize."""
    from ui.scenes.menu import MenuScene

    i18n.set_language("ru")
    data = tmp_path / "data"
    data.mkdir()
    (data / "current.json").write_bytes((SAVES / "book-belle.json").read_bytes())  # a game in progress
    d = Driver(data, size=(1024, 640), seed=3)
    menu = d.app.scene
    assert isinstance(menu, MenuScene) and menu.saved is not None
    d.key(pygame.K_ESCAPE)
    panel = menu.question_panel
    assert d.app.running and panel is not None and panel.visible
    assert panel.key is not None and "сохранена" in panel.key[0] and "«Продолжить»" in panel.key[0]
    assert not menu.fields["preset"].visible  # the form's drop-downs would stand over the question
    d.click(panel.button_rects()["stay"].center)
    assert d.app.running and not panel.visible and menu.fields["preset"].visible
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)  # the second Esc: stay
    assert d.app.running and not panel.visible
    d.key(pygame.K_ESCAPE)
    d.post(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800))
    d.frames(2)
    assert d.app.screen.get_size() == (1280, 800)
    panel = menu.question_panel
    assert panel is not None and panel.visible
    d.click(panel.button_rects()["quit"].center)
    assert not d.app.running


def test_the_tables_text_grows_with_a_tall_window(tmp_path: Path) -> None:
    """At 1920×1080 the dialogs, the status line and the score sheet stayed at their 1024×640 sizes. One factor
    from the layout (1 up to 800 px high) scales them; 1024×640 stays as it was."""
    from ui.controller import GameController, GameOptions
    from ui.scenes.table import TableScene

    sizes: dict[tuple[int, int], tuple[float, int, int, int]] = {}
    for size in ((1024, 640), (1920, 1080)):
        d = Driver(tmp_path / f"data{size[0]}", size=size, seed=5)
        opts = GameOptions(seed=5, first_dealer="bot", etiquette="guided", bot_level="medium", preset="moscow")
        ctl = GameController.new_game(d.app.paths, opts, **d.app.controller_kwargs())
        t = TableScene(d.app, ctl)
        d.app.switch(t)
        d.frames(3)
        t.settling = lambda now: False  # type: ignore[method-assign]  # the deal's cards have landed
        d.frames(3)
        assert t.decisions.panel.visible
        button = next(iter(t.decisions.panel.buttons))
        assert button.font is not None
        label_h = button.font.size("Играю")[1]
        sizes[size] = (t.geo.text_scale, int(button.get_abs_rect().h), label_h, t.geo.status_rect.h)
        r = button.get_abs_rect()
        d.move((int(r.centerx), int(r.centery)))
        d.click((int(r.centerx), int(r.centery)))  # the bigger answer works as the small one
        assert len(ctl.match.deals[-1].history) == 1
    small, big = sizes[(1024, 640)], sizes[(1920, 1080)]
    assert small == (1.0, 42, small[2], 34)
    assert big[0] == 1.35 and big[1] > small[1] and big[2] > small[2] and big[3] > small[3]


def test_the_action_list_fits_its_room_as_soon_as_it_opens(tmp_path: Path) -> None:
    """A player's report: at 1024×640 the list's items ran past its edge when the viewer opened («1. ☯ Ровня справа:
    па») and fitted only after a step — the rows brought the scroll bar, which took the room they were fitted to.
    They are fitted again to the room the scroll bar leaves."""
    from ui.widgets.lists import row_width, text_room

    i18n.set_language("ru")
    _, v = viewer(tmp_path, SAVES / "three" / "kharkov-three-hanging.json", size=(1024, 640))
    assert v.actions.widget is not None
    room = text_room(v.actions.widget)
    shown = [item["text"] for item in v.actions.widget.item_list]
    assert len(shown) > 20 and all(row_width(row) <= room for row in shown), [r for r in shown if row_width(r) > room]
    assert all(v.actions.item_pos[row] == i for i, row in enumerate(shown))  # each row still names its position


def test_a_card_baits_mark_on_the_sheet_says_it_was_a_penalty(tmp_path: Path) -> None:
    """A false «рост?» (strict etiquette) writes «Б» in the offender's column, and its tooltip said «Байт: играющий
    набрал меньше» — not what happened. It says the penalty and who wrote the points now."""
    from ui.i18n import tr
    from ui.widgets.scoresheet import card_bait_tip

    i18n.set_language("ru")
    d, v = viewer(tmp_path, SAVES / "moscow-strict-false-rost.json")
    d.key(pygame.K_END)  # the whole deal: its row on the sheet
    d.frames(2)
    result = v.deal.result
    assert result is not None and result.card_bait is not None
    cell = next(rect for number, seat, text, rect in v.sheet.cells if number == 1 and seat == result.card_bait)
    hit = v.sheet.hit_at(cell.center)
    assert hit is not None and hit[1] == tr("tip_card_bait") and "штраф" in hit[1] and "набрал меньше" not in hit[1]
    assert card_bait_tip(0, 0, 3) == tr("tip_card_bait3_bidder")
    assert card_bait_tip(1, 0, 3) == tr("tip_card_bait3_defender")
    # the legend under the sheet («Б — байт, …») explains the penalty's Б too at a strict table
    legend = next(text for _, text in v.sheet.tips if text.startswith(tr("glossary.bait")))
    assert legend.endswith(tr("glossary.card_bait"))
