"""What may be done now, and what doing it changes: the four actions, events and the end.

As in every Skyhall game, after each action the engine carries on through steps
that need no decision (skipped steps are logged with their reason) and through
decisions with exactly one legal choice, so the seat to act always has a real
choice, or the game is over.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from skyhall.core import log
from skyhall.core.log import seat_name
from skyhall.core.state import EMPTY
from skyhall.core.text import listed, plural
from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.actions import (
    AIRPORT,
    DECK,
    DECK_NAMES,
    PASS,
    USE,
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
    Pick,
    Play,
    Put,
    Reroll,
    Scrap,
    SwapIn,
    TakeDice,
    TakeOff,
    Transfer,
)
from skyhall.games.airport_rush.cards import EVENT, PLANE, UNTARGETED, Card
from skyhall.games.airport_rush.plane import Docked, add, arrangeable, find_face, fits, ready, remove
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
    TASKS,
)
from skyhall.games.airport_rush.steps import (
    EVENT as EVENT_STEP,
)

if TYPE_CHECKING:
    from skyhall.games.airport_rush.state import State

AFTER_DICE, AFTER_CARD, AFTER_EVENT, AFTER_SWAP = 0, 1, 2, 3
"""Where play goes once the pending dice are placed: Action 2, Action 3, the next seat of an Event; or,
for the dice of a plane SWAP PLANES sent to the queue (more than the Airport has room for), Action 3
once the player has chosen which of them go back into the bag."""
INTO_LOCATE = -2
"""A refill target: the next card goes to the planes LOCATE shows."""


# -- small queries ----------------------------------------------------------------------


def slots_of(s: State, docked: Docked) -> tuple[int, ...]:
    return s.cat.cards[docked.card].slots


def is_ready(s: State, docked: Docked | None) -> bool:
    if docked is None:
        return False
    card = s.cat.cards[docked.card]
    return ready(card.slots, card.value, docked.dice)


def dice_at(s: State, seat: int, where: int) -> tuple[int, ...]:
    if where == AIRPORT:
        return s.airport[seat]
    docked = s.departure[seat][where]
    return () if docked is None else docked.dice


def my_dice(s: State, seat: int) -> list[tuple[int, int]]:
    """``(place, die)`` for each distinct face at each place of ``seat``'s Airport and planes."""
    out = []
    for where in (AIRPORT, *range(len(s.departure[seat]))):
        seen = set()
        for d in dice_at(s, seat, where):
            if die.face(d) not in seen:
                seen.add(die.face(d))
                out.append((where, d))
    return out


def targets(s: State, seat: int, d: int) -> list[int]:
    """Places die ``d`` may go: Departure planes it fits, then the Airport if a space is free."""
    out = [
        p
        for p, docked in enumerate(s.departure[seat])
        if docked is not None and fits(slots_of(s, docked), docked.dice, d)
    ]
    if len(s.airport[seat]) < s.cat.limits.airport_spaces:
        out.append(AIRPORT)
    return out


def load_moves(s: State, seat: int) -> list[Action]:
    """Airport dice that can move onto a Departure plane: offered at every decision of one's own turn
    (ARU-DICE-14), and before the final take-off."""
    out: list[Action] = []
    seen = set()
    for d in s.airport[seat]:
        if die.face(d) in seen:
            continue
        seen.add(die.face(d))
        for p, docked in enumerate(s.departure[seat]):
            if docked is not None and fits(slots_of(s, docked), docked.dice, d):
                out.append(Load.of(die.face(d), p))
    return out


@lru_cache(maxsize=1 << 12)
def selections_of(dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The dice a player may take from a space: 1-3 of one colour, or 1-3 of different colours
    (as sorted faces; remembered per space contents, which recur all game and all search long)."""
    found: list[tuple[int, ...]] = []
    for size in (1, 2, 3):
        for group in combinations(dice, size):
            colours = [die.shown(d) for d in group]
            if len(set(colours)) in (1, size):
                faces = tuple(sorted(die.face(d) for d in group))
                if faces not in found:
                    found.append(faces)
    return tuple(found)


# -- legal actions ----------------------------------------------------------------------


def legal(s: State) -> tuple[Action, ...]:
    step = s.step
    seat = s.actor
    cards = s.cat.cards
    if step == KEEP:
        ids = sorted(s.cat.objectives[o].id for o in s.dealt[seat])
        return tuple(Keep.of(a, b) for a, b in combinations(ids, 2))
    if step == TAKE_DICE:
        takes = [TakeDice.of(space, sel) for space, dice in enumerate(s.load) for sel in selections_of(dice)]
        return (*takes, *load_moves(s, seat)) if takes else ()
    if step == PLACE_DIE:
        return tuple(placements(s, seat))
    if step == PLAY_CARD:
        plays: list[Action] = []
        for c in s.hands[seat]:
            play = Play.of(cards[c].id if cards[c].type == PLANE else cards[c].kind)
            if play not in plays:
                plays.append(play)
        return (*plays, *load_moves(s, seat)) if plays else ()
    if step == CARD_EFFECT:
        if s.locate:  # LOCATE used: one of the planes it shows must be kept (ARU-ACT-02)
            return (*effect_options(s), *load_moves(s, seat))
        return (*effect_options(s), *load_moves(s, seat), PASS)
    if step == TAKE_OFF:
        return (*takeoff_options(s, seat), *load_moves(s, seat), PASS)
    if step == DRAW:
        draws = draw_options(s)
        return (*draws, *load_moves(s, seat)) if draws else ()
    if step == EVENT_STEP:
        # The active player answers inside their own turn, so they may still load first (ARU-DICE-14).
        loads = load_moves(s, seat) if seat == s.current else []
        if cards[s.event].kind == "fog":
            return (*(Drop.of(f) for f in sorted({die.face(d) for d in s.airport[seat]})), *loads)
        return (*takeoff_options(s, seat), *loads, PASS)
    if step == FINAL_LOAD:
        return (*load_moves(s, seat), PASS)
    return ()


def placements(s: State, seat: int) -> list[Action]:
    if s.after == AFTER_SWAP:  # the rest go to the Airport: which go back into the bag?
        faces = sorted({die.face(d) for d in s.pending})
        return [*(Discard.of(f) for f in faces), *load_moves(s, seat)]
    out: list[Action] = []
    seen = set()
    for d in s.pending:
        f = die.face(d)
        if f in seen:
            continue
        seen.add(f)
        places = targets(s, seat, d)
        if places:
            out.extend(Put.of(f, where) for where in places)
        else:
            out.append(Discard.of(f))
            if s.swaps < s.cat.limits.max_swaps:
                out.extend(SwapIn.of(f, g) for g in sorted({die.face(a) for a in s.airport[seat]} - {f}))
    if seat == s.current:  # loading is for one's own turn (a TAILWIND die is placed outside it)
        out.extend(load_moves(s, seat))
    return out


def takeoff_options(s: State, seat: int) -> list[Action]:
    if s.storm != EMPTY:
        return []
    if s.step == TAKE_OFF and s.takeoffs >= s.takeoff_limit:
        return []
    return [TakeOff.of(p) for p, docked in enumerate(s.departure[seat]) if is_ready(s, docked)]


def draw_options(s: State) -> list[Action]:
    seat = s.current
    if len(s.hands[seat]) >= s.cat.limits.hand_size:
        return []
    out: list[Action] = []
    for deck in (0, 1):
        out.extend(Draw.of(deck, i) for i, c in enumerate(s.supply[deck]) if c != EMPTY)
        if s.decks[deck]:
            out.append(Draw.of(deck, DECK))
    return out


def effect_options(s: State) -> list[Action]:
    """The targets of the action card being resolved (``pass`` is added by the caller)."""
    seat = s.current
    kind = s.cat.cards[s.card].kind
    out: list[Action] = []
    if kind in ("adjust", "flip", "paint", "reroll"):
        for where, d in my_dice(s, seat):
            f = die.face(d)
            if kind == "adjust":
                out.extend(Adjust.of(where, f, delta) for delta in (1, -1) if 1 <= die.value(d) + delta <= 6)
            elif kind == "flip":
                out.append(Flip.of(where, f))
            elif kind == "paint":
                out.extend(Paint.of(where, f, c) for c in range(3) if c != die.shown(d))
            elif _rerollable(s, where, d):
                out.append(Reroll.of(where, f))
    elif kind == "extra-pick":
        for space, dice in enumerate(s.load):
            out.extend(Pick.of(space, f) for f in sorted({die.face(d) for d in dice}))
    elif kind == "transfer":
        for p, docked in enumerate(s.departure[seat]):
            if docked is None:
                continue
            for f in sorted({die.face(d) for d in docked.dice}):
                d = find_face(docked.dice, f)
                if len(s.airport[seat]) < s.cat.limits.airport_spaces:
                    out.append(Transfer.of(p, f, AIRPORT))
                for q, other in enumerate(s.departure[seat]):
                    if q != p and other is not None and fits(slots_of(s, other), other.dice, d):
                        out.append(Transfer.of(p, f, q))
    elif kind == "swap-planes":
        # Not the plane on OVERLOAD's extra space: that space vanishes when its plane leaves.
        for p, docked in enumerate(s.departure[seat][: s.cat.limits.departure_spaces]):
            if docked is not None:
                out.extend(Exchange.of(p, w) for w in range(len(s.waiting[seat])))
    elif kind == "scrap":
        out.extend(Scrap.of(False, p) for p, docked in enumerate(s.departure[seat]) if docked is not None)
        out.extend(Scrap.of(True, w) for w in range(len(s.waiting[seat])))
    elif kind in UNTARGETED:
        if s.locate:
            out.extend(Choose.of(s.cat.cards[c].id) for c in s.locate)
        elif _can_use(s, kind):
            out.append(USE)
    return out


REROLLED_ONE = -2
"""``State.rerolled`` once REROLL's first die is gone, or cannot be told from a die just like it (same
face, same own colour) that was loaded: the second may be any die."""


def _rerolled_at(where: int, d: int) -> int:
    """``State.rerolled`` for REROLL's first die, now ``d`` at ``where``."""
    return (where + 1) * 64 + d


def _rerollable(s: State, where: int, d: int) -> bool:
    """REROLL takes two different dice: the face of the die rerolled first is offered again only where
    another die shows it (which :func:`_second` then picks). The first die is followed when it is
    loaded onto a plane; once it has gone back in the bag, or was loaded from beside a die just like it
    (face and own colour), any die may be the second."""
    face = die.face(d)
    first = s.rerolled - _rerolled_at(where, 0)  # the first die, if it lies at ``where``
    if not (0 <= first < 64 and die.face(first) == face):
        return True
    return sum(die.face(x) == face for x in dice_at(s, s.current, where)) > 1


def _second(s: State, where: int, face: int) -> int:
    """The die showing ``face`` at ``where`` that REROLL changes: not the die rerolled first (a painted
    die and a natural one may show one face)."""
    dice = [x for x in dice_at(s, s.current, where) if die.face(x) == face]
    return next((x for x in dice if _rerolled_at(where, x) != s.rerolled), dice[0])


# -- applying ---------------------------------------------------------------------------


def _say(s: State, public: str, seat: int = -1, private: str = "") -> None:
    s.log = log.append(s.log, public, seat, private)


def carry_out(s: State, action: Action) -> None:
    """What ``action`` does, alone: the decisions with one choice that follow are the state's
    :meth:`~skyhall.core.state.TurnState.apply` (and ``settle``)."""
    s._legal = None
    seat = s.actor
    who = seat_name(seat)
    step = s.step
    if isinstance(action, Keep):
        chosen = (s.cat.objective_ids[action.first], s.cat.objective_ids[action.second])
        s.objectives[seat] = chosen
        _say(
            s,
            f"{who} keeps two objectives.",
            seat,
            f"You keep objectives {action.first} and {action.second}.",
        )
        s.queue = s.queue[1:]
        _next_keeper(s)
    elif isinstance(action, TakeDice):
        dice = list(s.load[action.space])
        taken = []
        for f in action.faces:
            d = find_face(tuple(dice), f)
            dice.remove(d)
            taken.append(d)
        s.load[action.space] = tuple(dice)
        s.pending = tuple(taken)
        s.swaps = 0
        s.after = AFTER_DICE
        s.step = PLACE_DIE
        names = ", ".join(die.describe(d) for d in taken)
        _say(s, f"{who} takes {names} from load space {action.space + 1}.")
    elif isinstance(action, Put):
        d = find_face(s.pending, action.face)
        s.pending = remove(s.pending, d)
        _place(s, seat, d, action.where)
        _say(s, f"{who} puts the {die.describe(d)} on {_place_words(action.where)}.")
        _placed(s)
    elif isinstance(action, Discard):
        d = find_face(s.pending, action.face)
        s.pending = remove(s.pending, d)
        s.bag = die.returned(s.bag, (d,))
        if s.after == AFTER_SWAP:
            _say(s, f"{who} puts the {die.describe(d)} back in the bag: the Airport has no room for it.")
            _settle_swapped(s, seat)
            return
        _say(s, f"{who} discards the {die.describe(d)}: it fits nowhere.")
        _placed(s)
    elif isinstance(action, SwapIn):
        d = find_face(s.pending, action.face)
        out = find_face(s.airport[seat], action.out)
        s.pending = remove(s.pending, d)
        s.airport[seat] = add(remove(s.airport[seat], out), d)
        s.bag = die.returned(s.bag, (out,))
        s.swaps += 1
        _say(s, f"{who} swaps the {die.describe(d)} for the {die.describe(out)} on their Airport.")
        _placed(s)
    elif isinstance(action, Load):
        d = find_face(s.airport[seat], action.face)
        s.airport[seat] = remove(s.airport[seat], d)
        if s.rerolled == _rerolled_at(AIRPORT, d):  # REROLL's first die follows it onto the plane
            s.rerolled = REROLLED_ONE if d in s.airport[seat] else _rerolled_at(action.plane, d)
        _place(s, seat, d, action.plane)
        _say(s, f"{who} loads the {die.describe(d)} from the Airport onto {_place_words(action.plane)}.")
        if step == PLACE_DIE and s.after == AFTER_SWAP:
            _settle_swapped(s, seat)  # a die loaded away from the Airport may make room for them all
        elif step == PLACE_DIE and not s.pending:
            _placed(s)
        elif step == EVENT_STEP and not s.airport[seat] and s.cat.cards[s.event].kind == "fog":
            s.queue = s.queue[1:]  # nothing left on the Airport for FOG to take
            _say(s, f"{who} has no die left on their Airport: FOG takes nothing from them.")
            _next_event_seat(s)
    elif isinstance(action, Play):
        _play(s, seat, action)
    elif step == CARD_EFFECT:
        _effect(s, seat, action)
    elif isinstance(action, TakeOff):
        _take_off(s, seat, action.plane)
        if step == TAKE_OFF:
            s.takeoffs += 1
        else:  # RUSH HOUR
            if seat == s.current:
                s.takeoffs += 1
            s.queue = s.queue[1:]
            _next_event_seat(s)
    elif isinstance(action, Drop):
        d = find_face(s.airport[seat], action.face)
        s.airport[seat] = remove(s.airport[seat], d)
        s.bag = die.returned(s.bag, (d,))
        _say(s, f"{who} discards the {die.describe(d)} from their Airport (FOG).")
        s.queue = s.queue[1:]
        _next_event_seat(s)
    elif isinstance(action, Draw):
        _draw(s, seat, action)
    elif step == TAKE_OFF:  # Pass from here on
        _begin_draw(s)
    elif step == EVENT_STEP:
        s.queue = s.queue[1:]
        _next_event_seat(s)
    elif step == FINAL_LOAD:
        s.queue = s.queue[1:]
        _next_final_seat(s)
    else:
        raise AssertionError(f"unexpected pass at step {step}")


def _place_words(where: int) -> str:
    return "their Airport" if where == AIRPORT else f"the plane at Departure {where + 1}"


def _place(s: State, seat: int, d: int, where: int) -> None:
    if where == AIRPORT:
        s.airport[seat] = add(s.airport[seat], d)
        return
    spaces = list(s.departure[seat])
    docked = spaces[where]
    assert docked is not None
    spaces[where] = Docked(docked.card, add(docked.dice, d))
    s.departure[seat] = tuple(spaces)


def _placed(s: State) -> None:
    if s.pending:
        return
    if s.after == AFTER_DICE:
        _begin_play_card(s)
    elif s.after in (AFTER_CARD, AFTER_SWAP):
        _begin_takeoff(s)
    else:
        _next_event_seat(s)


# -- turn flow --------------------------------------------------------------------------


def begin_game(s: State) -> None:
    """After setup: every seat keeps two objectives, then the first turn starts."""
    s.queue = tuple((s.first + k) % s.n for k in range(s.n))
    _next_keeper(s)


def _next_keeper(s: State) -> None:
    if s.queue:
        s.actor = s.queue[0]
        s.step = KEEP
        return
    s.turn = 0
    begin_turn(s)


def begin_turn(s: State) -> None:
    seat = (s.first + s.turn) % s.n
    s.current = s.actor = seat
    s.takeoffs = 0
    s.takeoff_limit = 1
    s.card = EMPTY
    s.pending = ()
    s.rerolled = EMPTY
    s.step = TAKE_DICE
    if not any(s.load):
        _say(s, f"{seat_name(seat)} cannot take dice: every load space is empty.")
        _begin_play_card(s)


def _begin_play_card(s: State) -> None:
    s.actor = s.current
    s.step = PLAY_CARD
    if not s.hands[s.current]:
        _say(s, f"{seat_name(s.current)} has no card to play.")
        _begin_takeoff(s)


def _begin_takeoff(s: State) -> None:
    s.actor = s.current
    s.card = EMPTY
    s.step = TAKE_OFF


def _begin_draw(s: State) -> None:
    seat = s.current
    s.actor = seat
    s.step = DRAW
    if s.storm == seat and s.turn > s.storm_turn:
        s.storm = s.storm_turn = EMPTY
        s.discard = (*s.discard, s.cat.by_id["storm"])
        _say(s, "The STORM passes: planes may take off again.")
    _continue_draw(s)


def _end_turn(s: State) -> None:
    refill_load_spaces(s)
    if s.last_turn == EMPTY and not any(s.decks) and all(c == EMPTY for row in s.supply for c in row):
        _trigger_end(s, "Both decks and both Supplies are empty")
    if s.turn == s.last_turn:
        _begin_final(s)
        return
    s.turn += 1
    if s.last_turn != EMPTY and s.turn == s.last_turn - s.n + 1:
        _say(s, "Last round: everyone plays one more turn.")
    begin_turn(s)


def refill_load_spaces(s: State) -> None:
    places = [
        space for space, dice in enumerate(s.load) for _ in range(s.cat.limits.dice_per_space - len(dice))
    ]
    s.rng.shuffle(places)
    bag = list(s.bag)
    short = 0
    for space in places:
        d = die.draw(bag, s.rng)
        if d == EMPTY:
            short += 1
            continue
        s.load[space] = (*s.load[space], d)
    s.bag = (bag[0], bag[1], bag[2])
    if short:
        _say(s, f"The bag is empty: {plural(short, 'place')} on the load spaces stay empty.")


# -- Action 2 ---------------------------------------------------------------------------


def _play(s: State, seat: int, action: Play) -> None:
    cards = s.cat.cards
    hand = list(s.hands[seat])
    c = next(c for c in hand if (cards[c].id if cards[c].type == PLANE else cards[c].kind) == action.card)
    hand.remove(c)
    s.hands[seat] = tuple(hand)
    s.known[seat] = s.known[seat] - {c}
    card = cards[c]
    who = seat_name(seat)
    if card.type == PLANE:
        spaces = list(s.departure[seat])
        if None in spaces[: s.cat.limits.departure_spaces]:
            at = spaces.index(None)
            spaces[at] = Docked(c)
            s.departure[seat] = tuple(spaces)
            _say(s, f"{who} plays {card.describe()} onto Departure {at + 1}.")
        else:
            s.waiting[seat] = (*s.waiting[seat], c)
            # Face down: rivals cannot tell which plane left the hand, so they lose track of the
            # planes they saw it take openly (else the one gone from the known cards names it, ARU-HID-05).
            s.known[seat] = frozenset(k for k in s.known[seat] if cards[k].type != PLANE)
            _say(s, f"{who} plays a plane to the back of their Waiting queue.", seat,
                 f"You play {card.describe()} to the back of your Waiting queue.")  # fmt: skip
        _begin_takeoff(s)
        return
    s.card = c
    s.discard = (*s.discard, c)
    _say(s, f"{who} plays {card.title}.")
    if card.kind == "control":
        s.takeoff_limit = 2
        _begin_takeoff(s)
        return
    s.step = CARD_EFFECT
    s.rerolled = EMPTY
    s.locate = ()
    if not effect_options(s):
        reason = UNTARGETED.get(card.kind)
        _say(
            s,
            f"{card.title} has no effect: {reason}."
            if reason
            else f"{card.title} has no effect now and is discarded.",
        )
        _begin_takeoff(s)


def _can_use(s: State, kind: str) -> bool:
    """Whether the untargeted card ``kind`` would do something now."""
    seat = s.current
    if kind == "overload":
        return bool(s.waiting[seat]) and len(s.departure[seat]) == s.cat.limits.departure_spaces
    if kind == "bag-draw":
        return any(s.bag)
    return bool(s.decks[0])


def _use(s: State, seat: int, card: Card) -> None:
    """Apply the untargeted ``card`` (OVERLOAD, BAG DRAW, LOCATE), known to do something now."""
    who = seat_name(seat)
    if card.kind == "overload":
        front, *rest = s.waiting[seat]
        s.departure[seat] = (*s.departure[seat], Docked(front))
        s.waiting[seat] = tuple(rest)
        plane = s.cat.cards[front].describe()
        _say(s, f"{who}'s front waiting plane {plane} takes a fourth Departure space.")
        _begin_takeoff(s)
    elif card.kind == "bag-draw":
        bag = list(s.bag)
        drawn = [d for d in (die.draw(bag, s.rng) for _ in range(card.amount)) if d != EMPTY]
        s.bag = (bag[0], bag[1], bag[2])
        _say(s, f"{who} draws and rolls " + ", ".join(die.describe(d) for d in drawn) + ".")
        s.pending = tuple(drawn)
        s.swaps = 0
        s.after = AFTER_CARD
        s.step = PLACE_DIE
    else:
        _locate_fill(s, chained=False)


def _locate_fill(s: State, chained: bool) -> None:
    """Turn planes from the plane deck into LOCATE's view; the first Event met takes effect."""
    card = s.cat.cards[s.card]
    while len(s.locate) < card.amount and s.decks[0]:
        c = _pop(s, 0)
        if s.cat.cards[c].type == EVENT:
            if chained:
                s.discard = (*s.discard, c)
                _say(s, f"{s.cat.cards[c].title} is discarded without effect: events do not chain.")
                continue
            _reveal_event(s, c, 0, INTO_LOCATE)
            return
        s.locate = (*s.locate, c)
    s.actor = s.current
    s.step = CARD_EFFECT
    shown = ", ".join(s.cat.cards[c].describe() for c in s.locate)
    _say(s, f"{seat_name(s.current)} looks at {len(s.locate)} planes.", s.current, f"You look at {shown}.")
    if not s.locate:
        _begin_takeoff(s)


def _effect(s: State, seat: int, action: Action) -> None:
    cards = s.cat.cards
    card = cards[s.card]
    who = seat_name(seat)
    if action == PASS:
        if card.kind == "reroll" and s.rerolled != EMPTY:
            _say(s, f"{who} rerolls no more dice.")
        else:
            _say(s, f"{who} discards {card.title} without using it.")
        _begin_takeoff(s)
        return
    if action == USE:
        _use(s, seat, card)
        return
    if isinstance(action, Adjust | Flip | Paint | Reroll):
        d = (
            _second(s, action.where, action.face)
            if isinstance(action, Reroll)
            else find_face(dice_at(s, seat, action.where), action.face)
        )
        if isinstance(action, Adjust):
            new = die.with_value(d, die.value(d) + action.delta)
        elif isinstance(action, Flip):
            new = die.with_value(d, 7 - die.value(d))
        elif isinstance(action, Paint):
            new = die.with_shown(d, action.colour)
        else:
            new = die.with_value(d, s.rng.below(6) + 1)
        _say(
            s,
            f"{who} changes the {die.describe(d)} on {_place_words(action.where)} into {die.describe(new)}.",
        )
        where = _replace_die(s, seat, action.where, d, new)
        if isinstance(action, Reroll) and s.rerolled == EMPTY and card.amount > 1:
            s.rerolled = REROLLED_ONE if where is None else _rerolled_at(where, new)
            if effect_options(s):
                return
        _begin_takeoff(s)
    elif isinstance(action, Pick):
        d = find_face(s.load[action.space], action.face)
        s.load[action.space] = remove(s.load[action.space], d)
        _say(s, f"{who} picks the {die.describe(d)} from load space {action.space + 1}.")
        s.pending = (d,)
        s.swaps = 0
        s.after = AFTER_CARD
        s.step = PLACE_DIE
    elif isinstance(action, Transfer):
        spaces = list(s.departure[seat])
        docked = spaces[action.plane]
        assert docked is not None
        d = find_face(docked.dice, action.face)
        spaces[action.plane] = Docked(docked.card, remove(docked.dice, d))
        s.departure[seat] = tuple(spaces)
        _place(s, seat, d, action.where)
        _say(
            s,
            f"{who} moves the {die.describe(d)} from {_place_words(action.plane)} "
            f"to {_place_words(action.where)}.",
        )
        _begin_takeoff(s)
    elif isinstance(action, Exchange):
        spaces = list(s.departure[seat])
        docked = spaces[action.plane]
        assert docked is not None
        queue = list(s.waiting[seat])
        incoming = queue[action.waiting]
        queue[action.waiting] = docked.card
        spaces[action.plane] = Docked(incoming)
        s.departure[seat] = tuple(spaces)
        s.waiting[seat] = tuple(queue)
        _say(s, f"{who} swaps {cards[docked.card].describe()} with waiting plane {action.waiting + 1}, "
             f"{cards[incoming].describe()}.")  # fmt: skip
        if len(docked.dice) > _room(s, seat) and len({die.face(d) for d in docked.dice}) > 1:
            s.pending, s.after, s.step = docked.dice, AFTER_SWAP, PLACE_DIE  # the player chooses
            _say(s, f"Its dice find too little room on the Airport: {who} chooses which go back in the bag.")
            return
        _unload(s, seat, docked.dice)
        _begin_takeoff(s)
    elif isinstance(action, Scrap):
        if action.waiting:
            queue = list(s.waiting[seat])
            c = queue.pop(action.index)
            s.waiting[seat] = tuple(queue)
            _say(
                s,
                f"{who} scraps waiting plane {action.index + 1}.",
                seat,
                f"You scrap {cards[c].describe()}.",
            )
        else:
            docked = s.departure[seat][action.index]
            assert docked is not None
            c = docked.card
            s.bag = die.returned(s.bag, docked.dice)
            _say(s, f"{who} scraps {cards[c].describe()}; its dice go back into the bag.")
            _free_departure(s, seat, action.index, move_up=True)  # says what moves up into the space
        _bottom(s, [c])
        _begin_takeoff(s)
    elif isinstance(action, Choose):
        c = s.cat.by_id[action.card]
        rest = [x for x in s.locate if x != c]
        s.locate = ()
        s.waiting[seat] = (*s.waiting[seat], c)
        _bottom(s, rest)
        _say(s, f"{who} puts one of them at the back of their Waiting queue.", seat,
             f"You put {cards[c].describe()} at the back of your Waiting queue.")  # fmt: skip
        _move_up(s, seat)  # says what moves up, after the plane that made it possible
        _begin_takeoff(s)


def _replace_die(s: State, seat: int, where: int, old: int, new: int) -> int | None:
    """Swap ``old`` for ``new`` at ``where``; a die no longer meeting its plane goes to the Airport or bag.

    Returns where the new die ended up, ``None`` for the bag (``AIRPORT`` is ``EMPTY``, -1).
    """
    if where == AIRPORT:
        s.airport[seat] = add(remove(s.airport[seat], old), new)
        return AIRPORT
    spaces = list(s.departure[seat])
    docked = spaces[where]
    assert docked is not None
    dice = add(remove(docked.dice, old), new)
    if arrangeable(slots_of(s, docked), dice):
        spaces[where] = Docked(docked.card, dice)
        s.departure[seat] = tuple(spaces)
        return where
    spaces[where] = Docked(docked.card, remove(docked.dice, old))
    s.departure[seat] = tuple(spaces)
    if len(s.airport[seat]) < s.cat.limits.airport_spaces:
        s.airport[seat] = add(s.airport[seat], new)
        _say(s, f"The {die.describe(new)} no longer fits its plane and moves to the Airport.")
        return AIRPORT
    s.bag = die.returned(s.bag, (new,))
    _say(
        s,
        f"The {die.describe(new)} no longer fits its plane; the Airport is full, so it goes back in the bag.",
    )
    return None


def _room(s: State, seat: int) -> int:
    """Free spaces on ``seat``'s Airport."""
    return s.cat.limits.airport_spaces - len(s.airport[seat])


def _settle_swapped(s: State, seat: int) -> None:
    """SWAP PLANES' dice: once the Airport has room for those left, they go there (ARU-ACT-13)."""
    if len(s.pending) <= _room(s, seat):
        for d in s.pending:
            s.airport[seat] = add(s.airport[seat], d)
        if s.pending:
            named = listed([die.describe(d) for d in s.pending])
            _say(s, f"The {named} {'goes' if len(s.pending) == 1 else 'go'} to the Airport.")
        s.pending = ()
        _placed(s)


def _unload(s: State, seat: int, dice: tuple[int, ...]) -> None:
    """Dice leaving a plane go to free Airport spaces; those without room go back in the bag."""
    lost = []
    for d in dice:
        if len(s.airport[seat]) < s.cat.limits.airport_spaces:
            s.airport[seat] = add(s.airport[seat], d)
        else:
            lost.append(d)
    if lost:
        s.bag = die.returned(s.bag, lost)
        _say(s, f"{len(lost)} of its dice find no Airport space and go back in the bag.")


def _bottom(s: State, planes: list[int]) -> None:
    """Put ``planes`` at the bottom of the plane deck, in random order."""
    s.rng.shuffle(planes)
    s.decks[0] = (*planes, *s.decks[0])


# -- Action 3 ---------------------------------------------------------------------------


def _take_off(s: State, seat: int, p: int, move_up: bool = True) -> None:
    docked = s.departure[seat][p]
    assert docked is not None
    card = s.cat.cards[docked.card]
    s.bag = die.returned(s.bag, docked.dice)
    s.taken[seat] = (*s.taken[seat], docked.card)
    count = len(s.taken[seat])
    _say(s, f"{seat_name(seat)} takes off a plane from Departure {p + 1} ({count} taken off).", seat,
         f"You take off {card.describe()} ({count} taken off).")  # fmt: skip
    _free_departure(s, seat, p, move_up)
    if count == s.cat.limits.takeoffs_to_end and s.last_turn == EMPTY and s.step != FINAL_LOAD:
        _trigger_end(s, f"{seat_name(seat)} has taken off {count} planes")


def _trigger_end(s: State, why: str) -> None:
    """The round in progress is finished, then everyone plays one last turn."""
    round_end = (s.turn // s.n + 1) * s.n
    s.last_turn = round_end + s.n - 1
    _say(s, f"{why}: the round is finished, then one last round.")


def _move_up(s: State, seat: int) -> None:
    """Fill an empty Departure space from the front of the Waiting queue (after LOCATE adds a plane)."""
    spaces = list(s.departure[seat])
    regular = s.cat.limits.departure_spaces
    if s.waiting[seat] and None in spaces[:regular]:
        at = spaces.index(None)
        front = s.waiting[seat][0]
        s.waiting[seat] = s.waiting[seat][1:]
        spaces[at] = Docked(front)
        s.departure[seat] = tuple(spaces)
        _say(
            s,
            f"Plane {s.cat.cards[front].id} moves up from the Waiting queue to Departure {at + 1}.",
        )


def _free_departure(s: State, seat: int, p: int, move_up: bool) -> None:
    """Empty Departure ``p``; OVERLOAD's extra space disappears, another is refilled from the queue."""
    spaces = list(s.departure[seat])
    if p >= s.cat.limits.departure_spaces:
        del spaces[p]
    else:
        spaces[p] = None
        if move_up and s.waiting[seat]:
            front = s.waiting[seat][0]
            s.waiting[seat] = s.waiting[seat][1:]
            spaces[p] = Docked(front)
            _say(
                s,
                f"Plane {s.cat.cards[front].id} moves up from the Waiting queue to Departure {p + 1}.",
            )
    s.departure[seat] = tuple(spaces)


# -- Action 4 and events ----------------------------------------------------------------


def _pop(s: State, deck: int) -> int:
    cards = s.decks[deck]
    s.decks[deck] = cards[:-1]
    return cards[-1]


def _draw(s: State, seat: int, action: Draw) -> None:
    cards = s.cat.cards
    who = seat_name(seat)
    if action.slot == DECK:
        c = _pop(s, action.deck)
        if cards[c].type == EVENT:
            _say(s, f"{who} draws blind from the {DECK_NAMES[action.deck]} deck.")
            _reveal_event(s, c, action.deck, DECK)
            return
        s.hands[seat] = (*s.hands[seat], c)
        _say(s, f"{who} draws a card from the {DECK_NAMES[action.deck]} deck.", seat,
             f"You draw {cards[c].describe()} from the {DECK_NAMES[action.deck]} deck.")  # fmt: skip
        if _fill_gaps(s, action.deck):
            return
    else:
        row = list(s.supply[action.deck])
        c = row[action.slot]
        row[action.slot] = EMPTY
        s.supply[action.deck] = tuple(row)
        s.hands[seat] = (*s.hands[seat], c)
        s.known[seat] = s.known[seat] | {c}
        _say(s, f"{who} takes {cards[c].describe()} from the {DECK_NAMES[action.deck]} Supply.")
        if _refill_supply(s, action.deck, action.slot, chained=False) or _fill_gaps(s, action.deck):
            return
    _continue_draw(s)


def _continue_draw(s: State) -> None:
    s.actor = s.current
    s.step = DRAW
    if not draw_options(s):
        if len(s.hands[s.current]) < s.cat.limits.hand_size:  # the hand stays short (ARU-EDGE-03)
            _say(s, f"{seat_name(s.current)} cannot take a card: both decks and Supplies are empty.")
        _end_turn(s)


def _refill_supply(s: State, deck: int, slot: int, chained: bool) -> bool:
    """Fill a Supply place from its deck; returns True when an Event interrupts (resumed later)."""
    while s.decks[deck]:
        c = _pop(s, deck)
        if s.cat.cards[c].type != EVENT:
            row = list(s.supply[deck])
            row[slot] = c
            s.supply[deck] = tuple(row)
            return False
        if chained:
            s.discard = (*s.discard, c)
            _say(s, f"{s.cat.cards[c].title} is discarded without effect: events do not chain.")
            continue
        _reveal_event(s, c, deck, slot)
        return True
    _say(s, f"The {DECK_NAMES[deck]} deck is empty: its Supply is not refilled.")
    return False


def _fill_gaps(s: State, deck: int) -> bool:
    """Refill the Supply places of ``deck`` left empty while the deck was empty, now that it holds cards
    again (SCRAP and LOCATE put planes under it): a Supply shows 3 cards whenever its deck can give them
    (ARU-DRAW-03). True when an Event interrupts (the rest are filled after it)."""
    for slot, card in enumerate(s.supply[deck]):
        if card == EMPTY and s.decks[deck] and _refill_supply(s, deck, slot, chained=False):
            return True
    return False


def _reveal_event(s: State, c: int, deck: int, slot: int) -> None:
    card: Card = s.cat.cards[c]
    if card.kind != "storm":  # STORM stays face up until it passes (ARU-EVT-06, ARU-EVT-07)
        s.discard = (*s.discard, c)
    s.event = c
    s.refill = (deck, slot)
    _say(s, f"Event: {card.title}. {card.text}")
    order = tuple((s.current + k) % s.n for k in range(s.n))
    kind = card.kind
    if kind == "storm":
        s.storm = s.current
        s.storm_turn = s.turn
        s.queue = ()
    elif kind == "strike":
        for dice in s.load:
            s.bag = die.returned(s.bag, dice)
        s.load = [() for _ in s.load]
        refill_load_spaces(s)
        s.queue = ()
    elif kind == "inspection":
        for seat in range(s.n):
            queue = s.waiting[seat]
            if len(queue) > 1:
                s.waiting[seat] = (*queue[1:], queue[0])
        s.queue = ()
    else:  # fog, tailwind, rush-hour: each seat in turn from the active player
        s.queue = order
    _next_event_seat(s)


def _next_event_seat(s: State) -> None:
    kind = s.cat.cards[s.event].kind
    while s.queue:
        seat = s.queue[0]
        if kind == "fog" and s.airport[seat]:
            s.actor = seat
            s.step = EVENT_STEP
            return
        if kind == "rush-hour" and (
            takeoff_options(s, seat) if seat != s.current else s.takeoffs == 0 and _may_take_off(s, seat)
        ):
            s.actor = seat
            s.step = EVENT_STEP
            return
        s.queue = s.queue[1:]
        if kind == "fog":
            _say(s, f"{seat_name(seat)} has no die on their Airport: FOG takes nothing from them.")
        if kind == "tailwind":
            bag = list(s.bag)
            d = die.draw(bag, s.rng)
            s.bag = (bag[0], bag[1], bag[2])
            if d == EMPTY:
                _say(s, f"{seat_name(seat)} gets no die: the bag is empty.")
                continue
            _say(s, f"{seat_name(seat)} draws and rolls a {die.describe(d)}.")
            s.actor = seat
            s.pending = (d,)
            s.swaps = 0
            s.after = AFTER_EVENT
            s.step = PLACE_DIE
            return
    _finish_event(s)


def _may_take_off(s: State, seat: int) -> bool:
    """Whether the active player has a RUSH HOUR take-off to weigh: a ready plane, or Airport dice
    that they may load first (a plane may become ready). STORM forbids every take-off."""
    return bool(takeoff_options(s, seat) or (s.storm == EMPTY and load_moves(s, seat)))


def _finish_event(s: State) -> None:
    deck, slot = s.refill
    s.event = EMPTY
    s.refill = (EMPTY, EMPTY)
    s.actor = s.current
    if slot == INTO_LOCATE:
        _locate_fill(s, chained=True)
        return
    if slot == DECK:
        while s.decks[deck]:
            c = _pop(s, deck)
            if s.cat.cards[c].type == EVENT:
                s.discard = (*s.discard, c)
                _say(s, f"{s.cat.cards[c].title} is discarded without effect: events do not chain.")
                continue
            s.hands[s.current] = (*s.hands[s.current], c)
            _say(s, f"{seat_name(s.current)} draws again from the {DECK_NAMES[deck]} deck.", s.current,
                 f"You draw {s.cat.cards[c].describe()}.")  # fmt: skip
            break
    else:
        _refill_supply(s, deck, slot, chained=True)
    if _fill_gaps(s, deck):
        return
    _continue_draw(s)


# -- the end ----------------------------------------------------------------------------


def _begin_final(s: State) -> None:
    _say(s, "The last round is over: final take-off.")
    s.queue = tuple((s.first + k) % s.n for k in range(s.n))
    s.step = FINAL_LOAD
    _next_final_seat(s)


def _next_final_seat(s: State) -> None:
    while s.queue:
        seat = s.queue[0]
        if load_moves(s, seat):
            s.actor = seat
            s.step = FINAL_LOAD
            return
        s.queue = s.queue[1:]
    for seat in range(s.n):
        p = 0
        while p < len(s.departure[seat]):
            if is_ready(s, s.departure[seat][p]):
                _take_off(s, seat, p, move_up=False)
                if len(s.departure[seat]) <= p or s.departure[seat][p] is None:
                    p += 1
            else:
                p += 1
    s.step = OVER
    s.actor = EMPTY
    _say(s, "The game is over.")


# -- explaining refusals ----------------------------------------------------------------


def why_illegal(s: State, action: object) -> str:
    if s.step == OVER:
        return "the game is over"
    who = seat_name(s.actor)
    if isinstance(action, TakeOff) and s.step in (TAKE_OFF, EVENT_STEP):
        if s.storm != EMPTY:
            return "a STORM is in force: no plane may take off"
        if s.step == TAKE_OFF and s.takeoffs >= s.takeoff_limit:
            return "only one plane may take off per turn (CONTROL allows a second)"
        return "that plane is not ready: every slot needs a fitting die and the total must be exact"
    if isinstance(action, Put) and s.step == PLACE_DIE:
        return f"the {die.face_name(action.face)} cannot go there (needs a slot it meets, or Airport room)"
    if isinstance(action, Discard) and s.step == PLACE_DIE:
        return "a die that can be placed must be placed"
    if isinstance(action, Draw) and len(s.hands[s.current]) >= s.cat.limits.hand_size:
        return f"{who} already holds {s.cat.limits.hand_size} cards"
    if isinstance(action, TakeDice) and s.step == TAKE_DICE:
        return "take 1-3 dice of one colour, or 1-3 of different colours, all from one load space"
    if isinstance(action, Play) and s.step == PLAY_CARD:
        return f"{who} holds no such card"
    return f"{who} must now {TASKS[s.step]}, and this is not one of the choices"
