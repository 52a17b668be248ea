"""The complete (omniscient) state of a Skyport game.

Plain typed class with ``__slots__`` and a hand-written :meth:`State.clone`: lists
are copied, everything inside them is immutable and shared. The rules live in
:mod:`skyhall.games.skyport.rules`; this module only holds and copies data.
"""

from __future__ import annotations

from skyhall.core.log import Log, entries
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY, TurnState
from skyhall.games.skyport import rules, scoring, view
from skyhall.games.skyport.actions import Action
from skyhall.games.skyport.cards import Catalog
from skyhall.games.skyport.lane import Row
from skyhall.games.skyport.steps import OVER


class State(TurnState[Action], rules=rules, scoring=scoring, view=view):
    """A game of Grand Central Skyport in progress."""

    OVER = OVER
    game_id = "skyport"

    __slots__ = (
        "actor",
        "base_move",
        "board",
        "card",
        "cat",
        "cities",
        "current",
        "deck",
        "first",
        "hands",
        "known",
        "last_turn",
        "log",
        "n",
        "owned",
        "promenade",
        "queue",
        "rng",
        "rows",
        "space",
        "standees",
        "station_decks",
        "step",
        "token_stacks",
        "turn",
        "tycoon",
        "used",
    )

    def __init__(self, cat: Catalog, n: int, rng: Rng) -> None:
        self.cat = cat
        self.n = n
        self.rng = rng
        self.deck: tuple[int, ...] = ()
        """Airship deck, bottom first: the top card is ``deck[-1]``."""
        self.board: list[int] = [EMPTY] * len(cat.spaces)
        """The airship beside each board space."""
        self.station_decks: list[tuple[int, ...]] = [(), ()]
        """The two station decks, bottom first."""
        self.promenade: list[tuple[int, ...]] = []
        """One tycoon stack per kind, bottom first."""
        self.token_stacks: list[tuple[int, ...]] = []
        """Complete-set token values per set kind, bottom first."""
        self.rows: list[Row] = []
        self.hands: list[tuple[int, ...]] = []
        self.known: list[frozenset[int]] = []
        """Cards in each hand that every seat saw go in (taken openly)."""
        self.standees: list[int] = []
        """Board space of each standee; ``EMPTY`` while on the Promenade."""
        self.owned: list[tuple[int, int]] = []
        """Value of the Colours and Icons token each seat collected, ``EMPTY`` when none."""
        self.cities: tuple[int, ...] = ()
        self.first = 0
        self.turn = 0
        """Turns started so far minus one; the seat of turn ``t`` is ``(first + t) % n``."""
        self.last_turn = EMPTY
        """Index of the game's final turn, set when the Station Closing card is revealed."""
        self.current = 0
        """The seat whose turn it is."""
        self.actor = 0
        """The seat that must decide now (a rival during Wild moves); ``EMPTY`` when over."""
        self.step = OVER
        self.card = EMPTY
        """The card played in Arrival this turn."""
        self.base_move = 0
        self.queue: tuple[int, ...] = ()
        """Rivals still to decide on their Wild-granted move, in order."""
        self.used = 0
        """Bitmask of tycoon kinds whose ability was used this turn."""
        self.tycoon = EMPTY
        """The tycoon kind whose ability is being carried out."""
        self.space = EMPTY
        """The board space the standee landed on this turn."""
        self.log: Log = None
        self._legal: tuple[Action, ...] | None = None

    def clone(self) -> State:
        other = State.__new__(State)
        other.cat = self.cat
        other.n = self.n
        other.rng = self.rng.clone()
        other.deck = self.deck
        other.board = self.board[:]
        other.station_decks = self.station_decks[:]
        other.promenade = self.promenade[:]
        other.token_stacks = self.token_stacks[:]
        other.rows = self.rows[:]
        other.hands = self.hands[:]
        other.known = self.known[:]
        other.standees = self.standees[:]
        other.owned = self.owned[:]
        other.cities = self.cities
        other.first = self.first
        other.turn = self.turn
        other.last_turn = self.last_turn
        other.current = self.current
        other.actor = self.actor
        other.step = self.step
        other.card = self.card
        other.base_move = self.base_move
        other.queue = self.queue
        other.used = self.used
        other.tycoon = self.tycoon
        other.space = self.space
        other.log = self.log
        other._legal = self._legal
        return other

    def snapshot(self) -> tuple[object, ...]:
        """Every field that defines the position, as one comparable tuple."""
        return (
            self.n,
            self.rng.state(),
            self.deck,
            tuple(self.board),
            tuple(self.station_decks),
            tuple(self.promenade),
            tuple(self.token_stacks),
            tuple(self.rows),
            tuple(self.hands),
            tuple(self.known),
            tuple(self.standees),
            tuple(self.owned),
            self.cities,
            self.first,
            self.turn,
            self.last_turn,
            self.current,
            self.actor,
            self.step,
            self.card,
            self.base_move,
            self.queue,
            self.used,
            self.tycoon,
            self.space,
            tuple(entries(self.log)),
        )

    def __repr__(self) -> str:
        return f"<skyport State {self.n} players, turn {self.turn}, step {self.step}, seat {self.actor}>"
