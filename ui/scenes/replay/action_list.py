"""The viewer's list of the deal's actions: who did what, penalties, the analysis' marks; kept scrolled to the
current one."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.actions import Action, Kind
from game.deal import Event, EventKind
from game.record import prefix, replay
from ui.i18n import action_label, card_name, tr
from ui.scenes.replay.host import ReplayHost
from ui.scenes.replay.texts import rt
from ui.scenes.table.speech import speech_text
from ui.widgets.lists import gui_items, scroll_to


class ActionList(ReplayHost):
    """Mixed into ``ReplayScene``: the pygame_gui selection list on the left."""

    def item_texts(self) -> list[str]:
        names = self.record.players
        out = [f"0. {rt('deal_start', n=self.di + 1, who=names[self.deal.dealer])}"]
        seats, penalised, tops = self._seats_and_penalties()
        danal = self.analysis.deal(self.di) if self.analysis is not None else None
        for j, a in enumerate(self.deal_actions()):
            text = f"{j + 1}. {names[seats[j]]}: {tops.get(j) or self.action_text(a)}"
            if j in penalised:
                text += f"  ⚠ {tr('penalty')}"
            d = danal.decision_at(j) if danal is not None else None
            if d is not None and d.mistake:
                text += f"  ✗ −{d.loss:.0f}"
            if danal is not None:
                bid = next((b for b in danal.bids if b.action == j), None)
                if bid is not None and bid.loss >= 5:
                    text += f"  ? ≈−{bid.loss:.0f}"
            out.append(text)
        return out

    def _seats_and_penalties(self) -> tuple[list[int], set[int], dict[int, str]]:
        """Who took each action, which actions drew a strict-etiquette penalty, and the words of each top card
        named after «рост?» («От дамы»): the deal re-applied by the engine."""
        match = replay(prefix(self.record, self.di, 0))
        penalised: set[int] = set()
        tops: dict[int, str] = {}
        for j, action in enumerate(self.deal_actions()):
            events = match.apply(action)
            if any(ev.kind == EventKind.PENALTY for ev in events):
                penalised.add(j)
            if action.kind is Kind.TELL_TOP:
                tops[j] = self.action_text(action, events)
        return [s for s, _ in match.deals[-1].history], penalised, tops

    def action_text(self, a: Action, events: Sequence[Event] = ()) -> str:
        """A past action in words; the top card named after «рост?» as it was said, when its events are given."""
        if a.kind is Kind.PLAY and a.card is not None:
            return card_name(a.card) + (" + " + tr("say_belle") if a.value else "")
        if a.kind is Kind.TELL_TOP:
            said = next((speech_text(ev, a) for ev in events if ev.kind == EventKind.TOP), None)
            return said or tr("btn_top")
        return action_label(a)

    def fill_list(self, scroll: bool = False) -> None:
        if self.action_list is None:
            return
        texts = self.item_texts()
        self.item_pos = {t: i for i, t in enumerate(texts)}
        lst = self.action_list
        lst.set_item_list(gui_items(texts))
        cur = min(self.pos, len(texts) - 1)
        item = lst.item_list[cur]
        item["selected"] = True
        if item.get("button_element") is not None:
            item["button_element"].select()
        self.scroll_list_to(cur)

    def scroll_list_to(self, index: int) -> None:
        """Keep the current item in view."""
        if self.action_list is not None:
            scroll_to(self.action_list, index)

    def item_rect(self, index: int) -> pygame.Rect | None:
        """The screen rectangle of a visible list item (tests click it)."""
        if self.action_list is None or index >= len(self.action_list.item_list):
            return None
        btn = self.action_list.item_list[index].get("button_element")
        return None if btn is None else btn.get_abs_rect()
