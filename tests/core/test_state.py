"""core.state.TurnState: a game's State names its modules, whose functions become the contract's methods."""

from __future__ import annotations

import pytest

from skyhall.core.state import FaceDown, TurnState, rivals_of
from skyhall.games.skyport import rules, scoring, view
from skyhall.games.skyport.state import State


def test_the_modules_functions_are_the_methods() -> None:
    assert State._carry_out is rules.carry_out
    assert State._compute_legal is rules.legal
    assert State.why_illegal is rules.why_illegal
    assert State.result is scoring.result
    assert State.view is view.build_view
    assert State._sample is view.determinize  # a staticmethod: the function itself, no seat bound


def test_a_state_that_names_no_modules_is_refused_when_defined() -> None:
    with pytest.raises(TypeError, match="Incomplete must name its rules, scoring and view modules"):

        class Incomplete(TurnState[int], rules=rules):
            pass


def test_rivals_and_face_down_rows_are_shared_objects() -> None:
    assert rivals_of(3, 1) == (0, 2) and rivals_of(3, None) == (0, 1, 2)
    assert rivals_of(4, 2) is rivals_of(4, 2)
    face_down = FaceDown(-2, keep=4)
    assert face_down(3) == (-2, -2, -2) and face_down(3) is face_down(3)
    assert face_down(6) == (-2,) * 6  # past ``keep``: made each time
