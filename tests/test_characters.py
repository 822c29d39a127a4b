"""The named opponents (game/bots/characters.py): data, legal and faultless play, determinism, a measured rating,
and the statistics counting a game against one like one against a level."""

from __future__ import annotations

import json
import random
from itertools import pairwise
from pathlib import Path

import pygame
import pytest
from test_bots import _play_deal, _random_context
from test_stats import put

from game import rating
from game.actions import Action
from game.bots.base import Player, levels, make_player
from game.bots.characters import (
    CHARACTER_KEYS,
    CHARACTERS,
    RATINGS_PATH,
    character_ratings,
    is_opponent,
    make_character,
    match_curve,
    match_level,
    match_range,
    opponent_family,
    opponent_rating,
    slip_for,
)
from game.bots.factory import make_bot
from game.bots.medium import MediumBot
from game.cards import shuffled_deck
from game.deal import Deal
from game.rules import PRESETS
from game.services.stats.figures import compute
from game.services.stats.report import report_lines

ROOT = Path(__file__).resolve().parent.parent


def test_characters_are_data_and_play_through_the_level_path() -> None:
    assert len(CHARACTERS) >= 3 and len(set(CHARACTER_KEYS)) == len(CHARACTERS)
    for ch in CHARACTERS:
        assert ch.key in levels() and is_opponent(ch.key)
        assert ch.base in ("medium", "easy")
        bot = make_player(ch.key, 3)
        assert isinstance(bot, MediumBot) and isinstance(bot, Player)
        for name, value in ch.params:
            assert hasattr(MediumBot, name), name
            assert getattr(bot, name) == value
    assert make_player("medium", 1).order_threshold != make_player("bold", 1).order_threshold  # type: ignore[attr-defined]
    assert not is_opponent("grandmaster") and opponent_rating("grandmaster") is None


def test_a_misspelt_parameter_is_refused() -> None:
    from dataclasses import replace

    with pytest.raises(AttributeError, match="no parameter"):
        make_character(replace(CHARACTERS[0], params=(("order_treshold", 1.0),)), 1)


@pytest.mark.parametrize("key", CHARACTER_KEYS)
@pytest.mark.parametrize("etiquette", ["guided", "strict"])
def test_every_character_plays_whole_deals_legally_and_without_a_penalty(key: str, etiquette: str) -> None:
    for preset in PRESETS:
        rules = PRESETS[preset].with_options(etiquette=etiquette)
        rng = random.Random(f"{key}-{preset}-{etiquette}")
        for i in range(8):
            deal = Deal(rules, i % 2, shuffled_deck(rng), _random_context(rng, rules))
            opponent = ("medium", "random", key)[i % 3]
            _play_deal(deal, [make_player(key, i), make_player(opponent, i + 50)])
            assert deal.result is not None
            assert not [p for p in deal.result.penalties if p.seat == 0], f"{key} faulted in {preset}"


@pytest.mark.parametrize("key", CHARACTER_KEYS)
def test_every_character_plays_three_handed_without_crashing(key: str) -> None:
    """The menu offers the characters for two only, but a record or an autoplay may seat two of them for three."""
    rules = PRESETS["moscow"].with_options(players=3)
    rng = random.Random(f"three-{key}")
    for i in range(6):
        deal = Deal(rules, i % 3, shuffled_deck(rng))
        _play_deal(deal, [make_bot(key, 3, i), make_bot(key, 3, i + 1), make_bot("medium", 3, i + 2)])
        assert deal.result is not None


@pytest.mark.parametrize("key", CHARACTER_KEYS)
def test_same_seed_same_game(key: str) -> None:
    rules = PRESETS["moscow"].with_options(etiquette="strict")

    def run(seed: int) -> list[tuple[int, Action]]:
        deal = Deal(rules, 0, shuffled_deck(random.Random(42)))
        return list(_play_deal(deal, [make_player(key, seed), make_player("medium", seed + 1)]))

    assert run(7) == run(7)


def test_the_styles_show_in_the_bidding() -> None:
    """The bold one orders more often than medium, the careful one less (its style is more than a name)."""
    rules = PRESETS["moscow"]
    rng = random.Random(5)
    hands = [Deal(rules, 1, shuffled_deck(rng)) for _ in range(300)]
    orders = {}
    for level in ("bold", "medium", "careful"):
        bot = make_player(level, 1)
        orders[level] = sum(bot.choose(d.view(0)).kind.name == "ORDER" for d in hands)
    assert orders["bold"] > orders["medium"] > orders["careful"]


def test_the_styles_show_in_the_bidding_for_three() -> None:
    """At a table of three too (issue 25: «two and three players alike»): the bold one orders on hands medium passes,
    the careful one passes on some medium orders — the characters' own ``threshold3``, not medium's 62."""
    rules = PRESETS["moscow"].with_options(players=3)
    rng = random.Random(5)
    deals = [Deal(rules, 2, shuffled_deck(rng)) for _ in range(300)]
    orders = {}
    for level in ("bold", "medium", "careful"):
        bot = make_bot(level, 3, 1)
        orders[level] = sum(bot.choose(d.view(0)).kind.name == "ORDER" for d in deals)
    assert orders["bold"] > 1.5 * orders["medium"] and orders["careful"] < 0.7 * orders["medium"], orders


def test_each_character_has_a_measured_rating_names_and_an_emblem_the_font_draws() -> None:
    data = json.loads(RATINGS_PATH.read_text("utf-8"))
    assert set(data["ratings"]) == set(CHARACTER_KEYS) == set(character_ratings())
    assert "lab.characters" in data["how"]
    for key in CHARACTER_KEYS:
        r = opponent_rating(key)
        assert r is not None and rating.LEVEL_RATINGS["easy"] - 200 < r < rating.LEVEL_RATINGS["hard"]
        lo, hi = data["figures"][key]["ci95"]
        assert lo <= r <= hi
    catalogues = {
        lang: json.loads((ROOT / "assets" / "locale" / f"{lang}.json").read_text("utf-8")) for lang in ("ru", "en")
    }
    pygame.font.init()
    font = pygame.font.Font(str(ROOT / "assets" / "fonts" / "DejaVuSans.ttf"), 20)
    for ch in CHARACTERS:
        for words in catalogues.values():
            for prefix in ("level_", "level_two.", "level_choice_", "character.", "character_tip."):
                assert words[prefix + ch.key].strip()
            assert ch.emblem in words[f"level_choice_{ch.key}"]
        assert any(c in "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЭЮЯ" for c in catalogues["ru"][f"level_{ch.key}"])
        assert font.metrics(ch.emblem)[0] is not None, f"DejaVu Sans has no {ch.emblem!r}"


def test_a_game_against_a_character_counts_and_moves_the_rating_by_its_measured_strength(tmp_path: Path) -> None:
    put(tmp_path, "moscow-bait", seat=1, level="bold", date="2026-11-02T10:00:00")  # won
    put(tmp_path, "moscow-bait", seat=0, level="careful", date="2026-11-03T10:00:00")  # lost
    s = compute(tmp_path)
    assert s.by_level["bold"].games == 1 and s.by_level["bold"].wins == 1
    assert s.by_level["careful"].games == 1 and s.by_level["careful"].wins == 0
    ratings = character_ratings()
    expect = rating.update(rating.update(rating.Rating(), ratings["bold"], 1.0), ratings["careful"], 0.0)
    assert s.rating == expect
    assert [p.level for p in s.rating_history] == ["bold", "careful"]
    report = "\n".join(report_lines(s, "ru"))
    assert "Жора Лихой: 1" in report and "Пётр Саввич" in report


# ------------------------------------------------------------------------------------------ Ровня


def test_rovnya_follows_the_measured_curve() -> None:
    curve = match_curve()
    assert len(curve) >= 4 and curve[0][0] == 0.0  # from medium itself to many careless cards
    assert all(b[1] < a[1] for a, b in pairwise(curve))
    span = match_range()
    assert span is not None
    low, high = span
    for slip, r in curve:
        assert slip_for(r) == pytest.approx(slip)
    mid = round((low + high) / 2)
    name = match_level(mid)
    assert name == f"rovnya:{mid}" and is_opponent(name) and opponent_rating(name) == mid
    bot = make_player(name, 1)
    assert isinstance(bot, MediumBot) and 0 < bot.slip < 1 and bot.bid_noise == pytest.approx(40 * bot.slip)
    assert match_level(5000) == f"rovnya:{round(high)}" and match_level(0) == f"rovnya:{round(low)}"  # held in range
    assert opponent_family(name) == "rovnya" and opponent_family("bold") == "bold"


@pytest.mark.parametrize("name", ["rovnya:", "rovnya:abc", "rovnya:99999", "rovnya:-5", "rovnya:1e3", "rovnya:1400:x"])
def test_a_rovnya_outside_the_curve_is_no_opponent(name: str) -> None:
    assert not is_opponent(name) and opponent_rating(name) is None
    with pytest.raises(ValueError):
        make_player(name, 1)


def test_rovnya_plays_legally_and_replays_for_a_seed() -> None:
    name = match_level(1300)
    rules = PRESETS["moscow"].with_options(etiquette="strict")
    rng = random.Random(9)
    for i in range(20):
        deal = Deal(rules, i % 2, shuffled_deck(rng))
        _play_deal(deal, [make_player(name, i), make_player("medium", i + 1)])
        assert deal.result is not None and not [p for p in deal.result.penalties if p.seat == 0]

    def run(seed: int) -> list[tuple[int, Action]]:
        deal = Deal(rules, 0, shuffled_deck(random.Random(42)))
        return list(_play_deal(deal, [make_player(name, seed), make_player("medium", seed + 1)]))

    assert run(3) == run(3)


def test_games_against_rovnya_count_under_one_name_at_the_rating_each_was_given(tmp_path: Path) -> None:
    low, high = match_range() or (0.0, 0.0)
    first, second = match_level(low + 50), match_level(high - 50)
    put(tmp_path, "moscow-bait", seat=1, level=first, date="2026-11-02T10:00:00")  # won
    put(tmp_path, "moscow-bait", seat=0, level=second, date="2026-11-03T10:00:00")  # lost
    s = compute(tmp_path)
    assert s.by_level["rovnya"].games == 2 and s.by_level["rovnya"].wins == 1
    expect = rating.update(rating.update(rating.Rating(), round(low + 50), 1.0), round(high - 50), 0.0)
    assert s.rating == expect
    assert "  Ровня: 1 из 2" in "\n".join(report_lines(s, "ru"))


def test_the_rating_fit_inverts_the_elo_curve() -> None:
    """lab.characters rates by the ladder's curve: results that a 1600 player would score give back 1600."""
    from lab.characters import fit_rating

    games = 1000
    results = {a: (rating.expected(1600, rating.LEVEL_RATINGS[a]) * games, games) for a in ("easy", "medium")}
    value, se = fit_rating(results)
    assert value == pytest.approx(1600, abs=0.01) and 0 < se < 30
    one = fit_rating({"medium": (0.729 * games, games)})[0]  # hard's share of the ladder: hard's rating back
    assert one == pytest.approx(rating.LEVEL_RATINGS["hard"], abs=0.5)


def test_above_medium_rovnya_takes_hards_decisions_in_a_share() -> None:
    """A player stronger than medium meets a Ровня stronger than medium: up to hard's rating she makes hard's
    decision in a share of her decisions (0 at medium's top, 1 at hard's rating) and medium's in the rest — the
    very decisions each would make, so at either end she plays exactly as that level does."""
    from game.bots.characters import hard_share_curve, searches, share_for
    from game.bots.hard import HardBot
    from game.bots.knob_hard import HardKnob

    _, high = match_range() or (0.0, 0.0)
    top = match_curve()[0][1]
    assert high == pytest.approx(rating.LEVEL_RATINGS["hard"]) and top < high
    assert share_for(top) == 0.0 and share_for(high) == 1.0
    for share, part in hard_share_curve():  # the measured points: the share that earns that part of hard's points
        assert share_for(top + part * (high - top)) == pytest.approx(share)
    shares = [share_for(r) for r in range(round(top), round(high) + 1, 10)]
    assert shares == sorted(shares) and shares[len(shares) // 2] > 0.5  # hard's decisions pay more together
    strong = match_level(1600)
    assert strong == "rovnya:1600" and opponent_rating(strong) == 1600 and opponent_family(strong) == "rovnya"
    assert isinstance(make_player(strong, 1), HardKnob) and searches(strong)
    assert not searches(match_level(1400)) and searches("hard") and not searches("medium")
    rules = PRESETS["moscow"].with_options(etiquette="strict")

    def history(me: Player, seed: int) -> list[tuple[int, Action]]:
        deal = Deal(rules, 0, shuffled_deck(random.Random(seed)))
        return list(_play_deal(deal, [me, make_player("medium", 99)]))

    for seed in (1, 2):
        assert history(HardKnob(0.0, 5), seed) == history(MediumBot(5), seed)
    assert history(HardKnob(1.0, 5), 3) == history(HardBot(5), 3)
    knob = HardKnob(0.5, 5)
    mixed = [knob.takes_hard(Deal(rules, 0, shuffled_deck(random.Random(4))).view(1)) for _ in range(2)]
    assert mixed[0] == mixed[1]  # the draw is the decision's own: asked again, the same answer


def test_a_strong_rovnya_plays_three_handed_as_hard3_or_medium3() -> None:
    from game.bots.knob_hard import HardKnobThree

    bot = make_bot("rovnya:1600", 3, 4)
    assert isinstance(bot, HardKnobThree)
    rules = PRESETS["kharkov"].with_options(players=3)
    deal = Deal(rules, 0, shuffled_deck(random.Random(8)))
    seats = [bot, make_bot("medium", 3, 5), make_bot("medium", 3, 6)]
    while not deal.is_over():
        seat = deal.current_player()
        assert seat is not None
        deal.apply(seats[seat].choose(deal.view(seat)))
    assert deal.result is not None


def test_the_quick_player_moves_sooner_than_the_others(tmp_path: Path) -> None:
    """A player's pass: «Тётя Валя играет быстро», yet she moved at everyone's pace. Her pause is a share of the
    table's «Пауза соперника» (``Character.pace``); the levels and the other characters keep the whole pause."""
    from ui.clock import ManualClock
    from ui.controller import GameController, GameOptions
    from ui.paths import Paths
    from ui.thinker import InlineThinker

    def moved_by(level: str, at: float) -> bool:
        clock = ManualClock()
        opts = GameOptions(bot_level=level, seed=5, first_dealer="human")  # the bot speaks first
        ctl = GameController.new_game(
            Paths.resolve(tmp_path / level), opts, bot_delay=1.0, clock=clock, autosave=False, thinker=InlineThinker()
        )
        clock.advance(at)
        return any(ctl.poll(False) is not None for _ in range(3))  # asked, then answered

    assert moved_by("simple", 0.5) and not moved_by("medium", 0.5) and not moved_by("careful", 0.5)
    assert moved_by("medium", 1.05)
