"""«Первая сдача», the School's last step: the coach's remarks made from the learner's view and the engine's
events (``game.school.commentary``), and the deal itself through the real UI — opened from the path with real
events, played to its end against the easy bot, the coach's remarks for what happened, the path marked
finished, nothing saved as a game."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json
import re
from pathlib import Path

import pygame
from test_school_ui import Driver as SchoolDriver

from game.actions import Action, Kind
from game.cards import Card, parse_cards
from game.deal import Deal, EventKind, Phase, build_deck
from game.drills.model import Msg
from game.rules import Rules
from game.school import LESSONS, commentary
from game.school.commentary import Commentator, Remark
from ui.i18n import load_catalogue, word
from ui.scenes.school import FIRST, LessonScene, SchoolPathScene
from ui.scenes.school_first import FirstDealScene
from ui.scenes.table import Mode
from ui.school import SchoolStore

RULES = Rules.preset("moscow").with_options(target=0)


def keys(remarks: list[Remark]) -> list[str]:
    return [r.text.key for r in remarks]


def replay(deal: Deal, actions: list[str], me: int = 0) -> list[Remark]:
    """The deal's actions through a Commentator that sees only ``me``'s views and the events."""
    c = Commentator(me)
    out = c.opening(deal.view(me))
    for text in actions:
        before = deal.view(me)
        seat = deal.current_player()
        action = Action.parse(text)
        events = deal.apply(action)
        out += c.step(before, seat, action, events, deal.view(me))
    return out


# ---------------------------------------------------------------- the remarks without a window


def test_the_opponents_terz_against_my_fifty_and_the_contract() -> None:
    """The opponent (dealer's left, leading) announces a терц; my hand holds a fifty: «ваш пятьдесят старше»."""
    mine = parse_cards("9C TC JC QC 8D KS 7S 8H TH")
    theirs = parse_cards("AS KD QD JD 9S 7C 9D JH 9H")
    deck = build_deck(theirs, mine, Card.parse("QH"))  # I deal: the opponent speaks and leads first
    deal = Deal(RULES, 0, deck)
    out = replay(deal, ["order", "announce:terz", "play:AS"])
    assert keys(out)[:2] == ["school.first.hello", "school.first.they_play"]  # not my word first: no «bid» advice
    higher = [r for r in out if r.text.key == "school.first.announce_higher"]
    assert len(higher) == 1
    said = dict(higher[0].text.args)["mine"]
    assert isinstance(said, Msg) and said.key == "seq_class.4"


def test_the_opponents_answers_to_my_terz() -> None:
    """I lead with a терц announced; the opponent holds a higher терц: «Рост?», then «У меня старше»."""
    mine = parse_cards("9C TC JC AD 8D KS 7S 8H TH")
    theirs = parse_cards("AS KD QD JD 9S 7C 9D JH 9H")
    deal = Deal(RULES, 1, build_deck(mine, theirs, Card.parse("QH")))  # the opponent deals: I speak and lead
    said = keys(replay(deal, ["order", "announce:terz", "play:AD", "rost", "top", "mine"]))
    assert "school.first.i_play" in said and "school.first.can_announce" in said
    assert said.index("school.first.their_rost") < said.index("school.first.their_mine")
    assert "school.first.their_pishet" not in said


def test_the_deals_end_in_the_coachs_words() -> None:
    """The last lesson's deal played on from its start: the contract, the last trick, and the summary with the
    engine's totals (65 : 11, the learner's contract made)."""
    task = LESSONS["last_trick"].tasks[-1]
    script = [str(a) for a in task.position.script] + [next(iter(task.right))]
    deal = Deal(task.position.rules, task.position.dealer, list(task.position.deck))
    out = replay(deal, script)
    said = keys(out)
    assert "school.first.round2" in said and "school.first.i_play" in said
    assert said[-2:] == ["school.first.last_me", "school.first.end_me_made"]
    assert dict(out[-1].text.args) == {"mine": 65, "theirs": 11}


def test_a_redeal_is_said() -> None:
    deal = Deal(
        RULES,
        1,
        build_deck(
            parse_cards("AS TS AD TD JC 9C AC 7H KD"), parse_cards("7S 8S 9D QD 7C 8C 8H 7D KS"), Card.parse("9S")
        ),
    )
    said = keys(replay(deal, ["pass", "pass", "pass", "pass"]))
    assert said == ["school.first.hello", "school.first.bid", "school.first.round2", "school.first.redeal"]


def test_the_next_deal_after_a_redeal_names_its_own_face_up_suit() -> None:
    """Issue 26, the second pass: after four passes the coach kept «Вскрышка — ♦» while the new deal's face-up
    card was a spade, and said nothing of it — the new deal's bid advice is given again, with its suit."""
    c = Commentator(0)
    first = Deal(
        RULES,
        1,
        build_deck(
            parse_cards("9S 7S 9H KC 9C 8C JH TS 8D"), parse_cards("QS JS TC KD QD 8S 7D 7H AH"), Card.parse("AD")
        ),
    )
    for text in ["pass", "pass", "pass", "pass"]:
        before, seat, action = first.view(0), first.current_player(), Action.parse(text)
        c.step(before, seat, action, first.apply(action), first.view(0))
    second = Deal(
        RULES,
        0,
        build_deck(
            parse_cards("7C 8C 9C AS KS QC JD TD 9D"), parse_cards("AD 8D TC JC JH TS 7H 8H AH"), Card.parse("QS")
        ),
    )
    out = c.new_deal(second.view(0))  # the opponent speaks first: nothing yet
    before, seat, action = second.view(0), second.current_player(), Action.parse("pass")
    out += c.step(before, seat, action, second.apply(action), second.view(0))
    bids = [r for r in out if r.text.key == "school.first.bid"]
    assert len(bids) == 1 and dict(bids[0].text.args)["suit"] == Card.parse("QS").suit


def test_a_refused_card_follow_suit() -> None:
    c = Commentator(0)
    mine = parse_cards("TS QS 7S AD 9D 7C JC KH 8H")
    theirs = parse_cards("KS 9S 8C TC AC QD 8D JH 9H")
    deal = Deal(RULES, 0, build_deck(theirs, mine, Card.parse("QH")))
    for a in ("order", "play:KS"):
        deal.apply(Action.parse(a))
    (remark,) = c.refused("follow_suit", deal.view(0))
    assert remark.text.key == "school.first.follow_suit"
    assert c.refused("not_your_turn", deal.view(0)) == []


def test_a_trump_seven_in_a_terz_is_asked_about_not_swapped() -> None:
    """Seen in the newcomer's pass: with 7 8 9 of the first trump the coach said «её можно поменять на вскрышку»
    and «объявите терц» — the swap would break the терц. It says to ask «Проходит ли мой терц?» first."""
    mine = parse_cards("7C 8C 9C AD 8D KS 7S 8H TH")
    theirs = parse_cards("AS KD QD JD 9S 7D 9D JH 9H")
    deal = Deal(RULES, 1, build_deck(mine, theirs, Card.parse("JC")))  # the opponent deals: I speak and lead
    said = keys(replay(deal, ["order"]))
    assert "school.first.can_ask" in said and "school.first.can_swap" not in said
    # the opponent's К Д В ♦ is higher: «Не проходит», and the coach says what it means
    deal = Deal(RULES, 1, build_deck(mine, theirs, Card.parse("JC")))
    said = keys(replay(deal, ["order", "ask-passes", "passes:no"]))
    assert said[-1] == "school.first.passes_no"


def test_a_terz_not_announced_before_the_first_card_is_said_lost() -> None:
    """A player's report: the coach said «У вас терц — объявите его до первого хода», the learner played a card
    instead, and the терц was never mentioned again. Now the coach says it is lost — once; announced, nothing."""
    mine = parse_cards("9C TC JC AD 8D KS 7S 8H TH")
    theirs = parse_cards("AS KD QD JD 9S 7C 9D JH 9H")
    deck = build_deck(mine, theirs, Card.parse("QH"))
    silent = keys(replay(Deal(RULES, 1, deck), ["order", "play:AD"]))
    assert "school.first.can_announce" in silent and silent.count("school.first.announce_missed") == 1
    said = keys(replay(Deal(RULES, 1, deck), ["order", "announce:terz", "play:AD"]))
    assert "school.first.announce_missed" not in said


def test_every_remark_is_in_both_catalogues() -> None:
    text = Path(commentary.__file__).read_text("utf-8")
    used = set(re.findall(r'"(school\.first\.[a-z_]+)"', text))
    used |= {f"school.first.end_{w}_{h}" for w in ("me", "opp") for h in ("made", "bait", "tie")}
    for lang in ("ru", "en"):
        missing = {k for k in used if k not in load_catalogue(lang)}
        assert missing == set(), lang


def test_the_commentator_reads_only_views() -> None:
    """The remarks are a function of the learner's views and the public events: two deals that differ only in
    the opponent's hidden cards give the same remarks up to the first card that shows the difference."""
    mine = parse_cards("AS TS AD TD JC 9C AC 7H KD")
    a = Deal(RULES, 1, build_deck(mine, parse_cards("7S 8S 9D QD 7C 8C 8H 7D KS"), Card.parse("9S")))
    b = Deal(RULES, 1, build_deck(mine, parse_cards("7S 8S 9D QD 7C 8C 8H 7D QS"), Card.parse("9S")))
    ra = replay(a, ["pass", "pass", "name:H"])
    rb = replay(b, ["pass", "pass", "name:H"])
    assert keys(ra) == keys(rb) and "school.first.round2" in keys(ra) and "school.first.i_play" in keys(ra)


# ---------------------------------------------------------------- the progress file keeps the mark


def test_the_path_finished_is_kept_and_old_files_still_load(tmp_path: Path) -> None:
    path = tmp_path / "school.json"
    path.write_text('{"format": "deberts-school", "version": 1, "lessons": {"cards": 2}}', "utf-8")  # an old file
    store = SchoolStore.load(path)
    assert store.error is None and store.get("cards") == 2 and not store.first_deal and not store.finished
    store.record_first_deal()
    saved = json.loads(path.read_text("utf-8"))
    assert saved["first_deal"] is True and saved["lessons"] == {"cards": 2}
    again = SchoolStore.load(path)
    assert again.first_deal and not again.finished  # the lessons are not all passed yet
    for key in LESSONS:
        again.record(key, 3)
    assert SchoolStore.load(path).finished


def test_a_bad_first_deal_mark_is_a_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "school.json"
    path.write_text('{"format": "deberts-school", "version": 1, "lessons": {}, "first_deal": 1}', "utf-8")
    store = SchoolStore.load(path)
    assert store.error and store.moved and not store.first_deal


# ---------------------------------------------------------------- through the UI


class Driver(SchoolDriver):
    @property
    def first(self) -> FirstDealScene:
        assert isinstance(self.app.scene, FirstDealScene), type(self.app.scene)
        return self.app.scene

    def my_turn(self) -> bool:
        self.frames()
        return self.first.ctl.human_to_act() and self.first.mode is Mode.PLAY

    def play_turn(self) -> None:
        """Dialogs by clicking (round 1: «Играю»; questions: the first listed word); cards by dragging the first
        legal one."""
        t = self.first
        view = t.model.view
        words = [a for a in view.legal if a.kind is not Kind.PLAY]
        plays = [a for a in view.legal if a.kind is Kind.PLAY and not a.value]
        if view.phase is Phase.BIDDING_1:
            self.click_action(lambda a: a.kind is Kind.ORDER)
            return
        if not plays:
            prefer = [a for a in words if a.kind in (Kind.PISHET, Kind.TELL_TOP, Kind.NAME)]
            target = prefer[0] if prefer else words[0]
            self.click_action(lambda a: a == target)
            return
        card = plays[0].card
        assert card is not None
        self.drag_card_to_table(card)
        if t.decisions.pending is not None:  # «с беллой?»
            self.click(next(iter(t.decisions.panel.button_rects().values())).center)

    def illegal_card(self) -> Card | None:
        view = self.first.model.view
        legal = {a.card for a in view.legal}
        return next((c for c in view.hand if view.trick and c not in legal), None)


def test_the_first_deal_from_the_path_to_its_summary(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    d.open_school()
    store = SchoolStore.load(tmp_path / "school.json")
    for key in LESSONS:
        store.record(key, 3)
    d.key(pygame.K_ESCAPE)
    path = d.open_school()
    assert path.suggested() == FIRST  # every lesson passed: the first real deal is marked
    d.click(path.rects[FIRST].center)
    d.frames(2)
    t = d.first
    assert t.ctl.meta["bot_level"] == "easy" and t.ctl.match.rules.target == 0 and not t.ctl.autosave
    assert t.hint_button is not None and t.undo_button is None
    coach = t.coach
    assert keys(coach.remarks)[0] == "school.first.hello"
    refused = False
    for _ in range(400):
        if t.mode is not Mode.PLAY:
            if t.mode is Mode.SUMMARY:  # a redeal: the table deals again
                d.click(next(iter(t.end_panel.button_rects().values())).center)
                continue
            break
        if not d.my_turn():
            continue
        card = d.illegal_card()
        if card is not None and not refused:
            before = len(t.ctl.match.deals[-1].history)
            d.drag_card_to_table(card)  # refused by the table: the coach says the rule in its words
            assert len(t.ctl.match.deals[-1].history) == before
            refused = True
            assert keys(coach.remarks)[-1] in (
                "school.first.follow_suit",
                "school.first.must_trump",
                "school.first.must_overtrump",
            )
            count = len(coach.remarks)  # the same card again (Enter pressed on it again): said once, not twice
            d.drag_card_to_table(card)
            assert len(coach.remarks) == count
            # the hint is on: «Подсказка» gives the hard bot's advice on the learner's own view
            assert t.hint_button is not None and t.hint_button.is_enabled
            d.click(t.hint_button.get_abs_rect().center)
            d.frames(3)
            assert t.hints.hint is not None and t.hints.hint.action in t.model.view.legal
            # and in the coach's column too (the status line's small print is easy to miss at 1024×640)
            assert t.hints.words is not None and t.hints.words in [b.text for b in coach.blocks()]
            continue
        d.play_turn()
    d.frames(30)
    assert t.mode is Mode.GAME_OVER and refused
    # the coach spoke of what happened (the events, as the engine tells them)
    deal = t.ctl.match.deals[-1]
    said = keys(coach.remarks)
    fresh = Deal(deal.rules, deal.dealer, deal.deck, deal.context)
    kinds = {ev.kind: ev for _, a in deal.history for ev in fresh.apply(a)}
    assert ("school.first.i_play" if deal.bidder == 0 else "school.first.they_play") in said
    assert ("school.first.last_me" if deal.trickplay.tricks[-1].winner == 0 else "school.first.last_opp") in said
    assert any(k.startswith("school.first.end_") for k in said)
    if EventKind.SWAP in kinds:
        assert {"school.first.swap_me", "school.first.swap_opp"} & set(said)
    if EventKind.SEQUENCES in kinds:
        assert {"school.first.seq_me", "school.first.seq_opp"} & set(said)
    if EventKind.BELLE in kinds:
        assert {"school.first.belle_me", "school.first.belle_opp"} & set(said)
    column = "\n".join(b.text for b in coach.blocks())
    assert word(coach.remarks[-1].text) in column
    # the summary over the table, the path marked finished, nothing saved as a game
    assert t.game_over is not None and t.game_over.show_deal
    assert json.loads((tmp_path / "school.json").read_text("utf-8"))["first_deal"] is True
    assert not (tmp_path / "current.json").exists() and not (tmp_path / "games").exists()
    rects = t.end_panel.button_rects()
    assert set(rects) == {"again", "path", "menu"}
    d.click(rects["path"].center)
    d.frames(2)
    back = d.app.scene
    assert isinstance(back, SchoolPathScene) and back.store.finished and back.suggested() is None


def test_the_last_lessons_next_opens_the_first_deal(tmp_path: Path) -> None:
    d = Driver(tmp_path, size=(1024, 640))
    last = list(LESSONS.values())[-1]
    d.app.switch(LessonScene(d.app, last, len(last.tasks) - 1))
    d.frames(2)
    d.answer(next(iter(last.tasks[-1].right)))
    d.next()
    assert isinstance(d.app.scene, FirstDealScene)
    d.key(pygame.K_ESCAPE)  # Esc: back to the path
    assert isinstance(d.app.scene, SchoolPathScene)
