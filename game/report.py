"""Text and JSON reports of a game: the ``score`` and ``rules`` commands (no pygame)."""

from __future__ import annotations

import dataclasses
import json
import sys
from typing import Any

from game.deal import Deal
from game.errors import RecordError
from game.match import Match
from game.record import GameRecord, load, replay
from game.rules import PRESETS, option_fields
from game.scoring import DealResult, Outcome

_SUIT_NAMES = {"ru": ("пики", "трефы", "бубны", "червы"), "en": ("spades", "clubs", "diamonds", "hearts")}
_T = {
    "ru": {
        "deal": "Сдача",
        "dealer": "сдаёт",
        "trump": "козырь",
        "bidder": "играет",
        "cards": "карты",
        "last": "послед",
        "belle": "белла",
        "ski": "лыжа",
        "written": "пишет",
        "bait": "байт",
        "hanging": "висячий байт",
        "hang_got": "получает висячие",
        "penalty": "штраф",
        "total": "Итого",
        "redeal_passes": "пересдача: четыре паса",
        "redeal_passes3": "пересдача: шесть пасов",
        "redeal_four_sevens": "пересдача: четыре семёрки",
        "winner": "Партию выиграл",
        "unfinished": "Партия не окончена",
        "card_bait": "байт на картах",
        "claim": "заявка на выигрыш партии",
        "stake": "ставка",
        "offer_yes": "предложение 50 принято: {a} предлагает, {b} пишет 50 без игры",
        "offer_no": "предложение 50 ({a}) отклонено, сдача сыграна",
        "gave_up": "даве не принято: {a} сдаётся",
        "settle": "Расчёт: за партию — {winner}; по разнице — {diff}",
        "settle_stake": "Расчёт: ставка ×{stake}",
    },
    "en": {
        "deal": "Deal",
        "dealer": "dealer",
        "trump": "trump",
        "bidder": "bidder",
        "cards": "cards",
        "last": "last trick",
        "belle": "belle",
        "ski": "ski (no trick)",
        "written": "writes",
        "bait": "bait",
        "hanging": "hanging bait",
        "hang_got": "takes hanging",
        "penalty": "penalty",
        "total": "Total",
        "redeal_passes": "redeal: four passes",
        "redeal_passes3": "redeal: six passes",
        "redeal_four_sevens": "redeal: four sevens",
        "winner": "Game won by",
        "unfinished": "Game not finished",
        "card_bait": "bait on cards",
        "claim": "claim of the game",
        "stake": "stake",
        "offer_yes": "offer of 50 accepted: {a} offers, {b} writes 50 without play",
        "offer_no": "offer of 50 ({a}) refused, the deal was played",
        "gave_up": "даве refused: {a} gives up",
        "settle": "Settlement: by the game — {winner}; by the difference — {diff}",
        "settle_stake": "Settlement: stake ×{stake}",
    },
}


def deal_json(deal: Deal, number: int) -> dict[str, Any]:
    r = deal.result
    out: dict[str, Any] = {
        "number": number,
        "dealer": deal.dealer,
        "trump": "SCDH"[deal.trump] if deal.trump is not None else None,
        "bidder": deal.bidder,
        "finished": r is not None,
    }
    if r is None:
        return out
    out.update(
        outcome=r.outcome.value,
        players=[dataclasses.asdict(p) for p in r.players],
        bait=r.bait,
        card_bait=r.card_bait,
        tie=r.tie,
        hanging_now=r.hanging_now,
        winner=r.winner,
        last_trick=r.last_trick,
        penalties=[{"seat": p.seat, "reason": p.reason, "ru": p.text_ru, "en": p.text_en} for p in r.penalties],
        claim=list(r.claim) if r.claim else None,
        offer=list(r.offer) if r.offer else None,
        stake=r.stake,
        scores_after=list(r.scores_after),
        hanging_after=list(r.hanging_after),
    )
    for p in out["players"]:
        p["sequences"] = [{"name": name, "points": pts} for name, pts in p["sequences"]]
    return out


def game_json(record: GameRecord, match: Match) -> dict[str, Any]:
    return {
        "preset": record.rules.name,
        "target": record.rules.target,
        "players": record.players,
        "deals": [deal_json(d, i) for i, d in enumerate(match.deals, start=1)],
        "scores": list(match.scores),
        "finished": match.over is not None,
        "winner": match.over.winner if match.over else None,
        "reason": match.over.reason if match.over else None,
        "stake": match.over.stake if match.over else None,
        "difference": match.over.difference if match.over else None,
    }


def _player_line(result: DealResult, seat: int, name: str, lang: str) -> str:
    t = _T[lang]
    p = result.players[seat]
    parts = [f"{t['cards']} {p.cards}"]
    if p.last_trick:
        parts.append(f"{t['last']} {p.last_trick}")
    parts.extend(f"{seq} {pts}" for seq, pts in p.sequences)
    if p.belle:
        parts.append(f"{t['belle']} {p.belle}")
    line = f"  {name}: {', '.join(parts)} = {p.total}; {t['written']} {p.written}"
    if p.hanging_received:
        line += f" ({t['hang_got']} {p.hanging_received})"
    if p.ski:
        line += f"; {t['ski']}"
    if p.adjustment:
        line += f"; {t['penalty']} {p.adjustment}"
    return line


def deal_text(deal: Deal, number: int, players: list[str], lang: str = "ru") -> list[str]:
    t = _T[lang]
    r = deal.result
    head = f"{t['deal']} {number}: {t['dealer']} {players[deal.dealer]}"
    if deal.trump is not None and deal.bidder is not None:
        suit = f"{deal.trump.symbol} ({_SUIT_NAMES[lang][deal.trump]})"
        head += f", {t['trump']} {suit}, {t['bidder']} {players[deal.bidder]}"
    lines = [head]
    if r is None:
        return [*lines, "  …"]
    if r.outcome in (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS):
        key = r.outcome.value + ("3" if r.outcome is Outcome.REDEAL_PASSES and len(players) == 3 else "")
        return [*lines, f"  {t[key]}"]
    lines += [_player_line(r, seat, players[seat], lang) for seat in range(len(players))]
    notes = []
    if r.bait and r.bidder is not None:
        notes.append(f"{t['bait']}: {players[r.bidder]}")
    if r.card_bait is not None:
        notes.append(f"{t['card_bait']}: {players[r.card_bait]}")
    if r.hanging_now:
        notes.append(f"{t['hanging']}: {r.hanging_now}")
    for pen in r.penalties:
        notes.append(f"{t['penalty']} {players[pen.seat]}: {pen.text_ru if lang == 'ru' else pen.text_en}")
    if r.claim:
        notes.append(f"{t['claim']}: {players[r.claim[0]]} ({'✓' if r.claim[1] else '✗'})")
    if r.offer:
        who = r.offer[0]
        notes.append(t["offer_yes" if r.offer[1] else "offer_no"].format(a=players[who], b=players[1 - who]))
    if r.outcome is Outcome.GAVE_UP and r.winner is not None:
        notes.append(t["gave_up"].format(a=players[1 - r.winner]))
    if r.stake != 1:
        notes.append(f"{t['stake']} ×{r.stake}")
    lines += [f"  {n}" for n in notes]
    lines.append(f"  {t['total']}: {_pair(r.scores_after)}")
    return lines


def game_text(record: GameRecord, match: Match, lang: str = "ru") -> list[str]:
    t = _T[lang]
    target = record.rules.target or ("одна сдача" if lang == "ru" else "single deal")
    seats = f", {record.rules.players} игрока" if lang == "ru" else f", {record.rules.players} players"
    seats = seats if record.rules.players != 2 else ""
    lines = [f"{record.rules.name}{seats}, {target} — {' : '.join(record.players)}"]
    for i, d in enumerate(match.deals, start=1):
        lines += deal_text(d, i, record.players, lang)
    if match.over:
        stake = f", {t['stake']} ×{match.over.stake}" if match.over.stake != 1 else ""
        lines.append(
            f"{t['winner']}: {record.players[match.over.winner]} ({match.over.reason}){stake}; {_pair(match.scores)}"
        )
        if record.rules.target > 0:
            lines.append(t["settle"].format(winner=record.players[match.over.winner], diff=match.over.difference))
        else:
            lines.append(t["settle_stake"].format(stake=match.over.stake))
    else:
        lines.append(f"{t['unfinished']}: {_pair(match.scores)}")
    return lines


def _pair(scores: tuple[int, ...]) -> str:
    """The totals as the sheet reads them: «120 : 85» (for three: «120 : 85 : 40»)."""
    return " : ".join(str(x) for x in scores)


def score_command(files: list[str], as_json: bool = False, lang: str = "ru") -> int:
    status = 0
    for path in files:
        try:
            record = load(path)
            match = replay(record)
        except RecordError as exc:
            print(f"error: {exc}", file=sys.stderr)
            status = 2
            continue
        if as_json:
            print(json.dumps({"file": path, **game_json(record, match)}, ensure_ascii=False))
        else:
            print(f"== {path}")
            print("\n".join(game_text(record, match, lang)))
    return status


def rules_command() -> int:
    names = list(PRESETS)
    print("Presets: " + ", ".join(names))
    for f in option_fields():
        doc = f.metadata["doc"]
        print(f"\n{f.name} — {doc}")
        for name in names:
            value = getattr(PRESETS[name], f.name)
            source = f.metadata["sources"].get(name)
            if source is None:
                same = value == getattr(PRESETS["moscow"], f.name)
                source = "(as moscow)" if same and name != "moscow" else "(not stated: our choice, docs/rules.md)"
            shown = value.value if hasattr(value, "value") else value
            print(f"  {name:<11} {shown!s:<20} {source}")
    return 0
