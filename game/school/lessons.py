"""The path of lessons in teaching order: the cards' order with and without trump, following suit, trumping,
overtrumping, the two rounds of bidding, the seven swapped for the вскрышка, терц and пятьдесят, the last trick
and the count; then (``lessons_game``) belle, a deal's count, the rest of the dialog, the game's end and the
claim, strict etiquette. Every word is a message id ``school.<lesson>.…`` in assets/locale; the helpers that write
a lesson are in ``build``.

A task names its answers by the action's text and the message that explains it (``school.<lesson>.<task>.<why>``,
one message may explain several answers); a wrong answer that breaks a rule names the engine's rule key, which
the checker holds it to. Hands are written as card text: the first six cards are dealt before the bidding.
"""

from __future__ import annotations

from game.drills.model import ANY_CARD, msg
from game.school.build import BOT, ME, RULES, hand, lesson_words, task
from game.school.lessons_game import belle, counting, dialog, etiquette, game_end
from game.school.lessons_three import three
from game.school.model import Lesson

__all__ = ["LESSONS", "RULES", "lesson"]


def cards() -> Lesson:
    """Which card takes a trick: without trump A 10 K Q J 9 8 7; in trumps J 9 A 10 K Q 8 7."""
    t1 = hand(ME, "TS QS 7S AD 9D 7C JC KH 8H", "KS 9S 8C TC AC QD 8D JH 9H", "QH", "order", "play:KS")
    t2 = hand(ME, "AD KD 9D 8S JS 7C QC 8H TH", "TD QD 7D AS KS 9C TC JH 9H", "QH", "order", "play:TD")
    t3 = hand(ME, "9C KC 8C AD TD 7S 9S JH 7H", "AC TC 7C AS KS 8D QD KH 9H", "QC", "order", "play:AC")
    return Lesson(
        "cards",
        *lesson_words("cards")[:2],
        tasks=(
            task(
                t1,
                "cards.t1",
                {"play:TS": "ten"},
                {"play:QS": ("queen", None), "play:7S": ("seven", None), "play:AD": ("other", "follow_suit")},
            ),
            task(
                t2,
                "cards.t2",
                {"play:AD": "ace"},
                {"play:KD": ("king", None), "play:9D": ("nine", None), "play:TH": ("trump", "follow_suit")},
            ),
            task(
                t3,
                "cards.t3",
                {"play:9C": "nine"},
                {"play:KC": ("king", "must_overtrump"), "play:8C": ("eight", "must_overtrump")},
            ),
        ),
        done=lesson_words("cards")[2],
        teaches=msg("school.cards.teaches"),
    )


def follow() -> Lesson:
    """Follow suit while you have it — a trump does not excuse you; without the suit and trumps, throw cheap."""
    t1 = hand(ME, "AD 7D JS 9S 7C TC KC 8H TH", "8D KD AS TS 8C JC JH 9H AH", "QH", "order", "play:8D")
    t2 = hand(ME, "7C AD TD 9D 8S JS KS 8H TH", "QC AC 9C 7D KD AS TS JH 9H", "QH", "order", "play:QC")
    t3 = hand(ME, "7C 8C TC JC KC 7D 9D TD QD", "AS KS 9S 8D AD 9C AC JH 9H", "QH", "order", "play:AS")
    zero = {a: "zero" for a in ("play:7C", "play:8C", "play:7D", "play:9D")}
    return Lesson(
        "follow",
        *lesson_words("follow")[:2],
        tasks=(
            task(
                t1,
                "follow.t1",
                {"play:AD": "ace"},
                {"play:7D": ("seven", None), "play:TH": ("trump", "follow_suit"), "play:TC": ("other", "follow_suit")},
            ),
            task(
                t2,
                "follow.t2",
                {"play:7C": "only"},
                {"play:AD": ("other", "follow_suit"), "play:TH": ("trump", "follow_suit")},
            ),
            task(
                t3,
                "follow.t3",
                zero,
                {
                    "play:TC": ("ten", None),
                    "play:TD": ("ten", None),
                    "play:JC": ("jack", None),
                    "play:QD": ("queen", None),
                    "play:KC": ("king", None),
                },
            ),
        ),
        done=lesson_words("follow")[2],
        teaches=msg("school.follow.teaches"),
    )


def trump() -> Lesson:
    """No card of the suit led: trump it if you can; with the suit in hand, follow it."""
    t1 = hand(ME, "8H TH 7C 9C JC KC AD 8D QD", "AS KS 9S TC 7D KD JH 9H AH", "QH", "order", "play:AS")
    t2 = hand(ME, "7D KD 8H TH 7C 9C JC AS 8S", "9D AD TS KS 8C TC JH 9H AH", "QH", "order", "play:9D")
    return Lesson(
        "trump",
        *lesson_words("trump")[:2],
        tasks=(
            task(
                t1,
                "trump.t1",
                {"play:8H": "eight", "play:TH": "ten"},
                {"play:AD": ("ace", "must_trump"), "play:KC": ("other", "must_trump")},
            ),
            task(
                t2, "trump.t2", {"play:KD": "king"}, {"play:7D": ("seven", None), "play:8H": ("trump", "follow_suit")}
            ),
        ),
        done=lesson_words("trump")[2],
        teaches=msg("school.trump.teaches"),
    )


def overtrump() -> Lesson:
    """A trump led must be beaten if you can; if you cannot, a trump still, and a cheap one."""
    t1 = hand(ME, "JH QH AS 9S 7C TC KD 8D JD", "KH TH 9H 8S KS 8C AC 7D AD", "8H", "order", "play:KH")
    t2 = hand(ME, "9H 8H AS TS 7C 9C JD KD 8D", "JH AH KH 7S 8S TC QC 7D 9D", "QH", "order", "play:JH")
    t3 = hand(ME, "9H TH KH 7S 9S JC 8C AD QD", "AH JH 8H AS KS 7C TC 7D 9D", "QH", "order", "play:AH")
    return Lesson(
        "overtrump",
        *lesson_words("overtrump")[:2],
        tasks=(
            task(
                t1,
                "overtrump.t1",
                {"play:JH": "jack"},
                {"play:QH": ("queen", "must_overtrump"), "play:AS": ("other", "follow_suit")},
            ),
            task(
                t2,
                "overtrump.t2",
                {"play:8H": "eight"},
                {"play:9H": ("nine", None), "play:AS": ("other", "follow_suit")},
            ),
            task(
                t3,
                "overtrump.t3",
                {"play:9H": "nine"},
                {"play:TH": ("lower", "must_overtrump"), "play:KH": ("lower", "must_overtrump")},
            ),
        ),
        done=lesson_words("overtrump")[2],
        teaches=msg("school.overtrump.teaches"),
    )


def bidding() -> Lesson:
    """Round one: «играю» on the вскрышка's suit or «пас»; round two: another suit or «пас»."""
    t1 = hand(BOT, "JS 9S AS KD 7C 7H TD 8C QH", "TS 9C AC 8D 9D TH AH KC JD", "8S")
    t2 = hand(BOT, "JC 9C AC 7D 8S KH QS 9H 8D", "AD KD 9S 7S TC KS QH 8H 7H", "TD")
    return Lesson(
        "bidding",
        *lesson_words("bidding")[:2],
        tasks=(
            task(t1, "bidding.t1", {"order": "order"}, {"pass": ("pass", None)}),
            task(t2, "bidding.t2", {"pass": "pass"}, {"order": ("order", None)}),
            task(
                t2.then("pass", "pass"),
                "bidding.t3",
                {"name:C": "clubs"},
                {
                    "name:S": ("weak", None),
                    "name:H": ("weak", None),
                    "pass": ("pass", None),
                    "name:D": ("same", "round2_other_suit"),
                },
            ),
        ),
        done=lesson_words("bidding")[2],
        teaches=msg("school.bidding.teaches"),
    )


def swap() -> Lesson:
    """The вскрышка stays face up; the seven of the first trump swaps for it before one's first card."""
    t1 = hand(BOT, "7H 9H AH AD 8D KS 9S 8C TC", "AS TS 7C 9C KC 7D 9D QD KH", "JH")
    return Lesson(
        "swap",
        *lesson_words("swap")[:2],
        tasks=(
            task(t1, "swap.t1", {"order": "order"}, {"pass": ("pass", None)}),
            task(t1.then("order"), "swap.t2", {"swap": "swap"}, {ANY_CARD: ("play", None)}),
        ),
        done=lesson_words("swap")[2],
        teaches=msg("school.swap.teaches"),
    )


def sequences() -> Lesson:
    """терц and пятьдесят: announced before one's first card, the higher one counts; the same class: «рост?»."""
    mine_terz, mine_fifty = "9C TC JC AD 8D KS 7S 8H TH", "9C TC JC QC 8D KS 7S 8H TH"
    quiet, with_terz = "AS QS 9S 7C KC 9D JD JH 9H", "AS KD QD JD 9S 7C 9D JH 9H"  # the opponent's: J Q K ♦
    t1 = hand(BOT, mine_terz, quiet, "QH", "order")
    t2 = hand(BOT, mine_fifty, quiet, "QH", "order")
    t3 = hand(ME, mine_fifty, with_terz, "QH", "order", "announce:terz", "play:AS")
    t4 = hand(ME, mine_terz, with_terz, "QH", "order", "announce:terz", "play:AS")
    return Lesson(
        "sequences",
        *lesson_words("sequences")[:2],
        tasks=(
            task(t1, "sequences.t1", {"announce:terz": "terz"}, {ANY_CARD: ("play", None)}),
            task(
                t2,
                "sequences.t2",
                {"announce:fifty": "fifty"},
                {"announce:terz": ("terz", "announce_best_first"), ANY_CARD: ("play", None)},
            ),
            task(t3, "sequences.t3", {"announce:fifty": "fifty"}, {"pishet": ("pishet", None)}),
            task(t4, "sequences.t4", {"rost": "rost"}, {"pishet": ("pishet", None)}),
            task(t4.then("rost", "top"), "sequences.t5", {"pishet": "pishet"}, {"mine": ("mine", "mine_not_higher")}),
        ),
        done=lesson_words("sequences")[2],
        teaches=msg("school.sequences.teaches"),
    )


def last_trick() -> Lesson:
    """The last trick is worth 10 (послед): keep the trump for it; the count of a deal and bait."""
    tricks = ("AS 7S", "TS 8S", "AD 9D", "TD QD", "KD 7D", "JC 7C", "9C 8C")  # the learner leads and takes each
    played = tuple(f"play:{c}" for t in tricks for c in t.split())
    t1 = hand(BOT, "AS TS AD TD JC 9C AC 7H KD", "7S 8S 9D QD 7C 8C 8H 7D KS", "9S", "pass", "pass", "name:H", *played)
    return Lesson(
        "last_trick",
        *lesson_words("last_trick")[:2],
        tasks=(
            task(t1, "last_trick.t1", {"play:AC": "ace"}, {"play:7H": ("seven", None)}),
            task(t1.then("play:AC", "play:8H", "play:KS"), "last_trick.t2", {"play:7H": "seven"}, {}),
        ),
        done=lesson_words("last_trick")[2],
        teaches=msg("school.last_trick.teaches"),
    )


LESSONS: dict[str, Lesson] = {
    les.key: les
    for les in (
        cards(),
        follow(),
        trump(),
        overtrump(),
        bidding(),
        swap(),
        sequences(),
        last_trick(),
        # the rest of the game (lessons_game): belle, the count, the rest of the dialog, the game's end, strict
        # etiquette — then the drills
        belle(),
        counting(),
        dialog(),
        game_end(),
        etiquette(),
        three(),  # the path's last lesson (lessons_three): what changes for three
    )
}


def lesson(key: str) -> Lesson:
    return LESSONS[key]
