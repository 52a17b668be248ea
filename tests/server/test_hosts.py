"""The hosts a server answers to: a server on this machine alone refuses requests addressed to any
other name (DNS rebinding), with the option that adds one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from skyhall.cli.main import app as cli
from skyhall.server.app import LOOPBACK_NAMES, create_app, host_name


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("localhost:8000", "localhost"),
        ("LocalHost", "localhost"),
        ("[::1]:8000", "[::1]"),
        ("[::1]", "[::1]"),
        ("127.0.0.1", "127.0.0.1"),
        ("evil.example:80", "evil.example"),
        ("", ""),
    ],
)
def test_a_host_header_is_named_without_its_port(header: str, name: str) -> None:
    assert host_name(header) == name


def test_a_request_or_socket_for_another_host_is_refused(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'skyhall.db'}", hosts=LOOPBACK_NAMES)
    with TestClient(app, base_url="http://localhost:8000") as client:
        assert client.get("/api/games").status_code == 200
        rebound = client.post(
            "/api/matches",
            json={"game": "skyport"},
            headers={"Host": "evil.example:8000", "X-Forwarded-Host": "localhost"},
        )
        assert rebound.status_code == 400
        assert rebound.json() == {
            "type": "error",
            "code": "bad_request",
            "message": "this server answers to 127.0.0.1, [::1], localhost, not 'evil.example' "
            "(a name it should answer to is given with skyhall serve --allowed-host)",
        }
        assert client.app.state.hall.matches == {}  # type: ignore[attr-defined]
        match = client.post("/api/matches", json={"game": "skyport"}).json()["match"]
        url = f"/ws/matches/{match}"
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect(url, headers={"Host": "evil.example"}) as ws,
        ):
            ws.receive_json()
        assert refused.value.code == 1008
        with client.websocket_connect(url, headers={"Host": "localhost:8000"}) as ws:
            ws.send_json({"type": "join", "token": None})
            assert ws.receive_json()["type"] == "state"


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ([], LOOPBACK_NAMES),
        (["--host", "0.0.0.0"], None),
        (
            ["--host", "0.0.0.0", "--allowed-host", "Skyhall.example.org"],
            {*LOOPBACK_NAMES, "skyhall.example.org"},
        ),
        (
            ["--allowed-host", "a.example", "--allowed-host", "b.example:443"],
            {*LOOPBACK_NAMES, "a.example", "b.example"},
        ),
    ],
)
def test_serve_answers_to_localhost_alone_unless_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: list[str], expected: Any
) -> None:
    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **_: served.append(app))
    result = CliRunner().invoke(cli, ["serve", "--db", f"sqlite:///{tmp_path / 'skyhall.db'}", *options])
    assert result.exit_code == 0, result.output
    known = [m.kwargs["names"] for m in served[0].user_middleware if m.cls.__name__ == "KnownHosts"]
    assert (known[0] if known else None) == expected
