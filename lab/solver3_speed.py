"""The three-hand solver of this checkout against another's, side by side in one process (docs/bots.md).

    python -m lab.solver3_speed --against CHECKOUT [--positions 40] [--repeats 3]

Random 9-card positions (a trump, a bidder and a leader each), four to a solver as hard's samples share one, each
card's value by ``Solver3.values``; both modules solve the same positions in turn, ``--repeats`` times, so they
share the machine's load of the moment. It checks that the two give the same values and nodes (a speed change
must not change the search) and prints each one's seconds and the ratio.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from game.cards import Card, Suit

Position = tuple[tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]], Suit, int, int]


def load(checkout: Path) -> ModuleType:
    """``game/bots/solver3.py`` of ``checkout`` as a module of its own (its imports are this checkout's)."""
    spec = importlib.util.spec_from_file_location("solver3_other", checkout / "game" / "bots" / "solver3.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def positions(n: int, seed: int, cards: int = 9) -> list[Position]:
    out: list[Position] = []
    for i in range(n):
        rng = random.Random(f"solver3_speed:{seed}:{i}")
        drawn = [Card(c) for c in rng.sample(range(32), 3 * cards)]
        hands = (tuple(drawn[:cards]), tuple(drawn[cards : 2 * cards]), tuple(drawn[2 * cards :]))
        out.append((hands, Suit(rng.randrange(4)), rng.randrange(3), rng.randrange(3)))
    return out


def run(module: Any, pos: list[Position], per_solver: int = 4) -> tuple[float, int, list[dict[Card, int]]]:
    """(seconds, nodes, values) of solving every position, ``per_solver`` positions to one solver."""
    started = time.perf_counter()
    nodes = 0
    values: list[dict[Card, int]] = []
    for j in range(0, len(pos), per_solver):
        _, trump, bidder, _ = pos[j]
        solver = module.Solver3(trump, bidder)
        for hands, _, _, leader in pos[j : j + per_solver]:
            values.append(solver.values(hands, leader))
        nodes += solver.nodes
    return time.perf_counter() - started, nodes, values


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--against", type=Path, required=True, help="another checkout's root")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    import game.bots.solver3 as mine

    other = load(args.against)
    pos = positions(args.positions, args.seed)
    total_mine = total_other = 0.0
    for r in range(args.repeats):
        t_other, n_other, v_other = run(other, pos)
        t_mine, n_mine, v_mine = run(mine, pos)
        if (n_other, v_other) != (n_mine, v_mine):
            raise SystemExit(f"the two searches differ: {n_mine} nodes against {n_other}, or their values")
        total_mine += t_mine
        total_other += t_other
        print(f"repeat {r + 1}: this {t_mine:.2f} s, other {t_other:.2f} s, {n_mine:,} nodes in each")
    print(f"this / other: {total_mine / total_other:.3f}")


if __name__ == "__main__":
    main()
