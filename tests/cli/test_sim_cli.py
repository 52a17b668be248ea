"""``skyhall sim`` (workers, resume, variants), ``skyhall tournament`` and ``skyhall report`` end to end."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skyhall.agents import agent_names, clocked
from skyhall.cli import sim as sim_cli
from skyhall.cli import tournament as tournament_cli
from skyhall.cli.main import app
from skyhall.cli.sim import INTERRUPTED, pace
from skyhall.core import data as data_files
from skyhall.core.data import data_text
from skyhall.core.record import GameRecord
from skyhall.games.airport_rush.cards import DATA_PACKAGE as AIRPORT_RUSH
from skyhall.sim import tournament as tournament_rr
from skyhall.sim.parallel import WorkerMismatch, play_batch
from skyhall.sim.runner import Run, fingerprint, jobs

runner = CliRunner()
SIM = ("sim", "skyport", "--players", "2", "--games", "8", "--seed", "3")


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_one_worker_and_two_write_the_same_file(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert invoke(*SIM, "--workers", "1", "--out", str(one))[0] == 0
    assert invoke(*SIM, "--workers", "2", "--out", str(two))[0] == 0
    assert one.read_text() == two.read_text()
    first = json.loads(one.read_text().splitlines()[0])
    assert first["index"] == 0 and first["run"]["seed"] == 3 and first["variant"] is None
    assert set(first["categories"][0]) == {line["category"] for line in first["breakdown"][0]}


def test_an_interrupted_run_resumes_to_the_same_file(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert invoke(*SIM, "--workers", "1", "--out", str(out))[0] == 0
    whole = out.read_text()
    cut = whole.index("\n", len(whole) // 3) + 40  # three-ish games and a torn line
    out.write_text(whole[:cut])
    code, said = invoke(*SIM, "--workers", "2", "--out", str(out))
    assert code == 0 and "Resuming" in said
    assert out.read_text() == whole
    code, said = invoke(*SIM, "--out", str(out))
    assert code == 0 and out.read_text() == whole, "nothing left to play"
    assert "games/s" not in said, "and no progress bar for it"


def test_a_file_of_another_run_is_refused_and_kept(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert invoke(*SIM, "--workers", "1", "--out", str(out))[0] == 0
    before = out.read_text()
    code, said = invoke("sim", "skyport", "--players", "2", "--games", "8", "--seed", "4", "--out", str(out))
    said = " ".join(said.split())
    assert code == 2 and "another run (seed differs: seed=3 there, 4 now)" in said
    assert out.read_text() == before


def test_a_variant_run_records_its_overlay_and_replays(tmp_path: Path) -> None:
    out = tmp_path / "v.jsonl"
    code, said = invoke(*SIM, "--workers", "1", "--out", str(out), "--set", "skyport.tokens.colours=12,9,6,3")
    assert code == 0 and "variant" in said
    for raw in out.read_text().splitlines():
        data = json.loads(raw)
        assert data["variant"] == {"tokens": {"colours": [12, 9, 6, 3]}}
        state = GameRecord.from_dict(data["record"]).replay()
        assert state.cat.tokens[0] == (12, 9, 6, 3)
        assert list(state.result().scores) == data["scores"]


def test_a_variant_is_said_as_its_changes_and_one_that_changes_nothing_is_no_variant(tmp_path: Path) -> None:
    shipped = data_text("skyhall.games.skyport", "airships.toml")
    copy = tmp_path / "my-airships.toml"
    b3 = shipped.index('id = "B3"')
    copy.write_text(shipped[:b3] + shipped[b3:].replace("movement = 3", "movement = 1", 1), encoding="utf-8")
    out = tmp_path / "b3.jsonl"
    code, said = invoke(*SIM, "--games", "2", "--variant", str(copy), "--out", str(out))
    said = " ".join(said.split())
    assert code == 0 and "(airships.B3.movement 3 → 1)" in said and "entries replaced" not in said
    assert json.loads(out.read_text().splitlines()[0])["variant"] == {"airships": {"B3": {"movement": 1}}}
    code, said = invoke(
        *SIM, "--games", "2", "--set", "skyport.B1.movement=4", "--out", str(tmp_path / "n.jsonl")
    )
    said = " ".join(said.split())
    assert code == 0 and "this variant changes nothing: B1.movement=4 is already the shipped value" in said
    assert "with a variant" not in said
    assert json.loads((tmp_path / "n.jsonl").read_text().splitlines()[0])["variant"] is None
    both = tmp_path / "v1.toml"
    both.write_text("[board.tokens]\ncolours = [12, 9, 6, 3]\n", encoding="utf-8")
    code, said = invoke(
        *SIM, "--games", "2", "--variant", str(both), "--set", "skyport.tokens.colours=1,1,1,1"
    )
    said = " ".join(said.split())
    assert code == 0 and "--set skyport.tokens.colours=1,1,1,1 overrides the variant" in said
    assert "(board.tokens.colours [10, 8, 6, 4] → [1, 1, 1, 1])" in said and "12, 9" not in said


def test_game_options_set_every_game_of_a_run(tmp_path: Path) -> None:
    out = tmp_path / "o.jsonl"
    sim = ("sim", "skyrise", "-p", "3", "-n", "3", "-w", "1", "--agents", "random", "--out", str(out))
    code, said = invoke(*sim, "-o", "city_keys=off", "--option", "first_player=2")
    assert code == 0 and "Player 3 (seat 2) plays first" in " ".join(said.split())
    lines = [json.loads(raw) for raw in out.read_text().splitlines()]
    assert len(lines) == 3
    for data in lines:
        assert data["run"]["options"] == {"city_keys": "off", "first_player": 2}
        state = GameRecord.from_dict(data["record"]).replay()
        assert (state.first, state.keys_mode) == (2, "off")
        labels = [line["label"] for sheet in data["breakdown"] for line in sheet]
        assert not [label for label in labels if "City Key" in label]  # the default gives one each game
    code, said = invoke("sim", "skyrise", "-n", "2", "-o", "city_keys=up")
    assert code == 2 and "city_keys must be one of lowest, highest, off" in said
    code, said = invoke("tournament", "skyrise", "--agents", "random,random", "-o", "data=x")
    assert code == 2 and "Skyrise has no option 'data' to choose" in " ".join(said.split())


def test_a_bad_variant_exits_2_naming_file_entry_and_field() -> None:
    code, said = invoke(*SIM, "--set", "skyport.tokens.colours=x")
    assert code == 2
    assert "board.toml" in said and "'colours'" in said and "list of integers" in " ".join(said.split())


def test_a_tournament_rates_every_agent_and_writes_json(tmp_path: Path) -> None:
    strong = "greedy" if "greedy" in agent_names() else "random"
    out = tmp_path / "t.json"
    code, said = invoke(
        "tournament",
        "skyrise",
        "--agents",
        f"random,{strong}",
        "--games-per-pair",
        "6",
        "-w",
        "1",
        "--json",
        str(out),
    )
    assert code == 0 and "Ratings" in said and "Head to head" in said
    data = json.loads(out.read_text())
    assert data["games"] == 6 and {r["agent"] for r in data["ratings"]} == {"random", strong}
    for rating in data["ratings"]:
        assert rating["low"] <= rating["elo"] <= rating["high"]
    if strong != "random":
        assert data["ratings"][0]["agent"] == strong


def test_report_writes_one_page_from_a_results_file(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert invoke(*SIM, "--workers", "1", "--out", str(out))[0] == 0
    code, said = invoke("report", str(out), "-o", str(tmp_path / "r.html"))
    assert code == 0 and "Wrote" in said
    page = (tmp_path / "r.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and 'id="impact-airship"' in page
    assert f"<td>results file</td><td><code>{out}</code></td>" in page  # which file the page is of


def test_report_of_a_file_that_is_not_results_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "x.jsonl"
    bad.write_text('{"hello": 1}\n')
    code, said = invoke("report", str(bad))
    assert code == 2 and "not a game result" in said


def test_report_refuses_files_joined_from_several_runs_or_a_game_twice(tmp_path: Path) -> None:
    one, other = tmp_path / "one.jsonl", tmp_path / "other.jsonl"
    assert invoke(*SIM, "--out", str(one))[0] == 0
    assert invoke(*SIM[:-1], "4", "--out", str(other))[0] == 0
    joined, doubled = tmp_path / "joined.jsonl", tmp_path / "doubled.jsonl"
    joined.write_text(one.read_text() + other.read_text())
    doubled.write_text(one.read_text() * 2)
    code, said = invoke("report", str(joined))
    assert code == 2 and "more than one run" in said and "seed" in said
    code, said = invoke("report", str(doubled))
    assert code == 2 and "game 0 of its run twice (line 9)" in " ".join(said.split())
    assert not (tmp_path / "joined.html").exists() and not (tmp_path / "doubled.html").exists()


def test_an_output_that_cannot_be_written_is_refused_before_any_game(tmp_path: Path) -> None:
    """Not after a long run: each command checks its output first and says why in one line."""
    missing, folder = tmp_path / "no" / "such.out", tmp_path
    for args, what in (
        ((*SIM, "--out", str(missing)), "the results"),
        (("tournament", "skyrise", "--agents", "random,greedy", "--json", str(folder)), "the standings"),
        (("play", "skyrise", "--seed", "1", "--save", str(missing)), "the game record"),
    ):
        code, said = invoke(*args)
        said = " ".join(said.split())
        assert code == 2 and f"cannot write {what} to" in said and "games" not in said.lower(), said
        assert ("there is no folder" in said) or ("it is a folder" in said)
    results = tmp_path / "r.jsonl"
    assert invoke(*SIM, "--out", str(results))[0] == 0
    code, said = invoke("report", str(results), "-o", str(missing))
    said = " ".join(said.split())
    assert code == 2 and "cannot write the report to" in said and "replaying" not in said
    assert not missing.parent.exists()


def test_a_shorter_rerun_says_how_many_games_the_file_holds(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert invoke(*SIM, "--out", str(out))[0] == 0
    code, said = invoke(*SIM[:-3], "3", "--seed", "3", "--out", str(out))
    assert code == 0 and "8 games of Grand Central Skyport" not in said
    said = " ".join(said.split())
    assert (
        f"{out} holds 8 games of this run, more than the 3 asked for: 3 of the first 3 are there, so no game"
        in said
    )
    assert "The summary covers the first 3; the file keeps all 8" in said and "Resuming" not in said


def test_a_refused_out_file_is_left_byte_for_byte(tmp_path: Path) -> None:
    """Even a torn last line is cut only from a file of this run: another run's file, or a file that is
    no results file at all, stays as it was (design review)."""
    other = tmp_path / "other.jsonl"
    assert invoke(*SIM, "--workers", "1", "--out", str(other))[0] == 0
    whole = other.read_text()
    other.write_text(whole[: whole.index("\n", len(whole) // 2) + 30])  # another run's, torn
    before = other.read_bytes()
    code, said = invoke(
        "sim", "skyport", "--players", "2", "--games", "2", "--seed", "99", "--out", str(other)
    )
    assert code == 2 and "another run" in said and other.read_bytes() == before
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\nline two without newline")
    code, said = invoke("sim", "skyport", "--games", "2", "--out", str(notes))
    assert code == 2 and notes.read_text() == "my notes\nline two without newline"
    notes.write_text("one line without newline")
    code, said = invoke("sim", "skyport", "--games", "2", "--out", str(notes))
    assert code == 2 and "not a results file" in said and notes.read_text() == "one line without newline"
    config = tmp_path / "config.json"
    config.write_text('{"name":"my-config","important":true}')  # one line of JSON, no newline
    code, said = invoke("sim", "skyport", "--games", "2", "--out", str(config))
    assert code == 2 and config.read_text() == '{"name":"my-config","important":true}'
    lone = tmp_path / "lone.jsonl"
    lone.write_text(whole.splitlines()[0][:200])  # another run's first line, torn
    code, said = invoke("sim", "skyport", "--games", "2", "--seed", "99", "--out", str(lone))
    assert code == 2 and "unfinished line of another run" in said


def test_a_run_records_the_rules_and_data_and_refuses_to_resume_with_others(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert invoke(*SIM, "--workers", "1", "--out", str(out))[0] == 0
    lines = out.read_text().splitlines()
    first = json.loads(lines[0])
    assert first["run"]["fingerprint"] == fingerprint("skyport")
    assert re.fullmatch(r"rules \d+, data [0-9a-f]{12}", first["run"]["fingerprint"])
    changed = [
        json.dumps({**json.loads(x), "run": {**json.loads(x)["run"], "fingerprint": "rules 1, data x"}})
        for x in lines
    ]
    out.write_text("\n".join(changed) + "\n")  # as if the data files had been edited since
    code, said = invoke(*SIM, "--out", str(out))
    assert code == 2 and "fingerprint" in said
    # its games would replay as other games, or fail half way: replay says why at once
    code, said = invoke("replay", str(out), "--game-index", "1", "--to-end")
    said = " ".join(said.split())
    assert (
        code == 2 and "was played on other rules or data (rules 1, data x) than those installed here" in said
    )
    # the report needs a replay only for the per-item impact: it leaves that out, and says so
    code, said = invoke("report", str(out))
    said = " ".join(said.split())
    assert code == 0 and "Per-item impact is left out" in said and "per-item impact left out" in said
    assert "was played on other rules or data (rules 1, data x)" in said
    page = out.with_suffix(".html").read_text()
    assert 'id="win-rate-seat"' in page and 'id="impact-airship"' not in page
    assert "Per-item impact is left out: " in page and "was played on other rules or data" in page


def test_a_worker_with_other_rules_or_data_refuses_its_batch() -> None:
    run = Run("skyport", ("random", "random"), 3, fingerprint="rules 1, data 000000000000")
    with pytest.raises(WorkerMismatch, match="install the same Skyhall"):
        play_batch(run, jobs(run, 1))


def test_a_worker_that_read_the_data_before_it_was_edited_refuses_the_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The worker's fingerprint is that of the data it plays, not of the files on disk now."""
    run = Run("airport-rush", ("random", "random"), 3)  # set up where the files are as shipped
    monkeypatch.setattr(data_files, "_READ", {})
    shipped = data_text(AIRPORT_RUSH, "planes.toml")
    monkeypatch.setitem(data_files._READ, (AIRPORT_RUSH, "planes.toml"), shipped + "\n# an older copy\n")
    fingerprint.cache_clear()
    try:
        with pytest.raises(WorkerMismatch, match="restart the workers after editing the data"):
            play_batch(run, jobs(run, 1))
    finally:
        fingerprint.cache_clear()


def test_time_limited_agents_and_an_uneven_rotation_are_pointed_out(tmp_path: Path) -> None:
    assert clocked("hard") and clocked("normal") and clocked("ismcts:20ms")
    assert not clocked("ismcts:50") and not clocked("greedy") and not clocked("random")
    out = tmp_path / "r.jsonl"
    code, said = invoke("sim", "skyport", "--games", "3", "--agents", "greedy,random", "--out", str(out))
    said = " ".join(said.split())
    assert code == 0 and "3 games is not a multiple of 2 players" in said and "time limit" not in said
    code, said = invoke("sim", "skyport", "--games", "1", "--agents", "ismcts:10ms,random")
    assert code == 0 and "the agent ismcts:10ms stops thinking at a time limit" in " ".join(said.split())
    page = tmp_path / "r.html"
    assert invoke("report", str(out), "-o", str(page))[0] == 0
    assert "3 games is not a multiple of 2 players" in page.read_text()
    assert "would be bold by chance alone" in page.read_text() and "pooled over them" in page.read_text()
    hard = {"greedy": "hard", "random": "random"}
    timed = [
        json.dumps(
            {
                **game,
                "run": {**game["run"], "agents": ["hard", "random"]},
                "agents": [hard[a] for a in game["agents"]],
            }
        )
        for game in map(json.loads, out.read_text().splitlines())
    ]
    out.write_text("\n".join(timed) + "\n")
    assert invoke("report", str(out), "-o", str(page))[0] == 0
    assert "Not repeatable: the agent hard stops thinking at a time limit" in page.read_text()


def test_report_never_writes_over_its_results_or_another_file(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert invoke(*SIM, "--games", "2", "--out", str(out))[0] == 0
    kept = out.read_text()
    code, said = invoke("report", str(out), "-o", str(out))
    assert code == 2 and "would be replaced" in said and out.read_text() == kept
    notes = tmp_path / "notes.html"
    notes.write_text("<!DOCTYPE html><html><body>my notes</body></html>")  # a page, but not a report
    code, said = invoke("report", str(out), "-o", str(notes))
    assert code == 2 and notes.read_text() == "<!DOCTYPE html><html><body>my notes</body></html>"
    page = tmp_path / "page.html"
    assert invoke("report", str(out), "-o", str(page))[0] == 0
    assert invoke("report", str(out), "-o", str(page))[0] == 0  # a report written before: replaced


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"scores": "x"}, "field 'scores' must be a list of whole numbers"),
        ({"winners": None}, "field 'winners' is missing"),
        ({"winners": [5]}, "field 'winners' is missing or not a list of seats"),
        ({"categories": [{"x": "y"}, {}]}, "field 'categories'"),
        ({"scores": [1]}, "r.jsonl line 2: field 'scores' holds 1 score for 2 players"),
        ({"record": {"game": "skyport", "rules_version": 1}}, "record"),
    ],
)
def test_report_of_a_damaged_line_names_it_in_one_line(
    tmp_path: Path, change: dict[str, object], said: str
) -> None:
    out = tmp_path / "r.jsonl"
    assert invoke(*SIM, "--games", "2", "--out", str(out))[0] == 0
    first, second = out.read_text().splitlines()
    out.write_text(first + "\n" + json.dumps({**json.loads(second), **change}) + "\n")
    code, message = invoke("report", str(out))
    assert code == 2 and said in " ".join(message.split())


def test_report_of_a_record_that_does_not_replay_names_file_line_and_field(tmp_path: Path) -> None:
    """Alone or beside another run: the error names the file and line, not only ``record: actions[3]``."""
    out, other = tmp_path / "r.jsonl", tmp_path / "other.jsonl"
    assert invoke(*SIM, "--games", "2", "--out", str(out))[0] == 0
    first, second = out.read_text().splitlines()
    game = json.loads(second)
    game["record"]["actions"][3] = "fly to moon"
    other.write_text(first + "\n" + json.dumps(game) + "\n")
    for command in (("report", str(other)), ("report", str(out), str(other))):
        code, said = invoke(*command, "-o", str(tmp_path / "x.html"))
        wanted = f"Error: {other} line 2 (game 1): record.actions[3]: 'fly to moon' cannot be played"
        assert code == 2 and "".join(wanted.split()) in "".join(said.split())  # a long path wraps anywhere


def test_report_of_a_torn_file_says_it_is_the_last_line(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert invoke(*SIM, "--games", "2", "--out", str(out))[0] == 0
    out.write_text(out.read_text()[:-40])
    code, said = invoke("report", str(out))
    assert code == 2 and "it is the last line, cut short" in " ".join(said.split())


def interrupt(monkeypatch: pytest.MonkeyPatch, module: Any, after: int, *command: str) -> tuple[int, str]:
    """``command`` interrupted (Ctrl-C) once ``module.played`` has handed over ``after`` batches of
    games: its exit code and what it printed, on one line."""
    real = module.played

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        for k, ready in enumerate(real(*args, **kwargs)):
            if k == after:
                raise KeyboardInterrupt
            yield ready

    monkeypatch.setattr(module, "played", interrupted)
    code, said = invoke(*command)
    return code, " ".join(said.split())


TOURNAMENT = ("tournament", "skyport", "--games-per-pair", "8", "-w", "1")


def interrupt_tournament(
    monkeypatch: pytest.MonkeyPatch, after: int, agents: str, *more: str
) -> tuple[int, str]:
    """A round robin of ``agents`` interrupted after ``after`` batches of games."""
    return interrupt(monkeypatch, tournament_cli, after, *TOURNAMENT, "--agents", agents, *more)


def test_an_interrupted_tournament_still_rates_the_games_played(monkeypatch: pytest.MonkeyPatch) -> None:
    code, said = interrupt_tournament(monkeypatch, 3, "greedy,random")
    assert code == INTERRUPTED and re.search(r"Interrupted after [1-7] games", said) and "Ratings" in said


def test_an_agent_an_interruption_kept_from_playing_is_not_rated(monkeypatch: pytest.MonkeyPatch) -> None:
    """Groups play one after another: stopped in the first, the third agent has no game and no rating."""
    code, said = interrupt_tournament(monkeypatch, 2, "greedy,random,easy")
    assert code == INTERRUPTED and "Not rated (no game played): easy." in said
    assert "│ easy" not in said and "┃ easy" not in said


def interrupt_sim(monkeypatch: pytest.MonkeyPatch, after: int, *more: str) -> tuple[int, str]:
    """``sim`` interrupted after ``after`` batches (one worker: a game per batch)."""
    return interrupt(monkeypatch, sim_cli, after, *SIM, "-w", "1", *more)


def test_an_interrupted_sim_sums_up_its_games_and_says_whether_they_were_kept(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, said = interrupt_sim(monkeypatch, 2)
    kept = re.search(
        r"Interrupted after (\d) games, not saved \(with --out FILE a run keeps its games and", said
    )
    assert code == INTERRUPTED and kept and "the same command resumes" not in said
    assert f"{kept[1]} of 8 games of Grand Central Skyport" in said and "By seat" in said
    out = tmp_path / "r.jsonl"
    code, said = interrupt_sim(monkeypatch, 2, "--out", str(out))
    kept = re.search(r"Interrupted after (\d) games: .{0,200}? keeps them, and the same command", said)
    assert code == INTERRUPTED and kept and 0 < int(kept[1]) < 8
    assert len(out.read_text().splitlines()) == int(kept[1]) and f"{kept[1]} of 8 games" in said
    code, said = interrupt_sim(monkeypatch, 0)
    assert code == INTERRUPTED and "Interrupted before any game finished: there is nothing to sum up" in said
    assert "By seat" not in said and "after 0 games" not in said


def test_a_tournament_interrupted_before_any_game_says_nothing_was_kept(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """It said "the standings of those games follow", and nothing followed; --json went unwritten."""
    standings = tmp_path / "s.json"
    command = ("tournament", "skyport", "--agents", "greedy,random", "--games-per-pair", "2", "-w", "1")
    code, said = interrupt(monkeypatch, tournament_cli, 0, *command, "--json", str(standings))
    assert code == INTERRUPTED and "Interrupted before any game finished: there is nothing to rate" in said
    assert f"({standings} was not written)" in said and "follow" not in said and not standings.exists()


ROUND_ROBIN = ("tournament", "skyrise", "--games-per-pair", "2", "-w", "1")


def test_a_tournament_keeps_each_groups_games_and_plays_only_what_is_missing(tmp_path: Path) -> None:
    """--out keeps a results file per group; agents added later play only their own groups, and the
    standings come out as those of the whole round robin played at once."""
    out, kept, whole = tmp_path / "games", tmp_path / "kept.json", tmp_path / "whole.json"
    code, said = invoke(*ROUND_ROBIN, "--agents", "random,greedy", "--out", str(out))
    pair = out / "random-vs-greedy.jsonl"
    assert code == 0 and [p.name for p in out.iterdir()] == [pair.name]
    assert len(pair.read_text().splitlines()) == 2 and f"skyhallreport{pair}" in "".join(said.split())
    first = pair.read_text()
    code, said = invoke(
        *ROUND_ROBIN, "--agents", "random,greedy,easy", "--out", str(out), "--json", str(kept)
    )
    assert code == 0 and "2 of 6 games already played, the other 4" in " ".join(said.split())
    again = invoke(*ROUND_ROBIN, "--agents", "random,greedy,easy", "--out", str(out), "--json", str(kept))
    assert again[0] == 0 and "holds every game of this round robin already" in " ".join(again[1].split())
    assert "games/s" not in again[1], "no progress bar when there is nothing to play"
    assert pair.read_text() == first, "the pair's games were not played again"
    assert {p.name for p in out.iterdir()} == {pair.name, "random-vs-easy.jsonl", "greedy-vs-easy.jsonl"}
    assert invoke(*ROUND_ROBIN, "--agents", "random,greedy,easy", "--json", str(whole))[0] == 0
    assert json.loads(kept.read_text()) == json.loads(whole.read_text())
    code, said = invoke("report", str(pair), "-o", str(tmp_path / "pair.html"))
    assert code == 0 and "2 games" in said


def test_a_group_file_is_a_sim_results_file(tmp_path: Path) -> None:
    """`skyhall sim` with the group's agents and seed resumes the group's file; a tournament then
    counts only its own number of games from it, and says so."""
    out = tmp_path / "games"
    assert invoke(*ROUND_ROBIN, "--agents", "random,greedy", "--out", str(out))[0] == 0
    pair = out / "random-vs-greedy.jsonl"
    code, said = invoke(
        "sim", "skyrise", "--agents", "random,greedy", "-n", "4", "-w", "1", "--out", str(pair)
    )
    assert code == 0 and "2 of 4 games already played" in " ".join(said.split())
    code, said = invoke(*ROUND_ROBIN, "--agents", "random,greedy", "--out", str(out))
    said = " ".join(said.split())
    assert code == 0 and "holds 4 games, more than the 2 per group asked for" in said
    assert "2 games of Skyrise" in said and len(pair.read_text().splitlines()) == 4


def test_an_interrupted_tournament_with_out_keeps_its_games_and_resumes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = tmp_path / "games"
    code, said = interrupt_tournament(monkeypatch, 3, "greedy,random", "--out", str(out))
    kept = re.search(r"Interrupted after (\d) games", said)
    assert code == INTERRUPTED and kept and f"{out} keeps them, and the same command resumes" in said
    assert len((out / "greedy-vs-random.jsonl").read_text().splitlines()) == int(kept[1])
    monkeypatch.undo()
    code, said = invoke(*TOURNAMENT, "--agents", "greedy,random", "--out", str(out))
    assert code == 0 and f"{kept[1]} of 8 games already played" in " ".join(said.split())
    assert len((out / "greedy-vs-random.jsonl").read_text().splitlines()) == 8


def test_a_tournament_out_that_is_a_file_or_holds_another_run_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "f"
    file.write_text("x")
    code, said = invoke(*ROUND_ROBIN, "--agents", "random,greedy", "--out", str(file))
    assert code == 2 and "it is a file, and --out names a folder" in " ".join(said.split())
    out = tmp_path / "games"
    assert invoke(*ROUND_ROBIN, "--agents", "random,greedy", "--out", str(out))[0] == 0
    before = (out / "random-vs-greedy.jsonl").read_text()
    code, said = invoke(*ROUND_ROBIN, "--agents", "random,greedy", "--seed", "2", "--out", str(out))
    assert code == 2 and "holds games of another run" in " ".join(said.split())
    assert (out / "random-vs-greedy.jsonl").read_text() == before


def test_a_tournament_writes_its_standings_into_the_out_folder_it_makes(tmp_path: Path) -> None:
    """--json may name a file in the --out folder even when that folder is only made by the command."""
    out = tmp_path / "games"
    code, said = invoke(
        *ROUND_ROBIN, "--agents", "random,greedy", "--out", str(out), "--json", str(out / "standings.json")
    )
    assert code == 0 and json.loads((out / "standings.json").read_text())["games"] == 2
    code, said = invoke(
        *ROUND_ROBIN, "--agents", "random,greedy", "--out", str(out), "--json", str(tmp_path / "no/s.json")
    )
    assert code == 2 and "there is no folder" in " ".join(said.split())


def test_a_refused_group_file_leaves_every_file_in_the_folder_as_it_was(tmp_path: Path) -> None:
    """One group's file of another run stops the command before a torn line is cut from any other."""
    out = tmp_path / "games"
    assert invoke(*ROUND_ROBIN, "--agents", "random,greedy,easy", "--out", str(out))[0] == 0
    pair = out / "random-vs-greedy.jsonl"
    torn = pair.read_text() + pair.read_text()[:300]
    pair.write_text(torn)
    other = out / "greedy-vs-easy.jsonl"
    other.write_text(other.read_text().replace('"seed":1,', '"seed":7,'))
    before = {p.name: p.read_text() for p in out.iterdir()}
    code, said = invoke(*ROUND_ROBIN, "--agents", "random,greedy,easy", "--out", str(out))
    assert code == 2 and "holds games of another run" in " ".join(said.split())
    assert {p.name: p.read_text() for p in out.iterdir()} == before


@pytest.mark.parametrize(
    ("field", "value", "wrong"),
    [
        ("ranks", None, "field 'ranks'"),
        ("ranks", [1], "field 'ranks'"),
        ("ranks", ["1", "2"], "field 'ranks'"),
        ("agents", ["random", "easy"], "seating 'easy', not the run's agents"),
        ("agents", ["random", 7], "seating 7, not the run's agents"),
        ("agents", ["random", "random"], "seating 'random', 'random', not the run's agents"),
    ],
)
def test_a_group_file_with_a_damaged_game_is_refused_naming_it(
    tmp_path: Path, field: str, value: object, wrong: str
) -> None:
    out = tmp_path / "games"
    assert invoke(*ROUND_ROBIN, "--agents", "random,greedy", "--out", str(out))[0] == 0
    pair = out / "random-vs-greedy.jsonl"
    games = [json.loads(line) for line in pair.read_text().splitlines()]
    if value is None:
        del games[1][field]
    else:
        games[1][field] = value
    pair.write_text("".join(json.dumps(g, separators=(",", ":")) + "\n" for g in games))
    before = pair.read_text()
    code, said = invoke(*ROUND_ROBIN, "--agents", "random,greedy", "--out", str(out))
    assert code == 2 and str(pair) in "".join(said.split()) and wrong in " ".join(said.split())
    assert pair.read_text() == before


def test_report_refuses_a_game_seating_agents_its_run_does_not(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert invoke(*SIM, "--agents", "greedy,random", "--out", str(out))[0] == 0
    games = [json.loads(line) for line in out.read_text().splitlines()]
    games[2]["agents"] = ["greedy", "hard"]
    out.write_text("".join(json.dumps(g) + "\n" for g in games))
    code, said = invoke("report", str(out), "-o", str(tmp_path / "r.html"))
    said = " ".join(said.split())
    assert code == 2 and "holds game 2 seating 'hard', not the run's agents (greedy, random)" in said
    assert not (tmp_path / "r.html").exists()


def test_group_files_are_named_for_any_file_system() -> None:
    assert tournament_rr.file_name(("ismcts:500", "greedy")) == "ismcts_500-vs-greedy.jsonl"
    assert tournament_rr.file_name(("easy", "normal", "hard")) == "easy-vs-normal-vs-hard.jsonl"


def test_report_puts_a_baseline_and_its_variant_side_by_side(tmp_path: Path) -> None:
    base, variant = tmp_path / "base.jsonl", tmp_path / "tokens.jsonl"
    assert invoke(*SIM, "--agents", "greedy,random", "--out", str(base))[0] == 0
    changed = ("--set", "skyport.tokens.colours=12,9,6,3")
    assert invoke(*SIM, "--agents", "greedy,random", *changed, "--out", str(variant))[0] == 0
    code, said = invoke("report", str(base), str(variant))
    page = tmp_path / "base-vs-tokens.html"
    assert code == 0 and "2 runs side by side" in said and page.exists()
    text = page.read_text()
    for anchor in ("summary", "win-rate-seat", "score-seat", "win-rate-agent", "score-agent", "length"):
        assert f'<section id="{anchor}">' in text
    for kind in ("airship", "city", "station"):  # per-item impact, from replaying both runs
        assert f'<section id="impact-{kind}">' in text
    assert "tokens dealt and seated the same games as it" in text
    assert "board.tokens.colours [10, 8, 6, 4] → [12, 9, 6, 3]" in text
    other = tmp_path / "skyrise.jsonl"
    assert invoke("sim", "skyrise", "--games", "2", "--out", str(other))[0] == 0
    code, said = invoke("report", str(base), str(other), "-o", str(tmp_path / "x.html"))
    assert code == 2 and "several games" in said


def test_the_progress_shows_the_runs_average_pace_and_time_left() -> None:
    """Games come back ten at a time: the pace is the run's average, not one batch's burst."""
    assert pace(0, 40, 0.0) == ("–", "")
    assert pace(10, 40, 4.0) == ("2.5", "0:00:12 left")
    assert pace(10, 10_000, 1.0) == ("10.0", "0:16:39 left")
    assert pace(40, 40, 16.0) == ("2.5", "0:00:00 left")


def test_the_summary_keeps_whole_intervals_and_readable_shared_wins_at_80_columns() -> None:
    """`51.0%–100.…` cut the upper bound; `23.3333` spelled a third of a win."""
    from rich.console import Console

    def game(winners: list[int]) -> dict[str, Any]:
        return {"scores": [9, 9, 9], "winners": winners, "agents": ["ismcts:500", "random", "greedy"]}

    lines = [game([0])] * 5 + [game([0, 1, 2])]
    console = Console(width=80, record=True)
    console.print(sim_cli.summary("By seat", "seat", lines, sim_cli.by_seat))
    console.print(sim_cli.summary("By agent", "agent", lines[:5], sim_cli.by_agent))
    shown = console.export_text()
    assert "5⅓" in shown and "⅓ " in shown and "3333" not in shown
    assert "56.6%–100.0%" in shown and "…" not in shown


def test_wins_are_whole_numbers_thirds_halves_or_one_decimal() -> None:
    from skyhall.sim.balance import wins_text

    assert [wins_text(x) for x in (23, 23 + 1 / 3, 1 / 2, 2 + 7 / 12, 0.0)] == ["23", "23⅓", "½", "2.6", "0"]


def test_the_seat_table_says_who_plays_first(tmp_path: Path) -> None:
    code, said = invoke(*SIM[:-3], "2", "--seed", "3", "-o", "first_player=1", "-w", "1")
    assert code == 0 and "By seat (Player 2 (seat 1) plays first)" in " ".join(said.split())


def test_report_names_games_missing_from_the_file(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert invoke(*SIM, "--out", str(out))[0] == 0
    kept = [x for x in out.read_text().splitlines() if json.loads(x)["index"] not in (2, 3)]
    out.write_text("\n".join(kept) + "\n")
    code, said = invoke("report", str(out), "-o", str(tmp_path / "r.html"))
    said = " ".join(said.split())
    assert (
        code == 0 and "Games 2–3 of the run are missing from the file" in said and "plays them again" in said
    )


def test_a_run_whose_variant_was_written_otherwise_resumes_in_the_file_s_words(tmp_path: Path) -> None:
    """Before variants were recorded as their changes, a --set of a shipped value was a variant: the
    same command (now no variant) goes on with that file, and its new games say what the file says."""
    out = tmp_path / "old.jsonl"
    assert invoke(*SIM, "--games", "4", "--workers", "1", "--out", str(out))[0] == 0
    old = []
    for raw in out.read_text().splitlines():  # as the former code wrote them
        game = json.loads(raw)
        game["run"]["options"]["data"] = {"B1": {"movement": 4}}
        old.append(json.dumps(game, separators=(",", ":")))
    out.write_text("\n".join(old) + "\n")
    code, said = invoke(
        *SIM, "--games", "6", "--workers", "1", "--out", str(out), "--set", "skyport.B1.movement=4"
    )
    assert code == 0 and "Resuming" in " ".join(said.split()), said
    runs = [json.loads(raw)["run"] for raw in out.read_text().splitlines()]
    assert len(runs) == 6 and all(r == runs[0] for r in runs)
    other = invoke(*SIM, "--games", "7", "--out", str(out), "--set", "skyport.B1.movement=3")
    assert other[0] == 2 and "another run" in other[1]  # other data is still another run
