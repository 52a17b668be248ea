"""The objective assignment is exact: checked against an independent brute force on random small cases."""

from __future__ import annotations

from itertools import product

import pytest

from skyhall.core.rng import Rng
from skyhall.games.airport_rush.cards import Catalog
from skyhall.games.airport_rush.scoring import best_assignment, objective_points
from tests.games.airport_rush.position import CAT


def brute_force(cat: Catalog, taken: tuple[int, ...], objectives: tuple[int, ...]) -> int:
    """Try every labelling of the planes (unused, or used for objective k) and keep the valid best.

    A labelling is valid for objective k when the planes labelled k cover its countries one each, exactly.
    """
    best = 0
    for labels in product(range(len(objectives) + 1), repeat=len(taken)):
        total = 0
        for k, o in enumerate(objectives, start=1):
            objective = cat.objectives[o]
            used = tuple(c for c, label in zip(taken, labels, strict=True) if label == k)
            countries = sorted(cat.cards[c].country for c in used)
            if used and countries == sorted(objective.countries):
                total += objective_points(cat, objective, used)
        best = max(best, total)
    return best


def random_case(rng: Rng) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A few objectives and up to 8 planes, biased toward the objectives' countries so many are met."""
    objectives = (rng.below(len(CAT.objectives)), rng.below(len(CAT.objectives)))
    if objectives[0] == objectives[1]:
        objectives = objectives[:1]
    wanted = {k for o in objectives for k in CAT.objectives[o].countries}
    pool = [c for c in CAT.planes if CAT.cards[c].country in wanted] or list(CAT.planes)
    rng.shuffle(pool)
    extra = [c for c in CAT.planes if c not in pool]
    rng.shuffle(extra)
    size = rng.below(8) + 1
    taken = tuple(pool[: size - 1] + extra[:1])
    return taken, objectives


@pytest.mark.rule("ARU-SCO-03", "ARU-SCO-05", "ARU-SCO-06", "ARU-SCO-07")
@pytest.mark.parametrize("seed", range(12))
def test_best_assignment_equals_brute_force(seed: int) -> None:
    rng = Rng(seed)
    for _ in range(25):
        taken, objectives = random_case(rng)
        total, plan = best_assignment(CAT, taken, objectives)
        assert total == brute_force(CAT, taken, objectives), (taken, objectives)
        used = [c for planes in plan if planes is not None for c in planes]
        assert len(used) == len(set(used)), "a plane served two objectives"
        assert set(used) <= set(taken)
        for o, planes in zip(objectives, plan, strict=True):
            if planes is not None:
                countries = [CAT.cards[c].country for c in planes]
                assert countries == list(CAT.objectives[o].countries)
        assert total == sum(
            objective_points(CAT, CAT.objectives[o], planes)
            for o, planes in zip(objectives, plan, strict=True)
        )


@pytest.mark.rule("ARU-SCO-07")
def test_a_shared_country_goes_where_it_scores_most() -> None:
    """Two objectives want the same country; with one such plane, the higher objective gets it."""
    cat = CAT
    by_size = sorted(cat.objectives, key=lambda o: o.base)
    low, high = by_size[0], by_size[-1]
    shared = set(low.countries) & set(high.countries)
    if not shared:
        pytest.skip("data has no pair of objectives sharing a country")
    taken: list[int] = []
    for country in set(low.countries) | set(high.countries):
        taken.append(next(c for c in cat.planes if cat.cards[c].country == country and c not in taken))
    total, _ = best_assignment(cat, tuple(taken), (low.index, high.index))
    assert total == brute_force(cat, tuple(taken), (low.index, high.index))
    assert total >= high.base
