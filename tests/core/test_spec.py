"""GameSpec: player range and option checking."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from skyhall.core.spec import FIRST_PLAYER, GameSpec, Option

SPEC = GameSpec(
    id="toy",
    title="Toy Game",
    min_players=2,
    max_players=4,
    rules_version=3,
    action_count=10,
    options=MappingProxyType({"variant": "basic", "first_player": None}),
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_in_range(players: int) -> None:
    SPEC.check_players(players)


@pytest.mark.parametrize("players", [0, 1, 5])
def test_players_out_of_range_name_the_range(players: int) -> None:
    with pytest.raises(ValueError, match=f"Toy Game takes 2 to 4 players, not {players}"):
        SPEC.check_players(players)


def test_options_default_and_override() -> None:
    assert SPEC.resolve_options(None) == {"variant": "basic", "first_player": None}
    assert SPEC.resolve_options({"variant": "pro"}) == {"variant": "pro", "first_player": None}
    assert dict(SPEC.options) == {"variant": "basic", "first_player": None}  # defaults untouched


def test_unknown_option_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"no option 'colour' \(options: first_player, variant\)"):
        SPEC.resolve_options({"colour": "red"})


def test_a_game_without_options() -> None:
    bare = GameSpec("bare", "Bare", 1, 1, 1, 1)
    assert bare.resolve_options({}) == {}
    with pytest.raises(ValueError, match="options: none"):
        bare.resolve_options({"x": 1})


def test_spec_is_frozen() -> None:
    with pytest.raises(AttributeError):
        SPEC.rules_version = 4  # type: ignore[misc]


def test_a_spec_offers_only_options_it_has() -> None:
    replace(SPEC, offered=MappingProxyType({"first_player": FIRST_PLAYER}))
    with pytest.raises(ValueError, match="toy offers options it does not have: colour"):
        colour = Option("Colour", "red")
        replace(SPEC, offered=MappingProxyType({"first_player": FIRST_PLAYER, "colour": colour}))
