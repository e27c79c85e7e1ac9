"""``gamelog standings``: the league table of a season of logs."""

from __future__ import annotations

import csv
import io
import os
import sys

import click

from gamelog import games
from gamelog.cli.loading import settings
from gamelog.cli.options import LogOptions, format_option, jobs_option, log_options
from gamelog.cli.output import EXIT_OK, EXIT_PROBLEM, Output, fail_usage
from gamelog.core import render
from gamelog.core.audit import expand, run_audit
from gamelog.core.standings import (
    ORDER_KEYS,
    Season,
    Standings,
    Table,
    entry,
    json_pieces,
    order_keys,
)
from gamelog.core.width import wrap_block
from gamelog.core.words import counted
from gamelog.core.workers import Interrupted

COLUMNS = ("place", "name", "games", "wins", "mean", "median", "best", "mean rank")


@click.command(name="standings")
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--by",
    type=click.Choice(["player", "faction"], case_sensitive=False),
    default="player",
    show_default=True,
    help="Rank players, or factions in games whose seats are factions (`gamelog games`).",
)
@click.option(
    "--order",
    metavar="KEYS",
    help=f"The table's order, keys by comma [default: wins,mean-rank,mean; known: "
    f"{', '.join(ORDER_KEYS)}].",
)
@jobs_option
@format_option(["table", "json", "csv", "markdown", "html"], "table")
@log_options
def standings_command(
    paths: tuple[str, ...],
    by: str,
    order: str | None,
    jobs: int | None,
    fmt: str,
    options: LogOptions,
) -> None:
    """The standings of the players in the logs under PATHS (files, folders, globs):
    a table per game of games, wins, mean, median and best score and mean rank, and
    where a seat is a faction each faction's (or player's) mean points by source.

    A game's logs set up in ways that change how it scores get a table for each
    setup, headed by what sets it apart (`gamelog games` says what splits each
    game's standings; the other games get one table each).

    \b
    Only finished, legal logs count; the others are listed apart with their status.
    Names are matched without regard to case. A shared first place counts as a share
    of a win (half a win each for two). The default order is wins, then mean rank
    (lower first), then mean score; ties share a place.

    \b
    Example:
      gamelog standings season/ --order wins,mean --format html -o season.html
    \b
    Exit codes: 0 the standings were made (the files that did not count, an
    illegal or unfinished log, say, are listed apart under "not counted"), 1
    no file counted, 2 usage error. `gamelog audit` exits 1 for any problem.
    """
    try:
        keys = order_keys(order)
    except ValueError as problem:
        fail_usage(str(problem))
    targets, missing = expand(paths)
    if not targets or len(missing) == len(targets):
        fail_usage(f"no log files found under {', '.join(paths)}")
    by = by.lower()
    forced = games.find_meta(options.game) if options.game is not None else None
    if by == "faction" and forced is not None and not forced.factions:
        fail_usage(
            f"--by faction is for games whose players are factions ({', '.join(_faction_games())})"
        )
    out = Output(
        options.output, settings().colour, inputs=[t.path for t in targets], paged=fmt == "table"
    )
    season = Season(by=by, order=keys)
    try:  # each record folded in as it finishes, and not kept (bounded memory)
        run_audit(
            targets,
            game=options.game,
            jobs=jobs or os.cpu_count() or 1,
            timeout=options.timeout,
            max_bytes=options.max_bytes,
            shape=entry,
            keep=False,
            on_done_at=season.add,
        )
    except Interrupted as stop:
        click.echo("gamelog: stopped before the standings were complete", err=True)
        sys.exit(128 + stop.signum)
    result = season.standings()
    with out:
        _print(out, fmt, result)
    sys.exit(EXIT_OK if result.tables else EXIT_PROBLEM)


def _faction_games() -> list[str]:
    """The games whose seats are factions (their meta says; no engine imported)."""
    return [meta.name for meta in games.all_meta() if meta.factions]


def _print(out: Output, fmt: str, result: Standings) -> None:
    if fmt == "json":  # a piece at a time: never the season's whole text (json_pieces)
        out.echo_pieces(json_pieces(result))
    elif fmt == "csv":
        out.echo(_csv(result), nl=False)
    elif fmt == "html":
        from gamelog.core.pages import standings_report

        out.echo(standings_report(result), nl=False)
    else:
        out.echo(_text(result, markdown=fmt == "markdown", width=out.width))


def _rows(table: Table) -> list[list[str]]:
    return [
        [
            str(e.place),
            e.name,
            str(e.games),
            _n(e.wins),
            _n(e.mean),
            _n(e.median),
            _n(e.best),
            _n(e.mean_rank),
        ]
        for e in table.entrants
    ]


def _n(value: float) -> str:
    return render.number(round(value, 2))


def _title(table: Table) -> str:
    meta = games.find_meta(table.game)
    title = meta.title if meta is not None else table.game
    split = "".join(f", {k} {v}" for k, v in table.setup.items())
    count = f"{table.games} game" + ("" if table.games == 1 else "s")
    return f"{title} standings{split}: {count} (by {table.by}; order: {', '.join(table.order)})"


def _text(result: Standings, *, markdown: bool, width: int | None = None) -> str:
    """The tables as text (fitted to ``width``) or Markdown (whole)."""
    width = None if markdown else width
    blocks = []
    for table in result.tables:
        heading = f"## {_title(table)}" if markdown else wrap_block(_title(table), width)
        if markdown:
            body = render.tabulate(_rows(table), list(COLUMNS), "github")
        else:
            body = render.plain_table(_rows(table), list(COLUMNS), width)
        blocks.append(f"{heading}\n\n{body}")
        sources = _sources(table)
        if sources is not None:
            headers, rows = sources
            caption = "mean points by source"
            body = (
                render.tabulate(rows, headers, "github")
                if markdown
                else render.plain_table(rows, headers, width)
            )
            blocks.append(f"{'### ' if markdown else ''}{caption}\n\n{body}")
    if result.apart:
        rows = [[a["file"], a["game"] or "?", a["status"], a["why"]] for a in result.apart]
        headers = ["file", "game", "status", "why it does not count"]
        body = (
            render.tabulate(rows, headers, "github")
            if markdown
            else render.plain_table(rows, headers, width)
        )
        blocks.append(
            f"{'## ' if markdown else ''}not counted: {counted(len(rows), 'file')}\n\n{body}"
        )
    return "\n\n".join(blocks) if blocks else "no finished game to count"


def _sources(table: Table) -> tuple[list[str], list[list[str]]] | None:
    """For games whose players are factions: each entrant's mean by scoring category."""
    meta = games.find_meta(table.game)
    if meta is None or not meta.factions:
        return None
    categories: list[str] = []
    for entrant in table.entrants:
        categories += [c for c in entrant.mean_by_source() if c not in categories]
    rows = [
        [e.name, *(_n(e.mean_by_source().get(c, 0)) for c in categories)] for e in table.entrants
    ]
    return ["name", *categories], rows


def _csv(result: Standings) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", *COLUMNS])
    for table in result.tables:
        for row in _rows(table):
            writer.writerow([table.game, *row])
    return out.getvalue()
