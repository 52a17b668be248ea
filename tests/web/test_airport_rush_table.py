"""The Airport Rush table in a real browser, mounted by a stand-in for the match page.

``harness.html?game=airport-rush`` mounts the renderer's Board with a view and its choices (built from
a real game by the server's own code), keeps the clicked path as docs/web.md says and records the
choice a completed path makes. A whole game is played by clicking: seat 0 picks with the greedy bot
and then clicks that choice's path on the table, seat 1 plays at random in Python.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from skyhall.agents import make_agent
from skyhall.core.rng import Rng
from skyhall.games import airport_rush
from skyhall.games.airport_rush import die, text
from skyhall.games.airport_rush.actions import TakeDice
from skyhall.games.airport_rush.state import State
from tests.games.airport_rush.position import CAT
from tests.games.airport_rush.test_targets import drawn
from tests.web.table import (
    assert_score_sheet,
    click_path,
    highlighted,
    join,
    mount,
    open_table,
    play_to_the_end,
    record_of,
)


def test_a_whole_game_is_played_by_clicking_the_table(page: Any, harness: str, artifacts: Path) -> None:
    errors = open_table(page, harness, "airport-rush")
    s = airport_rush.new_game(2, 11)
    me, rival, rng = make_agent("greedy", 3), make_agent("random", 4), Rng(5)
    clicks = decisions = 0
    shots = {k: "airport-rush-harness-1280.png" for k in range(30, 40)}
    shots |= {k: "airport-rush-harness-390.png" for k in range(60, 70)}
    while not s.is_over:
        if s.to_act != 0:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))] if rng.below(4) else rival.choose(s.view(1), legal))
            continue
        choices = mount(page, s, 0)
        names = set(page.eval_on_selector_all("[data-target]", "els => els.map(e => e.dataset.target)"))
        assert names == drawn(s.view(0).to_dict(), [tuple(c["target"]) for c in choices])
        action = me.choose(s.view(0), s.legal_actions())
        path = text.target(s.view(0), action)
        decisions += 1
        shot = shots.get(decisions) if len(path) > 1 else None
        if shot:  # the table with the choice half made
            shots = {k: name for k, name in shots.items() if name != shot}
            assert click_path(page, path[:-1]) == []
            page.set_viewport_size({"width": 390 if "390" in shot else 1280, "height": 844})
            page.screenshot(path=str(artifacts / shot), full_page=True)
            page.set_viewport_size({"width": 1280, "height": 800})
        assert click_path(page, path[-1:] if shot else path) == [[str(action)]]
        clicks += len(path)
        s.apply(action)
    assert errors == []
    assert max(len(t) for t in s.taken) >= 7 or not any(s.decks)
    assert decisions > 50 and clicks > decisions


def test_the_end_shows_every_airport_and_both_players_objectives(
    page: Any, harness: str, artifacts: Path
) -> None:
    errors = open_table(page, harness, "airport-rush")
    s = airport_rush.new_game(2, 4)
    rng = Rng(4)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert mount(page, s, 0) == []
    view = s.view(0).to_dict()
    assert page.locator("[data-target].next").count() == 0
    text_shown = page.locator(".ar").inner_text()
    assert "Game over" in text_shown
    objectives = page.locator(".ar-rival svg title").all_text_contents()
    assert any(t.startswith(f"{o}:") for o in view["objectives"][1] for t in objectives)
    page.screenshot(path=str(artifacts / "airport-rush-harness-end.png"), full_page=True)
    assert errors == []


# -- the real thing: the server, the shared match page, a random bot -------------------------------------

PREFERENCE = ("takeoff", "READY", "fits", "put", "load", "", "pass")
"""The click policy, best first: take off; a die that makes a plane ready; a die that still lets its plane
reach its total; any other placement; anything else; pass last."""


def rank(choice: dict[str, Any]) -> tuple[int, int]:
    """Where ``choice`` stands in :data:`PREFERENCE` (then: dice takes helping more planes first)."""
    notation, label = choice["notation"], choice["label"]
    helps = label.count("→ plane")
    if notation.startswith("takeoff"):
        return 0, 0
    if notation.startswith(("put", "load")) and "plane" in notation:
        if "READY" in label:
            return 1, 0
        if not any(bad in label for bad in ("out of reach", "over by", "not ready")):
            return 2, 0
    if notation.startswith("put"):
        return 3, 0
    if notation == "pass":
        return 6, 0
    if notation.startswith(("load", "discard", "swap", "scrap", "exchange")):
        return 5, 0
    return 4, -helps


def hidden_names(s: State, seat: int) -> set[str]:
    """The ids of ``seat``'s hand cards and objectives that no other seat may see in state ``s``.

    Cards taken openly from a Supply are known to all; at the end the kept objectives are shown,
    the returned ones never.
    """
    cat = s.cat
    kept = set(s.objectives[seat]) if s.is_over else set()
    hand = set() if s.is_over else {cat.cards[c].id for c in s.hands[seat] if c not in s.known[seat]}
    return hand | {cat.objectives[o].id for o in s.dealt[seat] if o not in kept}


def test_a_match_against_a_random_bot_is_played_to_the_end_by_clicking(
    live_server: Any, page: Any, artifacts: Path
) -> None:
    seats = [{"kind": "human", "name": "Me"}, {"kind": "bot", "level": "random"}]
    joined = join(live_server, page, "airport-rush", seats)
    shots: list[int] = []

    def first_click(message: dict[str, Any], choice: dict[str, Any], decisions: int) -> None:
        # A mid-game shot, at a click deep in the board (a die on a plane) if one comes by move 30.
        if not shots and ((decisions >= 25 and len(choice["target"]) > 2) or decisions >= 30):
            page.screenshot(path=str(artifacts / "airport-rush-in-progress.png"), full_page=True)
            shots.append(decisions)

    final, decisions = play_to_the_end(page, joined, lambda m: min(m["choices"], key=rank), first_click)
    page.wait_for_selector(".score-sheet")
    page.screenshot(path=str(artifacts / "airport-rush-end.png"), full_page=True)
    record = record_of(live_server, joined)
    result = assert_score_sheet(page, record, final)
    assert "Me" in page.inner_text(".score-sheet")
    for seat in (0, 1):
        assert "objectives" in {line.category for line in result.breakdown[seat]}
    assert joined.errors == [] and shots and decisions > 30

    # What seat 0's socket carried never named seat 1's hidden cards at that moment.
    s = record.replay(upto=0)
    hidden = [hidden_names(s, 1)]
    for notation in record.actions:
        s.apply(airport_rush.CODEC.parse(notation))
        hidden.append(hidden_names(s, 1))
    # A card may have been public before it went into a hand unseen (SCRAP puts a plane under the deck);
    # what was shown then is no leak.
    public: set[str] = set()
    states = joined.states()
    for frame in states:
        said = set(
            re.findall(
                r"[\w-]+", json.dumps([frame["view"], frame["choices"], frame["log"], frame["prompt"]])
            )
        )
        leaked = (said & hidden[frame["seq"]]) - public
        assert not leaked, (frame["seq"], leaked)
        public |= said - hidden[frame["seq"]]
    assert len(states) > decisions


def widest_take(page: Any, s: State, more_than: int) -> tuple[dict[str, Any], list[str], str]:
    """Play ``s`` on at random until a seat may take more than ``more_than`` dice from one load space, and
    mount it: the take of the most dice offered, its dice's targets and its button's."""
    rng = Rng(6)
    while not any(len(a.faces) > more_than for a in s.legal_actions() if isinstance(a, TakeDice)):
        s.apply(s.legal_actions()[rng.below(len(s.legal_actions()))])
    offered = mount(page, s, s.to_act)
    take = max((c for c in offered if c["notation"].startswith("take")), key=lambda c: c["unordered"])
    return take, take["target"][:-1], take["target"][-1]


def test_kept_objectives_and_taken_dice_are_clicked_in_any_order(page: Any, harness: str) -> None:
    """Two objectives, or the dice taken from one space, are a set: the second clicked first works too."""
    errors = open_table(page, harness, "airport-rush")
    s = airport_rush.new_game(2, 6)
    keep = next(c for c in mount(page, s, s.to_act) if c["notation"].startswith("keep"))
    assert keep["unordered"] == 2
    first, second = keep["target"]
    assert first in highlighted(page) and second in highlighted(page)
    assert click_path(page, [second, first]) == [[keep["notation"]]]
    take, dice, button = widest_take(page, s, more_than=1)
    assert take["unordered"] == len(dice) > 1
    assert click_path(page, [*reversed(dice), button]) == [[take["notation"]]]
    assert errors == []


def test_a_chosen_die_clicked_again_is_put_back(page: Any, harness: str) -> None:
    """Of the dice being taken from a load space, a second click on one takes it back; the rest stay."""
    errors = open_table(page, harness, "airport-rush")
    take, dice, button = widest_take(page, airport_rush.new_game(2, 6), more_than=2)
    start = highlighted(page)
    assert click_path(page, dice[:2]) == []
    assert page.locator(".ar-chosen").count() == 2
    page.locator(f'.ar-chosen[data-target="{dice[0]}"]').first.click()
    assert page.locator(".ar-chosen").count() == 1
    assert page.locator(".ar-chosen").get_attribute("data-target") == dice[1]
    assert page.locator('[aria-pressed="true"]').count() == 1
    page.locator(".ar-chosen").click()
    assert page.locator(".ar-chosen").count() == 0 and highlighted(page) == start
    assert click_path(page, [*dice, button]) == [[take["notation"]]]
    assert errors == []


def test_of_identical_dice_the_one_clicked_is_drawn_picked_and_taken_back(page: Any, harness: str) -> None:
    errors = open_table(page, harness, "airport-rush")
    s, rng = airport_rush.new_game(2, 6), Rng(6)
    for _ in range(2000):  # on to a seat that may take two identical dice from one load space
        legal = s.legal_actions()
        twins = [a for a in legal if isinstance(a, TakeDice) and len(set(a.faces)) < len(a.faces)]
        if twins or s.is_over:
            break
        s.apply(legal[rng.below(len(legal))])
    assert twins, "no position offered two identical dice on one load space"
    offered = mount(page, s, s.to_act)
    take = next(c for c in offered if c["notation"] == str(twins[0]))
    twin = next(t for t in take["target"] if take["target"].count(t) > 1)
    dice = page.locator(f'[data-target="{twin}"]')
    assert dice.count() >= 2
    dice.nth(1).click()  # the second of the two
    assert "ar-chosen" in dice.nth(1).get_attribute("class")
    assert "ar-chosen" not in dice.nth(0).get_attribute("class")
    dice.nth(0).click()  # and then the first: both picked
    assert all("ar-chosen" in dice.nth(k).get_attribute("class") for k in (0, 1))
    dice.nth(1).click()  # the second taken back: the first stays picked
    assert "ar-chosen" in dice.nth(0).get_attribute("class")
    assert "ar-chosen" not in dice.nth(1).get_attribute("class")
    assert errors == []


def test_a_plane_whose_dice_overshoot_its_total_says_so(page: Any, harness: str) -> None:
    """A plane takes off on its exact total: dice beyond it are flagged, not shown as progress."""
    errors = open_table(page, harness, "airport-rush")
    s, rng = airport_rush.new_game(2, 0), Rng(0)
    while not any(
        docked is not None and sum(die.value(d) for d in docked.dice) > CAT.cards[docked.card].value
        for row in s.departure
        for docked in row
    ):
        s.apply(s.legal_actions()[rng.below(len(s.legal_actions()))])
    mount(page, s, 0)
    flagged = page.locator(".ar-over").all_text_contents()
    totals = [f for f in flagged if re.fullmatch(r"dice \d+ of \d+", f)]
    overs = [f for f in flagged if re.fullmatch(r"over by \d+", f)]  # on a line of its own
    assert totals and len(totals) == len(overs) == len(flagged) // 2
    assert errors == []


def test_on_a_phone_cards_sit_two_a_row_and_their_words_stay_legible(page: Any, harness: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    errors = open_table(page, harness, "airport-rush")
    s, rng = airport_rush.new_game(2, 5), Rng(5)
    for _ in range(40):
        s.apply(s.legal_actions()[rng.below(len(s.legal_actions()))])
    mount(page, s, 0)
    sizes = page.eval_on_selector_all(
        ".ar-cards .ar-small", "els => els.map(e => e.getBoundingClientRect().height)"
    )
    assert sizes and min(sizes) >= 8.5, f"card words {min(sizes):.1f} px high"  # about 6 px before
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []


def test_the_status_line_says_setup_while_objectives_are_kept(page: Any, harness: str) -> None:
    """At setup nobody's turn has begun: the line names who is keeping objectives, not a round."""
    errors = open_table(page, harness, "airport-rush")
    s = airport_rush.new_game(2, 6)
    chooser = s.to_act
    mount(page, s, 1 - chooser)
    assert (
        page.locator(".ar-status").inner_text().startswith(f"Setup · Player {chooser + 1} keeps 2 objectives")
    )
    while s.view(None).to_dict()["decision"] == "keep two objectives":
        s.apply(s.legal_actions()[0])
    mount(page, s, 0)
    assert page.locator(".ar-status").inner_text().startswith("Round 1 · Player ")
    assert errors == []
