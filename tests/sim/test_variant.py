"""Variants: overlays on the card data, validated like the data, recorded and replayed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skyhall.core.errors import DataError
from skyhall.core.record import GameRecord
from skyhall.games import skyport
from skyhall.games.skyport.cards import load
from skyhall.games.skyrise import VARIANTS
from skyhall.sim.parallel import play_batch
from skyhall.sim.runner import Outcome, Run, jobs
from skyhall.sim.variant import build, changes, described, described_changes, prepare, setting, value_of

SHIPPED_TOKENS = ((10, 8, 6, 4), (7, 5, 4, 3))


def played(game: str, games: int, seed: int, options: dict[str, Any] | None = None) -> list[Outcome]:
    """The first ``games`` games of a run of two random agents."""
    run = Run(game, ("random", "random"), seed, options or {})
    return play_batch(run, jobs(run, games))


def test_values_read_as_toml_bare_words_or_comma_lists() -> None:
    assert value_of("12,9,6,3") == [12, 9, 6, 3]
    assert value_of("5") == 5
    assert value_of("true") is True
    assert value_of("cargo") == "cargo"
    assert value_of("cargo,") == ["cargo"]
    assert value_of('["a", "b"]') == ["a", "b"]


def test_a_setting_is_a_nested_overlay_under_the_game() -> None:
    assert setting("skyport", "skyport.tokens.colours=12,9,6,3") == {"tokens": {"colours": [12, 9, 6, 3]}}
    assert setting("skyport", "skyport.board.tokens.icons=9,1") == {"board": {"tokens": {"icons": [9, 1]}}}


@pytest.mark.parametrize("key", ["skyport.tokens.colours", "skyport.board.tokens.colours"])
def test_the_complete_set_tokens_change_with_or_without_the_file_name(key: str) -> None:
    overlay = build("skyport", None, [f"{key}=12,9,6,3"])
    outcome = played("skyport", 1, 5, {"data": overlay})[0]
    state = GameRecord.from_json(outcome.record.to_json()).replay()
    assert state.cat.tokens == ((12, 9, 6, 3), (7, 5, 4, 3))
    assert load().tokens == SHIPPED_TOKENS


def test_a_variant_file_and_settings_merge_the_settings_winning(tmp_path: Path) -> None:
    file = tmp_path / "v.toml"
    file.write_text(
        '[board.tokens]\ncolours = [1, 1, 1, 1]\nicons = [2, 2]\n\n[airships.B3]\nicons = ["cargo"]\n'
    )
    overlay = build("skyport", file, ["skyport.board.tokens.colours=9,9"])
    assert overlay == {
        "board": {"tokens": {"colours": [9, 9], "icons": [2, 2]}},
        "airships": {"B3": {"icons": ["cargo"]}},
    }


def test_a_variant_game_replays_to_the_same_result_and_differs_from_the_shipped_one() -> None:
    overlay = build("airport-rush", None, ["airport-rush.game.penalty_plane=5"])
    varied = played("airport-rush", 2, 9, {"data": overlay})
    shipped = played("airport-rush", 2, 9)
    for outcome in varied:
        data = json.loads(outcome.record.to_json())
        assert data["options"]["data"] == {"game": {"penalty_plane": 5}}
        assert GameRecord.from_dict(data).replay().result() == outcome.result
    assert [o.result.scores for o in varied] != [o.result.scores for o in shipped]


def test_skyrise_wonders_can_be_retuned() -> None:
    overlay = build("skyrise", None, ["skyrise.band.0.era=1"])
    assert overlay == {"band": {"0": {"era": 1}}}


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        (["skyport.nosuch.x=1"], "field 'nosuch': expected a data file"),
        (["skyport.board.nosuch=1"], "board.toml: entry '(top level)', field 'nosuch'"),
        (
            ["skyport.board.tokens.colour=1"],
            "field 'colour': expected one of the fields colours, icons "
            "(there is no such field; did you mean 'colours'?)",
        ),
        (["skyport.tokens.colours=a,b"], "field 'colours': expected a list of integers"),
        (
            ["skyport.B3.movement=99"],
            "airships.toml: entry 'B3', field 'movement': expected an integer in 1..9",
        ),
        (["skyport.airships.Q9.movement=2"], "field 'Q9'"),
        (["skyport.airships.Q9.movement=2"], "entries: B1, B2, B3"),  # the ids it could have been
        (["skyport.B3.movement=5"], "action space"),
        (["skyport.B3.movement=9"], "walk 9 and 2 more; gone: none"),
        (["skyrise.tokens.colours=1"], "the game being played, 'skyport'"),
        (["skyport.tokens"], "(syntax)"),
        (["skyport.hand_size=3"], "skyport.FILE.FIELD=VALUE"),
    ],
)
def test_bad_overrides_are_clear_errors_and_change_nothing(settings: list[str], words: str) -> None:
    with pytest.raises(DataError) as caught:
        build("skyport", None, settings)
    assert words in str(caught.value)
    assert load().tokens == SHIPPED_TOKENS
    assert played("skyport", 1, 1)[0].record.options == {"first_player": 0}


def test_a_broken_variant_file_names_the_file(tmp_path: Path) -> None:
    file = tmp_path / "bad.toml"
    file.write_text("[board.tokens\n")
    with pytest.raises(DataError, match=r"bad\.toml"):
        build("skyport", file, [])


def test_an_entry_is_named_by_its_number_or_name_and_only_a_nameless_one_by_position() -> None:
    """Skyrise's Wonders have numbers: wonder.3 is Wonder 3 (it was the fourth entry, Wonder 4)."""
    shipped = VARIANTS.get(None).wonders
    third = next(w for w in shipped if w.number == 3)
    by_number = VARIANTS.get(build("skyrise", None, ["skyrise.wonders.wonder.3.points=30"])).wonders
    points = {w.number: w.points for w in shipped}
    assert [w.number for w in by_number if w.points != points[w.number]] == [3]
    by_name = VARIANTS.get(build("skyrise", None, [f"skyrise.wonder.{third.name}.points=30"])).wonders
    assert by_name == by_number
    with pytest.raises(DataError, match=r"field '21': expected an entry number or name \(1, 2, "):
        build("skyrise", None, ["skyrise.wonder.21.points=3"])
    with pytest.raises(DataError, match=r"expected an entry index 0\.\.11"):
        build("skyrise", None, ["skyrise.band.12.era=1"])


def test_points_on_a_wonder_that_scores_none_are_refused_not_ignored() -> None:
    with pytest.raises(DataError, match="a tall_for_control Wonder scores no points of its own"):
        VARIANTS.get(build("skyrise", None, ["skyrise.wonder.6.points=30"]))
    assert VARIANTS.get(build("skyrise", None, ["skyrise.wonder.5.points=30"])).wonders[4].points == 30


def test_an_edited_copy_of_a_whole_data_file_is_a_variant(tmp_path: Path) -> None:
    shipped = (Path(skyport.__file__).parent / "data" / "airships.toml").read_text(encoding="utf-8")
    copy = tmp_path / "my-airships.toml"
    copy.write_text(shipped.replace("movement = 4", "movement = 3", 1), encoding="utf-8")
    overlay = build("skyport", copy, [])
    assert overlay is not None and list(overlay) == ["airships"]
    assert skyport.VARIANTS.get(overlay) == skyport.VARIANTS.get(
        build("skyport", None, ["skyport.B1.movement=3"])
    )
    stray = tmp_path / "stray.toml"
    stray.write_text("reconstructed = true\n[[gadget]]\nid = 'G1'\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"a copy of one whole data file .* no data file has these tables"):
        build("skyport", stray, [])


def test_an_error_names_the_variant_source_that_made_the_change(tmp_path: Path) -> None:
    file = tmp_path / "slow.toml"
    file.write_text('[airships.B1]\nmovement = "3"\n', encoding="utf-8")
    with pytest.raises(
        DataError, match=r"entry 'B1', field 'movement'.*\(changed by the variant .*slow\.toml\)"
    ):
        build("skyport", file, [])
    file.write_text("[airships.B1]\nmovement = 3\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"action space.*\(changed by --set skyport\.B2\.movement=9\)"):
        build("skyport", file, ["skyport.B2.movement=2", "skyport.B2.movement=9"])


def test_a_variant_is_described_in_set_words() -> None:
    overlay = build("skyport", None, ["skyport.B1.movement=3", "skyport.tokens.colours=12,9,6,3"])
    assert overlay is not None and described(overlay) == "B1.movement=3, tokens.colours=[12, 9, 6, 3]"
    whole = {"airships": {"airship": [{"id": "B1"}, {"id": "B2"}]}}
    assert described(whole) == "airships.airship (all 2 entries replaced)"
    many = {"board": {f"f{k}": k for k in range(8)}}
    assert described(many, shown=3) == "board.f0=0, board.f1=1, board.f2=2 and 5 more"


def test_an_edited_copy_of_a_whole_file_is_recorded_and_described_as_its_differences(tmp_path: Path) -> None:
    shipped = (Path(skyport.__file__).parent / "data" / "airships.toml").read_text(encoding="utf-8")
    copy = tmp_path / "my-airships.toml"
    b3 = shipped.index('id = "B3"')
    copy.write_text(shipped[:b3] + shipped[b3:].replace("movement = 3", "movement = 1", 1), encoding="utf-8")
    overlay = build("skyport", copy, [])
    assert overlay == {"airships": {"B3": {"movement": 1}}}  # not the 60 entries
    assert described_changes("skyport", overlay) == ["airships.B3.movement 3 → 1"]
    whole = {"airships": {"airship": load_toml_tables("airships")}}  # a results file of before: still read
    whole["airships"]["airship"][2]["movement"] = 1
    assert described_changes("skyport", whole) == ["airships.B3.movement 3 → 1"]
    assert skyport.VARIANTS.get(whole) == skyport.VARIANTS.get(overlay)


def load_toml_tables(stem: str) -> list[dict[str, Any]]:
    from skyhall.core.data import load_toml

    tables: list[dict[str, Any]] = load_toml("skyhall.games.skyport", f"{stem}.toml")[1]["airship"]
    return tables


def test_a_variant_of_shipped_values_only_is_no_variant_and_says_so(tmp_path: Path) -> None:
    found = prepare("skyport", None, ["skyport.B1.movement=4"])
    assert found.overlay is None
    assert found.notes == [
        "this variant changes nothing: B1.movement=4 is already the shipped value; the run plays the "
        "shipped data and is recorded as no variant"
    ]
    kept = prepare("skyport", None, ["skyport.B1.movement=4", "skyport.B2.movement=2"])
    assert kept.overlay == {"B1": {"movement": 4}, "B2": {"movement": 2}}
    assert kept.notes == [
        "--set skyport.B1.movement=4 changes nothing: its values are already those of the shipped data"
    ]
    copy = tmp_path / "same.toml"
    copy.write_text(
        (Path(skyport.__file__).parent / "data" / "airships.toml").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    assert prepare("skyport", copy, []).overlay is None


def test_two_changes_to_one_field_keep_the_last_and_say_it_overrides(tmp_path: Path) -> None:
    file = tmp_path / "v1.toml"
    file.write_text(
        "[board.tokens]\ncolours = [12, 9, 6, 3]\n[airships.B3]\nmovement = 4\n", encoding="utf-8"
    )
    found = prepare("skyport", file, ["skyport.tokens.colours=1,1,1,1"])
    assert found.notes == [
        f"--set skyport.tokens.colours=1,1,1,1 overrides the variant {file} on board.tokens.colours: the "
        "last change to a field wins"
    ]
    assert found.overlay == {
        "airships": {"B3": {"movement": 4}},
        "board": {"tokens": {"colours": [1, 1, 1, 1]}},
    }
    assert [str(c) for c in changes("skyport", found.overlay)] == [
        "airships.B3.movement 3 → 4",
        "board.tokens.colours [10, 8, 6, 4] → [1, 1, 1, 1]",
    ]
    assert prepare("skyport", file, ["skyport.tokens.icons=9,6,4,2"]).notes == []  # another field


def test_a_file_table_and_a_later_short_named_change_to_it_both_apply() -> None:
    both = {"board": {"tokens": {"colours": [12, 9, 6, 3]}}, "tokens": {"icons": [9, 6, 4, 2]}}
    assert skyport.VARIANTS.get(both).tokens == ((12, 9, 6, 3), (9, 6, 4, 2))


def test_bare_numbers_are_text_where_the_shipped_field_is_text() -> None:
    quoted = build("airport-rush", None, ['airport-rush.BR1.slots="6",blue'])
    assert (
        build("airport-rush", None, ["airport-rush.BR1.slots=6,blue"])
        == quoted
        == {"BR1": {"slots": ["6", "blue"]}}
    )
    assert build("airport-rush", None, ["airport-rush.BR1.value=8"]) == {"BR1": {"value": 8}}  # a number
    with pytest.raises(DataError, match=r"a list of strings, found \[6, 'blue'\].*quote a bare number"):
        build("airport-rush", None, ['airport-rush.BR1.slots=[6, "blue"]'])  # TOML as written is kept
    with pytest.raises(DataError, match=r"a list of strings, found 'cargo'") as refused:
        build("skyport", None, ["skyport.B3.icons=cargo"])  # a word where a list goes: no number to quote
    assert "quote" not in str(refused.value)


def test_the_same_changes_in_another_order_build_what_their_own_order_says() -> None:
    """A later change to a table wins, so the catalogs of two orders are not one cache entry."""
    first = {"tokens": {"colours": [12, 9, 6, 3]}, "board": {"tokens": {"colours": [1, 1, 1, 1]}}}
    second = dict(reversed(first.items()))
    assert skyport.VARIANTS.get(first).tokens[0] == (1, 1, 1, 1)
    assert skyport.VARIANTS.get(second).tokens[0] == (12, 9, 6, 3)
