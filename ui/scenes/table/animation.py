"""Cards in flight (drawing only, the model has already moved): the deal in packets of three, the seven swap."""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import Card
from ui.scenes.table.host import TableHost
from ui.widgets.cards import CardImages
from ui.widgets.flight import Flyer


class TableAnimations(TableHost):
    """Mixed into ``TableScene``: flyers from the stock to the hands and between the hand and the вскрышка."""

    def _dur(self, base: float) -> float:
        speed = self.app.settings.animation_speed
        return 0.0 if speed <= 0 else base / speed

    def animate_deal(self, now: float, since: Any = None) -> None:
        """Cards fly from the stock in packets of three: from the dealer's left round the table to the dealer."""
        if self._dur(1) <= 0:
            return
        view = self.model.view
        old_hand = set(since.hand) if since is not None else set()
        mine = [c for c in view.hand if c not in old_hand]
        n = view.players
        # each seat's new cards in packets of three, dealt from the dealer's left round to the dealer
        packs: dict[int, list[list[Any]]] = {self.seat: [mine[i : i + 3] for i in range(0, len(mine), 3)]}
        rects: dict[int, list[pygame.Rect]] = {}
        for seat in self.others:
            old = self.hidden_cards(since, seat) if since is not None else 0
            idx = list(range(old, self.hidden_cards(view, seat)))
            packs[seat] = [idx[i : i + 3] for i in range(0, len(idx), 3)]
            rects[seat] = self.opp_card_rects(self.hidden_cards(view, seat), seat)
        order = [(view.dealer + k) % n for k in range(1, n + 1)]
        packets: list[tuple[int, list[Any]]] = []
        for k in range(max(len(p) for p in packs.values())):
            for seat in order:
                if k < len(packs[seat]):
                    packets.append((seat, packs[seat][k]))
        start = self.stock_centre()
        t = now
        for seat, pack in packets:
            for item in pack:
                if seat == self.seat:
                    end, h1, landing = self.hand.rects[item].center, self.hand_h, ("hand", item)
                else:
                    end, h1, landing = rects[seat][item].center, self.opp_h, (f"opp{seat}", item)
                self.flight.add(
                    Flyer(
                        None, start, end, t, self._dur(0.32), self.stock_h, h1, landing=landing, flip=seat == self.seat
                    )
                )
                t += self._dur(0.06)
            t += self._dur(0.12)
        self.hand.hidden = {c for c in self.flight.landing("hand") if isinstance(c, Card)}

    def animate_swap(
        self,
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
        view = self.model.view
        seven = view.face_up
        side = self.face_up_rect()
        dur = self._dur(0.5)
        if seat == self.seat:
            w, h = CardImages.size_for(self.hand_h)
            src = old_rects.get(seven)
            start = (src[0] + w // 2, src[1] + h // 2) if src else self.hand_area.center
            self.flight.add(
                Flyer(seven, start, side.center, now, dur, self.hand_h, self.stock_h, 0, 90, landing=("face_up", 0))
            )
            end = self.hand.rects[taken].center if taken in self.hand.rects else self.hand_area.center
            self.flight.add(
                Flyer(
                    old_face_up, side.center, end, now, dur, self.stock_h, self.hand_h, 90, 0, landing=("hand", taken)
                )
            )
        else:
            rects = self.opp_card_rects(self.hidden_cards(view, seat), seat)
            start = opp_from[len(opp_from) // 2].center if opp_from else self.opp_areas[seat].center
            self.flight.add(
                Flyer(
                    seven,
                    start,
                    side.center,
                    now,
                    dur,
                    self.opp_h,
                    self.stock_h,
                    0,
                    90,
                    flip=True,
                    landing=("face_up", 0),
                )
            )
            end = rects[-1].center if rects else self.opp_areas[seat].center
            self.flight.add(
                Flyer(
                    old_face_up,
                    side.center,
                    end,
                    now,
                    dur,
                    self.stock_h,
                    self.opp_h,
                    90,
                    0,
                    landing=(f"opp{seat}", len(rects) - 1),
                )
            )
