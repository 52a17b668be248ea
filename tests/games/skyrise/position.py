"""Build Skyrise positions for scenario tests, by district and bid value, without playing up to them.

    s = position(players=3, built={"C1": (0, 106), "Na": (1, 44)}, discs={"C2": "patron A"})

The islands default to tiles I1, I2, I3, I4 in the slots N, E, S, W (as many as there
are players); every district in play gets a disc as at setup, then ``discs`` overrides
some (``None`` empties one). ``built`` puts Structures on districts: ``(seat, value)``
for a Building, ``(seat, "W7")`` for the Wonder carrying Wonder card 7 (Era 2). With
``era=2`` the dotted Buildings are available and ``kept`` gives each seat's revealed
Wonder cards. The position starts at an auction opened by ``opener``, forced decisions
*not* taken unless ``settle=True``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games import skyrise
from skyhall.games.skyrise import rules
from skyhall.games.skyrise.bid import WONDER
from skyhall.games.skyrise.cards import COLOURS, COMMISSIONS, PATRON, WILD, Catalog, load
from skyhall.games.skyrise.district import board_for
from skyhall.games.skyrise.setup import disc_bag
from skyhall.games.skyrise.state import State
from tests.games.checked import legal as legal
from tests.games.checked import play as play

CAT: Catalog = load()


def d(name: str) -> int:
    """A district's index."""
    return CAT.district_index[name]


def b(value: int) -> int:
    """A Building's index from its bid value."""
    return CAT.by_value[value]


def disc_code(name: str) -> int:
    """``"yellow"``, ``"patron A"``, ``"wild"``, ``"commissions"`` as a disc code."""
    if name in COLOURS:
        return COLOURS.index(name)
    if name.startswith("patron "):
        return PATRON + CAT.letters.index(name.split()[1])
    return {"wild": WILD, "commissions": COMMISSIONS}[name]


def position(
    players: int = 3,
    seed: int = 0,
    built: Mapping[str, tuple[int, int | str]] | None = None,
    discs: Mapping[str, str | None] | None = None,
    era: int = 1,
    kept: Mapping[int, Sequence[int]] | None = None,
    rows: Mapping[int, Sequence[int]] | None = None,
    layout: Sequence[str] | None = None,
    opener: int = 0,
    options: Mapping[str, object] | None = None,
    settle: bool = False,
) -> State:
    s = skyrise.new_game(players, seed, {"first_player": 0, **(options or {})})
    tiles = list(layout or CAT.tile_ids[:players])
    slots = [CAT.tile_ids.index(t) for t in tiles] + [EMPTY] * (len(CAT.slots) - players)
    s.board = board_for(CAT, tuple(slots))
    bag = disc_bag(CAT, players)
    Rng(seed).shuffle(bag)
    s.discs = [EMPTY] * len(CAT.sites)
    for x in s.board.in_play:
        s.discs[x] = bag.pop()
    for name, disc in (discs or {}).items():
        s.discs[d(name)] = EMPTY if disc is None else disc_code(disc)
    if era == 2:
        s.era = 2
        s.revealed = True
        for seat in range(players):
            s.pool[seat] = tuple(sorted((*s.pool[seat], *s.reserve[seat])))
            s.reserve[seat] = ()
            s.hands[seat] = ()
            s.chosen[seat] = tuple(c - 1 for c in (kept or {}).get(seat, ()))
            s.wonders[seat] = s.chosen[seat]
    for name, (seat, what) in (built or {}).items():
        x = d(name)
        if isinstance(what, str):
            card = int(what[1:]) - 1
            code = WONDER + card
            s.wonders[seat] = tuple(c for c in s.wonders[seat] if c != card)
        else:
            code = b(what)
            s.pool[seat] = tuple(y for y in s.pool[seat] if y != code)
            s.reserve[seat] = tuple(y for y in s.reserve[seat] if y != code)
        s.occupant[x] = code
        s.built[seat] = (*s.built[seat], x)
        s.discs[x] = EMPTY
    for seat, row in (rows or {}).items():
        s.rows[seat] = tuple(row)
    s.log = None
    rules.start_auction(s, opener)
    s._legal = None
    if settle:
        s.settle()
    return s
