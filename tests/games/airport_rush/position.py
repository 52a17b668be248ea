"""Build Airport Rush positions for scenario tests, by card id and dice notation.

    s = position(players=2, departure={0: [("BR1", "b3 r5"), "US2", None]},
                 airport={0: "y2"}, hands={0: ["FR3", "control"]}, load={0: "r1 r2 b6"})

Dice are written as faces (``r5`` red 5, ``y2``, ``b6``) separated by spaces; a
Departure entry is a plane id, ``(plane id, dice)`` or ``None`` (empty space).
Hand entries are plane ids or action kinds (``control``…). Every card named is
taken from wherever setup put it, so cards are conserved and determinization
still works; dice are taken from the bag. The position starts at the beginning
of ``current``'s turn (Action 1) with every objective already kept, forced
decisions *not* taken unless ``settle=True``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from skyhall.core.state import EMPTY
from skyhall.games import airport_rush
from skyhall.games.airport_rush import die, rules
from skyhall.games.airport_rush.cards import Catalog, load
from skyhall.games.airport_rush.plane import Docked
from skyhall.games.airport_rush.state import State
from tests.games.checked import legal, play

CAT: Catalog = load()

DepartureSpec = str | tuple[str, str] | None


def idx(card_id: str) -> int:
    return CAT.by_id[card_id]


def dice(text: str) -> tuple[int, ...]:
    """``"r5 b2"`` as dice (true colour = shown colour), sorted."""
    out = []
    for word in text.split():
        colour = die.LETTERS.index(word[0])
        out.append(die.make(colour, int(word[1:])))
    return tuple(sorted(out))


def card_for(s: State, name: str, taken: set[int]) -> int:
    """A plane by id, or a not-yet-used copy of an action card kind."""
    if name in CAT.by_id:
        return idx(name)
    for c in CAT.action_of_kind(name):
        if c not in taken:
            return c
    raise ValueError(f"no free card {name!r}")


def _remove(s: State, cards: set[int]) -> None:
    s.decks = [tuple(c for c in d if c not in cards) for d in s.decks]
    s.supply = [tuple(EMPTY if c in cards else c for c in row) for row in s.supply]
    s.hands = [tuple(c for c in h if c not in cards) for h in s.hands]
    s.known = [k - cards for k in s.known]
    s.waiting = [tuple(c for c in q if c not in cards) for q in s.waiting]
    s.taken = [tuple(c for c in t if c not in cards) for t in s.taken]
    s.departure = [
        tuple(None if p is not None and p.card in cards else p for p in row) for row in s.departure
    ]


def _take_dice(s: State, wanted: tuple[int, ...]) -> None:
    bag = list(s.bag)
    for d in wanted:
        colour = die.true_colour(d)
        if bag[colour] == 0:
            raise ValueError("not enough dice in the bag for this position")
        bag[colour] -= 1
    s.bag = (bag[0], bag[1], bag[2])


def position(
    players: int = 2,
    seed: int = 0,
    departure: Mapping[int, Sequence[DepartureSpec]] | None = None,
    waiting: Mapping[int, Sequence[str]] | None = None,
    airport: Mapping[int, str] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    taken: Mapping[int, Sequence[str]] | None = None,
    load: Mapping[int, str] | None = None,
    objectives: Mapping[int, Sequence[str]] | None = None,
    current: int = 0,
    settle: bool = False,
) -> State:
    """A position at the start of ``current``'s turn (seat 0 is the first player)."""
    s = airport_rush.new_game(players, seed, {"first_player": 0})
    while s.step == 0:  # keep the first two objectives dealt
        dealt = sorted(CAT.objectives[o].id for o in s.dealt[s.actor])
        s.apply(airport_rush.CODEC.parse(f"keep {dealt[0]} {dealt[1]}"))
    used: set[int] = set()
    named: dict[str, list[int]] = {}

    def claim(name: str) -> int:
        c = card_for(s, name, used)
        used.add(c)
        named.setdefault(name, []).append(c)
        return c

    def departing(entry: DepartureSpec) -> tuple[int, str] | None:
        if entry is None:
            return None
        name, text = (entry, "") if isinstance(entry, str) else entry
        return claim(name), text

    plan_departure = {seat: [departing(e) for e in row] for seat, row in (departure or {}).items()}
    plan_waiting = {seat: [claim(c) for c in q] for seat, q in (waiting or {}).items()}
    plan_hands = {seat: [claim(c) for c in h] for seat, h in (hands or {}).items()}
    plan_taken = {seat: [claim(c) for c in t] for seat, t in (taken or {}).items()}
    _remove(s, used)
    # Dice: put every die on the table back in the bag, then take what the position names.
    for seat in range(players):
        s.bag = die.returned(s.bag, s.airport[seat])
        for p in s.departure[seat]:
            if p is not None:
                s.bag = die.returned(s.bag, p.dice)
    for on_space in s.load:
        s.bag = die.returned(s.bag, on_space)
    s.load = [() for _ in s.load] if load is not None else list(s.load)
    for seat, row in plan_departure.items():
        spaces: list[Docked | None] = []
        for entry in row:
            if entry is None:
                spaces.append(None)
            else:
                c, text = entry
                spaces.append(Docked(c, dice(text)))
        s.departure[seat] = tuple(spaces)
    for seat, q in plan_waiting.items():
        s.waiting[seat] = tuple(q)
    for seat, h in plan_hands.items():
        s.hands[seat] = tuple(h)
    for seat, t in plan_taken.items():
        s.taken[seat] = tuple(t)
    for seat, text in (airport or {}).items():
        s.airport[seat] = dice(text)
    for space, text in (load or {}).items():
        s.load[space] = dice(text)
    for seat, ids in (objectives or {}).items():
        s.objectives[seat] = tuple(CAT.objective_ids[o] for o in ids)
    on_table: list[int] = [d for a in s.airport for d in a] + [d for sp in s.load for d in sp]
    for docks in s.departure:
        for docked in docks:
            if docked is not None:
                on_table.extend(docked.dice)
    s.bag = tuple(s.cat.limits.dice)
    _take_dice(s, tuple(on_table))
    s.log = None
    s.turn = current
    s.storm = s.storm_turn = EMPTY
    rules.begin_turn(s)
    s._legal = None
    if settle:
        s.settle()
    return s


def with_deck(s: State, deck: int, top_first: Sequence[str]) -> State:
    """Put these cards (plane ids / action kinds / event ids) on top of deck 0 (planes) or 1 (actions)."""
    chosen: list[int] = []
    used: set[int] = set()
    for name in top_first:
        c = card_for(s, name, used | set(s.hands[0]) | set(chosen))
        chosen.append(c)
        used.add(c)
    _remove(s, set(chosen))
    s.decks[deck] = (*[c for c in s.decks[deck] if c not in chosen], *reversed(chosen))
    s._legal = None
    return s


def faces(dice_tuple: tuple[int, ...]) -> str:
    """Dice back to notation, sorted: ``"b2 r5"``."""
    return " ".join(die.name(d) for d in sorted(dice_tuple))


__all__ = ["CAT", "dice", "faces", "idx", "legal", "play", "position", "with_deck"]
