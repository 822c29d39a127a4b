"""The rules page's sentences and the refusals' reasons say what the engine does: each test plays the rule in a
whole deal (or up to the moment it bites) and reads the sentence the player is shown for it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engine_helpers import act, legal, make_deal

from game.actions import Action
from game.deal import Deal
from game.errors import IllegalAction
from ui import i18n

ND = "AS KS 7S 8C 9D JD  QC 8S 9S"  # the non-dealer (seat 1), who speaks and leads first


def refused(deal: Deal, action: str) -> str:
    with pytest.raises(IllegalAction) as err:
        deal.apply(Action.parse(action))
    return err.value.rule


@pytest.fixture(autouse=True)
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    yield
    i18n.set_language("ru")


def test_the_swap_needs_the_face_up_suit_as_trump_and_comes_before_announcing() -> None:
    """Clubs named in round 2: the club seven stays (the page said «козырную семёрку можно поменять» without the
    condition); a player who announced may no longer swap, and the refusal says so (it spoke of the first card)."""
    named = make_deal(ND, "AC TC KC 7C 8D QD  AD KD JC", "TH")
    act(named, "pass", "pass", "name:C", "play:AS")
    assert "swap" not in legal(named) and refused(named, "swap") == "swap_first_trump_only"
    spoke = make_deal("AS KS QS 7H 9D JD  QC 8S 9S", "AC TC KC 7S 8D QD  AD KD JC", "TH")
    act(spoke, "order", "announce:terz")
    assert refused(spoke, "swap") == "swap_before_first_card"
    page = i18n.tr("rw_swap")
    assert "масть вскрышки" in page and "до своего первого хода" in page and "до объявлений" in page
    assert "до объявлений" in i18n.tr("rule.swap_before_first_card")
    assert "масть вскрышки" in i18n.tr("glossary.passes")  # the question comes with the swap


def test_dave_is_said_only_on_lead() -> None:
    """The one-deal game with «даве»: the player to follow a card may not double, the one to lead may — the
    page said «на своём ходу», which a player following a card is too."""
    deal = make_deal(ND, "AC TC KC 7D 8D QD  AD KD JC", "TH", "moscow", target=0, dave=True)
    act(deal, "order")
    assert "dave" in legal(deal)  # seat 1 leads the first trick
    act(deal, "play:AS")
    assert "dave" not in legal(deal) and refused(deal, "dave") == "dave_timing"
    for key in ("rw_dave", "rule.dave_timing"):
        assert "когда вам заходить" in i18n.tr(key) and "на своём ход" not in i18n.tr(key)


def test_four_sevens_redeal_until_ones_own_first_card() -> None:
    """«Четыре семёрки» in the club's rules: the dealer, second to play, may still claim the redeal after the
    leader's card, and not after its own — the page, the option and the refusal all say «до своего первого хода»."""
    sevens = "7S 7C 7D 7H AS KS  QC 8S 9S"
    deal = make_deal("AC TC KC 8D 9D QD  AD KD JC", sevens, "TH", "club")
    act(deal, "order", "play:AC")
    assert "four-sevens" in legal(deal)
    act(deal, "play:7C", "play:KC", "play:QC")
    assert refused(deal, "four-sevens") == "four_sevens"
    for key in ("rw_sevens", "option.four_sevens_redeal", "rule.four_sevens"):
        assert "до своего первого хода" in i18n.tr(key)


def test_a_card_baits_cost_is_said_to_each_seat_as_the_engine_writes_it() -> None:
    """The judge's banner says what «байт на картах» costs (the four penalties said only the term); its words
    follow the scoring: for two the other writes everything, for three the bidder's points go to the вистующие in
    halves and a вистующий's to the bidder."""
    from ui.seat_words import card_bait_cost

    assert card_bait_cost(0, 1, 0, 2) == "Все очки сдачи пишет соперник."
    assert card_bait_cost(1, 1, 0, 2) == "Все очки сдачи пишете вы."
    assert card_bait_cost(0, 0, 0, 3) == "Ваши очки сдачи пополам пишут вистующие."
    assert card_bait_cost(0, 1, 0, 3) == "Ваши очки сдачи пишет играющий."
    assert card_bait_cost(2, 0, 0, 3) == "Его очки сдачи пишет играющий."
    i18n.set_language("en")
    assert card_bait_cost(0, 0, 0, 3) == "The defenders score your points of the deal in halves."


def test_mine_after_rost_and_the_top_card_names_the_card_that_beats_it_for_two() -> None:
    """Two players: «Терц» — «Рост?» — «От валета» — and the true answer read «Не годится. Есть терц»,
    naming a class both had already said. After the top card it names the card that beats it, as at three and as
    the official texts («У меня — от короля козырного»); at one's first card with a certainly higher sequence (no
    «рост?») it is «Не годится, у меня …» (the drills' words)."""
    from game.deal import EventKind
    from game.record import load
    from ui.scenes.table.speech import speech_text

    record = load(Path(__file__).resolve().parent.parent / "saves" / "moscow-rost-trump.json")
    first = record.deals[0]
    deal = Deal(record.rules, first.dealer, first.deck)
    said = []
    for action in first.actions:
        for ev in deal.apply(action):
            text = speech_text(ev, action)
            if text is not None and ev.kind in (EventKind.ROST, EventKind.TOP, EventKind.MINE):
                said.append(text)
    assert said == ["Рост?", "От валета", "Не годится. Терц от валета червового"]
    from game.actions import TERZ, Kind
    from game.deal import MINE_AT_ONCE, Event

    at_once = Event(EventKind.MINE, 1, value=TERZ, detail=MINE_AT_ONCE)  # the drills say it so too
    assert speech_text(at_once, Action(Kind.MINE)) == "Не годится, у меня терц"


def test_the_strict_etiquette_line_names_each_penalty_as_the_engine_gives_it() -> None:
    """«ошибка в диалоге — штраф (байт на картах)» was the whole line; a «рост?» with a certainly higher sequence
    costs only that sequence, and a false claim the game. The line now names the three consequences the scoring
    has (``CARD_BAIT_REASONS``; the others are not a байт на картах)."""
    from game.scoring import CARD_BAIT_REASONS, PenaltyReason

    assert PenaltyReason.ROST_CERTAINLY_HIGHER not in CARD_BAIT_REASONS
    assert PenaltyReason.FALSE_CLAIM not in CARD_BAIT_REASONS
    line = i18n.tr("rw_etiquette_strict")
    for said in ("ложное объявление", "«рост?»", "«у меня старше»", "проходит ли мой терц", "байт на картах"):
        assert said in line
    assert "заведомо старшей — своя комбинация не считается" in line and "проигрыш партии" in line


def test_a_guided_tables_buttons_warn_of_no_penalty() -> None:
    """The strict warnings are for the strict table only: the guided one refuses a false word instead."""
    from game import actions as A
    from ui.i18n import action_tip

    assert action_tip(A.ROST, 2) == "Спросить, от какой карты комбинация соперника"
    assert action_tip(A.PASS, 2) == "Отказаться от этого козыря"  # the first round offers the face-up suit
    assert action_tip(A.PASS, 2, round2=True) == "Не называть козырь"  # the second offers none
    assert "байт на картах" in (action_tip(A.ROST, 2, strict=True) or "")


def test_the_table_says_which_sequences_were_written() -> None:
    """«Соперник: комбинации +20» for one терц: the event carries the classes, the table names them."""
    from game.deal import EventKind
    from ui.i18n import sequences_said

    deal = make_deal("AS KS QS 7H 9D JD  QC 8S 9S", "AC TC KC 7S 8D QD  AD KD JC", "TH")
    events = act(deal, "order", "announce:terz", "play:7H", "pishet")
    written = [e for e in events if e.kind is EventKind.SEQUENCES]
    assert [(e.seat, e.value, e.detail) for e in written] == [(1, 20, "3")] and sequences_said("3") == "терц"
    assert sequences_said("4,3") == "пятьдесят и терц" and sequences_said("3,3") == "два терца"
    assert sequences_said("") == "комбинации"


def test_the_bidders_pishet_at_three_is_not_the_vistuyushchiys() -> None:
    """The bidder answering a вистующий's терц read «…если её не перебьёт третий игрок» — the third player is the
    announcer's partner, who would not beat it."""
    from game import actions as A
    from ui.i18n import action_tip

    assert "третий игрок" in (action_tip(A.PISHET, 3) or "")
    assert action_tip(A.PISHET, 3, bidder=True) == "Уступить: объявленная комбинация вистующего записывается"
    assert action_tip(A.PISHET, 2, bidder=True) == action_tip(A.PISHET, 2)


def test_on_a_trump_lead_one_beats_the_card_led_not_the_highest_trump() -> None:
    """Three players: the bidder leads the queen of trumps, the first вистующий beats it with the jack; the second
    must still beat the queen (the ace, not the eight), though nothing beats the jack. The rules' summary said
    «на козырный ход — старшим козырем», which reads as above the highest trump in the trick."""
    from game.cards import Card
    from game.deal import build_deck_n
    from game.rules import Rules

    def cards(text: str) -> list[Card]:
        return [Card.parse(c) for c in text.split()]

    hands = [
        cards("QC 8S TS AH QD 7D 9H KS 7S"),
        cards("JC 8H TH 8D TD AD JS 9D 7H"),
        cards("AC 8C AS QS JH KD JD 9S QH"),
    ]
    deal = Deal(Rules.preset("moscow", players=3), 0, build_deck_n(hands, Card.parse("KC")))
    act(deal, "order", "play:QC", "play:JC")
    assert legal(deal) == ["play:AC"] and refused(deal, "play:8C") == "must_overtrump"
    for key in ("rules_summary", "rules_summary3"):
        assert "на козырный ход — козырем старше того, с которого пошли, если есть" in i18n.tr(key)


def test_the_bait_section_opens_with_what_a_bait_is_and_the_engine_writes_it_so() -> None:
    """A player's pass: «Байт» on the rules page for two held only the hanging bait. It now opens with the rule —
    the bidder must make more than the opponent, less is a bait and the opponent writes the deal's points — and the
    engine writes a bait so (the sample: the bidder took 35, the opponent 142; the opponent writes 177, the bidder
    nothing)."""
    from game.record import load, replay
    from game.rules import PRESETS
    from ui.scenes.rules import rule_sentences

    sections = dict(rule_sentences(PRESETS["moscow"]))
    bait = [text for _, text in sections["Байт"]]
    assert bait[0] == "Играющий должен набрать больше соперника. Меньше — байт: очки сдачи пишет соперник."
    r = replay(load(Path(__file__).resolve().parent.parent / "saves" / "moscow-bait.json")).deals[0].result
    assert r is not None and r.bait and r.bidder is not None
    other = 1 - r.bidder
    assert r.players[r.bidder].total < r.players[other].total
    assert r.players[r.bidder].written == 0
    assert r.players[other].written == r.players[0].total + r.players[1].total
