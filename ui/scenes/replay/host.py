"""What the replay viewer's parts share: the state ``ReplayScene`` keeps and the methods the parts call on
each other, declared once for the type checker.

``ReplayHost`` is the base of every mixin beside it (``action_list``, ``analysis``, ``handover``,
``drawing``). At run time it adds nothing: the attributes are only annotated (``ReplayScene`` sets them)
and the methods exist only for the type checker (the scene or a part defines each).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.actions import Action
from game.analysis import Analysis, CardDecision
from game.bots.worker import Ticket
from game.deal import Deal, Event
from game.match import Match
from game.record import GameRecord
from ui.controller import TableModel
from ui.scenes.base import Scene
from ui.widgets.banner import BannerLayer
from ui.widgets.cards import CardImages
from ui.widgets.hand import HandWidget
from ui.widgets.scoresheet import ScoreSheet
from ui.widgets.speech import SpeechLayer
from ui.widgets.trick import TrickWidget


class ReplayHost(Scene):
    # the record and the position shown (ReplayScene.__init__, goto)
    record: GameRecord
    path: Path | None
    di: int
    pos: int
    match: Match
    deal: Deal
    events: list[Event]
    open_hands: bool
    seat_choice: int
    n: int  # seats: 2 or 3
    me: int  # the seat drawn at the bottom
    # the analysis
    analysis: Analysis | None
    analysis_error: str | None
    progress: tuple[int, int]
    _analysis_job: Ticket[Analysis] | None  # the analysis the worker is doing
    _cancel: threading.Event  # set when the viewer is left: the next frame cancels the analysis
    # widgets
    images: CardImages
    bottom: HandWidget
    top: HandWidget
    left: HandWidget
    right: HandWidget
    trick: TrickWidget
    sheet: ScoreSheet
    speech: SpeechLayer
    banner: BannerLayer
    action_list: pygame_gui.elements.UISelectionList | None
    item_pos: dict[str, int]
    progress_bar: pygame_gui.elements.UIProgressBar | None
    message: tuple[str, float, bool] | None  # text, until, is_error
    exported: Path  # the last export's file
    # the geometry (ReplayScene.layout, build)
    list_w: int
    status_h: int
    controls_h: int
    play: pygame.Rect
    status_rect: pygame.Rect
    controls_rect: pygame.Rect
    card_h: int
    top_area: pygame.Rect
    bottom_area: pygame.Rect
    left_area: pygame.Rect
    right_area: pygame.Rect
    side_h: int
    trick_h: int
    stock_h: int
    band: pygame.Rect
    trick_area: pygame.Rect
    info_area: pygame.Rect
    sheet_reserved: int

    if TYPE_CHECKING:
        # ReplayScene
        def flash(self, text: str, error: bool = False, seconds: float = 4.0) -> None: ...
        def deal_actions(self, di: int | None = None) -> list[Action]: ...
        def next_action(self) -> Action | None: ...
        def model(self) -> TableModel: ...
        def speaker(self, seat: int) -> str: ...
        def seat_label(self, seat: int) -> str: ...
        def short_label(self, seat: int) -> str: ...
        def seat_word(self, seat: int) -> str | None: ...
        def sheet_names(self) -> tuple[str, ...] | None: ...
        def human_seat(self) -> int | None: ...
        def seat_hand(self, seat: int) -> HandWidget: ...
        def side(self, seat: int) -> str: ...
        def hand_area(self, seat: int) -> pygame.Rect: ...
        # ActionList
        def action_text(self, a: Action, events: Sequence[Event] = ()) -> str: ...
        def fill_list(self, scroll: bool = False) -> None: ...
        # AnalysisPanel
        def decision(self, action_index: int) -> CardDecision | None: ...
        def draw_marks(self, surface: pygame.Surface) -> None: ...
        def draw_info(self, surface: pygame.Surface) -> None: ...
        # ReplayDrawing
        def hand_widget(self, seat: int) -> HandWidget | None: ...
