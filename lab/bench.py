"""Engine throughput: random legal deals played start to scoring, per second (a benchmark, not a test)."""

from __future__ import annotations

import json
import random
import time

from game.cards import shuffled_deck
from game.deal import Deal
from game.rules import Rules


def play_random_deal(rules: Rules, dealer: int, rng: random.Random) -> Deal:
    deal = Deal(rules, dealer, shuffled_deck(rng))
    while not deal.is_over():
        legal = deal.legal_actions()
        deal.apply(legal[rng.randrange(len(legal))])
    return deal


def measure(seconds: float, preset: str = "moscow", seed: int = 1) -> dict[str, float]:
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    deals = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            deal = play_random_deal(rules, deals % 2, rng)
            actions += len(deal.history)
            deals += 1
    elapsed = time.perf_counter() - start
    return {
        "deals_per_second": round(deals / elapsed, 1),
        "actions_per_second": round(actions / elapsed, 1),
        "deals": deals,
        "seconds": round(elapsed, 3),
        "preset": preset,  # type: ignore[dict-item]
    }


def bench_command(seconds: float = 3.0, preset: str = "moscow", seed: int = 1, as_json: bool = False) -> int:
    result = measure(seconds, preset, seed)
    if as_json:
        print(json.dumps(result))
    else:
        print(
            f"{result['deals_per_second']:.0f} random legal deals/s "
            f"({result['actions_per_second']:.0f} actions/s; {result['deals']:.0f} deals in "
            f"{result['seconds']:.1f} s, preset {preset}, one core)"
        )
    return 0
