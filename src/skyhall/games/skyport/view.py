"""What one seat may know, and full states sampled to agree with it.

:func:`build_view` is the only way information leaves a state toward a seat.
:func:`determinize` rebuilds a complete state from a view alone, so a search
agent that determinizes can never peek at what its seat cannot see.

Hidden from a seat (until the game is over): the order and identity of the
airship deck's cards, the cards a rival drew face down (starting hand, Supplier
draw), and the cards under the top of each station deck and Promenade stack.
Public: everything else, including the number of cards in every hand and deck,
and which cards a rival took openly from the board, a station deck or the
Promenade. The choices of the pending decision go to the seat that makes it only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from skyhall.core import log
from skyhall.core.draft import Drafts
from skyhall.core.memo import ByIdentity, Guarded
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY, check_seat, filled
from skyhall.games.skyport.actions import Action
from skyhall.games.skyport.cards import (
    CLOSING,
    COLOURS,
    ICONS,
    KIND_NAMES,
    NO_COLOUR,
    SET_KINDS,
    SUPPLIER,
    TYCOON_KINDS,
    WILD,
    Card,
    Catalog,
    Space,
)
from skyhall.games.skyport.lane import Berth, Lane, Row
from skyhall.games.skyport.rules import diplomat_bonus
from skyhall.games.skyport.scoring import lane_stars
from skyhall.games.skyport.steps import NAMES, OVER, PHASES, WALK

if TYPE_CHECKING:
    from skyhall.games.skyport.state import State


@dataclass(frozen=True, slots=True)
class View:
    """A seat's knowledge of the game (``seat`` ``None``: a spectator). Cards are catalog indices."""

    game: ClassVar[str] = "skyport"
    """The id of the game this is a view of."""
    LOOKUPS: ClassVar[tuple[str, ...]] = ("cards", "spaces")
    """The keys of :meth:`to_dict` that describe cards and board spaces named elsewhere in it: what
    follows from their ids and the game's data. A client draws with them; a key for what the seat
    knows may leave them out."""

    cat: Catalog
    seat: int | None
    players: int
    cities: tuple[int, ...]
    first: int
    current: int
    to_act: int | None
    step: int
    turn: int
    last_turn: int
    deck_size: int
    """Cards in the airship deck, the Station Closing card included while it is there."""
    closing_in_deck: bool
    board: tuple[int, ...]
    station_decks: tuple[tuple[int, ...], ...]
    """Each station deck bottom first, with every card but the top shown as ``EMPTY`` until the end."""
    promenade: tuple[tuple[int, ...], ...]
    """Each tycoon stack bottom first, hidden below the top like the station decks."""
    token_stacks: tuple[tuple[int, ...], ...]
    rows: tuple[Row, ...]
    hands: tuple[tuple[int, ...], ...]
    """Each hand with the cards this seat may not see shown as ``EMPTY``."""
    seen_in_hand: frozenset[int]
    """The cards of this seat's own hand that every seat saw it take (face up from the board), so its
    rivals know it holds them (empty for a spectator): what a determinization keeps them knowing."""
    standees: tuple[int, ...]
    owned: tuple[tuple[int, int], ...]
    card: int
    base_move: int
    queue: tuple[int, ...]
    used: int
    tycoon: int
    space: int
    allowance: int
    """The walk allowed this turn: the turn's Player Movement plus the Diplomat's bonus."""
    legal: tuple[Action, ...]
    """The pending decision's choices when this view's seat makes it, else empty."""
    deck: tuple[int, ...] | None
    """The deck's order, bottom first: shown only when the game is over (or the view reveals all)."""
    log: tuple[str, ...]

    @property
    def is_over(self) -> bool:
        return self.step == OVER

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form with card ids in place of indices (what a client receives)."""
        cards = self.cat.cards

        def cid(c: int) -> str | None:
            return None if c == EMPTY else cards[c].id

        def position(item: Lane | Berth) -> dict[str, Any]:
            if isinstance(item, Lane):
                return {"lane": COLOURS[item.colour], "cards": [cards[c].id for c in item.cards]}
            return {"station": cards[item.station].id, "tycoon": cid(item.tycoon)}

        def stars(row: Row) -> list[int | None]:
            return [
                lane_stars(self.cat, row, pos)[0] if isinstance(item, Lane) else None
                for pos, item in enumerate(row)
            ]

        data: dict[str, Any] = {
            "game": "skyport",
            "seat": self.seat,
            "players": self.players,
            "cities": [self.cat.cities[c].id for c in self.cities],
            "first": self.first,
            "current": self.current,
            "to_act": self.to_act,
            "phase": PHASES[self.step],
            "decision": NAMES[self.step],
            "turn": self.turn,
            "last_turn": None if self.last_turn == EMPTY else self.last_turn,
            "deck_size": self.deck_size,
            "closing_in_deck": self.closing_in_deck,
            "board": [cid(c) for c in self.board],
            "station_decks": [{"size": len(d), "top": cid(d[-1]) if d else None} for d in self.station_decks],
            "promenade": {
                TYCOON_KINDS[k]: {"size": len(stack), "top": cid(stack[-1]) if stack else None}
                for k, stack in enumerate(self.promenade)
            },
            "tokens": {
                "colours": list(reversed(self.token_stacks[0])),
                "icons": list(reversed(self.token_stacks[1])),
            },
            "rows": [[position(item) for item in row] for row in self.rows],
            "lane_stars": [stars(row) for row in self.rows],
            "hands": [
                {"size": len(hand), "cards": [cid(c) for c in hand if c != EMPTY]} for hand in self.hands
            ],
            "standees": [None if p == EMPTY else self.cat.spaces[p].id for p in self.standees],
            "tokens_owned": [
                {"colours": None if a == EMPTY else a, "icons": None if b == EMPTY else b}
                for a, b in self.owned
            ],
            "played": cid(self.card),
            "movement": self.base_move,
            "allowance": self.allowance if self.step == WALK else None,
            "space": None if self.space == EMPTY else self.cat.spaces[self.space].id,
            "seen_in_hand": sorted(self.cat.cards[c].id for c in self.seen_in_hand),
            "legal": [str(a) for a in self.legal],
            "log": list(self.log),
            "spaces": [_space_dict(space) for space in self.cat.spaces],
            "tycoon_in_use": None if self.tycoon == EMPTY else TYCOON_KINDS[self.tycoon],
            "tycoons_used": [kind for k, kind in enumerate(TYCOON_KINDS) if self.used & (1 << k)],
        }
        data["cards"] = {card_id: card_dict(cards[self.cat.by_id[card_id]]) for card_id in _ids_in(data)}
        return data


def card_dict(card: Card) -> dict[str, Any]:
    """What is printed on ``card``, for a table to draw it (every field always present)."""

    def colour(c: int) -> str | None:
        return None if c == NO_COLOUR else "wild" if c == WILD else COLOURS[c]

    return {
        "kind": KIND_NAMES[card.kind],
        "colour": colour(card.colour),
        "movement": card.movement,
        "icons": dict(zip(ICONS, card.icons, strict=True)),
        "ability": card.ability or None,
        "reach": list(card.reach),
        "swap_colours": [COLOURS[c] for c in card.swap_colours],
        "left": colour(card.left),
        "right": colour(card.right),
        "tycoon": TYCOON_KINDS[card.tycoon] if card.tycoon >= 0 else None,
        "tycoon_swap": card.tycoon_swap,
        "starting": card.starting,
    }


def _space_dict(space: Space) -> dict[str, Any]:
    """A board space: its id and kind, plus its reach, station deck or complete-set kind."""
    return {
        "id": space.id,
        "kind": space.kind,
        "reach": list(space.reach) if space.kind == "movement" else None,
        "deck": space.deck if space.kind == "station" else None,
        "set": SET_KINDS[space.set] if space.kind == "set" else None,
    }


def _ids_in(data: dict[str, Any]) -> list[str]:
    """Every card id ``data`` names: board, tops of decks and Promenade, rows, visible hands, played card."""
    found = [c for c in data["board"] if c]
    found += [d["top"] for d in data["station_decks"] if d["top"]]
    found += [stack["top"] for stack in data["promenade"].values() if stack["top"]]
    for row in data["rows"]:
        for item in row:
            found += item["cards"] if "lane" in item else [c for c in (item["station"], item["tycoon"]) if c]
    for hand in data["hands"]:
        found += hand["cards"]
    if data["played"]:
        found.append(data["played"])
    return sorted(set(found))


def _hidden_below_top(stack: tuple[int, ...]) -> tuple[int, ...]:
    return (EMPTY,) * (len(stack) - 1) + stack[-1:]


NOTHING_SEEN: frozenset[int] = frozenset()


def _rival_hand(hand: tuple[int, ...], known: frozenset[int]) -> tuple[int, ...]:
    """A rival's ``hand`` with the cards not in ``known`` shown as ``EMPTY``.

    Most hands are all face down or all known, and checking that first is cheaper
    than masking card by card.
    """
    if known.isdisjoint(hand):
        return (EMPTY,) * len(hand)
    if known.issuperset(hand):
        return hand
    return tuple(c if c in known else EMPTY for c in hand)


_Tops = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
_tops_done: ByIdentity[_Tops] = ByIdentity()
_last_tops: list[tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], _Tops]] = [
    ((), (), ((), ()))
]
"""The stacks last masked and their masked copies, one tuple (so another thread reads a whole entry)."""


def _tops_only(s: State) -> _Tops:
    """The station decks and Promenade stacks with every card but the top hidden.

    The stacks are immutable tuples that change only when a card is taken from one, and every seat
    sees the same tops, so nearly every view asks for the stacks of the view before: those are
    checked first, by equality (two tuple comparisons, mostly of the very same objects; equal stacks
    mask alike). Other stacks are remembered by their identities, then kept as the last.
    """
    decks, stacks = tuple(s.station_decks), tuple(s.promenade)
    last = _last_tops[0]
    if decks == last[0] and stacks == last[1]:
        return last[2]
    tops = _tops_done(
        (*decks, *stacks),
        lambda: (tuple(map(_hidden_below_top, decks)), tuple(map(_hidden_below_top, stacks))),
    )
    _last_tops[0] = (decks, stacks, tops)
    return tops


_diplomat_bonus = Guarded(diplomat_bonus).get
""":func:`~skyhall.games.skyport.rules.diplomat_bonus`, remembered by the identity of the row (a row
stays the same tuple until a card is placed in it, while finding the Diplomat scans it) for the same
catalog."""


DRAFTS = Drafts(View)


def build_view(s: State, seat: int | None, log: bool = True, reveal: bool = False) -> View:
    """What ``seat`` may know of ``s``; after the game ends, or with ``reveal``, everything is revealed.

    ``reveal`` changes only what is shown, never the position: ``to_act`` and ``legal`` stay.

    A view is built at every bot decision and RL step, so it is filled in as a draft
    (:mod:`skyhall.core.draft`) and shares what it can with the state.
    """
    check_seat(seat, s.n)
    shown = reveal or s.step == OVER
    v = DRAFTS.new()
    v.cat = s.cat
    v.seat = seat
    v.players = s.n
    v.cities = s.cities
    v.first = s.first
    v.current = s.current
    v.to_act = to_act = s.to_act
    v.step = s.step
    v.turn = s.turn
    v.last_turn = s.last_turn
    v.deck_size = len(s.deck)
    v.closing_in_deck = CLOSING in s.deck
    v.board = tuple(s.board)
    if shown:
        v.station_decks = tuple(s.station_decks)
        v.promenade = tuple(s.promenade)
    else:
        v.station_decks, v.promenade = _tops_only(s)
    v.token_stacks = tuple(s.token_stacks)
    v.rows = tuple(s.rows)
    known = s.known
    if shown:
        v.hands = tuple(s.hands)
    else:
        v.hands = tuple(
            hand if owner == seat else _rival_hand(hand, known[owner]) for owner, hand in enumerate(s.hands)
        )
    v.seen_in_hand = NOTHING_SEEN if seat is None else known[seat]
    v.standees = tuple(s.standees)
    v.owned = tuple(s.owned)
    v.card = s.card
    v.base_move = s.base_move
    v.queue = s.queue
    v.used = s.used
    v.tycoon = s.tycoon
    v.space = s.space
    v.allowance = s.base_move + _diplomat_bonus(s.rows[s.current], s.cat)
    v.legal = tuple(s.legal_actions()) if seat is not None and seat == to_act else ()
    v.deck = s.deck if shown else None
    v.log = tuple(s.log_for(seat)) if log else ()
    return DRAFTS.seal(v)


def determinize(view: View, rng: Rng) -> State:
    """A full state that ``view``'s seat cannot tell from the real one; hidden cards drawn with ``rng``."""
    from skyhall.games.skyport.state import State  # not at the top: the state module imports this one

    cat = view.cat
    s = State(cat, view.players, Rng(rng.next64()))
    # The card being played (``view.card``) sits in no hand and no row until it is placed.
    seen: set[int] = {c for c in (*view.board, view.card) if c != EMPTY}
    for row in view.rows:
        for item in row:
            seen.update(item.cards if isinstance(item, Lane) else (item.station, item.tycoon))
    for hand in view.hands:
        seen.update(hand)
    for stack in (*view.station_decks, *view.promenade):
        seen.update(stack)

    if view.deck is not None:
        s.deck = view.deck
        hands = list(view.hands)
    else:
        pool = [c for c in cat.deck_for(view.players) if c not in seen]
        rng.shuffle(pool)
        hands = _deal_hidden(view, pool)
        if view.closing_in_deck:
            pool.insert(cat.closing_beneath, CLOSING)
        s.deck = tuple(pool)
    # One pool for both station decks, so no hidden station is dealt into both.
    unseen_stations = [c for c in cat.stations if c not in seen]
    s.station_decks = [_fill(stack, unseen_stations, rng) for stack in view.station_decks]
    s.promenade = [
        _fill(stack, [c for c in cat.tycoons[kind] if c not in seen], rng)
        for kind, stack in enumerate(view.promenade)
    ]
    s.board = list(view.board)
    s.token_stacks = list(view.token_stacks)
    s.rows = list(view.rows)
    s.hands = hands
    s.known = [frozenset(c for c in hand if c != EMPTY) for hand in view.hands]
    if view.seat is not None:  # its rivals know of its own hand what they saw it take, no more
        s.known[view.seat] = view.seen_in_hand
    s.standees = list(view.standees)
    s.owned = list(view.owned)
    s.cities = view.cities
    s.first = view.first
    s.turn = view.turn
    s.last_turn = view.last_turn
    s.current = view.current
    s.actor = EMPTY if view.to_act is None else view.to_act
    s.step = view.step
    s.card = view.card
    s.base_move = view.base_move
    s.queue = view.queue
    s.used = view.used
    s.tycoon = view.tycoon
    s.space = view.space
    for line in view.log:
        s.log = log.append(s.log, line)
    return s


def _deal_hidden(view: View, pool: list[int]) -> list[tuple[int, ...]]:
    """Every hand with its hidden cards dealt from the shuffled ``pool`` (and removed from it).

    A face-down card is one of the seat's starting cards, never a Wild (GCS-SET-21),
    or the card its Supplier drew, which may be any airship. So each hidden card is
    a non-Wild, except one per seat whose skyport hosts a Supplier: those free cards
    are dealt last, so the non-Wild airships the real hands prove exist always suffice.
    """
    cards = view.cat.cards
    hands = [list(hand) for hand in view.hands]
    free: list[tuple[int, int]] = []  # (seat, slot) of each hidden card that may be a Wild
    for seat, hand in enumerate(hands):
        slots = [i for i, c in enumerate(hand) if c == EMPTY]
        if slots and any(
            isinstance(item, Berth) and item.tycoon != EMPTY and cards[item.tycoon].tycoon == SUPPLIER
            for item in view.rows[seat]
        ):
            free.append((seat, slots.pop()))
        for i in slots:
            # The pool is shuffled, so its last non-Wild is a uniform pick among them.
            hand[i] = pool.pop(next(k for k in reversed(range(len(pool))) if not cards[pool[k]].is_wild))
    for seat, i in free:
        hands[seat][i] = pool.pop()
    return [tuple(hand) for hand in hands]


def _fill(stack: tuple[int, ...], unseen: list[int], rng: Rng) -> tuple[int, ...]:
    """``stack`` with its hidden cards drawn (and removed) from ``unseen``, shuffled first if need be."""
    if EMPTY in stack:
        rng.shuffle(unseen)
    return filled(stack, unseen)
