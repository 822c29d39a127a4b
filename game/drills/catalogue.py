"""The drill situations in teaching order, and ``make_drill``."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.drills.answering import (
    build_answer_fifty,
    build_certainly_higher,
    build_lower_terz,
    build_no_sequence,
    build_rost_trump,
    build_terz_vs_fifty,
)
from game.drills.claim import build_claim
from game.drills.declaring import build_announce_terz, build_answer_passes, build_ask_passes, build_belle
from game.drills.model import Drill, Situation, msg
from game.drills.offer import build_offer
from game.drills.three import build_add_up, build_beat_both, build_rodili


def _sit(key: str, kinds: int, build: Callable[[random.Random, int, int, int], Drill], players: int = 2) -> Situation:
    """A situation; its title, what it teaches and its sources are ``drill.<key>.title`` etc. in the catalogues."""
    return Situation(
        key, msg(f"drill.{key}.title"), msg(f"drill.{key}.teaches"), msg(f"drill.{key}.sources"), kinds, build, players
    )


SITUATIONS: dict[str, Situation] = {
    s.key: s
    for s in (
        _sit("announce_terz", 4, build_announce_terz),
        _sit("no_sequence", 2, build_no_sequence),
        _sit("lower_terz", 2, build_lower_terz),
        _sit("answer_fifty", 2, build_answer_fifty),
        _sit("terz_vs_fifty", 2, build_terz_vs_fifty),
        _sit("rost_trump_moscow", 1, build_rost_trump("moscow")),
        _sit("rost_trump_kharkov", 1, build_rost_trump("kharkov")),
        _sit("certainly_higher", 2, build_certainly_higher),
        _sit("ask_passes", 2, build_ask_passes),
        _sit("answer_passes", 3, build_answer_passes),
        _sit("belle", 3, build_belle),
        _sit("claim", 3, build_claim),
        _sit("offer", 2, build_offer),
        _sit("three_rodili", 2, build_rodili, players=3),
        _sit("three_add_up", 2, build_add_up, players=3),
        _sit("three_beat_both", 3, build_beat_both, players=3),
    )
}

# teaching order (the picker shows them two by two: related drills side by side)
SITUATIONS = {
    k: SITUATIONS[k]
    for k in (
        "announce_terz",
        "no_sequence",
        "lower_terz",
        "terz_vs_fifty",
        "answer_fifty",
        "certainly_higher",
        "rost_trump_moscow",
        "rost_trump_kharkov",
        "ask_passes",
        "answer_passes",
        "belle",
        "claim",
        "offer",
        # three players (official section 14): a group of their own, after the drills for two
        "three_beat_both",
        "three_add_up",
        "three_rodili",
    )
}


def make_drill(situation: str, variant: int = 0, seed: int = 0) -> Drill:
    """The drill for ``situation``; ``variant`` picks the sub-case and (with ``seed``) the cards. Deterministic."""
    try:
        sit = SITUATIONS[situation]
    except KeyError:
        raise ValueError(f"unknown drill situation {situation!r} (known: {', '.join(SITUATIONS)})") from None
    rng = random.Random(f"{situation}:{variant}:{seed}")
    return sit.build(rng, variant % sit.kinds, variant, seed)
