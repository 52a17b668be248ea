"""Play games between agents and keep what happened: the record, the result, the agents.

Seat ``i`` is the ``i``-th to play: when a game has a ``first_player`` option and
the caller leaves it out, seat 0 plays first. "Win rate by seat" then measures the
turn-order advantage, and the seat rotation of :func:`schedule` gives every agent
every turn position on the same deals.

A :class:`Run` (game, agents, seed, options) fixes every game of a simulation: game
``i`` of a run is always the same game, whichever process or machine plays it, so
runs can be split into batches (:mod:`skyhall.sim.parallel`) and resumed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from skyhall.agents import Agent, make_agent
from skyhall.core.data import data_digest
from skyhall.core.record import GameRecord
from skyhall.core.registry import get
from skyhall.core.result import Result
from skyhall.core.rng import Rng


@dataclass(frozen=True)
class Outcome:
    """One finished game."""

    record: GameRecord
    result: Result
    agents: tuple[str, ...]
    """Agent name per seat."""
    decisions: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON line ``skyhall sim --out`` writes."""
        result = self.result.to_dict()
        return {
            "game": self.record.game,
            "seed": self.record.seed,
            "players": self.record.players,
            "agents": list(self.agents),
            "scores": result["scores"],
            "winners": result["winners"],
            "ranks": result["ranks"],
            "breakdown": result["breakdown"],
            "categories": [self.result.category_totals(seat) for seat in range(len(self.agents))],
            "decisions": self.decisions,
            "record": self.record.to_dict(),
        }


def play_game(
    game: str,
    agents: Sequence[Agent],
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> Outcome:
    """Play one game to the end, seat 0 first (see :func:`seated`); each agent only gets its seat's view."""
    record, state = GameRecord.start(game, len(agents), seed, seated(game, options))
    decisions = 0
    while not state.is_over:
        seat = state.to_act
        legal = state.legal_actions()
        action = agents[seat].choose(state.view(seat, log=False), legal)
        if action not in legal:
            raise RuntimeError(f"agent {agents[seat].name} chose illegal action {action}")
        record.actions.append(str(action))
        state.apply(action)
        decisions += 1
    return Outcome(record, state.result(), tuple(a.name for a in agents), decisions)


def seated(game: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``options`` with ``first_player=0`` when ``game`` has that option and ``options`` does not set it."""
    chosen = dict(options or {})
    if "first_player" in get(game).spec.options:
        chosen.setdefault("first_player", 0)
    return chosen


def schedule(agent_names: Sequence[str], games: int, seed: int) -> Iterator[tuple[int, tuple[int, ...]]]:
    """``(game seed, agent index per seat)`` for ``games`` games, seats rotated over paired seeds.

    Consecutive games share a deal and shift the agents one seat, so each agent
    plays every seat on the same deals.
    """
    n = len(agent_names)
    base = Rng(seed)
    deal = 0
    for i in range(games):
        if i % n == 0:
            deal = base.next64() >> 1
        shift = i % n
        yield deal, tuple((seat - shift) % n for seat in range(n))


@cache
def fingerprint(game_id: str) -> str:
    """The game's rules version and a digest of its data files (cards, board, tokens) as this process
    read them (:func:`~skyhall.core.data.data_digest`): two checkouts or cluster workers with the same
    fingerprint deal and score the same games."""
    game = get(game_id)
    return f"rules {game.spec.rules_version}, data {data_digest(game.package)}"


@dataclass(frozen=True)
class Run:
    """The settings that fix every game of a simulation.

    ``agents`` names one agent per seat of the first game (so ``len(agents)`` is the
    player count); later games rotate them (see :func:`schedule`). ``options`` are
    the game's options, a card-data overlay under ``data`` included.
    """

    game: str
    agents: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    fingerprint: str = ""
    """The :func:`fingerprint` of the game where the run was set up (filled in when left empty): a
    file's games and a cluster's workers must all share it."""

    def __post_init__(self) -> None:
        if not self.fingerprint:
            object.__setattr__(self, "fingerprint", fingerprint(self.game))

    @property
    def players(self) -> int:
        return len(self.agents)

    def to_dict(self) -> dict[str, Any]:
        """The settings as written beside every result (compared when a run resumes)."""
        return {
            "game": self.game,
            "agents": list(self.agents),
            "seed": self.seed,
            "options": self.options,
            "fingerprint": self.fingerprint,
        }


@dataclass(frozen=True)
class Job:
    """Game ``index`` of a run: its deal (the game seed) and which agent sits in each seat."""

    index: int
    deal: int
    order: tuple[int, ...]


def jobs(run: Run, games: int) -> list[Job]:
    """The first ``games`` games of ``run``, in schedule order."""
    return [Job(i, deal, order) for i, (deal, order) in enumerate(schedule(run.agents, games, run.seed))]


def play_job(run: Run, job: Job) -> Outcome:
    """Play one scheduled game.

    Each agent's stream is seeded from the deal and the agent's place in
    ``run.agents`` (not its seat), so when the same agent fills several seats the
    rotated games of one deal are still different games.
    """
    agents = [make_agent(run.agents[k], job.deal ^ (k + 1) * 0x9E3779B1) for k in job.order]
    return play_game(run.game, agents, job.deal, run.options)
