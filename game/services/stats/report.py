"""``python main.py stats``: the player's statistics as text, JSON (``--json``) or a CSV file of games (``--csv``).

The figures are ``game.services.stats``'; the words are the catalogues' (``game.words``), so the screen and the command
say the same. Files the record loader refuses are skipped with a note on stderr, never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.bots.base import LEVELS
from game.bots.characters import CHARACTER_KEYS, MATCH_KEY, character_ratings, is_opponent, opponent_family
from game.counts import player_count
from game.names import file_label
from game.rating import LEVEL_RATINGS
from game.services.stats.csv_export import NoFolder, NotAFile, NotAnExport, write_csv
from game.services.stats.facts import GameLine
from game.services.stats.figures import Stats, Tally, compute, wilson
from game.words import words


def _w(key: str, lang: str, **kw: object) -> str:
    text = words(key, lang) or key
    return text.format(**kw) if kw else text


def number(x: float, lang: str, digits: int = 1) -> str:
    """12,5 in Russian, 12.5 in English."""
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "ru" else text


def tally_words(t: Tally, lang: str) -> str:
    low, high = wilson(t.wins, t.games)
    head = _w("stats.tally", lang, wins=t.wins, games=t.games)
    if not t.games:
        return head
    return f"{head}, " + _w(
        "stats.win_rate_value", lang, rate=round(100 * t.wins / t.games), low=round(100 * low), high=round(100 * high)
    )


def level_words(level: str, lang: str) -> str:
    if level == MATCH_KEY or is_opponent(level):
        return _w(f"level_{opponent_family(level)}", lang)
    return _w("stats.level_unknown", lang)


# the figures whose words name the opponent: for three they name both opponents
THREE_WORDS = frozenset(("stats.announce", "stats.baits_inflicted", "stats.rost_value", "stats.penalties_value"))


def key_for(key: str, players: int) -> str:
    """The catalogue key of a figure's words for this many players («соперника» / «соперников»)."""
    return player_count(players).key(key) if key in THREE_WORDS else key


def score_words(line: GameLine) -> str:
    """A game's final totals, the human's first: «308 : 237 : 212» for three (then from the human's left)."""
    return " : ".join(str(v) for v in (line.mine, *(line.others or [line.theirs])))


def report_lines(s: Stats, lang: str = "ru") -> list[str]:
    """The figures in words, one per line (the command's text output): the two-player games, then — when there
    are any — the three-player games apart; the practice, the rating (two players only) and the analysis."""
    out: list[str] = [f"== {_w('stats.title', lang)}"]
    if s.since:
        out.append(_w("stats.since", lang, date=s.since.replace("T", " ")[:16]))
    three = s.three if s.three is not None and s.three.total.games else None
    if three is not None:
        out.append(f"-- {_w('stats.section_two', lang)}")
    out.extend(section_lines(s, lang))
    if s.unfinished:
        out.append(f"{_w('stats.unfinished', lang)}: {s.unfinished}")
    if s.practice:
        out.append(f"{_w('practice', lang)}:")
        for situation, d in s.practice.items():
            recent_right, recent_total = d.recent()
            rate = round(100 * d.right / d.total) if d.total else 0
            title = words(f"drill.{situation}.title", lang) or situation
            out.append(
                f"  {title}: "
                + _w(
                    "stats.practice_value",
                    lang,
                    right=d.right,
                    total=d.total,
                    rate=rate,
                    recent_right=recent_right,
                    recent_total=recent_total,
                )
            )
    r = s.rating
    value = (
        _w("stats.rating_value", lang, value=round(r.value), dev=round(2 * r.deviation))
        if r.games
        else _w("stats.rating_none", lang)
    )
    out.append(f"{_w('stats.rating', lang)}: {value}")
    out.append("  " + _w("stats.rating_levels", lang, **{k: round(v) for k, v in LEVEL_RATINGS.items()}))
    if character_ratings():
        named = ", ".join(f"{level_words(k, lang)} {round(v)}" for k, v in character_ratings().items())
        out.append("  " + _w("stats.rating_characters", lang, list=named))
    out.extend(skill_lines(s, lang))
    if three is not None:
        out.append(f"-- {_w('stats.section_three', lang)}")
        out.extend(section_lines(three, lang))
        out.append(f"{_w('stats.rating', lang)}: {_w('stats.rating_two_only', lang)}")
        out.extend(skill_lines(three, lang))
    return out


def section_lines(s: Stats, lang: str) -> list[str]:
    """The figures of one player count's games (``s.players``)."""
    n = s.players
    out: list[str] = []
    if not s.total.games:
        out.append(_w("stats.empty", lang))
    out.append(f"{_w('stats.games', lang)}: {tally_words(s.total, lang)}")
    out.append(f"{_w('stats.deals', lang)}: {s.total.deals_won} / {s.total.deals}")
    out.append(f"{_w('stats.streak', lang)}: {s.streak:+d}; {_w('stats.best_streak', lang)}: {s.best_streak}")
    for key, game in (("stats.best_game", s.best_game), ("stats.worst_game", s.worst_game)):
        if game is not None:
            out.append(
                f"{_w(key, lang)}: "
                + _w(
                    "stats.game_value",
                    lang,
                    score=score_words(game),
                    date=game.date.replace("T", " ")[:16],
                    level=level_words(game.level, lang),
                )
            )
    ppd = s.points_per_deal
    if ppd is not None:
        out.append(f"{_w('stats.ppd', lang)}: {number(ppd, lang)}")
    out.append(f"{_w('stats.by_level', lang)}:")
    for level in (*LEVELS, *CHARACTER_KEYS, MATCH_KEY, "?"):
        if level in s.by_level:
            out.append(f"  {level_words(level, lang)}: {tally_words(s.by_level[level], lang)}")
    out.append(f"{_w('stats.by_preset', lang)}:")
    for preset, t in sorted(s.by_preset.items()):
        out.append(f"  {words(f'preset.{preset}', lang) or preset}: {tally_words(t, lang)}")
    out.append(
        f"{_w('stats.bids', lang)}: "
        + _w(
            "stats.bids_value_claimed" if s.sum("claimed") else "stats.bids_value",
            lang,
            bids=s.sum("bids"),
            made=s.sum("made"),
            baited=s.sum("baited"),
            hung=s.sum("hung"),
            claimed=s.sum("claimed"),
        )
    )
    out.append(f"{_w(key_for('stats.baits_inflicted', n), lang)}: {s.sum('baits_inflicted')}")
    out.append(f"{_w('stats.hanging_taken', lang)}: {s.sum('hanging_taken')}")
    out.append(
        f"{_w(key_for('stats.announce', n), lang)}: "
        + _w(
            "stats.announce_value",
            lang,
            **{k: s.sum(k) for k in ("terz", "fifty", "belle", "opp_terz", "opp_fifty", "opp_belle")},
        )
    )
    out.append(
        f"{_w('stats.announced_lost', lang)}: "
        + _w("stats.announced_value", lang, lost=s.sum("announced_lost"), announced=s.sum("announced"))
    )
    out.append(
        f"{_w('stats.rost', lang)}: "
        + _w(
            key_for("stats.rost_value", n),
            lang,
            asked=s.sum("rost_asked"),
            won=s.sum("rost_won"),
            against=s.sum("rost_against"),
        )
    )
    out.append(
        f"{_w('stats.penalties', lang)}: "
        + _w(key_for("stats.penalties_value", n), lang, yours=s.sum("penalties"), opponent=s.sum("opp_penalties"))
    )
    return out


def skill_parts(s: Stats, lang: str) -> list[tuple[str, str]]:
    """The analysis' figures as (label, words), the first one the summary: the command prints them as lines, the
    «Статистика» screen as sentences."""
    k = s.skill
    split = k.split()
    if split is None or k.per_deal is None:
        return [(_w("stats.skill", lang), _w("stats.skill_none", lang))]
    total, bid, card = (number(v, lang) for v in (k.per_deal, *split))
    out = [
        (_w("stats.skill", lang), _w("stats.skill_value", lang, total=total, bid=bid, card=card)),
        (_w("stats.skill_games", lang), str(k.games)),
    ]
    trend = k.trend()
    if trend is not None:
        out.append(
            (
                _w("stats.trend", lang, n=len(k.series[-10:])),
                _w("stats.trend_value", lang, last=number(trend[0], lang), before=number(trend[1], lang)),
            )
        )
    habit = k.worst_habit()
    if habit is not None:
        kind, h, others = habit
        lost, rest = number(h.lost / h.decisions, lang), number(others, lang)
        kind_words = _w(f"stats.habit.{kind}", lang)
        out.append((_w("stats.habit", lang), _w("stats.habit_value", lang, kind=kind_words, lost=lost, others=rest)))
    return out


def skill_lines(s: Stats, lang: str) -> list[str]:
    (label, summary), *rest = skill_parts(s, lang)
    if summary == _w("stats.skill_none", lang):  # a terminal has no «Разобрать партии» «внизу»
        summary = _w("stats.skill_none_cli", lang)
    return [f"{label}: {summary}", *(f"  {label}: {text}" for label, text in rest)]


def stats_command(
    data_dir: Path, as_json: bool = False, csv_path: str | None = None, lang: str = "ru", force: bool = False
) -> int:
    """``data_dir``: the game's data folder (main.py resolves ``--data-dir`` or the per-user one)."""
    s = compute(data_dir)
    for name, error in s.skipped:
        label = file_label(name)  # a name's control characters are not the terminal's (nor a line break)
        why = file_label(error.removeprefix(f"{name}: ").removeprefix(f"{label}: "), 300)
        print(_w("stats.skipped_file", lang, file=label, error=why), file=sys.stderr)
    if csv_path:
        try:
            write_csv(Path(csv_path), s, force=force)
        except NotAnExport as exc:
            print(f"error: {exc}; nothing written (--force replaces it)", file=sys.stderr)
            return 2
        except (NotAFile, NoFolder) as exc:
            print(f"error: {exc}; nothing written", file=sys.stderr)
            return 2
        except OSError as exc:
            print(f"error: {csv_path}: {exc.strerror or exc}", file=sys.stderr)
            return 2
    if as_json:
        print(json.dumps(s.to_json(), ensure_ascii=False, allow_nan=False))
    elif not csv_path:
        print("\n".join(report_lines(s, lang)))
    return 0
