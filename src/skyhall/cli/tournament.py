"""``skyhall tournament``: a round robin between agents, rated on the Elo scale with 95 % intervals."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from skyhall.cli.common import GameOptions, check_players, fail, find_game, writable, write_text
from skyhall.cli.sim import (
    INTERRUPTED,
    Cluster,
    Seed,
    Sets,
    VariantFile,
    Workers,
    agent_list,
    game_options,
    pending,
    played,
    warn_clocked,
)
from skyhall.core.text import plural
from skyhall.sim import results
from skyhall.sim import tournament as rr


def ratings_table(standings: rr.Standings) -> Table:
    out = Table(title="Ratings", title_justify="left", header_style="bold")
    for name in ("rank", "agent", "Elo", "95% interval", "games", "score"):
        out.add_column(name, justify="left" if name == "agent" else "right")
    for rank, r in enumerate(standings.ratings, start=1):
        out.add_row(
            str(rank),
            r.agent,
            f"{r.elo:.0f}",
            f"{r.low:.0f}–{r.high:.0f}",
            str(r.games),
            f"{r.score:.1%}",
        )
    return out


def head_table(standings: rr.Standings) -> Table:
    order = [r.agent for r in standings.ratings]
    out = Table(title="Head to head: the row's share of points against the column", title_justify="left")
    out.add_column("")
    for name in order:
        out.add_column(name, justify="right")
    for a in order:
        cells = []
        for b in order:
            score, n = standings.head_to_head[a].get(b, (0.0, 0))
            cells.append("–" if a == b or not n else f"{score:.0%} ({n})")
        out.add_row(a, *cells)
    return out


def kept_in(out: Path | None, groups: Sequence[Sequence[str]]) -> list[Path | None]:
    """Each group's results file in the folder ``out`` (made if missing), or no file without one."""
    if out is None:
        return [None] * len(groups)
    if out.exists() and not out.is_dir():
        fail(f"cannot keep the games in {out}: it is a file, and --out names a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot keep the games in {out}: {exc.strerror or exc}")
    paths = [out / rr.file_name(group) for group in groups]
    for path, group in zip(paths, groups, strict=True):
        if paths.count(path) > 1:
            fail(f"two groups of agents would share the file {path} ({', '.join(group)}): rename one")
        writable(path, "the games")
    return list(paths)


def keep(path: Path, line: dict[str, Any]) -> None:
    """Add one game to its group's results file; a failure (a full disk) exits naming the file."""
    try:
        results.append(path, [line])
    except OSError as exc:
        fail(f"cannot add to {path}: {exc.strerror or exc}")


def tournament(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `skyhall games`).")],
    agents: Annotated[str, typer.Option(help="Comma-separated agents, each named once.")],
    games_per_pair: Annotated[
        int, typer.Option(min=1, help="Games per pairing (per group of N agents with --players N).")
    ] = 20,
    players: Annotated[int, typer.Option("--players", "-p", help="Players per game.")] = 2,
    seed: Seed = 1,
    workers: Workers = None,
    cluster: Cluster = None,
    settings: Sets = None,
    variant_file: VariantFile = None,
    option: GameOptions = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Also write the standings here as JSON.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Keep the games in this folder, one results file per group (`skyhall report` reads "
            "each); the same command resumes, and agents added later play only their own groups."
        ),
    ] = None,
) -> None:
    """Play every pairing of agents (or every group of N) and rate them on the Elo scale."""
    game = find_game(game_id)
    check_players(game, players)
    names = agent_list(agents)
    options = game_options(game, variant_file, settings, option, players)
    # --json may name a file in the --out folder this command makes: checked once that folder is made.
    in_new_out = (
        out is not None
        and json_out is not None
        and not out.exists()
        and json_out.parent.resolve() == out.resolve()
    )
    if json_out is not None and not in_new_out:
        writable(json_out, "the standings")
    try:
        work = rr.schedule(game.id, names, players, games_per_pair, seed, options)
    except ValueError as exc:
        fail(str(exc))
    per_group = len(work[0][1])
    files = kept_in(out, [run.agents for run, _ in work])
    if json_out is not None and in_new_out:
        writable(json_out, "the standings")
    # Every group's file is checked before a torn last line is cut from any: one file of another run
    # leaves them all as they were.
    left = [pending(run, per_group, path, cut=False) for (run, _), path in zip(work, files, strict=True)]
    for path in files:
        if path is not None:
            results.cut_torn(path)
    games: list[rr.Played] = [(g["agents"], g["ranks"]) for group in left for g in group.done]

    console = Console(highlight=False)
    warn_clocked(console, names)
    for group, path in zip(left, files, strict=True):
        if len(group.held) > len(group.done):
            console.print(
                f"{path} holds {len(group.held)} games, more than the {per_group} per group asked for: the "
                f"standings count the first {per_group}, and the file keeps them all.",
                style="yellow",
            )
    todo = sum(len(group.todo) for group in left)
    if games and not todo:
        console.print(f"{out} holds every game of this round robin already: nothing is played now.")
    elif games:
        console.print(
            f"Resuming {out}: {len(games)} of {len(games) + todo} games already played, the other "
            f"{todo} are played now."
        )
    slots = iter(
        [(group.run, path, job) for group, path in zip(left, files, strict=True) for job in group.todo]
    )
    title = f"{game.spec.title} round robin"
    interrupted = False
    try:
        for ready in played(console, [(group.run, group.todo) for group in left], workers, cluster, title):
            for outcome in ready:
                run, path, job = next(slots)
                if path is not None:
                    keep(path, results.line(run, job.index, outcome))
                games.append(rr.played(outcome))
    except KeyboardInterrupt:
        interrupted = True
        kept = (
            f"{out} keeps them, and the same command resumes"
            if out is not None
            else (
                "the games themselves are not kept (with --out FOLDER a round robin keeps its games and "
                "resumes), so running the command again starts over"
            )
        )
        if not games:
            console.print(
                "Interrupted before any game finished: there is nothing to rate"
                + (f" ({json_out} was not written)" if json_out is not None else "")
                + ". Run the command again to start over."
            )
            raise typer.Exit(INTERRUPTED) from None
        console.print(
            f"Interrupted after {plural(len(games), 'game')}: the standings of those games follow"
            + (f" (and go to {json_out})" if json_out is not None else "")
            + f"; {kept}."
        )

    rated = [name for name in names if any(name in seats for seats, _ in games)]
    unplayed = [name for name in names if name not in rated]  # an interruption came before their games
    standings = rr.standings(rated, games)
    console.print(
        f"{len(games)} games of {game.spec.title}, {players} players: {plural(len(work), 'group')} "
        f"× {per_group} games on the same deals, seats rotated. Seed {seed}."
        + (" Interrupted: not every group played all its games." if interrupted else "")
        + (f" Not rated (no game played): {', '.join(unplayed)}." if unplayed else "")
    )
    console.print(ratings_table(standings))
    console.print(head_table(standings))
    groups_apart = rr.apart(standings)
    if groups_apart:
        console.print(
            "[yellow]Warning:[/yellow] these groups of agents never met, directly or through others: "
            + " | ".join(", ".join(g) for g in groups_apart)
            + ". Ratings and intervals compare only within a group; play the round robin to the end.",
            markup=True,
        )
    console.print(
        "Elo: Bradley–Terry fit over pairwise results (ties ½), mean 1500; 95% interval: profile "
        "likelihood, wider on the side away from the mean where few results are seen. "
        "Score: share of pairwise points."
    )
    if json_out is not None:
        settings_used = {
            "game": game.id,
            "players": players,
            "agents": names,
            "games_per_group": per_group,
            "seed": seed,
            "options": options,
        }
        write_text(
            json_out, json.dumps(rr.to_dict(standings, settings_used), indent=2) + "\n", "the standings"
        )
        console.print(f"Wrote {json_out}.")
    if out is not None:
        example = next(path for path in files if path is not None)
        console.print(
            f"{out} holds the games, a results file per group (report one with: skyhall report {example})."
        )
    if interrupted:
        raise typer.Exit(INTERRUPTED)
