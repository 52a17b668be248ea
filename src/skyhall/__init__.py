"""Skyhall: unofficial fan implementations of three sky-themed board games.

Layers (imports point one way only)::

    core <- games <- agents, sim <- cli (and later server, rl)

``skyhall.core`` holds the game-agnostic engine contract; each package under
``skyhall.games`` implements it for one game and registers itself on import.
"""

__version__ = "0.1.0"
