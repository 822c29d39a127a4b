"""One deal as an explicit state machine: bidding, the draw, the swap, the announcement dialog, play, scoring.

``Deal(rules, dealer, deck)`` is fully defined by the deck order; ``apply`` re-applies actions one by one
(replays, saves, undo and the bots' search all use this one path). ``legal_actions`` lists exactly what
may be done now; anything else raises ``IllegalAction`` naming the rule it breaks.

The deal holds what the whole table shares (the hands, the trump, the bidder, whose turn it is, the history,
the penalties, the result) and hands each stage to a part that owns its own state: ``auction`` (the two rounds
of bidding), ``wager`` (the offer of fifty and «даве»), ``announcements`` (sequences and their dialog: one
strategy for two players, one for three), ``belle``, ``trickplay`` (the tricks) and ``settlement`` (scoring
and the claim). The dealing convention is in ``game.deal.dealing``; who sits where in ``game.seating``.
"""

from __future__ import annotations

from collections.abc import Callable

from game import actions as A
from game import sequences as seqs
from game.actions import FIFTY, TERZ, Action, Kind
from game.cards import Card, Rank, Suit, validate_deck
from game.deal.announcements import Announcements
from game.deal.auction import Auction
from game.deal.belle import Belle
from game.deal.dealing import dealing_order, positions
from game.deal.dialog_three import ThreePlayerDialog
from game.deal.dialog_two import TwoPlayerDialog
from game.deal.events import Event, EventKind, Phase, Trick
from game.deal.settlement import Settlement
from game.deal.tricks import TrickPlay
from game.deal.view import DealView
from game.deal.wager import Wager
from game.errors import IllegalAction
from game.rules import Etiquette, Rules
from game.scoring import DealResult, MatchContext, Outcome, Penalty, unscored
from game.seating import Seating

# the announcement dialog's strategy for each number of players (docs/rules.md, «The dialog for three»)
DIALOGS: dict[int, Callable[[Deal], Announcements]] = {2: TwoPlayerDialog, 3: ThreePlayerDialog}


def _well_formed(action: object) -> bool:
    """Does ``action`` have the shape of its kind (as ``Action.parse`` would build it)?"""
    if not isinstance(action, Action) or not isinstance(action.kind, Kind):
        return False
    kind, card, suit, value = action
    if type(value) is not int:
        return False
    if kind is Kind.PLAY:
        return isinstance(card, Card) and suit is None and value in (0, 1)
    if kind is Kind.NAME:
        return card is None and isinstance(suit, Suit) and value == 0
    if kind is Kind.ANNOUNCE:
        return card is None and suit is None and value in (TERZ, FIFTY)
    if kind in (Kind.ANSWER_PASSES, Kind.ANSWER_OFFER, Kind.ANSWER_DAVE):
        return card is None and suit is None and value in (0, 1)
    return card is None and suit is None and value == 0


class Deal:
    """A single deal. Seats are 0..n-1 (n = ``rules.players``); the dealer's left speaks and (by default) leads
    first."""

    def __init__(
        self, rules: Rules, dealer: int, deck: list[Card] | tuple[Card, ...], context: MatchContext | None = None
    ) -> None:
        n = self.n = rules.players
        if dealer not in range(n):
            raise ValueError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
        self.rules = rules
        self.strict = rules.etiquette is Etiquette.STRICT
        self.dealer = dealer
        self.seating = Seating(n, dealer)
        self.deck: tuple[Card, ...] = tuple(validate_deck(deck))
        self.context = context or MatchContext(scores=(0,) * n, baits=(0,) * n)
        self.order = dealing_order(dealer, n)  # the seating's, cached
        d = self.deck
        pos = self.positions = positions(n)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        for i, seat in enumerate(self.order):
            self.hands[seat] = [d[j] for j in pos.first[i]]
        self.vskryshka: Card = d[pos.vskryshka]
        self.face_up: Card = d[pos.vskryshka]
        self.first_trump: Suit = Suit(d[pos.vskryshka] // 8)
        self.freza: Card | None = None
        self.phase = Phase.BIDDING_1
        self.to_act = self.order[0]
        self.trump: Suit | None = None
        self.bidder: int | None = None
        self.leader: int | None = None  # who leads the first trick
        self.history: list[tuple[int, Action]] = []
        self.dealt_at: int | None = None  # the number of actions applied when the last cards were dealt
        self.shown_at: int | None = None  # ... when another seat's sequence cards were last shown (``shown_cards``)
        self._shown: tuple[tuple[Card, ...], ...] = ()  # every seat's shown cards after the last action
        self.swapped_by: int | None = None
        self.penalties: list[Penalty] = []
        self.outcome = Outcome.PLAYED
        self.result: DealResult | None = None
        self.auction = Auction(self)
        self.wager = Wager(self)
        self.trickplay = TrickPlay(self)
        self.belle = Belle(self)
        self.announcements = DIALOGS[n](self)
        self.settlement = Settlement(self)
        self._handlers = self._handler_table()
        self._legal: list[Action] | None = None

    def _handler_table(self) -> dict[Kind, Callable[[int, Action], list[Event]]]:
        """Which part applies each kind of action (a card is played by ``trickplay``)."""
        auction, wager, ann, settlement = self.auction, self.wager, self.announcements, self.settlement
        return {
            Kind.ORDER: auction.bid,
            Kind.PASS: auction.bid,
            Kind.NAME: auction.bid,
            Kind.SWAP: self._swap,
            Kind.ASK_PASSES: ann.ask_passes,
            Kind.ANSWER_PASSES: ann.answer_passes,
            Kind.FOUR_SEVENS: self._four_sevens,
            Kind.ANNOUNCE: ann.announce,
            Kind.ROST: ann.rost,
            Kind.TELL_TOP: ann.tell_top,
            Kind.PISHET: ann.pishet,
            Kind.MINE: ann.mine,
            Kind.BELLE: self.belle.declare,
            Kind.CLAIM: settlement.make_claim,
            Kind.NO_CLAIM: settlement.no_claim,
            Kind.OFFER: wager.make_offer,
            Kind.NO_OFFER: wager.no_offer,
            Kind.ANSWER_OFFER: wager.answer_offer,
            Kind.DAVE: wager.dave,
            Kind.ANSWER_DAVE: wager.answer_dave,
        }

    def next_seat(self, seat: int) -> int:
        return self.seating.next(seat)

    # ------------------------------------------------------------------ the table's state, read by everyone

    @property
    def trick(self) -> list[Card]:
        """The cards of the trick on the table, in play order."""
        return self.trickplay.trick

    @property
    def trick_leader(self) -> int | None:
        return self.trickplay.trick_leader

    @property
    def tricks(self) -> list[Trick]:
        """The tricks taken so far."""
        return self.trickplay.tricks

    @property
    def card_points(self) -> list[int]:
        return self.trickplay.card_points

    # ------------------------------------------------------------------ queries

    def current_player(self) -> int | None:
        if self.phase is Phase.OVER:
            return None
        ann = self.announcements
        if ann.pending_answer is not None:
            return ann.pending_answer
        speaker = ann.speaker_now()
        return speaker if speaker is not None else self.to_act

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(self.hands[seat])

    def plays_before(self, a: int, b: int) -> bool:
        """Does ``a`` play before ``b`` in the first trick?"""
        lead = self.tricks[0].leader if self.tricks else self.leader
        assert lead is not None
        return self.seating.plays_before(a, b, lead)

    def claimed_scores(self) -> tuple[int, ...]:
        """Each seat's sheet total if the game were claimed now, during play (what a claim writes)."""
        return self.settlement.claimed_scores()

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act, in a fixed order."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    # ------------------------------------------------------------------ legal actions

    def _compute_legal(self) -> list[Action]:
        ph = self.phase
        if ph is Phase.BIDDING_1 or ph is Phase.BIDDING_2:
            return self.auction.legal()
        if ph is Phase.CLAIM:
            return self.settlement.claim_phase_legal()
        if ph is Phase.OVER:
            return []
        if ph is Phase.OFFER:
            return self.wager.offer_legal()
        if self.wager.dave_by is not None:
            return [A.answer_dave(True), A.answer_dave(False)]
        ann = self.announcements
        if ann.pending_answer is not None:
            return ann.passes_answers()
        speaker = ann.speaker_now()
        if speaker is not None:
            return ann.speaker_options(speaker)
        return self._play_phase_actions()

    def _play_phase_actions(self) -> list[Action]:
        p = self.to_act
        ann = self.announcements
        out: list[Action] = []
        must_answer = False
        if not self.trickplay.played[p]:
            if not ann.spoke[p] and self._can_swap(p):
                out.append(A.SWAP)
                if ann.may_ask_passes(p):
                    out.append(A.ASK_PASSES)
            if self.rules.four_sevens_redeal and sum(1 for c in self.hands[p] if c % 8 == Rank.SEVEN) == 4:
                out.append(A.FOUR_SEVENS)
            words, must_answer = ann.first_card_options(p)
            out.extend(words)
        if must_answer:
            return out
        if self.belle.may_declare(p):
            out.append(A.BELLE)
        if self.settlement.may_claim_now(p):
            out.append(A.CLAIM)
        if self.wager.may_dave(p):
            out.append(A.DAVE)
        out.extend(self.trickplay.card_plays(p))
        return out

    def _can_swap(self, p: int) -> bool:
        if not self.rules.seven_swap or self.trump != self.first_trump or self.swapped_by is not None:
            return False
        return Card(self.trump * 8 + Rank.SEVEN) in self.hands[p]

    # ------------------------------------------------------------------ applying actions

    def apply(self, action: Action) -> list[Event]:
        """Apply one action of the player to act; returns what happened. Raises ``IllegalAction``."""
        if not _well_formed(action):
            raise IllegalAction("unknown_action", repr(action))
        if self.phase is Phase.OVER:
            raise IllegalAction("deal_over")
        legal = self._legal if self._legal is not None else self.legal_actions()
        assert legal is not None
        if action not in legal:
            raise IllegalAction(self._why_illegal(action), str(action))
        seat = self.current_player()
        assert seat is not None
        self._legal = None
        self.history.append((seat, action))
        if action.kind is Kind.PLAY:
            assert action.card is not None
            events = self.trickplay.play(seat, action.card, bool(action.value))
        else:
            events = self._handlers[action.kind](seat, action)
        if self.trickplay.tricks:  # the sequences are shown from the first trick's end on
            shown = tuple(self.shown_cards(p) for p in range(self.n))
            before = self._shown or ((),) * self.n
            if any(shown[p] != before[p] for p in range(self.n) if p != seat):
                self.shown_at = len(self.history)  # undo stops here: the others' cards are known now
            self._shown = shown
        return events

    def why_illegal(self, action: Action) -> str | None:
        """The rule ``action`` would break now (a key of ``errors.RULES``), None if it is legal; nothing is applied.
        The UI asks this to say why a card cannot be played instead of sending it to be refused."""
        if not _well_formed(action):
            return "unknown_action"
        if self.phase is Phase.OVER:
            return "deal_over"
        return None if action in self.legal_actions() else self._why_illegal(action)

    def _why_illegal(self, action: Action) -> str:
        """Name the rule an action breaks (for the message; legality itself is ``legal_actions``)."""
        legal = self._legal or []
        if not isinstance(action, Action) or not isinstance(action.kind, Kind):
            return "unknown_action"
        ph = self.phase
        kind = action.kind
        ann = self.announcements
        if ph is Phase.BIDDING_1 or ph is Phase.BIDDING_2:
            return self.auction.why_illegal(action)
        if ph is Phase.CLAIM:
            return "claim_false" if kind is Kind.CLAIM else "wrong_phase"
        if ph is Phase.OFFER:
            return "answer_offer" if self.wager.offer_by is not None else "offer_window"
        if self.wager.dave_by is not None:
            return "answer_dave"
        if kind in (Kind.OFFER, Kind.NO_OFFER, Kind.ANSWER_OFFER):
            return "offer_window"
        if kind in (Kind.DAVE, Kind.ANSWER_DAVE):
            return "dave_timing"
        if ann.pending_answer is not None:
            return "false_answer" if kind is Kind.ANSWER_PASSES else "answer_question"
        if ann.speaker is not None:  # three players: the dialog is settled before the next lead
            return "add_first" if ann.adding else "answer_first"
        p = self.to_act
        played = self.trickplay.played[p]
        if kind is Kind.PLAY:
            assert action.card is not None
            if action.card not in self.hands[p]:
                return "not_in_hand"
            if any(a.kind in (Kind.ROST, Kind.PISHET, Kind.MINE) for a in legal):
                return "answer_first"
            if action.value:
                return "belle_timing" if self.belle.owner == p else "belle_not_held"
            return self.trickplay.why_card_illegal(action.card, self.hands[p])
        if kind is Kind.SWAP:
            if not self.rules.seven_swap:
                return "swap_disabled"
            if self.trump != self.first_trump:
                return "swap_first_trump_only"
            if played or ann.spoke[p]:
                return "swap_before_first_card"
            return "swap_needs_seven"
        if kind is Kind.ASK_PASSES:
            return "passes_question"
        if kind is Kind.ANNOUNCE:
            if played:
                return "announce_before_first_card"
            if ann.spoke[p]:
                return "already_announced"
            return "announce_best_first"
        if kind is Kind.ROST:
            own = seqs.best_class(self.hands[p], self.rules)
            announced = ann.announced
            return "rost_certainly_higher" if own >= announced and announced else "rost_needs_same_class"
        if kind is Kind.MINE:
            return "mine_not_higher"
        if kind is Kind.BELLE:
            return "belle_timing" if self.belle.owner == p else "belle_not_held"
        if kind is Kind.FOUR_SEVENS:
            return "four_sevens"
        if kind is Kind.CLAIM:
            return "claim_false" if self.settlement.may_claim_position(p) else "claim_timing"
        return "wrong_phase"

    # before the first card ---------------------------------------------------

    def _swap(self, seat: int, action: Action) -> list[Event]:
        assert self.trump is not None
        seven = Card(self.trump * 8 + Rank.SEVEN)
        hand = self.hands[seat]
        hand[hand.index(seven)] = self.face_up
        taken = self.face_up
        self.face_up = seven
        self.swapped_by = seat
        self.belle.find_owner()
        return [Event(EventKind.SWAP, seat, card=taken)]

    def _four_sevens(self, seat: int, action: Action) -> list[Event]:
        return [Event(EventKind.FOUR_SEVENS, seat), *self.finish_unscored(Outcome.REDEAL_FOUR_SEVENS)]

    # the end ------------------------------------------------------------------

    def set_result(self, result: DealResult) -> None:
        self.result = result
        self.phase = Phase.OVER
        self._legal = []

    def finish_unscored(self, outcome: Outcome) -> list[Event]:
        """A redeal (everybody passed twice, four sevens): nothing is written."""
        self.outcome = outcome
        self.set_result(unscored(outcome, self.context))
        return [Event(EventKind.REDEAL, None, detail=outcome.value), Event(EventKind.OVER, None)]

    # ------------------------------------------------------------------ views

    def shown_cards(self, seat: int) -> tuple[Card, ...]:
        """The counted sequences of ``seat``, shown to the table after the first trick."""
        return self.announcements.shown_cards(seat)

    def view(self, seat: int) -> DealView:
        ann, belle, tp = self.announcements, self.belle, self.trickplay
        known: list[Card] = []
        for opp in (p for p in range(self.n) if p != seat):
            in_opp_hand = set(self.hands[opp])
            if self.swapped_by == opp and self.vskryshka in in_opp_hand:
                known.append(self.vskryshka)
            known.extend(c for c in self.shown_cards(opp) if c in in_opp_hand and c not in known)
            if belle.declared[opp] and self.trump is not None:
                t = self.trump * 8
                known.extend(
                    Card(t + r) for r in (Rank.KING, Rank.QUEEN) if t + r in in_opp_hand and t + r not in known
                )
        legal = tuple(self.legal_actions()) if self.current_player() == seat else ()
        return DealView(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.current_player(),
            hand=tuple(sorted(self.hands[seat])),
            opponent_cards=len(self.hands[self.next_seat(seat)]),
            face_up=self.face_up,
            first_trump=self.first_trump,
            trump=self.trump,
            bidder=self.bidder,
            freza=self.freza,
            leader=self.leader,
            history=tuple(self.history),
            trick=tuple(tp.trick),
            trick_leader=tp.trick_leader if self.phase is Phase.PLAY else None,
            tricks=tuple(tp.tricks),
            card_points=tuple(tp.card_points),
            known_opponent_cards=tuple(known),
            shown=tuple(self.shown_cards(p) for p in range(self.n)),
            legal=legal,
            context=self.context,
            result=self.result if self.phase in (Phase.OVER, Phase.CLAIM) else None,  # provisional in CLAIM
            told_top=ann.told_top,
            said_top=ann.said_top,
            sequence_owner=ann.seq_owner,
            sequence_points=sum(s.points for s in ann.counted),
            belle_declared=tuple(belle.declared),
            penalties=tuple(self.penalties),
            stake=self.wager.stake,
            dave_owner=self.wager.dave_owner,
            hand_sizes=tuple(len(h) for h in self.hands),
            added_by=ann.added_by,
            added_points=sum(s.points for s in ann.added),
        )
