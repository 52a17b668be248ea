"""Game records: JSON round trip, replay, and corrupt records that must fail naming the faulty field.

The record format is game-agnostic; these tests use whichever game is registered first.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from skyhall.core.errors import RecordError
from skyhall.core.record import GameRecord
from skyhall.core.registry import Game, available
from skyhall.core.rng import Rng

GAME: Game = next(iter(available().values()))
PLAYERS = GAME.spec.min_players
SEED = 2024


def played(decisions: int = 30) -> tuple[GameRecord, Any, list[Any]]:
    """A record of ``decisions`` random decisions, the state reached, and the snapshot after each."""
    record, state = GameRecord.start(GAME.id, PLAYERS, SEED)
    rng = Rng(SEED)
    snapshots = [state.snapshot()]
    while len(record.actions) < decisions and not state.is_over:
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        state.apply(action)
        record.actions.append(str(action))
        snapshots.append(state.snapshot())
    return record, state, snapshots


def test_start_describes_a_fresh_game() -> None:
    record, state = GameRecord.start(GAME.id, PLAYERS, SEED)
    assert record == GameRecord(GAME.id, GAME.spec.rules_version, PLAYERS, SEED, {}, [])
    assert state.snapshot() == GAME.new_game(PLAYERS, SEED, {}).snapshot()


def test_json_round_trip() -> None:
    record, _, _ = played()
    text = record.to_json()
    assert json.loads(text)["format"] == "skyhall-record"
    assert GameRecord.from_json(text) == record
    assert GameRecord.from_dict(record.to_dict()) == record


def test_replay_reproduces_every_state() -> None:
    record, state, snapshots = played()
    assert record.replay().snapshot() == state.snapshot()
    for k in (0, 1, len(snapshots) // 2):
        assert record.replay(upto=k).snapshot() == snapshots[k]


def test_options_missing_means_none() -> None:
    record, _, _ = played(3)
    data = record.to_dict()
    del data["options"]
    assert GameRecord.from_dict(data).options == {}


def corrupt(change: dict[str, Any], drop: str | None = None) -> str:
    data = played(5)[0].to_dict()
    data.update(change)
    if drop is not None:
        del data[drop]
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("{not json", "(json)"),
        ("[1, 2]", "(top level)"),
        (corrupt({"format": "chess-pgn"}), "format"),
        (corrupt({}, drop="game"), "game"),
        (corrupt({}, drop="seed"), "seed"),
        (corrupt({}, drop="actions"), "actions"),
        (corrupt({"players": "three"}), "players"),
        (corrupt({"players": True}), "players"),
        (corrupt({"seed": 1.5}), "seed"),
        (corrupt({"rules_version": "1"}), "rules_version"),
        (corrupt({"options": [1]}), "options"),
        (corrupt({"actions": "pass"}), "actions"),
        (corrupt({"actions": ["pass", 7]}), "actions[1]"),
    ],
    ids=[
        "not-json",
        "not-an-object",
        "format",
        "missing-game",
        "missing-seed",
        "missing-actions",
        "players-text",
        "players-bool",
        "seed-float",
        "rules-version-text",
        "options-list",
        "actions-text",
        "action-number",
    ],
)
def test_unreadable_records_name_the_field(text: str, field: str) -> None:
    with pytest.raises(RecordError) as raised:
        GameRecord.from_json(text, source="game.json")
    assert raised.value.field == field
    assert raised.value.source == "game.json"
    assert str(raised.value).startswith(f"game.json: {field}: ")


def test_unknown_game() -> None:
    record = GameRecord.from_json(corrupt({"game": "tiddlywinks"}))
    with pytest.raises(RecordError, match="tiddlywinks") as raised:
        record.replay()
    assert raised.value.field == "game"


def test_wrong_rules_version() -> None:
    record = GameRecord.from_json(corrupt({"rules_version": GAME.spec.rules_version + 1}))
    with pytest.raises(RecordError, match="rules version") as raised:
        record.replay()
    assert raised.value.field == "rules_version"


def test_impossible_player_count() -> None:
    record = GameRecord.from_json(corrupt({"players": GAME.spec.max_players + 1}))
    with pytest.raises(RecordError) as raised:
        record.replay()
    assert raised.value.field == "players/options"


def test_unknown_option() -> None:
    record = GameRecord.from_json(corrupt({"options": {"no-such-option": 1}}))
    with pytest.raises(RecordError, match="no-such-option") as raised:
        record.replay()
    assert raised.value.field == "players/options"


def test_a_card_data_variant_that_fails_its_check_names_the_field() -> None:
    record = GameRecord.from_json(corrupt({"options": {"data": {"game": {"hand_size": "x"}}}}))
    with pytest.raises(RecordError, match="hand_size") as raised:
        record.replay()
    assert raised.value.field == "players/options"


@pytest.mark.parametrize("k", [0, 4, 17])
def test_an_illegal_action_names_its_index(k: int) -> None:
    record, _, _ = played()
    before = record.replay(upto=k)
    legal = before.legal_actions()
    stranger = next(GAME.codec.decode(i) for i in range(len(GAME.codec)) if GAME.codec.decode(i) not in legal)
    record.actions[k] = str(stranger)
    with pytest.raises(RecordError, match="cannot be played") as raised:
        record.replay()
    assert raised.value.field == f"actions[{k}]"
    assert str(stranger) in raised.value.problem


def test_malformed_action_names_its_index() -> None:
    record, _, _ = played()
    record.actions[3] = "dance wildly"
    with pytest.raises(RecordError, match="dance wildly") as raised:
        record.replay()
    assert raised.value.field == "actions[3]"
