"""What may be done now, and what doing it changes: the four phases as atomic decisions.

Every public entry takes the :class:`~skyhall.games.skyport.state.State` first.
After each action the engine carries on by itself through steps that need no
decision (a phase with nothing to do is skipped and logged) and through
decisions that have exactly one legal choice, so the seat to act always faces a
real choice, or the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyhall.core import log
from skyhall.core.log import seat_name
from skyhall.core.state import EMPTY
from skyhall.games.skyport.actions import (
    PASS,
    Action,
    Host,
    Join,
    Move,
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
    CARGO,
    CLOSING,
    COLOURS,
    COLOURS_SET,
    DIPLOMAT,
    EXPLORER,
    INVENTOR,
    MERCHANT,
    NAVIGATION,
    PASSENGER,
    STATION,
    SUPPLIER,
    TYCOON,
    TYCOON_KINDS,
    Card,
    Catalog,
)
from skyhall.games.skyport.lane import (
    LEFT,
    RIGHT,
    SIDE_NAMES,
    Berth,
    Lane,
    Row,
    lane_holding,
    lanes,
    shift_options,
    shifted,
    swapped,
)
from skyhall.games.skyport.scoring import colours_complete, icon_counts, icons_complete
from skyhall.games.skyport.steps import (
    CHOOSE_CARD,
    OVER,
    PLACE_CARD,
    SHIFT_NEW_LANE,
    SPACE_MOVE,
    SWAP_NEW_LANE,
    TAKE,
    TASKS,
    TYCOON_ACTION,
    TYCOON_CHOICE,
    WALK,
    WILD_MOVE,
)

if TYPE_CHECKING:
    from skyhall.games.skyport.state import State


def pos_name(pos: int) -> str:
    return f"position {pos + 1}"


def lane_name(row: Row, pos: int) -> str:
    """``"the Blue lane at position 4"``: a lane named by its colour, as the log writes it."""
    lane = row[pos]
    assert isinstance(lane, Lane)
    return f"the {COLOURS[lane.colour].capitalize()} lane at {pos_name(pos)}"


# -- legal actions ----------------------------------------------------------------------


def legal(s: State) -> tuple[Action, ...]:
    """The legal actions of the pending decision (empty once the game is over)."""
    step = s.step
    seat = s.actor
    if step == CHOOSE_CARD:
        seen: list[Action] = []
        for c in s.hands[seat]:
            play = Play.of(s.cat.cards[c].id)
            if play not in seen and placements(s, seat, c):
                seen.append(play)
        return tuple(seen)
    if step == PLACE_CARD:
        return tuple(placements(s, seat, s.card))
    if step == SHIFT_NEW_LANE:
        row = s.rows[seat]
        pos = lane_holding(row, s.card)
        low, high = s.cat.cards[s.card].reach
        return tuple(Shift.of(side, d) for side, d in shift_options(row, pos, low, high))
    if step == SWAP_NEW_LANE:
        return tuple(SwapWith.of(p) for p in swap_targets(s, seat))
    if step == WILD_MOVE:
        return (*lane_moves(s.rows[seat], lanes(s.rows[seat]), 1, 1), PASS)
    if step == TYCOON_CHOICE:
        return (*(Use.of(kind) for kind in (MERCHANT, EXPLORER) if tycoon_usable(s, kind)), PASS)
    if step == TYCOON_ACTION:
        return tuple(tycoon_actions(s, s.tycoon))
    if step == WALK:
        return tuple(Walk.of(d) for d in range(1, allowance(s) + 1))
    if step == TAKE:
        return tuple(take_options(s))
    if step == SPACE_MOVE:
        low, high = s.cat.spaces[s.space].reach
        return (*space_moves(s, low, high), PASS)
    return ()


def placements(s: State, seat: int, c: int) -> list[Action]:
    """Where card ``c`` may go in ``seat``'s skyport (empty: it cannot be played now)."""
    card = s.cat.cards[c]
    row = s.rows[seat]
    if card.kind == STATION:
        return [PlaceEnd.of(LEFT), PlaceEnd.of(RIGHT)]
    if card.kind == TYCOON:
        if card.tycoon in tycoons_placed(s.cat.cards, row):
            return []
        return [Host.of(p) for p, item in enumerate(row) if isinstance(item, Berth) and item.tycoon == EMPTY]
    if card.is_wild:
        return [Join.of(p) for p in lanes(row)]
    options: list[Action] = [PlaceEnd.of(LEFT), PlaceEnd.of(RIGHT)]
    for p, item in enumerate(row):
        if isinstance(item, Berth) and item.tycoon != EMPTY and s.cat.cards[item.tycoon].tycoon == INVENTOR:
            options.extend(
                PlaceBeside.of(p, side) for side, at in ((LEFT, p), (RIGHT, p + 1)) if 0 < at < len(row)
            )
    return options


def tycoons_placed(cards: tuple[Card, ...], row: Row) -> set[int]:
    """Kinds of the tycoons hosted in ``row`` (a second of a kind can never join them, GCS-ARR-12)."""
    return {cards[i.tycoon].tycoon for i in row if isinstance(i, Berth) and i.tycoon != EMPTY}


def tycoon_card(cat: Catalog, row: Row, kind: int) -> Card | None:
    for item in row:
        if isinstance(item, Berth) and item.tycoon != EMPTY and cat.cards[item.tycoon].tycoon == kind:
            return cat.cards[item.tycoon]
    return None


def swap_targets(s: State, seat: int) -> list[int]:
    row = s.rows[seat]
    wanted = s.cat.cards[s.card].swap_colours
    own = lane_holding(row, s.card)
    return [p for p in lanes(row) if p != own and row[p].colour in wanted]  # type: ignore[union-attr]


def lane_moves(row: Row, positions: list[int], low: int, high: int) -> list[Action]:
    return [Move.of(p, side, d) for p in positions for side, d in shift_options(row, p, low, high)]


def tycoon_usable(s: State, kind: int) -> bool:
    """Can ``kind`` (Merchant or Explorer) be used now?

    It must be in the skyport, triggered by the played airship, have its required icon, and have a move.
    """
    if s.used & (1 << kind):
        return False
    row = s.rows[s.current]
    tycoon = tycoon_card(s.cat, row, kind)
    if tycoon is None:
        return False
    played = s.cat.cards[s.card]
    if played.kind != AIRSHIP:
        return False
    trigger_icon, required_icon = (NAVIGATION, CARGO) if kind == MERCHANT else (CARGO, NAVIGATION)
    colour_trigger = played.is_standard_airship and played.colour == tycoon.colour
    if not (colour_trigger or played.icons[trigger_icon] > 0):
        return False
    if icon_counts(s.cat, row)[required_icon] == 0:
        return False
    return bool(tycoon_actions(s, kind))


def tycoon_actions(s: State, kind: int) -> list[Action]:
    """The moves (and for an Explorer, swaps) of the lanes other than the one holding the played airship."""
    row = s.rows[s.current]
    tycoon = tycoon_card(s.cat, row, kind)
    if tycoon is None:
        return []
    own = lane_holding(row, s.card)
    others = [p for p in lanes(row) if p != own]
    low, high = tycoon.reach
    options = lane_moves(row, others, low, high)
    if tycoon.tycoon_swap:
        options.extend(SwapPair.of(a, b) for a in others for b in others if a < b)
    return options


def diplomat_bonus(row: Row, cat: Catalog) -> int:
    """What a Diplomat hosted in ``row`` adds to the Player Movement: the row's passengers, at most 2."""
    if tycoon_card(cat, row, DIPLOMAT) is None:
        return 0
    return min(icon_counts(cat, row)[PASSENGER], 2)


def allowance(s: State) -> int:
    """The turn's Player Movement plus the Diplomat's bonus."""
    return s.base_move + diplomat_bonus(s.rows[s.current], s.cat)


def take_options(s: State) -> list[Action]:
    space = s.cat.spaces[s.space]
    options: list[Action] = []
    if s.board[s.space] != EMPTY:
        options.append(TakeAirship.of())
    if space.kind == "tycoon":
        holding = any(s.cat.cards[c].kind == TYCOON for c in s.hands[s.current])
        if not holding:
            options.extend(TakeTycoon.of(k) for k, stack in enumerate(s.promenade) if stack)
    elif space.kind == "station" and s.station_decks[space.deck]:
        options.append(TakeStation.of())
    return options


def space_moves(s: State, low: int, high: int) -> list[Action]:
    """Movement space: moves of the lanes of the taken airship's colour."""
    row = s.rows[s.current]
    colour = s.cat.cards[s.card].colour if s.card != EMPTY else EMPTY
    positions = [p for p in lanes(row) if row[p].colour == colour]  # type: ignore[union-attr]
    return lane_moves(row, positions, low, high)


# -- applying ---------------------------------------------------------------------------


def carry_out(s: State, action: Action) -> None:
    """What ``action`` does, alone: the decisions with one choice that follow are the state's
    :meth:`~skyhall.core.state.TurnState.apply` (and ``settle``)."""
    s._legal = None
    seat = s.actor
    who = seat_name(seat)
    cards = s.cat.cards
    if isinstance(action, Play):
        c = s.cat.by_id[action.card]
        hand = list(s.hands[seat])
        hand.remove(c)
        s.hands[seat] = tuple(hand)
        s.known[seat] = s.known[seat] - {c}
        s.card = c
        s.base_move = cards[c].movement
        s.step = PLACE_CARD
        return
    if isinstance(action, PlaceEnd | PlaceBeside | Join | Host):
        _place(s, seat, action)
        return
    if isinstance(action, Shift | SwapWith):
        row = s.rows[seat]
        pos = lane_holding(row, s.card)
        new = f"the new {COLOURS[cards[s.card].colour].capitalize()} lane"
        if isinstance(action, Shift):
            after = shifted(row, pos, action.side, action.distance)
            _rearrange(s, seat, after, f"{who} moves {new} {SIDE_NAMES[action.side]} {action.distance}.")
        else:
            after = swapped(row, pos, action.lane)
            _rearrange(s, seat, after, f"{who} swaps {new} with {lane_name(row, action.lane)}.")
        _begin_tycoons(s)
        return
    if s.step == WILD_MOVE:
        if isinstance(action, Move):
            _move_lane(s, seat, action, who, " after the Wild")
        else:
            s.log = log.append(s.log, f"{who} keeps their lanes where they are.")
        s.queue = s.queue[1:]
        _next_rival(s)
        return
    if isinstance(action, Use):
        s.tycoon = action.tycoon
        s.step = TYCOON_ACTION
        return
    if s.step == TYCOON_ACTION:
        row = s.rows[seat]
        name = TYCOON_KINDS[s.tycoon].capitalize()
        if isinstance(action, Move):
            _move_lane(s, seat, action, f"{who}'s {name}")
        else:
            assert isinstance(action, SwapPair)
            _rearrange(
                s,
                seat,
                swapped(row, action.first, action.second),
                f"{who}'s {name} swaps {lane_name(row, action.first)} with {lane_name(row, action.second)}.",
            )
        s.used |= 1 << s.tycoon
        s.tycoon = EMPTY
        _begin_tycoons(s)
        return
    if s.step == TYCOON_CHOICE:  # Pass: the Tycoon phase ends
        _begin_walk(s)
        return
    if isinstance(action, Walk):
        _walk(s, action.spaces)
        return
    if isinstance(action, TakeAirship):
        _take_airship(s)
        _end_turn(s)
        return
    if isinstance(action, TakeTycoon):
        stack = s.promenade[action.tycoon]
        c = stack[-1]
        s.promenade[action.tycoon] = stack[:-1]
        _to_hand(s, seat, c, public=True)
        s.log = log.append(s.log, f"{who} takes {cards[c].describe()} from the Promenade.")
        _end_turn(s)
        return
    if isinstance(action, TakeStation):
        deck = s.cat.spaces[s.space].deck
        stack = s.station_decks[deck]
        c = stack[-1]
        s.station_decks[deck] = stack[:-1]
        _to_hand(s, seat, c, public=True)
        s.log = log.append(s.log, f"{who} takes {cards[c].describe()} from the station deck.")
        _end_turn(s)
        return
    if s.step == SPACE_MOVE:
        if isinstance(action, Move):
            _move_lane(s, seat, action, who, " (Movement space)")
        _end_turn(s)
        return
    raise AssertionError(f"unhandled action {action} at step {s.step}")


_COUNTS = ("two", "three", "four", "five", "six")
"""Words for the number of lanes in a merge."""


def _move_lane(s: State, seat: int, move: Move, mover: str, why: str = "") -> None:
    row = s.rows[seat]
    after = shifted(row, move.lane, move.side, move.distance)
    what = f"{lane_name(row, move.lane)} {SIDE_NAMES[move.side]} {move.distance}"
    _rearrange(s, seat, after, f"{mover} moves {what}{why}.")


def _rearrange(s: State, seat: int, after: Row, text: str) -> None:
    """Give ``seat`` the row ``after`` a move or swap, log ``text``, then one line per merge it caused.

    A lane of ``after`` built from several lanes of the row before holds the first
    card of each of them, which is how the merges are counted.
    """
    firsts = {item.cards[0] for item in s.rows[seat] if isinstance(item, Lane)}
    s.rows[seat] = after
    s.log = log.append(s.log, text)
    for item in after:
        if isinstance(item, Lane) and (parts := sum(c in firsts for c in item.cards)) > 1:
            count = _COUNTS[parts - 2] if parts - 2 < len(_COUNTS) else str(parts)
            s.log = log.append(
                s.log,
                f"{seat_name(seat)}'s {count} {COLOURS[item.colour].capitalize()} lanes merge "
                f"({len(item.cards)} airships).",
            )


def _place(s: State, seat: int, action: PlaceEnd | PlaceBeside | Join | Host) -> None:
    c = s.card
    card = s.cat.cards[c]
    row = list(s.rows[seat])
    who = seat_name(seat)
    if isinstance(action, Join):
        lane = row[action.lane]
        assert isinstance(lane, Lane)
        row[action.lane] = Lane(lane.colour, (*lane.cards, c))
        where = f"into {lane_name(s.rows[seat], action.lane)}"
    elif isinstance(action, Host):
        berth = row[action.station]
        assert isinstance(berth, Berth)
        row[action.station] = Berth(berth.station, c)
        where = f"under the station at {pos_name(action.station)}"
    else:
        item: Lane | Berth = Berth(c) if card.kind == STATION else Lane(card.colour, (c,))
        if isinstance(action, PlaceEnd):
            at = 0 if action.side == LEFT else len(row)
            where = f"at the {SIDE_NAMES[action.side]} end"
        else:
            at = action.station if action.side == LEFT else action.station + 1
            where = f"{SIDE_NAMES[action.side]} of the Inventor's station"
        row.insert(at, item)
    s.rows[seat] = tuple(row)
    s.log = log.append(s.log, f"{who} plays {card.describe()} {where}.")
    if card.kind == TYCOON:
        if card.tycoon == SUPPLIER:
            drawn = _draw(s)
            if drawn == EMPTY:
                s.log = log.append(s.log, f"{who}'s Supplier draws nothing: the airship deck is empty.")
            else:
                _to_hand(s, seat, drawn, public=False)
                s.log = log.append(
                    s.log,
                    f"{who}'s Supplier draws a card.",
                    seat,
                    f"Your Supplier draws {s.cat.cards[drawn].describe()}.",
                )
        _begin_walk(s)
    elif card.kind == STATION:
        _begin_walk(s)
    elif card.is_wild:
        s.queue = tuple((seat + k) % s.n for k in range(1, s.n))
        _next_rival(s)
    elif card.ability == "move":
        s.step = SHIFT_NEW_LANE
        if not legal(s):
            colour = COLOURS[card.colour].capitalize()
            s.log = log.append(s.log, f"{who}'s new {colour} lane cannot move: there is no room.")
            _begin_tycoons(s)
    else:
        s.step = SWAP_NEW_LANE
        if not swap_targets(s, seat):
            named = " or ".join(COLOURS[k].capitalize() for k in card.swap_colours)
            s.log = log.append(s.log, f"{who} has no {named} lane: the swap has no effect.")
            _begin_tycoons(s)


def _next_rival(s: State) -> None:
    while s.queue:
        rival = s.queue[0]
        if lane_moves(s.rows[rival], lanes(s.rows[rival]), 1, 1):
            s.actor = rival
            s.step = WILD_MOVE
            return
        s.log = log.append(s.log, f"{seat_name(rival)} has no lane that can move.")
        s.queue = s.queue[1:]
    s.actor = s.current
    _begin_tycoons(s)


def _begin_tycoons(s: State) -> None:
    s.actor = s.current
    if s.cat.cards[s.card].kind == AIRSHIP and (tycoon_usable(s, MERCHANT) or tycoon_usable(s, EXPLORER)):
        s.step = TYCOON_CHOICE
    else:
        _begin_walk(s)


def _begin_walk(s: State) -> None:
    s.actor = s.current
    s.step = WALK


def _walk(s: State, spaces: int) -> None:
    seat = s.current
    where = (s.standees[seat] + spaces) % len(s.cat.spaces)
    s.standees[seat] = where
    s.space = where
    space = s.cat.spaces[where]
    s.log = log.append(s.log, f"{seat_name(seat)} walks {spaces} to space {space.id} ({space.kind}).")
    s.card = EMPTY
    if space.kind in ("tycoon", "station"):
        if take_options(s):
            s.step = TAKE
        else:
            s.log = log.append(s.log, f"{seat_name(seat)} gains nothing: no airship and no alternative.")
            _end_turn(s)
        return
    set_met = False
    if space.kind == "set":
        row = s.rows[seat]
        set_met = colours_complete(s.cat, row) if space.set == COLOURS_SET else icons_complete(s.cat, row)
    if s.board[where] == EMPTY:
        s.log = log.append(s.log, f"{seat_name(seat)} gains no card: no airship is left beside the space.")
    else:
        _take_airship(s)
    if space.kind == "set":
        _award_token(s, seat, space.set, set_met)
        _end_turn(s)
        return
    if s.card != EMPTY and s.cat.cards[s.card].is_standard_airship and space_moves(s, *space.reach):
        s.step = SPACE_MOVE
        return
    _end_turn(s)


def _award_token(s: State, seat: int, kind: int, met: bool) -> None:
    name = ("Colours", "Icons")[kind]
    owned = s.owned[seat]
    if not met or owned[kind] != EMPTY:
        return
    stack = s.token_stacks[kind]
    if not stack:
        s.log = log.append(s.log, f"{seat_name(seat)} completes the set of {name}, but no token is left.")
        return
    value = stack[-1]
    s.token_stacks[kind] = stack[:-1]
    s.owned[seat] = (value, owned[1]) if kind == 0 else (owned[0], value)
    s.log = log.append(s.log, f"{seat_name(seat)} completes the set of {name} and takes the {value} token.")


def _take_airship(s: State) -> None:
    seat = s.current
    c = s.board[s.space]
    s.board[s.space] = EMPTY
    _to_hand(s, seat, c, public=True)
    s.card = c
    s.log = log.append(s.log, f"{seat_name(seat)} takes {s.cat.cards[c].describe()}.")
    refill = _draw(s)
    s.board[s.space] = refill
    if refill == EMPTY:
        s.log = log.append(s.log, f"Space {s.cat.spaces[s.space].id} stays empty: the airship deck is empty.")
    else:
        s.log = log.append(
            s.log, f"{s.cat.cards[refill].describe()} is dealt to space {s.cat.spaces[s.space].id}."
        )


def _to_hand(s: State, seat: int, c: int, public: bool) -> None:
    s.hands[seat] = (*s.hands[seat], c)
    if public:
        s.known[seat] = s.known[seat] | {c}


def _draw(s: State) -> int:
    """The top airship of the deck (``EMPTY`` when none); revealing the Closing card triggers the end."""
    while s.deck:
        c = s.deck[-1]
        s.deck = s.deck[:-1]
        if c != CLOSING:
            return c
        round_end = (s.turn // s.n + 1) * s.n
        s.last_turn = round_end + s.n - 1
        s.log = log.append(
            s.log,
            "The Station Closing card is revealed and discarded: the round is finished, "
            "then everyone plays one final turn.",
        )
    return EMPTY


def _end_turn(s: State) -> None:
    if s.turn == s.last_turn:
        s.step = OVER
        s.actor = EMPTY
        s.log = log.append(s.log, "The game is over.")
        return
    s.turn += 1
    if s.last_turn != EMPTY and s.turn == s.last_turn - s.n + 1:
        s.log = log.append(s.log, "Final round: everyone plays one more turn.")
    start_turn(s)


def start_turn(s: State) -> None:
    """Begin the turn of seat ``(first + turn) % n``."""
    seat = (s.first + s.turn) % s.n
    s.current = s.actor = seat
    s.card = s.tycoon = s.space = EMPTY
    s.used = 0
    s.queue = ()
    s.step = CHOOSE_CARD
    if not legal(s):
        s.base_move = 1
        s.log = log.append(
            s.log,
            f"{seat_name(seat)} has no card that can be played: Arrival, Skyport and Tycoon phases "
            "are skipped and the standee may walk 1.",
        )
        _begin_walk(s)


# -- explaining refusals ----------------------------------------------------------------


def why_illegal(s: State, action: object) -> str:
    """Plain words on why ``action`` is refused now."""
    if s.step == OVER:
        return "the game is over"
    seat = s.actor
    if isinstance(action, Play) and s.step == CHOOSE_CARD:
        c = s.cat.by_id.get(action.card)
        if c is None or c not in s.hands[seat]:
            return f"{action.card} is not in {seat_name(seat)}'s hand"
        card = s.cat.cards[c]
        if card.kind == TYCOON:
            if card.tycoon in tycoons_placed(s.cat.cards, s.rows[seat]):
                return f"the skyport already has a {TYCOON_KINDS[card.tycoon].capitalize()}"
            return "every station already hosts a tycoon"
        return f"{card.describe()} has nowhere to go"
    if isinstance(action, Walk) and s.step == WALK:
        return f"the standee may walk 1 to {allowance(s)} spaces this turn"
    if isinstance(action, TakeTycoon) and s.step == TAKE:
        if any(s.cat.cards[c].kind == TYCOON for c in s.hands[seat]):
            return "a player holding a Tycoon cannot take another"
        return "no Tycoon of that type can be taken here"
    return f"{seat_name(seat)} must now {TASKS[s.step]}, and this is not one of the choices"
