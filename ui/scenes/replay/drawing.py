"""Drawing the replay viewer: every hand (or the backs of the others'), the stock, the names, and the status
line's words — for two or three seats (``ReplayGeometry.side``).

``ReplayPainter`` draws each from what it is given (the position, the geometry, the names); ``status_words``
says the step shown."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.cards import Card
from game.deal import Deal, EventKind, Phase, takes_last_trick
from game.match import GameOverReason
from game.scoring import LAST_TRICK_BONUS
from game.services.analysis.facts import Analysis
from ui.fonts import draw_status_bar, font
from ui.i18n import card_name, penalty_text, sequences_said, tr
from ui.scenes.replay.action_list import action_text, up
from ui.scenes.replay.layout import ReplayGeometry
from ui.scenes.replay.names import Position, SeatNames
from ui.scenes.replay.texts import CREAM, RED, mistake_words, rt
from ui.seats import others
from ui.theme import GOLD
from ui.widgets.cards import CardImages, draw_shadow
from ui.widgets.felt import panel, stock_labels
from ui.widgets.hand import HandWidget


class ReplayPainter:
    """The viewer's own drawing (the widgets draw themselves); ``images``: the card faces and backs."""

    def __init__(self, images: CardImages) -> None:
        self.images = images

    def hands(
        self,
        surface: pygame.Surface,
        deal: Deal,
        geo: ReplayGeometry,
        hand_of: Callable[[int], HandWidget],
        open_hands: bool,
        now: float,
        eyes: int | None = None,
    ) -> None:
        """Every hand at ``now``: face up (``open_hands``), or only the hand of the seat whose eyes the viewer
        looks through (``eyes``, by default the bottom one) and the others' backs as that seat saw them."""
        eyes = geo.me if eyes is None else eyes
        for seat in [geo.me, *others(geo.me, geo.n)]:
            if open_hands or seat == eyes:
                hand_of(seat).draw(surface, now)
            else:
                self.closed(surface, deal, geo, seat, eyes)

    def closed(self, surface: pygame.Surface, deal: Deal, geo: ReplayGeometry, seat: int, eyes: int) -> None:
        """Another seat's hand as ``eyes`` saw it: backs, and the cards it has shown (a swap, sequences, belle)
        face up."""
        view = deal.view(eyes)
        hand = deal.hand(seat)
        n = len(hand)
        if not n:
            return
        area = geo.hand_area(seat)
        h = geo.card_h if geo.side(seat) == "top" else area.h  # a side seat's hand stands along its area
        cw, ch = CardImages.size_for(h)
        step = min(cw * 0.55, (area.w - cw) / max(1, n - 1)) if n > 1 else 0
        x0 = area.centerx - (cw + step * (n - 1)) / 2
        known = [c for c in view.known_opponent_cards if c in hand][:n]  # public: whose they are is known
        faces: list[Card | None] = [None] * (n - len(known)) + known
        for i, card in enumerate(faces):
            r = pygame.Rect(round(x0 + i * step), area.y, cw, ch)
            draw_shadow(surface, r, 3, 50)
            surface.blit(self.images.get(card, h), r)

    def stock(self, surface: pygame.Surface, deal: Deal, geo: ReplayGeometry) -> None:
        """The stock with the вскрышка crosswise under it, and the фреза once the deal is complete."""
        if deal.phase is Phase.OVER and deal.result is not None and deal.tricks:
            return
        h = geo.stock_h
        w = CardImages.size_for(h)[0]
        x, y = geo.play.x + 14, geo.band.centery - h // 2
        side = pygame.transform.rotate(self.images.get(deal.face_up, h), 90)
        side_rect = side.get_rect(midleft=(x, y + h // 2))
        draw_shadow(surface, side_rect, 3, 50)
        surface.blit(side, side_rect)
        pile_x = side_rect.x + int(side_rect.w * 0.55)
        for i in range(4):
            r = pygame.Rect(pile_x + i * 2, y - i * 2, w, h)
            surface.blit(self.images.get(None, h), r)
        below = max(side_rect.bottom, y + h) + 6  # under the deck, as at the table
        labels = [(f"{tr('vskryshka')} {card_name(deal.face_up)}", (side_rect.x, below), "topleft")]
        if deal.freza is not None:
            top = pygame.Rect(pile_x + 18, y - 4, w, h)
            draw_shadow(surface, top, 3, 50)
            surface.blit(self.images.get(deal.freza, h), top)
            labels.append((tr("freza"), (top.right, top.bottom + 6), "topright"))
        stock_labels(surface, labels, 13, CREAM)

    def labels(self, surface: pygame.Surface, deal: Deal, geo: ReplayGeometry, names: SeatNames) -> None:
        """Each seat's name, role and tally above its hand; the one to act in gold."""
        labels = {seat: label_tries(deal, names, seat) for seat in range(geo.n)}
        # the top labels (three players: two share the band) take the same form: the shortest either needs
        top = [seat for seat in range(geo.n) if geo.side(seat) != "bottom"]
        form = max(label_fit(geo, seat, labels[seat])[0] for seat in top)
        for seat, tries in labels.items():
            k, size = label_fit(geo, seat, tries, form if seat in top else 0)
            text = " · ".join(tries[k])
            color = GOLD if deal.current_player() == seat else CREAM
            img = font(size, bold=True).render(text, True, color)
            area = geo.hand_area(seat)
            r = img.get_rect(topleft=(area.x, area.y - 28))
            panel(surface, r.inflate(14, 6), (0, 0, 0, 110), radius=8)
            surface.blit(img, r)


def label_tries(deal: Deal, names: SeatNames, seat: int) -> list[list[str]]:
    """A seat's label from the longest to the shortest: the name, the role, the tally (not a bare «2 / 15»)."""
    roles = []
    if deal.dealer == seat:
        roles.append(tr("role_dealer"))
    if deal.bidder == seat:
        roles.append(tr("role_bidder"))
    tricks = sum(1 for t in deal.tricks if t.winner == seat)
    tally = [rt("tally", tricks=tricks, pts=deal.card_points[seat])] if deal.trump is not None else []
    full, short = names.seat_label(seat), names.short_label(seat)
    word = names.seat_word(seat)
    if word is not None and word.startswith("partner_"):  # «Партнёр», not «Справа», where «Партнёр справа» is cut:
        short = up(tr("role_partner"))  # the status line says «Партнёр справа: 8♦» (the label is over the seat)
    return [[full, *roles, *tally], [short, *roles, *tally], [short, *tally], [short]]


def label_fit(geo: ReplayGeometry, seat: int, tries: list[list[str]], start: int = 0) -> tuple[int, int]:
    """(the first of ``tries`` from ``start`` that fits above the seat's hand, its font size)."""
    room = geo.hand_area(seat).w - 14
    for k in range(start, len(tries)):
        text = " · ".join(tries[k])
        size = 15
        while size > 12 and font(size, bold=True).size(text)[0] > room:
            size -= 1
        if font(size, bold=True).size(text)[0] <= room:
            return k, size
    return len(tries) - 1, 12


def status_words(at: Position, names: SeatNames, analysis: Analysis | None) -> str:
    """The step shown in words: the deal and step, who did what, a mistake, the trick taken, the result."""
    n = len(at.deal_actions())
    parts = [rt("deal_of", n=at.di + 1, total=len(at.record.deals)), rt("step_of", i=at.pos, n=n)]
    if at.pos == 0:
        parts.append(rt("st_start"))
        return " · ".join(parts)
    action = at.deal_actions()[at.pos - 1]
    seat = next((e.seat for e in at.events if e.seat is not None), None)
    who = names.speaker(seat) if seat is not None else "?"
    parts.append(f"{who}: {action_text(action, at.events)}")
    danal = analysis.deal(at.di) if analysis is not None else None
    d = danal.decision_at(at.pos - 1) if danal is not None else None
    if d is not None and d.mistake:
        parts.append(mistake_words(d))
    for ev in at.events:
        if ev.kind == EventKind.TRICK and ev.seat is not None:
            side = names.seat_word(ev.seat)  # the player's own game for three: «взятку берёт соперник слева»
            pts: object = ev.value
            if takes_last_trick(at.events):  # «+0» for a last trick worth 10 with its послед
                pts = tr("trick_with_last_short", pts=ev.value, last=LAST_TRICK_BONUS)
            took = rt(f"took_{side}", pts=pts) if side else rt("took", who=names.seat_label(ev.seat), pts=pts)
            parts.append(took)
        elif ev.kind == EventKind.SEQUENCES and ev.seat is not None:
            parts.append(rt("seq", who=names.seat_label(ev.seat), what=sequences_said(ev.detail), pts=ev.value))
        elif ev.kind == EventKind.PENALTY and ev.seat is not None:
            side, why = names.seat_word(ev.seat), penalty_text(ev.detail, inline=True)
            fault = rt(f"penalty_{side}", why=why) if side else rt("penalty", who=names.seat_label(ev.seat), why=why)
            parts.append(fault)
        elif ev.kind == EventKind.REDEAL:
            parts.append(rt("redeal"))
    deal = at.deal
    if deal.result is not None and deal.phase is Phase.OVER and at.pos == n:
        after = deal.result.scores_after
        over = at.match.over  # the game's stake: a bidder who gives up at ×2 pays ×4 where a bait costs double
        if over is not None and over.reason is GameOverReason.GAVE_UP:  # 0 : 0 said nothing
            loser = next(p for p in range(len(after)) if p != over.winner)
            if names.seat_word(loser) == "you":
                parts.append(rt("result_gave_up_you", stake=over.stake))
            else:
                parts.append(rt("result_gave_up", who=names.seat_label(loser), stake=over.stake))
        elif len(after) == 2:
            parts.append(rt("result", a=after[0], b=after[1]))
        else:
            parts.append(rt("result_n", scores=" : ".join(str(x) for x in after)))
    return " · ".join(parts)


def draw_status(
    surface: pygame.Surface, rect: pygame.Rect, words: str, message: tuple[str, float, bool] | None, now: float
) -> None:
    """The status line: a message while it lasts at ``now`` (red for an error), else the step's words."""
    text, color = words, CREAM
    if message is not None and message[1] > now:
        text, color = message[0], (RED if message[2] else GOLD)
    draw_status_bar(surface, rect, text, color, size=15, smallest=10, pad=10)
