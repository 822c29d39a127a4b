"""The lessons after the tricks and the count: belle, a deal's count (made, bait, the hanging bait), the rest of
the announcement dialog, the game's end and the claim, strict etiquette and its penalties — then the drills.
``lessons.LESSONS`` puts them in the path after ``last_trick``."""

from __future__ import annotations

from game.drills.model import ANY_CARD, msg
from game.rules import Rules
from game.school.build import BOT, ME, RULES, hand, lesson_words, task
from game.school.model import Lesson, Position, Task

STRICT = Rules.preset("moscow", etiquette="strict")  # the official penalties: a mistake is played and punished
# the learner's cards after the count deal's first trick, all legal on his lead («play on»)
ON = {f"play:{c}": "on" for c in ("7H", "8H", "KC", "QC", "8C", "7C", "AS", "7D")}


def _lesson(key: str, *tasks: Task) -> Lesson:
    title, intro, done = lesson_words(key)
    return Lesson(key, title, intro, tasks, done, msg(f"school.{key}.teaches"))


def _plays(*tricks: str) -> tuple[str, ...]:
    """Tricks as card text, the leader's card first ("JH AH"), as actions."""
    return tuple(f"play:{c}" for t in tricks for c in t.split())


def belle() -> Lesson:
    """Belle (trump K+Q, 20): said before one's card while one of them is in hand (moscow); it neither beats nor is
    beaten by a sequence — a терц announced against it still counts, and so does belle."""
    t1 = hand(BOT, "KH QH AS 9S 7C TC KD 8D AD", "JH AH 9H 8S KS 8C AC 7D 9D", "8H", "pass", "order")  # he plays
    # the opponent (he leads: the dealer is the learner) holds J Q K ♦ and announces it
    t2 = hand(ME, "KH QH AS 9S 7C TC 8D 7S AC", "AH KD QD JD 9C 8C 9D JH 9H", "8H", "order", "announce:terz", "play:AH")
    return _lesson(
        "belle",
        task(t1, "belle.t1", {"belle": "belle"}, {ANY_CARD: ("play", None)}),
        task(t2, "belle.t2", {"pishet": "pishet"}, {"belle": ("belle", "belle_timing")}),
        task(t2.then("pishet"), "belle.t3", {"belle": "belle"}, {ANY_CARD: ("play", None)}),
    )


# the count's deal: hearts named in round two by the learner (the bidder); seven tricks played, the learner
# on lead with the ace of spades and the seven of diamonds, the opponent holding the king of spades and the ten of
# diamonds; before the eighth trick 41 : 45 (the engine's count: tests/test_school.py)
COUNT_ME, COUNT_OPP = "JH 7H 8H KC QC 8C 7C AS 7D", "9H AH TH AC TC 9C QS KS TD"
COUNT_TRICKS = ("JH AH", "8H 9H", "TH 7H", "AC 7C", "TC 8C", "9C QC", "KC QS")


def count_deal(rules: Rules = RULES) -> Position:
    """The count's deal after the bidding (the learner leads the first trick)."""
    return hand(BOT, COUNT_ME, COUNT_OPP, "9S", "pass", "pass", "name:H", rules=rules)


def counting() -> Lesson:
    """A deal's count: the bidder who takes more writes his points (and so does the opponent); less — a bait, the
    opponent writes both; equal — the hanging bait: the opponent writes his own, the bidder's hang for the next
    deal's winner."""
    t1 = count_deal().then(*_plays(*COUNT_TRICKS))
    # a deal ending level, 58 : 58 (the engine's count: tests/test_school.py)
    tie = hand(
        BOT,
        "7S 8D QS 7D KD AH JH KC 7H",
        "TC AC AS 9D TD JC TS 7C TH",
        "9S",
        "pass",
        "pass",
        "name:H",
        *_plays("KC JC", "JH TH", "QS TS", "9D 8D", "7C AH", "7S AS", "AC 7H", "KD TD", "TC"),
    )
    return _lesson(
        "counting",
        task(t1, "counting.t1", {"play:7D": "seven"}, {"play:AS": ("ace", None)}),
        task(t1.then("play:7D", "play:TD", "play:KS"), "counting.t2", {"play:AS": "ace"}, {}),
        task(tie, "counting.t3", {"play:7D": "seven"}, {}),
    )


def dialog() -> Lesson:
    """The rest of the dialog: «у меня старше» after the top card; a терц from the trump ace is named at once, no
    «рост?»; equal терцы: the trump one wins, two plain ones — the one announced first (the leader's); with 7 8 9
    of the first trump, before the swap: «проходит ли мой терц?»."""
    queen_terz = "TD JD QD AH JH 8C AC 7S TS"  # the opponent's терц T J Q ♦; he leads (the learner deals)
    t1 = hand(ME, "KC QC JC AS 9S 7D KH 8D 9H", queen_terz, "8H", "order", "announce:terz", "play:7S", "rost", "top")
    t2 = hand(ME, "AH KH QH 9S 7D 8D 7C AS TC", "TD JD QD JH 9H 8C AC 7S TS", "8H", "order", "announce:terz", "play:7S")
    t3 = hand(ME, "9H TH JH AS 7S 8C 7D AC KS", "9D TD JD AH 8S 9S QC KC 9C", "8H", "order", "announce:terz", "play:8S")
    t4 = hand(ME, "9S TS JS KH AD 8C AC 7D KC", "9D TD JD AH JH 7S 9C QC 7C", "8H", "order", "announce:terz", "play:7S")
    # 7 8 9 of the first trump under the trump ace, the opponent's терц from the king of clubs: it does not pass
    t5 = hand(BOT, "7H 8H 9H AS 9S KD 8C 7D TC", "KC QC JC 8S TS AD 9D JD KS", "AH", "order")
    return _lesson(
        "dialog",
        task(t1, "dialog.t1", {"mine": "mine"}, {"pishet": ("pishet", None)}),
        task(
            t2, "dialog.t2", {"mine": "mine"}, {"rost": ("rost", "rost_certainly_higher"), "pishet": ("pishet", None)}
        ),
        task(t3.then("rost", "top"), "dialog.t3", {"mine": "mine"}, {"pishet": ("pishet", None)}),
        task(t4.then("rost", "top"), "dialog.t4", {"pishet": "pishet"}, {"mine": ("mine", "mine_not_higher")}),
        task(
            t5,
            "dialog.t5",
            {"ask-passes": "ask"},
            {"swap": ("swap", None), "announce:terz": ("terz", None), ANY_CARD: ("play", None)},
        ),
    )


def game_end() -> Lesson:
    """The game to 501: it ends when a player claims — after a trick he took (not the last), before the next lead,
    or at the score-keeping; a claim without the points loses the game (guided: the table refuses it)."""
    first = count_deal().then("play:JH", "play:AH")  # the learner's first trick: 31 points
    rest = _plays(*COUNT_TRICKS[1:], "7D TD", "KS AS")  # the deal to its end: 66 : 55
    return _lesson(
        "game_end",
        task(first.with_sheet(470, 380), "game_end.t1", {"claim": "claim"}, {ANY_CARD: ("play", None)}),
        task(first.with_sheet(450, 380), "game_end.t2", ON, {"claim": ("claim", "claim_false")}),
        task(first.then(*rest).with_sheet(450, 380), "game_end.t3", {"claim": "claim"}, {"no-claim": ("no", None)}),
    )


def etiquette() -> Lesson:
    """Strict etiquette: a mistake in the dialog is played and punished — «рост?» with a certainly higher
    combination (it does not count), «рост?» or «у меня старше» without it (байт на картах), a false claim (the
    game is lost). Then on to the drills («Практика»)."""
    terz = "TD JD QD AH JH 8C AC 7D AS"  # the opponent's терц T J Q ♦ (he leads)
    t1 = hand(ME, "9C TC JC QC 8D KS 7S 8H TH", terz, "QH", "order", "announce:terz", "play:7D", rules=STRICT)
    fifty = "TD JD QD KD AH JH 8C AC AS"  # his fifty T J Q K ♦
    t2 = hand(ME, "9C TC JC AD 8D KS 7S 8H TH", fifty, "QH", "order", "announce:fifty", "play:AS", rules=STRICT)
    t3 = hand(ME, "AH KH QH 9S 7D 8D 7C AS TC", "TD JD QD JH 9H 8C AC 7S TS", "8H", "order", rules=STRICT)
    claim = count_deal(STRICT).then("play:JH", "play:AH")
    return _lesson(
        "etiquette",
        task(
            t1,
            "etiquette.t1",
            {"announce:fifty": "fifty"},  # «у меня старше» is no fault here, but a higher class is named (as the drill)
            {"rost": ("rost", None), "pishet": ("pishet", None), "mine": ("mine", None)},
        ),
        task(t2, "etiquette.t2", {"pishet": "pishet"}, {"rost": ("rost", None), "mine": ("mine", None)}),
        task(
            t3.then("announce:terz", "play:7S"),
            "etiquette.t3",
            {"mine": "mine"},
            {"rost": ("rost", None), "pishet": ("pishet", None), "announce:fifty": ("false", None)},
        ),
        task(claim.with_sheet(450, 380), "etiquette.t4", ON, {"claim": ("claim", None)}),
    )
