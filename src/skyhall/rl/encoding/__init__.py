"""Observation encoders, one per game, on a :mod:`~skyhall.rl.encoding.layout` each.

``encoder(game_id).encode(view)`` turns a seat's view (never the state) into a
flat ``float32`` vector of a size fixed per game; ``encoder(game_id).dump(obs)``
names every nonzero entry; ``encoder(game_id).layout.table()`` is the layout in
Markdown (``python -m skyhall.rl.encoding`` prints all three). Each game's module also gives the
``MARGIN_SCALE`` of its ``scaled`` reward (:func:`margin_scale`).
"""

from __future__ import annotations

from skyhall.core import registry
from skyhall.rl.encoding.layout import Encoder, Layout, Vector

__all__ = ["Encoder", "Layout", "Vector", "encoder", "margin_scale"]


def encoder(game_id: str) -> Encoder:
    """The encoder of ``game_id`` (module ``skyhall.rl.encoding.<game package>``)."""
    found: Encoder = registry.per_game(__name__, game_id).ENCODER
    return found


def margin_scale(game_id: str) -> float:
    """What the ``scaled`` reward divides ``game_id``'s score margin by (``MARGIN_SCALE`` of its module):
    a round number above every margin measured between Skyhall's agents, so that the reward is the
    margin's share of it and reaches -1 or 1 (clipped) only in a rout."""
    scale: float = registry.per_game(__name__, game_id).MARGIN_SCALE
    return scale
