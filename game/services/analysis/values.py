"""Computing an analysis: every legal card's exact value (the solver; the three-hand solver for three), its value
on the mover's knowledge (the hard bot's samples), the bids judged by the fitted evaluators; ``analyse_record``
walks a record's every decision (the package's docstring says how)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cached_property
from typing import Any

from game.actions import Action, Kind
from game.bots.hard import HardBot, deal_evaluation
from game.bots.hard3 import DECISION_NODES, EXACT_FROM_CARDS, deal_sample, samples_at, values_within
from game.bots.medium3 import Knowledge3
from game.bots.solver import Position, Solver, cards_to_mask
from game.bots.solver3 import Solver3
from game.cards import Card
from game.deal import Deal, DealView, Phase
from game.match import Match
from game.record import GameRecord
from game.services.analysis.facts import (
    ANALYSIS_SAMPLES,
    MISTAKE_THRESHOLD,
    SAMPLE_SEED,
    THREE_SAMPLES,
    Analysis,
    BidJudgement,
    CardDecision,
    DaveJudgement,
    DealAnalysis,
    Progress,
)

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
    valuer = VALUERS[deal.rules.players](ANALYSIS_SAMPLES, solver or Solver(), solver3)
    return valuer.exact(deal, seat)


def _exact_two(deal: Deal, seat: int, solver: Solver) -> dict[Card, float]:
    """Two players: the double-dummy solve with the deal's scoring, from ``seat``'s side."""
    view = deal.view(seat)
    opp = tuple(sorted(deal.hand(1 - seat)))
    values = solver.values(_position(view, opp), deal_evaluation(view, opp))
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
    does not solve (more than ``EXACT_FROM_CARDS`` cards in hand) or no draw fits. As the bot, the first cards
    are solved within its nodes for the decision (``DECISION_NODES``: the samples in their drawn order until
    they run out); the draws are uniform (the bot weighs its own by the others' plays and bids: this is a
    yardstick of what the view allows, not of the bot)."""
    if view.bidder is None or len(view.hand) > EXACT_FROM_CARDS:
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
    limit = solver3.node_limit
    budget = DECISION_NODES.get(len(view.hand))
    if budget is not None:
        solver3.node_limit = solver3.nodes + budget
    try:
        for _ in range(samples):
            hands = deal_sample(view, k, rng)
            if hands is None:
                continue
            values = values_within(solver3, hands, leader, tuple(view.trick))
            if values is None:
                break  # the decision's nodes ran out: the samples solved so far
            for c in cards:
                totals[c] += values[c]
            n += 1
    finally:
        solver3.node_limit = limit
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
    return VALUERS[players].bid_evaluator()


class _TwoHanded:
    """How an analysis values a decision of two players: the double-dummy solver (exact), the hard bot's own
    samples (the mover's knowledge), the fitted bidding evaluator."""

    def __init__(self, samples: tuple[int, ...], solver: Solver, solver3: Solver3 | None = None) -> None:
        self.solver = solver
        self.samples = samples

    @cached_property
    def bot(self) -> HardBot:
        """The hard bot whose samples value a card on the mover's knowledge (only when sampling is asked)."""
        return HardBot(seed=SAMPLE_SEED, solver=self.solver, samples=self.samples)

    @staticmethod
    def bid_evaluator() -> tuple[Callable[[DealView], Any] | None, str]:
        try:
            from game.bots import bidding

            bidding.load_evaluator()
        except Exception as exc:  # the module is optional (and its data file may be missing)
            return None, f"skipped: no bidding evaluator ({type(exc).__name__}: {exc})"
        return bidding.decide, "fitted evaluator (game/bots/bidding.py); estimates, not counted in the lost points"

    @staticmethod
    def outdated(bidding: str) -> bool:
        """Is a cached analysis with this bidding note judged otherwise now? Two players: never."""
        return False

    def start_card(self, deal: Deal) -> None:
        """Before a card decision's values (three players: the deal's one solver)."""

    def exact(self, deal: Deal, seat: int) -> dict[Card, float]:
        return _exact_two(deal, seat, self.solver)

    def sampled(self, view: DealView, di: int, aj: int) -> dict[Card, float] | None:
        return sampled_values(self.bot, view)

    def samples_used(self) -> tuple[int, ...]:
        return self.samples


class _ThreeHanded:
    """Three players: the paranoid three-hand solver (one per deal, its table serving the deal's every card),
    hard's sampling for three, the fitted evaluator for three."""

    def __init__(self, samples: tuple[int, ...], solver: Solver, solver3: Solver3 | None = None) -> None:
        self.solver3 = solver3

    @staticmethod
    def bid_evaluator() -> tuple[Callable[[DealView], Any] | None, str]:
        from game.bots.bidding3 import decide3

        return decide3, "fitted evaluator for three (game/bots/bidding3.py); estimates, not counted in the lost points"

    @staticmethod
    def outdated(bidding: str) -> bool:
        """A cache made before the bids of three were judged (bidding3) skipped them: judge them now."""
        return bidding.startswith("skipped")

    def start_card(self, deal: Deal) -> None:
        self.solver3 = _solver3_for(deal, self.solver3)

    def exact(self, deal: Deal, seat: int) -> dict[Card, float]:
        return _exact_three(deal, seat, self.solver3)

    def sampled(self, view: DealView, di: int, aj: int) -> dict[Card, float] | None:
        assert self.solver3 is not None
        return sampled_values_three(view, self.solver3, SAMPLE_SEED + 1000 * di + aj)

    def samples_used(self) -> tuple[int, ...]:
        return THREE_SAMPLES


# the way of valuing a decision for each number of players (the one place the analysis asks)
VALUERS: dict[int, type[_TwoHanded] | type[_ThreeHanded]] = {2: _TwoHanded, 3: _ThreeHanded}


def _judge_bid(decide: Callable[[DealView], Any], view: DealView, action: Action, di: int, aj: int) -> BidJudgement:
    decision = decide(view)
    values = {str(o.action): float(o.utility) for o in decision.options}
    if decision.pass_value is not None:
        values["pass"] = float(decision.pass_value)
    best = max(values, key=lambda k: values[k])
    chosen = str(action)
    loss = max(0.0, values[best] - values.get(chosen, values[best]))
    return BidJudgement(di, aj, view.seat, chosen, best, loss, values)


def _judge_dave(deal: Deal, action: Action, di: int, aj: int, margin: float) -> DaveJudgement | None:
    """«Даве» (the raiser on lead) or its answer judged with open cards. ``margin``: the raiser's best exact margin
    at the raise, the position both decisions share. Each choice's result for the one who makes it, in the game's
    stake, playing on to the end: a raise on a lost deal is accepted and doubles the loss, on a won one it is
    given up and wins what playing would; an answer plays on at twice the stake or gives up at the stake before.
    None for an even deal (who wins it then is the tie rule's, not the margin's)."""
    if margin == 0:
        return None
    assert deal.bidder is not None
    seat = deal.current_player()
    assert seat is not None
    stake = deal.wager.stake

    def price(loser: int) -> int:  # what the loser pays at the stake before the raise (Match.game_over)
        return stake * (deal.rules.bidder_loss_stake if loser == deal.bidder else 1)

    other = 1 - seat
    if action.kind is Kind.DAVE:
        wins = margin > 0
        values = (
            {"dave": price(other), "play": price(other)} if wins else {"dave": -2 * price(seat), "play": -price(seat)}
        )
    else:
        wins = margin < 0  # the raiser's margin: the answerer wins when the raiser loses
        values = {"dave:yes": 2 * price(other) if wins else -2 * price(seat), "dave:no": -price(seat)}
    chosen = "dave" if action.kind is Kind.DAVE else str(action)
    best = max(values, key=lambda k: (values[k], k == chosen))
    return DaveJudgement(di, aj, seat, chosen, best, values[best] - values[chosen], values)


# ------------------------------------------------------------------------------------------ driver


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
    players = record.rules.players
    valuer = VALUERS[players](samples, Solver())
    decide, bidding_note = valuer.bid_evaluator()
    todo = []
    for di, aj, action, deal in _card_positions(record):
        if deal.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
            todo.append((di, aj, action, "bid"))
        elif action.kind in (Kind.DAVE, Kind.ANSWER_DAVE):
            todo.append((di, aj, action, "dave"))
        elif action.kind is Kind.PLAY and len(_card_choices(deal.view(deal.current_player() or 0))) > 1:
            todo.append((di, aj, action, "card"))
    total = sum(1 for t in todo if t[3] == "card")
    deals = [DealAnalysis(i, players=players) for i in range(len(record.deals))]
    done = 0
    raised: dict[int, float] = {}  # per deal: the raiser's best exact margin at the last «даве»
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
        if kind == "dave":
            if action.kind is Kind.DAVE:
                valuer.start_card(deal)
                exact = valuer.exact(deal, seat)
                raised[di] = max(exact.values()) if exact else 0.0
            judged = _judge_dave(deal, action, di, aj, raised.get(di, 0.0))
            if judged is not None:
                deals[di].daves.append(judged)
            continue
        valuer.start_card(deal)
        exact = valuer.exact(deal, seat) if deal.phase is Phase.PLAY else {}
        played = action.card
        assert played is not None
        best = max(exact, key=lambda c: (exact[c], c == played, -int(c)))
        loss = max(0.0, exact[best] - exact[played])
        if loss < 1e-9:
            best = played
        samp = valuer.sampled(view, di, aj) if sampled else None
        deals[di].decisions.append(CardDecision(di, aj, seat, played, best, loss, exact, samp))
        done += 1
        if progress:
            progress(done, total)
    used = valuer.samples_used() if sampled else ()
    return Analysis(digest, deals, bidding_note, used, MISTAKE_THRESHOLD, players)
