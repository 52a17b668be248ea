"""The islands in play as a graph of districts: colours, islands, adjacency, bridges and features.

The full board has the Central Island and four Outer Island slots (N, E, S, W);
district indices cover all of it (``catalog.sites``), so actions and views keep the
same numbering whatever the layout. A *layout* says which Outer Island tile lies in
each slot (``-1``: the slot is empty with fewer than four players). :func:`board_for`
turns a layout into an immutable :class:`Board`, built once per layout and shared by
every state that uses it.
"""

from __future__ import annotations

from dataclasses import dataclass

from skyhall.core.state import EMPTY
from skyhall.games.skyrise.cards import Catalog

Layout = tuple[int, ...]
"""Tile index in each slot, ``EMPTY`` for a slot without an island."""


@dataclass(frozen=True, slots=True)
class Board:
    """Everything about the districts in play that never changes during a game."""

    layout: Layout
    in_play: tuple[int, ...]
    """District indices in play, in board order."""
    live: tuple[bool, ...]
    """Per district of the full board: is it in play?"""
    colour: tuple[int, ...]
    """Per district: its colour, ``EMPTY`` when not in play."""
    island: tuple[int, ...]
    """Per district: 0 Central, ``1 + slot`` Outer."""
    islands: tuple[tuple[int, tuple[int, ...]], ...]
    """``(island, districts)`` for every island in play, the Central Island first."""
    adjacent: tuple[tuple[int, ...], ...]
    """Per district: the districts in play that share an edge or a bridge with it."""
    bridges: tuple[tuple[int, int], ...]
    """``(central district, outer district)`` for every bridge with an island at both ends."""
    bridge_end: tuple[bool, ...]
    waterfall: tuple[bool, ...]
    airships: tuple[tuple[int, ...], ...]
    """The districts meeting at each airship in play."""
    central: tuple[bool, ...]


def board_for(cat: Catalog, layout: Layout) -> Board:
    """The :class:`Board` of ``layout`` (cached on the catalog)."""
    found = cat.boards.get(layout)
    if found is None:
        found = cat.boards[layout] = _build(cat, layout)
    return found


def _build(cat: Catalog, layout: Layout) -> Board:
    size = len(cat.sites)
    cells = len(cat.tiles[0])
    live = [False] * size
    colour = [EMPTY] * size
    island = [site.island for site in cat.sites]
    links: list[set[int]] = [set() for _ in range(size)]
    central = [site.island == 0 for site in cat.sites]
    waterfall = [False] * size
    bridge_end = [False] * size
    bridges: list[tuple[int, int]] = []
    airships: list[tuple[int, ...]] = []
    centre = [site.index for site in cat.sites if site.island == 0]
    for i, d in enumerate(centre):
        live[d] = True
        colour[d] = cat.central_colours[i]
    for a in centre:
        for b in centre:
            sa, sb = cat.sites[a], cat.sites[b]
            if abs(sa.row - sb.row) + abs(sa.col - sb.col) == 1:
                links[a].add(b)
    islands: list[tuple[int, tuple[int, ...]]] = [(0, tuple(centre))]
    for slot, tile in enumerate(layout):
        if tile == EMPTY:
            continue
        base = len(centre) + slot * cells
        districts = tuple(range(base, base + cells))
        islands.append((1 + slot, districts))
        for cell, d in enumerate(districts):
            live[d] = True
            colour[d] = cat.tiles[tile][cell]
        for a, b in cat.template_edges:
            links[base + a].add(base + b)
            links[base + b].add(base + a)
        for cell in cat.template_waterfalls:
            waterfall[base + cell] = True
        airships.extend(tuple(base + cell for cell in group) for group in cat.template_airships)
        inner = centre[cat.central_bridges[slot]]
        outer = base + cat.template_bridge
        links[inner].add(outer)
        links[outer].add(inner)
        bridges.append((inner, outer))
        bridge_end[inner] = bridge_end[outer] = True
    return Board(
        layout=layout,
        in_play=tuple(d for d in range(size) if live[d]),
        live=tuple(live),
        colour=tuple(colour),
        island=tuple(island),
        islands=tuple(islands),
        adjacent=tuple(tuple(sorted(x)) for x in links),
        bridges=tuple(bridges),
        bridge_end=tuple(bridge_end),
        waterfall=tuple(waterfall),
        airships=tuple(airships),
        central=tuple(central),
    )
