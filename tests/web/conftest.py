"""Fixtures for browser tests: a real ``skyhall serve`` in a subprocess and a headless Chromium page.

``live_server``  the server on ``127.0.0.1:<free port>`` with a fresh SQLite file; ``.url`` is its
                 base URL, ``.restart()`` stops it and starts it again on the same database and port,
                 ``.api(method, path, body)`` calls its JSON API.
``browser``      Debian's Chromium driven by Playwright (session-wide; never ``playwright install``).
``page``         a fresh 1280×800 page; tests are skipped with the reason when Chromium is missing.
``harness``      the URL of ``harness.html`` (a stand-in match page, see :mod:`tests.web.table`) on a
                 static file server that also serves the package's ``/static/`` files.

Screenshots go to ``test-artifacts/`` at the repository root (gitignored).
"""

from __future__ import annotations

import http.server
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
WEB = ROOT / "src" / "skyhall" / "web"
ARTIFACTS = ROOT / "test-artifacts"
START_TIMEOUT = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    """``skyhall serve`` as a child process, on one port and one SQLite file for its whole life."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "skyhall.cli.main", "serve", "--port", str(self.port)]
        command += ["--db", f"sqlite:///{self.db}"]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                output = self.process.stdout.read().decode() if self.process.stdout else ""
                raise RuntimeError(f"skyhall serve exited with {self.process.returncode}:\n{output}")
            try:
                self.api("GET", "/api/games")
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"skyhall serve did not answer on {self.url} within {START_TIMEOUT} s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process is not None and self.process.stdout is not None:
            self.process.stdout.close()
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def api(self, method: str, path: str, body: Any = None) -> Any:
        """A JSON API call; an error status raises ``urllib.error.HTTPError``."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "skyhall.db")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--disable-gpu"]
        )
        try:
            yield chromium
        finally:
            chromium.close()


@contextmanager
def browsing(browser: Any, width: int = 1280, height: int = 800, touch: bool = False) -> Iterator[Any]:
    """A page in a browser context of its own (another person's browser: nothing of another page's
    storage), a phone's (a touch screen) with ``touch``; fails if the server's content security policy
    refused anything on it."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=touch, has_touch=touch
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        yield page
    finally:
        context.close()
    assert refused == [], "the content security policy refused something on the page"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page (see :func:`browsing`)."""
    with browsing(browser) as fresh:
        yield fresh


@pytest.fixture
def artifacts() -> Path:
    """The folder for screenshots (created on demand)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


class Files(http.server.SimpleHTTPRequestHandler):
    """``/static/...`` from the package's web files, anything else (the harness page) from ``tests/web``."""

    def translate_path(self, path: str) -> str:
        path = path.split("?", maxsplit=1)[0]
        return str((WEB if path.startswith("/static/") else HERE) / path.lstrip("/"))

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the tests report what went wrong."""


@pytest.fixture(scope="session")
def harness() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Files)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/harness.html"
    finally:
        server.shutdown()
        server.server_close()
