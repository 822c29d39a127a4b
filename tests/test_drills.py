"""Announcement drills (game/drills.py): every situation and variant is a legal position where the player is
to act, every answer the drill lists is legal, and the engine's penalty is the one the drill expects."""

from __future__ import annotations

import pytest

from game.actions import Action, Kind
from game.bots.factory import make_bot
from game.deal import Deal
from game.drills import ANY_CARD, PLAYER, SITUATIONS, Drill, DrillStep, make_drill
from game.match import Match
from game.record import record_of, replay
from game.rules import Etiquette

VARIANTS = 6
CASES = [(k, v) for k in SITUATIONS for v in range(VARIANTS)]


def reach(drill: Drill, index: int) -> tuple[Match, Deal]:
    """The match at step ``index``: the script, then each earlier step's first correct answer and the bot."""
    match = drill.build_match()
    deal = match.current
    assert deal is not None
    bot = make_bot("medium", drill.rules.players, 0)
    for step in drill.steps[:index]:
        assert step.at(history(deal))
        match.apply(action_for(step, step.correct[0], deal))
        while deal.current_player() not in (PLAYER, None):  # the bots (one, or two at a table for three)
            seat = deal.current_player()
            assert seat is not None
            match.apply(bot.choose(deal.view(seat)))
    return match, deal


def history(deal: Deal) -> tuple[str, ...]:
    return tuple(str(a) for _, a in deal.history)


def action_for(step: DrillStep, key: str, deal: Deal) -> Action:
    if key != ANY_CARD:
        return Action.parse(key)
    return next(a for a in deal.legal_actions() if a.kind is Kind.PLAY and str(a) not in step.answers)


@pytest.mark.parametrize(("situation", "variant"), CASES)
def test_drill_is_a_legal_position_with_legal_answers(situation: str, variant: int) -> None:
    drill = make_drill(situation, variant)
    assert drill.rules.etiquette is Etiquette.STRICT
    assert drill.steps and all(step.correct for step in drill.steps)
    for i, step in enumerate(drill.steps):
        _, deal = reach(drill, i)
        assert deal.current_player() == PLAYER
        assert step.at(history(deal))
        assert drill.step_at(history(deal)) == i
        legal = deal.legal_actions()
        words = {str(a) for a in legal if a.kind is not Kind.PLAY}
        assert words <= set(step.answers), f"a dialog move without an explanation: {words - set(step.answers)}"
        for key in step.answers:
            assert action_for(step, key, deal) in legal, key
        for key in step.correct:
            assert action_for(step, key, deal) in legal


@pytest.mark.parametrize(("situation", "variant"), CASES)
def test_each_answer_brings_the_expected_engine_penalty(situation: str, variant: int) -> None:
    drill = make_drill(situation, variant)
    for i, step in enumerate(drill.steps):
        for key, answer in step.answers.items():
            match, deal = reach(drill, i)
            before = len(deal.penalties)
            match.apply(action_for(step, key, deal))
            got = [p.reason for p in deal.penalties[before:]]
            assert got == ([answer.penalty] if answer.penalty else []), (key, got)
            assert not (answer.correct and answer.penalty)
            assert answer.why.key.startswith("drill.")  # worded by the UI: tests/test_catalogue.py


@pytest.mark.parametrize("situation", list(SITUATIONS))
def test_generation_is_deterministic_and_varied(situation: str) -> None:
    a, b = make_drill(situation, 3, seed=5), make_drill(situation, 3, seed=5)
    assert a.deck == b.deck and a.script == b.script and [s.history for s in a.steps] == [s.history for s in b.steps]
    decks = {make_drill(situation, v).deck for v in range(VARIANTS)}
    assert len(decks) >= 4, "variants should change the irrelevant cards"
    assert make_drill(situation, 0, seed=1).deck != make_drill(situation, 0, seed=2).deck


def test_situations_cover_the_presets_they_teach() -> None:
    presets = {s: {make_drill(s, v).rules.name for v in range(VARIANTS)} for s in SITUATIONS}
    assert presets["rost_trump_moscow"] == {"moscow"}
    assert presets["rost_trump_kharkov"] == {"kharkov"}
    assert presets["belle"] == {"moscow", "book", "club"}
    assert {"moscow", "kharkov"} <= presets["announce_terz"]
    assert make_drill("claim", 0).rules.target == 301


def test_moscow_and_kharkov_differ_after_the_top_card() -> None:
    moscow, kharkov = make_drill("rost_trump_moscow", 0), make_drill("rost_trump_kharkov", 0)
    assert moscow.steps[0].correct == kharkov.steps[0].correct == ("rost",)
    assert moscow.steps[1].correct == ("mine",)
    assert kharkov.steps[1].correct == ("pishet",)
    assert kharkov.steps[1].answers["mine"].penalty == "false_mine"


def test_certainly_higher_and_fifty_never_ask_rost() -> None:
    for v in range(VARIANTS):
        assert make_drill("certainly_higher", v).steps[0].answers["rost"].penalty == "rost_certainly_higher"
        fifty = make_drill("answer_fifty", v).steps[0]
        assert fifty.correct == ("announce:fifty",)
        assert fifty.answers["rost"].penalty == "rost_certainly_higher"


def test_drill_match_is_a_valid_record() -> None:
    """A practice game is saved like any game: the record replays to the same position."""
    for situation in SITUATIONS:
        match = make_drill(situation, 1).build_match()
        again = replay(record_of(match))
        assert again.scores == match.scores
        assert [d.history for d in again.deals] == [d.history for d in match.deals]


def test_unknown_situation_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown drill"):
        make_drill("nonsense")


def test_each_exercise_quotes_the_rules_it_is_played_by() -> None:
    """Issue 27: a «Харьковские» exercise showed the Moscow rule text. Every exercise × variant: a rule text that
    names «московские» is shown only for Moscow rules (or says how the others differ)."""
    from game.drills.catalogue import SITUATIONS, make_drill
    from ui.i18n import set_language, word

    set_language("ru")
    seen = set()
    for key, sit in SITUATIONS.items():
        for variant in range(sit.kinds):
            drill = make_drill(key, variant, 1)
            seen.add(drill.rules.name)
            for step in drill.steps:
                rule = word(step.rule)
                if drill.rules.name != "moscow" and "(московские)" in rule:
                    raise AssertionError(f"{key} {variant} ({drill.rules.name}): {rule[:80]}")
    assert {"moscow", "kharkov", "club", "book"} <= seen
