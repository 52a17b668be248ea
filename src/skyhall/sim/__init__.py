"""Playing games between agents: one game, or many with seats rotated."""
