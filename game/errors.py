"""Typed errors: an illegal action names the rule it breaks; a bad record says where it is broken."""

from __future__ import annotations


class DebertsError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(DebertsError):
    """An action the rules forbid now. ``rule`` is a stable machine-readable key (see ``RULE_TEXT``)."""

    def __init__(self, rule: str, detail: str = "") -> None:
        self.rule = rule
        self.detail = detail
        ru, en = RULE_TEXT.get(rule, (rule, rule))
        super().__init__(f"{en}{': ' + detail if detail else ''} [{rule}]")
        self.text_ru = ru
        self.text_en = en


class RecordError(DebertsError):
    """A game record that cannot be loaded: ``where`` says which deal / action."""

    def __init__(self, message: str, where: str = "") -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


# rule key -> (Russian, English). Shown on screen when an action is refused.
RULE_TEXT: dict[str, tuple[str, str]] = {
    "not_your_turn": ("сейчас не ваш ход", "it is not your turn"),
    "deal_over": ("сдача окончена", "the deal is over"),
    "wrong_phase": ("сейчас так нельзя", "not possible at this point of the deal"),
    "not_in_hand": ("такой карты нет на руке", "that card is not in your hand"),
    "follow_suit": ("нужно ходить в масть", "you must follow suit"),
    "must_trump": ("нужно козырять", "you have no card of the suit led, so you must trump"),
    "must_overtrump": ("нужно перебить козырь", "on a trump lead you must beat it with a higher trump"),
    "answer_first": ("сначала ответьте на объявление", "answer the announcement first"),
    "round1_bid": ("в первом круге: играю или пас", "round one: order the face-up suit or pass"),
    "round2_other_suit": (
        "во втором круге можно назвать только другую масть",
        "in round two you may only name a suit other than the face-up one",
    ),
    "dealer_must_choose": ("сдающий обязан назначить козырь", "the dealer must name a trump (обяз)"),
    "swap_first_trump_only": (
        "менять семёрку можно только при игре по первому козырю",
        "the seven swap is allowed only when the game is in the first trump",
    ),
    "swap_needs_seven": ("для обмена нужна козырная семёрка", "you need the trump seven to swap"),
    "swap_before_first_card": (
        "менять семёрку можно только до своего первого хода",
        "the seven swap must come before your own first card",
    ),
    "swap_disabled": ("обмен семёрки отключён", "the seven swap is switched off at this table"),
    "passes_question": (
        "спросить «проходит ли мой терц?» можно только с терцем от девятки козырной перед обменом",
        "'does my terz pass?' may be asked only holding 7-8-9 of the first trump, before the swap",
    ),
    "answer_question": ("ответьте на вопрос соперника", "answer your opponent's question"),
    "false_answer": ("ответ должен быть правдивым", "the answer must be true"),
    "announce_before_first_card": (
        "объявлять комбинации можно только до своего первого хода",
        "sequences are announced before one's first card",
    ),
    "announce_best_first": (
        "объявляется сначала старшая комбинация, и только имеющаяся на руках",
        "announce your best sequence's class, and only one you hold",
    ),
    "already_announced": ("объявление уже сделано", "you have already spoken"),
    "rost_needs_same_class": (
        "«рост?» спрашивают, только имея комбинацию того же класса",
        "ask 'рост?' only holding a sequence of the same class",
    ),
    "rost_certainly_higher": (
        "с заведомо старшей комбинацией рост не спрашивают — объявите её",
        "with a certainly higher sequence you must not ask 'рост?': announce it",
    ),
    "mine_not_higher": (
        "ваша комбинация не старше — скажите «пишет»",
        "your sequence is not higher: say 'пишет'",
    ),
    "belle_not_held": ("белла — это король и дама козырей в одной руке", "belle is the trump K and Q in one hand"),
    "belle_timing": ("сейчас беллу объявить нельзя", "belle cannot be declared now"),
    "four_sevens": ("пересдачу можно требовать только с четырьмя семёрками до первого хода",
                    "a redeal may be claimed only with four sevens, before the first card"),
    "claim_timing": (
        "объявить о выигрыше партии можно после своей взятки до следующего хода или при записи",
        "the game may be claimed after a trick you took, before the next lead, or at the score-keeping",
    ),
    "offer_window": (
        "предложить 50 можно после назначения козыря до досдачи, по очереди: сначала вистующий",
        "50 may be offered after the trump is fixed, before the last cards are dealt, in turn: the вистующий first",
    ),
    "answer_offer": ("ответьте на предложение соперника", "answer your opponent's offer"),
    "dave_timing": (
        "даве говорят на своём ходе, до карты во взятку, и только после того, как приняли даве соперника",
        "даве is said on lead, before one's card to a trick, and next only by the one who accepted the last",
    ),
    "answer_dave": ("ответьте на даве: играть на удвоенную ставку или сдаться", "answer the даве: play on at "
                    "the double stake or give up"),
    "claim_false": ("очков для выигрыша не хватает", "you have not reached the target"),
    "unknown_action": ("неизвестное действие", "unknown action"),
}
