"""Elo ratings with 95 % intervals from finished games: a Bradley–Terry fit and a parametric bootstrap.

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
4. The interval is ``rating ± 1.96·se``, where ``se`` is the standard deviation of the
   rating over refits on simulated results: the same meetings, each won by ``i`` with the
   fitted ``P(i beats j)`` (a parametric bootstrap; the normal approximation with its
   standard error), so it always contains the estimate. Drawing the games themselves again
   (a bootstrap over games) cannot do this at the extremes: an agent that lost every
   meeting loses every meeting of every resample, and its interval collapsed to a point.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import stdev

from skyhall.core.rng import Rng
from skyhall.sim.intervals import Z95

Meeting = tuple[int, int, float]
"""``(agent i, agent j, i's score)`` with 1 a win, ½ a tie, 0 a loss."""
PRIOR = 0.5
"""Virtual score each way per pair that met: one drawn meeting."""
BASE, SCALE = 1500.0, 400.0


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


def fit(count: int, games: Sequence[Sequence[Meeting]], rounds: int = 2000) -> list[float]:
    """Elo ratings of agents ``0..count-1`` from the meetings of ``games`` (see the module doc)."""
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


def rate(
    names: Sequence[str], games: Sequence[Sequence[Meeting]], seed: int, resamples: int = 200
) -> list[Rating]:
    """Ratings of ``names`` (agent numbers index it), best first, with parametric bootstrap intervals."""
    count = len(names)
    elo = fit(count, games)
    rng = Rng(seed)
    draws: list[list[float]] = [[] for _ in range(count)]
    for _ in range(resamples if games else 0):
        sample = [[(i, j, won(rng, odds(elo, i, j))) for i, j, _ in game] for game in games]
        for i, value in enumerate(fit(count, sample, rounds=500)):
            draws[i].append(value)
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
        se = stdev(draws[i]) if len(draws[i]) > 1 else 0.0  # no spread without two resamples
        share = points[i] / faced[i] if faced[i] else 0.0
        out.append(Rating(name, elo[i], elo[i] - Z95 * se, elo[i] + Z95 * se, played[i], share))
    return sorted(out, key=lambda r: -r.elo)


def odds(elo: Sequence[float], i: int, j: int) -> float:
    """``P(i beats j)`` under the fitted ratings."""
    return 1.0 / (1.0 + 10 ** ((elo[j] - elo[i]) / SCALE))


def won(rng: Rng, chance: float) -> float:
    """A simulated meeting: 1.0 (a win) with probability ``chance``, else 0.0."""
    return float(rng.below(1 << 30) < chance * (1 << 30))
