"""The drills for three players (game/drills/three.py): hand-built deals dealt by the positions for three,
and every answer — right and wrong — played on the whole deal to its score: whose sequences count, and the
strict penalty (a вистующий's «байт на картах» goes to the bidder)."""

from __future__ import annotations

import pytest

from game.actions import Action, Kind
from game.bots.factory import make_bot
from game.deal import Deal, build_deck_n, dealing_order
from game.deal.dialog_three import ThreePlayerDialog
from game.drills import ANY_CARD, PLAYER, SITUATIONS, Drill, DrillStep, make_drill
from game.drills.three import BIDDER, PARTNER
from game.match import Match
from game.sequences import find_sequences

THREE = [k for k, s in SITUATIONS.items() if s.players == 3]
VARIANTS = 6
CASES = [(k, v) for k in THREE for v in range(VARIANTS)]

# Whose sequences count after each answer (bidder, player, partner), by situation, kind, step and answer.
COUNTS: dict[tuple[str, int, int, str], tuple[bool, bool, bool]] = {
    # the official example: «родили терц» adds the терц kept back to the partner's fifty
    ("three_rodili", 0, 0, "announce:terz"): (False, True, True),
    ("three_rodili", 0, 0, "pishet"): (False, False, True),
    ("three_rodili", 0, 0, "announce:fifty"): (False, False, True),
    # the bidder's fifty beats both: the терц kept back never counts
    ("three_rodili", 1, 0, "pishet"): (True, False, False),
    ("three_rodili", 1, 0, "mine"): (True, False, False),
    # a терц lower than the bidder's counts beside the partner's higher one
    ("three_add_up", 0, 0, "announce:terz"): (False, True, True),
    ("three_add_up", 0, 0, "pishet"): (False, False, True),
    ("three_add_up", 0, 0, "announce:fifty"): (False, False, True),
    # the player's higher терц carries the partner's lower one
    ("three_add_up", 1, 0, "mine"): (False, True, True),
    ("three_add_up", 1, 0, "pishet"): (True, False, False),
    # the partner's «пишет» does not let the bidder's терц through: the player's higher one beats it
    ("three_beat_both", 0, 0, "pishet"): (True, False, False),
    ("three_beat_both", 0, 0, "mine"): (False, True, False),
    ("three_beat_both", 0, 0, "announce:fifty"): (True, False, False),
    ("three_beat_both", 0, 2, "mine"): (False, True, False),
    ("three_beat_both", 0, 2, "pishet"): (True, False, False),
    ("three_beat_both", 1, 0, "pishet"): (True, False, False),
    ("three_beat_both", 1, 0, "mine"): (True, False, False),
    ("three_beat_both", 1, 0, "announce:fifty"): (True, False, False),
    ("three_beat_both", 1, 2, "pishet"): (True, False, False),
    ("three_beat_both", 1, 2, "mine"): (True, False, False),
    ("three_beat_both", 2, 0, "announce:fifty"): (False, True, False),
    ("three_beat_both", 2, 0, "rost"): (True, False, False),
    ("three_beat_both", 2, 0, "mine"): (False, True, False),
    ("three_beat_both", 2, 0, "pishet"): (True, False, False),
}


def history(deal: Deal) -> tuple[str, ...]:
    return tuple(str(a) for _, a in deal.history)


def action_for(step: DrillStep, key: str, deal: Deal) -> Action:
    if key != ANY_CARD:
        return Action.parse(key)
    return next(a for a in deal.legal_actions() if a.kind is Kind.PLAY and str(a) not in step.answers)


def bots_until_player(match: Match, deal: Deal) -> None:
    bot = make_bot("medium", 3, 0)
    while deal.current_player() not in (PLAYER, None):
        seat = deal.current_player()
        assert seat is not None
        match.apply(bot.choose(deal.view(seat)))


def reach(drill: Drill, index: int) -> tuple[Match, Deal]:
    match = drill.build_match()
    deal = match.current
    assert deal is not None
    for step in drill.steps[:index]:
        assert step.at(history(deal))
        match.apply(action_for(step, step.correct[0], deal))
        bots_until_player(match, deal)
    return match, deal


def play_out(match: Match, deal: Deal) -> None:
    bots = [make_bot("medium", 3, s) for s in range(3)]
    while not deal.is_over():
        seat = deal.current_player()
        assert seat is not None
        match.apply(bots[seat].choose(deal.view(seat)))


def test_three_player_situations_are_a_group_after_the_two_player_ones() -> None:
    keys = list(SITUATIONS)
    assert THREE == ["three_beat_both", "three_add_up", "three_rodili"]
    assert keys[-len(THREE) :] == THREE
    assert all(make_drill(k, v).rules.players == 3 for k in THREE for v in range(VARIANTS))
    assert all(make_drill(k).rules.players == 2 for k in keys[: -len(THREE)])


@pytest.mark.parametrize(("situation", "variant"), CASES)
def test_the_deck_deals_the_intended_hands_for_three(situation: str, variant: int) -> None:
    """Dealer 0: the bidder (1, the dealer's left) orders at once and leads; the player plays last to trick 1.
    The deck is the inverse of the dealing positions for three, and each hand holds exactly its sequence."""
    drill = make_drill(situation, variant)
    assert drill.first_dealer == PLAYER and dealing_order(PLAYER, 3) == (BIDDER, PARTNER, PLAYER)
    deal = Deal(drill.rules, drill.first_dealer, drill.deck)
    deal.apply(Action.parse("order"))
    assert deal.bidder == BIDDER and deal.leader == BIDDER
    hands = [deal.hand(s) for s in (BIDDER, PARTNER, PLAYER)]
    assert build_deck_n(hands, drill.deck[18], rest=drill.deck[28:]) == list(drill.deck)
    trump = deal.trump
    found = {s: find_sequences(deal.hand(s), trump, drill.rules) for s in range(3)}
    assert len(found[BIDDER]) == 1 and len(found[PLAYER]) == 1
    assert len(found[PARTNER]) == (0 if situation == "three_beat_both" else 1)
    assert all(seq.suit != trump for seqs in found.values() for seq in seqs)  # plain suits: no equal-top ties
    assert drill.script[0] == Action.parse("order") and drill.script[1].kind is Kind.ANNOUNCE


def test_the_official_example_is_the_script_of_rodili_terz() -> None:
    """«Пятьдесят» and a card; «рост?» and a card; the second вистующий's silent card; «от дамы»-like top card;
    «не годится»; then the player's «родили терц»."""
    drill = make_drill("three_rodili", 0)
    words = [(str(a) if a.kind is not Kind.PLAY else "card") for a in drill.script]
    assert words == ["order", "announce:fifty", "card", "rost", "card", "card", "top", "mine"]
    assert drill.steps[0].correct == ("announce:terz",)
    match = drill.build_match()
    deal = match.current
    assert deal is not None and isinstance(deal.announcements, ThreePlayerDialog)
    assert deal.announcements.speaker == PLAYER and deal.announcements.adding
    events = match.apply(Action.parse("announce:terz"))
    assert events[-1].kind == "sequences" and events[-1].seat == PLAYER and events[-1].value == 20


def test_the_card_between_rost_and_the_top_card_may_be_any() -> None:
    """After «рост?» the player plays any card; the next decision is found whatever the card was."""
    for variant in (0, 1):
        drill = make_drill("three_beat_both", variant)
        _, deal = reach(drill, 1)
        cards = [a for a in deal.legal_actions() if a.kind is Kind.PLAY]
        assert len(cards) >= 1
        for card in cards:
            match, deal = reach(drill, 1)
            match.apply(card)
            bots_until_player(match, deal)
            assert drill.step_at(history(deal)) == 2


def expected_paths() -> list[tuple[str, int, int, str]]:
    """Every answer that ends the drill: each wrong one, and the right one at the last step."""
    out = []
    for situation in THREE:
        for variant in range(VARIANTS):
            drill = make_drill(situation, variant)
            last = len(drill.steps) - 1
            for i, step in enumerate(drill.steps):
                for key, answer in step.answers.items():
                    if not answer.correct or i == last:
                        out.append((situation, variant, i, key))
    return out


@pytest.mark.parametrize(("situation", "variant", "index", "key"), expected_paths())
def test_every_answer_played_to_the_score(situation: str, variant: int, index: int, key: str) -> None:
    drill = make_drill(situation, variant)
    kind = variant % SITUATIONS[situation].kinds
    step = drill.steps[index]
    answer = step.answers[key]
    match, deal = reach(drill, index)
    assert deal.current_player() == PLAYER and step.at(history(deal))
    assert {str(a) for a in deal.legal_actions() if a.kind is not Kind.PLAY} <= set(step.answers)
    before = len(deal.penalties)
    match.apply(action_for(step, key, deal))
    assert [p.reason for p in deal.penalties[before:]] == ([answer.penalty] if answer.penalty else [])
    assert answer.correct == (key in step.correct) and not (answer.correct and answer.penalty)
    assert answer.by == BIDDER  # the remark (a fault pays the bidder; «пишет» profits the bidder)
    play_out(match, deal)
    r = deal.result
    assert r is not None
    counts = tuple(bool(r.players[s].sequences) for s in (BIDDER, PLAYER, PARTNER))
    assert counts == COUNTS[(situation, kind, index, key)], (counts, [p.sequences for p in r.players])
    if answer.penalty in ("false_announcement", "false_mine", "false_rost"):
        # strict etiquette for three: the offending вистующий's whole total is the bidder's; the partner
        # writes their own
        assert r.card_bait == PLAYER and r.players[PLAYER].written == 0
        assert r.players[BIDDER].written == r.players[BIDDER].total + r.players[PLAYER].total
        assert r.players[PARTNER].written == r.players[PARTNER].total
    else:
        assert r.card_bait is None


def test_every_drill_for_three_has_a_decision_that_matters() -> None:
    """At every real decision some answer is wrong, and it costs something: other sequences written, or a
    penalty — except «у меня старше» said with a fifty against a терц, wrong in form only (as for two)."""
    for situation in THREE:
        for kind in range(SITUATIONS[situation].kinds):
            drill = make_drill(situation, kind)
            for i, step in enumerate(drill.steps):
                if step.correct == (ANY_CARD,):
                    continue
                right = COUNTS.get((situation, kind, i, step.correct[0]))
                for key, answer in step.answers.items():
                    if answer.correct or (situation, kind, key) == ("three_beat_both", 2, "mine"):
                        continue
                    assert (
                        answer.penalty
                        or (right is not None and COUNTS[(situation, kind, i, key)] != right)
                        or (i < len(drill.steps) - 1)
                    ), (situation, kind, key)
