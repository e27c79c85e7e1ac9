"""Where a command's output goes and how it looks: ``-o FILE`` or standard output,
colour or none, and the exit codes every command shares.

Colour follows the conventions people know from other tools: ``--color
always|never`` decides; otherwise ``NO_COLOR`` (no-color.org) turns it off,
``FORCE_COLOR`` turns it on, and it is on only on a terminal.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import IO, Any, NoReturn

import click

from gamelog.core.visible import visible

EXIT_OK = 0
EXIT_PROBLEM = 1
EXIT_USAGE = 2
#: 128 + the signal's number, as shells report a process stopped by it.
EXIT_INTERRUPTED = 130
EXIT_CLOSED_PIPE = 141
EXIT_TERMINATED = 143

COLOR_CHOICES = ("auto", "always", "never")

Styler = Callable[..., str]


def colour_wanted(setting: str, stream: Any) -> bool:
    """Whether to colour what goes to ``stream`` under ``--color setting``."""
    if setting == "always":
        return True
    if setting == "never" or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return bool(getattr(stream, "isatty", lambda: False)())


def styler(setting: str, stream: Any) -> Styler:
    if colour_wanted(setting, stream):
        return click.style
    return lambda text, **_: text


def echo_error(text: str, setting: str) -> None:
    """A line on standard error, coloured as ``--color`` says."""
    click.echo(visible(text), err=True, color=colour_wanted(setting, sys.stderr))


def fail_usage(message: str) -> NoReturn:
    """A usage error: one line on standard error, exit 2 (click's own convention)."""
    click.echo(f"gamelog: error: {message}", err=True)
    sys.exit(EXIT_USAGE)


class ClosedPipe(BaseException):
    """The reader of standard output went away (``| head``). Not an OSError, so that
    no handler on the way (click's own included) mistakes it for a problem."""


class Output:
    """The destination of one command's result: a file (``-o``) or standard output.

    The file is opened at once, so that an unwritable path is a usage error before
    any work is done; it is written as the command goes (an audit's JSON lines
    reach it file by file).
    """

    def __init__(self, path: str | None, colour: str) -> None:
        self.path = path
        self.stream: IO[str]
        if path is None or path == "-":
            self.stream = sys.stdout
            self.owned = False
        else:
            try:
                self.stream = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
            except OSError as error:
                fail_usage(f"cannot write {path}: {error.strerror or error}")
            self.owned = True
        self.coloured = colour_wanted(colour, self.stream)
        self.style = styler(colour, self.stream)

    def echo(self, text: str = "", *, nl: bool = True) -> None:
        try:
            click.echo(visible(text), file=self.stream, nl=nl, color=self.coloured)
        except BrokenPipeError:
            raise ClosedPipe from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise ClosedPipe from None

    @property
    def is_terminal(self) -> bool:
        return bool(getattr(self.stream, "isatty", lambda: False)())

    def close(self) -> None:
        if self.owned:
            self.stream.close()
