"""The facts of a whole game, from its record: totals deal by deal, bids made and baited, announcements, best deal.

A pure function of the record (the engine replays it, as everywhere), so the game-over screen, the replay
browser's preview and a later statistics screen all count the same way. Seats are the record's seats;
deal numbers are 1-based positions in the record (redeals included), as on the score sheet. Two or three seats:
every tuple has one entry per seat (``Match.n``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.actions import FIFTY, TERZ
from game.match import Match
from game.record import GameRecord, replay
from game.scoring import Outcome
from game.sequences import POINTS

_REDEALS = (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS)


@dataclass(frozen=True, slots=True)
class SideFacts:
    """One seat's part of a game."""

    bids: int = 0  # scored deals this seat played (it chose the trump)
    made: int = 0  # of those, deals it won (wrote more than the opponent; for three, than each вистующий)
    baited: int = 0  # байт: the bidder made less
    hung: int = 0  # висячий байт: a tie as the bidder, its points hung
    claimed: int = 0  # cut short by a claim during play, or given up on «даве»: neither made nor baited
    card_baits: int = 0  # байт на картах suffered (a strict-etiquette fault)
    terz: int = 0  # терцы counted for this seat
    fifty: int = 0  # пятьдесят counted
    belle: int = 0  # беллы counted
    hanging_taken: int = 0  # hanging points this seat took
    best_deal: int | None = None  # the deal (1-based) where it wrote most
    best_points: int = 0  # what it wrote in that deal


@dataclass(frozen=True, slots=True)
class DealLine:
    """One scored deal as the sheet writes it: what each seat got (adjustments included) and its marks."""

    number: int  # 1-based position in the record
    bidder: int | None
    written: tuple[int, ...]  # per seat
    bait: bool = False  # the bidder (seat ``bidder``) made less
    hung: bool = False  # a tie: the bidder's points hang
    card_bait: int | None = None  # the seat punished with байт на картах


@dataclass(frozen=True, slots=True)
class GameFacts:
    """The whole game: ``totals`` starts at the sheet before the first deal — (0, 0), for three (0, 0, 0), in a new
    game — and has the scores after each scored deal."""

    sides: tuple[SideFacts, ...]  # per seat
    totals: tuple[tuple[int, ...], ...]
    deal_numbers: tuple[int, ...]  # the record's deal number of each entry of ``totals`` after the first
    redeals: int
    target: int
    winner: int | None  # None while the game is unfinished
    reason: str | None  # GameOver.reason
    stake: int = 1
    lines: tuple[DealLine, ...] = ()  # one per scored deal, beside ``totals[1:]``

    @property
    def final(self) -> tuple[int, ...]:
        return self.totals[-1]

    @property
    def players(self) -> int:
        return len(self.sides)

    @property
    def scored_deals(self) -> int:
        return len(self.totals) - 1

    def by_deal(self) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """The totals after every deal up to the last scored one, a redeal keeping the totals before it: (deal
        numbers from 0, totals). The charts draw these — a redeal left out made «3» and «5» neighbours."""
        numbers = tuple(range(max(self.deal_numbers, default=0) + 1))
        at = dict(zip(self.deal_numbers, self.totals[1:], strict=True))
        totals = [self.totals[0]]
        for k in numbers[1:]:
            totals.append(at.get(k, totals[-1]))
        return numbers, tuple(totals)


def game_facts(record: GameRecord) -> GameFacts:
    """Replay ``record`` (raises ``RecordError`` like ``replay``) and count its facts."""
    return facts_of_match(replay(record))


def facts_of_match(match: Match) -> GameFacts:
    """The facts of a match already replayed (deals without a result yet are left out)."""
    counts = [
        dict.fromkeys(
            ("bids", "made", "baited", "hung", "claimed", "card_baits", "terz", "fifty", "belle", "hanging_taken"), 0
        )
        for _ in range(match.n)
    ]
    seats = range(match.n)
    best: list[tuple[int, int] | None] = [None] * match.n  # (points, deal number)
    # the sheet before the first deal: (0, 0) in a new game (a lesson's game may start from a written sheet)
    totals: list[tuple[int, ...]] = [tuple(match.deals[0].context.scores) if match.deals else (0,) * match.n]
    numbers: list[int] = []
    lines: list[DealLine] = []
    redeals = 0
    terz_pts, fifty_pts = POINTS[TERZ], POINTS[FIFTY]
    for number, deal in enumerate(match.deals, start=1):
        r = deal.result
        if r is None:
            continue
        if r.outcome in _REDEALS:
            redeals += 1
            continue
        before = totals[-1]
        totals.append(tuple(r.scores_after))
        numbers.append(number)
        got = tuple(r.scores_after[p] - before[p] for p in seats)
        lines.append(DealLine(number, r.bidder, got, r.bait, r.tie and r.hanging_now > 0, r.card_bait))
        if r.bidder is not None:
            b = counts[r.bidder]
            b["bids"] += 1
            if r.outcome is Outcome.CLAIMED or (r.outcome is Outcome.GAVE_UP and r.winner != r.bidder):
                b["claimed"] += 1  # («Играющим 1 — сыграно 0 — байт 0» did not add up after a give-up)
            elif r.bait:
                b["baited"] += 1
            elif r.tie and r.hanging_now:
                b["hung"] += 1
            elif r.winner == r.bidder:
                b["made"] += 1
        if r.card_bait is not None:
            counts[r.card_bait]["card_baits"] += 1
        for seat in seats:
            ps = r.players[seat]
            c = counts[seat]
            c["terz"] += sum(1 for _, pts in ps.sequences if pts == terz_pts)
            c["fifty"] += sum(1 for _, pts in ps.sequences if pts == fifty_pts)
            c["belle"] += 1 if ps.belle else 0
            c["hanging_taken"] += ps.hanging_received
            written = ps.written + ps.adjustment
            old = best[seat]
            if written > 0 and (old is None or written > old[0]):
                best[seat] = (written, number)
    sides = [SideFacts(**counts[s]) for s in seats]
    for s in seats:
        top = best[s]
        if top is not None:
            sides[s] = replace(sides[s], best_deal=top[1], best_points=top[0])
    over = match.over
    return GameFacts(
        sides=tuple(sides),
        totals=tuple(totals),
        deal_numbers=tuple(numbers),
        redeals=redeals,
        target=match.rules.target,
        winner=None if over is None else over.winner,
        reason=None if over is None else over.reason,
        stake=1 if over is None else over.stake,
        lines=tuple(lines),
    )
