"""«Школа»: the path of short lessons that teach Деберц by playing (issue 26; docs/school.md).

A lesson is data (``model``): a title, an intro, 2–5 tasks, each a position the engine builds from a deck and
the actions before the decision, the right answer(s) and the explained wrong ones. ``lessons`` holds the path
in teaching order; ``check`` asks the engine that every position is legal, every right answer legal and every
other answer explained (an illegal one by the engine's own rule).
"""

from game.school.check import check_lesson
from game.school.lessons import LESSONS, lesson
from game.school.model import Lesson, Position, Task, Verdict, Wrong, stars

__all__ = ["LESSONS", "Lesson", "Position", "Task", "Verdict", "Wrong", "check_lesson", "lesson", "stars"]
