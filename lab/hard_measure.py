"""Variants of the hard bot for measurement only (registered here, never offered in the game).

    python -m lab.hard_measure --bots hard,hard_noinf --deals 200 --jobs 2
    python -m lab.hard_measure --bots medium_fitbid,medium --deals 2000 --jobs 2

The variants set ``HardBot``'s settings (class attributes, the shipped values) on an instance (``configured``)
or subclass it (``PlayInferenceBot``, ``HardNoStakes``, ``OracleBot``).

Levels added to ``make_player`` (then the duplicate match of ``lab.selfplay`` runs as usual):

* ``hard_noinf``: hard without the soft inference (uniform samples, hard constraints only);
* ``hard_2cores``: hard solving large decisions on two cores (``parallel.py``), as the table does — the
  same choices, for the thinking times (run it with ``--jobs 1``);
* ``hard_v2samples``: half the samples (the second version's 24, 24, 28, 32, 40, 48, 64, 64, 64; measured
  as ``hard_x2`` = twice these before they became the default);
* ``hard_deep``: twice the samples in the first three tricks and up to 256 (all consistent hands up to
  256) from the fourth, where a solve costs little;
* ``hard_mid``: hard_v2samples' samples in the first three tricks, hard_deep's from the fourth;
* ``hard_play``: hard with the inference from the opponent's card plays (``play_inference.py``; off in
  the game: no measured gain for ten times the CPU);
* ``hard_bidv1``: hard with the first bidding evaluator (``bidding-v1.json``: double-dummy outcomes only,
  before the calibration by played contracts; its inference reads the opponent's bids with v1's likelihoods
  too — a bot assumes the opponent bids as it does; before 2026-12-01 it used the shipped file's);
* ``oracle_bidv1``: the oracle bidding as ``hard_bidv1`` (so that ``hard_bidv1,oracle_bidv1`` measures card
  play at v1's bids, as the oracle always bids as the shipped hard bot);
* ``hard_noenum``: the third version — sampling to the end instead of solving every consistent hand from
  trick 5, and no lookahead; ``hard_v2play``: the second version's card play (hard_v2samples, likewise);
* ``hard_os16``: 16 candidates per solved sample for the inference's resampling instead of 4;
* ``hard_x4early``: twice the samples of the first three tricks again (96, 96, 112);
* ``hard_nola``: the fourth version (no lookahead for leads); ``hard_la3``: the lookahead for up to three
  of the best leads however far the runner-up is behind (no margin);
* ``truth1``, ``truth4``, ``truth4_deflead``, ``truth4_bidder``: ceilings (issue 25, session 35) — hard
  shown the real opponent hand at every decision of the first trick, of the first four, at the defender's
  leads of the first four, at the bidder's decisions of the first four (``lab.oracle.PartialOracle``);
  ``truth_from2``, ``truth_from5``: shown it from the second (fifth) trick to the end;
* ``hard_la1``: the shipped lookahead for close leads from the first trick; ``hard_la2``: with two of my
  later decisions made per observation (``lab/deep_lookahead.py``), tricks 2-4 (``hard_la2_2cores``: on two
  cores, for its thinking times); ``hard_la1d2``: both; ``hard_lalate``/``hard_lalate2``: also in tricks 5-8;
* ``hard_c10``: hard whose fitted bidding adds 10 to the value of passing (v1's caution; v2's is 0);
* ``hard_medbid``: hard bidding with the medium bot's thresholds (the bidding before the fitted evaluator);
* ``medium_fitbid``: the medium bot's card play with the hard bot's fitted bidding — isolates the
  bidding and is cheap enough for thousands of deals; ``medium_fitbid_cN`` with the caution N (tuning);
  ``medium_fitbid_noscore`` without the game-score adjustments (measured in games mode).

Every other option is ``python main.py selfplay``'s, parsed by the same parser (``lab.commands``): ``--rules``,
``--seed``, ``--games``, ``--jobs`` ...
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.actions import Action
from game.bots.base import levels, register_level
from game.bots.hard import SAMPLES_BY_TRICK, HardBot
from game.bots.medium import MediumBot
from game.bots.solver import Solver
from game.deal import DealView, Phase
from lab.deep_lookahead import DeepLookahead
from lab.oracle import OracleBot, PartialOracle
from lab.play_inference import PlayInferenceBot

_SOLVER: Solver | None = None
CAUTIONS = (-10, 0, 10, 20, 30, 40)  # medium_fitbid_cN: the fitted bidding with caution N (tuning)


def _solver() -> Solver:
    global _SOLVER
    if _SOLVER is None:
        _SOLVER = Solver()
    return _SOLVER


class MediumFittedBidding(MediumBot):
    """The medium bot with the hard bot's fitted bidding (``caution``: None = the data file's)."""

    caution: float | None = None
    score_aware = True

    def choose(self, view: DealView) -> Action:
        if view.phase in (Phase.BIDDING_1, Phase.BIDDING_2) and len(view.legal) > 1:
            from game.bots.bidding import hard_bid

            return hard_bid(view, self.caution, self.score_aware)
        return super().choose(view)


class HardNoStakes(HardBot):
    """The hard bot that never makes an offer of 50 or a «даве» raise itself, but answers the opponent's as
    the hard bot does (the yardstick of docs/bots.md, "«С предложением» and «даве»")."""

    def stake_choice(self, view: DealView) -> Action | None:
        from game import actions as A
        from game.actions import Kind

        kinds = {a.kind for a in view.legal}
        if Kind.NO_OFFER in kinds:
            return A.NO_OFFER
        if Kind.DAVE in kinds:
            return None
        return super().stake_choice(view)


CEILINGS: dict[str, dict[str, Any]] = {
    "truth1": {"until": 1},  # the real hand for every decision of the first trick
    "truth4": {"until": 4},  # ... of the first four tricks
    "truth4_deflead": {"until": 4, "roles": ("defender",), "moves": ("lead",)},  # the defender's leads 1-4
    "truth4_bidder": {"until": 4, "roles": ("bidder",)},  # the bidder's decisions 1-4
    "truth_from2": {"since": 1, "until": 9},  # every decision from the second trick on
    "truth_from5": {"since": 4, "until": 9},  # ... from the fifth
}
# deeper lookaheads for close leads (lab/deep_lookahead.py): (decisions per observation, first trick - 1)
DEEP: dict[str, dict[str, Any]] = {
    "hard_la1": {"la_depth": 1, "la_from": 0},  # the shipped lookahead, from the first trick
    "hard_la2": {"la_depth": 2, "la_from": 1},  # two decisions per observation after the lead, tricks 2-4
    "hard_la1d2": {"la_depth": 2, "la_from": 0},  # both
    # the lookahead in the late tricks too (every consistent hand is weighed there), up to 2000 hands
    "hard_lalate": {"la_depth": 1, "la_from": 1, "la_until": 9, "la_worlds": 2000},
    "hard_lalate2": {"la_depth": 2, "la_from": 1, "la_until": 9, "la_worlds": 2000},
}


def configured(
    seed: int,
    samples: tuple[int, ...] = SAMPLES_BY_TRICK,
    workers: int = 1,
    cls: type[HardBot] = HardBot,
    **settings: Any,
) -> HardBot:
    """A hard bot with some of its settings (``HardBot``'s class attributes) changed on the instance."""
    bot = cls(seed, _solver(), samples=samples, workers=workers)
    for name, value in settings.items():
        if not hasattr(cls, name):
            raise AttributeError(f"{cls.__name__} has no setting {name!r}")
        setattr(bot, name, value)
    return bot


def _partial_oracle(settings: dict[str, Any]) -> Callable[[int], HardBot]:
    return lambda seed: PartialOracle(None, seed, _solver(), **settings)


def _deep(settings: dict[str, Any]) -> Callable[[int], HardBot]:
    kw = dict(settings)
    workers = int(kw.pop("workers", 1))
    return lambda seed: configured(seed, workers=workers, cls=DeepLookahead, **kw)


def _with_caution(c: float) -> type[MediumFittedBidding]:
    return type(f"MediumFittedBidding{c:g}", (MediumFittedBidding,), {"caution": c})


def register() -> None:
    levels()  # the built-in levels first (registering into an empty table would hide them)
    register_level("hard_nostakes", lambda seed: HardNoStakes(seed, _solver()))
    register_level("hard_noinf", lambda seed: configured(seed, inference=False))
    register_level("hard_2cores", lambda seed: configured(seed, workers=2))
    half = tuple(n // 2 for n in SAMPLES_BY_TRICK)  # the second version's counts (24 24 28 ... 64)
    register_level("hard_v2samples", lambda seed: configured(seed, samples=half))
    deep = (48, 48, 56, 96, 160, 256, 256, 256, 256)  # many more samples from trick 4, where solves are cheap
    register_level("hard_deep", lambda seed: configured(seed, samples=deep, enumerate_up_to=256))
    mid = (24, 24, 28, 96, 160, 256, 256, 256, 256)  # the first three tricks as hard_v2samples, then hard_deep
    register_level("hard_mid", lambda seed: configured(seed, samples=mid, enumerate_up_to=256))
    # the third version (sampling to the end) and the second version's card play
    register_level("hard_noenum", lambda seed: configured(seed, enumerate_from=9, lookahead=0))
    register_level("hard_v2play", lambda seed: configured(seed, samples=half, enumerate_from=9, lookahead=0))
    register_level("hard_os16", lambda seed: configured(seed, oversample=16))  # 16 candidates a sample
    early = (96, 96, 112, *SAMPLES_BY_TRICK[3:])  # twice the first three tricks' samples again
    register_level("hard_x4early", lambda seed: configured(seed, samples=early))
    register_level("hard_nola", lambda seed: configured(seed, lookahead=0))  # the fourth version
    register_level("hard_la3", lambda seed: configured(seed, lookahead=3, lookahead_margin=1e9))
    register_level("hard_play", lambda seed: PlayInferenceBot(seed, _solver()))
    # ceilings (issue 25, session 35): hard shown the real hand at some decisions (lab/oracle.py)
    for name, kw in CEILINGS.items():
        register_level(name, _partial_oracle(kw))
    for name, kw in DEEP.items():
        register_level(name, _deep(kw))
    register_level("hard_la2_2cores", _deep({"la_depth": 2, "la_from": 1, "workers": 2}))  # its thinking times
    v1 = str(Path(__file__).parent / "data" / "bidding-v1.json")
    register_level("hard_bidv1", lambda seed: configured(seed, bidding=v1))
    # the oracle bidding as hard_bidv1 (selfplay attaches it to each deal): card play at v1's bids
    register_level("oracle_bidv1", lambda seed: OracleBot(None, seed, _solver(), bidding=v1))  # type: ignore[arg-type]
    register_level("hard_c10", lambda seed: configured(seed, caution=10.0))
    register_level("hard_medbid", lambda seed: configured(seed, bidding="medium"))
    register_level("medium_fitbid", MediumFittedBidding)
    no_score = type("MediumFittedBiddingNoScore", (MediumFittedBidding,), {"score_aware": False})
    register_level("medium_fitbid_noscore", no_score)
    for c in CAUTIONS:
        register_level(f"medium_fitbid_c{c}", _with_caution(float(c)))


def main(argv: list[str] | None = None) -> int:
    from lab.commands import selfplay_main

    register()
    return selfplay_main(argv, prog="python -m lab.hard_measure")


if __name__ == "__main__":
    raise SystemExit(main())
