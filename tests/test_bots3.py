"""Medium and easy for three players (game/bots/medium3.py): whole deals with legal actions only, no
strict-etiquette fault ever, the same game for the same seed, and the partner play the module promises."""

from __future__ import annotations

import random

import pytest

from game import actions as A
from game.actions import Kind
from game.bots.base import make_player
from game.bots.factory import make_bot
from game.bots.medium3 import Knowledge3, choose_three, passes_truth3
from game.cards import points, shuffled_deck
from game.deal import Deal, Phase
from game.rules import PRESETS, Rules, three_player_conflicts
from game.scoring import MatchContext

THREE_PRESETS = [name for name, rules in PRESETS.items() if not three_player_conflicts(rules)]


def play(rules: Rules, levels: tuple[str, str, str], seed: int) -> Deal:
    deck = shuffled_deck(random.Random(f"bots3:{seed}"))
    bots = [make_bot(levels[s], 3, seed * 3 + s) for s in range(3)]
    deal = Deal(rules, seed % 3, deck, MatchContext(scores=(0, 0, 0), baits=(0, 0, 0)))
    while not deal.is_over():
        seat = deal.current_player()
        assert seat is not None
        deal.apply(bots[seat].choose(deal.view(seat)))  # the engine raises IllegalAction on anything illegal
    return deal


@pytest.mark.parametrize("preset", THREE_PRESETS)
@pytest.mark.parametrize("etiquette", ["guided", "strict"])
def test_medium_and_easy_play_whole_three_player_deals_without_a_fault(preset: str, etiquette: str) -> None:
    rules = Rules.preset(preset, players=3, etiquette=etiquette)
    played = 0
    for seed in range(40):
        deal = play(rules, ("medium", "easy", "medium"), seed)
        assert not deal.penalties, (seed, deal.penalties)
        assert deal.result is not None
        played += deal.bidder is not None and len(deal.tricks) == 9
    assert played >= 10  # most seeds reach the play (the rest are redeals after six passes)


def test_a_three_player_game_is_the_same_for_the_same_seed() -> None:
    rules = Rules.preset("moscow", players=3)
    for seed in range(5):
        a, b = play(rules, ("medium", "easy", "random"), seed), play(rules, ("medium", "easy", "random"), seed)
        assert a.history == b.history


def test_medium_speaks_the_official_dialog_in_the_first_trick() -> None:
    """Across many deals medium announces, asks «рост?», names the top card and says «пишет» — all truthful."""
    rules = Rules.preset("moscow", players=3, etiquette="strict")
    kinds: set[Kind] = set()
    added = 0  # «родили терц»: a вистующий's class added after the first trick
    for seed in range(200):
        deal = play(rules, ("medium", "medium", "medium"), seed)
        assert not deal.penalties
        kinds.update(a.kind for _, a in deal.history)
        plays = 0
        for _, a in deal.history:
            plays += a.kind is Kind.PLAY
            added += plays >= 3 and a.kind is Kind.ANNOUNCE
    assert {Kind.ANNOUNCE, Kind.ROST, Kind.TELL_TOP, Kind.PISHET, Kind.MINE, Kind.PLAY} <= kinds
    assert added >= 1


def first_play_view(rules: Rules, seed: int, want: object) -> tuple[Deal, int] | None:
    """Play medium until the state ``want(deal)`` holds at a card decision; return the deal there."""
    deck = shuffled_deck(random.Random(f"partner:{seed}"))
    deal = Deal(rules, seed % 3, deck, MatchContext(scores=(0, 0, 0), baits=(0, 0, 0)))
    bots = [make_bot("medium", 3, s) for s in range(3)]
    while not deal.is_over():
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        if callable(want) and want(view):
            return deal, seat
        deal.apply(bots[seat].choose(view))
    return None


def test_a_vistuyushchiy_gives_points_to_a_partners_sure_trick_and_does_not_overtake_it() -> None:
    """Last to play, the partner winning: a card that takes the trick from the partner only to put more points
    into it than any card that leaves it there (never overtaking for nothing)."""
    rules = Rules.preset("moscow", players=3)
    checked = 0
    for seed in range(150):

        def partner_wins_last(view: object) -> bool:
            from game.deal import DealView

            assert isinstance(view, DealView)
            if view.phase is not Phase.PLAY or len(view.trick) != 2 or view.bidder in (None, view.seat):
                return False
            assert view.trick_leader is not None and view.trump is not None
            partner = 3 - view.seat - view.bidder
            lead, second = view.trick
            from game.cards import beats

            winner = view.trick_leader if not beats(second, lead, view.trump) else (view.trick_leader + 1) % 3
            plays_only = all(a.kind is Kind.PLAY and not a.value for a in view.legal)
            return winner == partner and plays_only and len(view.legal) > 1

        found = first_play_view(rules, seed, partner_wins_last)
        if found is None:
            continue
        deal, seat = found
        view = deal.view(seat)
        assert view.trump is not None
        from game.cards import beats

        best = view.trick[1] if beats(view.trick[1], view.trick[0], view.trump) else view.trick[0]
        cards = sorted({a.card for a in view.legal if a.card is not None})
        chosen = choose_three(make_player("medium", 0), view).card  # type: ignore[arg-type]
        assert chosen is not None
        leaves = [c for c in cards if not beats(c, best, view.trump)]
        if leaves:
            if chosen not in leaves:
                assert points(chosen, view.trump) > max(points(c, view.trump) for c in leaves), (seed, cards, chosen)
            checked += 1
    assert checked >= 10


def test_knowledge3_sees_voids() -> None:
    rules = Rules.preset("moscow", players=3)
    deal = next(d for d in (play(rules, ("medium",) * 3, seed) for seed in range(20)) if d.tricks)
    # a seat that did not follow the led suit is void in it for the others
    for t in deal.tricks:
        led = t.cards[0] // 8
        for i, c in enumerate(t.cards[1:], 1):
            if c // 8 != led:
                seat = (t.leader + i) % 3
                viewer = (seat + 1) % 3
                # rebuild the view at the end of the deal: the void must be recorded
                k = Knowledge3(deal.view(viewer))
                assert led in k.void[seat]
                return
    pytest.skip("no revoke in this deal")


def test_passes_truth3_follows_the_sequence_comparison() -> None:
    """Holding a терц higher than the trump 7-8-9, «проходит?» is answered «нет»; without one, «да»."""
    rules = Rules.preset("moscow", players=3)
    for seed in range(300):
        deal = Deal(rules, seed % 3, shuffled_deck(random.Random(f"ask:{seed}")))
        bots = [make_bot("medium", 3, s) for s in range(3)]
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            if any(a.kind is Kind.ANSWER_PASSES for a in view.legal):
                truth = passes_truth3(view)
                assert A.answer_passes(truth) in view.legal  # guided offers only the true answer
                return
            deal.apply(bots[seat].choose(view))
    pytest.skip("nobody asked")


def test_last_to_play_the_side_that_takes_the_trick_is_certain() -> None:
    """Third in a trick, ``p_side_wins`` is 1 or 0: my side takes it exactly when its card is the best."""
    from game.bots.medium3 import p_side_wins, same_side
    from game.cards import beats

    rules = Rules.preset("moscow", players=3)
    checked = 0
    for seed in range(40):
        found = first_play_view(rules, seed, lambda v: v.phase is Phase.PLAY and len(v.trick) == 2)
        if found is None:
            continue
        deal, seat = found
        view = deal.view(seat)
        assert view.trump is not None and view.trick_leader is not None
        k = Knowledge3(view)
        for a in view.legal:
            if a.card is None:
                continue
            cards = [*view.trick, a.card]
            best = 0
            for i in (1, 2):
                if beats(cards[i], cards[best], view.trump):
                    best = i
            taker = (view.trick_leader + best) % 3
            assert p_side_wins(view, k, a.card) == (1.0 if same_side(view, taker, seat) else 0.0)
            checked += 1
    assert checked >= 20


def test_hard_plays_whole_three_player_deals_the_same_for_a_seed() -> None:
    rules = Rules.preset("moscow", players=3, etiquette="strict")
    solved = 0
    for seed in range(6):
        a = play(rules, ("hard", "medium", "hard"), seed)
        assert not a.penalties and a.result is not None
        assert a.history == play(rules, ("hard", "medium", "hard"), seed).history
        solved += len(a.tricks) == 9
    assert solved >= 2


def test_sampled_hands_fit_the_view() -> None:
    """Every sample gives each other seat its hand size, no card I can see, and no card of a suit it showed void."""
    from game.bots.hard3 import deal_sample

    rules = Rules.preset("moscow", players=3)
    checked = 0
    for seed in range(30):
        deal = Deal(rules, seed % 3, shuffled_deck(random.Random(f"sample:{seed}")))
        bots = [make_bot("medium", 3, s) for s in range(3)]
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            if view.phase is Phase.PLAY and len(view.tricks) >= 2 and view.trump is not None:
                k = Knowledge3(view)
                hands = deal_sample(view, k, random.Random(seed))
                assert hands is not None
                assert hands[seat] == tuple(view.hand)
                seen = set(view.hand) | {c for t in view.tricks for c in t.cards} | set(view.trick)
                for s in k.others:
                    assert len(hands[s]) == view.hand_sizes[s]
                    assert not seen & set(hands[s])
                    assert all(c // 8 not in k.void[s] for c in hands[s])
                    assert set(hands[s]) <= set(deal.hands[s]) | set(deal.deck)  # real cards
                checked += 1
            deal.apply(bots[seat].choose(view))
    assert checked >= 50


def test_hard_plays_the_best_sampled_card_from_seven_cards_in_hand() -> None:
    """From the third trick (7 cards, no node budget) hard's card is the best total of its weighted sampled exact
    solves, a вистующий's own take added per sample (the first two tricks: tests/test_hard3_sampling.py)."""
    from game.bots.hard import HardBot
    from game.bots.hard3 import OVERSAMPLE, own_bonus, sample_weights, sampled_totals, samples_for

    rules = Rules.preset("moscow", players=3)
    checked = 0
    for seed in range(40):
        deal = Deal(rules, seed % 3, shuffled_deck(random.Random(f"hard7:{seed}")))
        bots = [make_bot("medium", 3, s) for s in range(3)]
        while not deal.is_over() and checked < 3:
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            cards = sorted({a.card for a in view.legal if a.kind is Kind.PLAY and a.card is not None})
            if view.phase is Phase.PLAY and len(view.hand) == 7 and 1 < len(cards) == len(view.legal):
                hard = HardBot(seed)
                n = samples_for(hard, 7)
                rng = hard.decision_rng(view)
                totals, solved = sampled_totals(view, cards, rng, n, None, OVERSAMPLE, 1.0, sample_weights)
                best = max(cards, key=lambda c: (totals[c] + solved * own_bonus(hard, view, c), -int(c)))
                assert hard.for_three().choose(view).card == best
                checked += 1
                break
            deal.apply(bots[seat].choose(view))
    assert checked >= 3  # three positions of three deals (each solved twice: four took a third longer)


def test_selfplay_for_three_reports_the_first_bots_paired_edge() -> None:
    from lab.selfplay3 import format_three, play_three

    summary = play_three(("medium", "easy", "random"), 8, seed=2)
    means = [b["points_per_deal"]["mean"] for b in summary["bots"]]
    edge = summary["first_minus_others"]
    assert edge["n"] == 8
    assert abs(edge["mean"] - (means[0] - (means[1] + means[2]) / 2)) < 0.01
    assert "paired by deck" in format_three(summary)


@pytest.mark.parametrize("etiquette", ["guided", "strict"])
def test_medium_claims_only_true_games_near_the_target(etiquette: str) -> None:
    """With the scores close to the target medium claims the game, and every claim it makes is true."""
    rules = Rules.preset("moscow", players=3, etiquette=etiquette)
    near = rules.target - 40
    claims = 0
    for seed in range(40):
        deck = shuffled_deck(random.Random(f"claim3:{seed}"))
        deal = Deal(rules, seed % 3, deck, MatchContext(scores=(near, near - 10, near - 20), baits=(0, 0, 0)))
        bots = [make_bot("medium", 3, seed * 3 + s) for s in range(3)]
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            deal.apply(bots[seat].choose(deal.view(seat)))
        assert deal.result is not None
        if deal.result.claim is not None:
            claims += 1
            assert deal.result.claim[1], (seed, deal.result.claim)
        assert not deal.penalties
    assert claims >= 5


def test_knowledge3_knows_who_took_the_vskryshka() -> None:
    """After another seat swaps the trump seven, the view's Knowledge3 puts the old вскрышка in that hand."""
    from game.deal import positions

    rules = Rules.preset("moscow", players=3)
    checked = 0
    for seed in range(200):
        deck = shuffled_deck(random.Random(f"swap3:{seed}"))
        deal = Deal(rules, seed % 3, deck, MatchContext(scores=(0, 0, 0), baits=(0, 0, 0)))
        bots = [make_bot("medium", 3, s) for s in range(3)]
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            swapper = next((s for s, a in view.history if a.kind is Kind.SWAP), None)
            if view.phase is Phase.PLAY and swapper is not None and swapper != seat:
                up = deck[positions(3).vskryshka]
                if up in deal.hands[swapper]:
                    assert up in Knowledge3(view).held[swapper]
                    checked += 1
                break
            deal.apply(bots[seat].choose(view))
    assert checked >= 3
