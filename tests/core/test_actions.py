"""The action codec: a bijection between a game's action universe and ``range(n)``, plus notation."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from skyhall.core.actions import Codec, normalise
from skyhall.core.errors import IllegalAction, MalformedAction


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
