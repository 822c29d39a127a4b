"""The bidding evaluator's fitting pipeline (lab/fit_bidding.py, fit_bidding_play.py), end to end on
a few decks: double-dummy simulation, contracts played out by two hard bots, calibration, the fit, and the
data file the hard bot loads."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.bots.bidding import Evaluator, decide
from game.cards import shuffled_deck
from game.deal import Deal, Phase
from game.rules import Rules
from lab import fit_bidding as F
from lab import fit_bidding_play as P


def test_calibration_learns_the_shift_and_bait_rate_per_bin() -> None:
    rng = random.Random(3)
    rows = []
    for _ in range(3000):
        dd = rng.randint(-160, 160)
        played = dd - 10 if dd >= 0 else dd + 4
        rows.append({"dd": dd, "played": played, "bait": dd < 25 and rng.random() < 0.5})
    cal = P.Calibration.fit(rows)
    assert cal.margin(60) == pytest.approx(50, abs=1.5)  # shrunk a little towards the overall mean
    assert cal.margin(-120) == pytest.approx(-116, abs=1.5)
    assert cal.bait(10) == pytest.approx(0.5, abs=0.08)
    assert cal.bait(130) == pytest.approx(0.0, abs=0.01)
    assert cal.bait(90) < 0.06
    assert cal.bin_of(-101) == 0 and cal.bin_of(-100) == 1 and cal.bin_of(100) == len(P.BIN_EDGES)


def test_a_bin_with_few_contracts_stays_near_the_overall_shift() -> None:
    rows = [{"dd": 30, "played": 10, "bait": False}] * 200 + [{"dd": 120, "played": 140, "bait": False}]
    cal = P.Calibration.fit(rows)
    assert cal.margin(30) == pytest.approx(10, abs=0.5)
    assert cal.shift[cal.bin_of(120)] < 0  # one contract of +20 does not outweigh the pull to -20


def test_forced_bids_make_the_intended_bidder() -> None:
    deck = shuffled_deck(random.Random("forced"))
    first = deck[12] // 8
    for bidder in (0, 1):
        for trump in range(4):
            deal = Deal(F.MOSCOW, F.DEALER, tuple(deck))
            for seat, action in P.forced_bids(first, bidder, trump):
                assert deal.current_player() == seat
                deal.apply(action)
            assert deal.bidder == bidder and deal.trump is not None and int(deal.trump) == trump


def test_pipeline_simulates_plays_calibrates_and_fits_a_loadable_evaluator(tmp_path: Path) -> None:
    sims = tmp_path / "sims.jsonl"
    # a dozen decks: the pipeline's steps and formats, not a fit worth shipping (40 took three times as long)
    sims.write_text("\n".join(F._simulate_chunk((11, 0, 12))) + "\n")
    play = tmp_path / "play.jsonl"
    play.write_text("".join(line + "\n" for line in P._chunk((11, 0, 1))))  # two hard bots play the contracts
    rows = P.read_play(play)
    assert rows and all({"dd", "played", "bait", "seat", "trump"} <= set(r) for r in rows)
    for r in rows:  # a bait writes the bidder nothing and the opponent all
        assert r["bait"] == (r["played"] < 0 and r["played"] <= -80)
    out = tmp_path / "bidding.json"
    assert F.fit_command(sims, out, play, caution=0.0) == 0
    data = json.loads(out.read_text())
    assert data["calibration"]["played_contracts"] == len(rows)
    assert data["caution"] == 0.0
    ev = Evaluator(data)
    deck = shuffled_deck(random.Random("bidding:11:0"))
    deal = Deal(Rules.preset("moscow"), 0, deck)
    view = deal.view(1)
    assert view.phase is Phase.BIDDING_1
    assert decide(view, ev).action in view.legal
