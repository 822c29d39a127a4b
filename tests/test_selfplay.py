"""Self-play measurement (lab/selfplay.py, `main.py selfplay`): duplicate pairing, the summary, determinism."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.rules import Rules
from lab.selfplay import (
    CORPUS_PATH,
    CORPUS_SEED,
    CORPUS_SIZE,
    Config,
    DeckSource,
    gap_share,
    load_corpus,
    make_corpus,
    play_pair,
    run,
)

ROOT = Path(__file__).resolve().parent.parent
REQUIRED = ("games", "deals", "wins", "points_per_deal", "baits", "think_ms", "seconds")


def _stable(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary without what depends on the clock."""
    return {k: v for k, v in summary.items() if k not in ("seconds", "think_ms", "jobs")}


@pytest.mark.parametrize("corpus", [None, load_corpus(CORPUS_PATH)])
def test_deals_mode_pair_swaps_seats_on_the_same_deck(corpus: Any) -> None:
    rules = Rules.preset("moscow")
    source = DeckSource(7, corpus)
    for g in range(6):
        first, second = play_pair(rules, ("medium", "random"), 7, g, source, games=False)
        assert (first.a_seat, second.a_seat) == (0, 1)
        assert first.decks == second.decks == [source.deck(g)]
        assert first.dealers == second.dealers == [g % 2]
    # different pairs get different decks
    assert len({source.deck(g) for g in range(20)}) == 20


def test_games_mode_pair_swaps_seats_on_the_same_deck_sequence() -> None:
    rules = Rules.preset("moscow")
    for corpus in (None, load_corpus(CORPUS_PATH)):
        source = DeckSource(3, corpus, games=True)
        for g in range(3):
            first, second = play_pair(rules, ("medium", "easy"), 3, g, source, games=True)
            assert (first.a_seat, second.a_seat) == (0, 1)
            common = min(len(first.decks), len(second.decks))
            assert common >= 1
            assert first.decks[:common] == second.decks[:common] == [source.deck(g, j) for j in range(common)]
            assert first.dealers[0] == second.dealers[0] == g % 2
            assert sum(s.wins for s in first.sides) + first.draws == 1
            assert sum(s.wins for s in second.sides) + second.draws == 1


def test_games_on_the_corpus_start_on_different_decks() -> None:
    corpus = load_corpus(CORPUS_PATH)
    source = DeckSource(1, corpus, games=True)
    starts = [source.deck(g, 0) for g in range(len(corpus))]
    assert len(set(starts)) == len(corpus)
    assert source.deck(0, 1) == corpus[1]


@pytest.mark.parametrize("games", [False, True])
def test_summary_has_the_required_keys_and_consistent_counts(games: bool) -> None:
    pairs = 6 if games else 30
    s = run(Config(bots=("medium", "random"), pairs=pairs, games=games, seed=5))
    for key in REQUIRED:
        assert key in s
    a, b = s["labels"]
    assert s["pairs"] == pairs and s["games"] == 2 * pairs
    assert s["wins"][a] + s["wins"][b] + s["draws"] == s["games"]
    if games:
        assert s["deals"] >= s["games"]
    else:
        assert s["deals"] == s["games"]
    assert s["redeals"] <= s["deals"]
    assert set(s["baits"]) == {a, b} and set(s["think_ms"]) >= {a, b}
    for label in (a, b):
        assert 0 <= s["baits"][label] <= s["bids"][label]
        t = s["think_ms"][label]
        assert t["decisions"] > 0 and 0 <= t["median"] <= t["p95"] <= t["max"]
    diff = s["points_per_deal"]["a_minus_b"]
    assert len(s["pair_differences"]) == pairs == diff["n"]
    assert diff["mean"] == pytest.approx(statistics.fmean(s["pair_differences"]), abs=1e-2)
    assert diff["ci95"][0] <= diff["mean"] <= diff["ci95"][1]
    if not games:  # one deal per pass: the mean difference is the difference of the means
        ppd = s["points_per_deal"]
        assert diff["mean"] == pytest.approx(ppd[a] - ppd[b], abs=1e-2)
    assert 0.0 <= s["win_rate"]["mean"] <= 1.0
    assert len(s["pair_win_scores"]) == pairs
    split = s["by_bidder"]
    assert split[a]["deals"] == s["bids"][a] and split[b]["deals"] == s["bids"][b]
    assert split["passed"]["deals"] == s["redeals"] == s["deals"] - s["bids"][a] - s["bids"][b]
    assert s["win_rate"]["mean"] == pytest.approx(statistics.fmean(s["pair_win_scores"]), abs=1e-3)
    assert s["win_rate"]["mean"] == pytest.approx((s["wins"][a] + s["draws"] / 2) / s["games"], abs=1e-3)
    assert s["seconds"] >= 0


def test_same_level_on_both_sides_gets_two_keys() -> None:
    s = run(Config(bots=("random", "random"), pairs=3))
    assert s["labels"] == ["random#1", "random#2"]
    assert set(s["wins"]) == {"random#1", "random#2"}


def test_results_are_deterministic_and_independent_of_splitting() -> None:
    corpus = str(CORPUS_PATH)
    whole = run(Config(bots=("easy", "medium"), pairs=16, seed=11, corpus=corpus))
    again = run(Config(bots=("easy", "medium"), pairs=16, seed=11, corpus=corpus))
    assert _stable(whole) == _stable(again)
    parallel = run(Config(bots=("easy", "medium"), pairs=16, seed=11, corpus=corpus, jobs=2))
    assert _stable(parallel) == _stable(whole)
    first = run(Config(bots=("easy", "medium"), pairs=8, seed=11, corpus=corpus))
    second = run(Config(bots=("easy", "medium"), pairs=8, seed=11, corpus=corpus, start=8))
    assert first["pair_differences"] + second["pair_differences"] == whole["pair_differences"]
    other_seed = run(Config(bots=("easy", "medium"), pairs=16, seed=12, corpus=corpus))
    assert other_seed["pair_differences"] != whole["pair_differences"]  # the bots' seeds differ


def test_oracle_and_hard_play_through_selfplay() -> None:
    s = run(Config(bots=("oracle", "random"), pairs=2, games=False, seed=2))
    assert s["deals"] == 4 and s["think_ms"]["oracle"]["decisions"] > 0


def test_committed_corpus_is_the_generated_one() -> None:
    data = json.loads(CORPUS_PATH.read_text("utf-8"))
    assert data == make_corpus(CORPUS_SIZE, CORPUS_SEED)
    decks = load_corpus(CORPUS_PATH)
    assert len(decks) == CORPUS_SIZE and len(set(decks)) == CORPUS_SIZE


def test_gap_share() -> None:
    x = {"pair_differences": [10.0, 12.0, 8.0, 10.0]}
    y = {"pair_differences": [20.0, 22.0, 18.0, 20.0]}
    g = gap_share(x, y)
    assert g["share"] == pytest.approx(0.5) and g["ci95"][0] <= 0.5 <= g["ci95"][1]
    base = {"pair_differences": [5.0, 5.0, 5.0, 5.0]}
    assert gap_share(x, y, base)["share"] == pytest.approx(1 / 3, abs=1e-3)


def test_main_selfplay_subprocess() -> None:
    proc = subprocess.run(
        [sys.executable, "main.py", "selfplay", "--bots", "random,random", "--deals", "4", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    s = json.loads(proc.stdout)
    assert s["pairs"] == 4 and s["deals"] == 8
    text = subprocess.run(
        [sys.executable, "main.py", "selfplay", "--bots", "medium,easy", "--games", "1", "--seed", "3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert text.returncode == 0, text.stderr
    assert "medium vs easy" in text.stdout and "points per deal" in text.stdout
    bad = subprocess.run(
        [sys.executable, "main.py", "selfplay", "--bots", "medium,nobody", "--deals", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "unknown bot level" in bad.stdout


# ---------------------------------------------------------------------- three players, whole games


def test_three_player_games_rotate_every_bot_through_every_seat() -> None:
    """Three bots of one level: each bot type plays every seat of every game once, so their figures are equal;
    every game ends by the engine's rules for three (a claim, never merely reaching the target)."""
    from lab.selfplay3_games import play_three_games

    s = play_three_games(("medium", "medium", "medium"), 2, seed=5)
    a, b, c = s["bots"]
    for key in ("wins", "points_per_deal", "bids", "baits", "deals", "win_share"):
        assert a[key] == b[key] == c[key], key
    assert s["first_minus_others"]["mean"] == 0
    assert s["passes"] == 6 and sum(x["wins"] for x in s["bots"]) + s["unfinished"] == 6
    assert set(s["ends"]) <= {"claim", "false_claim", "both_reached", "unfinished"}
    assert sum(s["ends"].values()) == 6


def test_three_player_games_summary_and_determinism() -> None:
    from lab.selfplay3_games import format_three_games, play_game_pass, play_three_games

    levels = ("easy", "random", "random")
    s = play_three_games(levels, 2, seed=3)
    assert s["players"] == 3 and s["mode"] == "games" and s["games"] == 2
    for k, bot in enumerate(s["bots"]):
        assert bot["level"] == levels[k] and bot["games"] == 6 and bot["deals"] == s["deals"]
        assert set(bot["think_ms"]) == {"median", "p95", "decisions"} and bot["think_ms"]["decisions"] > 0
        lo, hi = bot["win_share"]["ci95"]
        assert 0.0 <= lo <= bot["win_share"]["mean"] <= hi <= 1.0
        lo, hi = bot["points_per_deal"]["ci95"]
        assert lo <= bot["points_per_deal"]["mean"] <= hi and bot["points_per_deal"]["n"] == 2
        assert bot["baits"] <= bot["bids"]
    # the win shares of one game's three passes add up to one
    assert sum(b["win_share"]["mean"] for b in s["bots"]) == pytest.approx(1.0, abs=0.01)
    clockless = {k: v for k, v in s.items() if k not in ("seconds", "bots")}
    again = play_three_games(levels, 2, seed=3)
    assert clockless == {k: v for k, v in again.items() if k not in ("seconds", "bots")}
    assert [b["points_per_deal"] for b in s["bots"]] == [b["points_per_deal"] for b in again["bots"]]
    # a game's passes: the figures of bot type k in pass r are its seat's, added up by type
    rules = Rules.preset("moscow", players=3)
    passes = [play_game_pass(rules, levels, 3, g, r) for g in range(2) for r in range(3)]
    for k, bot in enumerate(s["bots"]):
        assert bot["wins"] == sum(1 for p in passes if p.winner == k)
        assert bot["bids"] == sum(p.bids[k] for p in passes)
    text = format_three_games(s)
    assert "3 rotations" in text and "easy" in text and "points/deal" in text


def test_main_selfplay_three_player_games(capsys: pytest.CaptureFixture[str]) -> None:
    from lab.commands import selfplay_main

    argv = ["--players", "3", "--bots", "easy,random,random", "--games", "1", "--seed", "2", "--json"]
    assert selfplay_main(argv) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["games"] == 1 and [b["level"] for b in s["bots"]] == ["easy", "random", "random"]
    assert selfplay_main(["--players", "3", "--bots", "easy,random", "--games", "1"]) == 2
    assert selfplay_main(["--players", "3", "--bots", "easy,nobody,random", "--games", "1"]) == 2
    assert "unknown bot level" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["bench", "--rules", "nope"],
        ["bench", "--seconds", "inf"],
        ["bench", "--seconds", "nan"],
        ["selfplay", "--bots", "easy,easy", "--deals", "0"],
        ["selfplay", "--bots", "easy,easy", "--corpus", "/nonexistent/corpus.json"],
        ["selfplay", "--bots", "easy,easy", "--corpus", "/tmp"],
        ["selfplay", "--bots", "easy,easy", "--make-corpus", "/tmp"],
        ["selfplay", "--bots", "easy,easy", "--jobs", "0"],
    ],
)
def test_the_measuring_commands_check_their_arguments_at_the_door(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 23: an unknown preset, --deals 0, --seconds inf (a hang), a missing or directory --corpus, a directory
    for --make-corpus each ended in a traceback or a hang; now argparse's one line and exit 2."""
    from lab.commands import run

    with pytest.raises(SystemExit) as stop:
        run(argv[0], argv[1:])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "error: argument" in err and "Traceback" not in err
