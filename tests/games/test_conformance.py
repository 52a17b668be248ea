"""The engine contract, checked on every registered game (a new game package gets this suite for free).

Seeded random playouts and Hypothesis-chosen action sequences check, at every decision:

* ``clone()`` is independent both ways, and ``apply`` is deterministic;
* the codec numbers every legal action inside ``spec.action_count`` and reads its notation back;
* the legal set is non-empty, duplicate-free and ``to_act`` is set until the end, and empty after;
* no view leaks: ``determinize(A)`` changes what A cannot see, and A's view stays the same;
* every field of every view is set (views are built as drafts, see :mod:`skyhall.core.draft`);
* a determinized state is playable, with A's own legal set when A is to act.

At the end: replaying the game record reproduces the final state and result, and the
result is coherent (ranks follow scores and tie-breaks, score sheets add up).
Nothing here may name a particular game.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyhall.core.engine import play
from skyhall.core.errors import IllegalAction, MalformedAction
from skyhall.core.record import GameRecord
from skyhall.core.registry import Game, available
from skyhall.core.result import Result, rank_by
from skyhall.core.rng import Rng

CASES = [
    pytest.param(game_id, players, id=f"{game_id}-{players}p")
    for game_id, game in available().items()
    for players in range(game.spec.min_players, game.spec.max_players + 1)
]
SEEDS = (1, 2, 3, 4)
MAX_DECISIONS = 5000
"""A playout longer than this is taken to be stuck in a loop."""
DEEP_EVERY = 7
"""Every this many decisions a determinization is played to the end (the rest only takes one step)."""

Chooser = Callable[[Sequence[Any]], int]
"""Picks the index of the action to play among the legal ones."""


def view_key(view: Any, drop_log: bool = False) -> Any:
    """A comparable form of a view: its JSON-ready dict when it has one, else the view itself.

    ``drop_log`` leaves out the log, which a determinization rebuilds from the seat's own
    lines, so another seat's private lines are legitimately missing from it.
    """
    key = view.to_dict() if hasattr(view, "to_dict") else view
    if drop_log and isinstance(key, dict):
        key = {k: v for k, v in key.items() if k != "log"}
    return key


def seats(players: int) -> list[int | None]:
    """Every seat, and a spectator."""
    return [*range(players), None]


class Playout:
    """One game driven by ``choose``, checking the contract at every decision."""

    def __init__(self, game: Game, players: int, seed: int, rng: Rng) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.rng = rng
        self.state = game.new_game(players, seed, {})
        self.actions: list[str] = []
        self.snapshots: list[Any] = [self.state.snapshot()]
        self.positions = 0
        self.hidden_changed = 0

    def run(self, choose: Chooser) -> None:
        while not self.state.is_over:
            assert len(self.actions) < self.game.spec.max_decisions, "the game outgrows spec.max_decisions"
            legal = self.check_position()
            self.check_views()
            self.step(legal, choose(legal))
        self.check_end()

    # -- one position --------------------------------------------------------------------

    def check_position(self) -> Sequence[Any]:
        state, spec, codec = self.state, self.game.spec, self.game.codec
        assert state.to_act is not None and 0 <= state.to_act < self.players
        legal: Sequence[Any] = state.legal_actions()
        assert legal, f"no legal action before the end, after {self.actions[-5:]}"
        assert len(set(legal)) == len(legal), f"duplicate legal actions: {legal}"
        for action in legal:
            index = codec.encode(action)
            assert 0 <= index < spec.action_count
            assert codec.decode(index) == action
            assert codec.parse(str(action)) == action
        return legal

    def step(self, legal: Sequence[Any], pick: int) -> None:
        """Play ``legal[pick]``, checking that clones stay independent both ways."""
        state = self.state
        before = state.snapshot()
        twin = state.clone()
        assert twin.snapshot() == before
        twin.apply(legal[self.rng.below(len(legal))])
        assert state.snapshot() == before, "applying an action to a clone changed the original"
        same = state.clone()
        keep = state.clone()
        action = legal[pick]
        state.apply(action)
        assert keep.snapshot() == before, "applying an action to the original changed a clone"
        same.apply(action)
        assert same.snapshot() == state.snapshot(), "the same action on a clone gave another state"
        self.actions.append(str(action))
        self.snapshots.append(state.snapshot())

    def check_views(self) -> None:
        """For each seat A: A's view survives determinization, which changes things A cannot see."""
        state = self.state
        before = state.snapshot()
        deep = self.positions % DEEP_EVERY == 0
        self.positions += 1
        for seat in seats(self.players):
            view = state.view(seat)
            for f in dataclasses.fields(view):
                getattr(view, f.name)  # AttributeError when a field was never set
            shown = view_key(view)
            other = state.determinize(seat, self.rng)
            assert state.snapshot() == before, "determinize changed the real state"
            assert view_key(other.view(seat)) == shown, f"seat {seat}'s view differs after determinizing"
            if any(
                view_key(other.view(b), drop_log=True) != view_key(state.view(b), drop_log=True)
                for b in range(self.players)
                if b != seat
            ):
                self.hidden_changed += 1
            self.check_playable(other, seat, deep)

    def check_playable(self, other: Any, seat: int | None, deep: bool) -> None:
        assert other.to_act == self.state.to_act
        legal = other.legal_actions()
        assert legal, "a determinized state has no legal action"
        if seat is not None and seat == self.state.to_act:
            assert set(legal) == set(self.state.legal_actions())
        other.apply(legal[self.rng.below(len(legal))])
        steps = 0
        while deep and not other.is_over:
            steps += 1
            assert steps < MAX_DECISIONS, "a determinized game does not end"
            options = other.legal_actions()
            assert options
            other.apply(options[self.rng.below(len(options))])
        if other.is_over:
            check_result(other.result(), self.players)

    # -- the end ---------------------------------------------------------------------------

    def check_end(self) -> None:
        state = self.state
        assert state.to_act is None
        assert list(state.legal_actions()) == []
        for seat in seats(self.players):
            other = state.determinize(seat, self.rng)
            assert view_key(other.view(seat)) == view_key(state.view(seat))
        result = state.result()
        check_result(result, self.players)
        assert self.hidden_changed > 0, "no determinization ever changed anything hidden"

        record = GameRecord(self.game.id, self.game.spec.rules_version, self.players, self.seed, {}, [])
        record.actions = list(self.actions)
        again = GameRecord.from_json(record.to_json()).replay()
        assert again.snapshot() == state.snapshot()
        assert again.result() == result
        middle = len(self.actions) // 2
        assert record.replay(upto=middle).snapshot() == self.snapshots[middle]


def check_result(result: Result, players: int) -> None:
    scores, ranks = result.scores, result.ranks
    assert len(scores) == len(ranks) == len(result.breakdown) == players
    assert result.winners, "nobody won"
    assert all(ranks[w] == 1 for w in result.winners)
    for a in range(players):
        assert 1 <= ranks[a] <= players
        assert sum(line.points for line in result.breakdown[a]) == scores[a], "score sheet does not add up"
        for b in range(players):
            if scores[a] > scores[b]:
                assert ranks[a] < ranks[b], f"seat {a} scored more than seat {b} but ranks lower"
    if result.tiebreak:
        assert ranks == rank_by([(scores[s], *result.tiebreak[s]) for s in range(players)])
    else:
        assert ranks == rank_by([(s,) for s in scores])


@pytest.mark.parametrize(("game_id", "players"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout(game_id: str, players: int, seed: int) -> None:
    rng = Rng(seed * 7919 + players)
    Playout(available()[game_id], players, seed, rng).run(lambda legal: rng.below(len(legal)))


@pytest.mark.parametrize(("game_id", "players"), CASES)
@settings(max_examples=6)
@given(data=st.data())
def test_hypothesis_sequences(game_id: str, players: int, data: st.DataObject) -> None:
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    playout = Playout(available()[game_id], players, seed, Rng(seed))
    playout.run(lambda legal: data.draw(st.integers(0, len(legal) - 1)))


# -- the checked entry point --------------------------------------------------------------


def positions_of(game: Game, players: int, seed: int, every: int) -> list[Any]:
    """Every ``every``-th position of a seeded random game, as independent states."""
    state, rng, found = game.new_game(players, seed, {}), Rng(seed), []
    while not state.is_over:
        if rng.below(every) == 0:
            found.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return found


def illegal_action(game: Game, legal: Sequence[Any]) -> Any:
    """Some action of the game's codec that is not legal now."""
    return next(
        game.codec.decode(i) for i in range(game.spec.action_count) if game.codec.decode(i) not in legal
    )


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_play_refuses_and_leaves_the_state_alone(game_id: str, players: int) -> None:
    game = available()[game_id]
    for state in positions_of(game, players, seed=11, every=15):
        legal = state.legal_actions()
        names = [str(a) for a in legal]
        before = state.snapshot()

        wrong = illegal_action(game, legal)
        for attempt in (wrong, str(wrong)):
            with pytest.raises(IllegalAction) as refused:
                play(state, attempt)
            assert refused.value.legal == names
            assert refused.value.tried == str(wrong)
            assert refused.value.reason
            assert state.snapshot() == before

        with pytest.raises(MalformedAction) as malformed:
            play(state, "fly to the moon")
        assert malformed.value.legal == names
        assert state.snapshot() == before

        rival = (state.to_act + 1) % players
        with pytest.raises(IllegalAction, match="not seat"):
            play(state, legal[0], seat=rival)
        assert state.snapshot() == before

        twin = state.clone()
        twin.apply(legal[-1])
        assert play(state, str(legal[-1]).upper(), seat=state.to_act) == legal[-1]
        assert state.snapshot() == twin.snapshot()


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_play_refuses_everything_once_over(game_id: str, players: int) -> None:
    game = available()[game_id]
    state, rng = game.new_game(players, 5, {}), Rng(5)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="over"):
        play(state, game.codec.decode(0))
    assert state.snapshot() == before


@pytest.mark.parametrize("game_id", list(available()))
def test_codec_is_a_bijection_over_the_spec_range(game_id: str) -> None:
    game = available()[game_id]
    assert len(game.codec) == game.spec.action_count
    for i in range(game.spec.action_count):
        action = game.codec.decode(i)
        assert game.codec.encode(action) == i
        assert game.codec.parse(f"  {str(action).upper()} ") == action
    with pytest.raises(IndexError):
        game.codec.decode(game.spec.action_count)


@pytest.mark.parametrize("game_id", list(available()))
def test_spec_player_range_is_enforced(game_id: str) -> None:
    game = available()[game_id]
    for players in (game.spec.min_players - 1, game.spec.max_players + 1):
        with pytest.raises(ValueError, match="players"):
            game.new_game(players, 0, {})
    with pytest.raises(ValueError, match="no option"):
        game.new_game(game.spec.min_players, 0, {"no-such-option": 1})


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_same_seed_same_game(game_id: str, players: int) -> None:
    game = available()[game_id]
    assert game.new_game(players, 9, {}).snapshot() == game.new_game(players, 9, {}).snapshot()


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_view_or_determinization_for_no_seat_of_the_game_is_refused(game_id: str, players: int) -> None:
    """Python would read seat -1 as the last seat: such a view would show that seat's secrets."""
    state = available()[game_id].new_game(players, 5, {})
    before = state.snapshot()
    for seat in (-1, players, "0", 1.0):
        with pytest.raises(ValueError, match=f"no seat {seat!r} in a {players}-player game"):
            state.view(seat)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="no seat"):
            state.determinize(seat, Rng(1))  # type: ignore[arg-type]
    assert state.snapshot() == before
    assert state.view(players - 1).seat == players - 1
    assert state.view(None).seat is None


@pytest.mark.parametrize("game_id", list(available()))
def test_every_step_has_a_name_and_every_pending_one_a_task(game_id: str) -> None:
    """``steps.NAMES`` names each decision (``OVER`` the last); ``steps.TASKS`` says what the seat must
    now do at each one but ``OVER``, as a refusal's reason puts it ("Player 2 must now …")."""
    steps = importlib.import_module(f"{available()[game_id].package}.steps")
    assert len(steps.NAMES) == steps.OVER + 1
    assert len(steps.TASKS) == steps.OVER and all(steps.TASKS)
