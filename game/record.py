"""The game record: a versioned JSON file of the rules, the players and, per deal, the deck and the actions.

Loading validates everything by re-applying the actions through the engine (the same path as play), so
a broken, truncated, hand-edited or future-version file is refused with a message that says which deal,
which action and which rule. Saving is atomic (temp file + rename) and refuses to overwrite a file that
is not a readable record. See docs/record-format.md and docs/record.schema.json.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.actions import Action
from game.cards import CODE_OF, Card, format_cards, parse_cards, validate_deck
from game.errors import IllegalAction, RecordError
from game.match import Match
from game.rules import PRESETS, Rules

FORMAT = "deberts-record"
VERSION = 1


@dataclass(slots=True)
class DealRecord:
    dealer: int
    deck: list[Card]
    actions: list[Action] = field(default_factory=list)


@dataclass(slots=True)
class GameRecord:
    rules: Rules
    players: list[str] = field(default_factory=lambda: ["Игрок 1", "Игрок 2"])
    first_dealer: int = 0
    deals: list[DealRecord] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)


def overrides_of(rules: Rules) -> dict[str, Any]:
    """The options that differ from the rules' own preset."""
    base = PRESETS[rules.name].to_dict() if rules.name in PRESETS else {}
    return {k: v for k, v in rules.to_dict().items() if k != "name" and base.get(k) != v}


def record_of(match: Match, players: list[str] | None = None, meta: dict[str, Any] | None = None) -> GameRecord:
    deals = [DealRecord(d.dealer, list(d.deck), [a for _, a in d.history]) for d in match.deals]
    return GameRecord(
        rules=match.rules,
        players=list(players or ["Игрок 1", "Игрок 2"]),
        first_dealer=match.first_dealer,
        deals=deals,
        meta=dict(meta or {}),
    )


def replay(record: GameRecord) -> Match:
    """Re-apply every action; raises ``RecordError`` naming the deal, the action and the rule."""
    match = Match(record.rules, record.first_dealer)
    for i, deal_rec in enumerate(record.deals, start=1):
        where = f"deal {i}"
        if match.over is not None:
            raise RecordError("the game was already over before this deal", where)
        if match.current is not None:
            raise RecordError("the previous deal is not finished but another one follows", where)
        if deal_rec.dealer != match.next_dealer:
            raise RecordError(
                f"dealer is seat {deal_rec.dealer} but the rules make seat {match.next_dealer} the dealer", where
            )
        deal = match.start_deal(deal_rec.deck)
        for j, action in enumerate(deal_rec.actions, start=1):
            if deal.is_over():
                raise RecordError(f"action {j} '{action}' comes after the deal is over", where)
            try:
                match.apply(action)
            except IllegalAction as exc:
                raise RecordError(
                    f"action {j} '{action}' by seat {deal.current_player()} is illegal: {exc}", where
                ) from None
    return match


def prefix(record: GameRecord, deal_index: int, actions: int) -> GameRecord:
    """The record cut after ``actions`` actions of deal ``deal_index`` (0-based): a replay position.

    ``replay(prefix(...))`` is how replays, "play from here" and the analysis reach a position: the
    actions are re-applied, no state is ever stored.
    """
    deals = [DealRecord(d.dealer, list(d.deck), list(d.actions)) for d in record.deals[:deal_index]]
    if 0 <= deal_index < len(record.deals):
        d = record.deals[deal_index]
        deals.append(DealRecord(d.dealer, list(d.deck), list(d.actions[: max(0, actions)])))
    return GameRecord(record.rules, list(record.players), record.first_dealer, deals, dict(record.meta))


# ---------------------------------------------------------------- JSON


def to_json(record: GameRecord) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": {"preset": record.rules.name, "overrides": overrides_of(record.rules)},
        "players": list(record.players),
        "first_dealer": record.first_dealer,
        "meta": record.meta,
        "deals": [
            {"dealer": d.dealer, "deck": format_cards(d.deck), "actions": [str(a) for a in d.actions]}
            for d in record.deals
        ],
    }


def _expect(cond: bool, message: str, where: str = "") -> None:
    if not cond:
        raise RecordError(message, where)


def from_json(obj: Any) -> GameRecord:
    """Validate the structure, then replay it; returns the record (use ``replay`` for the match)."""
    _expect(isinstance(obj, dict), "a record must be a JSON object")
    _expect(obj.get("format") == FORMAT, f"not a Деберц record (format must be {FORMAT!r})")
    version = obj.get("version")
    _expect(isinstance(version, int) and not isinstance(version, bool), "'version' must be an integer")
    _expect(
        version <= VERSION,
        f"this record was written by a newer version of the game (format version {version}, "
        f"this program reads up to {VERSION}); please update the game",
    )
    _expect(version >= 1, f"unknown format version {version}")
    rules_obj = obj.get("rules")
    _expect(isinstance(rules_obj, dict), "'rules' must be an object with 'preset' and 'overrides'")
    preset = rules_obj.get("preset")
    _expect(preset in PRESETS, f"unknown rules preset {preset!r} (known: {', '.join(PRESETS)})", "rules")
    overrides = rules_obj.get("overrides", {})
    _expect(isinstance(overrides, dict), "'overrides' must be an object", "rules")
    try:
        rules = Rules.preset(str(preset), **overrides)
    except ValueError as exc:
        raise RecordError(str(exc), "rules") from None
    players = obj.get("players")
    _expect(
        isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) for p in players),
        "'players' must be a list of two names",
    )
    first_dealer = obj.get("first_dealer", 0)
    _expect(first_dealer in (0, 1) and not isinstance(first_dealer, bool), "'first_dealer' must be 0 or 1")
    meta = obj.get("meta", {})
    _expect(isinstance(meta, dict), "'meta' must be an object")
    deals_obj = obj.get("deals")
    _expect(isinstance(deals_obj, list), "'deals' must be a list")
    deals: list[DealRecord] = []
    for i, d in enumerate(deals_obj, start=1):
        where = f"deal {i}"
        _expect(isinstance(d, dict), "a deal must be an object", where)
        dealer = d.get("dealer")
        _expect(dealer in (0, 1) and not isinstance(dealer, bool), "'dealer' must be 0 or 1", where)
        deck_text = d.get("deck")
        _expect(isinstance(deck_text, str), "'deck' must be a string of 32 card codes", where)
        try:
            deck = validate_deck(parse_cards(deck_text))
        except ValueError as exc:
            raise RecordError(f"bad deck: {exc}", where) from None
        actions_obj = d.get("actions", [])
        _expect(isinstance(actions_obj, list), "'actions' must be a list of strings", where)
        actions: list[Action] = []
        for j, text in enumerate(actions_obj, start=1):
            try:
                actions.append(Action.parse(text))
            except ValueError as exc:
                raise RecordError(f"action {j}: {exc}", where) from None
        deals.append(DealRecord(int(dealer), deck, actions))
    record = GameRecord(rules, [str(p) for p in players], int(first_dealer), deals, dict(meta))
    replay(record)
    return record


def dumps(record: GameRecord) -> str:
    return json.dumps(to_json(record), ensure_ascii=False, indent=1) + "\n"


def loads(text: str) -> GameRecord:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        hint = " (the file looks truncated)" if not text.rstrip().endswith("}") else ""
        raise RecordError(f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}{hint}") from None
    return from_json(obj)


def load(path: str | os.PathLike[str]) -> GameRecord:
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read {p}: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{p} is not a UTF-8 text file") from None
    try:
        return loads(text)
    except RecordError as exc:
        raise RecordError(f"{p.name}: {exc}") from None


def _is_record_file(path: Path) -> bool:
    try:
        obj = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False
    return isinstance(obj, dict) and obj.get("format") == FORMAT


def save(path: str | os.PathLike[str], record: GameRecord) -> None:
    """Write atomically. An existing file that is not a readable record is never overwritten."""
    p = Path(path)
    if p.exists() and not _is_record_file(p):
        raise RecordError(f"refusing to overwrite {p}: it is not a readable Деберц record (move it aside first)")
    record.meta.setdefault("created", time.strftime("%Y-%m-%dT%H:%M:%S"))
    record.meta["updated"] = time.strftime("%Y-%m-%dT%H:%M:%S")
    text = dumps(record)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=p.name + ".", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def move_aside(path: str | os.PathLike[str]) -> Path:
    """Keep a corrupt file under a new name beside it (never delete what could not be read)."""
    p = Path(path)
    target = p.with_name(f"{p.stem}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}{p.suffix}")
    n = 1
    while target.exists():
        target = p.with_name(f"{p.stem}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{n}{p.suffix}")
        n += 1
    os.replace(p, target)
    return target


__all__ = [
    "CODE_OF",
    "FORMAT",
    "VERSION",
    "DealRecord",
    "GameRecord",
    "dumps",
    "from_json",
    "load",
    "loads",
    "move_aside",
    "prefix",
    "record_of",
    "replay",
    "save",
    "to_json",
]
