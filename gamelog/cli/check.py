"""``gamelog check``: is every move legal?"""

from __future__ import annotations

import os
import sys
import time
from functools import partial
from typing import Any

import click

from gamelog.cli import loading
from gamelog.cli.options import LogOptions, format_option, log_options
from gamelog.cli.output import EXIT_OK, EXIT_PROBLEM, Output, fail_usage
from gamelog.cli.whatif import what_if
from gamelog.core import render
from gamelog.core.audit import expand, log_suffixes
from gamelog.core.errors import GamelogError, IllegalMove, NotationError
from gamelog.core.legal import SECONDS, suggestions
from gamelog.core.outcome import failure_record, record
from gamelog.core.replay import Replay, notation_errors
from gamelog.core.timer import AuditTimeout, deadline
from gamelog.core.words import counted


@click.command()
@click.argument("logs", nargs=-1, required=True, type=click.Path(allow_dash=True))
@log_options
@format_option(["text", "json"], "text")
@click.option("--quiet", "-q", is_flag=True, help="Print problems only.")
@click.option(
    "--max-errors",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    metavar="N",
    help="List at most N lines that do not parse, per log.",
)
@click.option("--show", is_flag=True, help="Draw the position before the line at fault.")
@click.option(
    "--replace",
    "replacements",
    type=(click.IntRange(min=1), str),
    multiple=True,
    metavar="N LINE",
    help="What if line N read LINE? (repeatable)",
)
@click.option(
    "--delete",
    "deletions",
    type=click.IntRange(min=1),
    multiple=True,
    metavar="N",
    help="What if line N were not there? (repeatable)",
)
def check(
    logs: tuple[str, ...],
    quiet: bool,
    max_errors: int,
    show: bool,
    replacements: tuple[tuple[int, str], ...],
    deletions: tuple[int, ...],
    fmt: str,
    options: LogOptions,
) -> None:
    """Replay each LOG (a file, or a folder: its .log, .txt, .tm and .gamelog files,
    walked as `audit` walks it) through its game's rules and report its problems.

    \b
    A legal log prints one line on standard output (or -o FILE):
      game.log: ok (34 moves)
    A problem is printed on standard error, compiler style:
      game.log:14:9: illegal move: A1 is not adjacent to any tile
       14 | Jun: RK at A1
          |         ^
        rule: a tile is played adjacent to a tile already in the garden
        fact: its neighbours A2, B1, B2 are empty
    The kinds are notation error, setup error, illegal move, unreadable file
    and timeout. Every line that does not parse is listed (up to
    --max-errors); the replay stops at the first illegal move. With --format
    json, standard output is a list of one record per log (the record of
    `score --format json`: status, error with line, column, rule and facts)
    and nothing is printed on standard error.

    With --show, the position before the line at fault is drawn under the
    problem. With --replace N LINE and --delete N (what if?), the log is
    replayed with those lines changed (a deleted line is left blank, so the
    line numbers stay the file's): the new result is printed with each
    player's score against the log as written.

    \b
    Example:
      gamelog check game.log other.log
      gamelog check game.log --replace 14 "Jun: RK at A2" --delete 20
    \b
    Exit codes: 0 every log is legal (with --replace/--delete: the changed log),
    1 some log has a problem, 2 usage error.
    """
    loading.require_files(logs)
    logs = _walked(logs)
    if (replacements or deletions) and len(logs) != 1:
        fail_usage("--replace and --delete change one log; name one")
    both = sorted(set(dict(replacements)) & set(deletions))
    if both:
        fail_usage(
            f"line {both[0]} is both replaced (--replace {both[0]}) and deleted "
            f"(--delete {both[0]}); give one"
        )
    if (replacements or deletions) and fmt == "json":
        fail_usage("--format json reports the logs as written; --replace and --delete print text")
    colour = "never" if options.output else loading.settings().colour
    with Output(options.output, colour, inputs=logs) as out:
        if replacements or deletions:
            loaded = loading.load(logs[0], options.game, options.max_bytes)
            worst = loading.guarded(
                loaded.path,
                partial(what_if, loaded, out, dict(replacements), deletions, options.timeout),
                out,
            )
        elif fmt == "json":
            records: list[dict[str, Any]] = []
            worst = EXIT_OK
            for path in logs:
                loaded = loading.load(path, options.game, options.max_bytes)
                one = partial(_record, loaded, records, options.timeout)
                worst = max(worst, loading.guarded(loaded.path, one))
            out.echo(render.to_json(records))
        else:
            worst = EXIT_OK
            for path in logs:
                loaded = loading.load(path, options.game, options.max_bytes)
                check_one = partial(_check, loaded, out, quiet, options.timeout, max_errors, show)
                worst = max(worst, loading.guarded(loaded.path, check_one))
        out.empty_is_result = worst == EXIT_OK  # every log legal, none listed (--quiet)
    sys.exit(worst)


def _walked(logs: tuple[str, ...]) -> tuple[str, ...]:
    """The logs named, each folder replaced by the log files under it (in the order
    `audit` takes them); a folder with none is a usage error."""
    found: list[str] = []
    for given in logs:
        if given != "-" and os.path.isdir(given):
            targets, _ = expand([given])
            if not targets:
                fail_usage(
                    f"no log files under {given} (looked for {', '.join(log_suffixes())} files)"
                )
            found += [target.path for target in targets]
        else:
            found.append(given)
    return tuple(found)


def _record(loaded: loading.LoadedLog, records: list[dict[str, Any]], timeout: float) -> int:
    """The record of one log for ``--format json``."""
    if loaded.game is None:
        assert loaded.error is not None
        records.append(failure_record(loaded.path, loaded.error))
        return EXIT_PROBLEM
    result = loading.replay_within(loaded, timeout)
    if isinstance(result, GamelogError):
        records.append(failure_record(loaded.path, result, loaded.game.name))
        return EXIT_PROBLEM
    records.append(record(result))
    return EXIT_OK if result.error is None else EXIT_PROBLEM


def _check(
    loaded: loading.LoadedLog, out: Output, quiet: bool, timeout: float, max_errors: int, show: bool
) -> int:
    if loaded.error is not None or loaded.game is None:
        assert loaded.error is not None
        loading.report(loaded.error, loaded.text)
        return EXIT_PROBLEM
    ends = time.monotonic() + timeout  # the replay and what follows it share the time
    result = loading.replay_within(loaded, timeout)
    if isinstance(result, GamelogError):
        loading.report(result)
        return EXIT_PROBLEM
    if result.error is not None:
        problems: list[GamelogError] = [result.error]
        more = ""
        _add_alternatives(loaded, result, ends - time.monotonic())
        if isinstance(result.error, NotationError):
            problems, more = _every_notation_error(
                loaded, result.error, timeout, ends - time.monotonic(), max_errors
            )
        for problem in problems:
            problem.path = loaded.path
            loading.report(problem, result.text)
        if more:
            click.echo(f"{loaded.path}: {more}", err=True)
        if show and result.state is not None:
            line = result.error.line
            click.echo(f"\nthe position before line {line}:\n", err=True)
            click.echo(loaded.game.render_position(result.state), err=True)
        return EXIT_PROBLEM
    if not quiet:
        moves = counted(result.moves_applied, "move")
        status = (
            f"ok ({moves})"
            if result.finished
            else f"ok ({moves}; the log ends before the game does)"
        )
        out.prose(f"{loaded.path}: {status}")
    return EXIT_OK


def _every_notation_error(
    loaded: loading.LoadedLog, first: NotationError, timeout: float, left: float, limit: int
) -> tuple[list[GamelogError], str]:
    """The lines of a log that do not parse, in order, at most ``limit`` of them, and
    a note when there may be more (the limit, or the time left of ``timeout``, ran
    out)."""
    assert loaded.game is not None
    first.__context__ = first.__cause__ = None  # what it holds of the parse is not printed
    found: dict[int | None, NotationError] = {first.line: first.with_traceback(None)}
    more = ""
    try:
        if left <= 0:
            raise AuditTimeout
        with deadline(left):
            for error in notation_errors(loaded.game, loaded.text):
                found.setdefault(error.line, error)
                if len(found) > limit:
                    more = f"more lines do not parse (--max-errors {limit})"
                    break
    except AuditTimeout:
        more = f"stopped looking for more lines that do not parse after {timeout:g} s"
    ordered = sorted(found.values(), key=lambda e: (e.line or 0, e.column or 0))
    return list(ordered[:limit]), more


def _add_alternatives(loaded: loading.LoadedLog, result: Replay, left: float) -> None:
    """An illegal move's report ends with the nearest legal lines, found within the
    time ``left`` of the replay's (and never longer than any report's suggestions);
    without them when that runs out."""
    error = result.error
    if not isinstance(error, IllegalMove) or result.state is None or error.line is None:
        return
    assert loaded.game is not None
    seconds = min(left, SECONDS)
    if seconds <= 0:
        return
    try:
        with deadline(seconds):
            facts = suggestions(
                loaded.game, result.text, error.line, error.column, result.state, seconds=None
            )
    except AuditTimeout:
        return
    error.facts.extend(fact for fact in facts if fact not in error.facts)
