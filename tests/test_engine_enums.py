"""Event kinds and the reasons of penalties and game ends are enums (the type checker knows them) that equal the
strings records, reports and the catalogues' keys always used."""

from __future__ import annotations

import json
import random

from game.bots.base import make_player
from game.cards import shuffled_deck
from game.deal import EventKind
from game.match import GameOver, GameOverReason, Match
from game.rules import Rules
from game.scoring import PENALTY_REASONS, Penalty, PenaltyReason


def test_members_equal_their_strings() -> None:
    # the point of the test is a comparison the types call impossible: a StrEnum member == its string
    def same(member: object, text: str) -> bool:
        return member == text

    assert same(EventKind.PLAY, "play") and same(EventKind.GAME_OVER, "game_over") and len(EventKind) == 27
    assert same(PenaltyReason.FALSE_MINE, "false_mine") and {r.value for r in PenaltyReason} == PENALTY_REASONS
    assert (
        same(GameOverReason.BOTH_REACHED, "both_reached")
        and GameOverReason("both_reached") is GameOverReason.BOTH_REACHED
    )
    assert Penalty(1, "false_rost") == Penalty(1, PenaltyReason.FALSE_ROST)  # type: ignore[arg-type]
    assert json.dumps({"reason": GameOverReason.GAP}) == '{"reason": "gap"}'


def test_a_whole_game_speaks_in_enum_members() -> None:
    """Bots play strict games (penalties possible) to the end: every event's kind is an ``EventKind``, every
    penalty's reason a ``PenaltyReason``, the end's reason a ``GameOverReason`` (in JSON its plain string)."""
    seen: set[EventKind] = set()
    for seed in range(3):
        rng = random.Random(seed)
        match = Match(Rules.preset("moscow", target=301, etiquette="strict"), seed % 2)
        bots = [make_player("easy", seed), make_player("random", seed + 1)]
        while match.over is None:
            deal = match.start_deal(shuffled_deck(rng))
            while not deal.is_over():
                seat = deal.current_player()
                assert seat is not None
                for ev in match.apply(bots[seat].choose(deal.view(seat))):
                    assert type(ev.kind) is EventKind
                    seen.add(ev.kind)
                    if ev.kind is EventKind.PENALTY:
                        assert type(ev.detail) is PenaltyReason
            assert all(type(p.reason) is PenaltyReason for p in deal.penalties)
        assert isinstance(match.over, GameOver) and type(match.over.reason) is GameOverReason
        assert json.loads(json.dumps({"reason": match.over.reason})) == {"reason": match.over.reason.value}
    assert {EventKind.PLAY, EventKind.TRICK, EventKind.BID, EventKind.GAME_OVER} <= seen
