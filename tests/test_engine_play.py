"""Card play: follow suit, must trump, must overtrump on a trump lead, a plain suit need not be beaten.

Every row: the responder's nine cards, the card led, and for each card of the responder whether it is
legal, or which rule ``IllegalAction.rule`` names when it is played.
"""

from __future__ import annotations

import pytest
from engine_helpers import act, build_deck, cards

from game import actions as A
from game.cards import ALL_CARDS, Card
from game.deal import Deal, Phase
from game.errors import IllegalAction
from game.rules import PRESETS

OK = None
# trump is hearts in every row
CASES = [
    # responder holds spades and hearts
    (
        "KS 8S 9H TH 8D TD 7C 9C TC",
        "AS",
        {"KS": OK, "8S": OK, "9H": "follow_suit", "8D": "follow_suit", "7C": "follow_suit"},
    ),
    ("KS 8S 9H TH 8D TD 7C 9C TC", "QH", {"9H": OK, "TH": OK, "KS": "follow_suit", "7C": "follow_suit"}),
    # a trump lead that cannot be beaten: any trump
    ("KS 8S 9H TH 8D TD 7C 9C TC", "JH", {"9H": OK, "TH": OK, "8S": "follow_suit"}),
    # no spades, trumps: must trump, with any trump (also a low one)
    ("7H 8H TD JD QD 7C 9C TC JC", "AS", {"7H": OK, "8H": OK, "TD": "must_trump", "7C": "must_trump"}),
    # trumps lower than the led one only: any of them
    ("7H 8H TD JD QD 7C 9C TC JC", "QH", {"7H": OK, "8H": OK, "TD": "follow_suit"}),
    # a higher trump is held: must overtrump; the lower trump is refused
    ("8S 8H AH 8D TD 7C 9C TC JC", "QH", {"AH": OK, "8H": "must_overtrump", "8S": "follow_suit"}),
    ("8S 8H AH 8D TD 7C 9C TC JC", "7S", {"8S": OK, "AH": "follow_suit", "8H": "follow_suit"}),
    # the trump nine beats the ace: on an ace lead only the nine (and jack) are legal
    ("9H KH 8S 9S 8D TD 7C 9C TC", "AH", {"9H": OK, "KH": "must_overtrump", "8S": "follow_suit"}),
    ("JH 9H KH 8S 9S 8D TD 7C 9C", "AH", {"9H": OK, "JH": OK, "KH": "must_overtrump"}),
    # neither the suit led nor a trump: anything
    ("8D TD JD QD AD 7C 9C TC JC", "AS", {"8D": OK, "7C": OK, "AD": OK}),
    ("8D TD JD QD AD 7C 9C TC JC", "QH", {"8D": OK, "JC": OK}),
    # a card not in hand
    ("8D TD JD QD AD 7C 9C TC JC", "AS", {"KS": "not_in_hand", "7H": "not_in_hand", "AS": "not_in_hand"}),
]


def position(responder: str, lead: str) -> Deal:
    """Seat 1 (non-dealer) orders hearts and leads ``lead``; seat 0 (dealer) holds ``responder``."""
    resp = cards(responder)
    hearts = [c for c in ALL_CARDS if c.suit == 3 and c not in resp and c.code != lead]
    face_up = hearts[-1]  # a heart held by nobody
    lead_card = Card.parse(lead)
    others = [c for c in ALL_CARDS if c not in resp and c != face_up and c != lead_card]
    leader = [lead_card, *others[:8]]
    deal = Deal(PRESETS["moscow"], 0, build_deck(leader, resp, face_up))
    act(deal, "order", A.play(lead_card))
    assert deal.current_player() == 0
    return deal


@pytest.mark.parametrize(("responder", "lead", "table"), CASES)
def test_follow_rules(responder: str, lead: str, table: dict[str, str | None]) -> None:
    for code, rule in table.items():
        deal = position(responder, lead)
        card = Card.parse(code)
        if rule is None:
            assert A.play(card) in deal.legal_actions()
            deal.apply(A.play(card))
            assert len(deal.tricks) == 1
        else:
            assert A.play(card) not in deal.legal_actions()
            with pytest.raises(IllegalAction) as err:
                deal.apply(A.play(card))
            assert err.value.rule == rule, (code, err.value)
            assert deal.current_player() == 0 and len(deal.trick) == 1  # nothing changed


def expected_legal(hand: list[Card], led: Card, trump: int) -> set[Card]:
    """The rule, written plainly a second time."""
    same = [c for c in hand if c.suit == led.suit]
    order = ["7", "8", "Q", "K", "T", "A", "9", "J"]
    if same and led.suit == trump:
        higher = [c for c in same if order.index(c.code[0]) > order.index(led.code[0])]
        return set(higher or same)
    if same:
        return set(same)
    trumps = [c for c in hand if c.suit == trump]
    return set(trumps or hand)


@pytest.mark.parametrize(("responder", "lead"), sorted({(r, led) for r, led, _ in CASES}))
def test_legal_set_matches_the_rule(responder: str, lead: str) -> None:
    deal = position(responder, lead)
    plays = {a.card for a in deal.legal_actions() if a.kind is A.Kind.PLAY}
    assert plays == expected_legal(cards(responder), Card.parse(lead), 3)


def test_leader_may_lead_anything_and_winner_leads_next() -> None:
    deal = position("8D TD JD QD AD 7C 9C TC JC", "AS")
    leader_hand = deal.hand(1)
    assert deal.phase is Phase.PLAY
    deal.apply(A.play(Card.DA))  # a plain card of another suit does not take the ace
    assert deal.tricks[-1].winner == 1 and deal.current_player() == 1
    plays = {a.card for a in deal.legal_actions() if a.kind is A.Kind.PLAY}
    assert plays == set(leader_hand)
    assert deal.card_points == [0, 22]  # AS 11 + AD 11 to seat 1


def test_trumping_takes_and_gives_the_lead() -> None:
    deal = position("7H 8H TD JD QD 7C 9C TC JC", "AS")
    deal.apply(A.play(Card.H7))
    assert deal.tricks[-1].winner == 0 and deal.current_player() == 0
    assert deal.card_points == [11, 0]  # the AS to seat 0
