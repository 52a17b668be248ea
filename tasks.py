#!/usr/bin/env python3
"""The two quick-start commands, on any machine with Python 3.11 and nothing else.

    python3 tasks.py run     # install into .venv, then serve the browser app (skyhall serve)
    python3 tasks.py test    # install into .venv with the test extra, then lint, type-check and test

Standard library only: it makes ``.venv`` if needed, installs the project into
it (editable) with the extras the command needs, and runs the command there.
Extra arguments after ``run`` are passed to ``skyhall`` (default: ``serve``; e.g. ``run play skyport``).
"""

from __future__ import annotations

import glob
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
RULE_COVERAGE = ROOT.parent / "shared" / "tools" / "rule_coverage.py"
SYSTEM_PACKAGES = {"chromium": "/usr/bin/chromium", "postgresql": "/usr/lib/postgresql/*/bin/initdb"}
"""Debian packages the tests use, with a path that shows each is installed."""
COVERED_GAMES = ("skyport", "airport-rush", "skyrise")
"""Games whose rule clauses must all be covered by tests."""


def sh(*args: str | Path) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], cwd=ROOT, check=True)


def install(extras: str) -> None:
    if not (BIN / "python").exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    target = f".[{extras}]" if extras else "."
    sh(BIN / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", target)


def run(args: list[str]) -> None:
    install("server")
    os.execv(str(BIN / "skyhall"), [str(BIN / "skyhall"), *(args or ["serve"])])


def system_packages() -> None:
    """Debian's Chromium (the browser tests drive it; Playwright never downloads its own) and PostgreSQL
    (the storage tests start a throwaway cluster), installed with apt when missing and run as root."""
    missing = [package for package, path in SYSTEM_PACKAGES.items() if not glob.glob(path)]
    if not missing:
        return
    if os.name != "posix" or os.geteuid() != 0 or not Path("/usr/bin/apt-get").exists():
        print(f"(tests needing {', '.join(missing)} will be skipped: apt-get install them as root)")
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *missing]):
        print("+", " ".join(command), flush=True)
        subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL)


def test(args: list[str]) -> None:
    install("test")
    system_packages()
    sh(BIN / "ruff", "check", "src", "tests", "bench", "scripts", "examples", "tasks.py")
    sh(BIN / "ruff", "format", "--check", "src", "tests", "bench", "scripts", "examples", "tasks.py")
    sh(BIN / "mypy")
    if RULE_COVERAGE.exists():
        for game in COVERED_GAMES:
            sh(BIN / "python", RULE_COVERAGE, "--game", game, "--strict")
    else:
        print(f"(rule coverage skipped: {RULE_COVERAGE} not found)")
    sh(BIN / "python", "-m", "pytest", "-n", "auto", *args)


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "test"):
        sys.exit(__doc__)
    command, rest = sys.argv[1], sys.argv[2:]
    try:
        (run if command == "run" else test)(rest)
    except subprocess.CalledProcessError as exc:
        sys.exit(exc.returncode)


if __name__ == "__main__":
    main()
