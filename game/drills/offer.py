"""The drill on «с предложением»: the player ordered, the opponent offers 50 before the last three cards —
write the 50 or play? The right answer is the hard bot's: the fitted evaluator's expected margin of the deal
for this hand (``game.bots.offer``) against the sure 50."""

from __future__ import annotations

import random

from game import actions as A
from game.actions import Action
from game.bots.bidding import decide
from game.bots.offer import playing_margin
from game.cards import ALL_CARDS
from game.drills.model import BOT, PLAYER, Answer, Drill, DrillStep, Text
from game.drills.positions import strict_rules
from game.match import Match
from game.scoring import OFFER_POINTS

# the cases: 0 — a middling order (50 is worth more than playing), 1 — a strong order (playing is worth more)
ACCEPT_BELOW = 25.0  # the margin under which the drill asks to accept (clearly less than 50)
REFUSE_ABOVE = 80.0  # the margin over which it asks to refuse (clearly more than 50)

R_OFFER: Text = (
    "«С предложением» (официальные правила, разновидности): после назначения козыря и до досдачи трёх карт "
    "можно предложить сопернику записать 50 без игры. Принявший пишет 50, предложивший — ничего; отказ — "
    "сдача играется. Сравните 50 с тем, что сдача принесёт в среднем.",
    "«С предложением» (official rules, varieties): after the trump is fixed and before the last three cards "
    "are dealt, a player may offer the opponent 50 without playing. The one who accepts writes 50, the "
    "offerer nothing; a refusal means the deal is played. Weigh the 50 against what the deal brings on average.",
)


def build_offer(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    rules = strict_rules("offer")
    for _ in range(4000):
        deck = tuple(rng.sample(list(ALL_CARDS), 32))
        match = Match(rules, BOT)
        deal = match.start_deal(deck)
        if decide(deal.view(PLAYER)).action != A.ORDER:  # the player orders only what the hard bot would
            continue
        match.apply(A.ORDER)
        match.apply(A.OFFER)  # the вистующий offers 50 before the last cards
        margin = playing_margin(deal.view(PLAYER), random.Random(0))
        if not (margin < ACCEPT_BELOW if kind == 0 else margin > REFUSE_ABOVE):
            continue
        assert deal.trump is not None
        m = round(margin)
        better = m < OFFER_POINTS
        take = Answer(better, (
            f"{'Верно' if better else 'Невыгодно'}: с такой рукой сдача в среднем даёт разницу {m:+d}, "
            f"а 50 без игры — +50.",
            f"{'Right' if better else 'Not worth it'}: with this hand the deal brings {m:+d} on average, "
            "50 without play is +50.",
        ))
        play = Answer(not better, (
            f"{'Верно' if not better else 'Невыгодно'}: сдача в среднем даёт разницу {m:+d} — "
            f"{'больше' if not better else 'меньше'}, чем 50 без игры.",
            f"{'Right' if not better else 'Not worth it'}: the deal brings {m:+d} on average — "
            f"{'more' if not better else 'less'} than 50 without play.",
        ))
        history = ("order", "offer")
        moment: Text = (
            f"Вы заказали козырь {deal.trump.symbol}. До досдачи соперник предлагает: «Пиши 50?»",
            f"You ordered {deal.trump.symbol}. Before the last cards the opponent offers: 'Write 50?'",
        )
        return Drill(
            situation="offer", variant=variant, seed=seed, rules=rules, first_dealer=BOT, prelude=(),
            deck=deck, script=tuple(Action.parse(h) for h in history),
            steps=(DrillStep(history, moment, R_OFFER, {"offer:yes": take, "offer:no": play}),),
            intro=("«С предложением»: партия до 501, первая сдача.",
                   "«С предложением»: a game to 501, the first deal."),
        )
    raise RuntimeError("no offer position found")  # pragma: no cover

