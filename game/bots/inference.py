"""Soft inference for the hard bot: how likely the opponent's public actions make each sampled hand.

``HiddenCards`` (hard.py) keeps only the hands the view allows (hard constraints). This module weights
them by a likelihood model of what the opponent did, assuming the opponent plays like the bots do:

* **bidding** — ``P(order | nine cards)`` for the first trump in round 1 and ``P(name | nine cards)`` for
  each suit in round 2, logistic models fitted offline on the same simulated deals as the bidding
  evaluator (``fit_bidding.py``, "likelihood" in ``bidding-v2.json``): a pass on the вскрышка suit makes
  hands with strong trumps there less likely, an order makes them more likely; a pass in round 2 lowers
  every suit's strength; the named suit is strong. (Only the nine cards are known to the sample, not which
  six the opponent had when bidding: the models are fitted on exactly that.)
* **plays** — following my lead with a losing card that carries points while a cheaper losing card of the
  suit was held is unlikely (``DUMP_WITH_CHEAPER``): hands still holding such a card weigh less;
* **announcements** — silence where the opponent could have announced (led without announcing, or
  played second with the dialog still open) makes a hand with a sequence unlikely (``SILENT_WITH_SEQUENCE``);
  «пишет» to my class makes a hand with that class or higher unlikely (``PISHET_WITH_CLASS``). In guided
  etiquette silence is a legal choice, but bots and most people announce.

The weights multiply; ``HardBot`` draws more candidates than it solves and resamples them in proportion
to the weights (sampling-importance-resampling), so the solver's cost stays the same.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game import sequences as seqs
from game.actions import Kind
from game.bots.bidding import load_evaluator
from game.cards import Card, Rank, beats, points
from game.deal import DealView

DUMP_WITH_CHEAPER = 0.3  # followed my lead with a losing card worth points while holding a cheaper loser
SILENT_WITH_SEQUENCE = 0.15  # the chance that an opponent holding a sequence stays silent
PISHET_WITH_CLASS = 0.15  # «пишет» while holding the announced class or higher
LIKELIHOOD_FEATURES = ("bias", "J", "9", "A", "T", "trumps", "K_and_Q", "aces_outside")


def features9(cards: list[Card] | tuple[Card, ...], trump: int) -> list[float]:
    """Bidding-likelihood features of a nine-card hand for ``trump`` (``LIKELIHOOD_FEATURES``)."""
    ranks = {c % 8 for c in cards if c // 8 == trump}
    aces = sum(1 for c in cards if c % 8 == Rank.ACE and c // 8 != trump)
    return [
        1.0,
        float(Rank.JACK in ranks),
        float(Rank.NINE in ranks),
        float(Rank.ACE in ranks),
        float(Rank.TEN in ranks),
        float(len(ranks)),
        float(Rank.KING in ranks and Rank.QUEEN in ranks),
        float(aces),
    ]


def _sigmoid(z: float) -> float:
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


def _p(w: list[float], x: list[float]) -> float:
    return min(0.98, max(0.02, _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))))


WeightFn = Callable[[tuple[Card, ...]], float]


def likelihood(view: DealView, opp_played: list[Card], evaluator: str | None = None) -> WeightFn | None:
    """A weight for each sampled opponent hand (its unplayed cards), or None when nothing is learned.
    ``evaluator``: the bidding model file whose likelihoods describe the opponent's bids (default: the
    shipped one) — the bot assumes the opponent bids as it does itself."""
    opp = 1 - view.seat
    models = (
        (load_evaluator(evaluator) if evaluator else load_evaluator())
        .data.get("likelihood", {})
        .get(view.rules.round2.value)
    )
    first = int(view.first_trump)
    bid_terms: list[tuple[str, int, bool]] = []  # (model, suit, the action was a bid)
    pos = "second" if opp == view.dealer else "first"
    passes = 0
    for seat, a in view.history:
        if a.kind not in (Kind.ORDER, Kind.PASS, Kind.NAME):
            continue
        r1 = passes < 2
        if a.kind is Kind.PASS:
            passes += 1
        if seat != opp:
            continue
        if a.kind is Kind.ORDER:
            bid_terms.append((f"r1_{pos}", first, True))
        elif a.kind is Kind.NAME and a.suit is not None:
            bid_terms.append((f"r2_{pos}", int(a.suit), True))
        elif r1:
            bid_terms.append((f"r1_{pos}", first, False))
        else:
            bid_terms.extend((f"r2_{pos}", s, False) for s in range(4) if s != first)
    if models is None:
        bid_terms = []
    silent, pishet_cls = _announcement_facts(view, opp)
    dumps = _point_dumps(view)
    if not bid_terms and not silent and not pishet_cls and not dumps:
        return None

    def weight(hand: tuple[Card, ...]) -> float:
        nine = [*hand, *opp_played]
        w = 1.0
        for name, suit, bid in bid_terms:
            p = _p(models[name], features9(nine, suit))
            w *= p if bid else 1.0 - p
        for cheaper in dumps:
            if not cheaper.isdisjoint(hand):
                w *= DUMP_WITH_CHEAPER
        if silent or pishet_cls:
            cls = seqs.best_class(nine, view.rules)
            if silent and cls:
                w *= SILENT_WITH_SEQUENCE
            elif pishet_cls and cls >= pishet_cls:
                w *= PISHET_WITH_CLASS
        return w

    return weight


def _point_dumps(view: DealView) -> list[frozenset[Card]]:
    """For each trick I led and the opponent followed suit with a losing card worth points: the cheaper
    cards of that suit that would also have lost (holding one of them, it would probably have played it)."""
    trump = view.trump
    if trump is None:
        return []
    out = []
    for t in view.tricks:
        if t.leader != view.seat:
            continue
        led, reply = t.cards
        if reply // 8 != led // 8 or beats(reply, led, trump):
            continue
        value = points(reply, trump)
        if value == 0:
            continue
        cheaper = frozenset(
            Card(c)
            for c in range(led // 8 * 8, led // 8 * 8 + 8)
            if c not in (led, reply) and points(Card(c), trump) < value and not beats(Card(c), led, trump)
        )
        if cheaper:
            out.append(cheaper)
    return out


def _announcement_facts(view: DealView, opp: int) -> tuple[bool, int]:
    """(the opponent stayed silent where it could announce, my class it answered «пишет» to)."""
    opp_played_first = False
    announced_by_opp = False
    my_class = 0
    pishet = 0
    leader_announced = False
    for seat, a in view.history:
        if a.kind is Kind.ANNOUNCE:
            if seat == opp:
                announced_by_opp = True
            else:
                my_class = a.value
                if seat == view.leader:
                    leader_announced = True
        elif a.kind in (Kind.ROST, Kind.MINE) and seat == opp:
            announced_by_opp = True
        elif a.kind is Kind.PISHET and seat == opp and my_class:
            pishet = my_class
        elif a.kind is Kind.PLAY and seat == opp and not opp_played_first:
            opp_played_first = True
            break
    if not opp_played_first or announced_by_opp or pishet:
        return False, pishet
    # silent: as the leader before its first card, or as the second with the dialog open (no announcement
    # by the leader)
    if opp == view.leader:
        return True, 0
    return not leader_announced, 0
