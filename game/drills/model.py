"""The drill's data: a drill, its decision steps, the answers and their verdicts; the situations."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeAlias

from game.actions import Action, Kind
from game.cards import Card
from game.match import Match
from game.rules import Rules

MsgArg: TypeAlias = "str | int | Card | Msg"


@dataclass(frozen=True, slots=True)
class Msg:
    """A sentence as a message id of the catalogues (``drill.*`` in ``assets/locale``) and its arguments: the
    drill decides what is said, the UI words it (``ui.i18n.word``): a ``Card`` argument in the player's own
    letters, a ``Msg`` argument worded first (a sequence's name inside a verdict)."""

    key: str
    args: tuple[tuple[str, MsgArg], ...] = ()


def msg(key: str, **args: MsgArg) -> Msg:
    return Msg(key, tuple(args.items()))


Text = Msg
PLAYER = 0  # the human's seat in every drill
BOT = 1
ANY_CARD = "play"  # answer key for "any card not listed" (playing on without saying anything)


@dataclass(frozen=True, slots=True)
class Answer:
    correct: bool
    why: Text
    penalty: str | None = None  # the ``Penalty.reason`` the engine applies for this answer
    remark: Text | None = None  # what the bot says when it profits from this mistake
    by: int = BOT  # the seat that says the remark (three players: the bidder, whom a вистующий's fault pays)


@dataclass(frozen=True, slots=True)
class DrillStep:
    history: tuple[str, ...]  # the drill deal's actions (as text) before this decision
    moment: Text  # what just happened and what each side may say now
    rule: Text  # the rule in our words, naming the rule set
    answers: dict[str, Answer] = field(hash=False)

    def at(self, history: tuple[str, ...]) -> bool:
        """Is ``history`` this step's decision point? An ``ANY_CARD`` entry stands for whatever card the player
        chose at an earlier step whose every card was right (three players: the card between «рост?» and the
        top card named after the trick)."""
        return len(history) == len(self.history) and all(
            want == got or (want == ANY_CARD and got.startswith(ANY_CARD + ":"))
            for want, got in zip(self.history, history, strict=True)
        )

    def judge(self, action: Action) -> Answer:
        """The verdict for ``action`` (a card not listed is judged as ``ANY_CARD``)."""
        text = str(action)
        if text in self.answers:
            return self.answers[text]
        if action.kind is Kind.PLAY and ANY_CARD in self.answers:
            return self.answers[ANY_CARD]
        return Answer(False, msg("drill.not_this_answer"))

    @property
    def correct(self) -> tuple[str, ...]:
        return tuple(k for k, a in self.answers.items() if a.correct)


@dataclass(frozen=True, slots=True)
class Drill:
    situation: str
    variant: int
    seed: int
    rules: Rules
    first_dealer: int
    prelude: tuple[tuple[tuple[Card, ...], tuple[Action, ...]], ...]  # whole deals played before
    deck: tuple[Card, ...]
    script: tuple[Action, ...]  # the drill deal's actions up to the first decision
    steps: tuple[DrillStep, ...]
    intro: Text  # the position in a few words

    def build_match(self) -> Match:
        """The match at the first decision: prelude deals replayed, the drill deal started, the script applied."""
        match = Match(self.rules, self.first_dealer)
        for deck, actions in self.prelude:
            match.start_deal(deck)
            for a in actions:
                match.apply(a)
        match.start_deal(self.deck)
        for a in self.script:
            match.apply(a)
        return match

    def step_at(self, history: tuple[str, ...]) -> int | None:
        """The index of the step whose decision is at ``history`` (the drill deal's actions), if any."""
        for i, step in enumerate(self.steps):
            if step.at(history):
                return i
        return None


@dataclass(frozen=True, slots=True)
class Situation:
    key: str
    title: Text
    teaches: Text
    sources: Text
    kinds: int  # how many sub-cases the variants cycle through
    build: Callable[[random.Random, int, int, int], Drill] = field(repr=False, compare=False)
    players: int = 2  # the drills for three («Деберц втроём») are a group of their own in the picker
