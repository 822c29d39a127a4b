"""lab/solver3_speed.py: the side-by-side of two checkouts' three-hand solvers checks that they search alike."""

from __future__ import annotations

from pathlib import Path

import game.bots.solver3 as solver3
from lab import solver3_speed


def test_a_checkout_against_itself_gives_the_same_nodes_and_values() -> None:
    """The module loaded from this checkout's file is a separate module that searches exactly as the imported one,
    and the positions are the same for the same seed."""
    root = Path(solver3.__file__).resolve().parents[2]
    other = solver3_speed.load(root)
    assert other is not solver3
    pos = solver3_speed.positions(4, seed=1, cards=5)
    assert pos == solver3_speed.positions(4, seed=1, cards=5)
    _, n_mine, v_mine = solver3_speed.run(solver3, pos)
    _, n_other, v_other = solver3_speed.run(other, pos)
    assert n_mine == n_other > 0
    assert v_mine == v_other and len(v_mine) == 4
