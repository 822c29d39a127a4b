"""Analysis of a recorded game: the value of every card a player could have played, mistakes, lost points.

For each card played where more than one card was legal:

* ``exact``: every legal card's exact value with all cards open — the solver (``game.bots.solver``) under
  the deal's scoring (``game.bots.hard.deal_evaluation`` with the opponent's real hand): the written-points
  margin of the deal (own written points minus the opponent's, with bait, hanging tie, sequences, belle,
  лыжа), from the mover's point of view. The loss of a card is the best card's value minus its value; a
  card that loses at least ``MISTAKE_THRESHOLD`` points is a mistake.
* ``sampled``: the same under the mover's own knowledge — the hard bot's evaluation (``HardBot.card_totals``):
  the average over hidden-card samples consistent with the mover's view. To keep a whole game's analysis
  to seconds the sample counts of the first four tricks are reduced (``ANALYSIS_SAMPLES``, about a quarter
  of the bot's own); from trick 5, like the bot, it averages over every consistent hand (a game to 501:
  about 14 s of CPU, against 8 s when it sampled there).

Approximations are the hard bot's (docs/lab/bots-solver.md): sequences not yet decided count for nobody,
future belle protection is ignored, the match (hanging points' fate, target, claims) is not considered.

Bidding: if ``game.bots.bidding`` (the fitted bidding evaluator) is importable, each bid with a choice is
judged by it: the adjusted value of each option and the bid's shortfall from the best option. These are
estimates, not exact values, so they are reported apart and never counted in the deal's lost points.

Three players (``rules.players == 3``): ``exact`` is the three-hand solver's (``game.bots.solver3``, a
paranoid search: the two вистующие together minimise the bidder's margin) with all three hands open: the
bidder's card-point margin of the whole deal (the points taken so far, the last trick's 10, not sequences or
the bait), from the mover's side (a вистующий's value is the bidder's margin negated). ``sampled`` is the hard
bot's for three (``game.bots.hard3``): the same solve averaged over the two hidden hands drawn consistently with
the mover's view, where the bot itself does it (at most ``EXACT_FROM_CARDS`` cards in hand); earlier cards have
no knowledge value (the bot plays them by medium's rules). Bids are judged by the fitted evaluator for three
(``game.bots.bidding3``: each contract's fitted value against its caution). One ``Solver3`` per deal keeps its
table from card to card. Cost: a deal's first cards take seconds (every legal card solved to the end); the
sample game to 301 (``saves/three/moscow-three-players.json``, four deals played)
about 30 s of CPU, in the worker process with its progress, and cached.

Positions are reached by re-applying the record's actions through ``Match.apply`` (as ``replay`` does).
``analyse_file`` caches the result in the per-user cache folder (``cache_dir``), named by a hash of the
record's bytes and of the analysis settings.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import jsonsafe
from game.actions import Action, Kind
from game.atomic import write_atomic
from game.bots.hard import HardBot, deal_evaluation
from game.bots.hard3 import EXACT_FROM_CARDS, deal_sample, samples_at
from game.bots.medium3 import Knowledge3
from game.bots.solver import Position, Solver, cards_to_mask
from game.bots.solver3 import Solver3
from game.cache_folder import ANALYSIS, cache_root
from game.cards import CODE_OF, Card
from game.deal import Deal, DealView, Phase
from game.errors import RecordError
from game.match import Match
from game.names import printable
from game.record import GameRecord, load, loads, read_record_bytes
from game.words import say

log = logging.getLogger(__name__)

__all__ = [
    "ANALYSIS_SAMPLES",
    "MISTAKE_THRESHOLD",
    "Analysis",
    "BidJudgement",
    "CardDecision",
    "DealAnalysis",
    "analyse_command",
    "analyse_file",
    "analyse_record",
    "cache_path",
    "exact_values",
]

ANALYSIS_VERSION = 2  # 2: the knowledge values average over every consistent hand from trick 5 (as the bot)
MISTAKE_THRESHOLD = 1.0  # points of the deal's margin
BID_THRESHOLD = 5.0  # estimated points: a bid this far below the evaluator's best is reported
ANALYSIS_SAMPLES = (12, 12, 16, 16, 24, 24, 32, 32, 32)  # per trick played; the hard bot uses about twice
SAMPLE_SEED = 20240
# for three, per trick played as for two: the hard bot's own counts by the cards then in hand (9 at trick 1)
THREE_SAMPLES = tuple(samples_at(10 - trick) for trick in range(1, 10))

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class CardDecision:
    deal: int  # 0-based index into the record's deals
    action: int  # 0-based index into that deal's actions
    seat: int
    played: Card
    best: Card
    loss: float  # exact value of the best card minus that of the played card (>= 0)
    exact: dict[Card, float]  # each legal card -> exact value for the mover (the deal's margin)
    sampled: dict[Card, float] | None = None  # the same under the mover's knowledge (sampled average)
    threshold: float = MISTAKE_THRESHOLD

    @property
    def mistake(self) -> bool:
        return self.loss >= self.threshold

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "seat": self.seat,
            "card": CODE_OF[self.played],
            "best": CODE_OF[self.best],
            "lost": round(self.loss, 2),
            "values": {CODE_OF[c]: round(v, 2) for c, v in self.exact.items()},
            "sampled": None if self.sampled is None else {CODE_OF[c]: round(v, 2) for c, v in self.sampled.items()},
        }

    @classmethod
    def from_json(cls, deal: int, obj: dict[str, Any], threshold: float) -> CardDecision:
        sampled = obj.get("sampled")
        return cls(
            deal,
            int(obj["action"]),
            int(obj["seat"]),
            Card.parse(obj["card"]),
            Card.parse(obj["best"]),
            jsonsafe.finite(obj["lost"]),
            {Card.parse(k): jsonsafe.finite(v) for k, v in obj["values"].items()},
            None if sampled is None else {Card.parse(k): jsonsafe.finite(v) for k, v in sampled.items()},
            threshold,
        )


@dataclass(frozen=True, slots=True)
class BidJudgement:
    deal: int
    action: int
    seat: int
    chosen: str  # the action as in records ("pass", "order", "name:H")
    best: str
    loss: float  # estimated: the best option's adjusted value minus the chosen one's
    values: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "seat": self.seat,
            "bid": self.chosen,
            "best": self.best,
            "lost": round(self.loss, 2),
            "values": {k: round(v, 2) for k, v in self.values.items()},
        }

    @classmethod
    def from_json(cls, deal: int, obj: dict[str, Any]) -> BidJudgement:
        return cls(
            deal,
            int(obj["action"]),
            int(obj["seat"]),
            str(obj["bid"]),
            str(obj["best"]),
            jsonsafe.finite(obj["lost"]),
            {str(k): jsonsafe.finite(v) for k, v in obj["values"].items()},
        )


@dataclass(slots=True)
class DealAnalysis:
    index: int
    decisions: list[CardDecision] = field(default_factory=list)
    bids: list[BidJudgement] = field(default_factory=list)
    players: int = 2

    @property
    def mistakes(self) -> list[CardDecision]:
        return [d for d in self.decisions if d.mistake]

    @property
    def lost(self) -> tuple[float, ...]:
        """The points each seat lost by its mistakes (one entry per seat)."""
        out = [0.0] * self.players
        for d in self.mistakes:
            out[d.seat] += d.loss
        return tuple(out)

    def decision_at(self, action: int) -> CardDecision | None:
        return next((d for d in self.decisions if d.action == action), None)

    def to_json(self) -> dict[str, Any]:
        lost = self.lost
        return {
            "deal": self.index + 1,
            "lost": [round(x, 2) for x in lost],
            "mistakes": [d.to_json() for d in self.mistakes],
            "decisions": [d.to_json() for d in self.decisions],
            "bids": [b.to_json() for b in self.bids],
        }


@dataclass(slots=True)
class Analysis:
    digest: str
    deals: list[DealAnalysis]
    bidding: str  # how bids were judged, or why they were not
    samples: tuple[int, ...] = ANALYSIS_SAMPLES
    threshold: float = MISTAKE_THRESHOLD
    players: int = 2

    def deal(self, index: int) -> DealAnalysis | None:
        return next((d for d in self.deals if d.index == index), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "deberts-analysis",
            "version": ANALYSIS_VERSION,
            "digest": self.digest,
            "players": self.players,
            "threshold": self.threshold,
            "samples": list(self.samples),
            "bidding": self.bidding,
            "deals": [d.to_json() for d in self.deals],
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Analysis:
        threshold = jsonsafe.finite(obj["threshold"])
        players = int(obj.get("players", 2))  # written since three players; an older cache is two-handed
        if players not in (2, 3):
            raise ValueError(f"players {players}")
        deals = []
        for d in obj["deals"]:
            i = int(d["deal"]) - 1
            deals.append(
                DealAnalysis(
                    i,
                    [CardDecision.from_json(i, x, threshold) for x in d["decisions"]],
                    [BidJudgement.from_json(i, x) for x in d.get("bids", [])],
                    players,
                )
            )
        return cls(str(obj["digest"]), deals, str(obj["bidding"]), tuple(obj["samples"]), threshold, players)


# ------------------------------------------------------------------------------------------ values


def _position(view: DealView, opp_hand: tuple[Card, ...]) -> Position:
    assert view.trump is not None
    me = view.seat
    mine, theirs = cards_to_mask(view.hand), cards_to_mask(opp_hand)
    hands = (mine, theirs) if me == 0 else (theirs, mine)
    if view.trick:
        assert view.trick_leader is not None
        return Position(hands, int(view.trump), view.trick_leader, (view.trick[0],))
    return Position(hands, int(view.trump), me)


def exact_values(deal: Deal, solver: Solver | None = None, solver3: Solver3 | None = None) -> dict[Card, float]:
    """Every legal card of the player to act -> its exact value for that player (all cards open). Three
    players: the three-hand solve (``solver3``: one per deal, made here if not given)."""
    seat = deal.current_player()
    if seat is None or deal.phase is not Phase.PLAY:
        return {}
    if deal.rules.players == 3:
        return _exact_three(deal, seat, solver3)
    view = deal.view(seat)
    opp = tuple(sorted(deal.hand(1 - seat)))
    values = (solver or Solver()).values(_position(view, opp), deal_evaluation(view, opp))
    sign = 1.0 if seat == 0 else -1.0
    return {c: sign * v for c, v in values.items()}


def _taken_margin(view: DealView) -> int:
    """The bidder's card points taken so far minus the вистующие's (public: on every view)."""
    assert view.bidder is not None
    return 2 * view.card_points[view.bidder] - sum(view.card_points)


def _solver3_for(deal: Deal, solver3: Solver3 | None) -> Solver3:
    assert deal.trump is not None and deal.bidder is not None
    if solver3 is not None and solver3.trump == deal.trump and solver3.bidder == deal.bidder:
        return solver3
    return Solver3(deal.trump, deal.bidder)


def _exact_three(deal: Deal, seat: int, solver3: Solver3 | None) -> dict[Card, float]:
    """The bidder's card-point margin of the whole deal after each legal card, from ``seat``'s side."""
    view = deal.view(seat)
    assert view.bidder is not None
    solver = _solver3_for(deal, solver3)
    hands = (tuple(sorted(deal.hand(0))), tuple(sorted(deal.hand(1))), tuple(sorted(deal.hand(2))))
    leader = view.trick_leader if view.trick else seat
    assert leader is not None
    values = solver.values(hands, leader, tuple(view.trick))
    base = _taken_margin(view)
    sign = 1.0 if seat == view.bidder else -1.0
    return {c: sign * (base + v) for c, v in values.items()}


def sampled_values_three(
    view: DealView, solver3: Solver3, seed: int, samples: int | None = None
) -> dict[Card, float] | None:
    """The hard bot's (for three) value of each legal card under the mover's knowledge: the average over the
    hidden hands drawn consistently with the view, on the same scale as ``_exact_three``. None where the bot
    does not solve (more than ``EXACT_FROM_CARDS`` cards in hand) or no draw fits."""
    if len(view.hand) > EXACT_FROM_CARDS or view.bidder is None:
        return None
    if samples is None:
        samples = samples_at(len(view.hand)) or samples_at(EXACT_FROM_CARDS)
    cards = _card_choices(view)
    leader = view.trick_leader if view.trick else view.seat
    assert leader is not None
    rng = random.Random(seed)
    k = Knowledge3(view)
    totals = dict.fromkeys(cards, 0.0)
    n = 0
    for _ in range(samples):
        hands = deal_sample(view, k, rng)
        if hands is None:
            continue
        values = solver3.values(hands, leader, tuple(view.trick))
        for c in cards:
            totals[c] += values[c]
        n += 1
    if not n:
        return None
    base = _taken_margin(view)
    sign = 1.0 if view.seat == view.bidder else -1.0
    return {c: sign * (base + v / n) for c, v in totals.items()}


def sampled_values(bot: HardBot, view: DealView) -> dict[Card, float]:
    """The hard bot's evaluation of each legal card under the mover's own knowledge (average per sample)."""
    totals = bot.card_totals(view)
    weight = float(getattr(bot, "last_weight", 0.0) or bot.last_samples or 1)
    return {c: v / weight for c, v in totals.items()}


def _card_choices(view: DealView) -> list[Card]:
    return sorted({a.card for a in view.legal if a.kind is Kind.PLAY and a.card is not None})


def _bid_evaluator(players: int = 2) -> tuple[Callable[[DealView], Any] | None, str]:
    if players == 3:
        from game.bots.bidding3 import decide3

        return decide3, "fitted evaluator for three (game/bots/bidding3.py); estimates, not counted in the lost points"
    try:
        from game.bots import bidding

        bidding.load_evaluator()
    except Exception as exc:  # the module is optional (and its data file may be missing)
        return None, f"skipped: no bidding evaluator ({type(exc).__name__}: {exc})"
    return bidding.decide, "fitted evaluator (game/bots/bidding.py); estimates, not counted in the lost points"


def _judge_bid(decide: Callable[[DealView], Any], view: DealView, action: Action, di: int, aj: int) -> BidJudgement:
    decision = decide(view)
    values = {str(o.action): float(o.utility) for o in decision.options}
    if decision.pass_value is not None:
        values["pass"] = float(decision.pass_value)
    best = max(values, key=lambda k: values[k])
    chosen = str(action)
    loss = max(0.0, values[best] - values.get(chosen, values[best]))
    return BidJudgement(di, aj, view.seat, chosen, best, loss, values)


# ------------------------------------------------------------------------------------------ driver


def record_digest(data: bytes, sampled: bool = True) -> str:
    h = hashlib.sha256()
    h.update(data)
    h.update(f"|v{ANALYSIS_VERSION}|{MISTAKE_THRESHOLD}|{ANALYSIS_SAMPLES if sampled else 'exact'}".encode())
    if sampled:  # the hard bot's counts for three: a cache made with other counts is stale
        h.update(f"|three{THREE_SAMPLES}".encode())
    return h.hexdigest()


def _card_positions(record: GameRecord) -> Any:
    """(deal index, action index, deal) before every card play with a choice; then the action is applied."""
    match = Match(record.rules, record.first_dealer)
    for di, deal_rec in enumerate(record.deals):
        deal = match.start_deal(deal_rec.deck)
        for aj, action in enumerate(deal_rec.actions):
            yield di, aj, action, deal
            match.apply(action)


def analyse_record(
    record: GameRecord,
    digest: str = "",
    *,
    sampled: bool = True,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
    samples: tuple[int, ...] = ANALYSIS_SAMPLES,
) -> Analysis:
    """Analyse every deal of a (valid) record. ``progress(done, total)`` after each card decision;
    ``cancel()`` returning True stops early (the analysis so far is returned)."""
    solver = Solver()
    bot = HardBot(seed=SAMPLE_SEED, solver=solver, samples=samples)
    players = record.rules.players
    decide, bidding_note = _bid_evaluator(players)
    solver3: Solver3 | None = None  # three players: one per deal (its table serves the deal's every card)
    todo = []
    for di, aj, action, deal in _card_positions(record):
        if deal.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
            todo.append((di, aj, action, "bid"))
        elif action.kind is Kind.PLAY and len(_card_choices(deal.view(deal.current_player() or 0))) > 1:
            todo.append((di, aj, action, "card"))
    total = sum(1 for t in todo if t[3] == "card")
    deals = [DealAnalysis(i, players=players) for i in range(len(record.deals))]
    done = 0
    wanted = {(di, aj): kind for di, aj, _, kind in todo}
    if progress:
        progress(0, total)
    for di, aj, action, deal in _card_positions(record):
        kind = wanted.get((di, aj))
        if kind is None:
            continue
        if cancel is not None and cancel():
            break
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        if kind == "bid":
            if decide is not None and len(view.legal) > 1:
                deals[di].bids.append(_judge_bid(decide, view, action, di, aj))
            continue
        if players == 3:
            solver3 = _solver3_for(deal, solver3)
        exact = exact_values(deal, solver, solver3)
        played = action.card
        assert played is not None
        best = max(exact, key=lambda c: (exact[c], c == played, -int(c)))
        loss = max(0.0, exact[best] - exact[played])
        if loss < 1e-9:
            best = played
        if not sampled:
            samp = None
        elif players == 3:
            assert solver3 is not None
            samp = sampled_values_three(view, solver3, SAMPLE_SEED + 1000 * di + aj)
        else:
            samp = sampled_values(bot, view)
        deals[di].decisions.append(CardDecision(di, aj, seat, played, best, loss, exact, samp))
        done += 1
        if progress:
            progress(done, total)
    used = (THREE_SAMPLES if players == 3 else samples) if sampled else ()
    return Analysis(digest, deals, bidding_note, used, MISTAKE_THRESHOLD, players)


# ------------------------------------------------------------------------------------------ files


def cache_dir() -> Path:
    """Where analyses are kept (``game.cache_folder``) — never beside the record (issue 23: caches were written
    into the install folder's samples and onto the user's desktop)."""
    return cache_root() / ANALYSIS


def cache_file(digest: str) -> Path:
    """The cache of the analysis whose record and settings hash to ``digest`` (``record_digest``)."""
    return cache_dir() / f"{digest}.json"


def cache_path(path: str | os.PathLike[str], sampled: bool = True) -> Path:
    """The cache of ``path``'s analysis, keyed by the record's content (and how it was analysed): a record moved,
    renamed or copied finds its analysis; a changed one does not. ``OSError``/``RecordError``: unreadable."""
    return cache_file(record_digest(read_record_bytes(path), sampled))


MAX_CACHE_BYTES = 16 * 1024 * 1024


def load_cached(
    path: str | os.PathLike[str], sampled: bool = True, record: GameRecord | None = None
) -> Analysis | None:
    """The cached analysis if it is there, well-formed and belongs to this very content of the record (and,
    given the record, every index in it points into the record). Anything else is None: recomputed."""
    try:
        digest = record_digest(read_record_bytes(path), sampled)
        obj = jsonsafe.load_file(cache_file(digest), MAX_CACHE_BYTES)
        if not isinstance(obj, dict) or obj.get("format") != "deberts-analysis" or obj.get("digest") != digest:
            return None
        analysis = Analysis.from_json(obj)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecordError):
        return None
    if record is not None and (analysis.players != record.rules.players or not _fits(analysis, record)):
        return None
    if analysis.players == 3 and analysis.bidding.startswith("skipped"):
        return None  # made before the bids of three were judged (bidding3): judge them now
    return analysis


def _fits(analysis: Analysis, record: GameRecord) -> bool:
    """Every deal and action index of the analysis points into the record (a hand-made cache could lie)."""
    for d in analysis.deals:
        if not 0 <= d.index < len(record.deals):
            return False
        n = len(record.deals[d.index].actions)
        items: list[CardDecision | BidJudgement] = [*d.decisions, *d.bids]
        if any(not 0 <= x.action < n or not 0 <= x.seat < record.rules.players for x in items):
            return False
    return True


def analyse_file(
    path: str | os.PathLike[str],
    *,
    use_cache: bool = True,
    sampled: bool = True,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
) -> Analysis:
    """Load (validate), analyse and cache (``cache_dir``, keyed by the content). Raises ``RecordError`` for a
    broken record; a broken cache is ignored and rewritten."""
    p = Path(path)
    data = read_record_bytes(p)
    digest = record_digest(data, sampled)
    try:
        record = loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError(f"{printable(str(p))} is not a UTF-8 text file") from None
    except RecordError as exc:
        raise RecordError(f"{printable(p.name)}: {exc}") from None
    if use_cache:
        cached = load_cached(p, sampled, record)
        if cached is not None:
            return cached
    result = analyse_record(record, digest, sampled=sampled, progress=progress, cancel=cancel)
    finished = cancel is None or not cancel()
    if use_cache and finished:
        _write_cache(cache_file(digest), result)
    return result


def _write_cache(target: Path, analysis: Analysis) -> None:
    try:
        write_atomic(target, json.dumps(analysis.to_json(), ensure_ascii=False, allow_nan=False, indent=1))
    except OSError as exc:  # a read-only folder (the shipped samples): no cache, no problem
        log.warning("analysis cache not written: %s", exc)


# ------------------------------------------------------------------------------------------ command


def analysis_text(record: GameRecord, analysis: Analysis, lang: str = "ru") -> list[str]:
    """The ``analyse`` command's lines; the words are the catalogues' (``analysis.*``, game.words)."""
    names = record.players
    lines = []
    for d in analysis.deals:
        lost = ", ".join(f"{names[s]} {d.lost[s]:g}" for s in range(len(d.lost)))
        lines.append(say("analysis.deal_lost", lang, number=d.index + 1, lost=lost))
        for m in d.mistakes:
            mistake = say(
                "analysis.mistake",
                lang,
                number=m.action + 1,
                name=names[m.seat],
                played=CODE_OF[m.played],
                best=CODE_OF[m.best],
                loss=f"{m.loss:g}",
            )
            lines.append(f"  {mistake}")
        for b in d.bids:
            if b.loss >= BID_THRESHOLD:
                bid = say(
                    "analysis.bid",
                    lang,
                    number=b.action + 1,
                    name=names[b.seat],
                    chosen=b.chosen,
                    best=b.best,
                    loss=f"{b.loss:.0f}",
                )
                lines.append(f"  {bid}")
    lines.append(_bidding_words(analysis.bidding, lang))
    return lines


def _bidding_words(note: str, lang: str) -> str:
    """How bids were judged: the evaluators' notes worded; any other note (why they were not) quoted."""
    if note.startswith("fitted evaluator for three"):
        return say("analysis.bidding_fitted3", lang)
    if note.startswith("fitted evaluator"):
        return say("analysis.bidding_fitted", lang)
    return say("analysis.bidding_note", lang, note=note)


def analyse_command(files: list[str], as_json: bool = False, use_cache: bool = True, lang: str = "ru") -> int:
    status = 0
    for path in files:
        try:
            record = load(path)
            analysis = analyse_file(path, use_cache=use_cache)
        except RecordError as exc:
            print(f"error: {exc}", file=sys.stderr)
            status = 2
            continue
        if as_json:
            print(json.dumps({"file": path, **analysis.to_json()}, ensure_ascii=False, allow_nan=False))
        else:
            print(f"== {path}")
            print("\n".join(analysis_text(record, analysis, lang)))
    return status
