"""Skyhall: unofficial fan implementations of three sky-themed board games.

Layers (imports point one way only; ``tests/test_layers.py`` enforces it)::

    core <- games <- agents <- sim <- server, rl <- cli

``skyhall.core`` holds the game-agnostic engine contract; each package under
``skyhall.games`` implements it for one game and registers itself on import.
``server`` and ``rl`` do not import each other; ``web`` holds the browser's static
files, which ``server`` serves.
"""

__version__ = "0.1.0"
