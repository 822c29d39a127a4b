"""What differs between a game of two and a game of three, beyond who sits where (``game.seating``): decided
here once, as data (issue 24: "players decided once").

Everything else asks ``player_count(n)`` for the fact it needs instead of comparing the count; the rules (what is
defined for three: ``game.rules.three_player_conflicts``), the deal's dialog (``game.deal``: one strategy per
count), the bots (``game.bots.factory``), the analysis' valuers and the window's layouts keep their own
per-count strategies.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PlayerCount:
    players: int
    partners: bool
    """The two вистующие are one side against the bidder (three): they compare announcements together, and a
    hint or a drill speaks of one's side."""
    words: str
    """The suffix of the catalogue keys whose words differ for this count («subtitle» / «subtitle3»: «соперник»
    becomes «соперники», «оба» «все трое»)."""
    named: bool
    """A game's title names the count (three; two is the usual game)."""
    rated: bool
    """The rating ladder (the bots' and characters' ratings) was measured at this count: two only
    (docs/stats.md); three-player statistics show points per deal instead."""
    match: bool
    """«Ровня» is offered. She plays at the player's rating, which is measured two-handed; at three her knob
    keeps its place between easy and medium (``lab/rovnya3.py``, docs/bots.md), so she is offered at both counts
    (as the named characters are: at three each opponent is chosen, a level, a character or Ровня)."""
    dialog_tricks: int
    """How many tricks the first trick's dialog may outlast: 0 for two; 1 for three («не годится», «от дамы»
    answered after the first trick)."""
    mine_names_top: bool
    """A «у меня старше» after a top card was named names what beats it («Не годится. Пятьдесят от туза»:
    three, where the word passes on to the next seat)."""

    def key(self, base: str) -> str:
        """The catalogue key of ``base``'s words for this count."""
        return base + self.words


COUNTS: dict[int, PlayerCount] = {
    2: PlayerCount(
        2, partners=False, words="", named=False, rated=True, match=True, dialog_tricks=0, mine_names_top=False
    ),
    3: PlayerCount(
        3, partners=True, words="3", named=True, rated=False, match=True, dialog_tricks=1, mine_names_top=True
    ),
}


def player_count(players: int) -> PlayerCount:
    """The facts of a game of ``players`` (2 or 3; ``KeyError`` for another count)."""
    return COUNTS[players]
