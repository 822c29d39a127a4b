"""«Случайный»: any legal action alike — but never a false claim of the game."""

from __future__ import annotations

import random

from game.bots.base import make_player
from game.cards import shuffled_deck
from game.match import Match
from game.rules import Rules


def play_game(players: int, seed: int, deals: int = 6) -> Match:
    """Random bots in every seat, strict etiquette, a game to 301 for at most ``deals`` deals."""
    rules = Rules.preset("moscow", players=players, etiquette="strict", target=301)
    match = Match(rules, 0)
    bots = [make_player("random", seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)
    while match.over is None and len(match.deals) < deals:
        deal = match.start_deal(shuffled_deck(rng))
        while not deal.is_over() and match.over is None:
            seat = deal.current_player()
            assert seat is not None
            match.apply(bots[seat].choose(deal.view(seat)))
    return match


def test_the_random_bot_never_claims_the_game_falsely_with_strict_etiquette() -> None:
    """A player's pass: against «случайный» with strict etiquette every game ended in its first deal — the bot's
    false «Партия!» (5 seeds of 5). It still says anything else at random (a false «рост?» is its own loss)."""
    for players in (2, 3):
        for seed in range(12):
            match = play_game(players, seed)
            assert match.over is None or match.over.reason.value != "false_claim", (players, seed)
            assert len(match.deals) >= 2 or match.over is not None


def test_the_random_bot_still_claims_a_game_it_has_won() -> None:
    rules = Rules.preset("moscow", etiquette="strict", target=301)
    wins = 0
    for seed in range(40):
        match = Match(rules, 0)
        match.scores = (290, 0)
        bots = [make_player("random", seed), make_player("random", seed + 100)]
        deal = match.start_deal(shuffled_deck(random.Random(seed)))
        while not deal.is_over() and match.over is None:
            seat = deal.current_player()
            assert seat is not None
            match.apply(bots[seat].choose(deal.view(seat)))
        wins += match.over is not None and match.over.reason.value == "claim"
    assert wins > 0
