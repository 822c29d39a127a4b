"""Fairness by construction (issue 13): no player object holds anything from which a deck can be derived.

Decks are drawn when a deal starts from the system's randomness (``secrets``), so no seed of the decks
exists at all in an ordinary game; the bots' seeds come from ``secrets`` too. A game with a chosen seed
(``--seed``, tests) is reproducible — its decks follow that seed — and its bots get a one-way hash of it,
never the seed itself or ``seed + 101 × seat`` as before. The record keeps every dealt deck, so replays and
old records stay exact (tests/test_samples.py).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from game.bots.base import LEVELS
from game.cards import shuffled_deck
from game.record import load, replay
from ui.controller import GameController, GameOptions
from ui.paths import Paths

ROOT = Path(__file__).resolve().parent.parent


def reachable(obj: Any, depth: int = 7, seen: set[int] | None = None) -> list[Any]:
    """Every value reachable from ``obj`` through attributes, slots and containers (bounded)."""
    seen = set() if seen is None else seen
    if id(obj) in seen or depth < 0:
        return []
    seen.add(id(obj))
    out = [obj]
    if isinstance(obj, str | bytes | int | float | bool | type(None)):
        return out
    if type(obj).__module__ in ("builtins",) and not isinstance(obj, list | tuple | dict | set | frozenset):
        return out
    children: list[Any] = []
    if isinstance(obj, dict):
        if len(obj) > 5000:
            return out
        children = [*obj.keys(), *obj.values()]
    elif isinstance(obj, list | tuple | set | frozenset):
        if len(obj) > 5000:
            return out
        children = list(obj)
    elif isinstance(obj, random.Random):
        children = [obj.getstate()]
    else:
        if callable(obj) and not hasattr(obj, "__dict__"):
            return out
        children = list(getattr(obj, "__dict__", {}).values())
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(obj, name):
                    children.append(getattr(obj, name))
    for child in children:
        out += reachable(child, depth - 1, seen)
    return out


def bot_controller(tmp_path: Path, level: str, seed: int | None = None) -> GameController:
    options = GameOptions(bot_level=level, seed=seed, first_dealer="bot")
    return GameController.new_game(Paths.resolve(tmp_path), options, human_seats=(0,), inline_bots=True)


@pytest.mark.parametrize("level", LEVELS)
def test_an_ordinary_game_has_no_seed_of_its_decks_anywhere(tmp_path: Path, level: str) -> None:
    ctl = bot_controller(tmp_path, level)
    deck = ctl.match.deals[0].deck
    assert "seed" not in ctl.meta and "seed" not in load(tmp_path / "current.json").meta
    assert ctl.deck_for(1) != ctl.deck_for(1)  # drawn afresh from the system each time: there is no seed
    values = reachable(ctl.bots[1])
    ints = {v for v in values if isinstance(v, int) and not isinstance(v, bool)}
    for x in ints:  # the old construction: a deck from Random(f"{seed}:{deal}") for any number the bot holds
        assert shuffled_deck(random.Random(f"{x}:0")) != list(deck)
        assert shuffled_deck(random.Random(x)) != list(deck)
    ctl.close()


@pytest.mark.parametrize("level", LEVELS)
def test_a_seeded_game_gives_its_bots_nothing_of_the_seed(tmp_path: Path, level: str) -> None:
    seed = 424242
    ctl = bot_controller(tmp_path, level, seed)
    assert list(ctl.match.deals[0].deck) == shuffled_deck(random.Random(f"{seed}:0"))  # reproducible, as asked
    values = reachable(ctl.bots[1])
    ints = {v for v in values if isinstance(v, int) and not isinstance(v, bool)}
    strings = [v for v in values if isinstance(v, str)]
    for forbidden in (seed, seed + 101, seed + 101 * 1):
        assert forbidden not in ints
    assert not any(str(seed) in s for s in strings)
    deck = ctl.match.deals[0].deck
    for x in ints:
        assert shuffled_deck(random.Random(f"{x}:0")) != list(deck)
    assert str(seed) not in repr(ctl.advice_seed)
    ctl.close()


def test_the_same_chosen_seed_gives_the_same_game(tmp_path: Path) -> None:
    a = bot_controller(tmp_path / "a", "easy", 7)
    b = bot_controller(tmp_path / "b", "easy", 7)
    for _ in range(40):
        a.poll(False) if not a.human_to_act() else a.submit(a.match.current.legal_actions()[0])  # type: ignore[union-attr]
        b.poll(False) if not b.human_to_act() else b.submit(b.match.current.legal_actions()[0])  # type: ignore[union-attr]
    assert a.record().deals[0].actions == b.record().deals[0].actions
    assert a.deck_for(3) == b.deck_for(3)


def test_old_records_with_a_seed_continue_with_secret_decks_and_load_the_same(tmp_path: Path) -> None:
    sample = load(ROOT / "saves" / "moscow-full-501.json")
    record = load(ROOT / "saves" / "moscow-full-501.json")
    record.meta["seed"] = 12345  # a record of the old controller: meta.seed, no «reproducible»
    record.deals = record.deals[:2]
    ctl = GameController.restore(Paths.resolve(tmp_path), record, human_seats=(0,), inline_bots=True)
    assert not ctl.reproducible
    assert ctl.deck_for(2) != shuffled_deck(random.Random("12345:2"))
    assert replay(sample).scores == replay(load(ROOT / "saves" / "moscow-full-501.json")).scores
    ctl.close()
