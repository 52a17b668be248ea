"""Build Skyport positions for scenario tests, by card id, without playing up to them.

    s = position(players=2, rows={0: ["B1", "S01", "R2"]}, hands={0: ["G3"]})

A row item is a card id: an airship id makes a one-card lane, a station id a
berth; ``lane("B1", "W2")`` makes a lane of several cards and ``berth("S01",
"Me1")`` a station hosting a tycoon. Every card placed is removed from wherever
setup had put it (deck, board, hands, decks, Promenade), so card conservation
holds and determinization still works. The position starts at the beginning of
``current``'s turn, Arrival, with forced decisions *not* taken yet unless
``settle=True``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from skyhall.core.state import EMPTY
from skyhall.games import skyport
from skyhall.games.skyport import rules
from skyhall.games.skyport.cards import CLOSING, Catalog, load
from skyhall.games.skyport.lane import Berth, Lane, Position
from skyhall.games.skyport.state import State
from tests.games.checked import legal as legal
from tests.games.checked import play as play

CAT: Catalog = load()


def idx(card_id: str) -> int:
    return CAT.by_id[card_id]


def lane(*card_ids: str, colour: str | None = None) -> Lane:
    """A lane of these cards; its colour is the first coloured card's (or ``colour``)."""
    cards = tuple(idx(c) for c in card_ids)
    if colour is not None:
        from skyhall.games.skyport.cards import COLOURS

        return Lane(COLOURS.index(colour), cards)
    for c in cards:
        if CAT.cards[c].is_standard_airship or CAT.cards[c].starting:
            return Lane(CAT.cards[c].colour, cards)
    raise ValueError("a lane of Wilds only needs colour=")


def berth(station_id: str, tycoon_id: str | None = None) -> Berth:
    return Berth(idx(station_id), EMPTY if tycoon_id is None else idx(tycoon_id))


def _item(item: str | Position) -> Position:
    if isinstance(item, str):
        card = CAT.cards[idx(item)]
        return Berth(card.index) if card.kind == 1 else Lane(card.colour, (card.index,))
    return item


def _cards_of(item: Position) -> list[int]:
    if isinstance(item, Lane):
        return list(item.cards)
    return [c for c in (item.station, item.tycoon) if c != EMPTY]


def _remove(s: State, cards: set[int]) -> None:
    s.deck = tuple(c for c in s.deck if c not in cards)
    s.board = [EMPTY if c in cards else c for c in s.board]
    s.station_decks = [tuple(c for c in d if c not in cards) for d in s.station_decks]
    s.promenade = [tuple(c for c in st if c not in cards) for st in s.promenade]
    s.hands = [tuple(c for c in h if c not in cards) for h in s.hands]
    s.known = [k - cards for k in s.known]
    s.rows = [
        tuple(
            it
            for it in (
                Lane(it.colour, tuple(c for c in it.cards if c not in cards))
                if isinstance(it, Lane)
                else (it if it.station not in cards else None)
                for it in row
            )
            if it is not None and not (isinstance(it, Lane) and not it.cards)
        )
        for row in s.rows
    ]


def position(
    players: int = 2,
    seed: int = 0,
    rows: Mapping[int, Sequence[str | Position]] | None = None,
    hands: Mapping[int, Iterable[str]] | None = None,
    board: Mapping[int, str | None] | None = None,
    current: int = 0,
    settle: bool = False,
) -> State:
    """A position at the start of ``current``'s turn (seat 0 is the first player).

    ``rows`` replaces the given seats' skyports, ``hands`` their hands, ``board``
    the airship beside the given spaces (0-based; ``None`` empties the space).
    """
    s = skyport.new_game(players, seed, {"first_player": 0})
    rows = rows or {}
    hands = hands or {}
    board = board or {}
    built_rows = {seat: tuple(_item(i) for i in row) for seat, row in rows.items()}
    wanted: set[int] = set()
    for row in built_rows.values():
        for item in row:
            wanted.update(_cards_of(item))
    for hand in hands.values():
        wanted.update(idx(c) for c in hand)
    for c in board.values():
        if c is not None:
            wanted.add(idx(c))
    _remove(s, wanted)
    for seat, row in built_rows.items():
        s.rows[seat] = row
    for seat, hand in hands.items():
        s.hands[seat] = tuple(idx(c) for c in hand)
    for space, c in board.items():
        s.board[space] = EMPTY if c is None else idx(c)
    s.log = None
    s.turn = current
    rules.start_turn(s)
    s._legal = None
    if settle:
        s.settle()
    return s


def with_deck(s: State, top_first: Sequence[str], closing_at: int | None = None) -> State:
    """Put these airships on top of the deck (first = top); optionally the Closing card at that depth."""
    cards = [idx(c) for c in top_first]
    _remove(s, set(cards))
    deck = [c for c in s.deck if c != CLOSING]
    deck.extend(reversed(cards))
    if closing_at is not None:
        deck.insert(len(deck) - closing_at, CLOSING)
    elif CLOSING in s.deck:
        deck.insert(CAT.closing_beneath, CLOSING)
    s.deck = tuple(deck)
    s._legal = None
    return s
