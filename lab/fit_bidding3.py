"""Fit the bidding evaluator for three players (game/bots/data/bidding3-v2.json) on deals hard bots played out.

    python -m lab.fit_bidding3 playout --decks 400 --seed 21 --out /tmp/bidding3-hard.jsonl
    python -m lab.fit_bidding3 replay --sims /tmp/bidding3-hard.jsonl
    python -m lab.fit_bidding3 fit --sims /tmp/bidding3-hard.jsonl --caution C --out game/bots/data/bidding3-v2.json

A long playout may run in parts (``--first 100 --decks 300`` continues decks 0–99 of the same seed); ``--sims``
takes the parts' files in order, compressed (``.gz``) or not.

**playout** deals ``--decks`` random decks (``random.Random(f"bid3play:{seed}:{i}")``, dealer ``i % 3``) and,
for each seat and each trump it could play (the first trump by ordering it in round 1, the others by naming
them in round 2 after everyone passed), drives the engine through the bidding (the others pass), records the
features the seat saw when it bid (``bidding3.features3``), and lets ``--level`` bots (hard) play the deal out:
the seven, the dialog, belle and the cards. Each line keeps what every seat wrote (the sheet), so the deal can
be scored again for any seat. ``--others medium`` lets the two вистующие be mediums: labels for a bidder who
meets mediums (the goal's table), where three hards' labels price every contract against hard defenders.

**replay** is the duplicate of lab/selfplay3 replayed from that table: for every deck and rotation, one seat
bids by a candidate rule and two by medium's threshold 62; the contract the bidding reaches is looked up
(every contract was played out once), so every rule is judged on the same card play. The fitted rule's
weights for a deck come from the other folds (out of sample). It prints each rule's edge with a 95 % interval
and sweeps the caution and, for comparison, the threshold and the shipped rule (each fitted caution's edge
minus the shipped rule's, deck by deck).

**fit** fits the bidder's deal value (what it writes minus the others' mean, the bait included) by least
squares with a ridge on ``features3`` and writes the weights with the chosen ``caution``: a seat bids when the
fitted value is at least it (docs/lab/bots-three.md has the sweeps).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import actions as A
from game.bots.bidding3 import BASE_NAMES3, FEATURE_NAMES3, load, with_products
from game.cards import Card, Suit, shuffled_deck
from game.deal import Deal, Phase
from game.rules import Rules

RULES3 = Rules.preset("moscow", players=3)


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


def row_x(row: dict[str, Any]) -> list[float]:
    """A line's features as ``features3`` makes them now (lines keep the base ones; the products follow)."""
    x: list[float] = row["x"]
    return with_products(x) if len(x) == len(BASE_NAMES3) else x


def read_sims(paths: list[Path]) -> list[dict[str, Any]]:
    """The playout rows of one or more files (``.gz`` read compressed), in order: the parts of one seed's run
    (``playout --first``) join into one table."""
    rows: list[dict[str, Any]] = []
    for path in paths:
        text = gzip.decompress(path.read_bytes()).decode("utf-8") if path.suffix == ".gz" else path.read_text("utf-8")
        rows.extend(json.loads(line) for line in text.splitlines() if line.strip())
    return rows


def fit(sims: list[Path], out: Path, caution: float, ridge: float, prior: bool = False) -> None:
    rows = read_sims(sims)
    xs = [row_x(r) for r in rows]
    ys = [float(r["value"]) for r in rows]
    w = fit_weights(xs, ys, ridge, load()[0] if prior else None)
    pred = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs]
    mean = sum(ys) / len(ys)
    ss_tot = sum((y - mean) ** 2 for y in ys)
    ss_res = sum((y - p) ** 2 for y, p in zip(ys, pred, strict=True))
    data = {
        "version": 2,
        "features": list(FEATURE_NAMES3),
        "weights": [round(v, 4) for v in w],
        "caution": caution,
        "examples": len(rows),
        "r2": round(1 - ss_res / ss_tot, 4),
        "source": f"python -m lab.fit_bidding3 fit --sims {' '.join(p.name for p in sims)} --caution {caution} "
        f"--ridge {ridge}" + (" --prior" if prior else ""),
    }
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rows)} examples, R² {data['r2']}", file=sys.stderr)


# ---------------------------------------------------------------------- labels from played-out deals (v2)


def play_contract(
    deck: list[Card], dealer: int, seat: int, trump: Suit, level: str, seed: int, others: str | None = None
) -> tuple[list[float], list[int]] | None:
    """``seat`` bids ``trump`` (the others pass), then ``level`` bots play the deal out (the two вистующие
    ``others`` bots if given: labels for a bidder against weaker defenders). Returns the features the seat saw
    when it bid (``features3``) and what each seat wrote (the sheet); None if the engine does not allow that
    contract."""
    from game.bots.bidding3 import features3
    from game.bots.factory import make_bot
    from game.scoring import MatchContext

    deal = Deal(RULES3, dealer, deck, MatchContext(scores=(0, 0, 0), baits=(0, 0, 0)))
    bots = {s: make_bot(level if s == seat or others is None else others, 3, seed * 3 + s) for s in range(3)}
    first = deal.view(seat).first_trump
    seen: list[float] | None = None
    while not deal.is_over():
        p = deal.current_player()
        assert p is not None
        view = deal.view(p)
        if view.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
            if view.phase is Phase.BIDDING_1:
                want = A.ORDER if p == seat and trump == first else A.PASS
            else:
                want = A.name(trump) if p == seat else A.PASS
            if want not in view.legal:
                return None
            if p == seat and want is not A.PASS:
                seen = features3(view, trump)
            deal.apply(want)
        else:
            deal.apply(bots[p].choose(view))
    result = deal.result
    if seen is None or result is None:
        return None
    return seen, [q.written + q.adjustment for q in result.players]


def _playout_deck(job: tuple[int, int, str, str | None]) -> list[dict[str, Any]]:
    i, seed, level, others = job
    deck = shuffled_deck(random.Random(f"bid3play:{seed}:{i}"))
    rows = []
    for seat in range(3):
        for trump in Suit:
            got = play_contract(deck, i % 3, seat, trump, level, (seed * 100_003 + i) * 12 + seat * 4 + trump, others)
            if got is not None:
                x, sheet = got
                value = sheet[seat] - (sum(sheet) - sheet[seat]) / 2
                row = {"deck": i, "dealer": i % 3, "seat": seat, "trump": int(trump), "round": 1 + (x[19] == 0)}
                rows.append({**row, "x": x, "sheet": sheet, "value": value})
    return rows


def playout(decks: int, seed: int, level: str, jobs: int, out: Path, first: int = 0, others: str | None = None) -> None:
    """Every deck × seat × trump played out by ``level`` bots (the вистующие by ``others`` if given); one line of
    features and value per contract.
    ``first``: the first deck's index, so that runs of one seed in parts (decks 0–99, then 100–399) join into one
    table by concatenating their files (the rows are keyed by deck index)."""
    from multiprocessing import Pool

    started = time.perf_counter()
    work = [(i, seed, level, others) for i in range(first, first + decks)]
    with out.open("w", encoding="utf-8") as f, Pool(jobs) as pool:
        for n, rows in enumerate(pool.imap(_playout_deck, work), 1):
            for r in rows:
                f.write(json.dumps(r) + "\n")
            f.flush()
            if n % 20 == 0:
                print(f"{n} decks, {time.perf_counter() - started:.0f} s", file=sys.stderr)


# ---------------------------------------------------------------------- the duplicate replayed from the table


Policy = Callable[[list[float]], float]  # features3 → the value a bot bids by


@dataclass(frozen=True)
class ContractTable:
    """The played-out contracts, indexed once: (deck, seat, trump) → the line and its features, and per deck its
    dealer and first trump (what every replayed bidding needs)."""

    rows: dict[tuple[int, int, int], dict[str, Any]]
    features: dict[tuple[int, int, int], list[float]]
    dealer: dict[int, int]
    first: dict[int, int]


def contract_table(rows: list[dict[str, Any]]) -> ContractTable:
    keyed = {(r["deck"], r["seat"], r["trump"]): r for r in rows}
    return ContractTable(
        keyed,
        {k: row_x(r) for k, r in keyed.items()},
        {r["deck"]: r["dealer"] for r in rows},
        {r["deck"]: r["trump"] for r in rows if r["round"] == 1},
    )


def bidding_outcome(table: ContractTable, deck: int, policies: Mapping[int, tuple[Policy, float]]) -> list[int]:
    """What each seat writes when the seats bid by ``policies`` (seat → value and bar): round 1 in the order of
    speaking for the first trump, round 2 each its best other suit; all passing is a redeal (nothing written)."""
    order = [(table.dealer[deck] + 1 + k) % 3 for k in range(3)]
    first = table.first[deck]
    for seat in order:
        value, bar = policies[seat]
        key = (deck, seat, first)
        if key in table.rows and value(table.features[key]) >= bar:
            return list(table.rows[key]["sheet"])
    for seat in order:
        value, bar = policies[seat]
        options = [(deck, seat, t) for t in range(4) if t != first and (deck, seat, t) in table.rows]
        if options:
            best = max(options, key=lambda k: value(table.features[k]))
            if value(table.features[best]) >= bar:
                return list(table.rows[best]["sheet"])
    return [0, 0, 0]


def replayed_duplicate(
    table: ContractTable, decks: list[int], a: tuple[Policy, float], b: tuple[Policy, float]
) -> list[float]:
    """Per deck, bot A's points minus the two B's mean over the three rotations (lab/selfplay3's measure),
    every contract's result taken from the table instead of playing it again."""
    edges = []
    for deck in decks:
        total = 0.0
        for seat_a in range(3):
            policies = {s: (a if s == seat_a else b) for s in range(3)}
            sheet = bidding_outcome(table, deck, policies)
            total += sheet[seat_a] - (sum(sheet) - sheet[seat_a]) / 2
        edges.append(total / 3)
    return edges


def linear(w: list[float]) -> Policy:
    return lambda x: sum(p * q for p, q in zip(w, x, strict=True))


def medium_value(x: list[float]) -> float:
    return x[20] * 10.0


def fit_weights(xs: list[list[float]], ys: list[float], ridge: float, prior: list[float] | None = None) -> list[float]:
    """Ridge least squares; with a ``prior`` the ridge shrinks toward those weights instead of toward zero
    (the residual from the prior is fitted), so a few hundred decks refine a rule fitted on thousands."""
    if prior is None:
        return solve_ridge(xs, ys, ridge)
    residual = [y - sum(a * b for a, b in zip(prior, x, strict=True)) for x, y in zip(xs, ys, strict=True)]
    delta = solve_ridge(xs, residual, ridge)
    return [a + b for a, b in zip(prior, delta, strict=True)]


def fold_weights(
    xs: list[list[float]],
    ys: list[float],
    decks: list[int],
    folds: int,
    ridge: float,
    prior: list[float] | None = None,
) -> dict[int, list[float]]:
    """For each fold ``f``, the weights fitted on the rows whose deck is not in it (``deck % folds != f``): what
    every out-of-sample judge here (the replay, the ranking) fits a deck's rule by."""
    out: dict[int, list[float]] = {}
    for f in range(folds):
        train = [i for i, d in enumerate(decks) if d % folds != f]
        out[f] = fit_weights([xs[i] for i in train], [ys[i] for i in train], ridge, prior)
    return out


def crossfit(
    rows: list[dict[str, Any]], folds: int, ridge: float, prior: list[float] | None = None
) -> dict[int, list[float]]:
    """Weights for each deck fitted without that deck's fold (so the replayed duplicate is out of sample)."""
    decks = [int(r["deck"]) for r in rows]
    by_fold = fold_weights([row_x(r) for r in rows], [float(r["value"]) for r in rows], decks, folds, ridge, prior)
    return {d: by_fold[d % folds] for d in sorted(set(decks))}


def replay(
    sims: list[Path], cautions: list[float], thresholds: list[float], folds: int, ridge: float, prior: bool = False
) -> None:
    from lab.selfplay import mean_ci

    rows = read_sims(sims)
    table = contract_table(rows)
    decks = sorted({r["deck"] for r in rows})
    shipped_w, shipped_c = load()
    weights = crossfit(rows, folds, ridge, shipped_w if prior else None)
    base = (medium_value, 62.0)
    print(f"{len(rows)} contracts, {len(decks)} decks; against medium's threshold 62 (A − B's mean, 95 %):")
    for t in thresholds:
        edges = replayed_duplicate(table, decks, (medium_value, t), base)
        print(f"  threshold {t:5.0f}: {mean_ci(edges)}")
    shipped = replayed_duplicate(table, decks, (linear(shipped_w), shipped_c), base)
    print(f"  shipped rule (bidding3-v2.json, caution {shipped_c:.0f}): {mean_ci(shipped)}")
    for c in cautions:
        edges = []
        for d in decks:
            edges += replayed_duplicate(table, [d], (linear(weights[d]), c), base)
        gain = [e - s for e, s in zip(edges, shipped, strict=True)]
        print(f"  fitted, caution {c:5.0f}: {mean_ci(edges)}; − shipped {mean_ci(gain)}")


def floats(text: str) -> list[float]:
    return [float(v) for v in text.split(",")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    ft = sub.add_parser("fit")
    ft.add_argument("--sims", type=Path, nargs="+", required=True)
    ft.add_argument("--out", type=Path, required=True)
    ft.add_argument("--caution", type=float, required=True)
    ft.add_argument("--ridge", type=float, default=1.0)
    ft.add_argument("--prior", action="store_true", help="shrink toward the shipped weights, not toward zero")
    po = sub.add_parser("playout")
    po.add_argument("--decks", type=int, default=400)
    po.add_argument("--seed", type=int, default=21)
    po.add_argument("--first", type=int, default=0, help="the first deck's index (to continue an earlier run)")
    po.add_argument("--level", default="hard")
    po.add_argument("--others", default=None, help="the вистующие's level (default: --level)")
    po.add_argument("--jobs", type=int, default=2)
    po.add_argument("--out", type=Path, required=True)
    rp = sub.add_parser("replay")
    rp.add_argument("--sims", type=Path, nargs="+", required=True)
    rp.add_argument("--cautions", default="-40,-30,-20,-10,0,10,20")
    rp.add_argument("--thresholds", default="50,55,58,62,66,70")
    rp.add_argument("--folds", type=int, default=5)
    rp.add_argument("--ridge", type=float, default=1.0)
    rp.add_argument("--prior", action="store_true", help="shrink toward the shipped weights, not toward zero")
    args = ap.parse_args()
    if args.cmd == "replay":
        replay(args.sims, floats(args.cautions), floats(args.thresholds), args.folds, args.ridge, args.prior)
    elif args.cmd == "playout":
        playout(args.decks, args.seed, args.level, args.jobs, args.out, args.first, args.others)
    else:
        fit(args.sims, args.out, args.caution, args.ridge, args.prior)


if __name__ == "__main__":
    main()
