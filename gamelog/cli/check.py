"""``gamelog check``: is every move legal?"""

from __future__ import annotations

import sys
from functools import partial

import click

from gamelog.cli.loading import LoadedLog, guarded, load, replay_within, report, require_files
from gamelog.cli.options import log_options, output_option
from gamelog.cli.output import EXIT_OK, EXIT_PROBLEM, Output
from gamelog.core.audit import AuditTimeout, deadline
from gamelog.core.errors import GamelogError, NotationError
from gamelog.core.replay import notation_errors

LOG_ARGUMENT = click.Path(dir_okay=False, allow_dash=True)


@click.command()
@click.argument("logs", nargs=-1, required=True, type=LOG_ARGUMENT)
@log_options
@output_option
@click.option("--quiet", "-q", is_flag=True, help="Print problems only.")
@click.option(
    "--max-errors",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    metavar="N",
    help="List at most N lines that do not parse, per log.",
)
def check(
    logs: tuple[str, ...],
    forced_game: str | None,
    timeout: float,
    max_bytes: int,
    output: str | None,
    quiet: bool,
    max_errors: int,
) -> None:
    """Replay each LOG through its game's rules and report its problems.

    \b
    A legal log prints one line on standard output:
      game.log: ok (34 moves)
    A problem is printed on standard error, compiler style:
      game.log:14:9: illegal move: A1 is not adjacent to any tile
       14 | Jun: RK at A1
          |         ^
        rule: a tile is played adjacent to a tile already in the garden
        fact: its neighbours A2, B1, B2 are empty
    The kinds are notation error, setup error, illegal move, unreadable file
    and timeout. Every line that does not parse is listed (up to
    --max-errors); the replay stops at the first illegal move.

    \b
    Example:
      gamelog check game.log other.log
    \b
    Exit codes: 0 every log is legal, 1 some log has a problem, 2 usage error.
    """
    require_files(logs)
    out = Output(output, "never" if output else "auto")
    worst = EXIT_OK
    for path in logs:
        loaded = load(path, forced_game, max_bytes)
        outcome = guarded(loaded.path, partial(_check, loaded, out, quiet, timeout, max_errors))
        worst = max(worst, outcome)
    out.close()
    sys.exit(worst)


def _check(loaded: LoadedLog, out: Output, quiet: bool, timeout: float, max_errors: int) -> int:
    if loaded.error is not None or loaded.game is None:
        assert loaded.error is not None
        report(loaded.error, loaded.text)
        return EXIT_PROBLEM
    result = replay_within(loaded, timeout)
    if isinstance(result, GamelogError):
        report(result)
        return EXIT_PROBLEM
    if result.error is not None:
        problems: list[GamelogError] = [result.error]
        more = ""
        if isinstance(result.error, NotationError):
            problems, more = _every_notation_error(loaded, result.error, timeout, max_errors)
        for problem in problems:
            problem.path = loaded.path
            report(problem, result.text)
        if more:
            click.echo(f"{loaded.path}: {more}", err=True)
        return EXIT_PROBLEM
    if not quiet:
        status = "ok" if result.finished else "ok (the log ends before the game does)"
        out.echo(f"{loaded.path}: {status} ({result.moves_applied} moves)")
    return EXIT_OK


def _every_notation_error(
    loaded: LoadedLog, first: NotationError, timeout: float, limit: int
) -> tuple[list[GamelogError], str]:
    """The lines of a log that do not parse, in order, at most ``limit`` of them, and
    a note when there may be more (the limit, or the time, ran out)."""
    assert loaded.game is not None
    found: dict[int | None, NotationError] = {first.line: first}
    more = ""
    try:
        with deadline(timeout):
            for error in notation_errors(loaded.game, loaded.text):
                found.setdefault(error.line, error)
                if len(found) > limit:
                    more = f"more lines do not parse (--max-errors {limit})"
                    break
    except AuditTimeout:
        more = f"stopped looking for more lines that do not parse after {timeout:g} s"
    ordered = sorted(found.values(), key=lambda e: (e.line or 0, e.column or 0))
    return list(ordered[:limit]), more
