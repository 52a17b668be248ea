"""End-game scoring with a line for every lane, tycoon and token, and the rulebook's tie-breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyhall.core.result import Result, ScoreLine, rank_by
from skyhall.core.state import EMPTY
from skyhall.games.skyport.cards import (
    CARGO,
    COLOURS,
    DIPLOMAT,
    EXPLORER,
    INVENTOR,
    MERCHANT,
    NAVIGATION,
    PASSENGER,
    STAR,
    SUPPLIER,
    TYCOON_KINDS,
    Catalog,
)
from skyhall.games.skyport.lane import Berth, Lane, Row

if TYPE_CHECKING:
    from skyhall.games.skyport.state import State

ICON_NAMES = ("Passenger", "Navigation", "Cargo")


def icon_counts(cat: Catalog, row: Row) -> list[int]:
    """Passenger, navigation, cargo and star icons on every card placed in ``row``."""
    counts = [0, 0, 0, 0]
    for item in row:
        cards = item.cards if isinstance(item, Lane) else (item.station, item.tycoon)
        for c in cards:
            if c != EMPTY:
                icons = cat.cards[c].icons
                for k in range(4):
                    counts[k] += icons[k]
    return counts


def icons_complete(cat: Catalog, row: Row) -> bool:
    """The Complete Set of Icons: at least one passenger, navigation and cargo icon."""
    counts = icon_counts(cat, row)
    return counts[PASSENGER] > 0 and counts[NAVIGATION] > 0 and counts[CARGO] > 0


def colours_complete(cat: Catalog, row: Row) -> bool:
    """The Complete Set of Colours: airships of all six colours (a placed Wild has its lane's colour)."""
    present = {item.colour for item in row if isinstance(item, Lane)}
    return len(present) == len(COLOURS)


def lane_stars(cat: Catalog, row: Row, pos: int) -> tuple[int, list[str]]:
    """The star total of the lane at ``pos`` and where each bonus star came from."""
    lane = row[pos]
    assert isinstance(lane, Lane)
    stars = sum(cat.cards[c].icons[STAR] for c in lane.cards)
    notes = []
    for neighbour, facing in ((pos - 1, "right"), (pos + 1, "left")):
        if not 0 <= neighbour < len(row):
            continue
        berth = row[neighbour]
        if not isinstance(berth, Berth):
            continue
        station = cat.cards[berth.station]
        ribbon = station.right if facing == "right" else station.left
        if ribbon != lane.colour:
            continue
        stars += station.icons[STAR]
        notes.append(f"station {station.id}")
        if berth.tycoon != EMPTY:
            stars += cat.cards[berth.tycoon].icons[STAR]
            notes.append(f"{TYCOON_KINDS[cat.cards[berth.tycoon].tycoon]}")
    return stars, notes


def lane_lines(cat: Catalog, row: Row) -> list[ScoreLine]:
    out = []
    for pos, item in enumerate(row):
        if not isinstance(item, Lane):
            continue
        stars, notes = lane_stars(cat, row, pos)
        size = len(item.cards)
        extra = f", with {' and '.join(notes)}" if notes else ""
        label = f"{COLOURS[item.colour].capitalize()} lane at position {pos + 1}: {size} × {stars}★{extra}"
        out.append(ScoreLine("lanes", label, size * stars))
    return out


TYCOON_ICON = {MERCHANT: CARGO, EXPLORER: NAVIGATION, DIPLOMAT: PASSENGER}
"""The icon each counting tycoon scores."""


def tycoon_score(
    cat: Catalog, row: Row, hand: tuple[int, ...], pos: int, counts: list[int]
) -> tuple[int, int]:
    """The tycoon on the berth at ``pos``: how many icons it counts, and its points
    (``counts``: the row's :func:`icon_counts`)."""
    berth = row[pos]
    assert isinstance(berth, Berth)
    kind = cat.cards[berth.tycoon].tycoon
    if kind in TYCOON_ICON:
        n = counts[TYCOON_ICON[kind]]
        return n, 2 * n if n >= 3 else 0
    if kind == SUPPLIER:
        n = sum(cat.cards[c].icons[k] for c in hand for k in (PASSENGER, NAVIGATION, CARGO))
        return n, 3 * n
    assert kind == INVENTOR
    n = 0
    for neighbour in (pos - 1, pos + 1):
        if 0 <= neighbour < len(row) and isinstance(lane := row[neighbour], Lane):
            n += sum(cat.cards[c].icons[k] for c in lane.cards for k in (PASSENGER, NAVIGATION, CARGO))
    return n, 2 * n


def tycoon_lines(cat: Catalog, row: Row, hand: tuple[int, ...]) -> list[ScoreLine]:
    counts = icon_counts(cat, row)
    out = []
    for pos, item in enumerate(row):
        if not isinstance(item, Berth) or item.tycoon == EMPTY:
            continue
        kind = cat.cards[item.tycoon].tycoon
        name = TYCOON_KINDS[kind].capitalize()
        n, points = tycoon_score(cat, row, hand, pos, counts)
        plural = "s" * (n != 1)
        if kind in TYCOON_ICON:
            label = f"{name}: {n} {ICON_NAMES[TYCOON_ICON[kind]]} icon{plural}" + (
                " × 2" if n >= 3 else " (needs 3)"
            )
        elif kind == SUPPLIER:
            label = f"{name}: {n} icon{plural} in hand × 3"
        else:
            label = f"{name}: {n} icon{plural} in the lanes beside its station × 2"
        out.append(ScoreLine("tycoons", label, points))
    return out


def token_lines(owned: tuple[int, int]) -> list[ScoreLine]:
    out = []
    for kind, value in enumerate(owned):
        if value != EMPTY:
            out.append(ScoreLine("sets", f"Complete Set of {('Colours', 'Icons')[kind]} token", value))
    return out


def movement_total(cat: Catalog, row: Row) -> int:
    """Sum of printed Player Movement over every card in the skyport (second tie-break)."""
    total = 0
    for item in row:
        cards = item.cards if isinstance(item, Lane) else (item.station, item.tycoon)
        total += sum(cat.cards[c].movement for c in cards if c != EMPTY)
    return total


def score_sheet(cat: Catalog, row: Row, hand: tuple[int, ...], owned: tuple[int, int]) -> list[ScoreLine]:
    return lane_lines(cat, row) + tycoon_lines(cat, row, hand) + token_lines(owned)


def sheet_total(cat: Catalog, row: Row, hand: tuple[int, ...], owned: tuple[int, int]) -> int:
    """What :func:`score_sheet`'s lines add up to, without writing them (search agents ask often)."""
    total = sum(value for value in owned if value != EMPTY)
    counts: list[int] | None = None
    for pos, item in enumerate(row):
        if isinstance(item, Lane):
            total += len(item.cards) * lane_stars(cat, row, pos)[0]
        elif item.tycoon != EMPTY:
            counts = counts or icon_counts(cat, row)
            total += tycoon_score(cat, row, hand, pos, counts)[1]
    return total


def result(s: State) -> Result:
    """Scores, ranks (most points; then most lanes; then most Player Movement; else shared) and sheets."""
    sheets = []
    keys = []
    for seat in range(s.n):
        row = s.rows[seat]
        sheet = score_sheet(s.cat, row, s.hands[seat], s.owned[seat])
        sheets.append(tuple(sheet))
        lanes = sum(1 for item in row if isinstance(item, Lane))
        keys.append((sum(line.points for line in sheet), lanes, movement_total(s.cat, row)))
    return Result(
        scores=tuple(k[0] for k in keys),
        ranks=rank_by(keys),
        breakdown=tuple(sheets),
        tiebreak=tuple(k[1:] for k in keys),
    )
