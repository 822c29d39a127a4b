"""Issue 24, «Players decided once»: the count of players is decided in a few obvious places — the seating and
its words (``ui.seats``), the rules' validation, the facts of a count (``game.counts``), the bots' factory — and
everything else asks them. The issue's yardstick is a grep; this test runs the same pattern so the figure cannot
grow unnoticed (docs/architecture.md, «Where the player count is decided»)."""

from __future__ import annotations

import re
from pathlib import Path

from game.bots.factory import for_players, make_bot
from game.bots.hard import HardBot
from game.bots.hard3 import HardThree
from game.bots.medium import MediumBot
from game.bots.medium3 import MediumThree
from game.bots.random_bot import RandomBot
from game.counts import COUNTS, player_count

ROOT = Path(__file__).resolve().parent.parent

# grep -rEn '(players\)?|\.n|n_players)\s*(==|!=|<=|>=)\s*[23]\b' game ui
PATTERN = re.compile(r"(players\)?|\.n|n_players)\s*(==|!=|<=|>=)\s*[23]\b")
MOST = 9
"""The places left (docs/architecture.md lists each and why it is obvious); lower it when one goes."""


def count_comparisons() -> list[str]:
    found = []
    for top in ("game", "ui"):
        for path in sorted((ROOT / top).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            try:
                text = path.read_text("utf-8")
            except (UnicodeDecodeError, OSError):
                continue
            for i, line in enumerate(text.splitlines(), start=1):
                if PATTERN.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{i}: {line.strip()}")
    return found


def test_the_player_count_is_compared_in_few_places() -> None:
    found = count_comparisons()
    assert len(found) <= MOST, "the player count compared in more places than before:\n" + "\n".join(found)


def test_the_pattern_sees_a_comparison() -> None:
    assert PATTERN.search("if view.players == 3:") and PATTERN.search("if self.n != 2:")
    assert not PATTERN.search("if player_count(view.players).partners:")


def test_every_count_has_its_facts() -> None:
    assert sorted(COUNTS) == [2, 3]
    assert all(player_count(n).players == n for n in COUNTS)
    assert player_count(3).partners and not player_count(2).partners


def test_the_factory_seats_each_level_for_the_count() -> None:
    """One factory: the level's bot for two, its three-player strategy over it for three; random plays any count."""
    assert type(make_bot("medium", 2, 1)) is MediumBot and type(make_bot("hard", 2, 1)) is HardBot
    three = make_bot("medium", 3, 1)
    assert isinstance(three, MediumThree) and type(three.bot) is MediumBot
    assert isinstance(make_bot("easy", 3, 1), MediumThree) and isinstance(make_bot("careful", 3, 1), MediumThree)
    hard = make_bot("hard", 3, 1)
    assert isinstance(hard, HardThree) and type(hard.bot) is HardBot
    assert type(make_bot("random", 3, 1)) is RandomBot
    bot = MediumBot(4)
    assert for_players(bot, 2) is bot and for_players(bot, 3).bot is bot  # type: ignore[attr-defined]
