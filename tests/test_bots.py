"""The bots: always legal, never an etiquette fault (medium/easy), blind to hidden cards, and medium plays well."""

from __future__ import annotations

import random

import pytest
from engine_helpers import act, make_deal

from game.actions import Action, Kind
from game.bots import Player, levels, make_player
from game.bots.knowledge import Knowledge, passes_truth
from game.cards import Card, shuffled_deck
from game.deal import Deal, DealView, Phase
from game.errors import IllegalAction
from game.match import Match
from game.rules import PRESETS, Rules
from game.scoring import MatchContext

LEVELS = ("random", "easy", "medium")
ETIQUETTE = ("guided", "strict")


def _rules(preset: str, etiquette: str) -> Rules:
    return PRESETS[preset].with_options(etiquette=etiquette)


def _play_deal(deal: Deal, players: list[Player]) -> list[tuple[int, Action]]:
    steps = 0
    while not deal.is_over():
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        assert view.legal
        action = players[seat].choose(view)
        assert action in view.legal, f"{action} not in {[str(a) for a in view.legal]}"
        deal.apply(action)
        steps += 1
        assert steps < 400
    return deal.history


def _random_context(rng: random.Random, rules: Rules) -> MatchContext:
    if rules.target <= 0:
        return MatchContext()
    near = rules.target - 60
    scores = (rng.randrange(0, rules.target + 40), rng.randrange(max(0, near), rules.target + 40))
    return MatchContext(
        scores=scores if rng.random() < 0.5 else scores[::-1],
        hanging=rng.choice([(), (70,), (40, 90)]),
        baits=(rng.randrange(4), rng.randrange(4)),
    )


# ---------------------------------------------------------------------------- interface


def test_levels_and_factory() -> None:
    assert levels()[:3] == ["random", "easy", "medium"]
    for level in LEVELS:
        assert isinstance(make_player(level, 1), Player)
    with pytest.raises(ValueError, match="unknown bot level"):
        make_player("grandmaster", 1)


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_game(level: str) -> None:
    rules = _rules("moscow", "strict")

    def run(seed: int) -> list[tuple[int, Action]]:
        deal = Deal(rules, 0, shuffled_deck(random.Random(42)))
        return list(_play_deal(deal, [make_player(level, seed), make_player(level, seed + 1)]))

    assert run(7) == run(7)


# ---------------------------------------------------------------------------- legality and etiquette


@pytest.mark.parametrize("etiquette", ETIQUETTE)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_bot_only_plays_legal_actions(preset: str, etiquette: str) -> None:
    rules = _rules(preset, etiquette)
    rng = random.Random(f"{preset}-{etiquette}")
    for i in range(45):
        pair = [LEVELS[i % 3], LEVELS[(i // 3) % 3]]
        deal = Deal(rules, i % 2, shuffled_deck(rng), _random_context(rng, rules))
        _play_deal(deal, [make_player(pair[0], i), make_player(pair[1], i + 100)])
        assert deal.result is not None
        for penalty in deal.result.penalties:
            assert pair[penalty.seat] == "random", f"{pair[penalty.seat]} incurred {penalty.reason}"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_medium_and_easy_never_incur_a_penalty_in_strict_mode(preset: str) -> None:
    rules = _rules(preset, "strict")
    rng = random.Random(f"strict-{preset}")
    dialog_moves: set[Kind] = set()
    for i in range(150):
        pair = ["medium", "easy" if i % 3 == 0 else "medium"]
        if i % 2:
            pair.reverse()
        deal = Deal(rules, i % 2, shuffled_deck(rng), _random_context(rng, rules))
        history = _play_deal(deal, [make_player(pair[0], i), make_player(pair[1], i + 1)])
        assert deal.result is not None
        assert deal.result.penalties == (), deal.result.penalties
        dialog_moves |= {a.kind for _, a in history}
    # the dialog really was exercised
    assert {Kind.ANNOUNCE, Kind.PISHET, Kind.ROST, Kind.TELL_TOP} <= dialog_moves


def _first_trick_words(deal: Deal) -> list[str]:
    """Order the face-up suit, then let two medium bots speak and play the first trick: "seat:action" each."""
    bots = [make_player("medium", 1), make_player("medium", 2)]
    act(deal, "order")
    seen: list[str] = []
    while deal.phase is Phase.PLAY and not deal.tricks and len(deal.trick) < 2:
        seat = deal.current_player()
        assert seat is not None
        a = bots[seat].choose(deal.view(seat))
        seen.append(f"{seat}:{a}")
        deal.apply(a)
    return seen


def test_strict_dialog_with_rost_and_mine() -> None:
    """Both hold a терц; the second's is from the ace of clubs and every other ace is in sight:
    «рост?» (a plain ace терц is not certainly higher), the top is told, then «у меня старше»."""
    deal = make_deal(
        "9D TD JD 7C 8C 8S 9S 8H KH",  # non-dealer (leader): терц 9-10-J of diamonds
        "QC KC AC AH AS AD 7S 7D TH",  # dealer: терц Q-K-A of clubs and the other three aces
        "7H",
        etiquette="strict",
    )
    seen = _first_trick_words(deal)
    assert seen[0] == "1:announce:terz"
    assert "0:rost" in seen and "1:top" in seen and "0:mine" in seen
    assert deal.announcements.seq_owner == 0 and deal.penalties == []


def test_strict_pishet_when_the_leaders_equal_terz_wins() -> None:
    """Equal plain терцы from the ace: the earlier announced (the leader's) wins, so the second says «пишет»."""
    deal = make_deal(
        "QD KD AD 7C 8C 8S 9S 8H KH",
        "QC KC AC 7S 8D 7D TH JH QS",
        "7H",
        etiquette="strict",
    )
    seen = _first_trick_words(deal)
    assert "0:rost" in seen and "0:pishet" in seen and deal.penalties == []


def test_passes_answer_is_truthful() -> None:
    # dealer holds 7-8-9 of trump (spades); the leader holds a терц from the king: the dealer's терц does not pass
    deal = make_deal(
        "JD QD KD 7C 8C AH TH 9H 8H",
        "7S 8S 9S AC TC KC 7D 8D JS",
        "AS",
        etiquette="strict",
    )
    act(deal, "order")
    leader = deal.current_player()
    assert leader == 1
    bots = [make_player("medium", 3), make_player("medium", 4)]
    while deal.current_player() == 1 and deal.announcements.pending_answer is None:
        deal.apply(bots[1].choose(deal.view(1)))
    seat = deal.current_player()
    assert seat == 0
    view = deal.view(0)
    assert Action(Kind.ASK_PASSES) in view.legal
    assert bots[0].choose(view) == Action(Kind.ASK_PASSES)
    deal.apply(Action(Kind.ASK_PASSES))
    answer = bots[1].choose(deal.view(1))
    assert answer.kind is Kind.ANSWER_PASSES and answer.value == int(deal.announcements.passes_truth())
    assert passes_truth(deal.view(1)) == deal.announcements.passes_truth()


# ---------------------------------------------------------------------------- fairness: the view only


def _visible_to(view: DealView) -> set[Card]:
    k = Knowledge(view)
    seen = set(view.hand) | set(k.my_played) | set(k.opp_played) | set(view.known_opponent_cards)
    seen.add(view.face_up)
    if view.freza is not None:
        seen.add(view.freza)
    return seen


def test_hidden_cards_cannot_change_a_choice() -> None:
    rng = random.Random(99)
    compared = 0
    for i in range(160):
        preset = list(PRESETS)[i % len(PRESETS)]
        rules = _rules(preset, ETIQUETTE[i % 2])
        level = ("medium", "easy", "random")[i % 3]
        deck = shuffled_deck(rng)
        dealer = i % 2
        deal = Deal(rules, dealer, deck)
        players = [make_player("medium", i), make_player("medium", i + 1)]
        stop = rng.randrange(1, 40)
        while not deal.is_over() and len(deal.history) < stop:
            seat = deal.current_player()
            assert seat is not None
            deal.apply(players[seat].choose(deal.view(seat)))
        if deal.is_over():
            continue
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        visible = _visible_to(view) | {deck[12]}
        hidden_pos = [j for j, c in enumerate(deck) if c not in visible]
        expected = make_player(level, 5).choose(view)
        for _ in range(6):
            cards = [deck[j] for j in hidden_pos]
            rng.shuffle(cards)
            other = list(deck)
            for j, c in zip(hidden_pos, cards, strict=True):
                other[j] = c
            alt = Deal(rules, dealer, other)
            try:
                for _, a in deal.history:
                    alt.apply(a)
            except IllegalAction:
                continue
            alt_view = alt.view(seat)
            if alt_view != view:
                continue
            assert make_player(level, 5).choose(alt_view) == expected
            compared += 1
    assert compared > 200


# ---------------------------------------------------------------------------- strength


def _game(rules: Rules, players: list[Player], seed: int) -> int:
    rng = random.Random(seed)
    match = Match(rules, first_dealer=seed % 2)
    for _ in range(200):
        deal = match.start_deal(shuffled_deck(rng))
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            match.apply(players[seat].choose(deal.view(seat)))
        if match.over is not None:
            return match.over.winner
    raise AssertionError("the game did not end")


def test_medium_beats_random_clearly() -> None:
    rules = PRESETS["moscow"].with_options(target=301)
    wins = 0
    games = 60
    for g in range(games):
        medium_seat = g % 2
        players = [make_player("random", g), make_player("random", g)]
        players[medium_seat] = make_player("medium", g)
        wins += _game(rules, players, 1000 + g) == medium_seat
    assert wins > 0.75 * games, f"medium won only {wins} of {games}"


# ---------------------------------------------------------------------------- claims and belle


@pytest.mark.parametrize("etiquette", ETIQUETTE)
def test_medium_claims_exactly_when_the_claim_is_true(etiquette: str) -> None:
    rules = _rules("moscow", etiquette)
    rng = random.Random(f"claim-{etiquette}")
    claims = 0
    for i in range(60):
        ctx = MatchContext(scores=(rng.randrange(400, 500), rng.randrange(400, 500)))
        deal = Deal(rules, i % 2, shuffled_deck(rng), ctx)
        bots = [make_player("medium", i), make_player("medium", i + 1)]
        while not deal.is_over():
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            action = bots[seat].choose(view)
            if Action(Kind.CLAIM) in view.legal:
                assert (action.kind is Kind.CLAIM) == deal.settlement.claim_is_true(seat)
                claims += action.kind is Kind.CLAIM
            deal.apply(action)
    assert claims > 20


def test_belle_with_protection_is_declared_with_a_winning_card() -> None:
    rules = PRESETS["yellowclub"].with_options(belle_protection=True)
    rng = random.Random(11)
    declared = kept = 0
    for i in range(400):
        deal = Deal(rules, i % 2, shuffled_deck(rng))
        _play_deal(deal, [make_player("medium", i), make_player("medium", i + 1)])
        for seat in (0, 1):
            if deal.belle.declared[seat]:
                declared += 1
                kept += not deal.belle.lost
    assert declared > 20
    assert kept >= 0.85 * declared, (kept, declared)


@pytest.mark.parametrize(
    "options",
    [
        {"sequence_order": "ace_ten"},
        {"seven_swap": False},
        {"first_lead": "bidder", "equal_sequences": "earlier"},
        {"first_lead": "non_bidder", "belle_when": "holding_both", "target": 301},
    ],
)
def test_medium_is_legal_and_faultless_with_single_options_changed(options: dict[str, object]) -> None:
    rules = PRESETS["moscow"].with_options(etiquette="strict", **options)
    rng = random.Random(str(options))
    for i in range(60):
        deal = Deal(rules, i % 2, shuffled_deck(rng), _random_context(rng, rules))
        _play_deal(deal, [make_player("medium", i), make_player("easy", i + 1)])
        assert deal.result is not None and deal.result.penalties == ()
