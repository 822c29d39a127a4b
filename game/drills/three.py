"""Drills for three players («Деберц втроём», official section 14): the dialog by sides.

The player (seat 0) deals and is the second вистующий; the opponent on the left (seat 1) orders, leads and
announces; the opponent on the right (seat 2) is the player's partner, the first вистующий. Three situations:
- ``three_rodili``: the official example — the partner asks «рост?» of the bidder's fifty, the player keeps a
  терц back, and after «не годится» adds it («родили терц…»); or the bidder's fifty beats both, and the терц
  kept back stays unsaid;
- ``three_add_up``: the вистующие's announcements add up when the higher of them passes — a терц lower than
  the bidder's counts beside the partner's higher one; or the player's higher терц carries the partner's;
- ``three_beat_both``: the partner says «пишет», and the bidder's терц still has to beat the player's.
The deck deals the hands by the dealing positions for three (``game.deal.build_deck_n``); the bots' cards
before the decision are the medium bot's, their words are the drill's script.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

from game import actions as A
from game import sequences as seqs
from game.actions import FIFTY, TERZ, Action, Kind
from game.bots.factory import make_bot
from game.cards import ALL_CARDS, Card, Rank, Suit
from game.deal import Deal, build_deck_n, dealing_order
from game.drills.model import ANY_CARD, PLAYER, Answer, Drill, DrillStep, Text, msg
from game.drills.positions import Signature, action_texts, has_belle, run_cards, signature
from game.drills.texts import FALSE_REMARK, LOWER_MINE, seq_names, top_words
from game.rules import Rules
from game.sequences import Sequence

BIDDER = 1  # on the player's left: speaks first, orders and leads
PARTNER = 2  # on the player's right: the first вистующий
SEATS = (PLAYER, BIDDER, PARTNER)
DEALER = PLAYER  # the dealer's left (the bidder) speaks and leads first; the player plays last to trick 1

R_ADD: Text = msg("drill.rule.three_add")
R_BEAT: Text = msg("drill.rule.three_beat")
FALSE_FIFTY3: Text = msg("drill.three.false_fifty")
THANKS_TERZ3: Text = msg("drill.remark.three_thanks_terz")

Plan = list[tuple[int, Action | None]]  # (seat, word) in turn; None: that seat plays a card (the medium bot's)


def strict3(preset: str) -> Rules:
    return Rules.preset(preset, players=3).with_options(etiquette="strict")


def hands3(
    rng: random.Random,
    rules: Rules,
    trump: int,
    cores: dict[int, list[Card]],
    want: dict[int, Signature],
    up: Card,
) -> dict[int, list[Card]]:
    """Complete the three hands to 9 cards at random until each holds exactly the intended sequences and
    nobody holds belle; the trump seven and the вскрышка ``up`` stay out of the hands (nobody may swap).
    Deterministic."""
    seven = Card(trump * 8 + Rank.SEVEN)
    fixed = {c for core in cores.values() for c in core} | {seven, up}
    pool = [c for c in ALL_CARDS if c not in fixed]
    for _ in range(5000):
        extra = rng.sample(pool, 27 - sum(len(core) for core in cores.values()))
        hands: dict[int, list[Card]] = {}
        for seat in SEATS:
            need = 9 - len(cores[seat])
            hands[seat], extra = cores[seat] + extra[:need], extra[need:]
        if all(signature(hands[s], Suit(trump), rules) == want[s] for s in SEATS) and not any(
            has_belle(h, trump) for h in hands.values()
        ):
            return hands
    raise RuntimeError("no hands satisfy the drill's constraints")  # pragma: no cover


def deck3(rng: random.Random, hands: dict[int, list[Card]], up: Card) -> tuple[Card, ...]:
    """A deck that deals ``hands`` (each in random order) from ``DEALER``, ``up`` turned up, the rest of the
    stock shuffled."""
    dealt = {c for h in hands.values() for c in h}
    order = []
    for seat in dealing_order(DEALER, 3):
        hand = list(hands[seat])
        rng.shuffle(hand)
        order.append(hand)
    rest = [c for c in ALL_CARDS if c not in dealt and c != up]
    rng.shuffle(rest)
    deck = build_deck_n(order, up, rest=rest)
    assert len(set(deck)) == 32
    return tuple(deck)


def play_plan(deal: Deal, plan: Plan) -> None:
    """Apply the script: each word as written; each ``None`` a card the medium bot picks (words left out of
    its choice, so the plan alone decides what is said)."""
    bots = {seat: make_bot("medium", 3, seat) for seat in SEATS}
    for seat, word in plan:
        assert deal.current_player() == seat, (seat, word, deal.history)
        if word is None:
            view = deal.view(seat)
            plays = tuple(a for a in view.legal if a.kind is Kind.PLAY and not a.value)
            word = bots[seat].choose(replace(view, legal=plays))
        deal.apply(word)


def after(deal: Deal, actions: list[Action]) -> Deal:
    """A copy of ``deal`` with ``actions`` applied, then the bots' forced words (the top card) until the
    player is to act again."""
    out = Deal(deal.rules, deal.dealer, deal.deck)
    for _, a in deal.history:
        out.apply(a)
    for a in actions:
        out.apply(a)
    while not out.is_over() and out.current_player() != PLAYER:
        legal = out.legal_actions()
        assert legal == [A.TELL_TOP], legal  # the only words the bots owe before the player speaks again
        out.apply(legal[0])
    return out


def history_of(deal: Deal) -> tuple[str, ...]:
    return action_texts([a for _, a in deal.history])


def best(deal: Deal, seat: int) -> Sequence:
    found = seqs.find_sequences(deal.trickplay.full_hand[seat] or deal.hands[seat], deal.trump, deal.rules)
    return found[0]


def position(rng: random.Random, preset: str, runs: Mapping[int, tuple[int, int] | None], plan: Plan) -> Deal:
    """Hands with the runs ``{seat: (length, top) or None}`` in three different plain suits, the deck that
    deals them, the bidding (the bidder orders at once) and ``plan`` played: the deal at the player's decision."""
    rules = strict3(preset)
    trump = rng.randrange(4)
    suits = rng.sample([s for s in range(4) if s != trump], 3)
    cores: dict[int, list[Card]] = {}
    want: dict[int, Signature] = {}
    for seat, suit in zip(SEATS, suits, strict=True):
        run = runs[seat]
        cores[seat] = [] if run is None else run_cards(suit, run[1], run[0])
        want[seat] = [] if run is None else [(run[0], run[1], suit)]
    # the вскрышка: a trump but not the seven (so nobody may swap)
    up = rng.choice(run_cards(trump, Rank.ACE, 7))
    hands = hands3(rng, rules, trump, cores, want, up)
    deck = deck3(rng, hands, up)
    deal = Deal(rules, DEALER, deck)
    deal.apply(A.ORDER)
    assert deal.bidder == BIDDER and deal.leader == BIDDER
    play_plan(deal, plan)
    assert deal.current_player() == PLAYER
    return deal


def drill3(situation: str, variant: int, seed: int, deal: Deal, steps: list[DrillStep], extra: Text) -> Drill:
    assert deal.trump is not None
    return Drill(
        situation=situation,
        variant=variant,
        seed=seed,
        rules=deal.rules,
        first_dealer=DEALER,
        prelude=(),
        deck=deal.deck,
        script=tuple(a for _, a in deal.history),
        steps=tuple(steps),
        intro=msg("drill.three.intro", trump=Suit(deal.trump), extra=extra),
    )


def _preset(variant: int, kinds: int) -> str:
    """Moscow and Kharkov in turn: the comparisons here never hang on equal tops, so both play the same."""
    return ("moscow", "kharkov")[(variant // kinds) % 2]


def after_top(
    rng: random.Random, variant: int, runs: Mapping[int, tuple[int, int] | None], cls: int, last: Action
) -> tuple[Deal, Text, Text, Text, Text]:
    """The official dialog up to the player's answer: the bidder announces ``cls`` and leads, the partner asks
    «рост?», the player follows in silence, the bidder names its top card and the partner says ``last``.
    Returns the deal, the names of the player's, the bidder's and the partner's sequences, and the top card."""
    plan: Plan = [(BIDDER, A.announce(cls)), (BIDDER, None), (PARTNER, A.ROST), (PARTNER, None), (PLAYER, None)]
    plan += [(BIDDER, A.TELL_TOP), (PARTNER, last)]
    deal = position(rng, _preset(variant, 2), runs, plan)
    trump = deal.trump
    mine, theirs, partner = best(deal, PLAYER), best(deal, BIDDER), best(deal, PARTNER)
    top = top_words(theirs.top_card, trump)
    return deal, seq_names(mine, trump), seq_names(theirs, trump), seq_names(partner, trump), top


# ---------------------------------------------------------------- «родили терц» (the official example)


def build_rodili(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    """Kind 0 (the official example): the partner's fifty beats the bidder's, the player adds the терц kept
    back. Kind 1: the bidder's fifty is higher; the partner says «пишет», and the терц stays unsaid."""
    low = rng.randrange(3, 7)
    high = rng.randrange(low + 1, 8)
    bidder_top, partner_top = (low, high) if kind == 0 else (high, low)
    runs = {BIDDER: (FIFTY, bidder_top), PARTNER: (FIFTY, partner_top), PLAYER: (TERZ, rng.randrange(2, 8))}
    deal, name, lname, pname, top = after_top(rng, variant, runs, FIFTY, A.MINE if kind == 0 else A.PISHET)
    if kind == 0:
        answers = {
            "announce:terz": Answer(True, msg("drill.three.rodili.terz", name=name, pname=pname)),
            "pishet": Answer(False, msg("drill.three.rodili.pishet", name=name), None, THANKS_TERZ3),
            "announce:fifty": Answer(False, FALSE_FIFTY3, "false_announcement", FALSE_REMARK),
        }
        moment = msg("drill.moment.three_add", top=top, pname=pname)
    else:
        answers = {
            "pishet": Answer(True, msg("drill.three.rodili.beaten_pishet", lname=lname, pname=pname)),
            "mine": Answer(
                False,
                msg("drill.three.rodili.beaten_mine", name=name),
                "false_mine",
                msg("drill.remark.terz_above_fifty"),
            ),
        }
        moment = msg("drill.moment.three_partner_pishet", top=top)
    step = DrillStep(history_of(deal), moment, R_ADD, answers)
    extra = msg("drill.three.intro_rost", word=msg("drill.cls.fifty"))
    return drill3("three_rodili", variant, seed, deal, [step], extra)


# ---------------------------------------------------------------- the вистующие's announcements add up


def build_add_up(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    """Kind 0: the partner's терц beats the bidder's, the player's is lower than the bidder's — and still
    counts. Kind 1: the partner's терц is lower, the player's beats the bidder's and carries the partner's."""
    a = rng.randrange(2, 6)
    b = rng.randrange(a + 1, 7)
    c = rng.randrange(b + 1, 8)
    player_top, bidder_top, partner_top = (a, b, c) if kind == 0 else (c, b, a)
    runs = {BIDDER: (TERZ, bidder_top), PARTNER: (TERZ, partner_top), PLAYER: (TERZ, player_top)}
    deal, name, lname, pname, top = after_top(rng, variant, runs, TERZ, A.MINE if kind == 0 else A.PISHET)
    if kind == 0:
        answers = {
            "announce:terz": Answer(True, msg("drill.three.add.terz", name=name, lname=lname, pname=pname)),
            "pishet": Answer(False, msg("drill.three.add.pishet", name=name), None, THANKS_TERZ3),
            "announce:fifty": Answer(False, FALSE_FIFTY3, "false_announcement", FALSE_REMARK),
        }
        moment = msg("drill.moment.three_add", top=top, pname=pname)
    else:
        answers = {
            "mine": Answer(True, msg("drill.three.add.mine", name=name, lname=lname, pname=pname)),
            "pishet": Answer(
                False,
                msg("drill.three.add.mine_pishet", name=name, lname=lname),
                None,
                msg("drill.remark.thanks", lname=lname),
            ),
        }
        moment = msg("drill.moment.three_partner_pishet", top=top)
    step = DrillStep(history_of(deal), moment, R_ADD, answers)
    extra = msg("drill.three.intro_rost", word=msg("drill.cls.terz"))
    return drill3("three_add_up", variant, seed, deal, [step], extra)


# ---------------------------------------------------------------- the bidder must beat both


def build_beat_both(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    """The bidder announces «терц», the partner (nothing to show) says «пишет»; the player answers. Kind 0: the
    player's терц is higher, kind 1 lower (both: «рост?», the card, then the answer to the top card); kind 2:
    the player holds a fifty."""
    bidder_top = rng.randrange(3, 7)
    if kind == 0:
        mine_run = (TERZ, rng.randrange(bidder_top + 1, 8))
    elif kind == 1:
        mine_run = (TERZ, rng.randrange(2, bidder_top))
    else:
        mine_run = (FIFTY, rng.randrange(3, 8))
    runs: dict[int, tuple[int, int] | None] = {BIDDER: (TERZ, bidder_top), PARTNER: None, PLAYER: mine_run}
    plan: Plan = [(BIDDER, A.announce(TERZ)), (BIDDER, None), (PARTNER, A.PISHET), (PARTNER, None)]
    deal = position(rng, _preset(variant, 3), runs, plan)
    trump = deal.trump
    mine, theirs = best(deal, PLAYER), best(deal, BIDDER)
    name, lname = seq_names(mine, trump), seq_names(theirs, trump)
    moment = msg("drill.moment.three_answer_terz")
    false_fifty = Answer(False, FALSE_FIFTY3, "false_announcement", FALSE_REMARK)
    first = history_of(deal)
    extra = msg("drill.three.intro_pishet")
    if kind == 2:
        answers = {
            "announce:fifty": Answer(True, msg("drill.three.beat.fifty", name=name)),
            "rost": Answer(
                False,
                msg("drill.answer.higher_class.rost"),
                "rost_certainly_higher",
                msg("drill.remark.rost_with_fifty"),
            ),
            "mine": Answer(False, msg("drill.answer.higher_class.mine")),
            "pishet": Answer(
                False, msg("drill.three.beat.pishet_fifty", name=name), None, msg("drill.remark.thanks_terz")
            ),
        }
        return drill3("three_beat_both", variant, seed, deal, [DrillStep(first, moment, R_BEAT, answers)], extra)
    wins = kind == 0
    answers = {
        "rost": Answer(True, msg("drill.three.beat.rost", name=name)),
        "pishet": Answer(
            False,
            msg("drill.three.beat.pishet_won" if wins else "drill.three.beat.pishet_lost"),
            None,
            msg("drill.remark.thanks", lname=lname) if wins else None,
        ),
        "announce:fifty": false_fifty,
    }
    if wins:
        answers["mine"] = Answer(False, msg("drill.answer.same.mine_guess"))
    else:
        answers["mine"] = Answer(False, msg("drill.three.beat.mine_false", name=name), "false_mine", LOWER_MINE)
    steps = [DrillStep(first, moment, R_BEAT, answers)]
    asked = (*first, str(A.ROST))
    steps.append(
        DrillStep(asked, msg("drill.moment.three_card"), R_BEAT, {ANY_CARD: Answer(True, msg("drill.three.beat.card"))})
    )
    # the player's card (any), the trick is down, the bidder names the top card: «у меня старше» or «пишет»
    card = next(a for a in after(deal, [A.ROST]).legal_actions() if a.kind is Kind.PLAY)
    told = after(deal, [A.ROST, card])
    hist = (*asked, ANY_CARD, *history_of(told)[len(asked) + 1 :])
    top = top_words(theirs.top_card, trump)
    if wins:
        last = {
            "mine": Answer(True, msg("drill.three.beat.mine_right", name=name, lname=lname)),
            "pishet": Answer(
                False,
                msg("drill.three.beat.pishet_after", name=name, lname=lname),
                None,
                msg("drill.remark.thanks", lname=lname),
            ),
        }
    else:
        last = {
            "pishet": Answer(True, msg("drill.three.beat.pishet_right", name=name, lname=lname)),
            "mine": Answer(False, msg("drill.three.beat.mine_false", name=name), "false_mine", LOWER_MINE),
        }
    steps.append(DrillStep(hist, msg("drill.moment.three_after_top", top=top), R_BEAT, last))
    return drill3("three_beat_both", variant, seed, deal, steps, extra)
