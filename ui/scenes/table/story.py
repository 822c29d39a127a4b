"""The deal in words for the move log: one line per action and per trick, as a scorer would note them."""

from __future__ import annotations

from game.actions import Action
from game.cards import Card, Suit
from game.deal import Event, EventKind
from ui.i18n import card_name, language, penalty_text, points, suit_name, tr
from ui.scenes.table.speech import speech_text

# how a line is drawn: the human's, the opponent's, the table's (tricks, the trump, sequences), the judge's
ME, OPP, TABLE, JUDGE = "me", "opp", "table", "judge"


def points_text(n: int) -> str:
    """«14 очков» / '14 points' (the catalogue's plural forms)."""
    return points(n)


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card_name(c) for c in cards)


def step_lines(action: Action, events: tuple[Event, ...] | list[Event], me: int) -> list[tuple[str, str]]:
    """The log's lines (text, style) for one applied action and the events it produced."""
    out: list[tuple[str, str]] = []

    def who(seat: int) -> str:
        return tr("you") if seat == me else tr("bot")

    def spoken(text: str) -> str:  # after «Соперник:» a Russian word goes on in lower case; English keeps «I»
        return text if language() == "en" else text[:1].lower() + text[1:]

    for ev in events:
        seat = ev.seat
        style = ME if seat == me else OPP
        said = speech_text(ev, action)
        if ev.kind == EventKind.PLAY and ev.card is not None and seat is not None:
            out.append((f"{who(seat)}: {card_name(ev.card)}", style))
        elif ev.kind == EventKind.BELLE and seat is not None:
            out.append((f"{who(seat)}: {spoken(tr('say_belle'))}", style))
        elif ev.kind == EventKind.SWAP and seat is not None and ev.card is not None:
            out.append((f"{who(seat)}: {spoken(said or '')} ({card_name(ev.card)})", style))
        elif ev.kind == EventKind.TRUMP and seat is not None:
            out.append((tr("log_trump_me" if seat == me else "log_trump_opp", suit=suit_name(Suit(ev.value))), TABLE))
        elif ev.kind == EventKind.DEALT and ev.card is not None:
            out.append((tr("log_dealt", card=card_name(ev.card)), TABLE))
        elif ev.kind == EventKind.TRICK and seat is not None:
            key = "log_trick_me" if seat == me else "log_trick_opp"
            out.append((tr(key, pts=points_text(ev.value)), TABLE))
        elif ev.kind == EventKind.SEQUENCES and seat is not None:
            key = "log_sequences_me" if seat == me else "log_sequences_opp"
            out.append((tr(key, pts=points_text(ev.value)), TABLE))
        elif ev.kind == EventKind.PENALTY and seat is not None:
            key = "log_penalty_me" if seat == me else "log_penalty_opp"
            out.append((tr(key, why=penalty_text(ev.detail)), JUDGE))
        elif ev.kind == EventKind.OVER:
            out.append((tr("log_over"), TABLE))
        elif said is not None and seat is not None:
            out.append((f"{who(seat)}: {spoken(said)}", style))
    return out
