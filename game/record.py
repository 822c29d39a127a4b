"""The game record: a versioned JSON file of the rules, the players and, per deal, the deck and the actions.

Loading validates everything by re-applying the actions through the engine (the same path as play), so
a broken, truncated, hand-edited or future-version file is refused with a message that says which deal,
which action and which rule. Saving is atomic (temp file + rename) and refuses to overwrite a file that
is not a readable record. See docs/record-format.md and docs/record.schema.json.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import jsonsafe
from game.actions import Action
from game.atomic import write_atomic
from game.cards import CODE_OF, Card, format_cards, parse_cards, validate_deck
from game.errors import IllegalAction, NewerRecord, RecordError, RecordTooLong
from game.match import Match
from game.names import display_name, file_label, printable
from game.rules import PRESETS, Rules, option_fields

FORMAT = "deberts-record"
VERSION = 1
# limits of what a record may hold (docs/record-format.md); a real game to 1001 is far below each
MAX_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 16
MAX_DEALS = 1000
MAX_ACTIONS = 200
MAX_OPTION_INT = 1_000_000


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


@dataclass(frozen=True, slots=True)
class RecordHead:
    """What a record says before its deals: the replays list shows it without replaying the game."""

    rules: Rules
    players: tuple[str, ...]
    first_dealer: int
    meta: dict[str, Any]


def head_of(record: GameRecord) -> RecordHead:
    return RecordHead(record.rules, tuple(record.players), record.first_dealer, dict(record.meta))


def overrides_of(rules: Rules) -> dict[str, Any]:
    """The options that differ from the rules' own preset."""
    base = PRESETS[rules.name].to_dict() if rules.name in PRESETS else {}
    return {k: v for k, v in rules.to_dict().items() if k != "name" and base.get(k) != v}


def record_of(match: Match, players: list[str] | None = None, meta: dict[str, Any] | None = None) -> GameRecord:
    deals = [DealRecord(d.dealer, list(d.deck), [a for _, a in d.history]) for d in match.deals]
    return GameRecord(
        rules=match.rules,
        players=list(players or [f"Игрок {i + 1}" for i in range(match.rules.players)]),
        first_dealer=match.first_dealer,
        deals=deals,
        meta=dict(meta or {}),
    )


def replay(record: GameRecord) -> Match:
    """Re-apply every action; raises ``RecordError`` naming the deal, the action and the rule."""
    match = Match(record.rules, record.first_dealer)
    for i, deal_rec in enumerate(record.deals, start=1):
        _replay_deal(match, i, deal_rec, deal_rec.actions)
    return match


def _replay_deal(match: Match, number: int, deal_rec: DealRecord, actions: list[Action]) -> None:
    """Deal ``number`` (1-based) started on ``match`` and ``actions`` applied, each checked as ``replay`` says."""
    where = f"deal {number}"
    if match.over is not None:
        raise RecordError("the game was already over before this deal", where)
    if match.current is not None:
        raise RecordError("the previous deal is not finished but another one follows", where)
    if deal_rec.dealer != match.next_dealer:
        raise RecordError(
            f"dealer is seat {deal_rec.dealer} but the rules make seat {match.next_dealer} the dealer", where
        )
    deal = match.start_deal(deal_rec.deck)
    for j, action in enumerate(actions, start=1):
        if deal.is_over():
            raise RecordError(f"action {j} '{action}' comes after the deal is over", where)
        try:
            match.apply(action)
        except IllegalAction as exc:
            raise RecordError(
                f"action {j} '{action}' by seat {deal.current_player()} is illegal: {exc}", where
            ) from None


class Positions:
    """The positions of one record, as ``replay(prefix(record, deal, actions))`` gives them, for a viewer that steps
    through a long game: the match at the start of each deal is kept (made once, never changed), so a position
    re-applies only its own deal's actions. A game of 400 deals took 2.5 s a step when every step replayed it all.
    """

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self._starts: list[Match] = [Match(record.rules, record.first_dealer)]  # before deal 0, 1, ...

    def at(self, deal_index: int, actions: int) -> Match:
        """A new match after ``actions`` actions of deal ``deal_index`` (0-based), the caller's to go on with."""
        deal_rec = self.record.deals[deal_index]
        match = self._start(deal_index).between_deals_copy()
        _replay_deal(match, deal_index + 1, deal_rec, deal_rec.actions[: max(0, actions)])
        return match

    def _start(self, deal_index: int) -> Match:
        while len(self._starts) <= deal_index:
            k = len(self._starts) - 1
            match = self._starts[k].between_deals_copy()
            _replay_deal(match, k + 1, self.record.deals[k], self.record.deals[k].actions)
            self._starts.append(match)
        return self._starts[deal_index]


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


def head_to_json(head: RecordHead | GameRecord) -> dict[str, Any]:
    """A record's JSON without its deals (``head_from_json`` reads it back)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": {"preset": head.rules.name, "overrides": overrides_of(head.rules)},
        "players": [_clean_strings(p) for p in head.players],
        "first_dealer": head.first_dealer,
        "meta": _clean_strings(head.meta),  # a path or text from the system may hold a lone surrogate
    }


def to_json(record: GameRecord) -> dict[str, Any]:
    return {
        **head_to_json(record),
        "deals": [
            {"dealer": d.dealer, "deck": format_cards(d.deck), "actions": [str(a) for a in d.actions]}
            for d in record.deals
        ],
    }


def _expect(cond: bool, message: str, where: str = "") -> None:
    if not cond:
        raise RecordError(message, where)


def _show(value: Any) -> str:
    """A value inside a message: its repr, escaped and cut short (a hostile file may hold megabytes)."""
    return printable(type(value).__name__ if isinstance(value, dict | list) else repr(value), 60)


def _is_int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _clean_strings(obj: Any) -> Any:
    """``meta`` is free-form: keep it, but with lone surrogates replaced (they could never be saved again) and a
    NUL too (no text drawn on the screen may hold one: a date with it took the replays and the statistics down)."""
    if isinstance(obj, str):
        text = obj.encode("utf-8", "replace").decode("utf-8") if _has_surrogate(obj) else obj
        return text.replace("\x00", "\ufffd")
    if isinstance(obj, list):
        return [_clean_strings(x) for x in obj]
    if isinstance(obj, dict):
        return {_clean_strings(k): _clean_strings(v) for k, v in obj.items()}
    return obj


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _check_meta(meta: Any, seats: int = 2) -> dict[str, Any]:
    _expect(isinstance(meta, dict), "'meta' must be an object")
    for key, kind in _META_TYPES.items():
        if key not in meta:
            continue
        value = meta[key]
        if kind == "int":
            ok = _is_int(value, -META_INT_MAX, META_INT_MAX)
        elif kind == "seat":
            ok = _is_int(value, 0, seats - 1)
        elif kind == "str":
            ok = isinstance(value, str)
        elif kind == "bool":
            ok = isinstance(value, bool)
        elif kind == "levels":
            ok = isinstance(value, list) and len(value) == seats and all(isinstance(v, str) for v in value)
        else:
            ok = isinstance(value, dict)
        words = _META_WORDS[kind] if kind != "seat" else _SEAT_WORDS[seats]
        _expect(ok, f"'{key}' must be {words}, not {_show(value)}", "meta")
    cleaned: dict[str, Any] = _clean_strings(meta)
    return cleaned


# the largest integer a record may carry in its meta (a seed): what the JSON reader takes (jsonsafe's 18 digits), so
# a number accepted at the door (``--seed``) is never refused when the record is read back (issue 23)
META_INT_MAX = 10**jsonsafe.MAX_INT_DIGITS - 1


def seat_levels(meta: dict[str, Any], players: int) -> list[str]:
    """Each seat's bot (a level, a character or a Ровня: ``game.bots.characters``), by seat: ``meta.bot_levels``
    when the record has it (three players may face two different ones; the human's seat holds ``""``), else the
    one ``meta.bot_level`` every bot seat played (older records, and two players). docs/record-format.md."""
    levels = meta.get("bot_levels")
    if isinstance(levels, list) and len(levels) == players and all(isinstance(v, str) for v in levels):
        return list(levels)
    return [str(meta.get("bot_level", "easy"))] * players


def levels_meta(levels: list[str], human: int) -> dict[str, Any]:
    """The meta fields naming the bots of ``levels`` (by seat; the human's seat ignored): ``bot_level`` (the
    first bot after the human: the one on the left for three), which every reader knows, and ``bot_levels`` by
    seat when the bots differ."""
    n = len(levels)
    bots = [levels[(human + k) % n] for k in range(1, n)]
    out: dict[str, Any] = {"bot_level": bots[0] if bots else "medium"}
    if len(set(bots)) > 1:
        out["bot_levels"] = ["" if s == human else lv for s, lv in enumerate(levels)]
    return out


# the meta fields the program reads, with their types (others are kept as they are)
_META_TYPES = {
    "seed": "int",
    "human_seat": "seat",
    "bot_level": "str",
    "bot_levels": "levels",
    "created": "str",
    "game": "str",
    "updated": "str",
    "ui": "str",
    "deal_code": "str",
    "branch": "object",
    "again": "object",
    "practice": "object",
    "reproducible": "bool",
}
_META_WORDS = {
    "levels": "a list of strings, one a seat",
    "int": "an integer",
    "seat": "0 or 1",
    "str": "a string",
    "object": "an object",
    "bool": "true or false",
}
_SEAT_WORDS = {2: "0 or 1", 3: "0, 1 or 2"}
_COUNT_WORDS = {2: "two", 3: "three"}
_DECK = re.compile(r"(?:[789TJQKA][SCDH] ){31}[789TJQKA][SCDH]")
_ACTION = re.compile(
    r"order|pass|name:[SCDH]|swap|ask-passes|passes:(?:yes|no)|four-sevens|announce:(?:terz|fifty)|rost|top"
    r"|pishet|mine|belle|play:[789TJQKA][SCDH](?:\+belle)?|claim|no-claim|offer|no-offer|offer:(?:yes|no)|dave"
    r"|dave:(?:yes|no)"
)
_KEYS = {"format", "version", "rules", "players", "first_dealer", "meta", "deals"}


def _check_overrides(overrides: Any) -> dict[str, Any]:
    _expect(isinstance(overrides, dict), "'overrides' must be an object", "rules")
    names = {f.name: f for f in option_fields()}
    for key, value in overrides.items():
        _expect(key in names, f"unknown rules option {_show(key)}", "rules")
        default = getattr(PRESETS["moscow"], key)
        if isinstance(default, bool):
            _expect(isinstance(value, bool), f"option {key}: expected true/false, got {_show(value)}", "rules")
        elif isinstance(default, int):
            _expect(
                _is_int(value, 0, MAX_OPTION_INT),
                f"option {key}: expected a non-negative integer up to {MAX_OPTION_INT}, got {_show(value)}",
                "rules",
            )
        else:  # an enum (belle_protection was true/false before it had three values): the engine names the values
            _expect(isinstance(value, str | bool), f"option {key}: {_show(value)} is not one of its values", "rules")
    return dict(overrides)


def from_json(obj: Any) -> GameRecord:
    """Check every field's type and limits (docs/record.schema.json), then replay it; returns the record (use
    ``replay`` for the match). Anything wrong is a ``RecordError`` saying where."""
    return checked_match(obj)[0]


def head_from_json(obj: Any) -> RecordHead:
    """A record's head (``head_to_json``: the record without ``deals``) checked as the gate checks a record; a
    ``RecordError`` for anything wrong. No replay: the replays list keeps the heads of the records it has read."""
    return _checked_head(obj, deals=False)


def _checked_head(obj: Any, deals: bool = True) -> RecordHead:
    _expect(isinstance(obj, dict), "a record must be a JSON object")
    _expect(obj.get("format") == FORMAT, f"not a Деберц record (format must be {FORMAT!r})")
    version = obj.get("version")
    _expect(_is_int(version, -(2**63), 2**63), "'version' must be an integer")
    if version > VERSION:
        raise NewerRecord(
            version,
            f"this record was written by a newer version of the game (format version {version}, "
            f"this program reads up to {VERSION}); please update the game",
        )
    _expect(version >= 1, f"unknown format version {version}")
    unknown = sorted(set(obj) - (_KEYS if deals else _KEYS - {"deals"}))
    _expect(not unknown, f"unknown field {_show(unknown[0]) if unknown else ''}")
    rules_obj = obj.get("rules")
    _expect(isinstance(rules_obj, dict), "'rules' must be an object with 'preset' and 'overrides'")
    extra = sorted(set(rules_obj) - {"preset", "overrides"})
    _expect(not extra, f"unknown field {_show(extra[0]) if extra else ''}", "rules")
    preset = rules_obj.get("preset")
    _expect(
        isinstance(preset, str) and preset in PRESETS,
        f"unknown rules preset {_show(preset)} (known: {', '.join(PRESETS)})",
        "rules",
    )
    overrides = _check_overrides(rules_obj.get("overrides", {}))
    try:
        rules = Rules.preset(str(preset), **overrides)
    except ValueError as exc:
        raise RecordError(printable(str(exc)), "rules") from None
    seats = rules.players  # the number of seats: the rules option ``players`` (2 unless the record says 3)
    players = obj.get("players")
    _expect(
        isinstance(players, list) and len(players) == seats and all(isinstance(p, str) for p in players),
        f"'players' must be a list of {_COUNT_WORDS[seats]} names",
    )
    first_dealer = obj.get("first_dealer", 0)
    _expect(_is_int(first_dealer, 0, seats - 1), f"'first_dealer' must be {_SEAT_WORDS[seats]}")
    meta = _check_meta(obj.get("meta", {}), seats)
    names = tuple(display_name(p) for p in players)  # a blank name stays blank: named by who plays the seat
    return RecordHead(rules, names, int(first_dealer), meta)


def checked_match(obj: Any) -> tuple[GameRecord, Match]:
    """``from_json`` and the match its replay made (the replay browser would otherwise replay it twice)."""
    head = _checked_head(obj)
    seats = head.rules.players
    deals_obj = obj.get("deals")
    _expect(isinstance(deals_obj, list), "'deals' must be a list")
    _expect(len(deals_obj) <= MAX_DEALS, f"more than {MAX_DEALS} deals")
    deals: list[DealRecord] = []
    for i, d in enumerate(deals_obj, start=1):
        where = f"deal {i}"
        _expect(isinstance(d, dict), "a deal must be an object", where)
        extra = sorted(set(d) - {"dealer", "deck", "actions"})
        _expect(not extra, f"unknown field {_show(extra[0]) if extra else ''}", where)
        dealer = d.get("dealer")
        _expect(_is_int(dealer, 0, seats - 1), f"'dealer' must be {_SEAT_WORDS[seats]}", where)
        deck_text = d.get("deck")
        _expect(isinstance(deck_text, str), "'deck' must be a string of 32 card codes", where)
        try:
            deck = validate_deck(parse_cards(deck_text[:200]))
        except ValueError as exc:
            raise RecordError(f"bad deck: {printable(str(exc), 200)}", where) from None
        _expect(bool(_DECK.fullmatch(deck_text)), "bad deck: 32 card codes separated by single spaces", where)
        actions_obj = d.get("actions", [])
        _expect(isinstance(actions_obj, list), "'actions' must be a list of strings", where)
        _expect(len(actions_obj) <= MAX_ACTIONS, f"more than {MAX_ACTIONS} actions", where)
        actions: list[Action] = []
        for j, text in enumerate(actions_obj, start=1):
            _expect(isinstance(text, str), f"action {j}: unknown action {_show(text)}", where)
            try:
                actions.append(Action.parse(text))
            except ValueError as exc:
                raise RecordError(f"action {j}: {printable(str(exc), 200)}", where) from None
            _expect(bool(_ACTION.fullmatch(text)), f"action {j}: unknown action {_show(text)}", where)
        deals.append(DealRecord(int(dealer), deck, actions))
    record = GameRecord(head.rules, list(head.players), head.first_dealer, deals, head.meta)
    return record, replay(record)


def dumps(record: GameRecord) -> str:
    return json.dumps(to_json(record), ensure_ascii=False, allow_nan=False, indent=1) + "\n"


def loads(text: str) -> GameRecord:
    """Parse within the limits (size is the caller's, nesting and numbers here), then ``from_json``."""
    return _loads_match(text)[0]


def _loads_match(text: str) -> tuple[GameRecord, Match]:
    try:
        obj = jsonsafe.parse(text, MAX_DEPTH)
    except json.JSONDecodeError as exc:
        if not text.lstrip("\ufeff \t\r\n").startswith("{"):  # an export's text, a note: not cut short
            raise RecordError("not a game record (the file is not JSON)") from None
        if exc.msg == "Extra data":  # NULs after a power loss, a Ctrl-Z: bytes after the end, not a file cut short
            hint = " (something follows the end of the record)"
        else:
            hint = " (the file looks truncated)" if not text.rstrip().endswith("}") else ""
        raise RecordError(f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}{hint}") from None
    except ValueError as exc:  # JsonLimitError: too deep, a huge integer, NaN
        raise RecordError(f"not a record this program reads: {exc}") from None
    return checked_match(obj)


def read_record_bytes(path: str | os.PathLike[str]) -> bytes:
    """The file's bytes within ``MAX_BYTES``; a ``RecordError`` for a missing, unreadable or huge file."""
    p = Path(path)
    name = file_label(str(p))
    try:
        return jsonsafe.read_limited(p, MAX_BYTES)
    except OSError as exc:
        raise RecordError(f"cannot read {name}: {printable(exc.strerror or str(exc))}") from None
    except ValueError as exc:
        raise RecordError(f"{name}: {exc}") from None


def load(path: str | os.PathLike[str]) -> GameRecord:
    """The one gate for a record file: size, encoding, nesting, types, then the replay."""
    return load_match(path)[0]


def load_match(path: str | os.PathLike[str]) -> tuple[GameRecord, Match]:
    """``load``, and the match its replay made."""
    p = Path(path)
    data = read_record_bytes(p)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{file_label(str(p))} is not a UTF-8 text file") from None
    try:
        return _loads_match(text)
    except RecordError as exc:  # the file named in its message; its kind kept (``NewerRecord``: not damaged)
        exc.args = (f"{file_label(p.name)}: {exc}",)
        raise exc from None


GameKey = tuple[object, object, object]
"""What tells one game from another: (``meta.created``, the first deal's deck as written, ``meta.game``)."""


def file_key(path: Path) -> GameKey | None:
    """The game key of the record file at ``path``, read once; None when it is not a file of ours."""
    try:
        obj = jsonsafe.load_file(path, MAX_BYTES, MAX_DEPTH)
    except (OSError, ValueError):
        return None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        return None
    meta, deals = obj.get("meta"), obj.get("deals")
    created, game = (meta.get("created"), meta.get("game")) if isinstance(meta, dict) else (None, None)
    first = deals[0].get("deck") if isinstance(deals, list) and deals and isinstance(deals[0], dict) else None
    return created, first, game


def is_record_file(path: Path) -> bool:
    """Is ``path`` a file of ours (a record, perhaps one this program cannot replay), safe to replace?"""
    return file_key(path) is not None


def is_game_of(key: GameKey, record: GameRecord) -> bool:
    """Does a file's key (``file_key``) name ``record``'s own game (the same ``meta.game``, a random token drawn at
    the game's start; in a record from before it, the same creation time and first deck)? Two windows that each
    saved their game to one ``current.json`` wrote over each other's; a file of another game is kept
    (``ui.saving``), never replaced or removed. Two games started in the same second with the same ``--seed``
    differ only by the token."""
    created, first, game = key
    mine = format_cards(record.deals[0].deck) if record.deals else None
    if isinstance(game, str) and isinstance(record.meta.get("game"), str):
        return game == record.meta["game"] and first == mine
    if created is None:  # a record written by hand, without its start: told by its first deck alone
        return first is not None and first == mine
    return created == record.meta.get("created") and first == mine


def save(path: str | os.PathLike[str], record: GameRecord) -> None:
    """Write atomically. An existing file that is not a readable record is never overwritten, and a record longer
    than ``load`` reads is not written (``RecordTooLong``): the file keeps the last position that fits."""
    p = Path(path)
    if len(record.deals) > MAX_DEALS:
        raise RecordTooLong("deals", f"a record holds at most {MAX_DEALS} deals, this one {len(record.deals)}")
    if p.exists() and not is_record_file(p):
        raise RecordError(f"refusing to overwrite {p}: it is not a readable Деберц record (move it aside first)")
    record.meta.setdefault("created", time.strftime("%Y-%m-%dT%H:%M:%S"))
    record.meta["updated"] = time.strftime("%Y-%m-%dT%H:%M:%S")
    text = dumps(record)
    size = len(text.encode("utf-8"))
    if size > MAX_BYTES:
        raise RecordTooLong("bytes", f"a record holds at most {MAX_BYTES} bytes, this one {size}")
    write_atomic(p, text)


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
    "RecordHead",
    "dumps",
    "from_json",
    "head_from_json",
    "head_of",
    "head_to_json",
    "is_record_file",
    "load",
    "loads",
    "move_aside",
    "prefix",
    "record_of",
    "replay",
    "save",
    "to_json",
]
