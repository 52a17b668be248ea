"""What one seat may know, and full states sampled to agree with it.

Hidden from a seat until the game ends: the other seats' hands (except cards
taken openly from a Supply; the *kind* of each hidden card is public, since
everyone sees which deck it came from), their objectives, their Waiting queues
and the identity of the planes they took off (the counts are public), the
planes they look at with LOCATE, the order of both decks, and which Events are
in play. Public: the load spaces, the bag's contents, both Supplies, every
Departure plane and die, every Airport, the discard pile, and where in each
deck its Events lie (the cut into thirds is exact). Never revealed, not even at
the end: the objectives each seat returned at setup (ARU-HID-02).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from skyhall.core import log
from skyhall.core.draft import Drafts
from skyhall.core.memo import Guarded
from skyhall.core.rng import Rng
from skyhall.core.state import FaceDown, check_seat, filled, rivals_of
from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.actions import Action
from skyhall.games.airport_rush.cards import EVENT, PLANE, Card, Catalog
from skyhall.games.airport_rush.plane import Docked, ready, seating, slot_name
from skyhall.games.airport_rush.scoring import best_assignment, objective_points
from skyhall.games.airport_rush.steps import NAMES, OVER

if TYPE_CHECKING:  # the state module imports this one to build its views
    from skyhall.games.airport_rush.state import State

HIDDEN = -1
"""A card this seat cannot see (a plane, or a card of the deck's kind)."""
HIDDEN_PLANE = -2
"""A hidden hand card known to be a plane."""
HIDDEN_ACTION = -3
"""A hidden hand card known to be an action card."""
EVENT_SLOT = -4
"""A deck position holding an Event not yet revealed."""


@dataclass(frozen=True, slots=True)
class View:
    """A seat's knowledge of the game (``seat`` ``None``: a spectator). Cards are catalog indices."""

    game: ClassVar[str] = "airport-rush"
    """The id of the game this is a view of."""
    LOOKUPS: ClassVar[tuple[str, ...]] = ("cards", "objective_cards")
    """The keys of :meth:`to_dict` that describe cards named elsewhere in it (planes, action cards,
    objectives): what follows from their ids and the game's data. A client draws with them; a key for
    what the seat knows may leave them out."""

    cat: Catalog
    seat: int | None
    players: int
    first: int
    current: int
    to_act: int | None
    step: int
    turn: int
    last_turn: int
    bag: tuple[int, ...]
    load: tuple[tuple[int, ...], ...]
    decks: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    supply: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    known: tuple[frozenset[int], ...]
    dealt: tuple[tuple[int, ...], ...]
    objectives: tuple[tuple[int, ...], ...]
    departure: tuple[tuple[Docked | None, ...], ...]
    waiting: tuple[tuple[int, ...], ...]
    airport: tuple[tuple[int, ...], ...]
    taken: tuple[tuple[int, ...], ...]
    storm: int
    storm_turn: int
    pending: tuple[int, ...]
    swaps: int
    after: int
    takeoffs: int
    takeoff_limit: int
    card: int
    locate: tuple[int, ...]
    rerolled: int
    event: int
    queue: tuple[int, ...]
    refill: tuple[int, int]
    legal: tuple[Action, ...]
    """The pending decision's choices, when this view's seat is the one to act."""
    log: tuple[str, ...]

    @property
    def is_over(self) -> bool:
        return self.step == OVER

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form with ids in place of indices (what a client receives). A deck's
        ``events_at`` counts from its bottom card (0): an Event at ``i`` is the ``size - i``-th card
        from the top."""
        cards = self.cat.cards

        def cid(c: int) -> str | None:
            return cards[c].id if c >= 0 else None

        def dice(ds: tuple[int, ...]) -> list[str]:
            return [die.name(d) for d in ds]

        def is_event(c: int) -> bool:
            """An Event where the deck is masked, or (revealed at the end, or in a replay) one shown."""
            return c == EVENT_SLOT or (c >= 0 and cards[c].type == EVENT)

        def hidden_hand(hand: tuple[int, ...]) -> dict[str, Any]:
            return {
                "size": len(hand),
                "cards": [cid(c) for c in hand if c >= 0],
                "hidden_planes": sum(1 for c in hand if c == HIDDEN_PLANE),
                "hidden_actions": sum(1 for c in hand if c == HIDDEN_ACTION),
            }

        return {
            "game": "airport-rush",
            "seat": self.seat,
            "players": self.players,
            "first": self.first,
            "current": self.current,
            "to_act": self.to_act,
            "decision": NAMES[self.step],
            "turn": self.turn,
            "last_turn": None if self.last_turn < 0 else self.last_turn,
            "bag": dict(zip(die.COLOURS, self.bag, strict=True)),
            "load": [dice(space) for space in self.load],
            "decks": [
                {"size": len(d), "events_at": [i for i, c in enumerate(d) if is_event(c)]} for d in self.decks
            ],
            "discard": [cid(c) for c in self.discard],
            "supply": [[cid(c) for c in row] for row in self.supply],
            "hands": [hidden_hand(h) for h in self.hands],
            "objectives": [
                [cid_o for cid_o in (self._objective(o) for o in kept)] for kept in self.objectives
            ],
            "dealt": [[self._objective(o) for o in d] for d in self.dealt],
            "departure": [[None if p is None else self._docked(p) for p in row] for row in self.departure],
            "waiting": [{"size": len(q), "planes": [cid(c) for c in q if c >= 0]} for q in self.waiting],
            "airport": [dice(a) for a in self.airport],
            "taken": [{"count": len(t), "planes": [cid(c) for c in t if c >= 0]} for t in self.taken],
            "storm": None if self.storm < 0 else self.storm,
            "pending": dice(self.pending),
            "takeoffs": self.takeoffs,
            "takeoff_limit": self.takeoff_limit,
            "card": cid(self.card),
            "locate": {"size": len(self.locate), "planes": [cid(c) for c in self.locate if c >= 0]},
            "event": cid(self.event),
            "legal": [str(a) for a in self.legal],
            "log": list(self.log),
            "swaps_left": self.cat.limits.max_swaps - self.swaps,
            "objectives_met": [self._objectives_met(seat) for seat in range(self.players)],
            "cards": {cards[c].id: self._card_info(c) for c in sorted(self._shown_cards())},
            "objective_cards": {
                self.cat.objectives[o].id: self._objective_info(o)
                for o in sorted({o for row in (*self.dealt, *self.objectives) for o in row if o >= 0})
            },
        }

    # -- what the table needs to draw the cards named above (only cards this seat sees) --

    def _docked(self, p: Docked) -> dict[str, Any]:
        """A Departure plane: its dice, one way to seat them on its slots, and whether it is ready."""
        card = self.cat.cards[p.card]
        seats = seating(card.slots, p.dice) or ()
        return {
            "plane": card.id,
            "dice": [die.name(d) for d in p.dice],
            "seated": [die.name(p.dice[k]) if k >= 0 else None for k in seats],
            "ready": ready(card.slots, card.value, p.dice),
        }

    def _shown_cards(self) -> set[int]:
        rows = (*self.supply, *self.hands, *self.waiting, *self.taken, self.locate, self.discard)
        shown = {c for row in rows for c in row if c >= 0}
        shown.update(p.card for row in self.departure for p in row if p is not None)
        shown.update(c for c in (self.card, self.event) if c >= 0)
        if self.storm >= 0:
            shown.add(self.cat.by_id["storm"])
        return shown

    def _card_info(self, c: int) -> dict[str, Any]:
        cat = self.cat
        card = cat.cards[c]
        if card.type == PLANE:
            return {
                "type": "plane",
                "country": cat.countries[card.country],
                "airline": cat.airlines[card.airline],
                "slots": [slot_name(s) for s in card.slots],
                "value": card.value,
            }
        kind = "event" if card.type == EVENT else "action"
        return {"type": kind, "kind": card.kind, "title": card.title, "text": card.text}

    def _objective_info(self, o: int) -> dict[str, Any]:
        objective = self.cat.objectives[o]
        return {
            "countries": [self.cat.countries[k] for k in objective.countries],
            "base": objective.base,
            "airline": self.cat.airlines[objective.airline],
            "bonus": objective.bonus,
        }

    def _objectives_met(self, seat: int) -> list[dict[str, Any]] | None:
        """Per kept objective, the taken-off planes meeting it in the best assignment (ARU-SCO-07) and
        its points; ``None`` for a seat whose objectives or take-offs this view cannot see."""
        kept, taken = self.objectives[seat], self.taken[seat]
        if not kept or HIDDEN in kept or HIDDEN in taken:
            return None
        _, plan = best_assignment(self.cat, taken, kept)
        cards = self.cat.cards
        return [
            {
                "objective": self.cat.objectives[o].id,
                "planes": None if planes is None else [cards[c].id for c in planes],
                "points": objective_points(self.cat, self.cat.objectives[o], planes),
            }
            for o, planes in zip(kept, plan, strict=True)
        ]

    def _objective(self, o: int) -> str | None:
        return self.cat.objectives[o].id if o >= 0 else None


def build_view(s: State, seat: int | None, log: bool = True, reveal: bool = False) -> View:
    """What ``seat`` may know of ``s``; after the game ends, or with ``reveal``, everything is revealed
    but the returned objectives.

    ``reveal`` changes only what is shown, never the position: ``to_act`` and ``legal`` stay.

    Built once per decision by an RL environment, so it shares what it can: the state's own
    tuples where nothing is hidden, one tuple per length of hidden cards (:func:`hidden`), and
    each masked hand and deck worked out once (:func:`rival_hand`, :func:`masked_deck`); and it is
    filled in as a draft (:mod:`skyhall.core.draft`).
    """
    check_seat(seat, s.n)
    hands = list(s.hands)
    dealt = list(s.dealt)
    objectives = list(s.objectives)
    waiting = list(s.waiting)
    taken = list(s.taken)
    locate = s.locate
    rivals = rivals_of(s.n, seat)
    if reveal or s.step == OVER:
        decks = tuple(s.decks)
    else:
        cards = s.cat.cards
        decks = (masked_deck(s.decks[0], cards), masked_deck(s.decks[1], cards))
        for o in rivals:
            hands[o] = rival_hand(hands[o], (s.known[o], cards))
            objectives[o] = hidden(len(objectives[o]))
            waiting[o] = hidden(len(waiting[o]))
            taken[o] = hidden(len(taken[o]))
        if s.current != seat:
            locate = hidden(len(locate))
    for o in rivals:  # the objectives returned at setup are never revealed, not even at the end
        dealt[o] = hidden(len(dealt[o]))
    to_act = s.to_act
    v = DRAFTS.new()
    v.cat = s.cat
    v.seat = seat
    v.players = s.n
    v.first = s.first
    v.current = s.current
    v.to_act = to_act
    v.step = s.step
    v.turn = s.turn
    v.last_turn = s.last_turn
    v.bag = s.bag
    v.load = tuple(s.load)
    v.decks = decks
    v.discard = s.discard
    v.supply = tuple(s.supply)
    v.hands = tuple(hands)
    v.known = tuple(s.known)
    v.dealt = tuple(dealt)
    v.objectives = tuple(objectives)
    v.departure = tuple(s.departure)
    v.waiting = tuple(waiting)
    v.airport = tuple(s.airport)
    v.taken = tuple(taken)
    v.storm = s.storm
    v.storm_turn = s.storm_turn
    v.pending = s.pending
    v.swaps = s.swaps
    v.after = s.after
    v.takeoffs = s.takeoffs
    v.takeoff_limit = s.takeoff_limit
    v.card = s.card
    v.locate = locate
    v.rerolled = s.rerolled
    v.event = s.event
    v.queue = s.queue
    v.refill = s.refill
    v.legal = tuple(s.legal_actions()) if seat is not None and seat == to_act else ()
    v.log = tuple(s.log_for(seat)) if log else ()
    return DRAFTS.seal(v)


DRAFTS = Drafts(View)


hidden = FaceDown(HIDDEN)
"""``count`` hidden cards, one shared tuple per count."""


def _mask_hand(hand: tuple[int, ...], seen: tuple[frozenset[int], tuple[Card, ...]]) -> tuple[int, ...]:
    """A rival's hand as others see it, ``seen`` being its ``known`` cards and the catalog's
    ``cards``: the cards it took openly, the kind of each other card."""
    known, cards = seen
    return tuple(c if c in known else HIDDEN_PLANE if cards[c].type == PLANE else HIDDEN_ACTION for c in hand)


def _mask_deck(deck: tuple[int, ...], cards: tuple[Card, ...]) -> tuple[int, ...]:
    """A deck as every seat sees it: where its Events lie, nothing else."""
    return tuple(EVENT_SLOT if cards[c].type == EVENT else HIDDEN for c in deck)


rival_hand = Guarded(_mask_hand).get
"""``rival_hand(hand, (known, cards))``: :func:`_mask_hand`, remembered by the identity of ``hand``
(a hand stays the same tuple until it changes) for the same ``known`` and ``cards``."""

masked_deck = Guarded(_mask_deck).get
"""``masked_deck(deck, cards)``: :func:`_mask_deck`, remembered by the identity of ``deck`` (a deck
changes only when a card is drawn) for the same ``cards``."""


def determinize(view: View, rng: Rng) -> State:
    """A full state that ``view``'s seat cannot tell from the real one; hidden cards drawn with ``rng``."""
    from skyhall.games.airport_rush.state import State

    cat = view.cat
    lim = cat.limits
    s = State(cat, view.players, Rng(rng.next64()))
    groups = (*lim.decks[view.players], "S")
    in_game = [c for c in cat.planes if cat.cards[c].group in groups]
    seen: set[int] = set(view.discard)
    if view.storm >= 0:  # face up, not yet in the discard
        seen.add(cat.by_id["storm"])
    for row in (*view.supply, *view.hands, *view.waiting, *view.taken, view.locate):
        seen.update(c for c in row if c >= 0)
    for spaces in view.departure:
        seen.update(p.card for p in spaces if p is not None)
    for deck in view.decks:
        seen.update(c for c in deck if c >= 0)

    planes = [c for c in in_game if c not in seen]
    actions = [c for c in cat.actions if c not in seen]
    events = [c for c in cat.events if c not in seen]
    for pool in (planes, actions, events):
        rng.shuffle(pool)

    s.hands = [
        tuple(planes.pop() if c == HIDDEN_PLANE else actions.pop() if c == HIDDEN_ACTION else c for c in hand)
        for hand in view.hands
    ]
    s.waiting = [filled(q, planes, HIDDEN) for q in view.waiting]
    s.taken = [filled(t, planes, HIDDEN) for t in view.taken]
    s.locate = filled(view.locate, planes, HIDDEN)
    s.decks = [
        filled(filled(deck, pool, HIDDEN), events, EVENT_SLOT)
        for deck, pool in zip(view.decks, (planes, actions), strict=True)
    ]

    shown = {o for group in (*view.dealt, *view.objectives) for o in group}
    objectives = [o.index for o in cat.objectives if o.index not in shown]
    rng.shuffle(objectives)
    s.dealt = []
    s.objectives = []
    for dealt, kept in zip(view.dealt, view.objectives, strict=True):
        if HIDDEN in dealt:  # kept objectives on show (the game is over) stay; the rest is sampled
            known = tuple(o for o in kept if o != HIDDEN)
            new = (*known, *(objectives.pop() for _ in range(len(dealt) - len(known))))
            s.dealt.append(new)
            s.objectives.append(new[: len(kept)])
        else:
            s.dealt.append(dealt)
            s.objectives.append(kept)

    s.bag = view.bag
    s.load = list(view.load)
    s.discard = view.discard
    s.supply = list(view.supply)
    s.known = list(view.known)
    s.departure = list(view.departure)
    s.airport = list(view.airport)
    s.storm = view.storm
    s.storm_turn = view.storm_turn
    s.first = view.first
    s.turn = view.turn
    s.last_turn = view.last_turn
    s.current = view.current
    s.actor = -1 if view.to_act is None else view.to_act
    s.step = view.step
    s.pending = view.pending
    s.swaps = view.swaps
    s.after = view.after
    s.takeoffs = view.takeoffs
    s.takeoff_limit = view.takeoff_limit
    s.card = view.card
    s.rerolled = view.rerolled
    s.event = view.event
    s.queue = view.queue
    s.refill = view.refill
    for line in view.log:
        s.log = log.append(s.log, line)
    return s
