"""Replays for three players: the browser lists them (names, result, three totals), the preview, and the viewer
steps through a three-player deal with real keys and clicks, drawing three seats — real events."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
from pathlib import Path

import pygame
from ui_driver import Driver as BaseDriver

from ui.replays import read_whole
from ui.scenes.replay import ReplayBrowserScene, ReplayScene
from ui.scenes.replay.analysis import bid_words
from ui.scenes.replay.preview import cells, preview_names, seats, sheet_rows
from ui.scenes.replay.texts import best_blind

SAVES = Path(__file__).resolve().parent.parent / "saves"
THREE = SAVES / "three" / "moscow-three-players.json"


class Driver(BaseDriver):
    settle_frames = 3

    def __init__(self, data_dir: Path, size: tuple[int, int] = (1280, 800)) -> None:
        super().__init__(data_dir, size=size, seed=3)

    def select(self, b: ReplayBrowserScene, index: int) -> None:
        b.scroll_into_view(index)
        self.frames()
        rect = b.item_rect(index)
        assert rect is not None
        self.click(rect.center)


def _own_three(tmp_path: Path, seat: int = 1) -> Path:
    """The three-player sample as one of the player's own games: the human in ``seat``, two bots."""
    data = tmp_path / "data"
    obj = json.loads(THREE.read_text("utf-8"))
    obj["players"] = ["Бот", "Бот", "Бот"]
    obj["players"][seat] = "Игрок"
    obj["meta"] = {"human_seat": seat, "bot_level": "hard", "created": "2026-11-30T20:00:00"}
    (data / "games").mkdir(parents=True)
    (data / "games" / "three.json").write_text(json.dumps(obj, ensure_ascii=False), "utf-8")
    return data


def test_the_browser_lists_three_player_games_and_samples(tmp_path: Path) -> None:
    d = Driver(_own_three(tmp_path, seat=1))
    b = d.open_browser()
    own = next(i for i, e in enumerate(b.entries) if e.path.name == "three.json")
    e = b.entries[own]
    assert e.seats == 3 and seats(e) == (1, 2, 0)  # the human first, then the left and the right opponent
    date, rules, opponent, result, score, deals = cells(e)
    assert date == "30.11.26 20:00"
    assert (rules, opponent, deals) == ("Московские 301", "сильные", "6")  # whole in the narrow columns
    assert (result, score) == ("поражение", "237 : 212 : 308")  # Анна's seat 0 won; the human's total first
    samples = {b.entries[r.entry].path.stem: b.entries[r.entry] for r in b.rows if r.entry is not None}
    sample = samples["moscow-three-players"]
    assert cells(sample)[0] == "Втроём: диалог троих, байт пополам"
    assert cells(sample)[2] == "Анна – Борис – Вера" and cells(sample)[3] == "победа: Анна"
    assert cells(sample)[4] == "308 : 237 : 212" and "kharkov-three-hanging" in samples
    # a click selects it: the preview's score sheet has a pair of columns per seat
    d.select(b, own)
    assert b.selected == own and b.button("open").is_enabled
    whole = read_whole(e)
    assert whole is not None
    rows = sheet_rows(whole[1], seats(e))  # the human (seat 1) first, then the left (2) and the right (0)
    first = rows[0][2::2]  # deal 2 was dealt again: «—», the totals unchanged (the preview left it out)
    assert rows[1] == ("2.", "—", first[0], "—", first[1], "—", first[2])
    assert rows[2] == ("3.", "72", "179", "93", "143", "Б", "56")  # Анна's bait: written «Б», halves to the others
    assert rows[-1] == ("6.", "0", "237", "0", "212", "24", "308")
    assert preview_names(e, seats(e)) == (("Вы", "Соперник слева", "Соперник справа"), ("Вы", "Слева", "Справа"))
    assert preview_names(sample, seats(sample)) == (("Анна", "Борис", "Вера"),) * 2
    # Enter opens the viewer on the record
    d.key(pygame.K_RETURN)
    assert d.viewer.record.rules.players == 3


def _viewer(tmp_path: Path, seat: int | None = None) -> tuple[Driver, ReplayScene]:
    """The three-player sample (or, with ``seat``, the player's own game in that seat) opened from the browser
    with a double click."""
    data = _own_three(tmp_path, seat) if seat is not None else tmp_path / "data"
    d = Driver(data)
    b = d.open_browser()
    name = "three.json" if seat is not None else THREE.name
    index = next(i for i, e in enumerate(b.entries) if e.path.name == name)
    d.select(b, index)
    d.select(b, index)  # the second click soon after: open
    return d, d.viewer


def _side_of(v: ReplayScene, rect: pygame.Rect) -> str:
    """Where a rectangle lies in the play area: the bottom, or the top band's left or right half."""
    if rect.centery > v.geo.play.centery:
        return "bottom"
    return "left" if rect.centerx < v.geo.play.centerx else "right"


def test_the_viewer_steps_through_a_three_player_deal_drawing_three_seats(tmp_path: Path) -> None:
    d, v = _viewer(tmp_path)
    assert (v.n, v.me, v.di, v.pos) == (3, 0, 0, 0)
    # → three times: the bid, the announcement and the first card
    for _ in range(3):
        d.key(pygame.K_RIGHT)
    assert v.pos == 3 and [p.card for p in v.trick.placed] == [v.deal_actions()[2].card]
    # ↓: to the end of the first trick — three cards on the table, each on its player's side
    d.key(pygame.K_DOWN)
    deal = v.deal
    assert len(deal.tricks) == 1 and v.pos == 6
    trick = deal.tricks[0]
    placed = {p.seat: p.card for p in v.trick.placed}
    assert placed == {(trick.leader + k) % 3: c for k, c in enumerate(trick.cards)}
    slots = {p.seat: pygame.Rect(v.trick.slot(p.seat), (10, 10)) for p in v.trick.placed}
    assert slots[1].x < slots[0].x < slots[2].x and slots[0].y > slots[1].y  # left, bottom, right
    # every hand face up on its side: seat 0 below, seat 1 (the next to act) top-left, seat 2 top-right
    for seat, side in ((0, "bottom"), (1, "left"), (2, "right")):
        hand = v.seat_hand(seat)
        assert sorted(hand.cards) == sorted(deal.hand(seat)) and len(hand.cards) == 8
        assert {_side_of(v, r) for r in hand.rects.values()} == {side}
    # the mouse: «Ход ▶» and a click on an item of the action list
    d.click(v.button_rect("b_next").center)
    assert v.pos == 7
    rect = v.actions.item_rect(12)
    assert rect is not None
    d.click(rect.center)
    assert v.pos == 12
    # the labels name the three players; the hands can be closed: the others' backs from seat 0's view
    d.click(v.button_rect("toggle_hands").center)
    assert not v.open_hands and v.hand_widget(1) is None and v.hand_widget(0) is v.bottom
    d.frames(2)
    # PageDown: the next deal (a redeal after six passes), End: its end; the status says the totals of three
    d.key(pygame.K_PAGEDOWN)
    d.key(pygame.K_PAGEDOWN)
    assert v.di == 2
    d.key(pygame.K_END)
    assert v.pos == len(v.deal_actions()) and "итог: 56 : 179 : 143" in v.status_text()
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, ReplayBrowserScene)


def test_the_players_own_three_player_game_is_seen_from_their_seat(tmp_path: Path) -> None:
    d, v = _viewer(tmp_path, seat=1)
    assert (v.n, v.me) == (3, 1)
    d.key(pygame.K_DOWN)  # the auction and the first trick
    d.key(pygame.K_DOWN)
    assert {_side_of(v, r) for r in v.bottom.rects.values()} == {"bottom"}
    assert sorted(v.bottom.cards) == sorted(v.deal.hand(1))  # the human's own cards at the bottom
    assert sorted(v.left.cards) == sorted(v.deal.hand(2)) and sorted(v.right.cards) == sorted(v.deal.hand(0))
    texts = v.actions.texts(v, v.analyser.result)
    assert texts[1] == "1. Вы: играю" and texts[4] == "4. Слева: рост?"  # Вера (seat 2) sits on the left
    assert texts[0] == "0. Сдаёт соперник справа"
    assert v.actions.widget is not None and v.actions.widget.item_list[0]["text"] == texts[0]  # not «сдаёт соперник…»
    assert (
        v.names.speaker(0) == "Соперник справа" and v.names.sheet_names() is None
    )  # the sheet: «Вы», «Слева», «Справа»
    v.goto(0, 8)  # «у меня старше» from the left: its bubble under the left hand
    d.frames()
    bubble = v.speech.rect_of(2, v.size[0], (0, 2))
    assert bubble is not None and _side_of(v, v.geo.left_area) == "left"
    assert (
        bubble.centerx < v.geo.play.centerx
        and "Соперник слева: не годится. Пятьдесят от туза пикового" in v.status_text()
    )
    v.goto(0, 6)  # the first trick: Анна (seat 0, on the right) takes it
    assert v.status_text().endswith("взятку берёт соперник справа (+18)")


def test_export_of_a_three_player_deal_from_the_viewer(tmp_path: Path) -> None:
    from game.export import parse_deal_code

    d, v = _viewer(tmp_path)
    d.click(v.button_rect("export").center)
    assert v.exported is not None
    text = v.exported.read_text("utf-8")
    code = next(line for line in text.splitlines() if line.startswith("[Code ")).split('"')[1]
    back = parse_deal_code(code)
    assert back.players == 3 and list(back.deck) == list(v.record.deals[0].deck)
    assert code in (v.message[0] if v.message else "")


def _analysed_deal(tmp_path: Path, sample: str, index: int, size: tuple[int, int]) -> tuple[BaseDriver, ReplayScene]:
    """Deal ``index`` of a sample for three saved alone as a game, opened in the viewer at ``size`` and analysed
    there (in the worker)."""
    from game.record import DealRecord, GameRecord, load, save

    record = load(SAVES / "three" / sample)
    deal = record.deals[index]
    path = tmp_path / "one-deal.json"
    one = GameRecord(record.rules, record.players, deal.dealer, [DealRecord(deal.dealer, deal.deck, deal.actions)], {})
    save(path, one)
    d = BaseDriver(tmp_path / "data", size=size, seed=3, replay=str(path))
    v = d.app.scene
    assert isinstance(v, ReplayScene)
    d.click(v.button_rect("analyse").center)
    v.analyser.wait(300)
    d.frames(3)
    return d, v


def test_the_analysis_of_a_three_player_deal_in_the_viewer(tmp_path: Path) -> None:
    """«Анализ» on a three-player deal (in the worker): the mistakes marked in the list, each seat's lost points,
    the values of the legal cards and the rings on the played and the best card."""
    d, v = _analysed_deal(tmp_path, "kharkov-three-hanging.json", 0, (1280, 800))
    assert v.analyser.result is not None and v.analyser.result.players == 3
    texts = v.actions.texts(v, v.analyser.result)
    marked = [i for i, t in enumerate(texts) if "✗" in t or "○" in t]  # ○: the best on what the mover could see
    mistakes = v.analyser.result.deals[0].mistakes
    assert marked == [m.action + 1 for m in mistakes] and {m.seat for m in mistakes} == {0, 1, 2}
    assert [i for i, t in enumerate(texts) if "○" in t] == [m.action + 1 for m in mistakes if best_blind(m)]
    m = mistakes[0]
    v.goto(0, m.action)  # the position before the mistake
    d.frames()
    info = [t for t, _, _ in v.analyser.info_lines(v, v.names)]
    lost = v.analyser.result.deals[0].lost
    assert info[-1] == f"Потеряно очков в сдаче: Анна — {lost[0]:.0f}, Борис — {lost[1]:.0f}, Вера — {lost[2]:.0f}"
    assert any(t.startswith("ошибка −") for t in info) and len([t for t in info if "\t" in t]) == len(m.exact)
    # the knowledge column only where the analysis has it (from the first card, unless the nodes ran out)
    head, other = ("Очки: в открытую · вслепую", "Очки в открытую")
    if not m.sampled:
        head, other = other, head
    assert head in info and other not in info
    assert any(x.sampled for x in mistakes)  # hard samples from the first card: the analysis too
    hand = v.hand_widget(m.seat)
    assert hand is not None and m.played in hand.rects and m.best in hand.rects
    shot = d.app.screen
    ring = hand.rects[m.best].inflate(6, 6)
    assert shot.get_at((ring.x + 1, ring.centery))[:3] == (120, 220, 130)  # the best card's green ring


def test_play_from_here_and_this_deal_again_for_three(tmp_path: Path) -> None:
    """«Играть отсюда» for three: the table takes the position over, the human in the seat chosen with «Играть за»;
    «Сдачу заново»: the same deck from the start, the chosen seat's cards given to the human (seat 0)."""
    from game.deal import Deal
    from game.record import prefix
    from game.record import replay as replay_record
    from ui.scenes.table import TableScene

    d, v = _viewer(tmp_path)
    for _ in range(10):
        d.key(pygame.K_RIGHT)
    d.click(v.button_rect("seat").center)
    assert v.seat_choice == 1 and "Борис" in v.button("seat").text
    assert v.button("play_here").is_enabled and v.button("again").is_enabled
    start = replay_record(prefix(v.record, 0, 0)).deals[-1]  # the deal as dealt
    d.click(v.button_rect("play_here").center)
    t = d.app.scene
    assert isinstance(t, TableScene)
    ctl = t.ctl
    assert ctl.match.rules.players == 3 and ctl.human_seats == (1,)
    assert [a for _, a in ctl.match.deals[-1].history][:10] == v.deal_actions()[:10]  # (a bot may act on by now)
    assert ctl.meta["branch"]["action"] == 10 and ctl.players[0] == "Анна"
    # back to a viewer of the sample: this deal again as Вера (seat 2)
    from ui.scenes.replay import ReplayScene as Viewer

    d.app.switch(Viewer(d.app, v.record, v.path))
    d.frames(2)
    v2 = d.viewer
    d.click(v2.button_rect("seat").center)
    d.click(v2.button_rect("seat").center)
    assert v2.seat_choice == 2
    d.click(v2.button_rect("again").center)
    t2 = d.app.scene
    assert isinstance(t2, TableScene)
    deal = t2.ctl.match.deals[0]
    assert t2.ctl.human_seats == (0,) and t2.ctl.players[0] == "Вера"
    assert list(deal.deck) == list(start.deck) and deal.dealer == (start.dealer - 2) % 3
    fresh = Deal(deal.rules, deal.dealer, list(deal.deck))  # the deal as dealt (the bots may have bid since)
    assert fresh.hand(0) == start.hand(2) and fresh.hand(1) == start.hand(0) and fresh.face_up == start.face_up


def test_a_deal_code_for_three_starts_a_three_player_game_from_the_menu(tmp_path: Path) -> None:
    """The export's code for three, typed into the menu's field: the same deck, dealer and preset, three seats."""
    from game.cards import Card
    from game.export import deal_code
    from ui.scenes.menu import MenuScene
    from ui.scenes.table import TableScene

    record = json.loads(THREE.read_text("utf-8"))
    deck = record["deals"][2]["deck"].split()
    d = Driver(tmp_path / "data")
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    cards = [Card.parse(c) for c in deck]
    menu.code_entry.set_text(deal_code(cards, 2, "kharkov", players=3).lower())
    d.click(menu.button_rect("new").center)
    t = d.app.scene
    assert isinstance(t, TableScene)
    first = t.ctl.match.deals[0]
    assert t.ctl.match.rules.players == 3 and t.ctl.match.rules.name == "kharkov"
    assert list(first.deck) == cards and first.dealer == 2 and t.ctl.human_seats == (0,)


def test_a_bid_note_names_the_bid_the_better_one_and_the_points(tmp_path: Path) -> None:
    """At 1024×640, the analysis of a three-player deal where Анна named ♦ бубны and passing was better: before
    her bid the panel says «оценка торговли: «пас» лучше, чем ♦ бубны, на ≈N очков» (it said «лучше «пас» (≈−46)»:
    neither what was bid — the list's row is cut to «Анна…» — nor a unit), and its lines fit the panel."""
    from ui.fonts import font, wrap
    from ui.i18n import plural_category

    d, v = _analysed_deal(tmp_path, "moscow-three-players.json", 3, (1024, 640))  # Анна names ♦ бубны in round 2
    assert v.analyser.result is not None
    bids = [b for b in v.analyser.result.deals[0].bids if b.loss >= 5]
    assert bids, "no bid worth a note in this deal any more"
    bid = bids[0]
    v.goto(0, bid.action)  # the position before the bid
    d.frames()
    info = [t for t, _, _ in v.analyser.info_lines(v, v.names)]
    note = next(t for t in info if t.startswith("оценка торговли: "))
    n = round(bid.loss)
    word = {"one": "очко", "few": "очка", "many": "очков"}[plural_category(n, "ru")]
    assert note.endswith(f"лучше, чем {bid_words(bid.chosen)}, на ≈{n} {word}"), note
    assert note.startswith(f"оценка торговли: {bid_words(bid.best)} "), note
    a = v.geo.info_area  # every wrapped line of the panel is drawn (none dropped for want of room)
    size = 14 if a.h < 260 else 15
    lines = [part for t in info for part in ([t] if "\t" in t else wrap(t, size, a.w - 20, False))]
    assert len(lines) <= (a.h - 16) // (size + 5), lines
    assert all(font(size).size(line)[0] <= a.w - 20 for line in lines if "\t" not in line)


def test_a_long_word_of_the_dialog_stays_between_the_list_and_the_panel(tmp_path: Path) -> None:
    """«Не годится. Пятьдесят от туза пикового» (issue 22, item 5) is longer than «у меня старше»: the bubble
    wraps, and stays clear of the list of moves and of the «Следующий ход» panel."""
    d, v = _viewer(tmp_path)
    v.goto(0, 8)
    d.frames(2)
    said = [seat for seat in range(3) if v.speech.text_of(seat) == "Не годится. Пятьдесят от туза пикового"]
    assert said == [2]
    rect = v.speech.rect_of(2, v.size[0], (1, 2))
    assert rect is not None and rect.x >= v.geo.play.x and rect.right <= v.geo.info_area.x


def test_the_lost_points_for_three_stay_under_six_values_at_1024x640(tmp_path: Path) -> None:
    """At 1024×640 the whole sentence «Потеряно очков в сдаче: Анна — 70, …» did not fit under six values and
    was left out; the panel now says it in fewer words («Потеряно очков: Анна 70, Борис 108, Вера 46»)."""
    d, v = _analysed_deal(tmp_path, "kharkov-three-hanging.json", 0, (1024, 640))
    assert v.analyser.result is not None
    decision = next(x for x in v.analyser.result.deals[0].decisions if len(x.exact) == 6)
    v.goto(0, decision.action)
    d.frames(2)
    shown = [t for t, _, _ in v.info_shown]
    lost = v.analyser.result.deals[0].lost
    assert len([t for t in shown if "\t" in t]) == len(decision.exact)  # every value row
    assert shown[-2:] == ["Потеряно очков:", f"Анна {lost[0]:.0f}, Борис {lost[1]:.0f}, Вера {lost[2]:.0f}"]
    whole = v.analyser.info_lines(v, v.names)
    assert whole[-1][0].startswith("Потеряно очков в сдаче:")  # the whole sentence where it fits (1280×800)


def test_the_replay_names_the_partner_from_the_contract_on_as_the_table_does(tmp_path: Path) -> None:
    """A player's report: at the table the other вистующий is «Партнёр слева» from the contract on, the replay of
    the same position said «соперник слева» («Следующий ход: Соперник слева», «взятку берёт соперник слева»).
    Seen from Вера (seat 2): Борис bids, Анна (on her left) is her partner; the move list keeps the seats' fixed
    short names for the whole deal."""
    _, v = _viewer(tmp_path, seat=2)
    v.goto(0, 0)
    assert v.names.speaker(0) == "Соперник слева"  # before the contract
    v.goto(0, 6)  # the first trick: Анна takes it
    assert v.status_text().endswith("взятку берёт партнёр слева (+18)")
    assert v.names.speaker(0) == "Партнёр слева" and v.names.speaker(1) == "Соперник справа"
    texts = v.actions.texts(v, v.analyser.result)
    assert texts[0] == "0. Сдаёт соперник слева"  # the dealing comes before the contract
    assert not any("Партнёр" in t for t in texts)  # the list: «Слева», «Справа», as the sheet heads them


def test_play_as_shows_that_seats_cards_in_the_players_view(tmp_path: Path) -> None:
    """«Играть за: Соперник слева» with «Карты: вид игрока» kept the bottom hand face up and the left one closed,
    while its tooltip says «Чьими глазами смотреть». The chosen seat's hand is face up, the others closed; the
    button's words fit it (they were cut to «Соперник слев» at 1280×800)."""
    from ui.fonts import font
    from ui.theme import BUTTON_PX

    data = _own_three(tmp_path)
    game = data / "games" / "three.json"
    obj = json.loads(game.read_text("utf-8"))
    obj["meta"]["bot_levels"] = ["simple", "", "bold"]  # the characters' long names: «☕ Тётя Валя сл» was cut
    game.write_text(json.dumps(obj, ensure_ascii=False), "utf-8")
    d = BaseDriver(data, size=(1280, 800), replay=str(game))
    d.frames(2)
    v = d.viewer
    d.click(v.button_rect("toggle_hands").center)
    assert not v.open_hands and v.hand_widget(v.me) is not None
    for _ in range(v.n):
        d.click(v.button_rect("seat").center)
        d.frames(1)
        shown = [s for s in range(v.n) if v.hand_widget(s) is not None]
        assert shown == [v.seat_choice]
        button = v.button("seat")
        assert font(BUTTON_PX, bold=True).size(button.text)[0] <= button.rect.w - 16, button.text
    assert v.seat_choice == v.me
