"""Airport Rush drawn for a terminal: the load spaces, the Supplies, every Airport, in plain words.

Everything here is plain text built from a :class:`~skyhall.games.airport_rush.view.View`
(never from the state), so it can only show what that seat may know. No markup and
no terminal library: the CLI (``skyhall.cli``) frames the sections and colours the
colour names using :data:`HIGHLIGHTS`. A die is always written as a colour word and
its pips (``red 5``), so the table reads the same without colour vision.

The CLI finds this module by convention (``skyhall.games.<package>.text``) and uses:

``render(view, width)``   the table as ``(title, plain text)`` sections
``prompt(view)``          one line on what is being decided
``label(view, action)``   one legal action in plain words
``seat_name(view, seat)`` how to call a seat
``turn_summary()``        the turn and the end of the game, in a few lines
``group(view, action)``   a heading and a short label, to list many choices compactly
``TIEBREAKS``             names of ``Result.tiebreak`` values, in order
``HIGHLIGHTS``            ``(regular expression, "#rrggbb")`` pairs to colour

A plane's dice have no fixed slots (the player may rearrange them), so what a plane
still *needs* is worked out over every arrangement: :func:`progress` names the
open slots, or the exact die, and whether the total can still be reached.
"""

from __future__ import annotations

from collections.abc import Sequence

from skyhall.core import log
from skyhall.core.state import EMPTY
from skyhall.core.text import fit, plural, viewer_last
from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.actions import (
    AIRPORT,
    DECK,
    DECK_NAMES,
    Action,
    Adjust,
    Choose,
    Discard,
    Draw,
    Drop,
    Exchange,
    Flip,
    Keep,
    Load,
    Paint,
    Pass,
    Pick,
    Play,
    Put,
    Reroll,
    Scrap,
    SwapIn,
    TakeDice,
    TakeOff,
    Transfer,
    Use,
)
from skyhall.games.airport_rush.cards import ACTION, EVENT, PLANE, UNTARGETED, Card, Catalog
from skyhall.games.airport_rush.plane import (
    COLOUR_SLOTS,
    Docked,
    add,
    arrangeable,
    find_face,
    open_slots,
    reach,
    ready,
    remove,
    slot_name,
)
from skyhall.games.airport_rush.rules import AFTER_CARD, AFTER_DICE, AFTER_SWAP
from skyhall.games.airport_rush.scoring import best_assignment, objective_points, unmet
from skyhall.games.airport_rush.steps import (
    CARD_EFFECT,
    DRAW,
    FINAL_LOAD,
    KEEP,
    OVER,
    PLACE_DIE,
    PLAY_CARD,
    TAKE_DICE,
    TAKE_OFF,
)
from skyhall.games.airport_rush.steps import (
    EVENT as EVENT_STEP,
)
from skyhall.games.airport_rush.view import EVENT_SLOT, HIDDEN_ACTION, HIDDEN_PLANE, View

TIEBREAKS = ("planes taken off",)
HIGHLIGHTS = (
    (r"(?i)\byellow\b", "#e3c21b"),
    (r"(?i)\bblue\b", "#4f8ff7"),
    (r"(?i)\bred\b", "#ef4444"),
    (r"(?i)\bgreen\b", "#2fbf5f"),
    (r"(?i)\bpurple\b", "#b26cf5"),
)
"""The dice colours, and the airline colours green and purple."""
SLOTS_LEGEND = (
    "Slots: a colour takes any die of that colour, a number any die of that value; totals are exact."
)

# -- dice, planes, cards and objectives in words -----------------------------------------


def _and(words: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def die_words(d: int) -> str:
    """``red 5``; a painted die also says what it is: ``red 5 (yellow die, painted)``."""
    colour = die.COLOURS[die.shown(d)]
    words = f"{colour} {die.value(d)}"
    if die.shown(d) != die.true_colour(d):
        words += f" ({die.COLOURS[die.true_colour(d)]} die, painted)"
    return words


def dice_words(dice: Sequence[int], empty: str = "none") -> str:
    return " · ".join(die_words(d) for d in sorted(dice)) or empty


def plane_name(cat: Catalog, card: Card) -> str:
    """``"BR3 (Brazil, yellow airline)"``."""
    return f"{card.id} ({cat.countries[card.country]}, {cat.airlines[card.airline]} airline)"


def slots_words(card: Card) -> str:
    """``"red · 6 · blue, total 12"``: what the plane needs to take off (its total is its points)."""
    return f"{' · '.join(slot_name(s) for s in card.slots)}, total {card.value}"


def plane_words(cat: Catalog, card: Card) -> str:
    return f"{plane_name(cat, card)}: {slots_words(card)}"


def card_words(cat: Catalog, card: Card) -> str:
    """A hand or Supply card: a plane with its needs, an action card with its text."""
    if card.type == PLANE:
        return plane_words(cat, card)
    return f"{card.title}: {card.text}"


def objective_words(cat: Catalog, o: int) -> str:
    """``"O01: United States + France + United Kingdom, 7 points, +2 per blue airline plane"``."""
    objective = cat.objectives[o]
    countries = " + ".join(cat.countries[k] for k in objective.countries)
    return (
        f"{objective.id}: {countries}, {objective.base} points, "
        f"+{objective.bonus} per {cat.airlines[objective.airline]} airline plane"
    )


def _reachable(options: list[tuple[int, ...]], left: int) -> list[tuple[int, ...]]:
    """The open-slot sets whose dice can still add exactly ``left`` pips."""
    return [rest for rest in options if reach(rest)[0] <= left <= reach(rest)[1]]


def helps(card: Card, dice: tuple[int, ...], d: int) -> bool:
    """Does die ``d`` fit on the plane and leave it ready, or still able to get ready?"""
    after = add(dice, d)
    if not arrangeable(card.slots, after):
        return False
    left = card.value - sum(die.value(x) for x in after)
    return ready(card.slots, card.value, after) or bool(_reachable(open_slots(card.slots, after), left))


def _last_die(slot: int, left: int) -> str:
    """The one die that completes a plane whose last open slot is ``slot``."""
    if slot < COLOUR_SLOTS:
        return f"a {die.COLOURS[slot]} {left}"
    return f"a {left} of any colour"


def progress(card: Card, dice: tuple[int, ...]) -> str:
    """What a plane with ``dice`` still needs: ``"needs: red, 4; total 5 of 12"``, or that it is ready."""
    total = sum(die.value(d) for d in dice)
    of = f"total {total} of {card.value}"
    if ready(card.slots, card.value, dice):
        return f"READY to take off: {of}"
    options = [rest for rest in open_slots(card.slots, dice) if rest]
    if not options:
        return f"all slots filled, {of}: not ready"
    left = card.value - total
    reachable = _reachable(options, left)
    if not reachable:
        needs = " or ".join(", ".join(slot_name(s) for s in rest) for rest in options)
        if left < 0:
            return f"needs: {needs}; {of}: over by {-left}"
        low = min(reach(rest)[0] for rest in options)
        bound = f"at least {low}" if left < low else f"at most {max(reach(rest)[1] for rest in options)}"
        return f"needs: {needs}; {of}: out of reach, the open slots add {bound} more"
    if all(len(rest) == 1 for rest in reachable):
        return f"needs: {' or '.join(_last_die(rest[0], left) for rest in reachable)}; {of}"
    needs = " or ".join(", ".join(slot_name(s) for s in rest) for rest in reachable)
    return f"needs: {needs}; {of}"


# -- the table ---------------------------------------------------------------------------


def seat_name(view: View, seat: int) -> str:
    """``"Player 2"``, as the log calls seats."""
    return log.seat_name(seat)


def render(view: View, width: int = 100) -> list[tuple[str, str]]:
    """The table as sections: the state of play, the load spaces, the cards, then every Airport.

    The viewing seat's Airport comes last, nearest the choices. A plane's line splits in
    two when it does not fit in ``width``; any other long line wraps under its indent.
    """
    return [(title, fit(body, width)) for title, body in _sections(view, width)]


def read(view: View) -> list[tuple[str, str]]:
    """The table for reading aloud (a screen reader): :func:`render`'s sections with nothing in columns
    (a load space per line, a plane's dice on the line after it) and no line wrapped."""
    return _sections(view, 0)


def _sections(view: View, width: int) -> list[tuple[str, str]]:
    sections = [
        (_status_title(view), _status(view)),
        ("Load spaces and bag", _board(view, width)),
        ("Cards", _cards(view)),
    ]
    sections.extend((_airport_title(view, seat), _airport(view, seat, width)) for seat in viewer_last(view))
    return sections


def _actor(view: View) -> int:
    return view.to_act if view.to_act is not None else view.current


def _status_title(view: View) -> str:
    if view.is_over:
        return "Game over"
    if view.step == KEEP:
        return "Setup · keeping objectives"
    title = f"Round {view.turn // view.players + 1} · {seat_name(view, view.current)}'s turn"
    if view.last_turn != EMPTY and view.last_turn - view.turn < view.players:
        title += " · last round"
    return title


def _status(view: View) -> str:
    cat = view.cat
    lines = []
    if view.is_over:
        lines.append("Every Airport is scored below; all hidden cards are shown.")
    else:
        actor = _actor(view)
        lines.append(
            f"{_phase(view)}: {seat_name(view, actor)} decides. First player: Player {view.first + 1}."
        )
    if view.step == TAKE_OFF:
        lines.append(f"Take-offs this turn: {view.takeoffs} of {view.takeoff_limit}.")
    if view.storm != EMPTY:
        revealer = seat_name(view, view.storm)
        until = (
            "this turn" if view.current == view.storm and view.turn > view.storm_turn else "their next turn"
        )
        lines.append(
            f"STORM in force (revealed by {revealer}): no plane may take off until {revealer} ends {until}."
        )
    if view.last_turn != EMPTY and view.step not in (FINAL_LOAD, OVER):
        left = view.last_turn - view.turn
        more = f"{plural(left, 'more turn')} after this one" if left else "this turn"
        lines.append(f"The end is triggered: the game ends after {more}, then the final take-off.")
    if view.event != EMPTY:
        event = cat.cards[view.event]
        waiting = ", ".join(seat_name(view, s) for s in view.queue)
        lines.append(
            f"Event: {event.title}. {event.text}" + (f" Answering in turn: {waiting}." if waiting else "")
        )
    if view.card != EMPTY:
        card = cat.cards[view.card]
        again = " One die is rerolled; you may reroll another." if view.rerolled != EMPTY else ""
        lines.append(f"Card in play: {card.title}: {card.text}{again}")
    if view.pending:
        swaps = cat.limits.max_swaps - view.swaps
        lines.append(f"Dice to place: {dice_words(view.pending)} (swaps with Airport dice left: {swaps}).")
    if view.locate and all(c >= 0 for c in view.locate):
        lines.append("LOCATE shows:")
        lines.extend(f"  {plane_words(cat, cat.cards[c])}" for c in view.locate)
    elif view.locate:
        lines.append(
            f"{seat_name(view, view.current)} looks at {plural(len(view.locate), 'plane')} (LOCATE)."
        )
    return "\n".join(lines)


def _phase(view: View) -> str:
    """Where in the turn the game is, in the rulebook's words."""
    if view.step == PLACE_DIE:
        return {
            AFTER_DICE: "Action 1, placing dice",
            AFTER_CARD: "Action 2, placing dice",
            AFTER_SWAP: "Action 2, SWAP PLANES' dice",
        }.get(view.after, "Event, placing a die")
    return {
        KEEP: "Setup, keeping 2 objectives",
        TAKE_DICE: "Action 1, take dice",
        PLAY_CARD: "Action 2, play a card",
        CARD_EFFECT: "Action 2, use the action card",
        TAKE_OFF: "Action 3, take off",
        DRAW: "Action 4, take a card",
        EVENT_STEP: "Event",
        FINAL_LOAD: "Final take-off, loading dice",
    }[view.step]


def _board(view: View, width: int) -> str:
    """The six load spaces (as many to a line as fit), the bag, and how plane slots read."""
    cells = [f"{i + 1}: {dice_words(dice, 'empty')}" for i, dice in enumerate(view.load)]
    size = max(len(c) for c in cells) + 3
    per_line = next(k for k in (6, 3, 2, 1) if k * size <= width or k == 1)
    lines = [
        "   ".join(c.ljust(size - 3) for c in cells[i : i + per_line]).rstrip()
        for i in range(0, len(cells), per_line)
    ]
    bag = " · ".join(f"{n} {colour}" for n, colour in zip(view.bag, die.COLOURS, strict=True))
    lines.append(f"Bag: {bag} ({plural(sum(view.bag), 'die', 'dice')}).")
    lines.append(SLOTS_LEGEND)
    return "\n".join(lines)


def _is_event(cat: Catalog, c: int) -> bool:
    return c == EVENT_SLOT or (c >= 0 and cat.cards[c].type == EVENT)


def _deck_line(view: View, deck: int) -> str:
    cards = view.decks[deck]
    depths = [len(cards) - i for i, c in enumerate(cards) if _is_event(view.cat, c)]
    if not depths:
        events = "no Event left in it"
    else:
        where = _and([_ordinal(d) for d in sorted(depths)])
        events = f"{'Events are' if len(depths) > 1 else 'an Event is'} the {where} card from the top"
    return f"{DECK_NAMES[deck].capitalize()} deck: {plural(len(cards), 'card')}; {events}."


def _cards(view: View) -> str:
    cat = view.cat
    lines = []
    for deck in (0, 1):
        lines.append(_deck_line(view, deck))
        lines.append(f"{DECK_NAMES[deck].capitalize()} Supply:")
        for k, c in enumerate(view.supply[deck]):
            lines.append(f"  {k + 1} {card_words(cat, cat.cards[c]) if c != EMPTY else '(empty)'}")
    events = [cat.cards[c].title for c in view.discard if cat.cards[c].type == EVENT]
    played = plural(len(view.discard) - len(events), "action card")
    revealed = f"; Events revealed: {', '.join(events)}" if events else ""
    lines.append(f"Discard pile: {played}{revealed}.")
    return "\n".join(lines)


def _airport_title(view: View, seat: int) -> str:
    who = seat_name(view, seat)
    if seat == view.seat:
        who += " · you"
    if not view.is_over and seat == view.to_act:
        who += " · to decide"
    return f"{who} · {plural(len(view.taken[seat]), 'plane')} taken off"


def _airport(view: View, seat: int, width: int) -> str:
    """A seat's Departure planes, Airport dice, Waiting queue, take-offs, hand and objectives.

    Another seat's Waiting queue, hand and objectives are hidden: only their sizes
    and the cards it took openly from a Supply are shown.
    """
    cat = view.cat
    airport = view.airport[seat]
    free = cat.limits.airport_spaces - len(airport)
    dice = f"Airport dice: {dice_words(airport)} ({plural(free, 'space')} free)"
    lines = ["Departure:", *_departure(view, seat, width)]
    if seat != view.seat and not view.is_over:
        lines.append(" · ".join([dice, *_rival_summary(view, seat)]))
        seen = [card_words(cat, cat.cards[c]) for c in view.hands[seat] if c >= 0]
        if seen:
            lines.append("In hand, taken openly from a Supply:")
            lines.extend(f"  {words}" for words in seen)
        return "\n".join(lines)
    lines.append(dice)
    waiting = view.waiting[seat]
    lines.append("Waiting (front first):" if waiting else "Waiting: none")
    digits = len(str(len(waiting)))
    lines.extend(f"  {k + 1:>{digits}} {plane_words(cat, cat.cards[c])}" for k, c in enumerate(waiting))
    lines.append(_taken_line(view, seat))
    hand = view.hands[seat]
    lines.append("Hand:" if hand else "Hand: empty")
    lines.extend(f"  {card_words(cat, cat.cards[c])}" for c in hand)
    lines.extend(_objective_lines(view, seat))
    return "\n".join(lines)


def _rival_summary(view: View, seat: int) -> list[str]:
    """What everyone knows of another seat's Waiting queue, hand and objectives: their sizes."""
    cat = view.cat
    hand = view.hands[seat]
    planes = sum(1 for c in hand if c == HIDDEN_PLANE or (c >= 0 and cat.cards[c].type == PLANE))
    actions = sum(1 for c in hand if c == HIDDEN_ACTION or (c >= 0 and cat.cards[c].type == ACTION))
    kept = view.objectives[seat]
    return [
        f"Waiting: {plural(len(view.waiting[seat]), 'plane')}",
        f"Hand: {plural(planes, 'plane')}, {plural(actions, 'action card')}",
        f"Objectives: {len(kept)} hidden" if kept else "Objectives: choosing",
    ]


def _departure(view: View, seat: int, width: int) -> list[str]:
    """One row per Departure space; the dice and what is missing go on a second line if too wide."""
    cat = view.cat
    rows = []
    for p, docked in enumerate(view.departure[seat]):
        space = f"{p + 1}" + ("+" if p >= cat.limits.departure_spaces else "")
        if docked is None:
            rows.append([space, "(empty)", "", "", ""])
            continue
        card = cat.cards[docked.card]
        rows.append(
            [
                space,
                plane_name(cat, card),
                slots_words(card),
                f"dice: {dice_words(docked.dice)}",
                progress(card, docked.dice),
            ]
        )
    sizes = [max(len(row[k]) for row in rows) for k in range(5)]
    if sum(sizes) + 2 + 2 * 4 <= width:
        out = ["  " + "  ".join(c.ljust(n) for c, n in zip(row, sizes, strict=True)).rstrip() for row in rows]
    else:
        out = []
        number = sizes[0] if width else 0  # numbers padded to one width, unless read aloud
        indent = " " * (sizes[0] + 4)
        for row in rows:
            out.append(f"  {row[0].ljust(number)}  {row[1]}{': ' + row[2] if row[2] else ''}")
            if row[3]:
                out.append(f"{indent}{row[3]}; {row[4]}")
    if len(view.departure[seat]) > cat.limits.departure_spaces:
        out.append("  (+: OVERLOAD's extra space, gone once its plane leaves)")
    return out


def _taken_line(view: View, seat: int) -> str:
    cat = view.cat
    taken = view.taken[seat]
    if not taken:
        return "Taken off: none"
    planes = ", ".join(f"{cat.cards[c].id} ({cat.cards[c].value})" for c in taken)
    return f"Taken off: {planes} = {sum(cat.cards[c].value for c in taken)} points"


def _objective_lines(view: View, seat: int) -> list[str]:
    """Kept objectives with the planes meeting them (the best assignment), or the dealt ones to choose."""
    cat = view.cat
    kept = view.objectives[seat]
    if not kept:
        return ["Objectives dealt (keep 2):", *(f"  {objective_words(cat, o)}" for o in view.dealt[seat])]
    taken = view.taken[seat]
    points, plan = best_assignment(cat, taken, kept)
    lines = [f"Objectives ({points} points met{'' if view.is_over else ' so far'}):"]
    for o, planes in zip(kept, plan, strict=True):
        objective = cat.objectives[o]
        if planes is None:
            state = f"not met: {unmet(cat, taken, plan, o) or 'its planes score more elsewhere'}"
        else:
            ids = ", ".join(cat.cards[c].id for c in planes)
            state = f"MET by {ids}: {objective_points(cat, objective, planes)} points"
        lines.append(f"  {objective_words(cat, o)} — {state}")
    return lines


# -- the pending decision ------------------------------------------------------------------


def prompt(view: View) -> str:
    """What the seat to act is deciding, in one line."""
    cat = view.cat
    step = view.step
    if step == KEEP:
        return "Setup: keep 2 of your 4 objectives, unseen by the others (the other 2 leave the game)."
    if step == TAKE_DICE:
        return "Action 1: take 1-3 dice from one load space, all of one colour or all of different colours."
    if step == PLACE_DIE and view.after == AFTER_SWAP:
        room = cat.limits.airport_spaces - len(view.airport[_actor(view)])
        back = len(view.pending) - room
        return (
            f"SWAP PLANES: {dice_words(view.pending)} leave the plane, and your Airport has room for "
            f"{plural(room, 'die', 'dice')}: choose {plural(back, 'die', 'dice')} to put back in the bag "
            "(or load Airport dice onto planes first to make room)."
        )
    if step == PLACE_DIE:
        each = ", one at a time" if len(view.pending) > 1 else ""
        return f"Place {dice_words(view.pending)}{each}: on a plane slot it meets, or on your Airport."
    if step == PLAY_CARD:
        return (
            "Action 2: play a card from your hand: a plane (to an empty Departure space, else the back "
            "of your Waiting queue) or an action card."
        )
    if step == CARD_EFFECT:
        card = cat.cards[view.card]
        if view.locate:
            return (
                "LOCATE: keep one plane at the back of your Waiting queue; the rest go under the plane deck."
            )
        if card.kind in UNTARGETED:
            return f"Action 2: {card.title}: {card.text} Use it, or discard it unused."
        if view.rerolled != EMPTY:
            return f"Action 2: {card.title}: one die is rerolled; choose another, or reroll no more."
        return f"Action 2: {card.title}: {card.text} Choose, or discard it unused."
    if step == TAKE_OFF:
        return (
            f"Action 3: take off a ready plane ({view.takeoffs} of {view.takeoff_limit} this turn), "
            "load Airport dice onto planes, or go on."
        )
    if step == DRAW:
        held = len(view.hands[view.current])
        return f"Action 4: take a card until you hold {cat.limits.hand_size} (you hold {held})."
    if step == EVENT_STEP:
        event = cat.cards[view.event]
        # the active player answers inside their own turn, and may load first (ARU-DICE-14)
        own = view.to_act == view.current
        first = " (in your turn you may load Airport dice onto planes first)" if own else ""
        if event.kind == "fog":
            return f"FOG: discard one die of your choice from your Airport{first}."
        return f"RUSH HOUR: you may take off one ready plane now{first}."
    if step == FINAL_LOAD:
        return "Final take-off: load Airport dice onto your planes; every ready plane then takes off."
    assert step == OVER
    return "The game is over."


WAITING = {
    KEEP: "choosing which 2 of their 4 objectives to keep",
    TAKE_DICE: "taking dice from a load space (Action 1)",
    PLAY_CARD: "playing a card (Action 2)",
    TAKE_OFF: "taking off planes or loading Airport dice (Action 3)",
    FINAL_LOAD: "loading dice for the final take-off",
    OVER: "done: the game is over",
}
"""What the seat to act is doing, for the steps that need no detail (see :func:`waiting`)."""


def waiting(view: View) -> str:
    """What the seat to act is deciding, for everyone else: it completes "Player 2 is …"."""
    cat, step = view.cat, view.step
    if step == PLACE_DIE:
        return f"placing {dice_words(view.pending)} ({_phase(view).split(',')[0]})"
    if step == CARD_EFFECT:
        card = cat.cards[view.card]
        return (
            "choosing the plane LOCATE keeps (Action 2)" if view.locate else f"using {card.title} (Action 2)"
        )
    if step == DRAW:
        return f"taking cards up to {cat.limits.hand_size} (Action 4)"
    if step == EVENT_STEP:
        fog = cat.cards[view.event].kind == "fog"
        return "discarding a die from their Airport (FOG)" if fog else "deciding on a take-off (RUSH HOUR)"
    return WAITING[step]


def label(view: View, action: Action) -> str:
    """``action`` in plain words, for the seat to act in ``view``."""
    cat = view.cat
    seat = _actor(view)
    if isinstance(action, Keep):
        chosen = [cat.objective_ids[action.first], cat.objective_ids[action.second]]
        return "Keep " + " and ".join(_objective_short(cat, o) for o in chosen)
    if isinstance(action, TakeDice):
        left = list(view.load[action.space])
        taken = []
        for f in action.faces:
            taken.append(find_face(tuple(left), f))
            left.remove(taken[-1])
        words = _and([die_words(d) for d in taken])
        return f"Take {words} from load space {action.space + 1}{_good_for(view, seat, taken)}"
    if isinstance(action, Put):
        d = find_face(view.pending, action.face)
        return f"Put the {die_words(d)} {_onto(view, seat, d, action.where)}"
    if isinstance(action, Discard) and view.after == AFTER_SWAP:
        return f"Put the {die_words(find_face(view.pending, action.face))} back in the bag (no Airport room)"
    if isinstance(action, Discard):
        return f"Discard the {die_words(find_face(view.pending, action.face))}: it fits nowhere"
    if isinstance(action, SwapIn):
        d = find_face(view.pending, action.face)
        out = find_face(view.airport[seat], action.out)
        return f"Swap the {die_words(d)} for the {die_words(out)} on your Airport (that one back in the bag)"
    if isinstance(action, Load):
        d = find_face(view.airport[seat], action.face)
        return f"Load the {die_words(d)} from your Airport {_onto(view, seat, d, action.plane)}"
    if isinstance(action, Play):
        return _play_words(view, seat, action)
    if isinstance(action, Adjust | Flip | Paint | Reroll):
        return _change_words(view, seat, action)
    if isinstance(action, Pick):
        d = find_face(view.load[action.space], action.face)
        return f"Pick the {die_words(d)} from load space {action.space + 1}{_good_for(view, seat, [d])}"
    if isinstance(action, Transfer):
        docked = _docked(view, seat, action.plane)
        d = find_face(docked.dice, action.face)
        source = _plane_ref(view, seat, action.plane)
        return f"Move the {die_words(d)} from {source} {_onto(view, seat, d, action.where)}"
    if isinstance(action, Exchange):
        return _exchange_words(view, seat, action)
    if isinstance(action, Scrap):
        if action.waiting:
            return f"Scrap {_waiting_ref(view, seat, action.index)} under the plane deck"
        docked = _docked(view, seat, action.index)
        back = f"; its dice ({dice_words(docked.dice)}) go back in the bag" if docked.dice else ""
        return f"Scrap {_plane_ref(view, seat, action.index)} under the plane deck{back}"
    if isinstance(action, Choose):
        card = cat.cards[cat.by_id[action.card]]
        return f"Keep {plane_words(cat, card)}, at the back of your Waiting queue"
    if isinstance(action, TakeOff):
        return _takeoff_words(view, seat, action.plane)
    if isinstance(action, Drop):
        return f"Discard the {die_words(find_face(view.airport[seat], action.face))} from your Airport"
    if isinstance(action, Draw):
        return _draw_words(view, action)
    if isinstance(action, Use):
        card = cat.cards[view.card]
        return f"Use {card.title}: {card.text}"
    assert isinstance(action, Pass)
    return _pass_words(view)


def group(view: View, action: Action) -> tuple[str, str] | None:
    """Dice choices under their load space, with short labels: ``("Load space 2: …", "red 5 (plane 1/3)")``.

    ``(plane N)`` marks a die that helps the seat's Departure plane N (as ``label`` says in full).
    Other choices are not grouped (``None``).
    """
    if not isinstance(action, TakeDice | Pick):
        return None
    seat = _actor(view)
    load = view.load[action.space]
    heading = f"Load space {action.space + 1}: {dice_words(load, 'empty')}"
    left = list(load)
    taken = []
    for f in action.faces if isinstance(action, TakeDice) else (action.face,):
        taken.append(find_face(tuple(left), f))
        left.remove(taken[-1])
    words = []
    for d in taken:
        planes = _planes_helped(view, seat, d)
        words.append(die_words(d) + (f" (plane {'/'.join(planes)})" if planes else ""))
    return heading, " + ".join(words)


def _planes_helped(view: View, seat: int, d: int) -> list[str]:
    """The Departure spaces (1-based) whose plane die ``d`` would help on its own."""
    return [
        str(p + 1)
        for p, docked in enumerate(view.departure[seat])
        if docked is not None and helps(view.cat.cards[docked.card], docked.dice, d)
    ]


def _good_for(view: View, seat: int, dice: Sequence[int]) -> str:
    """``" (red 5 → plane 1/3, blue 2 → plane 2)"``: the planes each die would help on its own."""
    hints = []
    for d in dict.fromkeys(dice):
        planes = _planes_helped(view, seat, d)
        if planes:
            hints.append(f"{die_words(d)} → plane {'/'.join(planes)}")
    return f" ({', '.join(hints)})" if hints else ""


def _objective_short(cat: Catalog, o: int) -> str:
    objective = cat.objectives[o]
    return f"{objective.id} ({' + '.join(cat.countries[k] for k in objective.countries)})"


def _docked(view: View, seat: int, p: int) -> Docked:
    docked = view.departure[seat][p]
    assert docked is not None
    return docked


def _plane_ref(view: View, seat: int, p: int) -> str:
    """``"plane 2 (BR3)"``: a Departure plane by its space and id."""
    return f"plane {p + 1} ({view.cat.cards[_docked(view, seat, p).card].id})"


def _waiting_ref(view: View, seat: int, k: int) -> str:
    """``"waiting plane 3, BR3 (…): red · 6 · blue, total 12"``; only the place if ``view`` cannot see it."""
    c = view.waiting[seat][k]
    return f"waiting plane {k + 1}" + (f", {plane_words(view.cat, view.cat.cards[c])}" if c >= 0 else "")


def _onto(view: View, seat: int, d: int, where: int) -> str:
    """Where a die goes, and what that place looks like with it."""
    if where == AIRPORT:
        free = view.cat.limits.airport_spaces - len(view.airport[seat]) - 1
        return f"onto your Airport ({plural(free, 'space')} free after)"
    docked = _docked(view, seat, where)
    card = view.cat.cards[docked.card]
    return f"onto {_plane_ref(view, seat, where)}: then {progress(card, add(docked.dice, d))}"


def _play_words(view: View, seat: int, action: Play) -> str:
    cat = view.cat
    if action.card not in cat.by_id:  # an action card, named by kind
        card = cat.cards[cat.action_of_kind(action.card)[0]]
        return f"Play {card.title}: {card.text}"
    card = cat.cards[cat.by_id[action.card]]
    spaces = view.departure[seat][: cat.limits.departure_spaces]
    if None in spaces:
        return f"Play {plane_words(cat, card)}, onto Departure {spaces.index(None) + 1}"
    behind = len(view.waiting[seat])
    return f"Play {plane_words(cat, card)}, to the back of your Waiting queue (behind {behind})"


def _change_words(view: View, seat: int, action: Adjust | Flip | Paint | Reroll) -> str:
    """ADJUST, FLIP, PAINT or REROLL on one die, and what becomes of its plane."""
    if action.where == AIRPORT:
        d = find_face(view.airport[seat], action.face)
        place = "on your Airport"
    else:
        d = find_face(_docked(view, seat, action.where).dice, action.face)
        place = f"on {_plane_ref(view, seat, action.where)}"
    if isinstance(action, Reroll):
        return f"Reroll the {die_words(d)} {place}"
    if isinstance(action, Adjust):
        new = die.with_value(d, die.value(d) + action.delta)
        verb = f"Turn the {die_words(d)} {place} {'up' if action.delta > 0 else 'down'} to {die.value(new)}"
    elif isinstance(action, Flip):
        new = die.with_value(d, 7 - die.value(d))
        verb = f"Flip the {die_words(d)} {place} to {die.value(new)}"
    else:
        new = die.with_shown(d, action.colour)
        verb = f"Paint the {die_words(d)} {place} {die.COLOURS[action.colour]}"
    if action.where == AIRPORT:
        return verb
    docked = _docked(view, seat, action.where)
    card = view.cat.cards[docked.card]
    dice = add(remove(docked.dice, d), new)
    if arrangeable(card.slots, dice):
        return f"{verb}: then {progress(card, dice)}"
    room = len(view.airport[seat]) < view.cat.limits.airport_spaces
    return f"{verb}: it no longer fits and {'moves to your Airport' if room else 'goes back in the bag'}"


def _exchange_words(view: View, seat: int, action: Exchange) -> str:
    cat = view.cat
    docked = _docked(view, seat, action.plane)
    words = f"Swap {_plane_ref(view, seat, action.plane)} with {_waiting_ref(view, seat, action.waiting)}"
    if not docked.dice:
        return words
    room = cat.limits.airport_spaces - len(view.airport[seat])
    kept = min(room, len(docked.dice))
    lost = len(docked.dice) - kept
    fate = [f"{kept} to your Airport"] * bool(kept) + [f"{lost} back in the bag"] * bool(lost)
    return f"{words} (its dice: {' and '.join(fate)})"


def _takeoff_words(view: View, seat: int, p: int) -> str:
    cat = view.cat
    card = cat.cards[_docked(view, seat, p).card]
    words = f"Take off {card.id} from Departure {p + 1} ({card.value} points)"
    waiting = view.waiting[seat]
    if p < cat.limits.departure_spaces and waiting and waiting[0] >= 0:
        words += f"; {cat.cards[waiting[0]].id} moves up from the Waiting queue"
    return words


def _draw_words(view: View, action: Draw) -> str:
    cat = view.cat
    deck = view.decks[action.deck]
    next_event = bool(deck) and _is_event(cat, deck[-1])
    name = DECK_NAMES[action.deck]
    if action.slot == DECK:
        warning = ": it is an Event, revealed at once" if next_event else ""
        return f"Draw the top card of the {name} deck (blind){warning}"
    card = cat.cards[view.supply[action.deck][action.slot]]
    warning = " (its replacement is an Event)" if next_event else ""
    return f"Take {name} Supply card {action.slot + 1}, {card_words(cat, card)}{warning}"


def _pass_words(view: View) -> str:
    step = view.step
    if step == TAKE_OFF:
        return "Go on to Action 4 (take a card)"
    if step == CARD_EFFECT:
        card = view.cat.cards[view.card]
        if view.rerolled != EMPTY:
            return "Reroll no more dice"
        return f"Discard {card.title} without using it"
    if step == EVENT_STEP:
        return "Take off nothing now"
    assert step == FINAL_LOAD
    return "Load no more dice: go to the final take-off"


# -- clicking the table (docs/web.md) -----------------------------------------------------
#
# Target names, as the browser table (static/games/airport-rush.js) draws them. Places are
# 1-based like the notation; a die is named by the face it shows (``r5``), so identical
# dice share a name and either may be clicked.
#
#   die:S:F            a die on load space S        take:S         take the dice chosen on space S
#   pending:F          a die waiting to be placed   discard        discard the die that fits nowhere
#   airport:F          a die on your Airport        airport        your free Airport spaces
#   plane:P            your Departure plane P       plane:P:F      a die on your plane P
#   waiting:W          your W-th waiting plane      hand:X         a hand card (plane id, action kind)
#   supply:plane:K     Supply card K (or action)    deck:plane     the top of a deck (or action)
#   objective:O03      a dealt objective            locate:BR3     a plane LOCATE shows
#   adjust:up/down, flip, reroll, paint:C           what the action card does to the chosen die
#   use                the button that applies OVERLOAD, BAG DRAW or LOCATE
#   drop               the button that discards the chosen Airport die to FOG
#   pass               the button that declines the optional step


def _die_target(where: int, face: int) -> str:
    """A die of the seat's own, on its Airport or on a Departure plane."""
    f = die.face_name(face)
    return f"airport:{f}" if where == AIRPORT else f"plane:{where + 1}:{f}"


def _place_target(where: int) -> str:
    return "airport" if where == AIRPORT else f"plane:{where + 1}"


def unordered(view: View, action: Action) -> int:
    """How many of :func:`target`'s first clicks may come in any order: the two objectives kept,
    the dice taken from a load space."""
    if isinstance(action, Keep):
        return 2
    if isinstance(action, TakeDice):
        return len(action.faces)
    return 0


def target(view: View, action: Action) -> tuple[str, ...]:
    """The clicks on the table that make ``action``: the die or card first, then where it goes.

    Several dice are taken from a load space by clicking them (in any order: :func:`unordered`),
    then the space's *take* button, so that no choice's clicks are the start of another's.
    """
    if isinstance(action, Keep):
        return (f"objective:{action.first}", f"objective:{action.second}")
    if isinstance(action, TakeDice):
        dice = tuple(f"die:{action.space + 1}:{die.face_name(f)}" for f in action.faces)
        return (*dice, f"take:{action.space + 1}")
    if isinstance(action, Put | Discard | SwapIn):
        where = (
            _place_target(action.where)
            if isinstance(action, Put)
            else "discard"
            if isinstance(action, Discard)
            else f"airport:{die.face_name(action.out)}"
        )
        if not isinstance(action, SwapIn) and len({die.face(d) for d in view.pending}) == 1:
            return (where,)  # one die to place: no need to point at it (a swap starts at the die, since
            # an Airport die clicked first starts loading it)
        return (f"pending:{die.face_name(action.face)}", where)
    if isinstance(action, Load):
        return (f"airport:{die.face_name(action.face)}", f"plane:{action.plane + 1}")
    if isinstance(action, Play):
        return (f"hand:{action.card}",)
    if isinstance(action, Adjust):
        return (
            _die_target(action.where, action.face),
            f"adjust:{'up' if action.delta > 0 else 'down'}",
        )
    if isinstance(action, Flip):
        return (_die_target(action.where, action.face), "flip")
    if isinstance(action, Reroll):
        return (_die_target(action.where, action.face), "reroll")
    if isinstance(action, Paint):
        return (_die_target(action.where, action.face), f"paint:{die.COLOURS[action.colour]}")
    if isinstance(action, Pick):
        return (f"die:{action.space + 1}:{die.face_name(action.face)}",)
    if isinstance(action, Transfer):
        return (_die_target(action.plane, action.face), _place_target(action.where))
    if isinstance(action, Exchange):
        return (f"plane:{action.plane + 1}", f"waiting:{action.waiting + 1}")
    if isinstance(action, Scrap):
        return (f"waiting:{action.index + 1}" if action.waiting else f"plane:{action.index + 1}",)
    if isinstance(action, Choose):
        return (f"locate:{action.card}",)
    if isinstance(action, TakeOff):
        return (f"plane:{action.plane + 1}",)
    if isinstance(action, Drop):  # then the button: the die alone starts loading it (ARU-DICE-14)
        return (f"airport:{die.face_name(action.face)}", "drop")
    if isinstance(action, Draw):
        name = DECK_NAMES[action.deck]
        return (f"deck:{name}",) if action.slot == DECK else (f"supply:{name}:{action.slot + 1}",)
    if isinstance(action, Use):
        return ("use",)
    assert isinstance(action, Pass)
    return ("pass",)


def confirm(view: View, action: Action) -> str | None:
    """A question for choices that give something up or let a chance go; ``None`` for the rest."""
    seat = _actor(view)
    if isinstance(action, Pass):
        return _pass_question(view)
    if isinstance(action, Discard) and view.after != AFTER_SWAP:  # some must go back: no question
        return f"Discard the {die_words(find_face(view.pending, action.face))} back into the bag?"
    if isinstance(action, SwapIn):
        out = die_words(find_face(view.airport[seat], action.out))
        return f"Put the {out} from your Airport back into the bag to make room?"
    if isinstance(action, Scrap):
        return f"{label(view, action)}?"
    if isinstance(action, Exchange) and _docked(view, seat, action.plane).dice:
        return f"{label(view, action)}?"
    return None


def _pass_question(view: View) -> str | None:
    """Passing costs something only when there was something to do instead."""
    seat = _actor(view)
    step = view.step
    if step == CARD_EFFECT:
        card = view.cat.cards[view.card]
        if view.rerolled != EMPTY:
            return None
        return f"Discard {card.title} without using it?"
    ready_planes = [
        p for p, docked in enumerate(view.departure[seat]) if docked is not None and _is_ready(view, docked)
    ]
    can_fly = ready_planes and view.storm == EMPTY
    if step == TAKE_OFF and can_fly and view.takeoffs < view.takeoff_limit:
        return "A plane is ready: go on to Action 4 without taking it off?"
    if step == EVENT_STEP and can_fly:
        return "Let RUSH HOUR pass without taking off a plane?"
    if step == FINAL_LOAD and any(isinstance(a, Load) for a in view.legal):
        return "Some Airport dice could still go onto your planes: go to the final take-off now?"
    return None


def _is_ready(view: View, docked: Docked) -> bool:
    card = view.cat.cards[docked.card]
    return ready(card.slots, card.value, docked.dice)


def turn_summary() -> str:
    """The rulebook's turn, the end of the game and the scoring, in a few lines."""
    return "\n".join(
        [
            "Airport Rush: load dice onto your planes and take off seven of them first.",
            "",
            "Setup: 3 planes on your Departure spaces, 1 waiting, 2 plane and 2 action",
            "cards in hand; keep 2 of 4 secret objectives.",
            "",
            "Your turn has four actions, in order:",
            "  1. Take dice (mandatory): from one of the 6 load spaces take 1-3 dice,",
            "     all of one colour or all of different colours. Put each on a plane",
            "     whose slot it meets (a colour slot: that colour; a number slot: that",
            "     value) or on one of your 4 Airport spaces. A die that fits nowhere",
            "     is discarded, or swapped (up to 3) for an Airport die. Airport dice",
            "     may be loaded onto planes at any time in your turn, never back.",
            "  2. Play a card (mandatory): a plane goes to an empty Departure space,",
            "     else to the back of your Waiting queue; an action card is used, or",
            "     discarded unused.",
            "  3. Take off (optional): a plane whose slots are all met and whose dice",
            "     add up to its total exactly; one per turn (two with CONTROL). Its",
            "     dice go back in the bag and the front waiting plane moves up.",
            "  4. Take a card (mandatory): refill your hand to 4 from a Supply (it is",
            "     refilled) or blind from the top of a deck; then the load spaces are",
            "     refilled. Two Events hide in each deck, at depths everyone knows; a",
            "     revealed Event acts at once (a STORM stops every take-off until its",
            "     revealer's next turn ends).",
            "",
            "The end: when someone takes off their 7th plane, the round is finished,",
            "then everyone plays one last round, then every ready plane takes off. Once",
            "both decks and both Supplies are empty, the game ends the same way.",
            "",
            "Scoring: each plane taken off scores its total; each objective met scores",
            "its points plus a bonus per plane of its airline (a plane serves one",
            "objective); −2 per plane card and per die left at your Airport. Ties:",
            "most planes taken off, else a shared victory.",
        ]
    )
