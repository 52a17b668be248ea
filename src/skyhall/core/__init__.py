"""Game-agnostic engine contracts: spec, registry, actions and codec, RNG, records, errors.

Standard library only, no I/O beyond reading packaged data.
"""

from skyhall.core.engine import play
from skyhall.core.errors import DataError, IllegalAction, MalformedAction, RecordError, SkyhallError
from skyhall.core.record import GameRecord
from skyhall.core.registry import Game, available, get
from skyhall.core.result import Result, ScoreLine
from skyhall.core.rng import Rng
from skyhall.core.spec import GameSpec

__all__ = [
    "DataError",
    "Game",
    "GameRecord",
    "GameSpec",
    "IllegalAction",
    "MalformedAction",
    "RecordError",
    "Result",
    "Rng",
    "ScoreLine",
    "SkyhallError",
    "available",
    "get",
    "play",
]
