"""Skyrise's components, loaded from the TOML files in ``data/`` and validated.

Every component the engine stores is a dense integer: Buildings ``0..47`` (seat
``k`` owns set ``k``), Wonder cards ``0..19`` (card number minus one), districts
``0..59`` over the whole board of four slots (see :mod:`.district`), discs by the
codes below. States hold integers and tuples only, so they stay cheap to copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

from skyhall.core.data import Entry, Reader, entries, load_toml
from skyhall.core.errors import DataError

COLOURS = ("yellow", "green", "white", "brown")
"""District colours (and District-disc colours), in row order on a player board."""
HEIGHTS = ("short", "medium", "tall")
SHORT, MEDIUM, TALL = range(3)

# Disc codes: a District disc is its colour (0..3); then the Patron letters, the Wild, the Commissions.
PATRON = 4
"""Patron disc of letter ``k`` is ``PATRON + k``."""
WILD = 8
COMMISSIONS = 9

EFFECTS = (
    "per_own_on_island",
    "take_adjacent_disc",
    "per_patron",
    "per_adjacent_colour",
    "peek_patrons",
    "tall_for_control",
    "per_own_adjacent",
    "score_panorama",
    "control_bonus",
    "extra_commission",
    "move_disc",
    "per_unoccupied_adjacent",
    "central_bonus",
    "fullest_row",
    "first_on_island",
    "best_colour",
    "per_bridge_end",
    "outbid",
    "take_special",
    "per_own_tall",
)
"""Every Wonder effect kind the engine implements (``rules`` and ``wonder`` carry them out)."""
PANORAMA_KINDS = ("bridge", "airship", "chain", "waterfall", "island")


def disc_word(cat: Catalog, code: int) -> str:
    """What disc ``code`` is, in lower case: a colour (``"white"``), ``"patron B"``, ``"wild"`` or
    ``"commissions"`` (the view's, the log's and the table's names all start from it)."""
    if code < PATRON:
        return COLOURS[code]
    if code < WILD:
        return f"patron {cat.letters[code - PATRON]}"
    return "wild" if code == WILD else "commissions"


DATA_PACKAGE = "skyhall.games.skyrise"


@dataclass(frozen=True, slots=True)
class Building:
    index: int
    owner: int
    """The seat whose set it belongs to (seat ``k`` plays set ``k``)."""
    value: int
    height: int
    era: int

    def describe(self) -> str:
        return f"{HEIGHTS[self.height]} {self.value}"


@dataclass(frozen=True, slots=True)
class WonderCard:
    index: int
    number: int
    name: str
    initiative: int
    effect: str
    points: int
    text: str

    def describe(self) -> str:
        return f"Wonder card {self.number} {self.name}"


@dataclass(frozen=True, slots=True)
class Panorama:
    index: int
    id: str
    name: str
    kind: str
    points: int
    size: int

    def describe(self) -> str:
        """``"Avenue: 4 for each chain of 3 of your Structures"``."""
        what = {
            "bridge": "bridge with your Structures at both ends",
            "airship": f"airship touched by {self.size} of your Structures",
            "chain": f"chain of {self.size} of your Structures",
            "waterfall": "Structure of yours on a waterfall",
            "island": f"island with {self.size} of your Structures",
        }[self.kind]
        return f"{self.name}: {self.points} for each {what}"


@dataclass(frozen=True, slots=True)
class Objective:
    index: int
    id: str
    colour: int
    side_a: int
    side_b: int

    def needed(self, players: int) -> int:
        """Side A with 3-4 players, side B with 2."""
        return self.side_b if players == 2 else self.side_a


@dataclass(frozen=True, slots=True)
class Site:
    """One district of the full board (all four slots), before a layout gives it a colour."""

    index: int
    id: str
    island: int
    """0 for the Central Island, ``1 + slot`` for an Outer Island slot."""
    row: int
    col: int
    cell: int
    """Central: 0..3; Outer: the template cell 0..13."""


@dataclass(frozen=True, slots=True)
class Catalog:
    """All of Skyrise's static data, validated."""

    buildings: tuple[Building, ...]
    by_value: dict[int, int]
    sets: tuple[tuple[int, ...], ...]
    """Building indices of each seat's set, ascending by value."""
    wonders: tuple[WonderCard, ...]
    panoramas: tuple[Panorama, ...]
    objectives: tuple[Objective, ...]
    sites: tuple[Site, ...]
    district_index: dict[str, int]
    slots: tuple[str, ...]
    slot_names: tuple[str, ...]
    central_colours: tuple[int, ...]
    central_bridges: tuple[int, ...]
    """For each slot, the Central district bridged to it."""
    template_edges: tuple[tuple[int, int], ...]
    template_bridge: int
    template_waterfalls: tuple[int, ...]
    template_airships: tuple[tuple[int, ...], ...]
    tiles: tuple[tuple[int, ...], ...]
    """Outer Island tiles: the colour of each template cell."""
    tile_ids: tuple[str, ...]
    discs: tuple[int, int, int, int]
    """Full set: District discs per colour, Patron discs per letter, Wilds, Commissions."""
    removals: dict[int, tuple[int, int, int, int]]
    """Per player count: District discs per colour, Patron per letter, Wilds, Commissions removed."""
    letters: tuple[str, ...]
    patron_values: tuple[int, ...]
    row_values: tuple[int, ...]
    excess_value: int
    large_key: int
    small_key: int
    small_key_from: int
    wonders_dealt: int
    wonders_dealt_two: int
    objective_points: int
    panoramas_drawn: int
    control_points: int
    reconstructed: bool
    boards: dict[tuple[int, ...], Any] = field(default_factory=dict, compare=False, hash=False)
    """Cache of :class:`~skyhall.games.skyrise.district.Board` per layout."""

    @property
    def central(self) -> tuple[int, ...]:
        return tuple(site.index for site in self.sites if site.island == 0)


@cache
def load() -> Catalog:
    """The packaged data, read and validated once."""
    return build_catalog(partial(load_toml, DATA_PACKAGE))


def build_catalog(read: Reader) -> Catalog:
    """Validate the data files obtained through ``read(name) -> (display path, document)``."""
    board_file, board = read("board.toml")
    buildings_file, buildings = read("buildings.toml")
    parts_file, parts = read("components.toml")
    wonders_file, wonders_doc = read("wonders.toml")
    cards_file, cards = read("cards.toml")
    flags = [
        Entry(f, "(top level)", {"reconstructed": d.get("reconstructed")}).flag("reconstructed")
        for f, d in (
            (board_file, board),
            (buildings_file, buildings),
            (parts_file, parts),
            (wonders_file, wonders_doc),
            (cards_file, cards),
        )
    ]

    # -- buildings
    bands = []
    for entry in entries(buildings_file, buildings, "band"):
        bands.append((HEIGHTS.index(entry.text("height", HEIGHTS)), entry.integer("era", 1, 2)))
        entry.done()
    if len(bands) != 12:
        raise DataError(buildings_file, "[[band]]", "(array)", f"12 bands, found {len(bands)}")
    building_list: list[Building] = []
    sets: list[tuple[int, ...]] = []
    set_ids: list[str] = []
    for owner, entry in enumerate(entries(buildings_file, buildings, "set")):
        set_ids.append(entry.text("id"))
        values = entry.integers("values", 1, 10 * len(bands))
        if len(values) != len(bands):
            raise entry.fail("values", f"{len(bands)} bid values, one per band")
        for band, value in enumerate(values):
            if not 10 * band < value <= 10 * band + 10:
                raise entry.fail(
                    "values", f"band {band} to hold a value in {10 * band + 1}..{10 * band + 10}"
                )
        entry.done()
        first = len(building_list)
        for band, value in enumerate(values):
            height, era = bands[band]
            building_list.append(Building(len(building_list), owner, value, height, era))
        sets.append(tuple(range(first, len(building_list))))
    by_value: dict[int, int] = {}
    for b in building_list:
        if b.value in by_value:
            holder = set_ids[building_list[by_value[b.value]].owner]
            raise DataError(
                buildings_file,
                set_ids[b.owner],
                "values",
                f"unique bid values, {b.value} is also in set {holder}",
            )
        by_value[b.value] = b.index
    if len(sets) != 4:
        raise DataError(buildings_file, "[[set]]", "(array)", f"4 player sets, found {len(sets)}")

    # -- board
    slot_entries = list(entries(board_file, board, "slot"))
    slots = tuple(e.text("id") for e in slot_entries)
    slot_names = tuple(e.text("name") for e in slot_entries)
    for e in slot_entries:
        e.done()
    central = Entry(board_file, "central", board.get("central"))
    central.text("id")
    central.text("name")
    central.done()
    sites: list[Site] = []
    central_colours: list[int] = []
    bridges = [-1] * len(slots)
    for i, cell in enumerate(entries(board_file, board, "cell")):
        sites.append(Site(len(sites), cell.text("id"), 0, cell.integer("row", 0), cell.integer("col", 0), i))
        central_colours.append(COLOURS.index(cell.text("colour", COLOURS)))
        slot = cell.text("bridge", slots)
        if bridges[slots.index(slot)] != -1:
            raise cell.fail("bridge", f"one Central district per slot, {slot} is bridged twice")
        bridges[slots.index(slot)] = i
        cell.done()
    if -1 in bridges:
        raise DataError(board_file, "central", "cell", "a bridge to every slot")

    template = Entry(board_file, "template", board.get("template"))
    letters = template.texts("letters")
    rows = template.integers("rows", 0)
    cols = template.integers("cols", 0)
    if len(set(letters)) != len(letters) or not len(letters) == len(rows) == len(cols):
        raise template.fail("letters", "unique letters, with one row and one column each")
    if len(set(zip(rows, cols, strict=True))) != len(letters):
        raise template.fail("rows", "every cell at its own row and column")
    bridge = letters.index(template.text("bridge", letters))
    waterfalls = tuple(letters.index(x) for x in template.texts("waterfalls", letters))
    airship_cells = []
    for entry in entries(board_file, board, "airship"):
        airship_cells.append(tuple(letters.index(x) for x in entry.texts("cells", letters)))
        entry.done()
    airships = tuple(airship_cells)
    template.done()
    cell_at = {(r, c): i for i, (r, c) in enumerate(zip(rows, cols, strict=True))}
    edges = tuple(
        (i, cell_at[(r + dr, c + dc)])
        for i, (r, c) in enumerate(zip(rows, cols, strict=True))
        for dr, dc in ((0, 1), (1, 0))
        if (r + dr, c + dc) in cell_at
    )
    for slot_index, slot in enumerate(slots):
        for i, letter in enumerate(letters):
            sites.append(Site(len(sites), f"{slot}{letter}", 1 + slot_index, rows[i], cols[i], i))

    tiles: list[tuple[int, ...]] = []
    tile_ids: list[str] = []
    for entry in entries(board_file, board, "island"):
        tile_ids.append(entry.text("id"))
        colours = entry.texts("colours", COLOURS)
        if len(colours) != len(letters):
            raise entry.fail("colours", f"{len(letters)} colours, one per template letter")
        tiles.append(tuple(COLOURS.index(c) for c in colours))
        entry.done()
    if len(tiles) != len(slots):
        raise DataError(board_file, "[[island]]", "(array)", f"{len(slots)} Outer Islands, one per slot")
    district_index = {site.id: site.index for site in sites}
    if len(district_index) != len(sites):
        raise DataError(board_file, "central", "cell", "district ids that differ from every other")

    # -- components
    discs = Entry(parts_file, "discs", parts.get("discs"))
    full = (
        discs.integer("district", 0),
        discs.integer("patron", 0),
        discs.integer("wild", 0),
        discs.integer("commissions", 0),
    )
    discs.done()
    removals: dict[int, tuple[int, int, int, int]] = {}
    for entry in entries(parts_file, parts, "removal"):
        players = entry.integer("players", 2, 4)
        removed = (
            entry.integer("district", 0, full[0]),
            entry.integer("patron", 0, full[1]),
            entry.integer("wild", 0, full[2]),
            entry.integer("commissions", 0, full[3]),
        )
        entry.done()
        left = 4 * (full[0] - removed[0]) + 4 * (full[1] - removed[1]) + full[2] - removed[2]
        left += full[3] - removed[3]
        in_play = len(central_colours) + players * len(letters)
        if left != in_play:
            raise entry.fail("district", f"{in_play} discs left for {in_play} districts, found {left}")
        removals[players] = removed
    if sorted(removals) != [2, 3, 4]:
        raise DataError(parts_file, "[[removal]]", "players", "one removal entry for each of 2, 3 and 4")
    patrons = Entry(parts_file, "patrons", parts.get("patrons"))
    patron_letters = tuple(patrons.texts("letters"))
    patron_values = tuple(patrons.integers("values", 0))
    if len(patron_letters) != 4 or len(patron_values) != 4:
        raise patrons.fail("values", "four letters and four tile values")
    patrons.done()
    player_board = Entry(parts_file, "board", parts.get("board"))
    row_values = tuple(player_board.integers("row", 0))
    if len(row_values) != 5:
        raise player_board.fail("row", "5 values, for 0 to 4 discs")
    excess = player_board.integer("excess", 0)
    player_board.done()
    keys = Entry(parts_file, "keys", parts.get("keys"))
    large, small, small_from = (
        keys.integer("large", 0),
        keys.integer("small", 0),
        keys.integer("small_from_players", 2),
    )
    keys.done()
    counts = Entry(parts_file, "cards", parts.get("cards"))
    dealt = counts.integer("wonders_dealt", 1)
    dealt_two = counts.integer("wonders_dealt_two_players", 2)
    objective_points = counts.integer("objective_points", 0)
    panoramas_drawn = counts.integer("panoramas_drawn", 1)
    control_points = counts.integer("control_points", 0)
    counts.done()

    # -- cards
    wonder_list: list[WonderCard] = []
    for i, entry in enumerate(entries(wonders_file, wonders_doc, "wonder")):
        number = entry.integer("number", 1)
        if number != i + 1:
            raise entry.fail("number", f"cards numbered in order, {i + 1} here")
        effect = entry.text("effect", EFFECTS)
        needs_points = effect not in ("take_adjacent_disc", "tall_for_control", "score_panorama", "move_disc")
        needs_points = needs_points and effect not in ("extra_commission", "best_colour")
        if not needs_points and entry.integer("points", 0, default=0):  # a variant's change would do nothing
            raise entry.fail("points", f"none: a {effect} Wonder scores no points of its own")
        name = entry.text("name")
        if any(w.name == name for w in wonder_list):  # players, logs and the score sheet tell Wonders by name
            raise entry.fail("name", f"a name no other Wonder has, {name!r} is taken")
        wonder_list.append(
            WonderCard(
                i,
                number,
                name,
                entry.integer("initiative", 1, default=number),
                effect,
                entry.integer("points", 0) if needs_points else entry.integer("points", 0, default=0),
                entry.text("text"),
            )
        )
        entry.done()
    if len({w.initiative for w in wonder_list}) != len(wonder_list):
        raise DataError(wonders_file, "[[wonder]]", "initiative", "no two cards with one initiative")
    if 2 * dealt_two > len(wonder_list) or 4 * dealt > len(wonder_list):
        raise DataError(parts_file, "cards", "wonders_dealt", "no more cards dealt than there are")
    panoramas = []
    for i, entry in enumerate(entries(cards_file, cards, "panorama")):
        panoramas.append(
            Panorama(
                i,
                entry.text("id"),
                entry.text("name"),
                entry.text("kind", PANORAMA_KINDS),
                entry.integer("points", 0),
                entry.integer("size", 1),
            )
        )
        entry.done()
    objectives = []
    for i, entry in enumerate(entries(cards_file, cards, "objective")):
        objectives.append(
            Objective(
                i,
                entry.text("id"),
                COLOURS.index(entry.text("colour", COLOURS)),
                entry.integer("side_a", 0),
                entry.integer("side_b", 0),
            )
        )
        entry.done()
    if len(objectives) < 4:
        raise DataError(cards_file, "[[objective]]", "(array)", "one Secret Objective per player (4)")
    if panoramas_drawn > len(panoramas):
        raise DataError(parts_file, "cards", "panoramas_drawn", f"at most {len(panoramas)}")

    return Catalog(
        buildings=tuple(building_list),
        by_value=by_value,
        sets=tuple(sets),
        wonders=tuple(wonder_list),
        panoramas=tuple(panoramas),
        objectives=tuple(objectives),
        sites=tuple(sites),
        district_index=district_index,
        slots=slots,
        slot_names=slot_names,
        central_colours=tuple(central_colours),
        central_bridges=tuple(bridges),
        template_edges=edges,
        template_bridge=bridge,
        template_waterfalls=waterfalls,
        template_airships=airships,
        tiles=tuple(tiles),
        tile_ids=tuple(tile_ids),
        discs=full,
        removals=removals,
        letters=patron_letters,
        patron_values=patron_values,
        row_values=row_values,
        excess_value=excess,
        large_key=large,
        small_key=small,
        small_key_from=small_from,
        wonders_dealt=dealt,
        wonders_dealt_two=dealt_two,
        objective_points=objective_points,
        panoramas_drawn=panoramas_drawn,
        control_points=control_points,
        reconstructed=all(flags),
    )
