"""A server app on a fresh database, driven in-process with Starlette's TestClient.

``database``  the URL of an empty database: a temporary SQLite file, or, where a test module
              parametrizes it (``pytest.mark.parametrize("database", BACKENDS, indirect=True)``),
              a database in a throwaway PostgreSQL cluster (``tests/server/postgres.py``; skipped
              with the reason where none can be started).
``server``    the app on that database (:class:`Server`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from skyhall.server.app import create_app
from skyhall.server.authority import Authority
from tests.server.postgres import Cluster, missing

BACKENDS = ["sqlite", "postgresql"]
"""The databases the storage and API tests run on."""


class Server:
    """One app on one database; ``restart()`` builds a new app on the same database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.start()

    def start(self) -> None:
        self.client = TestClient(create_app(self.url, bot_workers=1))
        self.client.__enter__()

    def restart(self) -> None:
        self.close()
        self.start()

    def close(self) -> None:
        self.client.__exit__(None, None, None)

    def sql(self, statement: str, **params: Any) -> list[tuple[Any, ...]]:
        """Run ``statement`` on the database itself (what is really committed); its rows, if any."""
        engine = create_engine(self.url)
        try:
            with engine.begin() as connection:
                result = connection.execute(text(statement), params)
                return [tuple(row) for row in result] if result.returns_rows else []
        finally:
            engine.dispose()

    def authority(self, match: str) -> Authority:
        found: Authority = self.client.app.state.hall.matches[match]  # type: ignore[attr-defined]
        return found

    def create(self, game: str = "skyport", seats: list[dict[str, Any]] | None = None, **more: Any) -> Any:
        """A new match, each person's seat invite opened as its player's page opens it: such a seat's
        ``token`` is its device's, and ``invite_token`` the (spent) invite's. A bot seat's ``token``
        stays its invite's (opening it would take the seat over from the bot)."""
        created = self.create_unopened(game, seats, **more)
        for seat in created["seats"]:
            if seat["kind"] == "human":
                seat["invite_token"] = seat["token"]
                seat["token"] = self.claim(created["match"], seat["token"])
        return created

    def create_unopened(
        self, game: str = "skyport", seats: list[dict[str, Any]] | None = None, **more: Any
    ) -> Any:
        """A new match as created: each seat's ``token`` is its invite's."""
        body = {"game": game, "seats": seats or [{"kind": "human"}, {"kind": "human"}], **more}
        response = self.client.post("/api/matches", json=body)
        assert response.status_code == 201, response.text
        return response.json()

    def claim(self, match: str, invite: str) -> str:
        """Open an invite: the token that holds its seat from now on."""
        response = self.client.post(f"/api/matches/{match}/claim", json={"token": invite})
        assert response.status_code == 200, response.text
        token: str = response.json()["token"]
        return token

    def state(self, match: str, token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.client.get(f"/api/matches/{match}", headers=headers)
        assert response.status_code == 200, response.text
        return response.json()

    def act(self, match: str, token: str, seq: int, action: str) -> Any:
        return self.client.post(
            f"/api/matches/{match}/act", json={"token": token, "seq": seq, "action": action}
        )

    def token_to_act(self, created: Any) -> str:
        """The token of the seat whose decision it is."""
        seat = self.state(created["match"])["view"]["to_act"]
        token: str = created["seats"][seat]["token"]
        return token

    def play_first_choices(self, created: Any, moves: int) -> None:
        """Every human decision takes its first choice, ``moves`` times."""
        for _ in range(moves):
            token = self.token_to_act(created)
            message = self.state(created["match"], token)
            response = self.act(created["match"], token, message["seq"], message["choices"][0]["notation"])
            assert response.status_code == 200, response.text

    def wait_until(self, condition: Callable[[], bool], timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            assert time.monotonic() < deadline, "timed out"
            time.sleep(0.05)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    reason = missing()
    if reason:
        pytest.skip(reason)
    cluster = Cluster()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if getattr(request, "param", "sqlite") == "postgresql":
        cluster: Cluster = request.getfixturevalue("postgres")
        return cluster.database()
    return f"sqlite:///{tmp_path / 'skyhall.db'}"


@pytest.fixture
def server(database: str) -> Iterator[Server]:
    running = Server(database)
    try:
        yield running
    finally:
        running.close()
