"""Announcement-etiquette drills: hand-built deals that put the player (seat 0) into one dialog moment.

A drill is a deck order + rules (always ``strict`` etiquette, so every dialog move is legal and mistakes
carry the official penalty) + the actions played before the decision (the bidding, the bot's words, for
some drills earlier tricks or a whole earlier deal), and one or more decision *steps*. Each step knows
the history at which it applies, what each side may say then, the rule (in our words, naming the rule
set it comes from), and for every possible answer whether it is right, why, and which engine penalty it
brings. Pure and deterministic: ``make_drill(situation, variant, seed)`` always builds the same drill;
the variant picks the sub-case and, with the seed, the irrelevant cards and suits.

How a deck is dealt is in ``game/deal.py``: 0-2 non-dealer, 3-5 dealer, 6-8 non-dealer, 9-11 dealer,
12 the вскрышка, 13-15 non-dealer, 16-18 dealer (after the order), 31 the фреза.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from game import actions as A
from game import sequences as seqs
from game.actions import FIFTY, TERZ, Action, Kind
from game.bots.medium import MediumBot
from game.cards import ALL_CARDS, Card, Rank, Suit
from game.deal import Deal, Phase
from game.match import Match
from game.rules import BelleWhen, Rules
from game.sequences import Sequence

Text = tuple[str, str]  # (Russian, English)
PLAYER = 0  # the human's seat in every drill
BOT = 1
ANY_CARD = "play"  # answer key for "any card not listed" (playing on without saying anything)


@dataclass(frozen=True, slots=True)
class Answer:
    correct: bool
    why: Text
    penalty: str | None = None  # the ``Penalty.reason`` the engine applies for this answer
    remark: Text | None = None  # what the bot says when it profits from this mistake


@dataclass(frozen=True, slots=True)
class DrillStep:
    history: tuple[str, ...]  # the drill deal's actions (as text) before this decision
    moment: Text  # what just happened and what each side may say now
    rule: Text  # the rule in our words, naming the rule set
    answers: dict[str, Answer] = field(hash=False)

    def judge(self, action: Action) -> Answer:
        """The verdict for ``action`` (a card not listed is judged as ``ANY_CARD``)."""
        text = str(action)
        if text in self.answers:
            return self.answers[text]
        if action.kind is Kind.PLAY and ANY_CARD in self.answers:
            return self.answers[ANY_CARD]
        return Answer(False, ("Это не тот ответ, которого требует момент.", "That is not what this moment asks for."))

    @property
    def correct(self) -> tuple[str, ...]:
        return tuple(k for k, a in self.answers.items() if a.correct)


@dataclass(frozen=True, slots=True)
class Drill:
    situation: str
    variant: int
    seed: int
    rules: Rules
    first_dealer: int
    prelude: tuple[tuple[tuple[Card, ...], tuple[Action, ...]], ...]  # whole deals played before
    deck: tuple[Card, ...]
    script: tuple[Action, ...]  # the drill deal's actions up to the first decision
    steps: tuple[DrillStep, ...]
    intro: Text  # the position in a few words

    def build_match(self) -> Match:
        """The match at the first decision: prelude deals replayed, the drill deal started, the script applied."""
        match = Match(self.rules, self.first_dealer)
        for deck, actions in self.prelude:
            match.start_deal(deck)
            for a in actions:
                match.apply(a)
        match.start_deal(self.deck)
        for a in self.script:
            match.apply(a)
        return match

    def step_at(self, history: tuple[str, ...]) -> int | None:
        """The index of the step whose decision is at ``history`` (the drill deal's actions), if any."""
        for i, step in enumerate(self.steps):
            if step.history == history:
                return i
        return None


@dataclass(frozen=True, slots=True)
class Situation:
    key: str
    title: Text
    teaches: Text
    sources: Text
    kinds: int  # how many sub-cases the variants cycle through
    build: Callable[[random.Random, int, int, int], Drill] = field(repr=False, compare=False)


# ---------------------------------------------------------------- rule texts (our words, with the source)

R_ANNOUNCE: Text = (
    "Официальные (московские) правила, разд. 6 и 8: комбинацию объявляют перед своим первым ходом, "
    "коротко — только класс: «терц» или «пятьдесят»; если их несколько, сначала старшую. "
    "Не объявленная до хода комбинация не считается.",
    "Official (Moscow) rules, sections 6 and 8: a sequence is announced before one's first card, briefly — "
    "only its class, «терц» or «пятьдесят»; with several, the highest first. A sequence not announced "
    "before the card does not count.",
)
R_ANSWER: Text = (
    "Официальные правила, разд. 9: на «терц» с пятьюдесятью отвечают «пятьдесят» — терц соперника не "
    "считается; с тем же классом спрашивают «Рост?», и соперник называет старшую карту; с младшей "
    "комбинацией или без неё говорят «пишет» («годится», «проходит»).",
    "Official rules, section 9: answer a «терц» holding a fifty with «пятьдесят» — the терц does not count; "
    "with the same class ask «Рост?» and the leader names the top card; with a lower class or nothing say "
    "«пишет» (it stands).",
)
R_EQUAL_MOSCOW: Text = (
    "Официальные (московские) правила, разд. 7: при равной длине старше та, что от старшей карты; при "
    "равной старшей карте — козырная; обе некозырные — объявленная раньше (у ходящего первым).",
    "Official (Moscow) rules, section 7: of equal length the higher top card wins; with the same top the "
    "trump one wins; both plain — the one announced first (the leader's).",
)
R_EQUAL_KHARKOV: Text = (
    "Официальные правила, разд. 14, харьковские правила: единственное отличие — при равной длине и равной "
    "старшей карте козырю преимущества нет, старше объявленная раньше, то есть комбинация ходящего первым.",
    "Official rules, section 14, Kharkov rules: the one difference — of equal length and top card the trump "
    "has no advantage; the one announced first (the leader's) wins.",
)
R_CERTAINLY: Text = (
    "Официальные правила, разд. 9 и 13: с заведомо старшей комбинацией (пятьдесят против терца, терц или "
    "пятьдесят от туза козырного по московским правилам) рост не спрашивают — это всё равно что заглядывать "
    "в карты. Наказание: ваша комбинация не считается, считается комбинация соперника. По харьковским "
    "правилам терц от туза козырного заведомо старшим не является.",
    "Official rules, sections 9 and 13: with a certainly higher sequence (a fifty against a терц; a терц or "
    "fifty from the trump ace under Moscow rules) never ask «Рост?» — it is peeking at the other's cards. "
    "Penalty: yours does not count, the opponent's does. Under Kharkov rules a терц from the trump ace is "
    "not certainly higher.",
)
R_FALSE_ROST: Text = (
    "Официальные правила, разд. 9 и 13: спросить рост — значит заявить, что у вас комбинация того же класса. "
    "Без неё (рост пятидесяти с терцем, рост терца без терца) это ложное объявление: байт на картах — "
    "все ваши очки пишет соперник.",
    "Official rules, sections 9 and 13: asking «Рост?» says you hold the same class. Without it (рост of a "
    "fifty with a терц, of a терц with nothing) it is a false announcement: bait on cards — the opponent "
    "writes all your points.",
)
R_PASSES: Text = (
    "Официальные правила, разд. 10: с терцем от девятки козырной (7-8-9) при игре по первому козырю можно "
    "до замены семёрки спросить «Проходит ли мой терц?»; соперник обязан ответить правдиво (ложный ответ — "
    "ложное объявление, байт на картах). Затем — по своему усмотрению менять семёрку или сохранить терц.",
    "Official rules, section 10: with the терц 7-8-9 of the first trump, before swapping the seven, you may "
    "ask «Does my терц pass?»; the opponent must answer truthfully (a false answer is a false announcement, "
    "bait on cards). Then swap or keep the терц as you like.",
)
R_BELLE: dict[str, Text] = {
    "moscow": (
        "Официальные (московские) правила, разд. 8: беллу можно объявить перед любым ходом, пока на руках "
        "есть хоть одна из её карт. Белла не перебивает комбинаций и не перебивается ими.",
        "Official (Moscow) rules, section 8: belle may be announced before any card as long as one of its "
        "cards is still in hand. It neither beats nor is beaten by sequences.",
    ),
    "book": (
        "Правила «по книге»: беллу объявляют на своём ходе, имея на руках и короля, и даму козырей — "
        "сыграв одну из них, объявить её уже нельзя.",
        "Book rules: belle is announced on one's turn while holding both the trump king and queen — once one "
        "of them is played it is too late.",
    ),
    "club": (
        "Клубные правила: беллу объявляют, играя одну из её карт — короля или даму козырей.",
        "Club rules: belle is announced by playing one of its cards — the trump king or queen.",
    ),
}
R_CLAIM: Text = (
    "Официальные правила, разд. 12 и 13 (партия до 301 — разновидность из разд. 14): о выигрыше партии "
    "объявляют сами — после своей взятки (кроме последней) до следующего хода или при записи. Ложное "
    "объявление о выигрыше — проигрыш партии.",
    "Official rules, sections 12 and 13 (a game to 301 is a variety from section 14): you claim the game "
    "yourself — after a trick you took (not the last) before the next lead, or at the score-keeping. A "
    "false claim loses the game.",
)

M_LEAD: Text = (
    "Вы ходите первым. До своей первой карты можно объявить класс старшей комбинации: «Терц» (3 карты "
    "подряд) или «Пятьдесят» (4 подряд) — и сыграть. Соперник ответит «Пятьдесят», «Рост?» или «Пишет».",
    "You lead. Before your first card you may announce the class of your best sequence: «Терц» (3 in a "
    "row) or «Пятьдесят» (4 in a row) — then play. The opponent answers «Пятьдесят», «Рост?» or «Пишет».",
)
M_ANSWER_TERZ: Text = (
    "Соперник объявил «терц» и сыграл. Ваш ответ до своей карты: «Пятьдесят» (у вас старший класс), "
    "«Рост?» (у вас тоже терц), «Пишет» (терца нет), «У меня старше» (только с заведомо старшим).",
    "The opponent announced «терц» and played. Answer before your card: «Пятьдесят» (a higher class), "
    "«Рост?» (you too hold a терц), «Пишет» (no терц), «Mine is higher» (only when certainly higher).",
)
M_ANSWER_FIFTY: Text = (
    "Соперник объявил «пятьдесят» и сыграл. Ваш ответ: «Рост?» (у вас тоже пятьдесят), «Пишет» (нет), "
    "«У меня старше» (только с заведомо старшим).",
    "The opponent announced «пятьдесят» and played. Answer: «Рост?» (you too hold a fifty), «Пишет» (you "
    "do not), «Mine is higher» (only when certainly higher).",
)
M_AFTER_TOP: Text = (
    "Вы спросили «Рост?», соперник назвал старшую карту: «{top}». Теперь: «У меня старше» — если ваша "
    "комбинация старше, иначе «Пишет».",
    "You asked «Рост?», the opponent named the top card: «{top}». Now: «Mine is higher» if yours is "
    "higher, otherwise «Пишет».",
)
M_ASK_PASSES: Text = (
    "Игра по первому козырю, у вас козырная семёрка: до первого хода её можно поменять на вскрышку ({up}). "
    "Но семёрка — часть вашего терца 7-8-9 козырей.",
    "The game is in the first trump and you hold its seven: before your first card you may swap it for the "
    "face-up card ({up}). But the seven is part of your терц 7-8-9 of trumps.",
)
M_ANSWER_PASSES: Text = (
    "Соперник держит терц от девятки козырной и перед заменой семёрки спрашивает: «Проходит ли мой терц?». "
    "Отвечать обязательно — и правдиво.",
    "The opponent holds the терц from the trump nine and, before swapping the seven, asks «Does my терц "
    "pass?». You must answer — truthfully.",
)
M_BELLE: dict[str, Text] = {
    "moscow": (
        "В первой взятке вы сыграли короля козырей и беллу не объявили. Дама козырей ещё на руке, ваш ход.",
        "In the first trick you played the trump king without announcing belle. The trump queen is still in "
        "hand; your lead.",
    ),
    "book": (
        "Соперник пошёл козырем; перебить нечем — придётся отдать короля или даму козырей. У вас оба.",
        "The opponent led a trump; you cannot beat it and must give the trump king or queen. You hold both.",
    ),
    "club": (
        "Соперник пошёл козырем; перебить нечем — придётся отдать короля или даму козырей. У вас оба.",
        "The opponent led a trump; you cannot beat it and must give the trump king or queen. You hold both.",
    ),
}
M_CLAIM_TRICK: Text = (
    "Вы взяли взятку. На записи у вас {score}, партия до {target}; в этой сдаче у вас уже {now} "
    "(взятки, объявления, белла). Объявить выигрыш партии — или играть дальше?",
    "You took a trick. Your sheet shows {score}, the game is to {target}; in this deal you have {now} so far "
    "(tricks, sequences, belle). Claim the game — or play on?",
)
M_CLAIM_END: Text = (
    "Сдача сыграна и подсчитана: у вас {after} при партии до {target}. Время записи — объявить выигрыш?",
    "The deal is played and scored: you have {after}, the game is to {target}. Score-keeping — claim the game?",
)

SILENT_PLAY: Text = (
    "Вы сыграли молча: комбинация не объявлена до хода и не будет считаться — без штрафа, но очки потеряны.",
    "You played in silence: the sequence was not announced before your card and will not count — no "
    "penalty, but the points are lost.",
)
FALSE_REMARK: Text = ("Такой комбинации у вас нет — байт на картах, очки мои",
                      "You hold no such sequence — bait on cards, the points are mine")
LOWER_MINE: Text = ("У меня старше? Ваш младше — байт на картах", "«Mine is higher»? Yours is lower — bait on cards")
FALSE_FIFTY: Text = (
    "«Пятьдесят» без пятидесяти на руках — ложное объявление: байт на картах.",
    "«Пятьдесят» without a fifty in hand is a false announcement: bait on cards.",
)
FALSE_TERZ: Text = (
    "«Терц» без терца на руках — ложное объявление: байт на картах.",
    "«Терц» without a терц in hand is a false announcement: bait on cards.",
)
NOT_NOW_CLAIM: Text = (
    "Очков для выигрыша партии ещё нет — ложное объявление о выигрыше: партия проиграна.",
    "You do not have the points yet — a false claim: the game is lost.",
)


# ---------------------------------------------------------------- helpers


def _cards(suit: int, ranks: Iterable[int]) -> list[Card]:
    return [Card(suit * 8 + r) for r in ranks]


def _run(suit: int, top: int, length: int) -> list[Card]:
    return _cards(suit, range(top - length + 1, top + 1))


def _seq_names(seq: Sequence, trump: Suit | None) -> Text:
    ru, en = seq.describe("ru"), seq.describe("en")
    if seq.suit == trump:
        return f"козырный {ru}", f"trump {en}"
    return ru, en


def _sig(hand: list[Card], trump: Suit, rules: Rules) -> list[tuple[int, int, int]]:
    return [(s.length, s.top, int(s.suit)) for s in seqs.find_sequences(hand, trump, rules)]


def _has_belle(hand: list[Card], trump: int) -> bool:
    return Card(trump * 8 + Rank.KING) in hand and Card(trump * 8 + Rank.QUEEN) in hand


def _fill_hands(
    rng: random.Random,
    core_p: list[Card],
    core_b: list[Card],
    excluded: set[Card],
    ok: Callable[[list[Card], list[Card]], bool],
    tries: int = 5000,
) -> tuple[list[Card], list[Card]]:
    """Complete the player's and the bot's hands to 9 cards at random until ``ok`` holds (deterministic)."""
    fixed = set(core_p) | set(core_b) | excluded
    pool = [c for c in ALL_CARDS if c not in fixed]
    for _ in range(tries):
        extra = rng.sample(pool, 18 - len(core_p) - len(core_b))
        p = core_p + extra[: 9 - len(core_p)]
        b = core_b + extra[9 - len(core_p):]
        if ok(p, b):
            return p, b
    raise RuntimeError("no hands satisfy the drill's constraints")  # pragma: no cover


def _deck(rng: random.Random, hands: dict[int, list[Card]], dealer: int, face_up: Card) -> tuple[Card, ...]:
    """A deck that deals ``hands`` (9 cards per seat, in random order) with ``face_up`` as the вскрышка."""
    nd = list(hands[1 - dealer])
    d = list(hands[dealer])
    rng.shuffle(nd)
    rng.shuffle(d)
    used = set(nd) | set(d) | {face_up}
    rest = [c for c in ALL_CARDS if c not in used]
    rng.shuffle(rest)
    deck = [*nd[0:3], *d[0:3], *nd[3:6], *d[3:6], face_up, *nd[6:9], *d[6:9], *rest]
    assert len(deck) == 32 and len(set(deck)) == 32
    return tuple(deck)


def _bidding(rng: random.Random, dealer: int) -> tuple[list[Action], int]:
    """Round-1 bidding that orders the first trump; returns the actions and the bidder."""
    nd = 1 - dealer
    if rng.random() < 0.5:
        return [A.ORDER], nd
    return [A.PASS, A.ORDER], dealer


def _strict(preset: str, **opts: object) -> Rules:
    return Rules.preset(preset).with_options(etiquette="strict", **opts)


def _run_bot(deal: Deal, bot: MediumBot, history: list[Action]) -> None:
    """Let the (perfect-etiquette) bot act until the player is to act."""
    while not deal.is_over() and deal.current_player() == BOT:
        a = bot.choose(deal.view(BOT))
        deal.apply(a)
        history.append(a)


def _trump_text(trump: int) -> Text:
    ru = ("пики", "трефы", "бубны", "черви")[trump]
    en = ("spades", "clubs", "diamonds", "hearts")[trump]
    return f"{Suit(trump).symbol} {ru}", f"{Suit(trump).symbol} {en}"


def _intro(trump: int, bidder: int, extra: Text) -> Text:
    t = _trump_text(trump)
    who = ("Вы заказали" if bidder == PLAYER else "Соперник заказал", "You ordered" if bidder == PLAYER
           else "The opponent ordered")
    return f"{who[0]} игру, козырь {t[0]}. {extra[0]}", f"{who[1]} the game, trump {t[1]}. {extra[1]}"


def _fmt(text: Text, **kw: object) -> Text:
    return text[0].format(**kw), text[1].format(**kw)


def _strs(actions: list[Action]) -> tuple[str, ...]:
    return tuple(str(a) for a in actions)


def _top_words(card: Card, trump: Suit | None) -> Text:
    ru_gen = ("семёрки", "восьмёрки", "девятки", "десятки", "валета", "дамы", "короля", "туза")[card % 8]
    en = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")[card % 8]
    if card // 8 == trump:
        return f"от {ru_gen} козырного", f"from the trump {en}"
    return f"от {ru_gen}", f"from the {en}"


# ---------------------------------------------------------------- building a first-trick drill


def _face_up(rng: random.Random, trump: int, avoid: set[Card]) -> Card:
    """A вскрышка of the trump suit that is not the seven (so nobody can swap) and not in ``avoid``."""
    return rng.choice([c for c in _cards(trump, range(1, 8)) if c not in avoid])


def _first_trick_drill(
    situation: str, variant: int, seed: int, rng: random.Random, preset: str, *, player_leads: bool,
    trump: int, face_up: Card, core_p: list[Card], core_b: list[Card], ok: Callable[[list[Card], list[Card]], bool],
    bot_words: Callable[[Deal], list[Action]], steps: Callable[[Deal, Rules], list[DrillStep]], intro: Text,
    excluded: set[Card] | None = None, rules: Rules | None = None,
) -> Drill:
    """Hands that satisfy ``ok``, the round-1 bidding, then the bot's words until the player is to act."""
    rules = rules or _strict(preset)
    dealer = BOT if player_leads else PLAYER
    seven = Card(trump * 8 + Rank.SEVEN)
    out = {face_up, seven} | (excluded or set())
    p, b = _fill_hands(rng, core_p, core_b, out - set(core_p) - set(core_b), ok)
    deck = _deck(rng, {PLAYER: p, BOT: b}, dealer, face_up)
    bids, bidder = _bidding(rng, dealer)
    deal = Deal(rules, dealer, deck)
    for a in bids:
        deal.apply(a)
    for a in bot_words(deal):
        deal.apply(a)
    _run_bot(deal, MediumBot(0), [])  # the bot's card after its words (a perfect-etiquette player)
    assert deal.current_player() == PLAYER, situation
    script = tuple(a for _, a in deal.history)
    return Drill(
        situation=situation, variant=variant, seed=seed, rules=rules, first_dealer=dealer, prelude=(),
        deck=deck, script=script, steps=tuple(steps(deal, rules)), intro=_intro(trump, bidder, intro),
    )


Signature = list[tuple[int, int, int]]


def _exact(rules: Rules, trump: int, want_p: Signature | None, want_b: Signature | None,
           belle_p: bool = False) -> Callable[[list[Card], list[Card]], bool]:
    """Hands with exactly the intended sequences (None: any), and no belle unless allowed."""

    def ok(p: list[Card], b: list[Card]) -> bool:
        if want_p is not None and _sig(p, Suit(trump), rules) != want_p:
            return False
        if want_b is not None and _sig(b, Suit(trump), rules) != want_b:
            return False
        return (belle_p or not _has_belle(p, trump)) and not _has_belle(b, trump)

    return ok


def _announce(cls: int) -> Callable[[Deal], list[Action]]:
    return lambda deal: [A.announce(cls)]


def _cls_gen(cls: int) -> Text:
    return ("пятидесяти", "fifty") if cls == FIFTY else ("терца", "терц")


def _cls_word(cls: int) -> Text:
    return ("пятьдесят", "fifty") if cls == FIFTY else ("терц", "терц")


def _why_higher(mine: Sequence, theirs: Sequence, trump: Suit | None, rules: Rules, leader_wins: bool) -> Text:
    """Why one of two same-class sequences is higher (the winner is the leader's if ``leader_wins``)."""
    if mine.top != theirs.top:
        return ("старшая карта выше", "its top card is higher")
    if leader_wins:
        if rules.equal_sequences.value == "earlier":
            return ("по харьковским правилам при равной высоте козырю преимущества нет — старше объявленная "
                    "раньше, у ходящего", "under Kharkov rules the trump has no advantage at equal height — the "
                    "one announced first, the leader's, wins")
        return ("обе некозырные и равны по высоте — старше объявленная раньше, у ходящего",
                "both are plain and equally high — the one announced first, the leader's, wins")
    return ("при равной высоте козырная старше", "at equal height the trump one wins")


def _answer_steps(deal: Deal, rules: Rules) -> list[DrillStep]:
    """The steps of answering the leader's announced class, from the true hands (a truth table of section 9)."""
    trump = deal.trump
    c = deal.announced
    leader = deal._first_of(BOT, c)
    assert leader is not None
    mine_all = seqs.find_sequences(deal.hands[PLAYER], trump, rules)
    mine = mine_all[0] if mine_all else None
    gen, word = _cls_gen(c), _cls_word(c)
    lname = _seq_names(leader, trump)
    history = _strs([a for _, a in deal.history])
    moment = M_ANSWER_TERZ if c == TERZ else M_ANSWER_FIFTY
    answers: dict[str, Answer] = {}
    false_fifty = Answer(False, FALSE_FIFTY, "false_announcement", FALSE_REMARK)
    steps: list[DrillStep] = []
    if mine is None:
        answers["pishet"] = Answer(True, (
            f"Верно: у вас нет {gen[0]} — говорите «пишет» («годится»); можно попросить показать комбинацию.",
            f"Right: you hold no {gen[1]} — say «пишет» (it stands); you may ask to see it.",
        ))
        answers["rost"] = Answer(False, (
            f"«Рост?» без {gen[0]} — ложное объявление: байт на картах.",
            f"«Рост?» without a {gen[1]} is a false announcement: bait on cards.",
        ), "false_rost", (f"Рост? без {gen[0]} — ложное объявление: ваши очки мои",
                          f"«Рост?» without a {gen[1]} — a false announcement: your points are mine"))
        answers["mine"] = Answer(False, (
            "«У меня старше» без комбинации — ложное объявление: байт на картах.",
            "«Mine is higher» with no sequence is a false announcement: bait on cards.",
        ), "false_mine", ("«У меня старше» без комбинации? Байт на картах",
                          "«Mine is higher» with nothing? Bait on cards"))
        if c == TERZ:
            answers["announce:fifty"] = false_fifty
        return [DrillStep(history, moment, R_FALSE_ROST, answers)]
    name = _seq_names(mine, trump)
    if mine.length > c:
        answers["announce:fifty"] = Answer(True, (
            f"Верно: у вас {name[0]} — старший класс называют сразу: «Пятьдесят». Терц соперника не считается.",
            f"Right: you hold a {name[1]} — name the higher class at once: «Пятьдесят». The терц does not count.",
        ))
        answers["rost"] = Answer(False, (
            "«Рост?» с пятьюдесятью на руках — вы заглядываете в карты соперника: ваша комбинация не считается, "
            "считается его терц.",
            "«Рост?» holding a fifty is peeking at the opponent's cards: yours does not count, his терц does.",
        ), "rost_certainly_higher", ("Рост? при полтиннике на руках — ваша комбинация не считается",
                                     "«Рост?» holding a fifty — your sequence does not count"))
        answers["mine"] = Answer(False, (
            "Сравнение за вами, но старший класс называют прямо: «Пятьдесят». «У меня старше» говорят после роста.",
            "You win the comparison, but a higher class is named outright: «Пятьдесят». «Mine is higher» "
            "follows a «Рост?».",
        ))
        answers["pishet"] = Answer(False, (
            f"«Пишет» с пятьюдесятью на руках — вы сами отдали сравнение: ваш {name[0]} не считается, терц "
            "соперника считается.",
            f"«Пишет» holding a fifty gives the comparison away: your {name[1]} does not count, his терц does.",
        ), None, ("Пишет? Спасибо — мой терц записан", "«Пишет»? Thank you — my терц is written down"))
        return [DrillStep(history, moment, R_CERTAINLY, answers)]
    if mine.length < c:
        answers["pishet"] = Answer(True, (
            "Верно: против пятидесяти терц младше при любом росте — «пишет».",
            "Right: a терц is lower than any fifty — «пишет».",
        ))
        answers["rost"] = Answer(False, (
            "«Рост?» пятидесяти с одним терцем — ложное объявление (вы заявили пятьдесят): байт на картах.",
            "«Рост?» of a fifty with only a терц is a false announcement (it claims a fifty): bait on cards.",
        ), "false_rost", ("Рост пятидесяти с одним терцем? Ложное объявление — ваши очки мои",
                          "«Рост?» of a fifty with a терц? A false announcement — your points are mine"))
        answers["mine"] = Answer(False, (
            "«У меня старше», а терц младше пятидесяти — ложное объявление: байт на картах.",
            "«Mine is higher», but a терц is lower than a fifty: a false announcement, bait on cards.",
        ), "false_mine", ("Терц старше пятидесяти? Байт на картах", "A терц above a fifty? Bait on cards"))
        return [DrillStep(history, moment, R_FALSE_ROST, answers)]
    if c == TERZ:
        answers["announce:fifty"] = false_fifty
    if seqs.certainly_higher(mine, c, trump, rules):
        answers["mine"] = Answer(True, (
            f"Верно: {name[0]} старше любого {gen[0]} — говорите сразу «Не годится, у меня {name[0]}», рост не "
            "спрашивают.",
            f"Right: a {name[1]} beats any {gen[1]} — say at once «mine is higher: {name[1]}», never «Рост?».",
        ))
        answers["rost"] = Answer(False, (
            "«Рост?» с заведомо старшей комбинацией — ваша комбинация не считается, считается комбинация соперника.",
            "«Рост?» with a certainly higher sequence: yours does not count, the opponent's does.",
        ), "rost_certainly_higher", (f"Рост? С {name[0]} на руках — ваша комбинация не считается",
                                     f"«Рост?» holding a {name[1]} — your sequence does not count"))
        answers["pishet"] = Answer(False, (
            f"«Пишет» с заведомо старшей комбинацией ({name[0]}) — вы отдали сравнение: считается {lname[0]}.",
            f"«Пишет» with a certainly higher sequence ({name[1]}) gives it away: his {lname[1]} counts.",
        ), None, (f"Пишет? Спасибо — мой {lname[0]} записан", f"«Пишет»? Thank you — my {lname[1]} counts"))
        return [DrillStep(history, moment, R_CERTAINLY, answers)]
    wins = seqs.beats(mine, False, leader, trump, rules)
    why = _why_higher(mine, leader, trump, rules, leader_wins=not wins)
    thanks: Text = (f"Пишет? Спасибо — мой {lname[0]} записан", f"«Пишет»? Thank you — my {lname[1]} counts")
    answers["rost"] = Answer(True, (
        f"Верно: у вас тоже {word[0]} ({name[0]}) — спросите «Рост?»: соперник назовёт старшую карту.",
        f"Right: you too hold a {word[1]} ({name[1]}) — ask «Рост?»: the leader names the top card.",
    ))
    answers["pishet"] = Answer(False, (
        "«Пишет», не спросив роста, — вы отдали сравнение, не узнав, чья комбинация старше"
        + (" (а ваша была старше!)." if wins else " (на этот раз ваша и правда младше)."),
        "«Пишет» without asking gives the comparison away without knowing whose is higher"
        + (" (and yours was higher!)." if wins else " (this time yours is indeed lower)."),
    ), None, thanks if wins else None)
    if wins:
        answers["mine"] = Answer(False, (
            "Угадали, но так не говорят: не зная роста соперника, сначала спрашивают «Рост?» — называть свою "
            "комбинацию раньше времени значит раскрывать карты.",
            "A lucky guess, but not the etiquette: not knowing the leader's height, ask «Рост?» first — naming "
            "yours early shows your cards.",
        ))
    else:
        answers["mine"] = Answer(False, (
            f"«У меня старше», а ваш {name[0]} младше: ложное объявление — байт на картах.",
            f"«Mine is higher», but your {name[1]} is lower: a false announcement, bait on cards.",
        ), "false_mine", LOWER_MINE)
    equal_rule = R_EQUAL_KHARKOV if rules.equal_sequences.value == "earlier" else R_EQUAL_MOSCOW
    steps.append(DrillStep(history, moment, R_ANSWER, answers))
    # step 2: the leader names the top card (the bot's only legal move), then «у меня старше» or «пишет»
    after = Deal(rules, deal.dealer, deal.deck)
    for _, a in deal.history:
        after.apply(a)
    after.apply(A.ROST)
    bot_moves: list[Action] = []
    _run_bot(after, MediumBot(0), bot_moves)
    top = _top_words(leader.top_card, trump)
    second: dict[str, Answer] = {}
    if wins:
        second["mine"] = Answer(True, (
            f"Верно: ваш {name[0]} старше, чем {lname[0]} — {why[0]}. Говорите «У меня {name[0]}».",
            f"Right: your {name[1]} beats his {lname[1]} — {why[1]}. Say «mine: {name[1]}».",
        ))
        second["pishet"] = Answer(False, (
            f"«Пишет», хотя ваш {name[0]} старше ({why[0]}): посчитается {lname[0]} соперника, ваш — нет.",
            f"«Пишет» though your {name[1]} is higher ({why[1]}): his {lname[1]} counts, yours does not.",
        ), None, (f"Пишет? Спасибо — мой {lname[0]} записан", f"«Пишет»? Thank you — my {lname[1]} counts"))
    else:
        second["pishet"] = Answer(True, (
            f"Верно: {lname[0]} соперника старше вашего ({name[0]}) — {why[0]}. Говорите «пишет», высоту своей "
            "не называют.",
            f"Right: his {lname[1]} beats your {name[1]} — {why[1]}. Say «пишет»; do not name yours.",
        ))
        second["mine"] = Answer(False, (
            f"«У меня старше», хотя ваш {name[0]} младше ({why[0]}): ложное объявление — байт на картах.",
            f"«Mine is higher» though your {name[1]} is lower ({why[1]}): a false announcement, bait on cards.",
        ), "false_mine", LOWER_MINE)
    hist2 = _strs([a for _, a in after.history])
    moment2 = (M_AFTER_TOP[0].format(top=top[0]), M_AFTER_TOP[1].format(top=top[1]))
    steps.append(DrillStep(hist2, moment2, equal_rule, second))
    return steps


def _plain_terz_top(rng: random.Random) -> int:
    return rng.randrange(2, 8)


def _trump_terz_top(rng: random.Random) -> int:
    """A trump терц without the seven (no swap) and without both K and Q (no belle): from the 10, J or Q."""
    return rng.choice([3, 4, 5])


# ---------------------------------------------------------------- the situations


def build_announce_terz(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov", "club", "book")[kind]
    trump = rng.randrange(4)
    suit = rng.randrange(4)
    top = _trump_terz_top(rng) if suit == trump else _plain_terz_top(rng)
    run = _run(suit, top, TERZ)
    up = _face_up(rng, trump, set(run))
    rules = _strict(preset)

    def steps(deal: Deal, rules: Rules) -> list[DrillStep]:
        seq = seqs.find_sequences(deal.hands[PLAYER], deal.trump, rules)[0]
        name = _seq_names(seq, deal.trump)
        answers = {
            "announce:terz": Answer(True, (
                f"Верно: у вас {name[0]} — объявляете только класс, «терц», и ходите. Высоту назовёте, если "
                "спросят рост.",
                f"Right: you hold a {name[1]} — announce only the class, «терц», and play. Name its height only "
                "if asked «Рост?».",
            )),
            "announce:fifty": Answer(False, FALSE_FIFTY, "false_announcement", FALSE_REMARK),
            ANY_CARD: Answer(False, SILENT_PLAY),
        }
        return [DrillStep(_strs([a for _, a in deal.history]), M_LEAD, R_ANNOUNCE, answers)]

    return _first_trick_drill(
        "announce_terz", variant, seed, rng, preset, player_leads=True, trump=trump, face_up=up, core_p=run,
        core_b=[], ok=_exact(rules, trump, [(TERZ, top, suit)], []), bot_words=lambda d: [], steps=steps,
        intro=("Вы ходите первым.", "You lead."), rules=rules,
    )


def _answer_drill(
    situation: str, rng: random.Random, variant: int, seed: int, preset: str, *, trump: int,
    lead: tuple[int, int, int], mine: tuple[int, int, int] | None, belle_p: bool = False,
) -> Drill:
    """The bot leads and announces ``lead`` (length, top, suit); the player holds ``mine`` (or nothing)."""
    rules = _strict(preset)
    lcls, ltop, lsuit = lead
    core_b = _run(lsuit, ltop, lcls)
    core_p = [] if mine is None else _run(mine[2], mine[1], mine[0])
    up = _face_up(rng, trump, set(core_b) | set(core_p))
    return _first_trick_drill(
        situation, variant, seed, rng, preset, player_leads=False, trump=trump, face_up=up, core_p=core_p,
        core_b=core_b, ok=_exact(rules, trump, [] if mine is None else [mine], [lead], belle_p),
        bot_words=_announce(lcls), steps=_answer_steps,
        intro=(f"Соперник ходит первым и объявил «{_cls_word(lcls)[0]}».",
               f"The opponent leads and announced «{_cls_word(lcls)[1]}»."),
        rules=rules,
    )


def build_rost_trump(preset: str) -> Callable[[random.Random, int, int, int], Drill]:
    def build(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
        trump = rng.randrange(4)
        top = _trump_terz_top(rng)
        lsuit = rng.choice([s for s in range(4) if s != trump])
        return _answer_drill(f"rost_trump_{preset}", rng, variant, seed, preset, trump=trump,
                             lead=(TERZ, top, lsuit), mine=(TERZ, top, trump))
    return build


def build_answer_fifty(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    psuit = rng.choice([s for s in range(4) if s != lsuit])
    ptop = rng.choice([4, 5]) if psuit == trump else rng.randrange(3, 8)  # a trump fifty without 7 or K+Q
    return _answer_drill("answer_fifty", rng, variant, seed, preset, trump=trump,
                         lead=(TERZ, _plain_terz_top(rng), lsuit), mine=(FIFTY, ptop, psuit))


def build_lower_terz(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    ltop = rng.randrange(4, 8)
    psuit = rng.choice([s for s in range(4) if s != lsuit])
    ptop = rng.randrange(2, ltop)
    if psuit == trump:
        ptop = max(3, min(ptop, 5))
    return _answer_drill("lower_terz", rng, variant, seed, preset, trump=trump,
                         lead=(TERZ, ltop, lsuit), mine=(TERZ, ptop, psuit))


def build_no_sequence(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    return _answer_drill("no_sequence", rng, variant, seed, preset, trump=trump,
                         lead=(TERZ, _plain_terz_top(rng), lsuit), mine=None)


def build_terz_vs_fifty(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    psuit = rng.choice([s for s in range(4) if s != lsuit])
    ptop = _trump_terz_top(rng) if psuit == trump else _plain_terz_top(rng)
    return _answer_drill("terz_vs_fifty", rng, variant, seed, preset, trump=trump,
                         lead=(FIFTY, rng.randrange(3, 8), lsuit), mine=(TERZ, ptop, psuit))


def build_certainly_higher(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    cls = (TERZ, FIFTY)[kind]
    trump = rng.randrange(4)
    lsuit = rng.choice([s for s in range(4) if s != trump])
    ltop = rng.randrange(cls - 1, 8)
    return _answer_drill("certainly_higher", rng, variant, seed, "moscow", trump=trump,
                         lead=(cls, ltop, lsuit), mine=(cls, 7, trump), belle_p=True)


def _passes_setup(rng: random.Random, trump: int) -> tuple[list[Card], Card]:
    """The терц 7-8-9 of the first trump and a valuable вскрышка (J or A: the swap would not keep a терц)."""
    return _cards(trump, (Rank.SEVEN, Rank.EIGHT, Rank.NINE)), Card(trump * 8 + rng.choice([Rank.JACK, Rank.ACE]))


def build_ask_passes(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "kharkov")[kind]
    trump = rng.randrange(4)
    terz, up = _passes_setup(rng, trump)
    rules = _strict(preset)
    upname = _top_words(up, None)

    def steps(deal: Deal, rules: Rules) -> list[DrillStep]:
        code = str(up)
        answers = {
            "ask-passes": Answer(True, (
                "Верно: сначала спросите «Проходит ли мой терц?» — соперник обязан ответить правдиво; потом "
                "решите: сохранить терц или взять вскрышку.",
                "Right: first ask «Does my терц pass?» — the opponent must answer truthfully; then decide to keep "
                "the терц or take the face-up card.",
            )),
            "swap": Answer(False, (
                f"Вы поменяли семёрку на вскрышку ({code}), не спросив: терц 7-8-9 разрушен, а он, возможно, прошёл "
                "бы. Правила дают право сначала спросить.",
                f"You swapped the seven for the face-up {code} without asking: the терц 7-8-9 is gone, and it might "
                "have passed. The rules let you ask first.",
            )),
            "announce:terz": Answer(False, (
                f"Вы объявили терц и тем отказались от вскрышки ({code}), не узнав, пройдёт ли он. После объявления "
                "менять семёрку уже нельзя — сначала спросите.",
                f"You announced the терц and so gave up the face-up {code} without knowing whether it passes. No "
                "swap after speaking — ask first.",
            )),
            "announce:fifty": Answer(False, FALSE_FIFTY, "false_announcement", FALSE_REMARK),
            ANY_CARD: Answer(False, (
                "Вы сыграли молча: ни терц не объявлен, ни вскрышка не взята.",
                "You played in silence: neither announced the терц nor took the face-up card.",
            )),
        }
        m = (M_ASK_PASSES[0].format(up=code), M_ASK_PASSES[1].format(up=code))
        return [DrillStep(_strs([a for _, a in deal.history]), m, R_PASSES, answers)]

    return _first_trick_drill(
        "ask_passes", variant, seed, rng, preset, player_leads=True, trump=trump, face_up=up, core_p=terz,
        core_b=[], ok=_exact(rules, trump, [(TERZ, 2, trump)], None), bot_words=lambda d: [], steps=steps,
        intro=(f"Вы ходите первым; вскрышка — {upname[0].removeprefix('от ')}.", "You lead."), rules=rules,
    )


def build_answer_passes(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = "moscow" if variant % 2 == 0 else "kharkov"
    trump = rng.randrange(4)
    terz, up = _passes_setup(rng, trump)
    rules = _strict(preset)
    if kind == 0:  # a higher sequence: the терц does not pass
        suit = rng.choice([s for s in range(4) if s != trump])
        want: list[tuple[int, int, int]] = [(TERZ, rng.randrange(3, 8), suit)]
    elif kind == 1:  # nothing: it passes
        want = []
    else:  # a plain терц from the nine: the trump one is higher, it passes
        suit = rng.choice([s for s in range(4) if s != trump])
        want = [(TERZ, 2, suit)]
    core_p = _run(want[0][2], want[0][1], TERZ) if want else []

    def steps(deal: Deal, rules: Rules) -> list[DrillStep]:
        truth = deal._passes_truth()
        found = seqs.find_sequences(deal.hands[PLAYER], deal.trump, rules)
        right, wrong = A.answer_passes(truth), A.answer_passes(not truth)
        if truth and not found:
            why: Text = ("у вас нет комбинаций", "you hold no sequence")
        elif truth:
            n = _seq_names(found[0], deal.trump)
            why = (f"ваш {n[0]} не старше терца от девятки козырной (при равной высоте козырный старше)",
                   f"your {n[1]} is not higher than the терц from the trump nine (the trump wins at equal height)")
        else:
            n = _seq_names(found[0], deal.trump)
            why = (f"ваш {n[0]} старше терца от девятки козырной", f"your {n[1]} beats the терц from the trump nine")
        say = ("«проходит»", "'it passes'") if truth else ("«не проходит»", "'it does not pass'")
        answers = {
            str(right): Answer(True, (f"Верно: {why[0]} — отвечаете {say[0]}.", f"Right: {why[1]} — answer {say[1]}.")),
            str(wrong): Answer(False, (
                f"Неправда: {why[0]}. Неправдивый ответ — ложное объявление: байт на картах.",
                f"Untrue: {why[1]}. A false answer is a false announcement: bait on cards.",
            ), "false_answer", ("Неправда про терц — байт на картах, очки мои",
                                "An untrue answer — bait on cards, the points are mine")),
        }
        return [DrillStep(_strs([a for _, a in deal.history]), M_ANSWER_PASSES, R_PASSES, answers)]

    return _first_trick_drill(
        "answer_passes", variant, seed, rng, preset, player_leads=False, trump=trump, face_up=up, core_p=core_p,
        core_b=terz, ok=_exact(rules, trump, want, [(TERZ, 2, trump)]), bot_words=lambda d: [A.ASK_PASSES],
        steps=steps, intro=("Соперник ходит первым.", "The opponent leads."), rules=rules,
    )


def build_belle(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    preset = ("moscow", "book", "club")[kind]
    trump = rng.randrange(4)
    rules = _strict(preset)
    king, queen = Card(trump * 8 + Rank.KING), Card(trump * 8 + Rank.QUEEN)
    seven = Card(trump * 8 + Rank.SEVEN)
    others = set(_cards(trump, (Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.ACE)))
    belle_lost: Text = (
        "Вы отдали карту беллы, не объявив её: {rule} — 20 очков потеряно.",
        "You played a belle card without announcing it: {rule} — 20 points lost.",
    )
    if rules.belle_when is BelleWhen.BEFORE_ANY_CARD:
        lead_suit = rng.choice([s for s in range(4) if s != trump])
        lead = rng.choice(_cards(lead_suit, range(8)))
        core_b, excluded = [lead], others

        def ok(p: list[Card], b: list[Card]) -> bool:
            return (not any(c // 8 == lead_suit for c in p) and not _sig(p, Suit(trump), rules)
                    and not _sig(b, Suit(trump), rules))

        def words(deal: Deal) -> list[Action]:
            return [A.play(lead), A.play(king)]

        def steps(deal: Deal, rules: Rules) -> list[DrillStep]:
            answers = {
                "belle": Answer(True, (
                    "Верно: по официальным правилам беллу можно объявить перед любым ходом, пока на руках есть хоть "
                    "одна её карта — дама ещё у вас.",
                    "Right: under the official rules belle may be announced before any card while one of its cards is "
                    "in hand — you still hold the queen.",
                )),
                str(A.play(queen)): Answer(False, (
                    "Вы сыграли даму, не объявив беллу: больше карт беллы на руке нет — 20 очков потеряно.",
                    "You played the queen without announcing belle: no belle card is left in hand — 20 points lost.",
                )),
                ANY_CARD: Answer(False, (
                    "Вы сыграли, не объявив беллу. Пока дама на руке, ещё не поздно, но не откладывайте: уйдёт дама — "
                    "уйдёт и белла.",
                    "You played without announcing belle. While the queen is in hand it is not too late, but do not "
                    "wait: when the queen goes, belle goes.",
                )),
                "claim": Answer(False, NOT_NOW_CLAIM, "false_claim",
                                ("Партия? Очков не хватает — партия моя", "Game? You are short — the game is mine")),
            }
            return [DrillStep(_strs([a for _, a in deal.history]), M_BELLE["moscow"], R_BELLE["moscow"], answers)]
    else:
        holding_both = rules.belle_when is BelleWhen.HOLDING_BOTH
        ten = Card(trump * 8 + Rank.TEN)
        core_b, excluded = [ten], others - {ten}

        def ok(p: list[Card], b: list[Card]) -> bool:
            return not _sig(p, Suit(trump), rules) and not _sig(b, Suit(trump), rules)

        def words(deal: Deal) -> list[Action]:
            return [A.play(ten)]

        def steps(deal: Deal, rules: Rules) -> list[DrillStep]:
            rule_ru = "«по книге» беллу объявляют, пока на руках обе карты" if holding_both else (
                "по клубным правилам беллу объявляют, играя короля или даму")
            rule_en = "book rules: belle is announced while both cards are in hand" if holding_both else (
                "club rules: belle is announced when playing the king or queen")
            lost = Answer(False, (belle_lost[0].format(rule=rule_ru), belle_lost[1].format(rule=rule_en)))
            answers: dict[str, Answer] = {
                "announce:terz": Answer(False, FALSE_TERZ, "false_announcement", FALSE_REMARK),
                "announce:fifty": Answer(False, FALSE_FIFTY, "false_announcement", FALSE_REMARK),
            }
            if holding_both:
                answers["belle"] = Answer(True, (
                    "Верно: «по книге» беллу объявляют на своём ходе, пока на руках и король, и дама — то есть "
                    "сейчас, до карты.",
                    "Right: under the book rules belle is announced on one's turn while holding both king and "
                    "queen — now, before the card.",
                ))
                answers[str(A.play(king))] = lost
                answers[str(A.play(queen))] = lost
            else:
                for c in (king, queen):
                    answers[str(A.play(c, belle=True))] = Answer(True, (
                        "Верно: по клубным правилам беллу объявляют, играя короля или даму козырей — «с беллой».",
                        "Right: under the club rules belle is announced by playing the trump king or queen — "
                        "'with belle'.",
                    ))
                    answers[str(A.play(c))] = Answer(False, (
                        "Вы сыграли карту беллы молча. По клубным правилам беллу объявляют, играя короля или даму; "
                        "шанс остался только с другой картой — не упустите его.",
                        "You played a belle card in silence. Under the club rules belle is announced when playing "
                        "the king or queen; only the other card is left to do it — do not miss it.",
                    ))
            return [DrillStep(_strs([a for _, a in deal.history]), M_BELLE[preset], R_BELLE[preset], answers)]

    return _first_trick_drill(
        "belle", variant, seed, rng, preset, player_leads=False, trump=trump, face_up=seven,
        core_p=[king, queen], core_b=core_b, ok=ok, bot_words=words, steps=steps,
        intro=("У вас белла — король и дама козырей.", "You hold belle — the trump king and queen."),
        excluded=excluded, rules=rules,
    )


# ---------------------------------------------------------------- claiming the game


CLAIM_TARGET = 301


def _bot_play(match: Match, bots: list[MediumBot], stop: Callable[[Deal], bool] | None = None) -> bool:
    """Bots play the current deal; before each action ``stop(deal)`` may end it (True = stopped there).

    The player's seat never claims unless ``stop`` lets it through: claims are the drill's question.
    """
    deal = match.current
    assert deal is not None
    while not deal.is_over():
        if stop is not None and stop(deal):
            return True
        seat = deal.current_player()
        assert seat is not None
        view = deal.view(seat)
        if seat == PLAYER:
            view = replace(view, legal=tuple(a for a in view.legal if a.kind is not Kind.CLAIM)
                           or view.legal)
        match.apply(bots[seat].choose(view))
    return False


def _claim_prelude(rng: random.Random, rules: Rules) -> tuple[tuple[Card, ...], tuple[Action, ...]] | None:
    """A first deal in which the player (non-dealer) holds a strong trump hand and writes a lot."""
    trump = rng.randrange(4)
    trumps = _cards(trump, (Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE))
    drop = rng.choice([Rank.EIGHT, Rank.TEN, Rank.ACE])
    core = [c for c in trumps if c % 8 != drop]
    plain = [c for c in ALL_CARDS if c // 8 != trump]
    aces = [c for c in plain if c % 8 in (Rank.ACE, Rank.TEN)]
    p = core + rng.sample(aces, 9 - len(core))
    rest = [c for c in ALL_CARDS if c not in p and c != Card(trump * 8 + Rank.SEVEN)]
    b = rng.sample(rest, 9)
    deck = _deck(rng, {PLAYER: p, BOT: b}, BOT, Card(trump * 8 + Rank.SEVEN))
    match = Match(rules, BOT)
    match.start_deal(deck)
    _bot_play(match, [MediumBot(0), MediumBot(1)])
    deal = match.deals[-1]
    if match.over is not None or not 180 <= match.scores[PLAYER] <= 270 or match.scores[BOT] > 100:
        return None
    return deck, tuple(a for _, a in deal.history)


def build_claim(rng: random.Random, kind: int, variant: int, seed: int) -> Drill:
    rules = _strict("moscow", target=CLAIM_TARGET)
    for _ in range(400):
        prelude = _claim_prelude(rng, rules)
        if prelude is None:
            continue
        deck = tuple(rng.sample(list(ALL_CARDS), 32))
        match = Match(rules, BOT)
        match.start_deal(prelude[0])
        for a in prelude[1]:
            match.apply(a)
        sheet = match.scores[PLAYER]

        def stop(deal: Deal) -> bool:
            if deal.current_player() != PLAYER:
                return False
            legal = deal.legal_actions()
            if A.BELLE in legal:
                return False
            if kind == 2:
                return deal.phase is Phase.CLAIM
            if A.CLAIM not in legal or deal.phase is not Phase.PLAY:
                return False
            return deal._claim_is_true(PLAYER) == (kind == 0)

        match.start_deal(deck)
        if not _bot_play(match, [MediumBot(0), MediumBot(1)], stop):
            continue
        deal = match.deals[-1]
        if A.BELLE in deal.legal_actions():
            continue
        now = deal._points_so_far(PLAYER)
        history = _strs([a for _, a in deal.history])
        total = sheet + now
        lose: Answer = Answer(False, (
            f"Очков ещё нет: {sheet} + {now} = {total} < {CLAIM_TARGET}. Ложное объявление о выигрыше — партия "
            "проиграна.",
            f"Not enough yet: {sheet} + {now} = {total} < {CLAIM_TARGET}. A false claim loses the game.",
        ), "false_claim", ("Партия? Очков не хватает — партия моя", "Game? You are short — the game is mine"))
        if kind == 0:
            answers = {
                "claim": Answer(True, (
                    f"Верно: {sheet} + {now} = {total} ≥ {CLAIM_TARGET} — объявляйте выигрыш сейчас, после своей "
                    "взятки и до следующего хода.",
                    f"Right: {sheet} + {now} = {total} ≥ {CLAIM_TARGET} — claim now, after your trick and before "
                    "the next lead.",
                )),
                ANY_CARD: Answer(False, (
                    f"У вас уже {total} из {CLAIM_TARGET}, но вы не объявили. Партия сама не кончается: объявить "
                    "можно после следующей своей взятки или при записи.",
                    f"You already have {total} of {CLAIM_TARGET} but did not claim. The game does not end by itself: "
                    "claim after your next trick or at the score-keeping.",
                )),
            }
            moment = _fmt(M_CLAIM_TRICK, score=sheet, target=CLAIM_TARGET, now=now)
        elif kind == 1:
            answers = {
                "claim": lose,
                ANY_CARD: Answer(True, (
                    f"Верно: {sheet} + {now} = {total} < {CLAIM_TARGET} — играйте дальше и объявите, когда наберёте.",
                    f"Right: {sheet} + {now} = {total} < {CLAIM_TARGET} — play on and claim once you have it.",
                )),
            }
            moment = _fmt(M_CLAIM_TRICK, score=sheet, target=CLAIM_TARGET, now=now)
        else:
            assert deal.result is not None
            after = deal.result.scores_after[PLAYER]
            answers = {
                "claim": Answer(True, (
                    f"Верно: после записи у вас {after} ≥ {CLAIM_TARGET} — объявляйте выигрыш при записи.",
                    f"Right: after scoring you have {after} ≥ {CLAIM_TARGET} — claim the game at the score-keeping.",
                )),
                "no-claim": Answer(False, (
                    f"У вас {after} из {CLAIM_TARGET}, но партию заканчивает только объявление — игра пойдёт дальше.",
                    f"You have {after} of {CLAIM_TARGET}, but only a claim ends the game — play goes on.",
                )),
            }
            moment = _fmt(M_CLAIM_END, after=after, target=CLAIM_TARGET)
        return Drill(
            situation="claim", variant=variant, seed=seed, rules=rules, first_dealer=BOT, prelude=(prelude,),
            deck=deck, script=tuple(Action.parse(h) for h in history), steps=(DrillStep(history, moment, R_CLAIM,
                                                                                          answers),),
            intro=(f"Партия до {CLAIM_TARGET}; первая сдача сыграна, у вас {sheet}.",
                   f"A game to {CLAIM_TARGET}; the first deal is played, you have {sheet}."),
        )
    raise RuntimeError("no claim position found")  # pragma: no cover


# ---------------------------------------------------------------- the list


def _sit(key: str, title: Text, teaches: Text, sources: Text, kinds: int,
         build: Callable[[random.Random, int, int, int], Drill]) -> Situation:
    return Situation(key, title, teaches, sources, kinds, build)


SITUATIONS: dict[str, Situation] = {s.key: s for s in (
    _sit("announce_terz", ("Объявить терц первым", "Announce a терц first"),
         ("Ходящий первым до своей карты называет только класс старшей комбинации — «терц».",
          "The leader names only the class of his best sequence — «терц» — before his card."),
         ("официальные, разд. 6 и 8; так же харьковские, клубные, «по книге»",
          "official, sections 6 and 8; the same in Kharkov, club and book rules"), 4, build_announce_terz),
    _sit("no_sequence", ("Нет комбинации: «пишет»", "Nothing to show: «пишет»"),
         ("Нечем ответить на терц — «пишет»; «рост?» без терца — ложное объявление.",
          "Nothing against a терц — «пишет»; «рост?» without a терц is a false announcement."),
         ("официальные, разд. 9 и 13", "official, sections 9 and 13"), 2, build_no_sequence),
    _sit("lower_terz", ("Младший терц: «рост?», затем «пишет»", "A lower терц: «рост?», then «пишет»"),
         ("С тем же классом спрашивают рост; услышав, что ваш младше, говорят «пишет», своего не называя.",
          "With the same class ask «рост?»; hearing yours is lower, say «пишет» without naming yours."),
         ("официальные, разд. 9; «по книге» — «твоя»", "official, section 9; the book says «твоя»"), 2,
         build_lower_terz),
    _sit("answer_fifty", ("Пятьдесят против терца", "A fifty against a терц"),
         ("Старший класс называют сразу — «пятьдесят»; «рост?» с пятьюдесятью — штраф.",
          "Name the higher class at once — «пятьдесят»; «рост?» with a fifty is penalised."),
         ("официальные, разд. 9 и 13", "official, sections 9 and 13"), 2, build_answer_fifty),
    _sit("terz_vs_fifty", ("Терц против пятидесяти", "A терц against a fifty"),
         ("Против пятидесяти терц младше — «пишет»; рост пятидесяти с терцем — ложное объявление.",
          "A терц is lower than a fifty — «пишет»; «рост?» of a fifty with a терц is a false announcement."),
         ("официальные, разд. 9", "official, section 9"), 2, build_terz_vs_fifty),
    _sit("rost_trump_moscow", ("Равные терцы: московские", "Equal терцы: Moscow"),
         ("Ваш терц козырный той же высоты: «рост?», соперник называет высоту — козырный старше: «у меня старше».",
          "Yours is a trump терц of the same height: «рост?», the height — the trump one wins: «mine is higher»."),
         ("официальные, разд. 7 и 9", "official, sections 7 and 9"), 1, build_rost_trump("moscow")),
    _sit("rost_trump_kharkov", ("Равные терцы: харьковские", "Equal терцы: Kharkov"),
         ("Ваш терц козырный той же высоты, но по харьковским правилам старше объявленный раньше: «пишет».",
          "Yours is a trump терц of the same height, but under Kharkov rules the first announced wins: «пишет»."),
         ("официальные, разд. 14 (харьковские)", "official, section 14 (Kharkov)"), 1, build_rost_trump("kharkov")),
    _sit("certainly_higher", ("Заведомо старшая: от туза козырного", "Certainly higher: from the trump ace"),
         ("Терц или пятьдесят от туза козырного (московские) старше любого — говорят сразу; «рост?» — штраф.",
          "A терц or fifty from the trump ace (Moscow) beats any — say so at once; «рост?» is penalised."),
         ("официальные, разд. 9, 13, 14", "official, sections 9, 13, 14"), 2, build_certainly_higher),
    _sit("ask_passes", ("«Проходит ли мой терц?»", "«Does my терц pass?»"),
         ("С терцем 7-8-9 козырей до замены семёрки можно спросить, пройдёт ли терц.",
          "With the терц 7-8-9 of trumps you may ask whether it passes before swapping the seven."),
         ("официальные, разд. 10", "official, section 10"), 2, build_ask_passes),
    _sit("answer_passes", ("Ответ на «проходит ли терц?»", "Answering «does my терц pass?»"),
         ("На вопрос соперника отвечают правдиво; ложный ответ — байт на картах.",
          "Answer the opponent truthfully; a false answer is bait on cards."),
         ("официальные, разд. 10 и 13", "official, sections 10 and 13"), 3, build_answer_passes),
    _sit("belle", ("Когда объявлять беллу", "When to announce belle"),
         ("Официальные: перед любым ходом, пока есть хоть одна карта; «по книге»: пока обе на руке; клубные: "
          "играя короля или даму.",
          "Official: before any card while one is held; book: while both are held; club: when playing the K or Q."),
         ("официальные (разд. 8), «по книге», клубные", "official (section 8), book, club"), 3, build_belle),
    _sit("claim", ("Объявить выигрыш партии", "Claiming the game"),
         ("Партию заканчивает объявление — после своей взятки или при записи; ложное объявление — проигрыш.",
          "A claim ends the game — after one's trick or at the score-keeping; a false claim loses it."),
         ("официальные, разд. 12–14", "official, sections 12–14"), 3, build_claim),
)}

# teaching order (the picker shows them two by two: related drills side by side)
SITUATIONS = {k: SITUATIONS[k] for k in (
    "announce_terz", "no_sequence", "lower_terz", "terz_vs_fifty", "answer_fifty", "certainly_higher",
    "rost_trump_moscow", "rost_trump_kharkov", "ask_passes", "answer_passes", "belle", "claim",
)}

# What the bot says when the player's fault profits it (by penalty reason), outside a drill's own remark.
BOT_REMARKS: dict[str, Text] = {
    "false_announcement": FALSE_REMARK,
    "false_rost": ("Рост? без такой комбинации — ложное объявление: ваши очки мои",
                   "«Рост?» without such a sequence — a false announcement: your points are mine"),
    "rost_certainly_higher": ("Рост? при заведомо старшей — ваша комбинация не считается",
                              "«Рост?» with a certainly higher one — your sequence does not count"),
    "false_mine": ("У меня старше? Не старше — байт на картах", "«Mine is higher»? It is not — bait on cards"),
    "false_answer": ("Неправда про терц — байт на картах", "An untrue answer — bait on cards"),
    "false_claim": ("Партия? Очков не хватает — партия моя", "Game? You are short — the game is mine"),
}


def make_drill(situation: str, variant: int = 0, seed: int = 0) -> Drill:
    """The drill for ``situation``; ``variant`` picks the sub-case and (with ``seed``) the cards. Deterministic."""
    try:
        sit = SITUATIONS[situation]
    except KeyError:
        raise ValueError(f"unknown drill situation {situation!r} (known: {', '.join(SITUATIONS)})") from None
    rng = random.Random(f"{situation}:{variant}:{seed}")
    return sit.build(rng, variant % sit.kinds, variant, seed)


__all__ = ["ANY_CARD", "BOT_REMARKS", "PLAYER", "SITUATIONS", "Answer", "Drill", "DrillStep", "Situation", "make_drill"]
