"""Skyport drawn for a terminal: the table, the pending decision and its choices, in plain words.

Everything here is plain text built from a :class:`~skyhall.games.skyport.view.View`
(never from the state), so it can only show what that seat may know. No markup and
no terminal library: the CLI (``skyhall.cli``) frames the sections and colours the
colour names using :data:`HIGHLIGHTS`. Every colour is always written as a word, so
the table reads the same without colour vision.

The CLI finds this module by convention (``skyhall.games.<package>.text``) and uses:

``render(view, width)``   the table as ``(title, plain text)`` sections
``prompt(view)``          one line on what is being decided
``label(view, action)``   one legal action in plain words
``seat_name(view, seat)`` how to call a seat
``turn_summary()``        the turn and the end of the game, in a few lines
``TIEBREAKS``             names of ``Result.tiebreak`` values, in order
``HIGHLIGHTS``            ``(regular expression, "#rrggbb")`` pairs to colour
"""

from __future__ import annotations

from collections.abc import Sequence

from skyhall.core.state import EMPTY
from skyhall.core.text import fit, plural, viewer_last
from skyhall.games.skyport.actions import (
    Action,
    Host,
    Join,
    Move,
    Pass,
    PlaceBeside,
    PlaceEnd,
    Play,
    Shift,
    SwapPair,
    SwapWith,
    TakeAirship,
    TakeStation,
    TakeTycoon,
    Use,
    Walk,
)
from skyhall.games.skyport.cards import (
    AIRSHIP,
    COLOURS,
    COLOURS_SET,
    EXPLORER,
    MERCHANT,
    STATION,
    TYCOON_KINDS,
    Card,
    Catalog,
)
from skyhall.games.skyport.lane import SIDE_NAMES, Berth, Lane, Row, lane_holding, shifted, swapped
from skyhall.games.skyport.rules import tycoons_placed
from skyhall.games.skyport.scoring import colours_complete, icons_complete, lane_stars
from skyhall.games.skyport.steps import (
    CHOOSE_CARD,
    PHASES,
    PLACE_CARD,
    SHIFT_NEW_LANE,
    SPACE_MOVE,
    SWAP_NEW_LANE,
    TAKE,
    TYCOON_ACTION,
    TYCOON_CHOICE,
    WALK,
    WILD_MOVE,
)
from skyhall.games.skyport.view import View

ICON_WORDS = ("pax", "nav", "cargo")
SET_NAMES = ("Colours", "Icons")
"""Short names of the passenger, navigation and cargo icons (stars are drawn as ★)."""
TIEBREAKS = ("lanes", "Player Movement")
HIGHLIGHTS = (
    (r"(?i)\bblue\b", "#4f8ff7"),
    (r"(?i)\bpurple\b", "#b26cf5"),
    (r"(?i)\bgreen\b", "#2fbf5f"),
    (r"(?i)\bred\b", "#ef4444"),
    (r"(?i)\borange\b", "#f7882f"),
    (r"(?i)\byellow\b", "#e3c21b"),
    (r"(?i)\bwild\b", "#c8c8c8"),
)

# -- cards in words --------------------------------------------------------------------


def icons(card: Card) -> str:
    """``"pass nav ★★"``: the card's icons, or ``"no icons"``."""
    words = [name for name, count in zip(ICON_WORDS, card.icons, strict=False) for _ in range(count)]
    if card.stars:
        words.append("★" * card.stars)
    return " ".join(words) or "no icons"


def ability(card: Card) -> str:
    """What the card does when played, in a few words."""
    if card.kind == AIRSHIP:
        if card.ability == "move":
            low, high = card.reach
            return f"moves its new lane {_span(low, high)}"
        if card.ability == "swap":
            return f"swaps its new lane with {_a(_or(card.swap_colours))} lane"
        if card.ability == "wild":
            return "joins a lane; each rival may move a lane 1"
        return "starting airship"
    if card.kind == STATION:
        return f"ribbons left {COLOURS[card.left]}, right {COLOURS[card.right]}"
    kind = card.tycoon
    low, high = card.reach
    if kind == MERCHANT:
        return (
            f"after {_a(COLOURS[card.colour])} or nav airship, with cargo in the skyport: move another lane "
            f"{_span(low, high)}; scores 2 per cargo (3+)"
        )
    if kind == EXPLORER:
        also = " or swap two other lanes" if card.tycoon_swap else ""
        return (
            f"after {_a(COLOURS[card.colour])} or cargo airship, with nav in the skyport: move another lane "
            f"{_span(low, high)}{also}; scores 2 per nav (3+)"
        )
    return (
        "walk up to 2 more with passengers; scores 2 per passenger (3+)",
        "new airships may go beside its station; scores 2 per icon in the lanes beside it",
        "draws a card when placed; scores 3 per icon in hand",
    )[kind - 2]


def name(card: Card) -> str:
    """``"B3 blue airship"``, ``"S04 station"``, ``"Me1 Merchant (red)"``."""
    if card.kind == AIRSHIP:
        return f"{card.id} {'wild' if card.is_wild else COLOURS[card.colour]} airship"
    if card.kind == STATION:
        return f"{card.id} station"
    trigger = f" ({COLOURS[card.colour]})" if card.tycoon in (MERCHANT, EXPLORER) else ""
    return f"{card.id} {TYCOON_KINDS[card.tycoon].capitalize()}{trigger}"


def describe(card: Card) -> str:
    """Everything printed on the card: name, Player Movement, icons, ability."""
    walk = f"walk {card.movement}" if card.movement else "no walk"
    return f"{name(card)} · {walk} · {icons(card)} · {ability(card)}"


def short(card: Card) -> str:
    """A card in a few words for the Central Skyport: ``"B3 blue, walk 3, nav, move 2-3"``."""
    parts = [name(card).removesuffix(" airship"), f"walk {card.movement}"]
    if card.icons != (0, 0, 0, 0):
        parts.append(icons(card))
    if card.ability == "move":
        parts.append(f"move {_span(*card.reach)}")
    elif card.ability == "swap":
        parts.append(f"swap with {_or(card.swap_colours)}")
    elif card.ability == "wild":
        parts.append("rivals move 1")
    return ", ".join(parts)


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _or(colours: Sequence[int]) -> str:
    return " or ".join(COLOURS[c] for c in colours)


def _a(word: str) -> str:
    """``word`` after its indefinite article: ``"an orange"``, ``"a red"``."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


# -- the table ---------------------------------------------------------------------------


def seat_name(view: View, seat: int) -> str:
    """``"Player 2 (City B)"``, as the log calls seats."""
    return f"Player {seat + 1} ({view.cat.cities[view.cities[seat]].name})"


def render(view: View, width: int = 100) -> list[tuple[str, str]]:
    """The table as sections: the state of play, the Central Skyport, then every skyport.

    The viewing seat's skyport comes last, nearest the choices; ``width`` is where a
    skyport's positions wrap onto a further band.
    """
    return [(title, fit(body, width)) for title, body in _sections(view, width)]


def read(view: View) -> list[tuple[str, str]]:
    """The table for reading aloud (a screen reader): :func:`render`'s sections with nothing in columns,
    one line per Central Skyport space and per skyport position."""
    return _sections(view, None)


def _sections(view: View, width: int | None) -> list[tuple[str, str]]:
    sections = [(_status_title(view), _status(view)), ("Central Skyport", _central(view, width))]
    sections.extend((_skyport_title(view, seat), _skyport(view, seat, width)) for seat in viewer_last(view))
    return sections


def _status_title(view: View) -> str:
    if view.is_over:
        return "Game over"
    return f"Round {view.turn // view.players + 1} · {seat_name(view, view.current)}'s turn"


def _status(view: View) -> str:
    lines = []
    if view.is_over:
        lines.append("Every skyport is scored below.")
    else:
        phase = PHASES[view.step]
        actor = view.to_act if view.to_act is not None else view.current
        doing = "" if actor == view.current else f", {seat_name(view, actor)} decides"
        lines.append(f"{phase} phase{doing}. First player: Player {view.first + 1}.")
    closing = (
        "the Station Closing card is still in it"
        if view.closing_in_deck
        else "the Station Closing card has been revealed"
    )
    lines.append(f"Airship deck: {plural(view.deck_size, 'card')}; {closing}.")
    if view.last_turn != EMPTY and not view.is_over:
        left = view.last_turn - view.turn
        lines.append(f"The game ends after {plural(left, 'more turn')} after this one.")
    if view.card != EMPTY and view.step in (
        PLACE_CARD,
        SHIFT_NEW_LANE,
        SWAP_NEW_LANE,
        WILD_MOVE,
        TYCOON_CHOICE,
    ):
        lines.append(f"Played this turn: {describe(view.cat.cards[view.card])}.")
    return "\n".join(lines)


def _central(view: View, width: int | None) -> str:
    """The eight spaces with their airships, what else each offers and who stands there.

    When a space does not fit on one line, what else it offers goes on a second line; with no
    ``width`` (for reading aloud), each space is one line of words, nothing in columns.
    """
    cat = view.cat
    rows, offers = [], []
    for i, space in enumerate(cat.spaces):
        airship = view.board[i]
        ship = short(cat.cards[airship]) if airship != EMPTY else "(no airship)"
        here = " ".join(f"Player {seat + 1}" for seat, at in enumerate(view.standees) if at == i)
        rows.append([space.id, _space_name(view, i), ship, here and f"◀ {here}"])
        offers.append(_alternative(view, i))
    if width is None:
        lines = [
            f"Space {n}, {kind}: {ship}; {offer}.{_standing(view, i)}"
            for i, ((n, kind, ship, _), offer) in enumerate(zip(rows, offers, strict=True))
        ]
    else:
        lines = _columns([[*row[:3], offer, row[3]] for row, offer in zip(rows, offers, strict=True)])
    if width is not None and max(len(line) for line in lines) > width:
        indent = " " * (max(len(row[0]) for row in rows) + max(len(row[1]) for row in rows) + 4)
        narrow = _columns(rows)
        lines = [part for line, offer in zip(narrow, offers, strict=True) for part in (line, indent + offer)]
    stacks = []
    for kind, stack in enumerate(view.promenade):
        top = f"{name(cat.cards[stack[-1]])} ×{len(stack)}" if stack else f"{TYCOON_KINDS[kind]}: none"
        stacks.append(top)
    waiting = " ".join(f"Player {seat + 1}" for seat, at in enumerate(view.standees) if at == EMPTY)
    lines.append("Promenade: " + " · ".join(stacks))
    if waiting:
        lines.append(f"Standees on the Promenade: {waiting}")
    lines.append("Icons: pax passenger, nav navigation, cargo, ★ star. Walk: Player Movement.")
    return "\n".join(lines)


def _standing(view: View, i: int) -> str:
    """`` Player 1 and Player 3 stand here.`` (nothing when nobody does)."""
    here = [seat_name(view, seat) for seat, at in enumerate(view.standees) if at == i]
    if not here:
        return ""
    if len(here) == 1:
        return f" {here[0]} stands here."
    return f" {', '.join(here[:-1])} and {here[-1]} stand here."


def _space_name(view: View, i: int) -> str:
    space = view.cat.spaces[i]
    if space.kind == "set":
        return f"{SET_NAMES[space.set]} set"
    return space.kind.capitalize()


def _alternative(view: View, i: int) -> str:
    """What the space offers besides its airship."""
    space = view.cat.spaces[i]
    if space.kind == "tycoon":
        return "or a tycoon from the Promenade"
    if space.kind == "movement":
        return f"+ move a lane of its colour {_span(*space.reach)}"
    if space.kind == "station":
        deck = view.station_decks[space.deck]
        if not deck:
            return "station deck empty"
        top = view.cat.cards[deck[-1]]
        return f"or station {top.id} {_ribbons(top)} ★{top.stars}, walk {top.movement} ({len(deck)} in deck)"
    stack = view.token_stacks[space.set]
    if not stack:
        return "no token left"
    what = "all six colours" if space.set == COLOURS_SET else "pax, nav and cargo"
    return f"+ token {stack[-1]} for {what} ({len(stack)} left)"


def _ribbons(card: Card) -> str:
    return f"{COLOURS[card.left]}|{COLOURS[card.right]}"


def _skyport_title(view: View, seat: int) -> str:
    who = seat_name(view, seat)
    if seat == view.seat:
        who += " · you"
    if not view.is_over and seat == view.to_act:
        who += " · to decide"
    return who


def _skyport(view: View, seat: int, width: int | None) -> str:
    """A seat's row (in columns, wrapped at ``width``; with none, a line per position), hand, standee
    and tokens."""
    cat = view.cat
    row = view.rows[seat]
    if width is None:
        spoken = (_position(cat, row, pos, spoken=True) for pos in range(len(row)))
        lines = [f"{c[0]}: {', '.join(c[1:])}." for c in spoken]
    else:
        lines = _row_grid(cat, row, width)
    hand = view.hands[seat]
    if seat == view.seat or view.is_over:
        lines.append("Hand:" if hand else "Hand: empty")
        lines.extend(f"  {describe(cat.cards[c])}" for c in hand)
    else:
        known = [cat.cards[c] for c in hand if c != EMPTY]
        shown = f"; seen: {', '.join(name(c) for c in known)}" if known else ""
        lines.append(f"Hand: {plural(len(hand), 'card')}{shown}")
    at = view.standees[seat]
    where = "the Promenade" if at == EMPTY else f"space {cat.spaces[at].id} ({cat.spaces[at].kind})"
    owned = zip(SET_NAMES, view.owned[seat], strict=True)
    tokens = [f"{kind} {value}" for kind, value in owned if value != EMPTY]
    lines.append(f"Standee on {where}. Tokens: {', '.join(tokens) or 'none'}.")
    return "\n".join(lines)


def _row_grid(cat: Catalog, row: Row, width: int) -> list[str]:
    """The row as columns left to right, one per position, wrapped into bands at ``width``."""
    columns = [_position(cat, row, pos) for pos in range(len(row))]
    bands: list[list[list[str]]] = [[]]
    used = 0
    for column in columns:
        wide = max(len(line) for line in column) + 3
        if bands[-1] and used + wide > width:
            bands.append([])
            used = 0
        bands[-1].append(column)
        used += wide
    lines: list[str] = []
    for band in bands:
        height = max(len(column) for column in band)
        lines.extend(_columns([[c[k] if k < len(c) else "" for c in band] for k in range(height)], " │ "))
    return lines


def _columns(rows: Sequence[Sequence[str]], sep: str = "  ") -> list[str]:
    """Rows of cells with every column padded to its widest cell."""
    sizes = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    return [
        sep.join(cell.ljust(size) for cell, size in zip(row, sizes, strict=True)).rstrip() for row in rows
    ]


def _position(cat: Catalog, row: Row, pos: int, spoken: bool = False) -> list[str]:
    """A position's lines: its number, then the lane (colour, cards, points) or the station (ribbons,
    tycoon); ``spoken``: the ribbons in words, not arrows."""
    item = row[pos]
    head = f"{pos + 1}"
    if isinstance(item, Lane):
        stars, _ = lane_stars(cat, row, pos)
        size = len(item.cards)
        cards = [f"{cat.cards[c].id} {_lane_card_icons(cat.cards[c])}".rstrip() for c in item.cards]
        return [head, f"{COLOURS[item.colour]} lane", *cards, f"{size}×{stars}★ = {size * stars}"]
    station = cat.cards[item.station]
    tycoon = name(cat.cards[item.tycoon]) if item.tycoon != EMPTY else "no tycoon"
    left, right = COLOURS[station.left], COLOURS[station.right]
    ribbons = f"ribbons {left} on the left, {right} on the right" if spoken else f"◀{left} {right}▶"
    return [head, f"{station.id} station ★{station.stars}", ribbons, tycoon]


def _lane_card_icons(card: Card) -> str:
    words = [] if card.icons == (0, 0, 0, 0) else [icons(card)]
    return " ".join([*words, "(wild)"] if card.is_wild else words)


# -- the pending decision ------------------------------------------------------------------


def prompt(view: View) -> str:
    """What the seat to act is deciding, in one line."""
    cat = view.cat
    step = view.step
    played = cat.cards[view.card] if view.card != EMPTY else None
    if step == CHOOSE_CARD:
        return "Arrival: choose a card from your hand to play into your skyport."
    if step == PLACE_CARD and played is not None:
        return f"Arrival: where does {name(played)} go?"
    if step == SHIFT_NEW_LANE and played is not None:
        return (
            f"Skyport phase: {name(played)} moves its new lane {_span(*played.reach)} spaces, "
            "at least the minimum if there is room that way."
        )
    if step == SWAP_NEW_LANE and played is not None:
        return f"Skyport phase: {name(played)} swaps its new lane with {_a(_or(played.swap_colours))} lane."
    if step == WILD_MOVE:
        return f"Player {view.current + 1} played a Wild: you may move one of your lanes 1 space, or pass."
    if step == TYCOON_CHOICE:
        return "Tycoon phase: use a tycoon's ability, or pass to go on to Acquisition."
    if step == TYCOON_ACTION:
        return f"Tycoon phase: the {TYCOON_KINDS[view.tycoon].capitalize()} rearranges another lane."
    if step == WALK:
        return (
            f"Acquisition: walk your standee 1 to {view.allowance} spaces clockwise; "
            "you gain a card where it stops."
        )
    if step == TAKE:
        space = cat.spaces[view.space]
        return f"Acquisition: on space {space.id} ({space.kind}) take the airship or the alternative."
    if step == SPACE_MOVE and played is not None:
        return (
            f"Movement space: you may move {_a(COLOURS[played.colour])} lane "
            f"{_span(*cat.spaces[view.space].reach)} spaces, or pass."
        )
    return "The game is over."


WAITING = {
    CHOOSE_CARD: "choosing a card to play (Arrival)",
    TYCOON_CHOICE: "deciding whether to use a tycoon (Tycoon phase)",
    WALK: "walking their standee (Acquisition)",
    SPACE_MOVE: "deciding whether to move a lane (Movement space)",
    PLACE_CARD: "placing {played} (Arrival)",
    SHIFT_NEW_LANE: "moving the new lane of {played} (Skyport phase)",
    SWAP_NEW_LANE: "swapping the new lane of {played} (Skyport phase)",
}
"""What the seat to act is doing, ``{played}`` the card being played (see :func:`waiting`)."""


def waiting(view: View) -> str:
    """What the seat to act is deciding, for everyone else: it completes "Player 2 is …"."""
    cat, step = view.cat, view.step
    if step == WILD_MOVE:
        return f"deciding whether to move a lane after Player {view.current + 1}'s Wild"
    if step == TYCOON_ACTION:
        return f"rearranging a lane with the {TYCOON_KINDS[view.tycoon].capitalize()} (Tycoon phase)"
    if step == TAKE:
        return f"taking a card on space {cat.spaces[view.space].id} (Acquisition)"
    played = name(cat.cards[view.card]) if view.card != EMPTY else "a card"
    return WAITING.get(step, "done: the game is over").format(played=played)


def label(view: View, action: Action) -> str:
    """``action`` in plain words, for the seat to act in ``view``."""
    cat = view.cat
    seat = view.to_act if view.to_act is not None else view.current
    row = view.rows[seat]
    if isinstance(action, Play):
        return f"play {describe(cat.cards[cat.by_id[action.card]])}"
    if isinstance(action, PlaceEnd):
        return f"at the {SIDE_NAMES[action.side]} end of the skyport"
    if isinstance(action, PlaceBeside):
        return f"just {SIDE_NAMES[action.side]} of the Inventor's station at {action.station + 1}"
    if isinstance(action, Join):
        return f"into {_lane_words(cat, row, action.lane)}"
    if isinstance(action, Host):
        berth = row[action.station]
        assert isinstance(berth, Berth)
        station = cat.cards[berth.station]
        return f"under station {station.id} at {action.station + 1} ({_ribbons(station)} ★{station.stars})"
    if isinstance(action, Shift):
        pos = lane_holding(row, view.card)
        return _move_words(cat, row, pos, action.side, action.distance, "the new lane")
    if isinstance(action, Move):
        return _move_words(cat, row, action.lane, action.side, action.distance, "")
    if isinstance(action, SwapWith):
        pos = lane_holding(row, view.card)
        after = swapped(row, pos, action.lane)
        return f"swap the new lane with {_lane_words(cat, row, action.lane)}{_merge_note(row, after, cat)}"
    if isinstance(action, SwapPair):
        after = swapped(row, action.first, action.second)
        first, second = _lane_words(cat, row, action.first), _lane_words(cat, row, action.second)
        return f"swap {first} with {second}{_merge_note(row, after, cat)}"
    if isinstance(action, Use):
        tycoon = next(
            cat.cards[i.tycoon]
            for i in row
            if isinstance(i, Berth) and i.tycoon != EMPTY and cat.cards[i.tycoon].tycoon == action.tycoon
        )
        low, high = tycoon.reach
        swap = " or swap two" if tycoon.tycoon_swap else ""
        return f"use {name(tycoon)}: move another lane {_span(low, high)}{swap}"
    if isinstance(action, Pass):
        return {
            WILD_MOVE: "pass: leave your lanes where they are",
            TYCOON_CHOICE: "pass: end the Tycoon phase",
            SPACE_MOVE: "pass: move no lane",
        }.get(view.step, "pass")
    if isinstance(action, Walk):
        return _walk_words(view, seat, action.spaces)
    if isinstance(action, TakeAirship):
        return f"take {describe(cat.cards[view.board[view.space]])}"
    if isinstance(action, TakeStation):
        deck = view.station_decks[cat.spaces[view.space].deck]
        return f"take {describe(cat.cards[deck[-1]])}"
    if isinstance(action, TakeTycoon):
        stack = view.promenade[action.tycoon]
        return f"take from the Promenade: {describe(cat.cards[stack[-1]])}"
    return str(action)


def _lane_words(cat: Catalog, row: Row, pos: int) -> str:
    lane = row[pos]
    assert isinstance(lane, Lane)
    return f"the {COLOURS[lane.colour]} lane at {pos + 1} ({plural(len(lane.cards), 'airship')})"


def _move_words(cat: Catalog, row: Row, pos: int, side: int, distance: int, what: str) -> str:
    lane = row[pos]
    assert isinstance(lane, Lane)
    subject = f"{what} ({COLOURS[lane.colour]}, at {pos + 1})" if what else _lane_words(cat, row, pos)
    after = shifted(row, pos, side, distance)
    to = pos + side * distance + 1
    return f"move {subject} {SIDE_NAMES[side]} {distance}, to {to}{_merge_note(row, after, cat)}"


def _merge_note(before: Row, after: Row, cat: Catalog | None = None) -> str:
    """``", merging lanes"`` if lanes merge; with ``cat``, also what the lanes then score in all."""
    merge = ", merging lanes" if len(after) < len(before) else ""
    if cat is None:
        return merge
    old, new = _lane_points(cat, before), _lane_points(cat, after)
    change = "unchanged" if new == old else f"{'+' if new > old else '−'}{abs(new - old)}"
    return f"{merge} (lanes score {new}, {change})"


def _lane_points(cat: Catalog, row: Row) -> int:
    """What all the lanes of ``row`` score: airships × stars, summed."""
    return sum(
        len(item.cards) * lane_stars(cat, row, pos)[0]
        for pos, item in enumerate(row)
        if isinstance(item, Lane)
    )


def _walk_words(view: View, seat: int, spaces: int) -> str:
    cat = view.cat
    target = (view.standees[seat] + spaces) % len(cat.spaces)
    space = cat.spaces[target]
    airship = view.board[target]
    ship = name(cat.cards[airship]) if airship != EMPTY else "no airship"
    extra = ""
    if space.kind == "set":
        row = view.rows[seat]
        done = colours_complete(cat, row) if space.set == COLOURS_SET else icons_complete(cat, row)
        stack = view.token_stacks[space.set]
        if view.owned[seat][space.set] != EMPTY:
            extra = "; you already hold its token"
        elif done and stack:
            extra = f"; your set is complete: +{stack[-1]} token"
        else:
            extra = "; your set is not complete"
    elif space.kind != "movement":
        extra = f"; {_alternative(view, target)}"
    return f"walk {spaces} to space {space.id} ({space.kind}): {ship}{extra}"


# -- clicking the table (docs/web.md) -----------------------------------------------------
#
# Target names, as the browser table (static/games/skyport.js) draws them. Every name but
# the Central Skyport's is in the deciding seat's own skyport; positions are 1-based like the
# notation, gaps count the places between (and around) positions from 0 at the left end.
#
#   hand:B3        a card in the hand          pos:N          the lane or station at position N
#   gap:K          the place left of position K+1 (gap:0 the left end, gap:N after position N)
#   tycoon:KIND    a tycoon in the skyport     space:ID       a space of the Central Skyport
#   ship:ID        the airship beside space ID  deck:D        the top of station deck D (0, 1)
#   promenade:KIND the top tycoon of a Promenade stack        pass   the button that declines


def _gap(pos: int, side: int, distance: int) -> str:
    """The gap the position at ``pos`` lands in when it moves ``distance`` toward ``side``."""
    return f"gap:{pos - distance if side < 0 else pos + distance + 1}"


def target(view: View, action: Action) -> tuple[str, ...]:
    """The clicks on the table that make ``action``: a card, lane or space, then where it goes.

    A new card goes into a gap of the skyport (its ends included); a lane is moved by
    clicking it, then the gap it moves into; two lanes swap by clicking both, left first.
    The new lane's own move is a single click on its gap, as there is no lane to choose.
    """
    seat = view.to_act if view.to_act is not None else view.current
    row = view.rows[seat]
    if isinstance(action, Play):
        return (f"hand:{action.card}",)
    if isinstance(action, PlaceEnd):
        return (f"gap:{0 if action.side < 0 else len(row)}",)
    if isinstance(action, PlaceBeside):
        return (f"gap:{action.station if action.side < 0 else action.station + 1}",)
    if isinstance(action, Join | SwapWith):
        return (f"pos:{action.lane + 1}",)
    if isinstance(action, Host):
        return (f"pos:{action.station + 1}",)
    if isinstance(action, Shift):
        return (_gap(lane_holding(row, view.card), action.side, action.distance),)
    if isinstance(action, Move):
        return (f"pos:{action.lane + 1}", _gap(action.lane, action.side, action.distance))
    if isinstance(action, SwapPair):
        return (f"pos:{action.first + 1}", f"pos:{action.second + 1}")
    if isinstance(action, Use):
        return (f"tycoon:{TYCOON_KINDS[action.tycoon]}",)
    if isinstance(action, Walk):
        return (f"space:{view.cat.spaces[(view.standees[seat] + action.spaces) % len(view.cat.spaces)].id}",)
    if isinstance(action, TakeAirship):
        return (f"ship:{view.cat.spaces[view.space].id}",)
    if isinstance(action, TakeStation):
        return (f"deck:{view.cat.spaces[view.space].deck}",)
    if isinstance(action, TakeTycoon):
        return (f"promenade:{TYCOON_KINDS[action.tycoon]}",)
    assert isinstance(action, Pass)
    return ("pass",)


def confirm(view: View, action: Action) -> str | None:
    """A question for a pass, which lets a lane move or a tycoon's ability go, and for taking a tycoon
    the skyport already has one of (GCS-ACQ-09: allowed, but it can never be played and blocks taking
    another); ``None`` for the rest."""
    if isinstance(action, TakeTycoon) and view.seat is not None:
        if action.tycoon in tycoons_placed(view.cat.cards, view.rows[view.seat]):
            kind = TYCOON_KINDS[action.tycoon].capitalize()
            return (
                f"Take this {kind}? Your skyport already has one, so it can never be played, and while "
                "you hold it you cannot take another tycoon."
            )
        return None
    if not isinstance(action, Pass):
        return None
    if view.step == TYCOON_CHOICE:
        return "End the Tycoon phase without using your tycoons' abilities?"
    if view.step == SPACE_MOVE:
        return "Move none of your lanes and end your turn?"
    return "Leave your lanes where they are?"


def turn_summary() -> str:
    """The rulebook's Player Turn Summary and the end of the game, in a few lines."""
    return "\n".join(
        [
            "Grand Central Skyport: build the best skyport of airship lanes and stations.",
            "",
            "Your turn has four phases:",
            "  1. Arrival: play a card from your hand. An airship or a station goes at",
            "     either end of your skyport, a wild airship into one of your lanes, a",
            "     tycoon under a station that has none.",
            "  2. Skyport: the new airship's ability moves or swaps its new lane; after",
            "     a wild, each rival may move one of their lanes 1 space. Lanes of one",
            "     colour that end up side by side merge.",
            "  3. Tycoon: a Merchant or an Explorer may move (or swap) other lanes.",
            "  4. Acquisition: walk your standee clockwise, 1 up to the played card's",
            "     Player Movement, and gain the airship there or the space's",
            "     alternative (a tycoon, a station). A Movement space lets you move a",
            "     lane; a Complete Set space gives a token if your set is complete.",
            "",
            "The end: once the Station Closing card is drawn, the round is finished,",
            "then everyone plays one final turn. Each lane scores airships × stars (a",
            "station ribbon of its colour beside it adds the station's and its",
            "tycoon's stars), then tycoons and tokens score. Ties: most lanes, then",
            "most Player Movement in the skyport.",
        ]
    )
