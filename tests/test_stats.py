"""The player's statistics (game/services/stats/), the rating (game/rating.py) and the ``stats`` command: records built
for the purpose — the samples of ``saves/`` made into finished games (a single deal: ``target`` 0) with the human
in a chosen seat — and a planted mistake for the analysis' figures. No pygame."""

from __future__ import annotations

import csv
import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import game.atomic
from game import rating
from game.actions import Kind
from game.record import load, replay, save
from game.services.analysis.cache import analyse_file, cache_path, load_cached
from game.services.stats.cache import CACHE_NAME
from game.services.stats.facts import GameLine, Habit, game_line, habit_kind
from game.services.stats.figures import compute, summarise, wilson
from game.services.stats.scan import RESET_NAME, reset, scan

ROOT = Path(__file__).resolve().parent.parent
SAVES = ROOT / "saves"


def put(
    data_dir: Path,
    sample: str,
    *,
    seat: int,
    level: str = "medium",
    date: str = "2026-11-01T10:00:00",
    name: str | None = None,
    target: int | None = 0,
    **meta: object,
) -> Path:
    """The sample ``sample`` as one of the player's finished games: the human in ``seat``, finished at ``date``
    (``target`` 0 makes a one-deal sample a finished single-deal game)."""
    obj = json.loads((SAVES / f"{sample}.json").read_text("utf-8"))
    if target is not None:
        obj["rules"]["overrides"]["target"] = target
    obj["meta"] = {
        "human_seat": seat,
        "bot_level": level,
        "created": date,
        "updated": date,
        "ui": "deberts-gui",
        **meta,
    }
    games = data_dir / "games"
    games.mkdir(parents=True, exist_ok=True)
    path = games / f"{name or f'{sample}-{seat}-{date[:10]}'}.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), "utf-8")
    return path


# ------------------------------------------------------------------------------------------ one game


@pytest.mark.parametrize(
    ("sample", "seat", "expected"),
    [
        # байт: Анна (seat 0) bid and made less; Борис wrote 177 with his пятьдесят and belle
        ("moscow-bait", 0, dict(won=False, mine=0, theirs=177, bids=1, made=0, baited=1, opp_fifty=1, opp_belle=1)),
        ("moscow-bait", 1, dict(won=True, mine=177, deals_won=1, baits_inflicted=1, fifty=1, belle=1, announced=1)),
        # «рост?»: Анна asks and her trump терц wins (moscow); in kharkov the leader's earlier терц wins
        ("moscow-rost-trump", 0, dict(won=True, rost_asked=1, rost_won=1, terz=1, opp_terz=0)),
        ("moscow-rost-trump", 1, dict(won=False, rost_against=1, announced=1, announced_lost=1, opp_terz=1)),
        ("kharkov-rost-earlier", 0, dict(rost_asked=1, rost_won=0, opp_terz=1)),
        # strict etiquette: a false «рост?» is a penalty (байт на картах) against Анна
        ("moscow-strict-false-rost", 0, dict(won=False, penalties=1, opp_penalties=0, rost_asked=1, theirs=134)),
        ("moscow-strict-false-rost", 1, dict(won=True, penalties=0, opp_penalties=1, rost_against=1)),
        # пятьдесят over терц: Борис announced a терц that did not count
        ("book-fifty-over-terz", 0, dict(fifty=1, terz=0, announced=1, announced_lost=0)),
        ("book-fifty-over-terz", 1, dict(opp_fifty=1, announced=1, announced_lost=1)),
        ("book-belle", 0, dict(belle=1, terz=1, bids=1, made=1)),
        # four sevens: a redeal, then one scored deal
        ("club-four-sevens", 0, dict(deals=1, redeals=1, mine=87, theirs=15)),
        # «даве» refused: Борис, the bidder, gives up at ×2 and pays ×4; his bid was cut short, not made
        ("one_strike-dave", 1, dict(given_up=4, won=False, bids=1, made=0, baited=0, claimed=1)),
        ("one_strike-dave", 0, dict(given_up=4, won=True, bids=0, baits_inflicted=0)),
    ],
)
def test_one_game_from_the_humans_side(tmp_path: Path, sample: str, seat: int, expected: dict[str, object]) -> None:
    path = put(tmp_path, sample, seat=seat)
    line = game_line(load(path), path.name)
    assert line is not None
    for key, value in expected.items():
        assert getattr(line, key) == value, key


def test_a_whole_game_to_501(tmp_path: Path) -> None:
    path = put(tmp_path, "moscow-full-501", seat=1, level="hard", target=None)
    line = game_line(load(path), path.name)
    assert line is not None
    # Борис's side of Анна's 520 : 474 win
    assert (line.won, line.mine, line.theirs, line.margin, line.deals, line.target) == (False, 474, 520, -46, 9, 501)
    assert line.deals_won == 9 - 5  # Анна wrote more in five deals; the claimed ninth deal is hers
    assert (line.bids, line.baits_inflicted, line.opp_belle, line.belle) == (4, 1, 1, 1)


def test_what_does_not_count(tmp_path: Path) -> None:
    games = tmp_path / "games"
    put(tmp_path, "moscow-bait", seat=0, name="autoplay", human_seat=None)  # autoplay: no human seat
    obj = json.loads((games / "autoplay.json").read_text("utf-8"))
    del obj["meta"]["human_seat"]
    (games / "autoplay.json").write_text(json.dumps(obj), "utf-8")
    put(tmp_path, "moscow-bait", seat=0, name="drill", practice={"situation": "x"})
    put(tmp_path, "moscow-bait", seat=0, name="unfinished", target=None)  # moscow to 501: not over
    (games / "broken.json").write_text('{"format": "deberts-record", "version": 1', "utf-8")
    (games / "foreign.json").write_text("[1, 2, 3]", "utf-8")
    put(tmp_path, "moscow-bait", seat=1, name="counted")
    sc = scan(tmp_path)
    assert [ln.file for ln in sc.lines] == ["counted.json"]
    assert sc.unfinished == 1
    assert sorted(f for f, _ in sc.skipped) == ["broken.json", "foreign.json"]
    assert all(err for _, err in sc.skipped)


# ------------------------------------------------------------------------------------------ the figures


def line(
    date: str, won: bool, level: str = "medium", preset: str = "moscow", margin: int = 10, deals: int = 5, **kw: object
) -> GameLine:
    mine, theirs = (510, 510 - margin) if won else (500 + margin, 510)
    base = dict(
        file=f"{date}.json",
        key=date,
        date=date,
        preset=preset,
        target=501,
        level=level,
        won=won,
        mine=mine,
        theirs=theirs,
        deals=deals,
        deals_won=3 if won else 2,
    )
    base.update(kw)
    return GameLine(**base)  # type: ignore[arg-type]


def test_a_game_given_up_on_a_double_is_neither_the_best_nor_the_worst() -> None:
    """It wrote nothing: «Лучшая партия 0 : 0» told nothing of the game."""
    s = summarise([line("2026-01-01", True, margin=50), line("2026-01-02", True, mine=0, theirs=0, given_up=4)])
    assert s.best_game is not None and s.best_game.date == "2026-01-01"
    assert s.worst_game is not None and s.worst_game.date == "2026-01-01"
    assert s.total.games == 2  # counted all the same


def test_tallies_streaks_best_and_worst() -> None:
    lines = [
        line("2026-01-03", True, "hard", margin=200),
        line("2026-01-01", False, "easy", margin=-300),  # out of order: summarise sorts by date
        line("2026-01-02", True, "medium", "club"),
        line("2026-01-04", True, "medium"),
        line("2026-01-05", False, "medium", margin=-20),
        line("2026-01-06", True, "hard"),
        line("2026-01-07", True, "", "book"),
    ]
    s = summarise(lines)
    assert (s.total.games, s.total.wins, s.total.deals) == (7, 5, 35)
    assert s.total.deals_won == 5 * 3 + 2 * 2
    assert {k: (t.games, t.wins) for k, t in s.by_level.items()} == {
        "easy": (1, 0),
        "medium": (3, 2),
        "hard": (2, 2),
        "?": (1, 1),
    }
    assert {k: (t.games, t.wins) for k, t in s.by_preset.items()} == {"moscow": (5, 3), "club": (1, 1), "book": (1, 1)}
    assert (s.streak, s.best_streak) == (2, 3)  # won 02, 03, 04; lost 05; won 06, 07
    assert s.best_game is not None and s.best_game.date == "2026-01-03"
    assert s.worst_game is not None and s.worst_game.date == "2026-01-01"
    assert s.points_per_deal == pytest.approx(sum(ln.mine for ln in lines) / 35)
    assert summarise([line("a", False), line("b", False)]).streak == -2
    # the rating counts only games against a known level, in date order
    assert [p.date for p in s.rating_history] == [
        "2026-01-01",
        "2026-01-02",
        "2026-01-03",
        "2026-01-04",
        "2026-01-05",
        "2026-01-06",
    ]
    obj = s.to_json()
    assert {"games", "wins", "deals", "by_level", "by_preset", "streak", "rating"} <= set(obj)
    assert obj["streak"] == {"current": 2, "best": 3}


def test_wilson_interval_is_honest_for_small_numbers() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(1, 1)  # one game won: far from certain
    assert high == pytest.approx(1.0) and 0.15 < low < 0.25
    low, high = wilson(0, 3)
    assert low == pytest.approx(0.0) and 0.5 < high < 0.6
    low, high = wilson(50, 100)
    assert (low, high) == pytest.approx((0.4038, 0.5962), abs=1e-3)
    for wins, n in ((0, 1), (3, 7), (20, 20), (499, 500)):
        lo, hi = wilson(wins, n)
        assert 0.0 <= lo <= wins / n <= hi <= 1.0


# ------------------------------------------------------------------------------------------ the rating


def test_levels_are_anchored_by_the_measured_ladder() -> None:
    r = rating.LEVEL_RATINGS
    assert r["medium"] == 1500
    assert r["hard"] - r["medium"] == pytest.approx(400 * math.log10(0.729 / 0.271))  # about 172
    assert r["medium"] - r["easy"] == pytest.approx(400 * math.log10(0.688 / 0.312))  # about 137
    assert r["easy"] - r["random"] == pytest.approx(400 * math.log10(0.983 / 0.017))  # about 705
    assert rating.expected(r["hard"], r["medium"]) == pytest.approx(0.729)
    assert (round(r["random"]), round(r["easy"]), round(r["hard"])) == (658, 1363, 1672)


def test_the_update_rule() -> None:
    start = rating.Rating()
    won = rating.update(start, 1500, 1.0)
    # Glicko-1 against a fixed opponent of equal rating: E = 1/2, the deviation 350 (the drift is capped at 350)
    q = math.log(10) / 400
    precision = 1 / 350**2 + q * q * 0.25
    assert won.value == pytest.approx(1500 + q / precision * 0.5)  # about +173
    assert won.deviation == pytest.approx(math.sqrt(1 / precision))
    assert won.games == 1
    lost = rating.update(start, 1500, 0.0)
    assert lost.value == pytest.approx(1500 - (won.value - 1500))  # symmetric
    # beating a much weaker opponent teaches little; losing to it a lot
    vs_random_win = rating.update(start, rating.LEVEL_RATINGS["random"], 1.0)
    vs_random_loss = rating.update(start, rating.LEVEL_RATINGS["random"], 0.0)
    assert 0 < vs_random_win.value - 1500 < 10 < 1500 - vs_random_loss.value
    # many games: the deviation shrinks to the drift's balance, and the value approaches the true strength
    r = start
    for i in range(200):  # three wins in four against hard: about hard + 191
        r = rating.update(r, rating.LEVEL_RATINGS["hard"], 0.0 if i % 4 == 3 else 1.0)
    assert 60 < r.deviation < 110
    assert abs(r.value - (rating.LEVEL_RATINGS["hard"] + 400 * math.log10(3))) < 150


def test_rating_follows_the_games_in_date_order(tmp_path: Path) -> None:
    put(tmp_path, "moscow-bait", seat=1, level="hard", date="2026-11-02T10:00:00")  # won
    put(tmp_path, "moscow-bait", seat=0, level="easy", date="2026-11-01T10:00:00")  # lost
    s = compute(tmp_path)
    expect = rating.update(
        rating.update(rating.Rating(), rating.LEVEL_RATINGS["easy"], 0.0), rating.LEVEL_RATINGS["hard"], 1.0
    )
    assert [(p.level, p.won) for p in s.rating_history] == [("easy", False), ("hard", True)]
    assert s.rating == expect


# ------------------------------------------------------------------------------------------ skill


def _planted(tmp_path: Path) -> tuple[Path, int, float, str]:
    """The analysis' planted blunder (tests/test_analysis.py) as a finished single-deal game of the blunderer,
    analysed; returns (file, the human's seat, the loss, the kind of the decision)."""
    from test_analysis import _planted_deal  # tests/ is on the path, as for test_replay

    rec, index, played, _best, loss = _planted_deal()
    rec.rules = rec.rules.with_options(target=0)
    deal = replay(rec).deals[0]
    match_seat = deal.history[index][0]
    plays_before = sum(1 for _, a in deal.history[:index] if a.kind is Kind.PLAY)
    kind = habit_kind(
        "bidder" if deal.bidder == match_seat else "defender",
        plays_before % 2 == 0,
        deal.trump is not None and played.suit == deal.trump,
    )
    rec.meta.update(human_seat=match_seat, bot_level="medium")
    path = tmp_path / "games" / "planted.json"
    path.parent.mkdir(parents=True)
    save(path, rec)
    analyse_file(path, sampled=False)
    assert cache_path(path, sampled=False).exists()
    return path, match_seat, loss, kind


def test_skill_from_the_planted_mistake(tmp_path: Path) -> None:
    path, seat, loss, kind = _planted(tmp_path)
    s = compute(tmp_path)
    (ln,) = s.lines
    assert ln.analysed and ln.mistakes == 1
    assert ln.card_lost == pytest.approx(loss)
    assert ln.habits[kind].mistakes == 1 and ln.habits[kind].lost == pytest.approx(loss)
    assert sum(h.decisions for h in ln.habits.values()) == ln.card_decisions > 1
    assert s.skill.games == 1 and s.skill.deals == 1
    assert s.skill.per_deal == pytest.approx(loss + ln.bid_lost)
    split = s.skill.split()
    assert split is not None and split[1] == pytest.approx(loss)
    assert s.skill.worst_habit() is None  # one mistake shows no habit
    # the other seat's side of the same game and analysis: that player lost nothing
    record = load(path)
    analysis = load_cached(path, False, record)
    assert analysis is not None
    record.meta["human_seat"] = 1 - seat
    other = game_line(record, path.name, analysis)
    assert other is not None and other.analysed and other.mistakes == 0 and other.card_lost == 0
    assert other.card_decisions > 0 and other.deals == 1
    # the record changed: its old analysis no longer fits, and the statistics see none
    obj = json.loads(path.read_text("utf-8"))
    obj["meta"]["note"] = "changed"
    path.write_text(json.dumps(obj), "utf-8")
    assert load_cached(path, False) is None
    assert not compute(tmp_path).lines[0].analysed


def test_worst_habit_only_when_the_data_shows_it() -> None:
    def with_habits(date: str, habits: dict[str, Habit]) -> GameLine:
        ln = line(date, True, analysed=True, card_lost=sum(h.lost for h in habits.values()))
        ln.habits = habits
        return ln

    lead_trump = habit_kind("defender", True, True)
    follow = habit_kind("defender", False, False)
    # the defender's trump leads lose 4 a decision; the rest 0.5: a habit
    games = [
        with_habits(f"2026-01-{d:02d}", {lead_trump: Habit(4, 1, 16.0), follow: Habit(20, 2, 10.0)})
        for d in range(1, 5)
    ]
    kind, habit, others = summarise(games).skill.worst_habit() or ("", Habit(), 0.0)
    assert kind == lead_trump and habit.decisions == 16 and habit.mistakes == 4
    assert others == pytest.approx(0.5)
    # too few decisions of the kind: nothing is said
    assert summarise(games[:2]).skill.worst_habit() is None
    # as costly as everything else: not a habit
    even = [
        with_habits(f"2026-01-{d:02d}", {lead_trump: Habit(10, 2, 5.0), follow: Habit(10, 2, 5.0)}) for d in range(1, 5)
    ]
    assert summarise(even).skill.worst_habit() is None


def test_skill_trend() -> None:
    games = [
        line(f"2026-02-{d:02d}", True, deals=10, analysed=True, card_lost=float(100 - 5 * d)) for d in range(1, 16)
    ]
    skill = summarise(games).skill
    assert skill.games == 15
    trend = skill.trend()
    assert trend is not None
    last = sum((100 - 5 * d) / 10 for d in range(6, 16)) / 10
    before = sum((100 - 5 * d) / 10 for d in range(1, 6)) / 5
    assert trend == pytest.approx((last, before))
    assert summarise(games[:12]).skill.trend() is None  # 10 last and only 2 before: too few to compare


# ------------------------------------------------------------------------------------------ cache and reset


def test_cache_is_used_refreshed_and_survives_corruption(tmp_path: Path) -> None:
    for i, sample in enumerate(("moscow-bait", "book-belle", "moscow-rost-trump")):
        put(tmp_path, sample, seat=i % 2, date=f"2026-11-0{i + 1}T10:00:00")
    first = scan(tmp_path)
    assert (first.read, first.from_cache) == (3, 0)
    assert (tmp_path / CACHE_NAME).exists()
    again = scan(tmp_path)
    assert (again.read, again.from_cache) == (0, 3)
    assert [ln.to_json() for ln in again.lines] == [ln.to_json() for ln in first.lines]
    # a changed file is read again
    changed = put(tmp_path, "book-belle", seat=1, date="2026-11-02T10:00:00", name="book-belle-1-2026-11-02")
    assert changed.exists()
    third = scan(tmp_path)
    assert (third.read, third.from_cache) == (1, 2)
    # a corrupt cache: recomputed, never fatal
    for junk in ("{", "[]", '{"format": "deberts-stats-cache", "version": 1, "files": {"x": 1}}', "\x00" * 10):
        (tmp_path / CACHE_NAME).write_text(junk, "utf-8")
        assert [ln.to_json() for ln in scan(tmp_path).lines] == [ln.to_json() for ln in third.lines]
    # an entry of the right stamp but a wrong line: that file is read again
    obj = json.loads((tmp_path / CACHE_NAME).read_text("utf-8"))
    name = next(iter(obj["files"]))
    obj["files"][name]["line"]["mine"] = "lots"
    (tmp_path / CACHE_NAME).write_text(json.dumps(obj), "utf-8")
    fourth = scan(tmp_path)
    assert (fourth.read, fourth.from_cache) == (1, 2)
    assert [ln.to_json() for ln in fourth.lines] == [ln.to_json() for ln in third.lines]


def test_reset_counts_from_now_and_keeps_every_game(tmp_path: Path) -> None:
    put(tmp_path, "moscow-bait", seat=1, date="2026-11-01T10:00:00")
    put(tmp_path, "book-belle", seat=0, date="2026-11-02T10:00:00")
    assert compute(tmp_path).total.games == 2
    moved = reset(tmp_path, now="2026-11-03T09:00:00")
    assert moved is not None and moved.parent.name == "stats-old" and moved.exists()
    assert len(list((tmp_path / "games").glob("*.json"))) == 2  # never deletes a game
    s = compute(tmp_path)
    assert s.total.games == 0 and s.since == "2026-11-03T09:00:00"
    # a game renamed after the reset still does not count; a new one does
    old = tmp_path / "games" / "book-belle-0-2026-11-02.json"
    old.rename(old.with_name("renamed.json"))
    put(tmp_path, "moscow-rost-trump", seat=0, date="2026-11-04T10:00:00")
    s = compute(tmp_path)
    assert [ln.file for ln in s.lines] == ["moscow-rost-trump-0-2026-11-04.json"]
    # a second reset keeps the first one's list and moves the old files aside
    reset(tmp_path, now="2026-11-05T09:00:00")
    assert compute(tmp_path).total.games == 0
    assert len(list((tmp_path / "stats-old").glob("stats-reset-*.json"))) == 1
    assert json.loads((tmp_path / RESET_NAME).read_text("utf-8"))["since"] == "2026-11-05T09:00:00"


# ------------------------------------------------------------------------------------------ the command


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "stats", *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_command_json_csv_and_text(tmp_path: Path) -> None:
    put(tmp_path, "moscow-bait", seat=1, level="hard", date="2026-11-01T10:00:00")
    put(tmp_path, "moscow-bait", seat=0, level="easy", date="2026-11-02T10:00:00")
    put(tmp_path, "book-belle", seat=0, level="medium", date="2026-11-03T10:00:00")
    (tmp_path / "games" / "broken.json").write_text("{not json", "utf-8")
    out = _run("--data-dir", str(tmp_path), "--json")
    assert out.returncode == 0, out.stderr
    obj = json.loads(out.stdout)
    assert (obj["games"], obj["wins"], obj["deals"]) == (3, 2, 3)
    assert obj["by_level"]["hard"]["wins"] == 1 and obj["by_level"]["easy"]["wins"] == 0
    assert set(obj["by_preset"]) == {"moscow", "book"}
    assert obj["streak"] == {"current": 1, "best": 1}
    assert obj["rating"]["games"] == 3 and len(obj["rating"]["history"]) == 3
    assert obj["skipped"][0]["file"] == "broken.json"
    assert "Traceback" not in out.stderr and "broken.json" in out.stderr
    target = tmp_path / "games.csv"
    out = _run("--data-dir", str(tmp_path), "--csv", str(target))
    assert out.returncode == 0, out.stderr
    rows = list(csv.DictReader(target.open(encoding="utf-8")))
    assert [r["result"] for r in rows] == ["won", "lost", "won"]
    assert [r["level"] for r in rows] == ["hard", "easy", "medium"]
    assert rows[-1]["rating"] == str(obj["rating"]["value"])
    text = _run("--data-dir", str(tmp_path)).stdout
    assert "3" in text and "Рейтинг" in text
    english = _run("--data-dir", str(tmp_path), "--lang", "en").stdout
    assert "Rating" in english and "Games" in english
    empty = _run("--data-dir", str(tmp_path / "nothing"), "--json")
    assert empty.returncode == 0 and json.loads(empty.stdout)["games"] == 0
    assert not (tmp_path / "nothing").exists()  # asking creates nothing


def test_practice_drills_by_situation_over_time(tmp_path: Path) -> None:
    def drill(date: str, situation: str, marks: list[bool]) -> None:
        answers = [{"step": i, "action": "pishet", "correct": m, "penalties": []} for i, m in enumerate(marks)]
        put(
            tmp_path,
            "book-belle",
            seat=0,
            date=date,
            name=f"drill-{date[:10]}-{situation}",
            practice={"situation": situation, "variant": 0, "seed": 1, "answers": answers},
        )

    drill("2026-11-01T10:00:00", "answer_fifty", [False, False])
    drill("2026-11-02T10:00:00", "answer_fifty", [False, True])
    drill("2026-11-03T10:00:00", "belle", [True])
    drill("2026-11-04T10:00:00", "answer_fifty", [True, True])
    drill("2026-11-05T10:00:00", "answer_fifty", [True])
    put(tmp_path, "moscow-bait", seat=1, date="2026-11-06T10:00:00")  # a game: drills are not games
    s = compute(tmp_path)
    assert s.total.games == 1
    assert list(s.practice) == ["answer_fifty", "belle"]
    fifty = s.practice["answer_fifty"]
    assert (fifty.right, fifty.total, len(fifty.sessions)) == (4, 7, 4)
    assert fifty.recent() == (4, 5)  # the last three sessions: 1 of 2, 2 of 2, 1 of 1
    assert s.practice["belle"].recent() == (1, 1)
    obj = s.to_json()["practice"]["answer_fifty"]
    assert obj["recent"] == {"sessions": 3, "right": 4, "total": 5} and obj["history"][0]["right"] == 0
    assert [ln.situation for ln in scan(tmp_path).practice] == ["answer_fifty"] * 2 + ["belle"] + ["answer_fifty"] * 2
    reset(tmp_path, now="2026-11-07T00:00:00")
    assert compute(tmp_path).practice == {}


# ------------------------------------------------------------------------------------------ three players

THREE = "three/moscow-three-players"  # finished by a claim: 308 : 237 : 212, Анна (seat 0) wins


@pytest.mark.parametrize(
    ("seat", "expected"),
    [
        # Анна bid three times: baited once (deal 3, written in halves), made twice; she claimed the game
        (0, dict(won=True, mine=308, theirs=237, others=[237, 212], bids=3, made=2, baited=1, baits_inflicted=0)),
        # Борис bid deal 1 (the official dialog) and made it; he and Вера baited Анна in deal 3
        (1, dict(won=False, mine=237, theirs=308, others=[212, 308], bids=1, made=1, baited=0, baits_inflicted=1)),
        # Вера bid deal 6, which Анна cut short by her claim: a bid, neither made nor baited
        (2, dict(won=False, mine=212, theirs=308, others=[308, 237], bids=1, made=0, baited=0, baits_inflicted=1)),
    ],
)
def test_a_three_player_game_from_each_seat(tmp_path: Path, seat: int, expected: dict[str, Any]) -> None:
    path = put(tmp_path, THREE, seat=seat, target=None, name=f"three-{seat}")
    line = game_line(load(path), path.name)
    assert line is not None and line.players == 3
    assert (line.deals, line.redeals) == (5, 1)  # six deals: one passed out by all three
    for key, value in expected.items():
        assert getattr(line, key) == value, key
    assert line.margin == expected["mine"] - max(expected["others"])


def test_the_deals_won_for_three_are_the_deals_one_wrote_strictly_most(tmp_path: Path) -> None:
    lines = []
    for seat in range(3):
        path = put(tmp_path, THREE, seat=seat, target=None, name=f"three-{seat}")
        line = game_line(load(path), path.name)
        assert line is not None
        lines.append(line)
    match = replay(load(tmp_path / "games" / "three-0.json"))
    before: tuple[int, ...] = (0, 0, 0)
    most = [0, 0, 0]
    for deal in match.deals:
        r = deal.result
        assert r is not None
        got = [a - b for a, b in zip(r.scores_after, before, strict=True)]
        before = r.scores_after
        if got.count(max(got)) == 1 and any(got):
            most[got.index(max(got))] += 1
    assert [ln.deals_won for ln in lines] == most and sum(most) >= 1
    # the opponents' combinations are both opponents': each seat's own and the others' add up to the same
    assert len({ln.terz + ln.opp_terz for ln in lines}) == 1 and len({ln.fifty + ln.opp_fifty for ln in lines}) == 1


def two_and_three(data_dir: Path) -> None:
    """Two two-player games (one won) and three three-player ones (won from seat 0 only), interleaved in time."""
    put(data_dir, "moscow-bait", seat=1, level="hard", date="2026-11-01T10:00:00")  # won
    put(data_dir, THREE, seat=0, level="medium", date="2026-11-02T10:00:00", target=None, name="three-0")
    put(data_dir, "moscow-bait", seat=0, level="easy", date="2026-11-03T10:00:00")  # lost
    put(data_dir, THREE, seat=1, level="medium", date="2026-11-04T10:00:00", target=None, name="three-1")
    put(data_dir, THREE, seat=2, level="hard", date="2026-11-05T10:00:00", target=None, name="three-2")


def test_two_and_three_player_games_are_counted_apart(tmp_path: Path) -> None:
    two_and_three(tmp_path)
    s = compute(tmp_path)
    assert s.players == 2 and (s.total.games, s.total.wins, s.total.deals) == (2, 1, 2)
    assert set(s.by_level) == {"hard", "easy"} and s.streak == -1
    assert s.rating.games == 2 and [p.file for p in s.rating_history] == [ln.file for ln in s.lines]
    three = s.three
    assert three is not None and three.players == 3
    assert (three.total.games, three.total.wins, three.total.deals) == (3, 1, 15)
    assert three.by_level["medium"].games == 2 and three.by_level["hard"].wins == 0
    assert three.streak == -2 and three.best_streak == 1
    assert three.points == 308 + 237 + 212 and three.points_per_deal == pytest.approx(757 / 15)
    assert (
        three.sum("bids") == 5
        and three.sum("claimed") == 1
        and three.sum("baited") == 1
        and three.sum("baits_inflicted") == 2
    )
    assert three.rating.games == 0 and three.rating_history == []  # the rating is two-player only
    assert three.best_game is not None and three.best_game.file == "three-0.json"
    assert three.worst_game is not None and three.worst_game.margin == 212 - 308
    obj = s.to_json()
    assert obj["players"] == 2 and obj["games"] == 2 and obj["rating"]["games"] == 2
    t = obj["three_players"]
    assert t["players"] == 3 and (t["games"], t["wins"]) == (3, 1) and t["rating"] is None
    assert t["best_game"]["score"] == [308, 237, 212] and t["worst_game"]["score"] == [212, 308, 237]
    assert t["bids"]["baits_inflicted"] == 2 and t["points_per_deal"] == round(757 / 15, 2)
    # the cache keeps the three-player lines whole: the second count reads nothing and says the same
    assert scan(tmp_path).read == 0
    again = compute(tmp_path)
    assert again.three is not None and again.three.lines == three.lines and again.to_json() == obj


def test_the_command_says_the_three_player_figures_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.services.stats.report import stats_command
    from game.words import words

    two_and_three(tmp_path)
    assert stats_command(tmp_path) == 0
    text = capsys.readouterr().out
    two_at, three_at = text.index(str(words("stats.section_two", "ru"))), text.index("-- Игра втроём")
    assert two_at < text.index("Рейтинг: ") < three_at
    tail = text[three_at:]
    assert "Партии: 1 из 3" in tail and "Рейтинг: только для игры вдвоём" in tail
    assert "308 : 237 : 212" in tail and "Байты соперникам: 2" in tail
    target = tmp_path / "games.csv"
    assert stats_command(tmp_path, csv_path=str(target)) == 0
    rows = list(csv.DictReader(target.open(encoding="utf-8")))
    assert [r["players"] for r in rows] == ["2", "3", "2", "3", "3"]
    assert [r["rating"] != "" for r in rows] == [True, False, True, False, False]
    # only two-player games: no section titles, as before
    for name in ("three-0", "three-1", "three-2"):
        (tmp_path / "games" / f"{name}.json").unlink()
    assert stats_command(tmp_path) == 0
    assert "-- " not in capsys.readouterr().out


def test_the_csv_export_never_replaces_a_file_it_did_not_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 23: ``stats --csv`` onto a saved game overwrote the record with CSV and exited 0. A file that is not
    an earlier export is left alone (exit 2, a message) unless --force; an earlier export is replaced whole."""
    from game.services.stats.report import stats_command

    put(tmp_path, "moscow-bait", seat=0, level="easy", date="2026-11-02T10:00:00")
    record = next((tmp_path / "games").glob("*.json"))
    before = record.read_bytes()
    assert stats_command(tmp_path, csv_path=str(record)) == 2
    assert record.read_bytes() == before and "is not a statistics export" in capsys.readouterr().err
    export = tmp_path / "games.csv"
    assert stats_command(tmp_path, csv_path=str(export)) == 0
    first = export.read_text("utf-8")
    assert stats_command(tmp_path, csv_path=str(export)) == 0 and export.read_text("utf-8") == first  # replaced
    assert stats_command(tmp_path, csv_path=str(record), force=True) == 0
    assert record.read_text("utf-8").startswith("date,file,")


@pytest.mark.parametrize("killed_at", [1, 2, 3, 4])
def test_a_reset_killed_at_any_step_keeps_a_reset_in_force(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, killed_at: int
) -> None:
    """Issue 23: a reset interrupted at the wrong moment undid an earlier reset (the old reset file was moved
    before the new one was written). Killed after any of its steps, a second reset leaves the first one or
    itself in force — never none — and the games counted are those of one of the two."""
    import game.services.stats.scan as stats_module  # reset and what it writes with

    put(tmp_path, "moscow-bait", seat=1, date="2026-11-01T10:00:00")
    reset(tmp_path, now="2026-11-03T09:00:00")  # the first reset: this game no longer counts
    put(tmp_path, "book-belle", seat=0, date="2026-11-04T10:00:00")
    compute(tmp_path)  # a cache for the second reset to move
    steps = {"n": 0}
    real_write, real_replace = game.atomic.write_atomic, os.replace

    class Killed(Exception):
        pass

    def step() -> None:
        steps["n"] += 1
        if steps["n"] == killed_at:
            raise Killed

    def write(path: object, text: str) -> None:
        step()
        real_write(path, text)  # type: ignore[arg-type]

    def replace(src: str, dst: str) -> None:
        step()
        real_replace(src, dst)

    real_copy = shutil.copyfile

    def copy(src: str, dst: str) -> str:
        step()
        return real_copy(src, dst)

    monkeypatch.setattr(stats_module, "write_atomic", write)
    monkeypatch.setattr(os, "replace", replace)  # the scan module's os and shutil are these modules
    monkeypatch.setattr(shutil, "copyfile", copy)
    with pytest.raises(Killed):
        reset(tmp_path, now="2026-11-05T09:00:00")
    monkeypatch.undo()
    since = json.loads((tmp_path / RESET_NAME).read_text("utf-8"))["since"]
    assert since in ("2026-11-03T09:00:00", "2026-11-05T09:00:00")  # the first reset, or the second
    counted = {ln.file for ln in compute(tmp_path).lines}
    assert counted == ({"book-belle-0-2026-11-04.json"} if since.startswith("2026-11-03") else set())


def test_a_csv_path_that_is_not_a_regular_file_is_refused_even_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--csv`` naming a FIFO hung for ever (it was opened to read its first line); a folder was «replaced with
    --force», and as root ``--force`` turned /dev/full into a CSV file. None of them is touched now; an empty
    ``--csv ""`` is refused at the door instead of printing the statistics silently."""
    import argparse
    import threading

    from game.arguments import user_path
    from game.services.stats.csv_export import is_csv_export
    from game.services.stats.report import stats_command

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    seen: list[bool] = []
    probe = threading.Thread(target=lambda: seen.append(is_csv_export(fifo)), daemon=True)
    probe.start()
    probe.join(10)
    assert seen == [False]  # answered at once, without opening the pipe
    for target in (fifo, tmp_path):
        assert stats_command(tmp_path, csv_path=str(target), force=True) == 2
        assert "not a regular file" in capsys.readouterr().err
    assert fifo.is_fifo() and tmp_path.is_dir()
    with pytest.raises(argparse.ArgumentTypeError, match="empty"):
        user_path("")
