"""Self-play for three players (``python main.py selfplay --players 3 --bots A,B,C --deals N``).

Duplicate for three: every deck is played three times with the bot types rotated through the seats (bot k sits
in seat ``(k + r) % 3`` on pass ``r``), with the same dealer (``i % 3`` for deck ``i``), so each bot gets every
hand of the deck once. Each deal is scored alone with a fresh context (0 : 0 : 0, no baits, nothing hanging).
A bot's value for a deck is the mean of its three passes; means and 95 % intervals are over the decks.

A deal's points are what the sheet gets (``written + adjustment``); a "win" is writing strictly the most in
the deal. Decks: ``shuffled_deck(Random(f"selfplay3:{seed}:{i}"))``. Only bots that play three-handed can
take part (all levels do since issue 16; an unknown level is reported as an error).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.actions import Action
from game.bots.base import Player
from game.bots.factory import make_bot
from game.cards import Card, shuffled_deck
from game.deal import Deal, DealView
from game.rules import Rules
from game.scoring import MatchContext, Outcome
from lab.selfplay import _quantile, mean_ci

Bots = Callable[[str, int, int], Player]  # a level, the player count, a seed → a player (make_bot, table_bot)


def deck_passes(
    levels: tuple[str, ...] | list[str], rules: Rules, i: int, seed: int, factory: Bots = make_bot
) -> Iterator[tuple[list[int], Deal, dict[int, Player]]]:
    """Deck ``i``'s three passes: bot type ``k`` in seat ``(k + r) % 3`` on pass ``r``, the same dealer, a fresh
    deal scored alone. Yields the seat of each bot type, the deal and the seated bots."""
    deck: list[Card] = shuffled_deck(random.Random(f"selfplay3:{seed}:{i}"))
    for r in range(3):
        seat_of = [(k + r) % 3 for k in range(3)]
        bots = {seat_of[k]: factory(levels[k], 3, ((seed * 100_003 + i) * 3 + r) * 3 + k) for k in range(3)}
        deal = Deal(rules, i % 3, deck, MatchContext(scores=(0, 0, 0), baits=(0, 0, 0)))
        for bot in bots.values():
            attach = getattr(bot, "attach", None)  # an oracle (lab/oracle3.py) follows the deal it plays
            if attach is not None:
                attach(deal)
        yield seat_of, deal, bots


def timed_moves(
    deal: Deal, bots: Mapping[int, Player], apply: Callable[[Action], object]
) -> Iterator[tuple[int, DealView, Action, float]]:
    """Play ``deal`` to its end, each seat's bot choosing from its view; ``apply`` is ``deal.apply`` or the
    match's. Yields the seat, its view, the action and the seconds the choice took."""
    while not deal.is_over():
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(view)
        took = time.perf_counter() - t0
        apply(action)
        yield seat, view, action, took


@dataclass
class BotTally:
    """One bot type's results over all its passes."""

    per_deck: list[float] = field(default_factory=list)  # mean points over the deck's three passes
    wins: int = 0
    deals: int = 0
    bids: int = 0
    baits: int = 0  # baits suffered as the bidder
    think: list[float] = field(default_factory=list)  # seconds per decision with a choice


def play_three(levels: tuple[str, str, str], deals: int, seed: int = 1, preset: str = "moscow") -> dict[str, Any]:
    """Run the duplicate deals and return the summary (``format_three`` prints it)."""
    rules = Rules.preset(preset, players=3)
    tallies = [BotTally() for _ in levels]
    started = time.perf_counter()
    for i in range(deals):
        points = [0.0, 0.0, 0.0]
        for seat_of, deal, bots in deck_passes(levels, rules, i, seed):
            for seat, view, _, took in timed_moves(deal, bots, deal.apply):
                if len(view.legal) > 1:
                    tallies[seat_of.index(seat)].think.append(took)
            result = deal.result
            assert result is not None
            sheet = [p.written + p.adjustment for p in result.players]
            top = max(sheet)
            for k in range(3):
                seat = seat_of[k]
                tally = tallies[k]
                tally.deals += 1
                points[k] += sheet[seat]
                if sheet[seat] == top and sheet.count(top) == 1 and result.outcome is Outcome.PLAYED:
                    tally.wins += 1
                if result.bidder == seat:
                    tally.bids += 1
                    tally.baits += int(result.bait)
        for k in range(3):
            tallies[k].per_deck.append(points[k] / 3)
    seconds = time.perf_counter() - started
    paired = [a - (b + c) / 2 for a, b, c in zip(*(t.per_deck for t in tallies), strict=True)]
    return {
        "players": 3,
        "rules": preset,
        "seed": seed,
        "decks": deals,
        "seconds": round(seconds, 3),
        "bots": [
            {
                "seat_type": k,
                "level": levels[k],
                "points_per_deal": mean_ci(t.per_deck),
                "wins": t.wins,
                "deals": t.deals,
                "bids": t.bids,
                "baits": t.baits,
                "think_ms": think_ms(t.think),
            }
            for k, t in enumerate(tallies)
        ],
        # duplicate: per deck, the first bot's points minus the mean of the other two (its edge, paired)
        "first_minus_others": mean_ci(paired),
    }


def think_ms(think: list[float]) -> dict[str, Any]:
    """A bot's think times (seconds) as the JSON reports them: median and p95 in ms, and how many decisions."""
    return {
        "median": round(1000 * _quantile(think, 0.5), 3),
        "p95": round(1000 * _quantile(think, 0.95), 3),
        "decisions": len(think),
    }


def format_three(summary: dict[str, Any]) -> str:
    lines = [
        f"three players, {summary['rules']}: {summary['decks']} decks × 3 rotations (seed {summary['seed']}), "
        f"{summary['seconds']:.1f} s"
    ]
    for b in summary["bots"]:
        p = b["points_per_deal"]
        lines.append(
            f"  {b['seat_type'] + 1}. {b['level']:<8} points/deal {p['mean']:7.2f} "
            f"[{p['ci95'][0]:.2f}, {p['ci95'][1]:.2f}]  wins {b['wins']}/{b['deals']}  "
            f"bids {b['bids']} baits {b['baits']}  think {b['think_ms']['median']:.3f} ms"
        )
    d = summary["first_minus_others"]
    lines.append(
        f"  {summary['bots'][0]['level']} minus the others' mean, paired by deck: {d['mean']:.2f} "
        f"[{d['ci95'][0]:.2f}, {d['ci95'][1]:.2f}]"
    )
    return "\n".join(lines)


def selfplay_three_command(
    bots: str | None, deals: int | None, seed: int = 1, rules: str = "moscow", as_json: bool = False
) -> int:
    names = [b.strip() for b in (bots or "random,random,random").split(",")]
    if len(names) != 3 or not all(names):
        print("--players 3 needs three levels, e.g. --bots random,random,random")
        return 2
    try:
        summary = play_three((names[0], names[1], names[2]), deals if deals is not None else 100, seed, rules)
    except ValueError as e:
        print(f"error: {e}")
        return 2
    print(json.dumps(summary, ensure_ascii=False) if as_json else format_three(summary))
    return 0
