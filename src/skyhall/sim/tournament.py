"""Round robins between agents: who meets whom, and the standings (Elo with intervals, head to head).

With 2 players every pair of agents plays; with ``N`` players every group of ``N``
distinct agents does. Each group is one :class:`~skyhall.sim.runner.Run` with the
tournament's seed, so every group plays the same deals, and its games rotate the
seats over paired deals (the number of games per group is rounded up to a multiple
of ``N`` so each agent sits in each seat equally often).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from skyhall.sim.ratings import Meeting, Rating, meetings, rate
from skyhall.sim.runner import Job, Outcome, Run, jobs


def groups(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every group of ``players`` distinct agents (every pair for 2 players), in order."""
    if len(set(agents)) != len(agents):
        raise ValueError("name each agent once")
    if len(agents) < players:
        raise ValueError(f"{players}-player games need at least {players} agents, not {len(agents)}")
    return list(combinations(agents, players))


def schedule(
    game: str, agents: Sequence[str], players: int, games: int, seed: int, options: Mapping[str, Any]
) -> list[tuple[Run, list[Job]]]:
    """The runs of a round robin and their jobs: ``games`` per group, up to a multiple of ``players``."""
    per_group = -(-games // players) * players
    out = []
    for group in groups(agents, players):
        run = Run(game, group, seed, dict(options))
        out.append((run, jobs(run, per_group)))
    return out


@dataclass(frozen=True)
class Standings:
    """What a round robin found."""

    ratings: list[Rating]
    """Best first."""
    head_to_head: dict[str, dict[str, tuple[float, int]]]
    """``[a][b]``: a's share of the points in its meetings with b, and the number of meetings."""
    games: int


Played = tuple[Sequence[str], Sequence[int]]
"""One finished game as a round robin counts it: the agent and the rank of each seat."""


def played(outcome: Outcome) -> Played:
    """What the standings need of a game just played."""
    return outcome.agents, outcome.result.ranks


def standings(agents: Sequence[str], games_played: Sequence[Played]) -> Standings:
    """Ratings and head-to-head scores from the finished games of a round robin."""
    number = {name: i for i, name in enumerate(agents)}
    games: list[list[Meeting]] = [
        meetings([number[a] for a in seats], ranks) for seats, ranks in games_played
    ]
    points: dict[str, dict[str, list[float]]] = {a: {b: [0.0, 0] for b in agents if b != a} for a in agents}
    for game in games:
        for i, j, score in game:
            a, b = agents[i], agents[j]
            points[a][b][0] += score
            points[a][b][1] += 1
            points[b][a][0] += 1 - score
            points[b][a][1] += 1
    head = {a: {b: (p / n if n else 0.0, int(n)) for b, (p, n) in row.items()} for a, row in points.items()}
    return Standings(rate(list(agents), games), head, len(games_played))


def file_name(group: Sequence[str]) -> str:
    """The results file a group's games are kept in: its agents in order, ``ismcts_500-vs-greedy.jsonl``
    for ismcts:500 and greedy (any character but letters, digits, ``.`` and ``_`` made ``_``, so the
    name is a file name everywhere). A group keeps its file when agents join the round robin, so only
    the new groups' games are played."""
    return "-vs-".join(re.sub(r"[^\w.]", "_", name) for name in group) + ".jsonl"


def apart(standings: Standings) -> list[list[str]]:
    """The agents in groups that never met, directly or through others (best rated first in each), or
    ``[]`` when all are linked: ratings, and their intervals, compare only within a group."""
    order = [r.agent for r in standings.ratings]
    group = {a: {a} for a in order}
    for a, row in standings.head_to_head.items():
        for b, (_, count) in row.items():
            if count and group[a] is not group[b]:
                joined = group[a] | group[b]
                for member in joined:
                    group[member] = joined
    found: list[list[str]] = []
    for a in order:
        if not any(a in g for g in found):
            found.append([b for b in order if b in group[a]])
    return found if len(found) > 1 else []


def to_dict(standings: Standings, settings: Mapping[str, Any]) -> dict[str, Any]:
    """A JSON-ready form: the settings, the method, the ratings and the head-to-head table."""
    return {
        **settings,
        "games": standings.games,
        "method": "Bradley-Terry fit (ties half, one virtual draw per pair), Elo scale, 95% = "
        "profile-likelihood interval of each rating relative to the mean",
        "ratings": [
            {
                "agent": r.agent,
                "elo": round(r.elo, 1),
                "low": round(r.low, 1),
                "high": round(r.high, 1),
                "games": r.games,
                "score": round(r.score, 4),
            }
            for r in standings.ratings
        ],
        "apart": apart(standings),
        "head_to_head": {
            a: {b: {"score": round(s, 4), "meetings": n} for b, (s, n) in row.items()}
            for a, row in standings.head_to_head.items()
        },
    }
