"""The 'hard' level: card play by sampling the hidden cards and solving each sample exactly.

For a card decision the bot deals the unseen cards between the opponent's hand and the stock in every way
consistent with what its ``DealView`` shows (see ``HiddenCards``), weights those deals by how likely the
opponent's bids and announcements make them (``game.bots.inference``: four times as many candidates are
drawn and resampled by weight), solves each double-dummy with ``game.bots.solver`` under the deal's
scoring (bait, hanging tie, counted sequences and belle, sequences that need a trick, лыжа, card bait) and
plays the card with the best weighted total; for a close lead in tricks 2-4 the best few cards are weighed
again with its next decision made per observation, not per sample (``game.bots.lookahead``). Bids come from
the fitted evaluator (``game.bots.bidding``).
Everything else — the seven swap, announcements, belle, claims — is the medium bot's decision.

The number of samples is fixed per trick (never by a clock) and each decision's random stream is seeded
from the bot's seed and the view, so the choice depends on the view alone: the real hidden cards cannot
change it (tests/test_hard.py checks this), and ``game.services.hint`` reproduces it.

``OracleBot`` (lab/oracle.py) is the same player shown the real hands: a measuring stick only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from itertools import combinations
from math import comb

from game import actions as A
from game import sequences as seqs
from game.actions import Action, Kind
from game.bots import offer, parallel
from game.bots.base import Player, check_turn
from game.bots.bidding import decide, load_evaluator
from game.bots.hard3 import HardThree
from game.bots.inference import likelihood
from game.bots.knowledge import baits_with_next, belle_points
from game.bots.lookahead import World, lead_values
from game.bots.medium import MediumBot
from game.bots.solver import Evaluation, Position, Solver, cards_to_mask
from game.cards import ALL_CARDS, TRUMP_STRENGTH, Card, Suit, beats, belle_pair
from game.deal import DealView, Phase
from game.rules import BelleProtection, BelleWhen
from game.scoring import BELLE_POINTS

# samples per decision by the number of tricks already played (0..8); twice the second version's counts,
# which closed a fifth of the gap to the oracle (docs/lab/bots-solver.md); the table solves them on two cores
SAMPLES_BY_TRICK = (48, 48, 56, 64, 80, 96, 128, 128, 128)
ENUMERATE_UP_TO = 64  # when the consistent hands are this few or fewer, take every one of them
# from this many tricks played on, take every consistent hand however many (at most C(18,5) = 8568 five-card
# hands at trick 5; one solve costs ~0.1 ms there with the shared table: docs/lab/bots-solver.md, "enumeration")
ENUMERATE_FROM_TRICK = 4
REJECTION_TRIES = 60  # draws per sample before an announcement constraint is dropped
OVERSAMPLE = 4  # with inference: candidates drawn per solved sample
# leads in tricks 2-4, when the runner-up is within the margin (points a world) of the best: the cards that can
# still win are weighed again with my next decision made per observation (game.bots.lookahead; bots-solver.md)
LOOKAHEAD_LEADS = 9  # at most this many cards weighed again (9: as many as can still win)
LOOKAHEAD_MARGIN = 8.0


class HiddenCards:
    """What a seat knows about the cards it cannot see, from its view alone.

    ``known``: the opponent surely holds these (a swapped вскрышка, shown sequences, declared belle, the
    top card told after «рост?» with its sequence). ``free``: cards the opponent may hold; the rest of the
    unseen cards are in the stock. Voids come from not following suit, not trumping and not overtrumping a
    led trump. ``sequence_class``: the opponent's announced (or «рост?»-claimed) class their nine cards held.
    """

    def __init__(self, view: DealView) -> None:
        self.view = view
        me = view.seat
        opp = 1 - me
        trump = view.trump
        assert trump is not None
        self.trump: int = int(trump)
        played: set[Card] = set()
        self.opp_played: list[Card] = []
        for t in view.tricks:
            played.update(t.cards)
            self.opp_played.append(t.cards[0] if t.leader == opp else t.cards[1])
        for i, c in enumerate(view.trick):
            played.add(c)
            if (view.trick_leader == opp) == (i == 0):
                self.opp_played.append(c)
        known = set(view.known_opponent_cards)
        dead = {view.face_up}
        if view.freza is not None:
            dead.add(view.freza)
        mine = set(view.hand)
        unseen = [c for c in ALL_CARDS if c not in mine and c not in played and c not in dead]
        # voids and trump caps shown by the opponent's replies
        void: set[int] = set()
        cap = 99  # the opponent holds no trump stronger than this
        for t in view.tricks:
            if t.leader != me:
                continue
            led, reply = t.cards
            if reply // 8 != led // 8:
                void.add(led // 8)
                if reply // 8 != self.trump:
                    void.add(self.trump)
            elif led // 8 == self.trump and TRUMP_STRENGTH[reply % 8] < TRUMP_STRENGTH[led % 8]:
                cap = min(cap, TRUMP_STRENGTH[led % 8])
        self.cls, told = self._announcements(view, opp)
        for c in told:
            if c in unseen:
                known.add(c)
        self.known = sorted(c for c in known if c in unseen)
        self.free = [
            c
            for c in unseen
            if c not in known and c // 8 not in void and not (c // 8 == self.trump and TRUMP_STRENGTH[c % 8] > cap)
        ]
        self.unseen = unseen
        self.slots = max(0, view.opponent_cards - len(self.known))
        if self.slots > len(self.free):  # an inference went wrong (cannot happen by the rules): relax it
            self.free = [c for c in unseen if c not in known]
            self.slots = min(self.slots, len(self.free))

    @staticmethod
    def _announcements(view: DealView, opp: int) -> tuple[int, list[Card]]:
        """The class the opponent's nine cards surely held, and the cards of a told top sequence."""
        false = {p.reason for p in view.penalties if p.seat == opp}
        cls = 0
        mine_class = 0
        for seat, a in view.history:
            if a.kind is Kind.ANNOUNCE:
                if seat == opp and "false_announcement" not in false:
                    cls = max(cls, a.value)
                elif seat != opp:
                    mine_class = a.value
            elif a.kind is Kind.ROST and seat == opp and "false_rost" not in false:
                cls = max(cls, mine_class)
        told: list[Card] = []
        if view.told_top is not None and view.leader == opp and cls:
            rules = view.rules
            rank_at = seqs._RANK_AT_POS[rules.sequence_order]
            pos_of = {r: p for p, r in enumerate(rank_at)}
            top = pos_of[view.told_top % 8]
            suit = view.told_top // 8
            told = [Card(suit * 8 + rank_at[p]) for p in range(top, top - cls, -1) if p >= 0]
        return cls, told

    def consistent(self, hand: tuple[Card, ...]) -> bool:
        if not self.cls:
            return True
        full = [*hand, *self.opp_played]
        return seqs.best_class(full, self.view.rules) >= self.cls

    def count(self) -> int:
        return comb(len(self.free), self.slots)

    def hands(self, rng: random.Random, n: int, enumerate_up_to: int = ENUMERATE_UP_TO) -> Iterator[tuple[Card, ...]]:
        """Opponent hands: every consistent one when few, else ``n`` random draws (uniform, consistent)."""
        known = tuple(self.known)
        if self.count() <= enumerate_up_to:
            found = False
            for extra in combinations(self.free, self.slots):
                hand = known + extra
                if self.consistent(hand):
                    found = True
                    yield hand
            if not found:
                yield known + tuple(self.free[: self.slots])
            return
        for _ in range(n):
            hand = known + tuple(rng.sample(self.free, self.slots))
            tries = 1
            while not self.consistent(hand) and tries < REJECTION_TRIES:
                hand = known + tuple(rng.sample(self.free, self.slots))
                tries += 1
            yield hand


# ------------------------------------------------------------------------------------------- scoring


def deal_evaluation(view: DealView, opp_hand: tuple[Card, ...]) -> Evaluation:
    """The deal's scoring as seat 0's written points minus seat 1's (an ``Evaluation`` for the solver).

    Counts: card points and the last trick (from the search), the counted sequences of their owner (if
    decided; with ``sequences_need_trick`` only after a trick), belle declared (or certain to be: both cards
    held when it is declared with a card; the opponent's if the sample gives them both and they still may),
    лыжа, the bait rule (a tie hangs: the bidder writes nothing now), the bait penalty and a card bait.
    Approximated: belle protection in the future, sequences not yet decided (not counted), the hanging
    points' later fate (worth nothing to either side).
    """
    rules = view.rules
    assert view.bidder is not None and view.trump is not None
    bidder = view.bidder
    me = view.seat
    belle = [0, 0]
    for seat in (0, 1):
        hand = set(view.hand) if seat == me else set(opp_hand)
        if view.belle_declared[seat]:
            belle[seat] = _belle_kept(view, seat)
        elif _belle_pending(view, seat, hand):
            belle[seat] = BELLE_POINTS
    owner = view.sequence_owner
    seq = view.sequence_points if owner is not None else 0
    need = rules.sequences_need_trick
    ski = rules.ski_penalty
    card_bait = next((p.seat for p in view.penalties if p.costs_card_bait), None)
    bait_pen = (
        rules.bait_penalty
        if rules.bait_penalty_from and baits_with_next(view, bidder) >= (rules.bait_penalty_from)
        else 0
    )
    b0, b1 = belle

    def score(p0: int, p1: int, t0: int, t1: int) -> float:
        tot = [p0 + b0, p1 + b1]
        took = (t0 > 0, t1 > 0)
        if owner is not None and not (need and not took[owner]):
            tot[owner] += seq
        adj = [0, 0]
        if ski:
            for p in (0, 1):
                if not took[p]:
                    adj[p] -= ski
                    tot[p] -= belle[p] + (seq if owner == p and not need else 0)
        written = list(tot)
        if card_bait is not None:
            written[card_bait], written[1 - card_bait] = 0, tot[0] + tot[1]
        elif tot[bidder] < tot[1 - bidder]:
            written[bidder], written[1 - bidder] = 0, tot[0] + tot[1]
            adj[bidder] -= bait_pen
        elif tot[bidder] == tot[1 - bidder]:
            written[bidder] = 0
        return written[0] + adj[0] - written[1] - adj[1]

    tricks = (sum(1 for t in view.tricks if t.winner == 0), sum(1 for t in view.tricks if t.winner == 1))
    points = (view.card_points[0], view.card_points[1])  # two players (three go to hard3.py)
    return Evaluation(score, points, tricks, tricks_matter=bool(need or ski))


def _belle_kept(view: DealView, seat: int) -> int:
    protection = view.rules.belle_protection
    if protection is BelleProtection.KING_OR_QUEEN:
        return belle_points(view, seat)
    if protection is not BelleProtection.DECLARING_CARD:
        return BELLE_POINTS
    for s, a in view.history:
        if s == seat and a.kind is Kind.PLAY and a.value and a.card is not None:
            for t in view.tricks:
                if a.card in t.cards and t.winner != seat:
                    return 0
    return BELLE_POINTS


def _belle_pending(view: DealView, seat: int, hand: set[Card]) -> bool:
    """Will ``seat`` still score belle (not declared yet)? It held trump K and Q after the deal was completed
    (both now in hand or played by it) and may still declare: while holding one of them, or both for
    ``holding_both``. The hard bot delays its own declaration until the last moment (``HardBot.choose``)."""
    assert view.trump is not None
    pair = belle_pair(view.trump)
    played = {a.card for s, a in view.history if s == seat and a.kind is Kind.PLAY and a.card is not None}
    held = len(pair & hand)
    if not pair <= hand | played or held == 0:
        return False
    return held == 2 if view.rules.belle_when is BelleWhen.HOLDING_BOTH else True


def decision_position(view: DealView, opp_hand: tuple[Card, ...] | list[Card]) -> Position:
    """The position ``view``'s seat decides in, if the opponent holds ``opp_hand`` (a sample, or the real
    hand for the oracle's yardsticks)."""
    assert view.trump is not None
    mine, theirs = cards_to_mask(view.hand), cards_to_mask(opp_hand)
    hands = (mine, theirs) if view.seat == 0 else (theirs, mine)
    if view.trick:
        assert view.trick_leader is not None
        return Position(hands, int(view.trump), view.trick_leader, (view.trick[0],))
    return Position(hands, int(view.trump), view.seat)


def solve_samples(view: DealView, hands: list[tuple[Card, ...]], solver: Solver) -> list[dict[Card, float]]:
    """For each sampled opponent hand: the exact value of each of my legal cards (seat 0's side)."""
    return [solver.values(decision_position(view, h), deal_evaluation(view, h)) for h in hands]


# ------------------------------------------------------------------------------------------- the bot


class HardBot:
    """Bids with the fitted evaluator; samples the hidden cards, solves each sample exactly, plays the best card."""

    table_players = 2  # the table it plays at (``for_three`` gives the three-player strategy over it)

    # the settings of the shipped bot; measurement variants change them (lab/hard_measure.py)
    bidding: str = "fitted"
    """"fitted" (``game.bots.bidding``), the path of another evaluator file, or "medium" (its thresholds)."""
    caution: float | None = None
    """Added to the value of passing (None: the evaluator file's)."""
    inference: bool = True
    """Weight the samples by the opponent's bids and announcements (``game.bots.inference``)."""
    enumerate_up_to: int = ENUMERATE_UP_TO
    """Solve every consistent opponent hand when there are at most this many ..."""
    enumerate_from: int = ENUMERATE_FROM_TRICK
    """... and always, however many, once this many tricks are played (9: never)."""
    oversample: int = OVERSAMPLE
    """With inference, candidates drawn per solved sample before resampling by weight."""
    lookahead: int = LOOKAHEAD_LEADS
    """In the close leads of tricks 2-4, at most how many of the best cards the lookahead weighs again; 0: none."""
    lookahead_margin: float = LOOKAHEAD_MARGIN
    """Close: the runner-up within this many points a world of the best (``_look_ahead``)."""

    def __init__(
        self,
        seed: int = 0,
        solver: Solver | None = None,
        samples: tuple[int, ...] = SAMPLES_BY_TRICK,
        workers: int = 1,
    ) -> None:
        """``samples``: opponent hands solved per decision by the number of tricks played (0..8).
        ``workers``: 2 solves the samples of large decisions on two cores (``game.bots.parallel``); the
        choice is the same, only sooner."""
        self.samples = samples
        self.seed = seed
        self.rng = random.Random(seed)
        self.helper = MediumBot(seed)
        self.solver = solver or Solver()
        self.workers = workers
        self.last_samples = 0
        self.last_weight = 0.0
        self.last_totals: dict[Card, float] = {}
        self.last_hands: list[tuple[tuple[Card, ...], float]] = []
        self.last_lookahead: dict[Card, float] = {}  # the leads the lookahead weighed, on last_totals' scale

    def for_three(self) -> Player:
        """This bot at a table of three: hard3's strategy over it, the same seed, solver and samples
        (``game.bots.factory`` asks once; the two-player ``choose`` below never sees three)."""
        return HardThree(self)

    def choose(self, view: DealView) -> Action:
        legal = view.legal
        check_turn(view, self.table_players)
        # the randomness of a decision depends on the seed and the view only (a hint gives the same choice)
        self.rng = self.decision_rng(view)
        self.last_totals = {}
        self.last_lookahead = {}
        if view.phase in (Phase.BIDDING_1, Phase.BIDDING_2) and len(legal) > 1 and self.bidding != "medium":
            evaluator = load_evaluator(self.model_file) if self.model_file else None
            return decide(view, evaluator, self.caution).action
        kinds = {a.kind for a in legal}
        if kinds & {Kind.OFFER, Kind.ANSWER_OFFER, Kind.DAVE, Kind.ANSWER_DAVE}:
            choice = self.stake_choice(view)
            if choice is not None:
                return choice
            view = replace(view, legal=tuple(a for a in legal if a.kind is not Kind.DAVE))  # no raise: play
            self.rng = self.decision_rng(view)  # the card is chosen as it would be without даве
        helper_choice = self.helper.choose(view)
        delay_belle = helper_choice.kind is Kind.BELLE
        if delay_belle:  # belle declared apart from a card: say it only before giving up the belle card it needs
            helper_choice = self.helper_play(view)
        if view.phase is not Phase.PLAY or helper_choice.kind is not Kind.PLAY:
            return helper_choice
        cards = sorted({a.card for a in legal if a.kind is Kind.PLAY and a.card is not None})
        card = cards[0] if len(cards) == 1 else self.best_card(view, cards, helper_choice.card)
        if delay_belle and self._last_chance_for_belle(view, card):
            return A.BELLE
        return self._with_belle(view, card)

    def stake_choice(self, view: DealView) -> Action | None:
        """«С предложением» and «даве» from the evaluators (``game.bots.offer``); None: no raise now."""
        if view.phase is Phase.OFFER:
            return offer.offer_choice(view, self.rng)
        p = offer.win_chance(self, view)
        if Kind.ANSWER_DAVE in {a.kind for a in view.legal}:
            return A.answer_dave(offer.takes_dave(p, view))
        return A.DAVE if offer.raises_dave(p, view) else None

    @property
    def model_file(self) -> str | None:
        """The bidding evaluator file this bot bids with and reads the opponent's bids by, when it is not the
        shipped one (``bidding`` a path); None for "fitted" and "medium" (whose reading is the shipped file's)."""
        return None if self.bidding in ("fitted", "medium") else self.bidding

    def helper_play(self, view: DealView) -> Action:
        """The medium bot's card for this view, as if belle were not on offer."""
        legal = tuple(a for a in view.legal if a.kind is not Kind.BELLE)
        return self.helper.choose(replace(view, legal=legal))

    @staticmethod
    def _last_chance_for_belle(view: DealView, card: Card) -> bool:
        """Would playing ``card`` leave belle undeclarable? Declaring later hides the trump K and Q longer."""
        assert view.trump is not None
        pair = belle_pair(view.trump)
        if card not in pair:
            return False
        left = len(pair & set(view.hand)) - 1
        return left == 0 or view.rules.belle_when is BelleWhen.HOLDING_BOTH

    def decision_rng(self, view: DealView) -> random.Random:
        """The decision's random stream: from the seed and the view. A belle declaration is not counted, so
        the card decided before declaring (``_last_chance_for_belle``) is decided again right after it."""
        moves = sum(1 for _, a in view.history if a.kind is not Kind.BELLE)
        return random.Random(f"{self.seed}:{view.seat}:{moves}:{len(view.hand)}")

    # ------------------------------------------------------------------ card choice

    def sample_count(self, view: DealView) -> int:
        return self.samples[min(len(view.tricks), len(self.samples) - 1)]

    def enumerates(self, view: DealView, hidden: HiddenCards) -> bool:
        """Solve every consistent opponent hand (late in the deal, or when they are few) rather than samples?"""
        return len(view.tricks) >= self.enumerate_from or hidden.count() <= self.enumerate_up_to

    def opponent_hands(self, view: DealView, n: int | None = None) -> list[tuple[Card, ...]]:
        """Consistent opponent hands: all of them when few or late in the deal, else ``n`` uniform draws."""
        hidden = HiddenCards(view)
        up_to = hidden.count() if self.enumerates(view, hidden) else self.enumerate_up_to
        return list(hidden.hands(self.rng, n if n is not None else self.sample_count(view), up_to))

    def weighted_samples(self, view: DealView) -> list[tuple[tuple[Card, ...], float]]:
        """The hands to solve with their weights: uniform draws, or (with inference) ``oversample`` times as
        many candidates resampled in proportion to their likelihood (duplicates merged)."""
        n = self.sample_count(view)
        weight = None
        if self.inference:
            hidden = HiddenCards(view)
            weight = likelihood(view, hidden.opp_played, self.model_file)
        if weight is None:
            return [(h, 1.0) for h in self.opponent_hands(view, n)]
        candidates = self.opponent_hands(view, n * self.oversample)
        ws = [weight(h) for h in candidates]
        total = sum(ws)
        if total <= 0:
            return [(h, 1.0) for h in candidates[:n]]
        if len(candidates) <= n or self.enumerates(view, hidden):  # all consistent hands (or the oracle's)
            return [(h, w / total * len(candidates)) for h, w in zip(candidates, ws, strict=True) if w > 0]
        # systematic resampling: n evenly spaced points over the cumulative weights
        step = total / n
        u = self.rng.random() * step
        counts: dict[tuple[Card, ...], int] = {}
        acc = 0.0
        for h, w in zip(candidates, ws, strict=True):
            acc += w
            while u < acc:
                counts[h] = counts.get(h, 0) + 1
                u += step
        return [(h, float(k)) for h, k in counts.items()]

    def best_card(self, view: DealView, cards: list[Card], preferred: Card | None = None) -> Card:
        totals = self.card_totals(view)

        def key(c: Card) -> tuple[float, int, int]:
            return (totals.get(c, float("-inf")), int(c == preferred), -int(c))

        if self.lookahead and self.looks_ahead(view):
            return self._look_ahead(view, sorted(cards, key=key, reverse=True), key)
        return max(cards, key=key)

    def _look_ahead(self, view: DealView, ranked: list[Card], key: Callable[[Card], tuple[float, int, int]]) -> Card:
        """Weigh the leads again with my next decision made per observation (``game.bots.lookahead``), best
        by sampling first, while a card's sampling value still exceeds the best lookahead value so far (the
        lookahead never raises a value, so the rest cannot win) — but only when the runner-up is within
        ``lookahead_margin`` points a world of the best: a clear choice is kept as it is."""
        totals = self.last_totals
        if len(ranked) < 2 or totals[ranked[1]] < totals[ranked[0]] - self.lookahead_margin * self.last_weight:
            return ranked[0]
        worlds = [(decision_position(view, h), deal_evaluation(view, h), w) for h, w in self.last_hands]
        la: dict[Card, float] = {}
        for c in ranked[: self.lookahead]:
            if la and totals[c] <= max(la.values()):
                break
            la.update(self.lead_values(worlds, view.seat, c))
        self.last_lookahead = la
        return max(la, key=lambda c: (la[c], key(c)))

    def lead_values(self, worlds: list[World], seat: int, card: Card) -> dict[Card, float]:
        """The lookahead's value of leading ``card`` (``game.bots.lookahead``: my next decision per
        observation; lab/deep_lookahead.py looks deeper)."""
        return lead_values(worlds, seat, [card], self.solver)

    def looks_ahead(self, view: DealView) -> bool:
        """The decisions the lookahead is for: leads in tricks 2-4 (``game.bots.lookahead``). Later the bot
        weighs thousands of hands (too many to look ahead in), and the first trick's are the costliest solves;
        replies measured no gain."""
        return not view.trick and 1 <= len(view.tricks) < self.enumerate_from

    def card_totals(self, view: DealView) -> dict[Card, float]:
        """The weighted sum over the samples of each legal card's exact value for this seat."""
        samples = self.weighted_samples(view)
        hands = [h for h, _ in samples]
        if self.workers > 1 and parallel.worth_splitting(view, len(hands)):
            results = parallel.solve_split(view, hands, self.solver)
        else:
            results = solve_samples(view, hands, self.solver)
        return self.total(view, samples, results)

    def total(
        self, view: DealView, samples: list[tuple[tuple[Card, ...], float]], results: list[dict[Card, float]]
    ) -> dict[Card, float]:
        """Each card's values summed over the weighted ``samples`` (this seat's side); kept for the lookahead
        and the hint (``last_*``)."""
        sign = 1.0 if view.seat == 0 else -1.0
        totals: dict[Card, float] = {}
        for values, (_, w) in zip(results, samples, strict=True):
            for c, v in values.items():
                totals[c] = totals.get(c, 0.0) + sign * v * w
        self.last_samples = len(samples)
        self.last_weight = sum(w for _, w in samples)
        self.last_totals = totals
        self.last_hands = list(samples)
        return totals

    def _with_belle(self, view: DealView, card: Card) -> Action:
        with_belle = A.play(card, belle=True)
        if with_belle not in view.legal:
            return A.play(card)
        if view.rules.belle_protection is not BelleProtection.DECLARING_CARD:
            return with_belle
        assert view.trump is not None
        trump = view.trump
        if view.trick:
            return with_belle if beats(card, view.trick[0], trump) else A.play(card)
        hidden = HiddenCards(view)
        higher = [c for c in hidden.known + hidden.free if c // 8 == trump and beats(c, card, Suit(trump))]
        return A.play(card) if higher else with_belle
