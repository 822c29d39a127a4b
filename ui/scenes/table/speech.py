"""What a player says for an event: the words in the speech bubbles (the table's and the replay viewer's)."""

from __future__ import annotations

from game.actions import Action, Kind
from game.cards import Card, Suit
from game.deal import ANNOUNCE_ADDED, MINE_AFTER_TOP, MINE_AT_ONCE, Event, EventKind
from ui.i18n import card_from, class_name, suit_name, tr


def top_words(card: Card, trump: Suit | None) -> str:
    """The top card named after «рост?»: «От дамы», or «От дамы козырной»."""
    return tr("say_top", card=card_from(card, card.suit == trump))


def class_word(cls: int) -> str:
    """«терц» / «пятьдесят» inside a sentence, lower case in both languages («No good. I have a terz»)."""
    name = class_name(cls)
    return name[:1].lower() + name[1:]


def speech_text(ev: Event, action: Action) -> str | None:
    """What a player says for an event (bubbles); None for silent events."""
    k = ev.kind
    if k == EventKind.BID:
        if action.kind is Kind.ORDER:
            return tr("say_order")
        if action.kind is Kind.PASS:
            return tr("say_pass")
        assert action.suit is not None
        return tr("say_name", suit=suit_name(action.suit))
    if k == EventKind.TOP and ev.card is not None:
        return tr("say_top", card=card_from(ev.card, bool(ev.value)))
    if k == EventKind.ANNOUNCE and ev.detail == ANNOUNCE_ADDED and ev.card is not None:
        return tr("say_added", cls=class_word(ev.value), card=card_from(ev.card))  # «Родили терц от девятки пиковой»
    if k == EventKind.ANNOUNCE:
        return class_name(ev.value)
    if k == EventKind.MINE and ev.detail == MINE_AFTER_TOP and ev.card is not None:
        return tr("say_mine_after_top", cls=class_name(ev.value), card=card_from(ev.card))
    if k == EventKind.MINE and ev.detail == MINE_AT_ONCE:
        return tr("say_mine_at_once", cls=class_word(ev.value))
    if k == EventKind.ANSWER_PASSES:
        return tr("say_passes_yes") if ev.value else tr("say_passes_no")
    if k == EventKind.DAVE and ev.value > 2:
        return tr("say_dave_again", stake=ev.value)  # a redouble: "Redouble! (×4)", not "Double!" again
    if k in (EventKind.OFFER_ANSWER, EventKind.DAVE_ANSWER):
        head = k.split("_")[0]
        return tr(f"say_{head}_yes") if ev.value else tr(f"say_{head}_no")
    simple = {
        EventKind.SWAP: "say_swap",
        EventKind.ASK_PASSES: "say_ask_passes",
        EventKind.FOUR_SEVENS: "say_four_sevens",
        EventKind.ROST: "say_rost",
        EventKind.PISHET: "say_pishet",
        EventKind.MINE: "say_mine",
        EventKind.BELLE: "say_belle",
        EventKind.CLAIM: "say_claim",
        EventKind.OFFER: "say_offer",
        EventKind.NO_OFFER: "say_no_offer",
        EventKind.DAVE: "say_dave",
    }
    return tr(simple[k]) if k in simple else None
