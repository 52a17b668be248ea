"""The decisions a game of Skyrise is made of."""

OPEN = 0
"""An auction's opening bid (the opener cannot pass)."""
BID = 1
"""Outbid, pass, or (Era 2) place a Wonder next to the most recent bid."""
ASSIGN = 2
"""Give a collected Wild disc its colour."""
KEEP = 3
"""Start of Era 2: keep a Wonder card (two in a 2-player game), hidden until everyone has chosen."""
TAKE = 4
"""A Wonder effect: which district's disc to take."""
PANORAMA = 5
"""A Wonder effect: which Panorama card to score alone."""
MOVE = 6
"""A Wonder effect: move one disc between district rows, or pass."""
OVER = 7

NAMES = (
    "open the auction",
    "outbid, pass or place a Wonder",
    "assign the Wild disc a colour",
    "keep a Wonder card",
    "take a disc (Wonder effect)",
    "score a Panorama (Wonder effect)",
    "move a district disc (Wonder effect)",
    "game over",
)
TASKS = (
    "open the auction with a bid",
    "outbid, pass or place a Wonder",
    "assign the Wild disc a colour",
    "keep a Wonder card",
    "choose the disc the Wonder takes",
    "choose the Panorama card to score",
    "move a district disc, or pass",
)
"""What the seat deciding must now do, completing "Player 2 must now …" (every step but ``OVER``)."""
