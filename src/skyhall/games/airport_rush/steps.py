"""The decisions an Airport Rush game is made of."""

KEEP = 0
"""Setup: which 2 of the 4 dealt objectives to keep (each seat in turn, unseen by the others)."""
TAKE_DICE = 1
"""Action 1: a load space and the dice taken from it."""
PLACE_DIE = 2
"""Where each taken (or drawn) die goes."""
PLAY_CARD = 3
"""Action 2: the card played."""
CARD_EFFECT = 4
"""Action 2: the target of the action card played (or ``pass`` to discard it unused)."""
TAKE_OFF = 5
"""Action 3: take off a ready plane, load Airport dice, or pass."""
DRAW = 6
"""Action 4: where the next card comes from."""
EVENT = 7
"""A seat's choice in an Event (FOG's die, RUSH HOUR's take-off)."""
FINAL_LOAD = 8
"""After the last round: load Airport dice before the final take-off."""
OVER = 9

NAMES = (
    "keep two objectives",
    "take dice",
    "place a die",
    "play a card",
    "use the action card",
    "take off",
    "take a card",
    "answer an event",
    "load dice before the final take-off",
    "game over",
)
TASKS = NAMES[:OVER]
"""What the seat deciding must now do, completing "Player 2 must now …" (every step but ``OVER``; the
decisions' names read so already)."""
