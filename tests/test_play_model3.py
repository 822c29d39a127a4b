"""The bidder's play model (game/bots/play_model3.py) and the oracle of lab/oracle3.py, on deals three mediums play."""

from __future__ import annotations

from test_inference3 import medium_decisions

from game.bots.play_model3 import play_checks, play_likelihood
from game.deal import Phase
from lab.oracle3 import OracleThree
from lab.selfplay3 import deck_passes


def test_the_true_hands_are_what_medium_would_have_played() -> None:
    """Every earlier card of two mediums is the card medium plays from its rebuilt view when the sample is the
    truth (the view then: the hand with the cards played since, the tricks, the sizes, the known cards)."""
    checked = 0
    for deal, view in medium_decisions("pi3", 6):
        if view.phase is not Phase.PLAY or view.trump is None or len(view.hand) > 6:
            continue
        weight = play_likelihood(view, eps=0.0)
        if weight is None:
            continue
        truth = tuple(deal.hand(s) for s in range(3))
        assert weight((truth[0], truth[1], truth[2])) == 1.0
        checked += len(play_checks(view, early_only=False))
    assert checked > 50


def test_the_oracle_follows_the_deal_it_is_attached_to() -> None:
    """selfplay3's passes attach the oracle to each deal they make; it plays that deal's cards."""
    import lab.hard3_variants  # noqa: F401  (registers oracle3)
    from game.rules import Rules

    for _seat_of, deal, bots in deck_passes(("oracle3", "medium", "medium"), Rules.preset("moscow", players=3), 0, 5):
        oracles = [b for b in bots.values() if isinstance(b, OracleThree)]
        assert len(oracles) == 1 and oracles[0].deal is deal
