"""How well can any bidding model for three rank contracts from what the bidder sees — and what would a better one
be worth? (issue 25, session 40; docs/lab/bots-three.md)

    python -m lab.bidding3_ceiling --sims lab/data/bidding3-hardvsmed39-s3901-0.jsonl.gz --seed 3901

The playout table (``lab.fit_bidding3 playout``) keeps each contract's features, not the cards; the cards are dealt
again from the run's ``--seed`` (the same ``bid3play`` decks) and described more finely than ``features3``: each
trump rank, the side suits' ranks, lengths and guards, the вскрышка, the seat's place (``rich_features``).

**ranking** fits ridge models by deck folds (out of sample) on the 27 shipped features and on the finer ones and
prints, beside the shipped weights, the R² over every contract and the correlation with the played-out value
among the contracts near the bar (the shipped value at least ``--near``): the only ones a bid turns on, where a
constant offset does not matter (the caution absorbs it).

**headroom** replays the duplicate (``fit_bidding3.replayed_duplicate``) with the shipped value moved a share α
toward each contract's played-out value — a bidder who knew that much more — to tell how steep the lever is.
"""

from __future__ import annotations

import argparse
import math
import random
from pathlib import Path
from typing import Any

from game.bots.bidding3 import load
from game.cards import PLAIN_POINTS, TRUMP_POINTS, shuffled_deck
from game.deal import Deal
from game.scoring import MatchContext
from lab.fit_bidding3 import (
    RULES3,
    Policy,
    contract_table,
    fold_weights,
    linear,
    medium_value,
    read_sims,
    replayed_duplicate,
    row_x,
)
from lab.selfplay import mean_ci

RICH_NAMES = (
    "bias",
    *(f"trump_{r}" for r in "789TJQKA"),
    "trumps",
    "trump_points",
    *(f"side_{r}s" for r in "789TJQKA"),
    "longest_side",
    "second_side",
    "shortest_side",
    "tens_with_ace",
    "guarded_tens",
    "bare_tens",
    "kings_with_ace",
    "side_points",
    "face_up_is_trump",
    "face_up_trump_points/10",
    "first_trump",
    "speaks_first",
    "speaks_second",
    "sequence_points/20",
    "leads",
    "medium_value/10",
)


def dealt_hands(seed: int, deck: int) -> list[tuple[list[int], int]]:
    """Each seat's six cards and the вскрышка of playout deck ``deck`` of run ``seed`` (as ``playout`` deals it)."""
    cards = shuffled_deck(random.Random(f"bid3play:{seed}:{deck}"))
    deal = Deal(RULES3, deck % 3, cards, MatchContext(scores=(0, 0, 0), baits=(0, 0, 0)))
    return [([int(c) for c in deal.view(s).hand], int(deal.view(s).face_up)) for s in range(3)]


def rich_features(hand: list[int], face_up: int, trump: int, first: bool, place: int, x: list[float]) -> list[float]:
    """``RICH_NAMES`` of a six-card hand for ``trump`` (the seven swapped for the вскрышка when ordering it);
    the sequence points, the lead and medium's value are taken from the row's ``features3`` ``x``."""
    if first and face_up // 8 == trump and trump * 8 in hand and face_up != trump * 8:
        hand = [face_up if c == trump * 8 else c for c in hand]
    ranks = {c % 8 for c in hand if c // 8 == trump}
    side = [0] * 8
    lengths = []
    tens_a = guarded = bare = kings_a = 0
    for s in range(4):
        if s == trump:
            continue
        held = {c % 8 for c in hand if c // 8 == s}
        lengths.append(len(held))
        for r in held:
            side[r] += 1
        if 3 in held:
            if 7 in held:
                tens_a += 1
            elif len(held) > 1:
                guarded += 1
            else:
                bare += 1
        kings_a += 6 in held and 7 in held
    lengths.sort(reverse=True)
    up_trump = face_up // 8 == trump
    return [
        1.0,
        *(float(r in ranks) for r in range(8)),
        float(len(ranks)),
        float(sum(TRUMP_POINTS[r] for r in ranks)),
        *(float(n) for n in side),
        *(float(n) for n in lengths),
        float(tens_a),
        float(guarded),
        float(bare),
        float(kings_a),
        float(sum(PLAIN_POINTS[c % 8] for c in hand if c // 8 != trump)),
        float(up_trump),
        TRUMP_POINTS[face_up % 8] / 10.0 if up_trump else 0.0,
        float(first),
        float(place == 0),
        float(place == 1),
        x[16],
        x[17],
        x[20],
    ]


def rich_rows(rows: list[dict[str, Any]], seed: int) -> list[list[float]]:
    """``rich_features`` of every playout row, the cards dealt again from ``seed``."""
    hands: dict[int, list[tuple[list[int], int]]] = {}
    out = []
    for r in rows:
        if r["deck"] not in hands:
            hands[r["deck"]] = dealt_hands(seed, r["deck"])
        hand, face_up = hands[r["deck"]][r["seat"]]
        place = (r["seat"] - r["dealer"] - 1) % 3
        out.append(rich_features(hand, face_up, r["trump"], r["round"] == 1, place, row_x(r)))
    return out


def crossfit_predictions(
    xs: list[list[float]], ys: list[float], decks: list[int], folds: int, ridge: float
) -> list[float]:
    """Each row's ridge prediction from the weights fitted without its deck's fold."""
    by_fold = fold_weights(xs, ys, decks, folds, ridge)
    return [linear(by_fold[d % folds])(x) for x, d in zip(xs, decks, strict=True)]


def r_squared(ys: list[float], pred: list[float]) -> float:
    mean = sum(ys) / len(ys)
    return 1 - sum((y - p) ** 2 for y, p in zip(ys, pred, strict=True)) / sum((y - mean) ** 2 for y in ys)


def correlation(a: list[float], b: list[float]) -> float:
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True))
    return cov / math.sqrt(sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b))


def ranking(rows: list[dict[str, Any]], seed: int, near: float, folds: int, ridge: float) -> list[str]:
    """The report's lines: each model's R² over every contract and correlation near the bar."""
    ys = [float(r["value"]) for r in rows]
    decks = [int(r["deck"]) for r in rows]
    xs = [row_x(r) for r in rows]
    shipped = [linear(load()[0])(x) for x in xs]
    models = {
        "shipped weights (bidding3-v2.json)": shipped,
        "ridge on the 27 features, refitted": crossfit_predictions(xs, ys, decks, folds, ridge),
        f"ridge on {len(RICH_NAMES)} finer card features": crossfit_predictions(
            rich_rows(rows, seed), ys, decks, folds, ridge
        ),
    }
    return model_lines(ys, shipped, models, near)


def model_lines(ys: list[float], shipped: list[float], models: dict[str, list[float]], near: float) -> list[str]:
    """Each model's R² over every contract and its correlation with the played-out value among the contracts
    whose shipped value is at least ``near``."""
    close = [i for i, s in enumerate(shipped) if s >= near]
    lines = [f"{len(ys)} contracts, {len(close)} near the bar (shipped value ≥ {near:.0f}); out of sample by deck:"]
    for name, pred in models.items():
        corr = correlation([ys[i] for i in close], [pred[i] for i in close])
        lines.append(f"  {name}: R² {r_squared(ys, pred):.3f}, correlation near the bar {corr:.3f}")
    return lines


def moved_toward(value: Policy, played: dict[int, float], alpha: float) -> Policy:
    """``value`` moved ``alpha`` of the way to each contract's played-out value (keyed by its features' id)."""
    return lambda x: value(x) + alpha * (played[id(x)] - value(x))


def headroom(rows: list[dict[str, Any]], alphas: list[float], cautions: list[float], near: float) -> list[str]:
    """The replayed duplicate's edge over the shipped rule for a value moved α toward each played-out value, and
    that value's correlation near the bar (to set beside ``ranking``'s)."""
    table = contract_table(rows)
    decks = sorted(table.dealer)
    weights, caution = load()
    value = linear(weights)
    played = {id(x): float(table.rows[k]["value"]) for k, x in table.features.items()}
    base = (medium_value, 62.0)
    shipped = replayed_duplicate(table, decks, (value, caution), base)
    lines = [f"the shipped rule against medium's threshold 62: {mean_ci(shipped)['mean']:+.2f} a deal"]
    close = [x for x in table.features.values() if value(x) >= near]
    for alpha in alphas:
        knowing = moved_toward(value, played, alpha)
        corr = correlation([played[id(x)] for x in close], [knowing(x) for x in close])
        lines.append(f"  α {alpha:.2f}: correlation near the bar {corr:.3f}")
        for c in cautions:
            edges = replayed_duplicate(table, decks, (knowing, c), base)
            gain = mean_ci([e - s for e, s in zip(edges, shipped, strict=True)])
            lo, hi = gain["ci95"]
            lines.append(f"  α {alpha:.2f}, caution {c:+.0f}: − shipped {gain['mean']:+.2f} ({lo:+.2f} … {hi:+.2f})")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sims", type=Path, nargs="+", required=True)
    ap.add_argument("--seed", type=int, required=True, help="the playout run's seed (its decks are dealt again)")
    ap.add_argument("--near", type=float, default=-45.0)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--alphas", default="0.05,0.1,0.2")
    ap.add_argument("--cautions", default="-20,-10,0")
    args = ap.parse_args()
    rows = read_sims(args.sims)
    for line in ranking(rows, args.seed, args.near, args.folds, args.ridge):
        print(line)
    floats = [float(v) for v in args.alphas.split(",")]
    for line in headroom(rows, floats, [float(v) for v in args.cautions.split(",")], args.near):
        print(line)


if __name__ == "__main__":
    main()
