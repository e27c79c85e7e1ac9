"""``gamelog ratings``: the players' (and factions') ratings across a season of logs."""

from __future__ import annotations

import csv
import io
import json
import os
import sys

import click

from gamelog import games
from gamelog.cli.loading import settings
from gamelog.cli.options import LogOptions, format_option, jobs_option, log_options
from gamelog.cli.output import EXIT_OK, EXIT_PROBLEM, Output, fail_usage
from gamelog.core import render
from gamelog.core.audit import expand, run_audit
from gamelog.core.ratings import DATE_HELP, Parameters, Ratings, Season, entry, parse_date
from gamelog.core.width import wrap_block
from gamelog.core.words import counted
from gamelog.core.workers import Interrupted

DEFAULTS = Parameters()


@click.command(name="ratings")
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--as-of",
    "as_of",
    metavar="DATE",
    help="The ratings as they stood at the end of DATE (YYYY-MM-DD): only logs whose "
    "date: line is no later count.",
)
@click.option(
    "--passes",
    type=click.IntRange(min=1),
    default=DEFAULTS.passes,
    show_default=True,
    help="How many times the games are run through.",
)
@click.option(
    "--pot",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULTS.pot,
    show_default=True,
    help="The points a pair stakes in the first pass (pass k: POT / k^DECAY).",
)
@click.option(
    "--decay",
    type=click.FloatRange(min=0),
    default=DEFAULTS.decay,
    show_default=True,
    help="How fast later passes stake less.",
)
@click.option(
    "--min-games",
    "min_games",
    type=click.IntRange(min=0),
    default=DEFAULTS.min_games,
    show_default=True,
    help="Games before a player counts against others (until then, a shadow rating).",
)
@click.option(
    "--start",
    type=float,
    default=DEFAULTS.start,
    show_default=True,
    help="Everyone's (and every faction's) first rating.",
)
@jobs_option
@format_option(["table", "json", "csv", "markdown", "html"], "table")
@log_options
def ratings_command(
    paths: tuple[str, ...],
    as_of: str | None,
    passes: int,
    pot: float,
    decay: float,
    min_games: int,
    start: float,
    jobs: int | None,
    fmt: str,
    options: LogOptions,
) -> None:
    """The ratings of the players in the logs under PATHS (files, folders, globs),
    by the online Terra Mystica site's pairwise method: every game is every pair of
    its players in finishing order (a tie is half a win), expected results from the
    ratings' difference, all games in time order run PASSES times, pass k staking
    POT/k^DECAY. A player with fewer than MIN-GAMES games has a shadow rating that
    moves no one else's. For Terra Mystica exactly as the site rates: each faction is
    rated too, per map, and the games the site leaves out are left out, with why.

    \b
    The games are taken in the order of their date: line, then of their file names
    (the output says which). Only finished, legal logs count; every other file is
    listed with its reason (path:line:column where the log is at fault).

    \b
    Example:
      gamelog ratings league/ --format html -o ratings.html
      gamelog ratings league/ --as-of 2024-06-30 --format json
    \b
    Exit codes: 0, 1 if some log did not count for a problem of its own (not finished,
    not legal, a bad date: or players: line), 2 usage error.
    """
    if as_of is not None:
        day = parse_date(as_of)
        if day is None:
            fail_usage(f"--as-of {as_of!r} is not a date ({DATE_HELP})")
        as_of = day[: len(as_of.strip())] if len(as_of.strip()) > 10 else day[:10]
    targets, missing = expand(paths)
    if not targets or len(missing) == len(targets):
        fail_usage(f"no log files found under {', '.join(paths)}")
    parameters = Parameters(start=start, passes=passes, pot=pot, decay=decay, min_games=min_games)
    season = Season()
    out = Output(
        options.output, settings().colour, inputs=[t.path for t in targets], paged=fmt == "table"
    )
    try:
        run_audit(
            targets,
            game=options.game,
            jobs=jobs or os.cpu_count() or 1,
            timeout=options.timeout,
            max_bytes=options.max_bytes,
            on_done=season.add,
            shape=entry,
            keep=False,
        )
    except Interrupted as stop:
        click.echo("gamelog: stopped before the ratings were complete", err=True)
        sys.exit(128 + stop.signum)
    results = season.ratings(parameters, as_of=as_of)
    with out:
        _print(out, fmt, results)
    sys.exit(EXIT_PROBLEM if any(r.problems for r in results) else EXIT_OK)


def _print(out: Output, fmt: str, results: list[Ratings]) -> None:
    if fmt == "json":
        records = [r.record() for r in results]
        value = records[0] if len(records) == 1 else records
        out.echo(json.dumps(value, indent=2, ensure_ascii=False))
    elif fmt == "csv":
        out.echo(_csv(results), nl=False)
    elif fmt == "html":
        from gamelog.core.pages import ratings_report

        out.echo(ratings_report(results), nl=False)
    else:
        out.echo(
            wrap_block(
                _text(results, markdown=fmt == "markdown", width=out.width),
                out.width if fmt != "markdown" else None,
            )
        )


def title(result: Ratings) -> str:
    """The heading of one game's ratings: the game, the count, the method and its
    parameters, the order of the games."""
    meta = games.find_meta(result.game) if result.game else None
    name = meta.title if meta is not None else (result.game or "No game")
    rated = sum(1 for p in result.players if not p.shadow)
    when = f" as of {result.as_of}" if result.as_of else ""
    figures = ", ".join(
        f"{k.replace('_', ' ')} {v}"
        for k, v in result.parameters.record(factions=result.has_factions).items()
    )
    return (
        f"{name} ratings{when}: {_count(result.games, 'game')}, "
        f"{_count(rated, 'player')} rated "
        f"({result.method}; {figures}; games in order {result.order})"
    )


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def rating_text(value: float) -> str:
    return f"{value:.1f}"


def _table(
    rows: list[list[str]], headers: list[str], markdown: bool, width: int | None = None
) -> str:
    if markdown:
        return render.tabulate(rows, headers, "github")
    return render.plain_table(rows, headers, width)


def _text(results: list[Ratings], *, markdown: bool, width: int | None = None) -> str:
    blocks: list[str] = []
    for result in results:
        if result.game is not None:
            blocks.append(("## " if markdown else "") + title(result))
            established = [p for p in result.players if not p.shadow]
            shadow = [p for p in result.players if p.shadow]
            if established:
                rows = [
                    [str(p.rank), p.name, rating_text(p.rating), str(p.games)] for p in established
                ]
                blocks.append(_table(rows, ["rank", "player", "rating", "games"], markdown, width))
            if shadow:
                rows = [[p.name, rating_text(p.rating), str(p.games)] for p in shadow]
                caption = (
                    f"shadow ratings (fewer than {result.parameters.min_games} games: "
                    "they move no one else's rating)"
                )
                blocks.append(("### " if markdown else "") + caption)
                blocks.append(_table(rows, ["player", "rating", "games"], markdown, width))
            for setup in sorted({f.setup for f in result.factions}):
                rows = [
                    [f.faction, rating_text(f.rating), str(f.games)]
                    for f in result.factions
                    if f.setup == setup
                ]
                blocks.append(("### " if markdown else "") + f"factions on the map {setup}")
                blocks.append(_table(rows, ["faction", "rating", "games"], markdown, width))
            if not result.players:
                blocks.append("no game to rate")
        if result.left_out:
            blocks.append(
                ("### " if markdown else "") + f"left out: {counted(len(result.left_out), 'file')}"
            )
            if markdown:
                blocks.append("\n".join(f"- `{left.text()}`" for left in result.left_out))
            else:
                blocks.append("\n".join(left.text() for left in result.left_out))
    return "\n\n".join(blocks) if blocks else "no game to rate"


def _csv(results: list[Ratings]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "kind", "rank", "name", "map", "rating", "games", "shadow"])
    for result in results:
        for p in result.players:
            writer.writerow(
                [result.game, "player", p.rank or "", p.name, "", repr(p.rating), p.games, p.shadow]
            )
        for f in result.factions:
            writer.writerow(
                [result.game, "faction", "", f.faction, f.setup, repr(f.rating), f.games, ""]
            )
    return out.getvalue()
