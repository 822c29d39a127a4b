"""Where a bot loses points to perfect play: its regret per card decision, by trick and role.

    python -m lab.regret --level hard --deals 100 --corpus lab/data/corpus-v1.json

Each corpus deck is played twice (the bot in seat 0, then in seat 1) against the oracle. At each of the
bot's card decisions with a choice, the true position is solved exactly under the deal's scoring: the
regret is the best card's value minus the chosen card's, from the bot's side (0 when it chose a best
card). The sum over a deal is what its card play gave away against perfect information — close to the
hard–oracle gap of ``selfplay`` — and the table shows which decisions (trick 1–9, bidder or defender,
leading or replying) carry it.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from typing import Any

from game.bots.factory import make_bot
from game.bots.hard import deal_evaluation, decision_position
from game.bots.solver import Solver
from game.deal import Deal, Phase
from game.rules import Rules
from lab.oracle import OracleBot
from lab.selfplay import load_corpus

Key = tuple[int, str, str]  # (trick 1..9, bidder/defender, lead/reply)


def regrets(
    level: str, decks: int, corpus: str, rules: str = "moscow", details: list[dict[str, Any]] | None = None
) -> tuple[dict[Key, list[float]], int]:
    """Every decision's regret grouped by ``Key``, and the number of deals played. ``details``: a list that
    gets one row per decision (deck, seat, key, regret, and for a sampling bot the runner-up's sampling gap
    in points a world and whether the lookahead weighed the decision)."""
    deck_list = load_corpus(corpus)[:decks]
    solver, oracle_solver = Solver(), Solver()
    out: dict[Key, list[float]] = defaultdict(list)
    deals = 0
    for i, deck in enumerate(deck_list):
        for seat in (0, 1):
            deal = Deal(Rules.preset(rules), i % 2, deck)
            oracle = OracleBot(deal, 9 + i, oracle_solver)
            bot = OracleBot(deal, 7 + i, oracle_solver) if level == "oracle" else make_bot(level, 2, 7 + i)
            while not deal.is_over():
                to_act = deal.current_player()
                assert to_act is not None
                view = deal.view(to_act)
                if to_act != seat:
                    deal.apply(oracle.choose(view))
                    continue
                action = bot.choose(view)
                if view.phase is Phase.PLAY and action.card is not None and len(view.legal) > 1:
                    opp_hand = tuple(sorted(deal.hand(1 - seat)))
                    values = solver.values(decision_position(view, opp_hand), deal_evaluation(view, opp_hand))
                    sign = 1.0 if seat == 0 else -1.0
                    best = max(sign * v for v in values.values())
                    role = "bidder" if view.bidder == seat else "defender"
                    key = (len(view.tricks) + 1, role, "reply" if view.trick else "lead")
                    out[key].append(best - sign * values[action.card])
                    if details is not None:
                        details.append(_detail(i, seat, key, out[key][-1], bot))
                deal.apply(action)
            deals += 1
    return out, deals


def _detail(deck: int, seat: int, key: Key, regret: float, bot: object) -> dict[str, Any]:
    row: dict[str, Any] = {"deck": deck, "seat": seat, "trick": key[0], "role": key[1], "move": key[2]}
    row["regret"] = round(regret, 2)
    totals: dict[Any, float] = getattr(bot, "last_totals", {})
    weight = getattr(bot, "last_weight", 0.0)
    if len(totals) > 1 and weight:
        top = sorted(totals.values(), reverse=True)
        row["gap"] = round((top[0] - top[1]) / weight, 2)  # the runner-up's sampling gap, points a world
    row["lookahead"] = bool(getattr(bot, "last_lookahead", {}))
    return row


def summary(groups: dict[Key, list[float]], deals: int) -> dict[str, Any]:
    rows = [
        {
            "trick": k[0],
            "role": k[1],
            "move": k[2],
            "decisions": len(v),
            "mean": round(sum(v) / len(v), 2),
            "per_deal": round(sum(v) / deals, 2),
            "mistakes": sum(1 for x in v if x > 0),
        }
        for k, v in sorted(groups.items())
    ]
    total = sum(sum(v) for v in groups.values()) / max(1, deals)
    return {"deals": deals, "regret_per_deal": round(total, 2), "rows": rows}


def main(argv: list[str] | None = None) -> int:
    from lab.hard_measure import register

    register()
    parser = argparse.ArgumentParser(prog="python -m lab.regret", description=__doc__)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--deals", type=int, default=100, help="corpus decks (each played twice)")
    parser.add_argument("--corpus", default="lab/data/corpus-v1.json")
    parser.add_argument("--rules", default="moscow")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--details", help="write one JSON row per decision to this file")
    a = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    s = summary(*regrets(a.level, a.deals, a.corpus, a.rules, rows))
    if a.details:
        with open(a.details, "w") as f:
            json.dump(rows, f)
    if a.json:
        print(json.dumps(s))
        return 0
    print(f"{a.level}: {s['regret_per_deal']} points a deal given away to perfect information ({s['deals']} deals)")
    print("trick  role      move   decisions  mistakes  mean regret  per deal")
    for r in s["rows"]:
        print(
            f"{r['trick']:>5}  {r['role']:<8}  {r['move']:<5}  {r['decisions']:>9}  {r['mistakes']:>8}  "
            f"{r['mean']:>11}  {r['per_deal']:>8}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
