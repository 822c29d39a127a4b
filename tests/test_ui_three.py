"""Three players at the table (issue 16): the controller with two bots, and the table driven by real events."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random
from pathlib import Path

from game.actions import Kind
from game.bots.base import Player
from game.deal import DealView
from game.record import load
from ui.controller import GameController, GameOptions
from ui.paths import Paths

THREE = {"players": 3, "bot_level": "random", "target": 101}


def three_game(tmp_path: Path, seed: int = 3, **kw: object) -> GameController:
    opts = GameOptions(seed=seed, first_dealer="random", **THREE)  # type: ignore[arg-type]
    return GameController.new_game(Paths.resolve(tmp_path), opts, inline_bots=True, **kw)  # type: ignore[arg-type]


def human_plays(ctl: GameController, rng: random.Random, steps: int) -> int:
    """The human's legal actions (a random one each time) and the bots' answers, for ``steps`` human actions or
    until the game ends; the human actions made."""
    made = 0
    while made < steps and ctl.match.over is None:
        if ctl.match.current is None:
            ctl.start_deal()
        seat = ctl.to_act()
        if seat is None:
            ctl.start_deal()
            continue
        if seat in ctl.human_seats:
            view = ctl.model().view
            ctl.submit(rng.choice(view.legal))
            made += 1
        else:
            assert ctl.poll(False) is not None
    return made


def test_three_seats_two_bots_each_its_own(tmp_path: Path) -> None:
    ctl = three_game(tmp_path)
    assert ctl.match.rules.players == 3
    assert sorted(ctl.bots) == [1, 2]
    assert ctl.bots[1] is not ctl.bots[2]
    assert len(ctl.players) == 3
    model = ctl.model()
    assert model.players == 3 and model.view.seat == 0
    assert len(model.view.hand_sizes) == 3
    saved = load(tmp_path / "current.json")
    assert saved.rules.players == 3 and len(saved.players) == 3
    ctl.close()


def test_first_dealer_is_any_of_three(tmp_path: Path) -> None:
    dealers = set()
    for seed in range(12):
        ctl = three_game(tmp_path / str(seed), seed=seed, autosave=False)
        dealers.add(ctl.match.deals[0].dealer)
        ctl.close()
    assert dealers == {0, 1, 2}


def test_bots_answer_in_turn_only_with_their_own_view(tmp_path: Path) -> None:
    seen: list[int] = []

    class Spy:
        def __init__(self, inner: Player) -> None:
            self.inner = inner

        def choose(self, view: DealView) -> object:
            seen.append(view.seat)
            assert view.to_act == view.seat
            return self.inner.choose(view)

    ctl = three_game(tmp_path, seed=5, autosave=False)
    ctl.bots = {s: Spy(b) for s, b in ctl.bots.items()}  # type: ignore[misc]
    human_plays(ctl, random.Random(1), 12)
    assert set(seen) == {1, 2}
    ctl.close()


def test_continue_a_three_player_game(tmp_path: Path) -> None:
    ctl = three_game(tmp_path, seed=9)
    human_plays(ctl, random.Random(2), 8)
    record = load(tmp_path / "current.json")
    assert record.rules.players == 3
    again = GameController.restore(Paths.resolve(tmp_path), record, inline_bots=True)
    assert again.match.rules.players == 3
    assert again.human_seats == (0,) and sorted(again.bots) == [1, 2]
    assert again.match.deals[-1].history == ctl.match.deals[-1].history
    assert again.model().view == ctl.model().view
    ctl.close()
    again.close()


def test_undo_for_three_until_a_bot_answers(tmp_path: Path) -> None:
    ctl = three_game(tmp_path, seed=4, autosave=False)
    rng = random.Random(0)
    while not ctl.human_to_act():
        ctl.poll(False)
    before = ctl.match.deals[-1].history[:]
    ctl.submit(rng.choice(ctl.model().view.legal))
    assert ctl.can_undo()
    assert ctl.undo()
    assert ctl.match.deals[-1].history == before
    ctl.submit(ctl.model().view.legal[0])
    if ctl.to_act() not in ctl.human_seats and ctl.to_act() is not None:
        ctl.poll(False)  # the left bot answers: the human's move is no longer its own to take back
        assert ctl.undo_refusal() == "undo_opp_answered"
    ctl.close()


def test_a_whole_three_player_game_ends_by_a_claim(tmp_path: Path) -> None:
    """The game ends only when a player claims it; the bots claim as the engine allows, the human's claim is
    one of its legal actions (here taken whenever offered)."""
    ctl = three_game(tmp_path, seed=21)
    rng = random.Random(5)
    for _ in range(200):
        if ctl.match.over is not None:
            break
        if ctl.match.current is None:
            ctl.start_deal()
            continue
        seat = ctl.to_act()
        if seat is None:
            ctl.start_deal()
        elif seat in ctl.human_seats:
            legal = ctl.model().view.legal
            claims = [a for a in legal if a.kind is Kind.CLAIM]
            plain = [a for a in legal if a.kind is not Kind.CLAIM]
            ctl.submit(claims[0] if claims and max(ctl.match.scores) >= 101 else rng.choice(plain or legal))
        else:
            ctl.poll(False)
    over = ctl.match.over
    assert over is not None
    assert over.reason.value in ("claim", "false_claim")
    assert ctl.finished_path is not None and ctl.finished_path.exists()
    assert not (tmp_path / "current.json").exists()
    ctl.close()
