"""``gamelog score``: who won, and how."""

from __future__ import annotations

import sys
from typing import Any

import click

from gamelog.cli import loading
from gamelog.cli.options import LogOptions, format_option, one_log
from gamelog.cli.output import EXIT_OK, EXIT_PROBLEM, Output
from gamelog.core import render
from gamelog.core.errors import GamelogError
from gamelog.core.outcome import failure_record, record, sheet_of
from gamelog.core.replay import Replay
from gamelog.core.scoring import ScoreSheet
from gamelog.core.words import counted


@click.command()
@one_log
@format_option(["table", "json", "csv", "markdown", "svg"], "table")
def score(
    log: str,
    fmt: str,
    options: LogOptions,
) -> None:
    """The end-game score breakdown of LOG: every scoring category per player, the
    ranking with its tie-breaks, and the winner(s).

    \b
    table     categories x players, the ranking, tie-breaks, notes, winner
    markdown  the same as Markdown (tables, then the notes as a list)
    json      the record described in the README (the same as `audit`'s)
    csv       one row per category, one column per player, and a total row
    svg       the score race: each player's points after every move
    A log that stops before the end, or at a problem, is scored provisionally:
    the position before the problem, said once in a warning. A problem is also
    reported on standard error, as `check` does.

    \b
    Example:
      gamelog score game.log --format markdown -o score.md
    \b
    Exit codes: 0 the log is legal, 1 it has a problem, 2 usage error.
    """
    loading.require_files([log])
    with Output(
        options.output, loading.settings().colour, inputs=[log], paged=fmt == "table"
    ) as out:
        loaded = loading.load(log, options.game, options.max_bytes)
        outcome = loading.guarded(
            loaded.path, lambda: _score(loaded, fmt, out, options.timeout), out
        )
    sys.exit(outcome)


def _score(loaded: loading.LoadedLog, fmt: str, out: Output, timeout: float) -> int:
    if loaded.game is None:
        assert loaded.error is not None
        if fmt == "json":
            out.echo(render.to_json(failure_record(loaded.path, loaded.error)))
        loading.report(loaded.error, loaded.text)
        return EXIT_PROBLEM
    race = None
    if fmt == "svg":
        from gamelog.core import charts  # the score race only when it is asked for

        chart = race = charts.Race()
        game = loaded.game
        result = loading.replay_within(
            loaded,
            timeout,
            on_setup=lambda state: chart.add(game.running_scores(state)),
            on_step=lambda step, state: chart.add(game.running_scores(state)),
        )
    else:
        result = loading.replay_within(loaded, timeout)
    if isinstance(result, GamelogError):
        if fmt == "json":
            out.echo(render.to_json(failure_record(loaded.path, result, loaded.game.name)))
        loading.report(result)
        return EXIT_PROBLEM
    sheet = sheet_of(result)
    rec = record(result, sheet)
    if fmt == "json":
        out.echo(render.to_json(rec))
    elif race is not None and race:
        players = (
            result.log.players
            if result.log is not None and result.log.players
            else list(race.final)
        )
        colours = result.game.seat_colours(result.state) if result.state is not None else {}
        out.echo(race.svg(players, label=f"{result.game.title}: score race", colours=colours))
    elif sheet is not None and fmt == "csv":
        out.echo(render.score_csv(sheet), nl=False)
        for warning in rec["warnings"]:
            click.echo(f"warning: {warning}", err=True)
    elif sheet is not None and fmt == "markdown":
        out.echo(render.score_markdown(_heading(result, sheet), sheet, rec))
    elif sheet is not None:
        _print_table(out, result, sheet, rec)
    if result.error is not None:
        loading.report(result.error, result.text)
        return EXIT_PROBLEM
    return EXIT_OK


def _heading(result: Replay, sheet: ScoreSheet) -> str:
    state = "final score" if sheet.finished else "PROVISIONAL score"
    return f"{result.game.title}: {result.path} ({state}, {counted(result.moves_applied, 'move')})"


def _print_table(out: Output, result: Replay, sheet: ScoreSheet, rec: dict[str, Any]) -> None:
    out.prose(_heading(result, sheet), bold=True)
    out.echo()
    out.echo(render.score_table(sheet, width=out.width))
    out.echo()
    out.echo(render.ranking_table(rec, width=out.width))
    lines = render.figure_lines(rec) + render.tiebreak_lines(rec)
    for line in lines + [f"note: {n}" for n in rec["notes"]]:
        out.prose(line)
    if rec["winners"]:
        out.prose(render.winners_line(rec["winners"]), fg="green", bold=True)
    for warning in rec["warnings"]:
        out.prose(f"warning: {warning}", fg="yellow")
