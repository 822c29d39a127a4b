"""Fit the bid likelihoods hard for three weights its samples by (game/bots/data/infer3.json).

    python -m lab.fit_infer3 --decks 6000 --seed 5 --out game/bots/data/infer3.json

Deals ``--decks`` random decks (dealer ``i % 3``) to three ``--level`` bots (medium: the opponent model) and
drives each through the bidding to the first card. For every seat that spoke it records what it did (round 1:
ordered or passed the first trump; round 2: named a suit or passed) and its nine cards at the first card
(the cards a sample knows: what it holds plus what it has played; not which six it had when it bid). A
logistic model of ``inference.features9`` per round and the seat's place in the order of speaking is fitted by
Newton's method: ``r1_<place>`` is P(order | nine cards, the first trump), ``r2_<place>`` P(name s | nine cards,
s) for each suit s other than the first (a pass in round 2 is the product of 1 − P over those suits).
"""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path

from game.actions import Kind
from game.bots.factory import make_bot
from game.bots.inference import LIKELIHOOD_FEATURES, features9
from game.cards import shuffled_deck
from game.deal import Deal, Phase
from game.rules import Rules
from game.scoring import MatchContext
from lab.fit_bidding3 import solve_ridge

Rows = dict[str, list[tuple[list[float], float]]]


def simulate(decks: int, seed: int, level: str = "medium", preset: str = "moscow") -> Rows:
    rules = Rules.preset(preset, players=3)
    rows: Rows = {}
    for i in range(decks):
        deck = shuffled_deck(random.Random(f"infer3:{seed}:{i}"))
        dealer = i % 3
        deal = Deal(rules, dealer, deck, MatchContext(scores=(0, 0, 0), baits=(0, 0, 0)))
        bots = {s: make_bot(level, 3, (seed * 100_003 + i) * 3 + s) for s in range(3)}
        said: list[tuple[int, Kind, int | None, bool]] = []  # seat, kind, suit, round 1
        passes = 0
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            if view.phase is Phase.PLAY and any(a.kind is Kind.PLAY for a in view.legal):
                break
            a = bots[seat].choose(view)
            if a.kind in (Kind.ORDER, Kind.PASS, Kind.NAME) and view.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
                said.append((seat, a.kind, None if a.suit is None else int(a.suit), passes < 3))
                if a.kind is Kind.PASS:
                    passes += 1
            deal.apply(a)
        if deal.is_over():
            continue
        view0 = deal.view(0)
        first = int(view0.first_trump)
        for seat, kind, suit, r1 in said:
            place = (seat - dealer - 1) % 3
            nine = list(deal.hands[seat])
            if r1:
                rows.setdefault(f"r1_{place}", []).append((features9(nine, first), float(kind is Kind.ORDER)))
            else:
                for s in range(4):
                    if s != first:
                        y = float(kind is Kind.NAME and suit == s)
                        rows.setdefault(f"r2_{place}", []).append((features9(nine, s), y))
    return rows


def logistic(data: list[tuple[list[float], float]], ridge: float = 1e-2, steps: int = 25) -> list[float]:
    """Logistic regression by Newton's method (each step a ridge-weighted least squares)."""
    n = len(data[0][0])
    w = [0.0] * n
    for _ in range(steps):
        # Newton: solve (X'SX + rI) d = X'(y - p) - r w, as a weighted least squares on z
        xs: list[list[float]] = []
        zs: list[float] = []
        for x, y in data:
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            s = max(p * (1 - p), 1e-6)
            r = math.sqrt(s)
            xs.append([r * v for v in x])
            zs.append(r * (z + (y - p) / s))
        w_new = solve_ridge(xs, zs, ridge)
        if max(abs(a - b) for a, b in zip(w, w_new, strict=True)) < 1e-6:
            return w_new
        w = w_new
    return w


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--decks", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--level", default="medium")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    rows = simulate(args.decks, args.seed, args.level)
    models = {}
    for name in sorted(rows):
        data = rows[name]
        w = logistic(data)
        pos = sum(y for _, y in data)
        print(f"{name}: {len(data)} rows, {pos:.0f} bids, weights {[round(v, 2) for v in w]}")
        models[name] = [round(v, 4) for v in w]
    out = {
        "source": f"python -m lab.fit_infer3 --decks {args.decks} --seed {args.seed} --level {args.level}",
        "features": list(LIKELIHOOD_FEATURES),
        "models": models,
    }
    args.out.write_text(json.dumps(out, indent=1) + "\n", "utf-8")


if __name__ == "__main__":
    main()
