"""What the human decides now: the dialog panel (bidding, announcements, «рост?», belle, the claim, a card's
confirmation), its prompt and button labels, and the status line that says whose turn it is and what to do."""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.actions import Action, Kind
from game.cards import Card
from game.deal import Phase
from game.rules import Etiquette
from ui.i18n import action_label, action_tip, card_name, rank_genitive, suit_name, tr
from ui.scenes.table.host import TableHost
from ui.seats import seat_names, seat_side


class DecisionPanel(TableHost):
    """Mixed into ``TableScene``: the words the human may say, as buttons, and the status text."""

    claim_in_panel = False  # strict play: «Партия!» is a key and a button, not a dialog answer (see panel_words)

    def refresh_panel(self) -> None:
        if self.overlay is not None or self.autoplay:
            self.panel.hide()
            return
        if self.confirm_claim is not None:
            yes, no = ("confirm_claim", self.confirm_claim), ("confirm_claim", None)
            answers = [(tr("btn_claim_yes"), yes), (tr("no"), no)]
            self.panel.show(tr("pr_claim_confirm"), answers, self.dialog_area, tips=[tr("tip_claim_confirm"), None])
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
            self.panel.show(prompt, choices, self.dialog_area, tips=[tr("tip_pending_a"), tr("tip_pending_b")])
            return
        if not self.ctl.human_to_act() or self.settling(time.monotonic()):
            self.panel.hide()  # the next question waits until the cards that lead to it have landed
            return
        words = self.panel_words()
        if not words:
            self.panel.hide()
            return
        choices = [(self.label(a), a) for a in words]
        self.panel.show(self.prompt(words), choices, self.dialog_area, columns=2, tips=[action_tip(a) for a in words])

    def panel_words(self) -> list[Action]:
        """The words the dialog offers. In strict etiquette nobody prompts «Партия!» during play (a trap at 0:0):
        the claim is a key (P) and a button, there whenever it is legal; guided play offers it only when true."""
        view = self.model.view
        strict = view.rules.etiquette is Etiquette.STRICT and view.phase is Phase.PLAY and not self.claim_in_panel
        return [a for a in view.legal if a.kind is not Kind.PLAY and not (strict and a.kind is Kind.CLAIM)]

    def claim_action(self) -> Action | None:
        """The claim the human may make now by key or button (strict etiquette, during play), else None."""
        view = self.model.view
        if self.autoplay or self.overlay is not None or not self.ctl.human_to_act():
            return None
        if view.rules.etiquette is not Etiquette.STRICT or view.phase is not Phase.PLAY or self.claim_in_panel:
            return None
        return next((a for a in view.legal if a.kind is Kind.CLAIM), None)

    def ask_claim(self) -> bool:
        """P or the «Партия!» button: ask once before claiming (a false claim loses the game)."""
        claim = self.claim_action()
        if claim is None:
            self.flash(tr("claim_not_now"), error=True, refusal=True)
            return False
        self.confirm_claim = claim
        return True

    def label(self, action: Action) -> str:
        if action.kind is Kind.TELL_TOP:
            top = self.my_top_card()
            if top is not None:
                view = self.model.view
                key = "say_top_trump" if top.suit == view.trump else "say_top"
                return tr(key, card=rank_genitive(top.rank))
        if action.kind is Kind.SWAP:
            return f"{tr('btn_swap')} ({card_name(self.model.view.face_up)})"
        if action.kind is Kind.ANSWER_DAVE and action.value:
            return tr("btn_dave_yes", stake=self.model.view.stake * 2)
        return action_label(action)

    def my_top_card(self) -> Card | None:
        """The top card of the class I announced (the engine's answer: ``DealView.own_top_card``)."""
        return self.model.view.own_top_card

    def said_by(self, kinds: set[Kind]) -> int:
        """The other seat that last said one of ``kinds`` (whose words the human answers now); the first other
        seat when none did."""
        view = self.model.view
        for seat, action in reversed(view.history):
            if seat != self.seat and action.kind in kinds:
                return seat
        return self.others[0]

    def owes_top_card(self, seat: int) -> bool:
        """Was ``seat``'s announcement answered «рост?» and its top card not yet told (it speaks, not plays)?"""
        for s, action in reversed(self.model.view.history):
            if action.kind is Kind.TELL_TOP:
                return False
            if action.kind is Kind.ROST:
                return any(a.kind is Kind.ANNOUNCE for p, a in self.model.view.history if p == seat) and s != seat
        return False

    def about(self, seat: int, two: str, three: str, **kw: object) -> str:
        """A sentence about another seat: the two-player words, or for three the words naming it (``{who}``, and
        ``{whom}`` in the instrumental: «соперником слева»)."""
        if self.model.view.players == 2:
            return tr(two, **kw)
        side = seat_side(self.seat, seat, 3)
        return tr(three, who=seat_names(self.seat, 3)[seat], whom=tr(f"seat_{side}_ins"), **kw)

    def prompt(self, words: list[Action]) -> str:
        view = self.model.view
        kinds = {a.kind for a in words}
        speaker = self.said_by({Kind.ANNOUNCE, Kind.TELL_TOP})
        opp_said = self.last_words.get(speaker, "")
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
            return self.about(self.said_by({Kind.ASK_PASSES}), "pr_passes", "pr_passes3")
        if Kind.TELL_TOP in kinds:
            return self.about(self.said_by({Kind.ROST}), "pr_tell_top", "pr_tell_top3")
        if kinds & {Kind.ROST, Kind.PISHET, Kind.MINE}:
            return self.about(speaker, "pr_answer", "pr_answer3", what=opp_said)
        played = any(seat == self.seat and a.kind is Kind.PLAY for seat, a in view.history)
        return tr("pr_before_card" if played else "pr_before")  # e.g. claiming the game mid-deal

    def status_text(self) -> str:
        view = self.model.view
        if self.model.game_over is not None:
            return tr("st_game_over")
        if view.phase is Phase.OVER:
            return tr("st_over")
        if self.autoplay:
            return tr("st_autoplay", n=self.model.deal_number)
        if not self.ctl.human_to_act():
            seat = view.to_act if view.to_act is not None else self.others[0]
            if view.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
                return self.about(seat, "st_opp_bid", "st_opp_bid3")
            if view.players == 3 and self.owes_top_card(seat):
                return self.about(seat, "st_opp_turn", "st_opp_tells3")
            if self.ctl.bot_thinking():
                return self.about(seat, "st_opp_think", "st_opp_think3")
            return self.about(seat, "st_opp_turn", "st_opp_turn3")
        kinds = {a.kind for a in view.legal}
        if view.phase is Phase.BIDDING_1:
            return tr("st_bid1", suit=suit_name(view.first_trump))
        if view.phase is Phase.BIDDING_2:
            return tr("st_bid2") if Kind.PASS in kinds else tr("st_bid2_forced")
        if view.phase is Phase.CLAIM:
            return tr("st_claim")
        if view.phase is Phase.OFFER or kinds & {Kind.ANSWER_DAVE}:
            return self.prompt([a for a in view.legal if a.kind is not Kind.PLAY])
        if Kind.ANSWER_PASSES in kinds:
            return self.about(self.said_by({Kind.ASK_PASSES}), "st_answer_passes", "st_answer_passes3")
        if Kind.TELL_TOP in kinds:
            return self.about(self.said_by({Kind.ROST}), "st_tell_top", "st_tell_top3")
        if kinds & {Kind.ROST, Kind.PISHET, Kind.MINE} and Kind.PLAY not in kinds:
            speaker = self.said_by({Kind.ANNOUNCE, Kind.TELL_TOP})
            what = self.last_words.get(speaker, "?")
            return self.about(speaker, "st_answer_announce", "st_answer_announce3", what=what)
        text = tr("st_follow", card=card_name(view.trick[0])) if view.trick else tr("st_lead")
        extras = [self.label(a) for a in self.panel_words()]
        if extras:
            text += tr("st_extra", what=", ".join(extras))
        if view.stake != 1:
            text += " · " + tr("sum_stake", stake=view.stake)
        return text

    def on_panel(self, event: pygame.event.Event) -> None:
        """A dialog button: an action to submit, or the answer to a pending card's question."""
        hit, payload = self.panel.process(event)
        if not hit:
            return
        if isinstance(payload, tuple) and not isinstance(payload, Action) and payload[0] == "confirm_claim":
            self.confirm_claim = None
            self.panel.hide()
            if isinstance(payload[1], Action):
                self.act(payload[1])
            return
        if isinstance(payload, tuple) and payload[0] == "pending":
            assert self.pending is not None
            card, _, from_pos = self.pending
            self.pending = None
            self.panel.hide()
            if payload[1] is not None:
                self.launch[card] = self.hand.lifted_rect(card).topleft if card in self.hand.rects else from_pos
                self.act(payload[1])
            return
        if isinstance(payload, Action):
            self.act(payload)
