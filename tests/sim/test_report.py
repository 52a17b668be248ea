"""The balance report: numbers from results lines, item sets per game, and the HTML page."""

from __future__ import annotations

import re
from typing import Any

import pytest

from skyhall.sim.balance import by_agent, by_seat, categories, impacts, rates
from skyhall.sim.items import Item, items_of
from skyhall.sim.report import SHOWN_ITEMS, TOO_FEW, build, missing_games, stacked
from skyhall.sim.results import line
from skyhall.sim.runner import Run, jobs, play_job
from skyhall.sim.variant import settings_of


def lines(
    game: str, agents: tuple[str, ...], games: int, seed: int = 1, options: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    run = Run(game, agents, seed, {"first_player": 0, **(options or {})})
    return [line(run, job.index, play_job(run, job)) for job in jobs(run, games)]


def figures(page: str) -> dict[str, int]:
    """Per section with a figure: how many; an impact section too short for one must say so."""
    out = {}
    for anchor, body in re.findall(r'<section id="([^"]+)">(.*?)</section>', page, flags=re.S):
        if body.count("<img "):
            out[anchor] = body.count("<img ")
        elif anchor.startswith("impact-") and TOO_FEW in body:
            out[anchor] = 1
    return out


def test_rates_split_shared_wins_and_add_up_to_the_games() -> None:
    games = [
        {"scores": [5, 5], "winners": [0, 1], "agents": ["a", "b"], "categories": [{"x": 5}, {"x": 5}]},
        {"scores": [9, 1], "winners": [0], "agents": ["b", "a"], "categories": [{"x": 9}, {"y": 1}]},
    ]
    seats = rates(games, by_seat)
    assert [(r.key, r.wins, r.games) for r in seats] == [
        ("Player 1 (seat 0)", 1.5, 2),
        ("Player 2 (seat 1)", 0.5, 2),
    ]
    agents = rates(games, by_agent)
    assert [(r.key, r.wins, r.scores) for r in agents] == [("a", 0.5, (5, 1)), ("b", 1.5, (5, 9))]
    assert categories(games, by_agent) == {"a": {"x": 2.5, "y": 0.5}, "b": {"x": 7.0}}


def test_impact_compares_seats_with_an_item_to_seats_without() -> None:
    games = [{"winners": [0]}, {"winners": [1]}, {"winners": [0]}]
    held = [[{Item("card", "A")}, set()], [set(), {Item("card", "A")}], [set(), {Item("card", "A")}]]
    (found,) = impacts(games, held)
    assert (found.with_games, found.with_rate, found.without_games) == (3, pytest.approx(2 / 3), 3)
    assert found.difference == pytest.approx(1 / 3) and found.low < found.difference < found.high


@pytest.mark.parametrize(
    ("game", "kinds"),
    [
        ("skyport", {"city", "airship", "station"}),
        ("airport-rush", {"objective"}),
        ("skyrise", {"district", "objective"}),
    ],
)
def test_every_game_maps_its_final_view_to_items_per_seat(game: str, kinds: set[str]) -> None:
    from skyhall.core.record import GameRecord

    data = lines(game, ("random", "random", "random"), 1)[0]
    held = items_of(GameRecord.from_dict(data["record"]))
    assert held is not None and len(held) == 3
    assert kinds <= {item.kind for seat in held for item in seat}
    for a in range(3):
        for b in range(a + 1, 3):
            shared = {i for i in held[a] & held[b] if i[0] not in ("objective",)}
            assert not shared, f"{shared} held by two seats"
    if game == "skyrise":  # a district says where it lies: "C4 (Central Island)", "Wb (West Island)"
        names = {item.name for seat in held for item in seat if item.kind == "district"}
        where = r"(C\d \(Central|[NESW][a-n] \((North|East|South|West)) Island\)"
        assert names and all(re.fullmatch(where, n) for n in names), names


def test_a_multi_agent_report_has_every_section_figure_and_table() -> None:
    replayed = []
    page = build(lines("skyport", ("random", "random"), 8), on_replay=lambda: replayed.append(1))
    sections = re.findall(r'<section id="([^"]+)"', page)
    assert sections[:5] == ["summary", "win-rate-seat", "scores", "length", "categories"]
    impact = [s for s in sections if s.startswith("impact-")]
    assert {"impact-airship", "impact-city", "impact-station"} <= set(impact)
    assert len(replayed) == 8
    # one agent: no per-agent section; by seat: win rate, scores, length, categories, one per impact kind
    assert "win-rate-agent" not in sections
    assert figures(page) == {"win-rate-seat": 1, "scores": 1, "length": 1, "categories": 1} | dict.fromkeys(
        impact, 1
    )
    assert page.count("<table>") == 5 + len(impact)
    assert page.count('src="data:image/png;base64,') == page.count("<img ")
    assert "Player 1 (seat 0)" in page and "95% interval" in page


def test_a_report_of_two_agents_adds_the_per_agent_figures() -> None:
    from skyhall.agents import agent_names

    rival = "greedy" if "greedy" in agent_names() else "random"
    games = [
        g | {"agents": [("me" if a == "random" else a) for a in g["agents"]]}
        for g in lines("skyrise", ("random", rival), 12)
    ]
    page = build(games)
    sections = re.findall(r'<section id="([^"]+)"', page)
    assert "win-rate-agent" in sections
    impact = [s for s in sections if s.startswith("impact-")]
    expected = {"win-rate-seat": 1, "win-rate-agent": 1, "scores": 2, "length": 1, "categories": 2}
    assert figures(page) == expected | dict.fromkeys(impact, 1)
    assert ">me<" in page


def test_the_summary_names_the_run_options() -> None:
    page = build(lines("skyrise", ("random",) * 2, 2))
    summary = re.search(r'<section id="summary">(.*?)</section>', page, re.S)
    assert summary is not None and "<td>options</td><td>first_player=0</td>" in summary.group(1)
    page = build(lines("skyrise", ("random",) * 2, 2, options={"city_keys": "off"}))
    assert "<td>options</td><td>city_keys=off, first_player=0</td>" in page


def test_a_report_refuses_an_empty_or_mixed_file() -> None:
    with pytest.raises(ValueError, match="no games"):
        build([])
    mixed = lines("skyport", ("random", "random"), 1) + lines("skyrise", ("random", "random"), 1)
    with pytest.raises(ValueError, match="several games"):
        build(mixed)


def test_penalties_stack_left_of_zero_and_hide_no_points() -> None:
    """Lanes 3, penalties -4, objectives 1: objectives start where lanes end, not under the penalty."""
    assert stacked([[3.0, 2.0], [-4.0, -1.0], [1.0, 0.0], [-0.5, 0.0]]) == [
        [0.0, 0.0],
        [0.0, 0.0],
        [3.0, 2.0],
        [-4.0, 2.0],
    ]


def test_a_variant_is_shown_as_the_settings_that_make_it() -> None:
    overlay = {"board": {"tokens": {"colours": [1, 1, 1, 1]}}, "B3": {"icons": ["cargo"], "name": "x"}}
    assert settings_of(overlay) == [
        "board.tokens.colours=[1, 1, 1, 1]",
        'B3.icons=["cargo"]',
        'B3.name="x"',
    ]
    assert settings_of(None) == []


def test_shared_wins_read_as_fractions_on_the_page() -> None:
    games = lines("skyport", ("random", "random"), 6)
    games[0] = games[0] | {"winners": [0, 1], "ranks": [1, 1]}
    games[1] = games[1] | {"winners": [0, 1], "ranks": [1, 1]}
    games[2] = games[2] | {"winners": [0, 1], "ranks": [1, 1]}
    section = re.search(r'<section id="win-rate-seat">(.*?)</section>', build(games), re.S)
    assert section is not None
    rows = re.findall(r"<tr>(.*?)</tr>", section.group(1))[1:]
    wins = [re.findall(r"<td>([^<]*)</td>", row)[2] for row in rows]  # the "wins" column
    assert all(w.endswith("½") for w in wins), wins


def test_the_report_says_which_seat_plays_first() -> None:
    """With ``first_player=1`` the seat table read as if seat 0 went first."""
    page = build(lines("skyport", ("random", "random"), 2, options={"first_player": 1}))
    section = re.search(r'<section id="win-rate-seat">(.*?)</section>', page, re.S)
    assert section is not None and "Player 2 (seat 1) plays first" in section.group(1)
    assert "<td>Player 2 (seat 1), plays first</td>" in section.group(1)
    assert "Player 1 (seat 0), plays first" not in page
    assert "<td>plays first</td><td>Player 2 (seat 1)</td>" in page


def test_games_missing_from_the_middle_of_a_file_are_named() -> None:
    """Games 3-5 taken out of 10: the page named only an incomplete rotation of the last deal."""
    games = [g for g in lines("skyport", ("random", "random"), 10) if not 3 <= g["index"] <= 5]
    summary = re.search(r'<section id="summary">(.*?)</section>', build(games), re.S)
    assert summary is not None
    said = summary.group(1)
    assert "Games 3–5 of the run are missing from the file (3 games before its last, game 9)" in said
    assert "plays them again" in said and "last deal" not in said
    assert missing_games(games[:3]) == "" and "Game 1 of the run is missing" in missing_games(
        [games[0], games[2]]
    )


def test_report_cosmetics_title_run_table_integer_counts_and_no_negative_zero(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from skyhall.sim import report

    drawn: dict[str, Any] = {}

    def keep(plt: Any, fig: Any, alt: str) -> str:
        drawn[alt] = fig.axes[0]
        return f"<img alt={alt!r}>"

    monkeypatch.setattr(report, "_png", keep)
    page = build(lines("skyport", ("random", "random"), 3))
    assert "<title>Skyhall balance report: Grand Central Skyport</title>" in page
    summary = re.search(r'<section id="summary">(.*?)</section>', page, re.S)
    assert summary is not None and "<thead>" not in summary.group(1), "no empty header row"
    ticks = drawn["Game length"].get_yticks()
    assert all(float(t).is_integer() for t in ticks), ticks  # 3 games: not 0.5, 1.5, 2.5
    assert report.signed(-0.04) == "+0.0" and report.signed(-0.0004, "+.1%") == "+0.0%"
    assert report.signed(-7.0) == "-7.0" and report.signed(0.26, "+.1%") == "+26.0%"


def test_the_impact_figure_marks_the_items_it_leaves_out_between(monkeypatch: pytest.MonkeyPatch) -> None:
    from skyhall.sim import report
    from skyhall.sim.balance import Impact

    drawn: dict[str, Any] = {}
    monkeypatch.setattr(report, "_png", lambda plt, fig, alt: drawn.setdefault(alt, fig.axes[0]) and "")
    found = [Impact("card", str(k), 10, 0.5, 10, 0.5, 0.3 - k / 100, -0.1, 0.5) for k in range(30)]
    report._impact_section(report._pyplot(), "card", found, multi=False)
    ax = drawn["Impact of each card"]
    assert any("6 cards in between left out" in t.get_text() for t in ax.texts)
    positions = list(ax.get_yticks())
    assert positions[SHOWN_ITEMS] - positions[SHOWN_ITEMS - 1] > 1, "a gap between strongest and weakest"


def test_skyport_tokens_are_named_by_their_place_in_the_stack_with_their_value() -> None:
    from skyhall.core.record import GameRecord

    tokens = {"data": {"tokens": {"colours": [12, 9, 6, 3]}}}
    for options, stack in (({}, [10, 8, 6, 4]), (tokens, [12, 9, 6, 3])):
        held = [
            items_of(GameRecord.from_dict(g["record"]))
            for g in lines("skyport", ("greedy",) * 2, 6, 1, options)
        ]
        found = {i for game in held if game is not None for seat in game for i in seat if i.kind == "token"}
        colours = {i for i in found if i.name.startswith("colours")}
        assert colours and all(
            i.name in {f"colours #{k + 1}" for k in range(4)} and i.value == str(stack[int(i.name[-1]) - 1])
            for i in colours
        ), colours


def test_a_comparison_matches_items_by_identity_and_puts_the_changed_ones_first() -> None:
    from skyhall.sim.compare import Runs
    from skyhall.sim.report import CHANGED, build_comparison

    base = lines("skyport", ("greedy", "random"), 16, 3)
    tokens = lines("skyport", ("greedy", "random"), 16, 3, {"data": {"tokens": {"colours": [12, 9, 6, 3]}}})
    for g in tokens:
        g["variant"] = g["run"]["options"]["data"]
    page = build_comparison(Runs(("base", "tokens"), (base, tokens)))
    section = re.search(r'<section id="impact-token">(.*?)</section>', page, re.S)
    assert section is not None
    rows = re.findall(r"<tr><td>([^<]*)</td>", section.group(1))
    assert rows[0] == f"{CHANGED} colours #1 (10 → 12)", rows  # the changed token, first, both values
    assert "The items a variant changed come first" in section.group(1)
    assert not any(r.startswith(CHANGED) for r in rows if r.startswith("icons"))
