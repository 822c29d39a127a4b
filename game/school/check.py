"""The engine checks a lesson: every position legal and the learner's to act, every right answer legal, every
other legal answer of the kinds asked (the kinds of the listed answers; a card for ``ANY_CARD``) explained, and
every listed illegal answer explained by the rule the engine itself names (``Deal.why_illegal``)."""

from __future__ import annotations

from game.actions import Action, Kind
from game.drills.model import ANY_CARD
from game.errors import IllegalAction
from game.school.model import PLAYER, Lesson

MIN_TASKS, MAX_TASKS = 2, 5


def check_lesson(lesson: Lesson) -> list[str]:
    """What is wrong with ``lesson`` (empty: nothing)."""
    problems: list[str] = []
    if not MIN_TASKS <= len(lesson.tasks) <= MAX_TASKS:
        problems.append(f"{lesson.key}: {len(lesson.tasks)} tasks, not {MIN_TASKS}–{MAX_TASKS}")
    for i, task in enumerate(lesson.tasks):
        where = f"{lesson.key} task {i + 1}"
        try:
            deal = task.position.deal()
        except IllegalAction as exc:
            problems.append(f"{where}: the position is illegal ({exc.rule})")
            continue
        if deal.current_player() != PLAYER:
            problems.append(f"{where}: not the learner's turn")
            continue
        if not task.right:
            problems.append(f"{where}: no right answer")
        legal = {str(a) for a in deal.legal_actions()}
        kinds = {Action.parse(t).kind for t in [*task.right, *task.wrong] if t != ANY_CARD}
        for text in task.right:
            if text not in legal:
                problems.append(f"{where}: the right answer {text} is illegal ({deal.why_illegal(Action.parse(text))})")
            if text in task.wrong:
                problems.append(f"{where}: {text} is both right and wrong")
        for text, wrong in task.wrong.items():
            if text == ANY_CARD:
                if wrong.rule is not None or not any(Action.parse(a).kind is Kind.PLAY for a in legal):
                    problems.append(f"{where}: «any card» is listed, but no card is legal or it names a rule")
                continue
            rule = deal.why_illegal(Action.parse(text))
            if rule != wrong.rule:
                problems.append(f"{where}: {text} breaks {rule!r}, the lesson says {wrong.rule!r}")
        for text in sorted(legal):
            kind = Action.parse(text).kind
            if kind is Kind.PLAY and ANY_CARD in task.wrong:
                continue
            if kind in kinds and text not in task.right and text not in task.wrong:
                problems.append(f"{where}: the legal answer {text} is not explained")
    return problems
