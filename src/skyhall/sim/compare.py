"""Runs side by side: a baseline and its variants (``skyhall report base.jsonl variant.jsonl``).

Every run after the first is compared with the first, seat by seat (and agent by agent when several
played):

- **win rate**: the difference, with Newcombe's interval (:func:`skyhall.sim.intervals.difference`);
- **mean score**: the difference, with a 95 % interval (normal approximation). Two runs with the same
  seed, agents, players and options (the card data aside) deal and seat game ``i`` alike, so their
  games are *paired*: both means and the interval are then taken over the games both played, the
  interval over the game-by-game differences of the seat's score, which leaves out the luck of the deal
  and is much narrower than comparing two independent samples (Welch), used otherwise;
- **game length** and **mean points per score category**;
- **per-item impact** (:func:`skyhall.sim.balance.impacts`): how each card's "win rate with it minus
  without it" moved, with an approximate 95 % interval (the two runs' intervals combined as if normal
  and independent: wider than needed for paired runs).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from skyhall.sim.balance import Game, Impact, Key, rates
from skyhall.sim.intervals import Z95, difference


@dataclass(frozen=True)
class Runs:
    """Results files of one game and player count, each one run, named for the page."""

    names: tuple[str, ...]
    games: tuple[Sequence[Game], ...]

    def __post_init__(self) -> None:
        if len(self.names) != len(self.games) or len(self.games) < 2:
            raise ValueError("a comparison needs two runs or more")
        ids = {g["game"] for run in self.games for g in run}
        if len(ids) > 1:
            raise ValueError(f"the runs are of several games ({', '.join(sorted(ids))}): compare one game")
        players = {g["players"] for run in self.games for g in run}
        if len(players) > 1:
            raise ValueError(
                f"the runs have {' and '.join(str(p) for p in sorted(players))} players: compare runs of one "
                "player count"
            )


def paired(base: Sequence[Game], other: Sequence[Game]) -> bool:
    """Whether game ``i`` of both runs was dealt alike and seated alike: the same seed, agents, players
    and options other than the card data (``first_player`` changes who moves first)."""
    a, b = base[0]["run"], other[0]["run"]

    def rules(run: dict[str, object]) -> dict[str, object]:
        options = run.get("options")
        return {k: v for k, v in options.items() if k != "data"} if isinstance(options, dict) else {}

    same = all(a.get(k) == b.get(k) for k in ("seed", "agents")) and rules(a) == rules(b)
    return same and base[0]["players"] == other[0]["players"]


def shared(base: Sequence[Game], other: Sequence[Game]) -> tuple[list[Game], list[Game]]:
    """The games of both runs with an index in both, in index order (what a paired comparison uses)."""
    mine = {g["index"]: g for g in base}
    theirs = {g["index"]: g for g in other}
    common = sorted(mine.keys() & theirs.keys())
    return [mine[i] for i in common], [theirs[i] for i in common]


@dataclass(frozen=True)
class Shift:
    """How a group's win rate or mean score moved from the baseline to another run: ``change`` is
    ``after - before``, with the 95 % interval ``low .. high``."""

    key: str
    before: float
    after: float
    change: float
    low: float
    high: float
    paired: bool = False
    games: int = 0
    """Games behind ``before`` and ``after`` when paired (those both runs played); 0 otherwise."""

    @property
    def clear(self) -> bool:
        """Whether the interval leaves out 0 (a change at the 95 % level)."""
        return self.low > 0 or self.high < 0


def win_shifts(base: Sequence[Game], other: Sequence[Game], key: Key) -> list[Shift]:
    """Per group present in both runs: win rate before and after, and Newcombe's interval of the change."""
    found = {r.key: r for r in rates(base, key)}
    out = []
    for r in rates(other, key):
        b = found.get(r.key)
        if b is None:
            continue
        d, low, high = difference(r.wins, r.games, b.wins, b.games)
        out.append(Shift(r.key, b.rate, r.rate, d, low, high))
    return out


def _mean_sd(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the sample standard deviation (infinite for one value: nothing is known of the spread)."""
    return statistics.fmean(values), statistics.stdev(values) if len(values) > 1 else math.inf


def score_shifts(base: Sequence[Game], other: Sequence[Game], key: Key) -> list[Shift]:
    """Per group present in both runs: mean score before and after, and a 95 % interval of the change
    (paired by game index when :func:`paired`, else Welch's)."""
    pair = paired(base, other)
    if pair:  # both means over the same deals, or the change would not be after - before
        base, other = shared(base, other)
    groups: dict[str, tuple[list[float], list[float], list[float]]] = {}
    for game in base:
        for seat, score in enumerate(game["scores"]):
            groups.setdefault(key(game, seat), ([], [], []))[0].append(score)
    for k, game in enumerate(other):
        for seat, score in enumerate(game["scores"]):
            group = groups.get(key(game, seat))
            if group is None:
                continue
            group[1].append(score)
            if pair:  # ``shared`` lined the games up: game k of both runs is one deal
                group[2].append(score - base[k]["scores"][seat])
    return [
        _mean_shift(name, before, after, deltas, pair, len(base))
        for name, (before, after, deltas) in sorted(groups.items())
        if after
    ]


def _mean_shift(
    name: str,
    before: Sequence[float],
    after: Sequence[float],
    deltas: Sequence[float],
    pair: bool,
    games: int,
) -> Shift:
    """The change of a mean from ``before`` to ``after``, with a 95 % interval: over the game-by-game
    ``deltas`` when the runs are paired, else Welch's (normal approximation)."""
    mb, sb = _mean_sd(before)
    ma, sa = _mean_sd(after)
    both = pair and len(deltas) > 1
    if both:
        centre, sd = _mean_sd(deltas)
        half = Z95 * sd / math.sqrt(len(deltas))
    else:
        half = Z95 * math.sqrt(sb**2 / len(before) + sa**2 / len(after))
        centre = ma - mb
    return Shift(name, mb, ma, centre, centre - half, centre + half, both, games if both else 0)


def length_shift(base: Sequence[Game], other: Sequence[Game]) -> Shift:
    """Mean decisions per game before and after, and a 95 % interval of the change (paired by game index
    when :func:`paired`)."""
    pair = paired(base, other)
    if pair:
        base, other = shared(base, other)
    before = [float(g["decisions"]) for g in base]
    after = [float(g["decisions"]) for g in other]
    deltas = [a - b for a, b in zip(after, before, strict=True)] if pair else []
    return _mean_shift("decisions", before, after, deltas, pair, len(base))


def mean_length(games: Sequence[Game]) -> float:
    """Mean decisions per game."""
    return float(sum(g["decisions"] for g in games)) / len(games)


def impact_shifts(
    base: Sequence[Impact], other: Sequence[Impact], least: int, first: Collection[str] = ()
) -> list[Shift]:
    """Per item held, and missed, in ``least`` seat-games or more in both runs: its impact (win rate with
    it minus without) before and after, the items named in ``first`` (those a variant changed) first,
    then largest change first. Items are matched by kind and name, their identity, whatever their value
    in each run (a token's points). The interval of the change combines the two runs' Newcombe
    intervals as normal ones: its half-width is the root of the sum of their squared half-widths."""

    def counted(i: Impact) -> bool:
        return i.with_games >= least and i.without_games >= least

    found = {(i.kind, i.name): i for i in base if counted(i)}
    out = []
    for i in other:
        b = found.get((i.kind, i.name))
        if b is None or not counted(i):
            continue
        change = i.difference - b.difference
        half = math.hypot((b.high - b.low) / 2, (i.high - i.low) / 2)
        out.append(Shift(i.name, b.difference, i.difference, change, change - half, change + half))
    return sorted(out, key=lambda x: (x.key not in first, -abs(x.change), x.key))
