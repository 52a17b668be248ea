"""What one seat may know, and full states sampled to agree with it.

:func:`build_view` is the only way information leaves a state toward a seat.
:func:`determinize` rebuilds a complete state from a view alone, so a search
agent that determinizes can never peek at what its seat cannot see.

Hidden from a seat until the game is over: the other seats' Wonder cards (and, until
they are revealed at the start of Era 2, which ones they kept), their Secret
Objectives, and every Patron tile the seat may not look at (it may look at a tile once
it holds a Patron disc of that letter, or all of them after Wonder card 5). Cards put
out of the game stay hidden even then. Everything else is public: the islands, the
discs on the board and on player boards, every bid and Building with its value, the
Panoramas, the Prestige track with each gain, the City Keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from skyhall.core import log
from skyhall.core.draft import Drafts
from skyhall.core.result import ScoreLine
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY, FaceDown, check_seat, rivals_of
from skyhall.games.skyrise.actions import Action
from skyhall.games.skyrise.bid import WONDER, describe, is_wonder, outbids, value
from skyhall.games.skyrise.cards import COLOURS, HEIGHTS, Catalog, disc_word
from skyhall.games.skyrise.district import Board, board_for
from skyhall.games.skyrise.steps import NAMES, OVER

if TYPE_CHECKING:
    from skyhall.games.skyrise.state import State


@dataclass(frozen=True, slots=True)
class View:
    """A seat's knowledge of the game (``seat`` ``None``: a spectator). Cards and districts are indices."""

    game: ClassVar[str] = "skyrise"
    """The id of the game this is a view of."""
    LOOKUPS: ClassVar[tuple[str, ...]] = ("cards", "heights")
    """The keys of :meth:`to_dict` that describe cards named elsewhere in it and each Building's height:
    what follows from their ids and the game's data. A client draws with them; a key for what the seat
    knows may leave them out."""

    cat: Catalog
    seat: int | None
    players: int
    layout: tuple[int, ...]
    keys_mode: str
    era: int
    step: int
    to_act: int | None
    first: int
    opener: int
    bidder: int
    passed: int
    bids: tuple[tuple[int, int], ...]
    discs: tuple[int, ...]
    occupant: tuple[int, ...]
    pool: tuple[tuple[int, ...], ...]
    reserve: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    """Each seat's Wonder cards, those this seat may not see shown as ``EMPTY``."""
    chosen: tuple[tuple[int, ...], ...]
    """Kept Wonder cards, hidden like ``hands`` until revealed."""
    wonders: tuple[tuple[int, ...], ...]
    revealed: bool
    built: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    wilds: tuple[int, ...]
    excess: tuple[int, ...]
    patrons: tuple[tuple[int, ...], ...]
    commissions: tuple[int, ...]
    keys: tuple[tuple[int, ...], ...]
    peek: tuple[int, ...]
    tiles: tuple[int, ...]
    """Patron tile values, ``EMPTY`` where this seat may not look."""
    objectives: tuple[int, ...]
    """Secret Objectives, ``EMPTY`` where this seat may not look."""
    panoramas: tuple[int, ...]
    prestige: tuple[int, ...]
    spare: tuple[int, ...]
    ledger: tuple[tuple[ScoreLine, ...], ...]
    stage: int
    winner: int
    site: int
    effect: int
    legal: tuple[Action, ...]
    """The pending decision's choices when this view's seat makes it, else empty."""
    log: tuple[str, ...]

    @property
    def is_over(self) -> bool:
        return self.step == OVER

    @property
    def board(self) -> Board:
        return board_for(self.cat, self.layout)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form with names in place of indices (what a client receives)."""
        cat = self.cat
        board = self.board
        sites = cat.sites

        def disc(code: int) -> str | None:
            return None if code == EMPTY else disc_word(cat, code)

        def card(c: int) -> int | None:
            return None if c == EMPTY else cat.wonders[c].number

        return {
            "game": "skyrise",
            "seat": self.seat,
            "players": self.players,
            "era": self.era,
            "decision": NAMES[self.step],
            "to_act": self.to_act,
            "first": self.first,
            "opener": self.opener,
            "bidder": None if self.bidder == EMPTY else self.bidder,
            "passed": [p for p in range(self.players) if self.passed & (1 << p)],
            "city_keys": self.keys_mode,
            "islands": {
                cat.slots[slot]: (None if tile == EMPTY else cat.tile_ids[tile])
                for slot, tile in enumerate(self.layout)
            },
            "districts": {
                sites[d].id: {
                    "colour": COLOURS[board.colour[d]],
                    "disc": disc(self.discs[d]),
                    "structure": None if self.occupant[d] == EMPTY else describe(cat, self.occupant[d]),
                    **self._piece(d),
                    **self._place(d),
                }
                for d in board.in_play
            },
            "bids": [[sites[d].id, describe(cat, code)] for d, code in self.bids],
            "bridges": [[sites[a].id, sites[b].id] for a, b in board.bridges],
            "airships": [[sites[d].id for d in group] for group in board.airships],
            "heights": {str(b.value): HEIGHTS[b.height] for b in cat.buildings},
            "row_values": list(cat.row_values),
            "excess_value": cat.excess_value,
            "cards": self._cards(),
            "players_boards": [
                {
                    "prestige": self.prestige[p],
                    "spare": self.spare[p],
                    "available": [cat.buildings[b].value for b in self.pool[p]],
                    "era2": [cat.buildings[b].value for b in self.reserve[p]],
                    "wonder_cards": {"count": len(self.hands[p]), "known": [card(c) for c in self.hands[p]]},
                    "kept": [card(c) for c in self.chosen[p]],
                    "wonders": [card(c) for c in self.wonders[p]],
                    "built": [sites[d].id for d in self.built[p]],
                    "rows": dict(zip(COLOURS, self.rows[p], strict=True)),
                    "excess": self.excess[p],
                    "patrons": dict(zip(cat.letters, self.patrons[p], strict=True)),
                    "commissions": self.commissions[p],
                    "keys": list(self.keys[p]),
                    "sees_patrons": [
                        cat.letters[k] for k in range(len(cat.letters)) if self.peek[p] & (1 << k)
                    ],
                    "objective": None
                    if self.objectives[p] == EMPTY
                    else cat.objectives[self.objectives[p]].id,
                    "score_lines": [[ln.category, ln.label, ln.points] for ln in self.ledger[p]],
                }
                for p in range(self.players)
            ],
            "patron_tiles": {
                name: (None if v == EMPTY else v) for name, v in zip(cat.letters, self.tiles, strict=True)
            },
            "panoramas": [cat.panoramas[p].id for p in self.panoramas],
            "island_control": cat.control_points,
            "revealed": self.revealed,
            "resolving": None
            if self.winner == EMPTY
            else {"winner": self.winner, "district": sites[self.site].id, "wonder_card": card(self.effect)},
            "stage": self.stage,
            "legal": [str(a) for a in self.legal],
            "log": list(self.log),
        }

    def _place(self, d: int) -> dict[str, Any]:
        """Where district ``d`` lies: its island (``C`` or a slot), its cell on that island's own grid
        (an Outer Island as printed, before it is turned to face the Central Island) and its features."""
        site = self.cat.sites[d]
        board = self.board
        return {
            "island": "C" if site.island == 0 else self.cat.slots[site.island - 1],
            "row": site.row,
            "col": site.col,
            "bridge": board.bridge_end[d],
            "waterfall": board.waterfall[d],
        }

    def _piece(self, d: int) -> dict[str, Any]:
        """The Structure or bid on district ``d``: owner, height (``wonder`` for a Wonder), bid value,
        Wonder card number, and whether it is a bid of the auction under way."""
        code = self.occupant[d]
        if code == EMPTY:
            return {"owner": None, "height": None, "value": None, "wonder": None, "bid": False}
        cat = self.cat
        bidding = any(x == d for x, _ in self.bids)
        if is_wonder(code):
            card = code - WONDER
            seat = next(p for p in range(self.players) if card in self.chosen[p])
            worth = value(cat, code) if outbids(cat, card) else None
            return {"owner": seat, "height": "wonder", "value": worth, "wonder": card + 1, "bid": bidding}
        b = cat.buildings[code]
        height = HEIGHTS[b.height]
        return {"owner": b.owner, "height": height, "value": b.value, "wonder": None, "bid": bidding}

    def _cards(self) -> dict[str, Any]:
        """The words of the cards this seat may read: Wonder cards it can see, the Panoramas in play, and
        the Secret Objectives it can see (never a card it may not know, not even by name)."""
        cat = self.cat
        seen = {c for group in (*self.hands, *self.chosen, *self.wonders) for c in group if c != EMPTY}
        seen.update(code - WONDER for code in self.occupant if code != EMPTY and is_wonder(code))
        return {
            "wonders": {
                str(cat.wonders[c].number): {
                    "name": cat.wonders[c].name,
                    "initiative": cat.wonders[c].initiative,
                    "text": cat.wonders[c].text,
                }
                for c in sorted(seen)
            },
            "panoramas": {
                cat.panoramas[p].id: {"name": cat.panoramas[p].name, "text": cat.panoramas[p].describe()}
                for p in self.panoramas
            },
            "objectives": {
                cat.objectives[o].id: {
                    "colour": COLOURS[cat.objectives[o].colour],
                    "needed": cat.objectives[o].needed(self.players),
                    "points": cat.objective_points,
                }
                for o in self.objectives
                if o != EMPTY
            },
        }


def build_view(s: State, seat: int | None, log: bool = True, reveal: bool = False) -> View:
    """What ``seat`` may know of ``s``; after the game ends, or with ``reveal``, the hidden parts still in
    play are revealed.

    ``reveal`` changes only what is shown, never the position: ``to_act`` and its choices stay.

    An environment builds one per step, so it is kept lean: the tuples the state holds are shared, not copied,
    only the hidden parts are rebuilt (and only when something is hidden), and the view is filled
    in as a draft (:mod:`skyhall.core.draft`).
    """
    check_seat(seat, s.n)
    shown = reveal or s.step == OVER
    hands, chosen, objectives, tiles = s.hands, s.chosen, s.objectives, s.tiles
    if not shown:
        rivals = rivals_of(s.n, seat)
        hands, objectives = list(hands), list(objectives)
        for p in rivals:
            hands[p] = hidden(len(hands[p]))
            objectives[p] = EMPTY
        if not s.revealed:
            chosen = list(chosen)
            for p in rivals:
                chosen[p] = hidden(len(chosen[p]))
        tiles = peeked(tiles, s.peek[seat] if seat is not None else 0)
    v = DRAFTS.new()
    v.cat = s.cat
    v.seat = seat
    v.players = s.n
    v.layout = s.board.layout
    v.keys_mode = s.keys_mode
    v.era = s.era
    v.step = s.step
    v.to_act = s.to_act
    v.first = s.first
    v.opener = s.opener
    v.bidder = s.bidder
    v.passed = s.passed
    v.bids = s.bids
    v.discs = tuple(s.discs)
    v.occupant = tuple(s.occupant)
    v.pool = tuple(s.pool)
    v.reserve = tuple(s.reserve)
    v.hands = tuple(hands)
    v.chosen = tuple(chosen)
    v.wonders = tuple(s.wonders)
    v.revealed = s.revealed
    v.built = tuple(s.built)
    v.rows = tuple(s.rows)
    v.wilds = tuple(s.wilds)
    v.excess = tuple(s.excess)
    v.patrons = tuple(s.patrons)
    v.commissions = tuple(s.commissions)
    v.keys = tuple(s.keys)
    v.peek = tuple(s.peek)
    v.tiles = tiles
    v.objectives = tuple(objectives)
    v.panoramas = s.panoramas
    v.prestige = tuple(s.prestige)
    v.spare = tuple(s.spare)
    v.ledger = tuple(s.ledger)
    v.stage = s.stage
    v.winner = s.winner
    v.site = s.site
    v.effect = s.effect
    v.legal = tuple(s.legal_actions()) if seat is not None and seat == s.to_act else ()
    v.log = tuple(s.log_for(seat)) if log else ()
    return DRAFTS.seal(v)


DRAFTS = Drafts(View)


hidden = FaceDown(EMPTY)
"""``count`` cards face down (a hand, a kept set of Wonder cards), one shared tuple per count."""


@lru_cache(maxsize=1 << 8)
def peeked(tiles: tuple[int, ...], peek: int) -> tuple[int, ...]:
    """The Patron tiles' values with those a seat may not look at (``peek``: a bit per tile) as ``EMPTY``;
    kept per value (a game's tiles never change, and a seat's ``peek`` seldom does)."""
    return tuple([v if peek >> k & 1 else EMPTY for k, v in enumerate(tiles)])


def determinize(view: View, rng: Rng) -> State:
    """A full state that ``view``'s seat cannot tell from the real one; hidden parts drawn with ``rng``."""
    from skyhall.games.skyrise.state import State  # not at the top: the state module imports this one

    cat = view.cat
    s = State(cat, view.players, Rng(rng.next64()), board_for(cat, view.layout))
    seen = {c for group in (*view.hands, *view.chosen) for c in group if c != EMPTY}
    unseen = [c for c in range(len(cat.wonders)) if c not in seen]
    rng.shuffle(unseen)
    s.hands = [tuple(sorted(unseen.pop() if c == EMPTY else c for c in hand)) for hand in view.hands]
    s.chosen = [tuple(unseen.pop() if c == EMPTY else c for c in kept) for kept in view.chosen]
    objectives = [o for o in range(len(cat.objectives)) if o not in view.objectives]
    rng.shuffle(objectives)
    s.objectives = [objectives.pop() if o == EMPTY else o for o in view.objectives]
    values = list(cat.patron_values)
    for v in view.tiles:
        if v != EMPTY:
            values.remove(v)
    rng.shuffle(values)
    s.tiles = tuple(values.pop() if v == EMPTY else v for v in view.tiles)

    s.keys_mode = view.keys_mode
    s.discs = list(view.discs)
    s.occupant = list(view.occupant)
    s.bids = view.bids
    s.pool = list(view.pool)
    s.reserve = list(view.reserve)
    s.wonders = list(view.wonders)
    s.revealed = view.revealed
    s.built = list(view.built)
    s.rows = list(view.rows)
    s.wilds = list(view.wilds)
    s.excess = list(view.excess)
    s.patrons = list(view.patrons)
    s.commissions = list(view.commissions)
    s.keys = list(view.keys)
    s.peek = list(view.peek)
    s.panoramas = view.panoramas
    s.prestige = list(view.prestige)
    s.spare = list(view.spare)
    s.ledger = list(view.ledger)
    s.era = view.era
    s.first = view.first
    s.opener = view.opener
    s.actor = EMPTY if view.to_act is None else view.to_act
    s.bidder = view.bidder
    s.passed = view.passed
    s.step = view.step
    s.stage = view.stage
    s.winner = view.winner
    s.site = view.site
    s.effect = view.effect
    for line in view.log:
        s.log = log.append(s.log, line)
    return s
