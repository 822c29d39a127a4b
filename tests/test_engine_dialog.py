"""The announcement dialog: guided (exactly the correct moves are legal) and strict (mistakes are legal
and bring their Penalty with the official consequence).

Hearts are trump (ordered by the leader); the вскрышка is the 7H, so nobody can swap. Seat 1 (the
non-dealer) leads and speaks first; seat 0 is the second player.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import act, legal, make_deal

from game.actions import Action
from game.cards import Card
from game.deal import Deal, Dialog
from game.errors import IllegalAction

L_TERZ_Q = "TS JS QS AC 9C 7D  9D KD 8H"  # a plain терц from the queen (spades)
L_FIFTY_K = "TS JS QS KS AC 9C  7D 9D 8H"  # a plain fifty from the king
L_NONE = "TS JS 8S AC 9C 7D  9D KD 8H"  # nothing

S_NONE = "7S 9S AS 7C TC QC  8D TD QD"
S_FIFTY = "JC QC KC TC 7S 9S  8D TD QD"  # fifty from the king of clubs
S_TERZ_K = "JC QC KC 7S 9S AS  8D TD QD"  # терц from the king (plain): higher
S_TERZ_J_TRUMP = "9H TH JH 7S 9S AS  8D TD QD"  # терц from the trump jack: lower (the top decides first)
S_TERZ_Q_TRUMP = "TH JH QH 7S 9S AS  8D TD 7C"  # equal top, trump: higher in moscow only
S_TERZ_Q_PLAIN = "TD JD QD 7S 9S AS  7C TC KC"  # equal top, plain: the leader's (announced earlier)
S_TERZ_A_TRUMP = "QH KH AH 7S 9S 8D  TD 7C TC"  # терц from the trump ace: certainly higher in moscow
S_FIFTY_A_TRUMP = "JH QH KH AH 7S 9S  8D TD 7C"  # fifty from the trump ace


def dialog(leader: str, second: str, rules: str = "moscow", etiquette: str = "guided", **opts: Any) -> Deal:
    deal = make_deal(leader, second, "7H", rules, etiquette=etiquette, **opts)
    act(deal, "order")
    assert deal.leader == 1 and deal.current_player() == 1
    return deal


def illegal(deal: Deal, action: str) -> str:
    with pytest.raises(IllegalAction) as err:
        deal.apply(Action.parse(action))
    return err.value.rule


def dialog_moves(deal: Deal) -> list[str]:
    return [a for a in legal(deal) if not a.startswith("play:")]


def scored(deal: Deal) -> tuple[int | None, int]:
    return deal.announcements.seq_owner, sum(s.points for s in deal.announcements.counted)


def reasons(deal: Deal) -> list[tuple[int, str]]:
    return [(p.seat, p.reason) for p in deal.penalties]


# ---------------------------------------------------------------- guided


def test_guided_leader_offered_exactly_the_best_class() -> None:
    assert dialog_moves(dialog(L_TERZ_Q, S_NONE)) == ["announce:terz"]
    assert dialog_moves(dialog(L_FIFTY_K, S_NONE)) == ["announce:fifty"]
    assert dialog_moves(dialog(L_NONE, S_NONE)) == []
    assert illegal(dialog(L_TERZ_Q, S_NONE), "announce:fifty") == "announce_best_first"
    assert illegal(dialog(L_NONE, S_NONE), "announce:terz") == "announce_best_first"


# (second hand, rules, what the second may say after «терц», then who scores how much after the
# second's first listed move is followed through)
GUIDED_ANSWERS = [
    (S_NONE, "moscow", ["pishet"]),
    (S_FIFTY, "moscow", ["announce:fifty", "pishet"]),
    (S_TERZ_K, "moscow", ["rost", "pishet"]),
    (S_TERZ_J_TRUMP, "moscow", ["rost", "pishet"]),
    (S_TERZ_Q_TRUMP, "moscow", ["rost", "pishet"]),
    (S_TERZ_Q_PLAIN, "moscow", ["rost", "pishet"]),
    (S_TERZ_A_TRUMP, "moscow", ["mine", "pishet"]),  # never «рост?» with a certainly higher терц
    (S_TERZ_A_TRUMP, "kharkov", ["rost", "pishet"]),  # kharkov: no trump advantage, ask
    (S_FIFTY_A_TRUMP, "moscow", ["announce:fifty", "pishet"]),
]


@pytest.mark.parametrize(("second", "rules", "moves"), GUIDED_ANSWERS)
def test_guided_answers_to_a_terz(second: str, rules: str, moves: list[str]) -> None:
    deal = dialog(L_TERZ_Q, second, rules)
    act(deal, "announce:terz", "play:AC")
    assert deal.announcements.dialog is Dialog.ANNOUNCED and deal.current_player() == 0
    assert legal(deal) == moves  # no card before the answer
    assert illegal(deal, "play:7S") == "answer_first"


@pytest.mark.parametrize(
    ("second", "rules", "mine_offered", "owner"),
    [
        (S_TERZ_K, "moscow", True, 0),
        (S_TERZ_K, "kharkov", True, 0),
        (S_TERZ_J_TRUMP, "moscow", False, 1),
        (S_TERZ_Q_TRUMP, "moscow", True, 0),  # equal top: the trump wins
        (S_TERZ_Q_TRUMP, "kharkov", False, 1),  # equal top: the earlier announced wins
        (S_TERZ_Q_PLAIN, "moscow", False, 1),
        (S_TERZ_A_TRUMP, "kharkov", True, 0),
    ],
)
def test_guided_rost_then_top_then_answer(second: str, rules: str, mine_offered: bool, owner: int) -> None:
    deal = dialog(L_TERZ_Q, second, rules)
    act(deal, "announce:terz", "play:AC", "rost")
    assert deal.current_player() == 1 and legal(deal) == ["top"]
    events = act(deal, "top")
    assert [(e.kind, e.card) for e in events] == [("top", Card.SQ)]
    assert deal.current_player() == 0
    assert dialog_moves(deal) == (["mine", "pishet"] if mine_offered else ["pishet"])
    if not mine_offered:
        assert illegal(deal, "mine") == "mine_not_higher"
    act(deal, "mine" if mine_offered else "pishet")
    assert deal.announcements.dialog is Dialog.CLOSED
    assert scored(deal) == (owner, 20)
    assert reasons(deal) == []


def test_guided_higher_class_wins_and_adds_others() -> None:
    deal = dialog(L_TERZ_Q, S_FIFTY, "moscow")
    act(deal, "announce:terz", "play:AC", "announce:fifty")
    assert scored(deal) == (0, 50)
    assert deal.current_player() == 0 and all(a.startswith("play:") for a in legal(deal))


def test_guided_mine_directly_with_trump_ace_terz() -> None:
    deal = dialog(L_TERZ_Q, S_TERZ_A_TRUMP, "moscow")
    act(deal, "announce:terz", "play:AC")
    assert illegal(deal, "rost") == "rost_certainly_higher"
    act(deal, "mine")
    assert scored(deal) == (0, 20)


def test_guided_fifty_against_fifty() -> None:
    deal = dialog(L_FIFTY_K, S_FIFTY_A_TRUMP, "moscow")
    act(deal, "announce:fifty", "play:AC")
    assert legal(deal) == ["mine", "pishet"]
    act(deal, "mine")
    assert scored(deal) == (0, 50)
    deal = dialog(L_FIFTY_K, S_FIFTY_A_TRUMP, "kharkov")
    act(deal, "announce:fifty", "play:AC")
    assert legal(deal) == ["rost", "pishet"]


def test_guided_terz_against_fifty_only_pishet() -> None:
    deal = dialog(L_FIFTY_K, S_TERZ_K, "moscow")
    act(deal, "announce:fifty", "play:AC")
    assert legal(deal) == ["pishet"]
    assert illegal(deal, "rost") == "rost_needs_same_class"
    act(deal, "pishet")
    assert scored(deal) == (1, 50)


def test_guided_pishet_always_offered_and_leader_scores() -> None:
    deal = dialog(L_TERZ_Q, S_TERZ_K, "moscow")
    act(deal, "announce:terz", "play:AC", "pishet")
    assert scored(deal) == (1, 20)


def test_guided_second_announces_after_a_silent_leader() -> None:
    deal = dialog(L_NONE, S_TERZ_K)
    act(deal, "play:AC")
    assert dialog_moves(deal) == ["announce:terz"]
    act(deal, "announce:terz")
    assert scored(deal) == (0, 20)
    # a silent second player loses the chance with their first card
    deal = dialog(L_NONE, S_TERZ_K)
    act(deal, "play:AC", "play:JC")
    assert deal.announcements.dialog is Dialog.CLOSED and deal.announcements.seq_owner is None


def test_guided_no_announcement_after_first_card_or_twice() -> None:
    deal = dialog(L_TERZ_Q, S_NONE)
    act(deal, "announce:terz")
    assert illegal(deal, "announce:terz") == "already_announced"
    act(deal, "play:AC", "pishet", "play:7C")  # seat 1 wins the trick and leads again
    assert deal.current_player() == 1
    assert illegal(deal, "announce:terz") == "announce_before_first_card"


def test_leader_silent_with_a_sequence_loses_it() -> None:
    deal = dialog(L_TERZ_Q, S_TERZ_J_TRUMP)
    act(deal, "play:AC")
    assert dialog_moves(deal) == ["announce:terz"]  # the second's lower терц now counts
    act(deal, "announce:terz")
    assert scored(deal) == (0, 20)


def test_sequences_shown_after_the_first_trick() -> None:
    deal = dialog(L_TERZ_Q, S_NONE)
    act(deal, "announce:terz", "play:AC", "pishet")
    assert deal.view(0).shown == ((), ())
    act(deal, "play:7C")
    shown = deal.view(0).shown[1]
    assert sorted(shown) == sorted([Card.ST, Card.SJ, Card.SQ])
    assert set(deal.view(0).known_opponent_cards) == {Card.ST, Card.SJ, Card.SQ}


# ---------------------------------------------------------------- strict: each mistake is legal


def test_strict_offers_every_dialog_move() -> None:
    deal = dialog(L_NONE, S_NONE, etiquette="strict")
    assert dialog_moves(deal) == ["announce:terz", "announce:fifty"]
    deal = dialog(L_TERZ_Q, S_NONE, etiquette="strict")
    act(deal, "announce:terz", "play:AC")
    assert legal(deal) == ["announce:fifty", "rost", "mine", "pishet"]


@pytest.mark.parametrize(
    ("leader", "second", "rules", "moves", "penalty", "owner", "points"),
    [
        # false announcement by the leader: the second may still announce after it
        (L_NONE, S_NONE, "moscow", ["announce:terz", "play:AC"], (1, "false_announcement"), None, 0),
        (L_TERZ_Q, S_NONE, "moscow", ["announce:fifty", "play:AC"], (1, "false_announcement"), None, 0),
        # рост without a терц: false announcement; the leader's терц counts
        (L_TERZ_Q, S_NONE, "moscow", ["announce:terz", "play:AC", "rost"], (0, "false_rost"), 1, 20),
        # рост of a fifty with only a терц: false announcement
        (L_FIFTY_K, S_TERZ_K, "moscow", ["announce:fifty", "play:AC", "rost"], (0, "false_rost"), 1, 50),
        # рост with a certainly higher combination: the asker's does not count, the leader's does
        (L_TERZ_Q, S_FIFTY, "moscow", ["announce:terz", "play:AC", "rost"], (0, "rost_certainly_higher"), 1, 20),
        (L_TERZ_Q, S_TERZ_A_TRUMP, "moscow", ["announce:terz", "play:AC", "rost"], (0, "rost_certainly_higher"), 1, 20),
        (
            L_FIFTY_K,
            S_FIFTY_A_TRUMP,
            "moscow",
            ["announce:fifty", "play:AC", "rost"],
            (0, "rost_certainly_higher"),
            1,
            50,
        ),
        # «у меня старше» without a higher one
        (L_TERZ_Q, S_TERZ_J_TRUMP, "moscow", ["announce:terz", "play:AC", "mine"], (0, "false_mine"), 1, 20),
        (L_TERZ_Q, S_NONE, "moscow", ["announce:terz", "play:AC", "mine"], (0, "false_mine"), 1, 20),
        (
            L_TERZ_Q,
            S_TERZ_Q_TRUMP,
            "kharkov",
            ["announce:terz", "play:AC", "rost", "top", "mine"],
            (0, "false_mine"),
            1,
            20,
        ),
        # a false higher class by the second: the leader's announcement stands
        (
            L_TERZ_Q,
            S_TERZ_K,
            "moscow",
            ["announce:terz", "play:AC", "announce:fifty"],
            (0, "false_announcement"),
            1,
            20,
        ),
        # a false announcement after a silent leader
        (L_NONE, S_NONE, "moscow", ["play:AC", "announce:terz"], (0, "false_announcement"), None, 0),
    ],
)
def test_strict_mistakes_bring_their_penalty(
    leader: str,
    second: str,
    rules: str,
    moves: list[str],
    penalty: tuple[int, str],
    owner: int | None,
    points: int,
) -> None:
    deal = dialog(leader, second, rules, "strict")
    act(deal, *moves)
    assert reasons(deal) == [penalty]
    assert deal.announcements.dialog is not Dialog.ANNOUNCED
    if deal.announcements.dialog is Dialog.CLOSED:
        assert scored(deal) == (owner, points)


def test_strict_correct_moves_bring_no_penalty() -> None:
    for second, rules, moves in [
        (S_TERZ_A_TRUMP, "kharkov", ["rost", "top", "mine"]),
        (S_TERZ_K, "moscow", ["rost", "top", "mine"]),
        (S_TERZ_K, "moscow", ["mine"]),  # «у меня старше» at once is not a fault when it is true
        (S_TERZ_J_TRUMP, "moscow", ["rost", "top", "pishet"]),
        (S_FIFTY, "moscow", ["announce:fifty"]),
        (S_FIFTY, "moscow", ["pishet"]),  # giving up is allowed
    ]:
        deal = dialog(L_TERZ_Q, second, rules, "strict")
        act(deal, "announce:terz", "play:AC", *moves)
        assert reasons(deal) == [], (second, moves)
        assert deal.announcements.dialog is Dialog.CLOSED


def test_strict_rost_certainly_higher_is_legal_in_kharkov() -> None:
    deal = dialog(L_TERZ_Q, S_TERZ_A_TRUMP, "kharkov", "strict")
    act(deal, "announce:terz", "play:AC", "rost")
    assert reasons(deal) == [] and deal.announcements.dialog is Dialog.ROST_ASKED


@pytest.mark.parametrize(
    ("second", "moves", "penalty", "card_bait"),
    [
        (S_FIFTY, ["rost"], "rost_certainly_higher", None),  # the fifty is lost, the терц counts
        (S_NONE, ["rost"], "false_rost", 0),
        (S_TERZ_J_TRUMP, ["mine"], "false_mine", 0),
    ],
)
def test_strict_penalty_consequence_in_the_result(
    second: str, moves: list[str], penalty: str, card_bait: int | None
) -> None:
    deal = dialog(L_TERZ_Q, second, "moscow", "strict")
    act(deal, "announce:terz", "play:AC", *moves)
    while not deal.is_over():  # play the first legal card, never claiming
        deal.apply(next(a for a in deal.legal_actions() if a.kind.value in ("play", "no-claim")))
    r = deal.result
    assert r is not None and r.claim is None
    assert [(p.seat, p.reason) for p in r.penalties] == [(0, penalty)]
    assert r.players[1].sequences == (("терц от дамы ♠", 20),)
    assert r.players[0].sequences == ()
    assert r.card_bait == card_bait
    if card_bait is not None:
        assert (r.players[0].written, r.players[1].written) == (0, r.players[0].total + r.players[1].total)
