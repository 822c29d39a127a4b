"""The score-keeping: the facts of play handed to scoring, at the ninth trick or at a claim, and the claim of
the game («хватит!», docs/rules.md, «Claims») during play or once the deal is scored."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game import actions as A
from game.actions import Action
from game.deal.events import Event, EventKind, Phase
from game.scoring import BELLE_POINTS, DealResult, Outcome, Penalty, PenaltyReason, PlayFacts, score_deal

if TYPE_CHECKING:
    from game.deal.core import Deal


class Settlement:
    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.claim: tuple[int, bool] | None = None
        self.claim_order: list[int] = []  # who may still claim once the deal is scored, in turn

    # claims ---------------------------------------------------------------------

    def claim_phase_legal(self) -> list[Action]:
        p = self.deal.to_act
        if self.deal.strict or self.claim_is_true(p):
            return [A.CLAIM, A.NO_CLAIM]
        return [A.NO_CLAIM]

    def may_claim_now(self, p: int) -> bool:
        """After a trick one took (not the last), before the next lead."""
        d = self.deal
        tp = d.trickplay
        if not d.rules.claim_required or d.rules.target <= 0 or tp.trick or not tp.tricks:
            return False
        if tp.tricks[-1].winner != p:
            return False
        return d.strict or self.claim_is_true(p)

    def may_claim_position(self, p: int) -> bool:
        tp = self.deal.trickplay
        return bool(self.deal.rules.claim_required and not tp.trick and tp.tricks and tp.tricks[-1].winner == p)

    def claim_is_true(self, p: int) -> bool:
        """At the score-keeping: the sheet after the deal. During play: the sheet as the claim would write it
        (the points taken so far, a penalty's «байт на картах» applied: docs/rules.md, «Claims»)."""
        d = self.deal
        if d.phase is Phase.CLAIM:
            assert d.result is not None
            return d.result.scores_after[p] >= d.rules.target
        return self.claimed_scores()[p] >= d.rules.target

    def claimed_scores(self) -> tuple[int, ...]:
        """Each seat's sheet total if the game were claimed now, during play (what a claim writes)."""
        d = self.deal
        return score_deal(self.facts(), d.context, d.rules, Outcome.CLAIMED).scores_after

    def make_claim(self, seat: int, action: Action) -> list[Event]:
        d = self.deal
        true = self.claim_is_true(seat)
        self.claim = (seat, true)
        events = [Event(EventKind.CLAIM, seat, value=int(true))]
        if not true:
            d.penalties.append(Penalty(seat, PenaltyReason.FALSE_CLAIM))
            events.append(Event(EventKind.PENALTY, seat, detail=PenaltyReason.FALSE_CLAIM))
        if d.phase is Phase.CLAIM:
            assert d.result is not None
            d.set_result(self._with_claim(d.result))
            return events + [Event(EventKind.OVER, seat)]
        d.outcome = Outcome.CLAIMED
        return events + self.score()

    def no_claim(self, seat: int, action: Action) -> list[Event]:
        d = self.deal
        self.claim_order.pop(0)
        if self.claim_order:
            d.to_act = self.claim_order[0]
            return []
        assert d.result is not None
        d.set_result(d.result)
        return [Event(EventKind.OVER, None)]

    # scoring --------------------------------------------------------------------

    def facts(self) -> PlayFacts:
        """The facts of play so far: what scoring needs, at the deal's end or at a claim during play."""
        d = self.deal
        tp, ann = d.trickplay, d.announcements
        assert d.bidder is not None
        belle = [BELLE_POINTS if d.belle.counts(p) else 0 for p in range(d.n)]
        finished = len(tp.tricks) == 9
        return PlayFacts(
            bidder=d.bidder,
            card_points=tuple(tp.card_points),
            tricks=tuple(tp.tricks_won),
            last_trick=tp.tricks[-1].winner if finished else None,
            sequences=tuple((s.describe(), s.points) for s in ann.counted),
            sequence_owner=ann.seq_owner,
            belle=tuple(belle),
            penalties=tuple(d.penalties),
            added=tuple((s.describe(), s.points) for s in ann.added),
            added_by=ann.added_by,
        )

    def score(self) -> list[Event]:
        d = self.deal
        result = score_deal(self.facts(), d.context, d.rules, d.outcome)
        if d.wager.offer is not None or d.wager.stake != 1:
            result = replace(result, offer=d.wager.offer, stake=d.wager.stake)
        if d.outcome is Outcome.CLAIMED:
            d.set_result(self._with_claim(result))
            return [Event(EventKind.OVER, None)]
        d.result = result
        target = d.rules.target
        if d.rules.claim_required and target > 0:
            reached = [p for p in range(d.n) if result.scores_after[p] >= target]
            last = d.trickplay.tricks[-1].winner
            if len(reached) >= 2 and last not in reached:
                reached = []  # three players: none who reached it took the last trick; play goes on
            if reached:
                order = list(d.seating.from_seat(last))
                self.claim_order = order if d.strict else [p for p in order if p in reached]
                d.phase = Phase.CLAIM
                d.to_act = self.claim_order[0]
                return [Event(EventKind.SCORED, None)]
        d.set_result(result)
        return [Event(EventKind.SCORED, None), Event(EventKind.OVER, None)]

    def _with_claim(self, result: DealResult) -> DealResult:
        return replace(result, claim=self.claim, penalties=tuple(self.deal.penalties))
