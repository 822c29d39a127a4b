"""The hint written as a sentence by the UI (ui/hint_words.py): the bidding advice and a card's, in both
languages, with plural forms that agree with their numbers and the card in the player's letters."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from game import Match, Rules
from game.actions import Action, Kind
from game.bots.medium import MediumBot
from game.cards import Card, Rank, shuffled_deck
from game.deal import Deal, DealView, Phase
from game.services.hint import hint
from ui import i18n
from ui.hint_words import hint_advice

FORMS = {"one": "очко", "few": "очка", "many": "очков"}


def views(seed: int) -> tuple[DealView, DealView]:
    """The first bidding view and a play view with two legal cards or more, from one deal of medium bots."""
    match = Match(Rules.preset("moscow", target=301), first_dealer=0)
    deal = match.start_deal(shuffled_deck(random.Random(seed)))
    bots = [MediumBot(1), MediumBot(2)]
    bidding: DealView | None = None
    while (seat := deal.current_player()) is not None:
        view = deal.view(seat)
        if bidding is None and view.phase is Phase.BIDDING_1:
            bidding = view
        plays = [a for a in view.legal if a.kind is Kind.PLAY]
        if view.phase is Phase.PLAY and len(plays) >= 3 and len(view.tricks) >= 4 and bidding is not None:
            return bidding, view
        match.apply(bots[seat].choose(view))
    raise AssertionError("no play view")


def agree(text: str) -> None:
    """Every «N очк…» in the text has the form CLDR gives N."""
    found = re.findall(r"(?<![\d,])([+−]?\d+) (очко|очка|очков)\b", text)  # a decimal takes «очка»
    assert found, text
    for number, word in found:
        assert FORMS[i18n.plural_category(int(number.lstrip("+−")), "ru")] == word, text


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hint_sentences(seed: int) -> None:
    bidding, play = views(seed)
    try:
        i18n.set_language("ru")
        i18n.set_index_letters("ru")
        bid = hint(bidding, 0)
        text = hint_advice(bid, bidding, i18n.action_label)
        agree(text)
        assert text.startswith(("«Пас»: у вас ", "«Играю», козырь", "назовите козырь")), text
        # the reason in a player's words first (issue 27), the numbers second
        hand, verdict = text.split(". По расчёту ", 1)  # the hand as facts, then the verdict with its numbers
        assert "козыр" in hand and "туз" in hand and "ваши очки минус очки соперника" in verdict, text
        assert "Пас — Пас" not in text and "{" not in text
        card = hint(play, 0)
        assert card.action.kind is Kind.PLAY and card.action.card is not None
        text = hint_advice(card, play, i18n.action_label)
        agree(text)
        assert text.startswith(i18n.card_name(card.action.card) + " ") and "раскладам" in text, text
        i18n.set_index_letters("latin")
        assert hint_advice(card, play, i18n.action_label).startswith(i18n.card_name(card.action.card))
        i18n.set_language("en")
        english = hint_advice(bid, bidding, i18n.action_label)
        assert "points" in english or "point" in english
        assert re.search(r"over \d+ deals? of the hidden cards", hint_advice(card, play, i18n.action_label))
    finally:
        i18n.set_language("ru")
        i18n.set_index_letters("ru")


def test_only_move() -> None:
    class Only:
        action = Action(Kind.PASS)

    bidding, _ = views(1)
    one = replace(bidding, legal=(Action(Kind.PASS),))
    i18n.set_language("ru")
    assert hint_advice(Only(), one, i18n.action_label) == "«Пас» — единственный возможный ход."


def test_the_hand_in_a_players_words() -> None:
    """Issue 27: «Пас» came with numbers only. The hint first sizes the hand up as a player does."""
    from types import SimpleNamespace

    from game.cards import Suit, parse_cards
    from ui.hint_words import hand_words

    i18n.set_language("ru")
    view = SimpleNamespace(
        face_up=Card.parse("8H"), rules=Rules.preset("moscow"), hand=parse_cards("JS 9S 7S AH AD 8C")
    )
    assert hand_words(view, Suit.S) == "3 козыря, с валетом и девяткой; в других мастях 2 туза"  # type: ignore[arg-type]
    view = SimpleNamespace(
        face_up=Card.parse("8H"), rules=Rules.preset("moscow"), hand=parse_cards("KS 8H 7D TC QC 9D")
    )
    assert hand_words(view, Suit.S) == "1 козырь, без валета и девятки; в других мастях ни одного туза"  # type: ignore[arg-type]
    assert hand_words(view, Suit.H).startswith("1 козырь, без валета")  # type: ignore[arg-type]
    # one trump that is the nine is that card, «1 козырь (девятка)», not «1 козырь, с девяткой» (a player's pass)
    view = SimpleNamespace(
        face_up=Card.parse("8H"), rules=Rules.preset("moscow"), hand=parse_cards("9D 8H 7S TC QC KC")
    )
    assert hand_words(view, Suit.D).startswith("1 козырь (девятка);")  # type: ignore[arg-type]


def test_a_card_hint_says_belle_may_wait() -> None:
    """A newcomer pressed H while «Белла» was on offer and read only «10♥ — единственная карта…»: when the hint
    plays a card and belle could be declared now, it says belle may wait, and until when."""
    from types import MappingProxyType

    from game.cards import Card

    class OneCard:
        action = Action(Kind.PLAY, Card.parse("TH"))
        values = MappingProxyType({Card.parse("TH"): 3.0})

    _, play = views(1)
    i18n.set_language("ru")
    with_belle = replace(play, legal=(Action(Kind.PLAY, Card.parse("TH")), Action(Kind.BELLE)))
    text = hint_advice(OneCard(), with_belle, i18n.action_label)
    assert text.startswith("10♥ — единственная карта") and "Беллу можно объявить и позже" in text, text
    assert with_belle.rules.belle_when.value == "before_any_card" and "пока король или дама козырей" in text
    # «По книге»: only while both are held — playing one of them silently loses it (an audit found the other words)
    book = replace(with_belle, rules=Rules.preset("book"))
    assert book.rules.belle_when.value == "holding_both"
    said = hint_advice(OneCard(), book, i18n.action_label)
    assert "пока у вас на руке и король, и дама козырей" in said and "сыграете одного из них" in said
    without = replace(play, legal=(Action(Kind.PLAY, Card.parse("TH")), Action(Kind.PLAY, Card.parse("KH"))))
    assert "Белл" not in hint_advice(OneCard(), without, i18n.action_label)


def test_a_card_hint_says_why_in_a_players_words() -> None:
    """Issue 27: a card's hint gave only numbers. Where a simple reason holds it comes first: the card takes the
    trick, no card can take and this is the cheapest, or it is the highest of its suit still out."""
    from game.cards import Card, Suit
    from game.deal import Trick

    _, play = views(1)
    i18n.set_language("ru")

    def view_with(trick: str, legal: str, tricks: tuple[Trick, ...] = (), hand: str = "") -> DealView:
        cards = [Card.parse(c) for c in legal.split()]
        return replace(
            play,
            trump=Suit.H,
            trick=tuple(Card.parse(c) for c in trick.split()),
            trick_leader=1 if trick else None,
            legal=tuple(Action(Kind.PLAY, c) for c in cards),
            tricks=tricks,
            hand=tuple(Card.parse(c) for c in (hand or legal).split()),
        )

    from ui.hint_words import card_reason

    assert card_reason(view_with("9S", "AS 7S"), Card.parse("AS")) == "Т♠ берёт взятку."
    cannot = view_with("AS", "KS 7S")
    assert (
        card_reason(cannot, Card.parse("7S")) == "Взятку не взять — 7♠ самая дешёвая из карт, которыми можно сыграть."
    )
    assert card_reason(cannot, Card.parse("KS")) is None  # a dearer card given away: the numbers say why
    assert card_reason(view_with("", "AS KS"), Card.parse("AS")) == "Т♠ — старшая из оставшихся карт своей масти."
    assert card_reason(view_with("", "KS 7D"), Card.parse("KS")) is None  # the ace and the ten are still out
    gone = (Trick(0, (Card.parse("AS"), Card.parse("TS")), 0),)
    assert card_reason(view_with("", "KS 7D", gone), Card.parse("KS")) == "К♠ — старшая из оставшихся карт своей масти."
    assert card_reason(view_with("9S", "7H 8D"), Card.parse("7H")) == "7♥ берёт взятку."  # a trump takes it
    # a player's pass: «10♠ — старшая из оставшихся» while the ace was in the player's own hand
    assert (
        card_reason(view_with("", "AS TS 8S"), Card.parse("TS"))
        == "Старше 10♠ в этой масти у соперника нет (Т♠ — у вас)."  # two players: not «у других»
    )
    base = view_with("", "AS TS 8S")
    three = replace(base, rules=Rules.preset("moscow", players=3))
    assert card_reason(three, Card.parse("TS")) == "Старше 10♠ в этой масти у соперников нет (Т♠ — у вас)."
    assert card_reason(view_with("", "AS QS 8S"), Card.parse("QS")) is None  # the ten and the king are still out
    assert card_reason(view_with("", "AS QS 8S"), Card.parse("AS")) == "Т♠ — старшая из оставшихся карт своей масти."


def test_a_hard_deals_card_hint_says_less_not_a_negative_margin() -> None:
    """«ваш перевес над соперником в среднем −79 очков» contradicted itself (a coach's first deal). A deal
    expected to go badly says «но и с ней … на 79 очков меньше соперника (на 6 очка лучше, чем К♥)»; a good one
    «больше». With another card as good it said «с другой картой — ещё меньше (К♥ не хуже)»: it says only «К♥ не
    хуже» now."""
    from types import MappingProxyType

    from game.cards import Card

    class Hint:
        action = Action(Kind.PLAY, Card.parse("TH"))
        values = MappingProxyType({Card.parse("TH"): -79.0, Card.parse("KH"): -85.0})
        samples = 48

    _, play = views(1)
    i18n.set_language("ru")
    two = replace(play, legal=(Action(Kind.PLAY, Card.parse("TH")), Action(Kind.PLAY, Card.parse("KH"))))
    text = hint_advice(Hint(), two, i18n.action_label)
    assert "но и с ней в среднем вы запишете на 79 очков меньше соперника (на 6,0 очка лучше, чем К♥)" in text, text
    assert "−" not in text and "ещё меньше" not in text
    Hint.values = MappingProxyType({Card.parse("TH"): -71.2, Card.parse("KH"): -71.2})
    tie = hint_advice(Hint(), two, i18n.action_label)
    assert "на 71 очко меньше соперника (К♥ не хуже)." in tie and "ещё меньше" not in tie, tie
    Hint.values = MappingProxyType({Card.parse("TH"): 12.0, Card.parse("KH"): 5.0})
    assert "на 12 очков больше соперника" in hint_advice(Hint(), two, i18n.action_label)


def test_a_pass_hint_names_the_suit_that_waits_for_round_two() -> None:
    """A player's pass: with Т♠ 7♠ Т♦ В♦ 9♦ 7♣ (♠ turned up) the hint said «пас даёт +43 очка» and left it there;
    the plus is round two's В-9-Т♦. The pass hint now names the suit to name there, with its value."""
    import random

    from game.bots.bidding import decide
    from game.cards import Suit, shuffled_deck
    from game.deal import Deal
    from game.rules import Rules
    from ui.hint_words import hint_advice

    i18n.set_language("ru")
    found = 0
    for seed in range(400):
        deal = Deal(Rules.preset("moscow"), 0, shuffled_deck(random.Random(seed)))
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        d = decide(view)
        if d.action.kind is not Kind.PASS or d.round2 is None:
            continue
        best = max(d.options, key=lambda o: o.utility)
        text = hint_advice(hint(view, 0), view, i18n.action_label)
        later = f"Если во втором круге дойдёт до вас, можно назвать {i18n.suit_name(Suit(d.round2[0]))}"
        assert (later in text) == (d.round2[1] > max(0.0, best.ev)), text
        found += d.round2[1] > max(0.0, best.ev)
        if found >= 2:
            break
    assert found >= 2


def test_a_round_two_pass_names_the_suit_before_counting_its_trumps() -> None:
    """A player's pass: in round two nothing is trump yet, and «у вас 3 козыря» came before the suit it counted.
    The suit comes first: «"Пас": даже при лучшем козыре (♣ трефы) у вас 3 козыря…»."""
    from types import SimpleNamespace

    i18n.set_language("ru")
    rules = Rules.preset("moscow")
    match = Match(rules, 0)
    deal = match.start_deal(shuffled_deck(random.Random(4)))
    match.apply(Action(Kind.PASS))
    match.apply(Action(Kind.PASS))
    seat = deal.current_player()
    assert seat is not None and deal.phase is Phase.BIDDING_2
    view = deal.view(seat)
    text = hint_advice(SimpleNamespace(action=Action(Kind.PASS)), view, i18n.action_label)
    assert text.startswith("«Пас»: даже при лучшем козыре (") and ") у вас " in text and "По расчёту" in text, text
    head = text.split(") у вас ")[0]
    assert "♠" in head or "♣" in head or "♥" in head or "♦" in head


def test_a_forced_card_is_hinted_with_the_rule_that_forces_it() -> None:
    """A newcomer's pass: «Подсказка: «К♥» — единственный возможный ход.» named no rule. The hint names the rule the
    engine would give for the other cards of the hand (follow suit, trump, beat the trump), and the last card as
    such — over whole deals of medium bots, every forced card of either seat."""
    from types import SimpleNamespace

    from game import actions as A
    from ui.i18n import card_name

    i18n.set_language("ru")
    seen: set[str] = set()
    for seed in range(12):
        match = Match(Rules.preset("moscow", target=301), first_dealer=0)
        deal = match.start_deal(shuffled_deck(random.Random(seed)))
        bots = [MediumBot(1), MediumBot(2)]
        while (seat := deal.current_player()) is not None:
            view = deal.view(seat)
            if view.phase is Phase.PLAY and len(view.legal) == 1 and view.legal[0].kind is Kind.PLAY:
                card = view.legal[0].card
                assert card is not None
                text = hint_advice(SimpleNamespace(action=view.legal[0], values={card: 0.0}), view, i18n.action_label)
                others = [c for c in view.hand if c != card]
                if not others:
                    assert text == f"{card_name(card)} — последняя карта на руке.", text
                    seen.add("last")
                else:
                    rules = {deal.why_illegal(A.play(c)) for c in others}
                    rule = next(r for r in rules if r is not None and text.endswith(f": {i18n.tr('rule.' + r)}."))
                    assert text.startswith(f"{card_name(card)} — единственная карта, которой можно сыграть"), text
                    seen.add(rule)
            match.apply(bots[seat].choose(view))
    assert seen >= {"last", "follow_suit", "must_trump"}, seen


def test_a_card_hint_with_every_card_known_or_an_even_margin_reads_as_a_player_would_say_it() -> None:
    """«по 1 раскладу скрытых карт … в среднем» when every card is known, «на 0 очков больше соперника», and
    «пас даёт +0 очков» were a newcomer's report."""
    from types import SimpleNamespace

    from ui.i18n import points

    _, play = views(1)
    cards = [a.card for a in play.legal if a.kind is Kind.PLAY and a.card is not None]
    i18n.set_language("ru")
    known = SimpleNamespace(action=Action(Kind.PLAY, cards[0]), values={cards[0]: 12.0, cards[1]: 4.0}, samples=1)
    text = hint_advice(known, play, i18n.action_label)
    assert "(все карты уже известны): вы запишете за сдачу на 12 очков больше" in text and "в среднем" not in text
    even = SimpleNamespace(action=Action(Kind.PLAY, cards[0]), values={cards[0]: 0.2, cards[1]: -3.0}, samples=40)
    text = hint_advice(even, play, i18n.action_label)
    assert "в среднем вы запишете за сдачу столько же, сколько соперник" in text and "0 очков" not in text, text
    assert text.endswith(" Числа на картах — то же для каждой карты.")  # the chips said what they are
    assert "по 40 возможным раскладам карт, которых вы не видите" in text and "не видя" not in text
    assert points(0, signed=True) == "0 очков" and points(5, signed=True) == "+5 очков"
    i18n.set_language("en")
    text = hint_advice(known, play, i18n.action_label)
    assert "(every card is known by now); you score 12 points more" in text and "on average" not in text, text
    i18n.set_language("ru")


def test_a_long_hint_has_a_panel_at_the_status_lines_size_above_it() -> None:
    """The hint's panel (``draw_note``): above the status line, its words at the line's size while they fit four
    lines, smaller only beyond (the status line had squeezed a long hint into two lines of 10 px)."""
    import pygame

    from ui.fonts import wrap
    from ui.scenes.table.hint import NOTE_LINES, draw_note

    pygame.font.init()
    surface = pygame.Surface((1024, 640))
    bar = pygame.Rect(0, 606, 794, 34)
    text = "Подсказка: " + "Взятку не взять — 7♣ самая дешёвая из карт, которыми можно сыграть. " * 2
    rect = draw_note(surface, bar, text, 14)
    assert rect.bottom <= bar.top and bar.x < rect.x and rect.right < bar.right
    lines = wrap(text, 14, rect.w - 16, bold=True)
    assert len(lines) >= 2 and rect.h == len(lines) * (14 + 6) + 14  # every line at 14 px
    very_long = draw_note(surface, bar, text * 4, 14)
    assert very_long.bottom <= bar.top and very_long.h <= NOTE_LINES * (14 + 6) + 14


def test_a_card_hint_for_three_says_the_partner_takes_the_trick() -> None:
    """A вистующий last to play, the partner's card winning: «Взятку берёт партнёр — Т♠ добавит в неё 11 очков»,
    not «Взятку не взять — … самая дешёвая» (the side takes it). A card worth nothing gets no such reason, and
    the bidder winning the trick keeps «взятку не взять»."""
    from game.cards import Card, Suit
    from ui.hint_words import card_reason

    _, play = views(1)
    i18n.set_language("ru")
    three = Rules.preset("moscow", players=3)

    def view_with(trick: str, legal: str, bidder: int) -> DealView:
        cards = [Card.parse(c) for c in legal.split()]
        return replace(
            play,
            rules=three,
            seat=0,
            bidder=bidder,
            trump=Suit.H,
            trick=tuple(Card.parse(c) for c in trick.split()),
            trick_leader=1,  # seat 1 led, seat 2 played, seat 0 (the player) is last
            legal=tuple(Action(Kind.PLAY, c) for c in cards),
            tricks=(),
            hand=tuple(cards),
        )

    partner_wins = view_with("7S AS", "TS 8S", bidder=1)  # seat 2's ace wins; seat 1 is the bidder
    assert card_reason(partner_wins, Card.parse("TS")) == "Взятку берёт партнёр — 10♠ добавит в неё 10 очков."
    assert card_reason(partner_wins, Card.parse("8S")) is None
    bidder_wins = view_with("7S AS", "TS 8S", bidder=2)
    assert card_reason(bidder_wins, Card.parse("8S")).startswith("Взятку не взять — 8♠")  # type: ignore[union-attr]
    i18n.set_language("en")
    assert card_reason(partner_wins, Card.parse("TS")) == "Your partner takes the trick — 10♠ adds 10 points to it."
    i18n.set_language("ru")


def test_the_bidding_hint_says_the_trump_seven_may_be_swapped() -> None:
    """A newcomer's pass: with 7♥ under an Т♥ вскрышка the hint counted the hand as it is, and said nothing of the
    swap that gives the ace for the seven."""
    from ui.hint_words import hand_words

    i18n.set_language("ru")
    seen = {True: 0, False: 0}
    for seed in range(200):
        deal = Deal(Rules.preset("moscow"), 0, shuffled_deck(random.Random(seed)))
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        up = view.face_up
        holds = up.rank != Rank.SEVEN and Card.make(Rank.SEVEN, up.suit) in view.hand
        text = hand_words(view, up.suit)
        note = f"семёрку козырей можно будет поменять на вскрышку ({i18n.card_name(up)})"
        assert (note in text) == holds, text
        seen[holds] += 1
        no_swap = replace(view, rules=Rules.preset("moscow", seven_swap=False))
        assert "поменять" not in hand_words(no_swap, up.suit)
    assert seen[True] and seen[False]
