"""The viewer's list of the deal's actions: who did what, worded as the table's move log («Вы: играю»,
«Анна: от валета»), penalties, the analysis' marks; fitted to the list's width at a word's end, kept scrolled to
the current one.

``ActionList`` owns the pygame_gui selection list and which item means which position."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pygame_gui

from game.actions import Action, Kind
from game.cards import Card
from game.deal import Event, EventKind
from game.services.analysis.facts import Analysis
from ui.fonts import is_emblem
from ui.i18n import action_label, card_name, language, tr
from ui.scenes.replay.names import Position, SeatNames
from ui.scenes.replay.texts import best_blind, rt
from ui.scenes.table.speech import speech_text
from ui.seats import seat_side, sides_named
from ui.widgets.lists import fit_words, gui_items, row_width, scroll_to, text_room


def spoken(text: str) -> str:
    """After «Соперник:» a Russian word goes on in lower case (as in the move log); English keeps its «I»."""
    return text if language() == "en" else text[:1].lower() + text[1:]


def action_text(a: Action, events: Sequence[Event] = ()) -> str:
    """A past action as the move log words it after «who:» — a card as it is shown, words as they were said
    (in lower case in Russian: «Соперник: играю»), the top card named after «рост?» when its events are
    given."""
    if a.kind is Kind.PLAY and a.card is not None:
        return card_name(a.card) + (", " + spoken(tr("say_belle")) if a.value else "")
    said = next((speech_text(ev, a) for ev in events if ev.seat is not None and ev.kind != EventKind.PENALTY), None)
    if said is None:
        said = tr("btn_top") if a.kind is Kind.TELL_TOP else action_label(a)
    swapped = next((ev.card for ev in events if ev.kind == EventKind.SWAP and ev.card is not None), None)
    return spoken(said) + (f" ({card_name(swapped)})" if swapped is not None else "")


def up(text: str) -> str:
    """The sentence's first letter in capitals («Сдаёт соперник» from «сдаёт соперник»)."""
    return text[:1].upper() + text[1:]


Steps = tuple[list[int], set[int], list[str]]  # each action's seat, the penalised actions, each action's words


class ActionList:
    """The selection list on the left: «N. who: words» per action of the deal shown, with the analysis' marks."""

    def __init__(self, names: SeatNames) -> None:
        self.names = names
        self.widget: pygame_gui.elements.UISelectionList | None = None
        self.item_pos: dict[str, int] = {}  # an item's text -> the position it shows
        self.cut: dict[str, str] = {}  # a row cut to the list's width -> its words in full (its tooltip)
        self._steps_of: tuple[tuple[int, int, str, str], Steps] | None = None  # the last deal's, and what it is of

    def build(self, rect: pygame.Rect, manager: pygame_gui.UIManager) -> None:
        """A new list in a cleared UI manager (the window changed size)."""
        self.widget = pygame_gui.elements.UISelectionList(rect, [], manager, allow_double_clicks=False)

    def position_of(self, event: pygame.event.Event) -> int | None:
        """The position an item chosen in the list shows (None: not this list's)."""
        if event.ui_element is not self.widget:
            return None
        return self.item_pos.get(event.text)

    def texts(self, at: Position, analysis: Analysis | None) -> list[str]:
        """The list's items in full: «N. who: words», then its marks each after two spaces."""
        names = self.names
        out = [f"0. {self.deal_start(at)}"]
        seats, penalised, words = self._steps(at)
        danal = analysis.deal(at.di) if analysis is not None else None
        for j in range(len(at.deal_actions())):
            who = names.short_label(seats[j])  # (for two it is the speaker's name)
            text = f"{j + 1}. {who}: {words[j]}"
            if j in penalised:
                text += f"  ⚠ {tr('penalty')}"
            d = danal.decision_at(j) if danal is not None else None
            if d is not None and d.mistake:  # best on what the player could see: an open-cards loss, not a cross
                text += f"  {'○' if best_blind(d) else '✗'} −{d.loss:.0f}"
            if danal is not None:
                bid = next((b for b in danal.bids if b.action == j), None)
                if bid is not None and bid.loss >= 5:
                    text += f"  ? ≈−{bid.loss:.0f}"
                dave = next((v for v in danal.daves if v.action == j and v.mistake), None)
                if dave is not None:
                    text += "  " + rt("dave_mark", stakes=tr("stakes", count=dave.loss))
            out.append(text)
        return out

    def deal_start(self, at: Position) -> str:
        """«Раздача: сдаёт Анна»; in the player's own game «Сдаёте вы» / «Сдаёт соперник справа», as the table says
        («Раздача: сдаёт соперник справа» did not fit the list at 1280×800)."""
        names = self.names
        dealer, me = at.deal.dealer, names.human
        said = names.speaker(dealer, partner=False)  # the dealing comes before the contract
        if me is not None and said in (tr("you"), tr("bot")):
            return up(rt("deal_start_by", deals=tr("dealer_you" if dealer == me else "dealer_opp")))
        if me is not None and sides_named(names.n) and said in (tr("seat_left"), tr("seat_right")):
            return up(
                rt("deal_start_by", deals=tr(f"dealer_{seat_side(me, dealer, names.n)}"))
            )  # «Сдаёт соперник слева»
        return rt("deal_start", n=at.di + 1, who=said)

    def _steps(self, at: Position) -> Steps:
        """Who took each action, which actions drew a strict-etiquette penalty, and each action's words as it
        was said («от дамы» after «рост?»): the deal re-applied by the engine once for its words in this language
        and card letters (each step within the deal re-applied it again for the same words)."""
        key = (id(at.record), at.di, language(), card_name(Card.SJ))
        if self._steps_of is None or self._steps_of[0] != key:
            self._steps_of = (key, self._replayed(at))
        return self._steps_of[1]

    @staticmethod
    def _replayed(at: Position) -> Steps:
        match = at.positions.at(at.di, 0)
        penalised: set[int] = set()
        words: list[str] = []
        for j, action in enumerate(at.deal_actions()):
            events = match.apply(action)
            if any(ev.kind == EventKind.PENALTY for ev in events):
                penalised.add(j)
            words.append(action_text(action, events))
        return [s for s, _ in match.deals[-1].history], penalised, words

    def shortened(self, texts: Sequence[str], room: int) -> list[str]:
        """The items, an item too wide with a long name saying the name shorter («Александра К.», «Александра», «А.
        К.»; a character «⚡ Жора Лихой слева» as «⚡ Жора Лихой», «⚡ Жора», «⚡» while no other seat reads the
        same), so that the action's words stay; each name in one form on every row, the shortest any row needed
        («3. А.: принимаю ✗ −1 ставка» stood beside «6. Анна: даве!»). A character keeps a word of its name when
        the row is cut even so: one long row at 1024×640 made «⚡:» of Жора on every row."""
        forms: dict[str, str] = {}
        for text in texts:
            for name, form in self._row_forms(text, room).items():
                order = [name, *name_forms(name)]
                if order.index(form) > order.index(forms.get(name, name)):
                    forms[name] = form
        return [named(text, forms) for text in texts]

    def _row_forms(self, text: str, room: int) -> dict[str, str]:
        """The name's form an item needs to fit ``room`` (none while it fits as it is)."""
        if row_width(text) <= room:
            return {}
        speakers = [self.names.speaker(seat, partner=False) for seat in range(self.names.n)]
        places = {tr("you"), tr("bot"), tr("sheet_left"), tr("sheet_right")}
        forms: dict[str, str] = {}
        for seat, name in enumerate(speakers):
            if f" {name}:" not in text or self.names.short_label(seat) in places:
                continue  # one's own game says «Соперник» on every row (long rows said «С.:», the others not)
            others = [other for other in speakers if other != name]
            taken = {form for other in others for form in (other, *name_forms(other))}
            for form in name_forms(name):
                if form in taken or any((other + " ").startswith(form + " ") for other in others):
                    continue  # «⚡ Жора» would not tell two Жоры apart, nor «А.» Анну from Алексея
                if is_emblem(form) and row_width(named(text, {**forms, name: form})) > room:
                    break  # the row is cut in any form: it keeps a word of the name («⚡:» on every row said nothing)
                forms[name] = form
                if row_width(named(text, forms)) <= room:
                    return forms
        return forms

    def fill(self, at: Position, analysis: Analysis | None, scroll: bool = False) -> None:
        """The items for the position's deal, the current one selected and in view."""
        lst = self.widget
        if lst is None:
            return
        full = self.texts(at, analysis)
        room = text_room(lst)
        texts = [fit_words(t, room) for t in self.shortened(full, room)]  # distinct: numbered
        if texts == [item["text"] for item in lst.item_list]:  # a step within the deal: only the selection moves
            for item in lst.item_list:  # (rebuilding the rows' buttons took a tenth of a second a step)
                if item["selected"]:
                    item["selected"] = False
                    if item.get("button_element") is not None:
                        item["button_element"].unselect()
        else:
            lst.set_item_list(gui_items(texts))
            if text_room(lst) != room:  # the rows brought the scroll bar (or took it away): fitted to the new room
                room = text_room(lst)
                texts = [fit_words(t, room) for t in self.shortened(full, room)]
                lst.set_item_list(gui_items(texts))
            self.item_pos = {t: i for i, t in enumerate(texts)}
            self.cut = {t: f for t, f in zip(texts, full, strict=True) if t != f}
        cur = min(at.pos, len(texts) - 1)
        item = lst.item_list[cur]
        item["selected"] = True
        if item.get("button_element") is not None:
            item["button_element"].select()
        scroll_to(lst, cur)

    def give_tips(self) -> None:
        """A cut row says itself in full under the pointer. pygame_gui makes a row's button only when it scrolls
        into view, so the rows are looked over each frame."""
        if self.widget is None or not self.cut:
            return
        for item in self.widget.item_list:
            button = item.get("button_element")
            if button is not None and button.tool_tip_text is None and item["text"] in self.cut:
                button.set_tooltip(self.cut[item["text"]])

    def item_rect(self, index: int) -> pygame.Rect | None:
        """The screen rectangle of a visible list item (tests click it)."""
        if self.widget is None or index >= len(self.widget.item_list):
            return None
        btn = self.widget.item_list[index].get("button_element")
        return None if btn is None else btn.get_abs_rect()


def named(text: str, forms: dict[str, str]) -> str:
    """An item with the speaker's name in the form given («7. Анна: …» → «7. А.: …»)."""
    for name, form in forms.items():
        text = text.replace(f" {name}:", f" {form}:", 1)
    return text


def name_forms(name: str) -> list[str]:
    """Shorter forms of a speaker's name, longest first: «Александра К.», «Александра», «А. К.»; one word, its
    initial («А.»), but not the initial «Вы» starts with (three letters, «Вер.», else none); a character's keeps
    its emblem and loses words from the end («⚡ Жора Лихой», «⚡ Жора», «⚡»)."""
    first, *rest = name.split(" ")
    if not rest:  # one word: its initial («Анна» → «А.»), so that the card and the mark keep their room
        if len(first) <= 2 or not first[:1].isalpha():
            return []
        if first[:1].upper() == tr("you")[:1].upper():  # «В.: играю» read as «Вы: играю»: «Вер.» for Вероника
            return [f"{first[:3]}."] if len(first) > 4 else []
        return [f"{first[:1]}."]
    if is_emblem(first):  # a character: its emblem, then the words after it, fewer and fewer
        return [" ".join([first, *rest[:k]]) for k in range(len(rest) - 1, -1, -1)]
    return [f"{first} {' '.join(w[:1] + '.' for w in rest)}", first, " ".join(w[:1] + "." for w in [first, *rest])]
