"""Where a command's output goes and how it looks: ``-o FILE`` (written whole, never
over an input) or standard output, colour or none, and the exit codes every command
shares.

Colour follows the conventions people know from other tools: ``--color
always|never`` decides; otherwise ``NO_COLOR`` (no-color.org) turns it off,
``FORCE_COLOR`` turns it on, and it is on only on a terminal.

Width and paging follow git's: a table is fitted to ``COLUMNS`` or the terminal
(``--wide``: the whole row; a file or a pipe without ``COLUMNS`` gets whole rows),
and a result longer than the terminal is shown through ``$GAMELOG_PAGER``, else
``$PAGER``, else ``less`` (with ``LESS=FRX`` unless ``LESS`` is set), only when
standard output is a terminal (``--no-pager``: never).
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
    Settings,
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


def _flags() -> Any:
    """The command line's settings (``--wide``, ``--no-pager``), or the defaults
    outside a command."""
    ctx = click.get_current_context(silent=True)
    found = ctx.find_object(Settings) if ctx is not None else None
    return found if found is not None else Settings()


def fitted_width(stream: Any, to_file: bool = False) -> int | None:
    """The width tables and prose are fitted to on ``stream``: ``COLUMNS``, else the
    terminal's; None (whole rows) with ``--wide``, into a file, or into a pipe
    without ``COLUMNS``."""
    if _flags().wide or to_file:
        return None
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if getattr(stream, "isatty", lambda: False)():
        import shutil  # a terminal's own: a pipe or a file does without

        return shutil.get_terminal_size().columns
    return None


def pager_command() -> str | None:
    """The pager to show a long result through (``GAMELOG_PAGER``, ``PAGER``, else
    ``less``), or None where it is set empty or to ``cat``."""
    for name in ("GAMELOG_PAGER", "PAGER"):
        value = os.environ.get(name)
        if value is not None:
            return value if value.strip() not in ("", "cat") else None
    return "less"


def page(text: str) -> bool:
    """Show ``text`` through the pager; False when none could be started (the caller
    prints it)."""
    command = pager_command()
    if command is None:
        return False
    import subprocess  # the pager's own: only a terminal ever gets one

    env = dict(os.environ)
    env.setdefault("LESS", "FRX")
    try:
        subprocess.run(command, shell=True, input=text.encode("utf-8"), env=env, check=False)
    except OSError:
        return False
    return True


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
        paged: bool = False,
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
        #: The width tables and prose are fitted to (None: whole rows).
        self.width = fitted_width(self.stream, to_file=self.path is not None)
        #: A result for the terminal, kept to be shown through the pager if it is
        #: longer than the terminal (``paged``: the commands whose result is read).
        self.terminal: IO[str] | None = None
        if paged and self.path is None and self.is_terminal and not _flags().no_pager:
            self.terminal = self.stream
            self.stream = io.StringIO()

    def __enter__(self) -> Output:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is None:
            self.close()
        else:
            self.discard()

    def echo_pieces(self, pieces: Iterable[str], batch: int = 65_536) -> None:
        """Text made a piece at a time (a season's JSON, an audit's spilled records),
        written some ``batch`` characters at a time and ended by a newline: never the
        whole text at once, which is some 60 MB for 100,000 logs."""
        held: list[str] = []
        size = 0
        for piece in pieces:
            held.append(piece)
            size += len(piece)
            if size >= batch:
                self.echo("".join(held), nl=False)
                held.clear()
                size = 0
        self.echo("".join(held))

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
        if getattr(self, "terminal", None) is not None:
            return True
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
        elif self.terminal is not None:
            self._to_terminal()
        else:
            self.flush()

    def _to_terminal(self) -> None:
        """The kept result on the terminal: through the pager when it is longer than
        the terminal's height."""
        assert self.terminal is not None and isinstance(self.stream, io.StringIO)
        text = self.stream.getvalue()
        self.stream, terminal = self.terminal, self.terminal
        self.terminal = None
        import shutil

        if text.count("\n") >= shutil.get_terminal_size().lines and page(text):
            return
        try:
            terminal.write(text)
            terminal.flush()
        except BrokenPipeError:
            raise ClosedPipe from None
        except OSError as error:
            self._failed(error)

    def prose(self, text: str = "", *, hang: str | None = None, **style: Any) -> None:
        """Lines of text fitted to the width (each wrapped at spaces, its continuation
        indented two more, or by ``hang``), then styled."""
        from gamelog.core.width import wrap_block

        for line in wrap_block(text, self.width, hang).split("\n"):
            self.echo(self.style(line, **style) if style else line)

    def discard(self) -> None:
        """The command stopped before its result was complete: a file is left as it was
        (an audit's JSON lines keep the records already written)."""
        if self.closed:
            return
        self.closed = True
        self.kept = None
        if self.terminal is not None:  # what was shown so far of a failed command
            with contextlib.suppress(OSError):
                self.terminal.write(self.stream.getvalue())  # type: ignore[attr-defined]
                self.terminal.flush()
            self.stream, self.terminal = self.terminal, None
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
