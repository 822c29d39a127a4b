"""Drills on the player's own words before a card: announcing a терц, «проходит ли мой терц?» asked and
answered, and when to announce belle under each rule set."""

from __future__ import annotations

import random

from game import actions as A
from game import sequences as seqs
from game.actions import TERZ, Action
from game.cards import Card, Rank, Suit
from game.deal import Deal
from game.drills.model import ANY_CARD, PLAYER, Answer, Drill, DrillStep, Text, card_ref
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
    M_ASK_PASSES,
    M_BELLE,
    M_LEAD,
    NOT_NOW_CLAIM,
    R_ANNOUNCE,
    R_BELLE,
    R_PASSES,
    SILENT_PLAY,
    seq_names,
    top_words,
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
            "announce:terz": Answer(True, (
                f"Верно: у вас {name[0]} — объявляете только класс, «терц», и ходите. Высоту назовёте, если "
                "спросят рост.",
                f"Right: you hold a {name[1]} — announce only the class, «терц», and play. Name its height only "
                "if asked «Рост?».",
            )),
            "announce:fifty": Answer(False, FALSE_FIFTY, "false_announcement", FALSE_REMARK),
            ANY_CARD: Answer(False, SILENT_PLAY),
        }
        return [DrillStep(action_texts([a for _, a in deal.history]), M_LEAD, R_ANNOUNCE, answers)]

    return first_trick_drill(
        "announce_terz", variant, seed, rng, preset, player_leads=True, trump=trump, face_up=up, core_p=run,
        core_b=[], ok=exact_hands(rules, trump, [(TERZ, top, suit)], []), bot_words=lambda d: [], steps=steps,
        intro=("Вы ходите первым.", "You lead."), rules=rules,
    )


def _passes_setup(rng: random.Random, trump: int) -> tuple[list[Card], Card]:
    """The терц 7-8-9 of the first trump and a valuable вскрышка (J or A: the swap would not keep a терц)."""
    return suit_cards(trump, (Rank.SEVEN, Rank.EIGHT, Rank.NINE)), Card(trump * 8 + rng.choice([Rank.JACK, Rank.ACE]))


def build_ask_passes(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    terz, up = _passes_setup(rng, trump)
    rules = strict_rules(preset)
    upname = top_words(up, None)

    def steps(deal: Deal, rules: Rules) -> list[DrillStep]:
        code = card_ref(up)
        answers = {
            "ask-passes": Answer(True, (
                "Верно: сначала спросите «Проходит ли мой терц?» — соперник обязан ответить правдиво; потом "
                "решите: сохранить терц или взять вскрышку.",
                "Right: first ask «Does my терц pass?» — the opponent must answer truthfully; then decide to keep "
                "the терц or take the face-up card.",
            )),
            "swap": Answer(False, (
                f"Вы поменяли семёрку на вскрышку ({code}), не спросив: терц 7-8-9 разрушен, а он, возможно, прошёл "
                "бы. Правила дают право сначала спросить.",
                f"You swapped the seven for the face-up {code} without asking: the терц 7-8-9 is gone, and it might "
                "have passed. The rules let you ask first.",
            )),
            "announce:terz": Answer(False, (
                f"Вы объявили терц и тем отказались от вскрышки ({code}), не узнав, пройдёт ли он. После объявления "
                "менять семёрку уже нельзя — сначала спросите.",
                f"You announced the терц and so gave up the face-up {code} without knowing whether it passes. No "
                "swap after speaking — ask first.",
            )),
            "announce:fifty": Answer(False, FALSE_FIFTY, "false_announcement", FALSE_REMARK),
            ANY_CARD: Answer(False, (
                "Вы сыграли молча: ни терц не объявлен, ни вскрышка не взята.",
                "You played in silence: neither announced the терц nor took the face-up card.",
            )),
        }
        m = (M_ASK_PASSES[0].format(up=code), M_ASK_PASSES[1].format(up=code))
        return [DrillStep(action_texts([a for _, a in deal.history]), m, R_PASSES, answers)]

    return first_trick_drill(
        "ask_passes", variant, seed, rng, preset, player_leads=True, trump=trump, face_up=up, core_p=terz,
        core_b=[], ok=exact_hands(rules, trump, [(TERZ, 2, trump)], None), bot_words=lambda d: [], steps=steps,
        intro=(f"Вы ходите первым; вскрышка — {upname[0].removeprefix('от ')}.", "You lead."), rules=rules,
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
        truth = deal._passes_truth()
        found = seqs.find_sequences(deal.hands[PLAYER], deal.trump, rules)
        right, wrong = A.answer_passes(truth), A.answer_passes(not truth)
        if truth and not found:
            why: Text = ("у вас нет комбинаций", "you hold no sequence")
        elif truth:
            n = seq_names(found[0], deal.trump)
            why = (f"ваш {n[0]} не старше терца от девятки козырной (при равной высоте козырный старше)",
                   f"your {n[1]} is not higher than the терц from the trump nine (the trump wins at equal height)")
        else:
            n = seq_names(found[0], deal.trump)
            why = (f"ваш {n[0]} старше терца от девятки козырной", f"your {n[1]} beats the терц from the trump nine")
        say = ("«проходит»", "'it passes'") if truth else ("«не проходит»", "'it does not pass'")
        answers = {
            str(right): Answer(True, (f"Верно: {why[0]} — отвечаете {say[0]}.", f"Right: {why[1]} — answer {say[1]}.")),
            str(wrong): Answer(False, (
                f"Неправда: {why[0]}. Неправдивый ответ — ложное объявление: байт на картах.",
                f"Untrue: {why[1]}. A false answer is a false announcement: bait on cards.",
            ), "false_answer", ("Неправда про терц — байт на картах, очки мои",
                                "An untrue answer — bait on cards, the points are mine")),
        }
        return [DrillStep(action_texts([a for _, a in deal.history]), M_ANSWER_PASSES, R_PASSES, answers)]

    return first_trick_drill(
        "answer_passes", variant, seed, rng, preset, player_leads=False, trump=trump, face_up=up, core_p=core_p,
        core_b=terz, ok=exact_hands(rules, trump, want, [(TERZ, 2, trump)]), bot_words=lambda d: [A.ASK_PASSES],
        steps=steps, intro=("Соперник ходит первым.", "The opponent leads."), rules=rules,
    )


def build_belle(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "book", "club")[kind]
    trump = rng.randrange(4)
    rules = strict_rules(preset)
    king, queen = Card(trump * 8 + Rank.KING), Card(trump * 8 + Rank.QUEEN)
    seven = Card(trump * 8 + Rank.SEVEN)
    others = set(suit_cards(trump, (Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.ACE)))
    belle_lost: Text = (
        "Вы отдали карту беллы, не объявив её: {rule} — 20 очков потеряно.",
        "You played a belle card without announcing it: {rule} — 20 points lost.",
    )
    if rules.belle_when is BelleWhen.BEFORE_ANY_CARD:
        lead_suit = rng.choice([s for s in range(4) if s != trump])
        lead = rng.choice(suit_cards(lead_suit, range(8)))
        core_b, excluded = [lead], others

        def ok(p: list[Card], b: list[Card]) -> bool:
            return (not any(c // 8 == lead_suit for c in p) and not signature(p, Suit(trump), rules)
                    and not signature(b, Suit(trump), rules))

        def words(deal: Deal) -> list[Action]:
            return [A.play(lead), A.play(king)]

        def steps(deal: Deal, rules: Rules) -> list[DrillStep]:
            answers = {
                "belle": Answer(True, (
                    "Верно: по официальным правилам беллу можно объявить перед любым ходом, пока на руках есть хоть "
                    "одна её карта — дама ещё у вас.",
                    "Right: under the official rules belle may be announced before any card while one of its cards is "
                    "in hand — you still hold the queen.",
                )),
                str(A.play(queen)): Answer(False, (
                    "Вы сыграли даму, не объявив беллу: больше карт беллы на руке нет — 20 очков потеряно.",
                    "You played the queen without announcing belle: no belle card is left in hand — 20 points lost.",
                )),
                ANY_CARD: Answer(False, (
                    "Вы сыграли, не объявив беллу. Пока дама на руке, ещё не поздно, но не откладывайте: уйдёт дама — "
                    "уйдёт и белла.",
                    "You played without announcing belle. While the queen is in hand it is not too late, but do not "
                    "wait: when the queen goes, belle goes.",
                )),
                "claim": Answer(False, NOT_NOW_CLAIM, "false_claim",
                                ("Партия? Очков не хватает — партия моя", "Game? You are short — the game is mine")),
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
            rule_ru = "«по книге» беллу объявляют, пока на руках обе карты" if holding_both else (
                "по клубным правилам беллу объявляют, играя короля или даму")
            rule_en = "book rules: belle is announced while both cards are in hand" if holding_both else (
                "club rules: belle is announced when playing the king or queen")
            lost = Answer(False, (belle_lost[0].format(rule=rule_ru), belle_lost[1].format(rule=rule_en)))
            answers: dict[str, Answer] = {
                "announce:terz": Answer(False, FALSE_TERZ, "false_announcement", FALSE_REMARK),
                "announce:fifty": Answer(False, FALSE_FIFTY, "false_announcement", FALSE_REMARK),
            }
            if holding_both:
                answers["belle"] = Answer(True, (
                    "Верно: «по книге» беллу объявляют на своём ходе, пока на руках и король, и дама — то есть "
                    "сейчас, до карты.",
                    "Right: under the book rules belle is announced on one's turn while holding both king and "
                    "queen — now, before the card.",
                ))
                answers[str(A.play(king))] = lost
                answers[str(A.play(queen))] = lost
            else:
                for c in (king, queen):
                    answers[str(A.play(c, belle=True))] = Answer(True, (
                        "Верно: по клубным правилам беллу объявляют, играя короля или даму козырей — «с беллой».",
                        "Right: under the club rules belle is announced by playing the trump king or queen — "
                        "'with belle'.",
                    ))
                    answers[str(A.play(c))] = Answer(False, (
                        "Вы сыграли карту беллы молча. По клубным правилам беллу объявляют, играя короля или даму; "
                        "шанс остался только с другой картой — не упустите его.",
                        "You played a belle card in silence. Under the club rules belle is announced when playing "
                        "the king or queen; only the other card is left to do it — do not miss it.",
                    ))
            return [DrillStep(action_texts([a for _, a in deal.history]), M_BELLE[preset], R_BELLE[preset], answers)]

    return first_trick_drill(
        "belle", variant, seed, rng, preset, player_leads=False, trump=trump, face_up=seven,
        core_p=[king, queen], core_b=core_b, ok=ok, bot_words=words, steps=steps,
        intro=("У вас белла — король и дама козырей.", "You hold belle — the trump king and queen."),
        excluded=excluded, rules=rules,
    )
