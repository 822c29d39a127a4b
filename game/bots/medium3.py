"""Medium (and easy) for three players: the bidder against two вистующие who play as partners.

``game.bots.factory`` seats a medium (easy, a character) bot at a table of three as ``MediumThree``: its
``choose`` is ``choose_three`` over the level's bot, so the level keeps one seed and one ``random.Random``
(two-player play is untouched). Bidding is medium's ``hand_value`` with a higher
threshold (the bidder must take more than the two others together); the dialog is truthful in the official
order for three; card play is a one-ply estimate over the two hidden hands (``Knowledge3``): the chance that
my side takes the trick, times what is in it, minus what the card is worth kept for later. A вистующий thus
does not overtake a partner's sure trick with a master and gives points to a partner's sure trick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import actions as A
from game import sequences as seqs
from game.actions import Action, Kind
from game.bots.base import check_turn
from game.bots.estimates import TRUMP_VALUE, win_chance
from game.bots.knowledge import card_bait_seat
from game.cards import Card, Rank, Suit, beats, points
from game.deal import DealView, Phase
from game.rules import BelleProtection, Etiquette

if TYPE_CHECKING:
    from game.bots.medium import MediumBot

# The bidder must take more than both others together: a hand must be clearly stronger than for two
# (``ORDER_THRESHOLD`` 46 on the same scale); fitted by a short sweep, see docs/bots.md "Three players".
ORDER_THRESHOLD3 = 62.0
# what a card still to come in the trick adds to its stake: a sweep (one medium against two, 150 decks × 3,
# four seeds) found 0 better than 1–6 by 1–5 points a deal, so the stake is the cards on the table
LATER_CARD = 0.0


def threshold3(bot: MediumBot) -> float:
    """The bidding threshold for three: the bot's own ``threshold3`` (a character's, or the fitting sweep's)."""
    return float(bot.threshold3)


class MediumThree:
    """A medium bot at a table of three (``MediumBot.for_three``): its parameters, seed and generator, this
    module's strategy."""

    def __init__(self, bot: MediumBot) -> None:
        self.bot = bot

    def choose(self, view: DealView) -> Action:
        return choose_three(self.bot, view)


def choose_three(bot: MediumBot, view: DealView) -> Action:
    """The three-player decision of a medium (or easy: ``bot.slip``, ``bot.bid_noise``) bot."""
    legal = view.legal
    check_turn(view, 3)
    if len(legal) == 1:
        return legal[0]
    strict = view.rules.etiquette is Etiquette.STRICT
    if view.phase is Phase.BIDDING_1:
        v = bot._bid_value(view, view.first_trump, True) + bot._noise()
        return A.ORDER if v >= threshold3(bot) and A.ORDER in legal else A.PASS
    if view.phase is Phase.BIDDING_2:
        return _name(bot, view)
    if view.phase is Phase.CLAIM:
        return A.CLAIM if A.CLAIM in legal and (not strict or claim_is_sure3(view)) else A.NO_CLAIM
    kinds = {a.kind for a in legal}
    if Kind.ANSWER_PASSES in kinds:
        truth = A.answer_passes(passes_truth3(view))
        return truth if truth in legal else legal[0]
    if Kind.TELL_TOP in kinds:
        return A.TELL_TOP
    if Kind.FOUR_SEVENS in kinds:
        return A.FOUR_SEVENS
    if Kind.SWAP in kinds or Kind.ASK_PASSES in kinds:
        swap = _swap(bot, view)
        if swap is not None and swap in legal:
            return swap
    if kinds & {Kind.ROST, Kind.PISHET, Kind.MINE, Kind.ANNOUNCE}:
        said = _dialog(view, strict)
        if said is not None:
            return said
    if A.BELLE in legal:
        return A.BELLE
    if A.CLAIM in legal and (not strict or claim_is_sure3(view)):
        return A.CLAIM
    return _play(bot, view)


# ---------------------------------------------------------------------- bidding and the seven


def _name(bot: MediumBot, view: DealView) -> Action:
    options = [a for a in view.legal if a.kind is Kind.NAME and a.suit is not None]
    if not options:
        return A.PASS
    scored = sorted(
        ((bot._bid_value(view, a.suit, False), -i, a) for i, a in enumerate(options) if a.suit is not None),
        reverse=True,
    )
    value, _, best = scored[0]
    if A.PASS not in view.legal:
        return best
    return best if value + bot._noise() >= threshold3(bot) else A.PASS


def _swap(bot: MediumBot, view: DealView) -> Action | None:
    """Medium's rule for the seven: swap unless it breaks a sequence; ask «проходит?» of both others first."""
    trump = view.trump
    assert trump is not None
    if A.SWAP not in view.legal:
        return None
    hand = list(view.hand)
    seven = Card(trump * 8 + Rank.SEVEN)
    after = [view.face_up if c == seven else c for c in hand]
    loss = sum(s.points for s in seqs.find_sequences(hand, trump, view.rules)) - sum(
        s.points for s in seqs.find_sequences(after, trump, view.rules)
    )
    if loss <= 0:
        return A.SWAP
    answers = [bool(a.value) for seat, a in view.history if a.kind is Kind.ANSWER_PASSES and seat != view.seat]
    if not answers and A.ASK_PASSES in view.legal:
        return A.ASK_PASSES
    gain = float(TRUMP_VALUE[view.face_up % 8] - TRUMP_VALUE[Rank.SEVEN])
    found = seqs.find_sequences(hand, trump, view.rules)
    p = (1.0 if all(answers) else 0.0) if answers else win_chance(found[0])
    return A.SWAP if gain > loss * p else None


def passes_truth3(view: DealView) -> bool:
    """The true answer to «проходит ли мой терц?»: no sequence of mine (played cards too) beats 7-8-9."""
    t = view.first_trump * 8
    terz = seqs.first_of_class(
        [Card(t + r) for r in (Rank.SEVEN, Rank.EIGHT, Rank.NINE)], A.TERZ, view.trump, view.rules
    )
    assert terz is not None
    found = seqs.find_sequences([*view.hand, *my_played(view)], view.trump, view.rules)
    if not found:
        return True
    asker = next(seat for seat, a in reversed(view.history) if a.kind is Kind.ASK_PASSES)
    return seqs.beats(terz, asker == view.leader, found[0], view.trump, view.rules)


def my_played(view: DealView) -> list[Card]:
    out: list[Card] = []
    for t in view.tricks:
        out.append(t.cards[(view.seat - t.leader) % view.players])
    if view.trick and view.trick_leader is not None:
        i = (view.seat - view.trick_leader) % view.players
        if i < len(view.trick):
            out.append(view.trick[i])
    return out


# ---------------------------------------------------------------------- the dialog for three


def same_side(view: DealView, a: int, b: int) -> bool:
    return a == b or (a != view.bidder and b != view.bidder)


def _dialog(view: DealView, strict: bool) -> Action | None:
    """A truthful word in the official order, or None to play in silence."""
    legal = view.legal
    own = seqs.best_class(view.hand, view.rules)
    if view.tricks:  # the questions are settled after the first trick: «у меня старше» / «родили терц»
        if A.MINE in legal and (not strict or mine_is_surely_higher3(view)):  # guided offers it only when true
            return A.MINE
        if own and A.announce(own) in legal:
            return A.announce(own)
        return A.PISHET if A.PISHET in legal else None
    standing = [(seat, a.value) for seat, a in view.history if a.kind is Kind.ANNOUNCE]
    choice: Action | None = None
    if not standing:
        choice = A.announce(own) if own else None
    else:
        owner, cls = standing[-1]
        if same_side(view, owner, view.seat):
            choice = A.announce(own) if own > cls else None
        elif own > cls:
            choice = A.announce(own)
        elif own == cls:
            first = seqs.first_of_class(view.hand, own, view.trump, view.rules)
            assert first is not None
            certain = seqs.certainly_higher(first, own, view.trump, view.rules)
            choice = A.MINE if certain else A.ROST
        else:
            choice = A.PISHET
    if choice is not None and choice in legal:
        return choice
    if {A.ROST, A.MINE, A.PISHET} & set(legal):  # a word is owed: «пишет» is always true
        return A.PISHET if A.PISHET in legal else None
    return None


def mine_is_surely_higher3(view: DealView) -> bool:
    """After the first trick: does my best sequence surely beat what stands — a higher class, or the same class
    against the top card named aloud (after «рост?», or with «не годится»), equal ones decided as the engine
    does (the trump, then the one of the player whose turn comes first)?"""
    found = seqs.find_sequences([*view.hand, *my_played(view)], view.trump, view.rules)
    if not found:
        return False
    mine = found[0]
    cls = max((a.value for _, a in view.history if a.kind is Kind.ANNOUNCE), default=0)
    if mine.length != cls:
        return mine.length > cls
    top = view.said_top
    if top is None:
        return seqs.certainly_higher(mine, cls, view.trump, view.rules)
    theirs = seqs._make(Suit(top // 8), seqs._positions(view.rules)[top % 8], cls, view.rules)
    owner = next((s for s, a in reversed(view.history) if a.kind in (Kind.MINE, Kind.ANNOUNCE, Kind.TELL_TOP)), None)
    lead = view.tricks[0].leader if view.tricks else None
    earlier = owner is not None and lead is not None and (view.seat - lead) % 3 < (owner - lead) % 3
    return seqs.beats(mine, earlier, theirs, view.trump, view.rules)


def claim_is_sure3(view: DealView) -> bool:
    """A claim that is surely true (strict etiquette punishes a false one): card points alone are enough."""
    target = view.rules.target
    if view.phase is Phase.CLAIM:
        if view.result is None:
            return False
        after = view.result.scores_after
        reached = [s for s in range(view.players) if after[s] >= target]
        last = view.tricks[-1].winner if view.tricks else None
        return view.seat in reached and (len(reached) == 1 or last == view.seat)
    if card_bait_seat(view) == view.seat:  # the offender's points of the deal go to the others, a claim or not
        return view.context.scores[view.seat] >= target
    return view.context.scores[view.seat] + view.card_points[view.seat] >= target


# ---------------------------------------------------------------------- card play


class Knowledge3:
    """Who of the two others (or the stock) may hold each unseen card, from the view alone."""

    def __init__(self, view: DealView) -> None:
        self.view = view
        self.n = view.players
        trump = view.trump
        assert trump is not None
        self.trump: Suit = trump
        self.others = [s for s in range(self.n) if s != view.seat]
        self.void: dict[int, set[int]] = {s: set() for s in self.others}
        played: set[Card] = set()
        tricks = [(t.leader, t.cards) for t in view.tricks]
        if view.trick and view.trick_leader is not None:
            tricks.append((view.trick_leader, view.trick))
        for leader, cards in tricks:
            played.update(cards)
            led = cards[0] // 8
            for i, c in enumerate(cards[1:], 1):
                seat = (leader + i) % self.n
                if seat in self.void and c // 8 != led:
                    self.void[seat].add(led)
                    if c // 8 != trump:
                        self.void[seat].add(trump)
        self.held: dict[int, set[Card]] = {s: set() for s in self.others}
        for s in self.others:
            self.held[s].update(c for c in view.shown[s] if c not in played)
        self._attribute_known(view, played)
        dead = {view.face_up} | ({view.freza} if view.freza is not None else set())
        seen = set(view.hand) | played | dead
        for s in self.others:
            self.held[s] -= seen
        self.unseen = [Card(c) for c in range(32) if Card(c) not in seen]
        sizes = view.hand_sizes or tuple(len(view.hand) for _ in range(self.n))
        self.cap = {s: max(0, sizes[s] - len(self.held[s])) for s in self.others}
        attributed = set().union(*self.held.values())
        self.loose = [c for c in self.unseen if c not in attributed]
        self.stock_cap = max(0, len(self.loose) - sum(self.cap.values()))
        self.p: dict[int, dict[Card, float]] = {s: {} for s in self.others}
        for c in self.loose:
            eligible = {s: self.cap[s] for s in self.others if c // 8 not in self.void[s]}
            total = sum(eligible.values()) + self.stock_cap
            for s in self.others:
                self.p[s][c] = eligible.get(s, 0) / total if total else 0.0
        for s in self.others:
            for c in self.held[s]:
                self.p[s][c] = 1.0

    def _attribute_known(self, view: DealView, played: set[Card]) -> None:
        """Give ``known_opponent_cards`` their owners: the other belle card to its declarer, the swapped
        вскрышка (the one left of the first trump's suit) to whoever swapped."""
        known = set(view.known_opponent_cards) - played
        pair = {Card(self.trump * 8 + Rank.KING), Card(self.trump * 8 + Rank.QUEEN)}
        for seat, a in view.history:
            if seat in self.held and (a.kind is Kind.BELLE or (a.kind is Kind.PLAY and a.value)):
                mine = pair & known
                self.held[seat] |= mine
                known -= mine
        swappers = [seat for seat, a in view.history if a.kind is Kind.SWAP and seat in self.held]
        for s in self.others:
            known -= self.held[s]
        if len(swappers) == 1:
            self.held[swappers[0]] |= {c for c in known if c // 8 == view.first_trump}

    def p_any(self, seat: int, cards: list[Card]) -> float:
        """Chance ``seat`` holds at least one of ``cards`` (independence assumed)."""
        miss = 1.0
        for c in cards:
            miss *= 1.0 - self.p[seat].get(c, 0.0)
        return 1.0 - miss

    def p_beats(self, seat: int, led: Card, best: Card) -> float:
        """Chance ``seat`` may and can take a trick led by ``led`` and won so far by ``best``."""
        t = self.trump
        suit = led // 8
        of_suit = [c for c in self.p[seat] if c // 8 == suit]
        holds_suit = self.p_any(seat, of_suit)
        if best // 8 == suit:
            higher = [c for c in of_suit if beats(c, best, t)]
            q = self.p_any(seat, higher)
            if suit != t:
                q += (1.0 - holds_suit) * self.p_any(seat, [c for c in self.p[seat] if c // 8 == t])
            return min(1.0, q)
        higher_trumps = [c for c in self.p[seat] if c // 8 == t and beats(c, best, t)]
        return (1.0 - holds_suit) * self.p_any(seat, higher_trumps)

    def p_master(self, card: Card) -> float:
        """Chance no other hand holds a card of ``card``'s suit that beats it (ruffs aside)."""
        higher = [c for c in self.unseen if c // 8 == card // 8 and beats(c, card, self.trump)]
        miss = 1.0
        for s in self.others:
            miss *= 1.0 - self.p_any(s, higher)
        return miss


def _play(bot: MediumBot, view: DealView) -> Action:
    plays = [a for a in view.legal if a.kind is Kind.PLAY and a.card is not None]
    cards = sorted({a.card for a in plays if a.card is not None})
    if not cards:
        return view.legal[0]
    k = Knowledge3(view)
    if bot.slip and bot.rng.random() < bot.slip:
        card = cards[bot.rng.randrange(len(cards))]
    else:
        card = max(cards, key=lambda c: (card_score(bot, view, k, c), -int(c)))
    return _with_belle(view, k, card, plays)


def _with_belle(view: DealView, k: Knowledge3, card: Card, plays: list[Action]) -> Action:
    with_belle = A.play(card, belle=True)
    if with_belle not in plays:
        return A.play(card)
    if view.rules.belle_protection is not BelleProtection.DECLARING_CARD:
        return with_belle
    t = card // 8 * 8
    other = t + Rank.QUEEN if card % 8 == Rank.KING else t + Rank.KING
    if other not in view.hand or p_side_wins(view, k, card) >= 0.6:
        return with_belle
    return A.play(card)


def p_side_wins(view: DealView, k: Knowledge3, card: Card) -> float:
    """Chance my side takes the current trick if I play ``card`` now (one pass over the seats still to play)."""
    trump = k.trump
    n = view.players
    leader = view.trick_leader if view.trick else view.seat
    assert leader is not None
    cards = [*view.trick, card]
    best_i = 0
    for i, c in enumerate(cards[1:], 1):
        if beats(c, cards[best_i], trump):
            best_i = i
    best = cards[best_i]
    winner = (leader + best_i) % n
    p = 1.0 if same_side(view, winner, view.seat) else 0.0
    for i in range(len(cards), n):
        seat = (leader + i) % n
        q = k.p_beats(seat, cards[0], best)
        if same_side(view, seat, view.seat):
            p += (1.0 - p) * q
        else:
            p -= p * q
    return p


def card_score(bot: MediumBot, view: DealView, k: Knowledge3, c: Card) -> float:
    """My side's expected points from the trick minus what keeping ``c`` is worth."""
    trump = k.trump
    later = view.players - len(view.trick) - 1
    last = len(view.hand) == 1
    stake = (
        sum(points(x, trump) for x in view.trick)
        + points(c, trump)
        + float(getattr(bot, "later_card", LATER_CARD)) * later
        + (10 if last else 0)
    )
    p = p_side_wins(view, k, c)
    score = (2.0 * p - 1.0) * stake + bot.win_bonus * p
    if not view.trick and c // 8 == trump and view.bidder == view.seat:
        opp_trumps = [x for x in k.unseen if x // 8 == trump]
        p_out = max((k.p_any(s, opp_trumps) for s in k.others), default=0.0)
        if p_out > 0 and k.p_master(c) > 0.99 and sum(1 for x in view.hand if x // 8 == trump) >= 2:
            score += bot.draw_bonus * p_out  # draw trumps with the master
    return score - _keep(bot, k, c)


def _keep(bot: MediumBot, k: Knowledge3, c: Card) -> float:
    """What holding ``c`` for later is worth: it wins later with the chance it is (or becomes) the master."""
    trump = k.trump
    p = points(c, trump)
    w = k.p_master(c)
    if c // 8 == trump:
        return p * (2 * w - 1) + bot.capture * w + bot.trump_keep
    ruff = 0.0
    for s in k.others:
        of_suit = [x for x in k.p[s] if x // 8 == c // 8]
        ruff = max(ruff, (1.0 - k.p_any(s, of_suit)) * k.p_any(s, [x for x in k.p[s] if x // 8 == trump]))
    w *= 1.0 - ruff
    return p * (2 * w - 1) + bot.capture * w
