"""Reading the logs a command is given, replaying them within their time limit, and
reporting what went wrong, the same way in every command."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import click

from gamelog.cli.output import EXIT_PROBLEM, ClosedPipe, Output, echo_error, fail_usage, styler
from gamelog.cli.shared import settings
from gamelog.core.errors import GamelogError, Stopped
from gamelog.core.game import Game
from gamelog.core.logs import game_for, is_absent, read_log
from gamelog.core.replay import Replay, replay
from gamelog.core.report import format_error
from gamelog.core.timer import AuditTimeout, deadline


@dataclass
class LoadedLog:
    """A log read from disk (or stdin) with the game it is written in, or the reason
    no game can read it (unreadable bytes, no known game)."""

    path: str
    text: str = ""
    game: Game | None = None
    error: GamelogError | None = None


def require_files(paths: Iterable[str]) -> None:
    """A log named on the command line that is not there is a usage error. One that is
    there but cannot be read (a looping link, a file behind a folder that cannot be
    searched) is not: reading it reports why (``core.logs.file_problem``)."""
    missing = [path for path in paths if path != "-" and is_absent(path)]
    if missing:
        fail_usage(f"no such file: {', '.join(missing)}")


def load(path: str, forced_game: str | None, max_bytes: int) -> LoadedLog:
    loaded = LoadedLog("<stdin>" if path == "-" else path)
    try:
        loaded.text = read_log(path, max_bytes)
        loaded.game = game_for(loaded.text, forced_game)
    except GamelogError as error:
        error.path = loaded.path
        loaded.error = error
    return loaded


def load_one(log: str, forced_game: str | None, max_bytes: int) -> LoadedLog:
    """The one LOG of a command, read and its game known. A missing file is a usage
    error; one that cannot be read, or whose game is unknown, is reported and ends the
    command (exit 1)."""
    require_files([log])
    loaded = load(log, forced_game, max_bytes)
    if loaded.game is None:
        assert loaded.error is not None
        report(loaded.error, loaded.text)
        sys.exit(EXIT_PROBLEM)
    return loaded


def replayed(loaded: LoadedLog, timeout: float | None, **options: Any) -> Replay:
    """The replay of a loaded log; running past the time limit is reported and ends the
    command (exit 1)."""
    result = replay_within(loaded, timeout, **options)
    if isinstance(result, GamelogError):
        report(result)
        sys.exit(EXIT_PROBLEM)
    return result


def replay_within(
    loaded: LoadedLog, timeout: float | None, **options: Any
) -> Replay | GamelogError:
    """The replay of a loaded log, or a timeout problem if it takes too long."""
    assert loaded.game is not None
    try:
        with deadline(timeout):
            return replay(loaded.game, loaded.text, loaded.path, **options)
    except AuditTimeout:
        return Stopped(f"stopped after {timeout:g} s (--timeout)", path=loaded.path)


def report(error: GamelogError, text: str = "") -> None:
    """A problem, compiler style, on standard error."""
    colour = settings().colour
    echo_error(format_error(error, text, style=styler(colour, sys.stderr)), colour)


def guarded(path: str, action: Callable[[], int], out: Output | None = None) -> int:
    """Run one log's work; an engine bug becomes a one-line internal error, not a
    traceback (unless --debug). ``out``, when given, is the command's one result,
    which the bug leaves incomplete: it is discarded (``-o FILE`` stays as it was)."""
    try:
        return action()
    except (KeyboardInterrupt, BrokenPipeError, ClosedPipe):
        raise
    except Exception as error:
        if out is not None:
            out.discard()
        if settings().debug:
            import traceback

            traceback.print_exc()
        click.echo(
            f"{path}: internal error: {type(error).__name__}: {error} "
            "(this is a bug in gamelog; --debug shows the traceback)",
            err=True,
        )
        return EXIT_PROBLEM
