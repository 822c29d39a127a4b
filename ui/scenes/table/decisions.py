"""What the human decides now: the dialog panel (bidding, announcements, «рост?», belle, the claim, a card's
confirmation), its prompt and button labels, and the status line's words on whose turn it is and what to do.

``Moment`` is what the words are about (the scene makes one from its model and controller); ``TableWords``
words it; ``DecisionPanel`` owns the pygame_gui panel and the questions in the air (a card awaiting «с беллой?»
or «да», the «Партия!» awaiting «да») and turns a button press into a ``PlayRequest`` for the scene.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import pygame
import pygame_gui

from game.actions import Action, Kind
from game.cards import Card
from game.counts import player_count
from game.deal import DealView, Phase
from game.rules import Etiquette
from ui.controller import TableModel
from ui.dialogs import ChoicePanel
from ui.i18n import action_label, action_tip, card_from, card_name, class_name, quoted, suit_name, tr
from ui.scenes.table.speech import class_word, top_words
from ui.seats import named_apart, seat_names, seat_phrase
from ui.widgets.hand import HandWidget


@dataclass(frozen=True)
class Moment:
    """The table as the human's words see it now."""

    model: TableModel
    seat: int
    others: list[int]  # the other seats in the order they act after the human
    human_to_act: bool
    bot_thinking: bool
    autoplay: bool
    open: bool  # no end-of-deal summary or game-over panel over the table

    @property
    def view(self) -> DealView:
        return self.model.view

    @property
    def key(self) -> tuple[int, int]:
        """The position: the deal and the number of actions in it (a message or a hint is about one)."""
        return self.model.deal_number, len(self.model.view.history)


class PlayRequest(NamedTuple):
    """An action the human chose, for the scene to submit; ``launch``: where the human's card starts its flight
    to the trick (the top-left of the card let go or chosen; None: from its place in the hand)."""

    action: Action
    launch: tuple[int, int] | None = None


class PendingPlay(NamedTuple):
    """A card dropped that asks first («с беллой?», or «да» when every card is confirmed)."""

    card: Card
    options: list[Action]
    from_pos: tuple[int, int]


class TableWords:
    """The prompt, the buttons' labels and the status text for the human at ``seat``. ``claim_in_panel``: the
    claim is a dialog answer even in strict play (the practice drills ask exactly that)."""

    def __init__(self, seat: int, claim_in_panel: bool = False) -> None:
        self.seat = seat
        self.claim_in_panel = claim_in_panel
        self.levels: dict[int, str] = {}  # each bot seat's level: a character is named by it (ui.seats)

    def panel_words(self, view: DealView) -> list[Action]:
        """The words the dialog offers. In strict etiquette nobody prompts «Партия!» during play (a trap at 0:0):
        the claim is a key (P) and a button, there whenever it is legal; guided play offers it only when true."""
        strict = view.rules.etiquette is Etiquette.STRICT and view.phase is Phase.PLAY and not self.claim_in_panel
        words = [a for a in view.legal if a.kind is not Kind.PLAY and not (strict and a.kind is Kind.CLAIM)]
        passes = [a for a in words if a.kind is Kind.PASS]
        if view.phase is Phase.BIDDING_2 and passes and len(words) > 2:  # «Пас» second, as in the first round: a
            rest = [a for a in words if a.kind is not Kind.PASS]  # quick double click on it passes again, never
            words = [rest[0], passes[0], *rest[1:]]  # names a trump (one did); and 2 is «пас» in both rounds
        return words

    def claim_action(self, m: Moment) -> Action | None:
        """The claim the human may make now by key or button (strict etiquette, during play and at the score-keeping,
        where the panel offers it too: the button stood grey beside «Партия! (выигрыш)»), else None."""
        view = m.view
        if m.autoplay or not m.open or not m.human_to_act:
            return None
        if view.rules.etiquette is not Etiquette.STRICT or view.phase not in (Phase.PLAY, Phase.CLAIM):
            return None
        if self.claim_in_panel:
            return None
        return next((a for a in view.legal if a.kind is Kind.CLAIM), None)

    def adding(self, view: DealView) -> bool:
        """Three players, after the first trick: my partner's sequence was written and I may add mine to it
        («родили терц») or have nothing to add — not an answer to an opponent's announcement."""
        owner = view.sequence_owner
        return (
            owner is not None
            and owner not in (self.seat, view.bidder)
            and self.seat != view.bidder
            and view.added_by is None
            and bool(view.tricks)
            and any(a.kind is Kind.PISHET for a in view.legal)
        )

    def label(self, view: DealView, action: Action) -> str:
        if self.adding(view) and action.kind is Kind.ANNOUNCE:  # «Родили терц» (the drills' verdicts say so)
            return tr("btn_added", cls=class_word(action.value))
        if action.kind is Kind.TELL_TOP:
            top = view.own_top_card  # the engine's answer: the top card of the class I announced
            if top is not None:
                return top_words(top, view.trump)
        if action.kind is Kind.SWAP:
            return f"{tr('btn_swap')} ({card_name(view.face_up)})"
        if action.kind is Kind.ANSWER_DAVE and action.value:
            return tr("btn_dave_yes", stake=view.stake * 2)
        if action.kind is Kind.ANSWER_DAVE:  # what giving up costs: the stake before the raise (beside «Играть на ×4»)
            return tr("btn_dave_give_up", stake=view.stake)
        return action_label(action)

    def said_by(self, m: Moment, kinds: set[Kind]) -> int:
        """The other seat that last said one of ``kinds`` (whose words the human answers now); the first other
        seat when none did."""
        for seat, action in reversed(m.view.history):
            if seat != self.seat and action.kind in kinds:
                return seat
        return m.others[0]

    @staticmethod
    def answered_words(view: DealView, speaker: int) -> str:
        """The words of ``speaker``'s announcement or named top card that the human answers now — not its
        latest words, which may be «Белла» said after them."""
        for seat, action in reversed(view.history):
            if seat != speaker:
                continue
            if action.kind is Kind.TELL_TOP and view.told_top is not None:
                return top_words(view.told_top, view.trump)
            if action.kind is Kind.MINE and view.said_top is not None and player_count(view.players).mine_names_top:
                cls = max((a.value for _, a in view.history if a.kind is Kind.ANNOUNCE), default=0)
                return tr("say_mine_after_top", cls=class_name(cls), card=card_from(view.said_top))
            if action.kind is Kind.ANNOUNCE:
                return class_name(action.value)
        return ""

    @staticmethod
    def owes_top_card(view: DealView, seat: int) -> bool:
        """Was ``seat``'s announcement answered «рост?» and its top card not yet told (it speaks, not plays)?"""
        for s, action in reversed(view.history):
            if action.kind is Kind.TELL_TOP:
                return False
            if action.kind is Kind.ROST:
                return any(a.kind is Kind.ANNOUNCE for p, a in view.history if p == seat) and s != seat
        return False

    def about(self, view: DealView, seat: int, two: str, three: str, **kw: object) -> str:
        """A sentence about another seat: the two-player words about «соперник», or the words naming it (``{who}``,
        and ``{whom}`` in the instrumental: «соперником слева») — for three, and for a character at two
        («⚡ Жора Лихой думает…»)."""
        level = self.levels.get(seat)
        if not named_apart(view.players, level):
            return tr(two, **kw)
        who = seat_names(self.seat, view.players, levels=self.levels, bidder=view.bidder)[seat]
        return tr(three, who=who, whom=seat_phrase(self.seat, seat, view.players, level, "ins", view.bidder), **kw)

    def prompt(self, m: Moment, words: list[Action]) -> str:
        view = m.view
        kinds = {a.kind for a in words}
        speaker = self.said_by(m, {Kind.ANNOUNCE, Kind.TELL_TOP, Kind.MINE})
        opp_said = self.answered_words(view, speaker)
        if view.phase is Phase.BIDDING_1:
            return tr("pr_bid1", suit=suit_name(view.first_trump))
        if view.phase is Phase.BIDDING_2:
            return tr("pr_bid2")
        if view.phase is Phase.CLAIM:
            return tr("pr_claim")
        if Kind.ANSWER_OFFER in kinds:
            return tr("pr_offer_answer")
        if view.phase is Phase.OFFER:
            return tr("pr_offer")
        if Kind.ANSWER_DAVE in kinds:
            return tr("pr_dave_answer", stake=view.stake)
        if Kind.ANSWER_PASSES in kinds:
            return self.about(view, self.said_by(m, {Kind.ASK_PASSES}), "pr_passes", "pr_passes3")
        if Kind.TELL_TOP in kinds:
            return self.about(view, self.said_by(m, {Kind.ROST}), "pr_tell_top", "pr_tell_top3")
        if self.adding(view):  # the owner is my partner: said so, not by his seat («соперник справа»)
            return tr("pr_add3", pts=view.sequence_points)
        if kinds & {Kind.ROST, Kind.PISHET, Kind.MINE}:
            return self.about(view, speaker, "pr_answer", "pr_answer3", what=opp_said)
        played = any(seat == self.seat and a.kind is Kind.PLAY for seat, a in view.history)
        return tr("pr_before_card" if played else "pr_before")  # e.g. claiming the game mid-deal

    def status_text(self, m: Moment) -> str:
        view = m.view
        if m.model.game_over is not None:
            return tr("st_game_over")
        if view.phase is Phase.OVER:
            return tr("st_over")
        if m.autoplay:
            return tr("st_autoplay", n=m.model.deal_number)
        seat: int | None = view.to_act if view.to_act is not None else m.others[0]
        if seat == self.seat:  # the player's turn while a card still flies: about the one who played it
            last = view.history[-1][0] if view.history and view.phase is Phase.PLAY else self.seat
            seat = None if last == self.seat else last  # else the player's own words
        if not m.human_to_act and seat is not None:  # («Вы ходит…» was said of the player's own seat)
            if view.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
                return self.about(view, seat, "st_opp_bid", "st_opp_bid3")
            if view.players == 3 and self.owes_top_card(view, seat):
                return self.about(view, seat, "st_opp_turn", "st_opp_tells3")
            if m.bot_thinking:
                return self.about(view, seat, "st_opp_think", "st_opp_think3")
            return self.about(view, seat, "st_opp_turn", "st_opp_turn3")
        kinds = {a.kind for a in view.legal}
        if view.phase is Phase.BIDDING_1:
            return tr("st_bid1", suit=suit_name(view.first_trump))
        if view.phase is Phase.BIDDING_2:
            return tr("st_bid2") if Kind.PASS in kinds else tr("st_bid2_forced")
        if view.phase is Phase.CLAIM:
            return tr("st_claim")
        if view.phase is Phase.OFFER or kinds & {Kind.ANSWER_DAVE}:
            return self.prompt(m, [a for a in view.legal if a.kind is not Kind.PLAY])
        if Kind.ANSWER_PASSES in kinds:
            return self.about(view, self.said_by(m, {Kind.ASK_PASSES}), "st_answer_passes", "st_answer_passes3")
        if Kind.TELL_TOP in kinds:
            return self.about(view, self.said_by(m, {Kind.ROST}), "st_tell_top", "st_tell_top3")
        if self.adding(view) and Kind.PLAY not in kinds:  # the panel's question, not «…». Ваш ответ?
            return tr("pr_add3", pts=view.sequence_points)
        if kinds & {Kind.ROST, Kind.PISHET, Kind.MINE} and Kind.PLAY not in kinds:
            speaker = self.said_by(m, {Kind.ANNOUNCE, Kind.TELL_TOP, Kind.MINE})
            what = self.answered_words(view, speaker) or "?"
            return self.about(view, speaker, "st_answer_announce", "st_answer_announce3", what=what)
        text = tr("st_follow", card=card_name(view.trick[0])) if view.trick else tr("st_lead")
        extras = [self.label(view, a) for a in self.panel_words(view)]
        if extras:
            text += tr("st_extra", what=", ".join(quoted(e) for e in extras))  # «…терц?», «Терц»: not «терц?, Терц»
        if view.stake != 1:
            text += " · " + tr("sum_stake", stake=view.stake)
        return text


class DecisionPanel:
    """The dialog panel and the questions in the air. ``hand``: where a confirmed card starts its flight."""

    def __init__(self, manager: pygame_gui.UIManager, words: TableWords, hand: HandWidget) -> None:
        self.words = words
        self.hand = hand
        self.panel = ChoicePanel(manager)
        self.pending: PendingPlay | None = None  # a card dropped that awaits its answer
        self.confirm_claim: Action | None = None  # «Партия!» asked by key or button, awaiting «да»

    def redraw_token(self) -> object:
        """A card's question and the panel's words (``ui.redraw``): the panel changes on a timer (it waits for the
        cards to land), not on input — without it the dialog stayed unseen until the mouse moved."""
        return self.pending is None, self.panel.key

    def rebuild(self, manager: pygame_gui.UIManager, scale: float) -> None:
        """A new panel in a cleared UI manager (the window changed size)."""
        self.panel = ChoicePanel(manager)
        self.panel.scale = scale

    def ask(self, pending: PendingPlay) -> None:
        """The card asks first: the panel puts the question on the next refresh."""
        self.pending = pending

    def drop(self) -> None:
        """Forget the questions in the air (undo, a resize, the end of the deal)."""
        self.pending = None

    def ask_claim(self, m: Moment) -> bool:
        """P or the «Партия!» button: ask once before claiming (a false claim loses the game); False: not now."""
        claim = self.words.claim_action(m)
        if claim is None:
            return False
        self.confirm_claim = claim
        return True

    def escape(self) -> bool:
        """Esc: withdraw the question in the air; False when there was none."""
        if self.confirm_claim is not None:
            self.confirm_claim = None
        elif self.pending is not None:
            self.pending = None
        else:
            return False
        return True

    def refresh(self, m: Moment, area: pygame.Rect, settling: bool) -> None:
        """Show what the human may say now (``settling``: cards still move, the question waits for them)."""
        if not m.open or m.autoplay:
            self.panel.hide()
            return
        if self.confirm_claim is not None:
            yes, no = ("confirm_claim", self.confirm_claim), ("confirm_claim", None)
            answers = [(tr("btn_claim_yes"), yes), (tr("no"), no)]
            self.panel.show(tr("pr_claim_confirm"), answers, area, tips=[tr("tip_claim_confirm"), None])
            return
        if self.pending is not None:
            card, options, _ = self.pending
            choices: list[tuple[str, Any]]
            if len(options) > 1:
                choices = [
                    (tr("with_belle"), ("pending", next(a for a in options if a.value))),
                    (tr("without_belle"), ("pending", next(a for a in options if not a.value))),
                ]
                prompt = tr("pr_belle", card=card_name(card))
            else:
                choices = [(tr("yes"), ("pending", options[0])), (tr("no"), ("pending", None))]
                prompt = tr("pr_confirm", card=card_name(card))
            self.panel.show(prompt, choices, area, tips=[tr("tip_pending_a"), tr("tip_pending_b")])
            return
        if not m.human_to_act or settling:
            self.panel.hide()  # the next question waits until the cards that lead to it have landed
            return
        words = self.words.panel_words(m.view)
        if not words:
            self.panel.hide()
            return
        choices = [(self.words.label(m.view, a), a) for a in words]
        strict = m.view.rules.etiquette is Etiquette.STRICT
        bidder = m.view.seat == m.view.bidder
        round2 = m.view.phase is Phase.BIDDING_2
        tips = [action_tip(a, m.view.players, strict, bidder, round2) for a in words]
        prompt = self.words.prompt(m, words)
        unasked = prompt in (tr("pr_before"), tr("pr_before_card"))  # nobody has spoken: not «Ваш ответ» (strict)
        bidding = m.view.phase in (Phase.BIDDING_1, Phase.BIDDING_2)
        short = tr("pr_your_word") if bidding or unasked else tr("pr_your_answer")
        if self.words.adding(m.view):  # not «до первого хода», not «если её не перебьёт третий игрок»
            warn = f" {tr('tip_strict.announce')}" if strict else ""
            tips = [tr("tip_add_nothing") if a.kind is Kind.PISHET else tr("tip_add") + warn for a in words]
            short = tr("pr_add3_short")  # the question still asked, not an answer to someone's words
        self.panel.show(prompt, choices, area, columns=2, tips=tips, short_prompt=short)

    def process(self, event: pygame.event.Event) -> PlayRequest | None:
        """A dialog button: the action to submit, or None (not the panel's, or «нет» to a question)."""
        hit, payload = self.panel.process(event)
        if not hit:
            return None
        if isinstance(payload, tuple) and not isinstance(payload, Action) and payload[0] == "confirm_claim":
            self.confirm_claim = None
            self.panel.hide()
            return PlayRequest(payload[1]) if isinstance(payload[1], Action) else None
        if isinstance(payload, tuple) and payload[0] == "pending":
            assert self.pending is not None
            card, _, from_pos = self.pending
            self.pending = None
            self.panel.hide()
            if payload[1] is None:
                return None
            launch = self.hand.lifted_rect(card).topleft if card in self.hand.rects else from_pos
            return PlayRequest(payload[1], launch)
        if isinstance(payload, Action):
            return PlayRequest(payload)
        return None
