"""Elo ratings with 95 % intervals from finished games: a Bradley–Terry fit and profile-likelihood intervals.

Method, in full:

1. Every game is split into pairwise meetings between seats held by different agents:
   the better rank scores 1, the worse 0, equal ranks ½ each. (A 2-player game is one
   meeting; a 4-player game six.)
2. A Bradley–Terry model, ``P(i beats j) = γi / (γi + γj)``, is fitted to the summed
   scores by maximum likelihood with Hunter's MM iteration. Each pair of agents that
   met also gets one virtual drawn meeting (a weak prior), so an agent that never loses
   gets a large but finite rating.
3. Ratings are on the Elo scale, ``1500 + 400·log10(γ)``, with the γ normalised to a
   geometric mean of 1, so the agents' mean rating is 1500 and a 400-point gap means
   10:1 odds.
4. The 95 % interval of a rating is a **profile-likelihood** interval: every rating ``r``
   (relative to the mean) whose best fit, with that agent held at ``r`` and the others
   free, is within ``1.96² / 2`` log-likelihood of the best fit overall (the same
   likelihood, virtual draws included). It follows the likelihood's own shape: wider on
   the side away from the mean, where the virtual draws pulled the estimate in and the
   data say little. The former interval, ``rating ± 1.96·se`` with ``se`` from a
   parametric bootstrap around the pulled-in estimate, was symmetric about it and
   covered far-apart agents' true ratings only about 82–86 % of the time (see
   ``docs/sim.md``). Resampling the games themselves cannot do this at the extremes: an
   agent that lost every meeting loses every meeting of every resample, a point.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from skyhall.sim.intervals import Z95

Meeting = tuple[int, int, float]
"""``(agent i, agent j, i's score)`` with 1 a win, ½ a tie, 0 a loss."""
PRIOR = 0.5
"""Virtual score each way per pair that met: one drawn meeting."""
BASE, SCALE = 1500.0, 400.0
LIMIT = 4000.0
"""Elo from the mean beyond which an interval's end is not sought (it is then this far out)."""
NATURAL = math.log(10) / SCALE
"""Elo points to the natural-log scale of γ."""


@dataclass(frozen=True)
class Rating:
    agent: str
    elo: float
    low: float
    high: float
    games: int
    """Games the agent played."""
    score: float
    """Its share of the points of its pairwise meetings (ties count ½)."""


def meetings(agents: Sequence[int], ranks: Sequence[int]) -> list[Meeting]:
    """The pairwise meetings of one game: ``agents[seat]`` is an agent number, ``ranks[seat]`` its rank."""
    out = []
    for a in range(len(agents)):
        for b in range(a + 1, len(agents)):
            if agents[a] != agents[b]:
                score = 1.0 if ranks[a] < ranks[b] else 0.5 if ranks[a] == ranks[b] else 0.0
                out.append((agents[a], agents[b], score))
    return out


def scores(count: int, games: Sequence[Sequence[Meeting]]) -> list[list[float]]:
    """``[i][j]``: i's points against j, plus the virtual draw (:data:`PRIOR`) for every pair that met."""
    wins = [[0.0] * count for _ in range(count)]
    for game in games:
        for i, j, score in game:
            wins[i][j] += score
            wins[j][i] += 1 - score
    met = [[wins[i][j] + wins[j][i] > 0 for j in range(count)] for i in range(count)]
    for i in range(count):
        for j in range(count):
            if met[i][j]:
                wins[i][j] += PRIOR
    return wins


def fit(count: int, games: Sequence[Sequence[Meeting]], rounds: int = 2000) -> list[float]:
    """Elo ratings of agents ``0..count-1`` from the meetings of ``games`` (see the module doc)."""
    wins = scores(count, games)
    met = [[wins[i][j] + wins[j][i] > 0 for j in range(count)] for i in range(count)]
    played = [[wins[i][j] + wins[j][i] for j in range(count)] for i in range(count)]
    total = [sum(row) for row in wins]
    gamma = [1.0] * count
    for _ in range(rounds):
        new = []
        for i in range(count):
            denominator = sum(played[i][j] / (gamma[i] + gamma[j]) for j in range(count) if met[i][j])
            new.append(total[i] / denominator if denominator else gamma[i])
        centre = math.exp(sum(math.log(g) for g in new) / count)
        new = [g / centre for g in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if change < 1e-10:
            break
    return [BASE + SCALE * math.log10(g) for g in gamma]


class _Likelihood:
    """The Bradley–Terry log-likelihood (virtual draws included) on the natural-log scale ``θ = ln γ``."""

    def __init__(self, wins: Sequence[Sequence[float]]) -> None:
        self.wins = np.array(wins, dtype=float)
        self.meetings = self.wins + self.wins.T
        self.count = len(wins)

    def value(self, theta: np.ndarray) -> float:
        gap = theta[:, None] - theta[None, :]
        return float(-np.sum(self.wins * np.logaddexp(0.0, -gap)))

    def best(self, theta: np.ndarray, agent: int) -> tuple[np.ndarray, float]:
        """The highest likelihood with ``agent``'s rating relative to the mean held where it is in
        ``theta`` (Newton's method on that plane; the mean stays 0): the maximising θ and the value."""
        n = self.count
        contrast = np.full(n, -1.0 / n)
        contrast[agent] += 1.0
        bound = np.vstack([contrast, np.full(n, 1.0 / n)])
        theta = theta.copy()
        current = self.value(theta)
        for _ in range(100):
            gap = theta[:, None] - theta[None, :]
            chance = 1.0 / (1.0 + np.exp(-gap))
            gradient = self.wins.sum(axis=1) - (self.meetings * chance).sum(axis=1)
            weight = self.meetings * chance * (1.0 - chance)
            hessian = weight - np.diag(weight.sum(axis=1))
            system = np.block([[hessian, bound.T], [bound, np.zeros((2, 2))]])
            rhs = np.concatenate([-gradient, np.zeros(2)])
            step = np.linalg.lstsq(system, rhs, rcond=None)[0][:n]
            size = 1.0
            while True:
                moved = theta + size * step
                value = self.value(moved)
                if value >= current - 1e-12 or size < 1e-6:
                    break
                size /= 2
            theta, done = moved, value - current < 1e-11 and float(np.max(np.abs(size * step))) < 1e-9
            current = value
            if done:
                break
        return theta, current


def profile_interval(
    wins: Sequence[Sequence[float]], elo: Sequence[float], agent: int
) -> tuple[float, float]:
    """The 95 % profile-likelihood interval of ``agent``'s Elo rating (see the module doc), given the
    fitted ratings ``elo`` (mean 1500)."""
    model = _Likelihood(wins)
    start = np.array([(e - BASE) * NATURAL for e in elo])
    start -= start.mean()
    peak_theta, peak = model.best(start, agent)
    limit = 0.5 * Z95 * Z95
    estimate = float(peak_theta[agent] - peak_theta.mean()) / NATURAL

    def drop(theta: np.ndarray, rating: float) -> tuple[np.ndarray, float]:
        shift = rating * NATURAL - float(theta[agent] - theta.mean())
        moved = theta + shift * _direction(model.count, agent)
        best_theta, value = model.best(moved, agent)
        return best_theta, peak - value - limit

    ends = []
    for side in (-1.0, 1.0):
        inside, theta, step = estimate, peak_theta, 50.0
        outside = None
        while abs(inside + side * step - estimate) < LIMIT:
            candidate = inside + side * step
            moved, excess = drop(theta, candidate)
            if excess > 0:
                outside = candidate
                break
            inside, theta, step = candidate, moved, step * 2
        if outside is None:
            ends.append(estimate + side * LIMIT)
            continue
        while abs(outside - inside) > 0.5:
            middle = (inside + outside) / 2
            moved, excess = drop(theta, middle)
            if excess > 0:
                outside = middle
            else:
                inside, theta = middle, moved
        ends.append((inside + outside) / 2)
    return BASE + ends[0], BASE + ends[1]


def _direction(count: int, agent: int) -> np.ndarray:
    """The move of θ that shifts ``agent`` by 1 relative to the mean and keeps the mean."""
    out = np.full(count, -1.0 / (count - 1))
    out[agent] = 1.0
    return out


def rate(names: Sequence[str], games: Sequence[Sequence[Meeting]]) -> list[Rating]:
    """Ratings of ``names`` (agent numbers index it), best first, with profile-likelihood intervals."""
    count = len(names)
    elo = fit(count, games)
    wins = scores(count, games)
    played = [0] * count
    points = [0.0] * count
    faced = [0] * count
    for game in games:
        seen: set[int] = set()
        for i, j, score in game:
            seen.update((i, j))
            points[i] += score
            points[j] += 1 - score
            faced[i] += 1
            faced[j] += 1
        for agent in seen:
            played[agent] += 1
    out = []
    for i, name in enumerate(names):
        low, high = profile_interval(wins, elo, i) if games and count > 1 else (elo[i], elo[i])
        share = points[i] / faced[i] if faced[i] else 0.0
        out.append(Rating(name, elo[i], low, high, played[i], share))
    return sorted(out, key=lambda r: -r.elo)
