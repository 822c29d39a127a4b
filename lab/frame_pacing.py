"""Frame pacing at the table: how long each frame of the real App loop takes while the hard bot thinks and
while cards fly.

    python -m lab.frame_pacing --deals 3                        this checkout
    python -m lab.frame_pacing --deals 3 --against /tmp/before  and another checkout, deal by deal in turn
    python -m lab.frame_pacing --deals 3 --players 3            the table for three (three hard bots)

Each deal is one run of ``--autoplay --level hard`` (both seats hard bots, the table's bot delay and animation
speed) under SDL's dummy drivers (``--video x11`` uses $DISPLAY instead), in a child process whose working
directory is the checkout measured, so its ``game`` and ``ui`` are the ones imported (``lab`` comes from here).
With ``--against``, the two checkouts play the same deals (same seeds; the hard bot is deterministic) one after
the other, so they share the machine's load of the moment. A frame's time is the interval between the starts of
two consecutive loop steps (what the player sees; 16.7 ms at 60 fps). A frame counts as "bot thinking" when a
bot's decision is pending at its start or end, as "cards flying" when a card is moving on the table; "cpu" is
the CPU time the loop's thread spent in it (the rest of a long frame is waiting: for a core, or for the GIL). The
reference is a fixed pure-Python loop timed in each child before and after its deal (best of five): this
machine's speed drifts with other work, so compare figures only next to their reference.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

LAB_ROOT = Path(__file__).resolve().parent.parent
MARK = "FRAME-PACING-RESULT "
BOT_DELAY = 0.8  # the table's default (ui.settings.Settings.bot_delay)


def reference_ms() -> float:
    """A fixed pure-Python loop, best of five (milliseconds): the machine's speed at the moment."""
    best = math.inf
    for _ in range(5):
        start = time.perf_counter()
        x = 0
        for i in range(200_000):
            x += i * i % 7
        best = min(best, time.perf_counter() - start)
    return best * 1000


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def _flying(scene: Any, now: float) -> bool:
    """A card moving on the table (dealt, swapped, played into the trick, swept to a pile); read-only."""
    flight = getattr(scene, "flight", None)
    if flight is not None and any(f.progress(now) < 1.0 for f in flight.flyers):
        return True
    trick = getattr(scene, "trick", None)
    if trick is None:
        return False
    if any(not t.done(now) for t in getattr(trick, "collect", ())):
        return True
    return any(not p.tween.done(now) for p in getattr(trick, "placed", ()))


def _thinking(scene: Any) -> bool:
    ctl = getattr(scene, "ctl", None)
    return ctl is not None and bool(ctl.bot_thinking())


def run_deals(seed: int, deals: int, level: str, players: int = 2) -> dict[str, Any]:
    """The child: the real App loop (``App.run``'s own steps) with every frame timed."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ui.app import App, AppOptions

    before = reference_ms()
    frames: list[tuple[float, bool, bool, float]] = []  # (ms, thinking, flying, the loop thread's CPU ms)
    thinks: list[float] = []  # seconds each decision was pending
    with tempfile.TemporaryDirectory() as data:
        app = App(
            AppOptions(
                data_dir=data,
                autoplay=True,
                deals=deals,
                level=level,
                players=players,
                seed=seed,
                animation_speed=1.0,
                bot_delay=BOT_DELAY,
            )
        )
        think_since: float | None = None
        previous: tuple[float, bool, bool, float] | None = None
        while True:
            start, cpu = time.perf_counter(), time.thread_time()
            if previous is not None:
                frames.append(((start - previous[0]) * 1000, previous[1], previous[2], (cpu - previous[3]) * 1000))
            thinking_at_start = _thinking(app.scene)
            flying_at_start = _flying(app.scene, time.monotonic())
            running = app.step()
            thinking = _thinking(app.scene)
            if thinking and think_since is None:
                think_since = time.perf_counter()
            elif not thinking and think_since is not None:
                thinks.append(time.perf_counter() - think_since)
                think_since = None
            flying = flying_at_start or _flying(app.scene, time.monotonic())
            previous = (start, thinking_at_start or thinking, flying, cpu)
            if not running:
                break
            app.idle_wait()
        if app.scene is not None:
            app.scene.leave()
        pygame.quit()
    return {"frames": frames, "thinks": thinks, "reference_ms": [before, reference_ms()], "exit": app.exit_code}


def _child(tree: Path, seed: int, deals: int, level: str, video: str, players: int = 2) -> dict[str, Any]:
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join(filter(None, [str(LAB_ROOT), os.environ.get("PYTHONPATH")])),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        SDL_AUDIODRIVER="dummy",
    )
    if video == "dummy":
        env["SDL_VIDEODRIVER"] = "dummy"
    cmd = [
        sys.executable,
        "-m",
        "lab.frame_pacing",
        "--child",
        "--seed",
        str(seed),
        "--deals",
        str(deals),
        "--level",
        level,
        "--players",
        str(players),
    ]
    proc = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, check=False)
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith(MARK):
            result: dict[str, Any] = json.loads(line[len(MARK) :])
            return result
    raise RuntimeError(f"no result from {tree} (exit {proc.returncode}):\n{proc.stderr[-2000:]}")


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    frames = [f for r in runs for f in r["frames"]]
    classes = {
        "bot thinking": [f for f in frames if f[1]],
        "cards flying": [f for f in frames if f[2]],
        "all frames": frames,
    }
    out: dict[str, Any] = {}
    for name, chosen in classes.items():
        values = [f[0] for f in chosen]
        cpu = [f[3] for f in chosen]
        if values:
            out[name] = {
                "n": len(values),
                "median": percentile(values, 50),
                "p95": percentile(values, 95),
                "p99": percentile(values, 99),
                "max": max(values),
                "cpu_median": percentile(cpu, 50),
                "cpu_p99": percentile(cpu, 99),
                "cpu_max": max(cpu),
            }
    thinks = [t for r in runs for t in r["thinks"]]
    if thinks:
        out["decisions"] = {
            "n": len(thinks),
            "median": percentile(thinks, 50),
            "p95": percentile(thinks, 95),
            "max": max(thinks),
            "total": sum(thinks),
        }
    refs = [x for r in runs for x in r["reference_ms"]]
    out["reference_ms"] = {"median": percentile(refs, 50), "min": min(refs), "max": max(refs)}
    out["failed_runs"] = sum(1 for r in runs if r["exit"])
    return out


def report(label: str, s: dict[str, Any]) -> str:
    ref = s["reference_ms"]
    lines = [
        f"{label}: reference loop {ref['median']:.1f} ms (range {ref['min']:.1f}–{ref['max']:.1f})",
        f"  {'frame time (ms)':<16} {'frames':>7} {'median':>7} {'p95':>7} {'p99':>7} {'max':>7}"
        f" {'cpu p50':>8} {'cpu p99':>8} {'cpu max':>8}",
    ]
    for name in ("bot thinking", "cards flying", "all frames"):
        if name in s:
            f = s[name]
            lines.append(
                f"  {name:<16} {f['n']:>7} {f['median']:>7.1f} {f['p95']:>7.1f} {f['p99']:>7.1f} {f['max']:>7.1f}"
                f" {f['cpu_median']:>8.1f} {f['cpu_p99']:>8.1f} {f['cpu_max']:>8.1f}"
            )
    if "decisions" in s:
        d = s["decisions"]
        lines.append(
            f"  bot decisions: {d['n']}, pending median {d['median']:.2f} s, p95 {d['p95']:.2f} s,"
            f" max {d['max']:.2f} s, in all {d['total']:.1f} s"
        )
    if s["failed_runs"]:
        lines.append(f"  {s['failed_runs']} run(s) ended with a bot error")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m lab.frame_pacing", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=3, help="deals per checkout (one child process each)")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's game seed (then seed+1, …)")
    parser.add_argument("--level", default="hard", help="the bots' level")
    parser.add_argument("--players", type=int, choices=(2, 3), default=2, help="bots at the table")
    parser.add_argument("--against", metavar="DIR", help="also measure the checkout in DIR, deal by deal in turn")
    parser.add_argument("--video", choices=("dummy", "x11"), default="dummy", help="SDL's video driver")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(MARK + json.dumps(run_deals(args.seed, args.deals, args.level, args.players)), flush=True)
        return 0
    trees = [("this checkout", Path.cwd())]
    if args.against:
        trees.append((f"against {args.against}", Path(args.against).resolve()))
    runs: dict[str, list[dict[str, Any]]] = {label: [] for label, _ in trees}
    for i in range(args.deals):
        order = trees if i % 2 == 0 else trees[::-1]  # neither checkout always goes first
        for label, tree in order:
            runs[label].append(_child(tree, args.seed + i, 1, args.level, args.video, args.players))
            print(f"deal {i + 1}/{args.deals} {label}: done", file=sys.stderr, flush=True)
    summaries = {label: summary(r) for label, r in runs.items()}
    if args.json:
        print(json.dumps(summaries, indent=2))
    else:
        print("\n".join(report(label, s) for label, s in summaries.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
