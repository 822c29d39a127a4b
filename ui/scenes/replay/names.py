"""Who sits where in a replay, and how the viewer names them: ``SeatNames`` from the record and the seat drawn
at the bottom. ``Position`` is what the viewer's parts read of the position shown (``ReplayScene`` is one)."""

from __future__ import annotations

from typing import Protocol

from game.actions import Action
from game.deal import Deal, Event
from game.match import Match
from game.record import GameRecord, Positions, seat_levels
from ui.i18n import tr
from ui.scenes.replay.texts import rt
from ui.seats import character_name, relation, seat_names, seat_side, sides_named

UNNAMED = ("", "Игрок", "Бот", "Player", "Bot")  # the names a game of this program gives its seats


class Position(Protocol):
    """The record and the position shown: deal ``di`` after ``pos`` of its actions, re-applied by the engine."""

    record: GameRecord
    positions: Positions  # the record's positions, each deal's start kept
    di: int
    pos: int
    match: Match
    deal: Deal
    events: list[Event]  # what the last action applied did

    def deal_actions(self, di: int | None = None) -> list[Action]: ...

    def next_action(self) -> Action | None: ...


def human_seat(record: GameRecord) -> int | None:
    """The player's own seat in a game played in this program (``meta.human_seat``); None for samples."""
    seat = record.meta.get("human_seat")
    return seat if seat in range(record.rules.players) else None


def bottom_seat(record: GameRecord) -> int:
    """The seat drawn at the bottom: seat 0 for two players (as always); for three the player's own seat."""
    me = human_seat(record) if record.rules.players == 3 else None
    return 0 if me is None else me


class SeatNames:
    """The seats of ``record`` as the viewer names them, with ``me`` drawn at the bottom."""

    def __init__(self, record: GameRecord, me: int) -> None:
        self.record = record
        self.n = record.rules.players
        self.me = me
        self.human = human_seat(record)
        levels = seat_levels(record.meta, self.n)  # a character's seat is named by it, as at the table
        self.levels = {s: lv for s, lv in enumerate(levels) if s != self.human}
        self.bidder: int | None = None  # the shown deal's, once its contract is made (the viewer sets it)

    def side(self, seat: int) -> str:
        """Where ``seat`` is drawn: "bottom", "top" (two players), "left" or "right" (three)."""
        return seat_side(self.me, seat, self.n)

    def speaker(self, seat: int, partner: bool = True) -> str:
        """Who acted, as the table's move log says it: the record's name where it has one, else «Вы» /
        «Соперник» — for three «Соперник слева» / «Соперник справа», and once the shown deal's contract is made the
        player's partner «Партнёр справа», as at the table (a game of this program names its seats only «Игрок» and
        «Бот»). ``partner`` False: the seats' fixed names, the whole deal's move list says them so."""
        name = self.record.players[seat] if seat < len(self.record.players) else ""
        me = self.human
        if me is not None and name in UNNAMED:
            if seat != me and character_name(self.levels.get(seat)) is not None:
                return seat_names(me, self.n, levels=self.levels)[seat]  # «⚡ Жора Лихой (слева)»
            if relation(me, seat, self.n) == "opponent":
                return tr("bot")
            return seat_names(me, self.n, bidder=self.bidder if partner else None)[seat]
        return name or tr("bot")

    def seat_label(self, seat: int) -> str:
        """A seat's name on the screen, as the move list says it (``speaker``: the record's name, or «Вы»,
        «Соперник», «Соперник слева» in the player's own game — never «Игрок» beside «Вы»)."""
        return self.speaker(seat)

    def seat_word(self, seat: int) -> str | None:
        """ "you" / "opp" / "left" / "right" when ``seat`` is named by its place in the player's own game, for the
        sentences that agree with it («взятку берёте вы», «штраф сопернику слева»); else None (a name)."""
        label = self.seat_label(seat)
        if not sides_named(self.n) and label in (tr("you"), tr("bot")):
            return "you" if label == tr("you") else "opp"  # for two: «взятку берёт соперник», not «берёт Соперник»
        if sides_named(self.n) and label in (tr("you"), tr("seat_left"), tr("seat_right")):
            return "you" if seat == self.me else self.side(seat)
        if sides_named(self.n) and label in (tr("seat_partner_left"), tr("seat_partner_right")):
            return f"partner_{self.side(seat)}"  # «взятку берёт партнёр справа»
        return None

    def short_label(self, seat: int) -> str:
        """``seat_label`` where room is short: «Соперник слева» becomes «Слева» (as the score sheet heads it); the
        move list's, the same for the whole deal."""
        label = self.speaker(seat, partner=False)
        if label in (tr("seat_left"), tr("seat_right")) and sides_named(self.n):
            return tr(f"sheet_{self.side(seat)}")
        return label

    def sheet_names(self) -> tuple[str, ...] | None:
        """The score sheet's heads: the record's names; None (the sheet's own «Вы» / «Соперник», for three «Вы» /
        «Слева» / «Справа») in the player's own game, whose seats have no names of their own (for two the sheet and
        the side panel said «Игрок | Бот», «сдаёт: Бот» beside the table's «Вы» / «Соперник»)."""
        own = self.human is not None and self.human == self.me  # for two seat 0 is drawn at the bottom
        if own and all(n in UNNAMED for n in self.record.players):
            return None
        return tuple(self.record.players)

    def judge_title(self, seat: int) -> str:
        """The judge's banner's title: «Судья: штраф вам» in the player's own game, else the name."""
        me = self.human
        if me is not None and self.speaker(seat) in (tr("you"), tr("bot")):
            return tr("judge_penalty_me" if seat == me else "judge_penalty_opp")
        if me is not None and seat == me:
            return tr("judge_penalty_me")
        return rt("judge_penalty", who=self.speaker(seat))
