"""What a player says for an event: the words in the speech bubbles (the table's and the replay viewer's)."""

from __future__ import annotations

from game.actions import Action, Kind
from game.deal import Event
from ui.i18n import class_name, rank_genitive, suit_name, tr


def speech_text(ev: Event, action: Action) -> str | None:
    """What a player says for an event (bubbles); None for silent events."""
    k = ev.kind
    if k == "bid":
        if action.kind is Kind.ORDER:
            return tr("say_order")
        if action.kind is Kind.PASS:
            return tr("say_pass")
        assert action.suit is not None
        return tr("say_name", suit=suit_name(action.suit))
    if k == "top" and ev.card is not None:
        key = "say_top_trump" if ev.value else "say_top"
        return tr(key, card=rank_genitive(ev.card.rank))
    if k == "announce":
        return class_name(ev.value)
    if k == "answer_passes":
        return tr("say_passes_yes") if ev.value else tr("say_passes_no")
    if k in ("offer_answer", "dave_answer"):
        head = k.split("_")[0]
        return tr(f"say_{head}_yes") if ev.value else tr(f"say_{head}_no")
    simple = {
        "swap": "say_swap", "ask_passes": "say_ask_passes", "four_sevens": "say_four_sevens", "rost": "say_rost",
        "pishet": "say_pishet", "mine": "say_mine", "belle": "say_belle", "claim": "say_claim",
        "offer": "say_offer", "no_offer": "say_no_offer", "dave": "say_dave",
    }
    return tr(simple[k]) if k in simple else None
