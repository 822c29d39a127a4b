"""The drill situations in teaching order, and ``make_drill``."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.drills.answering import (
    build_answer_fifty,
    build_certainly_higher,
    build_lower_terz,
    build_no_sequence,
    build_rost_trump,
    build_terz_vs_fifty,
)
from game.drills.claim import build_claim
from game.drills.declaring import build_announce_terz, build_answer_passes, build_ask_passes, build_belle
from game.drills.model import Drill, Situation, Text
from game.drills.offer import build_offer


def _sit(key: str, title: Text, teaches: Text, sources: Text, kinds: int,
         build: Callable[[random.Random, int, int, int], Drill]) -> Situation:
    return Situation(key, title, teaches, sources, kinds, build)


SITUATIONS: dict[str, Situation] = {s.key: s for s in (
    _sit("announce_terz", ("Объявить терц первым", "Announce a терц first"),
         ("Ходящий первым до своей карты называет только класс старшей комбинации — «терц».",
          "The leader names only the class of his best sequence — «терц» — before his card."),
         ("официальные, разд. 6 и 8; так же харьковские, клубные, «по книге»",
          "official, sections 6 and 8; the same in Kharkov, club and book rules"), 4, build_announce_terz),
    _sit("no_sequence", ("Нет комбинации: «пишет»", "Nothing to show: «пишет»"),
         ("Нечем ответить на терц — «пишет»; «рост?» без терца — ложное объявление.",
          "Nothing against a терц — «пишет»; «рост?» without a терц is a false announcement."),
         ("официальные, разд. 9 и 13", "official, sections 9 and 13"), 2, build_no_sequence),
    _sit("lower_terz", ("Младший терц: «рост?», затем «пишет»", "A lower терц: «рост?», then «пишет»"),
         ("С тем же классом спрашивают рост; услышав, что ваш младше, говорят «пишет», своего не называя.",
          "With the same class ask «рост?»; hearing yours is lower, say «пишет» without naming yours."),
         ("официальные, разд. 9; «по книге» — «твоя»", "official, section 9; the book says «твоя»"), 2,
         build_lower_terz),
    _sit("answer_fifty", ("Пятьдесят против терца", "A fifty against a терц"),
         ("Старший класс называют сразу — «пятьдесят»; «рост?» с пятьюдесятью — штраф.",
          "Name the higher class at once — «пятьдесят»; «рост?» with a fifty is penalised."),
         ("официальные, разд. 9 и 13", "official, sections 9 and 13"), 2, build_answer_fifty),
    _sit("terz_vs_fifty", ("Терц против пятидесяти", "A терц against a fifty"),
         ("Против пятидесяти терц младше — «пишет»; рост пятидесяти с терцем — ложное объявление.",
          "A терц is lower than a fifty — «пишет»; «рост?» of a fifty with a терц is a false announcement."),
         ("официальные, разд. 9", "official, section 9"), 2, build_terz_vs_fifty),
    _sit("rost_trump_moscow", ("Равные терцы: московские", "Equal терцы: Moscow"),
         ("Ваш терц козырный той же высоты: «рост?», соперник называет высоту — козырный старше: «у меня старше».",
          "Yours is a trump терц of the same height: «рост?», the height — the trump one wins: «mine is higher»."),
         ("официальные, разд. 7 и 9", "official, sections 7 and 9"), 1, build_rost_trump("moscow")),
    _sit("rost_trump_kharkov", ("Равные терцы: харьковские", "Equal терцы: Kharkov"),
         ("Ваш терц козырный той же высоты, но по харьковским правилам старше объявленный раньше: «пишет».",
          "Yours is a trump терц of the same height, but under Kharkov rules the first announced wins: «пишет»."),
         ("официальные, разд. 14 (харьковские)", "official, section 14 (Kharkov)"), 1, build_rost_trump("kharkov")),
    _sit("certainly_higher", ("Заведомо старшая: от туза козырного", "Certainly higher: from the trump ace"),
         ("Терц или пятьдесят от туза козырного (московские) старше любого — говорят сразу; «рост?» — штраф.",
          "A терц or fifty from the trump ace (Moscow) beats any — say so at once; «рост?» is penalised."),
         ("официальные, разд. 9, 13, 14", "official, sections 9, 13, 14"), 2, build_certainly_higher),
    _sit("ask_passes", ("«Проходит ли мой терц?»", "«Does my терц pass?»"),
         ("С терцем 7-8-9 козырей до замены семёрки можно спросить, пройдёт ли терц.",
          "With the терц 7-8-9 of trumps you may ask whether it passes before swapping the seven."),
         ("официальные, разд. 10", "official, section 10"), 2, build_ask_passes),
    _sit("answer_passes", ("Ответ на «проходит ли терц?»", "Answering «does my терц pass?»"),
         ("На вопрос соперника отвечают правдиво; ложный ответ — байт на картах.",
          "Answer the opponent truthfully; a false answer is bait on cards."),
         ("официальные, разд. 10 и 13", "official, sections 10 and 13"), 3, build_answer_passes),
    _sit("belle", ("Когда объявлять беллу", "When to announce belle"),
         ("Официальные: перед любым ходом, пока есть хоть одна карта; «по книге»: пока обе на руке; клубные: "
          "играя короля или даму.",
          "Official: before any card while one is held; book: while both are held; club: when playing the K or Q."),
         ("официальные (разд. 8), «по книге», клубные", "official (section 8), book, club"), 3, build_belle),
    _sit("claim", ("Объявить выигрыш партии", "Claiming the game"),
         ("Партию заканчивает объявление — после своей взятки или при записи; ложное объявление — проигрыш.",
          "A claim ends the game — after one's trick or at the score-keeping; a false claim loses it."),
         ("официальные, разд. 12–14", "official, sections 12–14"), 3, build_claim),
    _sit("offer", ("Предложение 50: писать или играть?", "The offer of 50: write it or play?"),
         ("«С предложением»: соперник до досдачи предлагает 50 без игры — сравните их с тем, что сдача принесёт.",
          "«С предложением»: before the last cards the opponent offers 50 without play — weigh it against the deal."),
         ("официальные, разд. 14 («деберц с предложением»)", "official, section 14 («с предложением»)"), 2,
         build_offer),
)}

# teaching order (the picker shows them two by two: related drills side by side)
SITUATIONS = {k: SITUATIONS[k] for k in (
    "announce_terz", "no_sequence", "lower_terz", "terz_vs_fifty", "answer_fifty", "certainly_higher",
    "rost_trump_moscow", "rost_trump_kharkov", "ask_passes", "answer_passes", "belle", "claim", "offer",
)}

def make_drill(situation: str, variant: int = 0, seed: int = 0) -> Drill:
    """The drill for ``situation``; ``variant`` picks the sub-case and (with ``seed``) the cards. Deterministic."""
    try:
        sit = SITUATIONS[situation]
    except KeyError:
        raise ValueError(f"unknown drill situation {situation!r} (known: {', '.join(SITUATIONS)})") from None
    rng = random.Random(f"{situation}:{variant}:{seed}")
    return sit.build(rng, variant % sit.kinds, variant, seed)

