"""lab/hard3_variants.py's measuring levels ``hard_fit3_cN``: hard for three bidding by the fitted evaluator at
caution N (the sweep in docs/lab/bots-three.md)."""

import json
import random
from pathlib import Path

import lab.hard3_variants  # noqa: F401  (registers the measuring levels)
from game import actions as A
from game.bots.bidding3 import bid3
from game.bots.factory import make_bot
from game.cards import shuffled_deck
from game.deal import Deal, Phase
from game.rules import Rules
from game.scoring import MatchContext


def test_hard_fit3_caution_levels_bid_by_the_fitted_value_at_their_caution() -> None:
    rules = Rules.preset("moscow", players=3)
    differ = 0
    for i in range(30):
        deal = Deal(rules, i % 3, shuffled_deck(random.Random(f"v3:{i}")), MatchContext((0, 0, 0), (0, 0, 0)))
        assert deal.phase is Phase.BIDDING_1
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        low, high = make_bot("hard_fit3_c-50", 3, 1), make_bot("hard_fit3_c-20", 3, 1)
        assert low.choose(view) == bid3(view, -50.0)
        assert high.choose(view) == bid3(view, -20.0)
        differ += low.choose(view) != high.choose(view)
    assert differ > 0  # the caution matters on some of these hands


def test_issue_25_variants_play_whole_three_player_deals() -> None:
    """The node budget, the bid inference, the own points (plain, second after the bidder, adaptive) in play."""
    rules = Rules.preset("moscow", players=3)
    for level in ("hard_b8", "hard_inf3", "hard_dsb", "hard_dsa20", "hard_i16"):
        for i in range(2):
            deck = shuffled_deck(random.Random(f"v25:{i}"))
            deal = Deal(rules, i % 3, deck, MatchContext((0, 0, 0), (0, 0, 0)))
            bots = [make_bot(level if s == 0 else "medium", 3, 3 * i + s) for s in range(3)]
            while not deal.is_over():
                seat = deal.current_player()
                assert seat is not None
                deal.apply(bots[seat].choose(deal.view(seat)))  # the engine raises on anything illegal


def test_session_35_bidder3_without_settings_makes_hards_choices() -> None:
    """lab/bidder3's strategy with nothing set is hard's (the paired runs of session 35 compare against it)."""
    rules = Rules.preset("moscow", players=3)
    for i in range(2):
        deck = shuffled_deck(random.Random(f"v35:{i}"))
        deal = Deal(rules, i % 3, deck, MatchContext((0, 0, 0), (0, 0, 0)))
        bots = [make_bot("hard" if s == 0 else "medium", 3, 3 * i + s) for s in range(3)]
        twin = make_bot("hard_bd_none", 3, 3 * i)
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            action = bots[seat].choose(view)
            if seat == 0:
                assert twin.choose(view) == action
            deal.apply(action)


def test_session_35_variants_play_whole_three_player_deals() -> None:
    """The bidder's and the вистующий's early sampling (decision budgets, weights, the veto), medium's weights
    in the first two tricks, the lower caution with them."""
    rules = Rules.preset("moscow", players=3)
    for level in ("hard_bd98w_c-20", "hard_bd8v6", "hard_be_draw14", "hard_ve_cap6", "hard_bv8w", "hard_bw7"):
        deck = shuffled_deck(random.Random(f"v35:{level}"))
        deal = Deal(rules, 0, deck, MatchContext((0, 0, 0), (0, 0, 0)))
        bots = [make_bot(level if s == 0 else "medium", 3, s) for s in range(3)]
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            deal.apply(bots[seat].choose(deal.view(seat)))


def test_a_fitted_bidder_reads_the_weights_file_it_is_given(tmp_path: Path) -> None:
    """The refit's levels (``hard_file3_NAME``) bid by their own file: an all-bidding file orders, a never-bidding
    one passes, the shipped file as the shipped bids."""
    from game.bots.bidding3 import DATA_PATH
    from lab.hard3_variants import FittedThree

    shipped = json.loads(DATA_PATH.read_text("utf-8"))
    files = {}
    for name, bias in (("always", 1e6), ("never", -1e6)):
        data = dict(shipped, weights=[bias] + [0.0] * (len(shipped["weights"]) - 1))
        files[name] = tmp_path / f"bidding3-{name}.json"
        files[name].write_text(json.dumps(data), "utf-8")
    rules = Rules.preset("moscow", players=3)
    deal = Deal(rules, 0, shuffled_deck(random.Random("v39:0")), MatchContext((0, 0, 0), (0, 0, 0)))
    seat = deal.current_player()
    assert seat is not None
    view = deal.view(seat)
    rest = make_bot("hard", 3, 1)
    assert FittedThree(None, rest, str(files["always"])).choose(view) != A.PASS
    assert FittedThree(None, rest, str(files["never"])).choose(view) == A.PASS
    assert FittedThree(None, rest).choose(view) == bid3(view)
