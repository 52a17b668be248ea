"""The complete (omniscient) state of a Skyrise game.

Plain typed class with ``__slots__`` and a hand-written :meth:`State.clone`: lists
are copied, everything inside them is an immutable int or tuple and is shared. The
rules live in :mod:`skyhall.games.skyrise.rules`; this module only holds and copies data.

What sits on a district (``occupant``) is a *structure code*: a Building index
(``0..47``) or ``WONDER + card index`` for a Wonder carrying that Wonder card.
"""

from __future__ import annotations

from skyhall.core.log import Log, entries
from skyhall.core.result import ScoreLine
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY, TurnState
from skyhall.games.skyrise import rules, scoring, view
from skyhall.games.skyrise.actions import Action
from skyhall.games.skyrise.cards import Catalog
from skyhall.games.skyrise.district import Board
from skyhall.games.skyrise.steps import OVER


class State(TurnState[Action], rules=rules, scoring=scoring, view=view):
    """A game of Skyrise in progress."""

    OVER = OVER
    game_id = "skyrise"

    __slots__ = (
        "actor",
        "bidder",
        "bids",
        "board",
        "built",
        "cat",
        "chosen",
        "commissions",
        "discs",
        "effect",
        "era",
        "excess",
        "first",
        "hands",
        "keys",
        "keys_mode",
        "ledger",
        "log",
        "n",
        "objectives",
        "occupant",
        "opener",
        "panoramas",
        "passed",
        "patrons",
        "peek",
        "pool",
        "prestige",
        "reserve",
        "revealed",
        "rng",
        "rows",
        "site",
        "spare",
        "stage",
        "step",
        "tiles",
        "wilds",
        "winner",
        "wonders",
    )

    def __init__(self, cat: Catalog, n: int, rng: Rng, board: Board) -> None:
        self.cat = cat
        self.n = n
        self.rng = rng
        self.board = board
        """The islands in play (immutable, shared)."""
        self.keys_mode = "lowest"
        size = len(cat.sites)
        self.discs: list[int] = [EMPTY] * size
        """The disc lying on each district."""
        self.occupant: list[int] = [EMPTY] * size
        """The bid or built structure on each district."""
        self.bids: tuple[tuple[int, int], ...] = ()
        """This auction's bids in order: ``(district, structure code)``; the last one leads."""
        self.pool: list[tuple[int, ...]] = [() for _ in range(n)]
        """Buildings each seat may bid with now, ascending."""
        self.reserve: list[tuple[int, ...]] = [() for _ in range(n)]
        """Dotted (Era 2) Buildings not yet available."""
        self.hands: list[tuple[int, ...]] = [() for _ in range(n)]
        """Wonder cards held (hidden from the others)."""
        self.chosen: list[tuple[int, ...]] = [() for _ in range(n)]
        """Wonder cards kept at the start of Era 2, in the order kept."""
        self.wonders: list[tuple[int, ...]] = [() for _ in range(n)]
        """Kept Wonder cards whose Wonder is not built yet (available once revealed)."""
        self.built: list[tuple[int, ...]] = [() for _ in range(n)]
        """Districts of each seat's Structures, in build order."""
        self.rows: list[tuple[int, ...]] = [(0, 0, 0, 0) for _ in range(n)]
        """District discs in each colour row."""
        self.wilds: list[int] = [0] * n
        """Per seat, bit ``colour * 4 + place`` set where a row place holds an assigned Wild disc."""
        self.excess: list[int] = [0] * n
        self.patrons: list[tuple[int, ...]] = [(0, 0, 0, 0) for _ in range(n)]
        """Patron discs held, per letter."""
        self.commissions: list[int] = [0] * n
        self.keys: list[tuple[int, ...]] = [() for _ in range(n)]
        """Values of the City Keys held."""
        self.peek: list[int] = [0] * n
        """Bitmask of the Patron tiles each seat may look at."""
        self.objectives: list[int] = [EMPTY] * n
        self.tiles: tuple[int, ...] = ()
        """Patron tile value under each letter (hidden)."""
        self.panoramas: tuple[int, ...] = ()
        self.prestige: list[int] = [0] * n
        """The Prestige track."""
        self.spare: list[int] = [0] * n
        """2 players: prestige kept on the spare-colour scoring disc (second Wonder)."""
        self.ledger: list[tuple[ScoreLine, ...]] = [() for _ in range(n)]
        """Every prestige gain so far, as score-sheet lines."""
        self.era = 1
        self.first = 0
        """The seat that opened the game's first auction."""
        self.opener = 0
        self.actor = 0
        self.bidder = EMPTY
        """The seat of the most recent bid."""
        self.passed = 0
        """Bitmask of seats out of the current auction."""
        self.step = OVER
        self.stage = 0
        """What follows the pending Wild assignment or effect decision (``rules`` stages)."""
        self.winner = EMPTY
        """The seat whose Structure is being resolved."""
        self.site = EMPTY
        """Where that Structure stands."""
        self.effect = EMPTY
        """The Wonder card whose effect is being resolved."""
        self.revealed = False
        """Have the kept Wonder cards been revealed (Era 2)?"""
        self.log: Log = None
        self._legal: tuple[Action, ...] | None = None

    def clone(self) -> State:
        other = State.__new__(State)
        other.cat = self.cat
        other.n = self.n
        other.rng = self.rng.clone()
        other.board = self.board
        other.keys_mode = self.keys_mode
        other.discs = self.discs[:]
        other.occupant = self.occupant[:]
        other.bids = self.bids
        other.pool = self.pool[:]
        other.reserve = self.reserve[:]
        other.hands = self.hands[:]
        other.chosen = self.chosen[:]
        other.wonders = self.wonders[:]
        other.built = self.built[:]
        other.rows = self.rows[:]
        other.wilds = self.wilds[:]
        other.excess = self.excess[:]
        other.patrons = self.patrons[:]
        other.commissions = self.commissions[:]
        other.keys = self.keys[:]
        other.peek = self.peek[:]
        other.objectives = self.objectives[:]
        other.tiles = self.tiles
        other.panoramas = self.panoramas
        other.prestige = self.prestige[:]
        other.spare = self.spare[:]
        other.ledger = self.ledger[:]
        other.era = self.era
        other.first = self.first
        other.opener = self.opener
        other.actor = self.actor
        other.bidder = self.bidder
        other.passed = self.passed
        other.step = self.step
        other.stage = self.stage
        other.winner = self.winner
        other.site = self.site
        other.effect = self.effect
        other.revealed = self.revealed
        other.log = self.log
        other._legal = self._legal
        return other

    def snapshot(self) -> tuple[object, ...]:
        """Every field that defines the position, as one comparable tuple."""
        return (
            self.n,
            self.rng.state(),
            self.board.layout,
            self.keys_mode,
            tuple(self.discs),
            tuple(self.occupant),
            self.bids,
            tuple(self.pool),
            tuple(self.reserve),
            tuple(self.hands),
            tuple(self.chosen),
            tuple(self.wonders),
            tuple(self.built),
            tuple(self.rows),
            tuple(self.wilds),
            tuple(self.excess),
            tuple(self.patrons),
            tuple(self.commissions),
            tuple(self.keys),
            tuple(self.peek),
            tuple(self.objectives),
            self.tiles,
            self.panoramas,
            tuple(self.prestige),
            tuple(self.spare),
            tuple(self.ledger),
            self.era,
            self.first,
            self.opener,
            self.actor,
            self.bidder,
            self.passed,
            self.step,
            self.stage,
            self.winner,
            self.site,
            self.effect,
            self.revealed,
            tuple(entries(self.log)),
        )

    def __repr__(self) -> str:
        return f"<skyrise State {self.n} players, era {self.era}, step {self.step}, seat {self.actor}>"
