"""Hard for three with the others' cards still to come in the current trick fixed to medium's choice: the levels
that measure it (``game/bots/trick_model3.py``, shipped in session 46 as ``hard3.TRICK_MODEL = "others"``).

    python -m lab.hard3_paired --variant hard_om --base hard_nom --deals 150 --seed 3 --jobs 1

``hard_nom``: hard without the model (the paranoid search alone, hard as sessions 38–45 shipped it); ``hard_pm``:
the model for a вистующий's partner only; ``hard_om``: every other seat after hard in the trick (the shipped
hard). Sessions 44–46 measured ``hard_om`` against the hard of then (now ``hard_nom``): docs/lab/bots-three.md.

Check (``python -m lab.partner_model3 --check 10``): on hard's own games ``medium_card`` from hard's view and
the true hands is the card the medium after hard really played (226 of 226 on 10 decks of seed 3).
"""

from __future__ import annotations

import argparse

from game.actions import Kind
from game.bots.base import levels, register_level
from game.bots.hard import HardBot
from game.bots.solver3 import Hands
from game.bots.trick_model3 import medium_card
from game.cards import Card
from game.deal import DealView, Phase


class PartnerHard(HardBot):
    trick_model3 = "partner"


class OthersHard(HardBot):
    trick_model3 = "others"


class UnmodelledHard(HardBot):
    trick_model3 = ""


def register() -> None:
    levels()  # the built-in levels first
    register_level("hard_pm", PartnerHard)
    register_level("hard_om", OthersHard)
    register_level("hard_nom", UnmodelledHard)


def check(decks: int, seed: int = 3) -> tuple[int, int]:
    """On hard's own games against two mediums: how often ``medium_card`` (from hard's view and the true hands)
    is the card the medium after hard in the trick really played (agrees, disagrees)."""
    import lab.hard3_variants  # noqa: F401  (registers the levels)
    from game.rules import Rules
    from lab.selfplay3 import deck_passes

    rules = Rules.preset("moscow", players=3)
    agree = disagree = 0
    for i in range(decks):
        for seat_of, deal, bots in deck_passes(("hard", "medium", "medium"), rules, i, seed):
            pending: tuple[DealView, Hands, int, tuple[Card, ...]] | None = None
            while not deal.is_over():
                seat = deal.current_player()
                assert seat is not None
                view = deal.view(seat)
                now = tuple(tuple(sorted(deal.hands[s])) for s in range(3))
                hands_now: Hands = (now[0], now[1], now[2])
                action = bots[seat].choose(view)
                playing = view.phase is Phase.PLAY and action.kind is Kind.PLAY and action.card is not None
                if seat == seat_of[0] and playing and view.bidder is not None and action.card is not None:
                    leader = view.trick_leader if view.trick else seat
                    assert leader is not None
                    pending = (view, hands_now, leader, (*view.trick, action.card))
                elif pending is not None and playing and action.card is not None:
                    hv, hands0, leader, trick = pending
                    if len(trick) < 3 and seat == (leader + len(trick)) % 3 and len(view.trick) == len(trick):
                        held = [list(x) for x in hands0]
                        for j, c in enumerate(trick[len(hv.trick) :]):
                            held[(leader + len(hv.trick) + j) % 3].remove(c)
                        hands: Hands = (tuple(held[0]), tuple(held[1]), tuple(held[2]))
                        if medium_card(hv, seat, hands, leader, trick) == action.card:
                            agree += 1
                        else:
                            disagree += 1
                        pending = (hv, hands0, leader, (*trick, action.card))
                    else:
                        pending = None
                deal.apply(action)
    return agree, disagree


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", type=int, default=2, help="decks of hard's own games to check")
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    agree, disagree = check(args.check, args.seed)
    print(f"medium_card agrees {agree}, disagrees {disagree}")


if __name__ == "__main__":
    main()
