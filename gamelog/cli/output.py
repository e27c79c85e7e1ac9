"""Where a command's output goes and how it looks: ``-o FILE`` (written whole, never
over an input) or standard output, colour or none, and the exit codes every command
shares.

Colour follows the conventions people know from other tools: ``--color
always|never`` decides; otherwise ``NO_COLOR`` (no-color.org) turns it off,
``FORCE_COLOR`` turns it on, and it is on only on a terminal.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterable
from typing import IO, Any, NoReturn

import click

from gamelog.cli.settings import (  # noqa: F401 (the exit codes are every command's)
    COLOR_CHOICES,
    EXIT_CLOSED_PIPE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_PROBLEM,
    EXIT_TERMINATED,
    EXIT_USAGE,
    ClosedPipe,
)
from gamelog.core.files import (
    LineSink,
    one_of,
    replace_whole,
    replaced_in_place,
    signals_held,
    why_not_writable,
)
from gamelog.core.visible import visible

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


class Output:
    """The destination of one command's result: standard output, or a file (``-o``).

    A file is never half written. Its result is kept until the command has finished,
    then written beside it and renamed over it (``core.files.replace_whole``), so that
    a command that fails, is stopped or crashes leaves the file as it was, and one
    that has nothing to write creates no empty file. An audit's JSON lines
    (``lines=True``) go to the file as each record finishes, a whole line at a time.

    Checked at once, before any work: ``-o`` naming one of the command's inputs (the
    same file, by inode: through a link too) and a path that cannot be written are
    usage errors. Overwriting a previous result is what ``-o`` is for, as in a
    compiler's; ``gamelog new``, which writes a log, refuses without ``--force``.
    """

    def __init__(
        self,
        path: str | None,
        colour: str,
        *,
        inputs: Iterable[str] = (),
        lines: bool = False,
        empty_is_result: bool = False,
    ) -> None:
        self.path = None if path is None or path == "-" else path
        #: Whether a result with nothing in it is still written (``check --quiet``
        #: when every log is legal); else nothing written means no result.
        self.empty_is_result = empty_is_result
        self.written = False
        self.closed = False
        self.kept: io.StringIO | None = None
        self.sink: LineSink | None = None
        self.stream: IO[str]
        if self.path is None:
            self.stream = sys.stdout
        else:
            _refuse_inputs(self.path, inputs)
            problem = why_not_writable(self.path)
            if problem is not None:
                fail_usage(f"cannot write {self.path}: {problem}")
            self.kept = io.StringIO()
            self.stream = self.kept
            if lines:
                self.sink = LineSink(self.path)
        self.coloured = colour_wanted(colour, self.stream)
        self.style = styler(colour, self.stream)

    def __enter__(self) -> Output:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is None:
            self.close()
        else:
            self.discard()

    def echo(self, text: str = "", *, nl: bool = True) -> None:
        self.written = True
        if self.sink is not None:
            piece = io.StringIO()
            click.echo(visible(text), file=piece, nl=nl, color=self.coloured)
            self._to_sink(piece.getvalue())
            return
        try:
            click.echo(visible(text), file=self.stream, nl=nl, color=self.coloured)
        except BrokenPipeError:
            raise ClosedPipe from None
        except OSError as error:
            self._failed(error)

    def record(self, line: str) -> None:
        """One line of a stream of records (an audit's JSON lines), written whole and
        at once: SIGINT and SIGTERM wait until it is out, so that a signal never cuts
        a record in two (a slow reader of a pipe makes that likely otherwise)."""
        if self.sink is not None or self.kept is not None:
            self.echo(line)
            return
        with signals_held():
            self.echo(line)
            self.flush()

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise ClosedPipe from None
        except OSError as error:
            self._failed(error)

    @property
    def is_terminal(self) -> bool:
        return bool(getattr(self.stream, "isatty", lambda: False)())

    def close(self) -> None:
        """The command has finished: its result is written (to a file: whole, in place
        of the old one), unless there is none."""
        if self.closed:
            return
        self.closed = True
        if self.sink is not None:
            try:
                self.sink.close()
            except OSError as error:
                self._failed(error)
        elif self.kept is not None:
            assert self.path is not None
            if self.written or self.empty_is_result:
                try:
                    replace_whole(self.path, self.kept.getvalue().encode("utf-8"))
                except OSError as error:
                    self._failed(error)
        else:
            self.flush()

    def discard(self) -> None:
        """The command stopped before its result was complete: a file is left as it was
        (an audit's JSON lines keep the records already written)."""
        if self.closed:
            return
        self.closed = True
        self.kept = None
        if self.sink is not None:
            with contextlib.suppress(OSError):
                self.sink.close()

    def _to_sink(self, text: str) -> None:
        assert self.sink is not None
        try:
            self.sink.write(text.encode("utf-8"))
        except OSError as error:
            self._failed(error)

    def _failed(self, error: OSError) -> NoReturn:
        where = self.path or "standard output"
        kept = (
            ""
            if self.path is None or replaced_in_place(self.path)
            else " (the records before it are kept)"
            if self.sink is not None
            else f" ({self.path} is as it was)"
        )
        self.closed = True
        click.echo(
            f"gamelog: error: cannot write {where}: {error.strerror or error}{kept}", err=True
        )
        sys.exit(EXIT_PROBLEM)


def _refuse_inputs(path: str, inputs: Iterable[str]) -> None:
    """``-o`` naming a file the command reads would destroy it: a usage error."""
    same = one_of(path, inputs)
    if same is None:
        return
    shown = f"{path} is {same}, one of the files read" if same != path else f"{path} is read"
    fail_usage(f"-o {shown} by this command: writing the result there would destroy it")
