"""Skyrise drawn for a terminal: the islands, the auction, the player boards, in plain words.

Everything here is plain text built from a :class:`~skyhall.games.skyrise.view.View`
(never from the state), so it can only show what that seat may know. No markup and
no terminal library: the CLI frames the sections and colours words using
:data:`HIGHLIGHTS`. Colours are always written as words, so the table reads the same
without colour vision.

The CLI finds this module by convention (``skyhall.games.<package>.text``) and uses
``render``, ``prompt``, ``label``, ``group``, ``seat_name``, ``turn_summary``,
``TIEBREAKS`` and ``HIGHLIGHTS``.
"""

from __future__ import annotations

from collections.abc import Sequence

from skyhall.core import log
from skyhall.core.state import EMPTY
from skyhall.core.text import fit, plural, viewer_last
from skyhall.games.skyrise.actions import (
    Action,
    Assign,
    Bid,
    Keep,
    MoveDisc,
    Pass,
    PlaceWonder,
    ScorePanorama,
    TakeDisc,
)
from skyhall.games.skyrise.bid import WONDER
from skyhall.games.skyrise.cards import COLOURS, HEIGHTS, PATRON, Catalog, disc_word
from skyhall.games.skyrise.steps import ASSIGN, BID, KEEP, MOVE, OPEN, PANORAMA, TAKE
from skyhall.games.skyrise.view import View

TIEBREAKS = ("tall Buildings",)
HIGHLIGHTS = (
    (r"(?i)\byellow\b", "#e8c547"),
    (r"(?i)\bgreen\b", "#2fbf5f"),
    (r"(?i)\bwhite\b", "#e6e6e6"),
    (r"(?i)\bbrown\b", "#b07a4a"),
    (r"\byel\b", "#e8c547"),
    (r"\bgrn\b", "#2fbf5f"),
    (r"\bwht\b", "#e6e6e6"),
    (r"\bbrn\b", "#b07a4a"),
)
"""The district colours, written out or as the map's three-letter names."""
SHORT_COLOUR = ("yel", "grn", "wht", "brn")
CELL = 10
"""Width of one district on the map."""


def seat_name(view: View, seat: int) -> str:
    """``"Player 2"``, as the log calls seats."""
    return log.seat_name(seat)


def disc_name(cat: Catalog, code: int) -> str:
    """``"white disc"``, ``"Patron B disc"``, ``"Wild disc"``, ``"Commissions disc"``."""
    word = disc_word(cat, code)
    return f"{word if code < PATRON else word[0].upper() + word[1:]} disc"


def _disc_short(cat: Catalog, code: int) -> str:
    """A disc in the few letters of a map cell: ``"o wht"``, ``"o pat B"``, ``"o wild"``, ``"o comm"``."""
    if code == EMPTY:
        return ""
    if code < PATRON:
        return f"o {SHORT_COLOUR[code]}"
    return "o " + disc_word(cat, code).replace("patron", "pat").replace("commissions", "comm")


def structure_name(cat: Catalog, code: int) -> str:
    if code >= WONDER:
        card = cat.wonders[code - WONDER]
        return f"Wonder {card.number} {card.name}"
    b = cat.buildings[code]
    return f"{HEIGHTS[b.height]} {b.value}"


def _owner(view: View, code: int) -> int:
    if code < WONDER:
        return view.cat.buildings[code].owner
    return next(p for p in range(view.players) if code - WONDER in view.chosen[p])


# -- the table ---------------------------------------------------------------------------


def render(view: View, width: int = 100) -> list[tuple[str, str]]:
    """The table as sections: the state of play, the islands, then every player board (yours last)."""
    return [
        (title, body if title == "Islands" else fit(body, width))
        for title, body in _sections(view, _islands(view, width), spoken=False)
    ]


def read(view: View) -> list[tuple[str, str]]:
    """The table for reading aloud (a screen reader): :func:`render`'s sections, the islands one line
    per district instead of a map, and no line wrapped."""
    return _sections(view, _island_lines(view), spoken=True)


def _sections(view: View, islands: str, spoken: bool) -> list[tuple[str, str]]:
    sections = [(_status_title(view), _status(view)), ("Islands", islands)]
    sections.extend((_board_title(view, p), _player(view, p, spoken)) for p in viewer_last(view))
    return sections


def _status_title(view: View) -> str:
    if view.is_over:
        return "Game over"
    return f"Era {view.era} · {seat_name(view, view.to_act or 0)} to act"


def _status(view: View) -> str:
    cat = view.cat
    lines = []
    if view.is_over:
        lines.append("Every Structure is built; the score sheet is below.")
    elif view.step in (OPEN, BID):
        lines.append(f"Auction opened by {seat_name(view, view.opener)}.")
        if view.bids:
            bids = ", ".join(
                f"{seat_name(view, _owner(view, code))} {structure_name(cat, code)} on {cat.sites[d].id}"
                for d, code in view.bids
            )
            lines.append(f"Bids so far (the last one leads): {bids}.")
        out = [seat_name(view, p) for p in range(view.players) if view.passed & (1 << p)]
        if out:
            lines.append(f"Out of this auction: {', '.join(out)}.")
    track = ", ".join(f"{seat_name(view, p)} {view.prestige[p]}" for p in range(view.players))
    lines.append(f"Prestige: {track}.")
    lines.append(
        f"Island control (scored at the end of each Era): {cat.control_points} prestige per island, to "
        "the most tall Buildings there, then medium, then short."
    )
    pans = "; ".join(_panorama_text(view, p) for p in view.panoramas)
    lines.append(f"Panoramas (scored at the end of each Era): {pans}.")
    tiles = ", ".join(
        f"{name} {'?' if v == EMPTY else v}" for name, v in zip(cat.letters, view.tiles, strict=True)
    )
    lines.append(f"Patron tiles: {tiles}.")
    keys = {"lowest": "least", "highest": "most"}.get(view.keys_mode)
    if keys is None:
        lines.append("City Keys: not used.")
    elif view.era == 1:
        lines.append(f"City Keys go to the {keys} prestige at the end of Era 1.")
    return "\n".join(lines)


def _panorama_text(view: View, p: int) -> str:
    return view.cat.panoramas[p].describe()


def _cell(view: View, d: int) -> tuple[str, str]:
    cat = view.cat
    board = view.board
    site = cat.sites[d]
    mark = "~" if board.waterfall[d] else ("=" if board.bridge_end[d] else " ")
    top = f"{site.id}{mark}{SHORT_COLOUR[board.colour[d]]}"
    code = view.occupant[d]
    if code == EMPTY:
        bottom = _disc_short(cat, view.discs[d])
    else:
        who = f"P{_owner(view, code) + 1}"
        if code >= WONDER:
            bottom = f"{who} W{code - WONDER + 1}"
        elif any(x == d for x, _ in view.bids):
            bottom = f"{who} bid{cat.buildings[code].value}"
        else:
            bottom = f"{who} {HEIGHTS[cat.buildings[code].height]}"
    return top, bottom


def _island_block(view: View, island: int, districts: Sequence[int]) -> list[str]:
    cat = view.cat
    sites = [cat.sites[d] for d in districts]
    rows = max(s.row for s in sites) + 1
    cols = max(s.col for s in sites) + 1
    grid = [["" for _ in range(cols)] for _ in range(rows * 2)]
    for d, site in zip(districts, sites, strict=True):
        top, bottom = _cell(view, d)
        grid[2 * site.row][site.col] = top
        grid[2 * site.row + 1][site.col] = bottom
    name = "Central Island" if island == 0 else f"{cat.slot_names[island - 1]} Island"
    lines = [name]
    for r, row in enumerate(grid):
        lines.append("".join(text.ljust(CELL) for text in row).rstrip())
        if r % 2:
            lines.append("")
    return lines


def _island_lines(view: View) -> str:
    """Each island's name, then a line per district: its colour, bridge or waterfall, and what is on it."""
    cat, board = view.cat, view.board
    across = {a: b for pair in board.bridges for a, b in (pair, pair[::-1])}
    lines = []
    for island, districts in board.islands:
        lines.append("Central Island:" if island == 0 else f"{cat.slot_names[island - 1]} Island:")
        for d in districts:
            marks = [COLOURS[board.colour[d]]]
            if d in across:
                marks.append(f"bridge to {cat.sites[across[d]].id}")
            if board.waterfall[d]:
                marks.append("waterfall")
            lines.append(f"  {cat.sites[d].id} ({', '.join(marks)}): {_district_holds(view, d)}.")
    lines.append(f"Airships meet the districts {_airship_letters(view)} of each Outer Island.")
    return "\n".join(lines)


def _district_holds(view: View, d: int) -> str:
    cat = view.cat
    code = view.occupant[d]
    if code == EMPTY:
        disc = view.discs[d]
        return "no disc" if disc == EMPTY else f"a {disc_name(cat, disc)}"
    owner = seat_name(view, _owner(view, code))
    if code >= WONDER:
        return f"{owner}'s {structure_name(cat, code)}"
    if any(x == d for x, _ in view.bids):
        return f"{owner}'s bid, {structure_name(cat, code)}"
    return f"{owner}'s {HEIGHTS[cat.buildings[code].height]} Building"


def _airship_letters(view: View) -> str:
    cat = view.cat
    base = len(cat.central)
    return " and ".join(
        "/".join(cat.sites[base + cell].id[1:] for cell in group) for group in cat.template_airships
    )


def _islands(view: View, width: int) -> str:
    board = view.board
    blocks = [_island_block(view, island, districts) for island, districts in board.islands]
    bands: list[list[list[str]]] = [[]]
    used = 0
    for block in blocks:
        wide = max(len(line) for line in block) + 4
        if bands[-1] and used + wide > width:
            bands.append([])
            used = 0
        bands[-1].append(block)
        used += wide
    out: list[str] = []
    for band in bands:
        height = max(len(b) for b in band)
        widths = [max(len(line) for line in b) + 4 for b in band]
        for i in range(height):
            row = "".join((b[i] if i < len(b) else "").ljust(w) for b, w in zip(band, widths, strict=True))
            out.append(row.rstrip())
    cat = view.cat
    bridges = ", ".join(f"{cat.sites[a].id}={cat.sites[b].id}" for a, b in board.bridges)
    legend = [
        f"Bridges (=): {bridges}. Waterfalls: ~. Airships meet the districts {_airship_letters(view)} of"
        " each Outer Island.",
        "A district shows its id, colour (yel yellow, grn green, wht white, brn brown) and disc (o),"
        " or what stands on it (Pn = Player n).",
    ]
    out.extend(fit("\n".join(legend), width).split("\n"))
    return "\n".join(out)


def _board_title(view: View, p: int) -> str:
    you = " (you)" if p == view.seat else ""
    return f"{seat_name(view, p)}{you}: {view.prestige[p]} prestige"


def _player(view: View, p: int, spoken: bool = False) -> str:
    """A player's board; ``spoken``: the district rows in words (``yellow 2 discs of 4``), not ``##..``."""
    cat = view.cat
    lines = []
    available = ", ".join(
        f"{HEIGHTS[cat.buildings[b].height]} {cat.buildings[b].value}" for b in view.pool[p]
    )
    lines.append(f"Available bids: {available or 'none'}.")
    if view.reserve[p]:
        later = ", ".join(
            f"{HEIGHTS[cat.buildings[b].height]} {cat.buildings[b].value}" for b in view.reserve[p]
        )
        lines.append(f"Era 2 (dotted) Buildings: {later}.")
    if view.hands[p]:
        known = [c for c in view.hands[p] if c != EMPTY]
        if known:
            lines.append("Wonder cards: " + "; ".join(_card_text(cat, c) for c in known) + ".")
        else:
            lines.append(f"Wonder cards: {len(view.hands[p])} (hidden).")
    if view.chosen[p]:
        kept = [c for c in view.chosen[p] if c != EMPTY]
        if kept:
            lines.append("Kept: " + "; ".join(_card_text(cat, c) for c in kept) + ".")
        else:
            lines.append(
                f"Kept {plural(len(view.chosen[p]), 'Wonder card')} (hidden until everyone has chosen)."
            )
    if view.wonders[p]:
        lines.append("Wonders to build: " + ", ".join(f"Wonder {c + 1}" for c in view.wonders[p]) + ".")
    heights = [0, 0, 0]
    wonders = 0
    for d in view.built[p]:
        code = view.occupant[d]
        if code >= WONDER:
            wonders += 1
        else:
            heights[cat.buildings[code].height] += 1
    built = ", ".join(f"{n} {HEIGHTS[h]}" for h, n in enumerate(heights) if n)
    if wonders:
        built = f"{built}, {plural(wonders, 'Wonder')}" if built else plural(wonders, "Wonder")
    lines.append(f"Built: {built or 'nothing yet'}.")
    if spoken:
        rows = "; ".join(
            f"{COLOURS[c]} {n} of 4 discs ({cat.row_values[n]} each)" for c, n in enumerate(view.rows[p])
        )
        lines.append(f"Rows: {rows}.")
    else:
        rows = "  ".join(
            f"{COLOURS[c]} {'#' * n}{'.' * (4 - n)} ({cat.row_values[n]} each)"
            for c, n in enumerate(view.rows[p])
        )
        lines.append(f"Rows: {rows}")
    items = []
    for letter, n in enumerate(view.patrons[p]):
        if n:
            tile = view.tiles[letter]
            items.append(f"Patron {cat.letters[letter]} ×{n} ({'?' if tile == EMPTY else tile} each)")
    if view.excess[p]:
        items.append(f"{view.excess[p]} excess discs")
    if view.commissions[p]:
        items.append(plural(view.commissions[p], "Commissions disc"))
    items.extend(f"City Key {k}" for k in view.keys[p])
    lines.append(f"Illustration: {', '.join(items) or 'empty'}.")
    if view.objectives[p] != EMPTY:
        objective = cat.objectives[view.objectives[p]]
        lines.append(
            f"Secret Objective {objective.id}: {objective.needed(view.players)} Structures on "
            f"{COLOURS[objective.colour]} ({cat.objective_points} prestige)."
        )
    if view.spare[p]:
        lines.append(f"Spare scoring disc: {view.spare[p]}.")
    return "\n".join(lines)


def _card_text(cat: Catalog, c: int) -> str:
    card = cat.wonders[c]
    return f"{card.number} {card.name} ({card.text.rstrip('.')})"


# -- the pending decision ------------------------------------------------------------------


def prompt(view: View) -> str:
    """What the seat to act is deciding, in one line."""
    cat = view.cat
    step = view.step
    if step == OPEN:
        return "Open the auction: bid on the Central Island or next to any built Structure."
    if step == BID:
        d, code = view.bids[-1]
        return (
            f"Outbid {structure_name(cat, code)} with a higher Building next to {cat.sites[d].id}, "
            + ("place your Wonder there, " if view.era == 2 else "")
            + "or pass (out for this auction)."
        )
    if step == ASSIGN:
        return "Choose the row your Wild disc goes in (it can never move)."
    if step == KEEP:
        return "Start of Era 2: keep a Wonder card for your Wonder (hidden until everyone has chosen)."
    if step == TAKE:
        return f"Wonder {view.effect + 1}: choose the disc it takes."
    if step == PANORAMA:
        return f"Wonder {view.effect + 1}: choose the Panorama card you score alone."
    if step == MOVE:
        return f"Wonder {view.effect + 1}: you may move a disc from one district row to another, or pass."
    return "The game is over."


WAITING = {
    OPEN: "opening an auction",
    BID: "deciding whether to outbid or pass",
    ASSIGN: "choosing the row of their Wild disc",
    KEEP: "choosing the Wonder card to keep",
    TAKE: "choosing the disc Wonder {wonder} takes",
    PANORAMA: "choosing a Panorama card for Wonder {wonder}",
    MOVE: "deciding whether to move a disc (Wonder {wonder})",
}
"""What the seat to act is doing, ``{wonder}`` the number of the Wonder acting (see :func:`waiting`)."""


def waiting(view: View) -> str:
    """What the seat to act is deciding, for everyone else: it completes "Player 2 is …"."""
    return WAITING.get(view.step, "done: the game is over").format(wonder=view.effect + 1)


def _spot(view: View, district: str) -> str:
    """``"C1 (yellow, brown disc)"``: a district, its colour and the disc on it."""
    cat = view.cat
    d = cat.district_index[district]
    disc = view.discs[d]
    return f"{district} ({COLOURS[view.board.colour[d]]}" + (
        f", {disc_name(cat, disc)})" if disc != EMPTY else ")"
    )


def group(view: View, action: Action) -> tuple[str, str] | None:
    """Bids and Wonders under their district, with short labels.

    ``("On C1 (yellow, brown disc):", "medium 42")``. Other choices are not grouped (``None``).
    """
    if not isinstance(action, Bid | PlaceWonder):
        return None
    cat = view.cat
    if isinstance(action, Bid):
        b = cat.buildings[cat.by_value[action.value]]
        short = f"{HEIGHTS[b.height]} {b.value}"
    else:
        card = cat.wonders[action.card - 1]
        short = f"Wonder {card.number} {card.name}"
    return f"On {_spot(view, action.district)}:", short


def label(view: View, action: Action) -> str:
    """``action`` in plain words, for the seat to act in ``view``."""
    cat = view.cat
    if isinstance(action, Bid | PlaceWonder):
        spot = _spot(view, action.district)
        if isinstance(action, Bid):
            b = cat.buildings[cat.by_value[action.value]]
            return f"bid {HEIGHTS[b.height]} {b.value} on {spot}"
        card = cat.wonders[action.card - 1]
        return f"place Wonder {card.number} {card.name} on {spot}"
    if isinstance(action, Pass):
        return "pass: keep your rows as they are" if view.step == MOVE else "pass: leave this auction"
    if isinstance(action, Keep):
        return f"keep {_card_text(cat, action.card - 1)}"
    if isinstance(action, Assign):
        seat = view.to_act if view.to_act is not None else 0
        n = view.rows[seat][action.colour]
        if n >= 4:
            return f"{COLOURS[action.colour]}: the row is full, the disc becomes an excess disc (10)"
        worth = cat.row_values[n + 1]
        return f"{COLOURS[action.colour]}: row goes to {plural(n + 1, 'disc')} ({worth} per Structure)"
    if isinstance(action, TakeDisc):
        d = cat.district_index[action.district]
        return f"take the {disc_name(cat, view.discs[d])} on {action.district}"
    if isinstance(action, ScorePanorama):
        p = next(i for i in view.panoramas if cat.panoramas[i].id == action.panorama)
        return f"score {_panorama_text(view, p)}"
    if isinstance(action, MoveDisc):
        return f"move a disc from the {COLOURS[action.source]} row to the {COLOURS[action.target]} row"
    return str(action)


# -- the table in the browser ----------------------------------------------------------------
#
# Target names the browser table (``web/static/games/skyrise.js``) draws as ``data-target``:
# ``district:<id>`` a district of the map, ``bid:<value>`` and ``wonder:<card>`` the picker it opens
# over a chosen district, ``card:<n>`` a Wonder card in your hand, ``row:<colour>`` a district row of
# your player board, ``panorama:<id>`` a Panorama card in play, ``pass`` the pass button.


def target(view: View, action: Action) -> tuple[str, ...]:
    """The table elements clicked, in order, to make ``action``.

    A bid is the district first, then the Building's value in the picker drawn over it
    (``("district:C3", "bid:54")``); moving a disc is the row it leaves, then the row it joins.
    """
    if isinstance(action, Bid):
        return f"district:{action.district}", f"bid:{action.value}"
    if isinstance(action, PlaceWonder):
        return f"district:{action.district}", f"wonder:{action.card}"
    if isinstance(action, Pass):
        return ("pass",)
    if isinstance(action, Keep):
        return (f"card:{action.card}",)
    if isinstance(action, Assign):
        return (f"row:{COLOURS[action.colour]}",)
    if isinstance(action, TakeDisc):
        return (f"district:{action.district}",)
    if isinstance(action, ScorePanorama):
        return (f"panorama:{action.panorama}",)
    return f"row:{COLOURS[action.source]}", f"row:{COLOURS[action.target]}"


def confirm(view: View, action: Action) -> str | None:
    """A question before a pass, or before the Wonder card kept last (the others leave the game)."""
    if isinstance(action, Pass):
        if view.step == MOVE:
            return "Leave your rows as they are? The Wonder's move is lost."
        return "Pass? You are out of this auction until it ends."
    if isinstance(action, Keep) and view.to_act is not None:
        needed = 2 if view.players == 2 else 1
        if len(view.chosen[view.to_act]) + 1 == needed:
            card = view.cat.wonders[action.card - 1]
            return f"Keep Wonder card {card.number} {card.name}? The cards you do not keep leave the game."
    return None


def turn_summary() -> str:
    """The flow of the game and its scoring, in a few lines."""
    return "\n".join(
        [
            "Skyrise: win auctions for districts and build; most Prestige after 2 Eras wins.",
            "",
            "Setup: each player has 12 Buildings (7 of them for Era 1) and a Wonder (two",
            "with 2 players), and secretly holds 3 Wonder cards (5 with 2 players) and a",
            "Secret Objective. Every district holds a disc.",
            "",
            "The game is a chain of auctions, each in order:",
            "  1. Open: the opener bids a Building on an unoccupied district of the",
            "     Central Island or next to any built Structure.",
            "  2. Bid: clockwise, each player still in outbids (a higher Building on an",
            "     unoccupied district next to the latest bid), passes (out for this",
            "     auction), or in Era 2 places their Wonder next to the latest bid (it",
            "     wins at once, unless its card lets it be outbid). Nobody outbids",
            "     themselves.",
            "  3. Build: the last bid is built; the others go back to their owners. Its",
            "     owner opens the next auction (if that was their last Structure: the",
            "     lowest Wonder initiative among those still building).",
            "  4. Collect: the winner takes the district's disc. A District disc fills",
            "     its colour row (0/2/4/6 then 1 per Structure of that colour; each disc",
            "     beyond four is worth 10), a Patron disc is worth its hidden tile, a Wild",
            "     takes a colour, a Commissions disc adds 1 to every item on the",
            "     illustration.",
            "",
            "Era 1 ends when someone has built all 7 undotted Buildings: island control (5",
            "per island: most tall, then medium, then short), both Panoramas, City Keys.",
            "",
            "In Era 2 the dotted Buildings and Wonders join; everyone keeps a Wonder card",
            "(two with 2 players), and the lowest initiative opens. The game ends when",
            "everything is built: control, Panoramas, Secret Objective, Structures by",
            "colour row, excess discs, Patrons, Keys, Commissions. Ties: most tall",
            "Buildings, else shared.",
        ]
    )
