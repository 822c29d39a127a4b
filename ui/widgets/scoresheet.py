"""The score sheet (запись): per deal each player's written points, bait and hanging bait marked, totals.

Two or three players (the number of entries in ``model.scores``): a pair of columns per seat — what the deal
wrote and the running total — in the order «you», then the others as they act after you (``ui.seats.others``:
for three, the left opponent, then the right one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise

import pygame

from game.counts import player_count
from game.deal import Phase
from game.match import GameOverReason
from game.rules import Etiquette
from game.scoring import Outcome
from ui.controller import SheetRow, TableModel
from ui.fonts import draw_text, font, suit_colour, suit_colours
from ui.i18n import rule_words, suit_name, tr, tr_for
from ui.seat_words import SHEET_SUFFIX, card_bait_key
from ui.seats import (
    character_key,
    character_name,
    named_in_case,
    others,
    relation,
    seat_side,
    short_forms,
    sides_named,
)

PAPER = (246, 239, 219)
INK = (40, 36, 30)
FAINT = (120, 110, 95)
RED = (170, 30, 30)
LINE = (190, 175, 145)


REDEALS = {Outcome.REDEAL_PASSES: "tip_sheet_redeal_passes", Outcome.REDEAL_FOUR_SEVENS: "tip_sheet_redeal_sevens"}
"""A deal dealt again writes «—» in every column; its tooltip says why."""


def sheet_order(seat: int, players: int) -> list[int]:
    """The sheet's seats left to right: the player's own first, then the others in the order they act."""
    return [seat, *others(seat, players)]


def cell_texts(row: SheetRow, seat: int, players: int = 2) -> tuple[str, ...]:
    """What each column shows for one deal (``sheet_order``): points, or Б (байт) / В (висячий байт), plus
    adjustments. For three the вистующие's cells after a bait hold their own points plus the bidder's half."""
    r = row.result
    if r.outcome in REDEALS or r.outcome is Outcome.GAVE_UP:  # dealt again, or «даве» refused: nothing written
        return ("—",) * players
    out = []
    for p in sheet_order(seat, players):
        ps = r.players[p]
        text = str(ps.written)
        if r.card_bait == p or (r.bait and r.bidder == p):
            text = tr("bait_mark")
        elif r.tie and r.bidder == p and r.hanging_now:
            text = tr("hanging_mark")
        if ps.adjustment:
            text += f" {ps.adjustment:+d}"
        out.append(text)
    return tuple(out)


def column_heads(
    seat: int,
    players: int,
    names: Sequence[str] | None = None,
    levels: Mapping[int, str] | None = None,
    wide: bool = False,
) -> list[str]:
    """The heads of the seats' columns (``sheet_order``): the record's names, else «Вы» / «Соперник» — for three
    the short «Вы» / «Слева» / «Справа» (the column is a third of a narrow sheet), a character's seat with its
    emblem in front («⚡ Слева»: the table names it so; ``levels`` by seat). ``wide`` (the deal's summary, two
    players): a character by its name, as the summary's lines call it («☯ Ровня», not «☯ Соперник»)."""
    order = sheet_order(seat, players)
    if names is not None:
        return [names[p] for p in order]
    heads = []
    for p in order:
        level = levels.get(p) if levels else None
        named = character_name(level)
        if named is not None and wide and not sides_named(players):
            heads.append(f"{named[0]} {named[1]}")
        else:
            heads.append(with_emblem(level, tr(f"sheet_{relation(seat, p, players)}")))
    return heads


def with_emblem(level: str | None, head: str) -> str:
    """A narrow column's head with a character's emblem in front («⚡ Слева», «⚡ Соперник»); a level's as it is."""
    named = character_name(level)
    return head if named is None else f"{named[0]} {head}"


def seat_word(key: str, seat: int, who: int, players: int) -> str:
    """«сдаёте вы» / «сдаёт соперник» — for three «сдаёт соперник слева» (``key_you`` / ``key_opp`` /
    ``key_left`` / ``key_right``)."""
    return tr(f"{key}_{SHEET_SUFFIX[relation(seat, who, players)]}")


def named_line(
    key: str, seat: int, who: int, players: int, levels: Mapping[int, str], size: int, width: int
) -> str | None:
    """``key``'s line naming a character's seat («играет ⚡ Жора Лихой слева», «сдаёт ☕ Тётя Валя») if it fits
    ``width`` at ``size`` or down to two points smaller; on a narrow sheet the name without its side, then its
    emblem and short name («сдаёт ⚡ Жора»: the side said «сдаёт: слева»), unless the other opponent is the same
    character. None for a level's seat or a line too long in every form."""
    level = levels.get(who)
    named = named_in_case(seat, who, players, level, "nom")
    if named is None:
        return None
    twin = any(character_key(levels.get(p)) == character_key(level) for p in others(seat, players) if p != who)
    forms = [named] if twin else [named, *short_forms(level)]  # «⚡ Жора Лихой», «⚡ Жора»: the emblem says which seat
    for form in dict.fromkeys(forms):
        text = tr(key, who=form)
        if font(fit_size(text, size, width, smallest=size - 2)).size(text)[0] <= width:
            return text
    return None


def fit_size(text: str, size: int, width: int, bold: bool = False, smallest: int = 10) -> int:
    """The largest font size up to ``size`` at which ``text`` is at most ``width`` wide (at least ``smallest``)."""
    while size > smallest and font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def mark_tip(text: str, players: int = 2) -> str | None:
    """The explanation of a sheet cell's mark (Б / В / a penalty), shown when the mouse rests on it (for three the
    bait is written in halves and the tie is with both вистующие together)."""
    parts = []
    three = player_count(players).words  # for three: the halves and the tie with both вистующие
    if text.startswith(tr("bait_mark")):
        parts.append(tr(f"tip_bait{three}"))
    elif text.startswith(tr("hanging_mark")):
        parts.append(tr(f"tip_hanging{three}"))
    if " " in text and text.rsplit(" ", 1)[1][:1] in "+-":
        parts.append(tr("tip_adjust"))
    return " · ".join(parts) or None


def card_bait_tip(offender: int, bidder: int | None, players: int) -> str:
    """The tooltip of a байт на картах's Б: a strict-etiquette penalty, and who wrote the offender's points (for
    three by the offender's role, as ``game.scoring.score_three`` writes them)."""
    return tr(card_bait_key("tip_card_bait", offender, bidder, players))


class ScoreSheet:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 240, 400)
        self.last_trick_button = pygame.Rect(0, 0, 0, 0)
        self.tips: list[tuple[pygame.Rect, str]] = []  # hover areas drawn this frame → their explanation
        self.heads: list[tuple[int, pygame.Rect]] = []  # (seat, rect) of each column head drawn this frame
        self.head_texts: list[str] = []  # and what each says
        self.dealer_text = ""  # who deals, as the sheet says it («сдаёт ☕ Тётя Валя»)
        self.bidder_text = ("", 0)  # who plays, as drawn, and its size (tests: it fits the sheet)
        self.cells: list[tuple[int, int, str, pygame.Rect]] = []  # (deal number, seat, text, rect) this frame
        self.earlier = 0  # the first deals that did not fit the column this frame

    def hit_at(self, pos: tuple[int, int]) -> tuple[pygame.Rect, str] | None:
        """The hover area under ``pos`` and its explanation."""
        return next(((rect, text) for rect, text in self.tips if rect.collidepoint(pos)), None)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def redraw_token(self) -> object:
        """Its place and print (``ui.redraw``); what it writes is the model its owner hands to ``draw``."""
        return tuple(self.rect), self.scale

    scale = 1.0  # the table's text scale (a tall window); the replay viewer keeps 1

    def draw(
        self,
        surface: pygame.Surface,
        model: TableModel,
        menu_button_h: int,
        names: Sequence[str] | None = None,
        levels: Mapping[int, str] | None = None,
    ) -> None:
        """``names``: the column heads by seat (default «Вы» / «Соперник», for three «Вы» / «Слева» / «Справа»;
        the replay viewer gives players'); ``levels``: the bots' by seat (a character's emblem before its head).
        The number of seats is ``len(model.scores)``."""
        r = self.rect
        self.tips = []
        self.heads = []
        self.cells = []
        n = len(model.scores)
        self.head_texts = column_heads(model.seat, n, names, levels)
        order = sheet_order(model.seat, n)
        pygame.draw.rect(surface, PAPER, r)
        pygame.draw.line(surface, (90, 70, 40), r.topleft, r.bottomleft, 3)
        s = max(13, min(round(17 * self.scale), r.w // 16))
        x0, y = r.x + 14, r.y + 12
        view = model.view
        seat = model.seat
        # the deal in play
        title_rect = draw_text(surface, tr("deal_n", n=model.deal_number), (x0, y), s + 3, INK, bold=True)
        dealer = seat_word("dealer", seat, view.dealer, n)
        room = r.right - 14 - title_rect.right - 8
        if names is not None:
            dealer = f"{tr('dealer')}: {names[view.dealer]}"
        elif levels:  # «сдаёт ☕ Тётя Валя», if it fits beside the deal's number
            dealer = named_line("dealer_named", seat, view.dealer, n, levels, s - 1, room) or dealer
        size = fit_size(dealer, s - 1, room, smallest=s - 3)
        if n == 3 and font(size).size(dealer)[0] > room and names is None and view.dealer != seat:
            dealer = tr(f"dealer_{seat_side(seat, view.dealer, n)}_short")  # «сдаёт: справа» on a narrow sheet
            size = fit_size(dealer, s - 1, room)
        draw_text(surface, dealer, (r.right - 14, y + 3), size, FAINT, anchor="topright")
        self.dealer_text = dealer
        y += s + 12
        if view.trump is None:  # all passed: the deal is over without a trump, not «идёт торговля»
            draw_text(surface, tr("no_trump_redeal" if view.phase is Phase.OVER else "no_trump_yet"), (x0, y), s, INK)
        else:
            trump_color = RED if view.trump in (2, 3) else INK
            if suit_colours():
                trump_color = suit_colour(view.trump.symbol, INK)
            rect = draw_text(surface, f"{tr('trump')}: ", (x0, y), s, INK)
            draw_text(surface, suit_name(view.trump), rect.topright, s, trump_color, bold=True)
            y += s + 6
            who = tr("bidder_you") if view.bidder == seat else tr("bidder_bot")
            if view.bidder is not None and view.bidder != seat and sides_named(n):
                who = seat_word("bidder", seat, view.bidder, n)
            size = s - 1
            if names is not None and view.bidder is not None:
                who = f"{tr('bidder')}: {names[view.bidder]}"
            elif view.bidder is not None and levels:  # «играет ⚡ Жора Лихой слева», if it fits the sheet
                named = named_line("bidder_named", seat, view.bidder, n, levels, s - 1, r.w - 28)
                if named is not None:
                    who = named
            size = fit_size(who, size, r.w - 28)  # «the right opponent is the bidde» ran off the sheet
            draw_text(surface, who, (x0, y), size, FAINT)
            self.bidder_text = (who, size)
        y += s + 6
        pts = view.card_points
        if n == 2:
            draw_text(surface, tr("card_points", a=pts[seat], b=pts[order[1]]), (x0, y), s - 1, FAINT)
        else:
            text = tr("card_points_n", pts=" : ".join(str(pts[p]) for p in order))
            draw_text(surface, text, (x0, y), fit_size(text, s - 1, r.w - 28), FAINT)
        y += s + 10
        # last-trick hold button
        bh = s + 14
        self.last_trick_button = pygame.Rect(x0, y, r.w - 28, bh)
        enabled = bool(view.tricks)
        pygame.draw.rect(
            surface, (226, 214, 185) if enabled else (236, 230, 214), self.last_trick_button, border_radius=8
        )
        pygame.draw.rect(surface, LINE, self.last_trick_button, 1, border_radius=8)
        draw_text(
            surface,
            tr("last_trick_hint"),
            self.last_trick_button.center,
            s - 2,
            INK if enabled else FAINT,
            anchor="center",
        )
        self.tips.append((self.last_trick_button, tr("tip_last_trick")))
        y += bh + 14
        # the sheet
        pygame.draw.line(surface, LINE, (x0, y), (r.right - 14, y), 2)
        y += 8
        title = tr("sheet") + " · " + (tr("to_target", target=model.target) if model.target else tr("single_deal"))
        draw_text(surface, title, (x0, y), s, INK, bold=True)
        y += s + 10
        # per player two columns: what the deal wrote, and the running total after it
        col_n = x0
        inner = r.right - 16 - (x0 + 22)
        pair_w = inner // n
        if n == 2:
            cols = [x0 + 22 + inner * k // 4 for k in (1, 2, 3, 4)]
            written_x, total_x, rules_x = [cols[0], cols[2]], [cols[1], cols[3]], [(cols[1] + cols[2]) // 2 - 4]
        else:  # narrower pairs: the deal's points just right of the rule, the running total at the pair's end
            starts = [x0 + 22 + i * pair_w for i in range(n)]
            digits = font(s - 1, True).size("000")[0]
            written_x = [x + 3 + digits for x in starts]
            total_x = [x + pair_w - 3 for x in starts]
            rules_x = [x - 1 for x in starts[1:]]

        def placed(heads: list[str], top: int) -> list[tuple[int, int, int]]:
            """Each head's centre, size (at most ``top``) and width: centred over its pair, the last one kept on
            the sheet."""
            out = []
            for i, head in enumerate(heads):
                centre = (written_x[i] + total_x[i]) // 2 - (0 if n == 2 else 4)
                size = top if n == 2 else fit_size(head, top, pair_w - 4)
                width = font(size).size(head)[0]
                if i == n - 1:  # the last head may not run off the sheet
                    centre = min(centre, r.right - 12 - width // 2)
                out.append((centre, size, width))
            return out

        def crowded(spots: list[tuple[int, int, int]]) -> bool:
            return any(a[0] + a[2] // 2 + 6 > b[0] - b[2] // 2 for a, b in pairwise(spots))

        spots = placed(self.head_texts, s - 1)
        if n > 2 and crowded(spots):  # heads that run into each other (the last one held on the sheet): smaller
            spots = placed(self.head_texts, s - 2)
        if n > 2 and (crowded(spots) or any(size < s - 2 for _, size, _ in spots)):
            self.head_texts = column_heads(seat, n, names)  # narrow columns: the words without the emblems
            spots = placed(self.head_texts, s - 1)
        for who_seat, head, (centre, size, _) in zip(order, self.head_texts, spots, strict=True):
            self.heads.append((who_seat, draw_text(surface, head, (centre, y), size, FAINT, anchor="midtop")))
        y += s + 6
        pygame.draw.line(surface, LINE, (x0, y), (r.right - 14, y), 1)
        y += 6
        bottom = r.bottom - menu_button_h - 24 - 3 * (s + 8)
        row_h = s + 7
        rows = list(model.sheet)
        fit = max(1, (bottom - y) // row_h)
        self.earlier = 0
        if len(rows) > fit:  # the latest deals, under a line that says how many earlier ones do not fit
            self.earlier = len(rows) - max(1, fit - 1)
            rows = rows[self.earlier :]
            sign = draw_text(surface, tr("sheet_earlier", count=self.earlier), (x0, y), s - 3, FAINT)
            self.tips.append((sign.inflate(8, 4), tr("tip_sheet_earlier", n=self.earlier)))
            y += row_h
        for mid_x in rules_x:  # a rule between the seats' pairs of columns
            pygame.draw.line(surface, LINE, (mid_x, y - 6), (mid_x, bottom), 1)
        col_w = written_x[0] - x0 - 22 - 4
        for row in rows:
            texts = cell_texts(row, seat, n)
            after = row.result.scores_after
            draw_text(surface, f"{row.number}.", (col_n, y), s - 3, FAINT)
            for i, (who_seat, text) in enumerate(zip(order, texts, strict=True)):
                marked = text.startswith((tr("bait_mark"), tr("hanging_mark")))
                size = s - 1 if n == 2 else fit_size(text, s - 1, col_w, bold=marked)
                colour = RED if marked else INK
                cell = draw_text(surface, text, (written_x[i], y), size, colour, bold=marked, anchor="topright")
                self.cells.append((row.number, who_seat, text, cell))
                tip = mark_tip(text, n) or tr("tip_sheet_written", n=row.number)  # a newcomer read «74 132» blind
                if row.result.card_bait == who_seat:  # a penalty's Б: not «играющий набрал меньше»
                    tip = card_bait_tip(row.result.card_bait, row.result.bidder, n)
                if row.result.outcome in REDEALS:  # «—»: why the deal wrote nothing, and why the next has its number
                    tip = tr(REDEALS[row.result.outcome], n=row.number)
                if row.result.outcome is Outcome.GAVE_UP and model.game_over is not None:
                    tip = tr("tip_sheet_gave_up", n=row.number, stake=model.game_over.stake)
                self.tips.append((cell.inflate(8, 4), tip))
                total = str(after[who_seat])  # a game to 1001 for three: «107 1007» ran together in a pair
                small = s - 3 if n == 2 else fit_size(total, s - 3, total_x[i] - written_x[i] - 2, smallest=10)
                top = y + 1 + font(s - 3).get_ascent() - font(small).get_ascent()  # a smaller total: the same baseline
                sum_cell = draw_text(surface, total, (total_x[i], top), small, FAINT, anchor="topright")
                self.tips.append((sum_cell.inflate(8, 4), tr("tip_sheet_total", n=row.number)))
            y += row_h
        y = max(y, bottom)
        pygame.draw.line(surface, INK, (x0, y), (r.right - 14, y), 2)
        y += 6
        first_total = font(s + 1, True).size(str(model.scores[seat]))[0]
        size = s if n == 2 else fit_size(tr("total"), s, total_x[0] - first_total - 6 - col_n, bold=True)
        line = y + font(s + 1, True).get_ascent() - font(size, True).get_ascent()  # a smaller «Итого»: one baseline
        draw_text(surface, tr("total"), (col_n, line), size, INK, bold=True)
        for i, who_seat in enumerate(order):
            total = str(model.scores[who_seat])
            draw_text(surface, total, (total_x[i], y), s + 1, INK, bold=True, anchor="topright")
        y += s + 8
        if model.hanging:
            rect = draw_text(surface, tr("hanging_wait", pts=" + ".join(map(str, model.hanging))), (x0, y), s - 2, RED)
            # who takes them is the game's own rule (all at once, one a deal, to the вистующий…): its page's words
            self.tips.append((rect, rule_words(n, f"rw_hanging_{view.rules.hanging.value}")))
        over = model.game_over
        if over is not None and over.reason is GameOverReason.GAVE_UP:
            # nothing written, and 0 : 0 above: the line says how the game ended and at what stake
            won = over.winner == seat
            said = tr("sheet_gave_up", stake=over.stake)
            size = fit_size(said, s - 2, r.right - 14 - x0)
            rect = draw_text(surface, said, (x0, y), size, INK if won else RED)
            self.tips.append((rect, tr("tip_sheet_gave_up", n=model.sheet[-1].number, stake=over.stake)))
        y += s + 4
        f = font(s - 3)
        legend = tr("legend") if model.target > 0 else tr("legend_single")  # one deal: no hanging bait
        if f.size(legend)[0] < r.w - 28:
            where = draw_text(surface, legend, (x0, y), s - 3, FAINT)
            words = ("bait", "hanging") if model.target > 0 else ("bait",)  # what the marks stand for, explained
            if view.rules.etiquette is Etiquette.STRICT:  # a Б under a вистующий: a penalty's байт на картах
                words = (*words, "card_bait")
            glossary = "\n".join(tr_for(n, f"glossary.{term}") for term in words)  # for three: the вистующие's bait
            self.tips.append((where.inflate(8, 4), glossary))
