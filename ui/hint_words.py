"""The hint in words: the engine's ``Hint`` gives numbers (card values, samples, bids' values), the UI writes
the sentence — plural forms, signs, the card as the player sees it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import sequences as seqs
from game.actions import Action, Kind
from game.cards import Card, Rank, Suit, beats, strength
from game.cards import points as card_points
from game.counts import player_count
from game.deal import DealView, Phase
from ui.i18n import card_from, card_name, class_name, has, points, signed_number, suit_name, tr, tr_for


def hint_advice(hint: Any, view: DealView, label: Callable[[Action], str]) -> str:
    """What to do and why, as one sentence (after «Подсказка: »); ``label`` names an action like its button."""
    action: Action = hint.action
    if len(view.legal) == 1 and action.kind is Kind.PLAY and action.card is not None:
        return forced_words(view, action.card, bool(action.value))
    if len(view.legal) == 1:
        return tr("hint.only_move", action=label(action))
    if action.kind is Kind.PLAY and action.card is not None:
        values: dict[Any, float] = getattr(hint, "values", {}) or {}
        if len(values) <= 1:  # one card, with belle or without: the rule that leaves it alone is the why
            advice = forced_words(view, action.card, bool(action.value))
        else:
            advice = _card_advice(hint, action, view.players, bidder=view.seat == view.bidder)
            reason = card_reason(view, action.card)
            if reason is not None:  # the why in a player's words, the numbers second
                advice = f"{reason} {advice}"
            advice += " " + tr("hint.chips")  # the chips on the cards: a newcomer read them as bare numbers
        if any(a.kind is Kind.BELLE for a in view.legal):  # the card now, belle later: say that it may wait
            advice += " " + tr(f"hint.belle_later.{view.rules.belle_when.value}")  # when, by the game's rule
        return advice
    if view.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
        return _BID_ADVICE[view.players](hint, view, action)
    said = _own_sequence_words(view, action)
    if said is not None:  # «у вас терц от дамы пиковой (20 очков)»: the hint repeated the button («ваша старше»)
        return tr("hint.reason_line", action=label(action), why=said)
    key = f"hint.why.{action.kind.value}"
    return tr("hint.reason_line", action=label(action), why=tr(key if has(key) else "hint.why.default"))


def _own_sequence_words(view: DealView, action: Action) -> str | None:
    """Why to announce, to say «у меня старше» or «пишет», with the player's own sequence named; None for other
    actions, or with no sequence of the class in question."""
    if action.kind not in (Kind.ANNOUNCE, Kind.MINE, Kind.PISHET) or view.trump is None:
        return None
    cards = list(view.hand)
    if view.trick and view.trick_leader == view.seat:
        cards.append(view.trick[0])  # the card led after announcing is the sequence's still
    cls = action.value if action.kind is Kind.ANNOUNCE else seqs.best_class(cards, view.rules)
    found = seqs.first_of_class(cards, cls, view.trump, view.rules) if cls else None
    if found is None:
        return None
    top = found.top_card
    seq = tr(
        "hint.seq",
        cls=class_name(found.length).lower(),
        card=card_from(top, True if top.suit == view.trump else None),  # «дамы козырной», «короля пикового»
        pts=points(found.points),
    )
    return tr(f"hint.why.{action.kind.value}_seq", seq=seq, cls=class_name(found.length).lower())


def _card_advice(hint: Any, action: Action, players: int = 2, bidder: bool = False) -> str:
    """Two players: the deal's margin over the sampled hands. Three: the margin in the tricks still to play
    (hard3's solver counts only those), or the one-trick estimate hard3 plays by when its nodes ran out before
    one deal was solved."""
    assert action.card is not None
    card = card_name(action.card)
    if action.value:
        card = tr("hint.with_belle", card=card)
    values: dict[Any, float] = getattr(hint, "values", {}) or {}
    best = values.get(action.card, 0.0)
    others = sorted(((v, c) for c, v in values.items() if c != action.card), key=lambda vc: -vc[0])
    gap = best - others[0][0] if others else 0.0
    second = card_name(others[0][1]) if others else ""  # the next best named («Д♦ не хуже»), not «второй по оценке»
    if round(gap, 1) == 0:
        gap_text = tr("hint.gap_equal", second=second)
    elif gap > 0:
        gap_text = tr("hint.gap_more", gap=signed_number(gap, 1).lstrip("+"), second=second)
    else:
        gap_text = tr("hint.gap_less", gap=signed_number(-gap, 1).lstrip("+"), second=second)
    samples = int(getattr(hint, "samples", 0))
    if getattr(hint, "estimate", False):
        exact = tr("hint.exact_too_hard")  # hard3 samples from the first card: here no deal was solved in time
        pts = tr("hint.estimate_pts", value=signed_number(best, 1))  # a fraction: «+6,3 очка»
        return tr("hint.card_estimate", card=card, pts=pts, gap=gap_text, exact=exact)
    # «по 1 раскладу … в среднем» when every card is known: the one deal there is, and no average
    known = samples <= 1
    said = tr("hint.samples_known") if known else tr("hint.samples", count=samples)
    avg = "" if known else tr("hint.avg")
    how = "more" if round(best) > 0 else "less" if round(best) < 0 else "even"  # not «на 0 очков больше»
    pts = points(abs(round(best)))
    if player_count(players).partners:  # the margin of one's side over the other in the tricks still to play
        side = "bidder" if bidder else "defender"
        return tr(f"hint.card3_{side}_{how}", card=card, samples=said, avg=avg, pts=pts, gap=gap_text)
    # «перевес −79» read as a contradiction: more or less than the opponent, and no minus to read
    return tr(f"hint.card_{how}", card=card, samples=said, avg=avg, pts=pts, gap=gap_text)


def forced_words(view: DealView, card: Card, belle: bool = False) -> str:
    """The only card there is, and the rule that rules out the rest of the hand («нужно ходить в масть»), as the
    refusal of another card would say it (``game.deal.tricks.why_card_illegal``); the hint said «единственный
    возможный ход» and no why."""
    name = card_name(card)
    if len(view.hand) <= 1:
        return tr("hint.forced_last", card=name)
    if not view.trick:  # a lead is free: no rule to name
        return tr("hint.only_card", card=name)
    led = view.trick[0]
    if card.suit != led.suit:
        rule = "must_trump"
    elif card.suit == view.trump and any(c.suit == card.suit for c in view.hand if c != card):
        rule = "must_overtrump"
    else:
        rule = "follow_suit"
    return tr("hint.forced", card=name, rule=tr(f"rule.{rule}"))


def hand_words(view: DealView, trump: Suit) -> str:
    """The hand as a player sizes it up for a trump, before any number: «2 козыря, с валетом и девяткой, и 1 туз
    в других мастях» (issue 27: the hint gave «−45,6» and «Пас» with no why)."""
    cards = list(view.hand)
    trumps = [c for c in cards if c.suit == trump]
    ranks = {c.rank for c in trumps}
    jack, nine = Rank.JACK in ranks, Rank.NINE in ranks
    kind = "both" if jack and nine else "jack" if jack else "nine" if nine else "none"
    if len(trumps) == 1 and kind != "none":
        kind = f"only_{kind}"  # «1 козырь — девятка», not «1 козырь, с девяткой»
    top = "" if not trumps else tr(f"hint.top_{kind}")
    aces = sum(1 for c in cards if c.suit != trump and c.rank == Rank.ACE)
    said = tr(
        "hint.hand",
        trumps=tr("hint.trumps", count=len(trumps)) if trumps else tr("hint.no_trumps"),
        top=top,
        aces=tr("hint.aces", count=aces) if aces else tr("hint.no_aces"),
    )
    face_up = view.face_up
    seven = Card.make(Rank.SEVEN, trump)
    if view.rules.seven_swap and face_up.suit == trump and face_up.rank != Rank.SEVEN and seven in cards:
        said += tr("hint.seven_swap", card=card_name(face_up))  # the вскрышка is the trump's: worth more than the 7
    return said


def _bid_advice(hint: Any, view: DealView, action: Action) -> str:
    from game.bots.bidding import decide

    d = decide(view)
    if not d.options:
        return tr("hint.only_move", action=tr("btn_pass"))
    best = max(d.options, key=lambda o: o.utility)
    suit = Suit(view.first_trump) if best.action.suit is None else Suit(best.action.suit)
    ev, bait = points(round(best.utility), signed=True), round(100 * best.bait)
    pv = None if d.pass_value is None else points(round(d.pass_value), signed=True)
    if action.kind is Kind.PASS:
        key = "hint.bid_pass2" if view.phase is Phase.BIDDING_2 else "hint.bid_pass"  # the suit before its count
        said = tr(key, suit=suit_name(suit), ev=ev, bait=bait, pv=pv or "—", hand=hand_words(view, suit))
        if d.round2 is not None and d.round2[1] > max(0.0, best.ev):  # a better trump waits for round 2: say it
            later = Suit(d.round2[0])
            said += " " + tr("hint.bid_later", suit=suit_name(later), ev=points(round(d.round2[1]), signed=True))
        return said
    tail = "" if pv is None else tr("hint.bid_tail", pv=pv)
    chosen = Suit(view.first_trump) if action.suit is None else Suit(action.suit)
    key = "hint.bid_order" if action.kind is Kind.ORDER else "hint.bid_name"
    return tr(key, suit=suit_name(chosen), ev=ev, bait=bait, tail=tail, hand=hand_words(view, chosen))


def _bid_advice3(hint: Any, view: DealView, action: Action) -> str:
    """Three players: hard bids by the fitted value of each contract against passing (``hint.pass_value``)."""
    options: dict[Action, float] = getattr(hint, "options", {}) or {}
    if not options:
        return tr("hint.only_move", action=tr("btn_pass"))
    best = max(options, key=lambda a: options[a])
    bar = getattr(hint, "pass_value", None)
    if bar is None:
        pv = "—"
    else:  # a bar below zero: worth playing even expecting a little less than the others («и при отставании до 20»)
        r = round(bar)
        behind = "hint.bar_behind_pass" if action.kind is Kind.PASS else "hint.bar_behind"  # «только … не больше»
        pv = (
            tr(behind, pts=points(-r))
            if r < 0
            else tr("hint.bar_even")
            if r == 0
            else tr("hint.bar_lead", pts=points(r))
        )

    def suit_of(a: Action) -> Suit:
        return Suit(view.first_trump) if a.suit is None else Suit(a.suit)

    def ev(a: Action) -> str:
        """The expected result as a player says it: «в среднем на 84 очка меньше соперников» (it was «ожидаемый
        итог сдачи (ваши очки минус среднее соперников): −84 очка»)."""
        v = round(options[a])
        return (
            tr("hint.versus_even") if v == 0 else tr(f"hint.versus_{'more' if v > 0 else 'less'}", pts=points(abs(v)))
        )

    if action.kind is Kind.PASS:  # «с лучшим козырем» only when there was a choice (the second round)
        key = "hint.bid3_pass" if len({suit_of(a) for a in options}) > 1 else "hint.bid3_pass_one"
        hand = hand_words(view, suit_of(best))
        return tr(key, suit=suit_name(suit_of(best)), versus=ev(best), bar=pv, hand=hand)
    chosen = action if action in options else best
    tail = "" if bar is None else tr("hint.bid3_tail", bar=pv)
    key = "hint.bid3_order" if action.kind is Kind.ORDER else "hint.bid3_name"
    return tr(
        key, suit=suit_name(suit_of(chosen)), versus=ev(chosen), tail=tail, hand=hand_words(view, suit_of(chosen))
    )


def card_reason(view: DealView, card: Card) -> str | None:
    """Why this card, in a player's words, when a simple reason holds (issue 27: the card hint gave only numbers):
    it takes the trick, it is the highest still in the trick, it adds its points
    to a trick the partner takes, it is the cheapest card when no card can take, it is the highest card of its
    suit still out. None when the reason lies deeper (the numbers then speak)."""
    if view.trump is None:
        return None
    trump = Suit(view.trump)
    plays = [a.card for a in view.legal if a.kind is Kind.PLAY and a.card is not None]
    name = card_name(card)
    if view.trick:
        at = 0  # the winning card's place in the trick
        for i, c in enumerate(view.trick[1:], start=1):
            at = i if beats(c, view.trick[at], trump) else at
        winner = view.trick[at]
        last = len(view.trick) == view.players - 1
        if beats(card, winner, trump):
            return tr("hint.reason.takes" if last else "hint.reason.leads", card=name)
        leader = view.trick_leader
        if last and leader is not None and _partner_takes(view, (leader + at) % view.players):
            pts = card_points(card, trump)  # not «взятку не взять»: the side takes it
            return tr("hint.reason.to_partner", card=name, pts=points(pts)) if pts else None
        if not any(beats(c, winner, trump) for c in plays):
            cheapest = min(card_points(c, trump) for c in plays)
            if card_points(card, trump) == cheapest:
                return tr("hint.reason.cheapest", card=name)
        return None
    gone = {c for t in view.tricks for c in t.cards} | set(view.hand)
    higher = [c for c in Card if c.suit == card.suit and strength(c, trump) > strength(card, trump)]
    if all(c in gone for c in higher):
        mine = [c for c in higher if c in view.hand]
        if mine:  # «старшая из оставшихся» beside one's own ace taught the newcomer a wrong order of the cards
            mine_said = ", ".join(card_name(c) for c in mine)
            return tr_for(view.players, "hint.reason.top_mine", card=name, mine=mine_said)  # «у соперника нет»
        return tr("hint.reason.top", card=name)
    return None


def _partner_takes(view: DealView, seat: int) -> bool:
    """Is ``seat`` the player's partner (three players: the other вистующий once the contract is made)?"""
    bidder = view.bidder
    return bidder is not None and view.seat != bidder and seat not in (bidder, view.seat)


_BID_ADVICE: dict[int, Callable[[Any, DealView, Action], str]] = {2: _bid_advice, 3: _bid_advice3}
"""The bidding advice for each player count: for two the hand against the evaluator, for three the fitted values."""
