"""Building a drill position: hands that satisfy the drill's constraints, the deck that deals them, the
bidding and the bot's words up to the player's decision.

How a deck is dealt is in ``game/deal/dealing.py``: 0-2 non-dealer, 3-5 dealer, 6-8 non-dealer, 9-11 dealer,
12 the вскрышка, 13-15 non-dealer, 16-18 dealer (after the order), 31 the фреза.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from game import actions as A
from game import sequences as seqs
from game.actions import Action
from game.bots.base import Player
from game.bots.factory import make_bot
from game.cards import ALL_CARDS, Card, Rank, Suit, belle_pair
from game.deal import Deal
from game.drills.model import BOT, PLAYER, Drill, DrillStep, Text
from game.drills.texts import intro_text
from game.rules import Rules

# ---------------------------------------------------------------- hands and decks


def suit_cards(suit: int, ranks: Iterable[int]) -> list[Card]:
    return [Card(suit * 8 + r) for r in ranks]


def run_cards(suit: int, top: int, length: int) -> list[Card]:
    return suit_cards(suit, range(top - length + 1, top + 1))


def signature(hand: list[Card], trump: Suit, rules: Rules) -> list[tuple[int, int, int]]:
    return [(s.length, s.top, int(s.suit)) for s in seqs.find_sequences(hand, trump, rules)]


def has_belle(hand: list[Card], trump: int) -> bool:
    return belle_pair(trump) <= set(hand)


def fill_hands(
    rng: random.Random,
    core_p: list[Card],
    core_b: list[Card],
    excluded: set[Card],
    ok: Callable[[list[Card], list[Card]], bool],
    tries: int = 5000,
) -> tuple[list[Card], list[Card]]:
    """Complete the player's and the bot's hands to 9 cards at random until ``ok`` holds (deterministic)."""
    fixed = set(core_p) | set(core_b) | excluded
    pool = [c for c in ALL_CARDS if c not in fixed]
    for _ in range(tries):
        extra = rng.sample(pool, 18 - len(core_p) - len(core_b))
        p = core_p + extra[: 9 - len(core_p)]
        b = core_b + extra[9 - len(core_p) :]
        if ok(p, b):
            return p, b
    raise RuntimeError("no hands satisfy the drill's constraints")  # pragma: no cover


def deck_for(rng: random.Random, hands: dict[int, list[Card]], dealer: int, face_up: Card) -> tuple[Card, ...]:
    """A deck that deals ``hands`` (9 cards per seat, in random order) with ``face_up`` as the вскрышка."""
    nd = list(hands[1 - dealer])
    d = list(hands[dealer])
    rng.shuffle(nd)
    rng.shuffle(d)
    used = set(nd) | set(d) | {face_up}
    rest = [c for c in ALL_CARDS if c not in used]
    rng.shuffle(rest)
    deck = [*nd[0:3], *d[0:3], *nd[3:6], *d[3:6], face_up, *nd[6:9], *d[6:9], *rest]
    assert len(deck) == 32 and len(set(deck)) == 32
    return tuple(deck)


def order_bidding(rng: random.Random, dealer: int) -> tuple[list[Action], int]:
    """Round-1 bidding that orders the first trump; returns the actions and the bidder."""
    nd = 1 - dealer
    if rng.random() < 0.5:
        return [A.ORDER], nd
    return [A.PASS, A.ORDER], dealer


def strict_rules(preset: str, **opts: object) -> Rules:
    return Rules.preset(preset).with_options(etiquette="strict", **opts)


def run_bot(deal: Deal, bot: Player, history: list[Action]) -> None:
    """Let the (perfect-etiquette) bot act until the player is to act."""
    while not deal.is_over() and deal.current_player() == BOT:
        a = bot.choose(deal.view(BOT))
        deal.apply(a)
        history.append(a)


def action_texts(actions: list[Action]) -> tuple[str, ...]:
    return tuple(str(a) for a in actions)


# ---------------------------------------------------------------- building a first-trick drill


def trump_face_up(rng: random.Random, trump: int, avoid: set[Card]) -> Card:
    """A вскрышка of the trump suit that is not the seven (so nobody can swap) and not in ``avoid``."""
    return rng.choice([c for c in suit_cards(trump, range(1, 8)) if c not in avoid])


def first_trick_drill(
    situation: str,
    variant: int,
    seed: int,
    rng: random.Random,
    preset: str,
    *,
    player_leads: bool,
    trump: int,
    face_up: Card,
    core_p: list[Card],
    core_b: list[Card],
    ok: Callable[[list[Card], list[Card]], bool],
    bot_words: Callable[[Deal], list[Action]],
    steps: Callable[[Deal, Rules], list[DrillStep]],
    intro: Text,
    excluded: set[Card] | None = None,
    rules: Rules | None = None,
) -> Drill:
    """Hands that satisfy ``ok``, the round-1 bidding, then the bot's words until the player is to act."""
    rules = rules or strict_rules(preset)
    dealer = BOT if player_leads else PLAYER
    seven = Card(trump * 8 + Rank.SEVEN)
    out = {face_up, seven} | (excluded or set())
    p, b = fill_hands(rng, core_p, core_b, out - set(core_p) - set(core_b), ok)
    deck = deck_for(rng, {PLAYER: p, BOT: b}, dealer, face_up)
    bids, bidder = order_bidding(rng, dealer)
    deal = Deal(rules, dealer, deck)
    for a in bids:
        deal.apply(a)
    for a in bot_words(deal):
        deal.apply(a)
    run_bot(deal, make_bot("medium", 2, 0), [])  # the bot's card after its words (a perfect-etiquette player)
    assert deal.current_player() == PLAYER, situation
    script = tuple(a for _, a in deal.history)
    return Drill(
        situation=situation,
        variant=variant,
        seed=seed,
        rules=rules,
        first_dealer=dealer,
        prelude=(),
        deck=deck,
        script=script,
        steps=tuple(steps(deal, rules)),
        intro=intro_text(trump, bidder, intro),
    )


Signature = list[tuple[int, int, int]]


def exact_hands(
    rules: Rules, trump: int, want_p: Signature | None, want_b: Signature | None, belle_p: bool = False
) -> Callable[[list[Card], list[Card]], bool]:
    """Hands with exactly the intended sequences (None: any), and no belle unless allowed."""

    def ok(p: list[Card], b: list[Card]) -> bool:
        if want_p is not None and signature(p, Suit(trump), rules) != want_p:
            return False
        if want_b is not None and signature(b, Suit(trump), rules) != want_b:
            return False
        return (belle_p or not has_belle(p, trump)) and not has_belle(b, trump)

    return ok


def plain_terz_top(rng: random.Random) -> int:
    return rng.randrange(2, 8)


def trump_terz_top(rng: random.Random) -> int:
    """A trump терц without the seven (no swap) and without both K and Q (no belle): from the 10, J or Q."""
    return rng.choice([3, 4, 5])
