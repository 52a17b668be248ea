"""Final scoring: planes taken off, objectives (best assignment of planes), penalties; tie-break."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from skyhall.core.result import Result, ScoreLine, rank_by
from skyhall.core.text import plural
from skyhall.games.airport_rush.cards import Catalog, Objective

if TYPE_CHECKING:
    from skyhall.games.airport_rush.state import State

Assignment = tuple[tuple[int, ...] | None, ...]
"""Per objective, the planes used for it (one per listed country, in its order), or ``None`` if unmet."""


def objective_points(cat: Catalog, objective: Objective, planes: tuple[int, ...] | None) -> int:
    if planes is None:
        return 0
    bonus = sum(objective.bonus for c in planes if cat.cards[c].airline == objective.airline)
    return objective.base + bonus


def _ways(cat: Catalog, objective: Objective, free: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to give ``objective`` one distinct plane per listed country from ``free``."""
    ways: list[tuple[int, ...]] = [()]
    for country in objective.countries:
        ways = [(*w, c) for w in ways for c in free if cat.cards[c].country == country and c not in w]
        if not ways:
            return []
    return ways


def best_assignment(
    cat: Catalog, taken: tuple[int, ...], objectives: tuple[int, ...]
) -> tuple[int, Assignment]:
    """The highest objective total, and the assignment reaching it; no plane serves two objectives."""

    def search(i: int, free: tuple[int, ...]) -> tuple[int, Assignment]:
        if i == len(objectives):
            return 0, ()
        objective = cat.objectives[objectives[i]]
        best, rest = search(i + 1, free)
        best_here: Assignment = (None, *rest)
        for way in _ways(cat, objective, free):
            left = tuple(c for c in free if c not in way)
            later, later_plan = search(i + 1, left)
            total = objective_points(cat, objective, way) + later
            if total > best:
                best, best_here = total, (way, *later_plan)
        return best, best_here

    return search(0, taken)


def unmet(cat: Catalog, taken: Sequence[int], plan: Assignment, objective: int) -> str:
    """Why ``objective`` is not met by the planes ``taken`` under ``plan`` (the best assignment): the
    countries none of them is from, and those whose planes score another objective (more points)."""
    used = {c for planes in plan if planes is not None for c in planes}
    have = {cat.cards[c].country for c in taken}
    free = {cat.cards[c].country for c in taken if c not in used}
    wanted = cat.objectives[objective].countries
    lacking = [cat.countries[k] for k in wanted if k not in have]
    elsewhere = [cat.countries[k] for k in wanted if k in have and k not in free]
    said = [f"missing {', '.join(lacking)}"] if lacking else []
    if elsewhere:
        said.append(f"the {' and '.join(elsewhere)} plane scores another objective")
    return "; ".join(said)


def sheet(s: State, seat: int) -> list[ScoreLine]:
    cat = s.cat
    lines = []
    for c in s.taken[seat]:
        card = cat.cards[c]
        label = f"Plane {card.id} ({cat.countries[card.country]}, {cat.airlines[card.airline]} airline)"
        lines.append(ScoreLine("planes", label, card.value))
    _, plan = best_assignment(cat, s.taken[seat], s.objectives[seat])
    for o, planes in zip(s.objectives[seat], plan, strict=True):
        objective = cat.objectives[o]
        countries = " + ".join(cat.countries[k] for k in objective.countries)
        if planes is None:
            why = unmet(cat, s.taken[seat], plan, o)
            label = f"Objective {objective.id} ({countries}): not met" + (f" ({why})" if why else "")
            lines.append(ScoreLine("objectives", label, 0))
            continue
        bonus = sum(1 for c in planes if cat.cards[c].airline == objective.airline)
        label = (
            f"Objective {objective.id} ({countries}) with {', '.join(cat.cards[c].id for c in planes)}: "
            f"{objective.base} + {bonus} × {objective.bonus} ({cat.airlines[objective.airline]} airline)"
        )
        lines.append(ScoreLine("objectives", label, objective_points(cat, objective, planes)))
    left = sum(1 for d in s.departure[seat] if d is not None) + len(s.waiting[seat])
    if left:
        penalty = cat.limits.penalty_plane
        lines.append(
            ScoreLine("penalties", f"{plural(left, 'plane card')} left × −{penalty}", -penalty * left)
        )
    dice = len(s.airport[seat]) + sum(len(d.dice) for d in s.departure[seat] if d is not None)
    if dice:
        penalty = cat.limits.penalty_die
        lines.append(
            ScoreLine(
                "penalties", f"{dice} di{'ce' if dice != 1 else 'e'} left × −{penalty}", -penalty * dice
            )
        )
    return lines


def result(s: State) -> Result:
    """Scores and ranks: most points, then most planes taken off, else a shared victory."""
    sheets = [tuple(sheet(s, seat)) for seat in range(s.n)]
    keys = [(sum(line.points for line in lines), len(s.taken[seat])) for seat, lines in enumerate(sheets)]
    return Result(
        scores=tuple(k[0] for k in keys),
        ranks=rank_by(keys),
        breakdown=tuple(sheets),
        tiebreak=tuple(k[1:] for k in keys),
    )
