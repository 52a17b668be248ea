"""Observation encoders, one per game, on a :mod:`~skyhall.rl.encoding.layout` each.

``encoder(game_id).encode(view)`` turns a seat's view (never the state) into a
flat ``float32`` vector of a size fixed per game; ``encoder(game_id).dump(obs)``
names every nonzero entry; ``encoder(game_id).layout.table()`` is the layout in
Markdown (``python -m skyhall.rl.encoding`` prints all three).
"""

from __future__ import annotations

from skyhall.core import registry
from skyhall.rl.encoding.layout import Encoder, Layout, Vector

__all__ = ["Encoder", "Layout", "Vector", "encoder"]


def encoder(game_id: str) -> Encoder:
    """The encoder of ``game_id`` (module ``skyhall.rl.encoding.<game package>``)."""
    found: Encoder = registry.per_game(__name__, game_id).ENCODER
    return found
