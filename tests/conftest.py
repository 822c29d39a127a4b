"""The test loop: ``pytest`` runs the fast tests (about a minute on two cores); ``pytest -m ""`` runs them all
(the README's command and CI).

A test is ``slow`` when it takes more than a quarter of a second or starts a process (the bots' worker, the
packaged app, a child Python): ``tests/slow_tests.txt`` lists them by ``file::function`` (every parametrisation
of a function alike). ``python tests/slow_tests.py DURATIONS`` rewrites the list from a run's ``--durations=0``
output; ``test_slow_list_names_real_tests`` keeps it from naming tests that are gone.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.cache_folder import CACHE_ENV

SLOW_LIST = Path(__file__).with_name("slow_tests.txt")


def slow_names() -> set[str]:
    lines = SLOW_LIST.read_text("utf-8").splitlines()
    return {line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()}


@pytest.fixture(autouse=True, scope="module")
def _analysis_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Each test module its own analysis cache folder (game.analysis.cache_dir), set before the module's own
    fixtures run: never the user's, and no module finds another's analysis of the same record."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CACHE_ENV, str(tmp_path_factory.mktemp("cache")))
        yield


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = slow_names()
    whole = {name.removesuffix("::*") for name in slow if name.endswith("::*")}
    for item in items:
        name = item.nodeid.split("[")[0]
        if name in slow or name.split("::")[0] in whole:
            item.add_marker(pytest.mark.slow)
