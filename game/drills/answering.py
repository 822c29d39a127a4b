"""Drills on answering the leader's announcement: the truth table of section 9 (пятьдесят, рост, пишет,
«у меня старше»), then the top card named and the comparison."""

from __future__ import annotations

import random
from collections.abc import Callable

from game import actions as A
from game import sequences as seqs
from game.actions import FIFTY, TERZ, Action
from game.bots.medium import MediumBot
from game.cards import Suit
from game.deal import Deal
from game.drills.model import BOT, PLAYER, Answer, Drill, DrillStep, Text
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
    M_AFTER_TOP,
    M_ANSWER_FIFTY,
    M_ANSWER_TERZ,
    R_ANSWER,
    R_CERTAINLY,
    R_EQUAL_KHARKOV,
    R_EQUAL_MOSCOW,
    R_FALSE_ROST,
    seq_names,
    top_words,
)
from game.rules import Rules
from game.sequences import Sequence


def _announce(cls: int) -> Callable[[Deal], list[Action]]:
    return lambda deal: [A.announce(cls)]


def _cls_gen(cls: int) -> Text:
    return ("пятидесяти", "fifty") if cls == FIFTY else ("терца", "терц")


def _cls_word(cls: int) -> Text:
    return ("пятьдесят", "fifty") if cls == FIFTY else ("терц", "терц")


def _why_higher(mine: Sequence, theirs: Sequence, trump: Suit | None, rules: Rules, leader_wins: bool) -> Text:
    """Why one of two same-class sequences is higher (the winner is the leader's if ``leader_wins``)."""
    if mine.top != theirs.top:
        return ("старшая карта выше", "its top card is higher")
    if leader_wins:
        if rules.equal_sequences.value == "earlier":
            return ("по харьковским правилам при равной высоте козырю преимущества нет — старше объявленная "
                    "раньше, у ходящего", "under Kharkov rules the trump has no advantage at equal height — the "
                    "one announced first, the leader's, wins")
        return ("обе некозырные и равны по высоте — старше объявленная раньше, у ходящего",
                "both are plain and equally high — the one announced first, the leader's, wins")
    return ("при равной высоте козырная старше", "at equal height the trump one wins")


def _answer_steps(deal: Deal, rules: Rules) -> list[DrillStep]:
    """The steps of answering the leader's announced class, from the true hands (a truth table of section 9)."""
    trump = deal.trump
    c = deal.announced
    leader = deal._first_of(BOT, c)
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
        answers["pishet"] = Answer(True, (
            f"Верно: у вас нет {gen[0]} — говорите «пишет» («годится»); можно попросить показать комбинацию.",
            f"Right: you hold no {gen[1]} — say «пишет» (it stands); you may ask to see it.",
        ))
        answers["rost"] = Answer(False, (
            f"«Рост?» без {gen[0]} — ложное объявление: байт на картах.",
            f"«Рост?» without a {gen[1]} is a false announcement: bait on cards.",
        ), "false_rost", (f"«Рост?» без {gen[0]} — ложное объявление: ваши очки мои",
                          f"«Рост?» without a {gen[1]} — a false announcement: your points are mine"))
        answers["mine"] = Answer(False, (
            "«У меня старше» без комбинации — ложное объявление: байт на картах.",
            "«Mine is higher» with no sequence is a false announcement: bait on cards.",
        ), "false_mine", ("«У меня старше» без комбинации? Байт на картах",
                          "«Mine is higher» with nothing? Bait on cards"))
        if c == TERZ:
            answers["announce:fifty"] = false_fifty
        return [DrillStep(history, moment, R_FALSE_ROST, answers)]
    name = seq_names(mine, trump)
    if mine.length > c:
        answers["announce:fifty"] = Answer(True, (
            f"Верно: у вас {name[0]} — старший класс называют сразу: «Пятьдесят». Терц соперника не считается.",
            f"Right: you hold a {name[1]} — name the higher class at once: «Пятьдесят». The терц does not count.",
        ))
        answers["rost"] = Answer(False, (
            "«Рост?» с пятьюдесятью на руках — вы заглядываете в карты соперника: ваша комбинация не считается, "
            "считается его терц.",
            "«Рост?» holding a fifty is peeking at the opponent's cards: yours does not count, his терц does.",
        ), "rost_certainly_higher", ("«Рост?» с пятьюдесятью на руках — ваша комбинация не считается",
                                     "«Рост?» holding a fifty — your sequence does not count"))
        answers["mine"] = Answer(False, (
            "Сравнение за вами, но старший класс называют прямо: «Пятьдесят». «У меня старше» говорят после роста.",
            "You win the comparison, but a higher class is named outright: «Пятьдесят». «Mine is higher» "
            "follows a «Рост?».",
        ))
        answers["pishet"] = Answer(False, (
            f"«Пишет» с пятьюдесятью на руках — вы сами отдали сравнение: ваш {name[0]} не считается, терц "
            "соперника считается.",
            f"«Пишет» holding a fifty gives the comparison away: your {name[1]} does not count, his терц does.",
        ), None, ("«Пишет»? Спасибо — мой терц записан", "«Пишет»? Thank you — my терц is written down"))
        return [DrillStep(history, moment, R_CERTAINLY, answers)]
    if mine.length < c:
        answers["pishet"] = Answer(True, (
            "Верно: против пятидесяти терц младше при любом росте — «пишет».",
            "Right: a терц is lower than any fifty — «пишет».",
        ))
        answers["rost"] = Answer(False, (
            "«Рост?» пятидесяти с одним терцем — ложное объявление (вы заявили пятьдесят): байт на картах.",
            "«Рост?» of a fifty with only a терц is a false announcement (it claims a fifty): bait on cards.",
        ), "false_rost", ("«Рост?» пятидесяти с одним терцем? Ложное объявление — ваши очки мои",
                          "«Рост?» of a fifty with a терц? A false announcement — your points are mine"))
        answers["mine"] = Answer(False, (
            "«У меня старше», а терц младше пятидесяти — ложное объявление: байт на картах.",
            "«Mine is higher», but a терц is lower than a fifty: a false announcement, bait on cards.",
        ), "false_mine", ("Терц старше пятидесяти? Байт на картах", "A терц above a fifty? Bait on cards"))
        return [DrillStep(history, moment, R_FALSE_ROST, answers)]
    if c == TERZ:
        answers["announce:fifty"] = false_fifty
    if seqs.certainly_higher(mine, c, trump, rules):
        answers["mine"] = Answer(True, (
            f"Верно: {name[0]} старше любого {gen[0]} — говорите сразу «Не годится, у меня {name[0]}», рост не "
            "спрашивают.",
            f"Right: a {name[1]} beats any {gen[1]} — say at once «mine is higher: {name[1]}», never «Рост?».",
        ))
        answers["rost"] = Answer(False, (
            "«Рост?» с заведомо старшей комбинацией — ваша комбинация не считается, считается комбинация соперника.",
            "«Рост?» with a certainly higher sequence: yours does not count, the opponent's does.",
        ), "rost_certainly_higher", (f"«Рост?» с комбинацией «{name[0]}» на руках — ваша не считается",
                                     f"«Рост?» holding a {name[1]} — your sequence does not count"))
        answers["pishet"] = Answer(False, (
            f"«Пишет» с заведомо старшей комбинацией ({name[0]}) — вы отдали сравнение: считается {lname[0]}.",
            f"«Пишет» with a certainly higher sequence ({name[1]}) gives it away: his {lname[1]} counts.",
        ), None, (f"«Пишет»? Спасибо — мой {lname[0]} записан", f"«Пишет»? Thank you — my {lname[1]} counts"))
        return [DrillStep(history, moment, R_CERTAINLY, answers)]
    wins = seqs.beats(mine, False, leader, trump, rules)
    why = _why_higher(mine, leader, trump, rules, leader_wins=not wins)
    thanks: Text = (f"«Пишет»? Спасибо — мой {lname[0]} записан", f"«Пишет»? Thank you — my {lname[1]} counts")
    answers["rost"] = Answer(True, (
        f"Верно: у вас тоже {word[0]} ({name[0]}) — спросите «Рост?»: соперник назовёт старшую карту.",
        f"Right: you too hold a {word[1]} ({name[1]}) — ask «Рост?»: the leader names the top card.",
    ))
    answers["pishet"] = Answer(False, (
        "«Пишет», не спросив роста, — вы отдали сравнение, не узнав, чья комбинация старше"
        + (" (а ваша была старше!)." if wins else " (на этот раз ваша и правда младше)."),
        "«Пишет» without asking gives the comparison away without knowing whose is higher"
        + (" (and yours was higher!)." if wins else " (this time yours is indeed lower)."),
    ), None, thanks if wins else None)
    if wins:
        answers["mine"] = Answer(False, (
            "Угадали, но так не говорят: не зная роста соперника, сначала спрашивают «Рост?» — называть свою "
            "комбинацию раньше времени значит раскрывать карты.",
            "A lucky guess, but not the etiquette: not knowing the leader's height, ask «Рост?» first — naming "
            "yours early shows your cards.",
        ))
    else:
        answers["mine"] = Answer(False, (
            f"«У меня старше», а ваш {name[0]} младше: ложное объявление — байт на картах.",
            f"«Mine is higher», but your {name[1]} is lower: a false announcement, bait on cards.",
        ), "false_mine", LOWER_MINE)
    equal_rule = R_EQUAL_KHARKOV if rules.equal_sequences.value == "earlier" else R_EQUAL_MOSCOW
    steps.append(DrillStep(history, moment, R_ANSWER, answers))
    # step 2: the leader names the top card (the bot's only legal move), then «у меня старше» or «пишет»
    after = Deal(rules, deal.dealer, deal.deck)
    for _, a in deal.history:
        after.apply(a)
    after.apply(A.ROST)
    bot_moves: list[Action] = []
    run_bot(after, MediumBot(0), bot_moves)
    top = top_words(leader.top_card, trump)
    second: dict[str, Answer] = {}
    if wins:
        second["mine"] = Answer(True, (
            f"Верно: ваш {name[0]} старше, чем {lname[0]} — {why[0]}. Говорите «У меня {name[0]}».",
            f"Right: your {name[1]} beats his {lname[1]} — {why[1]}. Say «mine: {name[1]}».",
        ))
        second["pishet"] = Answer(False, (
            f"«Пишет», хотя ваш {name[0]} старше ({why[0]}): посчитается {lname[0]} соперника, ваш — нет.",
            f"«Пишет» though your {name[1]} is higher ({why[1]}): his {lname[1]} counts, yours does not.",
        ), None, (f"«Пишет»? Спасибо — мой {lname[0]} записан", f"«Пишет»? Thank you — my {lname[1]} counts"))
    else:
        second["pishet"] = Answer(True, (
            f"Верно: {lname[0]} соперника старше вашего ({name[0]}) — {why[0]}. Говорите «пишет», высоту своей "
            "не называют.",
            f"Right: his {lname[1]} beats your {name[1]} — {why[1]}. Say «пишет»; do not name yours.",
        ))
        second["mine"] = Answer(False, (
            f"«У меня старше», хотя ваш {name[0]} младше ({why[0]}): ложное объявление — байт на картах.",
            f"«Mine is higher» though your {name[1]} is lower ({why[1]}): a false announcement, bait on cards.",
        ), "false_mine", LOWER_MINE)
    hist2 = action_texts([a for _, a in after.history])
    moment2 = (M_AFTER_TOP[0].format(top=top[0]), M_AFTER_TOP[1].format(top=top[1]))
    steps.append(DrillStep(hist2, moment2, equal_rule, second))
    return steps


def _answer_drill(
    situation: str, rng: random.Random, variant: int, seed: int, preset: str, *, trump: int,
    lead: tuple[int, int, int], mine: tuple[int, int, int] | None, belle_p: bool = False,
) -> Drill:
    """The bot leads and announces ``lead`` (length, top, suit); the player holds ``mine`` (or nothing)."""
    rules = strict_rules(preset)
    lcls, ltop, lsuit = lead
    core_b = run_cards(lsuit, ltop, lcls)
    core_p = [] if mine is None else run_cards(mine[2], mine[1], mine[0])
    up = trump_face_up(rng, trump, set(core_b) | set(core_p))
    return first_trick_drill(
        situation, variant, seed, rng, preset, player_leads=False, trump=trump, face_up=up, core_p=core_p,
        core_b=core_b, ok=exact_hands(rules, trump, [] if mine is None else [mine], [lead], belle_p),
        bot_words=_announce(lcls), steps=_answer_steps,
        intro=(f"Соперник ходит первым и объявил «{_cls_word(lcls)[0]}».",
               f"The opponent leads and announced «{_cls_word(lcls)[1]}»."),
        rules=rules,
    )


def build_rost_trump(preset: str) -> Callable[[random.Random, int, int, int], Drill]:
    def build(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
        trump = rng.randrange(4)
        top = trump_terz_top(rng)
        lsuit = rng.choice([s for s in range(4) if s != trump])
        return _answer_drill(f"rost_trump_{preset}", rng, variant, seed, preset, trump=trump,
                             lead=(TERZ, top, lsuit), mine=(TERZ, top, trump))
    return build


def build_answer_fifty(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    psuit = rng.choice([s for s in range(4) if s != lsuit])
    ptop = rng.choice([4, 5]) if psuit == trump else rng.randrange(3, 8)  # a trump fifty without 7 or K+Q
    return _answer_drill("answer_fifty", rng, variant, seed, preset, trump=trump,
                         lead=(TERZ, plain_terz_top(rng), lsuit), mine=(FIFTY, ptop, psuit))


def build_lower_terz(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    ltop = rng.randrange(4, 8)
    psuit = rng.choice([s for s in range(4) if s != lsuit])
    ptop = rng.randrange(2, ltop)
    if psuit == trump:
        ptop = max(3, min(ptop, 5))
    return _answer_drill("lower_terz", rng, variant, seed, preset, trump=trump,
                         lead=(TERZ, ltop, lsuit), mine=(TERZ, ptop, psuit))


def build_no_sequence(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    return _answer_drill("no_sequence", rng, variant, seed, preset, trump=trump,
                         lead=(TERZ, plain_terz_top(rng), lsuit), mine=None)


def build_terz_vs_fifty(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    psuit = rng.choice([s for s in range(4) if s != lsuit])
    ptop = trump_terz_top(rng) if psuit == trump else plain_terz_top(rng)
    return _answer_drill("terz_vs_fifty", rng, variant, seed, preset, trump=trump,
                         lead=(FIFTY, rng.randrange(3, 8), lsuit), mine=(TERZ, ptop, psuit))


def build_certainly_higher(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    cls = (TERZ, FIFTY)[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    ltop = rng.randrange(cls - 1, 8)
    return _answer_drill("certainly_higher", rng, variant, seed, "moscow", trump=trump,
                         lead=(cls, ltop, lsuit), mine=(cls, 7, trump), belle_p=True)
