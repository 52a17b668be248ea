"""core.state.TurnState: a game's State names its modules, whose functions become the contract's methods."""

from __future__ import annotations

import pytest

from skyhall.core.state import TurnState
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
