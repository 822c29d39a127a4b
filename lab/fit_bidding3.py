"""Fit a bidding evaluator for three players on double-dummy simulations (game/bots/data/bidding3-v1.json).

    python -m lab.fit_bidding3 simulate --decks 200 --seed 3 --out /tmp/bidding3-sims.jsonl
    python -m lab.fit_bidding3 fit --sims /tmp/bidding3-sims.jsonl --out game/bots/data/bidding3-v1.json

**simulate** deals ``--decks`` random decks (``random.Random(f"bid3:{seed}:{i}")``, dealer ``i % 3``) and, for
each seat and each trump it could play (the first trump by ordering it in round 1, the others by naming them in
round 2 after everyone passed), drives the engine to the first lead (the others pass; the seven swap and the
dialog as medium plays them), then solves the card play exactly with every hand known (the paranoid
``Solver3``: the вистующие minimise the bidder's margin). Each line: the seat's six cards, the вскрышка, the
trump, whether the seat leads, the margin, and the sequence and belle points each side would count (the best
sequence by length, then points, as a proxy for the comparison).

**fit** turns each line into the bidder's deal value as the duplicate tables count it — what it writes minus
the mean of the others (made: its total minus half the вистующие's; a bait: minus half of everything; a tie:
minus half the вистующие's) — and fits it by least squares (ridge 1e-3) on ``game.bots.bidding.features``
(the two-player evaluator's features of six cards and the вскрышка). A seat bids when the fitted value is at
least ``caution`` (fitted by a selfplay sweep, docs/bots.md).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from game import actions as A
from game import sequences as seqs
from game.actions import Kind
from game.bots.bidding import FEATURE_NAMES, features
from game.bots.medium import MediumBot
from game.bots.solver3 import Hands, Solver3
from game.cards import Card, Rank, Suit, shuffled_deck
from game.deal import Deal, Phase
from game.rules import Rules
from game.scoring import BELLE_POINTS

RULES3 = Rules.preset("moscow", players=3)
TOTAL = 162  # card points and the last trick


def play_to_lead(deck: list[Card], dealer: int, seat: int, trump: Suit) -> Deal | None:
    """The deal with ``seat`` the bidder in ``trump``, at the first lead (None if the engine does not allow it)."""
    deal = Deal(RULES3, dealer, deck)
    medium = MediumBot(0)
    first = deal.view(seat).first_trump
    while not deal.is_over():
        p = deal.current_player()
        assert p is not None
        view = deal.view(p)
        if view.phase is Phase.PLAY and any(a.kind is Kind.PLAY for a in view.legal):
            return deal
        if view.phase is Phase.BIDDING_1:
            want = A.ORDER if p == seat and trump == first else A.PASS
            if want not in view.legal:
                return None
            deal.apply(want)
        elif view.phase is Phase.BIDDING_2:
            want = A.name(trump) if p == seat else A.PASS
            if want not in view.legal:
                return None
            deal.apply(want)
        else:
            deal.apply(medium.choose(view))
    return None


def side_extras(hands: list[list[Card]], trump: Suit, bidder: int) -> tuple[int, int]:
    """Sequence and belle points the bidder's side and the вистующие would count (the best sequence wins)."""
    best: tuple[int, int, int] | None = None
    for p, h in enumerate(hands):
        found = seqs.find_sequences(h, trump, RULES3)
        if found:
            key = (max(s.length for s in found), sum(s.points for s in found), p)
            if best is None or key[:2] > best[:2]:
                best = key
    out = [0, 0]
    if best is not None:
        out[best[2] != bidder] += best[1]
    pair = {Card(trump * 8 + Rank.KING), Card(trump * 8 + Rank.QUEEN)}
    for p, h in enumerate(hands):
        if pair <= set(h):
            out[p != bidder] += BELLE_POINTS
    return out[0], out[1]


def simulate(decks: int, seed: int, out: Path) -> None:
    started = time.perf_counter()
    with out.open("w", encoding="utf-8") as f:
        for i in range(decks):
            deck = shuffled_deck(random.Random(f"bid3:{seed}:{i}"))
            dealer = i % 3
            for seat in range(3):
                for trump in Suit:
                    six = list(Deal(RULES3, dealer, deck).hands[seat])
                    deal = play_to_lead(deck, dealer, seat, trump)
                    if deal is None:
                        continue
                    view = deal.view(seat)
                    full = [list(h) for h in deal.hands]
                    hands: Hands = (tuple(full[0]), tuple(full[1]), tuple(full[2]))
                    leader = view.leader if view.leader is not None else deal.current_player()
                    assert leader is not None
                    margin = Solver3(trump, seat).solve(hands, leader)
                    extra = side_extras(full, trump, seat)
                    row = {
                        "six": [int(c) for c in six],
                        "face_up": int(view.face_up),
                        "first": int(view.first_trump),
                        "trump": int(trump),
                        "leads": leader == seat,
                        "margin": margin,
                        "extra": extra,
                    }
                    f.write(json.dumps(row) + "\n")
            if (i + 1) % 10 == 0:
                print(f"{i + 1} decks, {time.perf_counter() - started:.0f} s", file=sys.stderr)


def value(row: dict[str, Any]) -> float:
    """The bidder's deal value for the duplicate tables: what it writes minus the others' mean."""
    m = float(row["margin"])
    tb = (TOTAL + m) / 2 + float(row["extra"][0])
    tv = (TOTAL - m) / 2 + float(row["extra"][1])
    if tb > tv:
        return tb - tv / 2
    if tb < tv:
        return -(tb + tv) / 2
    return -tv / 2


def row_features(row: dict[str, Any]) -> list[float]:
    six = [Card(c) for c in row["six"]]
    return features(six, Card(row["face_up"]), row["trump"], bool(row["leads"]))


def solve_ridge(xs: list[list[float]], ys: list[float], ridge: float = 1e-3) -> list[float]:
    """Least squares with a small ridge, by the normal equations (Gauss-Jordan)."""
    n = len(xs[0])
    a = [[ridge * (i == j) for j in range(n)] + [0.0] for i in range(n)]
    for x, y in zip(xs, ys, strict=True):
        for i in range(n):
            xi = x[i]
            if xi:
                row = a[i]
                for j in range(n):
                    row[j] += xi * x[j]
                row[n] += xi * y
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        p = a[col][col]
        a[col] = [v / p for v in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                k = a[r][col]
                a[r] = [v - k * w for v, w in zip(a[r], a[col], strict=True)]
    return [a[i][n] for i in range(n)]


def fit(sims: Path, out: Path, caution: float) -> None:
    rows = [json.loads(line) for line in sims.read_text("utf-8").splitlines() if line.strip()]
    xs = [row_features(r) for r in rows]
    ys = [value(r) for r in rows]
    w = solve_ridge(xs, ys)
    pred = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs]
    mean = sum(ys) / len(ys)
    ss_tot = sum((y - mean) ** 2 for y in ys)
    ss_res = sum((y - p) ** 2 for y, p in zip(ys, pred, strict=True))
    data = {
        "version": 1,
        "features": list(FEATURE_NAMES),
        "weights": [round(v, 4) for v in w],
        "caution": caution,
        "examples": len(rows),
        "r2": round(1 - ss_res / ss_tot, 4),
        "source": f"python -m lab.fit_bidding3 fit --sims {sims.name} --caution {caution}",
    }
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rows)} examples, R² {data['r2']}", file=sys.stderr)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sim = sub.add_parser("simulate")
    sim.add_argument("--decks", type=int, default=200)
    sim.add_argument("--seed", type=int, default=3)
    sim.add_argument("--out", type=Path, required=True)
    ft = sub.add_parser("fit")
    ft.add_argument("--sims", type=Path, required=True)
    ft.add_argument("--out", type=Path, required=True)
    ft.add_argument("--caution", type=float, default=0.0)
    args = ap.parse_args()
    if args.cmd == "simulate":
        simulate(args.decks, args.seed, args.out)
    else:
        fit(args.sims, args.out, args.caution)


if __name__ == "__main__":
    main()
