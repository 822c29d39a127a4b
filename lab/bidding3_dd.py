"""A bidder for three that looks ahead: each contract solved on sampled deals, as a feature of the bidding's value
(issue 25, session 40; docs/lab/bots-three.md).

    python -m lab.bidding3_dd solve --sims TABLE.jsonl.gz --seed 3901 --samples 6 --out DD.jsonl
    python -m lab.bidding3_dd rank --sims TABLE.jsonl.gz --dd DD.jsonl

(TABLE: ``lab/data/bidding3-hardvsmed39-s3901-0.jsonl.gz``, the playout against mediums of seed 3901; its solves,
six a contract, 19 minutes on two cores, are ``lab/data/dd3-hardvsmed39-s3901.jsonl.gz``.)

The bidding's 27 features see the six cards and the вскрышка one by one; how they combine with the cards still to
come and the others' hands is what a solve of the whole deal sees. **solve** deals, for each playout row, ``--samples``
decks that keep the seat's six cards and the вскрышка where they lay (everything else shuffled, the same samples for
each trump of a seat), bids the row's contract (the others pass), lets mediums take the deal to its first card
(the seven swap, the dialog), and solves the nine-card deal exactly (``Solver3``: the bidder's card-point margin,
both sides seeing every card). **rank** adds the samples' mean margin and the share above zero to the 27 features
and prints, as ``lab.bidding3_ceiling`` does, each model's correlation with the played-out value among the
contracts near the bar, out of sample by deck.
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
from game.actions import Action, Kind
from game.bots.base import Player
from game.bots.factory import make_bot
from game.bots.hard import HardBot
from game.bots.solver3 import Hands, Solver3
from game.cards import Card, Suit, shuffled_deck
from game.deal import Deal, DealView, Phase
from game.scoring import MatchContext
from lab.bidding3_ceiling import crossfit_predictions, model_lines
from lab.fit_bidding3 import RULES3, linear, read_sims, row_x


def _deal(deck: list[Card], dealer: int) -> Deal:
    return Deal(RULES3, dealer, deck, MatchContext(scores=(0, 0, 0), baits=(0, 0, 0)))


def filled(kept: dict[int, Card], rest: list[Card], rng: random.Random) -> list[Card]:
    """A deck with the ``kept`` cards at their places and ``rest``, shuffled, in the other places in order."""
    rest = list(rest)
    rng.shuffle(rest)
    others = iter(rest)
    return [kept[i] if i in kept else next(others) for i in range(32)]


def sampled_deck(deck: list[Card], dealer: int, seat: int, rng: random.Random) -> list[Card]:
    """``deck`` with every card but the seat's six and the вскрышка shuffled among their places."""
    view = _deal(deck, dealer).view(seat)
    known = {*view.hand, view.face_up}
    return filled({i: c for i, c in enumerate(deck) if c in known}, [c for c in deck if c not in known], rng)


def first_card_hands(deck: list[Card], dealer: int, seat: int, trump: Suit) -> tuple[Hands, int] | None:
    """The three nine-card hands and the leader when the first card is due, ``seat`` having bid ``trump`` (the
    others passing) and mediums taking the swap and the dialog; None if the engine does not allow the contract."""
    deal = _deal(deck, dealer)
    first = deal.view(seat).first_trump
    while deal.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
        p = deal.current_player()
        assert p is not None
        if deal.phase is Phase.BIDDING_1:
            want = A.ORDER if p == seat and trump == first else A.PASS
        else:
            want = A.name(trump) if p == seat else A.PASS
        if want not in deal.view(p).legal:
            return None
        deal.apply(want)
    bots = {s: make_bot("medium", 3, s) for s in range(3)}
    while True:
        p = deal.current_player()
        assert p is not None
        action = bots[p].choose(deal.view(p))
        if action.kind is Kind.PLAY:
            break
        deal.apply(action)
    hands = [list(deal.view(s).hand) for s in range(3)]
    face_up, seven = deal.view(seat).face_up, Card(int(trump) * 8)
    if trump == first and face_up // 8 == trump and seven in hands[seat]:  # a swap still to come
        hands[seat][hands[seat].index(seven)] = face_up
    return (tuple(hands[0]), tuple(hands[1]), tuple(hands[2])), p


def solve_row(job: tuple[dict[str, Any], int, int]) -> dict[str, Any]:
    """The row's key and its samples' exact margins."""
    row, seed, samples = job
    deck = shuffled_deck(random.Random(f"bid3play:{seed}:{row['deck']}"))
    trump = Suit(row["trump"])
    margins = []
    solver = Solver3(trump, row["seat"])
    for k in range(samples):
        rng = random.Random(f"dd3:{seed}:{row['deck']}:{row['seat']}:{k}")  # the same deals for each trump
        got = first_card_hands(sampled_deck(deck, row["dealer"], row["seat"], rng), row["dealer"], row["seat"], trump)
        if got is not None:
            margins.append(solver.solve(got[0], got[1]))
    return {"deck": row["deck"], "seat": row["seat"], "trump": row["trump"], "margins": margins}


def solve(sims: list[Path], seed: int, samples: int, jobs: int, out: Path) -> None:
    from multiprocessing import Pool

    rows = read_sims(sims)
    started = time.perf_counter()
    with out.open("w", encoding="utf-8") as f, Pool(jobs) as pool:
        work = [(r, seed, samples) for r in rows]
        for n, got in enumerate(pool.imap(solve_row, work, chunksize=4), 1):
            f.write(json.dumps(got) + "\n")
            if n % 200 == 0:
                f.flush()
                print(f"{n} rows, {time.perf_counter() - started:.0f} s", file=sys.stderr)


def dd_features(margins: list[int]) -> list[float]:
    """The samples' mean margin / 10 and the share of them the bidder takes more than the others."""
    if not margins:
        return [0.0, 0.0]
    return [sum(margins) / len(margins) / 10.0, sum(m > 0 for m in margins) / len(margins)]


def solved_rows(sims: list[Path], dd: Path) -> tuple[list[dict[str, Any]], dict[tuple[int, int, int], list[int]]]:
    """The playout rows ``solve`` solved, and the solves by (deck, seat, trump)."""
    solved = read_solved(dd)
    return [r for r in read_sims(sims) if key_of(r) in solved], solved


def key_of(row: dict[str, Any]) -> tuple[int, int, int]:
    return row["deck"], row["seat"], row["trump"]


def rank(sims: list[Path], dd: Path, near: float, folds: int, ridge: float) -> list[str]:
    from game.bots.bidding3 import load

    rows, solved = solved_rows(sims, dd)
    ys = [float(r["value"]) for r in rows]
    decks = [int(r["deck"]) for r in rows]
    xs = [row_x(r) for r in rows]
    extra = [dd_features(solved[key_of(r)]) for r in rows]
    shipped = [linear(load()[0])(x) for x in xs]
    models = {
        "shipped weights": shipped,
        "ridge on the 27 features": crossfit_predictions(xs, ys, decks, folds, ridge),
        "ridge on the 27 and the solved samples": crossfit_predictions(
            [x + e for x, e in zip(xs, extra, strict=True)], ys, decks, folds, ridge
        ),
        "the solved samples alone": crossfit_predictions([[1.0, *e] for e in extra], ys, decks, folds, ridge),
    }
    return model_lines(ys, shipped, models, near)


def replay(sims: list[Path], dd: Path, cautions: list[float], folds: int, ridge: float) -> list[str]:
    """The replayed duplicate (``fit_bidding3.replayed_duplicate``) of a bidder whose value adds the solved samples
    (weights fitted without the deck's fold), against medium's threshold and minus the shipped rule, deck by deck."""
    from dataclasses import replace

    from game.bots.bidding3 import load
    from lab.fit_bidding3 import contract_table, fold_weights, medium_value, replayed_duplicate
    from lab.selfplay import mean_ci

    rows, solved = solved_rows(sims, dd)
    table = contract_table(rows)
    table = replace(table, features={k: x + dd_features(solved[k]) for k, x in table.features.items()})
    decks = sorted(table.dealer)
    shipped_w, shipped_c = load()
    n = len(shipped_w)

    def shipped_value(x: list[float]) -> float:
        return linear(shipped_w)(x[:n])

    base = (medium_value, 62.0)
    shipped = replayed_duplicate(table, decks, (shipped_value, shipped_c), base)
    keys = list(table.features)
    xs, ys = [table.features[k] for k in keys], [float(table.rows[k]["value"]) for k in keys]
    weights = {f: linear(w) for f, w in fold_weights(xs, ys, [k[0] for k in keys], folds, ridge).items()}
    lines = [f"{len(decks)} decks; the shipped rule against medium's threshold 62: {mean_ci(shipped)}"]
    for c in cautions:
        edges = [replayed_duplicate(table, [d], (weights[d % folds], c), base)[0] for d in decks]
        gain = mean_ci([e - s for e, s in zip(edges, shipped, strict=True)])
        lines.append(f"  with the solved samples, caution {c:+.0f}: − shipped {gain['mean']:+.2f} {gain['ci95']}")
    return lines


def fit(sims: list[Path], dd: Path, caution: float, ridge: float, samples: int, out: Path) -> None:
    """The weights of the 27 features and the solved samples' two, fitted on every solved row, with ``caution``."""
    from lab.fit_bidding3 import fit_weights

    rows, solved = solved_rows(sims, dd)
    xs = [row_x(r) + dd_features(solved[key_of(r)]) for r in rows]
    w = fit_weights(xs, [float(r["value"]) for r in rows], ridge)
    data = {
        "weights": [round(v, 4) for v in w],
        "caution": caution,
        "samples": samples,
        "examples": len(rows),
        "source": f"python -m lab.bidding3_dd fit --sims {' '.join(p.name for p in sims)} --dd {dd.name} "
        f"--caution {caution} --ridge {ridge} --samples {samples}",
    }
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def deck_places(view: DealView) -> tuple[list[int], int]:
    """Where in the deck the seat's six cards and the вскрышка lie (the dealing's order, not the cards: the same
    dealer deals the identity deck, whose card i lies at place i)."""
    ident = _deal([Card(i) for i in range(32)], view.dealer).view(view.seat)
    return [int(c) for c in ident.hand], int(ident.face_up)


def view_deck(view: DealView, rng: random.Random, places: tuple[list[int], int] | None = None) -> list[Card]:
    """A deck the seat could be playing with: its six cards and the вскрышка in their places (``deck_places``,
    given when drawing many), the rest shuffled."""
    hand_at, up = places or deck_places(view)
    kept = {**dict(zip(hand_at, view.hand, strict=True)), up: view.face_up}
    return filled(kept, [Card(c) for c in range(32) if Card(c) not in kept.values()], rng)


class LookaheadBidding3:
    """At a table of three: bids by the 27 features and ``samples`` solved deals a suit (``fit``'s weights file),
    the rest of the play by the level's strategy (``rest``)."""

    def __init__(self, seed: int, rest: Player, path: Path, caution: float | None = None) -> None:
        data = json.loads(path.read_text("utf-8"))
        self.weights: list[float] = data["weights"]
        self.caution: float = data["caution"] if caution is None else caution
        self.samples: int = data["samples"]
        self.seed, self.rest = seed, rest

    def value(self, view: DealView, trump: Suit) -> float:
        from game.bots.bidding3 import features3

        rng = random.Random(f"dd3bot:{self.seed}:{view.dealer}:{sorted(int(c) for c in view.hand)}")
        margins = []
        solver = Solver3(trump, view.seat)
        places = deck_places(view)
        for _ in range(self.samples):  # the same deals for each suit (the same seed for each)
            got = first_card_hands(view_deck(view, rng, places), view.dealer, view.seat, trump)
            if got is not None:
                margins.append(solver.solve(*got))
        return linear(self.weights)(features3(view, trump) + dd_features(margins))

    def choose(self, view: DealView) -> Action:
        if view.phase not in (Phase.BIDDING_1, Phase.BIDDING_2) or len(view.legal) < 2:
            return self.rest.choose(view)
        options = []
        for a in view.legal:
            if a.kind is Kind.ORDER:
                options.append((self.value(view, view.first_trump), a))
            elif a.kind is Kind.NAME and a.suit is not None:
                options.append((self.value(view, a.suit), a))
        if not options:
            return A.PASS if A.PASS in view.legal else view.legal[0]
        best = max(options, key=lambda o: (o[0], -view.legal.index(o[1])))
        if A.PASS in view.legal and best[0] < self.caution:
            return A.PASS
        return best[1]


class LookaheadHard(HardBot):
    """Hard whose bids at three are ``LookaheadBidding3``'s (``path``: ``fit``'s file; ``caution``: None for the
    file's)."""

    path: Path | None = None
    caution: float | None = None

    def for_three(self) -> Player:
        assert self.path is not None
        return LookaheadBidding3(self.seed, super().for_three(), self.path, self.caution)


def read_solved(dd: Path) -> dict[tuple[int, int, int], list[int]]:
    """``solve``'s lines (``.gz`` read compressed): (deck, seat, trump) → the samples' margins."""
    import gzip

    text = gzip.decompress(dd.read_bytes()).decode("utf-8") if dd.suffix == ".gz" else dd.read_text("utf-8")
    out = {}
    for line in text.splitlines():
        got = json.loads(line)
        out[(got["deck"], got["seat"], got["trump"])] = got["margins"]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    so = sub.add_parser("solve")
    so.add_argument("--sims", type=Path, nargs="+", required=True)
    so.add_argument("--seed", type=int, required=True, help="the playout run's seed (its decks are dealt again)")
    so.add_argument("--samples", type=int, default=6)
    so.add_argument("--jobs", type=int, default=2)
    so.add_argument("--out", type=Path, required=True)
    rk = sub.add_parser("rank")
    rk.add_argument("--sims", type=Path, nargs="+", required=True)
    rk.add_argument("--dd", type=Path, required=True)
    rk.add_argument("--near", type=float, default=-45.0)
    rk.add_argument("--folds", type=int, default=5)
    rk.add_argument("--ridge", type=float, default=1.0)
    ft = sub.add_parser("fit")
    ft.add_argument("--sims", type=Path, nargs="+", required=True)
    ft.add_argument("--dd", type=Path, required=True)
    ft.add_argument("--caution", type=float, required=True)
    ft.add_argument("--ridge", type=float, default=1.0)
    ft.add_argument("--samples", type=int, default=6, help="the samples a suit the bot solves (as --dd's)")
    ft.add_argument("--out", type=Path, required=True)
    rp = sub.add_parser("replay")
    rp.add_argument("--sims", type=Path, nargs="+", required=True)
    rp.add_argument("--dd", type=Path, required=True)
    rp.add_argument("--cautions", default="-30,-20,-10,0")
    rp.add_argument("--folds", type=int, default=5)
    rp.add_argument("--ridge", type=float, default=1.0)
    args = ap.parse_args()
    if args.cmd == "solve":
        solve(args.sims, args.seed, args.samples, args.jobs, args.out)
    elif args.cmd == "fit":
        fit(args.sims, args.dd, args.caution, args.ridge, args.samples, args.out)
    elif args.cmd == "rank":
        for line in rank(args.sims, args.dd, args.near, args.folds, args.ridge):
            print(line)
    else:
        cautions = [float(v) for v in args.cautions.split(",")]
        for line in replay(args.sims, args.dd, cautions, args.folds, args.ridge):
            print(line)


if __name__ == "__main__":
    main()
