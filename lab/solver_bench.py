"""Solver speed: exact values of random full 9-trick deals on one core (a measurement, never a timed test).

    python main.py bench --solver [--json] [--deals N] [--seed S]
    python -m lab.solver_bench --variants      the tuning table of docs/lab/bots-solver.md

Each deal is 18 random cards dealt 9/9, a random trump and a random leader; every deal starts from an empty
transposition table (no help from earlier deals). Times are process CPU time, so other load on the
machine disturbs them less than wall time would (it still costs cache).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from game.bots.solver import Position, Solver, cards_to_mask
from game.cards import ALL_CARDS


def random_deal(rng: random.Random) -> Position:
    cards = rng.sample(ALL_CARDS, 18)
    return Position((cards_to_mask(cards[:9]), cards_to_mask(cards[9:])), rng.randrange(4), rng.randrange(2))


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(deals: int = 200, seed: int = 1, **solver_options: Any) -> dict[str, Any]:
    rng = random.Random(seed)
    positions = [random_deal(rng) for _ in range(deals)]
    clock = time.process_time
    solve_ms: list[float] = []
    first_ms: list[float] = []
    nodes = 0
    entries = 0
    for pos in positions:
        solver = Solver(**solver_options)
        start = clock()
        solver.points(pos)
        solve_ms.append((clock() - start) * 1000)
        nodes += solver.nodes
        entries += len(solver.tt)
    solve_total = sum(solve_ms) / 1000
    first_nodes = 0
    for pos in positions:
        solver = Solver(**solver_options)
        start = clock()
        solver.values(pos)
        first_ms.append((clock() - start) * 1000)
        first_nodes += solver.nodes
    return {
        "deals": deals,
        "seed": seed,
        "solve_ms_median": round(statistics.median(solve_ms), 2),
        "solve_ms_mean": round(statistics.mean(solve_ms), 2),
        "solve_ms_p90": round(_quantile(solve_ms, 0.9), 2),
        "solve_ms_max": round(max(solve_ms), 1),
        "solves_per_second": round(deals / solve_total, 1),
        "nodes_per_solve_mean": round(nodes / deals),
        "nodes_per_second": round(nodes / solve_total),
        "tt_entries_per_solve": round(entries / deals),
        "first_cards_ms_median": round(statistics.median(first_ms), 2),
        "first_cards_ms_mean": round(statistics.mean(first_ms), 2),
        "first_cards_ms_p90": round(_quantile(first_ms, 0.9), 2),
        "first_cards_nodes_per_second": round(first_nodes / (sum(first_ms) / 1000)),
        "clock": "process CPU time, one core",
    }


def bench_solver_command(deals: int = 200, seed: int = 1, as_json: bool = False) -> int:
    r = measure(deals, seed)
    if as_json:
        print(json.dumps(r))
        return 0
    print(
        f"exact solve of a full 9-trick deal: median {r['solve_ms_median']} ms, mean {r['solve_ms_mean']} ms, "
        f"p90 {r['solve_ms_p90']} ms, max {r['solve_ms_max']} ms\n"
        f"{r['solves_per_second']} solves/s, {r['nodes_per_second']} nodes/s, "
        f"{r['nodes_per_solve_mean']} nodes and {r['tt_entries_per_solve']} table entries per solve\n"
        f"values of every first card: median {r['first_cards_ms_median']} ms, mean {r['first_cards_ms_mean']} ms, "
        f"p90 {r['first_cards_ms_p90']} ms\n"
        f"({r['deals']} random deals, seed {r['seed']}, {r['clock']})"
    )
    return 0


VARIANTS: dict[str, dict[str, Any]] = {
    "default (full window, both merges)": {},
    "driver mtdf": {"driver": "mtdf"},
    "driver bisect": {"driver": "bisect"},
    "no lead merge": {"merge_leads": False},
    "no reply merge": {"merge_replies": False},
    "no merges": {"merge_leads": False, "merge_replies": False},
}


def variants_command(deals: int, seed: int, extra: dict[str, dict[str, Any]] | None = None) -> int:
    rows = {**VARIANTS, **(extra or {})}
    print(f"{'variant':40} {'solve ms med':>12} {'mean':>7} {'p90':>7} {'nodes':>7} {'1st cards ms':>12} {'mean':>7}")
    for name, opts in rows.items():
        r = measure(deals, seed, **opts)
        print(
            f"{name:40} {r['solve_ms_median']:12} {r['solve_ms_mean']:7} {r['solve_ms_p90']:7} "
            f"{r['nodes_per_solve_mean']:7} {r['first_cards_ms_median']:12} {r['first_cards_ms_mean']:7}"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.solver_bench", description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--variants", action="store_true", help="compare the solver's options")
    args = parser.parse_args(argv)
    if args.variants:
        return variants_command(args.deals, args.seed)
    return bench_solver_command(args.deals, args.seed, args.json)


if __name__ == "__main__":
    raise SystemExit(main())


def measure_hard(deals: int = 20, preset: str = "moscow", seed: int = 1, opponent: str = "medium") -> dict[str, Any]:
    """Per-decision CPU time of the hard bot over whole deals against ``opponent`` (it sits in both seats
    in turn). Only the card decisions are timed (the others are the medium bot's)."""
    from game.bots.factory import make_bot
    from game.bots.hard import HardBot
    from game.cards import shuffled_deck
    from game.deal import Deal, Phase
    from game.rules import Rules

    rules = Rules.preset(preset)
    rng = random.Random(seed)
    clock = time.process_time
    card_ms: list[float] = []
    by_trick: dict[int, list[float]] = {}
    played = 0
    while played < deals:
        deal = Deal(rules, played % 2, shuffled_deck(rng))
        hard_seat = (played // 2) % 2
        bots = {hard_seat: HardBot(seed + played), 1 - hard_seat: make_bot(opponent, 2, seed + played)}
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            bot = bots[seat]
            timed = isinstance(bot, HardBot) and view.phase is Phase.PLAY and len(view.legal) > 1
            start = clock()
            action = bot.choose(view)
            if timed and action.card is not None:
                ms = (clock() - start) * 1000
                card_ms.append(ms)
                by_trick.setdefault(len(view.tricks), []).append(ms)
            deal.apply(action)
        if deal.tricks:
            played += 1
    return {
        "preset": preset,
        "deals": deals,
        "decisions": len(card_ms),
        "decision_ms_median": round(statistics.median(card_ms), 1),
        "decision_ms_p95": round(_quantile(card_ms, 0.95), 1),
        "decision_ms_max": round(max(card_ms), 1),
        "median_ms_by_trick": {t + 1: round(statistics.median(v), 1) for t, v in sorted(by_trick.items())},
        "clock": "process CPU time, one core",
    }


def duel(deals: int = 20, preset: str = "moscow", seed: int = 1, a: str = "hard", b: str = "medium") -> dict[str, Any]:
    """``a`` against ``b`` in duplicate: every deck is played twice with the seats exchanged. Returns a's
    mean (written + adjustment) lead per deal over b. ``a`` may be "oracle" (sees the real hands)."""
    from game.bots.factory import make_bot
    from game.cards import shuffled_deck
    from game.deal import Deal
    from game.rules import Rules
    from lab.oracle import OracleBot

    rules = Rules.preset(preset)
    rng = random.Random(seed)
    diffs: list[int] = []
    n = 0
    while len(diffs) < 2 * deals:
        deck = shuffled_deck(rng)
        pair = []
        for a_seat in (0, 1):
            deal = Deal(rules, n % 2, deck)
            bot_a = OracleBot(deal, seed + n) if a == "oracle" else make_bot(a, 2, seed + n)
            bots = {a_seat: bot_a, 1 - a_seat: make_bot(b, 2, seed + n)}
            while not deal.is_over():
                seat = deal.current_player()
                assert seat is not None
                deal.apply(bots[seat].choose(deal.view(seat)))
            r = deal.result
            if r is None or not deal.tricks:
                break
            p = r.players
            score = [p[0].written + p[0].adjustment, p[1].written + p[1].adjustment]
            pair.append(score[a_seat] - score[1 - a_seat])
        n += 1
        if len(pair) == 2:
            diffs.extend(pair)
    return {
        "a": a,
        "b": b,
        "preset": preset,
        "deals": len(diffs),
        "mean_lead_per_deal": round(statistics.mean(diffs), 1),
        "stdev": round(statistics.stdev(diffs), 1),
    }
