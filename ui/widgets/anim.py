"""Position tweens with an ease-out curve; a zero duration (animations off) finishes at once."""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


@dataclass(slots=True)
class Tween:
    start: Point
    end: Point
    t0: float
    duration: float

    def progress(self, now: float) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (now - self.t0) / self.duration))

    def pos(self, now: float) -> tuple[int, int]:
        k = ease_out(self.progress(now))
        return (
            round(self.start[0] + (self.end[0] - self.start[0]) * k),
            round(self.start[1] + (self.end[1] - self.start[1]) * k),
        )

    def done(self, now: float) -> bool:
        return self.progress(now) >= 1.0

    @property
    def ends_at(self) -> float:
        return self.t0 + max(0.0, self.duration)
