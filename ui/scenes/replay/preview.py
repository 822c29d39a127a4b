"""The replay browser's words for a record (its table cells, its preview) and the preview itself: the game's
score sheet and the small chart of the totals deal by deal (``ui.widgets.chart``), for two or three players: the
player's own seat first, then the others in the order they act (``ui.seats.others``)."""

from __future__ import annotations

import pygame

from game.bots.characters import opponent_family
from game.game_facts import DealLine, GameFacts
from game.record import VERSION, seat_levels
from game.rules import PRESETS
from ui.fonts import draw_text, font, wrap
from ui.i18n import language, preset_name, tr, word
from ui.replays import RecordEntry, bot_level, bot_levels, read_whole, result_for_you, sample_title, you_seat
from ui.seat_words import opponents_words
from ui.seats import character_key, named_in_case, others, seat_side, sides_named
from ui.widgets.chart import Series, draw_chart
from ui.widgets.game_over import MINE, THEIRS
from ui.widgets.scoresheet import with_emblem
from ui.widgets.summary import FAINT, GREEN, INK, LINE, PAPER, RED

SERIES = (MINE, THEIRS, (60, 130, 60))  # the chart's line per seat in ``seats`` order (the third: for three)
UNNAMED = ("", "Бот", "Bot")  # the name this program gives a bot's seat

_MONTHS_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def fmt_date(stamp: str, short: bool = False) -> str:
    """«2026-12-01 14:12» as the player reads a date: 01.12.2026 14:12 (Russian; ``short``: 01.12.26 14:12) or
    2026-12-01 14:12 (English; ``short``: Dec 1 14:12)."""
    digits = stamp[:4] + stamp[5:7] + stamp[8:10]
    if len(stamp) < 10 or stamp[4] != "-" or stamp[7] != "-" or not (digits.isascii() and digits.isdigit()):
        return stamp  # not a date we wrote («2026-12-ab», superscript digits): said as it is
    time_of_day = stamp[11:16]
    if language() == "en":
        month = _MONTHS_EN[max(1, min(12, int(stamp[5:7]))) - 1]
        day = f"{month} {int(stamp[8:10])}" if short else stamp[:10]
    else:
        day = f"{stamp[8:10]}.{stamp[5:7]}.{stamp[2:4] if short else stamp[:4]}"
    return f"{day} {time_of_day}".strip()


def rules_words(entry: RecordEntry, short: bool = False) -> str:
    """«Московские (официальные), до 501»; ``short`` (the table's narrow column): «Московские 501»."""
    if entry.head is None:
        return ""
    r = entry.head.rules
    name = preset_name(r.name)
    if short:
        name = name.split(" (")[0]
    if not r.target:  # one deal: said unless the preset itself is a one-deal game («В один удар»)
        preset = PRESETS.get(r.name)
        one = tr("one_deal_short" if short else "one_deal")  # «Московские, 1 сдача»: «одна с…» was cut at 1280×800
        return f"{name}, {one}" if preset is None or preset.target else name
    return f"{name} {r.target}" if short else f"{name}, {tr('bt_to', target=r.target)}"


def seats(entry: RecordEntry) -> tuple[int, ...]:
    """The seats in the order shown: the human's seat first in the player's games (seat 0 in samples), then the
    others as they act after it."""
    seat = you_seat(entry)
    first = 0 if seat is None else seat
    return (first, *others(first, entry.seats))


def practice_title(entry: RecordEntry) -> str | None:
    from game.drills import SITUATIONS

    practice = entry.head.meta.get("practice") if entry.head is not None else None
    situation = SITUATIONS.get(str(practice.get("situation"))) if isinstance(practice, dict) else None
    if situation is None:
        return None
    return word(situation.title)


def opponent_words(entry: RecordEntry, short: bool = False) -> str:
    """«Бот (сильный)» in the player's games; «Анна – Борис» in the samples. ``short`` (the table's narrow column):
    the program's own bots by their level alone — «сильный», «сильные» (issue 22: «Бот (сильн…»)."""
    if entry.head is None:
        return ""
    players = entry.head.players
    seat = you_seat(entry)
    drill = practice_title(entry)
    if drill is not None:
        return f"{tr('practice')}: {drill}"
    if seat is None:
        return " – ".join(players)
    level = bot_level(entry)
    names = [players[s] for s in others(seat, entry.seats)]
    apart = bot_levels(entry)
    if len(set(apart)) > 1:  # three players, two different opponents («лёгкий, Жора Лихой»), from the left
        both = opponents_words(apart)
        if short and all(n in UNNAMED for n in names):
            return both
        return f"{tr('bt_two_opponents') if all(n in UNNAMED for n in names) else ', '.join(names)} ({both})"
    two_bots = len(names) > 1 and all(n in UNNAMED for n in names)
    name = tr("bt_two_opponents") if two_bots else ", ".join(names)  # «Боты (сильный)»: two bots of one level
    if short and level and all(n in UNNAMED for n in names):
        return tr("level_" + level) if len(names) == 1 else tr("level_two." + level)
    return f"{name} ({tr('level_' + level)})" if level else name


def opponents_briefly(entry: RecordEntry) -> str | None:
    """Two opponents of the player's own game by their short names, for a column too narrow for
    ``opponent_words``: «Жора, Тётя Валя» (cut short, «Жора Ли…» hid the second one); None when there is no
    character to name so."""
    apart = bot_levels(entry)
    if len(apart) < 2 or all(character_key(lv) is None for lv in apart):
        return None

    def say(level: str) -> str:
        key = character_key(level)
        return tr(f"level_{key}_short") if key is not None else tr(f"level_{opponent_family(level)}")

    return opponents_words(apart, say)


def result_words(entry: RecordEntry) -> tuple[str, tuple[int, int, int]]:
    """The result for the human in words and its colour (a sample: who won it, or that it is a demonstration)."""
    if entry.broken:
        return tr(f"bt_{entry.trouble}"), RED
    if entry.kind == "current":
        return tr("bt_in_progress"), FAINT
    result = result_for_you(entry)
    if result is not None:
        return tr(f"bt_{result}"), {"won": GREEN, "lost": RED}.get(result, FAINT)
    if entry.winner is not None and entry.head is not None:
        return tr("bt_won_by", who=entry.head.players[entry.winner]), INK
    return tr("bt_demo"), FAINT


def score_words(entry: RecordEntry) -> str:
    if entry.broken:
        return ""
    if entry.given_up:  # «даве» refused: nothing written, the game lost at its stake («0 : 0» said nothing)
        return tr("bt_score_gave_up", stake=entry.given_up)
    return " : ".join(str(entry.scores[s]) for s in seats(entry) if s < len(entry.scores))


def title_words(entry: RecordEntry) -> str:
    """A record's name in words: a sample's title, a drill's title, or «Партия 01.12.2026 14:12»."""
    if entry.broken:
        return entry.name
    if entry.kind == "sample":
        return sample_title(entry)
    drill = practice_title(entry)
    if drill is not None:
        return f"{tr('practice')}: {drill}"
    head = tr("bt_current") if entry.kind == "current" else tr("bt_game")
    return f"{head} · {fmt_date(entry.date)}"


def cells(entry: RecordEntry) -> tuple[str, str, str, str, str, str]:
    """The table's columns: date (a sample: its title), rules, opponent, result, score, deals."""
    if entry.broken:
        return fmt_date(entry.date), f"⚠ {entry.name}", "", tr(f"bt_{entry.trouble}"), "", ""
    first = sample_title(entry) if entry.kind == "sample" else fmt_date(entry.date, short=True)
    return (
        first,
        rules_words(entry, short=True),
        opponent_words(entry, short=True),
        result_words(entry)[0],
        score_words(entry),
        str(entry.deals),
    )


def sheet_rows(facts: GameFacts, order: int | tuple[int, ...]) -> list[tuple[str, ...]]:
    """(number, then written and total for each seat of ``order``) — the score sheet, the first seat of ``order``
    (a seat alone: that seat, then the others) on the left; a bait is «Б», hanging points «В», a deal dealt again
    «—», as on the table's sheet."""
    if isinstance(order, int):
        order = (order, *others(order, len(facts.final)))
    rows = []
    before, number = facts.totals[0], 1
    for line, total in zip(facts.lines, facts.totals[1:], strict=True):
        for redeal in range(number, line.number):  # dealt again: «—», the totals unchanged, as the table's sheet
            rows.append((f"{redeal}.", *(cell for seat in order for cell in ("—", str(before[seat])))))
        before, number = total, line.number + 1
        cells = [f"{line.number}."]
        for seat in order:
            cells += [_written(line, seat), str(total[seat])]
        rows.append(tuple(cells))
    return rows


def _written(line: DealLine, seat: int) -> str:
    if line.bidder == seat and (line.bait or line.card_bait == seat) and line.written[seat] <= 0:
        return tr("bait_mark")
    if line.bidder == seat and line.hung and line.written[seat] == 0:
        return tr("hanging_mark")
    return str(line.written[seat])


def preview_names(entry: RecordEntry, order: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the names line over the sheet, the sheet's and the chart's heads) for the seats of ``order``: «Вы» for the
    player's own seat; in the player's own game against two bots, the others by where they sat («Соперник слева»;
    «Слева» on the sheet's narrow heads)."""
    assert entry.head is not None
    players = entry.head.players
    mine_label = tr("you") if you_seat(entry) is not None else players[order[0]]
    names: tuple[str, ...] = (mine_label, *(players[s] for s in order[1:]))
    if you_seat(entry) is not None and sides_named(len(order)) and all(players[s] in UNNAMED for s in order[1:]):
        sides = [seat_side(order[0], s, len(order)) for s in order[1:]]
        levels = seat_levels(entry.head.meta, len(order))  # a character by its name, as the table said it
        said = (
            mine_label,
            *(
                named_in_case(order[0], s, len(order), levels[s], "nom") or tr(f"seat_{side}")
                for s, side in zip(order[1:], sides, strict=True)
            ),
        )
        heads = (with_emblem(levels[s], tr(f"sheet_{side}")) for s, side in zip(order[1:], sides, strict=True))
        return said, (mine_label, *heads)  # the heads as the table's sheet has them («⚡ Слева»)
    if you_seat(entry) is not None and all(players[s] in UNNAMED for s in order[1:]):  # two: «Вы — Соперник»
        levels = seat_levels(entry.head.meta, len(order))
        other = named_in_case(order[0], order[1], 2, levels[order[1]], "nom") or tr("seat_top")
        return (mine_label, other), (mine_label, with_emblem(levels[order[1]], tr("sheet_opponent")))
    return names, names


def draw_preview(surface: pygame.Surface, rect: pygame.Rect, entry: RecordEntry | None) -> None:
    """The selected record on a sheet of paper: its name, rules, players, result, score sheet and chart."""
    pygame.draw.rect(surface, (0, 0, 0), rect.move(4, 5), border_radius=14)
    pygame.draw.rect(surface, PAPER, rect, border_radius=14)
    pygame.draw.rect(surface, (140, 105, 50), rect, 2, border_radius=14)
    inner = rect.inflate(-32, -24)
    if entry is None:
        for i, line in enumerate(wrap(tr("bt_pick"), 16, inner.w)):
            draw_text(surface, line, (rect.centerx, rect.centery - 10 + 22 * i), 16, FAINT, anchor="midtop")
        return
    whole = read_whole(entry)  # its score sheet: an entry from the index is read now (it may turn out broken)
    x, y = inner.x, inner.y
    title = title_words(entry)
    lines = wrap(title, 18, inner.w, bold=True)
    if len(lines) > 1 and " · " in title:  # «Идёт сейчас» over its date, not «Идёт сейчас ·» and a dangling dot
        lines = [part for half in title.split(" · ", 1) for part in wrap(half, 18, inner.w, bold=True)]
    for line in lines[:2]:
        draw_text(surface, line, (x, y), 18, INK, bold=True)
        y += 24
    if whole is None:
        draw_text(surface, tr(f"bt_{entry.trouble}_head"), (x, y + 4), 15, RED, bold=True)
        y += 28
        why = entry.where if entry.gone else entry.error or "?"
        if entry.newer:  # in words: the engine's sentence is English
            why = tr("bt_newer_text", version=entry.newer, known=VERSION)
        for line in wrap(why, 14, inner.w)[:12]:
            draw_text(surface, line, (x, y), 14, INK)
            y += 19
        return
    facts = whole[1]
    order = tuple(s for s in seats(entry) if s < len(facts.final))  # the facts' seats (one per seat)
    said, names = preview_names(entry, order)
    small = 14 if rect.h < 420 else 15
    for text in (rules_words(entry), " — ".join(said)):
        for line in wrap(text, small, inner.w)[:2]:  # two characters' names may not fit one line
            draw_text(surface, line, (x, y), small, FAINT)
            y += small + 6
    result, colour = result_words(entry)
    r = draw_text(surface, result, (x, y + 2), 17, colour, bold=True)
    draw_text(surface, score_words(entry), (r.right + 14, y + 2), 17, INK, bold=True)
    y += 30
    pygame.draw.line(surface, LINE, (x, y), (inner.right, y), 1)
    y += 8
    rest = inner.bottom - y
    sheet_need = (len(facts.lines) + 1) * (small + 5) + 12  # a short sheet leaves the chart the rest
    chart_h = max(100, int(rest * 0.48), rest - sheet_need - 8) if facts.scored_deals else 0
    sheet = pygame.Rect(x, y, inner.w, rest - chart_h - (8 if chart_h else 0))
    draw_sheet(surface, sheet, facts, order, names, small)
    if chart_h:
        chart = pygame.Rect(x, inner.bottom - chart_h, inner.w, chart_h)
        numbers, totals = facts.by_deal()  # a redeal: its own step on the axis, the totals unchanged
        draw_chart(
            surface,
            chart,
            [
                Series(name, SERIES[k], [t[s] for t in totals])
                for k, (s, name) in enumerate(zip(order, names, strict=True))
            ],
            target=facts.target,
            x_labels=[str(n) for n in numbers],
            ink=INK,
            grid=(225, 214, 190),
            size=12,
        )


def draw_sheet(
    surface: pygame.Surface,
    rect: pygame.Rect,
    facts: GameFacts,
    order: tuple[int, ...],
    names: tuple[str, ...],
    size: int,
) -> None:
    """The score sheet: a pair of columns (written, total) per seat of ``order``; the last rows when it is longer
    than the room."""
    rows = sheet_rows(facts, order)
    step = size + 5
    n = len(order)
    if n == 2:  # two pairs as they always were
        cols = [
            (rect.x + int(rect.w * 0.30), rect.x + int(rect.w * 0.45)),
            (rect.x + int(rect.w * 0.78), rect.right - 4),
        ]
        mids = [rect.x + int(rect.w * 0.58)]
        room_w = int(rect.w * 0.4)
    else:  # three: the deal numbers, then a third of the rest per seat (written mid-pair, the total at its end)
        left = rect.x + int(rect.w * 0.1)
        pair = (rect.right - 4 - left) / n
        cols = [(round(left + pair * (k + 0.55)), round(left + pair * (k + 1))) for k in range(n)]
        mids = [round(left + pair * k + 4) for k in range(1, n)]
        room_w = int(pair) - 6
    for k, name in enumerate(names):
        centre = (cols[k][0] + cols[k][1]) // 2 - 10
        draw_text(surface, fit_head(name, size, room_w), (centre, rect.y), size, SERIES[k], bold=True, anchor="midtop")
    y = rect.y + step + 2
    room = max(0, (rect.bottom - y) // step)
    if not rows:
        draw_text(surface, tr("bt_no_deals"), (rect.x, y), size, FAINT)
        return
    for mid in mids:
        pygame.draw.line(surface, LINE, (mid, y - 2), (mid, min(rect.bottom, y + step * min(room, len(rows)))), 1)
    shown = rows if len(rows) <= room else rows[len(rows) - room + 1 :]
    if len(shown) < len(rows):
        draw_text(surface, "…", (rect.x, y), size, FAINT)
        y += step
    for number, *cells in shown:
        draw_text(surface, number, (rect.x, y), size - 1, FAINT)
        for k in range(n):
            for text, col, faint in ((cells[2 * k], cols[k][0], False), (cells[2 * k + 1], cols[k][1], True)):
                colour = RED if text in (tr("bait_mark"), tr("hanging_mark")) else (FAINT if faint else INK)
                draw_text(
                    surface, text, (col, y), size - (1 if faint else 0), colour, bold=not faint, anchor="topright"
                )
        y += step


def fit_head(name: str, size: int, room: int) -> str:
    """A column's name cut with an ellipsis to its room (a long name over a third of a narrow sheet)."""
    f = font(size, True)
    if f.size(name)[0] <= room:
        return name
    for k in range(len(name) - 1, 0, -1):
        short = name[:k].rstrip() + "…"
        if f.size(short)[0] <= room:
            return short
    return "…"
