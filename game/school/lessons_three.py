"""The path's lesson «what changes for three»: a three-player table, the learner a вистующий with the bidder on
the left and the partner on the right (game.seating: play goes to the left, so the bidder leads, the partner
plays second and the learner last). The rules of the trick are the same; what changes is whom one plays with:
do not overtake the partner's winning card, beat the card led (not the partner's), trump even over the
partner and trump low. Every word is a message id ``school.three.…`` in assets/locale.
"""

from __future__ import annotations

from game.drills.model import msg
from game.rules import Rules
from game.school.build import lesson_words, task
from game.school.model import Lesson, Position

RULES3 = Rules.preset("moscow", players=3)  # the default table for three: guided etiquette
ME, LEFT, RIGHT = 0, 1, 2  # the learner deals: the left speaks and leads first, the right plays second


def table3(me: str, left: str, right: str, face_up: str, *script: str) -> Position:
    """The learner deals; hands by seat (the first six dealt before the bidding); the trump seven stays in the
    stock (no swap), nobody holds a sequence or belle."""
    return Position.of_seats(RULES3, ME, (me, left, right), face_up, *script)


def three() -> Lesson:
    """The bidder (left) against two вистующие who play together: the learner and the partner on the right."""
    t1 = table3(
        "AS 8S 7C TC QC 8D KD 9H 8H",
        "9S 7S JH AH TH 9C AD 9D KC",
        "TS QS 8C JC AC 7D TD JD KH",
        "QH",
        "order",
        "play:9S",
        "play:TS",
    )
    t2 = table3(
        "KH 9H 8H AS 7S TC 8C KD 9D",
        "QH TH AC 9C AD 8D KS 9S QD",
        "JH 8S TS JS QC JC 7C 7D TD",
        "AH",
        "order",
        "play:QH",
        "play:JH",
    )
    t3 = table3(
        "8H JH AS 7S TC 8C KC 9S QS",
        "KD AH TH 9H 9D 8D AC QC JS",
        "AD TD 7D KH 8S TS 7C 9C JC",
        "QH",
        "order",
        "play:KD",
        "play:AD",
    )
    title, intro, done = lesson_words("three")
    return Lesson(
        "three",
        title,
        intro,
        tasks=(
            task(t1, "three.t1", {"play:8S": "keep"}, {"play:AS": ("ace", None), "play:TC": ("other", "follow_suit")}),
            task(
                t2,
                "three.t2",
                {"play:KH": "king"},
                {
                    "play:9H": ("nine", None),
                    "play:8H": ("eight", "must_overtrump"),
                    "play:AS": ("other", "follow_suit"),
                },
            ),
            task(
                t3,
                "three.t3",
                {"play:8H": "eight"},
                {"play:JH": ("jack", None), "play:AS": ("other", "must_trump"), "play:KC": ("other", "must_trump")},
            ),
        ),
        done=done,
        teaches=msg("school.three.teaches"),
    )
