"""Every rule that differs between the sources is an option of one frozen ``Rules``; each source is a preset.

Each field's metadata names what it means and which source says what; ``python main.py rules`` prints the
matrix from this metadata, and ``docs/rules.md`` explains the decisions in prose.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from game.enums import NoTruth


class Round2(NoTruth, StrEnum):
    REDEAL = "redeal"  # both pass again: new deal by the other dealer
    DEALER_MUST_CHOOSE = "dealer_must_choose"  # "с обязом": the dealer may not pass in round 2


class NextDealer(NoTruth, StrEnum):
    MORE_POINTS = "more_points"  # who wrote more in the deal; after a hanging bait the вистующий
    BIDDER = "bidder"  # the previous bidder deals
    ALTERNATE = "alternate"


class FirstLead(NoTruth, StrEnum):
    NON_DEALER = "non_dealer"
    BIDDER = "bidder"
    NON_BIDDER = "non_bidder"


class EqualSequences(NoTruth, StrEnum):
    TRUMP_THEN_EARLIER = "trump_then_earlier"  # trump wins; both plain: the earlier announced (the leader's)
    EARLIER = "earlier"  # kharkov: no trump advantage, the earlier announced wins


class BelleWhen(NoTruth, StrEnum):
    BEFORE_ANY_CARD = "before_any_card"  # before any of one's cards while holding at least one of K, Q
    WHEN_PLAYING = "when_playing"  # together with playing the trump K or Q
    HOLDING_BOTH = "holding_both"  # on one's turn while still holding both


class BelleProtection(NoTruth, StrEnum):
    OFF = "off"  # belle counts once declared
    DECLARING_CARD = "declaring_card"  # the K or Q that declared belle must win its trick
    KING_OR_QUEEN = "king_or_queen"  # yellowclub: a trick taken by the K or by the Q (either card)


class BaitCount(NoTruth, StrEnum):
    PER_PLAYER = "per_player"  # a player's own n-th bait of the game
    GAME = "game"  # yellowclub: the game's n-th bait, both players' baits counted together


class Hanging(NoTruth, StrEnum):
    SUM = "sum"  # the next deal with a winner takes all hanging points together
    QUEUE = "queue"  # one hanging amount per deal with a winner, oldest first
    TO_DEFENDER = "to_defender"  # club: a second tie gives the old hanging points to its вистующий
    NONE = "none"  # single-deal games: a tie decides the game at once


class BothReach(NoTruth, StrEnum):
    LAST_TRICK = "last_trick"
    NON_BIDDER = "non_bidder"
    HIGHER_TOTAL = "higher_total"  # equal totals: another deal


class TieWinner(NoTruth, StrEnum):
    DEFENDER = "defender"  # one_strike: the вистующий wins a tied single deal
    BIDDER = "bidder"  # yellowclub single deal: "преимущество играющему"


class SequenceOrder(NoTruth, StrEnum):
    NATURAL = "natural"  # 7 8 9 10 J Q K A
    ACE_TEN = "ace_ten"  # 7 8 9 J Q K 10 A ("in some companies", book)


class Etiquette(NoTruth, StrEnum):
    GUIDED = "guided"  # only correct dialog moves are legal
    STRICT = "strict"  # mistakes are legal and bring the official penalty


def _opt(default: Any, doc: str, **sources: str) -> Any:
    return field(default=default, metadata={"doc": doc, "sources": sources})


@dataclass(frozen=True, slots=True)
class Rules:
    """One complete rule set. ``dataclasses.replace(rules, target=301)`` makes a variant."""

    name: str = "moscow"
    target: int = _opt(
        501,
        "points to win the game; 0 = a single deal decides",
        moscow="501 (301 allowed)",
        kharkov="501",
        club="501",
        book="501",
        one_strike="one deal",
        yellowclub="301 / 501 / 1001 / one deal",
    )
    round2: Round2 = _opt(
        Round2.REDEAL,
        "when both pass in round 2",
        moscow="redeal by the other player",
        club="redeal (four passes)",
        yellowclub="the dealer must choose (обяз)",
    )
    next_dealer: NextDealer = _opt(
        NextDealer.MORE_POINTS,
        "who deals the next deal",
        moscow="more points in the deal; after a hanging bait the вистующий",
        club="the previous bidder",
        book="alternate",
        yellowclub="alternate (not stated)",
    )
    first_lead: FirstLead = _opt(
        FirstLead.NON_DEALER,
        "who leads the first trick",
        moscow="the dealer's opponent",
        one_strike="the first speaker",
        yellowclub="table setting: non-dealer / bidder / non-bidder",
    )
    equal_sequences: EqualSequences = _opt(
        EqualSequences.TRUMP_THEN_EARLIER,
        "two sequences of the same length and top card",
        moscow="trump wins, else the earlier announced",
        kharkov="the earlier announced, no trump advantage",
        club="trump, then earlier",
        book="trump wins",
    )
    sequences_need_trick: bool = _opt(
        False,
        "the sequences' owner must take at least one trick",
        moscow="no: counted regardless of tricks",
        club="yes",
        yellowclub="yes",
    )
    belle_when: BelleWhen = _opt(
        BelleWhen.BEFORE_ANY_CARD,
        "when belle is declared",
        moscow="before any card while holding one of its cards",
        club="when playing K or Q",
        book="on one's turn while holding both",
        yellowclub="when playing K or Q",
    )
    belle_protection: BelleProtection = _opt(
        BelleProtection.OFF,
        "belle counts only if it takes a trick: off / the declaring K or Q must win its trick / the K or the Q "
        "(either) takes a trick",
        yellowclub="table setting (optional): a trick taken by its K or its Q, either card",
    )
    seven_swap: bool = _opt(True, "the trump seven may be swapped for the вскрышка", yellowclub="table setting")
    four_sevens_redeal: bool = _opt(False, "four sevens allow a redeal before the first card", club="yes")
    hanging: Hanging = _opt(
        Hanging.SUM,
        "what happens to a tie (висячий байт)",
        moscow="the next deal's winner; a second tie: sum (or in turn)",
        club="next deal; a second tie gives the old points to the new вистующий",
        one_strike="none: the вистующий wins a tie",
        yellowclub="a queue to the next deals won outright",
    )
    both_reach: BothReach = _opt(
        BothReach.LAST_TRICK,
        "both reach the target in one deal",
        moscow="the taker of the last trick wins",
        club="the non-bidder of that deal wins",
        yellowclub="higher total; equal: another deal",
    )
    single_deal_tie: TieWinner = _opt(
        TieWinner.DEFENDER,
        "who wins a tied single-deal game",
        one_strike="the вистующий",
        yellowclub="the bidder",
    )
    bidder_loss_stake: int = _opt(
        1,
        "stakes the bidder pays when a single deal is lost by bait",
        one_strike="double stake",
    )
    bait_penalty_from: int = _opt(
        0,
        "from this bait of a game on, each bait also costs bait_penalty (0 = off)",
        yellowclub="3rd bait",
    )
    bait_penalty: int = _opt(0, "points taken off the total by a counted bait", yellowclub="100")
    bait_count: BaitCount = _opt(
        BaitCount.PER_PLAYER,
        "how baits are counted for bait_penalty_from: each player's own, or the game's (both players' together)",
        yellowclub="the game's baits, both players' together",
    )
    ski_penalty: int = _opt(
        0,
        "лыжа: points off the total of a player with no trick (their combinations burn); 0 = off",
        yellowclub="50",
    )
    sequence_order: SequenceOrder = _opt(
        SequenceOrder.NATURAL,
        "rank order for sequences",
        moscow="natural",
        book="natural; some companies A-10-K-Q-J-9-8-7",
    )
    claim_required: bool = _opt(
        True,
        "the winner must claim the game (a false claim loses it)",
        moscow="yes (official)",
        club="no",
    )
    etiquette: Etiquette = _opt(Etiquette.GUIDED, "announcement dialog: guided or strict (a table setting)")
    offer_fifty: bool = _opt(
        False,
        "«с предложением»: after the trump is fixed, before the last three cards are dealt, a player may offer "
        "the opponent 50 without playing the deal (games to a target only)",
        moscow="no: a variety of the official rules (the preset offer)",
        offer="official rules, varieties: «деберц с предложением» (с полтинниками)",
    )
    gap_end: int = _opt(
        0,
        "the game also ends when the gap between the totals reaches this; the leader wins (0 = off)",
        moscow="off (official: the target only; 250 in the variety «с предложением»)",
        offer="250 (official rules, «деберц с предложением»)",
    )
    dave: bool = _opt(
        False,
        "«даве» in the one-deal game: on lead, a player may double the stake; the other plays on at the double "
        "stake or gives up at the current one; re-raises alternate",
        moscow="— (one-deal games only)",
        one_strike="by agreement («возможность договориться играть с увеличением ставки (даве) — есть»)",
    )

    players: int = _opt(
        2,
        "seats at the table: 2, or 3 («деберц втроём»: the bidder against two вистующие)",
        moscow="2 (3: the official variety «деберц втроём»)",
        kharkov="2 or 3 (as moscow)",
        club="2 (its hanging rule names one вистующий: not for three)",
        book="2 or 3",
        one_strike="2 (the one-deal game: not for three)",
        yellowclub="2 or 3",
        offer="2 (the offer of 50 is between two players)",
    )

    def __post_init__(self) -> None:
        if self.players not in (2, 3):
            raise ValueError(f"option players: 2 or 3, got {self.players!r}")
        if self.players == 3:
            refused = three_player_conflicts(self)
            if refused:
                raise ValueError("not defined for three players: " + ", ".join(refused))

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed; values are validated and enum strings converted."""
        return Rules.from_dict({**self.to_dict(), **changes})

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, Enum) else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        kwargs: dict[str, Any] = {}
        types = {f.name: f for f in dataclasses.fields(cls)}
        for key, value in data.items():
            if key not in types:
                raise ValueError(f"unknown rules option {key!r}")
            default = getattr(PRESETS["moscow"], key)
            if key == "belle_protection" and isinstance(value, bool):  # records before the option had values
                value = BelleProtection.DECLARING_CARD if value else BelleProtection.OFF
            if isinstance(default, Enum):
                try:
                    value = type(default)(value)
                except ValueError:
                    allowed = ", ".join(m.value for m in type(default))
                    raise ValueError(f"option {key}: {value!r} is not one of {allowed}") from None
            elif isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"option {key}: expected true/false, got {value!r}")
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise ValueError(f"option {key}: expected a non-negative integer, got {value!r}")
            elif isinstance(default, str) and not isinstance(value, str):
                raise ValueError(f"option {key}: expected text, got {value!r}")
            kwargs[key] = value
        return dataclasses.replace(PRESETS["moscow"], **kwargs)

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Rules:
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r} (known: {', '.join(PRESETS)})")
        return PRESETS[name].with_options(**overrides) if overrides else PRESETS[name]


def as_preset(rules: Rules) -> tuple[str, dict[str, Any]]:
    """``rules`` as a preset and the options that differ from it (``Rules.preset(name, **those) == rules``): a known
    preset by the rules' name, else the Moscow one — so a game can be started again with the same rules, «даве» and
    a record's own options included."""
    name = rules.name if rules.name in PRESETS else "moscow"
    base = PRESETS[name].to_dict()
    return name, {k: v for k, v in rules.to_dict().items() if v != base[k] and k != "name"}


def defined_for(rules: Rules, players: int) -> bool:
    """Do the rules define ``rules`` for a game of ``players`` (for three, no option that names one вистующий)?"""
    try:
        rules.with_options(players=players)
    except ValueError:
        return False
    return True


def three_player_conflicts(rules: Rules) -> list[str]:
    """The options whose rule names one вистующий or the one-deal game: no source defines them for three."""
    out = []
    if rules.target <= 0:
        out.append("target 0 (the one-deal game)")
    if rules.offer_fifty:
        out.append("offer_fifty")
    if rules.gap_end:
        out.append("gap_end")
    if rules.dave:
        out.append("dave")
    if rules.hanging not in (Hanging.SUM, Hanging.QUEUE):
        out.append(f"hanging {rules.hanging.value}")
    if rules.both_reach is BothReach.NON_BIDDER:
        out.append("both_reach non_bidder")
    return out


def option_fields() -> list[dataclasses.Field[Any]]:
    return [f for f in dataclasses.fields(Rules) if f.name != "name"]


_MOSCOW = Rules(name="moscow")

PRESETS: dict[str, Rules] = {
    "moscow": _MOSCOW,
    "kharkov": dataclasses.replace(_MOSCOW, name="kharkov", equal_sequences=EqualSequences.EARLIER),
    "club": dataclasses.replace(
        _MOSCOW,
        name="club",
        next_dealer=NextDealer.BIDDER,
        sequences_need_trick=True,
        belle_when=BelleWhen.WHEN_PLAYING,
        four_sevens_redeal=True,
        hanging=Hanging.TO_DEFENDER,
        both_reach=BothReach.NON_BIDDER,
        claim_required=False,
    ),
    "book": dataclasses.replace(
        _MOSCOW,
        name="book",
        next_dealer=NextDealer.ALTERNATE,
        belle_when=BelleWhen.HOLDING_BOTH,
        claim_required=False,
    ),
    "one_strike": dataclasses.replace(
        _MOSCOW,
        name="one_strike",
        target=0,
        hanging=Hanging.NONE,
        single_deal_tie=TieWinner.DEFENDER,
        bidder_loss_stake=2,
        claim_required=False,
    ),
    "yellowclub": dataclasses.replace(
        _MOSCOW,
        name="yellowclub",
        round2=Round2.DEALER_MUST_CHOOSE,
        next_dealer=NextDealer.ALTERNATE,
        sequences_need_trick=True,
        belle_when=BelleWhen.WHEN_PLAYING,
        hanging=Hanging.QUEUE,
        both_reach=BothReach.HIGHER_TOTAL,
        single_deal_tie=TieWinner.BIDDER,
        bait_penalty_from=3,
        bait_penalty=100,
        bait_count=BaitCount.GAME,
        ski_penalty=50,
        claim_required=False,
    ),
    # the official «деберц с предложением»: moscow with the offer of 50 and the end at a gap of 250
    "offer": dataclasses.replace(_MOSCOW, name="offer", offer_fifty=True, gap_end=250),
}
