"""How long a search agent may think: a number of iterations, a time, or both (whichever ends first)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_TIME = re.compile(r"(\d+(?:\.\d+)?)(ms|s)")


@dataclass(frozen=True)
class Budget:
    """Stop after ``iterations`` (when set) or once ``seconds`` have passed (when set)."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations, seconds or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"a budget needs at least 1 iteration, got {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"a time budget must be positive, got {self.seconds} s")


def parse_budget(text: str) -> Budget:
    """``"500"``: 500 iterations; ``"250ms"`` or ``"1.5s"``: a time. ``ValueError`` names what is wrong."""
    if text.isdigit():
        return Budget(iterations=int(text))
    found = _TIME.fullmatch(text)
    if found is None:
        raise ValueError(f"budget {text!r} is neither a number of iterations (500) nor a time (250ms, 1.5s)")
    amount = float(found[1])
    return Budget(seconds=amount / 1000 if found[2] == "ms" else amount)
