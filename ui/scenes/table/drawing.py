"""Drawing the table: the opponents' cards, the stock, the piles, the names, the last trick, the F1 help, the
end-of-deal summary, and tooltips for things drawn by hand.

``TablePainter`` draws each from what it is given (a view, the geometry, the flights still landing); it keeps
the rotated вскрышка's images and where the last frame put the seats' names (``label_rects``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

import pygame

from game.actions import Kind
from game.bots.knowledge import tricks_won
from game.cards import Card, Rank
from game.deal import DealView, Phase
from ui.controller import TableModel
from ui.fonts import draw_text, font, wrap
from ui.i18n import card_name, tr
from ui.scenes.table.layout import TableGeometry, hidden_cards
from ui.seat_words import tr_about
from ui.seats import character_name, partner_of, seat_names
from ui.theme import GOLD
from ui.widgets.cards import CardImages, draw_shadow
from ui.widgets.felt import panel, stock_labels
from ui.widgets.flight import FlightLayer
from ui.widgets.game_over import GameOverPanel

if TYPE_CHECKING:
    from ui.widgets.summary import SummaryDrawn, WhyLink

CREAM = (244, 238, 220)
SHORTCUTS = (  # (keys, text key) for the F1 help overlay; keys named by a «key_» catalogue key are words
    ("key_mouse_keys", "key_mouse"),
    ("Enter  ←  →", "key_play"),
    ("1  2  3 …", "key_answer"),
    ("Tab", "key_focus"),
    ("Ctrl+Z", "key_undo"),
    ("L", "key_last"),
    ("H", "key_hint"),
    ("P", "key_claim"),
    ("R", "key_rules"),
    ("F1", "key_help"),
    ("F11", "key_fullscreen"),
    ("Esc", "key_menu"),
)


def draw_tooltip(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    avoid: pygame.Rect | None = None,
    size: int = 14,
) -> pygame.Rect:
    """A tooltip like pygame_gui's, for things drawn by hand (the score sheet's marks, the words of the game):
    wrapped to a readable width, by the pointer; ``avoid``: what it explains — the tip goes below it, or above
    when there is no room below, never over it. Returns the tip's box."""
    f = font(size)
    width = min(440 * size // 14, surface.get_width() - 40)
    lines = wrap(text, size, width)
    line_h = f.get_linesize()
    box = pygame.Rect(0, 0, max(f.size(line)[0] for line in lines) + 16, line_h * len(lines) + 10)
    box.x = min(pos[0] + 14, surface.get_width() - 4 - box.w)
    below = (avoid.bottom if avoid is not None else pos[1]) + (6 if avoid is not None else 18)
    above = (avoid.top if avoid is not None else pos[1]) - 6
    if below + box.h <= surface.get_height() - 4 or above - box.h < 4:
        box.top = below
    else:
        box.bottom = above
    panel(surface, box, (20, 59, 36, 240), radius=6)
    pygame.draw.rect(surface, (201, 163, 90), box, 1, border_radius=6)
    for i, line in enumerate(lines):
        surface.blit(f.render(line, True, CREAM), (box.x + 8, box.y + 5 + i * line_h))
    return box


def known_cards(view: DealView, seat: int) -> list[Card]:
    """The cards of ``view.known_opponent_cards`` that ``seat`` holds, told by what the table saw: its shown
    sequences, its belle (the trump king and queen), else the вскрышка it took by the swap."""
    if view.players == 2:
        return list(view.known_opponent_cards)
    swapper = next((s for s, a in view.history if a.kind is Kind.SWAP), None)
    out = []
    for card in view.known_opponent_cards:
        if any(card in view.shown[s] for s in range(view.players)):
            holder = next(s for s in range(view.players) if card in view.shown[s])
        elif card.suit == view.trump and card.rank in (Rank.KING, Rank.QUEEN) and any(view.belle_declared):
            holder = next((s for s in range(view.players) if view.belle_declared[s] and s != view.seat), -1)
        else:
            holder = swapper if swapper is not None else -1
        if holder == seat:
            out.append(card)
    return out


def name_lines(name: str, size: int, room: int) -> tuple[list[str], int]:
    """A name under a card of ``room`` px: on one line at the largest size from ``size`` down to 10 that fits; a
    name that fits none (a character with its side, «⚡ Жора Лихой справа») on two lines, its last word below."""
    one = next((s for s in range(size, 9, -1) if font(s).size(name)[0] <= room), 0)
    if one or " " not in name:
        return [name], one or 10
    lines = name.rsplit(" ", 1)
    two = next((s for s in range(size, 9, -1) if max(font(s).size(line)[0] for line in lines) <= room), 10)
    return lines, two


class TrickPlace(Protocol):
    """Where the last trick is shown and for whom: the table's geometry, or the replay viewer's."""

    @property
    def seat(self) -> int: ...
    @property
    def trick_h(self) -> int: ...
    @property
    def trick_area(self) -> pygame.Rect: ...
    @property
    def text_scale(self) -> float: ...


class TablePainter:
    """The table's own drawing (the widgets draw themselves); ``images``: the card faces and backs."""

    def __init__(self, images: CardImages) -> None:
        self.images = images
        self.label_rects: dict[int, pygame.Rect] = {}  # where the seats' names were drawn (tests: clear of cards)
        self.count_rects: dict[int, pygame.Rect] = {}  # where the piles' «N взяток» were drawn
        self.help_rows: list[tuple[str, str]] = []  # the F1 help's lines as last drawn (keys, what they do)
        self.summary: SummaryDrawn | None = None  # the last summary's text size and bottom (tests)
        self.whys: tuple[WhyLink, ...] = ()  # the «почему?» links the last frame's summary drew
        self.last_trick_names: list[str] = []  # who played each card of the last trick shown (L), in order
        self.last_trick_title = ""  # and its title, which says who took it
        self.terms: list[tuple[pygame.Rect, str]] = []  # the game's words drawn this frame: (where, glossary key)
        self.term_words: dict[str, str] = {}  # what the stock's labels say («вскрышка В♣»)
        self.help_box = pygame.Rect(0, 0, 0, 0)  # where F1's keys were drawn last
        self._rot_cache: dict[tuple[Card | None, int], pygame.Surface] = {}
        self.levels: dict[int, str] = {}  # each bot seat's level: a character's seat is named by it (ui.seats)
        self.label_texts: dict[int, str] = {}  # what each seat's label said last frame (tests)

    def rotated(self, card: Card | None, height: int) -> pygame.Surface:
        key = (card, height)
        img = self._rot_cache.get(key)
        if img is None:
            img = pygame.transform.rotate(self.images.get(card, height), 90)
            self._rot_cache = {k: v for k, v in self._rot_cache.items() if k[1] == height}
            self._rot_cache[key] = img
        return img

    def help(self, surface: pygame.Surface, geo: TableGeometry) -> None:
        """F1: the keys, over a veil — in the table's text size (it stayed small at full HD), inside the window
        (it touched the edge at 1024×640)."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        surface.blit(veil, (0, 0))
        rows = [(tr(keys) if keys.startswith("key_") else keys, tr(key)) for keys, key in SHORTCUTS]
        self.help_rows = rows
        room = surface.get_width() - 32
        size = round(17 * geo.text_scale)
        while True:
            kf, tf = font(size, bold=True), font(size)
            key_w = max(kf.size(k)[0] for k, _ in rows) + 30
            w = key_w + max(tf.size(t)[0] for _, t in rows) + 60
            if w <= room or size <= 12:
                break
            size -= 1
        step = round(size * 2)
        h = round(size * 4) + step * len(rows) + round(size * 2.4)
        box = pygame.Rect(0, 0, min(w, room), h)
        box.center = geo.play.center
        box.clamp_ip(surface.get_rect().inflate(-16, -16))
        panel(surface, box, (15, 46, 28, 255), radius=16)  # opaque: the cards under it made the words hard to read
        pygame.draw.rect(surface, (201, 163, 90), box, 2, border_radius=16)
        title = round(size * 1.18)
        draw_text(surface, tr("help_title"), (box.centerx, box.y + 18), title, GOLD, bold=True, anchor="midtop")
        y = box.y + round(size * 3.8)
        for keys, text in rows:
            draw_text(surface, keys, (box.x + 30, y), size, GOLD, bold=True)
            draw_text(surface, text, (box.x + 30 + key_w, y), size, CREAM)
            y += step
        self.help_box = box
        close = round(size * 0.82)
        draw_text(
            surface, tr("help_close"), (box.centerx, box.bottom - close * 2), close, (190, 200, 185), anchor="midtop"
        )

    def opponents(self, surface: pygame.Surface, view: DealView, geo: TableGeometry, flight: FlightLayer) -> None:
        """Each opponent's hidden cards, face down but for those the table has seen (a swap, shown, belle);
        a card still flying to its row is drawn by the flight."""
        for seat in geo.others:
            rects = geo.opp_card_rects(hidden_cards(view, seat), seat)
            known = known_cards(view, seat)[: len(rects)]
            faces: list[Card | None] = [None] * (len(rects) - len(known)) + known
            flying = set(flight.landing(f"opp{seat}"))
            for i, (rect, card) in enumerate(zip(rects, faces, strict=True)):
                if i in flying:
                    continue
                draw_shadow(surface, rect, 3, 50)
                surface.blit(self.images.get(card, geo.opp_h), rect)

    def stock(self, surface: pygame.Surface, view: DealView, geo: TableGeometry, flight: FlightLayer) -> None:
        """The stock with the вскрышка crosswise under it, and the фреза on top once the deal is complete."""
        self.terms = []
        self.term_words = {}
        if view.phase is Phase.OVER:
            return
        h = geo.stock_h
        w = CardImages.size_for(h)[0]
        y = geo.stock_pos[1]
        side = self.rotated(view.face_up, h)
        side_rect = side.get_rect(midleft=(geo.play.x + 16, y + h // 2))
        if not flight.landing("face_up"):  # the swapped seven is still on its way
            draw_shadow(surface, side_rect, 3, 50)
            surface.blit(side, side_rect)
        pile_x = side_rect.x + int(side_rect.w * 0.55)
        left = 20 if view.freza is None else 14
        for i in range(min(6, left // 3)):
            r = pygame.Rect(pile_x + i * 2, y - i * 2, w, h)
            draw_shadow(surface, r, 2, 30)
            surface.blit(self.images.get(None, h), r)
        small = max(12, h // 11)
        below = max(side_rect.bottom, y + h) + 8  # under the deck too: the label ran under its edge
        labels = [("vskryshka", (side_rect.x + 2, below), "topleft")]
        if view.freza is not None:
            top = pygame.Rect(pile_x + 18, y - 4, w, h)
            draw_shadow(surface, top, 3, 50)
            surface.blit(self.images.get(view.freza, h), top)
            labels.append(("freza", (top.right, top.bottom + 8), "topright"))
        # the turned card lies crosswise, its index small and sideways: its name beside the word
        self.term_words = {
            term: f"{tr(term)} {card_name(view.face_up)}" if term == "vskryshka" else tr(term) for term, _, _ in labels
        }
        placed = stock_labels(surface, [(self.term_words[t], pos, a) for t, pos, a in labels], small, CREAM)
        self.terms.extend((r, term) for r, (term, _, _) in zip(placed, labels, strict=True))  # the glossary on hover

    def piles(self, surface: pygame.Surface, view: DealView, geo: TableGeometry) -> None:
        """Each seat's won tricks, face down (``view``: as shown, a trick still on the table or in flight is not
        on the pile yet); their number comes after the names (``pile_counts``)."""
        size = CardImages.size_for(geo.opp_h)
        for seat, (x, y) in geo.piles.items():
            for i in range(min(tricks_won(view, seat), 5)):
                surface.blit(self.images.get(None, geo.opp_h), pygame.Rect(x + i * 2, y - i * 2, *size))

    def pile_counts(self, surface: pygame.Surface, view: DealView, geo: TableGeometry) -> None:
        """«2 взятки» under each pile (a bare «2» said nothing to a newcomer); where a long name reaches under the
        pile («⚡ Жора Лихой слева · сдающий» at 1024×640), on the pile itself, on a dark band: drawn after the
        names."""
        w = CardImages.size_for(geo.opp_h)[0]
        self.count_rects = {}
        for seat, (x, y) in geo.piles.items():
            n = tricks_won(view, seat)
            if n <= 0:
                continue
            img = font(round(14 * geo.text_scale), bold=True).render(tr("pile_tricks", count=n), True, CREAM)
            rect = img.get_rect(midtop=(x + w // 2, y + geo.opp_h + 4))
            if rect.collidelist(list(self.label_rects.values())) >= 0:
                rect.midbottom = (x + w // 2, y + geo.opp_h - 6)
                panel(surface, rect.inflate(10, 4), (0, 0, 0, 150), radius=6)
            surface.blit(img, rect)
            self.count_rects[seat] = rect

    def labels(self, surface: pygame.Surface, view: DealView, geo: TableGeometry) -> None:
        """The seats' names with their roles (dealer, bidder); the one to act in gold. For three, once the contract
        is made, the player's partner (the other вистующий) is said: «Партнёр справа», «⚡ Жора Лихой справа ·
        партнёр»."""
        names = seat_names(geo.seat, view.players, levels=self.levels, bidder=view.bidder)
        partner = partner_of(geo.seat, view.bidder, view.players)
        for seat in (*geo.others, geo.seat):
            text = names[seat]
            if seat == partner and character_name(self.levels.get(seat)) is not None:
                text += " · " + tr("role_partner")
            if view.dealer == seat:
                text += " · " + tr("role_dealer")
            if view.bidder == seat:
                text += " · " + tr("role_bidder")
            color = GOLD if view.to_act == seat and view.phase is not Phase.OVER else CREAM
            self.label_texts[seat] = text
            size = self.label_size(geo, seat, text)
            img = font(size, bold=True).render(text, True, color)
            r = img.get_rect(topleft=geo.label_pos(seat))
            panel(surface, r.inflate(14, 6), (0, 0, 0, 90), radius=8)
            surface.blit(img, r)
            self.label_rects[seat] = r.inflate(14, 6)

    @staticmethod
    def label_size(geo: TableGeometry, seat: int, text: str) -> int:
        """The label's text size: the table's, a little smaller (down to ¾) when a long name with its roles would
        run into the next label or past the table («⚡ Жора Лихой слева · сдающий · играющий» at 1024×640)."""
        x, y = geo.label_pos(seat)
        ahead = [px for px, py in map(geo.label_pos, geo.others) if py == y and px > x]
        room = min([*ahead, geo.play.right]) - x - 14 - 6
        size = geo.label_size
        while size > geo.label_size * 3 // 4 and font(size, bold=True).size(text)[0] > room:
            size -= 1
        return size

    def last_trick(
        self, surface: pygame.Surface, view: DealView, geo: TrickPlace, named: Mapping[int, str] | None = None
    ) -> None:
        """L: the last trick, who played each card (under it) and who took it, over the trick (the table's, or the
        replay viewer's: any ``TrickPlace``; ``named``: a record's own names by seat, «Последняя взятка: Анна»)."""
        trick = view.tricks[-1]
        h = geo.trick_h
        w = CardImages.size_for(h)[0]
        names = named or seat_names(geo.seat, view.players, levels=self.levels, bidder=view.bidder)
        scale = geo.text_scale
        title_size, name_size = round(15 * scale), round(13 * scale)
        # gold under it too
        title = tr_about("last_trick_took", trick.winner, geo.seat, view.players, self.levels, view.bidder)
        if named:
            title = tr("last_trick_of", who=named[trick.winner])
        width = max(len(trick.cards) * (w + 20) + 20, font(title_size, bold=True).size(title)[0] + 40)
        seats = [(trick.leader + i) % view.players for i in range(len(trick.cards))]
        two_lines = any(len(name_lines(names[seat], round(13 * scale), w + 18)[0]) > 1 for seat in seats)
        box = pygame.Rect(0, 0, width, h + round(64 * scale) + 20 + (round(16 * scale) if two_lines else 0))
        box.center = geo.trick_area.center
        panel(surface, box, (10, 30, 18, 240), radius=16)
        draw_text(surface, title, (box.centerx, box.y + 10), title_size, GOLD, bold=True, anchor="midtop")
        cards_x = box.centerx - (len(trick.cards) * (w + 20) - 20) // 2
        self.last_trick_names, self.last_trick_title = [], title
        for i, card in enumerate(trick.cards):
            x = cards_x + i * (w + 20)
            surface.blit(self.images.get(card, h), (x, box.y + title_size + 24))
            seat = (trick.leader + i) % view.players
            name = names[seat]
            lines, size = name_lines(name, name_size, w + 18)
            self.last_trick_names.append(name)
            colour = GOLD if seat == trick.winner else (225, 225, 210)
            top = box.y + title_size + 30 + h
            for k, line in enumerate(lines):
                at = (x + w // 2, top + k * font(size).get_linesize())
                draw_text(surface, line, at, size, colour, anchor="midtop")

    def overlay(
        self,
        surface: pygame.Surface,
        geo: TableGeometry,
        model: TableModel,
        game_over: GameOverPanel | None,
        now: float,
        mouse: tuple[int, int] | None = None,
        chosen: int | None = None,
    ) -> None:
        """The end of the deal at ``now``: its summary, or the game-over panel (``game_over``, unless it shows the
        deal). ``mouse`` and ``chosen``: the pointer and the keys' choice among the summary's «почему?»."""
        from ui.widgets.summary import draw_summary

        veil = pygame.Surface(geo.play.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        surface.blit(veil, geo.play.topleft)
        self.whys = ()
        if game_over is not None and not game_over.show_deal:
            game_over.draw(
                surface,
                geo.overlay_rect(),
                geo.play,
                now,
                bottom_reserved=geo.overlay_reserve,
                scale=geo.text_scale,
            )
            return
        self.summary = draw_summary(
            surface,
            geo.overlay_rect(),
            model,
            self.images,
            bottom_reserved=geo.overlay_reserve,
            scale=geo.text_scale,
            mouse=mouse,
            chosen=chosen,
            levels=self.levels,
        )
        self.whys = self.summary.whys
        self.terms = list(self.summary.terms)  # over the table: only the summary's words explain themselves
