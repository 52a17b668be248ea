"""The agent interface and the agent factory used by the CLI, the server and the simulator.

An agent name is a plain name (``random``, ``greedy``, ``ismcts``, ``easy``, ``normal``,
``hard``) or a family name with an argument after a colon (``ismcts:500`` for 500
iterations, ``ismcts:250ms`` for a time budget). :func:`agent_names` lists the plain names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from typing import Any, Protocol


class Agent(Protocol):
    """Picks one of ``legal`` knowing only ``view`` (what its seat may know)."""

    name: str

    def choose(self, view: Any, legal: Sequence[Any]) -> Any: ...


_FACTORIES: dict[str, Callable[[int], Agent]] = {}
_FAMILIES: dict[str, Callable[[int, str], Agent]] = {}


def register_agent(name: str, factory: Callable[[int], Agent]) -> None:
    """Make ``make_agent(name, seed)`` call ``factory(seed)``."""
    _FACTORIES[name] = factory


def register_family(name: str, factory: Callable[[int, str], Agent]) -> None:
    """Make ``make_agent(f"{name}:{argument}", seed)`` call ``factory(seed, argument)``.

    The factory raises ``ValueError`` naming the problem when it cannot use the argument.
    """
    _FAMILIES[name] = factory


def agent_names() -> list[str]:
    """The plain agent names (families such as ``ismcts`` also take ``:argument``)."""
    _load()
    return sorted(_FACTORIES)


def make_agent(name: str, seed: int) -> Agent:
    """A fresh agent called ``name`` with its own random stream seeded by ``seed``.

    ``ValueError`` names the problem: an unknown agent, or an argument the agent cannot use.
    """
    _load()
    family, colon, argument = name.partition(":")
    if colon:
        factory = _FAMILIES.get(family)
        if factory is None:
            raise ValueError(
                f"agent {name!r}: {family!r} takes no argument "
                f"(agents with an argument: {', '.join(sorted(_FAMILIES)) or 'none'})"
            )
        return factory(seed, argument)
    try:
        return _FACTORIES[name](seed)
    except KeyError:
        raise ValueError(f"no agent {name!r} (agents: {', '.join(sorted(_FACTORIES))})") from None


def _load() -> None:
    # Each module registers its agents on import.
    import skyhall.agents.greedy
    import skyhall.agents.ismcts
    import skyhall.agents.random_agent  # noqa: F401


def clocked(name: str) -> bool:
    """Whether agent ``name`` stops thinking at a time limit (``normal``, ``hard``, ``ismcts:250ms``): its
    choices then depend on the machine's speed and load, so a seed does not fix its games."""
    budget = getattr(make_agent(name, 0), "budget", None)
    return getattr(budget, "seconds", None) is not None


def timed_agents(names: Iterable[object]) -> list[str]:
    """Of ``names``, those that stop thinking at a time limit (see :func:`clocked`), each once, sorted;
    names this installation does not know are left out (a results file may name them)."""
    found = set()
    for name in map(str, names):
        with suppress(ValueError):
            if clocked(name):
                found.add(name)
    return sorted(found)
