"""Scoring one deal: card points, last trick, announcements, belle; bait, hanging bait and penalties.

The deal collects the facts of play (``PlayFacts``); ``score_deal`` turns them, with the match's state
before the deal (``MatchContext``), into the sheet line. Pure functions: easy to test table by table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from game.enums import NoTruth
from game.rules import BaitCount, Hanging, Rules
from game.words import ReasonWords, penalty_text

LAST_TRICK_BONUS = 10
BELLE_POINTS = 20
OFFER_POINTS = 50  # «с предложением»: what the accepting player writes


class Outcome(NoTruth, StrEnum):
    PLAYED = "played"
    REDEAL_PASSES = "redeal_passes"  # both passed twice
    REDEAL_FOUR_SEVENS = "redeal_four_sevens"
    CLAIMED = "claimed"  # the game was claimed during play (true or false)
    OFFER_ACCEPTED = "offer_accepted"  # «с предложением»: 50 written without play
    GAVE_UP = "gave_up"  # «даве» refused: the one-deal game is given up at the current stake


class PenaltyReason(NoTruth, StrEnum):
    """A strict-etiquette fault's key; equal to its string (the words: ``penalty.<reason>`` in the catalogues)."""

    FALSE_ANNOUNCEMENT = "false_announcement"
    FALSE_ROST = "false_rost"
    ROST_CERTAINLY_HIGHER = "rost_certainly_higher"
    FALSE_MINE = "false_mine"
    FALSE_ANSWER = "false_answer"
    FALSE_CLAIM = "false_claim"


class Penalty(NamedTuple):
    """A strict-etiquette fault: ``reason`` is a stable key (``PenaltyReason``; its words: game.words)."""

    seat: int
    reason: PenaltyReason

    @property
    def text_ru(self) -> str:
        return penalty_text(self.reason, "ru")

    @property
    def text_en(self) -> str:
        return penalty_text(self.reason, "en")

    @property
    def costs_card_bait(self) -> bool:
        return self.reason in CARD_BAIT_REASONS


# The penalty reasons; their words are in the catalogues (``penalty.<reason>``, game.words).
PENALTY_REASONS: frozenset[str] = frozenset(PenaltyReason)
PENALTY_TEXT = ReasonWords("penalty", PENALTY_REASONS)  # {reason: (Russian, English)} from the catalogues
CARD_BAIT_REASONS = frozenset(
    {PenaltyReason.FALSE_ANNOUNCEMENT, PenaltyReason.FALSE_ROST, PenaltyReason.FALSE_MINE, PenaltyReason.FALSE_ANSWER}
)


@dataclass(frozen=True, slots=True)
class MatchContext:
    """The match as it stands before a deal: what scoring and claims need to know."""

    scores: tuple[int, ...] = (0, 0)  # per seat (two or three)
    baits: tuple[int, ...] = (0, 0)  # baits suffered by each player in this game
    hanging: tuple[int, ...] = ()  # hanging-bait amounts waiting, oldest first
    number: int = 1


@dataclass(frozen=True, slots=True)
class PlayFacts:
    bidder: int
    card_points: tuple[int, ...]  # per seat
    tricks: tuple[int, ...]
    last_trick: int | None  # None when play stopped early (a claim)
    sequences: tuple[tuple[str, int], ...]  # what the sequence winner scores: (description, points)
    sequence_owner: int | None
    belle: tuple[int, ...]  # points of a declared (and, with protection, kept) belle
    penalties: tuple[Penalty, ...] = ()
    added: tuple[tuple[str, int], ...] = ()  # three players: the winning вистующий's partner's sequences
    added_by: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerScore:
    cards: int = 0
    last_trick: int = 0
    sequences: tuple[tuple[str, int], ...] = ()
    belle: int = 0
    total: int = 0  # points made in the deal
    written: int = 0  # what the sheet gets for this deal, hanging points received included
    hanging_received: int = 0
    adjustment: int = 0  # bait penalty / лыжа, off the total
    ski: bool = False


@dataclass(frozen=True, slots=True)
class DealResult:
    outcome: Outcome
    bidder: int | None = None
    players: tuple[PlayerScore, ...] = (PlayerScore(), PlayerScore())  # per seat
    bait: bool = False  # the bidder made less: байт
    card_bait: int | None = None  # seat punished with байт на картах
    tie: bool = False  # equal points
    hanging_now: int = 0  # the bidder's points that hang after this deal
    winner: int | None = None  # who wrote more in this deal (takes hanging points)
    last_trick: int | None = None
    penalties: tuple[Penalty, ...] = ()
    scores_after: tuple[int, ...] = (0, 0)
    baits_after: tuple[int, ...] = (0, 0)
    hanging_after: tuple[int, ...] = ()
    claim: tuple[int, bool] | None = None  # (seat, true claim?)
    notes: tuple[str, ...] = field(default_factory=tuple)
    offer: tuple[int, bool] | None = None  # «с предложением»: (who offered 50, accepted?)
    stake: int = 1  # «даве»: the stake's multiplier when the deal ended (1, 2, 4, ...)


def unscored(outcome: Outcome, ctx: MatchContext) -> DealResult:
    """A deal that ended without play (a redeal): nothing changes on the sheet."""
    return DealResult(
        outcome=outcome,
        players=tuple(PlayerScore() for _ in ctx.scores),
        scores_after=ctx.scores,
        baits_after=ctx.baits,
        hanging_after=ctx.hanging,
    )


def offer_accepted(offerer: int, bidder: int, ctx: MatchContext) -> DealResult:
    """An accepted offer: the opponent writes 50, the offerer nothing; no bait, and hanging points stay
    hanging (they are played for, and this deal was not played)."""
    written = [0, 0]
    written[1 - offerer] = OFFER_POINTS
    players = tuple(PlayerScore(written=written[p]) for p in (0, 1))
    return DealResult(
        outcome=Outcome.OFFER_ACCEPTED,
        bidder=bidder,
        players=(players[0], players[1]),
        winner=1 - offerer,
        scores_after=(ctx.scores[0] + written[0], ctx.scores[1] + written[1]),
        baits_after=ctx.baits,
        hanging_after=ctx.hanging,
        offer=(offerer, True),
    )


def gave_up(raiser: int, bidder: int, card_points: tuple[int, int], ctx: MatchContext, stake: int) -> DealResult:
    """«Даве» refused: the raiser wins the one-deal game at the stake before the raise; nothing is written (the
    totals are the card points taken before the game was given up)."""
    players = tuple(PlayerScore(cards=card_points[p], total=card_points[p]) for p in (0, 1))
    return DealResult(
        outcome=Outcome.GAVE_UP,
        bidder=bidder,
        players=(players[0], players[1]),
        winner=raiser,
        scores_after=ctx.scores,
        baits_after=ctx.baits,
        hanging_after=ctx.hanging,
        stake=stake,
    )


def score_deal(facts: PlayFacts, ctx: MatchContext, rules: Rules, outcome: Outcome = Outcome.PLAYED) -> DealResult:
    """A played deal's result, by its player count's scoring (``SCORING``)."""
    return SCORING[rules.players](facts, ctx, rules, outcome)


def score_two(facts: PlayFacts, ctx: MatchContext, rules: Rules, outcome: Outcome = Outcome.PLAYED) -> DealResult:
    """Two players: the bidder against the other."""
    b = facts.bidder
    v = 1 - b
    seq = [0, 0]
    seq_lines: list[tuple[tuple[str, int], ...]] = [(), ()]
    if facts.sequence_owner is not None:
        o = facts.sequence_owner
        if not (rules.sequences_need_trick and facts.tricks[o] == 0):
            seq[o] = sum(p for _, p in facts.sequences)
            seq_lines[o] = facts.sequences
    belle = list(facts.belle)
    adj = [0, 0]
    ski = [False, False]
    if rules.ski_penalty and facts.last_trick is not None:
        for p in (0, 1):
            if facts.tricks[p] == 0:
                ski[p] = True
                adj[p] -= rules.ski_penalty
                seq[p], belle[p], seq_lines[p] = 0, 0, ()
    last = [0, 0]
    if facts.last_trick is not None:
        last[facts.last_trick] = LAST_TRICK_BONUS
    total = [facts.card_points[p] + last[p] + seq[p] + belle[p] for p in (0, 1)]

    written = list(total)
    baits = list(ctx.baits)
    hanging = list(ctx.hanging)
    bait = tie = False
    card_bait: int | None = None
    hanging_now = 0
    winner: int | None
    punished = [pen for pen in facts.penalties if pen.costs_card_bait]
    if punished:  # a penalty stands however the deal ends, a claim included (docs/rules.md, «Claims»)
        card_bait = punished[0].seat
        written[card_bait], written[1 - card_bait] = 0, total[0] + total[1]
        winner = None if outcome is Outcome.CLAIMED else 1 - card_bait
    elif outcome is Outcome.CLAIMED:
        winner = None  # the game ends on the claim: each writes what they have taken so far, no bait comparison
    elif total[b] > total[v]:
        winner = b
    elif total[b] < total[v]:
        bait = True
        written[b], written[v] = 0, total[0] + total[1]
        winner = v
        baits[b] += 1
        counted = baits[b] if rules.bait_count is BaitCount.PER_PLAYER else baits[0] + baits[1]
        if rules.bait_penalty_from and counted >= rules.bait_penalty_from:
            adj[b] -= rules.bait_penalty
    else:
        tie = True
        winner = None
        if rules.hanging is not Hanging.NONE and rules.target > 0:
            written[b] = 0
            hanging_now = total[b]
            if rules.hanging is Hanging.TO_DEFENDER:
                written[v] += sum(hanging)
                hanging = []
            hanging.append(hanging_now)
    received = [0, 0]
    if winner is not None and hanging:
        if rules.hanging is Hanging.QUEUE:
            received[winner] = hanging.pop(0)
        else:
            received[winner] = sum(hanging)
            hanging = []
        written[winner] += received[winner]
    if tie and rules.hanging is Hanging.TO_DEFENDER and len(ctx.hanging) > 0:
        received[v] = sum(ctx.hanging)

    players = _player_scores(facts, last, seq_lines, belle, total, written, received, adj, ski)
    return DealResult(
        outcome=outcome,
        bidder=b,
        players=(players[0], players[1]),
        bait=bait,
        card_bait=card_bait,
        tie=tie,
        hanging_now=hanging_now,
        winner=winner,
        last_trick=facts.last_trick,
        penalties=facts.penalties,
        scores_after=(ctx.scores[0] + written[0] + adj[0], ctx.scores[1] + written[1] + adj[1]),
        baits_after=(baits[0], baits[1]),
        hanging_after=tuple(hanging),
    )


def halves(points: int, first: int, second: int, n: int = 3) -> list[int]:
    """``points`` shared by two seats; the odd point to ``first`` (the bidder's left: docs/rules.md)."""
    out = [0] * n
    out[first] += points - points // 2
    out[second] += points // 2
    return out


def score_three(facts: PlayFacts, ctx: MatchContext, rules: Rules, outcome: Outcome = Outcome.PLAYED) -> DealResult:
    """«Деберц втроём»: the bidder must make more than the two вистующие together; else a bait written by the
    вистующие in halves; equal: the bidder's points hang; hanging points go to the deal's top scorer, or to the
    вистующие in halves after a bait. A fault that costs «байт на картах» gives the offender's total to the
    other side (docs/rules.md, «Three players»)."""
    n = 3
    b = facts.bidder
    left, right = (b + 1) % n, (b + 2) % n  # the вистующие; the bidder's left gets an odd point
    seq = [0] * n
    seq_lines: list[tuple[tuple[str, int], ...]] = [()] * n
    for owner, lines in ((facts.sequence_owner, facts.sequences), (facts.added_by, facts.added)):
        if owner is not None and lines and not (rules.sequences_need_trick and facts.tricks[owner] == 0):
            seq[owner] += sum(p for _, p in lines)
            seq_lines[owner] = seq_lines[owner] + lines
    belle = list(facts.belle)
    adj = [0] * n
    ski = [False] * n
    if rules.ski_penalty and facts.last_trick is not None:
        for p in range(n):
            if facts.tricks[p] == 0:
                ski[p] = True
                adj[p] -= rules.ski_penalty
                seq[p], belle[p], seq_lines[p] = 0, 0, ()
    last = [0] * n
    if facts.last_trick is not None:
        last[facts.last_trick] = LAST_TRICK_BONUS
    total = [facts.card_points[p] + last[p] + seq[p] + belle[p] for p in range(n)]

    written = list(total)
    baits = list(ctx.baits)
    hanging = list(ctx.hanging)
    bait = tie = False
    card_bait: int | None = None
    hanging_now = 0
    receivers: list[int] = []  # who takes the hanging points (two share them in halves)
    punished = [pen for pen in facts.penalties if pen.costs_card_bait]
    defenders = total[left] + total[right]
    if punished:  # a penalty stands however the deal ends, a claim included (docs/rules.md, «Claims»)
        card_bait = punished[0].seat
        written[card_bait] = 0
        if card_bait == b:
            share = halves(total[b], left, right)
            written = [written[p] + share[p] for p in range(n)]
            receivers = [left, right]
        else:
            written[b] += total[card_bait]
            receivers = [b]
        if outcome is Outcome.CLAIMED:
            receivers = []  # the game ends on the claim: nobody plays for the hanging points any more
    elif outcome is Outcome.CLAIMED:
        pass  # the game ends on the claim: each writes what they have taken so far, no bait comparison
    elif total[b] > defenders:
        top = max(written)
        receivers = [p for p in range(n) if written[p] == top]
    elif total[b] < defenders:
        bait = True
        share = halves(total[b], left, right)
        written = [0 if p == b else written[p] + share[p] for p in range(n)]
        receivers = [left, right]
        baits[b] += 1
        counted = baits[b] if rules.bait_count is BaitCount.PER_PLAYER else sum(baits)
        if rules.bait_penalty_from and counted >= rules.bait_penalty_from:
            adj[b] -= rules.bait_penalty
    else:
        tie = True
        written[b] = 0
        hanging_now = total[b]
        hanging.append(hanging_now)
    received = [0] * n
    if receivers and hanging:
        amount = hanging.pop(0) if rules.hanging is Hanging.QUEUE else sum(hanging)
        if rules.hanging is not Hanging.QUEUE:
            hanging = []
        if len(receivers) == 1:
            received[receivers[0]] = amount
        else:
            first, second = sorted(receivers, key=lambda p: (p - left) % n)
            received = halves(amount, first, second)
        written = [written[p] + received[p] for p in range(n)]
    winner = receivers[0] if len(receivers) == 1 else None

    players = _player_scores(facts, last, seq_lines, belle, total, written, received, adj, ski)
    return DealResult(
        outcome=outcome,
        bidder=b,
        players=players,
        bait=bait,
        card_bait=card_bait,
        tie=tie,
        hanging_now=hanging_now,
        winner=winner,
        last_trick=facts.last_trick,
        penalties=facts.penalties,
        scores_after=tuple(ctx.scores[p] + written[p] + adj[p] for p in range(n)),
        baits_after=tuple(baits),
        hanging_after=tuple(hanging),
    )


SCORING: dict[int, Callable[[PlayFacts, MatchContext, Rules, Outcome], DealResult]] = {2: score_two, 3: score_three}
"""Each player count's scoring of a played deal (three: the bidder against both вистующие, baits in halves)."""


def _player_scores(
    facts: PlayFacts,
    last: Sequence[int],
    seq_lines: Sequence[tuple[tuple[str, int], ...]],
    belle: Sequence[int],
    total: Sequence[int],
    written: Sequence[int],
    received: Sequence[int],
    adj: Sequence[int],
    ski: Sequence[bool],
) -> tuple[PlayerScore, ...]:
    """Each seat's line of the breakdown, for two players or three."""
    return tuple(
        PlayerScore(
            cards=facts.card_points[p],
            last_trick=last[p],
            sequences=seq_lines[p],
            belle=belle[p],
            total=total[p],
            written=written[p],
            hanging_received=received[p],
            adjustment=adj[p],
            ski=ski[p],
        )
        for p in range(len(facts.card_points))
    )


class Why(NoTruth, StrEnum):
    """The rule behind a line of a deal's sheet: a stable, machine-readable reason (the summary's «почему?» opens
    the rule it names; ``ui/why.py`` maps each to the rules page). ``reasons`` says which a result has."""

    CARD_POINTS = "card_points"  # the cards' points taken
    LAST_TRICK = "last_trick"  # послед: +10 to the last trick's winner
    SEQUENCE = "sequence"  # a терц / пятьдесят counted (the side with the higher one scores)
    SEQUENCE_SHOWN = "sequence_shown"  # the counted sequence's cards shown to the table
    BELLE = "belle"  # белла: the trump king and queen, 20
    WRITTEN = "written"  # what the sheet gets (bait, hanging points, penalties applied)
    MADE = "made"  # the bidder made more: each writes their own
    BAIT = "bait"  # байт: the bidder made less
    ODD_POINT = "odd_point"  # three players: a bait's odd point goes to the bidder's left
    HANGING_BAIT = "hanging_bait"  # equal points: the bidder's points hang
    HANGING_TAKEN = "hanging_taken"  # hanging points taken by this deal's winner
    CARD_BAIT = "card_bait"  # байт на картах: a false announcement gives the deal's points away
    PENALTY_FALSE_ANNOUNCEMENT = "penalty_false_announcement"  # strict etiquette, by ``PenaltyReason``
    PENALTY_FALSE_ROST = "penalty_false_rost"
    PENALTY_ROST_CERTAINLY_HIGHER = "penalty_rost_certainly_higher"
    PENALTY_FALSE_MINE = "penalty_false_mine"
    PENALTY_FALSE_ANSWER = "penalty_false_answer"
    PENALTY_FALSE_CLAIM = "penalty_false_claim"
    SKI = "ski"  # лыжа: no trick
    BAIT_PENALTY = "bait_penalty"  # points off the sheet: the n-th bait, or a ski
    CLAIM = "claim"  # «Партия!» during play
    CLAIM_PENALTY = "claim_penalty"  # a penalty stands at a claim
    OFFER = "offer"  # «с предложением»: 50 offered
    GAVE_UP = "gave_up"  # «даве» refused
    STAKE = "stake"  # «даве»: the stake doubled
    REDEAL_PASSES = "redeal_passes"
    REDEAL_SEVENS = "redeal_sevens"


def penalty_why(reason: PenaltyReason) -> Why:
    """The rule key of a strict-etiquette penalty's line."""
    return Why(f"penalty_{reason.value}")


def reasons(r: DealResult) -> tuple[Why, ...]:
    """The rules that made ``r``'s sheet line, in the summary's order, each once: what the deal's summary
    explains («почему?») and a tool may read."""
    out: list[Why] = []
    if r.outcome is Outcome.REDEAL_PASSES:
        return (Why.REDEAL_PASSES,)
    if r.outcome is Outcome.REDEAL_FOUR_SEVENS:
        return (Why.REDEAL_SEVENS,)
    ps = r.players
    out += [Why.CARD_POINTS, Why.LAST_TRICK]  # the sheet's first lines, every deal that was not dealt again
    out += [Why.SEQUENCE, Why.SEQUENCE_SHOWN] if any(p.sequences for p in ps) else []
    out += [Why.BELLE] if any(p.belle for p in ps) else []
    out.append(Why.WRITTEN)
    made = r.outcome is Outcome.PLAYED and r.bidder is not None and not (r.bait or r.tie or r.card_bait is not None)
    out += [Why.MADE] if made else []
    if r.bait and r.bidder is not None:
        out.append(Why.BAIT)
        if len(ps) == 3 and ps[r.bidder].total % 2:
            out.append(Why.ODD_POINT)
    out += [Why.HANGING_BAIT] if r.tie and r.hanging_now else []
    out += [Why.CARD_BAIT] if r.card_bait is not None else []
    out += [penalty_why(p.reason) for p in r.penalties]
    out += [Why.HANGING_TAKEN] if any(p.hanging_received for p in ps) else []
    out += [Why.SKI] if any(p.ski for p in ps) else []
    out += [Why.BAIT_PENALTY] if any(p.adjustment and not p.ski for p in ps) else []
    if r.outcome is Outcome.CLAIMED and r.claim is not None:
        out.append(Why.CLAIM)
        out += [Why.CLAIM_PENALTY] if r.card_bait is not None else []
    out += [Why.OFFER] if r.offer is not None else []
    out += [Why.GAVE_UP] if r.outcome is Outcome.GAVE_UP and r.winner is not None else []
    out += [Why.STAKE] if r.stake != 1 else []
    return tuple(dict.fromkeys(out))
