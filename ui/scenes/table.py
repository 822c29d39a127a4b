"""The card table: hands, stock, trick, score sheet, status line, dialogs, speech, summaries.

The scene knows the game only through ``GameController``: it draws ``TableModel`` (the human seat's
view), submits the human's actions and animates the events that come back.
"""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame
import pygame_gui

from game import sequences as seqs
from game.actions import Action, Kind, play
from game.cards import Card
from game.deal import Event, Phase
from game.errors import IllegalAction
from game.scoring import PENALTY_TEXT
from ui import sound
from ui.controller import GameController, GameOptions, Step, TableModel
from ui.dialogs import ChoicePanel
from ui.fonts import draw_status_bar, draw_text, font
from ui.i18n import action_label, action_tip, card_name, class_name, language, rank_genitive, suit_name, tr
from ui.scenes.base import Scene
from ui.widgets.cards import CardImages, draw_shadow
from ui.widgets.felt import felt, panel
from ui.widgets.flight import FlightLayer, Flyer
from ui.widgets.hand import HandWidget
from ui.widgets.scoresheet import ScoreSheet
from ui.widgets.speech import SpeechLayer
from ui.widgets.trick import TrickWidget

GOLD = (255, 226, 150)
CREAM = (244, 238, 220)
WARN = (255, 150, 120)
AUTOPLAY_PAUSE = 0.35
SHORTCUTS = (  # (keys, text key) for the F1 help overlay
    ("Enter  ←  →", "key_play"), ("Ctrl+Z", "key_undo"), ("L", "key_last"), ("H", "key_hint"),
    ("F1", "key_help"), ("F11", "key_fullscreen"), ("Esc", "key_menu"),
)


def load_hint() -> Any:
    """``game.bots.hint.hint(view, seed) -> Hint`` when the hint engine is installed, else None."""
    try:
        from game.bots.hint import hint
    except ImportError:
        return None
    return hint


def draw_tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
    """A tooltip like pygame_gui's, for things drawn by hand (the score sheet's marks)."""
    img = font(14).render(text, True, CREAM)
    r = img.get_rect(topleft=(pos[0] + 14, pos[1] + 18))
    box = r.inflate(16, 10)
    if box.right > surface.get_width() - 4:
        box.right = surface.get_width() - 4
    if box.bottom > surface.get_height() - 4:
        box.bottom = pos[1] - 8
    panel(surface, box, (20, 59, 36, 240), radius=6)
    pygame.draw.rect(surface, (201, 163, 90), box, 1, border_radius=6)
    surface.blit(img, img.get_rect(center=box.center))


def speech_text(ev: Event, action: Action) -> str | None:
    """What a player says for an event (bubbles); None for silent events."""
    k = ev.kind
    if k == "bid":
        if action.kind is Kind.ORDER:
            return tr("say_order")
        if action.kind is Kind.PASS:
            return tr("say_pass")
        assert action.suit is not None
        return tr("say_name", suit=suit_name(action.suit))
    if k == "top" and ev.card is not None:
        key = "say_top_trump" if ev.value else "say_top"
        return tr(key, card=rank_genitive(ev.card.rank))
    if k == "announce":
        return class_name(ev.value)
    if k == "answer_passes":
        return tr("say_passes_yes") if ev.value else tr("say_passes_no")
    simple = {
        "swap": "say_swap", "ask_passes": "say_ask_passes", "four_sevens": "say_four_sevens", "rost": "say_rost",
        "pishet": "say_pishet", "mine": "say_mine", "belle": "say_belle", "claim": "say_claim",
    }
    return tr(simple[k]) if k in simple else None


class TableScene(Scene):
    def __init__(self, app, ctl: GameController, autoplay_deals: int = 0) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.ctl = ctl
        self.autoplay = not ctl.human_seats
        self.autoplay_deals = autoplay_deals
        self.deals_seen = 0
        self.model: TableModel = ctl.model()
        self.seat = self.model.seat
        self.hand = HandWidget(app.images)
        self.trick = TrickWidget(app.images)
        self.trick.view_seat = self.seat
        self.speech = SpeechLayer()
        self.sheet = ScoreSheet()
        self.panel = ChoicePanel(app.manager)
        self.end_panel = ChoicePanel(app.manager)
        self.menu_button: pygame_gui.elements.UIButton | None = None
        self.undo_button: pygame_gui.elements.UIButton | None = None
        self.hint_button: pygame_gui.elements.UIButton | None = None
        self.help_button: pygame_gui.elements.UIButton | None = None
        self.flight = FlightLayer(app.images)
        self.help_open = False
        self.hint_fn = load_hint()
        self.hint: Any = None  # the Hint for the position in ``hint_key``
        self.hint_key: tuple[int, int] | None = None
        self.hint_future: Future[Any] | None = None
        self._hint_executor: ThreadPoolExecutor | None = None
        self.mouse = (0, 0)
        self.message: tuple[str, float, bool] | None = None  # text, until, is_error
        self.pending: tuple[Card, list[Action], tuple[int, int]] | None = None  # a drop awaiting a choice
        self.overlay: str | None = None  # "summary" / "game_over"
        self.overlay_since = 0.0
        self.show_last = False
        self.last_click: tuple[Card, float] | None = None
        self.launch: dict[Card, tuple[int, int]] = {}
        self.last_words: dict[int, str] = {}
        self._rot_cache: dict[tuple[Card | None, int], pygame.Surface] = {}
        self.layout()
        self.sync()
        if not self.model.view.history and self.model.view.phase is Phase.BIDDING_1:
            self.animate_deal(time.monotonic())

    # ---------------------------------------------------------------- layout

    def build(self) -> None:
        self.layout()
        self.panel = ChoicePanel(self.app.manager)
        self.end_panel = ChoicePanel(self.app.manager)
        r = self.sheet.rect
        m = self.app.manager
        # undo and hint share a row: on a narrow sheet the longer label gets the wider button
        row = r.w - 28 - 8
        need = [font(13, bold=True).size(tr(k))[0] + 20 for k in ("undo", "hint")]
        undo_w = row // 2 if max(need) <= row // 2 else row * need[0] // sum(need)
        hint_w = row - undo_w
        self.menu_button = pygame_gui.elements.UIButton(
            pygame.Rect(r.x + 14, r.bottom - 52, r.w - 28 - 50, 40), tr("menu"), m, tool_tip_text=tr("tip_menu")
        )
        self.help_button = pygame_gui.elements.UIButton(
            pygame.Rect(r.right - 14 - 40, r.bottom - 52, 40, 40), "?", m, tool_tip_text=tr("tip_help")
        )
        self.undo_button = pygame_gui.elements.UIButton(
            pygame.Rect(r.x + 14, r.bottom - 100, undo_w, 40), tr("undo"), m, tool_tip_text=tr("tip_undo"),
            object_id=pygame_gui.core.ObjectID(object_id="#small_button"),
        )
        self.hint_button = pygame_gui.elements.UIButton(
            pygame.Rect(r.right - 14 - hint_w, r.bottom - 100, hint_w, 40), tr("hint"), m, tool_tip_text=tr("tip_hint"),
            object_id=pygame_gui.core.ObjectID(object_id="#small_button"),
        )
        if self.autoplay:
            self.undo_button.hide()
            self.hint_button.hide()
        self.refresh_buttons()
        self.trick.finish()
        self.sync()

    def resize(self) -> None:
        self.hand.drag = None
        self.pending = None
        super().resize()

    def side_width(self, w: int) -> int:
        """The score sheet's column (a subclass may widen it: the practice coach lives there)."""
        return max(230, min(310, int(w * 0.2)))

    def layout(self) -> None:
        w, h = self.size
        self.status_h = 34
        sheet_w = self.side_width(w)
        self.sheet.layout(pygame.Rect(w - sheet_w, 0, sheet_w, h))
        self.play = pygame.Rect(0, 0, w - sheet_w, h - self.status_h)
        self.status_rect = pygame.Rect(0, h - self.status_h, w - sheet_w, self.status_h)
        p = self.play
        self.hand_h = max(110, min(250, int(p.h * 0.26)))
        self.opp_h = max(70, min(150, int(p.h * 0.15)))
        self.trick_h = max(95, min(200, int(p.h * 0.21)))
        self.stock_h = int(self.trick_h * 0.82)
        pile_w = CardImages.size_for(self.opp_h)[0] + 40
        self.hand_area = pygame.Rect(p.x + 16, p.bottom - 10 - self.hand_h, p.w - 32 - pile_w, self.hand_h)
        self.opp_area = pygame.Rect(p.x + 16, 12, p.w - 32 - pile_w, self.opp_h)
        top = self.opp_area.bottom + 20
        bottom = self.hand_area.y - int(self.hand_h * HandWidget.RAISE) - 12
        self.band = pygame.Rect(p.x, top, p.w, max(60, bottom - top))
        tw, th = CardImages.size_for(self.trick_h)
        trick_w, trick_h = int(tw * 1.7), int(th * 1.45)
        cx = p.x + int(p.w * 0.40)
        self.trick_area = pygame.Rect(0, 0, trick_w, trick_h)
        self.trick_area.center = (cx, self.band.centery)
        self.drop_zone = self.trick_area.inflate(60, 30)
        sw, sh = CardImages.size_for(self.stock_h)
        self.stock_pos = (p.x + 28 + (sh - sw) // 2, self.band.centery - sh // 2)
        right = self.drop_zone.right + 16
        self.dialog_area = pygame.Rect(right, self.band.y, max(260, p.right - right - 12), self.band.h)
        piles_x = p.right - pile_w + 10
        self.piles = {
            self.seat: (piles_x, self.hand_area.bottom - CardImages.size_for(self.opp_h)[1] - 24),
            1 - self.seat: (piles_x, self.opp_area.y),
        }
        self.hand.layout(self.hand_area, self.hand_h)
        self.trick.layout(self.trick_area, self.trick_h, self.piles)
        self.speech.size = 17 if h < 760 else 19
        self.speech.anchors = {
            self.seat: (self.hand_area.centerx - int(self.hand_area.w * 0.22), self.hand_area.y - 26),
            1 - self.seat: (self.opp_area.centerx + int(self.opp_area.w * 0.12), self.opp_area.bottom + 8),
        }

    # ---------------------------------------------------------------- model → widgets

    def sync(self) -> None:
        view = self.model.view
        human_turn = self.ctl.human_to_act()
        playable: set[Card] | None = None
        if human_turn and view.phase is Phase.PLAY:
            playable = {a.card for a in view.legal if a.kind is Kind.PLAY and a.card is not None}
        self.hand.set_cards(view.hand, view.trump if view.trump is not None else view.first_trump, playable)
        self.hand.hidden = {c for c in self.flight.landing("hand") if isinstance(c, Card)}
        self.trick.speed = self.app.settings.animation_speed
        self.trick.sync(view.trick, view.trick_leader)

    def busy(self, now: float) -> bool:
        flying = self.flight.busy(now)
        if not flying and self.hand.hidden:
            self.hand.hidden = set()
        elif flying:
            self.hand.hidden = {c for c in self.flight.landing("hand") if isinstance(c, Card)}
        return self.trick.busy(now) or self.hand.busy(now) or flying

    def redraw_token(self) -> object:
        now = time.monotonic()
        message = self.message if self.message is not None and self.message[1] > now else None
        return (id(self.model), message, self.hand.selected, self.hand.hover, self.hand.focus_visible,
                self.show_last, self.help_open, self.overlay, id(self.hint), self.pending is None,
                self.sheet.tip_at(self.mouse), self.ctl.bot_thinking())

    def animating(self) -> bool:
        now = time.monotonic()
        if self.busy(now) or self.speech.bubbles or self.hand.drag is not None:
            return True
        if self.hint_future is not None:
            return True
        if self.overlay is None and self.model.view.phase is Phase.OVER:
            return True
        return self.autoplay or (self.ctl.to_act() is not None and not self.ctl.human_to_act())

    # ---------------------------------------------------------------- steps

    def on_step(self, step: Step, now: float) -> None:
        old_rects = {c: r.topleft for c, r in self.hand.rects.items()}
        old_view = self.model.view
        opp_from = self.opp_card_rects(old_view.opponent_cards)
        self.model = self.ctl.model()
        self.clear_hint()
        for ev in step.events:
            seat = ev.seat
            text = speech_text(ev, step.action)
            if text is not None and seat is not None:
                self.speech.say(seat, text, now)
                self.last_words[seat] = text
            if ev.kind == "play" and ev.card is not None and seat is not None:
                self.sound("card")
                if seat == self.seat:
                    src = self.launch.pop(ev.card, None) or old_rects.get(ev.card) or self.hand_area.center
                    self.trick.play(ev.card, seat, src, now)
                else:
                    src = opp_from[len(opp_from) // 2].topleft if opp_from else self.opp_area.center
                    self.trick.play(ev.card, seat, src, now, flip=ev.card not in old_view.known_opponent_cards)
            elif ev.kind == "swap" and ev.card is not None and seat is not None:
                self.sync()
                self.animate_swap(seat, ev.card, old_view.face_up, old_rects, opp_from, now)
            elif ev.kind == "dealt":
                self.sync()
                self.animate_deal(now, since=old_view)
            elif ev.kind == "trick" and seat is not None:
                self.trick.take(seat, now)
            elif ev.kind == "penalty" and seat is not None:
                pair = PENALTY_TEXT.get(ev.detail, (ev.detail, ev.detail))
                self.speech.say(seat, tr("penalty") + "!", now, warn=True)
                self.flash(pair[1] if language() == "en" else pair[0], error=True, seconds=8)
            elif ev.kind == "sequences" and seat is not None:
                who = tr("you") if seat == self.seat else tr("bot")
                self.flash(tr("say_sequences", who=who, pts=ev.value))
        if self.ctl.human_to_act() and step.seat not in self.ctl.human_seats:
            self.sound("turn")
        if self.ctl.save_error:
            self.flash(tr("save_failed", error=self.ctl.save_error), error=True, seconds=6)
        self.sync()

    def sound(self, kind: str) -> None:
        if self.app.settings.sound and not self.app.options.testing and not self.autoplay:
            sound.play(kind)

    def flash(self, text: str, error: bool = False, seconds: float = 3.5) -> None:
        self.message = (text, time.monotonic() + seconds, error)

    def act(self, action: Action) -> bool:
        """Submit one of the human's actions; an illegal one changes nothing and names the rule."""
        try:
            step = self.ctl.submit(action)
        except IllegalAction as exc:
            why = exc.text_en if language() == "en" else exc.text_ru
            self.flash(tr("illegal", why=why), error=True)
            return False
        self.on_step(step, time.monotonic())
        return True

    def try_play(self, card: Card, from_pos: tuple[int, int]) -> bool:
        """Play a card dropped or chosen by the human; an illegal card springs back with the rule's name."""
        now = time.monotonic()
        options = [a for a in self.model.view.legal if a.kind is Kind.PLAY and a.card == card]
        if not options:
            self.act(play(card))  # the engine refuses and names the rule
            self.spring(card, from_pos, now)
            return False
        if len(options) > 1 or self.app.settings.confirm_play:
            self.pending = (card, options, from_pos)
            self.spring(card, from_pos, now)
            return False
        self.launch[card] = from_pos
        return self.act(options[0])

    def spring(self, card: Card, from_pos: tuple[int, int], now: float) -> None:
        speed = self.app.settings.animation_speed
        self.hand.spring_back(card, from_pos, now, 0.0 if speed <= 0 else 0.3 / speed)

    # ---------------------------------------------------------------- per frame

    def update(self, dt: float) -> None:
        now = time.monotonic()
        self.poll_hint()
        if self.overlay is None:
            step = self.ctl.poll(self.busy(now))
            if step is not None:
                self.on_step(step, now)
        if self.overlay is None and self.model.view.phase is Phase.OVER and not self.busy(now):
            self.open_overlay(now)
        if self.autoplay and self.overlay is not None and now - self.overlay_since > AUTOPLAY_PAUSE:
            self.autoplay_next()
        self.refresh_panel()
        self.refresh_buttons()

    def refresh_panel(self) -> None:
        if self.overlay is not None or self.autoplay:
            self.panel.hide()
            return
        if self.pending is not None:
            card, options, _ = self.pending
            if len(options) > 1:
                choices = [(tr("with_belle"), ("pending", next(a for a in options if a.value))),
                           (tr("without_belle"), ("pending", next(a for a in options if not a.value)))]
                prompt = tr("pr_belle", card=card_name(card))
            else:
                choices = [(tr("yes"), ("pending", options[0])), (tr("no"), ("pending", None))]
                prompt = tr("pr_confirm", card=card_name(card))
            self.panel.show(prompt, choices, self.dialog_area, tips=[tr("tip_pending_a"), tr("tip_pending_b")])
            return
        view = self.model.view
        if not self.ctl.human_to_act():
            self.panel.hide()
            return
        words = [a for a in view.legal if a.kind is not Kind.PLAY]
        if not words:
            self.panel.hide()
            return
        choices = [(self.label(a), a) for a in words]
        self.panel.show(self.prompt(words), choices, self.dialog_area, columns=2, tips=[action_tip(a) for a in words])

    def label(self, action: Action) -> str:
        if action.kind is Kind.TELL_TOP:
            top = self.my_top_card()
            if top is not None:
                view = self.model.view
                key = "say_top_trump" if top.suit == view.trump else "say_top"
                return tr(key, card=rank_genitive(top.rank))
        if action.kind is Kind.SWAP:
            return f"{tr('btn_swap')} ({card_name(self.model.view.face_up)})"
        return action_label(action)

    def my_top_card(self) -> Card | None:
        """The top card of the class I announced (the human's own cards: hand plus the card on the table)."""
        view = self.model.view
        announced = [a.value for s, a in view.history if s == self.seat and a.kind is Kind.ANNOUNCE]
        if not announced or view.trump is None:
            return None
        cards = list(view.hand)
        if view.trick and view.trick_leader == self.seat:
            cards.append(view.trick[0])
        found = seqs.first_of_class(cards, announced[-1], view.trump, view.rules)
        return None if found is None else found.top_card

    def prompt(self, words: list[Action]) -> str:
        view = self.model.view
        kinds = {a.kind for a in words}
        opp_said = self.last_words.get(1 - self.seat, "")
        if view.phase is Phase.BIDDING_1:
            return tr("pr_bid1", suit=suit_name(view.first_trump))
        if view.phase is Phase.BIDDING_2:
            return tr("pr_bid2")
        if view.phase is Phase.CLAIM:
            return tr("pr_claim")
        if Kind.ANSWER_PASSES in kinds:
            return tr("pr_passes")
        if Kind.TELL_TOP in kinds:
            return tr("pr_tell_top")
        if kinds & {Kind.ROST, Kind.PISHET, Kind.MINE}:
            return tr("pr_answer", what=opp_said)
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
            if view.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
                return tr("st_opp_bid")
            return tr("st_opp_think") if self.ctl.bot_thinking() else tr("st_opp_turn")
        kinds = {a.kind for a in view.legal}
        if view.phase is Phase.BIDDING_1:
            return tr("st_bid1", suit=suit_name(view.first_trump))
        if view.phase is Phase.BIDDING_2:
            return tr("st_bid2") if Kind.PASS in kinds else tr("st_bid2_forced")
        if view.phase is Phase.CLAIM:
            return tr("st_claim")
        if Kind.ANSWER_PASSES in kinds:
            return tr("st_answer_passes")
        if Kind.TELL_TOP in kinds:
            return tr("st_tell_top")
        if kinds & {Kind.ROST, Kind.PISHET, Kind.MINE} and Kind.PLAY not in kinds:
            return tr("st_answer_announce", what=self.last_words.get(1 - self.seat, "?"))
        text = tr("st_follow", card=card_name(view.trick[0])) if view.trick else tr("st_lead")
        extras = [self.label(a) for a in view.legal if a.kind is not Kind.PLAY]
        if extras:
            text += tr("st_extra", what=", ".join(extras))
        return text

    # ---------------------------------------------------------------- animations (drawing only)

    def _dur(self, base: float) -> float:
        speed = self.app.settings.animation_speed
        return 0.0 if speed <= 0 else base / speed

    def stock_centre(self) -> tuple[int, int]:
        w = CardImages.size_for(self.stock_h)[0]
        side = self.face_up_rect()
        return side.x + int(side.w * 0.55) + w // 2, self.stock_pos[1] + self.stock_h // 2

    def face_up_rect(self) -> pygame.Rect:
        """Where the вскрышка lies crosswise under the stock."""
        w, h = CardImages.size_for(self.stock_h)
        return pygame.Rect(0, 0, h, w).move(self.play.x + 16, self.stock_pos[1] + h // 2 - w // 2)

    def animate_deal(self, now: float, since: Any = None) -> None:
        """Cards fly from the stock in packets of three: the dealer's opponent first, then the dealer."""
        if self._dur(1) <= 0:
            return
        view = self.model.view
        old_hand = set(since.hand) if since is not None else set()
        mine = [c for c in view.hand if c not in old_hand]
        n_opp_old = since.opponent_cards if since is not None else 0
        n_opp_new = view.opponent_cards - n_opp_old
        opp_rects = self.opp_card_rects(view.opponent_cards)
        first = 1 - view.dealer
        packets: list[tuple[int, list[Any]]] = []
        mine_packs = [mine[i:i + 3] for i in range(0, len(mine), 3)]
        opp_idx = list(range(n_opp_old, n_opp_old + n_opp_new))
        opp_packs = [opp_idx[i:i + 3] for i in range(0, len(opp_idx), 3)]
        for k in range(max(len(mine_packs), len(opp_packs))):
            for seat in (first, 1 - first):
                packs = mine_packs if seat == self.seat else opp_packs
                if k < len(packs):
                    packets.append((seat, packs[k]))
        start = self.stock_centre()
        t = now
        for seat, pack in packets:
            for item in pack:
                if seat == self.seat:
                    end, h1, landing = self.hand.rects[item].center, self.hand_h, ("hand", item)
                else:
                    end, h1, landing = opp_rects[item].center, self.opp_h, ("opp", item)
                self.flight.add(Flyer(None, start, end, t, self._dur(0.32), self.stock_h, h1, landing=landing,
                                      flip=seat == self.seat))
                t += self._dur(0.06)
            t += self._dur(0.12)
        self.hand.hidden = {c for c in self.flight.landing("hand") if isinstance(c, Card)}

    def animate_swap(self, seat: int, taken: Card, old_face_up: Card, old_rects: dict[Card, tuple[int, int]],
                     opp_from: list[pygame.Rect], now: float) -> None:
        """The seven and the вскрышка change places: the seven lies down crosswise, the trump card goes up."""
        if self._dur(1) <= 0:
            return
        view = self.model.view
        seven = view.face_up
        side = self.face_up_rect()
        dur = self._dur(0.5)
        if seat == self.seat:
            w, h = CardImages.size_for(self.hand_h)
            src = old_rects.get(seven)
            start = (src[0] + w // 2, src[1] + h // 2) if src else self.hand_area.center
            self.flight.add(Flyer(seven, start, side.center, now, dur, self.hand_h, self.stock_h, 0, 90,
                                  landing=("face_up", 0)))
            end = self.hand.rects[taken].center if taken in self.hand.rects else self.hand_area.center
            self.flight.add(Flyer(old_face_up, side.center, end, now, dur, self.stock_h, self.hand_h, 90, 0,
                                  landing=("hand", taken)))
        else:
            rects = self.opp_card_rects(view.opponent_cards)
            start = opp_from[len(opp_from) // 2].center if opp_from else self.opp_area.center
            self.flight.add(Flyer(seven, start, side.center, now, dur, self.opp_h, self.stock_h, 0, 90, flip=True,
                                  landing=("face_up", 0)))
            end = rects[-1].center if rects else self.opp_area.center
            self.flight.add(Flyer(old_face_up, side.center, end, now, dur, self.stock_h, self.opp_h, 90, 0,
                                  landing=("opp", len(rects) - 1)))

    # ---------------------------------------------------------------- undo, hint, help

    def refresh_buttons(self) -> None:
        for button, on in ((self.undo_button, self.ctl.can_undo() and self.overlay is None),
                           (self.hint_button, self.hint_possible())):
            if button is None:
                continue
            if on and not button.is_enabled:
                button.enable()
            elif not on and button.is_enabled:
                button.disable()

    def undo(self) -> bool:
        """Ctrl+Z / the button: take back the human's last action while the opponent has not answered."""
        if self.overlay is not None or not self.ctl.can_undo():
            self.flash(tr("undo_not_now"), error=True)
            return False
        self.ctl.undo()
        self.model = self.ctl.model()
        self.pending = None
        self.hand.drag = None
        self.launch.clear()
        self.flight.clear()
        self.trick.finish()
        self.trick.placed = []
        self.speech.bubbles.pop(self.seat, None)
        self.last_words.pop(self.seat, None)
        self.clear_hint()
        self.sync()
        self.refresh_buttons()
        self.flash(tr("undone"))
        return True

    def hint_possible(self) -> bool:
        return (self.hint_fn is not None and not self.autoplay and self.overlay is None
                and self.ctl.human_to_act() and bool(self.model.view.legal))

    def position_key(self) -> tuple[int, int]:
        return self.model.deal_number, len(self.model.view.history)

    def request_hint(self) -> None:
        """H / the button: the hard bot's advice, computed off the UI thread (the window never freezes)."""
        if self.hint_fn is None:
            self.flash(tr("hint_missing"), error=True)
            return
        if not self.hint_possible():
            self.flash(tr("hint_not_now"), error=True)
            return
        key = self.position_key()
        if self.hint_key == key and (self.hint is not None or self.hint_future is not None):
            return
        if self._hint_executor is None:
            self._hint_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
        self.clear_hint()
        self.hint_key = key
        seed = int(self.ctl.meta.get("seed", 0))
        # the human's own view: the hint knows exactly what the player knows
        self.hint_future = self._hint_executor.submit(self.hint_fn, self.model.view, seed)
        self.flash(tr("hint_thinking"), seconds=30)

    def poll_hint(self) -> None:
        future = self.hint_future
        if future is None or not future.done():
            return
        self.hint_future = None
        if self.hint_key != self.position_key():
            self.hint_key = None
            return
        try:
            self.hint = future.result()
        except Exception as exc:  # advice must never break the game
            self.hint = None
            self.flash(tr("hint_failed", error=repr(exc)), error=True)
            return
        reason = self.hint.reason_en if language() == "en" else self.hint.reason_ru
        self.flash(f"{tr('hint')}: {self.label(self.hint.action)} — {reason}", seconds=12)

    def clear_hint(self) -> None:
        self.hint = None
        self.hint_key = None
        self.hint_future = None  # a result for an old position is dropped when it arrives
        # the advice (or "thinking…") is about the old position: drop its status text with it
        if self.message is not None and (self.message[0] == tr("hint_thinking")
                                         or self.message[0].startswith(tr("hint") + ": ")):
            self.message = None

    def hint_card(self) -> Card | None:
        if self.hint is None or self.hint_key != self.position_key():
            return None
        action = self.hint.action
        return action.card if action.kind is Kind.PLAY else None

    # ---------------------------------------------------------------- end of deal / game

    def open_overlay(self, now: float) -> None:
        self.overlay = "game_over" if self.model.game_over is not None else "summary"
        self.overlay_since = now
        self.deals_seen += 1
        self.hand.drag = None
        self.pending = None
        self.panel.hide()
        if self.autoplay:
            return
        box = self.overlay_rect()
        area = pygame.Rect(box.x, box.bottom - 70, box.w, 64)
        if self.overlay == "summary":
            self.end_panel.show("", [(tr("next_deal"), "next")], area, columns=1, tips=[tr("tip_next_deal")])
        else:
            self.end_panel.show("", [(tr("play_again"), "again"), (tr("to_menu"), "menu")], area,
                                tips=[tr("tip_play_again"), tr("tip_to_menu")])

    def close_overlay(self) -> None:
        self.overlay = None
        self.end_panel.hide()
        self.speech.clear()
        self.last_words.clear()

    def next_deal(self) -> None:
        self.close_overlay()
        self.ctl.start_deal()
        self.model = self.ctl.model()
        self.trick.finish()
        self.clear_hint()
        self.sync()
        self.animate_deal(time.monotonic())

    def play_again(self) -> None:
        rules = self.ctl.match.rules
        over = self.model.game_over
        first = "random" if over is None else ("human" if over.winner == self.seat else "bot")
        opts = GameOptions(rules.name, rules.target, rules.etiquette.value, str(self.ctl.meta.get("bot_level")),
                           first)
        self.ctl.close()
        self.app.switch(TableScene(self.app, GameController.new_game(self.app.paths, opts,
                                                                     **self.app.controller_kwargs())))  # type: ignore[arg-type]

    def autoplay_next(self) -> None:
        done = self.autoplay_deals and self.deals_seen >= self.autoplay_deals
        if self.overlay == "game_over" or done:
            self.app.quit(0)
            return
        self.next_deal()

    def leave(self) -> None:
        self.ctl.close()
        if self._hint_executor is not None:
            self._hint_executor.shutdown(wait=False, cancel_futures=True)
            self._hint_executor = None

    # ---------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.help_open = not self.help_open
            return
        if self.help_open and (event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE))):
            self.help_open = False  # any click or Esc closes the help
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event)
            return
        if event.type == pygame.KEYDOWN and not self.autoplay:
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return
            if event.key == pygame.K_h and self.overlay is None:
                self.request_hint()
                return
        if self.overlay is not None or self.autoplay:
            keys = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
            if event.type == pygame.KEYDOWN and event.key in keys and self.overlay == "summary":
                self.next_deal()
            return
        now = time.monotonic()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.app.gui_consumed:
            if self.sheet.last_trick_button.collidepoint(event.pos):
                self.show_last = True
                return
            if self.pending is not None:
                return
            card = self.hand.press(event.pos)
            if card is not None:
                if self.last_click and self.last_click[0] == card and now - self.last_click[1] < 0.45:
                    self.hand.release()
                    self.last_click = None
                    self.try_play(card, self.hand.lifted_rect(card).topleft)
                    return
                self.last_click = (card, now)
        elif event.type == pygame.MOUSEMOTION:
            self.hand.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.show_last = False
            released = self.hand.release()
            if released is not None and self.hand.moved:
                card, rect = released
                if self.drop_zone.collidepoint(rect.center):
                    self.try_play(card, rect.topleft)
                else:
                    self.spring(card, rect.topleft, now)
        elif event.type == pygame.KEYDOWN:
            self.on_key(event.key)
        elif event.type == pygame.KEYUP and event.key == pygame.K_l:
            self.show_last = False

    def on_key(self, key: int) -> None:
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.hand.focus_visible = True
            self.hand.select_step(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
            card = self.hand.selected_card()
            if card is not None and self.pending is None:
                self.try_play(card, self.hand.lifted_rect(card).topleft)
        elif key == pygame.K_l:
            self.show_last = True
        elif key == pygame.K_ESCAPE:
            if self.pending is not None:
                self.pending = None
            else:
                self.app.to_menu()

    def on_button(self, event: pygame.event.Event) -> None:
        if event.ui_element is self.menu_button:
            self.app.to_menu()
            return
        if event.ui_element is self.undo_button:
            self.undo()
            return
        if event.ui_element is self.hint_button:
            self.request_hint()
            return
        if event.ui_element is self.help_button:
            self.help_open = not self.help_open
            return
        hit, payload = self.end_panel.process(event)
        if hit:
            if payload == "next":
                self.next_deal()
            elif payload == "again":
                self.play_again()
            elif payload == "menu":
                self.app.to_menu()
            return
        hit, payload = self.panel.process(event)
        if not hit:
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

    # ---------------------------------------------------------------- drawing

    def opp_card_rects(self, n: int) -> list[pygame.Rect]:
        w, h = CardImages.size_for(self.opp_h)
        if n <= 0:
            return []
        step = min(w * 0.55, (self.opp_area.w - w) / max(1, n - 1)) if n > 1 else 0
        total = w + step * (n - 1)
        x0 = self.opp_area.centerx - total / 2
        return [pygame.Rect(round(x0 + i * step), self.opp_area.y, w, h) for i in range(n)]

    def rotated(self, card: Card | None, height: int) -> pygame.Surface:
        key = (card, height)
        img = self._rot_cache.get(key)
        if img is None:
            img = pygame.transform.rotate(self.app.images.get(card, height), 90)
            self._rot_cache = {k: v for k, v in self._rot_cache.items() if k[1] == height}
            self._rot_cache[key] = img
        return img

    def draw(self, surface: pygame.Surface) -> None:
        now = time.monotonic()
        surface.blit(felt(self.play.size), (0, 0))
        view = self.model.view
        self.draw_opponent(surface)
        self.draw_stock(surface)
        self.draw_piles(surface)
        if self.hand.drag is not None:
            self.draw_drop_zone(surface)
        self.trick.draw(surface, now)
        self.hand.draw(surface, now)
        self.draw_hint(surface)
        self.flight.draw(surface, now)
        self.draw_labels(surface)
        self.sheet.draw(surface, self.model, 100)
        self.draw_status(surface, now)
        if self.show_last and view.tricks:
            self.draw_last_trick(surface)
        self.speech.draw(surface, now, 1 - self.seat)
        if self.overlay is not None:
            self.draw_overlay(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        self.hand.draw_dragged(surface)
        tip = self.sheet.tip_at(self.mouse)
        if tip is not None and not self.help_open:
            draw_tooltip(surface, tip, self.mouse)
        if self.help_open:
            self.draw_help(surface)

    def draw_hint(self, surface: pygame.Surface) -> None:
        """The suggested card glows; every playable card shows its expected value (points of margin)."""
        if self.hint is None or self.hint_key != self.position_key():
            return
        best = self.hint_card()
        values = getattr(self.hint, "values", {}) or {}
        for card in self.hand.cards:
            if card not in self.hand.rects or card in self.hand.hidden or card == self.hand.drag:
                continue
            rect = self.hand.lifted_rect(card)
            if card == best:
                pygame.draw.rect(surface, (255, 214, 80), rect.inflate(8, 8), 5, border_radius=12)
            if card in values:
                text = f"{values[card]:+.1f}"
                img = font(13, bold=True).render(text, True, (40, 30, 10) if card == best else (30, 30, 30))
                strip = self.hand.visible_width(card)
                r = img.get_rect(midtop=(rect.x + max(strip // 2 + 8, img.get_width() // 2 + 24), rect.y + 8))
                bg = (255, 214, 80, 245) if card == best else (235, 228, 205, 235)
                panel(surface, r.inflate(10, 4), bg, radius=6)
                surface.blit(img, r)

    def draw_help(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        surface.blit(veil, (0, 0))
        rows = [(keys, tr(key)) for keys, key in SHORTCUTS]
        kf, tf = font(17, bold=True), font(17)
        key_w = max(kf.size(k)[0] for k, _ in rows) + 30
        w = key_w + max(tf.size(t)[0] for _, t in rows) + 60
        h = 70 + 34 * len(rows) + 40
        box = pygame.Rect(0, 0, w, h)
        box.center = self.play.center
        panel(surface, box, (15, 46, 28, 240), radius=16)
        pygame.draw.rect(surface, (201, 163, 90), box, 2, border_radius=16)
        draw_text(surface, tr("help_title"), (box.centerx, box.y + 18), 20, GOLD, bold=True, anchor="midtop")
        y = box.y + 64
        for keys, text in rows:
            draw_text(surface, keys, (box.x + 30, y), 17, GOLD, bold=True)
            draw_text(surface, text, (box.x + 30 + key_w, y), 17, CREAM)
            y += 34
        draw_text(surface, tr("help_close"), (box.centerx, box.bottom - 30), 14, (190, 200, 185), anchor="midtop")

    def draw_opponent(self, surface: pygame.Surface) -> None:
        view = self.model.view
        rects = self.opp_card_rects(view.opponent_cards)
        known = list(view.known_opponent_cards)[: len(rects)]
        faces: list[Card | None] = [None] * (len(rects) - len(known)) + known  # type: ignore[list-item]
        flying = set(self.flight.landing("opp"))
        for i, (rect, card) in enumerate(zip(rects, faces, strict=True)):
            if i in flying:
                continue
            draw_shadow(surface, rect, 3, 50)
            surface.blit(self.app.images.get(card, self.opp_h), rect)

    def draw_stock(self, surface: pygame.Surface) -> None:
        """The stock with the вскрышка crosswise under it, and the фреза on top once the deal is complete."""
        view = self.model.view
        if view.phase is Phase.OVER:
            return
        h = self.stock_h
        w = CardImages.size_for(h)[0]
        y = self.stock_pos[1]
        side = self.rotated(view.face_up, h)
        side_rect = side.get_rect(midleft=(self.play.x + 16, y + h // 2))
        if not self.flight.landing("face_up"):  # the swapped seven is still on its way
            draw_shadow(surface, side_rect, 3, 50)
            surface.blit(side, side_rect)
        pile_x = side_rect.x + int(side_rect.w * 0.55)
        left = 20 if view.freza is None else 14
        for i in range(min(6, left // 3)):
            r = pygame.Rect(pile_x + i * 2, y - i * 2, w, h)
            draw_shadow(surface, r, 2, 30)
            surface.blit(self.app.images.get(None, h), r)
        small = max(12, h // 11)
        labels = [(tr("vskryshka"), (side_rect.x + 2, side_rect.bottom + 8), "topleft")]
        if view.freza is not None:
            top = pygame.Rect(pile_x + 18, y - 4, w, h)
            draw_shadow(surface, top, 3, 50)
            surface.blit(self.app.images.get(view.freza, h), top)
            labels.append((tr("freza"), (top.right, top.bottom + 8), "topright"))
        for text, pos, anchor in labels:
            img = font(small).render(text, True, CREAM)
            r = img.get_rect(**{anchor: pos})
            panel(surface, r.inflate(10, 4), (0, 0, 0, 90), radius=6)
            surface.blit(img, r)

    def draw_piles(self, surface: pygame.Surface) -> None:
        view = self.model.view
        counts = {s: sum(1 for t in view.tricks if t.winner == s) for s in (0, 1)}
        if self.trick.collect_at is not None and self.trick.winner is not None:
            counts[self.trick.winner] -= 1  # the trick still in flight is not on the pile yet
        for seat, (x, y) in self.piles.items():
            n = counts[seat]
            if n <= 0:
                continue
            for i in range(min(n, 5)):
                r = pygame.Rect(x + i * 2, y - i * 2, *CardImages.size_for(self.opp_h))
                surface.blit(self.app.images.get(None, self.opp_h), r)
            label = f"{n}"
            draw_text(surface, label, (x + CardImages.size_for(self.opp_h)[0] // 2, y + self.opp_h + 4), 14,
                      CREAM, bold=True, anchor="midtop")

    def draw_drop_zone(self, surface: pygame.Surface) -> None:
        card = self.hand.drag
        over = self.drop_zone.collidepoint(
            self.hand.drag_pos[0] + CardImages.size_for(self.hand_h)[0] // 2,
            self.hand.drag_pos[1] + self.hand_h // 2,
        )
        legal = self.hand.playable is not None and card in self.hand.playable
        color = (255, 230, 140, 90 if over else 45) if legal else (255, 120, 100, 70 if over else 35)
        panel(surface, self.drop_zone, color, radius=24)
        border = (255, 230, 140) if legal else (230, 120, 100)
        pygame.draw.rect(surface, border, self.drop_zone, 3 if over else 2, border_radius=24)

    def draw_labels(self, surface: pygame.Surface) -> None:
        view = self.model.view
        s = 15
        names = {self.seat: tr("you"), 1 - self.seat: tr("bot")}
        for seat, pos, anchor in ((1 - self.seat, (self.opp_area.x, self.opp_area.y + 4), "topleft"),
                                  (self.seat, (self.hand_area.x, self.hand_area.y - 22), "topleft")):
            text = names[seat]
            if view.dealer == seat:
                text += " · " + ("сдающий" if language() == "ru" else "dealer")
            if view.bidder == seat:
                text += " · " + ("играет" if language() == "ru" else "bidder")
            color = GOLD if view.to_act == seat and view.phase is not Phase.OVER else CREAM
            img = font(s, bold=True).render(text, True, color)
            r = img.get_rect(**{anchor: pos})
            panel(surface, r.inflate(14, 6), (0, 0, 0, 90), radius=8)
            surface.blit(img, r)

    def draw_status(self, surface: pygame.Surface, now: float) -> None:
        text, color = self.status_text(), CREAM
        if self.message is not None and self.message[1] > now:
            text, color = self.message[0], (WARN if self.message[2] else GOLD)
        draw_status_bar(surface, self.status_rect, text, color)

    def draw_last_trick(self, surface: pygame.Surface) -> None:
        trick = self.model.view.tricks[-1]
        h = self.trick_h
        w = CardImages.size_for(h)[0]
        box = pygame.Rect(0, 0, 2 * w + 60, h + 64)
        box.center = self.trick_area.center
        panel(surface, box, (10, 30, 18, 220), radius=16)
        who = tr("you") if trick.winner == self.seat else tr("bot")
        draw_text(surface, f"{tr('last_trick')}: {who}", (box.centerx, box.y + 10), 15, GOLD, bold=True,
                  anchor="midtop")
        for i, card in enumerate(trick.cards):
            surface.blit(self.app.images.get(card, h), (box.x + 20 + i * (w + 20), box.y + 40))

    def overlay_rect(self) -> pygame.Rect:
        p = self.play
        w = min(p.w - 30, 820)
        h = min(p.h - 20, 600)
        r = pygame.Rect(0, 0, w, h)
        r.center = p.center
        return r

    def draw_overlay(self, surface: pygame.Surface) -> None:
        from ui.widgets.summary import draw_summary

        veil = pygame.Surface(self.play.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        surface.blit(veil, self.play.topleft)
        draw_summary(surface, self.overlay_rect(), self.model, self.app.images, bottom_reserved=70)
