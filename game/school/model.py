"""A lesson's data: the positions, the tasks with their right and explained wrong answers, and the stars."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from game.actions import Action, Kind
from game.cards import Card, parse_cards
from game.deal import Deal, build_deck_n, dealing_order
from game.drills.model import ANY_CARD, Msg
from game.match import Match
from game.rules import Rules
from game.scoring import MatchContext

PLAYER = 0  # the learner's seat in every lesson (two players: the opponent is seat 1; three: 1 on the left, 2 on
# the right — game.seating: play goes to the left)


def stars(mistakes: int) -> int:
    """Three stars for a lesson without a mistake, two for one, one otherwise (a finished lesson has one)."""
    return 3 if mistakes == 0 else 2 if mistakes == 1 else 1


@dataclass(frozen=True, slots=True)
class Position:
    """A deal as the engine builds it: the deck (from the hands, ``build_deck``), the dealer and the actions
    played before the decision; ``sheet``: the totals written before this deal (a game near its end; empty: a
    new game)."""

    rules: Rules
    dealer: int
    deck: tuple[Card, ...]
    script: tuple[Action, ...] = ()
    sheet: tuple[int, ...] = ()

    @classmethod
    def of_hands(cls, rules: Rules, dealer: int, player: str, opponent: str, face_up: str, *script: str) -> Position:
        """Two players: hands as card text («TS QS 7S …»: the first six dealt before the bidding), the вскрышка,
        the actions."""
        return cls.of_seats(rules, dealer, (player, opponent), face_up, *script)

    @classmethod
    def of_seats(cls, rules: Rules, dealer: int, hands: Sequence[str], face_up: str, *script: str) -> Position:
        """Any table: ``hands`` by seat (the learner's first; for three the left opponent's, then the right's) as
        card text (the first six dealt before the bidding), the вскрышка, the actions. The deck deals them by the
        seating (``game.deal.dealing_order``: the dealer's left first) through ``build_deck_n``; the cards not
        named stay in the stock in card order."""
        if len(hands) != rules.players:
            raise ValueError(f"{len(hands)} hands for {rules.players} players")
        by_seat = [parse_cards(h) for h in hands]
        deck = build_deck_n([by_seat[s] for s in dealing_order(dealer, rules.players)], Card.parse(face_up))
        return cls(rules, dealer, tuple(deck), tuple(Action.parse(a) for a in script))

    def then(self, *actions: str) -> Position:
        """The same deal further on (the next task in it)."""
        return replace(self, script=self.script + tuple(Action.parse(a) for a in actions))

    def with_sheet(self, *totals: int) -> Position:
        """The same deal in a game whose sheet already reads ``totals`` (seat 0 first)."""
        return replace(self, sheet=totals)

    def context(self) -> MatchContext:
        n = self.rules.players
        return MatchContext(scores=self.sheet or (0,) * n, baits=(0,) * n)

    def deal(self) -> Deal:
        """The deal at the decision (raises ``IllegalAction`` if the script breaks a rule)."""
        d = Deal(self.rules, self.dealer, list(self.deck), self.context())
        for a in self.script:
            d.apply(a)
        return d

    def build_match(self) -> Match:
        match = Match(self.rules, self.dealer)
        match.scores = self.context().scores  # a game in progress: what the sheet reads before this deal
        match.start_deal(list(self.deck))
        for a in self.script:
            match.apply(a)
        return match


@dataclass(frozen=True, slots=True)
class Wrong:
    """A wrong answer and why; ``rule``: the engine's ``why_illegal`` key when the answer breaks a rule (the
    checker holds the explanation to it)."""

    why: Msg
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Verdict:
    correct: bool
    why: Msg | None  # None: an unlisted illegal answer, said by the engine's rule alone
    rule: str | None = None  # the rule an illegal answer breaks


@dataclass(frozen=True, slots=True)
class Task:
    """One decision: the question, the right answers (action text → why it is right) and the wrong ones. Every
    legal answer of the kinds asked is right or listed wrong (the checker says so); ``ANY_CARD`` ("play") stands
    for every legal card not listed (a word is asked, a card played instead); an unlisted illegal answer is
    explained by the engine's rule."""

    position: Position
    question: Msg
    right: Mapping[str, Msg] = field(hash=False)
    wrong: Mapping[str, Wrong] = field(hash=False)

    def judge(self, action: Action, rule: str | None = None) -> Verdict:
        """The verdict on ``action``; ``rule``: the engine's reason when it is illegal."""
        text = str(action)
        if text in self.right:
            return Verdict(True, self.right[text])
        if text in self.wrong:
            w = self.wrong[text]
            return Verdict(False, w.why, w.rule)
        if action.kind is Kind.PLAY and rule is None and ANY_CARD in self.wrong:
            return Verdict(False, self.wrong[ANY_CARD].why)
        return Verdict(False, None, rule)


@dataclass(frozen=True, slots=True)
class Lesson:
    key: str
    title: Msg
    intro: Msg
    tasks: tuple[Task, ...]
    done: Msg  # the words after the last right answer
    teaches: Msg  # what it teaches, in a line (the path's caption)
