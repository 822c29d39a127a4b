"""End of deal (and end of game): the breakdown of each player's points and every hand shown open.

Two or three players (``len(model.scores)``): a column per seat in the score sheet's order (you, then the others
as they act after you); for three the notes say who played, how the bait is written in halves and who takes the
hanging points, each in its person («соперник слева забирает …»).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import pygame

from game.counts import player_count
from game.deal import DealView
from game.scoring import DealResult, Outcome, Why, penalty_why
from ui.controller import TableModel
from ui.fonts import draw_text, font, wrap
from ui.i18n import card_name, penalty_text, points, sequence_words, signed_number, suit_name, tr
from ui.seat_words import card_bait_words, tr_about
from ui.seats import seat_names, sides_named
from ui.widgets.cards import CardImages
from ui.widgets.hand import sort_hand
from ui.widgets.scoresheet import column_heads, sheet_order

PAPER = (248, 242, 226)
INK = (40, 36, 30)
FAINT = (115, 105, 90)
RED = (165, 30, 30)
GREEN = (25, 110, 55)
LINE = (200, 185, 155)

Note = tuple[str, tuple[int, int, int], tuple[str, ...]]  # a line under the breakdown: text, colour, its terms
# the words of the game each kind of note uses (``GLOSSARY`` keys: their meaning shows on hover)
NOTE_TERMS: dict[str, tuple[str, ...]] = {
    "sum_redeal_sevens": ("four_sevens",),
    "sum_bidder": ("bidder",),
    "sum_bait": ("bait",),  # for three too
    "sum_hanging": ("hanging",),
    "sum_card_bait": ("card_bait",),
    "sum_hanging_got": ("hanging",),
    "sum_ski": ("ski",),
    "sum_claimed": ("claim",),
    "sum_offer": ("offer",),
    "sum_gave_up": ("dave",),
}
# the words of the game a penalty's line uses (by ``PenaltyReason``): most end in «байт на картах»
PENALTY_TERMS: dict[str, tuple[str, ...]] = {
    "false_announcement": ("card_bait",),
    "false_answer": ("card_bait",),
    "false_rost": ("rost", "card_bait"),
    "false_mine": ("mine", "card_bait"),
    "rost_certainly_higher": ("rost", "certainly"),
    "false_claim": ("claim",),
}
ROW_TERMS = {"sum_last": "posled", "sum_belle": "belle", "sum_written": "written"}  # breakdown rows that are terms


def breakdown_rows(r: DealResult, seat: int) -> list[tuple[str, ...]]:
    """(label, then one cell per seat in ``sheet_order``) lines: cards, last trick, each sequence, belle, totals,
    written. For three the вистующие's sequences that added up are each on their owner's line."""
    return [row for row, _ in breakdown(r, seat)]


def breakdown(r: DealResult, seat: int) -> list[tuple[tuple[str, ...], Why | None]]:
    """``breakdown_rows``, each with the rule that made it (None: the sum «За сдачу»)."""
    order = sheet_order(seat, len(r.players))
    ps = [r.players[p] for p in order]

    def num(v: int) -> str:
        return str(v) if v else "—"

    rows: list[tuple[tuple[str, ...], Why | None]] = [
        ((tr("sum_cards"), *(str(p.cards) for p in ps)), Why.CARD_POINTS),
        ((tr("sum_last"), *(num(p.last_trick) for p in ps)), Why.LAST_TRICK),
    ]
    for who, owner in enumerate(ps):
        for desc, pts in owner.sequences:
            label = sequence_words(desc)
            cells = (str(pts) if k == who else "—" for k in range(len(ps)))  # as the belle's and the last trick's
            rows.append(((label[:1].upper() + label[1:], *cells), Why.SEQUENCE))
    if any(p.belle for p in ps):
        rows.append(((tr("sum_belle"), *(num(p.belle) for p in ps)), Why.BELLE))
    rows.append(((tr("sum_total"), *(str(p.total) for p in ps)), None))
    rows.append(((tr("sum_written"), *(str(p.written) for p in ps)), Why.WRITTEN))
    return rows


def notes(r: DealResult, seat: int, levels: Mapping[int, str] | None = None) -> list[Note]:
    """Bait, hanging bait, card bait, penalties, ski, claims — each in words, with the words of the game it uses
    (``GLOSSARY`` keys: their meaning shows on hover)."""
    return [note for note, _ in notes_why(r, seat, levels)]


def notes_why(r: DealResult, seat: int, levels: Mapping[int, str] | None = None) -> list[tuple[Note, Why | None]]:
    """``notes``, each with the rule that made it (``game.scoring.Why``: its «почему?» opens that rule); ``levels``:
    the bots' by seat (a character is named: «Играл ⚡ Жора Лихой»)."""
    out: list[tuple[Note, Why | None]] = []

    def add(why: Why | None, text: str, color: tuple[int, int, int], terms: tuple[str, ...] = ()) -> None:
        out.append(((text, color, terms), why))

    n = len(r.players)

    def about(key: str, who: int, **kw: object) -> str:
        return tr_about(key, who, seat, n, levels, r.bidder, **kw)

    per_count = player_count(n)  # the words for three, and the вистующие as one side
    if r.outcome is Outcome.REDEAL_PASSES:
        add(Why.REDEAL_PASSES, tr("sum_redeal_passes"), INK)
    elif r.outcome is Outcome.REDEAL_FOUR_SEVENS:
        add(Why.REDEAL_SEVENS, tr("sum_redeal_sevens"), INK, NOTE_TERMS["sum_redeal_sevens"])
    if r.bidder is not None and r.outcome not in (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS):
        add(None, about("sum_bidder", r.bidder), FAINT, NOTE_TERMS["sum_bidder"])
    made = r.outcome is Outcome.PLAYED and r.bidder is not None and not (r.bait or r.tie or r.card_bait is not None)
    if made and r.bidder is not None:  # a made contract says why, as a bait does
        pts = r.players[r.bidder].total
        other = sum(p.total for i, p in enumerate(r.players) if i != r.bidder)
        add(Why.MADE, about(per_count.key("sum_made"), r.bidder, pts=pts, other=other), INK)
    if r.bait and r.bidder is not None and not per_count.partners:
        add(Why.BAIT, about("sum_bait", (r.bidder + 1) % n), RED, NOTE_TERMS["sum_bait"])
    elif r.bait and r.bidder is not None:  # the вистующие write the bidder's points in halves
        bait3 = about("sum_bait3", r.bidder, pts=points(r.players[r.bidder].total))
        add(Why.BAIT, bait3, RED, NOTE_TERMS["sum_bait"])
        if r.players[r.bidder].total % 2:  # halves of an odd number: the bidder's left gets the odd point
            add(Why.ODD_POINT, about("sum_odd3", (r.bidder + 1) % n), FAINT)
    if r.tie and r.hanging_now:
        add(Why.HANGING_BAIT, tr(per_count.key("sum_hanging"), count=r.hanging_now), RED, NOTE_TERMS["sum_hanging"])
    if r.card_bait is not None:  # the offender's points go to the other side (docs/rules.md, strict etiquette)
        text = card_bait_words(r.card_bait, r.bidder, seat, n, levels)
        add(Why.CARD_BAIT, text, RED, NOTE_TERMS["sum_card_bait"])
        if per_count.partners and r.card_bait == r.bidder and r.players[r.bidder].total % 2:  # halves, as a bait
            add(Why.ODD_POINT, about("sum_odd3", (r.bidder + 1) % n), FAINT)
    for pen in r.penalties:
        text = about("sum_penalty", pen.seat, why=penalty_text(pen.reason, inline=True))
        add(penalty_why(pen.reason), text, RED, PENALTY_TERMS.get(pen.reason, ()))
    for p in sheet_order(seat, n) if n == 3 else range(n):
        ps = r.players[p]
        if ps.hanging_received:
            text = about("sum_hanging_got", p, count=ps.hanging_received)
            add(Why.HANGING_TAKEN, text, GREEN, NOTE_TERMS["sum_hanging_got"])
        if ps.ski:
            add(Why.SKI, about("sum_ski", p), RED, NOTE_TERMS["sum_ski"])
        if ps.adjustment:
            text = about("sum_adjust", p, pts=signed_number(ps.adjustment))
            add(Why.SKI if ps.ski else Why.BAIT_PENALTY, text, RED)
    if r.outcome is Outcome.CLAIMED and r.claim is not None:
        add(Why.CLAIM, about("sum_claimed", r.claim[0]), INK, NOTE_TERMS["sum_claimed"])
        if r.card_bait is not None:
            add(Why.CLAIM_PENALTY, tr("sum_claimed_penalty"), RED)
    if r.offer is not None:
        offerer, accepted = r.offer
        taker = next(p for p in range(n) if p != offerer)  # the one who accepted writes the 50 (two players)
        text = about("sum_offer_accepted", taker) if accepted else tr("sum_offer_refused")
        add(Why.OFFER, text, INK, NOTE_TERMS["sum_offer"])
    if r.outcome is Outcome.GAVE_UP and r.winner is not None:
        gave = about("sum_gave_up", next(p for p in range(n) if p != r.winner))  # two players
        add(Why.GAVE_UP, gave, RED, NOTE_TERMS["sum_gave_up"])
    if r.stake != 1:
        add(Why.STAKE, tr("sum_stake", stake=r.stake), INK)
    return out


def unclaimed_note(r: DealResult, view: DealView, seat: int) -> str | None:
    """The player reached the target and said «Записать», not «Партия!»: the game goes on, and the summary says
    why (it said only the score, as if nothing had happened)."""
    rules = view.rules
    if not rules.claim_required or not rules.target or r.claim is not None:
        return None
    score = r.scores_after[seat]
    return tr("sum_unclaimed", score=score, target=rules.target) if score >= rules.target else None


def shown_notes(view: DealView, seat: int, levels: Mapping[int, str] | None = None) -> list[Note]:
    """Who showed which cards for the sequences it scored («Соперник показал: К♠ Д♠ В♠»; for three «Соперник
    слева показал: …»)."""
    out: list[Note] = []
    n = len(view.shown)
    for p in sheet_order(seat, n):
        if view.shown[p]:
            cards = " ".join(card_name(c) for c in view.shown[p])
            out.append((tr_about("sum_shown", p, seat, n, levels, view.bidder, cards=cards), GREEN, ()))
    return out


def over_title(winner: int, seat: int, players: int, levels: Mapping[int, str] | None = None) -> str:
    """«Вы выиграли партию!» / «Партия за соперником» (for three: «… за соперником слева»; a character by
    name: «Партия за ⚡ Жорой Лихим»)."""
    if winner == seat:
        return tr("go_win")
    return tr_about("go_loss", winner, seat, players, levels)


HANDS_GAP = 24  # between two hands laid out in one row
INDEX_SHOWN = 0.42  # of a card's width, at least, when the cards of a hand overlap: its corner index reads


def hands_layout(hands: int, cards: int, room_h: int, room_w: int, label_w: int, largest: int) -> tuple[int, int, int]:
    """The open hands at the end of a deal: (hands per row, card height, a hand's width). One hand a row, or two
    when the rows are short and the panel wide — three hands with two penalty notes shrank to 28×40 px cards on
    a row two thirds empty. The cards of a hand overlap down to ``INDEX_SHOWN``. The layout that shows more of
    each card wins, then the larger card: two hands a row at 1024×640 gave bigger cards overlapped to slivers,
    where one a row lays them side by side (a newcomer could not read his own hand)."""
    best: tuple[float, int] = (0.0, 0)
    chosen = (1, 0, 0)
    for per_row in (1, 2):
        rows = -(-hands // per_row)
        hand_w = (room_w - (per_row - 1) * HANDS_GAP) // per_row - label_w
        h = min(largest, room_h // rows - 6)
        while h > 16 and CardImages.size_for(h)[0] * (1 + (cards - 1) * INDEX_SHOWN) > hand_w:
            h -= 2
        w = CardImages.size_for(h)[0]
        shown = min(float(w), (hand_w - w) / max(1, cards - 1)) if cards > 1 else float(w)  # of each card
        if (round(shown), h) > best:
            best, chosen = (round(shown), h), (per_row, h, hand_w)
    return chosen


class SummaryDrawn(NamedTuple):
    """What a frame's summary took: its text size and the bottom of its content (tests: it grows with the table
    and keeps clear of the buttons)."""

    size: int
    bottom: int
    terms: tuple[tuple[pygame.Rect, str], ...] = ()  # the words of the game drawn: (where, glossary key)
    hand_rows: tuple[tuple[pygame.Rect, ...], ...] = ()  # the open hands' cards, a row per player
    whys: tuple[WhyLink, ...] = ()  # the «почему?» links drawn, in the panel's order


class WhyLink(NamedTuple):
    """A «почему?» drawn after a line the rules made: where the link is, the rule it opens, the line itself."""

    rect: pygame.Rect
    why: Why
    line: pygame.Rect


LINK = (40, 78, 150)  # «почему?»: a quiet link's blue on the paper
LINK_HOT = (20, 50, 120)
LINK_BG = (232, 222, 196)


def why_band(pos: tuple[int, int], size: int) -> pygame.Rect:
    """Where a «почему?» at ``pos`` (its left, the middle of its line) takes the pointer: the word and a margin."""
    return font(size).render(tr("why_link"), True, LINK).get_rect(midleft=pos).inflate(8, 4)


def draw_why(surface: pygame.Surface, pos: tuple[int, int], size: int, hot: bool, chosen: bool) -> pygame.Rect:
    """A «почему?» link at ``pos`` (its left, the middle of its line): small, blue; under the pointer or chosen
    by the keys it is underlined on a light band (the keys' choice framed too). Returns where it was drawn."""
    img = font(size).render(tr("why_link"), True, LINK_HOT if hot or chosen else LINK)
    rect = img.get_rect(midleft=pos)
    band = why_band(pos, size)
    if hot or chosen:
        pygame.draw.rect(surface, LINK_BG, band, border_radius=5)
    if chosen:
        pygame.draw.rect(surface, LINK_HOT, band, 1, border_radius=5)
    surface.blit(img, rect)
    if hot or chosen:
        pygame.draw.line(surface, LINK_HOT, (rect.x, rect.bottom - 1), (rect.right - 1, rect.bottom - 1), 1)
    return band


def draw_summary(
    surface: pygame.Surface,
    box: pygame.Rect,
    model: TableModel,
    images: CardImages,
    bottom_reserved: int,
    scale: float = 1.0,
    mouse: tuple[int, int] | None = None,
    chosen: int | None = None,
    levels: Mapping[int, str] | None = None,
) -> SummaryDrawn:
    """The deal's breakdown, notes and open hands in ``box``; ``scale``: the table's text scale (a tall window's
    larger text, as the box itself grows by it). A line a rule made ends in «почему?» (``WhyLink``): ``mouse``
    (where the pointer is) and ``chosen`` (the index of the link the keys chose) light one up; ``levels``: the
    bots' by seat (a character's column head has its emblem, as on the sheet)."""
    view = model.view
    r = view.result
    seat = model.seat
    n = len(model.scores)
    order = sheet_order(seat, n)
    score_line = " : ".join(str(model.scores[p]) for p in order)
    heads = column_heads(seat, n, levels=levels, wide=True)
    pygame.draw.rect(surface, PAPER, box, border_radius=18)
    pygame.draw.rect(surface, (140, 105, 50), box, 3, border_radius=18)
    s = round((17 if box.h > 520 * scale else 15) * scale)
    x0, y = box.x + 24, box.y + 16
    over = model.game_over
    if over is not None:
        won = over.winner == seat
        title = over_title(over.winner, seat, n, levels)
        draw_text(surface, title, (box.centerx, y), s + 9, GREEN if won else RED, bold=True, anchor="midtop")
        y += s + 16
        reason = tr(f"go_reason_{over.reason}", target=model.target)
        score = f"{tr('sum_score')}: {score_line}  ·  {reason}"
        draw_text(surface, score, (box.centerx, y), s, INK, anchor="midtop")
        y += s + 12
    head = tr("sum_title", n=model.deal_number)
    if view.trump is not None:
        head += f"  ·  {tr('trump')} {suit_name(view.trump)}"
    draw_text(surface, head, (x0, y), s + 2, INK, bold=True)
    y += s + 14
    if r is None:
        return SummaryDrawn(s, y)
    cols = [box.x + int(box.w * 0.62), box.right - 30]
    if n == 3:
        cols = [box.x + int(box.w * 0.52), box.x + int(box.w * 0.72), box.right - 30]
    rows = breakdown(r, seat)
    if r.outcome in (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS):
        rows = []  # a redeal: no columns of points, so no column heads either
    else:
        for head, col in zip(heads, cols, strict=True):
            draw_text(surface, head, (col, y), s, FAINT, bold=True, anchor="topright")
        y += s + 6
        pygame.draw.line(surface, LINE, (x0, y), (box.right - 24, y), 1)
        y += 5
    terms: list[tuple[pygame.Rect, str]] = []
    whys: list[WhyLink] = []
    link_size = max(11, s - 5)
    link_w = font(link_size).size(tr("why_link"))[0] + 12

    def link(line: pygame.Rect, why: Why | None, last: pygame.Rect) -> None:
        """A «почему?» after ``last`` (the line's last piece of text), for the whole ``line``."""
        if why is None:
            return
        spot = (last.right + 10, last.centery)
        band = why_band(spot, link_size)
        hot = mouse is not None and band.collidepoint(mouse)
        rect = draw_why(surface, spot, link_size, hot, chosen == len(whys))
        whys.append(WhyLink(rect, why, line))

    row_terms = {tr(key): term for key, term in ROW_TERMS.items()}
    for (label, *cells), why in rows:
        strong = label in (tr("sum_total"), tr("sum_written"))
        where = draw_text(surface, label, (x0, y), s - 1, INK, bold=strong)
        if label in row_terms:
            terms.append((where.inflate(8, 4), row_terms[label]))
        for text, col in zip(cells, cols, strict=True):
            draw_text(surface, text, (col, y), s - 1, INK, bold=strong, anchor="topright")
        link(pygame.Rect(x0, where.y, cols[-1] - x0, where.h), why, where)
        y += s + 5
    y += 4
    draw_text(surface, f"{tr('sum_score')}: {score_line}", (x0, y), s, INK, bold=True)
    y += s + 8
    shown: list[tuple[Note, Why | None]] = [(note, Why.SEQUENCE_SHOWN) for note in shown_notes(view, seat, levels)]
    said = shown + notes_why(r, seat, levels)
    unclaimed = unclaimed_note(r, view, seat)
    if unclaimed is not None:
        said.append(((unclaimed, RED, ()), None))  # last: after the deal's own notes
    for (text, color, words), why in said:
        room = box.w - 48 - (link_w if why is not None else 0)
        drawn = [
            draw_text(surface, line, (x0, y + i * (s + 1)), s - 2, color)
            for i, line in enumerate(wrap(text, s - 2, room))
        ]
        y += len(drawn) * (s + 1)
        whole = drawn[0].unionall(drawn)
        terms.extend((whole.inflate(8, 2), term) for term in words)  # the whole note explains them
        link(whole, why, drawn[-1])
    y += 6
    # both hands, open: the deal is over, nothing is secret any more
    hands = model.open_hands
    room = box.bottom - bottom_reserved - y - 8
    if hands is None or room < 60:
        return SummaryDrawn(s, y, tuple(terms), (), tuple(whys))
    # for two the other hand is named as the notes name it («☕ Тётя Валя»); for three the columns' short heads
    who_rows = heads if sides_named(n) else [seat_names(seat, n, levels=levels)[p] for p in order]
    label_w = max(font(s - 1, bold=True).size(head)[0] for head in who_rows) + 16
    most = max((len(hands[p]) for p in order), default=1)
    per_row, card_h, hand_w = hands_layout(n, most, room - s - 4, box.w - 48, label_w, round(110 * scale))
    card_w = CardImages.size_for(card_h)[0]
    draw_text(surface, tr("hands_open"), (x0, y), s - 1, FAINT, bold=True)
    y += s + 4
    trump = view.trump if view.trump is not None else view.first_trump
    shown_here = {c for shown in view.shown for c in shown}
    hand_rows: list[tuple[pygame.Rect, ...]] = []
    top = y
    for k, (who, cards) in enumerate(zip(who_rows, (hands[p] for p in order), strict=True)):
        cards_sorted = sort_hand(cards, trump)
        left = x0 + (k % per_row) * (label_w + hand_w + HANDS_GAP)
        y = top + (k // per_row) * (card_h + 6)
        draw_text(surface, who, (left, y + card_h // 2), s - 1, INK, bold=True, anchor="midleft")
        count = len(cards_sorted)
        # side by side where the row has room, else overlapped: a card's index always shows
        stepw = min(card_w + 4, (hand_w - card_w) / max(1, count - 1)) if count > 1 else 0
        row: list[pygame.Rect] = []
        for i, c in enumerate(cards_sorted):
            pos = (left + label_w + round(i * stepw), y)
            surface.blit(images.get(c, card_h), pos)
            row.append(pygame.Rect(pos, (card_w, card_h)))
            if c in shown_here:  # the cards shown for the sequences
                pygame.draw.rect(surface, GREEN, pygame.Rect(pos, (card_w, card_h)), 3, border_radius=6)
        hand_rows.append(tuple(row))
    y = top + -(-n // per_row) * (card_h + 6)
    return SummaryDrawn(s, y, tuple(terms), tuple(hand_rows), tuple(whys))
