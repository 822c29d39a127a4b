"""Write the sample game records in ``saves/`` that show the rules at work.

    python saves/make_samples.py          # (re)writes saves/*.json, saves/manifest.json, saves/README.md

Deterministic: every deck is either built by hand (``build_deck``: the wanted hands in the dealing order
of ``game/deal.py``) or shuffled by ``random.Random(seed)`` with a fixed seed, and every choice not
scripted is made by the small legal-action chooser below from a seeded generator. Where a situation
needs luck (a tie, a bait), the script tries seeds 0, 1, 2, ... and keeps the first one that gives it,
so a rerun finds the same one. The meta block is fixed, so a rerun writes byte-identical files.

Each sample's expected final score and winner are written in ``SAMPLES`` below, next to a hand check
of its key deal; the script refuses to write a sample whose replay disagrees with them. The tests
(``tests/test_samples.py``) read ``saves/manifest.json`` and check the same values and, semantically,
that the feature each sample claims is really in the game.
"""

from __future__ import annotations

import copy
import json
import os
import random
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from game import actions as A  # noqa: E402
from game.actions import Action, Kind  # noqa: E402
from game.cards import Card, Rank, parse_cards, shuffled_deck  # noqa: E402
from game.deal import Deal, Phase, build_deck_n  # noqa: E402
from game.deal import build_deck as deal_build_deck  # noqa: E402
from game.match import Match  # noqa: E402
from game.record import dumps, loads, overrides_of, record_of, replay  # noqa: E402
from game.rules import Rules  # noqa: E402
from game.scoring import Outcome  # noqa: E402

PLAYERS = ["Анна", "Борис"]
PLAYERS3 = ["Анна", "Борис", "Вера"]  # «деберц втроём»: seat 2, on Борис's left
META = {
    "created": "2026-01-01T12:00:00",
    "updated": "2026-01-01T12:00:00",
    "generator": "saves/make_samples.py",
}

# ---------------------------------------------------------------------------- decks


def build_deck(non_dealer: str, dealer: str, face_up: str, freza: str | None = None) -> list[Card]:
    """``game.deal.build_deck`` from card codes (6 or 9 cards a hand; unnamed cards fill in deck order)."""
    bottom = Card.parse(freza) if freza else None
    return deal_build_deck(parse_cards(non_dealer), parse_cards(dealer), Card.parse(face_up), bottom)


# ---------------------------------------------------------------------------- a simple chooser

_TRUMP_WEIGHT = {Rank.JACK: 4, Rank.NINE: 3, Rank.ACE: 2, Rank.TEN: 1.5}


def _suit_value(hand: Iterable[Card], suit: int) -> float:
    return sum(_TRUMP_WEIGHT.get(Rank(c % 8), 1.0) for c in hand if c // 8 == suit)


class Chooser:
    """Picks a legal action: sensible bidding and dialog, random legal cards from a seeded generator.

    Guided etiquette offers only correct dialog moves, and the first one offered is the informative one
    (announce / «рост?» / «у меня старше» before «пишет»). Claims are made when true, belle is always
    declared, the seven swap always taken (never the «проходит ли?» question). Offers of 50 and «даве»
    are never made unless scripted; an offer is refused, a raise accepted.
    """

    def __init__(self, rng: random.Random, order_at: float = 6.0) -> None:
        self.rng = rng
        self.order_at = order_at

    def choose(self, deal: Deal) -> Action:
        legal = deal.legal_actions()
        seat = deal.current_player()
        assert seat is not None and legal
        kinds = {a.kind for a in legal}
        hand = deal.hand(seat)
        if deal.phase is Phase.BIDDING_1:
            return A.ORDER if _suit_value(hand, deal.first_trump) >= self.order_at else A.PASS
        if deal.phase is Phase.BIDDING_2:
            names = [a for a in legal if a.kind is Kind.NAME]
            best = max(names, key=lambda a: _suit_value(hand, a.suit))  # type: ignore[arg-type]
            if A.PASS not in legal or _suit_value(hand, best.suit) >= self.order_at:  # type: ignore[arg-type]
                return best
            return A.PASS
        if deal.phase is Phase.OFFER:  # «с предложением»: no offer unless scripted; an offer is refused
            return A.answer_offer(False) if Kind.ANSWER_OFFER in kinds else A.NO_OFFER
        if Kind.ANSWER_DAVE in kinds:  # «даве»: played on unless scripted
            return A.answer_dave(True)
        if deal.phase is Phase.CLAIM:
            true = deal.result is not None and deal.result.scores_after[seat] >= deal.rules.target
            return A.CLAIM if A.CLAIM in legal and true else A.NO_CLAIM
        if Kind.CLAIM in kinds and deal.claimed_scores()[seat] >= deal.rules.target:
            return A.CLAIM
        for kind in (
            Kind.ANSWER_PASSES,
            Kind.TELL_TOP,
            Kind.ANNOUNCE,
            Kind.ROST,
            Kind.MINE,
            Kind.PISHET,
            Kind.SWAP,
            Kind.BELLE,
        ):
            for a in legal:
                if a.kind is kind:
                    return a
        plays = [a for a in legal if a.kind is Kind.PLAY]
        with_belle = [a for a in plays if a.value]
        if with_belle:
            return with_belle[0]
        return plays[self.rng.randrange(len(plays))]


# ---------------------------------------------------------------------------- playing deals


def play_deal(match: Match, deck: list[Card], script: Iterable[str] = (), seed: int = 0, order_at: float = 6.0) -> Deal:
    """Start a deal with ``deck``, apply the scripted actions, let the chooser finish it."""
    deal = match.start_deal(deck)
    for text in script:
        match.apply(Action.parse(text))
    chooser = Chooser(random.Random(seed), order_at)
    while not deal.is_over():
        match.apply(chooser.choose(deal))
    return deal


def search_deal(
    match: Match,
    wanted: Callable[[Deal, Match], bool],
    deck: list[Card] | None = None,
    script: Iterable[str] = (),
    tries: int = 20000,
    order_at: float = 6.0,
    salt: int = 0,
) -> Match:
    """The first seed (0, 1, ...) whose deal satisfies ``wanted``; the seed shuffles the deck unless given.

    ``salt`` and the deal's number are mixed into the shuffle so that samples and deals differ.
    """
    script = list(script)
    for seed in range(tries):
        m = copy.deepcopy(match)
        d = deck if deck is not None else shuffled_deck(random.Random(f"{salt}-{len(m.deals)}-{seed}"))
        deal = play_deal(m, d, script, seed, order_at)
        if wanted(deal, m):
            return m
    raise RuntimeError("no seed gives the wanted deal")


def play_to_end(match: Match, seed: int, order_at: float = 6.0, max_deals: int = 60) -> Match:
    """Shuffled deals (from ``seed``) until the game is over."""
    rng = random.Random(seed)
    while match.over is None:
        if len(match.deals) >= max_deals:
            raise RuntimeError("the game does not end")
        play_deal(match, shuffled_deck(rng), (), rng.randrange(1 << 30), order_at)
    return match


def scored(match: Match) -> list[Deal]:
    return [d for d in match.deals if d.outcome not in (Outcome.REDEAL_PASSES, Outcome.REDEAL_FOUR_SEVENS)]


def is_tie(deal: Deal, _m: Match) -> bool:
    return bool(deal.result and deal.result.tie)


def has_winner(deal: Deal, _m: Match) -> bool:
    r = deal.result
    return bool(r and r.outcome is Outcome.PLAYED and r.winner is not None)


# ---------------------------------------------------------------------------- the samples


@dataclass
class Sample:
    file: str
    preset: str
    shows: str
    build: Callable[[], Match]
    scores: tuple[int, ...]  # expected final sheet (one total per seat)
    winner: int | None  # expected winner (None: the record stops before the game is decided)
    checks: list[str] = field(default_factory=list)  # features tests/test_samples.py verifies
    # hand-checked lines of the key deals: {"deal": n (1-based), "totals": [..], "written": [..], ...}
    key: list[dict[str, Any]] = field(default_factory=list)


def moscow_bait() -> Match:
    m = Match(Rules.preset("moscow"), 0)
    return search_deal(m, lambda d, _m: bool(d.result and d.result.bait), salt=5)


def moscow_hanging() -> Match:
    m = search_deal(Match(Rules.preset("moscow"), 0), is_tie, salt=1)
    tied_bidder = m.deals[-1].bidder

    def bidder_wins_back(deal: Deal, _m: Match) -> bool:  # the bidder whose points hung takes them back
        r = deal.result
        return bool(has_winner(deal, _m) and r and not r.bait and r.winner == tied_bidder)

    return search_deal(m, bidder_wins_back, salt=1)


def moscow_chained_tie() -> Match:
    m = search_deal(Match(Rules.preset("moscow"), 0), is_tie, salt=2)
    m = search_deal(m, is_tie, salt=2)
    return search_deal(m, has_winner, salt=2)


def club_chained_tie() -> Match:
    m = search_deal(Match(Rules.preset("club"), 0), is_tie, salt=3)
    m = search_deal(m, is_tie, salt=3)
    return search_deal(m, has_winner, salt=3)


# Equal терцы from the jack: the leader (Борис, seat 1, non-dealer) holds 9-10-J of spades, the dealer
# (Анна, seat 0) 9-10-J of hearts, the trump. No other run of three in either hand.
ROST_DECK = "9S TS JS AC 8C KD 7D 9D AS", "9H TH JH 7S 8S QD TC JC KS", "8H"


def rost(preset: str, answer: str) -> Callable[[], Match]:
    def build() -> Match:
        m = Match(Rules.preset(preset), 0)
        play_deal(m, build_deck(*ROST_DECK), ["pass", "order", "announce:terz", "play:AC", "rost", "top", answer])
        return m

    return build


def moscow_seven_swap() -> Match:
    # Борис (non-dealer, leads) orders spades holding 7-8-9 of spades, asks «проходит ли мой терц?»;
    # Анна holds a терц from the ace of clubs, so the true answer is «нет»; Борис swaps the seven for
    # the face-up jack of spades (his терц is gone), and Анна announces her терц after his silence.
    deck = build_deck("7S 8S 9S AH KD 7C TH 8D QS", "QC KC AC 9D TD 8H 7H 9C AD", "JS")
    m = Match(Rules.preset("moscow"), 0)
    play_deal(m, deck, ["order", "ask-passes", "passes:no", "swap", "play:AH", "announce:terz"])
    return m


def moscow_strict() -> Match:
    # Strict etiquette: Анна (dealer, second to play) asks «рост?» holding no терц at all.
    rules = Rules.preset("moscow").with_options(etiquette="strict")
    deck = build_deck("9S TS JS AC 8C KD 7D 9D AS", "JH 9H AH 7S 8S QD TC KC KS", "8H")
    m = Match(rules, 0)
    play_deal(m, deck, ["pass", "order", "announce:terz", "play:AC", "rost"])
    return m


def moscow_full() -> Match:
    """A whole game to 501 with at least one bait, ended by a true claim during a deal."""
    for seed in range(1000):
        m = play_to_end(Match(Rules.preset("moscow"), 0), seed, 5.0)
        assert m.over is not None
        if (
            m.over.reason == "claim"
            and m.deals[-1].outcome is Outcome.CLAIMED
            and any(d.result and d.result.bait for d in m.deals)
        ):
            return m
    raise RuntimeError("no game ends on a claim during play")


def club_four_sevens() -> Match:
    # Борис (non-dealer) orders diamonds and, before his first card, shows four sevens: a redeal by the
    # same dealer; the new deal is played out.
    deck = build_deck("7S 7C 7D 7H AS KC 8C 9H TS", "JC QC AH KH QD 9S 8S TD AD", "JD")
    m = Match(Rules.preset("club"), 0)
    play_deal(m, deck, ["order", "four-sevens"])
    return search_deal(m, has_winner, salt=4)


def book_fifty_over_terz() -> Match:
    # Борис leads and announces a терц (Q-K-A of clubs); Анна answers «пятьдесят» (8-9-10-J of diamonds).
    deck = build_deck("QC KC AC 7S 9S JH 8H TS KD", "8D 9D TD JD AS QH 7C 8C 9H", "AD")
    m = Match(Rules.preset("book"), 0)
    play_deal(m, deck, ["pass", "order", "announce:terz", "play:AC", "announce:fifty"])
    return m


def book_belle() -> Match:
    # Анна (dealer) holds the king and queen of hearts, the trump; book: belle on one's turn holding both.
    deck = build_deck("AS TS 9C JD 8D 7S KC 9S AD", "KH QH JH AC TC 8S 7H 8H QS", "9H")
    m = Match(Rules.preset("book"), 0)
    play_deal(m, deck, ["pass", "order"])
    return m


def one_strike_bait() -> Match:
    m = Match(Rules.preset("one_strike"), 0)
    return search_deal(m, lambda d, _m: bool(d.result and d.result.bait), order_at=4.0, salt=6)


def offer_game() -> Match:
    """«С предложением»: deal 1 an offer accepted, deal 2 an offer refused and played; then to the end by a
    gap of 250 (the first seed whose game ends so)."""
    for seed in range(1000):
        m = Match(Rules.preset("offer"), 0)
        play_deal(m, build_deck(*ROST_DECK), ["pass", "order", "offer", "offer:yes"])
        m = search_deal(m, has_winner, script=["order", "offer", "offer:no"], salt=7)
        play_to_end(m, 2_000_000 + seed, 5.0)
        if m.over is not None and m.over.reason == "gap":
            return m
    raise RuntimeError("no game ends by the gap")


def one_strike_dave() -> Match:
    # Борис (non-dealer) orders ♥ and says «даве» before his first card; Анна plays on at ×2. Борис's Q♥
    # loses to Анна's 10♥; on her lead Анна says «даве» again; Борис gives up: Анна wins, Борис, the
    # bidder, pays double of ×2: 4 stakes.
    deck = build_deck("KH QH AS 8C JD 7D JS 9C KC", "8H TH 7S 8S TS 7C 8D TD QD", "7H")
    m = Match(Rules.preset("one_strike", dave=True), 0)
    play_deal(m, deck, ["order", "dave", "dave:yes", "play:QH", "play:TH", "dave", "dave:no"])
    return m


SKI_DECK = "7S 8S 9S TS JS QS KS AD AC", "JH QH KH AH 7D 8D 7C 8C 9D", "AS"


def yellowclub_full() -> Match:
    """A whole game to 501: deal 2 is built so that its dealer takes no trick (лыжа)."""
    for seed in range(1000):
        m = Match(Rules.preset("yellowclub"), 0)
        play_deal(m, shuffled_deck(random.Random(seed)), (), seed, 4.0)
        if m.over is not None:
            continue
        play_deal(m, build_deck(*SKI_DECK), ["order"], seed, 4.0)
        play_to_end(m, 1_000_000 + seed, 4.0)
        # the baits of the game are counted together: the game's third bait costs −100 although it is the
        # baited player's first or second own bait (counted per player it would cost nothing)
        baited = [d.result.bidder for d in m.deals if d.result and d.result.bait]
        if len(baited) >= 3 and baited[:3].count(baited[2]) < 3:
            return m
    raise RuntimeError("no game with a third bait")


def three_players() -> Match:
    """«Деберц втроём» to 301: deal 1 is the official example of the dialog for three, then the game is played
    out. Анна (seat 0) deals; Борис (seat 1, her left) orders clubs and leads: «пятьдесят» (9-10-J-Q ♥);
    Вера: «рост?»; Анна plays in silence; Борис: «от дамы»; Вера: «не годится, пятьдесят от туза пик»;
    Анна: «родили терц от девятки пик»."""
    hands = [
        parse_cards(h)
        for h in ("9H TH JH QH AC JC 9C KD 7D", "JS QS KS AS 8H 8D TC QD 7H", "7S 8S 9S AD TD KH 8C AH 9D")
    ]
    deck = build_deck_n(hands, Card.parse("KC"))  # hands in dealing order: Борис, Вера, Анна
    m = Match(Rules.preset("moscow", players=3, target=301), 0)
    play_deal(
        m, deck, ["order", "announce:fifty", "play:KD", "rost", "play:QD", "play:AD", "top", "mine", "announce:terz"], 3
    )
    return play_to_end(m, 7)


def is_bait(deal: Deal, _m: Match) -> bool:
    r = deal.result
    return bool(r and r.outcome is Outcome.PLAYED and r.bait)


def kharkov_three_hanging() -> Match:
    """Three players, kharkov: a tie (the bidder's points hang), then a bait: the вистующие share them."""
    m = search_deal(Match(Rules.preset("kharkov", players=3), 0), is_tie, salt=3)
    return search_deal(m, is_bait, salt=4)


def deal_line(n: int, totals: tuple[int, ...], written: tuple[int, ...], **extra: Any) -> dict[str, Any]:
    return {"deal": n, "totals": list(totals), "written": list(written), **extra}


# Seats: 0 = Анна (deals first), 1 = Борис. "totals" = points made in the deal (cards + last trick 10 +
# counted sequences + belle), "written" = what the sheet gets. Each key line was checked by hand against
# the deal's tricks (python main.py score saves/FILE; the card points trick by trick in the comments).
SAMPLES: list[Sample] = [
    # Deal 1: Борис pass, Анна pass, Борис pass, Анна names clubs in round 2 and is the bidder.
    # Борис: tricks JC-AC 31, KD-KC 8, KH-QH 7, TD-QC 13, 8S-QS 3, 7S-7D 0 = 62 + last 10 + fifty to the
    # king of clubs 50 + belle 20 = 142. Анна: TC-9C 24, 9H-AH 11, 7H-7C 0 = 35 < 142: байт, Борис
    # writes 35 + 142 = 177, Анна 0.
    Sample(
        "moscow-bait.json",
        "moscow",
        "байт: the bidder makes fewer points; the opponent writes both totals, the bidder nothing",
        moscow_bait,
        (0, 177),
        None,
        ["bait"],
        [deal_line(1, (35, 142), (0, 177), bait=True)],
    ),
    # Deal 1 (Анна orders ♦): Анна 9H-QH 3, AH-AD 22, 9D-TC 24, JC-9C 2 = 51 + last 10 = 61; Борис 9S-8S 0,
    # TS-7S 10, JD-TD 30, AC-QC 14, QS-KS 7 = 61: a tie; Анна's 61 hang, Борис writes his 61; the вистующий
    # Борис deals next. Deal 2 (Анна names ♠): Анна 7D-JS 20, AS-7S 11, QC-JC 5, AH-8S 11 = 47 + 10 = 57;
    # Борис AD-KD 15, JH-8H 2, QD-9D 3, TC-KS 14 = 34. Анна wins and writes 57 + 61 = 118.
    Sample(
        "moscow-hanging.json",
        "moscow",
        "висячий байт: a tie; the bidder's points hang, and she wins them back in the next deal",
        moscow_hanging,
        (118, 95),
        None,
        ["hanging"],
        [
            deal_line(1, (61, 61), (0, 61), tie=True, hanging_now=61),
            deal_line(2, (57, 34), (118, 34), hanging_received=[61, 0]),
        ],
    ),
    # Deal 1: tie 58 : 58, Анна (bidder) hangs 58. Deal 2: tie 56 : 56 (Анна 26 + last 10 + belle 20),
    # Борис (bidder) hangs 56, Анна writes 56; hanging is now 58 and 56. Deal 3: Борис 74 + 10 = 84 beats
    # 20 and takes both: 84 + 58 + 56 = 198. Sheet: Анна 0 + 56 + 20 = 76, Борис 58 + 0 + 198 = 256.
    Sample(
        "moscow-chained-tie.json",
        "moscow",
        "two ties in a row (hanging 'sum'): the next deal's winner takes both hanging amounts",
        moscow_chained_tie,
        (76, 256),
        None,
        ["chained_tie_sum"],
        [
            deal_line(1, (58, 58), (0, 58), tie=True, hanging_now=58),
            deal_line(2, (56, 56), (56, 0), tie=True, hanging_now=56),
            deal_line(3, (20, 84), (20, 198), hanging_received=[0, 114]),
        ],
    ),
    # Борис leads: «терц», AC; Анна: «рост?»; Борис: «от валета»; Анна: «у меня старше» (her 9-10-J ♥ is
    # trump). Анна: QD-9D 3, TC-8C 10, TH-JS 12, 9H-7D 14, JH-KD 24 = 63 + last 10 + терц 20 = 93;
    # Борис: AC-JC 13, AS-KS 15, 9S-8S 0, TS-7S 10 = 38 (his терц does not count).
    Sample(
        "moscow-rost-trump.json",
        "moscow",
        "«рост?»: equal терцы from the jack; the trump one (the second player's) wins",
        rost("moscow", "mine"),
        (93, 38),
        None,
        ["rost_trump"],
        [deal_line(1, (93, 38), (93, 38), sequence_owner=0)],
    ),
    # The same deck and play in kharkov: after «от валета» Анна may only say «пишет»; Борис's терц counts:
    # Анна 63 + 10 = 73, Борис 38 + 20 = 58.
    Sample(
        "kharkov-rost-earlier.json",
        "kharkov",
        "«рост?» in the same situation: kharkov has no trump advantage, the leader's (earlier) терц wins",
        rost("kharkov", "pishet"),
        (73, 58),
        None,
        ["rost_earlier"],
        [deal_line(1, (73, 58), (73, 58), sequence_owner=1)],
    ),
    # Борис orders ♠ (face-up J♠) holding 7-8-9 ♠, asks «проходит ли мой терц?»; Анна holds Q-K-A ♣:
    # «нет»; Борис swaps 7♠ for J♠ and leads silent; Анна announces her терц. Борис: AH-8H 11, KD-9D 4,
    # JS-TD 30, KC-9S 18, 7H-TH 10, QS-9C 3, 8S-QC 3 = 79 + last 10 = 89; Анна: 7C-AC 11, 8D-AD 11 = 22
    # + терц 20 = 42.
    Sample(
        "moscow-seven-swap.json",
        "moscow",
        "«проходит ли мой терц?» — «нет», then the seven swap for the face-up jack of trumps",
        moscow_seven_swap,
        (42, 89),
        None,
        ["ask_passes", "seven_swap"],
        [deal_line(1, (42, 89), (42, 89), sequence_owner=0)],
    ),
    # Strict etiquette. Борис: «терц»; Анна asks «рост?» with no терц: false_rost, байт на картах.
    # Анна: QD-9D 3, TC-8C 10, JH-JS 22, 9H-7D 14, AH-KD 15 = 64 + last 10 = 74; Борис: AC-KC 15,
    # AS-KS 15, 9S-8S 0, TS-7S 10 = 40 + терц 20 = 60. Анна writes 0, Борис 74 + 60 = 134.
    Sample(
        "moscow-strict-false-rost.json",
        "moscow",
        "strict etiquette: «рост?» without a терц is a false announcement — байт на картах",
        moscow_strict,
        (0, 134),
        None,
        ["strict_penalty"],
        [deal_line(1, (74, 60), (0, 134), card_bait=0)],
    ),
    # Nine deals. Deal 2: Анна names ♥; Анна TS-9S 10, AH-QH 14, TH-QS 13, 9C-8C 0 = 37 + last 10 = 47;
    # Борис KH-8H 4, KD-9D 4, 9H-7H 14, AC-7C 11, JS-TC 12 = 45 + belle 20 = 65: Анна's bait, Борис
    # writes 112. Deal 9: Анна (490 before) announces a терц from the ace of spades after Борис's silence,
    # takes the first trick (7C-TC, 10): 490 + 10 + 20 = 520 >= 501, she claims during play and wins.
    Sample(
        "moscow-full-501.json",
        "moscow",
        "a whole game to 501 with baits, ended by a true claim during a deal",
        moscow_full,
        (520, 474),
        0,
        ["claim", "bait"],
        [deal_line(2, (47, 65), (0, 112), bait=True), deal_line(9, (30, 0), (30, 0), claim=[0, True])],
    ),
    # Deal 1: Борис orders ♦ and shows four sevens: redeal by the same dealer, Анна. Deal 2 (Анна orders
    # ♠): Анна 9S-7C 14, TD-8S 10, AS-QC 14, KH-7H 4, 7S-KC 4, AH-8C 11 = 57 + last 10 + терц 20 = 87;
    # Борис AD-JD 13, 9H-JH 2, 9D-7D 0 = 15.
    Sample(
        "club-four-sevens.json",
        "club",
        "four sevens: a redeal before the first card, by the same dealer",
        club_four_sevens,
        (87, 15),
        None,
        ["four_sevens"],
        [deal_line(2, (87, 15), (87, 15))],
    ),
    # Deal 1: tie 64 : 64, Борис (bidder) hangs 64, Анна writes 64; club: the bidder Борис deals next.
    # Deal 2: tie 49 : 49 with Анна bidding: the old 64 go to the вистующий Борис (49 + 64 = 113), Анна's
    # 49 hang. Deal 3: Анна 84 + 10 + терц 20 = 114 beats 15 and takes the 49: 163.
    Sample(
        "club-chained-tie.json",
        "club",
        "two ties in a row (club): the old hanging points go to the second tie's вистующий, the new ones hang",
        club_chained_tie,
        (227, 128),
        None,
        ["chained_tie_to_defender"],
        [
            deal_line(1, (64, 64), (64, 0), tie=True, hanging_now=64),
            deal_line(2, (49, 49), (0, 113), tie=True, hanging_now=49, hanging_received=[0, 64]),
            deal_line(3, (114, 15), (163, 15), hanging_received=[49, 0]),
        ],
    ),
    # Борис leads: «терц» (Q-K-A ♣), AC; Анна: «пятьдесят» (8-9-10-J ♦, trump). Анна: 8H-9H 0, KC-TD 14,
    # 9D-9S 14, JD-7S 20, AS-TS 21, QH-JH 5 = 74 + last 10 + 50 = 134; Борис: AC-8C 11, 8D-KD 4, QC-7C 3 = 18.
    Sample(
        "book-fifty-over-terz.json",
        "book",
        "the leader announces a терц, the second answers «пятьдесят»: only the fifty counts",
        book_fifty_over_terz,
        (134, 18),
        None,
        ["fifty_over_terz"],
        [deal_line(1, (134, 18), (134, 18), sequence_owner=0)],
    ),
    # Анна orders ♥ holding K♥ Q♥ (and J♥: a терц from the king), declares belle on her first turn.
    # Анна: 8D-QH 3, KC-AC 15, 8H-AS 11, JH-9C 20, TC-9S 10, 7H-7S 0, QS-AD 14, KH-JD 6 = 79 + 10 + 20
    # + 20 = 129; Борис: 8S-TS 10.
    Sample(
        "book-belle.json",
        "book",
        "белла: the trump king and queen in one hand, declared while holding both (book)",
        book_belle,
        (129, 10),
        None,
        ["belle"],
        [deal_line(1, (129, 10), (129, 10), belle=[20, 0])],
    ),
    # Борис names ♠ in round 2; Анна: 68 + last 10 + fifty from the queen ♥ 50 + терц from the king ♠ 20
    # + belle 20 = 168 > 34: Борис's bait; Анна writes 202, wins the single deal, Борис pays double.
    Sample(
        "one_strike-bait.json",
        "one_strike",
        "a single-deal game lost by the bidder's bait: double stake",
        one_strike_bait,
        (202, 0),
        0,
        ["bait", "double_stake"],
        [deal_line(1, (168, 34), (202, 0), bait=True)],
    ),
    # Deal 2 (built): Анна holds seven spades and both minor aces, Борис no trump: Анна takes every trick
    # (93 cards + 10 + belle 20 = 123). Борис won the comparison of fifties (A♥ over K♠) but has no trick:
    # лыжа, −50, his combinations burn. Baits: Борис in deal 1, Анна in deals 6 and 7. Deal 7 is the game's
    # third bait (both players' counted together) though only Анна's second: Анна 37 < 70, Борис writes
    # 37 + 70 = 107 and Анна loses 100 (489 − 100 = 389). Counted per player it would cost nothing.
    Sample(
        "yellowclub-full-501.json",
        "yellowclub",
        "a whole game to 501: лыжа (no trick: −50, combinations burn) and the −100 of the game's third bait",
        yellowclub_full,
        (575, 338),
        0,
        ["ski", "third_bait_penalty"],
        [
            deal_line(2, (123, 0), (123, 0), adjustment=[0, -50], ski=[False, True]),
            deal_line(7, (37, 70), (0, 107), adjustment=[-100, 0], bait=True),
        ],
    ),
]


OFFER_SCORES = (195, 456)
OFFER_WINNER = 1

SAMPLES += [
    # Deal 1 (the rost deck): Анна orders ♥; Борис, the вистующий, offers 50 before the last three cards
    # and Анна accepts: she writes 50, Борис nothing, nothing is played; having written more, she deals
    # again. Deal 2: Борис orders, Анна offers, Борис refuses and the deal is played. Deal 7 leaves the
    # totals 195 : 456, 261 apart: the game ends at the gap of 250 and the leader, Борис, wins.
    Sample(
        "offer-fifty.json",
        "offer",
        "«с предложением»: an offer of 50 accepted, one refused and played; the game ends at a gap of 250",
        offer_game,
        (OFFER_SCORES[0], OFFER_SCORES[1]),
        OFFER_WINNER,
        ["offer_accepted", "offer_refused", "gap_end"],
        [deal_line(1, (0, 0), (50, 0))],
    ),
    Sample(
        "one_strike-dave.json",
        "one_strike",
        "«даве»: the stake doubled and accepted, doubled again and refused: the bidder gives up at ×2, pays 4",
        one_strike_dave,
        (0, 0),
        0,
        ["dave"],
        [deal_line(1, (13, 0), (0, 0))],
    ),
]


# Games for three live in saves/three/ (with their own manifest.json): the replay browser and the table play
# two seats until a later session teaches them three (issue 16), so they list only the top folder.
SAMPLES3: list[Sample] = [
    # Three players (Анна 0, Борис 1, Вера 2). Deal 1, the official dialog: Вера's fifty from the ace beats
    # Борис's fifty from the queen, Анна adds her терц. Анна: KD-QD-AD 18, 7D-8D-9D 0, KH-9H-8H 4,
    # QH-7H-AH 14 = 36 + терц 20 = 56; Борис (♣ trump): 8C-AC-TC 21, 9S-9C-QS 17, TD-JC-JS 32, TH-AS-7S 21,
    # JH-KS-8S 6 = 97 + last 10 = 107; Вера: no trick, fifty 50 (sequences count without a trick). The bidder
    # needs more than 56 + 50 = 106: 107 is enough, each writes their own. Deal 2: six passes, a redeal by
    # Вера. Deal 3: Анна bids, 65 < 39 + 61: bait, her 65 in halves, 33 to her left (Борис), 32 to Вера.
    # Deal 6: Анна (284) claims during play after a trick: 284 + 24 = 308 >= 301.
    Sample(
        "moscow-three-players.json",
        "moscow",
        "«деберц втроём»: the official dialog for three, the вистующие's sequences adding up, a redeal after "
        "six passes, a bait written in halves, a claim",
        three_players,
        (308, 237, 212),
        0,
        [],
        [
            deal_line(1, (56, 107, 50), (56, 107, 50), sequence_owner=2),
            deal_line(3, (65, 39, 61), (0, 72, 93), bait=True),
            deal_line(6, (24, 0, 0), (24, 0, 0), claim=[0, True]),
        ],
    ),
    # Deal 1 (Анна deals): Борис bids and makes 91 = 38 + 53, exactly the вистующие's sum: a hanging bait;
    # Анна and Вера write their own, Борис's 91 hang; a вистующий deals next («после висячего байда раздаёт
    # вистующий»): Вера, who wrote more (53 > 38). Deal 2: Вера bids and makes 60 < 58 + 39: a bait. The
    # вистующие write her 60 in halves (30 each) and share the hanging 91: 46 to the bidder's left (Анна), 45
    # to Борис. Анна 58 + 30 + 46 = 134, Борис 39 + 30 + 45 = 114; Вера 0.
    Sample(
        "kharkov-three-hanging.json",
        "kharkov",
        "«деберц втроём»: a tie hangs the bidder's points; the next deal is a bait and the вистующие share them",
        kharkov_three_hanging,
        (172, 114, 53),
        None,
        [],
        [
            deal_line(1, (38, 91, 53), (38, 0, 53), tie=True, hanging_now=91),
            deal_line(2, (58, 39, 60), (134, 114, 0), bait=True, hanging_received=[46, 45, 0]),
        ],
    ),
]


# ---------------------------------------------------------------------------- writing


def check_key(match: Match, line: dict[str, Any]) -> list[str]:
    """Differences between a hand-checked key line and the replayed deal (empty: all agree)."""
    deal = match.deals[line["deal"] - 1]
    r = deal.result
    assert r is not None
    got: dict[str, Any] = {
        "totals": [p.total for p in r.players],
        "written": [p.written for p in r.players],
        "tie": r.tie,
        "hanging_now": r.hanging_now,
        "bait": r.bait,
        "card_bait": r.card_bait,
        "hanging_received": [p.hanging_received for p in r.players],
        "adjustment": [p.adjustment for p in r.players],
        "ski": [p.ski for p in r.players],
        "belle": [p.belle for p in r.players],
        "sequence_owner": deal.announcements.seq_owner,
        "claim": list(r.claim) if r.claim else None,
    }
    return [
        f"deal {line['deal']} {k}: expected {v}, got {got[k]}" for k, v in line.items() if k != "deal" and got[k] != v
    ]


def atomic_write(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


README_HEAD = """\
# Sample games

Game records (the JSON format of `game/record.py`, see `docs/record-format.md`) that show the rules at
work. Print one's sheet deal by deal with

    python main.py score saves/moscow-rost-trump.json

They are written by `saves/make_samples.py` (deterministic: hand-built decks for the dialog situations,
fixed seeds otherwise; rerunning it rewrites byte-identical files). Seats: 0 = Анна, who deals first,
1 = Борис. A record that stops before the target is a short demonstration, not a finished game
(winner "—"). `tests/test_samples.py` replays every file and checks the scores below and that each
sample really contains what it claims; this table and `manifest.json` are generated from the same list.

| file | preset | what it shows | final score (Анна : Борис) | winner |
|---|---|---|---|---|
"""


README3 = """
## Three players (`three/`)

Games of «деберц втроём» (the rules option `players=3`, docs/rules.md «Three players») are in `three/` with
their own `manifest.json`, checked by `tests/test_three_players.py`. Seats: 0 = Анна, who deals first,
1 = Борис, 2 = Вера (on Борис's left); the score reads Анна : Борис : Вера.

| file | preset | what it shows | final score (Анна : Борис : Вера) | winner |
|---|---|---|---|---|
"""


def readme(entries: list[dict[str, Any]], entries3: list[dict[str, Any]] | None = None) -> str:
    entries3 = entries3 or []
    rows = []
    for e in [*entries, *entries3]:
        names = PLAYERS3 if len(e["scores"]) == 3 else PLAYERS
        winner = "—" if e["winner"] is None else names[e["winner"]]
        preset = " ".join([e["preset"], *(f"{k}={v}" for k, v in e["overrides"].items())])
        link = e["file"] if e in entries else f"three/{e['file']}"
        rows.append(
            f"| [{e['file']}]({link}) | {preset} | {e['shows']} | "
            f"{' : '.join(str(x) for x in e['scores'])} | {winner} |"
        )
    text = README_HEAD + "\n".join(rows[: len(entries)]) + "\n"
    if entries3:
        text += README3 + "\n".join(rows[len(entries) :]) + "\n"
    return text


def main(argv: list[str]) -> int:
    out = Path(argv[argv.index("--out") + 1]) if "--out" in argv else HERE
    out.mkdir(parents=True, exist_ok=True)
    manifest: list[dict[str, Any]] = []
    manifest3: list[dict[str, Any]] = []
    texts: dict[str, str] = {}
    problems: list[str] = []
    for s in [*SAMPLES, *SAMPLES3]:
        match = s.build()
        names = PLAYERS3 if match.rules.players == 3 else PLAYERS
        text = dumps(record_of(match, names, {**META, "description": s.shows}))
        again = replay(loads(text))  # what a reader of the file gets
        winner = again.over.winner if again.over else None
        if again.rules.name != s.preset:
            problems.append(f"{s.file}: preset {again.rules.name}, expected {s.preset}")
        if (tuple(again.scores), winner) != (s.scores, s.winner):
            problems.append(f"{s.file}: final {again.scores} winner {winner}, expected {s.scores} winner {s.winner}")
        problems += [f"{s.file}: {p}" for line in s.key for p in check_key(again, line)]
        texts[s.file if s in SAMPLES else f"three/{s.file}"] = text
        (manifest if s in SAMPLES else manifest3).append(
            {
                "file": s.file,
                "preset": s.preset,
                "overrides": overrides_of(again.rules),
                "shows": s.shows,
                "scores": list(s.scores),
                "winner": s.winner,
                "checks": s.checks,
                "key": s.key,
            }
        )
    if problems:
        print("not written, the samples differ from the hand-checked values:", *problems, sep="\n  ", file=sys.stderr)
        return 1
    (out / "three").mkdir(exist_ok=True)
    for name, text in texts.items():
        atomic_write(out / name, text)
    atomic_write(out / "manifest.json", json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
    atomic_write(out / "three" / "manifest.json", json.dumps(manifest3, ensure_ascii=False, indent=1) + "\n")
    atomic_write(out / "README.md", readme(manifest, manifest3))
    print(f"wrote {len(texts)} samples, manifest.json and README.md to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
