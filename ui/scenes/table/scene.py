"""The table scene: the game's model to widgets, the steps coming back, undo, the end of a deal, input.

The scene knows the game only through ``GameController``: it draws ``TableModel`` (the human seat's
view), submits the human's actions and animates the events that come back. It creates its parts and wires
them; each owns its state and gets what it needs explicitly: ``geo`` (``TableGeometry``, computed on each
resize), ``decisions`` (``DecisionPanel``: the dialog panel, the questions in the air, ``TableWords``),
``drag`` (``CardDrag``: a card gesture becomes a ``CardOffer``), ``hints`` (``HintAdvisor``), ``flights``
(``CardFlights``: the deal and the swap in flight), ``status`` (``StatusLine``: its message) and ``painter``
(``TablePainter``), beside the widgets (hand, trick, speech, score sheet, move log, banners, flight layer).
``mode`` (``Mode``) says whether the deal is played or its end lies over the table. A teacher at the table is a
part too: ``coach`` (``TableCoach``, the practice drill's ``DrillCoach``) is asked at named points (its words,
its column, an action to judge, a step shown, the end's buttons, a key or a button). Each part that draws
says when its picture changes (``ui.redraw``); the scene's redraw token gathers them by itself.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import sequences
from game.actions import Action, Kind, play
from game.cards import Card
from game.deal import DealView, EventKind, Phase
from game.errors import IllegalAction
from game.game_facts import facts_of_match
from game.rules import Etiquette, as_preset
from game.scoring import CARD_BAIT_REASONS, Why
from ui import sound
from ui.controller import GameController, GameOptions, Step, TableModel
from ui.dialogs import TIP_DELAY, ChoicePanel, MessageBox, scroll_by_key
from ui.fonts import fits_one_line, font, status_text_width
from ui.i18n import penalty_text, rule_text, sequences_said, tr, tr_for
from ui.redraw import parts_token
from ui.scenes.base import Scene
from ui.scenes.table.animation import CardFlights
from ui.scenes.table.coach import TableCoach
from ui.scenes.table.decisions import DecisionPanel, Moment, PendingPlay, PlayRequest
from ui.scenes.table.drag import CardDrag, CardOffer
from ui.scenes.table.drawing import TablePainter, draw_tooltip
from ui.scenes.table.hint import HintAdvisor, draw_note, load_hint
from ui.scenes.table.layout import TableGeometry, hidden_cards
from ui.scenes.table.mode import Mode
from ui.scenes.table.peek import LastTrickPeek
from ui.scenes.table.speech import speech_text
from ui.scenes.table.status import StatusLine, small_status
from ui.scenes.table.story import DealLog, cards_text, points_text
from ui.scenes.table.why import KEYS_CHOOSE, KEYS_OPEN, SummaryWhy
from ui.seat_words import card_bait_cost
from ui.seats import gendered_key, named_apart, seat_names, seat_phrase
from ui.theme import SMALL_BUTTON_PX, button_font_id, set_table_scale
from ui.why import focus_for, scroll_to_highlight
from ui.widgets.banner import Banner, BannerLayer
from ui.widgets.felt import felt
from ui.widgets.flight import FlightLayer
from ui.widgets.game_over import GameOverPanel
from ui.widgets.hand import HandWidget
from ui.widgets.movelog import MoveLog
from ui.widgets.scoresheet import ScoreSheet
from ui.widgets.speech import SpeechLayer
from ui.widgets.trick import TrickWidget

if TYPE_CHECKING:
    from ui.app import App

AUTOPLAY_PAUSE = 0.35
JUDGE_S = 6.0  # the judge's banner: long enough to read the rule (a click closes it sooner)
CLAIM_S = 3.0  # another player's «Партия!»: the game stops before its end is shown
SUMMARY_KEY_GRACE = 1.0  # seconds the deal summary ignores keys: a key pressed for the last card must not skip it
SUMMARY_KEY_PAUSE = 0.9  # and a key closes it only after a pause: Enter pressed every half second never does
DISMISS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)
SHOW_S = 1.6  # the shown sequences, plus the «Пауза после взятки» setting


def shown_title(cards: tuple[Card, ...], mine: bool, view: DealView) -> str:
    """«Вы показываете терц» for one sequence, «…комбинации» for several."""
    found = sequences.find_sequences(cards, view.trump, view.rules)
    if len(found) == 1:
        return tr("show_one.you" if mine else "show_one.opponent", what=tr(f"seq_class.{found[0].length}"))
    return tr("show_me" if mine else "show_opp")


def shown_title3(cards: tuple[Card, ...], who: str, view: DealView) -> str:
    """«Соперник слева показывает терц» for one sequence, «…комбинации» for several (three players)."""
    found = sequences.find_sequences(cards, view.trump, view.rules)
    if len(found) == 1:
        return tr("show_one3", who=who, what=tr(f"seq_class.{found[0].length}"))
    return tr("show3", who=who)


class TableScene(Scene):
    tip_delay = TIP_DELAY  # a hand-drawn tooltip (a sheet's mark, a word of the game) waits as the answers' do

    def __init__(self, app: App, ctl: GameController, autoplay_deals: int = 0, coach: TableCoach | None = None) -> None:
        super().__init__(app)
        self.coach = coach or TableCoach()  # a teacher at the table (the practice drill's); none adds nothing
        self.coach.attach(self)
        self.ctl = ctl
        self.autoplay = not ctl.human_seats
        self.autoplay_deals = autoplay_deals
        self.deals_seen = 0
        self.model: TableModel = ctl.model()
        self.shown: TableModel = self.model  # what the counters and the sheet show: the model once the table settles
        self.seat = self.model.seat
        self.flight = FlightLayer(app.images)
        self.hand = HandWidget(app.images, in_flight=self.flight.landing_in_hand)  # the flights own what it hides
        self.trick = TrickWidget(app.images)
        self.trick.view_seat = self.seat
        self.trick.players = self.model.view.players
        self.speech = SpeechLayer()
        self.sheet = ScoreSheet()
        self.movelog = MoveLog()
        self.banner = BannerLayer(app.images)
        self.end_panel = ChoicePanel(app.manager)
        self.menu_button: pygame_gui.elements.UIButton | None = None
        self.undo_button: pygame_gui.elements.UIButton | None = None
        self.hint_button: pygame_gui.elements.UIButton | None = None
        self.help_button: pygame_gui.elements.UIButton | None = None
        self.claim_button: pygame_gui.elements.UIButton | None = None
        # the parts
        self.status = StatusLine(app.time)
        self.log = DealLog(self.movelog, self.seat, self.model.view.players, ctl.levels)
        self.decisions = DecisionPanel(app.manager, self.coach.words(self.seat), self.hand)
        self.drag = CardDrag(self.hand, app.settings)
        self.hints = HintAdvisor(
            load_hint(app.thinker),
            self.hand,
            self.status,
            self.decisions.words.label,
            by_sequence=lambda: app.settings.by_sequence,
        )
        self.hint_note: pygame.Rect | None = None  # where a long hint's panel was drawn last (above the status line)
        self.flights = CardFlights(self.flight, self.hand, app.settings)
        self.painter = TablePainter(app.images)
        self.painter.levels = ctl.levels  # a character's seat is named by it (ui.seats.seat_names)
        self.decisions.words.levels = ctl.levels
        self.help_open = False
        self.rules_box: MessageBox | None = None  # R: the rules of this game over the table
        self.rules_focus: tuple[str, ...] = ()  # the page's lines a summary's «почему?» opened it at (tests)
        self.why = SummaryWhy()  # the summary's «почему?» links
        self.mouse = (0, 0)
        self.rest_since = 0.0  # when the pointer last moved onto something a tooltip explains
        self.tip_open: str | None = None  # the hand-drawn tooltip up (it stays while the pointer is on its thing)
        self.tip_box: pygame.Rect | None = None  # where the last one was drawn (tests: it covers not its word)
        self.mode = Mode.PLAY  # the deal in play, or its summary or the game's end over the table
        self.game_over: GameOverPanel | None = None
        self.overlay_since = 0.0
        self.last_key_at = -math.inf  # the last key pressed (the summary waits for a pause in the keys)
        self.peek = LastTrickPeek()  # L and the sheet's «Последняя взятка»
        self.layout()
        self.sync()
        self.rebuild_log()
        if not self.model.view.history and self.model.view.phase is Phase.BIDDING_1:
            self.flights.deal(self.model.view, self.geo, self.now())
        self.coach.started()

    # ---------------------------------------------------------------- the parts

    def side_width(self, w: int) -> int:
        """The score sheet's column (the coach may widen it: the practice coach lives there)."""
        return self.coach.side_width((w, self.size[1]))

    def layout(self) -> None:
        """A new geometry for the window's size, handed to the widgets."""
        players = self.model.view.rules.players
        geo = self.geo = TableGeometry.compute(self.size, self.seat, players, self.side_width(self.size[0]))
        set_table_scale(self.app.manager, geo.text_scale)
        self.sheet.layout(geo.sheet_rect)
        self.sheet.scale = geo.text_scale
        self.movelog.layout(geo.movelog_rect)
        self.movelog.size = round(self.movelog.size * geo.text_scale)
        self.hand.layout(geo.hand_area, geo.hand_h)
        self.trick.layout(geo.trick_area, geo.trick_h, geo.piles, geo.opp_h)
        self.banner.layout(geo.banner_rect, int(geo.trick_h * 0.8))
        self.speech.size = geo.speech_size
        self.speech.anchors = dict(geo.speech_anchors)
        self.speech.right_edge = geo.play.right - 8  # a long bubble wraps rather than run under the sheet
        self.coach.laid_out()

    def moment(self) -> Moment:
        """The table now, as the words, the dialog and the hint see it: the human's turn begins when the card
        played before it has landed («Ваш ход» and «Партия!» wait for the opponent's card)."""
        now = self.now()
        landing = self.trick.card_in_flight(now) or self.flight.busy(now)
        return Moment(
            model=self.model,
            seat=self.seat,
            others=self.geo.others,
            human_to_act=self.ctl.human_to_act() and not landing,
            bot_thinking=self.ctl.bot_thinking(),
            autoplay=self.autoplay,
            open=self.mode is Mode.PLAY,
        )

    def position_key(self) -> tuple[int, int]:
        """The position: the deal and the number of actions in it (a refusal or a hint is about one)."""
        return self.model.deal_number, len(self.model.view.history)

    def status_text(self) -> str:
        return self.decisions.words.status_text(self.moment())

    # ---------------------------------------------------------------- widgets

    def build(self) -> None:
        self.layout()
        self.decisions.rebuild(self.app.manager, self.geo.text_scale)
        self.end_panel = ChoicePanel(self.app.manager)
        self.end_panel.scale = self.geo.text_scale
        r = self.sheet.rect
        m = self.app.manager
        # undo and hint share a row: on a narrow sheet the longer label gets the wider button
        row = r.w - 28 - 8
        need = [font(SMALL_BUTTON_PX, bold=True).size(tr(k))[0] + 20 for k in ("undo", "hint")]
        undo_w = row // 2 if max(need) <= row // 2 else row * need[0] // sum(need)
        hint_w = row - undo_w
        # on a wide sheet they speak in the size of «Меню» beside them; small print only where it is narrow
        row_id = button_font_id((tr("undo"), undo_w - 20), (tr("hint"), hint_w - 20))
        self.menu_button = pygame_gui.elements.UIButton(
            pygame.Rect(r.x + 14, r.bottom - 52, r.w - 28 - 50, 40), tr("menu"), m, tool_tip_text=tr("tip_menu")
        )
        self.help_button = pygame_gui.elements.UIButton(
            pygame.Rect(r.right - 14 - 40, r.bottom - 52, 40, 40), "?", m, tool_tip_text=tr("tip_help")
        )
        self.undo_button = pygame_gui.elements.UIButton(
            pygame.Rect(r.x + 14, r.bottom - 100, undo_w, 40),
            tr("undo"),
            m,
            tool_tip_text=tr("tip_undo"),
            object_id=row_id,
        )
        self.hint_button = pygame_gui.elements.UIButton(
            pygame.Rect(r.right - 14 - hint_w, r.bottom - 100, hint_w, 40),
            tr("hint"),
            m,
            tool_tip_text=tr("tip_hint"),
            object_id=row_id,
        )
        s = self.geo.status_rect
        self.claim_button = pygame_gui.elements.UIButton(
            pygame.Rect(s.right - 170, s.y + 3, 164, s.h - 6),
            tr("btn_claim_key"),
            m,
            tool_tip_text=tr("tip_claim_key"),
            object_id=pygame_gui.core.ObjectID(object_id="#small_button"),
        )
        strict = self.model.view.rules.etiquette is Etiquette.STRICT and not self.decisions.words.claim_in_panel
        if self.autoplay or not strict or self.model.target <= 0:
            self.claim_button.hide()  # guided play prompts the claim when it is true; one deal has no claim
        if self.autoplay:
            self.undo_button.hide()
            self.hint_button.hide()
        self.refresh_buttons()
        if self.mode is Mode.GAME_OVER and not self.autoplay:
            self.show_game_over_buttons()  # the window changed size: the buttons again, in the new box
        elif self.mode is Mode.SUMMARY and not self.autoplay:
            self.show_summary_button()  # likewise «Следующая сдача» (it was lost on a resize or F11)
        self.trick.finish()
        self.sync()
        self.coach.built()

    def resize(self) -> None:
        self.drag.cancel()
        self.decisions.drop()
        super().resize()

    # ---------------------------------------------------------------- model → widgets

    def sync(self) -> None:
        view = self.model.view
        human_turn = self.ctl.human_to_act()
        playable: set[Card] | None = None
        if human_turn and view.phase is Phase.PLAY:
            playable = {a.card for a in view.legal if a.kind is Kind.PLAY and a.card is not None}
            if not self.coach.greys_unplayable():  # a lesson asks which card: the greyed ones gave it away
                playable = set(view.hand)
        trump = view.trump if view.trump is not None else view.first_trump
        self.hand.set_cards(view.hand, trump, playable, self.app.settings.by_sequence)
        self.trick.speed = self.app.settings.animation_speed
        self.trick.hold = AUTOPLAY_PAUSE if self.autoplay else self.app.settings.trick_hold  # a demo keeps moving
        self.trick.sync(view.trick, view.trick_leader)
        self.status.moved_to(self.position_key())  # "not that card" is stale once the turn has moved on

    def busy(self, now: float) -> bool:
        flying = self.flight.busy(now)
        return self.trick.busy(now) or self.hand.busy(now) or flying or self.banner_holds(now)

    def settling(self, now: float) -> bool:
        """Cards are still moving, a full trick lies waiting or the table shows a banner: what they cause
        (counters, the sheet, the next dialog, the bot's next move) is not shown yet."""
        return self.trick.busy(now) or self.flight.busy(now) or self.banner_holds(now)

    def banner_holds(self, now: float) -> bool:
        """A banner up holds the game (with animations off it is shown but the game goes on)."""
        return self.app.settings.animation_speed > 0 and not self.autoplay and self.banner.busy(now)

    def banner_speaks(self, now: float) -> bool:
        """The judge's banner or the shown sequences are up: the next question waits under them even with
        animations off (its panel covered «Судья: штраф вам» and its reason, or the cards just shown — the one thing
        to read then); the cards and the bots go on, and a click or a key puts the banner away."""
        shown = self.banner.current(now) if not self.autoplay else None
        return shown is not None and shown.kind in ("judge", "shown")

    def redraw_token(self) -> object:
        """The parts' tokens (``ui.redraw``: every part the scene holds that says when its picture changes — a
        new part is in without a word here) and what the scene itself shows."""
        return parts_token(self), self.own_token()

    def own_token(self) -> object:
        """What the scene draws from its own state: the position and what is shown of it, the overlays, the
        tooltip, a bot thinking, and the buttons that follow the game (on a timer, not on input)."""
        return (
            id(self.model),
            id(self.shown),
            self.mode,
            self.peek.shown,
            self.help_open,
            self.tip_text(),
            self.ctl.bot_thinking(),
            tuple(b.is_enabled for b in (self.undo_button, self.hint_button, self.claim_button) if b is not None),
        )

    def animating(self) -> bool:
        now = self.now()
        if self.busy(now) or self.speech.fading() or self.hand.drag is not None or self.banner.busy(now):
            return True
        if self.hints.future is not None:
            return True
        if self.mode is Mode.PLAY and self.model.view.phase is Phase.OVER:
            return True
        if self.mode is Mode.GAME_OVER and self.game_over is not None and self.game_over.celebrating(now):
            return True
        return self.autoplay or (self.ctl.to_act() is not None and not self.ctl.human_to_act())

    # ---------------------------------------------------------------- steps

    def on_step(self, step: Step, now: float, launch: tuple[int, int] | None = None) -> None:
        """Show a step (the human's or another player's): ``launch``, where the human's card starts its flight
        to the trick (None: from its place in the hand)."""
        old_rects = {c: r.topleft for c, r in self.hand.rects.items()}
        old_view = self.model.view
        geo = self.geo
        opp_from = {s: geo.opp_card_rects(hidden_cards(old_view, s), s) for s in geo.others}
        self.model = self.ctl.model()
        self.hints.clear()
        self.log.step(step)
        # what was said stays until the next action (a practice remark keeps its time)
        for s in range(old_view.players):
            self.speech.bubbles.pop(s, None)
        for ev in step.events:
            seat = ev.seat
            text = speech_text(ev, step.action)
            if text is not None and seat is not None:
                self.speech.say(seat, text, now, ttl=math.inf)
            if ev.kind == EventKind.PLAY and ev.card is not None and seat is not None:
                self.sound("card")
                if seat == self.seat:
                    src = launch or old_rects.get(ev.card) or geo.hand_area.center
                    self.trick.play(ev.card, seat, src, now)
                else:
                    fan = opp_from.get(seat, [])
                    src = fan[len(fan) // 2].topleft if fan else geo.opp_areas[seat].center
                    self.trick.play(ev.card, seat, src, now, flip=ev.card not in old_view.known_opponent_cards)
            elif ev.kind == EventKind.SWAP and ev.card is not None and seat is not None:
                self.sync()
                swap_from = opp_from.get(seat, [])
                self.flights.swap(self.model.view, geo, seat, ev.card, old_view.face_up, old_rects, swap_from, now)
            elif ev.kind == EventKind.DEALT:
                self.sync()
                self.flights.deal(self.model.view, geo, now, since=old_view)
            elif ev.kind == EventKind.TRICK and seat is not None:
                self.trick.take(seat, now)
            elif ev.kind == EventKind.PENALTY and seat is not None:  # the table's judge, not the player, says it
                title = self.seat_words(seat, "judge_penalty_me", "judge_penalty_opp", "judge_penalty3")
                text = penalty_text(ev.detail)
                if ev.detail in CARD_BAIT_REASONS:  # what «байт на картах» costs, and whom («пишет соперник»)
                    view = self.model.view
                    text = f"{text} {card_bait_cost(seat, view.bidder, self.seat, view.players, self.ctl.levels)}"
                self.banner.show(Banner("judge", title, text, JUDGE_S))
            elif ev.kind == EventKind.CLAIM and seat is not None and seat != self.seat:
                # another player's «Партия!» is an event at the table, not a line in the log: the game stops here
                title = self.seat_words(seat, "claim_banner_opp", "claim_banner_opp", "claim_banner3")
                text = tr("claim_banner_true" if ev.value else "claim_banner_false", target=self.model.target)
                self.banner.show(Banner("claim", title, text, CLAIM_S))
            elif ev.kind == EventKind.SEQUENCES and seat is not None:
                # a note about this moment: the next question's words must not wait behind it
                what = sequences_said(ev.detail)
                self.flash(tr("say_sequences", who=self.name_of(seat), what=what, pts=ev.value), refusal=True)
        if self.ctl.human_to_act() and step.seat not in self.ctl.human_seats:
            self.sound("turn")
        if self.ctl.save_error:
            self.flash(self.ctl.save_error, error=True, seconds=6)  # in words, with the folder (ui/saving.py)
        self.sync()
        self.coach.stepped(step, now)

    def show_sequences(self, before: TableModel, after: TableModel) -> None:
        """The winner of the comparison shows the cards of its sequences once the first trick is in (the engine
        makes them public then): the table lays them out for a moment, and the log notes them."""
        if before.view.shown == after.view.shown or before.deal_number != after.deal_number:
            return
        for seat in range(after.view.players):
            cards = after.view.shown[seat]
            if cards and not before.view.shown[seat]:
                title = shown_title(cards, seat == self.seat, after.view)
                if seat != self.seat and named_apart(after.view.players, self.ctl.levels.get(seat)):
                    title = shown_title3(cards, self.name_of(seat), after.view)
                added = seat == after.view.added_by  # for three: the partner's sequences added to the winner's
                pts = after.view.added_points if added else after.view.sequence_points
                text = tr("show_points", pts=points_text(pts))
                self.banner.show(Banner("shown", title, text, SHOW_S + self.app.settings.reading_pause, cards))
                who = self.seat_words(seat, "log_shown_me", "log_shown_opp", "log_shown3")
                self.log.note([(f"{who}: {cards_text(cards)}", "table")])

    def rebuild_log(self) -> None:
        """The whole deal so far in words (a restored game, undo, a new deal): the steps replayed by the engine."""
        self.log.rebuild(self.ctl.deal_steps(), self.ctl.deal_face_up())

    def name_of(self, seat: int) -> str:
        """«Вы», «Соперник» or, for three, «Соперник слева» / «Соперник справа» («Партнёр справа» once the contract is
        made); a character by its name (ui.seats)."""
        view = self.model.view
        return seat_names(self.seat, view.players, levels=self.ctl.levels, bidder=view.bidder)[seat]

    def seat_words(self, seat: int, mine: str, opponent: str, three: str) -> str:
        """A sentence about ``seat``: the human's, the one opponent's (two players) or one naming the opponent
        (``three`` with ``{who}`` and ``{whom}`` in the dative) — for three, and for a character at two."""
        if seat == self.seat:
            return tr(mine)
        n, level = self.model.view.players, self.ctl.levels.get(seat)
        if not named_apart(n, level):
            return tr(opponent)
        whom = seat_phrase(self.seat, seat, n, level, "dat", self.model.view.bidder)
        said = gendered_key(three, level, three)  # «Тётя Валя показала» where the verb agrees
        return tr(said, who=self.name_of(seat), whom=whom)

    def sound(self, kind: str) -> None:
        if self.app.settings.sound and not self.app.options.testing and not self.autoplay:
            sound.play(kind)

    def flash(self, text: str, error: bool = False, seconds: float = 3.5, refusal: bool = False) -> None:
        """A message in the status line for ``seconds``; a ``refusal`` (an illegal card, "not now") is about this
        position only and goes as soon as the position changes."""
        self.status.flash(text, error, seconds, self.position_key() if refusal else None)

    def act(self, action: Action, launch: tuple[int, int] | None = None) -> bool:
        """Submit one of the human's actions (``launch``: where a played card starts its flight); an illegal one
        changes nothing and names the rule."""
        return self.coach.act(action, lambda: self.submit_action(action, launch))

    def submit_action(self, action: Action, launch: tuple[int, int] | None) -> bool:
        """The action to the game, its step shown; an illegal one is refused in words."""
        try:
            step = self.ctl.submit(action)
        except IllegalAction as exc:
            why = rule_text(exc.rule)
            self.flash(tr("illegal", why=why), error=True, refusal=True)
            self.coach.refused(action, exc.rule)
            return False
        self.on_step(step, self.now(), launch)
        return True

    def submit(self, request: PlayRequest | None) -> bool:
        """A part's request (a dialog answer, a card to play) submitted; None: nothing to do."""
        return request is not None and self.act(request.action, request.launch)

    def offer(self, offer: CardOffer | None) -> bool:
        """A card the human dropped or chose: played, asked about first («с беллой?», «да»), or refused with the
        rule's name and sprung back."""
        if offer is None:
            return False
        card, from_pos = offer
        now = self.now()
        options = [a for a in self.model.view.legal if a.kind is Kind.PLAY and a.card == card]
        if not options:
            rule = self.ctl.refusal(play(card))  # the engine names the rule; nothing is sent to it
            if rule is not None:
                self.flash(tr("illegal", why=rule_text(rule)), error=True, refusal=True)
                self.coach.refused(play(card), rule)
            self.drag.spring(card, from_pos, now)
            return False
        if len(options) > 1 or self.app.settings.confirm_play:
            self.decisions.ask(PendingPlay(card, options, from_pos))
            self.drag.spring(card, from_pos, now, keep_raised=True)  # raised while the question is about it
            return False
        if self.act(options[0], launch=from_pos):
            return True
        self.drag.spring(card, from_pos, now)  # not played (a coach held it back): back into the hand
        return False

    def request_hint(self) -> None:
        """H / the button: the hard bot's advice on the human's own view (a coach may refuse it, in words)."""
        why = self.coach.hint_refusal()
        if why is not None:
            self.flash(why, refusal=True)
            return
        self.hints.request(self.moment(), self.ctl.advice_seed)

    def open_rules(self, why: Why | None = None) -> None:
        """R (and F1 names it): the rules of the game at this table — its preset and options in sentences, the
        card order, the worked example and the glossary — over the table, without leaving the game. ``why``: a
        summary line's rule («почему?»): the page opens scrolled to it, its lines highlighted."""
        from ui.scenes.rules import page_anchors, rules_html

        rules = self.model.view.rules
        self.rules_focus = focus_for(why, rules) if why is not None else ()
        html = rules_html(rules, self.rules_focus)
        self.rules_box = MessageBox(self.app.manager, tr("rules"), html, self.size, large=True)
        text = self.rules_box.window.text_block
        if self.rules_focus and text is not None:
            scroll_to_highlight(text, page_anchors(rules)[self.rules_focus[0]])

    def panel_claim(self) -> Action | None:
        """The claim among the panel's words now (a drill that lists «Партия!» among its answers), else None."""
        m = self.moment()
        if not self.decisions.words.claim_in_panel or not m.open or not m.human_to_act or m.autoplay:
            return None
        return next((a for a in m.view.legal if a.kind is Kind.CLAIM), None)

    def claim_offered(self) -> pygame.event.Event | None:
        """The press of the panel's «Партия!» when it offers one (guided play asks by itself once the game is
        won), else None."""
        if not self.decisions.panel.visible:
            return None
        for i, payload in enumerate(self.decisions.panel.buttons.values()):
            if isinstance(payload, Action) and payload.kind is Kind.CLAIM:
                return self.decisions.panel.pressed_by_digit(pygame.K_1 + i)
        return None

    def ask_claim(self) -> bool:
        """P or the «Партия!» button: ask once before claiming (a false claim loses the game)."""
        if self.decisions.ask_claim(self.moment()):
            return True
        self.flash(tr("claim_not_now"), error=True, refusal=True)
        return False

    # ---------------------------------------------------------------- per frame

    def update(self, dt: float) -> None:
        now = self.now()
        self.hints.poll(self.moment())
        if self.mode is Mode.PLAY:
            step = self.ctl.poll(self.busy(now))
            if step is not None:
                self.on_step(step, now)
        else:  # the summary and the game-over screen: a save that failed is retried by its timer here too
            self.ctl.retry_saves()
        if not self.settling(now):
            self.log.settled()
            self.show_sequences(self.shown, self.model)
            self.shown = self.model
        if self.mode is Mode.PLAY and self.model.view.phase is Phase.OVER and not self.busy(now):
            self.open_overlay(now)
        if self.autoplay and self.mode.ended and now - self.overlay_since > AUTOPLAY_PAUSE:
            self.autoplay_next()
        self.decisions.refresh(self.moment(), self.dialog_area(), self.settling(now) or self.banner_speaks(now))
        self.refresh_buttons()

    def dialog_area(self) -> pygame.Rect:
        """The dialog's place, below any opponent's bubble that hangs into it (a long «Не годится. Пятьдесят
        от туза…» wraps to two lines): what was said stays readable beside the question about it."""
        area = pygame.Rect(self.geo.dialog_area)
        for seat in self.geo.others:
            bubble = self.speech.rect_of(seat, self.size[0], self.geo.others)
            if bubble is not None and bubble.colliderect(area) and bubble.bottom + 8 > area.y:
                bottom = area.bottom
                area.y = bubble.bottom + 8
                area.h = max(120, bottom - area.y)
        return area

    # ---------------------------------------------------------------- the undo and hint buttons, undo

    def refresh_buttons(self) -> None:
        m = self.moment()
        claim = self.decisions.words.claim_action(m) is not None and self.decisions.confirm_claim is None
        for button, on in (
            (self.undo_button, self.ctl.can_undo() and self.mode is Mode.PLAY),
            (self.hint_button, self.hints.possible(m)),
            (self.claim_button, claim),
        ):
            if button is None:
                continue
            if on and not button.is_enabled:
                button.enable()
            elif not on and button.is_enabled:
                button.disable()

    def undo(self) -> bool:
        """Ctrl+Z / the button: take back the human's last action while the opponent has not answered."""
        if not self.coach.undo_allowed():
            return False
        why = "undo_deal_over" if self.mode.ended else self.ctl.undo_refusal()
        if why is not None:
            self.flash(tr(why), error=True, refusal=True)  # the actual reason, not a list of possible ones
            return False
        self.ctl.undo()
        self.model = self.shown = self.ctl.model()
        self.decisions.drop()
        self.drag.cancel()
        self.flight.clear()
        self.trick.finish()
        self.trick.placed = []
        self.speech.bubbles.pop(self.seat, None)
        self.hints.clear()
        self.sync()
        self.rebuild_log()
        self.refresh_buttons()
        self.flash(tr("undone"))
        return True

    # ---------------------------------------------------------------- end of deal / game

    def open_overlay(self, now: float) -> None:
        self.mode = Mode.GAME_OVER if self.model.game_over is not None else Mode.SUMMARY
        self.overlay_since = now
        self.deals_seen += 1
        self.drag.cancel()
        self.decisions.drop()
        self.decisions.panel.hide()
        self.status.drop_notes()
        if self.autoplay:
            return
        if self.mode is Mode.SUMMARY:
            self.show_summary_button()
        else:
            # the game in memory is the record's replay (a lesson's game may start from a written sheet)
            self.game_over = GameOverPanel(
                facts_of_match(self.ctl.match),
                self.seat,
                now,
                seed=int(self.ctl.meta.get("seed", 0)),
                levels=self.ctl.levels,
            )
            self.show_game_over_buttons()
        self.coach.end_buttons()  # a coach's buttons, under the game's end too

    def show_summary_button(self) -> None:
        """«Следующая сдача» under the deal's summary (or the coach's buttons)."""
        if self.coach.end_buttons():
            return
        area = self.geo.overlay_buttons()
        self.end_panel.show("", [(tr("next_deal"), "next")], area, columns=1, tips=[tr("tip_next_deal")])

    def show_game_over_buttons(self) -> None:
        """«Реванш», the last deal's summary or the game's facts (a toggle), «В меню»."""
        deal = self.game_over is not None and self.game_over.show_deal
        won = self.ctl.match.over is not None and self.ctl.match.over.winner in self.ctl.human_seats
        self.end_panel.show(
            "",
            [
                (tr("play_again" if won else "rematch"), "again"),  # «Реванш» is the loser's word
                (tr("go_game_facts" if deal else "go_last_deal"), "deal"),
                (tr("to_menu"), "menu"),
            ],
            self.geo.overlay_buttons(),
            columns=3,
            tips=[
                tr("tip_play_again" if won else "tip_rematch"),
                tr("tip_go_game_facts" if deal else "tip_go_last_deal"),
                tr("tip_to_menu"),
            ],
        )

    def close_overlay(self) -> None:
        self.mode = Mode.PLAY
        self.why.clear()
        self.banner.clear()
        self.end_panel.hide()
        self.speech.clear()

    def next_deal(self) -> None:
        if self.coach.next_deal():
            return
        self.close_overlay()
        self.ctl.start_deal()
        self.model = self.shown = self.ctl.model()
        self.trick.finish()
        self.rebuild_log()
        self.hints.clear()
        self.sync()
        self.flights.deal(self.model.view, self.geo, self.now())

    def next_opponents(self) -> tuple[str, ...]:
        """The same opponents again, from the player's left; a Ровня at the player's rating after this game
        (game/bots/characters.py), in whichever seat she sits."""
        from game.bots.characters import MATCH_KEY, match_level, opponent_family

        levels = self.ctl.opponents()
        if all(opponent_family(level) != MATCH_KEY for level in levels):
            return levels
        from game.services.stats.figures import compute

        try:
            now = match_level(compute(self.app.paths.data_dir).rating.value)
        except Exception:  # the statistics must never stop the next game: the same strength again
            return levels
        return tuple(now if opponent_family(level) == MATCH_KEY else level for level in levels)

    def play_again(self) -> None:
        if self.coach.next_deal():
            return
        rules = self.ctl.match.rules
        over = self.model.game_over
        first = "random" if over is None else ("human" if over.winner == self.seat else "bot")
        nxt = self.next_opponents()
        preset, changed = as_preset(rules)  # the same rules, «даве» and a record's own options included
        opts = GameOptions(
            preset,
            rules.target,
            rules.etiquette.value,
            nxt[0],
            first,
            overrides=tuple((k, v) for k, v in changed.items() if k not in ("target", "etiquette", "players")),
            players=rules.players,
            bot_levels=nxt,  # three: each seat's own again
        )
        self.ctl.close()
        self.app.switch(
            TableScene(self.app, GameController.new_game(self.app.paths, opts, **self.app.controller_kwargs()))
        )

    def autoplay_next(self) -> None:
        done = self.autoplay_deals and self.deals_seen >= self.autoplay_deals
        if self.mode is Mode.GAME_OVER or done:
            self.app.quit(1 if self.ctl.bot_errors else 0)  # a bot that failed (and was replaced) fails the run
            return
        self.next_deal()

    def leave(self) -> None:
        self.coach.leave()
        self.ctl.close()
        self.hints.clear()

    # ---------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        """An event goes to the first part of the table that takes it: after the pointer's bookkeeping, what lies
        over the table (the rules, the help), the commands (buttons, shortcuts), the deal's end, a banner being
        read, and last the play itself (the hand, the drag, the keys)."""
        key_gap = self.track(event)
        if self.over_table(event) or self.command(event):
            return
        if self.mode.ended or self.autoplay:
            self.at_the_end(event, key_gap)
        elif not self.banner_read(event):
            self.at_play(event)

    def track(self, event: pygame.event.Event) -> float:
        """The pointer's place and the tooltips' rest; returns how long since the key before (a rhythm of presses
        is not a reader; inf for any other event)."""
        key_gap = math.inf
        if event.type == pygame.KEYDOWN:
            now = self.now()
            key_gap, self.last_key_at = now - self.last_key_at, now
        if event.type == pygame.MOUSEMOTION:
            self.mouse = self.why.mouse = event.pos
            hit = self.tip_hit()
            if self.tip_open is None or hit is None or hit[1] != self.tip_open:  # rests anew before a tip comes
                self.tip_open, self.rest_since = None, self.now()
            self.decisions.panel.pointer_moved()
            self.end_panel.pointer_moved()
        return key_gap

    def key_scope(self) -> list[object] | None:
        """Under the help (F1) Tab reaches nothing: Enter and Space close the help, not press a button under it."""
        return [] if self.help_open else None

    def over_table(self, event: pygame.event.Event) -> bool:
        """The move log's wheel, the rules of this game (R) and the help (F1), open over the table: they take
        their keys and clicks while open. True when the event was theirs."""
        if event.type == pygame.MOUSEWHEEL and self.movelog.wheel(self.mouse, event.y):
            return True
        if self.rules_box is not None and self.rules_box.alive:
            close = event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_r, pygame.K_F1)
            if close or (event.type == pygame.MOUSEBUTTONDOWN and not self.app.gui_consumed):
                self.rules_box.window.kill()
                self.rules_box = None
                return True
            if event.type == pygame.KEYDOWN:
                scroll_by_key(self.rules_box.window.text_block, event.key)  # ↓ PgDn …: only the wheel scrolled
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r and not self.autoplay:
            self.help_open = False
            self.open_rules(self.why.chosen_why() if self.mode.ended else None)  # a chosen line: at its rule
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.help_open = not self.help_open
            return True
        if self.help_open and (
            event.type == pygame.MOUSEBUTTONDOWN
            or (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE))
        ):
            self.help_open = False  # any click or Esc closes the help
            return True
        return False

    def command(self, event: pygame.event.Event) -> bool:
        """A button pressed, Ctrl+Z, H, or a click on a greyed button (which says why). True when it was one."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event)
            return True
        if event.type == pygame.KEYDOWN and not self.autoplay:
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return True
            if event.key == pygame.K_h and self.mode is Mode.PLAY:
                self.request_hint()
                return True
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.greyed_button_says_why(event.pos)

    def at_the_end(self, event: pygame.event.Event, key_gap: float) -> None:
        """The deal's summary or the game's end over the table (or a demo playing): «почему?», a key or a click
        that ends the celebration, Enter for the next deal once the summary has been read."""
        if not self.autoplay and self.why_event(event):
            return
        if self.game_over is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.game_over.skip(self.now())  # the celebration ends at a click or a key
        keys = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
        # a stray Enter must not skip it: neither one pressed at once, nor one of a rhythm of presses
        read = self.now() - self.overlay_since >= SUMMARY_KEY_GRACE and key_gap >= SUMMARY_KEY_PAUSE
        pressed = self.end_panel.pressed_by_digit(event.key) if event.type == pygame.KEYDOWN and read else None
        if pressed is not None and self.end_panel.visible:  # 1, 2, 3: the end panel's buttons, as at play
            self.on_button(pressed)
            return
        if event.type == pygame.KEYDOWN and event.key in keys and self.mode is Mode.SUMMARY and read:
            self.next_deal()
        elif event.type == pygame.KEYDOWN and not self.autoplay:
            # a coach's table (a lesson, the first deal) at its end: Esc goes back to the path, and Enter after
            # a game ended by the lesson's claim is «Дальше», as the status line says; elsewhere Esc is «Меню» (as
            # F1 and the button's tooltip say) and Enter at the game's end «Ещё партию»: both were mouse-only
            game_over_enter = event.key in keys and self.mode is Mode.GAME_OVER and read
            if (event.key == pygame.K_ESCAPE or game_over_enter) and not self.coach.key(event.key):
                if event.key == pygame.K_ESCAPE:
                    self.app.to_menu()
                elif self.end_panel.visible and "again" in self.end_panel.button_rects():
                    self.play_again()

    def banner_read(self, event: pygame.event.Event) -> bool:
        """A banner that holds the game: a click or a key only closes it. True when it did. With animations off the
        judge's banner (the question waits under it) closes by a key or a click on it — a card can be played."""
        now = self.now()
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        key = event.type == pygame.KEYDOWN and event.key in DISMISS_KEYS
        if not (click or key) or self.app.gui_consumed:
            return False
        held = self.banner_holds(now)
        if held or (self.banner_speaks(now) and (key or self.banner.rect.collidepoint(event.pos))):
            self.banner.release(now)
            return True
        return False

    def at_play(self, event: pygame.event.Event) -> None:
        """The deal in play: a card pressed, dragged and dropped (or chosen by the keys), the last trick looked at."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.app.gui_consumed:
            self.trick.release(self.now())  # the player has seen the trick: a click sweeps it
            if self.sheet.last_trick_button.collidepoint(event.pos):
                self.peek.button_down()
                return
            if self.decisions.pending is not None:
                return
            self.offer(self.drag.press(event.pos, self.now()))
        elif event.type == pygame.MOUSEMOTION:
            self.hand.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.peek.click_up()
            self.drag.hand_area = self.geo.hand_area
            self.offer(self.drag.release(self.geo.band, self.now()))  # the whole visible table takes a drop
            if self.drag.missed:
                self.flash(tr("drop_missed"), refusal=True)
        elif event.type == pygame.KEYDOWN:
            if event.key in DISMISS_KEYS:
                self.trick.release(self.now())  # as a click: the trick has been seen
            if event.key != pygame.K_l and self.peek.other_key():
                return
            self.on_key(event.key)
        elif event.type == pygame.KEYUP and event.key == pygame.K_l:
            self.peek.key_up(self.now())

    def why_event(self, event: pygame.event.Event) -> bool:
        """The summary's «почему?»: a click on one, or ↑/↓ to choose a line and ? to open it (R: ``handle``),
        opens the rules at the line's rule. True when the event was that."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.app.gui_consumed:
            link = self.why.link_at(event.pos)
            if link is not None:
                self.why.chosen = self.why.links.index(link)
                self.open_rules(link.why)
                return True
        if event.type == pygame.KEYDOWN and event.key in KEYS_CHOOSE and self.why.links:
            self.why.choose(KEYS_CHOOSE[event.key])
            return True
        if event.type == pygame.KEYDOWN and event.key in KEYS_OPEN and self.why.chosen_why() is not None:
            self.open_rules(self.why.chosen_why())
            return True
        return False

    def greyed_button_says_why(self, pos: tuple[int, int]) -> bool:
        """A click on the greyed «Отменить» or «Партия!» says why it is not possible now (a disabled pygame_gui
        button neither reacts nor shows its tooltip)."""
        for button, why in ((self.undo_button, self.undo), (self.claim_button, self.ask_claim)):
            greyed = button is not None and button.visible and not button.is_enabled
            if greyed and button is not None and button.get_abs_rect().collidepoint(pos):
                why()
                return True
        return False

    def on_key(self, key: int) -> None:
        if self.coach.key(key):
            return
        pressed = self.decisions.panel.pressed_by_digit(key) if self.decisions.panel.visible else None
        if pressed is not None:  # 1, 2, …: the panel's answers in reading order (bids, words, belle: mouse-only)
            self.on_button(pressed)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.hand.focus_visible = True
            self.hand.select_step(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
            card = self.hand.selected_card()
            if card is None or not self.hand.focus_visible:
                # no keyboard cursor yet (say after a double-click play): Enter puts it on a card to play
                self.hand.focus_visible = True
                playable = [c for c in self.hand.cards if self.hand.playable and c in self.hand.playable]
                if card is None and (playable or self.hand.cards):
                    self.hand.selected = self.hand.cards.index((playable or self.hand.cards)[0])
                return
            if self.decisions.pending is None:
                self.offer(self.drag.chosen(card))
        elif key == pygame.K_l:
            self.peek.key_down(self.now())
        elif key == pygame.K_p and (claim := self.panel_claim()) is not None:
            self.act(claim)  # a drill that asks «Партия?» in its panel: P answers as the panel's button does
        elif key == pygame.K_p and self.model.target <= 0:
            self.flash(tr("claim_single"), refusal=True)
        elif key == pygame.K_p and self.model.view.rules.etiquette is Etiquette.STRICT:
            self.ask_claim()  # strict: asked first, whatever the panel offers (a false claim loses the game)
        elif key == pygame.K_p and (offered := self.claim_offered()) is not None:
            self.on_button(offered)  # guided, «Партия! (выигрыш)» in the panel: P presses it («не нужно» was said)
        elif key == pygame.K_p:  # guided play asks by itself when the claim is true
            self.flash(tr("claim_guided", target=self.model.target), refusal=True)
        elif key == pygame.K_ESCAPE and not self.decisions.escape():
            self.app.to_menu()

    def on_button(self, event: pygame.event.Event) -> None:
        if self.coach.button(event):
            return
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
        if event.ui_element is self.claim_button:
            self.ask_claim()
            return
        hit, payload = self.end_panel.process(event)
        if hit:
            if payload == "next":
                self.next_deal()
            elif payload == "again":
                self.play_again()
            elif payload == "deal" and self.game_over is not None:
                self.game_over.show_deal = not self.game_over.show_deal
                self.show_game_over_buttons()
            elif payload == "menu":
                self.app.to_menu()
            return
        self.submit(self.decisions.process(event))

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        now = self.now()
        geo, view, paint = self.geo, self.model.view, self.painter
        # before pygame_gui draws them: tooltips never cover another answer, nor the hand (issue 22)
        self.decisions.panel.place_tips(avoid=self.geo.hand_area)
        self.end_panel.place_tips(avoid=self.game_over.chart_rect if self.game_over is not None else None)
        surface.blit(felt(geo.play.size), (0, 0))
        paint.opponents(surface, view, geo, self.flight)
        paint.stock(surface, view, geo, self.flight)
        paint.piles(surface, self.shown.view, geo)  # a trick still on the table or in flight is not on the pile yet
        self.drag.draw_drop_zone(surface, geo.drop_zone, geo.hand_h, geo.band)
        self.trick.draw(surface, now)
        self.hand.draw(surface, now)
        self.hints.draw(surface, self.position_key())
        self.flight.draw(surface, now)
        paint.labels(surface, view, geo)
        paint.pile_counts(surface, self.shown.view, geo)  # beside a long name, not under it
        self.sheet.draw(surface, self.shown, geo.sheet_reserve, levels=self.ctl.levels)
        self.movelog.title, self.movelog.empty = tr("log_title"), tr("log_empty")
        self.movelog.draw(surface)
        self.draw_status(surface)
        if self.peek.shown and view.tricks:
            paint.last_trick(surface, view, geo)
        self.speech.draw(surface, now, geo.others)  # the opponents' bubbles hang below their names
        self.banner.draw(surface, now)
        if self.mode.ended:
            over = self.game_over if self.mode is Mode.GAME_OVER else None
            paint.overlay(surface, geo, self.model, over, now, self.mouse, self.why.chosen)
        self.why.links = paint.whys if self.mode.ended else ()
        self.coach.draw(surface)

    def draw_status(self, surface: pygame.Surface) -> None:
        """The status line: a message, else whose turn it is; the «Партия!» button keeps its end."""
        button, rect = self.claim_button, self.geo.status_rect
        reserve = 0 if button is None or not button.visible else int(rect.right - button.get_abs_rect().x)
        size = round(16 * self.geo.text_scale)
        words, shown = self.hints.words, self.status.current(self.now())
        self.hint_note = None  # the advice for this position, too long for the line: on its own panel above it
        room = status_text_width(rect, reserve)
        if words and shown is not None and shown.text == words and not fits_one_line(words, size, room):
            self.hint_note = draw_note(surface, rect, words, size)
        self.status.draw(
            surface, rect, self.status_text(), size, reserve, elsewhere=(words or "") if self.hint_note else ""
        )

    def term_hit(self) -> tuple[pygame.Rect, str] | None:
        """The words of the game under the pointer («вскрышка», «фреза», the bidder's seat label; the summary's
        «Записано», «Послед», its bait and penalty lines) and the glossary's words for them, where the word
        appears (issue 27): (where, text) — a line with two terms explains both."""
        found = [(rect, term) for rect, term in self.painter.terms if rect.collidepoint(self.mouse)]
        bidder = self.model.view.bidder
        label = self.painter.label_rects.get(bidder) if bidder is not None else None
        if not found and self.mode is Mode.PLAY and label is not None and label.collidepoint(self.mouse):
            found = [(label, "bidder")]
        if not found:
            return None
        players = self.model.view.players  # for three the bait is the вистующие's, in halves (``tr_for``)
        texts = dict.fromkeys(tr_for(players, f"glossary.{term}") for _, term in found)
        return found[0][0].unionall([rect for rect, _ in found]), "\n".join(texts)

    def term_tip(self) -> str | None:
        """The glossary's words for the term under the pointer (``term_hit``), shown or not yet."""
        hit = self.term_hit()
        return hit[1] if hit is not None else None

    def tip_hit(self) -> tuple[pygame.Rect, str] | None:
        """What the pointer is on that a hand-drawn tooltip explains: a mark of the sheet, a hint's value, else a
        word of the game."""
        hint = self.hints.chip_hit(self.mouse, self.model.view.players)
        small = small_status(self.status.drawn, self.mouse)  # a long line drawn small, in full
        return self.sheet.hit_at(self.mouse) or hint or self.why_hit() or self.term_hit() or small

    def why_hit(self) -> tuple[pygame.Rect, str] | None:
        """A summary's «почему?» under the pointer: what it does, and the keys that do it."""
        link = self.why.link_at(self.mouse) if self.mode.ended else None
        return (link.rect, tr("why_tip")) if link is not None else None

    def tip_text(self) -> str | None:
        """The hand-drawn tooltip shown now: once the pointer has rested ``tip_delay`` on its thing."""
        hit = self.tip_hit()
        rules_open = self.rules_box is not None and self.rules_box.alive
        if hit is None or self.help_open or rules_open:  # nothing of the table's over a page laid on it
            return None
        if hit[1] != self.tip_open and self.now() - self.rest_since < self.tip_delay:
            return None
        return hit[1]

    def draw_top(self, surface: pygame.Surface) -> None:
        self.hand.draw_dragged(surface)
        hit, text = self.tip_hit(), self.tip_text()
        self.tip_box = None
        if hit is not None and text is not None:
            self.tip_open = text
            self.tip_box = draw_tooltip(surface, text, self.mouse, avoid=hit[0], size=round(14 * self.geo.text_scale))
        if self.help_open:
            self.painter.help(surface, self.geo)
