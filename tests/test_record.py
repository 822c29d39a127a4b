"""The game record: round trips, validation messages, atomic save, and the score/rules/bench commands."""

from __future__ import annotations

import contextlib
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import count_deal_starts, examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cards import shuffled_deck
from game.errors import IllegalAction, RecordError
from game.match import Match
from game.record import (
    Positions,
    dumps,
    from_json,
    load,
    loads,
    move_aside,
    prefix,
    record_of,
    replay,
    save,
    to_json,
)
from game.rules import PRESETS, Rules

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "record.schema.json").read_text("utf-8"))


def random_game(rules: Rules, seed: int, max_deals: int = 60) -> Match:
    rng = random.Random(seed)
    match = Match(rules, first_dealer=seed % 2)
    for _ in range(max_deals):
        if match.over is not None:
            break
        deal = match.start_deal(shuffled_deck(rng))
        while not deal.is_over():
            legal = deal.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    return match


@pytest.fixture(scope="module")
def sample_json() -> dict[str, Any]:
    match = random_game(PRESETS["moscow"].with_options(target=301), seed=7)
    return to_json(record_of(match, ["Аня", "Бот"]))


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("etiquette", ["guided", "strict"])
def test_round_trip_reproduces_the_game(preset: str, etiquette: str) -> None:
    rules = PRESETS[preset].with_options(etiquette=etiquette)
    match = random_game(rules, seed=list(PRESETS).index(preset) * 2 + (etiquette == "strict"))
    text = dumps(record_of(match, ["A", "B"]))
    again = replay(loads(text))
    assert again.scores == match.scores
    assert again.over == match.over
    assert [d.result for d in again.deals] == [d.result for d in match.deals]
    assert again.rules == rules


def test_records_match_the_published_schema_patterns(sample_json: dict[str, Any]) -> None:
    deal_schema = SCHEMA["properties"]["deals"]["items"]["properties"]
    deck_re = re.compile(deal_schema["deck"]["pattern"])
    action_re = re.compile(deal_schema["actions"]["items"]["pattern"])
    assert set(sample_json) <= set(SCHEMA["properties"])
    for deal in sample_json["deals"]:
        assert deck_re.match(deal["deck"])
        for action in deal["actions"]:
            assert action_re.match(action), action
    option_names = set(SCHEMA["properties"]["rules"]["properties"]["overrides"]["properties"])
    assert option_names == set(PRESETS["moscow"].to_dict()) - {"name"}


def test_unfinished_game_in_progress_round_trips() -> None:
    rng = random.Random(3)
    match = Match(PRESETS["kharkov"])
    deal = match.start_deal(shuffled_deck(rng))
    for _ in range(5):
        match.apply(deal.legal_actions()[0])
    again = replay(loads(dumps(record_of(match))))
    assert again.current is not None
    assert again.current.history == deal.history
    assert again.current.view(0) == deal.view(0)


def _mutated(base: dict[str, Any], path: list[Any], value: object) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(json.dumps(base))
    target: Any = obj
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return obj


_DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["format"], "chess-pgn", "not a Деберц record"),
        (["version"], 2, "newer version of the game"),
        (["version"], "1", "'version' must be an integer"),
        (["rules", "preset"], "vegas", "unknown rules preset"),
        (["rules", "overrides"], {"target": -5}, "non-negative integer"),
        (["rules", "overrides"], {"hanging": "never"}, "is not one of"),
        (["rules", "overrides"], {"colour": "red"}, "unknown rules option"),
        (["players"], ["solo"], "two names"),
        (["first_dealer"], 2, "'first_dealer' must be 0 or 1"),
        (["deals", 0, "dealer"], "x", "deal 1: 'dealer' must be 0 or 1"),
        (["deals", 0, "deck"], "7S 8S", "deal 1: bad deck"),
        (["deals", 0, "deck"], "7S " * 31 + "8S", "deal 1: bad deck"),
        (["deals", 0, "actions"], "pass", "deal 1: 'actions' must be a list"),
        (["deals", 0, "actions", 0], "bid:maybe", "deal 1: action 1: unknown action"),
        (["deals", 0, "actions", 0], "play:1X", "deal 1: action 1: not a card"),
        (["deals"], _DELETE, "'deals' must be a list"),
    ],
)
def test_broken_records_say_what_is_wrong(
    sample_json: dict[str, Any], path: list[Any], value: object, message: str
) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        from_json(_mutated(sample_json, path, value))


def test_illegal_action_names_deal_action_and_rule(sample_json: dict[str, Any]) -> None:
    obj = json.loads(json.dumps(sample_json))
    deal = next(d for d in obj["deals"] if sum(a.startswith("play:") for a in d["actions"]) >= 4)
    index = next(i for i, a in enumerate(deal["actions"]) if a.startswith("play:"))
    # the second card of the first trick: replace it with a card of the leader's hand
    leader_card = deal["actions"][index]
    second = next(i for i in range(index + 1, len(deal["actions"])) if deal["actions"][i].startswith("play:"))
    deal["actions"][second] = leader_card
    number = obj["deals"].index(deal) + 1
    with pytest.raises(RecordError) as err:
        from_json(obj)
    text = str(err.value)
    assert f"deal {number}: action {second + 1} '{leader_card}'" in text
    assert "[not_in_hand]" in text


def test_actions_after_the_deal_is_over_are_refused(sample_json: dict[str, Any]) -> None:
    obj = json.loads(json.dumps(sample_json))
    obj["deals"][0]["actions"].append("pass")
    with pytest.raises(RecordError, match=r"deal 1: action .* comes after the deal is over"):
        from_json(obj)


def test_wrong_dealer_is_refused(sample_json: dict[str, Any]) -> None:
    obj = json.loads(json.dumps(sample_json))
    obj["deals"][1]["dealer"] = 1 - obj["deals"][1]["dealer"]
    with pytest.raises(RecordError, match="deal 2: dealer is seat"):
        from_json(obj)


def test_deal_after_the_game_is_over_is_refused(sample_json: dict[str, Any]) -> None:
    obj = json.loads(json.dumps(sample_json))
    assert replay(from_json(obj)).over is not None
    obj["deals"].append(dict(obj["deals"][-1], actions=[]))
    with pytest.raises(RecordError, match="already over"):
        from_json(obj)


def test_truncated_file_is_reported_as_truncated(sample_json: dict[str, Any]) -> None:
    text = json.dumps(sample_json)
    with pytest.raises(RecordError, match="truncated"):
        loads(text[: len(text) // 2])


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_damage_ends_in_a_clean_error(sample_json: dict[str, Any], data: st.DataObject) -> None:
    text = json.dumps(sample_json)
    how = data.draw(st.sampled_from(["cut", "flip", "insert"]))
    pos = data.draw(st.integers(0, len(text) - 1))
    if how == "cut":
        text = text[:pos]
    elif how == "flip":
        text = text[:pos] + data.draw(st.characters()) + text[pos + 1 :]
    else:
        text = text[:pos] + data.draw(st.text(max_size=5)) + text[pos:]
    with contextlib.suppress(RecordError):  # any other exception fails the test
        loads(text)


@settings(max_examples=examples(100), deadline=None)
@given(
    obj=st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=12,
    )
)
def test_arbitrary_json_ends_in_a_clean_error(obj: object) -> None:
    with pytest.raises(RecordError):
        from_json(obj)


def test_save_is_atomic_and_loads_back(tmp_path: Path) -> None:
    match = random_game(PRESETS["club"], seed=11)
    path = tmp_path / "games" / "g.json"
    save(path, record_of(match))
    assert replay(load(path)).scores == match.scores
    assert [p.name for p in path.parent.iterdir()] == ["g.json"]  # no temp files left behind


def test_save_never_overwrites_an_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "current.json"
    path.write_text("{ this is somebody's corrupt save", "utf-8")
    with pytest.raises(RecordError, match="refusing to overwrite"):
        save(path, record_of(random_game(PRESETS["book"], seed=2)))
    assert path.read_text("utf-8") == "{ this is somebody's corrupt save"
    with pytest.raises(RecordError):
        load(path)
    aside = move_aside(path)
    assert not path.exists() and aside.read_text("utf-8") == "{ this is somebody's corrupt save"
    assert ".corrupt-" in aside.name


def test_load_reports_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        load(tmp_path / "missing.json")
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match="not a UTF-8 text file"):
        load(binary)


# ---------------------------------------------------------------- commands


def _main(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True)


def test_score_command_prints_breakdown_and_totals(tmp_path: Path) -> None:
    match = random_game(PRESETS["yellowclub"], seed=5)
    path = tmp_path / "y.json"
    save(path, record_of(match, ["Аня", "Бот"]))
    proc = _main("score", str(path))
    assert proc.returncode == 0, proc.stderr
    assert f"Итого: {match.scores[0]} : {match.scores[1]}" in proc.stdout
    assert "Партию выиграл" in proc.stdout
    proc = _main("score", "--json", str(path))
    data = json.loads(proc.stdout)
    assert data["scores"] == list(match.scores)
    assert len(data["deals"]) == len(match.deals)
    assert data["winner"] == match.over.winner  # type: ignore[union-attr]


def test_score_command_exits_2_on_an_invalid_file(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    save(good, record_of(random_game(PRESETS["moscow"], seed=1)))
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "deberts-record", "version": 9}', "utf-8")
    proc = _main("score", str(good), str(bad))
    assert proc.returncode == 2
    assert "newer version" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert "== " + str(good) in proc.stdout


def test_rules_command_lists_every_option_for_every_preset() -> None:
    proc = _main("rules")
    assert proc.returncode == 0
    for name in PRESETS:
        assert name in proc.stdout
    for option in PRESETS["moscow"].to_dict():
        if option != "name":
            assert f"\n{option} — " in proc.stdout


def test_bench_command_prints_json_figures() -> None:
    proc = _main("bench", "--json", "--seconds", "0.3")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["deals_per_second"] > 0 and data["deals"] > 0


def _state(match: Match) -> tuple[object, ...]:
    """What a position is: the actions so far, the sheet and who is to act."""
    deal = match.deals[-1]
    return (
        to_json(record_of(match)),
        match.scores,
        match.baits,
        match.hanging,
        match.next_dealer,
        match.over,
        match.context(),
        deal.context,
        None if deal.is_over() else deal.current_player(),
        deal.result,
    )


@pytest.mark.parametrize(
    "name", ["moscow-full-501.json", "moscow-chained-tie.json", "three/kharkov-three-hanging.json", "offer-fifty.json"]
)
def test_positions_are_the_replayed_prefixes(name: str) -> None:
    """Every position of a record from ``Positions`` (each deal's start kept) is the one ``replay(prefix(...))``
    gives: the sheet, the hanging bait, the dealer, the game's end, the actions — in any order of asking."""
    record = load(ROOT / "saves" / name)
    positions = Positions(record)
    spots = [(di, pos) for di, d in enumerate(record.deals) for pos in range(len(d.actions) + 1)]
    for di, pos in [*reversed(spots[::7]), *spots]:
        assert _state(positions.at(di, pos)) == _state(replay(prefix(record, di, pos))), (name, di, pos)


def test_a_position_replays_only_its_own_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the deals before it have been passed, a position late in a long game starts one deal, not all of them,
    and what the caller does with its match never changes the kept starts."""
    record = load(ROOT / "saves" / "moscow-full-501.json")
    last = len(record.deals) - 1
    positions = Positions(record)
    positions.at(last, 0)
    started = count_deal_starts(monkeypatch)
    went_on = positions.at(last - 1, 3)
    for action in record.deals[last - 1].actions[3:]:
        went_on.apply(action)
    for pos in range(len(record.deals[last].actions) + 1):
        positions.at(last, pos)
    assert len(started) == 1 + len(record.deals[last].actions) + 1
    monkeypatch.undo()
    assert _state(positions.at(last, 5)) == _state(replay(prefix(record, last, 5)))


def test_between_deals_copy_is_refused_in_a_deal() -> None:
    record = load(ROOT / "saves" / "moscow-full-501.json")
    with pytest.raises(IllegalAction):
        replay(prefix(record, 0, 3)).between_deals_copy()
