"""Analysis (game/services/analysis/), export and deal codes (game/export.py): no pygame."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

from game.actions import Action, Kind
from game.cards import Card, shuffled_deck
from game.deal import Deal, Phase
from game.export import deal_code, deal_text, parse_deal_code
from game.record import DealRecord, GameRecord, load, prefix, replay, save
from game.rules import Rules
from game.services.analysis.cache import analyse_file, cache_path
from game.services.analysis.values import analyse_record, exact_values

ROOT = Path(__file__).resolve().parent.parent
SAVES = ROOT / "saves"


def _margin(deal: Deal, seat: int) -> float:
    """The engine's own scoring of a finished deal: the seat's written points (with adjustments) minus the other's."""
    assert deal.result is not None
    p = deal.result.players
    return (p[seat].written + p[seat].adjustment) - (p[1 - seat].written + p[1 - seat].adjustment)


def _minimax(actions: list[Action], rules: Rules, deck: list[Card], seat: int) -> float:
    """Best play to the end through the engine itself (only for the last tricks: a handful of leaves)."""
    deal = Deal(rules, 0, deck)
    for a in actions:
        deal.apply(a)
    if deal.phase is not Phase.PLAY:
        return _margin(deal, seat)
    mover = deal.current_player()
    vals = [_minimax([*actions, a], rules, deck, seat) for a in deal.legal_actions() if a.kind is Kind.PLAY]
    return max(vals) if mover == seat else min(vals)


def _planted_deal() -> tuple[GameRecord, int, Card, Card, float]:
    """Both seats play the exactly best card everywhere except one blunder at the eighth trick."""
    rules = Rules.preset("moscow")
    for seed in range(200):
        deck = shuffled_deck(random.Random(seed))
        deal = Deal(rules, 0, deck)
        actions: list[Action] = []
        blunder: tuple[int, Card, Card, float] | None = None
        while not deal.is_over() and deal.phase is not Phase.CLAIM:
            legal = deal.legal_actions()
            plays = [a for a in legal if a.kind is Kind.PLAY and not a.value]
            if deal.phase is Phase.BIDDING_1:
                a = legal[0]  # order
            elif plays:
                vals = exact_values(deal)
                order = sorted(plays, key=lambda a: (-vals[a.card], a.card))  # type: ignore[index]
                a = order[0]
                if len(deal.tricks) == 7 and not deal.trick and blunder is None and len(order) > 1:
                    worst = order[-1]
                    assert worst.card is not None and a.card is not None
                    seat = deal.current_player()
                    assert seat is not None
                    best_v = _minimax([*actions, a], rules, deck, seat)
                    worst_v = _minimax([*actions, worst], rules, deck, seat)
                    if best_v - worst_v >= 10:
                        blunder = (len(actions), worst.card, a.card, best_v - worst_v)
                        a = worst
            else:
                a = next((x for x in legal if x.kind in (Kind.PISHET, Kind.TELL_TOP)), legal[-1])
            deal.apply(a)
            actions.append(a)
        if blunder is not None and deal.is_over():
            rec = GameRecord(rules, ["Анна", "Борис"], 0, [DealRecord(0, deck, actions)], {})
            return rec, *blunder
    raise AssertionError("no deck gave a planted blunder")


def test_planted_blunder_is_found_with_its_exact_loss(tmp_path: Path) -> None:
    rec, index, played, best, loss = _planted_deal()
    path = tmp_path / "planted.json"
    save(path, rec)
    analysis = analyse_file(path, sampled=False)
    deal = analysis.deals[0]
    mistakes = deal.mistakes
    assert [m.action for m in mistakes] == [index], "only the planted card is a mistake"
    m = mistakes[0]
    assert (m.played, m.best) == (played, best)
    assert m.loss == pytest.approx(loss)
    assert deal.lost[m.seat] == pytest.approx(loss) and deal.lost[1 - m.seat] == 0
    # cached in the cache folder (not beside the record: issue 23), keyed by its content
    assert cache_path(path, sampled=False).exists() and not path.with_name(path.name + ".analysis.json").exists()
    again = analyse_file(path, sampled=False)
    assert again.to_json() == analysis.to_json()
    obj = json.loads(cache_path(path, sampled=False).read_text("utf-8"))
    assert obj["digest"] == analysis.digest
    rec.meta["note"] = "changed"
    save(path, rec)
    assert analyse_file(path, sampled=False).digest != analysis.digest


def test_sampled_values_and_bidding_judgement() -> None:
    record = load(SAVES / "moscow-bait.json")
    analysis = analyse_record(record, samples=(3,) * 9)
    decisions = [d for deal in analysis.deals for d in deal.decisions]
    assert decisions
    for d in decisions:
        assert d.sampled is not None and set(d.sampled) == set(d.exact)
        assert d.exact[d.best] >= max(d.exact.values()) - 1e-9
        assert d.loss == pytest.approx(d.exact[d.best] - d.exact[d.played])
    if analysis.bidding.startswith("skipped"):
        assert not any(deal.bids for deal in analysis.deals)
    else:
        bids = [b for deal in analysis.deals for b in deal.bids]
        assert bids and all(b.loss >= 0 and b.chosen in b.values for b in bids)


def test_analyse_command_json(tmp_path: Path) -> None:
    path = tmp_path / "bait.json"
    shutil.copy(SAVES / "moscow-bait.json", path)
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "analyse", str(path), "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        timeout=60,
    )
    obj = json.loads(out.stdout)
    assert obj["deals"] and {"lost", "mistakes"} <= set(obj["deals"][0])
    for m in obj["deals"][0]["mistakes"]:
        assert {"action", "card", "best", "lost"} <= set(m) and m["lost"] >= 1
    text = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "analyse", str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        timeout=60,
    ).stdout
    assert "Сдача 1" in text


def test_codes_made_before_the_offer_preset_still_read_the_same() -> None:
    """The preset is the payload's last three bits: a new preset is appended, so an old code names the same deal."""
    deck = shuffled_deck(random.Random(11))
    for preset in ("moscow", "kharkov", "club", "book", "one_strike", "yellowclub"):
        back = parse_deal_code(deal_code(deck, 1, preset))
        assert (list(back.deck), back.dealer, back.preset) == (deck, 1, preset)
    assert parse_deal_code(deal_code(deck, 0, "offer")).preset == "offer"
    old = parse_deal_code("QEW3Z-CHHTM-SWAWV-KX6XW-AKSBD")  # written by the game before the offer preset existed
    assert (list(old.deck), old.dealer, old.preset) == (deck, 1, "yellowclub")


def test_deal_code_round_trips() -> None:
    rng = random.Random(5)
    codes = set()
    for i in range(300):
        deck = shuffled_deck(rng)
        preset = ("moscow", "club", "yellowclub", "one_strike", "offer")[i % 5]
        code = deal_code(deck, i % 2, preset)
        assert len(code.replace("-", "")) == 25
        back = parse_deal_code(code.lower().replace("-", " "))
        assert (list(back.deck), back.dealer, back.preset) == (deck, i % 2, preset)
        codes.add(code)
    assert len(codes) == 300
    bad = list(code)
    bad[3] = "0" if bad[3] != "0" else "1"
    with pytest.raises(ValueError):
        parse_deal_code("".join(bad))
    with pytest.raises(ValueError):
        parse_deal_code("ABC")


def test_export_text_has_hands_tricks_and_result() -> None:
    record = load(SAVES / "book-belle.json")
    text = deal_text(record, 0)
    deal = replay(record).deals[0]
    assert '[Rules "book"]' in text and f'[Deck "{" ".join(c.code for c in deal.deck)}"]' in text
    assert "Анна: S Q8 C AT D - H* KQJ87" in text  # the nine cards of the hand
    assert "9. Анна KH  Борис JD  -> Анна +6" in text  # the last trick
    assert "Итого: 129 : 10" in text  # the result, as `main.py score` prints it
    code = next(line for line in text.splitlines() if line.startswith("[Code"))
    assert list(parse_deal_code(code.split('"')[1]).deck) == list(deal.deck)


def test_prefix_replays_to_every_position() -> None:
    record = load(SAVES / "moscow-hanging.json")
    full = replay(record)
    for di, d in enumerate(record.deals):
        counts = [len(replay(prefix(record, di, j)).deals[-1].history) for j in range(len(d.actions) + 1)]
        assert counts == list(range(len(d.actions) + 1))
        assert all(a <= b for a, b in pairwise(counts))
    last = prefix(record, len(record.deals) - 1, 10**6)
    assert replay(last).scores == full.scores


def test_the_analysis_words_how_bids_were_judged_in_the_language() -> None:
    """analysis.* in the catalogues: each evaluator's note worded (for three: bidding3, also in Russian); a note
    saying why bids were not judged is quoted."""
    from game.services.analysis.report import _bidding_words
    from game.services.analysis.values import _bid_evaluator

    two, three = _bid_evaluator(2)[1], _bid_evaluator(3)[1]
    assert _bidding_words(two, "en") == f"Bidding: {two}" and _bidding_words(three, "en") == f"Bidding: {three}"
    assert _bidding_words(two, "ru").startswith("Торговля: оценки подобранной модели (game/bots/bidding.py)")
    assert "для троих (game/bots/bidding3.py)" in _bidding_words(three, "ru")
    assert _bidding_words("skipped: no file", "ru") == "Торговля: skipped: no file"


def test_each_raise_and_answer_is_judged_in_stakes_with_open_cards() -> None:
    """The «даве» sample, a whole one-deal game: Борис (seat 1) orders and raises on a deal he wins with open cards
    (right), Анна accepts a lost deal (−1 stake), raises it at ×2 (accepted it would cost ×4: −2), Борис gives up a
    won deal at ×2 (he pays 2 × 2 = 4 where playing on wins 2 × 2 × 1 = 4: −8). The judgements survive the cache's
    JSON, and the ``analyse`` command words the mistakes."""
    from game.services.analysis.facts import Analysis
    from game.services.analysis.report import analysis_text

    record = load(SAVES / "one_strike-dave.json")
    analysis = analyse_record(record, sampled=False)
    daves = analysis.deals[0].daves
    assert [(j.action, j.seat, j.chosen, j.best, j.loss) for j in daves] == [
        (1, 1, "dave", "dave", 0),
        (2, 0, "dave:yes", "dave:no", 1),
        (5, 0, "dave", "play", 2),
        (6, 1, "dave:no", "dave:yes", 8),
    ]
    assert daves[3].values == {"dave:yes": 4, "dave:no": -4} and analysis.deals[0].lost == (0.0, 0.0)
    again = Analysis.from_json(json.loads(json.dumps(analysis.to_json())))
    assert again.deals[0].daves == daves
    lines = analysis_text(record, analysis, "ru")
    assert "  даве, ход 7 (Борис): «сдаться», с открытыми картами лучше «принять даве»: −8 ставок" in lines
    assert any("«даве (удвоить ставку)», с открытыми картами лучше «ходить без даве»" in line for line in lines)
    assert sum("даве, ход" in line for line in lines) == 3


@pytest.mark.parametrize(
    "tamper",
    [{"values": {"dave": 1}}, {"values": {"dave": 1, "other": 2}}, {"chose": "pass"}, {"values": {"dave": "x"}}],
)
def test_a_cached_raise_judgement_that_does_not_hold_together_is_refused(tamper: dict[str, object]) -> None:
    """A hand-edited cache: the viewer words a raise from both its choices' values (a missing one crashed it)."""
    from game.services.analysis.facts import DaveJudgement

    good = {"action": 5, "seat": 0, "chose": "dave", "best": "play", "lost": 2, "values": {"dave": -4, "play": -2}}
    assert DaveJudgement.from_json(0, good).loss == 2
    with pytest.raises((ValueError, KeyError)):
        DaveJudgement.from_json(0, {**good, **tamper})


def test_the_analyse_command_names_cards_as_the_table_does() -> None:
    """«ход 7 (Борис): JC, лучше 7S» gave a record's codes amid the Russian; the cards are «В♣», «7♠» in Russian and
    «J♣» in English, as a reader names them."""
    from game.services.analysis.report import analysis_text

    record = load(SAVES / "moscow-bait.json")
    analysis = analyse_record(record, sampled=False)
    assert "  ход 7 (Борис): В♣, лучше 7♠: −128" in analysis_text(record, analysis, "ru")
    assert any("J♣" in line and "7♠" in line for line in analysis_text(record, analysis, "en"))
