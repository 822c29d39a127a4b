"""A hint for the human player: what the hard bot would do in this view, and why.

    from game.bots.hint import hint
    h = hint(view, seed=0)
    h.action                 # the hard bot's choice (== make_player("hard", seed).choose(view))
    h.values                 # card decisions: every legal card -> expected deal margin (my written points
                             # minus the opponent's, averaged over the sampled hidden hands)
    h.reason_ru, h.reason_en # a short explanation

For bidding, ``options`` gives each legal bid's fitted expected margin (and ``pass_value`` passing's).
Three players (``_hint_three``): the hard bot for three (``hard3``) decides; in the last tricks the card values
are its solved samples (the side's margin in the tricks still to play), before them medium's one-trick
estimate that hard3 plays by (``estimate``); bids carry medium's hand strength and ``pass_value`` the threshold.
Deterministic for a seed; the view alone decides (the hidden cards never do). A first-trick card hint
takes ~0.5–1 s, later ones milliseconds; bidding well under a millisecond. The solver's table is shared
between hints (it is exact, so sharing changes the speed only).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.actions import Action, Kind
from game.bots.hard import HardBot
from game.bots.medium import MediumBot
from game.bots.solver import Solver
from game.cards import Card
from game.deal import DealView, Phase

_SOLVER: Solver | None = None


def _solver() -> Solver:
    global _SOLVER
    if _SOLVER is None:
        _SOLVER = Solver()
    return _SOLVER


@dataclass(frozen=True)
class Hint:
    action: Action
    reason_ru: str
    reason_en: str
    values: dict[Card, float] = field(default_factory=dict)  # card decisions: legal card -> expected margin
    options: dict[Action, float] = field(default_factory=dict)  # bidding: legal bid -> expected margin
    pass_value: float | None = None  # bidding: the value of passing (None: not legal / not bidding)
    samples: int = 0  # hidden-card samples solved (card decisions)
    looked_ahead: bool = False  # the lookahead weighed the next card too (the UI says so)
    estimate: bool = False  # three players, early tricks: values are the one-trick estimate, not solved samples


def hint(view: DealView, seed: int = 0, workers: int = 1) -> Hint:
    """The hard bot's choice for ``view`` with the values behind it (``workers``: see ``HardBot``)."""
    if not view.legal:
        raise ValueError("hint() needs a view in which this seat has something to do")
    if view.players == 3:
        return _hint_three(view, seed)
    bot = HardBot(seed, _solver(), workers=workers)
    action = bot.choose(view)
    if view.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
        return _bidding_hint(view, action)
    cards = sorted({a.card for a in view.legal if a.kind is Kind.PLAY and a.card is not None})
    values: dict[Card, float] = {}
    samples = 0
    if cards and view.phase is Phase.PLAY and view.trump is not None:
        totals = bot.last_totals
        if not totals:  # one legal card, or a non-card choice: the same samples the choice would use
            bot.rng = bot.decision_rng(view)
            totals = bot.card_totals(view)
        weight = bot.last_weight or 1.0
        # the leads the lookahead weighed show its values (never above sampling's): the choice is among them
        totals = {**totals, **bot.last_lookahead}
        values = {c: round(totals[c] / weight, 2) for c in cards if c in totals}
        samples = bot.last_samples
    ru, en = _reason(view, action, values, samples, looked_ahead=bool(bot.last_lookahead))
    return Hint(action, ru, en, values=values, samples=samples, looked_ahead=bool(bot.last_lookahead))


def _bidding_hint(view: DealView, action: Action) -> Hint:
    from game.bots.bidding import decide

    if len(view.legal) == 1:
        return Hint(action, "Единственный возможный ход.", "The only legal move.")
    d = decide(view)
    assert d.action == action
    options = {o.action: round(o.utility, 1) for o in d.options}
    pv = None if d.pass_value is None else round(d.pass_value, 1)
    return Hint(action, d.reason_ru, d.reason_en, options=options, pass_value=pv)


def _hint_three(view: DealView, seed: int) -> Hint:
    """The hard bot's choice for three and the numbers behind it, computed the way ``hard3`` decides."""
    from game.bots import hard3, medium3

    bot = HardBot(seed, _solver())
    action = bot.choose(view)
    if len(view.legal) == 1:
        return Hint(action, "Единственный возможный ход.", "The only legal move.")
    if view.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
        return _bidding_hint_three(view, action)
    plays = [a for a in view.legal if a.kind is Kind.PLAY and a.card is not None]
    cards = sorted({a.card for a in plays if a.card is not None})
    if action.kind is not Kind.PLAY or len(cards) < 2 or view.trump is None or view.bidder is None:
        ru, en = _reason(view, action, {}, 0)
        return Hint(action, ru, en)
    values: dict[Card, float] = {}
    samples = 0
    if len(plays) == len(view.legal) and hard3.samples_at(len(view.hand)) > 0:
        # the bot's own samples: one at a time from its decision rng, which draws exactly what one call of
        # ``sampled_values`` for all of them would (so the best value is the card it plays)
        rng = bot.decision_rng(view)
        score = hard3.paranoid_scorer(view)
        totals: dict[Card, float] = {}
        for _ in range(hard3.samples_at(len(view.hand))):
            one = hard3.sampled_values(view, cards, rng, 1, score)
            if one:
                samples += 1
                for c, v in one.items():
                    totals[c] = totals.get(c, 0.0) + v
        values = {c: round(totals[c] / samples, 2) for c in cards} if samples else {}
    if not values:  # earlier tricks: hard3 plays medium's estimate of the trick (docs/bots.md "Three players")
        medium = MediumBot(seed)
        k = medium3.Knowledge3(view)
        values = {c: round(medium3.card_score(medium, view, k, c), 2) for c in cards}
        ru, en = _reason_estimate(action, values)
        return Hint(action, ru, en, values=values, estimate=True)
    ru, en = _reason(view, action, values, samples)
    ru = ru.replace("за сдачу", "в оставшихся взятках")
    en = en.replace("for the deal", "in the tricks still to play")
    return Hint(action, ru, en, values=values, samples=samples)


def _reason_estimate(action: Action, values: dict[Card, float]) -> tuple[str, str]:
    assert action.card is not None
    best = values[action.card]
    return (
        f"лучшая карта по оценке этой взятки (шанс взять её против цены карты на потом): {best:+.1f}.",
        f"best by the estimate of this trick (the chance to take it against the card's later worth): {best:+.1f}.",
    )


def _bidding_hint_three(view: DealView, action: Action) -> Hint:
    """Hard's bidding for three (``bidding3``): each bid's fitted value against passing (the caution)."""
    from game.bots.bidding3 import decide3

    d = decide3(view)
    options = {o.action: round(o.utility, 1) for o in d.options}
    pv = None if d.pass_value is None else round(d.pass_value, 1)
    best = max(options.values(), default=0.0)
    ru = f"Ожидаемый итог лучшей игры {best:+.0f} (ваши очки минус среднее соперников)."
    en = f"The best contract's expected result {best:+.0f} (your points minus the opponents' mean)."
    return Hint(action, ru, en, options=options, pass_value=pv)


_REASONS: dict[Kind, tuple[str, str]] = {
    Kind.SWAP: ("Меняю семёрку козыря на вскрышку: карта сильнее.", "Swap the trump seven for the face-up card."),
    Kind.ASK_PASSES: (
        "Спрашиваю, проходит ли терц от девятки: обмен разрушит его.",
        "Ask whether the terz to the nine passes: the swap would break it.",
    ),
    Kind.ANSWER_PASSES: (
        "Отвечаю правдиво: иначе байт на картах.",
        "Answer truthfully: a false answer is a card bait.",
    ),
    Kind.FOUR_SEVENS: ("Четыре семёрки: прошу пересдачу.", "Four sevens: ask for a redeal."),
    Kind.ANNOUNCE: ("Объявляю класс лучшей комбинации.", "Announce the class of my best sequence."),
    Kind.ROST: (
        "У меня комбинация того же класса: спрашиваю «рост?».",
        "I hold the same class: ask «рост?» (how high?).",
    ),
    Kind.TELL_TOP: ("Называю старшую карту комбинации.", "Name the top card of my sequence."),
    Kind.PISHET: ("Моя комбинация не старше: «пишет».", "Mine is not higher: «пишет» (it stands)."),
    Kind.MINE: ("Моя комбинация старше.", "Mine is higher."),
    Kind.BELLE: ("Объявляю беллу: 20 очков.", "Declare belle: 20 points."),
    Kind.CLAIM: ("Партия набрана: объявляю выигрыш.", "The target is reached: claim the game."),
    Kind.NO_CLAIM: ("Партия ещё не набрана: не объявляю.", "The target is not reached: no claim."),
    Kind.OFFER: (
        "Ожидаемый итог сдачи хуже, чем отдать 50: предлагаю.",
        "Playing on is expected to cost more than giving 50: offer.",
    ),
    Kind.NO_OFFER: (
        "Ожидаемый итог сдачи лучше, чем отдать 50: играю.",
        "Playing on is expected to be better than giving 50: play.",
    ),
    Kind.ANSWER_OFFER: (
        "Сравниваю 50 без игры с ожидаемым итогом сдачи.",
        "50 without play against the deal's expected margin.",
    ),
    Kind.DAVE: ("Шансы выиграть сдачу высоки: удваиваю ставку.", "The chance of winning the deal is high: double."),
    Kind.ANSWER_DAVE: (
        "Сравниваю игру на двойную ставку со сдачей на текущей по шансам выиграть.",
        "Playing on at double against giving up now, by the chance of winning.",
    ),
}


def _reason(
    view: DealView, action: Action, values: dict[Card, float], samples: int, looked_ahead: bool = False
) -> tuple[str, str]:
    if action.kind is Kind.PLAY and action.card is not None:
        # the card itself is named by the caller, in the player's own card letters
        if len(values) <= 1:
            return "единственная возможная карта.", "the only legal card."
        best = values.get(action.card, 0.0)
        others = sorted((v for c, v in values.items() if c != action.card), reverse=True)
        gap = best - others[0] if others else 0.0
        belle_ru = "с беллой; " if action.value else ""
        belle_en = "declaring belle; " if action.value else ""
        ahead_ru = ", если и следующий ход делать, не видя карт соперника," if looked_ahead else ","
        ahead_en = ", allowing that the next card, too, is chosen blind," if looked_ahead else ","
        # equal cards (a 10 and a K with no opponent card between them) would read "+0.0": say so in words
        if round(gap, 1) == 0:
            gap_ru, gap_en = "равноценна следующей", "as good as the next best"
        else:
            gap_ru, gap_en = f"{gap:+.1f} к следующей", f"{gap:+.1f} over the next best"
        return (
            f"{belle_ru}лучшая карта по {samples} раскладам скрытых карт{ahead_ru} в среднем {best:+.0f} очков"
            f" за сдачу ({gap_ru}).",
            f"{belle_en}best over {samples} deals of the hidden cards{ahead_en} {best:+.0f} points on average"
            f" for the deal ({gap_en}).",
        )
    if action.kind is Kind.PLAY:
        return "Хожу.", "Play."
    return _REASONS.get(action.kind, ("Единственный разумный ход.", "The sensible move."))
