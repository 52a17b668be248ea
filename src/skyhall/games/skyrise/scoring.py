"""Island control, Panorama cards, the end-of-game score sheet and the tie-break.

Prestige is earned during play (island control and Panoramas at the end of Era 1,
Wonder effects) and at the end; every gain is a :class:`~skyhall.core.result.ScoreLine`
in the state's ledger, so the final :class:`~skyhall.core.result.Result` is the sum of
the ledger with a category for each kind of gain.

With 2 players the second Wonder's prestige waits on the spare scoring disc (SKR-WON-07):
its lines are of the ``wonder`` category and their label ends with :data:`SPARE`, the
end-of-game points its lasting effect makes (cards 6, 10 and 16) included, so that no
point from the spare disc hides under Island control, Structures or Commissions.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from skyhall.core.result import Result, ScoreLine, rank_by
from skyhall.core.state import EMPTY
from skyhall.core.text import plural
from skyhall.games.skyrise.bid import WONDER
from skyhall.games.skyrise.cards import COLOURS, TALL, Panorama
from skyhall.games.skyrise.district import Board

if TYPE_CHECKING:
    from skyhall.games.skyrise.state import State


SPARE = " (spare scoring disc)"
"""How the label of a line whose points go on the spare scoring disc ends (see :func:`on_spare`)."""


def spare_card(s: State, seat: int) -> int:
    """The Wonder card whose prestige goes on ``seat``'s spare scoring disc: with 2 players, the card
    kept second, carried by the spare colour's Wonder (SKR-WON-07); else ``EMPTY``."""
    chosen = s.chosen[seat]
    return chosen[1] if s.n == 2 and len(chosen) == 2 else EMPTY


def spare_wonder(s: State, seat: int, effect: str) -> int:
    """The district of ``seat``'s built spare-disc Wonder when its card has ``effect``, else ``EMPTY``."""
    card = spare_card(s, seat)
    if card == EMPTY or s.cat.wonders[card].effect != effect:
        return EMPTY
    return next((d for d in s.built[seat] if card_of(s, d) == card), EMPTY)


def on_spare(line: ScoreLine) -> bool:
    """Whether ``line``'s points go on the spare scoring disc rather than the Prestige track."""
    return line.label.endswith(SPARE)


def wonder_title(s: State, card: int) -> str:
    """``Wonder 10 Guild House``: how a score-sheet line names a Wonder card."""
    wonder = s.cat.wonders[card]
    return f"Wonder {wonder.number} {wonder.name}"


def island_name(s: State, island: int) -> str:
    if island == 0:
        return "the Central Island"
    return f"the {s.cat.slot_names[island - 1]} Island"


def card_of(s: State, d: int) -> int:
    """The Wonder card of the Wonder on ``d`` (``EMPTY`` when no Wonder stands there)."""
    code = s.occupant[d]
    return code - WONDER if code >= WONDER else EMPTY


def effect_at(s: State, d: int) -> str:
    card = card_of(s, d)
    return s.cat.wonders[card].effect if card != EMPTY else ""


def heights(s: State, seat: int, districts: Iterable[int], skip: int = EMPTY) -> tuple[int, int, int]:
    """``(tall, medium, short)`` Buildings of ``seat`` among ``districts`` for island control.

    A Wonder whose card says so (card 6) counts as a tall Building, unless it stands on ``skip``.
    """
    mine = set(s.built[seat])
    count = [0, 0, 0]
    for d in districts:
        if d not in mine:
            continue
        code = s.occupant[d]
        if code < WONDER:
            count[s.cat.buildings[code].height] += 1
        elif s.cat.wonders[code - WONDER].effect == "tall_for_control" and d != skip:
            count[TALL] += 1
    return count[2], count[1], count[0]


def controllers(s: State, districts: Iterable[int], skip: int = EMPTY) -> list[int]:
    """Seats controlling the island made of ``districts``: most tall, then medium, then short.

    Only a seat with a Building there can control it; unbreakable ties all control. A card-6
    Wonder on ``skip`` is left out (what control would be without it).
    """
    districts = tuple(districts)
    keys = {seat: heights(s, seat, districts, skip) for seat in range(s.n)}
    keys = {seat: key for seat, key in keys.items() if sum(key) > 0}
    if not keys:
        return []
    best = max(keys.values())
    return [seat for seat, key in keys.items() if key == best]


def control_lines(s: State, era: int) -> list[list[ScoreLine]]:
    """Each seat's island-control lines; control that only the spare disc's card-6 Wonder (counted
    tall) gives is that Wonder's line, on the spare disc."""
    lines: list[list[ScoreLine]] = [[] for _ in range(s.n)]
    for island, districts in s.board.islands:
        for seat in controllers(s, districts):
            label = f"Era {era}: controls {island_name(s, island)}"
            tall = spare_wonder(s, seat, "tall_for_control")
            if tall in districts and seat not in controllers(s, districts, skip=tall):
                title = wonder_title(s, card_of(s, tall))
                line = ScoreLine(
                    "wonder", f"{title}: {label}, counted as a tall Building{SPARE}", s.cat.control_points
                )
            else:
                line = ScoreLine("control", label, s.cat.control_points)
            lines[seat].append(line)
    return lines


def panorama_count(board: Board, mine: frozenset[int], card: Panorama) -> int:
    """How many separate instances of ``card``'s pattern the Structures on ``mine`` make.

    Within one card each Structure is used at most once, and the count is the largest possible.
    """
    if card.kind == "bridge":
        return sum(1 for a, b in board.bridges if a in mine and b in mine)
    if card.kind == "waterfall":
        return sum(1 for d in mine if board.waterfall[d])
    if card.kind == "island":
        return sum(1 for _, districts in board.islands if len(mine.intersection(districts)) >= card.size)
    if card.kind == "airship":
        groups = tuple(frozenset(mine.intersection(g)) for g in board.airships)
        return _disjoint_groups(tuple(g for g in groups if len(g) >= card.size), card.size)
    return _chains(board, mine, card.size)


def _disjoint_groups(groups: tuple[frozenset[int], ...], size: int) -> int:
    """Most groups that can each get ``size`` of their own districts, none shared."""
    from itertools import combinations

    def best(i: int, used: frozenset[int]) -> int:
        if i == len(groups):
            return 0
        top = best(i + 1, used)
        free = sorted(groups[i] - used)
        for pick in combinations(free, size):
            top = max(top, 1 + best(i + 1, used | frozenset(pick)))
            if top == len(groups) - i:
                break
        return top

    return best(0, frozenset())


def _chains(board: Board, mine: frozenset[int], size: int) -> int:
    """Most vertex-disjoint chains of ``size`` Structures, each linked to the next by adjacency."""
    adjacent = board.adjacent

    @cache
    def best(left: frozenset[int]) -> int:
        if len(left) < size:
            return 0
        v = min(left)
        top = best(left - {v})
        for path in _paths_through(v, left):
            top = max(top, 1 + best(left - path))
        return top

    def _paths_through(v: int, left: frozenset[int]) -> set[frozenset[int]]:
        found: set[frozenset[int]] = set()

        def walk(path: list[int]) -> None:
            if len(path) == size:
                if v in path:
                    found.add(frozenset(path))
                return
            for x in adjacent[path[-1]]:
                if x in left and x not in path:
                    path.append(x)
                    walk(path)
                    path.pop()

        # A chain through v starts within size - 1 steps of it.
        near = {v}
        frontier = {v}
        for _ in range(size - 1):
            frontier = {x for d in frontier for x in adjacent[d] if x in left} - near
            near |= frontier
        for start in near:
            walk([start])
        return found

    return best(mine)


def panorama_lines(s: State, seat: int, era: int | None, cards: Iterable[int]) -> list[ScoreLine]:
    mine = frozenset(s.built[seat])
    out = []
    for p in cards:
        card = s.cat.panoramas[p]
        times = panorama_count(s.board, mine, card)
        if times:
            when = f"Era {era}: " if era is not None else ""
            out.append(ScoreLine("panorama", f"{when}{card.name} × {times}", times * card.points))
    return out


def row_value(s: State, seat: int, colour: int) -> int:
    return s.cat.row_values[s.rows[seat][colour]]


def best_colour(s: State, seat: int) -> int:
    """The colour whose row is worth most to ``seat`` (the first in row order on a tie)."""
    values = [row_value(s, seat, c) for c in range(len(COLOURS))]
    return values.index(max(values))


def tall_buildings(s: State, seat: int) -> int:
    return sum(
        1 for d in s.built[seat] if s.occupant[d] < WONDER and s.cat.buildings[s.occupant[d]].height == TALL
    )


def commission_wonders(s: State, seat: int) -> list[str]:
    """The names of ``seat``'s built Wonders that count as a Commissions disc (card 10)."""
    return [s.cat.wonders[card_of(s, d)].name for d in s.built[seat] if effect_at(s, d) == "extra_commission"]


def illustration_items(s: State, seat: int) -> int:
    """Patron discs, City Keys, excess District discs and Commissions discs on the illustration."""
    return sum(s.patrons[seat]) + len(s.keys[seat]) + s.excess[seat] + s.commissions[seat]


def objective_count(s: State, seat: int) -> tuple[int, int]:
    """``seat``'s Structures on its Secret Objective's colour, and how many the objective needs."""
    objective = s.cat.objectives[s.objectives[seat]]
    have = sum(1 for d in s.built[seat] if s.board.colour[d] == objective.colour)
    return have, objective.needed(s.n)


def structures_by_colour(s: State, seat: int) -> list[int]:
    """``seat``'s Structures per row they score on (a "best colour" Wonder's on the best row)."""
    per_colour = [0] * len(COLOURS)
    for d in s.built[seat]:
        colour = best_colour(s, seat) if effect_at(s, d) == "best_colour" else s.board.colour[d]
        per_colour[colour] += 1
    return per_colour


def final_lines(s: State, seat: int) -> list[ScoreLine]:
    """The end-of-Era-2 steps after island control and Panoramas, for one seat."""
    cat = s.cat
    out: list[ScoreLine] = []
    objective = cat.objectives[s.objectives[seat]]
    have, need = objective_count(s, seat)
    met = have >= need
    on = COLOURS[objective.colour]
    label = f"Secret objective {objective.id}: {plural(have, 'Structure')} on {on}, {need} needed"
    out.append(
        ScoreLine("objective", label + ("" if met else " (not met)"), cat.objective_points if met else 0)
    )
    per_colour = structures_by_colour(s, seat)
    best = spare_wonder(s, seat, "best_colour")
    if best != EMPTY:  # scored on its own colour here, the card's gain on the spare disc below
        per_colour[best_colour(s, seat)] -= 1
        per_colour[s.board.colour[best]] += 1
    moved = [  # a card-16 Wonder counted on the best row, not its own: said on that row's line
        f", {wonder_title(s, card_of(s, d))} from {COLOURS[s.board.colour[d]]}"
        for d in s.built[seat]
        if d != best and effect_at(s, d) == "best_colour" and s.board.colour[d] != best_colour(s, seat)
    ]
    for colour, count in enumerate(per_colour):
        if count:
            worth = row_value(s, seat, colour)
            discs = s.rows[seat][colour]
            label = f"{plural(count, 'Structure')} on {COLOURS[colour]} × {worth} ({plural(discs, 'disc')}"
            label += "".join(moved) if colour == best_colour(s, seat) else ""
            out.append(ScoreLine("structures", label + ")", count * worth))
    if best != EMPTY:
        out.append(_best_colour_gain(s, seat, best))
    if s.excess[seat]:
        label = f"{plural(s.excess[seat], 'excess district disc')} × {cat.excess_value}"
        out.append(ScoreLine("excess", label, s.excess[seat] * cat.excess_value))
    for letter, count in enumerate(s.patrons[seat]):
        if count:
            tile = s.tiles[letter]
            out.append(ScoreLine("patrons", f"Patron {cat.letters[letter]}: {count} × {tile}", count * tile))
    names = {cat.large_key: "Large", cat.small_key: "Small"}
    for key in s.keys[seat]:
        out.append(ScoreLine("keys", f"{names.get(key, '')} City Key".strip(), key))
    discs, wonders, items = s.commissions[seat], commission_wonders(s, seat), illustration_items(s, seat)
    spare = spare_card(s, seat) if spare_wonder(s, seat, "extra_commission") != EMPTY else EMPTY
    if spare != EMPTY:  # its share is its own line, on the spare disc
        wonders.remove(s.cat.wonders[spare].name)
    if discs or wonders:  # each Commissions disc, and each such Wonder, scores every illustration item
        bonus = discs + len(wonders)
        sources = " + ".join(([plural(discs, "disc")] if discs else []) + wonders)
        label = f"Commissions ({sources}): {bonus} × {plural(items, 'illustration item')}"
        out.append(ScoreLine("commissions", label, bonus * items))
    if spare != EMPTY:
        label = f"{wonder_title(s, spare)}: an extra Commissions, 1 × {plural(items, 'illustration item')}"
        out.append(ScoreLine("wonder", label + SPARE, items))
    return out


def _best_colour_gain(s: State, seat: int, d: int) -> ScoreLine:
    """What the spare disc's card-16 Wonder on ``d`` gains by scoring on the best row, not its own."""
    own, best = s.board.colour[d], best_colour(s, seat)
    was, worth = row_value(s, seat, own), row_value(s, seat, best)
    title = wonder_title(s, card_of(s, d))
    if worth == was:
        why = f"its own {COLOURS[own]} row (× {was}) is already worth the most"
    else:
        why = f"scores on {COLOURS[best]} × {worth}, not its own {COLOURS[own]} × {was}"
    return ScoreLine("wonder", f"{title}: {why}{SPARE}", worth - was)


def final_total(s: State, seat: int) -> int:
    """What :func:`final_lines` add up to, without writing them (search agents ask often)."""
    cat = s.cat
    have, need = objective_count(s, seat)
    total = cat.objective_points if have >= need else 0
    total += sum(
        count * row_value(s, seat, colour) for colour, count in enumerate(structures_by_colour(s, seat))
    )
    total += s.excess[seat] * cat.excess_value
    total += sum(count * s.tiles[letter] for letter, count in enumerate(s.patrons[seat]) if count)
    total += sum(s.keys[seat])
    return total + (s.commissions[seat] + len(commission_wonders(s, seat))) * illustration_items(s, seat)


def result(s: State) -> Result:
    """Scores (the ledger; complete once the game is over), ranks and the tie-break: most tall Buildings."""
    keys = [(sum(line.points for line in s.ledger[seat]), tall_buildings(s, seat)) for seat in range(s.n)]
    return Result(
        scores=tuple(k[0] for k in keys),
        ranks=rank_by(keys),
        breakdown=tuple(s.ledger),
        tiebreak=tuple(k[1:] for k in keys),
    )
