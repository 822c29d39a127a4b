"""The replay screens' words (Russian, English; anything else falls back to ``ui.i18n``) and colours."""

from __future__ import annotations

from ui.i18n import language, tr

GOLD = (255, 226, 150)
CREAM = (244, 238, 220)
RED = (235, 90, 80)
GREEN = (120, 220, 130)

T: dict[str, tuple[str, str]] = {
    "title": ("Повторы", "Replays"),
    "open": ("Открыть", "Open"),
    "rename": ("Переименовать", "Rename"),
    "delete": ("Удалить", "Delete"),
    "back": ("Назад", "Back"),
    "open_path": ("Открыть файл", "Open file"),
    "browse": ("Обзор…", "Browse…"),
    "path_hint": ("путь к файлу записи (.json)", "path to a record file (.json)"),
    "ok": ("OK", "OK"),
    "current": ("Идёт", "In progress"),
    "game": ("Партия", "Game"),
    "sample": ("Пример", "Sample"),
    "file": ("Файл", "File"),
    "broken": ("повреждён", "broken"),
    "empty": ("Записей нет", "No records"),
    "confirm_delete": ("Удалить «{name}»? Файл будет перенесён в корзину:<br>{trash}",
                       "Delete '{name}'? The file is moved to the trash:<br>{trash}"),
    "details": ("<b>{name}</b><br>{kind} · {date}<br>Правила: {preset}<br>Игроки: {p0} — {p1}<br>"
                "Сдач: {deals}<br>Счёт: {s0} : {s1}{winner}<br><br><i>{path}</i>",
                "<b>{name}</b><br>{kind} · {date}<br>Rules: {preset}<br>Players: {p0} — {p1}<br>"
                "Deals: {deals}<br>Score: {s0} : {s1}{winner}<br><br><i>{path}</i>"),
    "won_by": ("<br>Выиграл: {who}", "<br>Won by: {who}"),
    "broken_details": (
        "<b>{name}</b><br><font color='#ff8870'>Файл повреждён:</font><br>{error}<br><br><i>{path}</i>",
        "<b>{name}</b><br><font color='#ff8870'>The file is broken:</font><br>{error}<br><br><i>{path}</i>",
    ),
    "cannot": ("Не получилось", "Could not do it"),
    # viewer
    "deal_start": ("Раздача (сдаёт {who})", "The deal ({who} deals)"),
    "deal_of": ("Сдача {n} из {total}", "Deal {n} of {total}"),
    "b_prev_deal": ("« Сдача", "« Deal"),
    "b_prev_trick": ("◀◀ Взятка", "◀◀ Trick"),
    "b_prev": ("◀ Ход", "◀ Step"),
    "b_next": ("Ход ▶", "Step ▶"),
    "b_next_trick": ("Взятка ▶▶", "Trick ▶▶"),
    "b_next_deal": ("Сдача »", "Deal »"),
    "open_hands": ("Карты: открыты", "Hands: open"),
    "own_view": ("Карты: вид игрока", "Hands: player's view"),
    "analyse": ("Анализ", "Analyse"),
    "analysing": ("Анализ… {done}/{total}", "Analysing… {done}/{total}"),
    "analysed": ("Анализ готов", "Analysis done"),
    "play_here": ("Играть отсюда", "Play from here"),
    "again": ("Сдачу заново", "This deal again"),
    "seat_for": ("Играть за: {who}", "Play as: {who}"),
    "export": ("Экспорт сдачи", "Export the deal"),
    "exported": ("Сохранено: {path} · код сдачи {code}", "Saved: {path} · deal code {code}"),
    "step_of": ("ход {i} из {n}", "action {i} of {n}"),
    "st_start": ("начало сдачи", "start of the deal"),
    "took": ("взятку берёт {who} (+{pts})", "{who} takes the trick (+{pts})"),
    "seq": ("{who}: комбинации +{pts}", "{who}: sequences +{pts}"),
    "penalty": ("штраф {who}: {why}", "penalty on {who}: {why}"),
    "result": ("итог: {a} : {b}", "result: {a} : {b}"),
    "redeal": ("пересдача", "redeal"),
    "mistake": ("ошибка −{loss} (лучше {best})", "mistake −{loss} (best {best})"),
    "next_move": ("Следующий ход: {who}", "Next: {who}"),
    "values_head": ("Карта · точно · по знанию игрока", "Card · exact · on the player's knowledge"),
    "lost": ("Потеряно в сдаче: {a} — {la}, {b} — {lb}", "Lost in the deal: {a} {la}, {b} {lb}"),
    "no_more": ("Дальше играть нечего", "Nothing left to play"),
    "bid_note": ("оценка торговли: лучше {best} (≈−{loss})", "bidding estimate: {best} better (≈−{loss})"),
}


def rt(key: str, **kw: object) -> str:
    pair = T.get(key)
    if pair is None:
        return tr(key, **kw)
    text = pair[1 if language() == "en" else 0]
    return text.format(**kw) if kw else text
