"""The actions a player can take, with a compact ASCII form used by records (``play:7S``, ``name:H`` ...)."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from game.cards import CODE_OF, Card, Suit
from game.enums import NoTruth


class Kind(NoTruth, StrEnum):
    ORDER = "order"  # «играю»: round 1, the face-up suit
    PASS = "pass"  # «пас» in round 1 or 2
    NAME = "name"  # round 2: name another suit
    SWAP = "swap"  # the trump seven for the вскрышка
    ASK_PASSES = "ask-passes"  # «проходит ли мой терц?»
    ANSWER_PASSES = "passes"  # the opponent's answer: passes:yes / passes:no
    FOUR_SEVENS = "four-sevens"  # claim a redeal with four sevens (club)
    ANNOUNCE = "announce"  # «терц» / «пятьдесят»: the class of one's best sequence
    ROST = "rost"  # «рост?»: I hold the same class
    TELL_TOP = "top"  # the leader names the top card of the announced sequence
    PISHET = "pishet"  # «пишет» / «годится»: the other's sequence stands
    MINE = "mine"  # «у меня старше»: after hearing the top card
    BELLE = "belle"  # declare belle (presets that declare it apart from a card)
    PLAY = "play"  # play a card (``belle`` set: declare belle with it)
    CLAIM = "claim"  # claim the game won
    NO_CLAIM = "no-claim"  # decline to claim at the score-keeping
    OFFER = "offer"  # «с предложением»: offer the opponent 50 without playing the deal
    NO_OFFER = "no-offer"  # let the last cards be dealt without an offer
    ANSWER_OFFER = "offer-answer"  # written offer:yes (write the 50; the deal ends) / offer:no (play on)
    DAVE = "dave"  # «даве»: double the stake of the one-deal game
    ANSWER_DAVE = "dave-answer"  # written dave:yes (play on at the doubled stake) / dave:no (give up)


TERZ = 3
FIFTY = 4
CLASS_NAMES = {TERZ: "terz", FIFTY: "fifty"}
CLASS_BY_NAME = {v: k for k, v in CLASS_NAMES.items()}


class Action(NamedTuple):
    """One action. Only the fields its kind uses are set; the tuple is hashable and cheap."""

    kind: Kind
    card: Card | None = None
    suit: Suit | None = None
    value: int = 0  # ANNOUNCE: 3 (терц) / 4 (пятьдесят); ANSWER_*: 1 yes / 0 no; PLAY: 1 = with belle

    def __str__(self) -> str:
        k = self.kind
        if k is Kind.PLAY:
            assert self.card is not None
            return f"play:{CODE_OF[self.card]}" + ("+belle" if self.value else "")
        if k is Kind.NAME:
            assert self.suit is not None
            return f"name:{'SCDH'[self.suit]}"
        if k is Kind.ANNOUNCE:
            return f"announce:{CLASS_NAMES[self.value]}"
        if k in _ANSWER_HEAD:
            return f"{_ANSWER_HEAD[k]}:{'yes' if self.value else 'no'}"
        return k.value

    @classmethod
    def parse(cls, text: str) -> Action:
        """The inverse of ``str``; raises ``ValueError`` with a readable message."""
        if not isinstance(text, str):
            raise ValueError(f"an action must be a string, got {text!r}")
        head, _, arg = text.strip().partition(":")
        if head in _ANSWER_OF_HEAD and arg and head != "passes":  # offer:yes / dave:no ...
            if arg not in ("yes", "no"):
                raise ValueError(f"bad action {text!r}: {head}:yes or {head}:no")
            return Action(_ANSWER_OF_HEAD[head], value=int(arg == "yes"))
        try:
            kind = Kind(head)
        except ValueError:
            raise ValueError(f"unknown action {text!r}") from None
        if kind in _ANSWER_HEAD and kind is not Kind.ANSWER_PASSES:
            raise ValueError(f"unknown action {text!r}")  # written as offer:yes, dave:no
        if kind is Kind.PLAY:
            code, _, extra = arg.partition("+")
            if extra not in ("", "belle"):
                raise ValueError(f"bad action {text!r}: only '+belle' may follow a card")
            return play(Card.parse(code), belle=bool(extra))
        if kind is Kind.NAME:
            return name(Suit.parse(arg))
        if kind is Kind.ANNOUNCE:
            if arg not in CLASS_BY_NAME:
                raise ValueError(f"bad action {text!r}: announce:terz or announce:fifty")
            return announce(CLASS_BY_NAME[arg])
        if kind is Kind.ANSWER_PASSES:
            if arg not in ("yes", "no"):
                raise ValueError(f"bad action {text!r}: passes:yes or passes:no")
            return answer_passes(arg == "yes")
        if arg:
            raise ValueError(f"bad action {text!r}: {kind.value} takes no argument")
        return Action(kind)


# answers written as "<head>:yes|no"
_ANSWER_HEAD = {Kind.ANSWER_PASSES: "passes", Kind.ANSWER_OFFER: "offer", Kind.ANSWER_DAVE: "dave"}
_ANSWER_OF_HEAD = {v: k for k, v in _ANSWER_HEAD.items()}


def play(card: Card, belle: bool = False) -> Action:
    return Action(Kind.PLAY, card=card, value=1 if belle else 0)


def name(suit: Suit) -> Action:
    return Action(Kind.NAME, suit=suit)


def announce(cls: int) -> Action:
    return Action(Kind.ANNOUNCE, value=cls)


def answer_passes(yes: bool) -> Action:
    return Action(Kind.ANSWER_PASSES, value=1 if yes else 0)


def answer_offer(yes: bool) -> Action:
    return Action(Kind.ANSWER_OFFER, value=1 if yes else 0)


def answer_dave(yes: bool) -> Action:
    return Action(Kind.ANSWER_DAVE, value=1 if yes else 0)


ORDER = Action(Kind.ORDER)
PASS = Action(Kind.PASS)
SWAP = Action(Kind.SWAP)
ASK_PASSES = Action(Kind.ASK_PASSES)
FOUR_SEVENS = Action(Kind.FOUR_SEVENS)
ROST = Action(Kind.ROST)
TELL_TOP = Action(Kind.TELL_TOP)
PISHET = Action(Kind.PISHET)
MINE = Action(Kind.MINE)
BELLE = Action(Kind.BELLE)
CLAIM = Action(Kind.CLAIM)
NO_CLAIM = Action(Kind.NO_CLAIM)
OFFER = Action(Kind.OFFER)
NO_OFFER = Action(Kind.NO_OFFER)
DAVE = Action(Kind.DAVE)
