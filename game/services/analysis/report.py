"""The ``analyse`` command: each record's analysis in words (the catalogues' ``analysis.*``) or as JSON."""

from __future__ import annotations

import json
import sys

from game.actions import Action
from game.errors import RecordError
from game.export import distinct_names
from game.names import file_label, printable
from game.record import GameRecord, load
from game.services.analysis.cache import analyse_file
from game.services.analysis.facts import BID_THRESHOLD, Analysis
from game.words import action_words, card_words, say

# ------------------------------------------------------------------------------------------ command


def analysis_text(record: GameRecord, analysis: Analysis, lang: str = "ru") -> list[str]:
    """The ``analyse`` command's lines; the words are the catalogues' (``analysis.*``, game.words). Two seats of
    one name are told apart by their seat's number, as the export does («Бот 1», «Бот 2»)."""
    names = distinct_names(record.players)
    lines = []
    for d in analysis.deals:
        lost = ", ".join(f"{names[s]} {d.lost[s]:g}" for s in range(len(d.lost)))
        lines.append(say("analysis.deal_lost", lang, number=d.index + 1, lost=lost))
        for m in d.mistakes:
            mistake = say(
                "analysis.mistake",
                lang,
                number=m.action + 1,
                name=names[m.seat],
                played=card_words(m.played, lang),
                best=card_words(m.best, lang),
                loss=f"{m.loss:g}",
            )
            lines.append(f"  {mistake}")
        for b in d.bids:
            if b.loss >= BID_THRESHOLD:
                bid = say(
                    "analysis.bid",
                    lang,
                    number=b.action + 1,
                    name=names[b.seat],
                    chosen=_said(b.chosen, lang),
                    best=_said(b.best, lang),
                    loss=f"{b.loss:.0f}",
                )
                lines.append(f"  {bid}")
        for j in d.daves:
            if j.mistake:
                dave = say(
                    "analysis.dave",
                    lang,
                    number=j.action + 1,
                    name=names[j.seat],
                    chose=_said(j.chosen, lang),
                    best=_said(j.best, lang),
                    stakes=say("stakes", lang, count=j.loss),
                )
                lines.append(f"  {dave}")
    lines.append(_bidding_words(analysis.bidding, lang))
    return lines


def _said(code: str, lang: str) -> str:
    """A bid or a «даве» choice of the analysis («name:D», «pass», «dave:no», «play») as the table says it («♦
    бубны», «пас», «сдаться», «ходить без даве»): it read as a code amid the Russian; a code that is not an action
    stays as it is."""
    try:
        word = say("analysis.play_on", lang) if code == "play" else action_words(Action.parse(code), lang)
    except ValueError:
        return code
    return f"«{word[:1].lower()}{word[1:]}»" if lang == "ru" else f"“{word[:1].lower()}{word[1:]}”"


def _bidding_words(note: str, lang: str) -> str:
    """How bids were judged: the evaluators' notes worded; any other note (why they were not) quoted."""
    if note.startswith("fitted evaluator for three"):
        return say("analysis.bidding_fitted3", lang)
    if note.startswith("fitted evaluator"):
        return say("analysis.bidding_fitted", lang)
    return say("analysis.bidding_note", lang, note=note)


def analyse_command(files: list[str], as_json: bool = False, use_cache: bool = True, lang: str = "ru") -> int:
    status = 0
    for path in files:
        try:
            record = load(path)
            analysis = analyse_file(path, use_cache=use_cache)
        except RecordError as exc:
            print(f"error: {exc}", file=sys.stderr)
            status = 2
            continue
        if as_json:
            print(json.dumps({"file": path, **analysis.to_json()}, ensure_ascii=False, allow_nan=False))
        else:
            print(f"== {file_label(path)}")  # a cache's words are data: a NUL or an escape sequence is shown, not sent
            print("\n".join(printable(line, len(line)) for line in analysis_text(record, analysis, lang)))
    return status
