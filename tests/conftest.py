"""Shared test configuration."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", deadline=None, max_examples=60, derandomize=True)
settings.register_profile("dev", deadline=None, max_examples=30)
settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _own_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Skyhall's data folder (saved games, the server's default database) is the test's own, never the
    user's: platformdirs follows ``XDG_DATA_HOME`` on Linux."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    yield folder


GAME_TEST_TIMEOUT = 300
"""Seconds a rules test may take (the suite's default is 900). The slowest, hypothesis sequences of
Airport Rush, take about a minute on a loaded 2-core machine; many rules tests play a game to its end,
so an engine bug that keeps a game from ending fails them here in five minutes, not fifteen."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Rules tests (``tests/games``) get :data:`GAME_TEST_TIMEOUT` unless they set their own."""
    games = Path(__file__).parent / "games"
    for item in items:
        if item.path.is_relative_to(games) and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(GAME_TEST_TIMEOUT))
