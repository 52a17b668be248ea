"""The complete (omniscient) state of an Airport Rush game.

Plain typed class with ``__slots__`` and a hand-written :meth:`State.clone`:
lists are copied, everything inside them is immutable and shared. The rules live
in :mod:`skyhall.games.airport_rush.rules`.
"""

from __future__ import annotations

from skyhall.core.log import Log, entries
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY, TurnState
from skyhall.games.airport_rush import rules, scoring, view
from skyhall.games.airport_rush.actions import Action
from skyhall.games.airport_rush.cards import Catalog
from skyhall.games.airport_rush.plane import Docked
from skyhall.games.airport_rush.steps import OVER


class State(TurnState[Action], rules=rules, scoring=scoring, view=view):
    """A game of Airport Rush in progress."""

    OVER = OVER
    game_id = "airport-rush"

    __slots__ = (
        "actor",
        "after",
        "airport",
        "bag",
        "card",
        "cat",
        "current",
        "dealt",
        "decks",
        "departure",
        "discard",
        "event",
        "first",
        "hands",
        "known",
        "last_turn",
        "load",
        "locate",
        "log",
        "n",
        "objectives",
        "pending",
        "queue",
        "refill",
        "rerolled",
        "rng",
        "step",
        "storm",
        "storm_turn",
        "supply",
        "swaps",
        "taken",
        "takeoff_limit",
        "takeoffs",
        "turn",
        "waiting",
    )

    def __init__(self, cat: Catalog, n: int, rng: Rng) -> None:
        self.cat = cat
        self.n = n
        self.rng = rng
        self.bag: tuple[int, ...] = (0, 0, 0)
        """Dice in the bag, per colour."""
        self.load: list[tuple[int, ...]] = []
        """The dice on each load space of the board."""
        self.decks: list[tuple[int, ...]] = [(), ()]
        """Plane deck and action deck, bottom first (top = ``[-1]``); Events are among the cards."""
        self.discard: tuple[int, ...] = ()
        """Action cards played and Events resolved or discarded, in order (public)."""
        self.supply: list[tuple[int, ...]] = [(), ()]
        """Plane and action Supply places (``EMPTY`` where no card is left)."""
        self.hands: list[tuple[int, ...]] = []
        self.known: list[frozenset[int]] = []
        """Hand cards every seat saw taken (from a Supply)."""
        self.dealt: list[tuple[int, ...]] = []
        """The objectives dealt to each seat (the kept ones among them)."""
        self.objectives: list[tuple[int, ...]] = []
        """Objectives kept."""
        self.departure: list[tuple[Docked | None, ...]] = []
        """Each seat's Departure spaces (3, or 4 with OVERLOAD's extra space)."""
        self.waiting: list[tuple[int, ...]] = []
        """Each seat's Waiting queue, front first."""
        self.airport: list[tuple[int, ...]] = []
        """Dice on each seat's Airport spaces (sorted)."""
        self.taken: list[tuple[int, ...]] = []
        """Planes each seat took off, in order."""
        self.storm = EMPTY
        """The seat that revealed a STORM still in force, else ``EMPTY``."""
        self.storm_turn = EMPTY
        self.first = 0
        self.turn = 0
        self.last_turn = EMPTY
        self.current = 0
        self.actor = 0
        self.step = OVER
        self.pending: tuple[int, ...] = ()
        """Dice waiting to be placed by ``actor``."""
        self.swaps = 0
        """Swaps with Airport dice made in this placement (at most ``max_swaps``)."""
        self.after = 0
        """Where play goes when ``pending`` is empty (see ``rules.AFTER_*``)."""
        self.takeoffs = 0
        self.takeoff_limit = 1
        self.card = EMPTY
        """The action card being resolved."""
        self.locate: tuple[int, ...] = ()
        """Planes shown to the active seat by LOCATE."""
        self.rerolled = EMPTY
        """REROLL: the die already rerolled, as ``(place + 1) * 64 + die``; ``-2`` once any die may be
        the second (see ``rules.REROLLED_ONE``); else ``EMPTY``."""
        self.event = EMPTY
        """The Event being resolved."""
        self.queue: tuple[int, ...] = ()
        """Seats still to answer the Event, in order."""
        self.refill: tuple[int, int] = (EMPTY, EMPTY)
        """After an Event: the deck and Supply place (or ``DECK``: the hand) still to be filled."""
        self.log: Log = None
        self._legal: tuple[Action, ...] | None = None

    def clone(self) -> State:
        o = State.__new__(State)
        o.cat = self.cat
        o.n = self.n
        o.rng = self.rng.clone()
        o.bag = self.bag
        o.load = self.load[:]
        o.decks = self.decks[:]
        o.discard = self.discard
        o.supply = self.supply[:]
        o.hands = self.hands[:]
        o.known = self.known[:]
        o.dealt = self.dealt[:]
        o.objectives = self.objectives[:]
        o.departure = self.departure[:]
        o.waiting = self.waiting[:]
        o.airport = self.airport[:]
        o.taken = self.taken[:]
        o.storm = self.storm
        o.storm_turn = self.storm_turn
        o.first = self.first
        o.turn = self.turn
        o.last_turn = self.last_turn
        o.current = self.current
        o.actor = self.actor
        o.step = self.step
        o.pending = self.pending
        o.swaps = self.swaps
        o.after = self.after
        o.takeoffs = self.takeoffs
        o.takeoff_limit = self.takeoff_limit
        o.card = self.card
        o.locate = self.locate
        o.rerolled = self.rerolled
        o.event = self.event
        o.queue = self.queue
        o.refill = self.refill
        o.log = self.log
        o._legal = self._legal
        return o

    def snapshot(self) -> tuple[object, ...]:
        """Every field that defines the position, as one comparable tuple."""
        return (
            self.n, self.rng.state(), self.bag, tuple(self.load), tuple(self.decks), self.discard,
            tuple(self.supply), tuple(self.hands), tuple(self.known), tuple(self.dealt),
            tuple(self.objectives),
            tuple(self.departure), tuple(self.waiting), tuple(self.airport), tuple(self.taken), self.storm,
            self.storm_turn, self.first, self.turn, self.last_turn, self.current, self.actor, self.step,
            self.pending, self.swaps, self.after, self.takeoffs, self.takeoff_limit, self.card, self.locate,
            self.rerolled, self.event, self.queue, self.refill, tuple(entries(self.log)),
        )  # fmt: skip

    def __repr__(self) -> str:
        return f"<airport-rush State {self.n} players, turn {self.turn}, step {self.step}, seat {self.actor}>"
