"""Quick estimates shared by medium's play for two and for three: what a trump is worth in hand, and the chance
that one's best sequence wins the comparison (one module, so ``medium`` and ``medium3`` need not import each
other)."""

from __future__ import annotations

from game import sequences as seqs

# Hand evaluation (in rough "points I can count on") of a trump card by rank: 7 8 9 T J Q K A
TRUMP_VALUE = (4, 4, 18, 9, 28, 4, 5, 12)


def win_chance(best: seqs.Sequence) -> float:
    """A rough chance that one's best sequence wins the comparison."""
    if best.length >= 4:
        return 0.85
    return 0.35 + 0.06 * best.top  # from the 9 (top 2) ~0.47 ... from the ace ~0.77
