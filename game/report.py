"""Text and JSON reports of a game: the ``score`` and ``rules`` commands (no pygame)."""

from __future__ import annotations

import dataclasses
import json
import sys
from typing import Any

from game.counts import player_count
from game.deal import Deal
from game.errors import RecordError
from game.match import Match
from game.names import file_label
from game.record import GameRecord, load, replay
from game.rules import PRESETS, option_fields
from game.scoring import DealResult, Outcome
from game.words import penalty_text, say

# the words are the catalogues' (``report.*`` in assets/locale, read by game.words); here only their order
_SUIT_KEYS = ("report.suit.S", "report.suit.C", "report.suit.D", "report.suit.H")
_REDEAL_KEYS = {
    (Outcome.REDEAL_PASSES, 2): "report.redeal_passes",
    (Outcome.REDEAL_PASSES, 3): "report.redeal_passes3",
    (Outcome.REDEAL_FOUR_SEVENS, 2): "report.redeal_four_sevens",
    (Outcome.REDEAL_FOUR_SEVENS, 3): "report.redeal_four_sevens",
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
    p = result.players[seat]
    parts = [say("report.cards", lang, points=p.cards)]
    if p.last_trick:
        parts.append(say("report.last_trick", lang, points=p.last_trick))
    parts.extend(f"{seq} {pts}" for seq, pts in p.sequences)
    if p.belle:
        parts.append(say("report.belle", lang, points=p.belle))
    line = f"  {name}: {', '.join(parts)} = {p.total}; {say('report.written', lang, points=p.written)}"
    if p.hanging_received:
        line += f" ({say('report.hanging_got', lang, points=p.hanging_received)})"
    if p.ski:
        line += f"; {say('report.ski', lang)}"
    if p.adjustment:
        line += f"; {say('report.penalty_points', lang, points=p.adjustment)}"
    return line


def deal_text(deal: Deal, number: int, players: list[str], lang: str = "ru") -> list[str]:
    r = deal.result
    if deal.trump is not None and deal.bidder is not None:
        suit = say(_SUIT_KEYS[deal.trump], lang)
        head = say(
            "report.deal_head_trump",
            lang,
            number=number,
            dealer=players[deal.dealer],
            symbol=deal.trump.symbol,
            suit=suit,
            bidder=players[deal.bidder],
        )
    else:
        head = say("report.deal_head", lang, number=number, dealer=players[deal.dealer])
    lines = [head]
    if r is None:
        return [*lines, "  …"]
    redeal = _REDEAL_KEYS.get((r.outcome, len(players)))
    if redeal is not None:
        return [*lines, f"  {say(redeal, lang)}"]
    lines += [_player_line(r, seat, players[seat], lang) for seat in range(len(players))]
    notes = []
    if r.bait and r.bidder is not None:
        notes.append(say("report.bait", lang, name=players[r.bidder]))
    if r.card_bait is not None:
        notes.append(say("report.card_bait", lang, name=players[r.card_bait]))
    if r.hanging_now:
        notes.append(say("report.hanging", lang, points=r.hanging_now))
    for pen in r.penalties:
        notes.append(say("report.penalty", lang, name=players[pen.seat], reason=penalty_text(pen.reason, lang)))
    if r.claim:
        notes.append(say("report.claim", lang, name=players[r.claim[0]], mark="✓" if r.claim[1] else "✗"))
    if r.offer:
        who = r.offer[0]
        offer = "report.offer_yes" if r.offer[1] else "report.offer_no"
        notes.append(say(offer, lang, a=players[who], b=players[1 - who]))
    if r.outcome is Outcome.GAVE_UP and r.winner is not None:
        notes.append(say("report.gave_up", lang, a=players[1 - r.winner]))
    if r.stake != 1:
        notes.append(say("report.stake", lang, stake=r.stake))
    lines += [f"  {n}" for n in notes]
    lines.append(f"  {say('report.total', lang, scores=_pair(r.scores_after))}")
    return lines


def game_text(record: GameRecord, match: Match, lang: str = "ru") -> list[str]:
    rules = record.rules
    target = str(rules.target) if rules.target else say("report.single_deal", lang)
    seats = f", {say('report.players', lang, count=rules.players)}" if player_count(rules.players).named else ""
    lines = [f"{rules.name}{seats}, {target} — {' : '.join(record.players)}"]
    for i, d in enumerate(match.deals, start=1):
        lines += deal_text(d, i, record.players, lang)
    over = match.over
    if over:
        stake = f", {say('report.stake', lang, stake=over.stake)}" if over.stake != 1 else ""
        name = record.players[over.winner]
        why = say(f"go_reason_{over.reason}", lang, target=rules.target)  # the game-over screen's words
        lines.append(say("report.winner", lang, name=name, reason=why, stake=stake, scores=_pair(match.scores)))
        if rules.target > 0 and over.difference > 0:
            lines.append(say("report.settle", lang, winner=name, diff=over.difference))
        elif rules.target > 0:  # won by the leader's false claim: not ahead, settled by the game only
            lines.append(say("report.settle_game_only", lang, winner=name))
        else:
            lines.append(say("report.settle_stake", lang, stake=over.stake))
    else:
        lines.append(say("report.unfinished", lang, scores=_pair(match.scores)))
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
            print(json.dumps({"file": path, **game_json(record, match)}, ensure_ascii=False, allow_nan=False))
        else:
            print(f"== {file_label(path)}")  # a name's control characters are not the terminal's
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
