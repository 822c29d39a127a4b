"""Drills on answering the leader's announcement: the truth table of section 9 (пятьдесят, рост, пишет,
«у меня старше»), then the top card named and the comparison."""

from __future__ import annotations

import random
from collections.abc import Callable

from game import actions as A
from game import sequences as seqs
from game.actions import FIFTY, TERZ, Action
from game.bots.factory import make_bot
from game.cards import Suit
from game.deal import Deal
from game.drills.model import BOT, PLAYER, Answer, Drill, DrillStep, Text, msg
from game.drills.positions import (
    action_texts,
    exact_hands,
    first_trick_drill,
    plain_terz_top,
    run_bot,
    run_cards,
    strict_rules,
    trump_face_up,
    trump_terz_top,
)
from game.drills.texts import (
    FALSE_FIFTY,
    FALSE_REMARK,
    LOWER_MINE,
    M_ANSWER_FIFTY,
    M_ANSWER_TERZ,
    R_ANSWER,
    R_CERTAINLY,
    R_EQUAL_KHARKOV,
    R_EQUAL_MOSCOW,
    R_FALSE_ROST,
    m_after_top,
    seq_names,
    top_words,
)
from game.rules import Rules
from game.sequences import Sequence


def _announce(cls: int) -> Callable[[Deal], list[Action]]:
    return lambda deal: [A.announce(cls)]


def _cls_gen(cls: int) -> Text:
    """«без терца», «без пятидесяти»."""
    return msg("drill.cls_gen.fifty" if cls == FIFTY else "drill.cls_gen.terz")


def _cls_word(cls: int) -> Text:
    return msg("drill.cls.fifty" if cls == FIFTY else "drill.cls.terz")


def _why_higher(mine: Sequence, theirs: Sequence, trump: Suit | None, rules: Rules, leader_wins: bool) -> Text:
    """Why one of two same-class sequences is higher (the winner is the leader's if ``leader_wins``)."""
    if mine.top != theirs.top:
        return msg("drill.why_higher.top")
    if leader_wins:
        if rules.equal_sequences.value == "earlier":
            return msg("drill.why_higher.kharkov")
        return msg("drill.why_higher.plain_earlier")
    return msg("drill.why_higher.trump")


def _answer_steps(deal: Deal, rules: Rules) -> list[DrillStep]:
    """The steps of answering the leader's announced class, from the true hands (a truth table of section 9)."""
    trump = deal.trump
    c = deal.announcements.announced
    leader = deal.announcements.first_of(BOT, c)
    assert leader is not None
    mine_all = seqs.find_sequences(deal.hands[PLAYER], trump, rules)
    mine = mine_all[0] if mine_all else None
    gen, word = _cls_gen(c), _cls_word(c)
    lname = seq_names(leader, trump)
    history = action_texts([a for _, a in deal.history])
    moment = M_ANSWER_TERZ if c == TERZ else M_ANSWER_FIFTY
    answers: dict[str, Answer] = {}
    false_fifty = Answer(False, FALSE_FIFTY, "false_announcement", FALSE_REMARK)
    steps: list[DrillStep] = []
    if mine is None:
        answers["pishet"] = Answer(True, msg("drill.answer.none.pishet", gen=gen))
        answers["rost"] = Answer(
            False, msg("drill.answer.none.rost", gen=gen), "false_rost", msg("drill.remark.rost_without", gen=gen)
        )
        answers["mine"] = Answer(False, msg("drill.answer.none.mine"), "false_mine", msg("drill.remark.mine_without"))
        if c == TERZ:
            answers["announce:fifty"] = false_fifty
        return [DrillStep(history, moment, R_FALSE_ROST, answers)]
    name = seq_names(mine, trump)
    if mine.length > c:
        answers["announce:fifty"] = Answer(True, msg("drill.answer.higher_class.fifty", name=name))
        answers["rost"] = Answer(
            False, msg("drill.answer.higher_class.rost"), "rost_certainly_higher", msg("drill.remark.rost_with_fifty")
        )
        answers["mine"] = Answer(False, msg("drill.answer.higher_class.mine"))
        answers["pishet"] = Answer(
            False, msg("drill.answer.higher_class.pishet", name=name), None, msg("drill.remark.thanks_terz")
        )
        return [DrillStep(history, moment, R_CERTAINLY, answers)]
    if mine.length < c:
        answers["pishet"] = Answer(True, msg("drill.answer.lower_class.pishet"))
        answers["rost"] = Answer(
            False, msg("drill.answer.lower_class.rost"), "false_rost", msg("drill.remark.rost_fifty_with_terz")
        )
        answers["mine"] = Answer(
            False, msg("drill.answer.lower_class.mine"), "false_mine", msg("drill.remark.terz_above_fifty")
        )
        return [DrillStep(history, moment, R_FALSE_ROST, answers)]
    if c == TERZ:
        answers["announce:fifty"] = false_fifty
    thanks = msg("drill.remark.thanks", lname=lname)
    if seqs.certainly_higher(mine, c, trump, rules):
        answers["mine"] = Answer(True, msg("drill.answer.certainly.mine", name=name, gen=gen))
        answers["rost"] = Answer(
            False,
            msg("drill.answer.certainly.rost"),
            "rost_certainly_higher",
            msg("drill.remark.rost_holding", name=name),
        )
        answers["pishet"] = Answer(False, msg("drill.answer.certainly.pishet", name=name, lname=lname), None, thanks)
        return [DrillStep(history, moment, R_CERTAINLY, answers)]
    wins = seqs.beats(mine, False, leader, trump, rules)
    why = _why_higher(mine, leader, trump, rules, leader_wins=not wins)
    answers["rost"] = Answer(True, msg("drill.answer.same.rost", word=word, name=name))
    answers["pishet"] = Answer(
        False,
        msg("drill.answer.same.pishet_won" if wins else "drill.answer.same.pishet_lost"),
        None,
        thanks if wins else None,
    )
    if wins:
        answers["mine"] = Answer(False, msg("drill.answer.same.mine_guess"))
    else:
        answers["mine"] = Answer(False, msg("drill.answer.same.mine_lower", name=name), "false_mine", LOWER_MINE)
    equal_rule = R_EQUAL_KHARKOV if rules.equal_sequences.value == "earlier" else R_EQUAL_MOSCOW
    steps.append(DrillStep(history, moment, R_ANSWER, answers))
    # step 2: the leader names the top card (the bot's only legal move), then «у меня старше» or «пишет»
    after = Deal(rules, deal.dealer, deal.deck)
    for _, a in deal.history:
        after.apply(a)
    after.apply(A.ROST)
    bot_moves: list[Action] = []
    run_bot(after, make_bot("medium", 2, 0), bot_moves)
    top = top_words(leader.top_card, trump)
    second: dict[str, Answer] = {}
    if wins:
        second["mine"] = Answer(True, msg("drill.answer.after_top.mine_right", name=name, lname=lname, why=why))
        second["pishet"] = Answer(
            False, msg("drill.answer.after_top.pishet_wrong", name=name, lname=lname, why=why), None, thanks
        )
    else:
        second["pishet"] = Answer(True, msg("drill.answer.after_top.pishet_right", name=name, lname=lname, why=why))
        second["mine"] = Answer(
            False, msg("drill.answer.after_top.mine_wrong", name=name, why=why), "false_mine", LOWER_MINE
        )
    hist2 = action_texts([a for _, a in after.history])
    steps.append(DrillStep(hist2, m_after_top(top), equal_rule, second))
    return steps


def _answer_drill(
    situation: str,
    rng: random.Random,
    variant: int,
    seed: int,
    preset: str,
    *,
    trump: int,
    lead: tuple[int, int, int],
    mine: tuple[int, int, int] | None,
    belle_p: bool = False,
) -> Drill:
    """The bot leads and announces ``lead`` (length, top, suit); the player holds ``mine`` (or nothing)."""
    rules = strict_rules(preset)
    lcls, ltop, lsuit = lead
    core_b = run_cards(lsuit, ltop, lcls)
    core_p = [] if mine is None else run_cards(mine[2], mine[1], mine[0])
    up = trump_face_up(rng, trump, set(core_b) | set(core_p))
    return first_trick_drill(
        situation,
        variant,
        seed,
        rng,
        preset,
        player_leads=False,
        trump=trump,
        face_up=up,
        core_p=core_p,
        core_b=core_b,
        ok=exact_hands(rules, trump, [] if mine is None else [mine], [lead], belle_p),
        bot_words=_announce(lcls),
        steps=_answer_steps,
        intro=msg("drill.intro.opponent_announced", word=_cls_word(lcls)),
        rules=rules,
    )


def build_rost_trump(preset: str) -> Callable[[random.Random, int, int, int], Drill]:
    def build(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
        trump = rng.randrange(4)
        top = trump_terz_top(rng)
        lsuit = rng.choice([s for s in range(4) if s != trump])
        return _answer_drill(
            f"rost_trump_{preset}",
            rng,
            variant,
            seed,
            preset,
            trump=trump,
            lead=(TERZ, top, lsuit),
            mine=(TERZ, top, trump),
        )

    return build


def build_answer_fifty(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    psuit = rng.choice([s for s in range(4) if s != lsuit])
    ptop = rng.choice([4, 5]) if psuit == trump else rng.randrange(3, 8)  # a trump fifty without 7 or K+Q
    return _answer_drill(
        "answer_fifty",
        rng,
        variant,
        seed,
        preset,
        trump=trump,
        lead=(TERZ, plain_terz_top(rng), lsuit),
        mine=(FIFTY, ptop, psuit),
    )


def build_lower_terz(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    ltop = rng.randrange(4, 8)
    psuit = rng.choice([s for s in range(4) if s != lsuit])
    ptop = rng.randrange(2, ltop)
    if psuit == trump:
        ptop = max(3, min(ptop, 5))
    return _answer_drill(
        "lower_terz", rng, variant, seed, preset, trump=trump, lead=(TERZ, ltop, lsuit), mine=(TERZ, ptop, psuit)
    )


def build_no_sequence(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    return _answer_drill(
        "no_sequence", rng, variant, seed, preset, trump=trump, lead=(TERZ, plain_terz_top(rng), lsuit), mine=None
    )


def build_terz_vs_fifty(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    psuit = rng.choice([s for s in range(4) if s != lsuit])
    ptop = trump_terz_top(rng) if psuit == trump else plain_terz_top(rng)
    return _answer_drill(
        "terz_vs_fifty",
        rng,
        variant,
        seed,
        preset,
        trump=trump,
        lead=(FIFTY, rng.randrange(3, 8), lsuit),
        mine=(TERZ, ptop, psuit),
    )


def build_certainly_higher(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    cls = (TERZ, FIFTY)[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    ltop = rng.randrange(cls - 1, 8)
    return _answer_drill(
        "certainly_higher",
        rng,
        variant,
        seed,
        "moscow",
        trump=trump,
        lead=(cls, ltop, lsuit),
        mine=(cls, 7, trump),
        belle_p=True,
    )
