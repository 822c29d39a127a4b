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
from game.drills.model import BOT, PLAYER, Answer, Drill, DrillStep, Text, msg
from game.drills.positions import strict_rules
from game.match import Match
from game.scoring import OFFER_POINTS

# the cases: 0 — a middling order (50 is worth more than playing), 1 — a strong order (playing is worth more)
ACCEPT_BELOW = 25.0  # the margin under which the drill asks to accept (clearly less than 50)
REFUSE_ABOVE = 80.0  # the margin over which it asks to refuse (clearly more than 50)

R_OFFER: Text = msg("drill.rule.offer")


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
        margin_text = f"{m:+d}".replace("-", "−")
        take = Answer(better, msg("drill.offer.take_right" if better else "drill.offer.take_wrong", margin=margin_text))
        play = Answer(
            not better, msg("drill.offer.play_right" if not better else "drill.offer.play_wrong", margin=margin_text)
        )
        history = ("order", "offer")
        moment: Text = msg("drill.offer.moment", trump=deal.trump.symbol)
        return Drill(
            situation="offer",
            variant=variant,
            seed=seed,
            rules=rules,
            first_dealer=BOT,
            prelude=(),
            deck=deck,
            script=tuple(Action.parse(h) for h in history),
            steps=(DrillStep(history, moment, R_OFFER, {"offer:yes": take, "offer:no": play}),),
            intro=msg("drill.offer.intro"),
        )
    raise RuntimeError("no offer position found")  # pragma: no cover
