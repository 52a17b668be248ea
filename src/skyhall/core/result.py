"""The outcome of a finished game: scores, ranking with tie-breaks, and where every point came from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ScoreLine:
    """One row of a score sheet: a category (``lane``, ``tycoon``…), a label in plain words, the points."""

    category: str
    label: str
    points: int


@dataclass(frozen=True)
class Result:
    """Final scores and ranking.

    ``ranks[seat]`` is 1 for the winner(s); seats the rulebook's tie-breaks
    cannot separate share a rank. ``breakdown[seat]`` lists every scoring line.
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    breakdown: tuple[tuple[ScoreLine, ...], ...]
    tiebreak: tuple[tuple[int, ...], ...] = field(default=())
    """Per seat, the tie-break values after the score, in the order the rulebook applies them."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat(s) ranked first; more than one only when every tie-break is exhausted."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def category_totals(self, seat: int) -> dict[str, int]:
        """Points of ``seat`` summed by category."""
        totals: dict[str, int] = {}
        for line in self.breakdown[seat]:
            totals[line.category] = totals.get(line.category, 0) + line.points
        return totals

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form."""
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "tiebreak": [list(t) for t in self.tiebreak],
            "breakdown": [
                [{"category": ln.category, "label": ln.label, "points": ln.points} for ln in lines]
                for lines in self.breakdown
            ],
        }


def rank_by(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3…) from per-seat sort keys where larger is better."""
    ranks = []
    for key in keys:
        ranks.append(1 + sum(1 for other in keys if other > key))
    return tuple(ranks)
