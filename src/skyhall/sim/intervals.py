"""95 % intervals for win rates and for differences of win rates.

A win rate here is a share of seat-games won, where a first place shared by ``k``
seats counts ``1/k`` for each, so "successes" may be fractional; the formulas only
need the proportion and the count.

- :func:`wilson`: the Wilson score interval for one proportion. Unlike the textbook
  ``p ± 1.96·sqrt(p(1-p)/n)`` it stays inside 0..1 and behaves at 0 % and 100 %.
- :func:`difference`: Newcombe's hybrid score interval (his "method 10") for
  ``p1 - p2``, built from the two Wilson intervals.
"""

from __future__ import annotations

import math
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)
"""The standard normal quantile for a two-sided 95 % interval (1.95996…)."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval ``(low, high)`` for ``successes`` out of ``n``; ``(0, 1)`` when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def difference(
    successes1: float, n1: int, successes2: float, n2: int, z: float = Z95
) -> tuple[float, float, float]:
    """``(p1 - p2, low, high)``: Newcombe's interval for the difference of two proportions."""
    p1 = successes1 / n1 if n1 else 0.0
    p2 = successes2 / n2 if n2 else 0.0
    lo1, hi1 = wilson(successes1, n1, z)
    lo2, hi2 = wilson(successes2, n2, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - lo1) ** 2 + (hi2 - p2) ** 2)
    high = d + math.sqrt((hi1 - p1) ** 2 + (p2 - lo2) ** 2)
    return d, max(-1.0, low), min(1.0, high)
