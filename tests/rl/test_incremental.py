"""The shared incremental encoder (:class:`skyhall.rl.encoding.incremental.Incremental`) on a toy game.

Whatever an observer encoded before (nothing, another position, another game, a view that failed half
way, in another thread), a view gets the vector written from scratch off its values alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pytest

from skyhall.core.rng import Rng
from skyhall.rl.encoding.incremental import (
    Cells,
    Field,
    Incremental,
    Pairs,
    Rel,
    cells,
    flag,
    one_hot,
    run_field,
    scaled,
    seat_hot,
)
from skyhall.rl.encoding.layout import SEATS, Layout
from tests.rl.threads import wrong_in_threads

CARDS = 6
LAYOUT = Layout("toy")
HANDS = LAYOUT.grid("hands", SEATS, [str(c) for c in range(CARDS)], "cards in each hand")
ORDER = LAYOUT.numbers("order", [str(c) for c in range(CARDS)], "place of each card in its hand, / 8")
PILE = LAYOUT.flags("pile", [str(c) for c in range(CARDS)], "cards on the pile")
TO_ACT = LAYOUT.flags("to_act", SEATS, "who acts")
TURN = LAYOUT.numbers("turn", ("turn / 10",), "the turn")
STEP = LAYOUT.flags("step", ("a", "b"), "the step")
PILED = LAYOUT.grid("piled", [str(k) for k in range(CARDS)], [str(c) for c in range(CARDS)], "pile, by place")
SIZES = LAYOUT.grid("sizes", SEATS, ("hand / 8", "spare"), "hand sizes", True)


@dataclass(frozen=True)
class Toy:
    seat: int | None
    players: int
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    to_act: int | None
    turn: int
    step: int
    setup: tuple[int, ...] = ()


def hand(cards: tuple[int, ...], p: int, rel: tuple[int, ...]) -> Pairs:
    """A hand's flags and each card's place (an entry per card, shared by all hands: cards move)."""
    pairs: Pairs = [(HANDS + rel[p] * CARDS + c, 1.0) for c in cards]
    pairs += [(ORDER + c, (k + 1) / 8) for k, c in enumerate(cards)]
    return pairs


def size(cards: tuple[int, ...], _rel: Rel) -> Cells:
    return cells([len(cards) / 8])


FIELDS = (
    Field("hands", hand, members=True),
    Field("pile", flag(PILE), members=True),
    run_field("pile", PILED, CARDS, one_hot(CARDS), members=True),  # runs that come and go at the end
    run_field("hands", SIZES, 1, size, members=True, by_seat=True, stride=2),
    run_field("to_act", TO_ACT, len(SEATS), seat_hot()),
    run_field("turn", TURN, 1, scaled(10)),
    run_field("step", STEP, 2, one_hot(2)),
)


def from_scratch(view: Toy) -> bytes:
    """What the fields say, written into zeros with no encoder at all."""
    assert view.seat is not None
    out = np.zeros(LAYOUT.size, np.float32)
    rel = tuple((p - view.seat) % view.players for p in range(view.players))
    for f in FIELDS:
        value = getattr(view, f.name)
        members = value if f.members else (value,)
        for k, member in enumerate(members):
            for at, x in f.entries(member, k, rel):
                out[at] = x
    return out.tobytes()


def random_views(seed: int, count: int, setup: tuple[int, ...] = ()) -> list[Toy]:
    """Views of random deals, each one move (a card moved or dropped, the turn passed) from the last."""
    rng = Rng(seed)
    players = 2 + rng.below(3)
    hands = [[c for c in range(CARDS) if c % players == p] for p in range(players)]
    pile: list[int] = []
    found = []
    for turn in range(count):
        source, target = rng.below(players), rng.below(players)
        if hands[source]:
            card = hands[source].pop(rng.below(len(hands[source])))
            (hands[target] if rng.below(3) else pile).append(card)
        seat = rng.below(players)
        found.append(
            Toy(
                seat,
                players,
                tuple(map(tuple, hands)),
                tuple(pile),
                rng.below(players),
                turn,
                turn % 2,
                setup,
            )
        )
    return found


def test_any_order_and_any_history_give_the_vector_written_from_scratch() -> None:
    encoder = Incremental(LAYOUT, FIELDS)
    views = random_views(1, 60) + random_views(2, 60)
    expected = [from_scratch(v) for v in views]
    order = list(range(len(views)))
    out = np.full(LAYOUT.size, 7.0, np.float32)
    for shuffle in (False, True):
        if shuffle:
            Rng(3).shuffle(order)
        for k in order:
            assert encoder.encode(views[k], out).tobytes() == expected[k]


def test_a_card_moved_from_one_hand_to_another_keeps_its_new_entries() -> None:
    encoder = Incremental(LAYOUT, FIELDS)
    before = Toy(0, 2, ((0, 1), (2,)), (), 0, 0, 0)
    after = replace(before, hands=((0,), (2, 1)))  # card 1 leaves hand 0 for hand 1, its place changes
    encoder.encode(before)
    obs = encoder.encode(after)
    assert obs.tobytes() == from_scratch(after)
    assert obs[ORDER + 1] == np.float32(2 / 8)
    assert obs[HANDS + CARDS + 1] == 1.0 and obs[HANDS + 1] == 0.0


def test_a_run_sets_its_pattern_at_its_members_place() -> None:
    run = FIELDS[3].run
    assert run is not None
    rel = (2, 0, 1)  # seat 1 observes three players
    assert run.entries((0, 1, 2), 0, rel) == [(SIZES + 2 * 2, np.float32(3 / 8))]
    assert one_hot(3, offset=2)(4, rel).tolist() == [0.0, 0.0, 1.0]
    assert one_hot(3, offset=2)(1, rel).tolist() == [0.0, 0.0, 0.0]
    assert seat_hot()(0, rel).tolist() == [0.0, 0.0, 1.0, 0.0]
    assert seat_hot()(None, rel).tolist() == [0.0] * 4
    assert cells([1 / 3, 0.1]).tolist() == np.array([1 / 3, 0.1], np.float32).tolist()  # numpy's rounding


def test_the_vector_is_the_callers_own() -> None:
    encoder = Incremental(LAYOUT, FIELDS)
    first, second = random_views(4, 2)
    kept = encoder.encode(first)
    encoder.encode(second)
    assert kept.tobytes() == from_scratch(first)


def test_spectators_have_no_observation() -> None:
    with pytest.raises(ValueError, match="seat"):
        Incremental(LAYOUT, FIELDS).encode(Toy(None, 2, ((), ()), (), None, 0, 0))


def test_a_failed_encoding_leaves_no_half_written_record() -> None:
    encoder = Incremental(LAYOUT, FIELDS)
    first, later = Toy(0, 2, ((0, 1), (2,)), (3,), 0, 0, 0), Toy(0, 2, ((0,), (2, 1)), (3, 4), 1, 1, 1)
    encoder.encode(first)
    with pytest.raises(TypeError):  # the turn is written after the hands and the pile changed
        encoder.encode(replace(later, turn="not a number"))  # type: ignore[arg-type]
    assert encoder.encode(first).tobytes() == from_scratch(first)


def test_games_side_by_side_keep_their_own_records_and_start_alike() -> None:
    encoder = Incremental(LAYOUT, FIELDS, game="setup", limit=3)
    games = [random_views(10 + g, 40, setup=(g,)) for g in range(3)]
    for step in range(40):
        for game in games:
            view = game[step]
            assert encoder.encode(view).tobytes() == from_scratch(view)
    assert len(encoder.records) == 3  # the least recently used are dropped
    assert {players for players, _seat in encoder.starts} == {len(g[0].hands) for g in games}


def test_threads_encoding_at_once_get_their_own_vectors() -> None:
    encoder = Incremental(LAYOUT, FIELDS)
    views = random_views(7, 200)
    expected = [from_scratch(v) for v in views]
    assert wrong_in_threads(encoder, views, expected) == []
