"""What a player says for an event: the words in the speech bubbles (the table's and the replay viewer's)."""

from __future__ import annotations

from game.actions import Action, Kind
from game.cards import Card, Suit
from game.deal import Event, EventKind
from ui.i18n import class_name, rank_genitive, suit_name, tr


def top_words(card: Card, trump: Suit | None) -> str:
    """The top card named after «рост?»: «от дамы», or «от козырной дамы»."""
    return tr("say_top_trump" if card.suit == trump else "say_top", card=rank_genitive(card.rank))


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
        key = "say_top_trump" if ev.value else "say_top"
        return tr(key, card=rank_genitive(ev.card.rank))
    if k == EventKind.ANNOUNCE:
        return class_name(ev.value)
    if k == EventKind.ANSWER_PASSES:
        return tr("say_passes_yes") if ev.value else tr("say_passes_no")
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
