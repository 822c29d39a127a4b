"""The sample records in saves/: each loads and replays, ends with the scores of the manifest, and really
shows what it claims (checked on the replayed match, not on the text of the file)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import sequences as seqs
from game.actions import FIFTY, TERZ, Kind
from game.cards import Card, Rank
from game.deal import Deal
from game.match import Match
from game.record import load, replay
from game.report import score_command
from game.rules import BaitCount, EqualSequences, Etiquette, Hanging
from game.scoring import DealResult, Outcome

ROOT = Path(__file__).resolve().parent.parent
SAVES = ROOT / "saves"
MANIFEST: list[dict[str, Any]] = json.loads((SAVES / "manifest.json").read_text("utf-8"))
BY_FILE = {e["file"]: e for e in MANIFEST}
SAMPLE_FILES = sorted(
    p.name for p in SAVES.glob("*.json") if p.name != "manifest.json" and not p.name.endswith(".analysis.json")
)


def replayed(name: str) -> Match:
    return replay(load(SAVES / name))


def result(deal: Deal) -> DealResult:
    assert deal.result is not None
    return deal.result


def scored(match: Match) -> list[Deal]:
    return [d for d in match.deals if d.outcome not in (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS)]


def kinds(deal: Deal) -> list[tuple[int, Kind]]:
    return [(seat, a.kind) for seat, a in deal.history]


def dialog_deal(match: Match, *wanted: Kind) -> Deal:
    for d in match.deals:
        ks = [k for _, k in kinds(d)]
        if all(k in ks for k in wanted):
            return d
    raise AssertionError(f"no deal with {wanted}")


# ---------------------------------------------------------------- the files themselves


def test_manifest_lists_every_sample() -> None:
    assert sorted(BY_FILE) == SAMPLE_FILES


def test_every_preset_has_a_sample() -> None:
    assert {e["preset"] for e in MANIFEST} >= {"moscow", "kharkov", "club", "book", "one_strike", "yellowclub", "offer"}


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_sample_loads_and_replays(name: str) -> None:
    record = load(SAVES / name)
    match = replay(record)
    assert match.deals and match.current is None  # every deal is finished
    assert record.rules.name == BY_FILE[name]["preset"]


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_final_scores_and_winner(name: str) -> None:
    entry = BY_FILE[name]
    match = replayed(name)
    assert list(match.scores) == entry["scores"]
    assert (match.over.winner if match.over else None) == entry["winner"]


KEY_FIELDS: dict[str, Callable[[Deal, DealResult], Any]] = {
    "totals": lambda d, r: [p.total for p in r.players],
    "written": lambda d, r: [p.written for p in r.players],
    "tie": lambda d, r: r.tie,
    "hanging_now": lambda d, r: r.hanging_now,
    "bait": lambda d, r: r.bait,
    "card_bait": lambda d, r: r.card_bait,
    "hanging_received": lambda d, r: [p.hanging_received for p in r.players],
    "adjustment": lambda d, r: [p.adjustment for p in r.players],
    "ski": lambda d, r: [p.ski for p in r.players],
    "belle": lambda d, r: [p.belle for p in r.players],
    "sequence_owner": lambda d, r: d.announcements.seq_owner,
    "claim": lambda d, r: list(r.claim) if r.claim else None,
}


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_key_deals_match_the_hand_checked_lines(name: str) -> None:
    match = replayed(name)
    for line in BY_FILE[name]["key"]:
        deal = match.deals[line["deal"] - 1]
        r = result(deal)
        for field, expected in line.items():
            if field != "deal":
                assert KEY_FIELDS[field](deal, r) == expected, (line["deal"], field)
        # the sheet adds up: what each wrote (plus a penalty) is what the score moved by
        before = deal.context.scores
        for p in (0, 1):
            assert r.scores_after[p] == before[p] + r.players[p].written + r.players[p].adjustment


def test_score_command_accepts_every_sample(capsys: pytest.CaptureFixture[str]) -> None:
    paths = [str(SAVES / n) for n in SAMPLE_FILES]
    assert score_command(paths) == 0
    assert score_command(paths, as_json=True) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    assert {Path(o["file"]).name: o["scores"] for o in lines} == {n: BY_FILE[n]["scores"] for n in SAMPLE_FILES}


def test_main_score_exits_zero() -> None:
    done = subprocess.run(
        [sys.executable, "main.py", "score", *[f"saves/{n}" for n in SAMPLE_FILES]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


def test_generator_rewrites_identical_files(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "saves/make_samples.py", "--out", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    for name in [*SAMPLE_FILES, "manifest.json", "README.md"]:
        assert (tmp_path / name).read_bytes() == (SAVES / name).read_bytes(), (
            f"saves/{name} is not what saves/make_samples.py writes now: rerun it and recheck the key deals"
        )


# ---------------------------------------------------------------- the features, checked semantically


def check_bait(match: Match) -> None:
    baits = [d for d in scored(match) if result(d).bait]
    assert baits
    for d in baits:
        r = result(d)
        b = r.bidder
        assert b is not None and r.winner == 1 - b
        assert r.players[b].total < r.players[1 - b].total
        assert r.players[b].written == 0
        v = r.players[1 - b]
        assert v.written == r.players[0].total + r.players[1].total + v.hanging_received


def check_hanging(match: Match) -> None:
    deals = scored(match)
    for i, d in enumerate(deals[:-1]):
        r = result(d)
        if r.tie:
            assert r.bidder is not None and r.players[r.bidder].written == 0
            assert r.hanging_now == r.players[r.bidder].total > 0
            nxt = result(deals[i + 1])
            assert nxt.winner is not None and not nxt.tie
            assert nxt.players[nxt.winner].hanging_received == r.hanging_now
            assert nxt.hanging_after == ()
            # the next dealer after a hanging bait is the вистующий (moscow)
            assert deals[i + 1].dealer == 1 - r.bidder
            return
    raise AssertionError("no tie followed by a deal")


def _two_ties(match: Match) -> tuple[DealResult, DealResult, DealResult]:
    rs = [result(d) for d in scored(match)]
    for i in range(len(rs) - 2):
        if rs[i].tie and rs[i + 1].tie and not rs[i + 2].tie:
            return rs[i], rs[i + 1], rs[i + 2]
    raise AssertionError("no two ties in a row followed by a deal with a winner")


def check_chained_tie_sum(match: Match) -> None:
    assert match.rules.hanging is Hanging.SUM
    first, second, third = _two_ties(match)
    assert second.hanging_after == (first.hanging_now, second.hanging_now)
    assert third.winner is not None
    assert third.players[third.winner].hanging_received == first.hanging_now + second.hanging_now


def check_chained_tie_to_defender(match: Match) -> None:
    assert match.rules.hanging is Hanging.TO_DEFENDER
    first, second, third = _two_ties(match)
    assert second.bidder is not None
    defender = second.players[1 - second.bidder]
    assert defender.hanging_received == first.hanging_now > 0
    assert defender.written == defender.total + first.hanging_now
    assert second.hanging_after == (second.hanging_now,)
    assert third.winner is not None
    assert third.players[third.winner].hanging_received == second.hanging_now


def _equal_terzes(deal: Deal) -> tuple[seqs.Sequence, seqs.Sequence]:
    """The leader's and the second's терц: same top, one of them in trump."""
    assert deal.leader is not None
    lead = seqs.first_of_class(deal.trickplay.full_hand[deal.leader], TERZ, deal.trump, deal.rules)
    second = seqs.first_of_class(deal.trickplay.full_hand[1 - deal.leader], TERZ, deal.trump, deal.rules)
    assert lead is not None and second is not None
    assert lead.top == second.top and lead.suit != second.suit
    assert second.suit == deal.trump
    return lead, second


def _rost_dialog(deal: Deal) -> list[tuple[int, Kind]]:
    assert deal.leader is not None
    leader, second = deal.leader, 1 - deal.leader
    dialog: list[tuple[int, Kind]] = [
        (s, k) for s, k in kinds(deal) if k in (Kind.ANNOUNCE, Kind.ROST, Kind.TELL_TOP, Kind.MINE, Kind.PISHET)
    ]
    assert dialog[:3] == [(leader, Kind.ANNOUNCE), (second, Kind.ROST), (leader, Kind.TELL_TOP)]
    return dialog


def check_rost_trump(match: Match) -> None:
    deal = dialog_deal(match, Kind.ROST, Kind.TELL_TOP)
    assert deal.rules.equal_sequences is EqualSequences.TRUMP_THEN_EARLIER
    assert deal.leader is not None
    assert _rost_dialog(deal)[3] == (1 - deal.leader, Kind.MINE)
    _, second = _equal_terzes(deal)
    assert deal.announcements.seq_owner == 1 - deal.leader and deal.announcements.counted[0] == second
    assert result(deal).players[deal.leader].sequences == ()


def check_rost_earlier(match: Match) -> None:
    deal = dialog_deal(match, Kind.ROST, Kind.TELL_TOP)
    assert deal.rules.equal_sequences is EqualSequences.EARLIER
    assert deal.leader is not None
    assert _rost_dialog(deal)[3] == (1 - deal.leader, Kind.PISHET)
    lead, _ = _equal_terzes(deal)
    assert deal.announcements.seq_owner == deal.leader and deal.announcements.counted[0] == lead
    assert result(deal).players[1 - deal.leader].sequences == ()


def check_ask_passes(match: Match) -> None:
    deal = dialog_deal(match, Kind.ASK_PASSES)
    ks = kinds(deal)
    i = [k for _, k in ks].index(Kind.ASK_PASSES)
    asker = ks[i][0]
    assert ks[i + 1] == (1 - asker, Kind.ANSWER_PASSES)
    answer = deal.history[i + 1][1]
    # the answer was true: «нет» because the opponent holds a higher терц
    assert answer.value == 0 and not result(deal).penalties
    assert deal.announcements.seq_owner == 1 - asker


def check_seven_swap(match: Match) -> None:
    deal = dialog_deal(match, Kind.SWAP)
    assert deal.swapped_by is not None and deal.trump == deal.first_trump
    seven = Card(deal.trump * 8 + Rank.SEVEN)
    assert deal.face_up == seven and deal.vskryshka != seven
    assert deal.vskryshka in deal.trickplay.full_hand[deal.swapped_by]
    assert seven not in deal.trickplay.full_hand[deal.swapped_by]


def check_strict_penalty(match: Match) -> None:
    assert match.rules.etiquette is Etiquette.STRICT
    deal = dialog_deal(match, Kind.ROST)
    r = result(deal)
    seat = next(s for s, k in kinds(deal) if k is Kind.ROST)
    assert seqs.first_of_class(deal.trickplay.full_hand[seat], TERZ, deal.trump, deal.rules) is None  # no терц at all
    assert [(p.seat, p.reason) for p in r.penalties] == [(seat, "false_rost")]
    assert r.card_bait == seat and r.players[seat].written == 0
    assert r.players[1 - seat].written == r.players[0].total + r.players[1].total


def check_claim(match: Match) -> None:
    assert match.over is not None and match.over.reason == "claim"
    last = match.deals[-1]
    r = result(last)
    assert last.outcome is Outcome.CLAIMED and len(last.tricks) < 9
    assert r.claim == (match.over.winner, True)
    assert match.scores[match.over.winner] >= match.rules.target


def check_four_sevens(match: Match) -> None:
    i = next(i for i, d in enumerate(match.deals) if d.outcome is Outcome.REDEAL_FOUR_SEVENS)
    deal = match.deals[i]
    seat = next(s for s, k in kinds(deal) if k is Kind.FOUR_SEVENS)
    assert sum(1 for c in deal.hand(seat) if c % 8 == Rank.SEVEN) == 4
    assert not deal.tricks
    assert match.deals[i + 1].dealer == deal.dealer
    assert match.rules.four_sevens_redeal


def check_fifty_over_terz(match: Match) -> None:
    deal = dialog_deal(match, Kind.ANNOUNCE)
    assert deal.leader is not None
    announced = [(s, a.value) for s, a in deal.history if a.kind is Kind.ANNOUNCE]
    assert announced == [(deal.leader, TERZ), (1 - deal.leader, FIFTY)]
    assert deal.announcements.seq_owner == 1 - deal.leader
    assert [s.length for s in deal.announcements.counted] == [FIFTY]
    r = result(deal)
    assert r.players[deal.leader].sequences == () and r.players[1 - deal.leader].sequences[0][1] == 50


def check_belle(match: Match) -> None:
    for d in scored(match):
        r = result(d)
        for p in (0, 1):
            if r.players[p].belle:
                assert r.players[p].belle == 20
                assert d.trump is not None
                t = d.trump * 8
                assert {Card(t + Rank.KING), Card(t + Rank.QUEEN)} <= set(d.trickplay.full_hand[p])
                assert (p, Kind.BELLE) in kinds(d) or any(
                    s == p and a.value for s, a in d.history if a.kind is Kind.PLAY
                )
                return
    raise AssertionError("no belle")


def check_double_stake(match: Match) -> None:
    assert match.over is not None and match.over.stake == 2
    r = result(match.deals[-1])
    assert r.bait and match.over.winner != r.bidder


def check_ski(match: Match) -> None:
    skis = [(d, p) for d in scored(match) for p in (0, 1) if result(d).players[p].ski]
    assert skis
    for d, p in skis:
        r = result(d)
        assert d.trickplay.tricks_won[p] == 0 and r.players[p].adjustment == -match.rules.ski_penalty == -50
    # one лыжа burns the combinations that won the comparison
    burnt = [(d, p) for d, p in skis if d.announcements.seq_owner == p and d.announcements.counted]
    assert burnt
    d, p = burnt[0]
    assert result(d).players[p].sequences == () and result(d).players[p].total == 0


def check_third_bait_penalty(match: Match) -> None:
    """The game's third bait and every later one cost −100, both players' baits counted together
    (yellowclub read exactly); at least one of them falls on a player's first or second own bait."""
    assert match.rules.bait_count is BaitCount.GAME
    seen = [0, 0]
    penalised = own_count_differs = False
    for d in scored(match):
        r = result(d)
        if r.bait:
            assert r.bidder is not None
            seen[r.bidder] += 1
            expected = -100 if sum(seen) >= 3 else 0
            assert r.players[r.bidder].adjustment == expected
            penalised = penalised or expected != 0
            own_count_differs = own_count_differs or (expected != 0 and seen[r.bidder] < 3)
    assert penalised and own_count_differs


def _offers(match: Match) -> list[tuple[Deal, tuple[int, bool]]]:
    return [(d, result(d).offer) for d in scored(match) if result(d).offer is not None]  # type: ignore[misc]


def check_offer_accepted(match: Match) -> None:
    d, (offerer, _) = next((d, o) for d, o in _offers(match) if o[1])
    r = result(d)
    assert r.outcome is Outcome.OFFER_ACCEPTED and not d.tricks and d.freza is None
    assert [(s, str(a)) for s, a in d.history][-2:] == [(offerer, "offer"), (1 - offerer, "offer:yes")]
    assert r.players[1 - offerer].written == 50 and r.players[offerer].written == 0
    i = match.deals.index(d)
    assert match.deals[i + 1].dealer == 1 - offerer  # more_points: who wrote the 50 deals next


def check_offer_refused(match: Match) -> None:
    d, (offerer, _) = next((d, o) for d, o in _offers(match) if not o[1])
    assert result(d).outcome is Outcome.PLAYED and len(d.tricks) == 9
    assert (1 - offerer, "offer:no") in [(s, str(a)) for s, a in d.history]


def check_gap_end(match: Match) -> None:
    assert match.over is not None and match.over.reason == "gap"
    s = match.scores
    assert abs(s[0] - s[1]) >= match.rules.gap_end == 250 and max(s) < match.rules.target
    assert s[match.over.winner] > s[1 - match.over.winner] and match.over.difference == abs(s[0] - s[1])


def check_dave(match: Match) -> None:
    d = match.deals[-1]
    r = result(d)
    assert r.outcome is Outcome.GAVE_UP and match.over is not None and match.over.reason == "gave_up"
    raises = [(s, str(a)) for s, a in d.history if a.kind in (Kind.DAVE, Kind.ANSWER_DAVE)]
    first, second = raises[0][0], raises[2][0]
    assert raises == [(first, "dave"), (second, "dave:yes"), (second, "dave"), (first, "dave:no")]
    assert r.stake == 2 and match.over.winner == second
    loser_is_bidder = first == r.bidder
    assert match.over.stake == 2 * (match.rules.bidder_loss_stake if loser_is_bidder else 1)


CHECKS: dict[str, Callable[[Match], None]] = {
    "bait": check_bait,
    "hanging": check_hanging,
    "chained_tie_sum": check_chained_tie_sum,
    "chained_tie_to_defender": check_chained_tie_to_defender,
    "rost_trump": check_rost_trump,
    "rost_earlier": check_rost_earlier,
    "ask_passes": check_ask_passes,
    "seven_swap": check_seven_swap,
    "strict_penalty": check_strict_penalty,
    "claim": check_claim,
    "four_sevens": check_four_sevens,
    "fifty_over_terz": check_fifty_over_terz,
    "belle": check_belle,
    "double_stake": check_double_stake,
    "ski": check_ski,
    "third_bait_penalty": check_third_bait_penalty,
    "offer_accepted": check_offer_accepted,
    "offer_refused": check_offer_refused,
    "gap_end": check_gap_end,
    "dave": check_dave,
}

FEATURES = [(e["file"], c) for e in MANIFEST for c in e["checks"]]


@pytest.mark.parametrize(("name", "check"), FEATURES, ids=[f"{n}:{c}" for n, c in FEATURES])
def test_sample_shows_its_feature(name: str, check: str) -> None:
    CHECKS[check](replayed(name))


def test_required_features_are_covered() -> None:
    assert {c for _, c in FEATURES} == set(CHECKS)


def report(name: str, lang: str) -> list[str]:
    from game.report import game_text

    record = load(SAVES / name)
    return game_text(record, replay(record), lang)


def test_the_report_speaks_russian_and_english_from_the_catalogues(monkeypatch: pytest.MonkeyPatch) -> None:
    """The score report's lines, as a player reads them, in both languages; and they come from the catalogues
    (assets/locale ``report.*``): a changed catalogue word changes the line."""
    assert report("one_strike-dave.json", "ru") == [
        "one_strike, одна сдача — Анна : Борис",
        "Сдача 1: сдаёт Анна, козырь ♥ (черви), играет Борис",
        "  Анна: карты 13 = 13; пишет 0",
        "  Борис: карты 0 = 0; пишет 0",
        "  даве не принято: Борис сдаётся",
        "  ставка ×2",
        "  Итого: 0 : 0",
        "Партию выиграл: Анна (отказ от даве — сдача партии), ставка ×4; 0 : 0",
        "Расчёт: ставка ×4",
    ]
    assert report("moscow-hanging.json", "ru")[7] == "  Анна: карты 47, послед 10 = 57; пишет 118 (получает висячие 61)"
    assert (
        report("moscow-hanging.json", "en")[7] == "  Анна: cards 47, last trick 10 = 57; scores 118 (takes hanging 61)"
    )
    assert report("three/moscow-three-players.json", "ru")[0] == "moscow, 3 игрока, 301 — Анна : Борис : Вера"
    assert report("three/moscow-three-players.json", "en")[0] == "moscow, 3 players, 301 — Анна : Борис : Вера"
    from game import words

    cat = dict(words._catalogue("ru"), **{"report.total": "Всего: {scores}", "export.result": "Результат:"})
    monkeypatch.setattr(words, "_catalogue", lambda lang: cat)
    assert report("one_strike-dave.json", "ru")[6] == "  Всего: 0 : 0"
    from game.export import deal_text

    assert "\nРезультат:\n" in deal_text(load(SAVES / "one_strike-dave.json"), 0, "ru")


def test_the_export_heads_its_parts_in_the_language() -> None:
    from game.export import deal_text

    record = load(SAVES / "moscow-bait.json")
    heads = ("Руки (* — козырь):", "Торговля:", "Розыгрыш:", "Итог:")
    ru, en = deal_text(record, 0, "ru").splitlines(), deal_text(record, 0, "en").splitlines()
    assert [line for line in ru if line in heads] == list(heads)
    assert [line for line in en if line.endswith(":") and not line.startswith(" ")] == [
        "Hands (* = trump):",
        "Auction:",
        "Play:",
        "Result:",
    ]
    assert ru[ru.index("Итог:") + 1] == "Сдача 1: сдаёт Анна, козырь ♣ (трефы), играет Анна"


def test_the_export_says_the_actions_in_the_language_not_in_codes() -> None:
    """A player's report: «Торговля: Борис: order», «Вера: rost» in a Russian file. The words said are the
    table's («Играю», «Рост?»), the cards keep the records' codes; the last trick counts its послед."""
    from game.export import deal_text

    ru = deal_text(load(SAVES / "three" / "moscow-three-players.json"), 0, "ru").splitlines()
    said = [line.strip() for line in ru if line.startswith("  ") and ": " in line and " -> " not in line]
    assert "Борис: Играю" in said and "Вера: Рост?" in said and "Вера: У меня старше" in said
    assert not any(code in line for line in said for code in ("order", "rost", "mine", "announce:", "pass"))
    last = next(line for line in ru if line.startswith("  9. "))
    assert last.endswith(", послед +10")
    en = deal_text(load(SAVES / "three" / "moscow-three-players.json"), 0, "en")
    assert "Борис: Play" in en


def test_the_export_names_the_top_card_told() -> None:
    """After «Рост?» the export said «Борис: Назвать старшую карту» — the button, not what was said; the engine
    names the card («От валета пикового»), and the export keeps it in the records' codes."""
    from game.export import deal_text

    ru = deal_text(load(SAVES / "moscow-rost-trump.json"), 0, "ru")
    assert "  Анна: Рост?\n  Борис: От JS\n" in ru and "Назвать старшую карту" not in ru
    assert "  Борис: From JS\n" in deal_text(load(SAVES / "moscow-rost-trump.json"), 0, "en")


def test_an_export_of_a_deal_the_record_lacks_says_which_deals_there_are(capsys: pytest.CaptureFixture[str]) -> None:
    """``export --deal 0`` on a one-deal record said «the record has 1 deals»."""
    from game.export import export_command

    assert export_command([str(SAVES / "one_strike-bait.json")], deal=0) == 2
    assert capsys.readouterr().err.endswith("the record has 1 deal (--deal 1)\n")
    assert export_command([str(SAVES / "moscow-hanging.json")], deal=9) == 2
    assert capsys.readouterr().err.endswith("the record has 2 deals (--deal 1 to 2)\n")
