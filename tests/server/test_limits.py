"""Per-address limits: open match sockets, sockets opened lately, matches created lately."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from skyhall.cli.main import app as cli
from skyhall.server import limits as limits_module
from skyhall.server.app import create_app
from skyhall.server.authority import Refused
from skyhall.server.limits import LIMITS, Bucket, Limits, Visitors, visitor

BODY = {"game": "skyport", "seats": [{"kind": "human"}, {"kind": "human"}]}


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_gives_its_burst_then_refills_at_its_rate() -> None:
    bucket = Bucket(rate=0.5, burst=3, now=0.0)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert not bucket.take(1.0)  # half of one back
    assert bucket.take(2.0)  # one whole
    assert not bucket.take(2.0)
    assert not bucket.full(7.0) and bucket.full(8.0)  # back to 3 after 6 s more
    assert [bucket.take(100.0) for _ in range(4)] == [True, True, True, False]  # never beyond the burst


def test_each_address_has_its_own_limits() -> None:
    clock = Clock()
    visitors = Visitors(
        Limits(sockets=2, socket_rate=1.0, socket_burst=4, create_rate=0.5, create_burst=1), clock
    )
    visitors.join("a")
    visitors.join("a")
    with pytest.raises(Refused) as refused:
        visitors.join("a")  # two open already
    assert refused.value.code == "too_many"
    assert "at most 2 match sockets may be open from one address" in refused.value.message
    visitors.join("b")  # another address is not held back
    visitors.leave("a")
    visitors.join("a")  # one closed: one more may open
    visitors.leave("a")
    with pytest.raises(Refused) as refused:
        visitors.join("a")  # but four tried at once is the burst (the one refused counts)
    assert "too many match sockets opened from one address" in refused.value.message
    clock.now += 1.0
    visitors.join("a")
    visitors.create("a")
    with pytest.raises(Refused) as refused:
        visitors.create("a")
    assert refused.value.message.startswith(
        "too many matches created from one address (at most 1 at once, then 30"
    )
    visitors.create("b")
    clock.now += 2.0
    visitors.create("a")


@pytest.mark.parametrize(
    ("address", "who"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"),
        ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
        ("testclient", "testclient"),
        ("not:an:address", "not:an:address"),
    ],
)
def test_an_ipv6_host_is_one_visitor_whatever_its_address_in_its_network(address: str, who: str) -> None:
    assert visitor(address) == who


def test_the_oldest_addresses_go_when_none_is_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits_module, "KEEP", 4)
    visitors = Visitors(Limits(create_rate=0.0, create_burst=2), Clock())
    for name in ("a", "b", "c", "d"):
        visitors.create(name)  # never full again: a rate of 0
    visitors.create("e")
    assert list(visitors.creating) == ["c", "d", "e"]


def test_quiet_addresses_are_forgotten_when_many_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits_module, "KEEP", 4)
    clock = Clock()
    visitors = Visitors(Limits(create_rate=1.0, create_burst=2), clock)
    for name in ("a", "b", "c"):
        visitors.create(name)
    clock.now += 0.5  # a, b and c are not full again yet
    visitors.create("d")
    assert set(visitors.creating) == {"a", "b", "c", "d"}
    clock.now += 0.6  # now they are (d is not): the next newcomer drops them
    visitors.create("e")
    assert set(visitors.creating) == {"d", "e"}


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[TestClient]:
    """A server allowing 2 open sockets, 3 opened at once and 2 matches created at once per address."""
    limits = Limits(sockets=2, socket_rate=0.001, socket_burst=3, create_rate=0.001, create_burst=2)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'skyhall.db'}", limits=limits)) as client:
        yield client


def test_an_address_creating_too_many_matches_is_refused_and_nothing_is_stored(strict: TestClient) -> None:
    made = [strict.post("/api/matches", json=BODY) for _ in range(3)]
    assert [r.status_code for r in made] == [201, 201, 429]
    assert made[2].json()["code"] == "too_many"
    assert "too many matches created from one address" in made[2].json()["message"]
    hall: Any = strict.app.state.hall  # type: ignore[attr-defined]
    assert len(hall.matches) == 2


def test_an_address_opening_too_many_sockets_is_told_and_closed(strict: TestClient) -> None:
    match = strict.post("/api/matches", json=BODY).json()["match"]
    url = f"/ws/matches/{match}"
    with strict.websocket_connect(url) as first, strict.websocket_connect(url) as second:
        for ws in (first, second):
            ws.send_json({"type": "join", "token": None})
            assert ws.receive_json()["type"] == "state"
        with strict.websocket_connect(url) as third:
            refused = third.receive_json()
            assert (refused["code"], refused["message"]) == (
                "too_many",
                "at most 2 match sockets may be open from one address",
            )
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == 1008
    visitors: Visitors = strict.app.state.visitors  # type: ignore[attr-defined]
    deadline = time.monotonic() + 5
    while visitors.open:  # every socket closed is counted out, the refused one too
        assert time.monotonic() < deadline, f"sockets still counted open: {dict(visitors.open)}"
        time.sleep(0.01)
    with strict.websocket_connect(url) as fourth:  # two closed, but three were opened at once
        assert "too many match sockets opened" in fourth.receive_json()["message"]


@pytest.mark.parametrize(("flag", "expected"), [([], LIMITS), (["--no-address-limits"], None)])
def test_serve_limits_each_address_unless_told_not_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flag: list[str], expected: Limits | None
) -> None:
    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **_: served.append(app))
    database = f"sqlite:///{tmp_path / 'skyhall.db'}"
    result = CliRunner().invoke(cli, ["serve", "--db", database, *flag])
    assert result.exit_code == 0, result.output
    assert served[0].state.visitors.limits is expected
