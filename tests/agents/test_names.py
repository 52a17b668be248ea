"""Agent names: plain names, ``ismcts:N`` / ``ismcts:250ms`` budgets, clear errors."""

from __future__ import annotations

import pytest

from skyhall.agents import agent_names, make_agent
from skyhall.agents.budget import Budget, parse_budget
from skyhall.agents.ismcts import HARD, ITERATIONS, IsmctsAgent


def test_plain_names_include_the_levels() -> None:
    assert agent_names() == ["easy", "greedy", "hard", "ismcts", "normal", "random"]
    for name in agent_names():
        assert make_agent(name, 1).name == name


def test_ismcts_budgets() -> None:
    default = make_agent("ismcts", 1)
    assert isinstance(default, IsmctsAgent) and default.budget == Budget(iterations=ITERATIONS)
    counted = make_agent("ismcts:500", 1)
    assert isinstance(counted, IsmctsAgent) and counted.budget == Budget(iterations=500)
    assert counted.name == "ismcts:500"
    timed = make_agent("ismcts:250ms", 1)
    assert isinstance(timed, IsmctsAgent) and timed.budget == Budget(seconds=0.25)
    hard = make_agent("hard", 1)
    assert isinstance(hard, IsmctsAgent) and hard.budget == HARD
    assert HARD.seconds is not None and HARD.seconds < 2


def test_parse_budget() -> None:
    assert parse_budget("1.5s") == Budget(seconds=1.5)
    assert parse_budget("40ms") == Budget(seconds=0.04)
    assert parse_budget("7") == Budget(iterations=7)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("ismcts:abc", r"agent 'ismcts:abc': budget 'abc' is neither a number of iterations"),
        ("ismcts:0", r"agent 'ismcts:0': a budget needs at least 1 iteration, got 0"),
        ("ismcts:", r"agent 'ismcts:': budget '' is neither"),
        ("ismcts:5 ms", r"budget '5 ms' is neither"),
        ("greedy:3", r"agent 'greedy:3': 'greedy' takes no argument \(agents with an argument: ismcts\)"),
        ("nobody", r"no agent 'nobody' \(agents: easy, greedy, hard, ismcts, normal, random\)"),
    ],
)
def test_bad_names_say_what_is_wrong(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(name, 1)
