"""The engine soak for three players: random legal actions over many deals, every preset that plays three and
both etiquette modes. After every action the 32 cards are conserved and no seat's view shows a hidden card;
at the end 27 cards were dealt and played in 9 tricks of 3 cards, the card points add up to 152 with the five
unplayed cards, the sheet adds up, and replaying the actions (the record's way) gives the same game.
"""

from __future__ import annotations

import random

import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_invariants import all_cards_in  # every Card inside a view field

from game.actions import Action, Kind
from game.bots.base import make_player
from game.bots.factory import make_bot
from game.cards import ALL_CARDS, PLAIN_POINTS, TRUMP_POINTS, Card, Rank, Suit, shuffled_deck
from game.deal import FREZA, Deal, Phase, positions
from game.errors import RULES, IllegalAction
from game.match import Match
from game.record import dumps, loads, record_of, replay
from game.rules import PRESETS, Rules, three_player_conflicts
from game.scoring import LAST_TRICK_BONUS, Outcome

THREE_PRESETS = [name for name, rules in PRESETS.items() if not three_player_conflicts(rules)]
CONFIGS = [(p, e) for p in THREE_PRESETS for e in ("guided", "strict")]
DEALS_PER_CONFIG = examples(60)  # per preset and mode; the soak profile plays 1,200


def rules3(preset: str, etiquette: str) -> Rules:
    return Rules.preset(preset, players=3, etiquette=etiquette)


def check_conservation(deal: Deal) -> None:
    pos = positions(3)
    dealt = [i for hand in pos.first for i in hand]
    if deal.freza is not None:
        dealt += [i for hand in pos.more for i in hand]
    stock = [deal.deck[i] for i in range(32) if i not in dealt and i != pos.vskryshka]
    in_tricks = [c for t in deal.tricks for c in t.cards]
    everything = [*(c for h in deal.hands for c in h), *deal.trick, *in_tricks, deal.face_up, *stock]
    assert sorted(everything) == list(ALL_CARDS), "32 cards must be conserved"
    held = sum(len(h) for h in deal.hands) + len(deal.trick) + len(in_tricks)
    assert held == (27 if deal.freza is not None else 18)
    if deal.freza is not None:
        assert deal.freza == deal.deck[FREZA] and len(stock) == 4


def public_cards_of(deal: Deal, other: int) -> set[Card]:
    public: set[Card] = set()
    if deal.swapped_by == other:
        public.add(deal.vskryshka)
    public.update(deal.shown_cards(other))
    if deal.belle.declared[other] and deal.trump is not None:
        public.update({Card(deal.trump * 8 + Rank.KING), Card(deal.trump * 8 + Rank.QUEEN)})
    return public & set(deal.hands[other])


def check_views(deal: Deal) -> None:
    played = {c for t in deal.tricks for c in t.cards} | set(deal.trick)
    table = {deal.face_up, deal.vskryshka} | ({deal.freza} if deal.freza is not None else set())
    for aloud in (
        deal.announcements.told_top,
        deal.announcements.said_top,
    ):  # named aloud: after «рост?», or in a «не годится»
        if aloud is not None:
            table.add(aloud)
    for seat in range(3):
        view = deal.view(seat)
        assert sorted(view.hand) == sorted(deal.hands[seat])
        assert view.hand_sizes == tuple(len(h) for h in deal.hands)
        known = set(view.known_opponent_cards)
        assert known == set().union(*(public_cards_of(deal, o) for o in range(3) if o != seat))
        shown = {c for s in view.shown for c in s}
        allowed = played | table | known | set(deal.hands[seat]) | shown
        for name in view.__dataclass_fields__:
            if name == "hand":
                continue
            for card in all_cards_in(getattr(view, name)):
                assert card in allowed, f"seat {seat} view.{name} leaks {card.code}"
        assert (view.legal != ()) == (deal.current_player() == seat)
        if view.legal:
            assert list(view.legal) == deal.legal_actions()


def card_value(card: Card, deal: Deal) -> int:
    return TRUMP_POINTS[card % 8] if card // 8 == deal.trump else PLAIN_POINTS[card % 8]


def check_finished(deal: Deal) -> None:
    r = deal.result
    assert r is not None and len(r.players) == 3 and len(r.scores_after) == 3
    if r.outcome is not Outcome.PLAYED:
        return
    assert len(deal.tricks) == 9 and all(len(t.cards) == 3 for t in deal.tricks)
    played = [c for t in deal.tricks for c in t.cards]
    assert len(set(played)) == 27
    unplayed = [c for c in ALL_CARDS if c not in set(played)]
    assert len(unplayed) == 5
    assert sum(deal.card_points) + sum(card_value(c, deal) for c in unplayed) == 152
    assert sum(p.cards for p in r.players) == sum(deal.card_points)
    assert sum(p.last_trick for p in r.players) == LAST_TRICK_BONUS
    for p in r.players:
        assert p.total == p.cards + p.last_trick + sum(x for _, x in p.sequences) + p.belle
    # the sheet adds up: each writes what it moved by (hanging points kept or paid out are the difference)
    before = deal.context.scores
    for seat in range(3):
        assert r.scores_after[seat] == before[seat] + r.players[seat].written + r.players[seat].adjustment
    written = sum(p.written for p in r.players)
    hanging_in, hanging_out = sum(deal.context.hanging), sum(r.hanging_after)
    assert written + hanging_out == sum(p.total for p in r.players) + hanging_in


def random_deal(rules: Rules, rng: random.Random, dealer: int, checked: bool = True) -> Deal:
    """A deal of random legal actions; ``checked``: the conservation and the views checked at every step (the
    tests that only look for what happened leave that to the others)."""
    deal = Deal(rules, dealer, shuffled_deck(rng))
    while True:
        if checked:
            check_conservation(deal)
            check_views(deal)
        if deal.is_over():
            break
        legal = deal.legal_actions()
        assert legal
        deal.apply(rng.choice(legal))
    check_finished(deal)
    return deal


@pytest.mark.parametrize(("preset", "etiquette"), CONFIGS)
def test_random_deals_for_three(preset: str, etiquette: str) -> None:
    rules = rules3(preset, etiquette)
    rng = random.Random(f"three-{preset}-{etiquette}")
    outcomes: set[Outcome] = set()
    for i in range(DEALS_PER_CONFIG):
        deal = random_deal(rules, rng, i % 3)
        outcomes.add(deal.outcome)
        again = Deal(rules, deal.dealer, deal.deck)
        for _, action in deal.history:
            again.apply(action)
        assert again.result == deal.result and again.history == deal.history
    assert Outcome.PLAYED in outcomes


@pytest.mark.parametrize(("preset", "etiquette"), CONFIGS)
def test_random_games_for_three_replay_from_their_records(preset: str, etiquette: str) -> None:
    rules = rules3(preset, etiquette).with_options(target=301)
    rng = random.Random(f"games-{preset}-{etiquette}")
    bots = [make_player("random", seed) for seed in (1, 2, 3)]
    dialogs: set[Kind] = set()
    for game in range(4):
        match = Match(rules, first_dealer=game % 3)
        while match.over is None and len(match.deals) < 80:
            deal = match.start_deal(shuffled_deck(rng))
            while not deal.is_over():
                seat = deal.current_player()
                assert seat is not None
                action = bots[seat].choose(deal.view(seat))
                dialogs.add(action.kind)
                match.apply(action)
            check_finished(deal)
        again = replay(loads(dumps(record_of(match))))
        assert again.scores == match.scores and again.over == match.over
        assert [d.history for d in again.deals] == [d.history for d in match.deals]
    assert Kind.PLAY in dialogs


def test_guided_dialogs_for_three_reach_every_step() -> None:
    """Over random guided deals the dialog for three is really played: «рост?», the top card, «у меня
    старше», a partner's addition («родили терц»), a card bait never happens (guided offers no fault)."""
    rules = rules3("moscow", "guided")
    rng = random.Random("dialog-steps")
    seen: set[str] = set()
    steps = {"rost", "top", "mine", "pishet", "announce", "added", "swap", "ask-passes", "belle"}
    for i in range(600):  # this seed has seen every step after 317 deals
        deal = random_deal(rules, rng, i % 3, checked=False)
        kinds = [a.kind for _, a in deal.history]
        seen.update(k.value for k in kinds)
        if deal.announcements.added_by is not None:
            seen.add("added")
        assert not deal.penalties
        if steps <= seen:
            break
    assert steps <= seen


def test_strict_penalties_for_three_happen_and_are_paid() -> None:
    rules = rules3("moscow", "strict")
    rng = random.Random("strict-three")
    reasons: set[str] = set()
    wanted = {"false_announcement", "false_rost", "false_mine"}
    card_baits = 0
    for i in range(300):  # this seed has all three after 31 deals, four card baits among them
        deal = random_deal(rules, rng, i % 3)
        r = deal.result
        assert r is not None
        reasons.update(p.reason for p in deal.penalties)
        if r.card_bait is not None and r.outcome is Outcome.PLAYED:
            assert r.players[r.card_bait].written == 0
            card_baits += 1
        if wanted <= reasons and card_baits >= 3:
            break
    assert wanted <= reasons and card_baits >= 3


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_bot_level_plays_three_players(level: str) -> None:
    deal = Deal(rules3("moscow", "guided"), 0, shuffled_deck(random.Random(5)))
    view = deal.view(deal.current_player() or 0)
    assert make_bot(level, 3, 0).choose(view) in view.legal
    if level != "random":
        with pytest.raises(ValueError, match="a bot for 2 players asked at a table of 3"):
            make_player(level, 0).choose(view)  # the level's two-player bot refuses: the factory seats it


def test_a_three_player_deal_is_not_mistaken_for_a_phase_of_two() -> None:
    deal = Deal(rules3("moscow", "guided"), 1, shuffled_deck(random.Random(9)))
    assert deal.current_player() == 2 and deal.phase is Phase.BIDDING_1


def test_selfplay_for_three_rotates_every_bot_through_every_seat() -> None:
    from lab.selfplay3 import play_three

    summary = play_three(("random", "random", "random"), 12, seed=4)
    assert [b["deals"] for b in summary["bots"]] == [36, 36, 36]
    assert all(b["points_per_deal"]["n"] == 12 for b in summary["bots"])
    again = play_three(("random", "random", "random"), 12, seed=4)
    strip = [{k: v for k, v in b.items() if k != "think_ms"} for b in summary["bots"]]
    assert strip == [{k: v for k, v in b.items() if k != "think_ms"} for b in again["bots"]]
    # every deck gives each seat's hand to each bot once: the three mean the same total per deck
    total = sum(b["points_per_deal"]["mean"] for b in summary["bots"])
    assert total > 0 and sum(b["bids"] for b in summary["bots"]) <= 36


def test_selfplay_command_for_three(capsys: pytest.CaptureFixture[str]) -> None:
    from lab.selfplay3 import selfplay_three_command

    assert selfplay_three_command("random,random,random", 3, seed=1, as_json=True) == 0
    assert '"players": 3' in capsys.readouterr().out
    assert selfplay_three_command("random,random", 3) == 2
    assert selfplay_three_command("nobody,random,random", 1) == 2
    assert "unknown bot level" in capsys.readouterr().out


# ----------------------------------------------------------------------------- malformed input for three

rules3_strategy = st.sampled_from([rules3(p, e) for p, e in CONFIGS])
some_actions = st.one_of(
    st.builds(lambda c, b: Action(Kind.PLAY, card=c, value=b), st.sampled_from(list(Card)), st.integers(0, 1)),
    st.sampled_from([Action(k) for k in Kind if k not in (Kind.PLAY, Kind.NAME, Kind.ANNOUNCE)]),
    st.builds(lambda v: Action(Kind.ANNOUNCE, value=v), st.integers(2, 5)),
    st.builds(lambda s: Action(Kind.NAME, suit=s), st.sampled_from(list(Suit))),
    st.builds(lambda v: Action(Kind.ANSWER_PASSES, value=v), st.integers(0, 1)),
)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules3_strategy, st.integers(0, 2**32), st.integers(0, 60), some_actions)
def test_any_action_mid_deal_for_three_is_applied_or_refused_cleanly(
    rules: Rules, seed: int, steps: int, action: Action
) -> None:
    rng = random.Random(seed)
    deal = Deal(rules, seed % 3, shuffled_deck(rng))
    for _ in range(steps):
        if deal.is_over():
            return
        legal = deal.legal_actions()
        deal.apply(legal[rng.randrange(len(legal))])
    if deal.is_over():
        return
    legal = deal.legal_actions()
    before = (len(deal.history), deal.current_player(), tuple(legal), tuple(map(tuple, deal.hands)))
    try:
        deal.apply(action)
    except IllegalAction as err:
        assert err.rule in RULES, err.rule
        assert (
            len(deal.history),
            deal.current_player(),
            tuple(deal.legal_actions()),
            tuple(map(tuple, deal.hands)),
        ) == before
        return
    assert action in legal
