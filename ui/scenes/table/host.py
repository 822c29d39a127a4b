"""What the table scene's parts share: the state ``TableScene`` keeps and the methods the parts call on each
other, declared once for the type checker.

``TableHost`` is the base of every mixin beside it (``layout``, ``decisions``, ``drag``, ``hint``,
``animation``, ``drawing``). At run time it adds nothing: the attributes are only annotated (``TableScene``
and ``TableLayout.layout`` set them) and the methods exist only for the type checker (the scene or a part
defines each).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.actions import Action
from game.bots.worker import Ticket
from game.cards import Card
from game.deal import DealView
from ui.controller import GameController, TableModel
from ui.dialogs import ChoicePanel
from ui.scenes.base import Scene
from ui.widgets.banner import BannerLayer
from ui.widgets.flight import FlightLayer
from ui.widgets.game_over import GameOverPanel
from ui.widgets.hand import HandWidget
from ui.widgets.movelog import MoveLog
from ui.widgets.scoresheet import ScoreSheet
from ui.widgets.speech import SpeechLayer
from ui.widgets.trick import TrickWidget


class TableHost(Scene):
    # the game and the human's seat (TableScene.__init__)
    ctl: GameController
    model: TableModel
    shown: TableModel  # the model as the counters show it: it catches up once the cards have settled
    seat: int
    autoplay: bool
    # widgets
    hand: HandWidget
    trick: TrickWidget
    speech: SpeechLayer
    sheet: ScoreSheet
    movelog: MoveLog
    banner: BannerLayer
    flight: FlightLayer
    panel: ChoicePanel
    end_panel: ChoicePanel
    # the interaction's state
    help_open: bool
    hint_fn: Any  # (view, seed) -> Ticket[Hint] from the worker, or None (load_hint)
    hint: Any  # the Hint for the position in ``hint_key``
    hint_key: tuple[int, int] | None
    hint_future: Ticket[Any] | None
    hint_chips: dict[Card, pygame.Rect]
    mouse: tuple[int, int]
    message: tuple[str, float, bool] | None  # text, until, is_error
    message_at: tuple[int, int] | None
    pending: tuple[Card, list[Action], tuple[int, int]] | None  # a drop awaiting a choice
    confirm_claim: Action | None  # «Партия!» asked by key or button, awaiting «да»
    claim_button: pygame_gui.elements.UIButton | None  # strict play: «Партия! (P)» at the status line's end
    overlay: str | None  # "summary" / "game_over"
    game_over: GameOverPanel | None  # the game-over panel while overlay == "game_over"
    show_last: bool
    last_click: tuple[Card, float] | None
    launch: dict[Card, tuple[int, int]]
    last_words: dict[int, str]
    label_rects: dict[int, pygame.Rect]  # where the seats' names were drawn (tests check they clear the cards)
    _rot_cache: dict[tuple[Card | None, int], pygame.Surface]
    # the geometry (TableLayout.layout)
    status_h: int
    text_scale: float  # the table's text grows with a tall window (layout.text_scale)
    play: pygame.Rect
    status_rect: pygame.Rect
    hand_h: int
    opp_h: int
    trick_h: int
    stock_h: int
    hand_area: pygame.Rect
    opp_area: pygame.Rect  # the first opponent's row (for two players the only one)
    opp_areas: dict[int, pygame.Rect]  # each opponent's row of hidden cards (three: top-left and top-right)
    others: list[int]  # the other seats in the order they act after the human (ui.seats.others)
    band: pygame.Rect
    trick_area: pygame.Rect
    drop_zone: pygame.Rect
    stock_pos: tuple[int, int]
    dialog_area: pygame.Rect
    piles: dict[int, tuple[int, int]]
    sheet_reserve: int  # the sheet's column below the sheet itself: the move log and the buttons

    if TYPE_CHECKING:
        # TableScene
        def act(self, action: Action) -> bool: ...
        def settling(self, now: float) -> bool: ...
        def flash(self, text: str, error: bool = False, seconds: float = 3.5, refusal: bool = False) -> None: ...
        # TableLayout
        def opp_card_rects(self, n: int, seat: int | None = None) -> list[pygame.Rect]: ...
        def hidden_cards(self, view: DealView, seat: int) -> int: ...
        def stock_centre(self) -> tuple[int, int]: ...
        def face_up_rect(self) -> pygame.Rect: ...
        def overlay_rect(self) -> pygame.Rect: ...
        def overlay_buttons(self) -> pygame.Rect: ...
        def overlay_reserve(self) -> int: ...
        # DecisionPanel
        def label(self, action: Action) -> str: ...
        def status_text(self) -> str: ...
        # CardDragging
        def draw_drop_zone(self, surface: pygame.Surface) -> None: ...
        # HintAdvice
        def position_key(self) -> tuple[int, int]: ...
        def draw_hint(self, surface: pygame.Surface) -> None: ...
