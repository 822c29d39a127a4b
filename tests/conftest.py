"""The test loop: ``pytest`` runs the fast tests (under a minute on two cores); ``pytest -n auto -m ""`` runs them
all on every core (the README's command and CI, with ``--cov``).

A test is ``slow`` when it takes more than a quarter of a second or starts a process (the bots' worker, the
packaged app, a child Python): ``tests/slow_tests.txt`` lists them by ``file::function`` (every parametrisation
of a function alike), and a test marked ``process`` (it starts the real worker process) is slow too.
``python tests/slow_tests.py DURATIONS`` rewrites the list from a run's ``--durations=0`` output;
``test_slow_list_names_real_tests`` keeps it from naming tests that are gone.

Every test is deterministic: Hypothesis runs the ``ci`` profile (derandomised: the same examples every run, no
example database) unless ``HYPOTHESIS_PROFILE=soak`` asks for the long random one (``examples(n)``: a test's
budget, twenty times larger in the soak). The UI tests think in their own process (``ui.thinker``), and the
hard bot solves on one core (``DEBERTS_CORES=1``, set here unless already set), so parallel test workers never
start helper processes behind each other's backs.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from game.bots.parallel import CORES_ENV
from game.cache_folder import CACHE_ENV

SLOW_LIST = Path(__file__).with_name("slow_tests.txt")

# one core for the hard bot and the hint (no helper process); a test of the two-core split asks for it itself
os.environ.setdefault(CORES_ENV, "1")

settings.register_profile(
    "ci", derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "soak", derandomize=False, deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=2000
)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
settings.load_profile(PROFILE)
SOAK_FACTOR = 20


def examples(n: int) -> int:
    """A Hypothesis test's ``max_examples``: ``n`` in the ``ci`` profile, ``SOAK_FACTOR`` times more in the soak."""
    return n * SOAK_FACTOR if PROFILE == "soak" else n


def slow_seconds() -> dict[str, float]:
    """tests/slow_tests.txt: each slow ``file::function`` (or ``file::*``) → the seconds its comment gives (0 if
    none)."""
    out: dict[str, float] = {}
    for line in SLOW_LIST.read_text("utf-8").splitlines():
        name, _, comment = line.partition("#")
        if name.strip():
            try:
                out[name.strip()] = float(comment.strip())
            except ValueError:
                out[name.strip()] = 0.0
    return out


def slow_names() -> set[str]:
    return set(slow_seconds())


def longest_modules_first(items: list[pytest.Item], seconds: dict[str, float]) -> list[pytest.Item]:
    """The items with their modules in the order of the seconds their slow tests take, longest first, each
    module's items together and in their own order: parallel workers take the long ones early, and do not end
    waiting for a long test handed out last."""
    cost: dict[str, float] = {}
    for name, s in seconds.items():
        path = name.split("::")[0]
        cost[path] = cost.get(path, 0.0) + s
    # a stable sort: pytest collects a module's items together, and they stay so, in their order
    return sorted(items, key=lambda item: -cost.get(item.nodeid.split("::")[0], 0.0))


@pytest.fixture(autouse=True, scope="module")
def _analysis_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Each test module its own analysis cache folder (game.services.analysis.cache.cache_dir), set before the
    module's own fixtures run: never the user's, and no module finds another's analysis of the same record."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CACHE_ENV, str(tmp_path_factory.mktemp("cache")))
        yield


@pytest.fixture(autouse=True)
def _card_letters() -> Iterator[None]:
    """The cards' index letters (``ui.i18n.set_index_letters``: a setting the app applies at start) are put back
    after each test: an English app left «J♠» behind for the next test that expects «В♠» (the run's order decided)."""
    import sys

    before = getattr(sys.modules.get("ui.i18n"), "_letters", "ru")
    yield
    i18n = sys.modules.get("ui.i18n")
    if i18n is not None:
        i18n.set_index_letters(before)


@pytest.fixture(autouse=True)
def _no_window_hears_the_language_after_its_test() -> Iterator[None]:
    """A window's pygame_gui manager hears ``ui.i18n.set_language`` (``App`` registers it, ``App.close`` forgets
    it); a test that leaves its app open left it behind, and a later test in the same worker, after pygame was
    quit and inited again, failed in ``set_language`` with «Invalid font (font module quit since font created)»
    (about one full run in five, by the order of the tests). Each test's window is forgotten with its test, and
    the language goes back to Russian (a test whose app read English from its settings left it to the next)."""
    import sys

    yield
    i18n = sys.modules.get("ui.i18n")
    if i18n is not None:
        i18n.on_language(None)
        i18n.set_language("ru")


@pytest.fixture(autouse=True)
def _no_owed_saves_after_its_test() -> Iterator[None]:
    """The saves still owed (``ui.saving.PENDING``, a module-wide list: a table's queue outlives its table) go with
    their test: a test whose save could never succeed (a file named «games» in the way) left its queue owing, and a
    later test in the same worker that checks nothing is owed failed (a CI run, by the order of the tests)."""
    import sys

    yield
    saving = sys.modules.get("ui.saving")
    if saving is not None:
        saving.PENDING.clear()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    seconds = slow_seconds()
    items[:] = longest_modules_first(items, seconds)
    slow = set(seconds)
    whole = {name.removesuffix("::*") for name in slow if name.endswith("::*")}
    for item in items:
        name = item.nodeid.split("[")[0]
        if name in slow or name.split("::")[0] in whole or item.get_closest_marker("process"):
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def gate_reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The record files the replays list read through the gate (``game.record.load_match``: read and replayed),
    in order."""
    import game.record
    import ui.replays

    seen: list[Path] = []
    real = game.record.load_match

    def counting(path: str | os.PathLike[str]) -> tuple[game.record.GameRecord, object]:
        seen.append(Path(path))
        return real(path)

    monkeypatch.setattr(ui.replays, "load_match", counting)
    return seen


def count_deal_starts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """From now on each ``Match.start_deal`` adds one entry: how many deals a replay position re-applied."""
    from game.match import Match

    started: list[int] = []
    real = Match.start_deal

    def counted(self: Match, deck: object) -> object:
        started.append(1)
        return real(self, deck)  # type: ignore[arg-type]

    monkeypatch.setattr(Match, "start_deal", counted)
    return started
