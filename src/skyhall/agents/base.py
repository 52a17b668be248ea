"""The agent interface and the agent factory used by the CLI and the simulator."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol


class Agent(Protocol):
    """Picks one of ``legal`` knowing only ``view`` (what its seat may know)."""

    name: str

    def choose(self, view: Any, legal: Sequence[Any]) -> Any: ...


_FACTORIES: dict[str, Callable[[int], Agent]] = {}


def register_agent(name: str, factory: Callable[[int], Agent]) -> None:
    _FACTORIES[name] = factory


def agent_names() -> list[str]:
    _load()
    return sorted(_FACTORIES)


def make_agent(name: str, seed: int) -> Agent:
    """A fresh agent called ``name`` with its own random stream seeded by ``seed``."""
    _load()
    try:
        return _FACTORIES[name](seed)
    except KeyError:
        raise ValueError(f"no agent {name!r} (agents: {', '.join(sorted(_FACTORIES))})") from None


def _load() -> None:
    import skyhall.agents.random_agent  # noqa: F401  (registers itself)
