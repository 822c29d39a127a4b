"""Self-play measurement: two bot levels in a duplicate match (``python main.py selfplay``).

Duplicate: every deck (deals mode) or every deck sequence (games mode) is played twice, bot A in seat 0
and then in seat 1, with the same first dealer, so each bot gets the other's cards on the second pass. The
per-pair difference A−B removes most of the luck of the deal; means and 95 % intervals are computed over
the pairs.

* **deals mode** (``--deals N``): N decks, each scored alone with a fresh ``MatchContext`` (scores 0:0,
  no baits, nothing hanging); the dealer of deck ``i`` is seat ``i % 2`` in both passes. A deck both players
  pass out scores 0:0 and still counts as a deal. A "win" is writing more than the opponent in the deal.
* **games mode** (``--games N``): N deck sequences, each played as a game (партия) to the preset's target
  through ``Match`` (claims, hanging bait, dealer rotation by the rules); the first dealer of game ``g`` is
  seat ``g % 2`` in both passes, later dealers follow the rules (so they match only while the play does).

A deal's points are what the sheet gets: ``written + adjustment`` (bait penalty, лыжа).

Decks come from a seeded generator (deck ``i`` of seed ``s`` is ``shuffled_deck(Random(f"selfplay:{s}:{i}"))``)
or from a corpus file of deck orders (``--corpus``; the committed one is ``lab/data/corpus-v1.json``, made by
``python main.py selfplay --make-corpus lab/data/corpus-v1.json --deals 1000 --seed 20240601``). Every pair
depends only on its index, the seed and the levels, never on the other pairs, so ``--jobs`` and ``--start``
(to split a run into parts) do not change any result, only the measured thinking times.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import jsonsafe
from game.actions import Action
from game.atomic import write_atomic
from game.bots.base import Player, levels
from game.bots.factory import make_bot
from game.cards import Card, format_cards, parse_cards, shuffled_deck
from game.deal import Deal, Phase
from game.match import Match
from game.rules import Rules
from game.scoring import Outcome

CORPUS_PATH = Path(__file__).resolve().parent / "data" / "corpus-v1.json"
CORPUS_SEED = 20240601
CORPUS_SIZE = 1000
GAME_STRIDE = 10  # games mode on a corpus: game g starts at deck g * GAME_STRIDE (see ``DeckSource``)
MAX_DEALS_PER_GAME = 200  # a safety stop (a game that runs longer is counted as a draw)
Z95 = 1.959964


# ---------------------------------------------------------------------- decks


def make_corpus(n: int = CORPUS_SIZE, seed: int = CORPUS_SEED) -> dict[str, Any]:
    """``n`` deck orders from ``random.Random(seed)`` (index 0 = top of the deck, as ``Deal`` deals it)."""
    rng = random.Random(seed)
    decks = [format_cards(shuffled_deck(rng)) for _ in range(n)]
    return {
        "version": 1,
        "description": "deck orders for bot measurement (python main.py selfplay --corpus ...)",
        "generator": f"python main.py selfplay --make-corpus FILE --deals {n} --seed {seed}",
        "seed": seed,
        "decks": decks,
    }


def write_corpus(path: str | Path, n: int = CORPUS_SIZE, seed: int = CORPUS_SEED) -> None:
    """Write the corpus atomically; a file there that is not a corpus (a saved game, the settings) raises
    ``FileExistsError`` and stays as it was."""
    target = Path(path)
    if target.exists() and not _is_corpus(target):
        raise FileExistsError(f"{target} is there and is not a corpus: not written over")
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, json.dumps(make_corpus(n, seed), indent=1, ensure_ascii=False) + "\n")


def _is_corpus(path: Path) -> bool:
    """A file ``write_corpus`` wrote (its ``generator`` names the command)."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and str(data.get("generator", "")).startswith("python main.py selfplay --make-corpus")


MAX_CORPUS_BYTES = 64 * 1024 * 1024


def load_corpus(path: str | Path) -> list[tuple[Card, ...]]:
    """The decks of a corpus file; ``ValueError`` naming the file for anything else (a record, a manifest, a BOM,
    a number where a deck belongs: each was a traceback)."""
    try:
        data = jsonsafe.load_file(path, MAX_CORPUS_BYTES)
    except (OSError, ValueError) as exc:  # UnicodeDecodeError is a ValueError
        raise ValueError(f"{path}: not a corpus of decks ({getattr(exc, 'strerror', None) or exc})") from None
    raw = data.get("decks") if isinstance(data, dict) else None
    if not isinstance(raw, list) or not all(isinstance(d, str) for d in raw):
        raise ValueError(f"{path}: not a corpus of decks (an object whose 'decks' is a list of deck strings)")
    try:
        decks = [tuple(parse_cards(d)) for d in raw]
    except ValueError as exc:
        raise ValueError(f"{path}: a deck that is not 32 cards: {exc}") from None
    if not decks:
        raise ValueError(f"{path}: the corpus holds no decks")
    for d in decks:
        if len(d) != 32 or len(set(d)) != 32:
            raise ValueError(f"{path}: a deck must hold the 32 cards once each")
    return decks


class DeckSource:
    """Deck ``j`` of pair ``g``: deals mode uses ``j = 0`` only.

    Seeded: deals mode deck ``g`` is drawn from ``Random(f"selfplay:{seed}:{g}")``; games mode deck ``j`` of
    game ``g`` from ``Random(f"selfplay:{seed}:{g}:{j}")``. Corpus of ``n`` decks: deals mode takes deck
    ``g % n``; games mode takes decks in order from ``g * GAME_STRIDE`` (shifted by one on each wrap), so the
    first ``n / GAME_STRIDE`` games start on different decks.
    """

    def __init__(self, seed: int, corpus: Sequence[tuple[Card, ...]] | None = None, games: bool = False) -> None:
        self.seed = seed
        self.corpus = corpus
        self.games = games

    def deck(self, g: int, j: int = 0) -> tuple[Card, ...]:
        if self.corpus is None:
            key = f"selfplay:{self.seed}:{g}:{j}" if self.games else f"selfplay:{self.seed}:{g}"
            return tuple(shuffled_deck(random.Random(key)))
        n = len(self.corpus)
        if not self.games:
            return self.corpus[g % n]
        per_wrap = max(1, n // GAME_STRIDE)
        return self.corpus[(g * GAME_STRIDE + g // per_wrap + j) % n]


# ---------------------------------------------------------------------- bots


_SOLVER: Any = None


def _shared_solver() -> Any:
    """One solver (one exact transposition table) per process for every hard/oracle bot: values are exact,
    so sharing the table changes the speed only, never a choice."""
    global _SOLVER
    if _SOLVER is None:
        from game.bots.solver import Solver

        _SOLVER = Solver()
    return _SOLVER


def known_levels() -> list[str]:
    return [*levels(), "oracle"]


def new_bot(level: str, seed: int) -> Player:
    """A fresh bot; an oracle must be ``attach``ed to each deal before it plays."""
    if level == "hard":
        from game.bots.hard import HardBot

        return HardBot(seed, _shared_solver())
    if level == "oracle":
        from lab.oracle import OracleBot

        return OracleBot(None, seed, _shared_solver())  # type: ignore[arg-type]  # attached per deal
    return make_bot(level, 2, seed)


def bot_seed(seed: int, g: int, role: int) -> int:
    """The seed of bot A (role 0) or B (role 1) of pair ``g``: the same in both passes."""
    return (seed * 1_000_003 + g * 2 + role) % (1 << 62)


# ---------------------------------------------------------------------- one pass


@dataclass
class Side:
    """One bot's record in one pass (a deal or a game)."""

    points: int = 0
    wins: int = 0
    bids: int = 0
    baits: int = 0
    think_ms: list[float] = field(default_factory=list)  # decisions with two or more legal actions
    play_ms: list[float] = field(default_factory=list)  # of those, the card plays
    think_cpu_ms: list[float] = field(default_factory=list)  # the same decisions in process CPU time
    play_cpu_ms: list[float] = field(default_factory=list)


@dataclass
class Pass:
    """One pass of a pair: bot A sat in ``a_seat``. ``sides[0]`` is A's record, ``sides[1]`` B's."""

    a_seat: int
    sides: tuple[Side, Side]
    deals: int = 0
    redeals: int = 0
    draws: int = 0
    decks: list[tuple[Card, ...]] = field(default_factory=list)
    dealers: list[int] = field(default_factory=list)  # by seat, one per deal
    by_bidder: list[tuple[int | None, int]] = field(default_factory=list)  # per deal: bidder's role, A − B
    unfinished: bool = False


def _play(deal: Deal, apply: Any, bots: dict[int, Player], roles: dict[int, int], p: Pass) -> None:
    """Play ``deal`` to its end (``apply`` = the deal's or the match's), timing each real decision."""
    clock, cpu = time.perf_counter, time.process_time
    for bot in bots.values():
        if hasattr(bot, "attach"):
            bot.attach(deal)
    while not deal.is_over():
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        start, start_cpu = clock(), cpu()
        action: Action = bots[seat].choose(view)
        ms, cpu_ms = (clock() - start) * 1000.0, (cpu() - start_cpu) * 1000.0
        if len(view.legal) > 1:
            side = p.sides[roles[seat]]
            side.think_ms.append(ms)
            side.think_cpu_ms.append(cpu_ms)
            if view.phase is Phase.PLAY and action.card is not None:
                side.play_ms.append(ms)
                side.play_cpu_ms.append(cpu_ms)
        apply(action)


def _book_deal(deal: Deal, roles: dict[int, int], p: Pass) -> None:
    result = deal.result
    assert result is not None
    p.deals += 1
    p.decks.append(deal.deck)
    p.dealers.append(deal.dealer)
    if result.outcome in (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS):
        p.redeals += 1
        p.by_bidder.append((None, 0))
        return
    pts = {roles[seat]: result.players[seat].written + result.players[seat].adjustment for seat in (0, 1)}
    p.by_bidder.append((None if result.bidder is None else roles[result.bidder], pts[0] - pts[1]))
    for seat in (0, 1):
        side = p.sides[roles[seat]]
        player = result.players[seat]
        side.points += player.written + player.adjustment
        if result.bidder == seat:
            side.bids += 1
            if result.bait:
                side.baits += 1


def play_deal_pass(
    rules: Rules, levels_ab: tuple[str, str], seed: int, g: int, a_seat: int, source: DeckSource
) -> Pass:
    """Deals mode: deck ``g`` scored alone, A in ``a_seat``; the dealer is ``g % 2``."""
    roles = {a_seat: 0, 1 - a_seat: 1}
    bots = {seat: new_bot(levels_ab[role], bot_seed(seed, g, role)) for seat, role in roles.items()}
    p = Pass(a_seat, (Side(), Side()))
    deal = Deal(rules, g % 2, source.deck(g))
    _play(deal, deal.apply, bots, roles, p)
    _book_deal(deal, roles, p)
    result = deal.result
    assert result is not None
    pts = (p.sides[0].points, p.sides[1].points)
    if pts[0] > pts[1]:
        p.sides[0].wins += 1
    elif pts[1] > pts[0]:
        p.sides[1].wins += 1
    else:
        p.draws += 1
    return p


def play_game_pass(
    rules: Rules, levels_ab: tuple[str, str], seed: int, g: int, a_seat: int, source: DeckSource
) -> Pass:
    """Games mode: game ``g`` to the target, A in ``a_seat``; the first dealer is ``g % 2``."""
    roles = {a_seat: 0, 1 - a_seat: 1}
    bots = {seat: new_bot(levels_ab[role], bot_seed(seed, g, role)) for seat, role in roles.items()}
    p = Pass(a_seat, (Side(), Side()))
    match = Match(rules, g % 2)
    j = 0
    while match.over is None and j < MAX_DEALS_PER_GAME:
        deal = match.start_deal(source.deck(g, j))
        j += 1
        _play(deal, match.apply, bots, roles, p)
        _book_deal(deal, roles, p)
    if match.over is None:
        p.unfinished = True
        p.draws += 1
    else:
        p.sides[roles[match.over.winner]].wins += 1
    return p


def play_pair(
    rules: Rules, levels_ab: tuple[str, str], seed: int, g: int, source: DeckSource, games: bool
) -> tuple[Pass, Pass]:
    """Pair ``g``: A in seat 0, then A in seat 1, on the same deck(s) with the same first dealer."""
    fn = play_game_pass if games else play_deal_pass
    return fn(rules, levels_ab, seed, g, 0, source), fn(rules, levels_ab, seed, g, 1, source)


# ---------------------------------------------------------------------- a run


@dataclass(frozen=True)
class Config:
    bots: tuple[str, str]
    rules: str = "moscow"
    seed: int = 1
    pairs: int = 100
    games: bool = False
    corpus: str | None = None
    start: int = 0
    jobs: int = 1


def _run_indices(config: Config, indices: list[int]) -> list[tuple[int, tuple[Pass, Pass]]]:
    rules = Rules.preset(config.rules)
    corpus = load_corpus(config.corpus) if config.corpus else None
    source = DeckSource(config.seed, corpus, config.games)
    return [(g, play_pair(rules, config.bots, config.seed, g, source, config.games)) for g in indices]


def run(config: Config) -> dict[str, Any]:
    """Play the duplicate match and return the summary (see ``summarize``)."""
    for level in config.bots:
        if level not in known_levels():
            raise ValueError(f"unknown bot level {level!r} (known: {', '.join(known_levels())})")
    Rules.preset(config.rules)  # fail early on an unknown preset
    indices = list(range(config.start, config.start + config.pairs))
    started = time.perf_counter()
    jobs = max(1, min(config.jobs, len(indices)))
    if jobs == 1:
        done = _run_indices(config, indices)
    else:
        with ProcessPoolExecutor(jobs) as pool:
            parts = pool.map(_run_indices, [config] * jobs, [indices[k::jobs] for k in range(jobs)])
            done = sorted((item for part in parts for item in part), key=lambda item: item[0])
    seconds = time.perf_counter() - started
    return summarize(config, [pair for _, pair in done], seconds)


def labels_of(bots: tuple[str, str]) -> tuple[str, str]:
    """Keys for the per-bot figures: the level names, numbered when both bots are of one level."""
    a, b = bots
    return (a, b) if a != b else (f"{a}#1", f"{b}#2")


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    pos = q * (len(s) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def mean_ci(values: list[float]) -> dict[str, Any]:
    """Mean, standard deviation and the normal-approximation 95 % interval of the mean."""
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "ci95": [0.0, 0.0], "stdev": 0.0, "n": 0}
    m = statistics.fmean(values)
    sd = statistics.stdev(values) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return {"mean": round(m, 3), "ci95": [round(m - half, 3), round(m + half, 3)], "stdev": round(sd, 3), "n": n}


def summarize(config: Config, pairs: list[tuple[Pass, Pass]], seconds: float) -> dict[str, Any]:
    la, lb = labels_of(config.bots)
    passes = [p for pair in pairs for p in pair]
    deals = sum(p.deals for p in passes)

    def total(role: int, attr: str) -> int:
        return sum(int(getattr(p.sides[role], attr)) for p in passes)

    diffs: list[float] = []
    win_scores: list[float] = []
    for pair in pairs:
        n = sum(p.deals for p in pair)
        d = sum(p.sides[0].points - p.sides[1].points for p in pair)
        diffs.append(d / n if n else 0.0)
        games = len(pair)
        win_scores.append(sum(p.sides[0].wins + 0.5 * p.draws for p in pair) / games)

    def think(role: int) -> dict[str, Any]:
        def collect(attr: str) -> list[float]:
            return [x for p in passes for x in getattr(p.sides[role], attr)]

        def med(v: list[float]) -> float:
            return round(statistics.median(v), 3) if v else 0.0

        ms, play = collect("think_ms"), collect("play_ms")
        cpu, play_cpu = collect("think_cpu_ms"), collect("play_cpu_ms")
        return {
            "median": med(ms),
            "p95": round(_quantile(ms, 0.95), 3),
            "max": round(max(ms), 3) if ms else 0.0,
            "decisions": len(ms),
            "play_median": med(play),
            "play_p95": round(_quantile(play, 0.95), 3),
            "play_decisions": len(play),
            "cpu_median": med(cpu),
            "cpu_p95": round(_quantile(cpu, 0.95), 3),
            "play_cpu_median": med(play_cpu),
            "play_cpu_p95": round(_quantile(play_cpu, 0.95), 3),
        }

    def by_bidder(role: int | None) -> dict[str, Any]:
        v = [d for p in passes for r, d in p.by_bidder if r == role]
        return {"deals": len(v), "a_minus_b": round(statistics.fmean(v), 3) if v else 0.0}

    return {
        "bots": list(config.bots),
        "labels": [la, lb],
        "mode": "games" if config.games else "deals",
        "rules": config.rules,
        "seed": config.seed,
        "corpus": config.corpus,
        "start": config.start,
        "pairs": len(pairs),
        "games": len(passes),  # deals mode: every deal is its own game
        "deals": deals,
        "redeals": sum(p.redeals for p in passes),
        "unfinished": sum(1 for p in passes if p.unfinished),
        "wins": {la: total(0, "wins"), lb: total(1, "wins")},
        "draws": sum(p.draws for p in passes),
        "win_rate": {"bot": la, **mean_ci(win_scores)},
        "points_per_deal": {
            la: round(total(0, "points") / deals, 3) if deals else 0.0,
            lb: round(total(1, "points") / deals, 3) if deals else 0.0,
            "a_minus_b": mean_ci(diffs),
        },
        "by_bidder": {la: by_bidder(0), lb: by_bidder(1), "passed": by_bidder(None)},
        "bids": {la: total(0, "bids"), lb: total(1, "bids")},
        "baits": {la: total(0, "baits"), lb: total(1, "baits")},
        "think_ms": {
            la: think(0),
            lb: think(1),
            "clock": "one decision with 2+ legal actions: wall time (perf_counter); cpu_*: process CPU time",
        },
        "seconds": round(seconds, 2),
        "jobs": config.jobs,
        "pair_differences": [round(d, 3) for d in diffs],
        "pair_win_scores": win_scores,
    }


def gap_share(x: dict[str, Any], y: dict[str, Any], base: dict[str, Any] | None = None) -> dict[str, Any]:
    """The share of the medium-to-oracle gap that hard closes, from runs against one opponent C on the same
    decks: ``x`` = 'hard vs C', ``y`` = 'oracle vs C', ``base`` = 'medium vs C' (None when C is medium: a
    duplicate medium-medium match is exactly 0). Share = (x − base) / (y − base) of the means; the interval
    is the delta method on the per-deck (paired) differences."""
    n = min(len(x["pair_differences"]), len(y["pair_differences"]))
    m = [float(v) for v in base["pair_differences"]] if base is not None else [0.0] * n
    n = min(n, len(m))
    a = [float(x["pair_differences"][i]) - m[i] for i in range(n)]
    b = [float(y["pair_differences"][i]) - m[i] for i in range(n)]
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    r = ma / mb
    var_a = statistics.variance(a) / n
    var_b = statistics.variance(b) / n
    cov = statistics.covariance(a, b) / n
    se = math.sqrt(max(0.0, var_a - 2 * r * cov + r * r * var_b)) / abs(mb)
    return {"share": round(r, 3), "ci95": [round(r - Z95 * se, 3), round(r + Z95 * se, 3)], "pairs": n}


# ---------------------------------------------------------------------- the command


def format_summary(s: dict[str, Any]) -> str:
    la, lb = s["labels"]
    ppd = s["points_per_deal"]
    diff = ppd["a_minus_b"]
    wr = s["win_rate"]
    source = f"corpus {s['corpus']}" if s["corpus"] else f"seed {s['seed']}"
    unit = "games to the target" if s["mode"] == "games" else "single deals"
    lines = [
        f"{la} vs {lb}: duplicate {unit}, rules {s['rules']}, {source}, "
        f"pairs {s['start']}..{s['start'] + s['pairs'] - 1}",
        f"  {s['pairs']} pairs, {s['games']} games, {s['deals']} deals ({s['redeals']} passed out)"
        + (f", {s['unfinished']} unfinished" if s["unfinished"] else ""),
        f"  wins: {la} {s['wins'][la]}, {lb} {s['wins'][lb]}, draws {s['draws']}; "
        f"{la}'s share {100 * wr['mean']:.1f} % (95 % CI {100 * wr['ci95'][0]:.1f}..{100 * wr['ci95'][1]:.1f})",
        f"  points per deal: {la} {ppd[la]:.1f}, {lb} {ppd[lb]:.1f}; "
        f"{la} − {lb} = {diff['mean']:+.1f} (95 % CI {diff['ci95'][0]:+.1f}..{diff['ci95'][1]:+.1f}, "
        f"sd {diff['stdev']:.1f} per pair)",
        f"  bids (baits): {la} {s['bids'][la]} ({s['baits'][la]}), {lb} {s['bids'][lb]} ({s['baits'][lb]})",
    ]
    for label in (la, lb):
        t = s["think_ms"][label]
        lines.append(
            f"  think {label}: median {t['median']:.2f} ms, p95 {t['p95']:.2f} ms over {t['decisions']} decisions; "
            f"card plays median {t['play_median']:.2f} ms, p95 {t['play_p95']:.2f} ms "
            f"(CPU time: median {t['play_cpu_median']:.2f} ms, p95 {t['play_cpu_p95']:.2f} ms)"
        )
    lines.append(f"  {s['seconds']:.1f} s wall, {s['jobs']} process(es)")
    return "\n".join(lines)


def selfplay_command(
    bots: str | None,
    games: int | None = None,
    deals: int | None = None,
    seed: int = 1,
    rules: str = "moscow",
    corpus: str | None = None,
    start: int = 0,
    jobs: int = 1,
    as_json: bool = False,
    make_corpus_path: str | None = None,
) -> int:
    if make_corpus_path:
        try:
            write_corpus(make_corpus_path, deals or CORPUS_SIZE, seed)
        except FileExistsError as exc:
            print(exc)
            return 2
        print(f"wrote {deals or CORPUS_SIZE} decks (seed {seed}) to {make_corpus_path}")
        return 0
    names = [b.strip() for b in (bots or "").split(",")]
    if len(names) != 2 or not all(names):
        print("--bots needs two levels, e.g. --bots hard,medium")
        return 2
    config = Config(
        bots=(names[0], names[1]),
        rules=rules,
        seed=seed,
        pairs=games if games is not None else (deals if deals is not None else 100),
        games=games is not None,
        corpus=corpus,
        start=start,
        jobs=jobs,
    )
    try:
        summary = run(config)
    except ValueError as e:
        print(f"error: {e}")
        return 2
    print(json.dumps(summary, ensure_ascii=False) if as_json else format_summary(summary))
    return 0
