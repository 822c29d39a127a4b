"""The hard bot's stakes measured: where it would offer 50, what playing on really gives; «даве» games between
two hard bots (the checks in docs/bots.md, "«С предложением» and «даве»").

    python -m lab.offer_measure [DECKS]          the offer of 50 (default 600 decks)
    python -m lab.offer_measure --dave [GAMES]   one-deal games with «даве» (default 16)
"""

from __future__ import annotations

import random

from game.actions import Kind
from game.bots.offer import playing_margin
from game.scoring import OFFER_POINTS


def measure_offers(decks: int, seed: int = 1000) -> tuple[list[tuple[float, int]], int]:
    """For each of ``decks`` shuffled decks (``Random(seed + i)``) bid by two hard bots in the ``offer``
    preset: where the hard вистующий would offer 50, play the deal on instead (hard against hard) and keep
    (its estimated margin, the margin it really got). Returns those pairs and the number of decks bid."""
    from game.actions import Action
    from game.bots.factory import make_bot
    from game.cards import shuffled_deck
    from game.deal import Phase
    from game.match import Match
    from game.rules import Rules

    rules = Rules.preset("offer")
    out: list[tuple[float, int]] = []
    bid = 0
    for i in range(decks):
        match = Match(rules, i % 2)
        deal = match.start_deal(shuffled_deck(random.Random(seed + i)))
        bots = [make_bot("hard", 2, 1), make_bot("hard", 2, 2)]
        while deal.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
            p = deal.current_player()
            assert p is not None
            match.apply(bots[p].choose(deal.view(p)))
        if deal.phase is not Phase.OFFER or deal.bidder is None:
            continue
        bid += 1
        b, v = deal.bidder, 1 - deal.bidder
        estimate = playing_margin(deal.view(v), random.Random(0))
        if estimate >= -OFFER_POINTS:
            continue
        match.apply(Action.parse("no-offer"))
        match.apply(Action.parse("no-offer"))
        while not deal.is_over():
            p = deal.current_player()
            assert p is not None
            match.apply(bots[p].choose(deal.view(p)))
        r = deal.result
        assert r is not None
        got = (r.players[v].written + r.players[v].adjustment) - (r.players[b].written + r.players[b].adjustment)
        out.append((estimate, got))
    return out, bid


def dave_games(games: int, seed: int = 500) -> list[tuple[list[tuple[int, str]], int, str, int]]:
    """``games`` one-deal games with «даве» between two hard bots (decks from ``Random(seed + g)``): per game
    the raises and answers (seat, action), the winner, the reason and the stake."""
    from game.bots.factory import make_bot
    from game.cards import shuffled_deck
    from game.match import Match
    from game.rules import Rules

    rules = Rules.preset("one_strike", dave=True)
    out: list[tuple[list[tuple[int, str]], int, str, int]] = []
    for g in range(games):
        match = Match(rules, g % 2)
        rng = random.Random(seed + g)
        bots = [make_bot("hard", 2, 1), make_bot("hard", 2, 2)]
        while match.over is None:
            deal = match.start_deal(shuffled_deck(rng))
            while not deal.is_over():
                p = deal.current_player()
                assert p is not None
                match.apply(bots[p].choose(deal.view(p)))
        talk = [(s, str(a)) for s, a in match.deals[-1].history if a.kind in (Kind.DAVE, Kind.ANSWER_DAVE)]
        out.append((talk, match.over.winner, match.over.reason, match.over.stake))
    return out


if __name__ == "__main__":  # python -m lab.offer_measure [DECKS] | --dave [GAMES]: the checks in docs/bots.md
    import sys

    if sys.argv[1:2] == ["--dave"]:
        for talk, winner, reason, stake in dave_games(int(sys.argv[2]) if len(sys.argv) > 2 else 16):
            print(" ".join(f"{s}:{a}" for s, a in talk) or "-", f"→ seat {winner} ({reason}, ×{stake})")
        sys.exit(0)
    found, bid = measure_offers(int(sys.argv[1]) if len(sys.argv) > 1 else 600)
    real = [g for _, g in found]
    print(f"{bid} decks bid; the hard вистующий offers 50 on {len(found)}")
    if real:
        mean = sum(real) / len(real)
        est = sum(e for e, _ in found) / len(found)
        print(
            f"playing on instead, its margin: mean {mean:+.1f} (estimated {est:+.1f}) against −{OFFER_POINTS} "
            f"by the offer: an accepted offer gains {-OFFER_POINTS - mean:+.1f} in a deal it is made in"
        )
