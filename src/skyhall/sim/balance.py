"""Balance numbers from the games of a results file: win rates, scores, lengths, categories, item impact.

The unit is the *seat-game* (one seat in one game). A seat that wins alone scores 1
win; a first place shared by ``k`` seats scores ``1/k`` to each, so the win rates of
a game's seats add up to 1. Every rate carries a 95 % Wilson interval, every
difference a 95 % Newcombe interval (:mod:`skyhall.sim.intervals`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skyhall.sim.intervals import difference, wilson
from skyhall.sim.items import Item, labelled

Game = Mapping[str, Any]
"""One line of a results file (see :mod:`skyhall.sim.results`)."""


def win_share(game: Game, seat: int) -> float:
    """1 for a lone winner, ``1/k`` for each of ``k`` tied winners, else 0."""
    winners = game["winners"]
    return 1 / len(winners) if seat in winners else 0.0


FRACTIONS = {1 / 2: "½", 1 / 3: "⅓", 2 / 3: "⅔", 1 / 4: "¼", 3 / 4: "¾", 1 / 6: "⅙", 5 / 6: "⅚"}
"""The shares of a win that ties of 2 to 4 winners leave in a sum of wins (most of them), as glyphs."""


def wins_text(wins: float) -> str:
    """A number of wins as shown: ``23``, ``23⅓`` (shared first places leave fractions), else one
    decimal (``23.6``) for a fraction without a glyph."""
    whole = int(wins + 1e-9)
    rest = wins - whole
    if rest < 1e-9:
        return str(whole)
    for value, glyph in FRACTIONS.items():
        if abs(rest - value) < 1e-9:
            return f"{whole or ''}{glyph}"
    return f"{wins:.1f}"


def seat_label(seat: int) -> str:
    return f"Player {seat + 1} (seat {seat})"


def by_seat(game: Game, seat: int) -> str:
    return seat_label(seat)


def by_agent(game: Game, seat: int) -> str:
    return str(game["agents"][seat])


Key = Callable[[Game, int], str]
"""Groups seat-games: :func:`by_seat` or :func:`by_agent`."""


@dataclass(frozen=True)
class Rate:
    """Win rate and scores of one group of seat-games."""

    key: str
    games: int
    wins: float
    low: float
    high: float
    scores: tuple[int, ...]

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0


def rates(games: Iterable[Game], key: Key) -> list[Rate]:
    """One :class:`Rate` per group, in group order (seats by number, agents by name)."""
    wins: dict[str, float] = defaultdict(float)
    scores: dict[str, list[int]] = defaultdict(list)
    for game in games:
        for seat, score in enumerate(game["scores"]):
            group = key(game, seat)
            wins[group] += win_share(game, seat)
            scores[group].append(score)
    out = []
    for group in sorted(scores):
        n = len(scores[group])
        low, high = wilson(wins[group], n)
        out.append(Rate(group, n, wins[group], low, high, tuple(scores[group])))
    return out


def categories(games: Iterable[Game], key: Key) -> dict[str, dict[str, float]]:
    """Mean points per score category, per group (a category missing from a score sheet counts 0)."""
    totals: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    counts: dict[str, int] = defaultdict(int)
    for game in games:
        for seat, sheet in enumerate(game["categories"]):
            group = key(game, seat)
            counts[group] += 1
            for category, points in sheet.items():
                totals[group][category] += points
    return {
        group: {category: points / counts[group] for category, points in sorted(totals[group].items())}
        for group in sorted(counts)
    }


@dataclass(frozen=True)
class Impact:
    """Win rate of seat-games that ended with an item against those that did not."""

    kind: str
    name: str
    with_games: int
    with_rate: float
    without_games: int
    without_rate: float
    difference: float
    low: float
    high: float
    value: str = ""
    """The item's value in this run when it is a slot (a token's points), else ``""``."""

    @property
    def label(self) -> str:
        return labelled(self.name, self.value)


def impacts(games: Sequence[Game], items: Sequence[Sequence[set[Item]]]) -> list[Impact]:
    """One :class:`Impact` per item seen, largest difference first; ``items[g][seat]`` is what that seat had.

    The difference is observational: an item held by winners more often may be strong,
    or simply what a leading seat can afford to take.
    """
    total_games = total_wins = 0.0
    had: dict[Item, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for game, held in zip(games, items, strict=True):
        for seat, seat_items in enumerate(held):
            share = win_share(game, seat)
            total_games += 1
            total_wins += share
            for item in seat_items:
                had[item][0] += 1
                had[item][1] += share
    out = []
    for item, (n, wins) in had.items():
        rest_n = int(total_games - n)
        rest_wins = total_wins - wins
        d, low, high = difference(wins, int(n), rest_wins, rest_n)
        out.append(
            Impact(
                item.kind,
                item.name,
                int(n),
                wins / n,
                rest_n,
                rest_wins / rest_n if rest_n else 0.0,
                d,
                low,
                high,
                item.value,
            )
        )
    return sorted(out, key=lambda i: (-i.difference, i.kind, i.name))
