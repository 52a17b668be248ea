"""Skyrise: prestige gained, plus the end-of-game sheet as the city stands, plus bidding power left.

Projected score of a seat =

- the prestige it already holds (its ledger: Era 1 scoring, Wonder effects, the spare disc);
- island control and Panoramas as they stand, counted twice in Era 1 (they score at the end
  of both eras) — the game's own :mod:`~skyhall.games.skyrise.scoring` functions;
- the end-of-Era-2 lines as they stand (Structures × row values, excess discs, Patrons, Keys,
  Commissions; the sampled Secret Objective, partly when not yet met);
- what it has not built yet: a base worth per Structure (it will stand somewhere) and its
  bidding power, a share of each Building's bid value. So winning a district pays when the
  district and its disc are worth more than the Building spent on it: the price paid.

During an auction the Buildings out as bids count as still in their owners' pools, except
the leading bid, which counts as won: its owner gets what the district and its disc would
add to the Structures line (:func:`district_gain`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyhall.agents.heuristics import Memo, Search, final_scores
from skyhall.games.skyrise.bid import WONDER, owner
from skyhall.games.skyrise.cards import COLOURS, PATRON, WILD
from skyhall.games.skyrise.scoring import control_lines, final_total, objective_count, panorama_lines

if TYPE_CHECKING:
    from skyhall.games.skyrise.state import State

SCALE = 12.0
"""A typical winning margin, in points."""
SEARCH = Search(explore=0.7, depth=4)
"""ISMCTS here. Measured: Skyrise's wide auctions need the textbook exploration constant 0.7 (0.4 loses
more to ``greedy``), and random moves at a new leaf help."""
STRUCTURE = 2.0
"""Worth of a Structure not yet built (it will stand on some district)."""
POWER = 0.05
"""Worth of one point of bid value in a Building not yet built (the power to win an auction later)."""
OBJECTIVE_HOPE = 0.5
"""Share of the Secret Objective counted per Structure towards it, before it is met."""


def scores(s: State) -> tuple[float, ...]:
    """Each seat's projected final score."""
    if s.is_over:
        return final_scores(s)
    twice = 2 if s.era == 1 else 1
    control = control_lines(s, s.era)
    return tuple(
        seat_value(s, seat, twice * sum(line.points for line in control[seat])) for seat in range(s.n)
    )


def seat_value(s: State, seat: int, control: int) -> float:
    cat = s.cat
    points = float(sum(line.points for line in s.ledger[seat]) + control)
    twice = 2 if s.era == 1 else 1
    points += twice * panorama_points(s, seat)
    points += final_total(s, seat)
    have, need = objective_count(s, seat)
    if have < need:
        points += OBJECTIVE_HOPE * cat.objective_points * have / need
    buildings = [*s.pool[seat], *s.reserve[seat]]
    wonders = len(s.wonders[seat])
    for i, (d, code) in enumerate(s.bids):
        if owner(s, code) != seat:
            continue
        if i == len(s.bids) - 1:
            points += district_gain(s, seat, d)
        elif code < WONDER:
            buildings.append(code)
        else:
            wonders += 1
    points += POWER * sum(cat.buildings[b].value for b in buildings)
    return points + STRUCTURE * (len(buildings) + wonders)


_PANORAMAS: Memo[int] = Memo()


def panorama_points(s: State, seat: int) -> int:
    """Points ``seat``'s Structures make on the Panoramas in play, as they stand (an exact search)."""
    key = (id(s.cat), s.board.layout, s.panoramas, frozenset(s.built[seat]))
    return _PANORAMAS.get(
        key, lambda: sum(line.points for line in panorama_lines(s, seat, None, s.panoramas))
    )


def district_gain(s: State, seat: int, d: int) -> float:
    """About what a Structure on ``d`` and the disc lying there would add to ``seat``'s sheet."""
    cat = s.cat
    values = cat.row_values
    rows = list(s.rows[seat])
    count = [0] * len(COLOURS)
    for x in s.built[seat]:
        count[s.board.colour[x]] += 1

    def structures() -> int:
        return sum(n * values[r] for n, r in zip(count, rows, strict=True))

    before = structures()
    extra = 0.0
    disc = s.discs[d]
    if 0 <= disc < PATRON or disc == WILD:
        choices = range(len(COLOURS)) if disc == WILD else (disc,)
        colour = max(choices, key=lambda c: count[c] * (values[min(rows[c] + 1, 4)] - values[rows[c]]))
        if rows[colour] < len(values) - 1:
            rows[colour] += 1
        else:
            extra = cat.excess_value
    elif PATRON <= disc < WILD:
        tile = s.tiles[disc - PATRON]
        extra = tile if tile >= 0 else sum(cat.patron_values) / len(cat.patron_values)
    elif disc > WILD:  # Commissions: one more for every item on the illustration, itself included
        extra = 1.0 + sum(s.patrons[seat]) + len(s.keys[seat]) + s.excess[seat] + s.commissions[seat]
    count[s.board.colour[d]] += 1
    return structures() - before + extra
