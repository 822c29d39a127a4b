"""Drills on the player's own words before a card: announcing a терц, «проходит ли мой терц?» asked and
answered, and when to announce belle under each rule set."""

from __future__ import annotations

import random

from game import actions as A
from game import sequences as seqs
from game.actions import TERZ, Action
from game.cards import Card, Rank, Suit
from game.deal import Deal
from game.drills.model import ANY_CARD, PLAYER, Answer, Drill, DrillStep, msg
from game.drills.positions import (
    action_texts,
    exact_hands,
    first_trick_drill,
    plain_terz_top,
    run_cards,
    signature,
    strict_rules,
    suit_cards,
    trump_face_up,
    trump_terz_top,
)
from game.drills.texts import (
    FALSE_FIFTY,
    FALSE_REMARK,
    FALSE_TERZ,
    M_ANSWER_PASSES,
    M_BELLE,
    M_LEAD,
    NOT_NOW_CLAIM,
    R_ANNOUNCE,
    R_BELLE,
    R_PASSES,
    SHORT_CLAIM_REMARK,
    SILENT_PLAY,
    m_ask_passes,
    seq_names,
)
from game.rules import BelleWhen, Rules


def build_announce_terz(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov", "club", "book")[kind]
    trump = rng.randrange(4)
    suit = rng.randrange(4)
    top = trump_terz_top(rng) if suit == trump else plain_terz_top(rng)
    run = run_cards(suit, top, TERZ)
    up = trump_face_up(rng, trump, set(run))
    rules = strict_rules(preset)

    def steps(deal: Deal, rules: Rules) -> list[DrillStep]:
        seq = seqs.find_sequences(deal.hands[PLAYER], deal.trump, rules)[0]
        name = seq_names(seq, deal.trump)
        answers = {
            "announce:terz": Answer(True, msg("drill.announce.right", name=name)),
            "announce:fifty": Answer(False, FALSE_FIFTY, "false_announcement", FALSE_REMARK),
            ANY_CARD: Answer(False, SILENT_PLAY),
        }
        rule = R_ANNOUNCE if preset == "moscow" else msg(f"drill.rule.announce.{preset}")  # the preset's own source
        return [DrillStep(action_texts([a for _, a in deal.history]), M_LEAD, rule, answers)]

    return first_trick_drill(
        "announce_terz",
        variant,
        seed,
        rng,
        preset,
        player_leads=True,
        trump=trump,
        face_up=up,
        core_p=run,
        core_b=[],
        ok=exact_hands(rules, trump, [(TERZ, top, suit)], []),
        bot_words=lambda d: [],
        steps=steps,
        intro=msg("drill.intro.you_lead"),
        rules=rules,
    )


def _passes_setup(rng: random.Random, trump: int) -> tuple[list[Card], Card]:
    """The терц 7-8-9 of the first trump and a valuable вскрышка (J or A: the swap would not keep a терц)."""
    return suit_cards(trump, (Rank.SEVEN, Rank.EIGHT, Rank.NINE)), Card(trump * 8 + rng.choice([Rank.JACK, Rank.ACE]))


def build_ask_passes(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    terz, up = _passes_setup(rng, trump)
    rules = strict_rules(preset)

    def steps(deal: Deal, rules: Rules) -> list[DrillStep]:
        answers = {
            "ask-passes": Answer(True, msg("drill.ask_passes.right")),
            "swap": Answer(False, msg("drill.ask_passes.swap", up=up)),
            "announce:terz": Answer(False, msg("drill.ask_passes.terz", up=up)),
            "announce:fifty": Answer(False, FALSE_FIFTY, "false_announcement", FALSE_REMARK),
            ANY_CARD: Answer(False, msg("drill.ask_passes.silent")),
        }
        m = m_ask_passes(up)
        return [DrillStep(action_texts([a for _, a in deal.history]), m, R_PASSES, answers)]

    return first_trick_drill(
        "ask_passes",
        variant,
        seed,
        rng,
        preset,
        player_leads=True,
        trump=trump,
        face_up=up,
        core_p=terz,
        core_b=[],
        ok=exact_hands(rules, trump, [(TERZ, 2, trump)], None),
        bot_words=lambda d: [],
        steps=steps,
        intro=msg("drill.intro.you_lead_face_up", up=up),
        rules=rules,
    )


def build_answer_passes(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = "moscow" if variant % 2 == 0 else "kharkov"
    trump = rng.randrange(4)
    terz, up = _passes_setup(rng, trump)
    rules = strict_rules(preset)
    if kind == 0:  # a higher sequence: the терц does not pass
        suit = rng.choice([s for s in range(4) if s != trump])
        want: list[tuple[int, int, int]] = [(TERZ, rng.randrange(3, 8), suit)]
    elif kind == 1:  # nothing: it passes
        want = []
    else:  # a plain терц from the nine: the trump one is higher, it passes
        suit = rng.choice([s for s in range(4) if s != trump])
        want = [(TERZ, 2, suit)]
    core_p = run_cards(want[0][2], want[0][1], TERZ) if want else []

    def steps(deal: Deal, rules: Rules) -> list[DrillStep]:
        truth = deal.announcements.passes_truth()
        found = seqs.find_sequences(deal.hands[PLAYER], deal.trump, rules)
        right, wrong = A.answer_passes(truth), A.answer_passes(not truth)
        if truth and not found:
            why = msg("drill.answer_passes.why_none")
        elif truth:
            why = msg("drill.answer_passes.why_not_higher", name=seq_names(found[0], deal.trump))
        else:
            why = msg("drill.answer_passes.why_higher", name=seq_names(found[0], deal.trump))
        say = msg("drill.answer_passes.say_yes" if truth else "drill.answer_passes.say_no")
        answers = {
            str(right): Answer(True, msg("drill.answer_passes.right", why=why, say=say)),
            str(wrong): Answer(
                False, msg("drill.answer_passes.untrue", why=why), "false_answer", msg("drill.remark.untrue_passes")
            ),
        }
        return [DrillStep(action_texts([a for _, a in deal.history]), M_ANSWER_PASSES, R_PASSES, answers)]

    return first_trick_drill(
        "answer_passes",
        variant,
        seed,
        rng,
        preset,
        player_leads=False,
        trump=trump,
        face_up=up,
        core_p=core_p,
        core_b=terz,
        ok=exact_hands(rules, trump, want, [(TERZ, 2, trump)]),
        bot_words=lambda d: [A.ASK_PASSES],
        steps=steps,
        intro=msg("drill.intro.opponent_leads"),
        rules=rules,
    )


def build_belle(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "book", "club")[kind]
    trump = rng.randrange(4)
    rules = strict_rules(preset)
    king, queen = Card(trump * 8 + Rank.KING), Card(trump * 8 + Rank.QUEEN)
    seven = Card(trump * 8 + Rank.SEVEN)
    others = set(suit_cards(trump, (Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.ACE)))
    if rules.belle_when is BelleWhen.BEFORE_ANY_CARD:
        lead_suit = rng.choice([s for s in range(4) if s != trump])
        lead = rng.choice(suit_cards(lead_suit, range(8)))
        core_b, excluded = [lead], others

        def ok(p: list[Card], b: list[Card]) -> bool:
            return (
                not any(c // 8 == lead_suit for c in p)
                and not signature(p, Suit(trump), rules)
                and not signature(b, Suit(trump), rules)
            )

        def words(deal: Deal) -> list[Action]:
            return [A.play(lead), A.play(king)]

        def steps(deal: Deal, rules: Rules) -> list[DrillStep]:
            answers = {
                "belle": Answer(True, msg("drill.belle.moscow.right")),
                str(A.play(queen)): Answer(False, msg("drill.belle.moscow.queen")),
                ANY_CARD: Answer(False, msg("drill.belle.moscow.silent")),
                "claim": Answer(False, NOT_NOW_CLAIM, "false_claim", SHORT_CLAIM_REMARK),
            }
            history = action_texts([a for _, a in deal.history])
            return [DrillStep(history, M_BELLE["moscow"], R_BELLE["moscow"], answers)]
    else:
        holding_both = rules.belle_when is BelleWhen.HOLDING_BOTH
        ten = Card(trump * 8 + Rank.TEN)
        core_b, excluded = [ten], others - {ten}

        def ok(p: list[Card], b: list[Card]) -> bool:
            return not signature(p, Suit(trump), rules) and not signature(b, Suit(trump), rules)

        def words(deal: Deal) -> list[Action]:
            return [A.play(ten)]

        def steps(deal: Deal, rules: Rules) -> list[DrillStep]:
            rule = msg("drill.belle.rule_book" if holding_both else "drill.belle.rule_club")
            lost = Answer(False, msg("drill.belle.lost", rule=rule))
            answers: dict[str, Answer] = {
                "announce:terz": Answer(False, FALSE_TERZ, "false_announcement", FALSE_REMARK),
                "announce:fifty": Answer(False, FALSE_FIFTY, "false_announcement", FALSE_REMARK),
            }
            if holding_both:
                answers["belle"] = Answer(True, msg("drill.belle.book.right"))
                answers[str(A.play(king))] = lost
                answers[str(A.play(queen))] = lost
            else:
                for c in (king, queen):
                    answers[str(A.play(c, belle=True))] = Answer(True, msg("drill.belle.club.right"))
                    answers[str(A.play(c))] = Answer(False, msg("drill.belle.club.silent"))
            return [DrillStep(action_texts([a for _, a in deal.history]), M_BELLE[preset], R_BELLE[preset], answers)]

    return first_trick_drill(
        "belle",
        variant,
        seed,
        rng,
        preset,
        player_leads=False,
        trump=trump,
        face_up=seven,
        core_p=[king, queen],
        core_b=core_b,
        ok=ok,
        bot_words=words,
        steps=steps,
        intro=msg("drill.intro.you_hold_belle"),
        excluded=excluded,
        rules=rules,
    )
