"""Analysis, export and deal codes for three players (game/services/analysis/, game/export.py): no pygame."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.actions import Kind
from game.bots.bidding3 import decide3
from game.bots.solver3 import Hands, Solver3, brute_force
from game.cards import shuffled_deck
from game.deal import DealView
from game.export import deal_code, deal_text, parse_deal_code
from game.match import Match
from game.record import DealRecord, GameRecord, load, prefix, replay, save
from game.rules import Rules
from game.services.analysis.cache import analyse_file, cache_path, load_cached
from game.services.analysis.facts import Analysis
from game.services.analysis.values import analyse_record

ROOT = Path(__file__).resolve().parent.parent
THREE = ROOT / "saves" / "three"


def _one_deal(path: Path, index: int) -> GameRecord:
    """Deal ``index`` of a sample record alone, as the first deal of a game (a short record to analyse)."""
    record = load(path)
    d = record.deals[index]
    return GameRecord(record.rules, record.players, d.dealer, [DealRecord(d.dealer, d.deck, d.actions)], {})


def _positions(record: GameRecord) -> dict[tuple[int, int], tuple[Hands, DealView]]:
    """(deal, action) -> the deal before that action, a copy of it replayed by the engine."""
    out: dict[tuple[int, int], tuple[Hands, DealView]] = {}
    match = Match(record.rules, record.first_dealer)
    for di, d in enumerate(record.deals):
        deal = match.start_deal(d.deck)
        for aj, action in enumerate(d.actions):
            hands: Hands = (tuple(sorted(deal.hand(0))), tuple(sorted(deal.hand(1))), tuple(sorted(deal.hand(2))))
            out[di, aj] = (hands, deal.view(deal.current_player() or 0))
            match.apply(action)
    return out


@pytest.fixture(scope="module")
def kharkov(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Analysis]:
    path = tmp_path_factory.mktemp("three") / "kharkov-three-hanging.json"
    shutil.copy(THREE / "kharkov-three-hanging.json", path)
    return path, analyse_file(path)


def test_three_player_values_are_the_three_hand_solvers(kharkov: tuple[Path, Analysis]) -> None:
    """Every card decision of a three-player sample: each legal card's value is the bidder's margin of the whole
    deal (points taken so far plus the exact three-hand solve from there), from the mover's side; brute force
    agrees in the last tricks; the loss is the best value minus the played card's; the lost points per seat."""
    path, analysis = kharkov
    record = load(path)
    assert analysis.players == 3 and len(analysis.deals) == len(record.deals)
    positions = _positions(record)
    decisions = [d for deal in analysis.deals for d in deal.decisions]
    assert len(decisions) > 30 and {d.seat for d in decisions} == {0, 1, 2}
    checked = brute = 0
    for d in decisions:
        hands, view = positions[d.deal, d.action]
        assert view.seat == d.seat and view.trump is not None and view.bidder is not None
        legal = {a.card for a in view.legal if a.kind is Kind.PLAY}
        assert set(d.exact) == legal and d.played in legal
        assert d.loss == pytest.approx(max(d.exact.values()) - d.exact[d.played])
        assert d.exact[d.best] == pytest.approx(max(d.exact.values()))
        if len(view.hand) > 5:  # the first tricks: the whole-deal solve is checked once below
            continue
        leader = view.trick_leader if view.trick else view.seat
        assert leader is not None
        solver = Solver3(view.trump, view.bidder)
        base = 2 * view.card_points[view.bidder] - sum(view.card_points)
        sign = 1 if d.seat == view.bidder else -1
        for card, value in solver.values(hands, leader, tuple(view.trick)).items():
            assert d.exact[card] == pytest.approx(sign * (base + value))
        checked += 1
        if len(view.hand) <= 3:  # plain minimax from the position: the mover's best value
            whole = brute_force(hands, leader, view.bidder, view.trump, tuple(view.trick))
            assert max(d.exact.values()) == pytest.approx(sign * (base + whole))
            brute += 1
        # the knowledge values: where the hard bot for three solves samples, on the same scale
        assert d.sampled is not None and set(d.sampled) == legal
        assert all(abs(v) <= 2 * (162 + 10) for v in d.sampled.values())
    assert checked > 15 and brute > 5
    # knowledge values from the first card in either role, as the bot samples (the first two cards within its nodes)
    first = [d for d in decisions if len(positions[d.deal, d.action][1].hand) > 7]
    assert {d.seat == positions[d.deal, d.action][1].bidder for d in first if d.sampled is not None} == {True, False}
    for deal in analysis.deals:
        lost = deal.lost
        assert len(lost) == 3
        for seat in range(3):
            assert lost[seat] == pytest.approx(sum(m.loss for m in deal.mistakes if m.seat == seat))
    # the bids, judged by the fitted evaluator for three against its caution (what hard bids by)
    bids = [b for deal in analysis.deals for b in deal.bids]
    assert bids and analysis.bidding.startswith("fitted evaluator for three")
    for b in bids:
        view = _bid_view(record, b.deal, b.action)
        decision = decide3(view)
        assert view.seat == b.seat and b.best == str(decision.action)
        want = {str(o.action): o.utility for o in decision.options}
        if decision.pass_value is not None:
            want["pass"] = decision.pass_value
        assert b.values == pytest.approx(want)
        assert b.loss == pytest.approx(max(b.values.values()) - b.values.get(b.chosen, max(b.values.values())))


def _bid_view(record: GameRecord, di: int, aj: int) -> DealView:
    """The bidder's view before action ``aj`` of deal ``di`` (the record's actions re-applied)."""
    match = Match(record.rules, record.first_dealer)
    for i, deal_rec in enumerate(record.deals):
        deal = match.start_deal(deal_rec.deck)
        for j, action in enumerate(deal_rec.actions):
            if (i, j) == (di, aj):
                return deal.view(deal.current_player() or 0)
            match.apply(action)
    raise AssertionError("no such position")


def test_a_mid_deal_card_against_a_fresh_solve(kharkov: tuple[Path, Analysis]) -> None:
    """The first decision with seven cards in hand (the table carried from earlier cards must not change it)."""
    path, analysis = kharkov
    record = load(path)
    positions = _positions(record)
    for d in (d for deal in analysis.deals for d in deal.decisions):
        hands, view = positions[d.deal, d.action]
        if len(view.hand) == 7:
            break
    else:
        raise AssertionError("no decision with seven cards in hand")
    assert view.trump is not None and view.bidder is not None
    solver = Solver3(view.trump, view.bidder)
    sign = 1 if d.seat == view.bidder else -1
    leader = view.trick_leader if view.trick else view.seat
    assert leader is not None
    values = solver.values(hands, leader, tuple(view.trick))
    base = 2 * view.card_points[view.bidder] - sum(view.card_points)
    assert d.exact == pytest.approx({c: sign * (base + v) for c, v in values.items()})


def test_three_player_analysis_is_cached_and_read_back(kharkov: tuple[Path, Analysis]) -> None:
    path, analysis = kharkov
    assert cache_path(path).exists()
    obj = json.loads(cache_path(path).read_text("utf-8"))
    assert obj["players"] == 3 and len(obj["deals"][0]["lost"]) == 3
    cached = load_cached(path, record=load(path))
    assert cached is not None and cached.to_json() == analysis.to_json()
    # a cache that claims two seats for a three-player record is recomputed, not believed
    obj["players"] = 2
    cache_path(path).write_text(json.dumps(obj), "utf-8")
    assert load_cached(path, record=load(path)) is None


def test_analyse_command_reads_three_players(tmp_path: Path) -> None:
    path = tmp_path / "one.json"
    record = _one_deal(THREE / "kharkov-three-hanging.json", 0)
    save(path, record)
    text = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "analyse", str(path)], capture_output=True, text=True, cwd=ROOT
    )
    assert text.returncode == 0, text.stderr
    assert "Сдача 1, потеряно: Анна " in text.stdout and ", Вера " in text.stdout
    assert "Торговля: оценки подобранной модели для троих (game/bots/bidding3.py)" in text.stdout  # not bidding.py
    assert cache_path(path).exists()
    out = subprocess.run(  # the cache just written, read back
        [sys.executable, str(ROOT / "main.py"), "analyse", str(path), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    obj = json.loads(out.stdout)
    assert obj["players"] == 3 and len(obj["deals"][0]["lost"]) == 3 and obj["deals"][0]["decisions"]


def test_analysis_of_a_record_in_memory_stops_when_cancelled() -> None:
    record = _one_deal(THREE / "kharkov-three-hanging.json", 0)
    ticks: list[tuple[int, int]] = []
    analysis = analyse_record(
        record, sampled=False, progress=lambda d, n: ticks.append((d, n)), cancel=lambda: bool(ticks)
    )
    assert ticks[0][0] == 0 and ticks[0][1] > 10
    assert analysis.deals[0].decisions == [] and len(ticks) == 1  # stopped before its first (slowest) card


# ------------------------------------------------------------------ deal codes and the export


def test_three_player_codes_round_trip_and_carry_the_number_of_players() -> None:
    rng = random.Random(3)
    codes = set()
    for i in range(150):
        deck = shuffled_deck(rng)
        preset = ("moscow", "kharkov", "book", "yellowclub")[i % 4]
        code = deal_code(deck, i % 3, preset, players=3)
        assert len(code.replace("-", "")) == 30 and code.count("-") == 5
        back = parse_deal_code(code.lower().replace("-", " "))
        assert (list(back.deck), back.dealer, back.preset, back.players) == (deck, i % 3, preset, 3)
        codes.add(code)
    assert len(codes) == 150
    for k in range(0, 30, 7):  # a mistyped character is caught
        bad = list(code.replace("-", ""))
        bad[k] = "0" if bad[k] != "0" else "1"
        with pytest.raises(ValueError):
            parse_deal_code("".join(bad))
    with pytest.raises(ValueError):
        deal_code(deck, 2, "moscow")  # two players have no seat 2
    with pytest.raises(ValueError):
        deal_code(deck, 0, "moscow", players=4)
    with pytest.raises(ValueError, match="not defined for three"):
        deal_code(deck, 0, "one_strike", players=3)  # the one-deal game has no rules for three


def test_two_player_codes_are_unchanged() -> None:
    """A two-player code is still 25 characters and the same one: an old code names the same deal."""
    deck = shuffled_deck(random.Random(11))
    old = parse_deal_code("QEW3Z-CHHTM-SWAWV-KX6XW-AKSBD")  # written by the game before three players
    assert (list(old.deck), old.dealer, old.preset, old.players) == (deck, 1, "yellowclub", 2)
    assert deal_code(deck, 1, "yellowclub") == "QEW3Z-CHHTM-SWAWV-KX6XW-AKSBD"
    assert deal_code(deck, 1, "yellowclub", players=2) == "QEW3Z-CHHTM-SWAWV-KX6XW-AKSBD"


def test_export_of_a_three_player_deal_round_trips_through_its_code() -> None:
    """The exported text names the three seats, hands and tricks of three, and a code that gives back the deck,
    the dealer, the preset and three players: a deal started from it is the exported deal."""
    record = load(THREE / "moscow-three-players.json")
    for index in (0, 2):
        text = deal_text(record, index)
        deal = replay(record).deals[index]
        assert '[Seat2 "Вера"]' in text and f'[Dealer "{deal.dealer} ' in text
        tag = next(line for line in text.splitlines() if line.startswith("[Code "))
        code = parse_deal_code(tag.split('"')[1])
        assert (list(code.deck), code.dealer, code.preset, code.players) == (list(deal.deck), deal.dealer, "moscow", 3)
        again = Match(Rules.preset(code.preset, players=code.players), code.dealer).start_deal(list(code.deck))
        start = replay(prefix(record, index, 0)).deals[-1]
        assert [again.hand(s) for s in range(3)] == [start.hand(s) for s in range(3)]
        assert again.face_up == start.face_up
    assert "1. Борис KD  Вера QD  Анна AD  -> Анна +18" in deal_text(record, 0)


def test_export_command_prints_a_three_player_deal_with_its_code() -> None:
    path = THREE / "moscow-three-players.json"
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "export", str(path), "--deal", "3"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == deal_text(load(path), 2)
    code = next(line for line in out.stdout.splitlines() if line.startswith("[Code "))
    assert parse_deal_code(code.split('"')[1]).players == 3
    whole = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "export", str(path)], capture_output=True, text=True, cwd=ROOT
    ).stdout
    assert whole.count("[Deal ") == 6
    bad = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "export", str(path), "--deal", "9"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and "6 deals" in bad.stderr


def test_an_export_tells_two_bots_apart() -> None:
    """A game of ours for three exported «Бот: Пас / Бот: Пас» and «1. Игрок JD  Бот 9D  Бот 7D»: who did what could
    not be told. A name two seats share gets the seat's number, as the Seat tags list them."""
    record = load(THREE / "moscow-three-players.json")
    record = GameRecord(record.rules, ["Игрок", "Бот", "Бот"], record.first_dealer, record.deals, record.meta)
    text = deal_text(record, 0)
    assert '[Seat1 "Бот 1"]' in text and '[Seat2 "Бот 2"]' in text and '[Seat0 "Игрок"]' in text
    assert "1. Бот 1 KD  Бот 2 QD  Игрок AD  -> Игрок +18" in text
    assert not re.search(r"^  Бот: ", text, re.M)


def test_the_analyse_command_says_bids_in_words() -> None:
    """«торговля 4 (Анна): name:D, оценка лучше pass» read as codes amid the Russian."""
    from game.services.analysis.report import analysis_text

    record = load(THREE / "moscow-three-players.json")
    lines = analysis_text(record, analyse_record(record, sampled=False), "ru")
    bids = [line for line in lines if "торговля" in line]
    assert bids and all(":D" not in line and " pass" not in line for line in bids), bids
    assert any("«♦ бубны», оценка лучше «пас»" in line for line in bids), bids


def test_the_analyse_command_tells_two_bots_apart() -> None:
    from game.services.analysis.report import analysis_text

    record = load(THREE / "moscow-three-players.json")
    record = GameRecord(record.rules, ["Игрок", "Бот", "Бот"], record.first_dealer, record.deals, record.meta)
    lines = analysis_text(record, analyse_record(record, sampled=False), "ru")
    assert lines[0].startswith("Сдача 1, потеряно: Игрок ") and "Бот 1 " in lines[0] and "Бот 2 " in lines[0]
