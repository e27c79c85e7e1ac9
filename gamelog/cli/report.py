"""``gamelog report``: one self-contained HTML page of a game."""

from __future__ import annotations

import sys

import click

from gamelog.cli.loading import load, require_files
from gamelog.cli.loading import report as report_problem
from gamelog.cli.options import log_options, output_option
from gamelog.cli.output import EXIT_OK, EXIT_PROBLEM, Output
from gamelog.core.audit import AuditTimeout, deadline
from gamelog.core.pages import game_report

LOG_ARGUMENT = click.Path(dir_okay=False, allow_dash=True)


@click.command()
@click.argument("log", type=LOG_ARGUMENT)
@log_options
@output_option
def report(
    log: str, forced_game: str | None, timeout: float, max_bytes: int, output: str | None
) -> None:
    """Write one self-contained HTML page of LOG, to open from disk or hand on: the
    header, the final sheet with its tie-breaks, the score race, and the board at
    every move (buttons, a slider and the arrow keys step through it), each move's
    text and events, and the first problem at its line with the board before it.

    \b
    The page needs no network; without JavaScript it shows the final position,
    the move list and the sheet.

    \b
    Example:
      gamelog report game.log -o game.html
    \b
    Exit codes: 0, 1 if the log has a problem (the page shows it), 2 usage error.
    """
    require_files([log])
    loaded = load(log, forced_game, max_bytes)
    if loaded.game is None:
        assert loaded.error is not None
        report_problem(loaded.error, loaded.text)
        sys.exit(EXIT_PROBLEM)
    try:
        with deadline(timeout):
            page, rec = game_report(loaded.game, loaded.text, loaded.path)
    except AuditTimeout:
        click.echo(f"{loaded.path}: timeout: stopped after {timeout:g} s (--timeout)", err=True)
        sys.exit(EXIT_PROBLEM)
    out = Output(output, "never")
    out.echo(page, nl=False)
    out.close()
    sys.exit(EXIT_OK if rec["status"] == "ok" else EXIT_PROBLEM)
