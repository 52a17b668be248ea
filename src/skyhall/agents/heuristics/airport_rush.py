"""Airport Rush: planes taken off and objectives met, plus the planes on the way, minus what would be left.

Projected score of a seat =

- the value of its planes taken off and its objectives as they stand (the game's own
  :func:`~skyhall.games.airport_rush.scoring.best_assignment`);
- each Departure plane's value times its chance to take off: near certain when ready, better
  the more slots are filled while the exact total can still be met, poor when it cannot;
- part of the objectives its Departure and Waiting planes would complete, shrinking as the
  end nears;
- the end-game penalties it would pay (planes not taken off, dice on them and at the
  Airport), weighted by how near the end is: early on they are mostly work in progress.

"Near the end" is the most planes one seat has taken off over the number that ends the
game, or the last round once the end is triggered.

A seat's value depends only on its own tuples (planes taken off, objectives, Departure,
Waiting, Airport) and on how near the end is. Search asks for it again and again with the
very same tuples (the rival's do not change during a turn, and clones share them), so it is
remembered by their identity (:class:`~skyhall.core.memo.ByIdentity`).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from skyhall.agents.heuristics import Memo, Search, final_scores
from skyhall.core.memo import ByIdentity
from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.cards import Catalog
from skyhall.games.airport_rush.plane import Docked, open_slots, reach, ready
from skyhall.games.airport_rush.scoring import best_assignment

if TYPE_CHECKING:
    from skyhall.games.airport_rush.state import State

SCALE = 10.0
"""A typical winning margin, in points."""
SEARCH = Search(explore=0.2, depth=0, follow=4, own_turn=True)
"""ISMCTS here. Measured:

- a good move is worth a few hundredths of a win chance, and exploration 0.7 spread the visits almost
  evenly;
- random moves only add noise to the long turns (``depth=0``);
- a turn is a chain of 5-15 small decisions, and completing 4 of them at a new leaf instead of 2 won 14
  of 18 games against ``greedy`` where 2 won 10 of the same 18 deals (``bench/strength.py`` deals, seats
  swapped; 6 games better, 2 worse);
- the rival's turn, grown into the tree, costs time and adds noise (its dice and decisions differ from
  one determinization to the next, and its nodes are shared by all of them): planning the own turn only
  won 20.5 of 34 games against ``greedy`` where growing the tree on won 21 of the same deals (seeds 11
  and 12, seats swapped), in about a third of the time per decision, which the time-budgeted ``hard``
  spends on more iterations."""
READY = 0.95
"""Chance that a ready plane takes off."""
STUCK = 0.03
"""Chance for a plane whose exact total can no longer be met by dice fitting its open slots."""
WAITING = 0.15
"""Chance (early in the game) that a Waiting plane reaches Departure and takes off."""
OBJECTIVE_HOPE = 0.5
"""Share (early in the game) of the objective points the planes on the way would add."""
EARLY_PENALTY = 0.25
"""Weight of the end-game penalties at the start; it grows to one by the end."""


_SEATS: ByIdentity[float] = ByIdentity(1 << 14)
"""Each seat's :func:`seat_value`, by the identity of all it reads (see the module doc)."""


def scores(s: State) -> tuple[float, ...]:
    """Each seat's projected final score."""
    if s.is_over:
        return final_scores(s)
    step = end_step(s)
    late = step / s.cat.limits.takeoffs_to_end
    return tuple(
        _SEATS(
            (s.cat, step, s.taken[p], s.objectives[p], s.departure[p], s.waiting[p], s.airport[p]),
            partial(seat_value, s, p, late),
        )
        for p in range(s.n)
    )


def end_step(s: State) -> int:
    """How near the end is, in planes taken off: the most one seat has, or the number that ends the
    game once the end is triggered (``late``, from 0 to 1, is this over that number)."""
    end = s.cat.limits.takeoffs_to_end
    return end if s.last_turn >= 0 else min(end, max(map(len, s.taken)))


_PROGRESS: Memo[float] = Memo()
_OBJECTIVES: Memo[int] = Memo()


def take_off_chance(s: State, docked: Docked, late: float) -> float:
    """How likely the plane on a Departure space is to take off before the end."""
    chance = _PROGRESS.get((id(s.cat), docked), lambda: progress(s.cat, docked))
    return chance if chance in (READY, STUCK) else chance * (1.0 - 0.5 * late)


def progress(cat: Catalog, docked: Docked) -> float:
    """:data:`READY`, :data:`STUCK`, or the early-game chance of a plane by the share of slots filled."""
    card = cat.cards[docked.card]
    if ready(card.slots, card.value, docked.dice):
        return READY
    need = card.value - sum(die.value(d) for d in docked.dice)
    if not any(lo <= need <= hi for lo, hi in map(reach, open_slots(card.slots, docked.dice))):
        return STUCK
    return 0.25 + 0.6 * len(docked.dice) / len(card.slots)


def objective_points(cat: Catalog, planes: tuple[int, ...], objectives: tuple[int, ...]) -> int:
    """The best objective total ``planes`` make (the game's exact assignment, remembered)."""
    return _OBJECTIVES.get((id(cat), planes, objectives), lambda: best_assignment(cat, planes, objectives)[0])


def seat_value(s: State, seat: int, late: float) -> float:
    cat = s.cat
    lim = cat.limits
    weight = EARLY_PENALTY + (1.0 - EARLY_PENALTY) * late
    taken = s.taken[seat]
    points = float(sum(cat.cards[c].value for c in taken))
    met = objective_points(cat, taken, s.objectives[seat])
    points += met
    docked = [d for d in s.departure[seat] if d is not None]
    on_way = (*taken, *(d.card for d in docked), *s.waiting[seat])
    if len(on_way) > len(taken):
        hoped = objective_points(cat, on_way, s.objectives[seat])
        points += (hoped - met) * OBJECTIVE_HOPE * (1.0 - late)
    for d in docked:
        chance = take_off_chance(s, d, late)
        points += chance * cat.cards[d.card].value
        points -= (1.0 - chance) * weight * (lim.penalty_plane + lim.penalty_die * len(d.dice))
    for c in s.waiting[seat]:
        chance = WAITING * (1.0 - late)
        points += chance * cat.cards[c].value - (1.0 - chance) * weight * lim.penalty_plane
    return points - weight * lim.penalty_die * len(s.airport[seat])
