"""What one seat may know of a deal: the only thing bots and the UI are given."""

from __future__ import annotations

from dataclasses import dataclass

from game import sequences as seqs
from game.actions import Action, Kind
from game.cards import Card, Suit
from game.deal.events import Phase, Trick
from game.rules import Rules
from game.scoring import DealResult, MatchContext, Penalty


@dataclass(frozen=True, slots=True)
class DealView:
    """What one seat may know. Bots and the UI get only this — never the deal itself."""

    seat: int
    rules: Rules
    dealer: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    opponent_cards: int  # cards in the next seat's hand (for two: the opponent's)
    face_up: Card  # the вскрышка (the trump seven after a swap)
    first_trump: Suit
    trump: Suit | None
    bidder: int | None
    freza: Card | None
    leader: int | None  # who leads the first trick
    history: tuple[tuple[int, Action], ...]  # every action so far: all are spoken or played openly
    trick: tuple[Card, ...]
    trick_leader: int | None
    tricks: tuple[Trick, ...]
    card_points: tuple[int, ...]  # per seat
    known_opponent_cards: tuple[Card, ...]  # others' cards taken by a swap, shown in sequences or belle, unplayed
    shown: tuple[tuple[Card, ...], ...]  # per seat: counted sequences, shown after the first trick
    legal: tuple[Action, ...]
    context: MatchContext
    result: DealResult | None  # the breakdown once scored (in the claim phase: before any claim)
    told_top: Card | None = None  # the top card named after «рост?»
    said_top: Card | None = None  # the top card of what stands now, named aloud (after «рост?», or in a «не годится»)
    sequence_owner: int | None = None  # who won the comparison of sequences (public once decided)
    sequence_points: int = 0  # what that player's counted sequences are worth
    belle_declared: tuple[bool, ...] = (False, False)
    penalties: tuple[Penalty, ...] = ()  # strict-etiquette faults so far (all public)
    stake: int = 1  # «даве»: the one-deal game's stake multiplier now
    dave_owner: int | None = None  # who may raise next (None: either, on lead); the last to accept
    hand_sizes: tuple[int, ...] = ()  # cards in each seat's hand
    added_by: int | None = None  # three players: the вистующий whose sequences were added to the winner's
    added_points: int = 0  # what those added sequences are worth

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def own_top_card(self) -> Card | None:
        """The top card of the sequence this seat names for the class it announced last (its hand and the card it
        led): what it tells after «рост?». None before it announced."""
        announced = [a.value for s, a in self.history if s == self.seat and a.kind is Kind.ANNOUNCE]
        if not announced or self.trump is None:
            return None
        cards = list(self.hand)
        if self.trick and self.trick_leader == self.seat:
            cards.append(self.trick[0])
        found = seqs.first_of_class(cards, announced[-1], self.trump, self.rules)
        return None if found is None else found.top_card
