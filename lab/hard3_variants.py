"""Variants of hard for three players, for measurement only (registered as levels, never offered in the game).

    python main.py selfplay --players 3 ...  does not know them; use
    python -m lab.hard3_variants --bots hard_from6,hard,hard --deals 100 --seed 1

The variants set the table ``hard3`` reads from the bot (``samples3``: samples solved per card decision by the
cards in hand; none above its largest key): ``hard_fromN`` solves from N cards in hand. ``hard_m4`` searches
its samples by max-n (lab/maxn3.py) from 4 cards, ``hard_p4`` by the paranoid solver from 4 cards; ``hard_w7``
values a sample by what the deal writes (``hard3.written_scorer``). Bidding: ``medium_fit3_cN`` is medium with
the fitted bidding for three at caution N (``medium_fit3``, ``hard_fit3``: the file's caution), ``hard_fit3_cN``
hard with it; ``hard_medbid3`` is hard bidding by medium's threshold 62 (the shipped hard bids by the fitted
evaluator: ``hard3.BIDDING``, so ``hard_fit3`` is the shipped hard); ``hard_file3_NAME`` is hard bidding by a
refitted weights file ``lab/data/bidding3-NAME.json`` at that file's caution (``_cN``: at caution N).

Issue 25 (docs/lab/bots-three.md): ``hard_inf3*`` weight the samples by the others' bids (``inference3``);
``hard_v8`` / ``hard_b8`` sample from 8 cards with a node budget (as a вистующий / both); ``hard_more`` solves more
samples from 6 cards; ``hard_selfN``, ``hard_self1b``, ``hard_selfeN`` add a вистующий's own take
(``hard3.own_share``); ``hard_dualN`` its own margin by a second solve (``hard3.dual_scorer``); ``hard_ds`` both
(the shipped hard since issue 25) and ``hard_i16`` neither (hard as issue 16 left it). Paired measurement:
``python -m lab.hard3_paired --variant hard_ds --base hard_i16 --deals 150 --seed 4``. Session 34: ``hard_pi3*``
weight the samples by the card plays medium would have made (game/bots/play_model3.py; ``v8`` / ``b8``: with samples
from 8 cards as a вистующий / both), and lab/oracle3.py's ``oracle3*`` levels (hard shown the real hands) are
registered here too. Session 35 (lab/bidder3.py): ``hard_bd*`` the bidder samples from 9 / 8 cards within a
node budget per decision (``w``: weighted by the others' plays and bids; ``vN``: the samples only overrule
medium's card by more than N points; ``_cN``: with the fitted bidding at caution N), ``hard_bv8*`` the
вистующий from 8 cards, ``hard_be_*`` / ``hard_ve_*`` medium's weights changed for the bidder's / the
вистующий's one ply in the first two tricks, ``hard_bw7*`` the bidder's samples from 7 cards weighted by the
others' plays. Session 37 (on the shipped hard): ``h37_n2`` twice the early samples and nodes, ``h37_epsE`` the
play model's weight of an unexpected card, ``h37_dual9`` / ``h37_dual9h`` a вистующий's own margin from its first
card (the first shipped: since then it is ``hard``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from game.actions import Action
from game.bots import play_model3
from game.bots.base import Player, PlayerFactory, levels, register_level
from game.bots.hard import HardBot
from game.bots.inference3 import likelihood
from game.bots.medium import MediumBot
from game.deal import DealView, Phase
from lab import bidder3, bidding3_dd, dialog_model3, oracle3, partner_model3, written3


def configured(cls: type[HardBot], /, **settings: object) -> PlayerFactory:
    """A level: a fresh ``cls`` bot with the attributes ``settings`` set (the tables ``hard3`` reads)."""

    def make(seed: int) -> Player:
        bot = cls(seed)
        for k, v in settings.items():
            setattr(bot, k, v)
        return bot

    return make


def _hard(**settings: object) -> PlayerFactory:
    return configured(HardBot, **settings)


# medium_fit3_cN: the fitted bidding for three with caution N (the sweep in docs/lab/bots-three.md)
CAUTIONS3 = (-60, -50, -45, -40, -35, -30, -20, -10, 0, 10, 20, 30, 40)
LATE = {5: 24, 4: 24, 3: 24, 2: 24}
VARIANTS: dict[str, dict[str, object]] = {
    "hard_from5": {"samples3": LATE},
    "hard_from6": {"samples3": {6: 16, **LATE}},
    "hard_from7": {"samples3": {7: 12, 6: 16, **LATE}},
    "hard_from8": {"samples3": {8: 8, 7: 12, 6: 16, **LATE}},
    "hard_from8x": {"samples3": {8: 12, 7: 16, 6: 24, **LATE}},
    "hard_from9": {"samples3": {9: 6, 8: 8, 7: 12, 6: 16, **LATE}},
}


class WrittenHard(HardBot):
    """Hard for three valuing each sample by what the deal writes (``hard3.written_scorer``), not the margin."""

    def for_three(self) -> Player:
        from game.bots.hard3 import HardThree, written_scorer

        return HardThree(self, written_scorer)


class MaxNHard(HardBot):
    """Hard for three whose samples are searched by max-n (lab/maxn3.py) instead of the paranoid solver."""

    def for_three(self) -> Player:
        from game.bots.hard3 import HardThree
        from lab.maxn3 import maxn_scorer

        return HardThree(self, maxn_scorer)


def _variant(cls: type[HardBot], **settings: object) -> PlayerFactory:
    def make(seed: int) -> Player:
        bot = cls(seed)
        for k, v in settings.items():
            setattr(bot, k, v)
        return bot

    return make


class FittedThree:
    """At a table of three: the bids from the fitted evaluator (``bidding3``) with a caution, the rest from the
    level's three-player strategy."""

    def __init__(self, caution: float | None, rest: Player, path: str | None = None) -> None:
        self.caution = caution
        self.rest = rest
        self.path = path

    def choose(self, view: DealView) -> Action:
        if view.phase in (Phase.BIDDING_1, Phase.BIDDING_2) and len(view.legal) > 1:
            from game.bots.bidding3 import DATA_PATH, bid3

            return bid3(view, self.caution, self.path or str(DATA_PATH))
        return self.rest.choose(view)


class FittedBidding3:
    """A bot whose three-player bids come from the fitted evaluator (``bidding3``) with a caution (and a weights
    file other than the shipped one, for a refit)."""

    caution: float | None = None
    path: str | None = None

    def for_three(self) -> Player:
        return FittedThree(self.caution, super().for_three(), self.path)  # type: ignore[misc]


class MediumFit3(FittedBidding3, MediumBot):
    pass


class HardFit3(FittedBidding3, HardBot):
    pass


def _fitted(cls: type[MediumBot] | type[HardBot], caution: float | None, path: str | None = None) -> PlayerFactory:
    def make(seed: int) -> Player:
        bot = cls(seed)
        bot.caution = caution  # type: ignore[union-attr]
        bot.path = path  # type: ignore[union-attr]
        return bot

    return make


levels()  # the built-in levels first (registering before would hide them)
for _name, _settings in VARIANTS.items():
    register_level(_name, _hard(**_settings))
# paranoid against max-n at the same depth (max-n has no pruning: from 4 cards, 24 samples)
register_level("hard_p4", _hard(samples3={4: 24, 3: 24, 2: 24}))
register_level("hard_m4", _variant(MaxNHard, samples3={4: 24, 3: 24, 2: 24}))
register_level("hard_fit3", _fitted(HardFit3, None))
for _c in CAUTIONS3:  # hard's card play with the fitted bids at caution N (the second sweep)
    register_level(f"hard_fit3_c{_c}", _fitted(HardFit3, float(_c)))
# hard bidding by a refitted weights file in lab/data (lab/fit_bidding3 fit --out lab/data/bidding3-NAME.json):
# level "hard_file3_NAME" at the file's caution, "hard_file3_NAME_cN" at caution N
for _file in sorted((Path(__file__).resolve().parent / "data").glob("bidding3-*.json")):
    _stem = _file.stem.removeprefix("bidding3-")
    register_level(f"hard_file3_{_stem}", _fitted(HardFit3, None, str(_file)))
    for _c in (*CAUTIONS3, -25, -15):
        register_level(f"hard_file3_{_stem}_c{_c}", _fitted(HardFit3, float(_c), str(_file)))
# session 40: bids by the 27 features and solved sampled deals (lab/bidding3_dd.py fit --out
# lab/data/bidding3dd-NAME.json): "hard_dd3_NAME" at the file's caution, "hard_dd3_NAME_cN" at N
for _file in sorted((Path(__file__).resolve().parent / "data").glob("bidding3dd-*.json")):
    _stem = _file.stem.removeprefix("bidding3dd-")
    register_level(f"hard_dd3_{_stem}", configured(bidding3_dd.LookaheadHard, path=_file))
    for _c in (-40, -30, -25, -20, -15, -10, 0):
        register_level(f"hard_dd3_{_stem}_c{_c}", configured(bidding3_dd.LookaheadHard, path=_file, caution=float(_c)))
register_level("hard_medbid3", _hard(bidding3="medium"))  # hard bidding by medium's threshold
register_level("medium_fit3", _fitted(MediumFit3, None))
for _c in CAUTIONS3:
    register_level(f"medium_fit3_c{_c}", _fitted(MediumFit3, float(_c)))
# samples resampled by the others' bids (inference3.py) from _o candidates each, in both roles
for _o in (2, 4, 8):
    register_level(f"hard_inf3x{_o}", _hard(oversample3=_o, likelihood3=likelihood))
register_level("hard_inf3", _hard(oversample3=4, likelihood3=likelihood))
register_level("hard_noinf3", _hard(oversample3=0))
# inference as a вистующий only
register_level("hard_inf3v", _hard(oversample3=4, likelihood3=likelihood, infer3_vist_only=True))
register_level("hard_inf3t", _hard(oversample3=4, likelihood3=likelihood, infer3_temper=0.5))  # its square root
# earlier sampling for the вистующий only (the bidder's play is already strong), with a node budget per sample
FROM7 = VARIANTS["hard_from7"]["samples3"]
assert isinstance(FROM7, dict)
register_level("hard_v8", _hard(samples3_vist={8: 10, **FROM7}, node_budget3={8: 4000}))
register_level("hard_v8b", _hard(samples3_vist={8: 16, **FROM7}, node_budget3={8: 10000}))
register_level("hard_b8", _hard(samples3={8: 10, **FROM7}, node_budget3={8: 4000}))
register_level("hard_more", _hard(samples3={7: 12, 6: 24, 5: 32, 4: 32, 3: 32, 2: 32}))
for _l in (1, 2, 4):  # a вистующий playing last to a trick weighs its own take (hard3.own_share)
    register_level(f"hard_self{_l}", _hard(selfish3=float(_l)))
register_level("hard_self1b", _hard(selfish3=1.0, selfish3_second=True))  # … and second after the bidder's lead
for _l in (1, 2):  # … and in the first two tricks, on medium's one-ply score
    register_level(f"hard_selfe{_l}", _hard(selfish3=2.0, selfish3_early=float(_l)))
for _d in (25, 50, 100):  # a вистующий adds _d % of its own margin against both others (hard3.dual_scorer)
    register_level(f"hard_dual{_d}", _hard(dual3=_d / 100))
    register_level(f"hard_dual{_d}_7", _hard(dual3=_d / 100, dual3_from=7))
# combinations: the own margin from 6 cards and the own take when playing last from 7, more late samples, from 8
register_level("hard_ds", _hard(dual3=0.5, selfish3=1.0))  # the shipped hard since issue 25
register_level("hard_i16", _hard(dual3=0.0, selfish3=0.0))  # hard as issue 16 left it (the side's margin only)
register_level("hard_dsb", _hard(dual3=0.5, selfish3=1.0, selfish3_second=True))
# the own margin weighs 1.5 where the bait is decided (sides more than 20 / 40 apart), 0.5 elsewhere
register_level("hard_dsa20", _hard(dual3=0.5, selfish3=1.0, dual3_adaptive=(1.5, 20.0)))
register_level("hard_dsa40", _hard(dual3=0.5, selfish3=1.0, dual3_adaptive=(1.5, 40.0)))
register_level("hard_ds100", _hard(dual3=1.0, selfish3=1.0))
register_level("hard_dsm", _hard(dual3=0.5, selfish3=1.0, samples3={7: 12, 6: 24, 5: 32, 4: 32, 3: 32, 2: 32}))
register_level(
    "hard_dsmb",
    _hard(
        dual3=0.5,
        selfish3=1.0,
        samples3={8: 10, 7: 12, 6: 24, 5: 32, 4: 32, 3: 32, 2: 32},
        node_budget3={8: 4000},
    ),
)
register_level("hard_w7", _variant(WrittenHard, samples3=VARIANTS["hard_from7"]["samples3"]))
# the others modelled as mediums: samples resampled by the card plays medium would make (game/bots/play_model3.py),
# 4 candidates a sample; "e": only the plays of the first two tricks (where hard plays medium's card too)
for _name, _eps, _early, _bids in (
    ("hard_pi3", 0.1, False, False),
    ("hard_pi3e", 0.1, True, False),
    ("hard_pi3s", 0.3, False, False),
    ("hard_pi3b", 0.1, False, True),
):
    register_level(_name, _hard(oversample3=4, likelihood3=play_model3.combined(_eps, _early, _bids)))
# … and samples from 8 cards too (the second trick, weighted by the first trick's plays): as a вистующий (v8), or
# in both roles (b8: the table both roles read)
for _name, _table in (("hard_pi3v8", "samples3_vist"), ("hard_pi3b8", "samples3")):
    _late = {_table: {8: 10, **FROM7}}
    _likely = play_model3.combined(0.1, False, False)
    register_level(_name, _hard(oversample3=4, likelihood3=_likely, node_budget3={8: 4000}, **_late))


# session 35: the bidder samples from 9 and 8 cards within a node budget per decision (lab/bidder3.py), the
# вистующий plays as hard; "w": the bidder's samples weighted by the others' card plays and bids; "_cN": with
# the fitted bidding at caution N
class BidderFit3(FittedBidding3, bidder3.BidderHard):
    pass


_BIDDER_ONLY = bidder3.bidder_only(play_model3.combined(0.1, False, True))
_BD: dict[str, dict[str, object]] = {
    "hard_bd98": {"samples3": {9: 8, 8: 10, **FROM7}, "node_total3": {9: 100_000, 8: 60_000}},
    "hard_bd8": {"samples3": {8: 10, **FROM7}, "node_total3": {8: 60_000}},
}
for _v in (3, 6, 12):  # the samples only overrule medium's card by more than _v points a sample
    _BD[f"hard_bd8v{_v}"] = {**_BD["hard_bd8"], "veto3": float(_v)}
    _BD[f"hard_bd98v{_v}"] = {**_BD["hard_bd98"], "veto3": float(_v)}
for _name, _bd in list(_BD.items()):
    if "veto3" in _bd:
        continue
    _BD[_name + "w"] = {**_bd, "oversample3": 4, "likelihood3": _BIDDER_ONLY}
for _name, _bd in _BD.items():
    _bd = {**_bd, "samples3_vist": dict(FROM7)}
    register_level(_name, configured(bidder3.BidderHard, **_bd))
    for _c in (-10, -20, -30):
        register_level(f"{_name}_c{_c}", configured(BidderFit3, caution=float(_c), **_bd))
# the bidder's one ply in the first two tricks with other weights of medium's card score (medium: draw_bonus 7,
# trump_keep 4, capture 3, win_bonus 1, later_card 0)
_EARLY: dict[str, dict[str, float]] = {
    "draw0": {"draw_bonus": 0.0},
    "draw14": {"draw_bonus": 14.0},
    "draw28": {"draw_bonus": 28.0},
    "keep0": {"trump_keep": 0.0},
    "keep8": {"trump_keep": 8.0},
    "cap0": {"capture": 0.0},
    "cap6": {"capture": 6.0},
    "win4": {"win_bonus": 4.0},
    "later3": {"later_card": 3.0},
}
register_level("hard_bd_none", configured(bidder3.BidderHard))  # lab/bidder3's machinery alone: hard's choices
for _name, _weights in _EARLY.items():
    register_level(f"hard_be_{_name}", configured(bidder3.BidderHard, early3=_weights))
# the вистующий's one ply in the first two tricks with other weights (draw_bonus is the bidder's only)
for _name, _weights in _EARLY.items():
    if not _name.startswith("draw"):
        register_level(f"hard_ve_{_name}", configured(bidder3.BidderHard, early3_vist=_weights))
# the вистующий samples from 8 cards within 60,000 nodes a decision (uniform; "w": weighted by the card plays)
_V8 = {"samples3_vist": {8: 10, **FROM7}, "vist_total3": {8: 60_000}}
register_level("hard_bv8", configured(bidder3.BidderHard, **_V8))
_VW = bidder3.vist_only(play_model3.combined(0.1, False, False))
register_level("hard_bv8w", configured(bidder3.BidderHard, oversample3=4, likelihood3=_VW, **_V8))
# the bidder's samples from 7 cards weighted by the others' card plays (hard_pi3's model, bidder only), with bids
register_level(
    "hard_bw7", _hard(oversample3=4, likelihood3=bidder3.bidder_only(play_model3.combined(0.1, False, False)))
)
register_level("hard_bw7b", _hard(oversample3=4, likelihood3=_BIDDER_ONLY))
for _c in (-10, -20):
    _bw = {"oversample3": 4, "likelihood3": bidder3.bidder_only(play_model3.combined(0.1, False, False))}
    register_level(f"hard_bw7_c{_c}", configured(HardFit3, caution=float(_c), **_bw))
oracle3.register(configured)  # hard shown the real hands (lab/oracle3.py): the ceiling of card play
# session 36: the bidder values its samples by what the deal writes (lab/written3.py)
register_level("hard_wb", configured(written3.WrittenBidder))
register_level("hard_wb7", configured(written3.WrittenBidder7))
# … and the bidder's weights from more candidates: 8 a solved sample instead of hard's 4 (the вистующий's stay uniform)
register_level("hard_os8", _hard(oversample3=8))


# session 36 (the helper): on top of hard_bd98w_c-20, the вистующий's early play and the bidder's budget and
# bar; "_BOTH": the play model × bids weights the samples of both roles (hard_bd98w's bidder-only model)
_BOTH = play_model3.combined(0.1, False, True)
_C20: dict[str, object] = {**_BD["hard_bd98w"], "samples3_vist": dict(FROM7)}
_S36: dict[str, dict[str, object]] = {
    "hv_w7": {**_C20, "likelihood3": _BOTH},  # the вистующий's samples from 7 cards weighted too
    "hv_v8w": {**_C20, "likelihood3": _BOTH, "samples3_vist": {8: 10, **FROM7}, "vist_total3": {8: 60_000}},
    "hv_v98w": {
        **_C20,
        "likelihood3": _BOTH,
        "samples3_vist": {9: 8, 8: 10, **FROM7},
        "vist_total3": {9: 100_000, 8: 60_000},
    },
}
for _name, _s in _S36.items():
    register_level(_name, configured(BidderFit3, caution=-20.0, **_s))
for _c in (-30, -40):
    register_level(f"hv_c{_c}", configured(BidderFit3, caution=float(_c), **_C20))
_V8W = _S36["hv_v8w"]
register_level("hv_v8w_c-30", configured(BidderFit3, caution=-30.0, **_V8W))
# … and the bidder's second trick with more samples and nodes (hard_bd98w: 10 samples within 60,000 nodes)
_B8 = {**_V8W, "samples3": {9: 8, 8: 16, **FROM7}, "node_total3": {9: 100_000, 8: 100_000}}
register_level("hv_v8w_b8", configured(BidderFit3, caution=-20.0, **_B8))
for _c in (-30, -40):  # the вистующий from 9 and 8 cards with the lower bars
    register_level(f"hv_v98w_c{_c}", configured(BidderFit3, caution=float(_c), **_S36["hv_v98w"]))


# session 37, on top of the shipped hard (both roles from the first card, weighted, caution −20): ``h37_n2`` twice
# the samples and nodes in the first two tricks (what a second core could buy); ``h37_epsE`` the play model's
# weight of a card medium would not have played (hard: 0.1)
register_level(
    "h37_n2",
    _hard(
        samples3={9: 16, 8: 20, 7: 12, 6: 16, 5: 24, 4: 24, 3: 24, 2: 24},
        node_total3={9: 200_000, 8: 120_000},
        vist_total3={9: 200_000, 8: 120_000},
    ),
)
# a вистующий's own margin beside its side's (``dual_scorer``, hard: from 6 cards) from its first card, each of the
# two searches within the decision's nodes (so up to twice the time at 9 and 8 cards)
register_level("h37_dual9", _hard(dual3_from=9))
# … within the same nodes as hard's one search (each of the two half of them): the time hard takes now
register_level("h37_dual9h", _hard(dual3_from=9, vist_total3={9: 50_000, 8: 30_000}))
# … and the shipped hard with 85,000 nodes for each of a вистующий's two searches at 9 cards (room for the p95)
register_level("h37_dual9_85", _hard(vist_total3={9: 85_000, 8: 60_000}))
for _e in (3, 30):
    register_level(f"h37_eps{_e:02d}", _hard(likelihood3=play_model3.combined(_e / 100, False, True)))


# session 38: the others' words in the announcement dialog as well (``dialog_model3``): a sample whose hand breaks
# what a seat's words at its first card say of its best class weighs ``eps`` per broken bound
for _e in (2, 5, 10):
    register_level(
        f"h38_dlg{_e:02d}",
        _hard(likelihood3=dialog_model3.with_dialog(play_model3.combined(0.1, False, True), _e / 100)),
    )

# … and more candidates a solved sample (hard: 4) for the weights to choose from
for _o in (8, 16):
    register_level(f"h38_os{_o}", _hard(oversample3=_o))

# the others' cards still to come in the current trick fixed to medium's choice in each sample (lab/partner_model3.py):
# hard_pm the partner's (as a вистующий), hard_om every other seat's (either role: the shipped hard since session
# 46), hard_nom none (the hard before)
partner_model3.register()


def main() -> None:
    from lab.selfplay3 import format_three, play_three

    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bots", required=True)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="moscow")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    a, b, c = (x.strip() for x in args.bots.split(","))
    summary = play_three((a, b, c), args.deals, args.seed, args.rules)
    print(json.dumps(summary, ensure_ascii=False) if args.json else format_three(summary))


if __name__ == "__main__":
    main()
