"""The deal in words for the move log: one line per action and per trick, as a scorer would note them.

Two or three players: the others are «Соперник» for two, «Соперник слева» / «Соперник справа» for three
(``ui.seats``), and the table's lines about them take the matching words («взятка соперника слева»).
``DealLog`` feeds the table's move log at the pace of its cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.actions import Action
from game.cards import Card, Suit
from game.deal import Event, EventKind, takes_last_trick
from game.scoring import LAST_TRICK_BONUS
from ui.controller import Step
from ui.i18n import card_name, language, penalty_text, points, suit_name, tr
from ui.scenes.table.speech import speech_text
from ui.seat_words import LOG_SUFFIX
from ui.seats import named_in_case, partner_of, relation, seat_names, seat_phrase
from ui.widgets.movelog import MoveLog

# how a line is drawn: the human's, the opponent's, the table's (tricks, the trump, sequences), the judge's;
# for three the right opponent has a colour of their own (the left one keeps the opponent's)
ME, OPP, TABLE, JUDGE, RIGHT = "me", "opp", "table", "judge", "right"


def points_text(n: int) -> str:
    """«14 очков» / '14 points' (the catalogue's plural forms)."""
    return points(n)


NAMED_CASE = {"log_trump": "nom", "log_trick": "gen", "log_sequences": "gen", "log_penalty": "dat"}
"""The case a character's name takes in each line about a seat («играет ⚡ Жора Лихой слева», «взятка ⚡ Жоры
Лихого слева», «штраф ⚡ Жоре Лихому слева»)."""


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card_name(c) for c in cards)


def step_lines(
    action: Action,
    events: tuple[Event, ...] | list[Event],
    me: int,
    players: int = 2,
    levels: Mapping[int, str] | None = None,
    bidder: int | None = None,
) -> list[tuple[str, str]]:
    """The log's lines (text, style) for one applied action and the events it produced; ``players``: 2 or 3;
    ``levels``: each bot seat's (a character is named by it: «⚡ Жора Лихой: 7♠»); ``bidder``: the deal's when
    the contract was made before this action (for three the player's partner is then «Партнёр справа»; the
    contract made by this action counts from its own event on)."""
    out: list[tuple[str, str]] = []

    def who(seat: int) -> str:  # «Вы», «Соперник»; for three «Соперник слева» / «Партнёр справа»
        return seat_names(me, players, levels=levels, bidder=bidder)[seat]

    def line_key(key: str, seat: int) -> str:  # log_x_me / log_x_opp, for three log_x_left / log_x_right
        return f"{key}_{LOG_SUFFIX[relation(me, seat, players)]}"

    def about(key: str, seat: int, **values: str) -> str:
        """A line about a seat: a character by its name in the case the line needs («— взятка ⚡ Жоры Лихого»),
        the player's partner as the partner («— взятка партнёра справа»), else by where it sits («— взятка
        соперника слева»)."""
        named = named_in_case(me, seat, players, levels.get(seat) if levels else None, NAMED_CASE[key])
        if named is None and seat == partner_of(me, bidder, players):
            named = seat_phrase(me, seat, players, None, NAMED_CASE[key], bidder)
        if named is not None:
            return tr(f"{key}_named", who=named, **values)
        return tr(line_key(key, seat), **values)

    def style_of(seat: int | None) -> str:
        if seat is None:
            return OPP
        return {"you": ME, "right": RIGHT}.get(relation(me, seat, players), OPP)

    def spoken(text: str) -> str:  # after «Соперник:» a Russian word goes on in lower case; English keeps «I»
        return text if language() == "en" else text[:1].lower() + text[1:]

    for ev in events:
        seat = ev.seat
        style = style_of(seat)
        said = speech_text(ev, action)
        if ev.kind == EventKind.PLAY and ev.card is not None and seat is not None:
            out.append((f"{who(seat)}: {card_name(ev.card)}", style))
        elif ev.kind == EventKind.BELLE and seat is not None:
            out.append((f"{who(seat)}: {spoken(tr('say_belle'))}", style))
        elif ev.kind == EventKind.SWAP and seat is not None and ev.card is not None:
            out.append((f"{who(seat)}: {spoken(said or '')} ({card_name(ev.card)})", style))
        elif ev.kind == EventKind.TRUMP and seat is not None:
            out.append((about("log_trump", seat, suit=suit_name(Suit(ev.value))), TABLE))
            bidder = seat
        elif ev.kind == EventKind.DEALT and ev.card is not None:
            out.append((tr("log_dealt", card=card_name(ev.card)), TABLE))
        elif ev.kind == EventKind.TRICK and seat is not None:
            pts = points_text(ev.value)
            if takes_last_trick(events):  # the ninth trick's 10 for the последа, which the trick's own points leave out
                pts = tr("trick_with_last", pts=pts, last=LAST_TRICK_BONUS)
            out.append((about("log_trick", seat, pts=pts), TABLE))
        elif ev.kind == EventKind.SEQUENCES and seat is not None:
            out.append((about("log_sequences", seat, pts=points_text(ev.value)), TABLE))
        elif ev.kind == EventKind.PENALTY and seat is not None:
            out.append((about("log_penalty", seat, why=penalty_text(ev.detail, inline=True)), JUDGE))
        elif ev.kind == EventKind.OVER:
            out.append((tr("log_over"), TABLE))
        elif said is not None and seat is not None:
            out.append((f"{who(seat)}: {spoken(said)}", style))
    return out


class DealLog:
    """The table's move log, fed step by step: what was said goes in at once, a trick's lines once its cards are
    on the pile (``settled``); ``seat``: the human's, ``players``: 2 or 3."""

    def __init__(self, movelog: MoveLog, seat: int, players: int, levels: Mapping[int, str] | None = None) -> None:
        self.movelog = movelog
        self.seat = seat
        self.players = players
        self.levels = levels
        self.waiting: list[tuple[str, str]] = []  # the trick's lines: written once its cards have settled
        self.bidder: int | None = None  # the deal's, once the contract is made: names the player's partner

    def step(self, step: Step) -> None:
        """The step in words: what was said at once, the trick and what follows it once settled."""
        lines = self.lines(step)
        kinds = [ev.kind for ev in step.events]
        trick = kinds.index(EventKind.TRICK) if EventKind.TRICK in kinds else None
        head = step.events if trick is None else step.events[:trick]
        cut = len(lines) if trick is None else len(step_lines(step.action, head, self.seat, self.players, self.levels))
        if self.waiting:  # an earlier trick's lines still waiting: keep the order
            self.waiting.extend(lines)
            return
        self.movelog.add(lines[:cut])
        self.waiting = lines[cut:]

    def lines(self, step: Step) -> list[tuple[str, str]]:
        """The step's lines, the partner named once the contract is made (the bidder kept from its event on)."""
        lines = step_lines(step.action, step.events, self.seat, self.players, self.levels, self.bidder)
        self.bidder = next((ev.seat for ev in step.events if ev.kind == EventKind.TRUMP), self.bidder)
        return lines

    def settled(self) -> None:
        """The table has settled: the waiting lines go in."""
        if self.waiting:
            self.movelog.add(self.waiting)
            self.waiting = []

    def note(self, lines: list[tuple[str, str]]) -> None:
        """Lines of the table's own (the shown sequences), at once."""
        self.movelog.add(lines)

    def rebuild(self, steps: Iterable[Step], face_up: Card | None = None) -> None:
        """The whole deal so far in words (a restored game, undo, a new deal): the вскрышка turned up (``face_up``),
        then the steps replayed by the engine."""
        self.movelog.clear()
        self.waiting = []
        self.bidder = None
        if face_up is not None:
            self.movelog.add([(tr("log_face_up", card=card_name(face_up)), TABLE)])
        for step in steps:
            self.movelog.add(self.lines(step))
