"""Perft-style action counts: how many distinct decision sequences lead on from fixed positions.

From each position every legal action is applied to a ``clone()``, and so on to depth
``DEPTH``; the number of sequences at each depth is compared with ``counts/<game>.json``.
A step is one real decision: a step with nothing to do and a decision with a single
choice are taken by the engine itself. A sequence that ends the game early counts as
one (it is a leaf, like a mate in chess perft, except that it is counted).

Chance (dice, shuffles, draws) comes from the RNG the state owns and ``clone()`` copies,
so the counts are deterministic for a fixed seed.

Positions per game: the start after ``new_game(players, SEED, {"first_player": 0})`` for
every player count, and a couple of mid-game positions reached by replaying a prefix of
seeded random decisions (stored as notation in the JSON, replayed through the checked
``play``). On a mismatch the failure shows the "divide": the count below each first
action at the deepest level, expected against now, so the changed branch is obvious.
When the change is intended, bump ``rules_version`` and run ``python scripts/regen_counts.py``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from skyhall.core.engine import play
from skyhall.core.errors import IllegalAction
from skyhall.core.registry import available, get
from skyhall.core.rng import Rng

COUNTS_DIR = Path(__file__).parent / "counts"
SEED = 20240611
DEPTH = 3
"""Deepest level counted, unless ``DEEPER`` says more for a game (Skyrise, the widest, is quick at 3)."""
DEEPER = {"skyport": 8}
"""Skyport branches little (a handful of choices per decision), so its counts go deeper to mean something."""


def depth_of(game_id: str) -> int:
    return DEEPER.get(game_id, DEPTH)


REGEN = "python scripts/regen_counts.py"


@dataclass(frozen=True)
class PositionSpec:
    """How a position is reached: players, seed, and how many seeded random decisions to replay."""

    name: str
    players: int
    prefix_length: int

    @property
    def prefix_seed(self) -> int:
        """The seed of the random chooser that picks the prefix (regeneration only)."""
        return SEED * 100 + self.players * 10 + self.prefix_length


def position_specs(game_id: str) -> list[PositionSpec]:
    """The fixed positions of a game: every start, one early mid-game and one later mid-game."""
    spec = get(game_id).spec
    starts = [PositionSpec(f"start-{p}p", p, 0) for p in range(spec.min_players, spec.max_players + 1)]
    middles = [(spec.max_players, 20), (spec.min_players, 45)]
    return starts + [PositionSpec(f"mid-{p}p-after-{n}", p, n) for p, n in middles]


def counts_path(game_id: str) -> Path:
    return COUNTS_DIR / f"{game_id}.json"


def new_position(game_id: str, players: int, prefix: list[str]) -> Any:
    """The start position with ``first_player`` 0, then ``prefix`` (notations) played through ``play``."""
    state = get(game_id).new_game(players, SEED, {"first_player": 0})
    for number, notation in enumerate(prefix, 1):
        try:
            play(state, notation)
        except IllegalAction as exc:
            raise AssertionError(
                f"{game_id}: prefix decision {number} ({notation!r}) no longer replays: {exc}. "
                f"If the rules change is intended, bump rules_version and run `{REGEN}`."
            ) from None
    return state


def random_prefix(game_id: str, position: PositionSpec) -> list[str]:
    """The prefix of ``position``: seeded random decisions from the start (regeneration only)."""
    state = new_position(game_id, position.players, [])
    rng = Rng(position.prefix_seed)
    prefix: list[str] = []
    for _ in range(position.prefix_length):
        if state.is_over:
            raise ValueError(f"{game_id} {position.name}: the game ended before the prefix did")
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        prefix.append(str(action))
        state.apply(action)
    if state.is_over:
        raise ValueError(f"{game_id} {position.name}: the game is over after the prefix")
    return prefix


def perft(state: Any, depth: int) -> int:
    """Number of decision sequences of length ``depth`` from ``state`` (one that ends the game counts)."""
    if depth == 0 or state.is_over:
        return 1
    if depth == 1:
        return len(state.legal_actions())
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def divide(state: Any, depth: int) -> dict[str, int]:
    """The count below each first action (notation), in legal order; they add up to ``perft``."""
    table: dict[str, int] = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        table[str(action)] = perft(child, depth - 1)
    return table


def measure(state: Any, depth: int = DEPTH) -> tuple[list[int], dict[str, int]]:
    """Counts at depths 1..``depth`` and the divide at ``depth``."""
    return [perft(state, d) for d in range(1, depth + 1)], divide(state, depth)


def generate(game_id: str) -> dict[str, Any]:
    """The content of ``counts/<game>.json``, computed afresh (regeneration)."""
    game = get(game_id)
    positions = []
    for position in position_specs(game_id):
        prefix = random_prefix(game_id, position)
        counts, table = measure(new_position(game_id, position.players, prefix), depth_of(game_id))
        positions.append(
            {
                "name": position.name,
                "players": position.players,
                "seed": SEED,
                "options": {"first_player": 0},
                "prefix": prefix,
                "counts": counts,
                "divide": table,
            }
        )
    return {
        "game": game_id,
        "rules_version": game.spec.rules_version,
        "depth": depth_of(game_id),
        "positions": positions,
    }


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def divide_report(expected: dict[str, int], actual: dict[str, int]) -> Iterator[str]:
    """Lines of the divide, changed branches first and marked."""
    names = list(expected) + [name for name in actual if name not in expected]
    changed = [n for n in names if expected.get(n) != actual.get(n)]
    same = [n for n in names if expected.get(n) == actual.get(n)]
    yield f"  divide at the deepest level (first action: expected -> now), {len(changed)} branch(es) changed:"
    for name in changed:
        before = expected.get(name, "(not legal before)")
        after = actual.get(name, "(not legal now)")
        yield f"    ! {name}: {before} -> {after}"
    for name in same:
        yield f"      {name}: {expected[name]}"


def check_position(game_id: str, stored: dict[str, Any]) -> list[str]:
    """Problems with one stored position (empty when it still counts the same)."""
    state = new_position(game_id, stored["players"], stored["prefix"])
    counts, table = measure(state, len(stored["counts"]))
    if counts == stored["counts"] and table == stored["divide"]:
        return []
    lines = [
        f"{game_id} position {stored['name']} ({stored['players']} players, seed {stored['seed']}, "
        f"{len(stored['prefix'])} prefix decisions): counts by depth {stored['counts']} -> now {counts}"
    ]
    lines += divide_report(stored["divide"], table)
    return lines


GAMES = list(available())


def load(game_id: str) -> dict[str, Any]:
    path = counts_path(game_id)
    if not path.exists():
        pytest.fail(f"{game_id} is registered but has no action counts ({path.name}): run `{REGEN}`")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("game_id", GAMES)
def test_action_counts(game_id: str) -> None:
    data = load(game_id)
    problems = [line for stored in data["positions"] for line in check_position(game_id, stored)]
    if problems:
        raise AssertionError(
            f"the {game_id} action counts changed. If the rules change is intended, bump rules_version "
            f"and run `{REGEN}`.\n" + "\n".join(problems)
        )


@pytest.mark.parametrize("game_id", GAMES)
def test_counts_file_matches_positions_and_rules_version(game_id: str) -> None:
    """The file holds exactly today's positions at today's depth, made under the current rules version."""
    data = load(game_id)
    assert data["game"] == game_id
    assert data["rules_version"] == get(game_id).spec.rules_version, f"run `{REGEN}`"
    assert data["depth"] == depth_of(game_id), f"run `{REGEN}`"
    names = [stored["name"] for stored in data["positions"]]
    assert names == [p.name for p in position_specs(game_id)], f"positions changed: run `{REGEN}`"
    for stored in data["positions"]:
        assert sum(stored["divide"].values()) == stored["counts"][-1], stored["name"]


def test_no_stray_counts_files() -> None:
    expected = {counts_path(game_id).name for game_id in GAMES}
    stray = sorted(p.name for p in COUNTS_DIR.glob("*.json") if p.name not in expected)
    assert not stray, f"count files of no registered game: {stray}"


@pytest.mark.parametrize("game_id", GAMES)
def test_counting_is_deterministic_and_leaves_the_root_alone(game_id: str) -> None:
    """Chance is owned by the state: counting twice, or from a clone, gives the same numbers."""
    position = position_specs(game_id)[-1]
    state = new_position(game_id, position.players, random_prefix(game_id, position))
    before = state.snapshot()
    first = measure(state, 2)
    assert state.snapshot() == before
    assert measure(state.clone(), 2) == first
    assert measure(state, 2) == first
