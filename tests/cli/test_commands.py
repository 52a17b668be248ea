"""The ``skyhall`` commands driven through typer's CliRunner, with scripted keyboard input."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skyhall.cli.common import _word_style
from skyhall.cli.main import app
from skyhall.core.record import GameRecord
from skyhall.core.registry import get
from skyhall.games.skyport import new_game
from skyhall.games.skyport.cards import load
from skyhall.sim import variant

runner = CliRunner()
ALWAYS_FIRST = "1\n" * 2000
CAT = load()


def invoke(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_games_lists_the_registered_games() -> None:
    code, out = invoke("games")
    assert code == 0
    assert "skyport" in out and "Grand Central Skyport" in out and "2-4" in out
    assert "lowest|highest|off" in out  # Skyrise's City Keys, and every game's first_player seat
    assert out.count("first_player (seat)") == 3


def test_python_m_skyhall_is_the_skyhall_command() -> None:
    """For a venv whose scripts are not on the path: ``python -m skyhall``."""
    done = subprocess.run(
        [sys.executable, "-m", "skyhall", "games"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Grand Central Skyport" in done.stdout


def test_play_sets_up_with_the_options_chosen(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ("play", "skyrise", "-p", "3", "--seed", "4", "--save", str(save))
    code, out = invoke(*args, "-o", "first_player=2", "--option", "city_keys=off", input="quit\n")
    assert code == 0
    assert "Skyrise, 3 players, seed 4, first_player=2, city_keys=off." in " ".join(out.split())
    record = GameRecord.from_json(save.read_text())
    assert record.options == {"first_player": 2, "city_keys": "off"}
    state = record.replay()
    assert (state.first, state.keys_mode) == (2, "off")


def test_rules_prints_the_four_phases_and_the_end() -> None:
    code, out = invoke("rules", "skyport")
    assert code == 0
    for phase in ("Arrival", "Skyport", "Tycoon", "Acquisition", "Station Closing"):
        assert phase in out


@pytest.mark.parametrize("game", ["skyport", "airport-rush", "skyrise"])
def test_every_turn_summary_fits_an_80_column_terminal(game: str) -> None:
    """Written in lines of at most 79 characters, so that no line is broken again by the terminal."""
    code, out = invoke("rules", game)
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 79
    if game == "airport-rush":  # both ends of the game
        assert "7th plane" in out and "both Supplies are empty" in " ".join(out.split())


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("rules", "chess"), "no game 'chess'"),
        (("play", "chess"), "no game 'chess'"),
        (("play", "skyport", "--players", "7"), "2 to 4 players"),
        (("sim", "skyport", "--players", "1"), "2 to 4 players"),
        (("play", "skyport", "--bots", "oracle"), "no agent 'oracle'"),
        (("sim", "skyport", "--agents", "random,oracle"), "no agent 'oracle'"),
        (("sim", "skyport", "--players", "3", "--agents", "random,random"), "2 agents for 3 players"),
        (("play", "skyport", "--players", "2", "--seat", "2"), "--seat"),
        (("play", "skyport", "--hotseat", "--bots", "hard"), "every seat human"),
        (("play", "skyport", "--hotseat", "--bots", "normal"), "every seat human"),
        (("play", "skyport", "--hotseat", "--seat", "1"), "leave out --bots and --seat"),
        (("bench", "chess"), "no game 'chess'"),
        (("bench", "skyrise", "--agents", "easy,oracle"), "no agent 'oracle'"),
        (("bench", "skyrise", "--players", "5"), "2 to 4 players"),
        (("bench", "skyrise", "--seconds", "0"), "--seconds"),
        (("play", "skyrise", "-o", "city_keys"), "--option takes NAME=VALUE"),
        (("play", "skyrise", "-o", "data=x"), "Skyrise has no option 'data' to choose"),
        (("play", "skyrise", "-o", "first_player=P2"), "takes a seat number (0 is P1)"),
        (("play", "skyrise", "-o", "first_player=\u00b2"), "takes a seat number (0 is P1)"),
        (("play", "skyrise", "-o", "first_player=2"), "first_player must be a seat from 0 to 1, not 2"),
        (("play", "skyrise", "-o", "city_keys=up"), "city_keys must be one of lowest, highest, off"),
    ],
)
def test_bad_arguments_exit_2_with_one_clear_line(args: tuple[str, ...], named: str) -> None:
    code, out = invoke(*args)
    assert code == 2
    assert named in out


def test_bench_measures_the_engine_then_each_bot_named() -> None:
    code, out = invoke(
        "bench",
        "skyrise",
        "-p",
        "2",
        "--seconds",
        "0.2",
        "--agents",
        "easy,ismcts:20",
        "--positions",
        "2",
        "--json",
    )
    assert code == 0
    engine, easy, ismcts = (json.loads(line) for line in out.splitlines())
    assert engine["game"] == "skyrise" and engine["players"] == 2
    assert engine["decisions_per_s"] > 0 and engine["games_per_s"] > 0 and engine["clone_over_step"] > 0
    assert (easy["agent"], easy["positions"]) == ("easy", 2) and "iterations_per_s" not in easy
    assert ismcts["agent"] == "ismcts:20" and ismcts["iterations_per_s"] > 0
    assert 0 < ismcts["decision_s"] <= ismcts["max_decision_s"]


def test_bench_draws_tables() -> None:
    code, out = invoke("bench", "skyport", "--seconds", "0.2", "--agents", "easy", "--positions", "1")
    assert code == 0
    assert "Engine" in out and "decisions/s" in out and "Bots" in out and "easy" in out


def test_a_game_against_bots_runs_to_the_score_sheet(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = invoke(
        "play",
        "skyport",
        "--bots",
        "random",
        "--players",
        "3",
        "--seed",
        "5",
        "--save",
        str(save),
        input=ALWAYS_FIRST,
    )
    assert code == 0
    assert "The game is over." in out
    assert "Ranking" in out and "total" in out
    record = GameRecord.from_json(save.read_text())
    state = record.replay()
    assert state.is_over
    result = state.result()
    for seat, lines in enumerate(result.breakdown):
        assert f"{result.scores[seat]} points, rank {result.ranks[seat]}" in out
        for line in lines:
            assert line.label.split(":")[0] in out


def test_a_saved_game_is_resumed_where_it_was_left_and_saved_back(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = invoke(
        "play", "skyrise", "--bots", "random", "--seed", "6", "--save", str(save), input="1\nq\n"
    )
    assert code == 0 and "You left the game" in out
    first = GameRecord.from_json(save.read_text())
    code, out = invoke("play", "skyrise", "--bots", "random", "--resume", str(save), input="1\n1\nq\n")
    assert code == 0 and f"resumed after {len(first.actions)} decision" in " ".join(out.split())
    second = GameRecord.from_json(save.read_text())
    assert (second.seed, second.players, second.options) == (first.seed, first.players, first.options)
    assert second.actions[: len(first.actions)] == first.actions and len(second.actions) > len(first.actions)
    code, out = invoke("play", "skyrise", "--bots", "random", "--resume", str(save), input=ALWAYS_FIRST)
    assert (
        code == 0 and "The game is over." in out and GameRecord.from_json(save.read_text()).replay().is_over
    )
    for args, said in (
        (("play", "skyrise", "--resume", str(save)), "is over"),
        (("play", "skyport", "--resume", str(save)), "is a game of skyrise, not skyport"),
        (("play", "skyrise", "--resume", str(save), "--seed", "2"), "leave out --players, --seed"),
        (("play", "skyrise", "--resume", str(tmp_path / "none.json")), "cannot read"),
    ):
        code, out = invoke(*args)
        assert code == 2 and said in " ".join(out.split()), out


def test_a_hotseat_game_shows_the_pass_screen_and_ends() -> None:
    code, out = invoke("play", "skyport", "--players", "2", "--seed", "3", "--hotseat", input=ALWAYS_FIRST)
    assert code == 0
    assert "Pass the device to Player 1" in out and "Pass the device to Player 2" in out
    # the test's output is no terminal: it cannot be cleared, and the players are told so
    assert "This terminal cannot be cleared: the last player's hand is only scrolled away." in " ".join(
        out.split()
    )
    assert "The last player's hand is hidden." not in out
    assert "Ranking" in out


def test_an_illegal_or_malformed_entry_names_the_choices_and_changes_nothing(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = str(new_game(2, 8).to_act)  # the human decides first, so a bot records nothing
    script = "walk 99\n42\nfly to the moon\nquit\n"
    code, out = invoke(
        "play",
        "skyport",
        "--bots",
        "random",
        "-p",
        "2",
        "--seed",
        "8",
        "--seat",
        first,
        "--save",
        str(save),
        input=script,
    )
    assert code == 0
    assert out.count("Not possible") == 3
    assert "there is no choice 42" in out
    flat = " ".join(out.split())
    assert "'fly to the moon' is not one of the choices now" in flat
    assert "type a choice's number or its notation in [brackets]" in flat
    # Each refusal is followed by the numbered legal choices again.
    after = out.split("Not possible", 1)[1]
    assert re.search(r"^\s*1\s+play ", after, re.MULTILINE)
    assert GameRecord.from_json(save.read_text()).actions == []


def test_the_game_continues_after_a_refused_entry() -> None:
    code, out = invoke(
        "play",
        "skyport",
        "--bots",
        "random",
        "--players",
        "2",
        "--seed",
        "8",
        input="take airship\n" + ALWAYS_FIRST,
    )
    assert code == 0
    assert "Not possible" in out and "Ranking" in out


def _hidden_patterns(card_id: str) -> list[str]:
    """Ways a card shows up in the output: its id as a word."""
    return [rf"\b{card_id}\b"]


@pytest.mark.parametrize("decisions", [0, 8, 20])
def test_playing_against_bots_never_shows_a_rivals_hidden_hand(tmp_path: Path, decisions: int) -> None:
    save = tmp_path / "game.json"
    script = "1\n" * decisions + "quit\n"
    code, out = invoke(
        "play",
        "skyport",
        "--bots",
        "random",
        "--players",
        "4",
        "--seed",
        "21",
        "--save",
        str(save),
        input=script,
    )
    assert code == 0
    state = GameRecord.from_json(save.read_text()).replay()
    assert not state.is_over
    hidden = [c for rival in range(1, 4) for c in state.hands[rival] if c not in state.known[rival]]
    assert hidden
    for c in hidden:
        for pattern in _hidden_patterns(CAT.cards[c].id):
            assert not re.search(pattern, out), f"{CAT.cards[c].id} leaked"
    for c in state.hands[0]:  # the same search does find the cards that are shown: our own hand
        assert any(re.search(pattern, out) for pattern in _hidden_patterns(CAT.cards[c].id))


def test_sim_writes_jsonl_whose_records_replay_to_the_same_scores(tmp_path: Path) -> None:
    out_file = tmp_path / "results.jsonl"
    code, out = invoke(
        "sim", "skyport", "--players", "3", "--games", "6", "--seed", "2", "--out", str(out_file)
    )
    assert code == 0
    assert "By seat" in out and "win rate" in out and "Mean game length" in out
    assert "Player 1 (seat 0) plays first, seats rotate over paired deals." in " ".join(out.split())
    lines = out_file.read_text().splitlines()
    assert len(lines) == 6
    for line in lines:
        data = json.loads(line)
        assert {"game", "seed", "agents", "scores", "winners", "breakdown", "record"} <= set(data)
        state = GameRecord.from_dict(data["record"]).replay()
        assert list(state.result().scores) == data["scores"]
        assert state.first == 0


def test_sim_seats_one_player_per_named_agent() -> None:
    code, out = invoke("sim", "skyport", "--games", "2", "--agents", "random,random,random")
    assert code == 0
    assert "3 players" in out and "seat 2" in out


@pytest.fixture
def results(tmp_path: Path) -> Path:
    out_file = tmp_path / "results.jsonl"
    code, _ = invoke(
        "sim", "skyport", "--players", "2", "--games", "2", "--seed", "4", "--out", str(out_file)
    )
    assert code == 0
    return out_file


def test_replay_to_end_prints_the_final_table_and_scores(results: Path) -> None:
    code, out = invoke("replay", str(results), "--game-index", "1", "--to-end")
    assert code == 0
    data = json.loads(results.read_text().splitlines()[1])
    assert "Game over" in out and "Ranking" in out
    for seat, score in enumerate(data["scores"]):
        assert f"Player {seat + 1} (" in out and f"{score} points" in out


def test_replay_steps_forward_back_and_jumps(results: Path, tmp_path: Path) -> None:
    record = tmp_path / "one.json"
    record.write_text(json.dumps(json.loads(results.read_text().splitlines()[0])["record"]))
    code, out = invoke("replay", str(record), "--seat", "1", input="n\n\nb\nj 7\nq\n")
    assert code == 0
    assert "The start: decision 0 of" in out
    assert "Decision 2 of" in out and "Decision 7 of" in out
    assert "What happened:" in out


def test_replay_says_what_it_did_with_an_entry_it_cannot_follow(results: Path, tmp_path: Path) -> None:
    record = tmp_path / "one.json"
    record.write_text(json.dumps(json.loads(results.read_text().splitlines()[0])["record"]))
    steps = len(json.loads(record.read_text())["actions"])
    code, out = invoke("replay", str(record), input="b\nxyz\n?\nj 99999\nn\nq\n")
    out = " ".join(out.split())
    assert code == 0
    assert "This is the start." in out and "Not a command: 'xyz'." in out
    assert "Not a command: '?'" not in out  # the keys, as `play` answers it
    assert f"There are {steps} decisions: showing the last." in out and "This is the last decision." in out


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"players": "three"}, "players"),
        ({"actions": ["play Q9"]}, "actions[0]"),
        ({"game": "chess"}, "game"),
        ({"rules_version": 99}, "rules_version"),
    ],
)
def test_replay_of_a_corrupt_record_exits_2_naming_the_field(
    results: Path, tmp_path: Path, change: dict[str, object], field: str
) -> None:
    data = json.loads(results.read_text().splitlines()[0])["record"]
    data.update(change)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, out = invoke("replay", str(bad), "--to-end")
    assert code == 2
    assert field in out


def test_replay_of_a_file_that_is_not_json_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, out = invoke("replay", str(bad))
    assert code == 2
    assert "(json)" in out


def test_replay_to_end_of_an_unfinished_record_says_it_stops_early(results: Path, tmp_path: Path) -> None:
    data = json.loads(results.read_text().splitlines()[0])["record"]
    data["actions"] = data["actions"][:5]
    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps(data))
    code, out = invoke("replay", str(partial), "--to-end")
    assert code == 0 and "the game was not played to its end" in " ".join(out.split())
    code, out = invoke("replay", str(results), "--to-end")
    assert code == 0 and "not played to its end" not in " ".join(out.split())


def test_replay_of_an_unfinished_game_keeps_the_watchers_secrets(tmp_path: Path) -> None:
    """A saved game is replayed as the watcher saw it: a rival's secret choice (the Airport Rush
    objectives they keep) is not named; the watcher's own is. A finished game reveals everything."""
    out_file = tmp_path / "ar.jsonl"
    code, _ = invoke("sim", "airport-rush", "--games", "1", "--seed", "2", "--out", str(out_file))
    assert code == 0
    data = json.loads(out_file.read_text())["record"]
    record = GameRecord.from_dict(data)
    state = record.replay(upto=0)
    deciders = []
    for notation in record.actions[:2]:  # both seats keep two objectives first
        deciders.append(state.to_act)
        state.apply(get("airport-rush").codec.parse(notation))
    assert sorted(deciders) == [0, 1] and all(n.startswith("keep ") for n in record.actions[:2])
    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps({**data, "actions": data["actions"][:4]}))
    code, out = invoke("replay", str(partial), "--seat", "0", input="n\nn\nq\n")
    assert code == 0
    mine, theirs = (record.actions[deciders.index(seat)] for seat in (0, 1))
    assert f"[{mine}]" in out and f"[{theirs}]" not in out
    assert all(objective not in out for objective in theirs.split()[1:])
    assert "Player 2 decides." in out

    finished = tmp_path / "finished.json"
    finished.write_text(json.dumps(data))
    code, out = invoke("replay", str(finished), "--seat", "0", input="n\nn\nq\n")
    assert code == 0 and f"[{theirs}]" in out


class InterruptedBot:
    """A bot that plays at random, then is interrupted (Ctrl-C) while it thinks."""

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def choose(self, view: object, legal: Sequence[object]) -> object:
        if self.moves == 0:
            raise KeyboardInterrupt
        self.moves -= 1
        return legal[0]


def test_ctrl_c_while_a_bot_thinks_leaves_the_game_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = InterruptedBot(moves=3)
    monkeypatch.setattr("skyhall.cli.play.make_agent", lambda name, seed: bot)
    save = tmp_path / "game.json"
    code, out = invoke("play", "skyport", "--seed", "3", "--save", str(save), input=ALWAYS_FIRST)
    out = " ".join(out.split())
    assert code == 0 and "You left the game after" in out and f"--resume{save}" in "".join(out.split())
    record = GameRecord.from_json(save.read_text())
    assert len(record.actions) >= 3 and not record.replay().is_over  # every decision up to the interrupt


def test_a_game_quit_without_save_is_kept_in_the_saves_folder(tmp_path: Path, _own_data_folder: Path) -> None:
    code, out = invoke("play", "skyrise", "--bots", "random", "--seed", "6", input="1\nq\n")
    saves = list((_own_data_folder / "skyhall" / "saves").glob("*.json"))
    assert code == 0 and [p.name for p in saves] == ["skyrise-6.json"]
    assert f"--resume {saves[0]}" in "".join(out.split("\n"))
    code, out = invoke("play", "skyrise", "--bots", "random", "--resume", str(saves[0]), input="q\n")
    assert code == 0 and "resumed after" in out
    code, _ = invoke("play", "skyrise", "--bots", "random", "--seed", "6", input="q\n")  # the same seed again
    assert code == 0 and len(list(saves[0].parent.glob("*.json"))) == 2  # a new file, the first one kept


def test_save_never_replaces_an_unfinished_game_or_a_file_that_is_no_record(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, _ = invoke(
        "play", "skyrise", "--bots", "random", "--seed", "6", "--save", str(save), input="1\nq\n"
    )
    kept = save.read_text()
    code, out = invoke("play", "skyrise", "--bots", "random", "--save", str(save), input="q\n")
    assert code == 2 and "holds an unfinished game" in " ".join(out.split()) and save.read_text() == kept
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    code, out = invoke("play", "skyrise", "--save", str(notes), input="q\n")
    assert (
        code == 2
        and "is not a Skyhall game record" in " ".join(out.split())
        and notes.read_text() == "my notes"
    )
    code, _ = invoke("play", "skyrise", "--bots", "random", "--resume", str(save), input=ALWAYS_FIRST)
    assert code == 0 and GameRecord.from_json(save.read_text()).replay().is_over
    code, out = invoke("play", "skyrise", "--bots", "random", "--seed", "8", "--save", str(save), input="q\n")
    assert code == 0 and GameRecord.from_json(save.read_text()).seed == 8  # a finished game may be replaced


def test_a_superscript_digit_is_refused_not_a_crash(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = str(new_game(2, 8).to_act)
    code, out = invoke(
        "play", "skyport", "--seed", "8", "--seat", first, "--save", str(save), input="²\nquit\n"
    )
    assert code == 0 and "'²' is not one of the choices now" in " ".join(out.split())


def test_a_file_that_is_not_text_is_refused_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "game.json"
    bad.write_bytes(b"\xff\xfe\x00binary")
    for args in (("replay", str(bad)), ("play", "skyport", "--resume", str(bad))):
        code, out = invoke(*args)
        assert code == 2 and "is not a game record: it is not UTF-8 text" in " ".join(out.split())


def test_a_resumed_game_shows_the_latest_log_lines_not_the_whole_game(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, _ = invoke(
        "play", "skyrise", "--bots", "random", "--seed", "6", "--save", str(save), input="1\n" * 15 + "q\n"
    )
    assert code == 0
    code, out = invoke("play", "skyrise", "--bots", "random", "--resume", str(save), input="q\n")
    since = out.split("Since your last decision:")[1]
    assert code == 0 and "earlier lines: type log to see them" in out
    assert since.count("•") == 30


def test_light_colour_words_are_black_on_their_colour() -> None:
    """White and yellow words stay readable on a light terminal; the darker colours are plain."""
    assert _word_style("#e6e6e6") == "bold black on #e6e6e6"
    assert _word_style("#e3c21b") == "bold black on #e3c21b"
    assert _word_style("#4f8ff7") == "bold #4f8ff7"


def test_the_resume_command_printed_on_quit_keeps_who_plays_each_seat(tmp_path: Path) -> None:
    """Hot-seat stays hot-seat and a player in seat 1 stays in seat 1 (else a bot would take a friend's
    seat); the path is quoted, so the line can be pasted as it is."""
    folder = tmp_path / "my games"
    folder.mkdir()
    save = folder / "hot seat.json"
    code, out = invoke("play", "skyrise", "--hotseat", "--seed", "7", "--save", str(save), input="\n1\nq\n")
    assert code == 0 and f"skyhall play skyrise --resume '{save}' --hotseat" in out
    save = folder / "seat1.json"
    args = ("play", "airport-rush", "--seat", "1", "--bots", "random", "--seed", "3", "--save", str(save))
    code, out = invoke(*args, input="q\n")
    assert code == 0 and f"skyhall play airport-rush --resume '{save}' --seat 1 --bots random" in out
    other_spelling = folder / ".." / "my games" / "seat1.json"  # the same file: resumed, not refused
    code, out = invoke(
        "play", "airport-rush", "--resume", str(save), "--save", str(other_spelling), input="q\n"
    )
    assert code == 0 and "resumed after" in out


def test_a_variant_file_that_is_not_text_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "variant.toml"
    bad.write_bytes(b"\xff\xfe binary")
    code, out = invoke("sim", "skyrise", "-n", "1", "--variant", str(bad))
    assert code == 2 and "it is not UTF-8 text" in " ".join(out.split())


EDITED_WRONG = """
import pathlib, sys, skyhall
from skyhall.core import data
path = pathlib.Path(skyhall.__file__).parent / "games" / "skyport" / "data" / "airships.toml"
edited = path.read_text(encoding="utf-8").replace("movement = 4", 'movement = "4"', 1)
data._READ["skyhall.games.skyport", "airships.toml"] = edited  # as if the file on disk said so
sys.argv = ["skyhall", *sys.argv[1:]]
from skyhall.cli import main
main()
"""


def edited_wrong(*command: str) -> subprocess.CompletedProcess[str]:
    """``skyhall COMMAND`` with Skyport's airships.toml read as edited wrong (B1's movement a string)."""
    return subprocess.run(
        [sys.executable, "-c", EDITED_WRONG, *command],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


SAID_WRONG = (
    "skyhall/games/skyport/data/airships.toml: entry 'B1', field 'movement': expected an integer, found '4'"
)


def test_a_data_file_edited_wrong_stops_its_own_game_in_one_line_naming_file_entry_and_field() -> None:
    done = edited_wrong("sim", "skyport", "--games", "1")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"Error: a data file could not be loaded: {SAID_WRONG}\n"


def test_the_other_games_play_on_beside_a_game_whose_data_file_was_edited_wrong() -> None:
    done = edited_wrong("sim", "skyrise", "--games", "1")
    assert done.returncode == 0 and "Mean game length" in done.stdout
    listed = edited_wrong("games")
    assert listed.returncode == 0
    assert listed.stderr == f"Warning: skyport is left out: {SAID_WRONG}\n"
    assert "airport-rush" in listed.stdout and "skyrise" in listed.stdout and "skyport" not in listed.stdout


@pytest.mark.parametrize("game_id", ["skyport", "airport-rush", "skyrise"])
def test_data_lists_the_files_tables_entries_and_fields_and_a_set_that_works(game_id: str) -> None:
    code, out = invoke("data", game_id)
    said = " ".join(out.split())
    assert code == 0 and "data files in" in said and "(reconstructed)" in said
    example = re.search(rf"--set ({re.escape(game_id)}\.\S+=\S+?);", said)
    assert example is not None
    assert variant.changes(game_id, variant.build(game_id, None, [example[1]]))  # it changes a value
    if game_id == "skyport":  # a table's short fields with their values: the token stacks
        wide = runner.invoke(app, ["data", game_id], env={"COLUMNS": "200"}).output
        assert "colours = [10, 8, 6, 4], icons = [7, 5, 4, 3]" in wide
    if game_id == "skyrise":
        assert "wonder 1 (Hall" in said  # entries named as errors name them
    assert invoke("data", "chess")[0] == 2


def test_the_readme_compares_a_baseline_and_a_variant_of_the_same_games() -> None:
    """`skyhall report` compares runs of one player count, paired when seed, agents and options agree: the
    README's variant run must differ from its baseline by the --set alone."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8").replace("\\\n", " ")
    report = re.search(r"^skyhall report (\S+\.jsonl) (\S+\.jsonl)", readme, re.M)
    assert report is not None

    def run(out: str) -> list[str]:
        found = re.search(rf"^skyhall sim (.*) --out {re.escape(out)}", readme, re.M)
        assert found is not None, out
        words = found[1].split()
        return [w for k, w in enumerate(words) if w != "--set" and (k == 0 or words[k - 1] != "--set")]

    assert run(report[1]) == run(report[2])


def test_help_at_the_prompt_tells_how_a_turn_goes_and_what_can_be_typed(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = invoke("play", "airport-rush", "--seed", "4", "--save", str(save), input="help\nquit\n")
    assert code == 0
    _, summary = invoke("rules", "airport-rush")
    flat = " ".join(out.split())
    assert " ".join(summary.split()) in flat  # the turn summary, as `skyhall rules` prints it
    assert "Type a number or the notation in [brackets]." in flat


@pytest.mark.parametrize(("cores", "workers"), [(None, 1), (1, 1), (2, 1), (8, 7), (64, 8)])
def test_the_server_thinks_for_bots_on_every_core_but_one_unless_told(
    monkeypatch: pytest.MonkeyPatch, cores: int | None, workers: int
) -> None:
    from skyhall.cli import serve

    monkeypatch.setattr(serve.os, "cpu_count", lambda: cores)
    assert serve.default_bot_workers() == workers
