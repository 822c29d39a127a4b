"""A game (партия) to the target: deals in order, the sheet, dealer rotation, hanging bait, end of game.

The match never shuffles: the caller hands it each deal's deck (a record's deck, or a shuffle from a
seeded generator), so a game is reproducible from its decks and actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from game.actions import Action
from game.cards import Card
from game.deal import Deal, Event, EventKind
from game.enums import NoTruth
from game.errors import IllegalAction
from game.rules import BothReach, NextDealer, Rules, TieWinner
from game.scoring import DealResult, MatchContext, Outcome


class GameOverReason(NoTruth, StrEnum):
    """Why a game ended; equal to its string (records and words keep the strings)."""

    TARGET = "target"  # one player reached the target
    BOTH_REACHED = "both_reached"  # both did in one deal: the rules' tie-break (the last trick, the bidder, ...)
    SINGLE_DEAL = "single_deal"  # a one-deal game (target 0)
    TIE_RULE = "tie_rule"  # a one-deal game tied: ``single_deal_tie`` decides
    CLAIM = "claim"  # a true claim of the game
    FALSE_CLAIM = "false_claim"
    GAP = "gap"  # «с предложением»: a lead of ``gap_end`` points
    GAVE_UP = "gave_up"  # «даве» refused


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: int
    reason: GameOverReason
    stake: int = 1  # stakes the loser pays (one_strike: a bidder's bait costs double; «даве» doubles it)
    # settling by the difference in points (official rules, first paragraph): the winner's total minus the
    # loser's when the game ended (negative only after a false claim by the leader)
    difference: int = field(default=0, compare=False)


class Match:
    def __init__(self, rules: Rules, first_dealer: int = 0) -> None:
        n = self.n = rules.players
        if first_dealer not in range(n):
            raise ValueError(f"first dealer must be a seat 0..{n - 1}, got {first_dealer!r}")
        self.rules = rules
        self.first_dealer = first_dealer
        self.deals: list[Deal] = []
        self.scores: tuple[int, ...] = (0,) * n
        self.baits: tuple[int, ...] = (0,) * n
        self.hanging: tuple[int, ...] = ()
        self.next_dealer = first_dealer
        self.over: GameOver | None = None

    @property
    def current(self) -> Deal | None:
        """The deal in progress, or None between deals."""
        if self.deals and not self.deals[-1].is_over():
            return self.deals[-1]
        return None

    def context(self) -> MatchContext:
        played = sum(1 for d in self.deals if d.outcome not in (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS))
        return MatchContext(scores=self.scores, baits=self.baits, hanging=self.hanging, number=played + 1)

    def start_deal(self, deck: list[Card] | tuple[Card, ...]) -> Deal:
        if self.over is not None:
            raise IllegalAction("deal_over", "the game is over")
        if self.current is not None:
            raise IllegalAction("wrong_phase", "the current deal is not finished")
        deal = Deal(self.rules, self.next_dealer, deck, self.context())
        self.deals.append(deal)
        return deal

    def between_deals_copy(self) -> Match:
        """A copy to go on from, made between deals: it shares the finished deals, which never change again, so a
        replay position late in a long game need not re-apply every deal before it (``record.Positions``)."""
        if self.current is not None:
            raise IllegalAction("wrong_phase", "a deal is in progress")
        other = Match(self.rules, self.first_dealer)
        other.deals = list(self.deals)
        other.scores, other.baits, other.hanging = self.scores, self.baits, self.hanging
        other.next_dealer, other.over = self.next_dealer, self.over
        return other

    def apply(self, action: Action) -> list[Event]:
        deal = self.current
        if deal is None:
            raise IllegalAction("deal_over", "no deal in progress")
        events = deal.apply(action)
        if deal.is_over():
            self._finish(deal)
            if self.over is not None:
                events.append(Event(EventKind.GAME_OVER, self.over.winner, detail=self.over.reason))
        return events

    def _finish(self, deal: Deal) -> None:
        result = deal.result
        assert result is not None
        if result.outcome is Outcome.REDEAL_PASSES:
            self.next_dealer = (deal.dealer + 1) % self.n
            return
        if result.outcome is Outcome.REDEAL_FOUR_SEVENS:
            return
        self.scores = result.scores_after
        self.baits = result.baits_after
        self.hanging = result.hanging_after
        self.next_dealer = self._next_dealer(deal, result)
        self.over = self._game_over(result)
        if self.over is not None:
            w = self.over.winner
            best_other = max(s for p, s in enumerate(self.scores) if p != w)
            self.over = replace(self.over, difference=self.scores[w] - best_other)
            self.next_dealer = self.over.winner  # a new game: its winner deals first

    def _next_dealer(self, deal: Deal, result: DealResult) -> int:
        rule = self.rules.next_dealer
        n = self.n
        if rule is NextDealer.ALTERNATE:
            return (deal.dealer + 1) % n
        if rule is NextDealer.BIDDER:
            assert result.bidder is not None
            return result.bidder
        if n == 3:  # the one who wrote most (a tie for the most: the dealer's left)
            written = [p.written for p in result.players]
            if result.tie and result.bidder is not None:
                # «После висячего байда раздаёт вистующий»: the one who wrote more; equal, the bidder's left
                left, right = (result.bidder + 1) % n, (result.bidder + 2) % n
                return right if written[right] > written[left] else left
            top = max(written)
            if written.count(top) > 1:
                return (deal.dealer + 1) % n
            return written.index(top)
        if result.tie and result.bidder is not None:
            return 1 - result.bidder
        w0, w1 = result.players[0].written, result.players[1].written
        if w0 == w1:
            return 1 - deal.dealer
        return 0 if w0 > w1 else 1

    def _game_over(self, result: DealResult) -> GameOver | None:
        rules = self.rules
        if result.claim is not None:
            seat, true = result.claim
            if not true:
                return GameOver(self._best_other(seat), GameOverReason.FALSE_CLAIM)
            reached = [p for p in range(self.n) if self.scores[p] >= rules.target]
            if result.outcome is not Outcome.CLAIMED and len(reached) >= 2 and result.last_trick is not None:
                return GameOver(result.last_trick, GameOverReason.BOTH_REACHED)
            return GameOver(seat, GameOverReason.CLAIM)
        if rules.target <= 0:
            assert result.bidder is not None
            if result.outcome is Outcome.GAVE_UP:  # «даве» refused: the raiser wins at the current stake
                assert result.winner is not None
                winner, reason = result.winner, GameOverReason.GAVE_UP
            elif result.tie:
                tie_to_bidder = rules.single_deal_tie is TieWinner.BIDDER
                winner = result.bidder if tie_to_bidder else 1 - result.bidder
                reason = GameOverReason.TIE_RULE
            else:
                assert result.winner is not None
                winner, reason = result.winner, GameOverReason.SINGLE_DEAL
            stake = (rules.bidder_loss_stake if winner != result.bidder else 1) * result.stake
            return GameOver(winner, reason, stake)
        s0, s1 = self.scores[0], self.scores[1]  # gap_end: two players only (Rules refuses it for three)
        if rules.gap_end and abs(s0 - s1) >= rules.gap_end:  # «с предложением»: the leader wins at a gap of 250
            return GameOver(0 if s0 > s1 else 1, GameOverReason.GAP)
        if rules.claim_required:
            return None
        reached = [p for p in range(self.n) if self.scores[p] >= rules.target]
        if len(reached) == 1:
            return GameOver(reached[0], GameOverReason.TARGET)
        if self.n == 3 and len(reached) >= 2:
            if rules.both_reach is BothReach.LAST_TRICK:
                if result.last_trick in reached:
                    return GameOver(result.last_trick, GameOverReason.BOTH_REACHED)
                return None  # none of those who reached it took the last trick: play goes on
            top = max(self.scores)
            leaders = [p for p in reached if self.scores[p] == top]
            return GameOver(leaders[0], GameOverReason.BOTH_REACHED) if len(leaders) == 1 else None
        if len(reached) == 2:
            if rules.both_reach is BothReach.LAST_TRICK and result.last_trick is not None:
                return GameOver(result.last_trick, GameOverReason.BOTH_REACHED)
            if rules.both_reach is BothReach.NON_BIDDER and result.bidder is not None:
                return GameOver(1 - result.bidder, GameOverReason.BOTH_REACHED)
            if self.scores[0] != self.scores[1]:
                return GameOver(0 if self.scores[0] > self.scores[1] else 1, GameOverReason.BOTH_REACHED)
        return None

    def _best_other(self, loser: int) -> int:
        """A false claim loses the game: the winner is the other with the higher total (equal: the claimant's
        left); for two players, the opponent."""
        others = [(loser + i) % self.n for i in range(1, self.n)]
        top = max(self.scores[p] for p in others)
        return next(p for p in others if self.scores[p] == top)
