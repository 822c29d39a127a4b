"""End of deal (and end of game): the breakdown of both players' points and both hands shown open."""

from __future__ import annotations

import pygame

from game.deal import DealView
from game.scoring import DealResult, Outcome
from ui.controller import TableModel
from ui.fonts import draw_text, font, wrap
from ui.i18n import card_name, penalty_text, sequence_words, signed_number, suit_name, tr, tr_seat
from ui.widgets.cards import CardImages
from ui.widgets.hand import sort_hand

PAPER = (248, 242, 226)
INK = (40, 36, 30)
FAINT = (115, 105, 90)
RED = (165, 30, 30)
GREEN = (25, 110, 55)
LINE = (200, 185, 155)


def breakdown_rows(r: DealResult, seat: int) -> list[tuple[str, str, str]]:
    """(label, mine, theirs) lines: cards, last trick, each sequence, belle, totals, written."""
    me, opp = r.players[seat], r.players[1 - seat]

    def num(v: int) -> str:
        return str(v) if v else "—"

    rows = [(tr("sum_cards"), str(me.cards), str(opp.cards)), (tr("sum_last"), num(me.last_trick), num(opp.last_trick))]
    for who, ps in ((0, me), (1, opp)):
        for desc, pts in ps.sequences:
            label = sequence_words(desc)
            rows.append((label[:1].upper() + label[1:], f"+{pts}" if who == 0 else "", f"+{pts}" if who == 1 else ""))
    if me.belle or opp.belle:
        rows.append((tr("sum_belle"), num(me.belle), num(opp.belle)))
    rows.append((tr("sum_total"), str(me.total), str(opp.total)))
    rows.append((tr("sum_written"), str(me.written), str(opp.written)))
    return rows


def notes(r: DealResult, seat: int) -> list[tuple[str, tuple[int, int, int]]]:
    """Bait, hanging bait, card bait, penalties, ski, claims — each in words."""
    out: list[tuple[str, tuple[int, int, int]]] = []
    if r.outcome is Outcome.REDEAL_PASSES:
        out.append((tr("sum_redeal_passes"), INK))
    elif r.outcome is Outcome.REDEAL_FOUR_SEVENS:
        out.append((tr("sum_redeal_sevens"), INK))
    if r.bidder is not None and r.outcome not in (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS):
        out.append((tr_seat("sum_bidder", r.bidder, seat), FAINT))
    if r.bait and r.bidder is not None:
        out.append((tr_seat("sum_bait", 1 - r.bidder, seat), RED))
    if r.tie and r.hanging_now:
        out.append((tr("sum_hanging", count=r.hanging_now), RED))
    if r.card_bait is not None:
        out.append((tr_seat("sum_card_bait", r.card_bait, seat), RED))
    for pen in r.penalties:
        out.append((tr_seat("sum_penalty", pen.seat, seat, why=penalty_text(pen.reason)), RED))
    for p in (0, 1):
        ps = r.players[p]
        if ps.hanging_received:
            out.append((tr_seat("sum_hanging_got", p, seat, count=ps.hanging_received), GREEN))
        if ps.ski:
            out.append((tr_seat("sum_ski", p, seat), RED))
        if ps.adjustment:
            out.append((tr_seat("sum_adjust", p, seat, pts=signed_number(ps.adjustment)), RED))
    if r.outcome is Outcome.CLAIMED:
        out.append((tr("sum_claimed"), INK))
    if r.offer is not None:
        offerer, accepted = r.offer
        key = (
            ("sum_offer_accepted_opp" if offerer == seat else "sum_offer_accepted_you")
            if accepted
            else ("sum_offer_refused")
        )
        out.append((tr(key), INK))
    if r.outcome is Outcome.GAVE_UP and r.winner is not None:
        out.append((tr("sum_gave_up_you" if r.winner != seat else "sum_gave_up_opp"), RED))
    if r.stake != 1:
        out.append((tr("sum_stake", stake=r.stake), INK))
    return out


def shown_notes(view: DealView, seat: int) -> list[tuple[str, tuple[int, int, int]]]:
    """Who showed which cards for the sequences it scored («Соперник показал: К♠ Д♠ В♠»)."""
    out = []
    for p in (seat, 1 - seat):
        if view.shown[p]:
            cards = " ".join(card_name(c) for c in view.shown[p])
            out.append((tr("sum_shown_me" if p == seat else "sum_shown_opp", cards=cards), GREEN))
    return out


def draw_summary(
    surface: pygame.Surface, box: pygame.Rect, model: TableModel, images: CardImages, bottom_reserved: int
) -> None:
    view = model.view
    r = view.result
    seat = model.seat
    pygame.draw.rect(surface, (0, 0, 0), box.move(5, 6), border_radius=18)
    pygame.draw.rect(surface, PAPER, box, border_radius=18)
    pygame.draw.rect(surface, (140, 105, 50), box, 3, border_radius=18)
    s = 17 if box.h > 520 else 15
    x0, y = box.x + 24, box.y + 16
    over = model.game_over
    if over is not None:
        won = over.winner == seat
        title = tr("go_win") if won else tr("go_loss")
        draw_text(surface, title, (box.centerx, y), s + 9, GREEN if won else RED, bold=True, anchor="midtop")
        y += s + 16
        reason = tr(f"go_reason_{over.reason}", target=model.target)
        score = f"{tr('sum_score')}: {model.scores[seat]} : {model.scores[1 - seat]}  ·  {reason}"
        draw_text(surface, score, (box.centerx, y), s, INK, anchor="midtop")
        y += s + 12
    head = tr("sum_title", n=model.deal_number)
    if view.trump is not None:
        head += f"  ·  {tr('trump')} {suit_name(view.trump)}"
    draw_text(surface, head, (x0, y), s + 2, INK, bold=True)
    y += s + 14
    if r is None:
        return
    col_a = box.x + int(box.w * 0.62)
    col_b = box.right - 30
    draw_text(surface, tr("you"), (col_a, y), s, FAINT, bold=True, anchor="topright")
    draw_text(surface, tr("bot"), (col_b, y), s, FAINT, bold=True, anchor="topright")
    y += s + 6
    pygame.draw.line(surface, LINE, (x0, y), (box.right - 24, y), 1)
    y += 5
    rows = breakdown_rows(r, seat)
    if r.outcome in (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS):
        rows = []
    for label, a, b in rows:
        strong = label in (tr("sum_total"), tr("sum_written"))
        draw_text(surface, label, (x0, y), s - 1, INK, bold=strong)
        draw_text(surface, a, (col_a, y), s - 1, INK, bold=strong, anchor="topright")
        draw_text(surface, b, (col_b, y), s - 1, INK, bold=strong, anchor="topright")
        y += s + 5
    y += 4
    draw_text(
        surface, f"{tr('sum_score')}: {model.scores[seat]} : {model.scores[1 - seat]}", (x0, y), s, INK, bold=True
    )
    y += s + 8
    for text, color in shown_notes(view, seat) + notes(r, seat):
        for line in wrap(text, s - 2, box.w - 48):
            draw_text(surface, line, (x0, y), s - 2, color)
            y += s + 1
    y += 6
    # both hands, open: the deal is over, nothing is secret any more
    hands = model.open_hands
    room = box.bottom - bottom_reserved - y - 8
    if hands is None or room < 60:
        return
    label_w = max(font(s - 1, bold=True).size(tr("you"))[0], font(s - 1, bold=True).size(tr("bot"))[0]) + 16
    avail_w = box.w - 48 - label_w
    card_h = min(110, (room - 28) // 2)
    card_w = CardImages.size_for(card_h)[0]
    draw_text(surface, tr("hands_open"), (x0, y), s - 1, FAINT, bold=True)
    y += s + 4
    trump = view.trump if view.trump is not None else view.first_trump
    for who, cards in ((tr("you"), hands[seat]), (tr("bot"), hands[1 - seat])):
        cards_sorted = sort_hand(cards, trump)
        draw_text(surface, who, (x0, y + card_h // 2), s - 1, INK, bold=True, anchor="midleft")
        n = len(cards_sorted)
        stepw = min(card_w * 0.72, (avail_w - card_w) / max(1, n - 1)) if n > 1 else 0
        shown_here = set(view.shown[0]) | set(view.shown[1])
        for i, c in enumerate(cards_sorted):
            pos = (x0 + label_w + round(i * stepw), y)
            surface.blit(images.get(c, card_h), pos)
            if c in shown_here:  # the cards shown for the sequences
                pygame.draw.rect(surface, GREEN, pygame.Rect(pos, (card_w, card_h)), 3, border_radius=6)
        y += card_h + 6
