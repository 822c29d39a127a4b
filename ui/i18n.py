"""A small dict-based translation table: Russian first, English second; plus names of cards and actions."""

from __future__ import annotations

from game.actions import FIFTY, TERZ, Action, Kind
from game.cards import Card, Rank, Suit

_lang = "ru"
_letters = "ru"

TEXT: dict[str, tuple[str, str]] = {
    "title": ("Деберц", "Deberts"),
    "subtitle": ("карточная игра для двоих", "a card game for two"),
    "new_game": ("Новая игра", "New game"),
    "continue": ("Продолжить", "Continue"),
    "practice": ("Тренировка объявлений", "Announcement practice"),
    "rules": ("Правила", "Rules"),
    "settings": ("Настройки", "Settings"),
    "quit": ("Выход", "Quit"),
    "replays": ("Повторы", "Replays"),
    "deal_code": ("Код сдачи", "Deal code"),
    "deal_code_bad": ("Код сдачи не подходит: {error}", "The deal code does not work: {error}"),
    "dealer": ("сдаёт", "dealer"),
    "bidder": ("играет", "bidder"),
    "back": ("Назад", "Back"),
    "menu": ("Меню", "Menu"),
    "preset": ("Правила", "Rules"),
    "target": ("Партия до", "Play to"),
    "one_deal": ("одна сдача", "one deal"),
    "etiquette": ("Объявления", "Announcements"),
    "guided": ("с подсказками", "guided"),
    "strict": ("строго (штрафы)", "strict (penalties)"),
    "bot_level": ("Соперник", "Opponent"),
    "level_random": ("случайный", "random"),
    "level_easy": ("лёгкий", "easy"),
    "level_medium": ("средний", "medium"),
    "level_hard": ("сильный", "strong"),
    "first_dealer": ("Первым сдаёт", "First dealer"),
    "dealer_human": ("вы", "you"),
    "dealer_bot": ("соперник", "opponent"),
    "dealer_random": ("жребий", "by lot"),
    "language": ("Язык", "Language"),
    "index_letters": ("Буквы на картах", "Card letters"),
    "letters_ru": ("Т К Д В", "Т К Д В (Russian)"),
    "letters_latin": ("A K Q J", "A K Q J"),
    "deck": ("Колода", "Deck"),
    "deck_atlasnye": ("Атласные (Т К Д В, 2 цвета)", "Atlasnye (Т К Д В, 2 colours)"),
    "deck_skat": ("Атласные skat (A K D B, 4 цвета)", "Atlasnye skat (A K D B, 4 colours)"),
    "four_colour": ("Четыре цвета мастей", "Four-colour suits"),
    "animation": ("Анимация", "Animation"),
    "anim_off": ("выкл.", "off"),
    "anim_slow": ("медленно", "slow"),
    "anim_normal": ("обычно", "normal"),
    "anim_fast": ("быстро", "fast"),
    "sound": ("Звук", "Sound"),
    "bot_delay": ("Пауза соперника", "Opponent's pause"),
    "delay_short": ("короткая", "short"),
    "delay_normal": ("обычная", "normal"),
    "delay_long": ("долгая", "long"),
    "confirm_play": ("Подтверждать ход", "Confirm before play"),
    "fullscreen": ("Полный экран", "Fullscreen"),
    "on": ("вкл.", "on"),
    "off": ("выкл.", "off"),
    "save": ("Сохранить", "Save"),
    "you": ("Вы", "You"),
    "bot": ("Соперник", "Opponent"),
    "corrupt_title": ("Сохранение повреждено", "Saved game is damaged"),
    "corrupt_text": (
        "Сохранённую партию не удалось прочитать:<br>{error}<br><br>Файл отложен как <b>{name}</b>.",
        "The saved game could not be read:<br>{error}<br><br>The file was moved aside as <b>{name}</b>.",
    ),
    "save_failed": ("Не удалось сохранить партию: {error}", "Could not save the game: {error}"),
    # table
    "sheet": ("Запись", "Score sheet"),
    "to_target": ("до {target}", "to {target}"),
    "single_deal": ("одна сдача", "single deal"),
    "deal_n": ("Сдача {n}", "Deal {n}"),
    "trump": ("Козырь", "Trump"),
    "no_trump_yet": ("Козырь: торговля", "Trump: bidding"),
    "bidder_you": ("играете вы", "you play"),
    "bidder_bot": ("играет соперник", "opponent plays"),
    "dealer_you": ("сдаёте вы", "you deal"),
    "dealer_opp": ("сдаёт соперник", "opponent deals"),
    "vskryshka": ("вскрышка", "face-up"),
    "freza": ("фреза", "bottom card"),
    "last_trick": ("Последняя взятка", "Last trick"),
    "last_trick_hint": ("взятка: держите L", "hold L: last trick"),
    "card_points": ("взятки {a} : {b}", "tricks {a} : {b}"),
    "total": ("Итого", "Total"),
    "bait_mark": ("Б", "B"),
    "hanging_mark": ("В", "H"),
    "legend": ("Б — байт, В — висячий байт", "B — bait, H — hanging bait"),
    "hanging_wait": ("висит: {pts}", "hanging: {pts}"),
    # status
    "st_bid1": ("Ваше слово: «играю» (козырь {suit}) или «пас»", "Your bid: order {suit} as trump, or pass"),
    "st_bid2": ("Ваше слово: назовите другую масть или «пас»", "Your bid: name another suit, or pass"),
    "st_bid2_forced": ("Вы сдающий: назовите козырь (обяз)", "You are the dealer: name a trump"),
    "st_answer_passes": ("Ответьте сопернику: проходит ли его терц?", "Answer: does the opponent's terz pass?"),
    "st_answer_announce": ("Соперник объявил {what}: ваш ответ?", "The opponent announced {what}: your answer?"),
    "st_tell_top": ("Соперник спросил «рост?»: назовите старшую карту", "'Рост?' — name your top card"),
    "st_after_top": ("Соперник: {what}. Пишет или у вас старше?", "Opponent: {what}. Пишет, or is yours higher?"),
    "st_claim": ("Запись: объявите выигрыш партии или продолжайте", "Score-keeping: claim the game or go on"),
    "st_lead": ("Ваш ход: перетащите карту на середину стола", "Your lead: drag a card to the centre"),
    "st_follow": ("Ваш ход: ответьте на {card}", "Your turn: answer {card}"),
    "st_extra": (" · до хода можно: {what}", " · before your card: {what}"),
    "st_opp_bid": ("Слово за соперником…", "The opponent is bidding…"),
    "st_opp_turn": ("Ходит соперник…", "The opponent is playing…"),
    "st_opp_think": ("Соперник думает…", "The opponent is thinking…"),
    "st_over": ("Сдача окончена", "The deal is over"),
    "st_game_over": ("Партия окончена", "The game is over"),
    "st_autoplay": ("Автоигра: сдача {n}", "Autoplay: deal {n}"),
    "illegal": ("Нельзя: {why}", "Not allowed: {why}"),
    # prompts
    "pr_bid1": ("Козырь {suit}. Играете?", "Trump {suit}. Will you play?"),
    "pr_bid2": ("Второй круг: назовите козырь", "Round two: name a trump"),
    "pr_passes": ("Соперник: «Проходит ли мой терц?»", "Opponent: 'Does my terz pass?'"),
    "pr_answer": ("Соперник: «{what}»", "Opponent: '{what}'"),
    "pr_tell_top": ("Соперник: «Рост?»", "Opponent: 'Рост?'"),
    "pr_before": ("Перед первым ходом", "Before your first card"),
    "pr_before_card": ("Перед вашим ходом", "Before your card"),
    "pr_claim": ("Запись очков", "Score-keeping"),
    "pr_belle": ("Сыграть {card} с беллой?", "Play {card} with belle?"),
    "pr_confirm": ("Сыграть {card}?", "Play {card}?"),
    "with_belle": ("С беллой", "With belle"),
    "without_belle": ("Без беллы", "Without belle"),
    "yes": ("Да", "Yes"),
    "no": ("Нет", "No"),
    # summary
    "sum_title": ("Сдача {n}", "Deal {n}"),
    "sum_cards": ("Карты", "Cards"),
    "sum_last": ("Послед", "Last trick"),
    "sum_belle": ("Белла", "Belle"),
    "sum_total": ("За сдачу", "Deal total"),
    "sum_written": ("Записано", "Written"),
    "sum_score": ("Счёт", "Score"),
    "sum_bait": ("Байт: играющий не набрал больше — всё пишет {who}", "Bait: the bidder made less — {who} writes all"),
    "sum_hanging": ("Висячий байт: {pts} очков играющего висят", "Hanging bait: the bidder's {pts} hang"),
    "sum_card_bait": ("Байт на картах: {who}", "Bait on cards: {who}"),
    "sum_hanging_got": ("{who} забирает висячие {pts}", "{who} takes the hanging {pts}"),
    "sum_ski": ("Лыжа: {who} без взяток", "Ski: {who} took no trick"),
    "sum_adjust": ("Штраф к счёту {who}: {pts}", "Penalty on {who}'s total: {pts}"),
    "sum_redeal_passes": ("Все спасовали — пересдача", "Everybody passed — redeal"),
    "sum_redeal_sevens": ("Четыре семёрки — пересдача", "Four sevens — redeal"),
    "sum_claimed": ("Объявлен выигрыш партии", "The game was claimed"),
    "sum_bidder": ("Играл: {who}", "Bidder: {who}"),
    "next_deal": ("Следующая сдача", "Next deal"),
    "hands_open": ("Карты сдачи", "The hands"),
    "go_win": ("Вы выиграли партию!", "You won the game!"),
    "go_loss": ("Партия за соперником", "The opponent won the game"),
    "go_reason_target": ("набрано {target}", "reached {target}"),
    "go_reason_both_reached": ("оба набрали — решил порядок правил", "both reached the target — the rules decide"),
    "go_reason_single_deal": ("партия в одну сдачу", "single-deal game"),
    "go_reason_tie_rule": ("ничья в одной сдаче — по правилу", "a tied single deal — by the rule"),
    "go_reason_claim": ("выигрыш объявлен", "the game was claimed"),
    "go_reason_false_claim": ("ложное объявление выигрыша", "a false claim"),
    "play_again": ("Играть ещё", "Play again"),
    "to_menu": ("В меню", "To the menu"),
    "penalty": ("Штраф", "Penalty"),
    # speech
    "say_order": ("Играю", "I play"),
    "say_pass": ("Пас", "Pass"),
    "say_name": ("Играю {suit}", "I play {suit}"),
    "say_swap": ("Меняю семёрку", "I swap the seven"),
    "say_ask_passes": ("Проходит ли мой терц?", "Does my terz pass?"),
    "say_passes_yes": ("Проходит", "It passes"),
    "say_passes_no": ("Не проходит", "It does not pass"),
    "say_four_sevens": ("Четыре семёрки!", "Four sevens!"),
    "say_terz": ("Терц", "Terz"),
    "say_fifty": ("Пятьдесят", "Fifty"),
    "say_rost": ("Рост?", "Рост? (how high?)"),
    "say_top": ("От {card}", "From the {card}"),
    "say_top_trump": ("От {card} козырного", "From the trump {card}"),
    "say_pishet": ("Пишет", "Пишет (yours stands)"),
    "say_mine": ("У меня старше", "Mine is higher"),
    "say_belle": ("Белла", "Belle"),
    "say_claim": ("Партия!", "Game!"),
    "say_no_claim": ("Записываем", "Let's write it down"),
    "say_sequences": ("{who}: комбинации +{pts}", "{who}: sequences +{pts}"),
    # buttons
    "btn_order": ("Играю", "Play"),
    "btn_pass": ("Пас", "Pass"),
    "btn_swap": ("Поменять семёрку", "Swap the seven"),
    "btn_ask_passes": ("Проходит ли мой терц?", "Does my terz pass?"),
    "btn_passes_yes": ("Проходит", "It passes"),
    "btn_passes_no": ("Не проходит", "It doesn't pass"),
    "btn_four_sevens": ("Четыре семёрки", "Four sevens"),
    "btn_terz": ("Терц", "Terz"),
    "btn_fifty": ("Пятьдесят", "Fifty"),
    "btn_rost": ("Рост?", "Рост?"),
    "btn_top": ("Назвать старшую карту", "Name the top card"),
    "btn_pishet": ("Пишет", "Пишет"),
    "btn_mine": ("У меня старше", "Mine is higher"),
    "btn_belle": ("Белла", "Belle"),
    "btn_claim": ("Партия! (выигрыш)", "Claim the game"),
    "btn_no_claim": ("Записать", "Write it down"),
    # undo, hint, help, tooltips
    "undo": ("Отменить", "Undo"),
    "hint": ("Подсказка", "Hint"),
    "undone": ("Ход отменён", "Move taken back"),
    "undo_not_now": ("Отменить нельзя: соперник уже ответил, сдача окончена или строгие правила",
                     "Cannot undo: the opponent has answered, the deal is over, or the table is strict"),
    "hint_thinking": ("Подсказка: считаю…", "Hint: thinking…"),
    "hint_not_now": ("Подсказка — когда ваш ход", "A hint is for your turn"),
    "hint_missing": ("Подсказки пока нет в этой версии", "Hints are not available in this version"),
    "hint_failed": ("Подсказка не удалась: {error}", "The hint failed: {error}"),
    "help_title": ("Клавиши", "Keyboard"),
    "help_close": ("F1, Esc или щелчок — закрыть", "F1, Esc or a click closes this"),
    "key_play": ("выбрать карту и сыграть её", "choose a card and play it"),
    "key_undo": ("отменить свой последний ход", "take back your last move"),
    "key_last": ("показать последнюю взятку (держать)", "show the last trick (hold)"),
    "key_hint": ("подсказка", "hint"),
    "key_help": ("эта справка", "this help"),
    "key_fullscreen": ("полный экран", "fullscreen"),
    "key_menu": ("меню", "menu"),
    "tip_menu": ("В меню; партия сохранена (Esc)", "To the menu; the game is saved (Esc)"),
    "tip_help": ("Клавиши (F1)", "Keyboard shortcuts (F1)"),
    "tip_undo": ("Отменить свой последний ход, пока соперник не ответил (Ctrl+Z)",
                 "Take back your last move while the opponent has not answered (Ctrl+Z)"),
    "tip_hint": ("Что сыграл бы сильный бот и сколько стоит каждая карта (H)",
                 "What the strong bot would play and what each card is worth (H)"),
    "tip_last_trick": ("Держите кнопку мыши или L — последняя взятка", "Hold the mouse button or L: the last trick"),
    "tip_bait": ("Байт: играющий набрал меньше — всё записал соперник",
                 "Bait: the bidder made less, the opponent wrote everything"),
    "tip_hanging": ("Висячий байт: поровну — очки играющего висят до следующей сдачи",
                    "Hanging bait: a tie, the bidder's points hang until the next deal"),
    "tip_adjust": ("Штраф или поправка к общему счёту", "A penalty or adjustment to the total"),
    "tip_hanging_wait": ("Эти очки заберёт выигравший следующую сдачу", "The winner of the next deal takes these"),
    "tip_pending_a": ("Сыграть эту карту (с беллой — объявив её)", "Play this card (with belle: declaring it)"),
    "tip_pending_b": ("Другой вариант: без беллы, или не играть её", "The other choice: no belle, or do not play it"),
    "tip_next_deal": ("Следующая сдача (Enter)", "The next deal (Enter)"),
    "tip_play_again": ("Новая партия с теми же правилами", "A new game with the same rules"),
    "tip_to_menu": ("В главное меню", "To the main menu"),
    # rules scene
    "rules_title": ("Правила: {name}", "Rules: {name}"),
    "rules_summary": (
        "32 карты, от семёрки до туза. Каждому по 6 карт, следующая открывается (вскрышка) — её масть "
        "первый козырь. Первый круг: «играю» или «пас»; второй круг: назвать другую масть или «пас». "
        "Затем ещё по 3 карты, нижняя карта колоды показывается (фреза). 9 взяток: в масть, иначе "
        "козырем; на козырный ход — старшим козырем, если есть. Козыри: В 20, 9 14, Т 11, 10 10, К 4, Д 3. "
        "Послед 10. Терц 20, пятьдесят 50, белла (К+Д козырей) 20. Если играющий набрал меньше — байт: "
        "всё пишет соперник; поровну — висячий байт.",
        "32 cards, seven to ace. Six cards each; the next one is turned up — its suit is the first trump. "
        "Round one: order it or pass; round two: name another suit or pass. Three more cards each; the "
        "bottom card is shown (фреза). Nine tricks: follow suit, else trump; on a trump lead beat it if "
        "you can. Trumps: J 20, 9 14, A 11, 10 10, K 4, Q 3. Last trick 10. Terz 20, fifty 50, belle "
        "(trump K+Q) 20. If the bidder makes less — bait: the opponent writes everything; a tie hangs.",
    ),
    "rules_options": ("Особенности набора", "Options of this preset"),
    # --- varieties ---
    "btn_offer": ("Предложить 50", "Offer 50"),
    "btn_no_offer": ("Играть", "Play"),
    "btn_offer_yes": ("Записать 50", "Write the 50"),
    "btn_offer_no": ("Играть дальше", "Play on"),
    "btn_dave": ("Даве (удвоить ставку)", "Даве (double the stake)"),
    "btn_dave_yes": ("Играть на ×{stake}", "Play on at ×{stake}"),
    "btn_dave_no": ("Сдаться", "Give up"),
    "btn_dave_accept": ("Принять даве", "Accept the даве"),
    "say_offer": ("Пиши 50?", "Write 50?"),
    "say_no_offer": ("Играем", "We play"),
    "say_offer_yes": ("Пишу 50", "I write 50"),
    "say_offer_no": ("Играем", "We play"),
    "say_dave": ("Даве!", "Даве!"),
    "say_dave_yes": ("Принимаю", "Accepted"),
    "say_dave_no": ("Сдаюсь", "I give up"),
    "pr_offer": ("До досдачи: предложить сопернику записать 50 без игры?",
                 "Before the last cards: offer the opponent 50 without playing?"),
    "pr_offer_answer": ("Соперник предлагает вам записать 50 без игры", "The opponent offers you 50 without playing"),
    "pr_dave_answer": ("Даве: соперник удваивает ставку (сейчас ×{stake})",
                       "Даве: the opponent doubles the stake (now ×{stake})"),
    "sum_offer_accepted_you": ("Предложение принято: вы записываете 50 без игры",
                               "Offer accepted: you write 50 without play"),
    "sum_offer_accepted_opp": ("Предложение принято: соперник записывает 50 без игры",
                               "Offer accepted: the opponent writes 50 without play"),
    "sum_offer_refused": ("Предложение 50 отклонено, сдача сыграна",
                          "The offer of 50 was refused; the deal was played"),
    "sum_gave_up_you": ("Вы сдались на даве", "You gave up at даве"),
    "sum_gave_up_opp": ("Соперник сдался на даве", "The opponent gave up at даве"),
    "sum_stake": ("Ставка ×{stake}", "Stake ×{stake}"),
    "go_reason_gap": ("разрыв в счёте достиг предела", "the gap between the totals reached the limit"),
    "go_reason_gave_up": ("отказ от даве — сдача партии", "даве refused: the game given up"),
    "go_settle": ("Расчёт: партия · разница {diff}", "Settlement: the game · difference {diff}"),
    "go_settle_stake": ("Расчёт: ставка ×{stake}", "Settlement: stake ×{stake}"),
    "dave": ("Даве (одна сдача)", "Даве (one deal)"),
    "opt_off": ("нет", "no"),
    "opt_on": ("да", "yes"),
}

PRESET_NAMES: dict[str, tuple[str, str]] = {
    "moscow": ("Московские (официальные)", "Moscow (official)"),
    "kharkov": ("Харьковские", "Kharkov"),
    "club": ("Клубные", "Club"),
    "book": ("По книге", "Book"),
    "one_strike": ("В один удар", "One strike"),
    "yellowclub": ("YellowClub", "YellowClub"),
    "offer": ("С предложением (50)", "With the offer (50)"),
}

# Russian descriptions of the table options (game.rules metadata is English), keyed by option name.
OPTION_DOCS_RU: dict[str, str] = {
    "target": "до скольких очков партия; 0 — всё решает одна сдача",
    "round2": "что, если во втором круге оба спасовали",
    "next_dealer": "кто сдаёт следующую сдачу",
    "first_lead": "кто ходит первым",
    "equal_sequences": "две комбинации одной длины с одинаковой старшей картой",
    "sequences_need_trick": "владелец комбинаций должен взять хотя бы одну взятку",
    "belle_when": "когда объявляется белла",
    "belle_protection": "белла засчитывается, только если взятку возьмёт её король или её дама",
    "bait_count": "как считать байты для штрафа: свои у каждого игрока или все байты партии вместе",
    "seven_swap": "козырную семёрку можно поменять на вскрышку",
    "four_sevens_redeal": "четыре семёрки дают право на пересдачу до первого хода",
    "hanging": "что бывает при равенстве (висячий байт)",
    "both_reach": "оба набрали нужное число очков в одной сдаче",
    "single_deal_tie": "кто выигрывает партию в одну сдачу при равенстве",
    "bidder_loss_stake": "сколько ставок платит играющий, проиграв партию в одну сдачу байтом",
    "bait_penalty_from": "с какого байта в партии каждый байт ещё и штрафуется (0 — нет)",
    "bait_penalty": "сколько очков снимает засчитанный байт",
    "ski_penalty": "лыжа: штраф игроку без единой взятки (его комбинации сгорают); 0 — нет",
    "sequence_order": "порядок карт в комбинациях",
    "claim_required": "победитель должен объявить выигрыш партии (ложное объявление проигрывает)",
    "etiquette": "объявления: с подсказками или строго (настройка стола)",
    "offer_fifty": "с предложением: после назначения козыря до досдачи можно предложить сопернику 50 без игры",
    "gap_end": "партия кончается и при разрыве в счёте в столько очков; выигрывает ведущий (0 — нет)",
    "dave": "даве в партии в одну сдачу: на своём ходу удвоить ставку; соперник играет или сдаётся",
}


def option_doc(name: str, english: str) -> str:
    """An option's description in the current language (English from the rules' metadata)."""
    if _lang == "en":
        return english
    return OPTION_DOCS_RU.get(name, english)


SUIT_NAMES = (("пики", "spades"), ("трефы", "clubs"), ("бубны", "diamonds"), ("черви", "hearts"))
_RANK_RU = ("7", "8", "9", "10", "В", "Д", "К", "Т")
_RANK_LATIN = ("7", "8", "9", "10", "J", "Q", "K", "A")
# «от короля»: the genitive used by «рост?» answers
_RANK_GEN_RU = ("семёрки", "восьмёрки", "девятки", "десятки", "валета", "дамы", "короля", "туза")
_RANK_EN = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")


def set_language(lang: str) -> None:
    global _lang
    _lang = "en" if lang == "en" else "ru"


def language() -> str:
    return _lang


def set_index_letters(letters: str) -> None:
    global _letters
    _letters = "latin" if letters == "latin" else "ru"


def tr(key: str, **kw: object) -> str:
    """The text for ``key`` in the current language; unknown keys show themselves (never crash)."""
    pair = TEXT.get(key)
    text = key if pair is None else pair[1 if _lang == "en" else 0]
    return text.format(**kw) if kw else text


def preset_name(name: str) -> str:
    pair = PRESET_NAMES.get(name, (name, name))
    return pair[1 if _lang == "en" else 0]


def suit_name(suit: Suit) -> str:
    return f"{suit.symbol} {SUIT_NAMES[suit][1 if _lang == 'en' else 0]}"


def card_name(card: Card) -> str:
    """Short name with the chosen index letters: «К♥» or «K♥»."""
    ranks = _RANK_LATIN if _letters == "latin" else _RANK_RU
    return f"{ranks[card.rank]}{card.suit.symbol}"


def rank_genitive(rank: Rank) -> str:
    return _RANK_EN[rank] if _lang == "en" else _RANK_GEN_RU[rank]


def class_name(cls: int) -> str:
    return tr("say_fifty") if cls == FIFTY else tr("say_terz")


ACTION_TIPS: dict[Kind, tuple[str, str]] = {
    Kind.ORDER: ("Играть в открытый козырь: взять на себя обязательство набрать больше",
                 "Play the turned-up suit as trump: you must then make more than the opponent"),
    Kind.PASS: ("Отказаться от этого козыря", "Decline this trump"),
    Kind.NAME: ("Играть в эту масть козырем", "Play this suit as trump"),
    Kind.SWAP: ("Поменять козырную семёрку на вскрышку", "Swap the trump seven for the face-up card"),
    Kind.ASK_PASSES: ("Спросить, проходит ли ваш терц", "Ask whether your terz passes"),
    Kind.ANSWER_PASSES: ("Ответ на вопрос о терце соперника", "Answer about the opponent's terz"),
    Kind.FOUR_SEVENS: ("Четыре семёрки: пересдача", "Four sevens: a redeal"),
    Kind.ANNOUNCE: ("Объявить комбинацию до первого хода", "Announce a sequence before your first card"),
    Kind.ROST: ("Спросить, от какой карты комбинация соперника", "Ask how high the opponent's sequence is"),
    Kind.TELL_TOP: ("Назвать старшую карту своей комбинации", "Name the top card of your sequence"),
    Kind.PISHET: ("Комбинация соперника старше: она записывается", "The opponent's sequence stands"),
    Kind.MINE: ("Ваша комбинация старше", "Your sequence is higher"),
    Kind.BELLE: ("Объявить беллу (король и дама козырей)", "Declare belle (trump king and queen)"),
    Kind.CLAIM: ("Объявить, что партия выиграна (ошибка проигрывает партию)",
                 "Claim the game (a false claim loses it)"),
    Kind.NO_CLAIM: ("Записать очки и играть дальше", "Write the points down and go on"),
    Kind.OFFER: ("Соперник запишет 50, вы — ничего; сдача не играется", "The opponent writes 50, you nothing; no play"),
    Kind.NO_OFFER: ("Досдать карты и играть", "Deal the last cards and play"),
    Kind.ANSWER_OFFER: ("Записать 50 без игры или играть сдачу", "Write 50 without play, or play the deal"),
    Kind.DAVE: ("Удвоить ставку: соперник играет на двойную или сдаётся",
                "Double the stake: the opponent plays on at double or gives up"),
    Kind.ANSWER_DAVE: ("Играть на удвоенную ставку или сдаться на текущей",
                       "Play on at the double stake, or give up at the current one"),
}


def action_tip(action: Action) -> str | None:
    """The tooltip of an action's button."""
    pair = ACTION_TIPS.get(action.kind)
    return None if pair is None else pair[1 if _lang == "en" else 0]


def action_label(action: Action) -> str:
    """The button text for one of the human's actions."""
    k = action.kind
    if k is Kind.NAME:
        assert action.suit is not None
        return suit_name(action.suit)
    if k is Kind.ANNOUNCE:
        return tr("btn_fifty") if action.value == FIFTY else tr("btn_terz")
    if k is Kind.ANSWER_PASSES:
        return tr("btn_passes_yes") if action.value else tr("btn_passes_no")
    if k is Kind.ANSWER_OFFER:
        return tr("btn_offer_yes") if action.value else tr("btn_offer_no")
    if k is Kind.ANSWER_DAVE:
        return tr("btn_dave_accept") if action.value else tr("btn_dave_no")
    if k is Kind.PLAY:
        assert action.card is not None
        return card_name(action.card)
    key = {
        Kind.ORDER: "btn_order", Kind.PASS: "btn_pass", Kind.SWAP: "btn_swap", Kind.ASK_PASSES: "btn_ask_passes",
        Kind.FOUR_SEVENS: "btn_four_sevens", Kind.ROST: "btn_rost", Kind.TELL_TOP: "btn_top",
        Kind.PISHET: "btn_pishet", Kind.MINE: "btn_mine", Kind.BELLE: "btn_belle", Kind.CLAIM: "btn_claim",
        Kind.NO_CLAIM: "btn_no_claim", Kind.OFFER: "btn_offer", Kind.NO_OFFER: "btn_no_offer", Kind.DAVE: "btn_dave",
    }[k]
    return tr(key)


__all__ = [
    "FIFTY",
    "TERZ",
    "action_label",
    "action_tip",
    "card_name",
    "class_name",
    "language",
    "option_doc",
    "preset_name",
    "rank_genitive",
    "set_index_letters",
    "set_language",
    "suit_name",
    "tr",
]
