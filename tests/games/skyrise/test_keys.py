"""City Keys (KEY): the ``city_keys`` option, who receives the Large and Small Key, ties, final value.

The Keys are handed out at the end of Era 1 from the prestige that island control and the
Panoramas (Falls View and Quarter here) have just given; each scenario builds the
Structures that produce that prestige and lets seat 0 end Era 1 through ``play()`` (see
``test_final_scoring``). Key values come from the (reconstructed) data; one test pins it.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from skyhall.core.result import ScoreLine
from skyhall.games import skyrise
from skyhall.games.skyrise.state import State
from tests.games.skyrise.position import CAT, position
from tests.games.skyrise.test_final_scoring import end_era_one, end_game, final_position, lines, panoramas

LARGE, SMALL = CAT.large_key, CAT.small_key
DRAWN = " (drawn at random among the tied)"

Built = Mapping[str, tuple[int, int | str]]

# Seat 0: North control and a Quarter (9, 3 Structures); seat 1: East control (5); seat 2: nothing (0).
BASE: Built = {"Na": (0, 14), "Nb": (0, 26), "Ea": (1, 44)}
BASE_LAST = "bid 106 Nc"


def keys_after_era_one(
    built: Built, last: str, players: int = 3, mode: str | None = None, seed: int = 0
) -> State:
    """The position after seat 0 ends Era 1 with ``last`` (Falls View and Quarter in play)."""
    options = {} if mode is None else {"city_keys": mode}
    s = panoramas(position(players=players, built=built, options=options, seed=seed), "falls-view", "quarter")
    assert s.keys == [()] * players
    return end_era_one(s, last)


def key_lines(s: State) -> list[str]:
    return [text for text in s.log_for(None) if "City Key" in text]


def receives(seat: int, name: str, value: int, drawn: bool = False) -> str:
    return f"Player {seat + 1} receives the {name} City Key ({value}){DRAWN if drawn else ''}."


@pytest.mark.rule("SKR-KEY-01")
def test_the_option_and_the_key_values() -> None:
    assert skyrise.SPEC.options["city_keys"] == "lowest"
    for mode in ("lowest", "highest", "off"):
        assert skyrise.new_game(3, 0, {"city_keys": mode}).keys_mode == mode
    assert skyrise.new_game(3, 0).keys_mode == "lowest"
    with pytest.raises(ValueError, match="city_keys must be one of lowest, highest, off"):
        skyrise.new_game(3, 0, {"city_keys": "random"})
    # The reconstruction: Large 8, Small 4, the Small Key from 3 players.
    assert (CAT.large_key, CAT.small_key, CAT.small_key_from) == (8, 4, 3) and CAT.reconstructed


@pytest.mark.rule("SKR-KEY-01", "SKR-KEY-03", "SKR-KEY-04", "SKR-KEY-06", "SKR-KEY-08", "SKR-KEY-09")
@pytest.mark.parametrize(
    ("mode", "keys", "log"),
    [
        (None, [(), (SMALL,), (LARGE,)], [receives(2, "Large", LARGE), receives(1, "Small", SMALL)]),
        ("lowest", [(), (SMALL,), (LARGE,)], [receives(2, "Large", LARGE), receives(1, "Small", SMALL)]),
        ("highest", [(LARGE,), (SMALL,), ()], [receives(0, "Large", LARGE), receives(1, "Small", SMALL)]),
        ("off", [(), (), ()], []),
    ],
)
def test_who_receives_the_keys(mode: str | None, keys: list[tuple[int, ...]], log: list[str]) -> None:
    s = keys_after_era_one(BASE, BASE_LAST, mode=mode)
    assert s.prestige == [9, 5, 0]
    assert s.keys == keys
    assert key_lines(s) == log
    # A Key is no prestige yet: nothing on the track or in the ledger until the end of Era 2.
    assert all(lines(s, seat, "keys") == [] for seat in range(3))


@pytest.mark.rule("SKR-KEY-02")
def test_keys_follow_the_prestige_after_control_and_panoramas() -> None:
    # Before the scoring everyone has 0 and seat 1 has the fewest Structures; after control
    # only, all have 5. With the Panoramas: seat 0 9 (Quarter), seat 1 8 (Falls View), seat 2 5.
    built = {"Na": (0, 14), "Nb": (0, 26), "Ed": (1, 44), "Sa": (2, 18), "Sb": (2, 22)}
    s = keys_after_era_one(built, BASE_LAST)
    assert s.prestige == [9, 8, 5]
    assert s.keys == [(), (SMALL,), (LARGE,)]
    log = s.log_for(None)
    first_key = log.index(receives(2, "Large", LARGE))
    assert first_key > max(i for i, text in enumerate(log) if " scores " in text)
    assert log[first_key + 1] == receives(1, "Small", SMALL)
    assert log[first_key + 2].startswith("Era 2:")


@pytest.mark.rule("SKR-KEY-04", "SKR-KEY-08")
@pytest.mark.parametrize(
    ("players", "built", "mode", "keys"),
    [
        (2, BASE, "lowest", [(), (LARGE,)]),
        (2, BASE, "highest", [(LARGE,), ()]),
        # Seat 3: West control and a waterfall (8); seat 2 has nothing (0).
        (4, {**BASE, "Wd": (3, 12)}, "lowest", [(), (SMALL,), (LARGE,), ()]),
        (4, {**BASE, "Wd": (3, 12)}, "highest", [(LARGE,), (), (), (SMALL,)]),
    ],
)
def test_the_small_key_only_with_three_or_four_players(
    players: int, built: Built, mode: str, keys: list[tuple[int, ...]]
) -> None:
    s = keys_after_era_one(built, BASE_LAST, players=players, mode=mode)
    assert s.prestige == [9, 5, 0, 8][:players]
    assert s.keys == keys
    assert len(key_lines(s)) == (2 if players > 2 else 1)


# Seat 0: one short Building beaten on the East Island (0, 1 Structure); seat 1 controls the
# East Island with two Buildings (5); seat 2 the South Island with one (5).
TIED: Built = {"Ea": (1, 44), "Eb": (1, 16), "Sa": (2, 46)}


@pytest.mark.rule("SKR-KEY-05", "SKR-KEY-08")
@pytest.mark.parametrize(
    ("mode", "keys", "log"),
    [
        ("lowest", [(LARGE,), (), (SMALL,)], [receives(0, "Large", LARGE), receives(2, "Small", SMALL)]),
        ("highest", [(), (SMALL,), (LARGE,)], [receives(2, "Large", LARGE), receives(1, "Small", SMALL)]),
    ],
)
def test_a_tie_goes_to_the_fewer_built_structures(
    mode: str, keys: list[tuple[int, ...]], log: list[str]
) -> None:
    s = keys_after_era_one(TIED, "bid 14 Ec", mode=mode)
    assert s.prestige == [0, 5, 5] and [len(b) for b in s.built] == [1, 2, 1]
    assert s.keys == keys
    assert key_lines(s) == log


@pytest.mark.rule("SKR-KEY-05", "SKR-KEY-06")
@pytest.mark.parametrize("mode", ["lowest", "highest"])
def test_a_tie_on_structures_too_is_drawn_with_the_games_randomness(mode: str) -> None:
    built = {"Ea": (1, 44), "Sa": (2, 46)}  # seats 1 and 2: 5 prestige and 1 Structure each
    drawn = set()
    for seed in range(12):
        s = keys_after_era_one(built, "bid 14 Eb", mode=mode, seed=seed)
        assert s.prestige == [0, 5, 5] and [len(b) for b in s.built] == [1, 1, 1]
        again = keys_after_era_one(built, "bid 14 Eb", mode=mode, seed=seed)
        assert again.keys == s.keys  # the draw is the state's own: replays agree
        if mode == "lowest":
            assert s.keys[0] == (LARGE,)
            winner = 1 if s.keys[1] else 2
            assert s.keys[winner] == (SMALL,) and s.keys[3 - winner] == ()
            assert key_lines(s) == [receives(0, "Large", LARGE), receives(winner, "Small", SMALL, drawn=True)]
        else:
            winner = 1 if s.keys[1] == (LARGE,) else 2
            assert s.keys[winner] == (LARGE,) and s.keys[3 - winner] == (SMALL,) and s.keys[0] == ()
            assert key_lines(s) == [
                receives(winner, "Large", LARGE, drawn=True),
                receives(3 - winner, "Small", SMALL),
            ]
        drawn.add(winner)
    assert drawn == {1, 2}


@pytest.mark.rule("SKR-KEY-07")
def test_keys_score_at_the_end_of_era_two_with_the_commissions_bonus() -> None:
    s = final_position({"Na": (0, 106), "Ea": (1, 44), "Sa": (2, 46)})
    s.keys[0], s.commissions[0] = (LARGE,), 2
    s.keys[1], s.commissions[1] = (SMALL,), 1
    s.commissions[2] = 1
    end_game(s, "bid 2 Nb", seat=0)
    assert lines(s, 0, "keys", "commissions") == [
        ScoreLine("keys", "Large City Key", LARGE),
        # the Key and 2 Commissions discs are the items
        ScoreLine("commissions", "Commissions (2 discs): 2 × 3 illustration items", 6),
    ]
    assert lines(s, 1, "keys", "commissions") == [
        ScoreLine("keys", "Small City Key", SMALL),
        ScoreLine("commissions", "Commissions (1 disc): 1 × 2 illustration items", 2),
    ]
    assert lines(s, 2, "keys", "commissions") == [
        ScoreLine("commissions", "Commissions (1 disc): 1 × 1 illustration item", 1)
    ]
