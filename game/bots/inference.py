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
from dataclasses import replace
from itertools import combinations

from game import actions as A
from game import sequences as seqs
from game.actions import Action, Kind
from game.bots.bidding import load_evaluator
from game.cards import Card, Rank, Suit, beats, points
from game.deal import DealView, Phase
from game.rules import Round2

DUMP_WITH_CHEAPER = 0.3  # followed my lead with a losing card worth points while holding a cheaper loser
SILENT_WITH_SEQUENCE = 0.15  # the chance that an opponent holding a sequence stays silent
PISHET_WITH_CLASS = 0.15  # «пишет» while holding the announced class or higher
LIKELIHOOD_FEATURES = ("bias", "J", "9", "A", "T", "trumps", "K_and_Q", "aces_outside")


def features9(cards: list[Card] | tuple[Card, ...], trump: int) -> list[float]:
    """Bidding-likelihood features of a nine-card hand for ``trump`` (``LIKELIHOOD_FEATURES``)."""
    ranks = {c % 8 for c in cards if c // 8 == trump}
    aces = sum(1 for c in cards if c % 8 == Rank.ACE and c // 8 != trump)
    return [
        1.0, float(Rank.JACK in ranks), float(Rank.NINE in ranks), float(Rank.ACE in ranks),
        float(Rank.TEN in ranks), float(len(ranks)), float(Rank.KING in ranks and Rank.QUEEN in ranks), float(aces),
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


SIXES = tuple(combinations(range(9), 6))  # the 84 ways six of nine cards were the ones dealt first
FLOOR_BID = 0.02  # the least likelihood of a bid that the policy never makes from such a hand


def opponent_bids(view: DealView) -> list[tuple[DealView, Action]]:
    """The opponent's bids as (its bidding view without the hand, the action it took)."""
    opp = 1 - view.seat
    first = view.first_trump
    face_up = view.vskryshka if view.vskryshka is not None else view.face_up
    passes = 0
    out = []
    for seat, a in view.history:
        if a.kind not in (Kind.ORDER, Kind.PASS, Kind.NAME):
            continue
        r1 = passes < 2
        if seat == opp:
            if r1:
                legal: tuple[Action, ...] = (A.ORDER, A.PASS)
            else:
                names = tuple(A.name(s) for s in Suit if s != first)
                must = view.rules.round2 is Round2.DEALER_MUST_CHOOSE and opp == view.dealer and passes == 3
                legal = names if must else (*names, A.PASS)
            phase = Phase.BIDDING_1 if r1 else Phase.BIDDING_2
            template = replace(view, seat=opp, phase=phase, legal=legal, hand=(), face_up=face_up, history=())
            out.append((template, a))
        if a.kind is Kind.PASS:
            passes += 1
    return out


def exact_bid_weight(view: DealView, evaluator: str | None, subsets: int) -> Callable[[list[Card]], float] | None:
    """P(the opponent's bids | its nine cards) under the bot's own bidding policy: the share of the ways six
    of the nine could have been its first cards for which ``bidding.decide`` makes each of its bids
    (``subsets`` of the 84 ways, the same for every hand). Exact where the logistic model is an average."""
    from game.bots.bidding import decide

    bids = opponent_bids(view)
    if not bids:
        return None
    model = load_evaluator(evaluator) if evaluator else load_evaluator()
    step = max(1, len(SIXES) // subsets)
    ways = SIXES[::step][:subsets]
    swapped_seven = None
    opp = 1 - view.seat
    if any(seat == opp and a.kind is Kind.SWAP for seat, a in view.history) and view.vskryshka is not None:
        swapped_seven = (view.vskryshka, view.face_up)  # it took the вскрышка for its seven after bidding

    def weight(nine: list[Card]) -> float:
        if swapped_seven is not None:
            nine = [swapped_seven[1] if c == swapped_seven[0] else c for c in nine]
        w = 1.0
        for template, action in bids:
            hits = 0
            for idx in ways:
                six = tuple(nine[i] for i in idx)
                if decide(replace(template, hand=six), model).action == action:
                    hits += 1
            w *= max(FLOOR_BID, hits / len(ways))
        return w

    return weight


def likelihood(
    view: DealView, opp_played: list[Card], evaluator: str | None = None, exact_bids: int = 0
) -> WeightFn | None:
    """A weight for each sampled opponent hand (its unplayed cards), or None when nothing is learned.
    ``evaluator``: the bidding model file whose likelihoods describe the opponent's bids (default: the
    shipped one) — the bot assumes the opponent bids as it does itself. ``exact_bids``: read the bids by
    the policy itself on that many of the 84 possible first six cards (``exact_bid_weight``) instead of the
    fitted logistic model."""
    opp = 1 - view.seat
    models = (load_evaluator(evaluator) if evaluator else load_evaluator()).data.get("likelihood", {}).get(
        view.rules.round2.value
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
    exact = exact_bid_weight(view, evaluator, exact_bids) if exact_bids else None
    if exact is not None:
        bid_terms = []
    silent, pishet_cls = _announcement_facts(view, opp)
    dumps = _point_dumps(view)
    if not bid_terms and exact is None and not silent and not pishet_cls and not dumps:
        return None

    def weight(hand: tuple[Card, ...]) -> float:
        nine = [*hand, *opp_played]
        w = 1.0 if exact is None else exact(nine)
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
            Card(c) for c in range(led // 8 * 8, led // 8 * 8 + 8)
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
