"""A fingerprint of the engine's behaviour, to show a refactoring changed nothing (issue 24: "behaviour is
unchanged").

For every preset, two and three players, and a few seeds, bots play whole games to the target through
``Match``; every step's legal actions, the action, its events and every seat's view are hashed, and so is the
saved record. ``python -m lab.behaviour_snapshot OUT.json`` writes the hashes; compare two runs with ``diff``
(or ``--check OLD.json``, which names the first case that differs).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import sys
from typing import Any

from game import record
from game.bots.factory import make_bot
from game.cards import shuffled_deck
from game.match import Match
from game.rules import PRESETS


def _view_text(view: Any) -> str:
    return repr(sorted((f.name, repr(getattr(view, f.name))) for f in dataclasses.fields(view)))


def play_case(preset: str, players: int, level: str, seed: int, max_deals: int = 40) -> dict[str, str]:
    rules = PRESETS[preset]
    if players == 3:
        rules = dataclasses.replace(rules, players=3)
    rng = random.Random(seed)
    match = Match(rules, first_dealer=seed % players)
    bots = [make_bot(level, players, seed * 10 + s) for s in range(players)]
    steps = hashlib.sha256()
    views = hashlib.sha256()
    for _ in range(max_deals):
        if match.over is not None:
            break
        deal = match.start_deal(shuffled_deck(rng))
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            legal = deal.legal_actions()
            view = deal.view(seat)
            views.update(_view_text(view).encode())
            action = bots[seat].choose(view)
            events = match.apply(action)
            steps.update(repr((seat, legal, action, events)).encode())
        for s in range(players):
            views.update(_view_text(deal.view(s)).encode())
    saved = record.dumps(record.record_of(match))
    return {
        "steps": steps.hexdigest()[:20],
        "views": views.hexdigest()[:20],
        "record": hashlib.sha256(saved.encode()).hexdigest()[:20],
    }


def snapshot(seeds: int = 3) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for preset in sorted(PRESETS):
        for players in (2, 3):
            for level in ("random", "easy", "medium"):
                for seed in range(seeds):
                    key = f"{preset}/{players}p/{level}/{seed}"
                    try:
                        out[key] = play_case(preset, players, level, seed)
                    except Exception as exc:  # a case the rules refuse (e.g. a preset only for two) is data too
                        out[key] = {"error": f"{type(exc).__name__}: {exc}"[:200]}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", help="write the fingerprint here (JSON)")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--check", help="an earlier fingerprint: report the cases that differ")
    args = parser.parse_args(argv)
    snap = snapshot(args.seeds)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(snap, f, indent=1, sort_keys=True)
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            old = json.load(f)
        diff = sorted(k for k in old.keys() | snap.keys() if old.get(k) != snap.get(k))
        print(f"{len(snap)} cases, {len(diff)} differ" + (f": {diff[:10]}" if diff else ""))
        return 1 if diff else 0
    print(f"{len(snap)} cases written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
