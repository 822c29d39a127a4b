"""The hard bot on two cores (game/bots/parallel.py): the same choices and values as on one, from a worker
process started with spawn."""

from __future__ import annotations

import random

from game.bots import parallel
from game.bots.base import make_player
from game.bots.hard import HardBot
from game.cards import shuffled_deck
from game.deal import Deal, Phase
from game.rules import Rules


def test_two_cores_give_exactly_the_one_core_values_and_choices() -> None:
    split = 0
    for i in range(2):
        deal = Deal(Rules.preset("moscow"), i % 2, shuffled_deck(random.Random(f"parallel:{i}")))
        one, two = HardBot(5), HardBot(5, workers=2)
        medium = make_player("medium", 1)
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            if seat == 1:
                deal.apply(medium.choose(view))
                continue
            action = one.choose(view)
            if view.phase is Phase.PLAY and len(view.legal) > 1:
                assert two.choose(view) == action
                assert two.last_totals.keys() == one.last_totals.keys()
                for card, total in one.last_totals.items():
                    assert abs(two.last_totals[card] - total) < 1e-6
                split += parallel.worth_splitting(view, one.last_samples)
            deal.apply(action)
    assert split >= 2  # the worker really took part


def test_only_large_decisions_are_split() -> None:
    deal = Deal(Rules.preset("moscow"), 0, shuffled_deck(random.Random("parallel:small")))
    view = deal.view(1)
    assert parallel.worth_splitting(view, parallel.MIN_SAMPLES) == (len(view.hand) >= parallel.MIN_CARDS)
    assert not parallel.worth_splitting(view, parallel.MIN_SAMPLES - 1)


def test_thousands_of_late_hands_are_split() -> None:
    """From trick 5 the hard bot solves every consistent hand (up to 8568): many enough to share out."""
    rng = random.Random("parallel:late")
    deal = Deal(Rules.preset("moscow"), 0, shuffled_deck(rng))
    bots = {0: make_player("medium", 1), 1: make_player("medium", 2)}
    while deal.phase is not Phase.PLAY or len(deal.view(0).tricks) < 4 or deal.current_player() != 0:
        seat = deal.current_player()
        assert seat is not None
        deal.apply(bots[seat].choose(deal.view(seat)))
    view = deal.view(0)
    assert len(view.hand) < parallel.MIN_CARDS
    assert parallel.worth_splitting(view, parallel.MIN_ENUMERATED)
    assert not parallel.worth_splitting(view, parallel.MIN_ENUMERATED - 1)


def test_the_table_gives_the_hard_bot_both_cores() -> None:
    from ui.controller import make_bot

    bot = make_bot("hard", 2, 3)
    assert isinstance(bot, HardBot)
    assert bot.workers == parallel.cores()
    assert not hasattr(make_bot("medium", 2, 3), "workers")


def test_three_players_a_vistujushchijs_own_search_on_the_second_core_changes_nothing() -> None:
    """At three a вистующий's second search (its own margin, ``hard3.DualScorer``) runs in the worker while this
    process solves its side's: every decision and value is the one-process one, and the worker took part."""
    from test_inference3 import medium_decisions

    from game.bots.hard3 import decide_hard_three

    compared = 0
    for _deal, view in medium_decisions("parallel3", 3):
        cards = {a.card for a in view.legal if a.kind.name == "PLAY"}
        if view.phase is not Phase.PLAY or len(cards) < 2 or view.bidder in (None, view.seat):
            continue
        if len(view.hand) < parallel.MIN_CARDS:
            continue
        one = decide_hard_three(HardBot(5), view)
        two = decide_hard_three(HardBot(5, workers=2), view)
        assert (two.action, two.values, two.samples) == (one.action, one.values, one.samples)
        compared += 1
        if compared >= 6:
            break
    assert compared >= 6
    assert parallel.helper_pids()  # the worker really took part


def test_a_killed_helper_is_replaced_and_its_share_solved_here() -> None:
    """A hostile round: killing the helper process broke the pool for the rest of the session — every later split
    raised BrokenProcessPool and the «сильный» bot played random cards. Its share is computed here instead (the
    same value) and the next split starts a new helper."""
    import os
    import signal
    import time

    assert parallel.Offloaded(sum, [1, 2, 3]).result() == 6  # the helper is up
    (pid,) = parallel.helper_pids()
    os.kill(pid, signal.SIGKILL)
    for _ in range(100):  # until the pool has noticed
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.02)
    time.sleep(0.2)
    assert parallel.Offloaded(sum, [4, 5]).result() == 9  # solved here if the pool is broken, else by it
    assert parallel.Offloaded(sum, [6, 7]).result() == 13  # and a helper works again
    assert parallel.helper_pids() and pid not in parallel.helper_pids()
