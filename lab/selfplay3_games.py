"""Self-play for three players, whole games (``python main.py selfplay --players 3 --bots A,B,C --games N``).

Duplicate for three, as ``lab.selfplay3`` does for single deals: game ``g`` is played three times with the bot
types rotated through the seats (bot k sits in seat ``(k + r) % 3`` on pass ``r``), on the same deck sequence
(deck ``j`` of game ``g`` is ``shuffled_deck(Random(f"selfplay3:{seed}:{g}:{j}"))``) with the same first dealer
(``g % 3``); later dealers follow the rules, so the passes share decks only while the play does. Each pass is a
game to the preset's target through ``Match``: for three the game ends only when a player claims it (after a
trick they took, or at the score-keeping; docs/rules.md "Three players"), the bots claim as they play. A game
still running after ``MAX_DEALS_PER_GAME`` deals is counted unfinished (no winner).

Per bot type and game ``g`` (its three passes): the share of the three games it won (an unfinished game gives
each bot a third) and its points per deal (what the sheet got, ``written + adjustment``, over every deal of
the three passes, redeals included as in the other modes); means and 95 % intervals are over the games.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from game.bots.factory import make_bot
from game.cards import shuffled_deck
from game.match import Match
from game.rules import Rules
from game.scoring import Outcome
from lab.selfplay import MAX_DEALS_PER_GAME, mean_ci
from lab.selfplay3 import think_ms, timed_moves


@dataclass
class GameTally:
    """One bot type's results over all its games."""

    win_share: list[float] = field(default_factory=list)  # per game g: the share of its three passes won
    per_deal: list[float] = field(default_factory=list)  # per game g: points per deal over its three passes
    wins: int = 0
    games: int = 0
    deals: int = 0
    points: int = 0
    bids: int = 0
    baits: int = 0  # baits suffered as the bidder
    think: list[float] = field(default_factory=list)  # seconds per decision with a choice


@dataclass
class GamePass:
    """One pass of game ``g`` (rotation ``r``): by bot type, its points, bids, baits and the winner."""

    deals: int = 0
    redeals: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0, 0])
    bids: list[int] = field(default_factory=lambda: [0, 0, 0])
    baits: list[int] = field(default_factory=lambda: [0, 0, 0])
    think: list[list[float]] = field(default_factory=lambda: [[], [], []])
    winner: int | None = None  # the bot type that won; None: unfinished
    reason: str = "unfinished"  # GameOver.reason: for three a claim (true or false) or the last trick's taker


def play_game_pass(rules: Rules, levels: tuple[str, str, str], seed: int, g: int, r: int) -> GamePass:
    """Game ``g`` to its end with bot type ``k`` in seat ``(k + r) % 3``; the bots keep their seed over the
    three passes of a game (as the two-player duplicate does)."""
    seat_of = [(k + r) % 3 for k in range(3)]
    kind_of = {seat: k for k, seat in enumerate(seat_of)}
    bots = {seat_of[k]: make_bot(levels[k], 3, (seed * 1_000_003 + g) * 3 + k) for k in range(3)}
    p = GamePass()
    match = Match(rules, g % 3)
    j = 0
    while match.over is None and j < MAX_DEALS_PER_GAME:
        deal = match.start_deal(shuffled_deck(random.Random(f"selfplay3:{seed}:{g}:{j}")))
        j += 1
        for seat, view, _, took in timed_moves(deal, bots, match.apply):
            if len(view.legal) > 1:
                p.think[kind_of[seat]].append(took)
        result = deal.result
        assert result is not None
        p.deals += 1
        if result.outcome in (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS):
            p.redeals += 1
            continue
        for seat, k in kind_of.items():
            player = result.players[seat]
            p.points[k] += player.written + player.adjustment
        if result.bidder is not None and result.outcome is not Outcome.CLAIMED:
            p.bids[kind_of[result.bidder]] += 1
            p.baits[kind_of[result.bidder]] += int(result.bait)
    if match.over is not None:
        p.winner = kind_of[match.over.winner]
        p.reason = str(match.over.reason)
    return p


def play_three_games(levels: tuple[str, str, str], games: int, seed: int = 1, preset: str = "moscow") -> dict[str, Any]:
    """Run the duplicate games and return the summary (``format_three_games`` prints it)."""
    rules = Rules.preset(preset, players=3)
    for level in levels:
        make_bot(level, 3, 0)  # an unknown level: ValueError before any game
    tallies = [GameTally() for _ in levels]
    deals = redeals = unfinished = 0
    ends: dict[str, int] = {}
    started = time.perf_counter()
    for g in range(games):
        passes = [play_game_pass(rules, levels, seed, g, r) for r in range(3)]
        n = sum(p.deals for p in passes)
        deals += n
        redeals += sum(p.redeals for p in passes)
        unfinished += sum(1 for p in passes if p.winner is None)
        for p in passes:
            ends[p.reason] = ends.get(p.reason, 0) + 1
        for k, t in enumerate(tallies):
            won = sum(1.0 if p.winner == k else (1 / 3 if p.winner is None else 0.0) for p in passes)
            t.win_share.append(won / 3)
            t.wins += sum(1 for p in passes if p.winner == k)
            t.games += 3
            pts = sum(p.points[k] for p in passes)
            t.points += pts
            t.deals += n
            t.per_deal.append(pts / n if n else 0.0)
            t.bids += sum(p.bids[k] for p in passes)
            t.baits += sum(p.baits[k] for p in passes)
            t.think += [x for p in passes for x in p.think[k]]
    seconds = time.perf_counter() - started
    paired = [a - (b + c) / 2 for a, b, c in zip(*(t.per_deal for t in tallies), strict=True)]
    return {
        "players": 3,
        "mode": "games",
        "rules": preset,
        "target": rules.target,
        "seed": seed,
        "games": games,  # game sequences; each played three times (the rotations)
        "passes": 3 * games,
        "deals": deals,
        "redeals": redeals,
        "unfinished": unfinished,
        "ends": dict(sorted(ends.items())),  # how the games ended (GameOver.reason)
        "seconds": round(seconds, 3),
        "bots": [
            {
                "seat_type": k,
                "level": levels[k],
                "wins": t.wins,
                "games": t.games,
                "win_share": share_ci(t.win_share),
                "points_per_deal": mean_ci(t.per_deal),
                "deals": t.deals,
                "bids": t.bids,
                "baits": t.baits,
                "think_ms": think_ms(t.think),
            }
            for k, t in enumerate(tallies)
        ],
        # duplicate: per game, the first bot's points per deal minus the mean of the other two (its edge, paired)
        "first_minus_others": mean_ci(paired),
    }


def share_ci(values: list[float]) -> dict[str, Any]:
    """``mean_ci`` of a share, its interval kept within 0…1 (the normal approximation may overshoot)."""
    out = mean_ci(values)
    out["ci95"] = [max(0.0, out["ci95"][0]), min(1.0, out["ci95"][1])]
    return out


def format_three_games(summary: dict[str, Any]) -> str:
    games = f"{summary['games']} game{'' if summary['games'] == 1 else 's'}"
    lines = [
        f"three players, {summary['rules']} to {summary['target']}: {games} × 3 rotations "
        f"(seed {summary['seed']}), {summary['deals']} deals ({summary['redeals']} passed out)"
        + (f", {summary['unfinished']} unfinished" if summary["unfinished"] else "")
        + f", {summary['seconds']:.1f} s"
    ]
    for b in summary["bots"]:
        w, p = b["win_share"], b["points_per_deal"]
        lines.append(
            f"  {b['seat_type'] + 1}. {b['level']:<8} wins {b['wins']}/{b['games']} = {100 * w['mean']:.1f} % "
            f"[{100 * w['ci95'][0]:.1f}, {100 * w['ci95'][1]:.1f}]  points/deal {p['mean']:.2f} "
            f"[{p['ci95'][0]:.2f}, {p['ci95'][1]:.2f}]  bids {b['bids']} baits {b['baits']}  "
            f"think {b['think_ms']['median']:.3f} ms (p95 {b['think_ms']['p95']:.3f})"
        )
    d = summary["first_minus_others"]
    lines.append(
        f"  {summary['bots'][0]['level']} minus the others' mean, points per deal paired by game: {d['mean']:.2f} "
        f"[{d['ci95'][0]:.2f}, {d['ci95'][1]:.2f}]"
    )
    return "\n".join(lines)


def selfplay_three_games_command(
    bots: str | None, games: int, seed: int = 1, rules: str = "moscow", as_json: bool = False
) -> int:
    names = [b.strip() for b in (bots or "random,random,random").split(",")]
    if len(names) != 3 or not all(names):
        print("--players 3 needs three levels, e.g. --bots random,random,random")
        return 2
    try:
        summary = play_three_games((names[0], names[1], names[2]), games, seed, rules)
    except ValueError as e:
        print(f"error: {e}")
        return 2
    print(json.dumps(summary, ensure_ascii=False) if as_json else format_three_games(summary))
    return 0
