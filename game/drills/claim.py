"""The drill on claiming the game: a first deal written high, then a moment to claim — or not yet."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from game import actions as A
from game.actions import Action, Kind
from game.bots.base import Player
from game.bots.factory import make_bot
from game.cards import ALL_CARDS, Card, Rank
from game.deal import Deal, Phase
from game.drills.model import ANY_CARD, BOT, PLAYER, Answer, Drill, DrillStep, msg
from game.drills.positions import action_texts, deck_for, strict_rules, suit_cards
from game.drills.texts import R_CLAIM, SHORT_CLAIM_REMARK, m_claim_end, m_claim_trick
from game.match import Match
from game.rules import Rules

CLAIM_TARGET = 301


def _bot_play(match: Match, bots: list[Player], stop: Callable[[Deal], bool] | None = None) -> bool:
    """Bots play the current deal; before each action ``stop(deal)`` may end it (True = stopped there).

    The player's seat never claims unless ``stop`` lets it through: claims are the drill's question.
    """
    deal = match.current
    assert deal is not None
    while not deal.is_over():
        if stop is not None and stop(deal):
            return True
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        if seat == PLAYER:
            view = replace(view, legal=tuple(a for a in view.legal if a.kind is not Kind.CLAIM) or view.legal)
        match.apply(bots[seat].choose(view))
    return False


def _claim_prelude(rng: random.Random, rules: Rules) -> tuple[tuple[Card, ...], tuple[Action, ...]] | None:
    """A first deal in which the player (non-dealer) holds a strong trump hand and writes a lot."""
    trump = rng.randrange(4)
    trumps = suit_cards(trump, (Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE))
    drop = rng.choice([Rank.EIGHT, Rank.TEN, Rank.ACE])
    core = [c for c in trumps if c % 8 != drop]
    plain = [c for c in ALL_CARDS if c // 8 != trump]
    aces = [c for c in plain if c % 8 in (Rank.ACE, Rank.TEN)]
    p = core + rng.sample(aces, 9 - len(core))
    rest = [c for c in ALL_CARDS if c not in p and c != Card(trump * 8 + Rank.SEVEN)]
    b = rng.sample(rest, 9)
    deck = deck_for(rng, {PLAYER: p, BOT: b}, BOT, Card(trump * 8 + Rank.SEVEN))
    match = Match(rules, BOT)
    match.start_deal(deck)
    _bot_play(match, [make_bot("medium", 2, 0), make_bot("medium", 2, 1)])
    deal = match.deals[-1]
    if match.over is not None or not 180 <= match.scores[PLAYER] <= 270 or match.scores[BOT] > 100:
        return None
    return deck, tuple(a for _, a in deal.history)


def build_claim(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    rules = strict_rules("moscow", target=CLAIM_TARGET)
    for _ in range(400):
        prelude = _claim_prelude(rng, rules)
        if prelude is None:
            continue
        deck = tuple(rng.sample(list(ALL_CARDS), 32))
        match = Match(rules, BOT)
        match.start_deal(prelude[0])
        for a in prelude[1]:
            match.apply(a)
        sheet = match.scores[PLAYER]

        def stop(deal: Deal) -> bool:
            if deal.current_player() != PLAYER:
                return False
            legal = deal.legal_actions()
            if A.BELLE in legal:
                return False
            if kind == 2:
                return deal.phase is Phase.CLAIM
            if A.CLAIM not in legal or deal.phase is not Phase.PLAY:
                return False
            return deal.settlement.claim_is_true(PLAYER) == (kind == 0)

        match.start_deal(deck)
        if not _bot_play(match, [make_bot("medium", 2, 0), make_bot("medium", 2, 1)], stop):
            continue
        deal = match.deals[-1]
        if A.BELLE in deal.legal_actions():
            continue
        now = deal.claimed_scores()[PLAYER] - sheet
        history = action_texts([a for _, a in deal.history])
        total = sheet + now
        sums = {"sheet": sheet, "now": now, "total": total, "target": CLAIM_TARGET}
        lose: Answer = Answer(False, msg("drill.claim.short", **sums), "false_claim", SHORT_CLAIM_REMARK)
        if kind == 0:
            answers = {
                "claim": Answer(True, msg("drill.claim.now_right", **sums)),
                ANY_CARD: Answer(False, msg("drill.claim.now_missed", **sums)),
            }
            moment = m_claim_trick(sheet, CLAIM_TARGET, now)
        elif kind == 1:
            answers = {
                "claim": lose,
                ANY_CARD: Answer(True, msg("drill.claim.not_yet_right", **sums)),
            }
            moment = m_claim_trick(sheet, CLAIM_TARGET, now)
        else:
            assert deal.result is not None
            after = deal.result.scores_after[PLAYER]
            answers = {
                "claim": Answer(True, msg("drill.claim.end_right", after=after, target=CLAIM_TARGET)),
                "no-claim": Answer(False, msg("drill.claim.end_missed", after=after, target=CLAIM_TARGET)),
            }
            moment = m_claim_end(after, CLAIM_TARGET)
        return Drill(
            situation="claim",
            variant=variant,
            seed=seed,
            rules=rules,
            first_dealer=BOT,
            prelude=(prelude,),
            deck=deck,
            script=tuple(Action.parse(h) for h in history),
            steps=(DrillStep(history, moment, R_CLAIM, answers),),
            intro=msg("drill.intro.claim", target=CLAIM_TARGET, sheet=sheet),
        )
    raise RuntimeError("no claim position found")  # pragma: no cover
