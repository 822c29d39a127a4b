"""What a deal tells the table: its phases, where the announcement dialog stands, and its events."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum, StrEnum
from typing import NamedTuple

from game.cards import Card
from game.enums import NoTruth


class Phase(NoTruth, StrEnum):
    BIDDING_1 = "bidding_1"
    BIDDING_2 = "bidding_2"
    OFFER = "offer"  # «с предложением»: the trump is fixed, the last three cards not yet dealt
    PLAY = "play"  # includes the swap, the announcement dialog and belle
    CLAIM = "claim"  # the score-keeping: a player who reached the target may claim the game
    OVER = "over"


class Dialog(NoTruth, Enum):
    """Where the first trick's announcement dialog stands."""

    OPEN = 0  # nobody has announced (the leader may; after the leader's silence the second may)
    ANNOUNCED = 1  # the leader announced a class; the second must answer
    ROST_ASKED = 2  # «рост?»: the leader must name the top card
    TOP_TOLD = 3  # the second says «пишет» or «у меня старше»
    CLOSED = 4


class EventKind(NoTruth, StrEnum):
    """What an ``Event`` tells; equal to its old string (records and words keep the strings)."""

    DEALT = "dealt"
    BID = "bid"
    TRUMP = "trump"
    OFFER = "offer"
    NO_OFFER = "no_offer"
    OFFER_ANSWER = "offer_answer"
    DAVE = "dave"
    DAVE_ANSWER = "dave_answer"
    SWAP = "swap"
    ASK_PASSES = "ask_passes"
    ANSWER_PASSES = "answer_passes"
    FOUR_SEVENS = "four_sevens"
    ANNOUNCE = "announce"
    ROST = "rost"
    MINE = "mine"
    PISHET = "pishet"
    TOP = "top"
    SEQUENCES = "sequences"
    BELLE = "belle"
    PLAY = "play"
    TRICK = "trick"
    CLAIM = "claim"
    PENALTY = "penalty"
    SCORED = "scored"
    REDEAL = "redeal"
    OVER = "over"
    GAME_OVER = "game_over"


# ``Event.detail`` of a true ``mine`` (its card: the top card, its value: the class, both shown at once): after
# the top card was named, or at one's first card with a certainly higher sequence; of an ``announce`` that adds a
# partner's sequence to a вистующий's that won («родили …», its card the top card)
MINE_AFTER_TOP = "after_top"
MINE_AT_ONCE = "at_once"
ANNOUNCE_ADDED = "added"


class Event(NamedTuple):
    """Something that happened, for the UI to show. Events carry only public information. ``detail``: the
    reason of a ``penalty`` (a ``PenaltyReason``), of a ``game_over`` (a ``GameOverReason``), of a ``redeal``; the
    bid of a ``bid``; how a true ``mine`` or an added ``announce`` was said (``MINE_AFTER_TOP`` …)."""

    kind: EventKind
    seat: int | None = None
    card: Card | None = None
    value: int = 0
    detail: str = ""


def classes_detail(lengths: Iterable[int]) -> str:
    """A ``sequences`` event's ``detail``: the classes written, «3» a терц, «4» a fifty («4,3»: a fifty and a
    терц) — public as their points are, so that the table says «терц +20», not «комбинации +20»."""
    return ",".join(str(n) for n in lengths)


def takes_last_trick(events: Iterable[Event]) -> bool:
    """Do one action's ``events`` take the deal's last trick? The ninth trick is scored in the same step
    (``SCORED`` follows its ``TRICK``), and no other trick is: the words that add its послед ask this."""
    kinds = [ev.kind for ev in events]
    return EventKind.TRICK in kinds and EventKind.SCORED in kinds


class Trick(NamedTuple):
    leader: int
    cards: tuple[Card, ...]  # in play order (2 or 3 cards)
    winner: int
