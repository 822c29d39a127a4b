"""What the drills say: the rules in our words (naming the rule set), the moments, the verdicts, the bot's
remarks, and the phrases built from cards and sequences."""

from __future__ import annotations

from game.cards import Card, Suit
from game.drills.model import PLAYER, Text
from game.sequences import Sequence

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
LOWER_MINE: Text = ("«У меня старше»? Ваша комбинация младше — байт на картах",
                    "«Mine is higher»? Yours is lower — bait on cards")
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

# What the bot says when the player's fault profits it (by penalty reason), outside a drill's own remark.
BOT_REMARKS: dict[str, Text] = {
    "false_announcement": FALSE_REMARK,
    "false_rost": ("«Рост?» без такой комбинации — ложное объявление: ваши очки мои",
                   "«Рост?» without such a sequence — a false announcement: your points are mine"),
    "rost_certainly_higher": ("«Рост?» при заведомо старшей — ваша комбинация не считается",
                              "«Рост?» with a certainly higher one — your sequence does not count"),
    "false_mine": ("«У меня старше»? Нет, не старше — байт на картах", "«Mine is higher»? It is not — bait on cards"),
    "false_answer": ("Неправда про терц — байт на картах", "An untrue answer — bait on cards"),
    "false_claim": ("«Партия»? Очков не хватает — партия моя", "Game? You are short — the game is mine"),
}


# ---------------------------------------------------------------- phrases


def seq_names(seq: Sequence, trump: Suit | None) -> Text:
    ru, en = seq.describe("ru"), seq.describe("en")
    if seq.suit == trump:
        return f"козырный {ru}", f"trump {en}"
    return ru, en


def _trump_text(trump: int) -> Text:
    ru = ("пики", "трефы", "бубны", "черви")[trump]
    en = ("spades", "clubs", "diamonds", "hearts")[trump]
    return f"{Suit(trump).symbol} {ru}", f"{Suit(trump).symbol} {en}"


def intro_text(trump: int, bidder: int, extra: Text) -> Text:
    t = _trump_text(trump)
    who = ("Вы заказали" if bidder == PLAYER else "Соперник заказал", "You ordered" if bidder == PLAYER
           else "The opponent ordered")
    return f"{who[0]} игру, козырь {t[0]}. {extra[0]}", f"{who[1]} the game, trump {t[1]}. {extra[1]}"


def top_words(card: Card, trump: Suit | None) -> Text:
    ru_gen = ("семёрки", "восьмёрки", "девятки", "десятки", "валета", "дамы", "короля", "туза")[card % 8]
    en = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")[card % 8]
    if card // 8 == trump:
        return f"от {ru_gen} козырного", f"from the trump {en}"
    return f"от {ru_gen}", f"from the {en}"
