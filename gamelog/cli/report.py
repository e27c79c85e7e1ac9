"""``gamelog report``: one self-contained HTML page of a game."""

from __future__ import annotations

import sys

import click

from gamelog.cli.loading import load_one
from gamelog.cli.options import LogOptions, one_log
from gamelog.cli.output import EXIT_OK, EXIT_PROBLEM, Output, fail_usage
from gamelog.core.pages import game_report
from gamelog.core.timer import AuditTimeout, deadline


@click.command()
@one_log
def report(log: str, options: LogOptions) -> None:
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
    Without -o the page goes to standard output when it is a file or a pipe;
    to a terminal it is refused (a usage error), as HTML is no text to read.
    \b
    Exit codes: 0, 1 if the log has a problem (the page shows it), 2 usage error.
    """
    if options.output in (None, "-") and sys.stdout.isatty():
        fail_usage(
            "the report is an HTML page, not written to a terminal: "
            "write it with -o FILE (gamelog report LOG -o game.html), or redirect it"
        )
    loaded = load_one(log, options.game, options.max_bytes)
    assert loaded.game is not None
    out = Output(options.output, "never", inputs=[log])
    try:
        with deadline(options.timeout):
            page, rec = game_report(loaded.game, loaded.text, loaded.path)
    except AuditTimeout:
        click.echo(f"{loaded.path}: timeout: stopped after {options.timeout:g} s", err=True)
        sys.exit(EXIT_PROBLEM)
    with out:
        out.echo(page, nl=False)
    sys.exit(EXIT_OK if rec["status"] == "ok" else EXIT_PROBLEM)
