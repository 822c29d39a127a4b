"""Hard for three players: sample the two hidden hands and solve each sample exactly, from the first card.

``game.bots.factory`` seats a hard bot at a table of three as ``HardThree`` (its ``choose`` is
``choose_hard_three`` over the level's bot). The bot deals the unseen cards to the two others and the stock
consistently with the view (``Knowledge3``: voids, shown cards, hand sizes), solves every legal card in each
sample with the paranoid three-hand solver (``solver3``; the вистующие minimise the bidder's margin) and plays
the card with the best average margin for its side, in either role from its first card (``SAMPLES_BY_CARDS``).
With 9 and 8 cards the samples are solved in their drawn order until the decision's nodes (``DECISION_NODES``)
run out, so the time stays bounded and the choice deterministic. It draws ``OVERSAMPLE`` times as many
candidates and resamples them by how likely the others' card plays and bids make them (``sample_weights``:
``play_model3``, the others modelled as mediums). A вистующий also counts what it takes itself, which the side's
margin does not tell from what its partner takes (it writes its own points: ``own_share``): from its first card
it adds half its own margin against both others, a second paranoid solve (``dual_scorer``, ``DUAL``; on the second
core when the bot has two, ``workers``: the same values sooner), and playing last to a trick its own take over its
side's (``SELFISH``). It bids by the fitted evaluator for three (``bidding3``,
``BIDDING``, at the data file's caution, −20); the dialog is medium's for three. Measured and not kept
(docs/lab/bots-three.md): valuing a sample by what the deal writes (``written_scorer``), max-n instead of
paranoid (lab/maxn3.py), a budget per sample instead of per decision."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.actions import Action, Kind
from game.bots.base import check_turn
from game.bots.bidding3 import bid3
from game.bots.inference3 import WeightFn, likelihood
from game.bots.medium import MediumBot
from game.bots.medium3 import Knowledge3, _with_belle, card_score, choose_three
from game.bots.play_model3 import EPS, combined
from game.bots.solver3 import LAST_TRICK, Hands, NodeBudget, Solver3
from game.bots.trick_model3 import TrickModelScorer, later_in_trick
from game.cards import Card, Suit, beats, points
from game.deal import DealView, Phase
from game.scoring import BELLE_POINTS

if TYPE_CHECKING:
    from game.bots.hard import HardBot

# "fitted": bid by the fitted evaluator for three (bidding3.py, fitted on deals hard played out); "medium":
# medium's threshold 62. The measurements against the threshold are in docs/lab/bots-three.md
BIDDING = "fitted"
# samples solved per card decision by the cards in hand, in either role: from the first card (9 cards in hand),
# within DECISION_NODES at 9 and 8 cards; none (medium's one ply) above the largest key. The bidder's from 9 cards
# with the weights and caution −20 against hard that sampled from 7 cards at caution 0: +3.5 (+1.2 … +5.9) and
# +5.4 (+3.1 … +7.7) points a deal on 300 fresh decks each (docs/lab/bots-three.md, session 35: ``hard_bd98w_c-20``);
# a вистующий's too (session 36, ``hv_v98w``): +2.0, +1.2 and +0.7 on the three tuning seeds; earlier tries from
# 8 cards without the weights or the decision's budget lost (−0.1)
SAMPLES_BY_CARDS: dict[int, int] = {9: 8, 8: 10, 7: 12, 6: 16, 5: 24, 4: 24, 3: 24, 2: 24}
# nodes for a whole decision by the cards in hand: the samples are solved in their drawn order until these run out
# and the one cut short is dropped — not a budget per sample, which drops the hardest deals, not a random part of
# them. A 9-card sample takes ~29,000 nodes median (90,000 at p90), an 8-card one 7,400 (16,000)
DECISION_NODES: dict[int, int] = {9: 100_000, 8: 60_000}
# nodes a sample's search may take by the cards in hand (none: no limit); a sample past it is given up
NODE_BUDGET: dict[int, int] = {}
# a вистующий's weight of its own take over its side's (``own_share``) when it plays last to a trick; 0: the
# side's margin alone (the paranoid search does not tell which вистующий takes a trick)
SELFISH = 1.0
# a вистующий's weight of its own margin against both others (``dual_scorer``) with at most DUAL_FROM cards: from
# its first card, each search within DECISION_NODES, +0.56, +0.65 and +0.09 points a deal on the tuning seeds
# against the same from 6 cards (session 37, ``h37_dual9``); at the table the second search runs on the second core
DUAL = 0.5
DUAL_FROM = 9
SELFISH_EARLY = 0.0  # the same weight added to medium's one-ply score where hard plays it (the first two tricks)
# candidates drawn per solved sample, resampled by their weight (``sample_weights``: the others' card plays and
# bids). Without the weights the same bidder is about two points a deal weaker (+1.1 and +2.5 on two seeds)
OVERSAMPLE = 4
EXACT_FROM_CARDS = max(SAMPLES_BY_CARDS)  # hard solves sampled hands from this many cards in hand down
# the others' cards still to come in the current trick fixed to medium's choice in each sample (``trick_model3``):
# "others", "partner" (a вистующий's partner only) or "" (the paranoid search alone). Paired against "" with two
# mediums (issue 25, sessions 44–46): +0.8 over 1,200 moscow decks, +2.5 and +2.7 on two fresh kharkov seeds
TRICK_MODEL = "others"


def sample_weights(view: DealView) -> WeightFn | None:
    """How likely the others' card plays and bids make each sampled deal (``play_model3``, the others modelled as
    mediums); None: nothing to weigh by yet (uniform samples)."""
    return combined(EPS, False, True)(view)


def samples_at(cards: int) -> int:
    """How many samples the game's hard bot asks for with ``cards`` in hand (0: medium's one ply)."""
    return SAMPLES_BY_CARDS.get(cards, 0)


def samples_for(bot: HardBot, cards: int, vist: bool = False) -> int:
    """How many samples to solve with ``cards`` in hand (0: play medium's card); a measuring variant may
    carry its own ``samples3`` table for both roles (lab/hard3_variants.py), and one for a вистующий
    (``samples3_vist``)."""
    table: dict[int, int] = getattr(bot, "samples3", SAMPLES_BY_CARDS)
    if vist:
        table = getattr(bot, "samples3_vist", table)
    return table.get(cards, 0)


Scorer = Callable[[Hands, int, tuple[Card, ...]], dict[Card, float] | None]
"""A sample's value of each legal card for the seat to decide (hands, trick leader, trick so far); None: the
sample was given up (a node budget)."""


def paranoid_scorer(view: DealView, budget: int | None = None, total: int | None = None) -> Scorer:
    """The exact paranoid solve: the bidder's margin, negated for a вистующий (one solver per decision). With
    ``budget``, a sample whose search passes that many nodes is given up; with ``total``, every sample once the
    decision's searches together pass that many (``DECISION_NODES``)."""
    assert view.trump is not None and view.bidder is not None
    solver = Solver3(view.trump, view.bidder)
    sign = 1 if view.seat == view.bidder else -1
    if total is not None:
        solver.node_limit = total

    def score(hands: Hands, leader: int, trick: tuple[Card, ...]) -> dict[Card, float] | None:
        if budget is not None:
            solver.node_limit = solver.nodes + budget if total is None else min(total, solver.nodes + budget)
        values = values_within(solver, hands, leader, trick)
        return None if values is None else {c: float(sign * v) for c, v in values.items()}

    return score


def values_within(solver: Solver3, hands: Hands, leader: int, trick: tuple[Card, ...]) -> dict[Card, int] | None:
    """``solver.values``, or None when the search passes the solver's ``node_limit`` (the sample is given up)."""
    try:
        return solver.values(hands, leader, trick)
    except NodeBudget:
        return None


def own_values(
    trump: Suit, seat: int, total: int | None, samples: list[Hands], leader: int, trick: tuple[Card, ...]
) -> list[dict[Card, int] | None]:
    """A вистующий's own margin against both others in each sample, in order, by one fresh solver (me as the lone
    side) that gives up every sample once its nodes pass ``total`` (None for those). ``dual_scorer``'s second
    search, whole: the second core solves it while this one solves the side's (``game.bots.parallel``)."""
    own = Solver3(trump, seat)
    if total is not None:
        own.node_limit = total
    return [values_within(own, hands, leader, trick) for hands in samples]


class DualScorer:
    """For a вистующий: the side's paranoid margin plus ``weight`` × its own margin against both others (a
    second paranoid solve with me as the lone side): what it takes itself, which the side's margin does not
    tell apart from what its partner takes. ``total``: each of the two searches gives up every sample once its
    nodes in the decision pass that many (as ``paranoid_scorer``'s).

    ``score_all`` values a decision's samples at once: with ``workers`` 2 (and a large decision) the own searches
    run on the second core (``own_values``) while this one solves the side's. The values are the same as in one
    process — each search is one solver over the samples in order, a sample counts only where both finished, and
    a search that passes its nodes gives up every later sample too — only sooner."""

    def __init__(self, view: DealView, weight: float, total: int | None = None, workers: int = 1) -> None:
        assert view.trump is not None and view.bidder is not None
        self.trump, self.seat, self.weight, self.total, self.workers = view.trump, view.seat, weight, total, workers
        self.side = Solver3(view.trump, view.bidder)
        self.own = Solver3(view.trump, view.seat)
        if total is not None:
            self.side.node_limit = self.own.node_limit = total
        self.cards = len(view.hand)

    def _both(self, side: dict[Card, int], mine: dict[Card, int]) -> dict[Card, float]:
        return {c: float(-v + self.weight * mine[c]) for c, v in side.items()}

    def __call__(self, hands: Hands, leader: int, trick: tuple[Card, ...]) -> dict[Card, float] | None:
        mine = values_within(self.own, hands, leader, trick)
        if mine is None:
            return None  # the side's search not spent on a sample that cannot count
        side = values_within(self.side, hands, leader, trick)
        return None if side is None else self._both(side, mine)

    def score_all(self, samples: list[Hands], leader: int, trick: tuple[Card, ...]) -> list[dict[Card, float] | None]:
        """Each sample's values (None: given up), the own searches on the second core when it pays."""
        from game.bots import parallel

        if not (self.workers > 1 and self.cards >= parallel.MIN_CARDS and len(samples) > 1):
            return [self(h, leader, trick) for h in samples]
        own = parallel.Offloaded(own_values, self.trump, self.seat, self.total, samples, leader, trick)
        pairs = parallel.beside(samples, lambda hands: values_within(self.side, hands, leader, trick), own)
        return [None if pair is None else self._both(*pair) for pair in pairs]


def dual_scorer(view: DealView, weight: float, total: int | None = None, workers: int = 1) -> Scorer:
    """``DualScorer``: a вистующий's side's margin plus ``weight`` × its own."""
    return DualScorer(view, weight, total, workers)


def adaptive_dual_scorer(view: DealView, low: float, high: float, gap: float) -> Scorer:
    """``dual_scorer`` whose weight of my own margin is ``high`` in a sample where the bait is decided (the
    sides' totals more than ``gap`` apart after every card) and ``low`` where it is not."""
    assert view.trump is not None and view.bidder is not None
    trump, b = view.trump, view.bidder
    side_solver = Solver3(trump, b)
    own = Solver3(trump, view.seat)
    taken = [0, 0]  # the bidder's, the вистующие's
    for p in range(view.players):
        taken[p != b] += view.card_points[p] + (BELLE_POINTS if view.belle_declared[p] else 0)
    if view.sequence_owner is not None:
        taken[view.sequence_owner != b] += view.sequence_points

    def score(hands: Hands, leader: int, trick: tuple[Card, ...]) -> dict[Card, float]:
        side = side_solver.values(hands, leader, trick)
        decided = all(abs(taken[0] - taken[1] + m) > gap for m in side.values())
        w = high if decided else low
        mine = own.values(hands, leader, trick)
        return {c: float(-v + w * mine[c]) for c, v in side.items()}

    return score


def written_scorer(view: DealView, total: int | None = None) -> Scorer:
    """The paranoid solve's margin turned into what the deal writes: my points minus the others' mean.

    Each side's total is what it has taken (cards, counted sequences, declared belle) plus its share of the
    rest by the sample's exact margin; the bidder writes its total when it beats the вистующие's, else a bait
    (each вистующий adds half the bidder's total) or a tie (the bidder's total hangs). A вистующий's own
    share of its side's total is taken as half. The step at the bait is what the margin alone does not see:
    the bidder plays safe near it, the вистующие go for it. ``total``: the decision's nodes, as for
    ``paranoid_scorer``.
    """
    assert view.trump is not None and view.bidder is not None
    trump, b = view.trump, view.bidder
    solver = Solver3(trump, b)
    if total is not None:
        solver.node_limit = total
    side = [0, 0]  # taken so far: the bidder's, the вистующие's
    for p in range(view.players):
        side[p != b] += view.card_points[p] + (BELLE_POINTS if view.belle_declared[p] else 0)
    if view.sequence_owner is not None:
        side[view.sequence_owner != b] += view.sequence_points
    bidder = view.seat == b

    def score(hands: Hands, leader: int, trick: tuple[Card, ...]) -> dict[Card, float] | None:
        rest = LAST_TRICK + sum(points(c, trump) for h in (*hands, trick) for c in h)
        out: dict[Card, float] = {}
        margins = values_within(solver, hands, leader, trick)
        if margins is None:
            return None
        for c, m in margins.items():
            tb = side[0] + (rest + m) / 2
            tv = side[1] + (rest - m) / 2
            if tb > tv:
                out[c] = tb - tv / 2 if bidder else tv / 4 - tb / 2
            elif tb < tv:
                out[c] = -(tb + tv) / 2 if bidder else (tb + tv) / 4
            else:
                out[c] = -tv / 2 if bidder else tv / 4
        return out

    return score


class HardThree:
    """A hard bot at a table of three (``HardBot.for_three``): its seed, solver and samples, this module's
    strategy; ``scorer`` makes each decision's per-sample values (a measuring variant passes another)."""

    def __init__(self, bot: HardBot, scorer: Callable[[DealView], Scorer] = paranoid_scorer) -> None:
        self.bot = bot
        self.scorer = scorer

    def choose(self, view: DealView) -> Action:
        return choose_hard_three(self.bot, view, self.scorer)


@dataclass(frozen=True)
class Decision3:
    """Hard's decision for three and what it chose by: where it sampled, each legal card's value per solved sample
    (its side's margin in the tricks still to play, a вистующий's own take added) and how many samples were
    solved (duplicates counted as drawn); elsewhere no values (medium's one ply, the bidding, the dialog)."""

    action: Action
    values: dict[Card, float] = field(default_factory=dict)
    samples: int = 0


def choose_hard_three(bot: HardBot, view: DealView, scorer: Callable[[DealView], Scorer] = paranoid_scorer) -> Action:
    """Hard's decision for three; ``scorer`` makes each decision's per-sample values (a measuring variant
    passes another search, lab/maxn3.py)."""
    return decide_hard_three(bot, view, scorer).action


def decide_hard_three(
    bot: HardBot, view: DealView, scorer: Callable[[DealView], Scorer] = paranoid_scorer
) -> Decision3:
    """``choose_hard_three`` with the values behind the choice (the hint shows them)."""
    legal = view.legal
    check_turn(view, 3)
    if (
        view.phase in (Phase.BIDDING_1, Phase.BIDDING_2)
        and len(legal) > 1
        and getattr(bot, "bidding3", BIDDING) == "fitted"
    ):
        return Decision3(bid3(view))
    rng = bot.decision_rng(view)
    plays = [a for a in legal if a.kind is Kind.PLAY and a.card is not None]
    cards = sorted({a.card for a in plays if a.card is not None})
    if (
        view.phase is Phase.PLAY
        and len(plays) == len(legal)
        and len(cards) > 1
        and samples_for(bot, len(view.hand), view.seat != view.bidder) > 0
        and view.trump is not None
        and view.bidder is not None
    ):
        n = samples_for(bot, len(view.hand), view.seat != view.bidder)
        oversample = getattr(bot, "oversample3", OVERSAMPLE)
        if view.seat == view.bidder and getattr(bot, "infer3_vist_only", False):
            oversample = 0
        score = card_scorer(bot, view, scorer)
        temper = getattr(bot, "infer3_temper", 1.0)
        weigh = getattr(bot, "likelihood3", sample_weights)
        totals, solved = sampled_totals(view, cards, rng, n, score, oversample, temper, weigh)
        if totals and scorer is paranoid_scorer:  # a вистующий's own take, once per sample solved
            for c in cards:
                totals[c] += solved * own_bonus(bot, view, c)
        if totals:
            card = max(cards, key=lambda c: (totals[c], -int(c)))
            values = {c: totals[c] / solved for c in cards}
            return Decision3(_with_belle(view, Knowledge3(view), card, plays), values, solved)
    early = float(getattr(bot, "selfish3_early", SELFISH_EARLY))
    if (
        early
        and view.phase is Phase.PLAY
        and len(plays) == len(legal)
        and len(cards) > 1
        and view.seat != view.bidder
        and len(view.trick) == 2
    ):
        medium = MediumBot(bot.seed)
        k = Knowledge3(view)
        card = max(cards, key=lambda c: (card_score(medium, view, k, c) + early * own_share(view, c), -int(c)))
        return Decision3(_with_belle(view, k, card, plays))
    return Decision3(choose_three(MediumBot(bot.seed), view))


def card_scorer(bot: HardBot, view: DealView, scorer: Callable[[DealView], Scorer] = paranoid_scorer) -> Scorer:
    """The per-sample values hard uses for this decision: the paranoid solve (with the bot's node budget), or
    for a вистующий from ``DUAL_FROM`` cards the side's margin plus its own (``dual_scorer``); another
    ``scorer`` (a measuring variant) is used as it is."""
    if scorer is not paranoid_scorer:
        return scorer(view)
    totals: dict[int, int] = getattr(bot, "node_total3" if view.seat == view.bidder else "vist_total3", DECISION_NODES)
    total = totals.get(len(view.hand))
    dual = float(getattr(bot, "dual3", DUAL))
    own = dual and view.seat != view.bidder and len(view.hand) <= getattr(bot, "dual3_from", DUAL_FROM)
    modelled = modelled_seats(bot, view)
    if modelled:  # the others still to play in this trick answer as medium would (``trick_model3``)
        return TrickModelScorer(view, modelled, total, dual if own else 0.0, getattr(bot, "workers", 1))
    if own:
        adaptive = getattr(bot, "dual3_adaptive", None)
        if adaptive is not None:
            return adaptive_dual_scorer(view, dual, *adaptive)
        return dual_scorer(view, dual, total, getattr(bot, "workers", 1))
    budget = getattr(bot, "node_budget3", NODE_BUDGET).get(len(view.hand))
    return paranoid_scorer(view, budget, total)


def modelled_seats(bot: HardBot, view: DealView) -> list[int]:
    """The seats whose cards still to come in the current trick are fixed to medium's choice in each sample
    (``TRICK_MODEL``: "others" every other seat after me, "partner" a вистующий's partner, "" none)."""
    mode = getattr(bot, "trick_model3", TRICK_MODEL)
    if not mode or view.phase is not Phase.PLAY or view.bidder is None:
        return []
    later = later_in_trick(view)
    if mode == "partner":
        return [] if view.seat == view.bidder else [s for s in later if s != view.bidder]
    return later


def own_bonus(bot: HardBot, view: DealView, card: Card) -> float:
    """What a вистующий adds to a card's average sampled value for its own take (``SELFISH`` × ``own_share``)
    when it plays last to the trick (or, in a measuring variant, second after the bidder's lead)."""
    selfish = float(getattr(bot, "selfish3", SELFISH))
    if not selfish or view.seat == view.bidder:
        return 0.0
    second = getattr(bot, "selfish3_second", False) and len(view.trick) == 1 and view.trick_leader == view.bidder
    if len(view.trick) != 2 and not second:
        return 0.0
    return selfish * own_share(view, card)


def own_share(view: DealView, card: Card) -> float:
    """Playing last to the trick with ``card``: the points I take myself minus half of what my side takes.

    A вистующий writes its own points (plus half the bidder's on a bait), so beside the side's margin — which
    decides the bait — what it takes itself counts and what its partner takes counts against it: my deal value
    is 1.5 × my points − the deal's total / 2, plus 0.75 × the bidder's total on a bait. Played second after
    the bidder's lead (my partner last: medium does not overtake its partner's sure trick): the trick so far."""
    assert view.trump is not None and view.trick_leader is not None
    cards = [*view.trick, card]
    w = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[w], view.trump):
            w = i
    winner = (view.trick_leader + w) % view.players
    total = sum(points(c, view.trump) for c in cards) + (LAST_TRICK if len(view.hand) == 1 else 0)
    mine = total if winner == view.seat else 0
    side = total if winner != view.bidder else 0
    return mine - side / 2


def deal_sample(view: DealView, k: Knowledge3, rng: random.Random, tries: int = 50) -> Hands | None:
    """The two other hands drawn at random consistently with the view (None if no draw fits)."""
    for _ in range(tries):
        hands: dict[int, list[Card]] = {s: sorted(k.held[s]) for s in k.others}
        room = dict(k.cap)
        stock = k.stock_cap
        loose = list(k.loose)
        rng.shuffle(loose)
        ok = True
        for c in loose:
            options = [(s, room[s]) for s in k.others if room[s] > 0 and c // 8 not in k.void[s]]
            total = sum(w for _, w in options) + stock
            if total == 0:
                ok = False
                break
            r = rng.randrange(total)
            for s, w in options:
                if r < w:
                    hands[s].append(c)
                    room[s] -= 1
                    break
                r -= w
            else:
                stock -= 1
        if ok and all(v == 0 for v in room.values()):
            full = {view.seat: tuple(view.hand), **{s: tuple(sorted(h)) for s, h in hands.items()}}
            return (full[0], full[1], full[2])
    return None


def sampled_totals(
    view: DealView,
    cards: list[Card],
    rng: random.Random,
    samples: int,
    score: Scorer | None = None,
    oversample: int = 0,
    temper: float = 1.0,
    weigh: Callable[[DealView], WeightFn | None] = likelihood,
) -> tuple[dict[Card, float], int]:
    """Each card's value for me (by default the paranoid margin for my side) summed over the samples, and how many
    samples were solved (a sample drawn twice counts twice; one given up to a node budget not at all).

    With ``oversample`` > 0 and a model that tells something (``weigh``: by default the bids',
    ``inference3.likelihood``), ``oversample`` times as many candidate deals are drawn and ``samples`` of them
    resampled in proportion to their weight."""
    score = score or paranoid_scorer(view)
    k = Knowledge3(view)
    leader = view.trick_leader if view.trick else view.seat
    assert leader is not None
    totals: dict[Card, float] = {}
    solved = 0
    drawn = weighted_samples(view, k, rng, samples, oversample, temper, weigh)
    trick = tuple(view.trick)
    if isinstance(score, DualScorer | TrickModelScorer):  # both searches at once: the second on the second core
        valued = score.score_all([hands for hands, _ in drawn], leader, trick)
    else:
        valued = [score(hands, leader, trick) for hands, _ in drawn]
    for (_hands, times), values in zip(drawn, valued, strict=True):
        if values is None:
            continue
        solved += times
        for c in cards:
            totals[c] = totals.get(c, 0.0) + times * values[c]
    return (totals, solved) if len(totals) == len(cards) else ({}, 0)


def weighted_samples(
    view: DealView,
    k: Knowledge3,
    rng: random.Random,
    samples: int,
    oversample: int,
    temper: float = 1.0,
    weigh: Callable[[DealView], WeightFn | None] = likelihood,
) -> list[tuple[Hands, int]]:
    """The deals to solve, each with how many times it was drawn: ``samples`` uniform draws, or (with
    ``oversample`` and something to infer) systematic resampling of ``oversample × samples`` candidates by
    ``inference3.likelihood`` (raised to ``temper``: below 1 trusts the model less), duplicates merged."""
    weight = weigh(view) if oversample > 0 else None
    if weight is None:
        drawn = [deal_sample(view, k, rng) for _ in range(samples)]
        return [(h, 1) for h in drawn if h is not None]
    candidates = [h for h in (deal_sample(view, k, rng) for _ in range(samples * oversample)) if h is not None]
    weights = [weight(h) ** temper for h in candidates]
    total = sum(weights)
    if not candidates or total <= 0:
        return [(h, 1) for h in candidates[:samples]]
    step = total / samples
    u = rng.random() * step
    counts: dict[int, int] = {}
    acc = 0.0
    i = 0
    for j in range(samples):
        point = u + j * step
        while i < len(weights) - 1 and acc + weights[i] <= point:
            acc += weights[i]
            i += 1
        counts[i] = counts.get(i, 0) + 1
    return [(candidates[i], n) for i, n in counts.items()]
