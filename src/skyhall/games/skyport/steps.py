"""The decisions a Skyport turn is made of, in the order they can come up."""

CHOOSE_CARD = 0
"""Arrival: which card to play."""
PLACE_CARD = 1
"""Arrival: where the chosen card goes."""
SHIFT_NEW_LANE = 2
"""Skyport phase: direction and distance for the new lane (move ability)."""
SWAP_NEW_LANE = 3
"""Skyport phase: which lane the new lane trades places with (swap ability)."""
WILD_MOVE = 4
"""A rival's optional one-space lane move after a Wild."""
TYCOON_CHOICE = 5
"""Tycoon phase: use a Merchant or Explorer, or finish the phase."""
TYCOON_ACTION = 6
"""Tycoon phase: the move or swap of the tycoon being used."""
WALK = 7
"""Acquisition: how far the standee walks."""
TAKE = 8
"""Acquisition: the airship or the space's alternative (tycoon, station)."""
SPACE_MOVE = 9
"""Acquisition: the Movement space's optional lane move."""
OVER = 10

NAMES = (
    "choose a card to play",
    "place the card",
    "move the new lane",
    "swap the new lane",
    "move a lane after a Wild",
    "use tycoons",
    "carry out the tycoon's ability",
    "walk the standee",
    "take a card",
    "move a lane (Movement space)",
    "game over",
)
TASKS = (
    "choose a card to play",
    "choose where the card goes",
    "move the new lane as its ability says",
    "swap the new lane as its ability says",
    "move one lane 1 space, or pass",
    "use a tycoon, or pass to end the Tycoon phase",
    "carry out the tycoon's move",
    "walk the standee",
    "take a card from the space",
    "move a lane of the taken airship's colour, or pass",
)
"""What the seat deciding must now do, completing "Player 2 must now …" (every step but ``OVER``)."""
PHASES = (
    "Arrival",
    "Arrival",
    "Skyport",
    "Skyport",
    "Skyport",
    "Tycoon",
    "Tycoon",
    "Acquisition",
    "Acquisition",
    "Acquisition",
    "End",
)
