"""Airport Rush's terminal text: every view draws, every choice has its own words, nothing hidden leaks.

The second half drives the real commands (``play``, ``replay``, ``rules``, ``sim``) through
typer's CliRunner, as a player at a terminal would.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skyhall.cli.main import app
from skyhall.core.record import GameRecord
from skyhall.core.rng import Rng
from skyhall.games import airport_rush
from skyhall.games.airport_rush import die, text
from skyhall.games.airport_rush.actions import DECK, Choose, Draw, Keep, Play, Put, TakeOff
from skyhall.games.airport_rush.cards import PLANE
from skyhall.games.airport_rush.state import State
from tests.games.airport_rush.position import CAT, dice, idx, legal, play, position, with_deck

runner = CliRunner()
ALWAYS_FIRST = "1\n" * 3000


def rendered(state: State, seat: int | None) -> str:
    return "\n".join(f"{title}\n{body}" for title, body in text.render(state.view(seat), width=100))


def secrets_of(state: State, rival: int, dealt: bool = True) -> list[str]:
    """Ids only ``rival`` may see: hand planes not taken openly, waiting and taken-off planes, and the
    objectives dealt (``dealt=False``: only those kept, once chosen: the table shows no others)."""
    cards = CAT.cards
    hand = [c for c in state.hands[rival] if c not in state.known[rival] and cards[c].type == PLANE]
    planes = [*hand, *state.waiting[rival], *state.taken[rival]]
    objectives = state.dealt[rival] if dealt or not state.objectives[rival] else state.objectives[rival]
    return [cards[c].id for c in planes] + [CAT.objectives[o].id for o in objectives]


def found(card_id: str, out: str) -> bool:
    return re.search(rf"\b{card_id}\b", out) is not None


def ids_in(out: str) -> set[str]:
    """Every plane id (``BR3``) and objective id (``O07``) written in ``out``."""
    return set(re.findall(r"\b(?:[A-Z]{2}\d|O\d\d)\b", out))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 7), (4, 13)])
def test_every_view_of_a_random_game_draws_labels_its_choices_and_hides_the_rest(
    players: int, seed: int
) -> None:
    state = airport_rush.new_game(players, seed)
    rng = Rng(seed)
    steps = set()
    while not state.is_over:
        for seat in (*range(players), None):
            shown = ids_in(rendered(state, seat))
            for rival in range(players):
                if rival != seat:
                    leaked = shown.intersection(secrets_of(state, rival))
                    assert not leaked, (seat, rival, leaked)
            if seat is not None:  # the same search finds what this seat may see: its own secrets
                assert shown.issuperset(secrets_of(state, seat, dealt=False))
        view = state.view(state.to_act)
        steps.add(view.step)
        assert text.prompt(view) != "The game is over."
        choices = state.legal_actions()
        labels = [text.label(view, action) for action in choices]
        assert all(labels) and len(set(labels)) == len(labels), labels
        # A replay watched as a spectator labels the same actions from a view that hides the actor's
        # cards; only actions whose notation names a card (play, choose, keep) may name one.
        spectator = state.view(None)
        told = " ".join(text.label(spectator, a) for a in choices if not isinstance(a, Play | Choose | Keep))
        assert not ids_in(told).intersection(secrets_of(state, view.seat))
        state.apply(choices[rng.below(len(choices))])
    assert len(steps) >= 7
    final = rendered(state, 0)
    assert final.startswith("Game over")
    for seat in range(players):  # after the end everything is shown
        assert ids_in(final).issuperset(secrets_of(state, seat, dealt=False))


def test_a_plane_says_what_it_still_needs_over_every_arrangement_of_its_dice() -> None:
    br3 = CAT.cards[idx("BR3")]  # red · 6 · blue, total 12
    assert text.progress(br3, ()) == "needs: blue, red, 6; total 0 of 12"
    assert text.progress(br3, dice("r5")) == "needs: blue, 6; total 5 of 12"
    assert text.progress(br3, dice("r5 b1")) == "needs: a 6 of any colour; total 6 of 12"
    assert text.progress(br3, dice("r5 b1 y6")) == "READY to take off: total 12 of 12"
    assert text.progress(br3, dice("r5 b2 y6")) == "all slots filled, total 13 of 12: not ready"
    # A red 6 may sit on the red slot or the 6 slot; only the second leaves a total within reach.
    assert text.progress(br3, dice("r6 b1")) == "needs: a red 5; total 7 of 12"
    assert text.progress(br3, dice("r6 b6")) == (
        "needs: blue or 6 or red; total 12 of 12: out of reach, the open slots add at least 1 more"
    )
    us2 = CAT.cards[idx("US2")]  # blue · 4, total 8
    assert text.progress(us2, dice("b4")) == "needs: a 4 of any colour or a blue 4; total 4 of 8"
    assert (
        text.progress(us2, dice("b1"))
        == "needs: 4; total 1 of 8: out of reach, the open slots add at most 4 more"
    )


def test_placing_a_die_names_the_plane_and_what_it_would_then_need() -> None:
    s = position(
        2,
        3,
        departure={0: [("BR3", "r5"), "US2", None]},
        load={0: "b1 y6 r2"},
        objectives={0: ["O01", "O02"], 1: ["O03", "O04"]},
    )
    view = s.view(0)
    labels = {str(a): text.label(view, a) for a in s.legal_actions()}
    assert labels["take 1 b1"] == "Take blue 1 from load space 1 (blue 1 → plane 1)"
    assert labels["take 1 y6"] == "Take yellow 6 from load space 1 (yellow 6 → plane 1)"
    assert labels["take 1 r2"] == "Take red 2 from load space 1"
    play(s, "take 1 b1")
    view = s.view(0)
    assert {str(a): text.label(view, a) for a in s.legal_actions()} == {
        "put b1 plane 1": "Put the blue 1 onto plane 1 (BR3): then needs: a 6 of any colour; total 6 of 12",
        "put b1 plane 2": (
            "Put the blue 1 onto plane 2 (US2): then needs: 4; total 1 of 8: out of reach, "
            "the open slots add at most 4 more"
        ),
        "put b1 airport": "Put the blue 1 onto your Airport (3 spaces free after)",
    }
    body = dict(text.render(view))["Player 1 · you · to decide · 0 planes taken off"]
    assert "BR3 (Brazil, yellow airline)" in body and "red · 6 · blue, total 12" in body
    assert "dice: red 5" in body and "needs: blue, 6; total 5 of 12" in body
    assert "3  (empty)" in body


def test_objectives_show_the_planes_meeting_them_and_the_countries_missing() -> None:
    s = position(2, 3, taken={0: ["US2", "FR1", "UK2"]}, objectives={0: ["O01", "O02"], 1: ["O03", "O04"]})
    body = dict(text.render(s.view(0)))["Player 1 · you · to decide · 3 planes taken off"]
    assert "Taken off: US2 (8), FR1 (6), UK2 (11) = 25 points" in body
    assert "Objectives (9 points met so far):" in body
    assert (
        "O01: United States + France + United Kingdom, 7 points, +2 per blue airline plane — "
        "MET by US2, FR1, UK2: 9 points"
    ) in " ".join(body.split())
    assert "not met: missing Canada, Argentina" in " ".join(body.split())
    rival = dict(text.render(s.view(1)))["Player 1 · to decide · 3 planes taken off"]
    assert "Objectives: 2 hidden" in " ".join(rival.split()) and "O01" not in rival and "US2" not in rival


def test_a_known_event_on_top_of_a_deck_is_announced_and_a_storm_is_shown() -> None:
    s = with_deck(position(2, 3), 0, ["storm"])
    view = s.view(0)
    assert text.label(view, Draw(0, DECK)) == (
        "Draw the top card of the plane deck (blind): it is an Event, revealed at once"
    )
    supply = CAT.cards[view.supply[0][0]]
    assert text.label(view, Draw(0, 0)) == (
        f"Take plane Supply card 1, {text.plane_words(CAT, supply)} (its replacement is an Event)"
    )
    cards = dict(text.render(view))["Cards"]
    assert re.search(
        r"Plane deck: \d+ cards; Events are the 1st, \d+\w\w and \d+\w\w card from the top", cards
    )
    s.storm, s.storm_turn = 1, s.turn
    status = text.render(s.view(0))[0][1]
    assert (
        "STORM in force (revealed by Player 2): no plane may take off until Player 2 ends their next turn"
        in (" ".join(status.split()))
    )


def test_take_off_and_pass_labels() -> None:
    s = position(2, 3, departure={0: [("BR1", "y5 b4"), "US2", None]}, waiting={0: ["CA2"]}, load={0: "r1"})
    play(s, "take 1 r1")  # it fits no plane: onto the Airport at once
    while s.step != 5:  # TAKE_OFF: play the first card
        play(s, legal(s)[0])
    view = s.view(0)
    assert text.label(view, TakeOff(0)) == (
        "Take off BR1 from Departure 1 (9 points); CA2 moves up from the Waiting queue"
    )
    assert text.label(view, s.legal_actions()[-1]) == "Go on to Action 4 (take a card)"
    assert text.prompt(view).startswith("Action 3: take off a ready plane (0 of 1 this turn)")


def test_the_turn_summary_names_the_four_actions_in_order_and_the_end() -> None:
    summary = text.turn_summary()
    actions = ("1. Take dice", "2. Play a card", "3. Take off", "4. Take a card")
    assert [summary.index(a) for a in actions] == sorted(summary.index(a) for a in actions)
    assert "7th plane" in summary and "−2 per plane card" in summary
    assert max(len(line) for line in summary.splitlines()) <= 78  # an 80-column terminal, unwrapped


# -- the commands -----------------------------------------------------------------------------


def invoke(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_a_game_against_a_bot_runs_to_the_score_sheet_and_replays(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = invoke(
        "play",
        "airport-rush",
        "--bots",
        "random",
        "--players",
        "2",
        "--seed",
        "4",
        "--save",
        str(save),
        input=ALWAYS_FIRST,
    )
    assert code == 0
    assert "The game is over." in out and "Ranking" in out and "tie-break: planes taken off" in out
    state = GameRecord.from_json(save.read_text()).replay()
    assert state.is_over
    result = state.result()
    for seat in range(2):
        assert f"{result.scores[seat]} points, rank {result.ranks[seat]}" in out
    code, out = invoke("replay", str(save), "--to-end", "--seat", "1")
    assert code == 0
    assert "Game over" in out and "Ranking" in out


@pytest.mark.parametrize("decisions", [0, 12, 40])
def test_playing_against_bots_never_shows_a_rivals_secrets(tmp_path: Path, decisions: int) -> None:
    save = tmp_path / "game.json"
    script = "1\n" * decisions + "quit\n"
    code, out = invoke(
        "play",
        "airport-rush",
        "--bots",
        "random",
        "-p",
        "3",
        "--seed",
        "9",
        "--seat",
        "0",
        "--save",
        str(save),
        input=script,
    )
    assert code == 0 and "You left the game" in out
    record = GameRecord.from_json(save.read_text())
    # Planes a rival took openly from the Supply were on show, even once they are no longer tracked.
    shown = [
        frozenset[int]().union(*ks)
        for ks in zip(*(record.replay(k).known for k in range(len(record.actions) + 1)), strict=True)
    ]
    state = record.replay()
    assert not state.is_over
    cards = CAT.cards
    for rival in (1, 2):
        # Taken-off and waiting planes were on show at Departure before; hand cards drawn blind never were.
        hand = [cards[c].id for c in state.hands[rival] if c not in shown[rival] and cards[c].type == PLANE]
        leaked = [i for i in hand + [CAT.objectives[o].id for o in state.dealt[rival]] if found(i, out)]
        assert not leaked, leaked
    assert all(found(CAT.objectives[o].id, out) for o in state.dealt[0])


def test_rules_prints_the_turn_summary() -> None:
    code, out = invoke("rules", "airport-rush")
    assert code == 0
    for words in ("Take dice", "Play a card", "Take off", "Take a card", "7th plane", "STORM"):
        assert words in out


def test_sim_plays_and_summarises_airport_rush(tmp_path: Path) -> None:
    out_file = tmp_path / "results.jsonl"
    code, out = invoke(
        "sim", "airport-rush", "--players", "3", "--games", "6", "--seed", "1", "--out", str(out_file)
    )
    assert code == 0
    assert "By seat" in out and "win rate" in out
    lines = out_file.read_text().splitlines()
    assert len(lines) == 6
    data = json.loads(lines[0])
    assert list(GameRecord.from_dict(data["record"]).replay().result().scores) == data["scores"]


# -- the words are true --------------------------------------------------------------------------

QUIET = ["DE3", "IT2", "FR4"]


def test_the_status_gives_the_round_from_one() -> None:
    title = text.render(position().view(0))[0][0]
    assert title.startswith("Round 1 · Player 1's turn"), title


def test_a_take_off_from_the_overload_space_is_labelled_without_a_move_up() -> None:
    s = position(
        departure={0: [*QUIET, ("CA2", "r3 y4")]}, waiting={0: ["ES2"]}, hands={0: ["JP1", "adjust"]}, load={}
    )
    play(s, "play JP1")
    assert text.label(s.view(0), TakeOff.of(3)) == "Take off CA2 from Departure 4 (7 points)"
    play(s, "takeoff 4")
    assert [CAT.cards[c].id for c in s.waiting[0]] == ["ES2", "JP1"]  # the extra space is gone


def test_a_swap_planes_label_says_where_each_die_goes() -> None:
    s = position(
        departure={0: [("FR1", "b1 b2"), "DE3", "IT2"]},
        waiting={0: ["CA2"]},
        airport={0: "y1 y2 y3"},
        hands={0: ["swap-planes", "JP1"]},
        load={},
    )
    play(s, "play swap-planes")
    exchange = next(a for a in s.legal_actions() if str(a) == "exchange plane 1 waiting 1")
    assert text.label(s.view(0), exchange).endswith("(its dice: 1 to your Airport and 1 back in the bag)")


def test_dice_choices_are_grouped_by_load_space_and_name_the_planes_each_die_helps() -> None:
    # AR1 [red, red] 9 at Departure 1 and FR1 [blue, blue, 1] 6 at Departure 3: a red 3 helps plane 1
    # only, a blue 2 plane 3 only (2 + 3 + 1), a blue 5 neither (FR1 would be over), a yellow none.
    s = position(departure={0: ["AR1", None, "FR1"]}, load={0: "r3 b2 b5"})
    view = s.view(0)
    options = {str(a): text.group(view, a) for a in s.legal_actions() if str(a).startswith("take 1 ")}
    heading = "Load space 1: blue 2 · blue 5 · red 3"
    assert options["take 1 r3"] == (heading, "red 3 (plane 1)")
    assert options["take 1 b2"] == (heading, "blue 2 (plane 3)")
    assert options["take 1 b5"] == (heading, "blue 5")
    assert options["take 1 b2 r3"] == (heading, "blue 2 (plane 3) + red 3 (plane 1)")


def test_the_fog_prompt_tells_the_active_player_they_may_load_first() -> None:
    s = position(
        departure={0: ["AR1", "DE3", "IT2"], 1: ["AR1", "ES2", "UK6"]},
        waiting={0: [], 1: []},
        airport={0: "r3", 1: "r5 y2"},
        hands={0: ["flip", "FR3"]},
        load={},
    )
    play(s, "play flip")
    while legal(s)[-1] == "pass":
        play(s, "pass")
    with_deck(s, 1, ["fog", "adjust"])
    play(s, "draw action deck")
    assert text.prompt(s.view(0)) == (
        "FOG: discard one die of your choice from your Airport "
        "(in your turn you may load Airport dice onto planes first)."
    )
    play(s, "drop r3")
    assert text.prompt(s.view(1)) == "FOG: discard one die of your choice from your Airport."


def test_the_card_steps_read_as_what_is_left_to_decide() -> None:
    """``use`` for a card without a target; after REROLL's first die, the second or none; rivals see
    in which Action the dice being placed were taken."""
    s = position(
        departure={0: ["DE3", "IT2", "UK6"]}, waiting={0: []}, hands={0: ["bag-draw", "JP1"]}, load={}
    )
    play(s, "play bag-draw")
    assert text.prompt(s.view(0)).endswith("Use it, or discard it unused.")
    assert text.label(s.view(0), airport_rush.parse_action("use")).startswith("Use BAG DRAW: ")
    assert text.waiting(s.view(1)) == "using BAG DRAW (Action 2)"
    play(s, "use")
    assert text.waiting(s.view(1)).endswith("(Action 2)")
    s = position(
        departure={0: ["DE3", "IT2", "FR4"]},
        waiting={0: []},
        airport={0: "y1 r3"},
        hands={0: ["reroll", "JP1"]},
        load={},
    )
    play(s, "play reroll")
    assert text.prompt(s.view(0)).endswith("Choose, or discard it unused.")
    play(s, "reroll airport y1")
    assert (
        text.prompt(s.view(0)) == "Action 2: REROLL: one die is rerolled; choose another, or reroll no more."
    )


def test_swap_planes_dice_without_room_are_asked_about_plainly() -> None:
    s = position(
        departure={0: [("FR1", "b1 b2"), "DE3", "IT2"]},
        waiting={0: ["CA2", "ES2", "UK6"]},
        airport={0: "y1 y2 y3"},
        hands={0: ["swap-planes", "JP1"]},
        load={},
    )
    play(s, "play swap-planes", "exchange plane 1 waiting 2")
    view = s.view(0)
    assert text.prompt(view) == (
        "SWAP PLANES: blue 1 · blue 2 leave the plane, and your Airport has room for 1 die: choose 1 die to "
        "put back in the bag (or load Airport dice onto planes first to make room)."
    )
    discard = airport_rush.parse_action("discard b1")
    assert text.label(view, discard) == "Put the blue 1 back in the bag (no Airport room)"
    assert text.confirm(view, discard) is None
    assert text.waiting(s.view(1)).endswith("(Action 2)")


def test_a_lone_die_to_place_needs_no_click_of_its_own() -> None:
    """With one die (or only dice alike) to place, the table's click path starts at its destination;
    with different dice waiting, the die is pointed at first."""
    seen = set()
    for seed in range(1, 6):
        state = airport_rush.new_game(2, seed)
        rng = Rng(seed)
        while not state.is_over and len(seen) < 2:
            view = state.view(state.to_act)
            puts = [a for a in state.legal_actions() if isinstance(a, Put)]
            if puts:
                faces = {die.face(d) for d in view.pending}
                lengths = {len(text.target(view, a)) for a in puts}
                assert lengths == ({1} if len(faces) == 1 else {2})
                seen.add(len(faces) == 1)
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert seen == {True, False}
