"""Cards in flight (drawing only, the model has already moved): the deal in packets of three, the seven swap.

``CardFlights`` plans them onto the ``FlightLayer`` it is given, from a view and the table's geometry; the
layer draws them and says which cards are still on their way (the hand asks it which to hide)."""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import Card
from game.deal import DealView
from ui.scenes.table.layout import TableGeometry, hidden_cards
from ui.settings import Settings
from ui.widgets.cards import CardImages
from ui.widgets.flight import FlightLayer, Flyer
from ui.widgets.hand import HandWidget


class CardFlights:
    """Flyers from the stock to the hands and between the hand and the вскрышка, onto ``layer``; the human's
    cards land in ``hand``; ``settings``: the animation speed (0: no flights)."""

    def __init__(self, layer: FlightLayer, hand: HandWidget, settings: Settings) -> None:
        self.layer = layer
        self.hand = hand
        self.settings = settings

    def _dur(self, base: float) -> float:
        speed = self.settings.animation_speed
        return 0.0 if speed <= 0 else base / speed

    def deal(self, view: DealView, geo: TableGeometry, now: float, since: DealView | None = None) -> None:
        """Cards fly from the stock in packets of three: from the dealer's left round the table to the dealer
        (``since``: the view before, for the second part of the deal)."""
        if self._dur(1) <= 0:
            return
        old_hand = set(since.hand) if since is not None else set()
        mine = [c for c in view.hand if c not in old_hand]
        n = view.players
        # each seat's new cards in packets of three, dealt from the dealer's left round to the dealer
        packs: dict[int, list[list[Any]]] = {geo.seat: [mine[i : i + 3] for i in range(0, len(mine), 3)]}
        rects: dict[int, list[pygame.Rect]] = {}
        for seat in geo.others:
            old = hidden_cards(since, seat) if since is not None else 0
            idx = list(range(old, hidden_cards(view, seat)))
            packs[seat] = [idx[i : i + 3] for i in range(0, len(idx), 3)]
            rects[seat] = geo.opp_card_rects(hidden_cards(view, seat), seat)
        order = [(view.dealer + k) % n for k in range(1, n + 1)]
        packets: list[tuple[int, list[Any]]] = []
        for k in range(max(len(p) for p in packs.values())):
            for seat in order:
                if k < len(packs[seat]):
                    packets.append((seat, packs[seat][k]))
        start = geo.stock_centre()
        t = now
        for seat, pack in packets:
            for item in pack:
                if seat == geo.seat:
                    end, h1, landing = self.hand.rects[item].center, geo.hand_h, ("hand", item)
                else:
                    end, h1, landing = rects[seat][item].center, geo.opp_h, (f"opp{seat}", item)
                self.layer.add(
                    Flyer(None, start, end, t, self._dur(0.32), geo.stock_h, h1, landing=landing, flip=seat == geo.seat)
                )
                t += self._dur(0.06)
            t += self._dur(0.12)

    def swap(
        self,
        view: DealView,
        geo: TableGeometry,
        seat: int,
        taken: Card,
        old_face_up: Card,
        old_rects: dict[Card, tuple[int, int]],
        opp_from: list[pygame.Rect],
        now: float,
    ) -> None:
        """The seven and the вскрышка change places: the seven lies down crosswise, the trump card goes up."""
        if self._dur(1) <= 0:
            return
        seven = view.face_up
        side = geo.face_up_rect()
        dur = self._dur(0.5)
        if seat == geo.seat:
            w, h = CardImages.size_for(geo.hand_h)
            src = old_rects.get(seven)
            start = (src[0] + w // 2, src[1] + h // 2) if src else geo.hand_area.center
            self.layer.add(
                Flyer(seven, start, side.center, now, dur, geo.hand_h, geo.stock_h, 0, 90, landing=("face_up", 0))
            )
            end = self.hand.rects[taken].center if taken in self.hand.rects else geo.hand_area.center
            self.layer.add(
                Flyer(old_face_up, side.center, end, now, dur, geo.stock_h, geo.hand_h, 90, 0, landing=("hand", taken))
            )
        else:
            rects = geo.opp_card_rects(hidden_cards(view, seat), seat)
            start = opp_from[len(opp_from) // 2].center if opp_from else geo.opp_areas[seat].center
            self.layer.add(
                Flyer(
                    seven,
                    start,
                    side.center,
                    now,
                    dur,
                    geo.opp_h,
                    geo.stock_h,
                    0,
                    90,
                    flip=True,
                    landing=("face_up", 0),
                )
            )
            end = rects[-1].center if rects else geo.opp_areas[seat].center
            self.layer.add(
                Flyer(
                    old_face_up,
                    side.center,
                    end,
                    now,
                    dur,
                    geo.stock_h,
                    geo.opp_h,
                    90,
                    0,
                    landing=(f"opp{seat}", len(rects) - 1),
                )
            )
