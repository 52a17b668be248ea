"""The action codec: a bijection between a game's action universe and ``range(n)``, plus notation."""

from __future__ import annotations

import pickle
from dataclasses import dataclass

import pytest

from skyhall.core.actions import Codec, Interned, normalise, shared
from skyhall.core.errors import IllegalAction, MalformedAction
from skyhall.core.registry import get
from skyhall.core.rng import Rng


@dataclass(frozen=True)
class Go:
    where: str
    steps: int

    def __str__(self) -> str:
        return f"go {self.where} {self.steps}"


@dataclass(frozen=True)
class Rest:
    def __str__(self) -> str:
        return "Rest"


UNIVERSE: list[Go | Rest] = [*(Go(w, n) for w in ("north", "south") for n in (1, 2, 3)), Rest()]


@pytest.fixture
def codec() -> Codec[Go | Rest]:
    return Codec(UNIVERSE)


def test_encode_and_decode_are_inverse(codec: Codec[Go | Rest]) -> None:
    assert len(codec) == len(UNIVERSE)
    assert [codec.encode(a) for a in UNIVERSE] == list(range(len(UNIVERSE)))
    assert [codec.decode(i) for i in range(len(codec))] == UNIVERSE
    assert codec.encode_all(reversed(UNIVERSE)) == list(range(len(UNIVERSE)))[::-1]


def test_blocks_are_the_runs_of_one_kind_in_index_order() -> None:
    mixed = Codec([Go("north", 1), Go("north", 2), Rest(), Go("south", 1)])
    assert mixed.blocks() == [("Go", range(0, 2)), ("Rest", range(2, 3)), ("Go", range(3, 4))]


@pytest.mark.parametrize("index", [-1, len(UNIVERSE)])
def test_decode_outside_the_range(codec: Codec[Go | Rest], index: int) -> None:
    with pytest.raises(IndexError, match="outside"):
        codec.decode(index)


def test_encode_of_a_stranger(codec: Codec[Go | Rest]) -> None:
    with pytest.raises(KeyError):
        codec.encode(Go("east", 1))
    with pytest.raises(KeyError):
        codec.encode_all([UNIVERSE[0], Go("east", 1)])


def test_the_same_action_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        Codec([Go("north", 1), Rest(), Go("north", 1)])


def test_two_actions_with_one_notation_are_refused() -> None:
    @dataclass(frozen=True)
    class Other:
        def __str__(self) -> str:
            return "go  NORTH 1"

    with pytest.raises(ValueError, match="shared"):
        Codec([Go("north", 1), Other()])


@pytest.mark.parametrize("text", ["go north 2", "  GO   North\t2 ", "Go NORTH 2\n"])
def test_parse_normalises_case_and_spaces(codec: Codec[Go | Rest], text: str) -> None:
    assert codec.parse(text) == Go("north", 2)


def test_parse_reads_every_notation(codec: Codec[Go | Rest]) -> None:
    assert all(codec.parse(str(a)) == a for a in UNIVERSE)
    assert codec.parse("rest") == Rest()


def test_normalise() -> None:
    assert normalise("  Take   AIRSHIP ") == "take airship"


def test_malformed_text_suggests_the_nearest_actions(codec: Codec[Go | Rest]) -> None:
    with pytest.raises(MalformedAction) as raised:
        codec.parse("go nrth 2")
    assert isinstance(raised.value, IllegalAction)
    assert raised.value.tried == "go nrth 2"
    assert "did you mean" in raised.value.reason
    assert "go north 2" in raised.value.reason


def test_malformed_text_without_a_near_match(codec: Codec[Go | Rest]) -> None:
    with pytest.raises(MalformedAction, match="not an action of this game"):
        codec.parse("qqqqqqqqqq")


# -- shared (interned) instances --------------------------------------------------------

HASHED: list[object] = []
"""Every object :class:`Step` hashed, in order: what shows whether a lookup went through ``__hash__``."""


@dataclass(frozen=True, slots=True)
class Step(Interned):
    where: str
    steps: int

    def __hash__(self) -> int:
        HASHED.append(self)
        return hash((self.where, self.steps))

    def __str__(self) -> str:
        return f"step {self.where} {self.steps}"


@dataclass(frozen=True, slots=True)
class Wait(Interned):
    def __str__(self) -> str:
        return "wait"


EARLY = Step.of("north", 1)
"""Shared before any codec exists: the codec adopts it rather than its own equal object."""
STEPS: list[Step | Wait] = [*(Step(w, n) for w in ("north", "south") for n in (1, 2)), Wait()]


@pytest.fixture
def steps() -> Codec[Step | Wait]:
    return Codec(STEPS)


def test_of_returns_one_instance_per_value() -> None:
    assert Step.of("east", 3) is Step.of("east", 3)
    assert Step.of("east", 3) is not Step.of("east", 4)
    assert Wait.of() is Wait.of()
    assert type(Step.of("east", 3)) is Step


def test_a_shared_instance_is_the_plain_value() -> None:
    plain, shared_one = Step("east", 3), Step.of("east", 3)
    assert plain == shared_one and hash(plain) == hash(shared_one)
    assert (repr(plain), str(plain)) == (repr(shared_one), str(shared_one))
    assert not hasattr(shared_one, "__dict__")
    match shared_one:
        case Step(where, steps):
            assert (where, steps) == ("east", 3)
        case _:
            pytest.fail("a shared Step no longer matches the Step class pattern")


def test_the_shared_instance_is_the_codecs(steps: Codec[Step | Wait]) -> None:
    assert steps.decode(0) is EARLY
    assert all(steps.decode(i) is Step.of(a.where, a.steps) for i, a in enumerate(STEPS[:-1]))
    assert steps.decode(len(STEPS) - 1) is Wait.of()
    assert steps.parse("step south 2") is Step.of("south", 2)
    assert Codec(STEPS).decode(3) is steps.decode(3), "a second codec adopts the same objects"
    assert shared(Step("south", 1)) is steps.decode(2)


def test_shared_instances_are_encoded_by_identity(steps: Codec[Step | Wait]) -> None:
    legal = [Step.of("south", 2), Wait.of(), Step.of("north", 1)]
    HASHED.clear()
    assert steps.encode_all(legal) == [3, 4, 0]
    assert steps.encode(Step.of("north", 2)) == 1
    assert steps.encode_all(iter(legal)) == [3, 4, 0]
    assert HASHED == []


def test_an_equal_object_that_is_not_shared_falls_back_to_equality(steps: Codec[Step | Wait]) -> None:
    stranger = Step("south", 2)
    assert stranger is not Step.of("south", 2)
    HASHED.clear()
    assert steps.encode(stranger) == 3
    assert len(HASHED) == 1 and HASHED[0] is stranger
    assert steps.encode_all([Step.of("north", 1), stranger, Wait.of()]) == [0, 3, 4]
    assert steps.encode_all(iter([Wait.of(), Step("north", 2)])) == [4, 1]
    with pytest.raises(KeyError):
        steps.encode_all([Step.of("north", 1), Step("west", 1)])


def test_a_pickled_action_is_still_equal(steps: Codec[Step | Wait]) -> None:
    for action in (Step.of("north", 2), Wait.of()):
        back = pickle.loads(pickle.dumps(action))
        assert back == action and hash(back) == hash(action) and repr(back) == repr(action)
        assert steps.encode(back) == steps.encode(action)


def test_actions_of_other_classes_are_not_shared() -> None:
    go = Go("north", 1)
    assert shared(go) is go


@pytest.mark.parametrize("game_id", ["skyport", "airport-rush", "skyrise"])
def test_every_legal_action_of_a_game_is_the_codecs_own(game_id: str) -> None:
    game = get(game_id)
    codec = game.codec
    own = {id(codec.decode(i)) for i in range(len(codec))}
    state = game.new_game(3, 11)
    rng = Rng(5)
    while not state.is_over:
        legal = state.legal_actions()
        assert [a for a in legal if id(a) not in own] == []
        state.apply(legal[rng.below(len(legal))])
    for action in map(codec.decode, range(0, len(codec), 7)):
        back = pickle.loads(pickle.dumps(action))
        assert back == action and hash(back) == hash(action) and str(back) == str(action)
        assert codec.encode(back) == codec.encode(action)
