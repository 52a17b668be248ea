"""Imports point one way only: ``core <- games <- agents <- sim <- server, rl <- cli``.

Read from the source with :mod:`ast`, so a layer violation fails here even in
code no other test runs. ``core`` and ``games`` may also use nothing but the
standard library: they are the engine every front end and bot builds on.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "skyhall"

LAYER = {"core": 0, "games": 1, "agents": 2, "sim": 3, "web": 3, "server": 4, "rl": 4, "cli": 5}
"""A package may import its own layer and the layers numbered lower (``server`` and ``rl`` not each other)."""
STDLIB_ONLY = ("core", "games")
DISCOVERY = {("core/registry.py", "skyhall.games")}
"""The one upward import allowed: the registry finds the game packages at run time, so nothing lists
them by hand. It imports the ``skyhall.games`` namespace only, never a game's code by name."""


def package_of(path: Path) -> str:
    """``core``, ``games``… for a file under ``src/skyhall``; ``""`` for the top-level modules."""
    parts = path.relative_to(SRC).parts
    return parts[0] if len(parts) > 1 else ""


def imports(path: Path) -> list[tuple[int, str]]:
    """``(line, absolute module name)`` of every import in ``path``, relative ones resolved."""
    module = ".".join(("skyhall", *path.relative_to(SRC).with_suffix("").parts))
    return imports_in(path.read_text(encoding="utf-8"), module)


def imports_in(source: str, module: str) -> list[tuple[int, str]]:
    """The imports of ``source``, the text of ``module`` (named ``a.b.__init__`` for package ``a.b``)."""
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                base = base[: len(base) - node.level]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
    return found


SOURCES = sorted(p for p in SRC.rglob("*.py"))


def test_every_package_has_a_layer() -> None:
    packages = {package_of(p) for p in SOURCES} - {""}
    assert packages <= set(LAYER), f"give {sorted(packages - set(LAYER))} a layer in LAYER"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(SRC)))
def test_imports_point_down(path: Path) -> None:
    here = package_of(path)
    if not here:
        return
    wrong = []
    shown = str(path.relative_to(SRC))
    for line, name in imports(path):
        parts = name.split(".")
        if parts[0] != "skyhall" or len(parts) < 2 or (shown, name) in DISCOVERY:
            continue
        there = parts[1]
        if there == here:
            continue
        if there not in LAYER or LAYER[there] >= LAYER[here]:
            wrong.append(f"line {line}: {name}")
    assert not wrong, f"skyhall.{here} may not import (layers: {LAYER}): {wrong}"


@pytest.mark.parametrize(
    "path",
    [p for p in SOURCES if package_of(p) in STDLIB_ONLY],
    ids=lambda p: str(p.relative_to(SRC)),
)
def test_engine_uses_the_standard_library_only(path: Path) -> None:
    outside = [
        f"line {line}: {name}"
        for line, name in imports(path)
        if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != "skyhall"
    ]
    assert not outside, f"{path.name} imports beyond the standard library: {outside}"


def test_the_checker_resolves_relative_imports() -> None:
    """Guard the guard: ``from ..x import y`` is seen as the absolute module it names."""
    source = "from . import lane\nfrom ..core import rng\nfrom .rules import legal\nimport json\n"
    assert imports_in(source, "skyhall.games.skyport.state") == [
        (1, "skyhall.games.skyport"),
        (2, "skyhall.games.core"),
        (3, "skyhall.games.skyport.rules"),
        (4, "json"),
    ]
    assert imports_in("from .. import core\n", "skyhall.games.skyport.__init__") == [(1, "skyhall.games")]
