"""Observations come from a seat's view only, and the docs show the layouts the code uses."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pytest

from skyhall.core.registry import available, get
from skyhall.core.rng import Rng
from skyhall.games.skyport.cards import load as skyport_cards
from skyhall.games.skyrise.rules import KEY_MODES
from skyhall.rl import encoder
from skyhall.rl.encoding.__main__ import tables

GAMES = sorted(available())
CARDS = skyport_cards().cards
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def positions(
    game: str, players: int, seed: int, every: int, options: Mapping[str, object] | None = None
) -> list[object]:
    """Every ``every``-th position of a random game."""
    state = get(game).new_game(players, seed, options)
    rng = Rng(seed)
    found = []
    k = 0
    while not state.is_over:
        if k % every == 0:
            found.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        k += 1
    found.append(state)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_observation_depends_only_on_what_the_seat_sees(game: str) -> None:
    g = get(game)
    enc = encoder(game)
    other_seat_differed = False
    for state in positions(game, 3, seed=11, every=7):
        for seat in range(3):
            view = state.view(seat, log=False)  # type: ignore[attr-defined]
            first = g.determinize(view, Rng(1))
            second = g.determinize(view, Rng(2))
            mine = enc.encode(view)
            assert first.view(seat, log=False) == view == second.view(seat, log=False)
            assert np.array_equal(enc.encode(first.view(seat, log=False)), mine)
            assert np.array_equal(enc.encode(second.view(seat, log=False)), mine)
            other = (seat + 1) % 3
            if not np.array_equal(
                enc.encode(first.view(other, log=False)), enc.encode(second.view(other, log=False))
            ):
                other_seat_differed = True
    assert other_seat_differed, "hidden information never reached another seat's observation"


@pytest.mark.parametrize("game", GAMES)
def test_encoding_fills_a_given_buffer_and_matches_a_fresh_one(game: str) -> None:
    enc = encoder(game)
    out = np.full(enc.size, 7.0, np.float32)
    for state in positions(game, 4, seed=5, every=25):
        view = state.view(state.to_act or 0, log=False)  # type: ignore[attr-defined]
        assert enc.encode(view, out) is out
        assert np.array_equal(out, enc.encode(view))
        assert out.dtype == np.float32 and out.min() >= 0.0 and out.max() <= 10.0


@pytest.mark.parametrize("game", GAMES)
def test_a_buffer_of_the_wrong_type_or_size_is_refused_before_anything_is_written(game: str) -> None:
    enc = encoder(game)
    view = get(game).new_game(2, 1).view(0, log=False)
    wrong = [
        (np.zeros(enc.size, np.float64), TypeError, "out must be a numpy float32 array, not float64"),
        ([0.0] * enc.size, TypeError, "out must be a numpy float32 array, not list"),
        (np.zeros(enc.size + 1, np.float32), ValueError, rf"out must have shape \({enc.size},\), not"),
        (np.zeros((1, enc.size), np.float32), ValueError, "out must have shape"),
    ]
    for out, error, said in wrong:
        with pytest.raises(error, match=said):
            enc.encode(view, out)  # type: ignore[arg-type]
    read_only = np.full(enc.size, 3.0, np.float32)
    read_only.flags.writeable = False
    with pytest.raises(ValueError, match="out is read-only"):
        enc.encode(view, read_only)
    assert (read_only == 3.0).all()
    assert np.array_equal(enc.encode(view, np.zeros(enc.size, np.float32)), enc.encode(view))


def test_dump_names_each_part_and_its_entries() -> None:
    enc = encoder("skyport")
    state = get("skyport").new_game(2, 1, {"first_player": 0, "cities": "AB"})
    text = enc.dump(enc.encode(state.view(0, log=False)))
    lines = text.splitlines()
    assert lines[0] == "players [0:3]: 2"
    assert lines[1] == "to_act [3:7]: me"
    assert lines[2] == "decision [7:18]: choose a card to play"
    assert "first [24:28]: me" in lines
    assert "cities [28:44]: me/A, +1/B" in lines


def test_dump_reads_any_sequence_of_numbers_and_names_what_it_cannot() -> None:
    """A vector read back from JSON is a list: it dumps as the array it was."""
    enc = encoder("skyport")
    obs = enc.encode(get("skyport").new_game(2, 1).view(0, log=False))
    assert enc.dump(obs.tolist()) == enc.dump(obs)
    with pytest.raises(TypeError, match="sequence of numbers, not str"):
        enc.dump("0, 1")  # type: ignore[arg-type]
    for scalar in (None, 5, np.float32(1.0)):
        with pytest.raises(TypeError, match="sequence of numbers, not"):
            enc.dump(scalar)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"shape \(4304,\), not \(3,\)"):
        enc.dump([0.0, 1.0, 0.0])  # type: ignore[arg-type]


def test_spectator_views_are_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        encoder("skyrise").encode(get("skyrise").new_game(2, 1).view(None))


def test_docs_show_the_current_layouts() -> None:
    text = DOCS.read_text(encoding="utf-8")
    begin, end = "<!-- layout:begin -->\n", "\n<!-- layout:end -->"
    shown = text[text.index(begin) + len(begin) : text.index(end)]
    assert shown == tables(), "regenerate the layout section: python -m skyhall.rl.encoding"


def test_the_docs_sample_dump_names_parts_where_they_lie() -> None:
    """Each `part [start:stop]` line of the docs' sample dump is a part of Skyport's layout, there."""
    text = DOCS.read_text(encoding="utf-8")
    sample = text[: text.index("<!-- layout:begin -->")]
    shown = re.findall(r"^(\w+) \[(\d+):(\d+)\]:", sample, re.MULTILINE)
    assert shown, "the docs show no sample dump"
    parts = {p.name: (p.start, p.stop) for p in encoder("skyport").layout.parts}
    for name, start, stop in shown:
        assert parts.get(name) == (int(start), int(stop)), f"docs show {name} [{start}:{stop}]"


def seen(view: object) -> str:
    """What a view tells its seat, less what follows from the rest (card descriptions, the legal
    actions' words, the log)."""
    told = view.to_dict()  # type: ignore[attr-defined]
    for key in (*view.LOOKUPS, "legal", "log"):  # type: ignore[attr-defined]
        told.pop(key, None)
    return json.dumps(told, sort_keys=True)


@pytest.mark.parametrize("game", GAMES)
def test_views_that_tell_a_seat_different_things_encode_differently(game: str) -> None:
    """Over random games (Skyrise under each City Keys rule), no two views that differ, beyond what
    follows from the rest, share an observation."""
    enc = encoder(game)
    found: dict[bytes, str] = {}
    for options in [{"city_keys": mode} for mode in KEY_MODES] if game == "skyrise" else [{}]:
        for state in positions(game, 3, seed=5, every=3, options=options):
            for seat in range(3):
                view = state.view(seat, log=False)  # type: ignore[attr-defined]
                told = seen(view)
                assert found.setdefault(enc.encode(view).tobytes(), told) == told
    assert len(found) > 100


def test_a_skyport_observation_tells_the_two_station_decks_apart() -> None:
    """Each Central Skyport space takes from one station deck: which top is on which deck matters."""
    state = get("skyport").new_game(2, 5)
    swapped = state.clone()
    swapped.station_decks = [state.station_decks[1], state.station_decks[0]]
    enc = encoder("skyport")
    assert state.station_decks[0][-1] != state.station_decks[1][-1]
    one, other = (enc.encode(s.view(0, log=False)) for s in (state, swapped))
    assert not np.array_equal(one, other)
    top = state.station_decks[0][-1]
    assert f"{CARDS[top].id}/station deck 1 top" in enc.dump(one)
    assert f"{CARDS[top].id}/station deck 2 top" in enc.dump(other)


def test_a_skyport_observation_says_which_of_my_cards_my_rivals_saw_me_take() -> None:
    """What a sample of the view keeps (the rivals' knowledge of my hand) is in the observation too."""
    enc = encoder("skyport")
    state = get("skyport").new_game(2, 1, {"first_player": 0})
    view = state.view(0, log=False)
    card = view.hands[0][0]
    seen = dataclasses.replace(view, seen_in_hand=frozenset({card}))
    plain, told = enc.encode(view), enc.encode(seen)
    assert "seen [" not in enc.dump(plain)
    assert f"seen [4201:4304]: {view.cat.cards[card].id}" in enc.dump(told).splitlines()
