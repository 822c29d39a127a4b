"""Fit the hard bot's bidding evaluator offline (game/bots/data/bidding-v2.json). Standard library only.

Three stages (the second is ``fit_bidding_play``; its output for v2 is committed, gzipped, because it
took an hour of two hard bots playing):

    python -m lab.fit_bidding simulate --decks 6000 --seed 7 --jobs 2 --out /tmp/bidding-sims.jsonl
    python -m lab.fit_bidding_play --decks 875 --seed 7 --jobs 2 --out /tmp/bidding-play.jsonl   # at 3e717c3
    python -m lab.fit_bidding fit --sims /tmp/bidding-sims.jsonl \
        --play lab/data/bidding-play-v2.jsonl.gz --caution 0 --out game/bots/data/bidding-v2.json

The playouts depend on the bot that plays them and on the evaluator that picks the contracts: the
committed file is reproduced line for line by that command run at commit 3e717c3 (the v1 evaluator, the
second version's sample counts); run at a later commit, it plays out that commit's bot.
(``bidding-v1.json``, kept for comparison, is the same fit without ``--play`` and with caution 10.)

**simulate** deals ``--decks`` random decks (``random.Random(seed)``; dealer seat 0, so seat 1 speaks and
leads first). For each deck and each of the four trumps it completes the deal (9 cards each), makes the
seven swap (for the first trump: whoever holds the trump seven takes the вскрышка), solves the card play
exactly with everything known (``Solver.points``: a cheap proxy for strong play by both sides) and
records the points, who owns the counted sequences (the comparison of both full hands) and belle. Each
line: the deck and, per trump, (seat 0's card points with the last trick, sequence owner, sequence points,
belle seat). Who bids does not change the play proxy, so one solve serves both possible bidders.

**fit** turns every (deck, seat, trump) into a bidding example: the features of that seat's six cards and
the вскрышка (``game.bots.bidding.features``), the bidder's written-points margin under the Moscow
scoring (bait: the opponent writes both totals; a tie: the bidder writes nothing now) and whether it was a
bait. Then, by policy iteration over the four decision points (round 1 / round 2 × first / second
speaker), each point gets least-squares models (normal equations, ridge 1e-3) fitted only on the decks that
reach it under the current policy:

* ``ev``: the bidder's margin for ordering/naming a trump, and ``bait``: the bait probability (linear,
  clipped at use);
* ``pass``: the margin the seat gets by passing there, when play continues under the current policy
  (the opponent orders or names on its own evaluation, or the deck is redealt: 0).

Round 2 is fitted for both rules (redeal after four passes, the dealer must choose). The policy starts as
"order when the expected margin is positive" and is refitted three times.
"""

from __future__ import annotations

import argparse
import json
import math
import operator
import random
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import sequences as seqs
from game.bots.bidding import DATA_PATH, FEATURE_NAMES, PASS_FEATURE_NAMES, dot, features, pass_features
from game.bots.inference import LIKELIHOOD_FEATURES, features9
from game.bots.solver import Position, Solver, cards_to_mask
from game.cards import Card, Rank, Suit, belle_pair, points, shuffled_deck
from game.rules import Round2, Rules

if TYPE_CHECKING:  # fit_bidding_play imports this module
    from lab.fit_bidding_play import Calibration

DEALER = 0  # in the simulations; seat 1 = non-dealer: speaks first, leads the first trick
MOSCOW = Rules.preset("moscow")


def complete_hands(deck: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """The nine-card hands (seat 0 = dealer) as ``Deal`` deals them."""
    d = deck
    nd_hand = [d[0], d[1], d[2], d[6], d[7], d[8], d[13], d[14], d[15]]
    dealer_hand = [d[3], d[4], d[5], d[9], d[10], d[11], d[16], d[17], d[18]]
    return dealer_hand, nd_hand


def six_cards(deck: Sequence[Card], seat: int) -> list[Card]:
    d = deck
    if seat == DEALER:
        return [d[3], d[4], d[5], d[9], d[10], d[11]]
    return [d[0], d[1], d[2], d[6], d[7], d[8]]


def contract_hands(deck: Sequence[Card], t: int) -> list[list[Card]]:
    """The nine-card hands for trump ``t`` after the seven swap (for the first trump: whoever holds the
    trump seven takes the вскрышка)."""
    face_up = deck[12]
    hands = [list(h) for h in complete_hands(deck)]
    if t == face_up // 8:
        seven = Card(t * 8 + Rank.SEVEN)
        for h in hands:
            if seven in h:
                h[h.index(seven)] = face_up
    return hands


def simulate_deck(deck: Sequence[Card], solver: Solver) -> list[tuple[int, int, int, int]]:
    """Per trump 0..3: (seat 0's points incl. last trick, sequence owner or -1, sequence points, belle seat or -1)."""
    out = []
    for t in range(4):
        hands = contract_hands(deck, t)
        leader = 1 - DEALER
        p0 = solver.points(Position((cards_to_mask(hands[0]), cards_to_mask(hands[1])), t, leader))
        owner, seq_pts = sequence_winner(hands, leader, Suit(t))
        belle = -1
        for s in (0, 1):
            if belle_pair(t) <= set(hands[s]):
                belle = s
        out.append((p0, owner, seq_pts, belle))
    return out


def sequence_winner(hands: Sequence[Sequence[Card]], leader: int, trump: Suit) -> tuple[int, int]:
    best = [seqs.find_sequences(h, trump, MOSCOW) for h in hands]
    a, b = best[leader], best[1 - leader]
    if not a and not b:
        return -1, 0
    winner = leader if a and (not b or seqs.beats(a[0], True, b[0], trump, MOSCOW)) else 1 - leader
    first = best[winner][0]
    counted = seqs.counted_sequences(hands[winner], first, trump, MOSCOW)
    return winner, sum(s.points for s in counted)


def _simulate_chunk(args: tuple[int, int, int]) -> list[str]:
    seed, start, n = args
    solver = Solver()
    lines = []
    for i in range(start, start + n):
        deck = shuffled_deck(random.Random(f"bidding:{seed}:{i}"))
        lines.append(json.dumps({"i": i, "deck": [int(c) for c in deck], "t": simulate_deck(deck, solver)}))
    return lines


def simulate(decks: int, seed: int, jobs: int, out: Path) -> None:
    chunk = 250
    tasks = [(seed, s, min(chunk, decks - s)) for s in range(0, decks, chunk)]
    started = time.time()
    with out.open("w") as f, ProcessPoolExecutor(jobs) as pool:
        for k, lines in enumerate(pool.map(_simulate_chunk, tasks)):
            f.write("\n".join(lines) + "\n")
            f.flush()
            print(f"{(k + 1) * chunk} decks, {time.time() - started:.0f} s", file=sys.stderr)


def read_sims(path: Path) -> Iterator[dict[str, Any]]:
    with path.open() as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


# ---------------------------------------------------------------------- fitting (standard library)

RIDGE = 1e-3
# added to the value of passing at play time: double-dummy play flatters the bidder. Tuned by
# python -m lab.hard_measure --bots medium_fitbid_cN,medium --deals 1500 --jobs 2  (N = 0, 10, 20, 30)
CAUTION = 10.0
ITERATIONS = 6
DAMPING = 0.5  # each refit moves the models half way (policy iteration oscillates without it)
LAST = 10


def lstsq(rows: list[list[float]], ys: list[float], ridge: float = RIDGE) -> list[float]:
    """Least squares by the normal equations (ridge on every weight but the first, the bias)."""
    k = len(rows[0])
    cols = list(zip(*rows, strict=True))
    xtx = [[sum(map(operator.mul, cols[i], cols[j])) for j in range(k)] for i in range(k)]
    xty = [sum(map(operator.mul, cols[i], ys)) for i in range(k)]
    n = len(rows)
    for i in range(1, k):
        xtx[i][i] += ridge * n
    return solve_linear(xtx, xty)


def solve_linear(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        piv = m[c][c]
        if abs(piv) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / piv
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def score_margin(
    p_bidder: int, p_opp: int, seq_bidder: int, seq_opp: int, belle_b: int, belle_o: int
) -> tuple[int, bool]:
    """The bidder's written margin and bait under the Moscow scoring (a tie: the bidder writes nothing now)."""
    tb = p_bidder + seq_bidder + belle_b
    to = p_opp + seq_opp + belle_o
    if tb > to:
        return tb - to, False
    if tb < to:
        return -(tb + to), True
    return -to, False


class DeckData:
    """One simulated deck: the features and results of every (seat, trump) contract."""

    __slots__ = ("bait", "first", "hands", "margin", "nine", "x")

    def __init__(self, deck: list[Card], results: list[list[int]]) -> None:
        face_up = deck[12]
        self.first = face_up // 8
        self.hands = [six_cards(deck, s) for s in (0, 1)]
        self.nine = complete_hands(deck)
        self.x = [[features(self.hands[s], face_up, t, s != DEALER) for t in range(4)] for s in (0, 1)]
        self.margin: list[list[float]] = [[0.0] * 4, [0.0] * 4]
        self.bait: list[list[float]] = [[0.0] * 4, [0.0] * 4]
        for t, (p0, owner, seq_pts, belle) in enumerate(results):
            hands = contract_hands(deck, t)
            total = sum(points(c, Suit(t)) for h in hands for c in h) + LAST
            pts = (p0, total - p0)
            for b in (0, 1):
                o = 1 - b
                seq_b = seq_pts if owner == b else 0
                seq_o = seq_pts if owner == o else 0
                m, bait = score_margin(pts[b], pts[o], seq_b, seq_o, 20 * (belle == b), 20 * (belle == o))
                self.margin[b][t] = float(m)
                self.bait[b][t] = float(bait)

    def calibrate(self, cal: Calibration) -> None:
        """Replace the double-dummy outcomes by what the hard bots make of them (``fit_bidding_play``)."""
        for b in (0, 1):
            for t in range(4):
                dd = self.margin[b][t]
                self.margin[b][t] = cal.margin(dd)
                self.bait[b][t] = cal.bait(dd)


SEATS_BY_STEP = (1 - DEALER, DEALER, 1 - DEALER, DEALER)  # who speaks at decision 0..3
POINT_BY_STEP = ("r1_first", "r1_second", "r2_first", "r2_second")


class Policy:
    def __init__(self, models: dict[str, dict[str, list[float] | None]], must_choose: bool) -> None:
        self.models = models
        self.must_choose = must_choose

    def summary(self, d: DeckData, step: int) -> tuple[float, float, float, int, list[float]]:
        """(ev of the first trump, its bait, best other ev, best other trump, pass features) at ``step``."""
        s = SEATS_BY_STEP[step]
        pos = POINT_BY_STEP[step].split("_")[1]
        m1 = self.models["r1_" + pos]
        m2 = self.models["r2_" + pos]
        x = d.x[s]
        ev1 = dot(_w(m1["ev"]), x[d.first])
        bait1 = min(1.0, max(0.0, dot(_w(m1["bait"]), x[d.first])))
        others = [(dot(_w(m2["ev"]), x[t]), -t) for t in range(4) if t != d.first]
        ev2, neg_t = max(others)
        return ev1, bait1, ev2, -neg_t, pass_features(ev1, bait1, ev2, d.hands[s], d.first)

    def act(self, d: DeckData, step: int) -> int | None:
        """The trump this step's speaker bids, or None for a pass."""
        ev1, _, ev2, t2, px = self.summary(d, step)
        model = self.models[POINT_BY_STEP[step]]
        pw = model.get("pass")
        ev, t = (ev1, d.first) if step < 2 else (ev2, t2)
        if step == 3 and self.must_choose:
            return t
        pv = dot(_w(pw), px) if pw is not None else 0.0
        return t if ev > pv else None

    def continuation(self, d: DeckData, step: int) -> tuple[int, int] | None:
        for k in range(step, 4):
            t = self.act(d, k)
            if t is not None:
                return SEATS_BY_STEP[k], t
        return None


def _w(w: list[float] | None) -> list[float]:
    assert w is not None
    return w


def value_for(d: DeckData, seat: int, outcome: tuple[int, int] | None) -> float:
    if outcome is None:
        return 0.0
    b, t = outcome
    return float(d.margin[b][t] if b == seat else -d.margin[b][t])


def fit_point(decks: list[DeckData], step: int, policy: Policy | None) -> dict[str, list[float] | None]:
    s = SEATS_BY_STEP[step]
    xs: list[list[float]] = []
    ys: list[float] = []
    baits: list[float] = []
    pxs: list[list[float]] = []
    pys: list[float] = []
    for d in decks:
        trumps = [d.first] if step < 2 else [t for t in range(4) if t != d.first]
        for t in trumps:
            xs.append(d.x[s][t])
            ys.append(float(d.margin[s][t]))
            baits.append(float(d.bait[s][t]))
        if policy is not None:
            pxs.append(policy.summary(d, step)[4])
            pys.append(value_for(d, s, policy.continuation(d, step + 1)))
    out: dict[str, list[float] | None] = {"ev": lstsq(xs, ys), "bait": lstsq(xs, baits)}
    out["pass"] = lstsq(pxs, pys) if policy is not None and pxs else [0.0] * len(PASS_FEATURE_NAMES)
    out["_n"] = [float(len(decks))]
    out["_mean_ev"] = [sum(ys) / len(ys)]
    out["_mean_pass"] = [sum(pys) / len(pys)] if pys else [0.0]
    return out


def _mix(old: dict[str, list[float] | None], new: dict[str, list[float] | None]) -> dict[str, list[float] | None]:
    out: dict[str, list[float] | None] = {}
    for key, w in new.items():
        prev = old.get(key)
        if w is None or prev is None or key.startswith("_") or len(prev) != len(w):
            out[key] = w
        else:
            out[key] = [DAMPING * a + (1 - DAMPING) * b for a, b in zip(w, prev, strict=True)]
    return out


def fit_rule(decks: list[DeckData], must_choose: bool) -> dict[str, dict[str, list[float] | None]]:
    models = {POINT_BY_STEP[k]: fit_point(decks, k, None) for k in range(4)}
    for it in range(ITERATIONS):
        policy = Policy(models, must_choose)
        reach = [decks]
        for k in range(3):
            reach.append([d for d in reach[k] if policy.act(d, k) is None])
        new = {}
        for k in range(4):
            if len(reach[k]) < 50:  # too few decks get here: keep the previous model
                new[POINT_BY_STEP[k]] = models[POINT_BY_STEP[k]]
                continue
            new[POINT_BY_STEP[k]] = _mix(models[POINT_BY_STEP[k]], fit_point(reach[k], k, policy))
            if k == 3 and must_choose:
                new[POINT_BY_STEP[k]]["pass"] = None
            if k == 3 and not must_choose:
                new[POINT_BY_STEP[k]]["pass"] = [0.0] * len(PASS_FEATURE_NAMES)  # a redeal: exactly 0
        models = new
        sizes = [len(r) for r in reach]
        print(f"  iteration {it + 1}: decks reaching each point {sizes}", file=sys.stderr)
    return models


def logistic(rows: list[list[float]], ys: list[float], iterations: int = 12) -> list[float]:
    """Logistic regression by Newton's method (iteratively reweighted least squares, tiny ridge)."""
    k = len(rows[0])
    w = [0.0] * k
    cols = list(zip(*rows, strict=True))
    for _ in range(iterations):
        ps = [1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, dot(w, x))))) for x in rows]
        ws = [p * (1 - p) + 1e-6 for p in ps]
        grad = [sum((y - p) * xi for y, p, xi in zip(ys, ps, cols[i], strict=True)) for i in range(k)]
        wcols = [[wi * a for wi, a in zip(ws, cols[i], strict=True)] for i in range(k)]
        h = [[sum(map(operator.mul, wcols[i], cols[j])) for j in range(k)] for i in range(k)]
        for i in range(1, k):
            h[i][i] += 1e-3 * len(rows)
            grad[i] -= 1e-3 * len(rows) * w[i]
        step = solve_linear(h, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
    return w


Models = dict[str, dict[str, list[float] | None]]


def fit_likelihood(decks: list[DeckData], models: Models, must_choose: bool) -> dict[str, list[float]]:
    """P(the speaker bids | its nine cards) at each decision point, under the fitted policy (for inference)."""
    policy = Policy(models, must_choose)
    out: dict[str, list[float]] = {}
    reach = decks
    for k in range(4):
        s = SEATS_BY_STEP[k]
        rows: list[list[float]] = []
        ys: list[float] = []
        nxt = []
        for d in reach:
            t = policy.act(d, k)
            if t is None:
                nxt.append(d)
            suits = [d.first] if k < 2 else [u for u in range(4) if u != d.first]
            for u in suits:
                rows.append(features9(d.nine[s], u))
                ys.append(float(t == u))
        if rows and 0 < sum(ys) < len(ys):
            out[POINT_BY_STEP[k]] = [round(v, 4) for v in logistic(rows, ys)]
        reach = nxt
    return out


def policy_report(decks: list[DeckData], models: Models, must_choose: bool) -> dict[str, float]:
    policy = Policy(models, must_choose)
    orders = [0, 0, 0, 0]
    bidder_margin = 0.0
    baits = 0.0
    played = 0
    for d in decks:
        for k in range(4):
            t = policy.act(d, k)
            if t is not None:
                orders[k] += 1
                b = SEATS_BY_STEP[k]
                bidder_margin += d.margin[b][t]
                baits += d.bait[b][t]
                played += 1
                break
    n = len(decks)
    return {
        "share_bid_at_r1_first": round(orders[0] / n, 3),
        "share_bid_at_r1_second": round(orders[1] / n, 3),
        "share_bid_at_r2_first": round(orders[2] / n, 3),
        "share_bid_at_r2_second": round(orders[3] / n, 3),
        "share_redealt": round(1 - played / n, 3),
        "bidder_mean_margin": round(bidder_margin / max(1, played), 1),
        "bait_rate": round(baits / max(1, played), 3),
    }


def fit_command(sims: Path, out: Path, play: Path | None = None, caution: float = CAUTION) -> int:
    started = time.time()
    decks = [DeckData([Card(c) for c in r["deck"]], r["t"]) for r in read_sims(sims)]
    print(f"{len(decks)} decks read and featurised in {time.time() - started:.0f} s", file=sys.stderr)
    calibration: dict[str, Any] | None = None
    if play is not None:
        from lab.fit_bidding_play import Calibration, read_play

        rows = read_play(play)
        cal = Calibration.fit(rows)
        for d in decks:
            d.calibrate(cal)
        calibration = {"played_contracts": len(rows), **cal.as_dict()}
        print(f"calibrated on {len(rows)} contracts played by the hard bot: {calibration}", file=sys.stderr)
    models: dict[str, Any] = {}
    report: dict[str, Any] = {}
    likelihood: dict[str, Any] = {}
    for rule, must in ((Round2.REDEAL.value, False), (Round2.DEALER_MUST_CHOOSE.value, True)):
        print(f"round 2 rule {rule}:", file=sys.stderr)
        fitted = fit_rule(decks, must)
        report[rule] = policy_report(decks, fitted, must)
        likelihood[rule] = fit_likelihood(decks, fitted, must)
        models[rule] = {
            p: {k: ([round(v, 5) for v in w] if w is not None else None) for k, w in m.items() if not k.startswith("_")}
            for p, m in fitted.items()
        }
        for p, m in fitted.items():
            report[rule][p + "_decks"] = int(_w(m["_n"])[0])
    data = {
        "version": 1,
        "description": "hard bot bidding evaluator: linear models per decision point (game/bots/bidding.py)",
        "generator": (
            "python -m lab.fit_bidding simulate --decks 6000 --seed 7 --jobs 2 --out /tmp/bidding-sims.jsonl"
            f" && python -m lab.fit_bidding fit --sims /tmp/bidding-sims.jsonl --caution {caution:g}"
            + (f" --play {play.as_posix()}" if play is not None else "")
        ),
        "decks": len(decks),
        "calibration": calibration,
        "caution": caution,
        "features": list(FEATURE_NAMES),
        "pass_features": list(PASS_FEATURE_NAMES),
        "policy": report,
        "models": models,
        "likelihood_features": list(LIKELIHOOD_FEATURES),
        "likelihood": likelihood,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    print(json.dumps(report, indent=1), file=sys.stderr)
    print(f"written {out} in {time.time() - started:.0f} s", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.fit_bidding", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate")
    sim.add_argument("--decks", type=int, default=6000)
    sim.add_argument("--seed", type=int, default=7)
    sim.add_argument("--jobs", type=int, default=2)
    sim.add_argument("--out", default="/tmp/bidding-sims.jsonl")
    fit = sub.add_parser("fit")
    fit.add_argument("--sims", default="/tmp/bidding-sims.jsonl")
    fit.add_argument("--out", default=str(DATA_PATH))  # the shipped file (game/bots/data/)
    fit.add_argument("--play", help="contracts played by the hard bot (fit_bidding_play) to calibrate with")
    fit.add_argument("--caution", type=float, default=CAUTION, help="added to the value of passing at play time")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        simulate(args.decks, args.seed, args.jobs, Path(args.out))
        return 0
    return fit_command(Path(args.sims), Path(args.out), Path(args.play) if args.play else None, args.caution)


if __name__ == "__main__":
    raise SystemExit(main())
