"""What an analysis is: each card decision with its values, each judged bid, per deal and per record, and their
JSON (the cache's format). The settings that make an analysis (thresholds, sample counts) live here because the
facts record them and the cache key hashes them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game import jsonsafe
from game.bots.hard3 import samples_at
from game.cards import CODE_OF, Card

# 2: the knowledge values average over every consistent hand from trick 5 (as the bot); 3: three players — the
# knowledge values from the first card, the bids judged at the bar −20 (as the bot); 4: «даве» and its answers judged
ANALYSIS_VERSION = 4
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


DAVE_CHOICES = ({"dave", "play"}, {"dave:yes", "dave:no"})  # a raise's choices, an answer's


@dataclass(frozen=True, slots=True)
class DaveJudgement:
    """«Даве» or its answer judged as the cards are, with open cards: what each choice ends in for the one who made
    it, in the game's stake (``GameOver.stake``: + won, − lost), playing on to the end without another raise.
    A raise: "dave" or "play" (lead without raising); an answer: "dave:yes" or "dave:no"."""

    deal: int
    action: int
    seat: int
    chosen: str
    best: str
    loss: int  # in stakes: the best choice's result minus the chosen one's
    values: dict[str, int]

    @property
    def mistake(self) -> bool:
        return self.loss > 0

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "seat": self.seat,
            "chose": self.chosen,
            "best": self.best,
            "lost": self.loss,
            "values": dict(self.values),
        }

    @classmethod
    def from_json(cls, deal: int, obj: dict[str, Any]) -> DaveJudgement:
        values = {str(k): int(v) for k, v in obj["values"].items()}
        chosen, best = str(obj["chose"]), str(obj["best"])
        if set(values) not in DAVE_CHOICES or chosen not in values or best not in values:
            raise ValueError(f"a «даве» judgement of {sorted(values)!r}, {chosen!r} for {best!r}")
        return cls(deal, int(obj["action"]), int(obj["seat"]), chosen, best, values[best] - values[chosen], values)


@dataclass(slots=True)
class DealAnalysis:
    index: int
    decisions: list[CardDecision] = field(default_factory=list)
    bids: list[BidJudgement] = field(default_factory=list)
    players: int = 2
    daves: list[DaveJudgement] = field(default_factory=list)

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
            "daves": [j.to_json() for j in self.daves],
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
                    [DaveJudgement.from_json(i, x) for x in d.get("daves", [])],
                )
            )
        return cls(str(obj["digest"]), deals, str(obj["bidding"]), tuple(obj["samples"]), threshold, players)
